//! Move generation on positions reached by fuzzer-chosen play in every shipped game: each
//! byte picks a move. At every position: moves generate without error, there are no two equal
//! moves, the notation of every move (of about 64 spread over a long list) finds that move, playing and taking back a move restores the
//! position, and the FEN (when the game has one) reads back.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((&which, picks)) = data.split_first() else {
        return;
    };
    let games = common::games();
    let game = &games[usize::from(which) % games.len()];
    let mut gen = dagaz_engine::MoveGen::default();
    let mut position = game.initial_position();
    for &pick in picks.iter().take(200) {
        let moves = gen.moves(game, &position).expect("a shipped game generates its moves");
        if moves.is_empty() {
            break;
        }
        let distinct: std::collections::HashSet<&dagaz_engine::Move> = moves.iter().collect();
        assert_eq!(distinct.len(), moves.len(), "a duplicate move");
        // Matching a notation scans the list, so matching every move is quadratic: Amazons'
        // 2,000 moves a position made one run take minutes. Every move of a small list, and
        // about 64 spread over a large one (the one played among them), keep the check
        // linear.
        let stride = (moves.len() / 64).max(1);
        let chosen = usize::from(pick) % moves.len();
        for (i, a) in moves.iter().enumerate() {
            if i % stride != 0 && i != chosen {
                continue;
            }
            let found = dagaz_engine::match_move(game, &moves, &a.notation(game)).expect("notation finds the move");
            assert_eq!(found, a);
        }
        let mv = &moves[chosen];
        let before = position.clone();
        let undo = position.play(game, mv);
        let after = position.clone();
        position.unplay(mv, undo);
        assert_eq!(position, before, "unplay restores the position");
        position = after;
        if let Some(fen) = game.to_fen(&position) {
            let back = game.from_fen(&fen).expect("FEN reads back");
            assert_eq!(game.to_fen(&back), Some(fen));
        }
    }
});
