//! Integration tests: real `.game` files run through the engine and the `dagaz` command line,
//! checked against exact counts and against an independent hand-written referee.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/reference_checkers.rs"]
mod reference_checkers;

mod bad_input;
mod board_games;
mod chess;
mod classics;
mod cli;
mod draughts;
mod layering;
mod library;
mod play;
mod properties;
mod simple_checkers;

use std::path::PathBuf;

/// A path under the repository root.
pub fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

pub fn load(relative: &str) -> dagaz_engine::Game {
    let path = repo_path(relative);
    let text = std::fs::read_to_string(&path).unwrap();
    let dir = path.parent().unwrap().to_path_buf();
    // Included files are read from the game file's directory, as `dagaz` reads them.
    dagaz_engine::Game::load_with(&text, &mut |name| {
        std::fs::read_to_string(dir.join(name)).map_err(|e| e.to_string())
    })
    .unwrap()
}

/// The legal moves of `position` in the game's notation, sorted.
pub fn sorted_notations(
    game: &dagaz_engine::Game,
    position: &dagaz_engine::Position,
) -> Vec<String> {
    let mut out: Vec<String> = dagaz_engine::MoveGen::default()
        .moves(game, position)
        .unwrap()
        .iter()
        .map(|m| m.notation(game))
        .collect();
    out.sort();
    out
}
