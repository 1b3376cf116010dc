//! The report of a finished search iteration as UCI writes it, which `bestmove` prints too.

use dagaz_engine::Game;
use dagaz_search::Info;
use std::fmt::Write as _;

/// An `info` line as UCI writes it, with the principal variation in the game's notation.
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
        let _ = write!(line, " {}", mv.notation(game));
    }
    line
}
