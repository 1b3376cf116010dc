//! The report of a finished search iteration as UCI writes it, which `bestmove` prints too.

use dagaz_engine::{Game, Move};
use dagaz_search::Info;
use std::fmt::Write as _;

/// A move as one word, for a protocol that separates moves by spaces: the game's notation
/// with any white space removed (simple checkers' `a3 - b4` is `a3-b4`). `match_move` reads it
/// back, since it ignores white space.
pub(crate) fn move_token(game: &Game, mv: &Move) -> String {
    mv.notation(game)
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect()
}

/// An `info` line as UCI writes it, with the principal variation as [`move_token`]s.
pub(crate) fn info_line(game: &Game, info: &Info) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv",
        info.depth,
        info.seldepth,
        info.score,
        info.nodes,
        info.nps(),
        info.elapsed.as_millis()
    );
    for mv in &info.pv {
        let _ = write!(line, " {}", move_token(game, mv));
    }
    line
}
