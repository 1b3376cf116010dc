//! The Zillions front end on any text (seeded with the project's own ZRF test files, which the
//! fuzzer mutates): the game and its first variant each load or stop with one located error,
//! never a panic; a game that loads generates the moves of its start position within small
//! limits, or stops with an error, and playing and taking back a move restores the position.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut no_include = |name: &str| Err(format!("`{name}`: the fuzz target reads no file"));
    for variant in 0..2 {
        let Ok(game) = dagaz_engine::Game::load_zrf(&text, variant, &mut no_include) else {
            continue;
        };
        common::start_moves_restore(&game);
    }
});
