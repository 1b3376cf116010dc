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
mod cli;
mod draughts;
mod layering;
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
    let text = std::fs::read_to_string(repo_path(relative)).unwrap();
    dagaz_engine::Game::load(&text).unwrap()
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
