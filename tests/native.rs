//! The native back end (issue #15): every shipped game's chains are compiled into
//! `dagaz-native`, and the compiled code generates exactly the interpreter's moves, counts and
//! errors.

use crate::{load, repo_path, sorted_notations, Xorshift};
use dagaz_engine::{Action, Counting, Game, MoveGen, Perft, Position, StepLimits};
use proptest::prelude::*;
use std::sync::OnceLock;

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

/// Every shipped game as [`both`] loads it, in the order of [`shipped_games`]; loaded once for
/// all the cases of the property below.
fn all_both() -> &'static [(String, Game, Game)] {
    static LOADED: OnceLock<Vec<(String, Game, Game)>> = OnceLock::new();
    LOADED.get_or_init(|| {
        shipped_games()
            .into_iter()
            .map(|name| {
                let (interpreted, compiled) = both(&name);
                (name, interpreted, compiled)
            })
            .collect()
    })
}

/// At one position, the two generators agree on everything a caller can ask: the legal moves
/// (actions and notation, in generation order), the moves without the royal rule and which of
/// them keep to it, whether the side to move is in check, and how the game ended when no move
/// is left. Answers the legal moves.
fn agree_at(
    name: &str,
    ply: usize,
    interpreted: &Game,
    compiled: &Game,
    position: &Position,
) -> Vec<dagaz_engine::Move> {
    let (mut a, mut b) = (MoveGen::default(), MoveGen::default());
    let expected = a.moves(interpreted, position).unwrap();
    assert_eq!(
        b.moves(compiled, position).unwrap(),
        expected,
        "{name} at ply {ply}: moves"
    );
    let unchecked = |gen: &mut MoveGen, game: &Game| {
        let mut scratch = position.clone();
        let mut out = Vec::new();
        gen.generate_unchecked(game, &mut scratch, &mut out)
            .unwrap();
        let legal: Vec<bool> = out
            .iter()
            .map(|mv| gen.is_legal(game, &mut scratch, mv).unwrap())
            .collect();
        (out, legal)
    };
    let (moves, legal) = unchecked(&mut a, interpreted);
    assert_eq!(
        unchecked(&mut b, compiled),
        (moves.clone(), legal.clone()),
        "{name} at ply {ply}: moves without the royal rule"
    );
    // The moves `is_legal` keeps are the legal moves, in their order.
    let kept: Vec<_> = moves
        .into_iter()
        .zip(legal)
        .filter_map(|(mv, ok)| ok.then_some(mv))
        .collect();
    assert_eq!(
        kept, expected,
        "{name} at ply {ply}: the moves is_legal keeps"
    );
    // What quiescence generates: the captures among the moves without the royal rule, in
    // their order, and how many other moves there are.
    for (gen, game, which) in [
        (&mut a, interpreted, "interpreted"),
        (&mut b, compiled, "compiled"),
    ] {
        let mut scratch = position.clone();
        let mut all = Vec::new();
        gen.generate_unchecked(game, &mut scratch, &mut all)
            .unwrap();
        let mut captures = Vec::new();
        let others = gen
            .generate_captures_unchecked(game, &mut scratch, &mut captures)
            .unwrap();
        let (expected, rest): (Vec<_>, Vec<_>) = all.into_iter().partition(|m| {
            m.actions().iter().any(|a| {
                matches!(
                    a,
                    Action::Capture { .. }
                        | Action::Drop {
                            replaced: Some(_),
                            ..
                        }
                )
            })
        });
        assert_eq!(
            (captures, others),
            (expected, rest.len()),
            "{name} at ply {ply}: the captures, {which}"
        );
    }
    assert_eq!(
        b.in_check(compiled, position).unwrap(),
        a.in_check(interpreted, position).unwrap(),
        "{name} at ply {ply}: in check"
    );
    if expected.is_empty() {
        assert_eq!(
            b.ending_without_moves(compiled, position).unwrap(),
            a.ending_without_moves(interpreted, position).unwrap(),
            "{name} at ply {ply}: the ending"
        );
    }
    expected
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Along a line of random play in a shipped game (`proptest` chooses the game, the seed of
    /// the moves and how many plies), the compiled chains and the interpreter agree at every
    /// position (see [`agree_at`]).
    #[test]
    fn compiled_chains_agree_with_the_interpreter_on_random_lines(g in 0usize..1000, seed: u64, plies in 0usize..80) {
        let games = all_both();
        let (name, interpreted, compiled) = &games[g % games.len()];
        let mut random = Xorshift::new(seed);
        let mut position = interpreted.initial_position();
        for ply in 0..=plies {
            let moves = agree_at(name, ply, interpreted, compiled, &position);
            if moves.is_empty() {
                break;
            }
            let mv = &moves[random.below(moves.len())];
            position.play(interpreted, mv);
        }
    }
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

/// How a generation from `name`'s start ends under each of `limits`, in the interpreter and in
/// compiled code: the number of moves, or the error that stopped it (with the command it
/// stopped at).
fn stops(
    name: &str,
    limits: impl Iterator<Item = StepLimits>,
) -> Vec<(StepLimits, String, String)> {
    let (interpreted, compiled) = both(name);
    let position = interpreted.initial_position();
    limits
        .map(|limits| {
            let run = |game: &Game| match MoveGen::new(limits).moves(game, &position) {
                Ok(moves) => format!("{} moves", moves.len()),
                Err(e) => e.to_string(),
            };
            (limits, run(&interpreted), run(&compiled))
        })
        .collect()
}

/// A generation stopped by the bound on open choice points stops at the same command, with the
/// same error, in compiled code as in the interpreter: compiled code that defers a `Fork`'s
/// choice point (dagaz-codegen's `deferred`) stops where the `Fork` would have opened it.
#[test]
fn compiled_chains_stop_at_the_choice_limit_where_the_interpreter_does() {
    for name in ["chess", "international", "english", "shogi", "fanorona"] {
        let bounds = (0..8).map(|choices| StepLimits {
            choices,
            ..StepLimits::default()
        });
        for (limits, interpreted, compiled) in stops(name, bounds) {
            assert_eq!(
                compiled, interpreted,
                "{name}, {} choice points",
                limits.choices
            );
        }
    }
}

/// A generation stopped by the step limit stops at the same command, with the same error, in
/// compiled code as in the interpreter; so does every limit below the first that lets it finish.
#[test]
fn compiled_chains_stop_at_the_step_limit_where_the_interpreter_does() {
    for name in ["chess", "international", "shogi", "go-9x9", "fanorona"] {
        let budgets = (1..400).step_by(7).map(|steps| StepLimits {
            steps,
            ..StepLimits::default()
        });
        for (limits, interpreted, compiled) in stops(name, budgets) {
            assert_eq!(compiled, interpreted, "{name}, {} steps", limits.steps);
        }
    }
}
