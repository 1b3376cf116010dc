//! The lint of a game that may never end: it has neither a repetition rule nor a move limit,
//! and its players can move back and forth (a Tapatan written from the docs shuffles until
//! `--max-plies`). Part of `check`.
//!
//! Whether the players can go back is found by playing: from the start, and from a few
//! positions of one seeded random game, two moves of each side that bring the position back.
//! Bounded: a few hundred move generations at most, whatever the game.

use crate::model::Game;
use crate::movegen::MoveGen;
use crate::moves::Move;
use crate::position::Position;
use dagaz_ir::{Clause, Op};
use dagaz_sexpr::Node;
use dagaz_syntax::Keyword;

/// The first moves of each side tried: enough to find a piece that steps out and back.
const WIDTH: usize = 16;

/// Plies of the random game after which a position is tried too (a game that opens by putting
/// its pieces down moves them only later).
const SAMPLES: &[usize] = &[6, 12, 24];

/// When the game has no rule that ends a shuffle and its players can shuffle: the four moves
/// that bring a position back, in notation, and the word `game` of its game form (where
/// `check` puts its warning).
pub(crate) fn endless(game: &Game, forms: &[Node]) -> Option<(String, dagaz_sexpr::Span)> {
    // With chance, a line that comes back round is chance's doing as much as the players'
    // (two throws of 0 in Ur): the players cannot keep a game going for ever.
    if has_an_end(game) || !has_moves(game) || game.has_chance() {
        return None;
    }
    let cycle = samples(game)
        .iter()
        .find_map(|position| back_and_forth(game, position))?;
    let shown: Vec<String> = cycle.iter().map(|m| m.notation(game)).collect();
    Some((shown.join(" "), game_word(forms)))
}

/// Whether a rule ends a game that goes round: a repetition or quiet-moves rule, superko, or a
/// chain that reads `turn-number` (a goal after so many moves).
fn has_an_end(game: &Game) -> bool {
    let rules = &game.rules;
    let programs = rules
        .pieces
        .iter()
        .flat_map(|ty| std::iter::once(&ty.program).chain(&ty.drops))
        .chain(rules.goal_programs.iter().map(|g| &g.program));
    !rules.history_goals.is_empty()
        || rules.positional_superko
        || rules.superko_draws
        || programs
            .flat_map(|p| &p.ops)
            .any(|op| *op == Op::TurnNumber)
}

/// Whether some piece has a `move` clause: a game of drops only fills its board.
fn has_moves(game: &Game) -> bool {
    game.rules.pieces.iter().any(|ty| {
        ty.program
            .clauses
            .iter()
            .any(|(_, c)| matches!(c, Clause::Move(_)))
    })
}

/// The start, and the positions of one seeded random game at the plies of [`SAMPLES`].
fn samples(game: &Game) -> Vec<Position> {
    let mut out = vec![game.initial_position()];
    let mut position = game.initial_position();
    let mut gen = MoveGen::default();
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for ply in 1..=SAMPLES.last().copied().unwrap_or(0) {
        let Ok(moves) = gen.moves(game, &position) else {
            break;
        };
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        if let Some(mv) = moves.get((seed % moves.len() as u64) as usize) {
            position.play(game, mv);
        }
        if SAMPLES.contains(&ply) {
            out.push(position.clone());
        }
    }
    out
}

/// Four moves, two of each side, that bring `start` back, if the first [`WIDTH`] moves of
/// each side find them: the third move undoes the first on the board, the fourth the second.
fn back_and_forth(game: &Game, start: &Position) -> Option<[Move; 4]> {
    let mut gen = MoveGen::default();
    let target = start.zobrist();
    let first_moves = gen.moves(game, start).ok()?;
    for m1 in first_moves.into_iter().take(WIDTH) {
        let mut p1 = start.clone();
        p1.play(game, &m1);
        let Ok(replies) = gen.moves(game, &p1) else {
            continue;
        };
        for m2 in replies.into_iter().take(WIDTH) {
            let mut p2 = p1.clone();
            p2.play(game, &m2);
            // The board that the first move undone would leave: the start's, with the
            // second move's change.
            let wanted = start.board_key() ^ p1.board_key() ^ p2.board_key();
            for m3 in gen.moves(game, &p2).ok()? {
                let mut p3 = p2.clone();
                p3.play(game, &m3);
                if p3.board_key() != wanted {
                    continue;
                }
                let back = gen.moves(game, &p3).ok()?.into_iter().find(|m4| {
                    let mut p4 = p3.clone();
                    p4.play(game, m4);
                    p4.zobrist() == target
                });
                if let Some(m4) = back {
                    return Some([m1, m2, m3, m4]);
                }
            }
        }
    }
    None
}

/// The word `game` of the game form, where the warning points.
fn game_word(forms: &[Node]) -> dagaz_sexpr::Span {
    forms
        .iter()
        .rev()
        .find(|f| f.head() == Some(Keyword::Game.text()))
        .and_then(|f| f.as_list()?.first())
        .map(|n| n.span)
        .unwrap_or_default()
}
