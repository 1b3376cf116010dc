//! Properties that hold for every shipped game, on positions reached by random play
//! (`proptest` chooses the game, the seed of the moves and how many plies to play):
//!
//! - playing a move and taking it back restores the exact position;
//! - perft(2) is the sum of perft(1) over the children;
//! - a move list holds no two moves with the same actions;
//! - every move's notation picks that same move again;
//! - a position written as FEN and read back is the same position (games with a FEN).
//!
//! Playing and taking back a move also restores the Zobrist hash, which a move changes.

use crate::{load, Xorshift};
use dagaz_engine::{match_move, Counting, Game, Move, MoveGen, Perft, Position};
use proptest::prelude::*;
use std::sync::OnceLock;

const GAMES: &[&str] = &[
    "games/simple-checkers.game",
    "tests/fixtures/seed-simple-checkers.game",
    "games/international.game",
    "games/english.game",
    "games/russian.game",
    "games/brazilian.game",
    "games/italian.game",
    "games/turkish.game",
    "games/frisian.game",
    "games/chess.game",
];

fn games() -> &'static [Game] {
    static GAMES_LOADED: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES_LOADED.get_or_init(|| GAMES.iter().map(|g| load(g)).collect())
}

/// The position after `plies` random moves (fewer when the game ends), the moves chosen by a
/// small generator seeded with `seed`.
fn reach(game: &Game, seed: u64, plies: usize) -> Position {
    let mut random = Xorshift::new(seed);
    let mut position = game.initial_position();
    let mut gen = MoveGen::default();
    for _ in 0..plies {
        let moves = gen.moves(game, &position).unwrap();
        if moves.is_empty() {
            break;
        }
        let mv = &moves[random.below(moves.len())];
        position.play(game, mv);
    }
    position
}

fn moves(game: &Game, position: &Position) -> Vec<Move> {
    MoveGen::default().moves(game, position).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn play_then_unplay_restores_the_position(g in 0..GAMES.len(), seed: u64, plies in 0usize..60) {
        let game = &games()[g];
        let mut position = reach(game, seed, plies);
        let before = position.clone();
        let hash = before.zobrist();
        for mv in moves(game, &before) {
            let undo = position.play(game, &mv);
            // A move changes the state (at least the side to move), and so the hash.
            prop_assert_ne!(position.zobrist(), hash, "{} {}", GAMES[g], mv.notation(game));
            position.unplay(&mv, undo);
            prop_assert_eq!(&position, &before, "{} after {}", GAMES[g], mv.notation(game));
            prop_assert_eq!(position.zobrist(), hash, "{} after {}", GAMES[g], mv.notation(game));
        }
    }

    #[test]
    fn perft_2_is_the_sum_of_perft_1_over_the_children(g in 0..GAMES.len(), seed: u64, plies in 0usize..40) {
        let game = &games()[g];
        let mut position = reach(game, seed, plies);
        let mut perft = Perft::new(game, MoveGen::default(), Counting::Full);
        let whole = perft.count(&mut position, 2).unwrap();
        let mut sum = 0;
        for mv in moves(game, &position) {
            let undo = position.play(game, &mv);
            sum += perft.count(&mut position, 1).unwrap();
            position.unplay(&mv, undo);
        }
        prop_assert_eq!(whole, sum);
    }

    #[test]
    fn a_move_list_has_no_duplicates_and_notation_finds_each_move(g in 0..GAMES.len(), seed: u64, plies in 0usize..60) {
        let game = &games()[g];
        let position = reach(game, seed, plies);
        let list = moves(game, &position);
        for (i, a) in list.iter().enumerate() {
            for b in list.iter().skip(i + 1) {
                let mut x = a.actions().to_vec();
                let mut y = b.actions().to_vec();
                x.sort_by_key(|a| format!("{a:?}"));
                y.sort_by_key(|a| format!("{a:?}"));
                // Turkish keeps captures along different paths apart: their notations differ.
                prop_assert!(x != y || a.notation(game) != b.notation(game));
            }
            let found = match_move(game, &list, &a.notation(game));
            prop_assert_eq!(found.ok(), Some(a), "{}: {}", GAMES[g], a.notation(game));
        }
    }

    #[test]
    fn fen_out_then_in_is_the_same_position(g in 0..GAMES.len(), seed: u64, plies in 0usize..60) {
        let game = &games()[g];
        let position = reach(game, seed, plies);
        if let Some(fen) = game.to_fen(&position) {
            let back = game.from_fen(&fen).unwrap();
            // FEN keeps the pieces, the side to move and what the game declares (castling
            // rights, en passant); not the turn count, nor attributes that no right shows (a
            // king that never moved beside rooks that did). So the position read back is the
            // same up to those: the same FEN, pieces and legal moves.
            prop_assert_eq!(game.to_fen(&back), Some(fen.clone()));
            prop_assert_eq!(back.to_move(), position.to_move());
            let placed = |p: &Position| -> Vec<_> {
                p.pieces().map(|(at, piece)| (at, piece.owner, piece.kind)).collect()
            };
            prop_assert_eq!(placed(&position), placed(&back), "{}", fen);
            prop_assert_eq!(
                crate::sorted_notations(game, &position),
                crate::sorted_notations(game, &back),
                "{}", fen
            );
        }
    }
}
