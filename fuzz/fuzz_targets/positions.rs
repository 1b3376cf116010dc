//! FEN (standard and PDN), `--setup` and move text on every shipped game: an error or a
//! position, never a panic; a position read from FEN writes a FEN that reads back to the same
//! FEN; its moves generate, and matching a move's text finds a move.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let games = common::games();
    let game = &games[usize::from(which) % games.len()];
    let text = String::from_utf8_lossy(rest);
    let mut gen = dagaz_engine::MoveGen::new(common::limits());
    if let Ok(position) = game.from_fen(&text) {
        if let Some(fen) = game.to_fen(&position) {
            let back = game.from_fen(&fen).expect("a written FEN reads back");
            assert_eq!(game.to_fen(&back), Some(fen));
        }
        if let Ok(moves) = gen.moves(game, &position) {
            let _ = dagaz_engine::match_move(game, &moves, &text);
        }
    }
    if let Ok(position) = game.setup(&text) {
        let _ = gen.moves(game, &position);
    }
    let moves = gen.moves(game, &game.initial_position()).unwrap_or_default();
    let _ = dagaz_engine::match_move(game, &moves, &text);
});
