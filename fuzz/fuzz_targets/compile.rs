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
            let mut gen = dagaz_engine::MoveGen::new(common::limits());
            let mut position = game.initial_position();
            let before = position.clone();
            let mut moves = Vec::new();
            let _ = gen.generate(&game, &mut position, &mut moves);
            assert_eq!(position, before, "generation leaves the position as it was");
            for mv in moves.iter().take(8) {
                let undo = position.play(&game, mv);
                let _ = gen.moves(&game, &position);
                position.unplay(mv, undo);
                assert_eq!(position, before);
            }
            if let Some(fen) = game.to_fen(&position) {
                let _ = game.from_fen(&fen);
            }
        }
        Err(_) => assert!(!problems.is_empty(), "check finds the error load finds"),
    }
});
