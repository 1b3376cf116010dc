//! The native back end (issue #15): every shipped game's chains are compiled into
//! `dagaz-native`, and the compiled code generates exactly the interpreter's moves, counts and
//! errors.

use crate::{load, repo_path, sorted_notations};
use dagaz_engine::{Counting, Game, Limits, MoveGen, Perft};

/// Every `games/*.game` file, by its name without the extension.
fn shipped_games() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo_path("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The game twice: as loaded (interpreted), and with the compiled chains attached.
fn both(name: &str) -> (Game, Game) {
    let interpreted = load(&format!("games/{name}.game"));
    let mut compiled = interpreted.clone();
    compiled.attach_native(dagaz_native::CHAINS);
    (interpreted, compiled)
}

#[test]
fn every_chain_of_every_shipped_game_is_compiled() {
    for name in shipped_games() {
        let (_, compiled) = both(&name);
        let (native, all) = compiled.native_programs();
        assert_eq!((name.as_str(), native), (name.as_str(), all), "{name}");
    }
}

/// Along a line of play 40 plies deep in each game (each move chosen by a fixed rule), both
/// generators list the same moves (in the order the interpreter lists them, too: notation is
/// compared sorted, the moves' order as generated), and perft from the start counts the same
/// at every depth up to the first with more than 3,000 leaves, every leaf played.
#[test]
fn compiled_chains_generate_the_interpreters_moves_in_every_shipped_game() {
    for name in shipped_games() {
        let (interpreted, compiled) = both(&name);
        let (mut a, mut b) = (MoveGen::default(), MoveGen::default());
        let mut position = interpreted.initial_position();
        for ply in 0..40 {
            let expected = a.moves(&interpreted, &position).unwrap();
            let got = b.moves(&compiled, &position).unwrap();
            let text = |game: &Game, moves: &[dagaz_engine::Move]| -> Vec<String> {
                moves.iter().map(|m| m.notation(game)).collect()
            };
            assert_eq!(
                text(&compiled, &got),
                text(&interpreted, &expected),
                "{name} at ply {ply}"
            );
            if expected.is_empty() {
                break;
            }
            let pick = expected.get((ply * 7 + 3) % expected.len()).unwrap();
            position.play(&interpreted, pick);
        }
        let start = interpreted.initial_position();
        for depth in 1..=6 {
            let count = |game: &Game| {
                let mut position = start.clone();
                Perft::new(game, MoveGen::default(), Counting::Full)
                    .count(&mut position, depth)
                    .unwrap()
            };
            let expected = count(&interpreted);
            assert_eq!(count(&compiled), expected, "{name} perft({depth})");
            if expected > 3_000 {
                break;
            }
        }
        assert_eq!(
            sorted_notations(&compiled, &start),
            sorted_notations(&interpreted, &start)
        );
    }
}

/// A generation stopped by the step limit stops at the same command, with the same error, in
/// compiled code as in the interpreter; so does every limit below the first that lets it finish.
#[test]
fn compiled_chains_stop_at_the_step_limit_where_the_interpreter_does() {
    for name in ["chess", "international", "shogi", "go-9x9", "fanorona"] {
        let (interpreted, compiled) = both(name);
        let position = interpreted.initial_position();
        for steps in (1..400).step_by(7) {
            let limits = Limits {
                steps,
                ..Limits::default()
            };
            let run = |game: &Game| {
                MoveGen::new(limits)
                    .moves(game, &position)
                    .map(|moves| moves.len())
                    .map_err(|e| e.to_string())
            };
            assert_eq!(run(&compiled), run(&interpreted), "{name}, {steps} steps");
        }
    }
}
