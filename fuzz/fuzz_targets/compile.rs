//! The compiler and `check` on any text (seeded with the shipped games, which the fuzzer
//! mutates): an error or a game, never a panic; a game that loads generates the moves of its
//! start position within small limits, or stops with an error.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let problems = dagaz_engine::check_with(&text, &mut common::shipped);
    match dagaz_engine::Game::load_with(&text, &mut common::shipped) {
        Ok(game) => {
            assert!(problems.iter().all(|p| p.severity == dagaz_engine::Severity::Warning));
            let position = common::start_moves_restore(&game);
            if let Some(fen) = game.to_fen(&position) {
                let _ = game.from_fen(&fen);
            }
        }
        Err(_) => assert!(!problems.is_empty(), "check finds the error load finds"),
    }
});
