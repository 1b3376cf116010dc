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
mod chance;
mod chess;
mod classics;
mod cli;
mod default_engine;
mod diagnostics;
mod draughts;
mod layering;
mod library;
mod names;
mod native;
mod play;
mod properties;
mod simple_checkers;
mod zrf;

use std::path::PathBuf;

/// A small seeded generator (xorshift) for the random lines of play the properties walk:
/// the same seed gives the same line, whatever the test.
pub struct Xorshift(u64);

impl Xorshift {
    pub fn new(seed: u64) -> Xorshift {
        Xorshift(seed | 1)
    }

    /// An index below `n` (which is not 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Runs the command line in process with `input` as standard input: (exit code, stdout,
/// stderr).
pub fn run_dagaz(args: &[&str], input: &str) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("dagaz").chain(args.iter().copied());
    let code = dagaz_cli::run_with_input(argv, &mut input.as_bytes(), &mut out, &mut err, false);
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap_or_else(|e| panic!("{e}"));
    (code, text(out), text(err))
}

/// A path under the repository root.
pub fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

/// The game file at `relative`, its includes read from its directory, as `dagaz` reads them.
pub fn load(relative: &str) -> dagaz_engine::Game {
    dagaz_engine::Game::open(repo_path(relative)).unwrap_or_else(|e| panic!("{e}"))
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

/// Plays `moves`, each in the game's notation as `dagaz play` accepts it, from `position`, and
/// answers the position after the last; a move that is not legal fails the test, naming it.
pub fn play_moves(
    game: &dagaz_engine::Game,
    mut position: dagaz_engine::Position,
    moves: &[&str],
) -> dagaz_engine::Position {
    for text in moves {
        let mv = find_move(game, &position, text);
        position.play(game, &mv);
    }
    position
}

/// The legal move of `position` that `text` names (`dagaz_engine::match_move`).
pub fn find_move(
    game: &dagaz_engine::Game,
    position: &dagaz_engine::Position,
    text: &str,
) -> dagaz_engine::Move {
    let legal = dagaz_engine::MoveGen::default()
        .moves(game, position)
        .unwrap();
    match dagaz_engine::match_move(game, &legal, text) {
        Ok(mv) => mv.clone(),
        Err(e) => panic!("{text}: {e}"),
    }
}

/// A perft table under `tests/data`: one row per line, tab-separated (a name, a FEN, the
/// counts from depth 1 comma-separated, then anything else), `#` lines and blank lines
/// skipped.
pub fn perft_table(relative: &str) -> Vec<PerftRow> {
    let text = std::fs::read_to_string(repo_path(relative)).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut parts = l.split('\t');
            let name = parts.next().unwrap().to_string();
            let fen = parts.next().unwrap().to_string();
            let counts = parts
                .next()
                .unwrap()
                .split(',')
                .map(|n| n.trim().parse().unwrap())
                .collect();
            PerftRow { name, fen, counts }
        })
        .collect()
}

/// One row of a perft table: what it is called, where it starts, the counts from depth 1.
pub struct PerftRow {
    pub name: String,
    pub fen: String,
    pub counts: Vec<u64>,
}
