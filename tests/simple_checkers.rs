//! Simple checkers (`games/simple-checkers.game`) and the verbatim seed program, against exact
//! expectations and against the independent referee in `support/reference_checkers.rs`.

use crate::reference_checkers::{self as reference, RefMove, RefPosition, Side};
use crate::{load, sorted_notations};
use dagaz_engine::{Action, Counting, Game, Move, MoveGen, Perft, Position};
use pretty_assertions::assert_eq;

const GAME: &str = "games/simple-checkers.game";
const SEED: &str = "tests/fixtures/seed-simple-checkers.game";

fn setup(game: &Game, text: &str) -> Position {
    game.setup(text).unwrap()
}

/// The engine's move in the referee's terms: start, captured squares in order, end.
fn as_reference(game: &Game, mv: &Move) -> RefMove {
    let name = |p| game.board().position_name(p).to_string();
    let mut from = String::new();
    let mut to = String::new();
    let mut captured = Vec::new();
    for action in mv.actions() {
        match *action {
            Action::Take { at, .. } => from = name(at),
            Action::Capture { at, .. } => captured.push(name(at)),
            Action::Drop { at, .. } => to = name(at),
            Action::SetTurn { .. }
            | Action::FromHand { .. }
            | Action::ToHand { .. }
            | Action::Change { .. }
            | Action::Seeds { .. }
            | Action::Weight { .. }
            | Action::TurnTo { .. }
            | Action::AnotherTurn => {}
        }
    }
    // The referee sorts captures by coordinates (file, then rank): the order of the jumps
    // does not make another move.
    captured.sort_by_key(|name| {
        let (file, rank) = name.split_at(1);
        (file.to_string(), rank.parse::<u32>().unwrap_or(0))
    });
    RefMove { from, captured, to }
}

#[test]
fn the_start_position_has_nine_moves() {
    let game = load(GAME);
    assert_eq!(
        sorted_notations(&game, &game.initial_position()),
        vec![
            "a3 - b4", "c3 - b4", "c3 - d4", "e3 - d4", "e3 - f4", "g3 - f4", "g3 - h4", "i3 - h4",
            "i3 - j4"
        ]
    );
}

#[test]
fn black_moves_towards_row_one_with_the_symmetry_and_towards_row_ten_without() {
    let game = load(GAME);
    let black_to_move = setup(&game, "(White (Man a1)) (Black (Man e7)) (turn Black)");
    assert_eq!(
        sorted_notations(&game, &black_to_move),
        vec!["e7 - d6", "e7 - f6"]
    );
    let seed = load(SEED);
    let black_to_move = setup(&seed, "(White (Man a1)) (Black (Man e7)) (turn Black)");
    assert_eq!(
        sorted_notations(&seed, &black_to_move),
        vec!["e7 - d8", "e7 - f8"]
    );
}

#[test]
fn a_man_captures_backwards() {
    let game = load(GAME);
    let position = setup(&game, "(White (Man e5)) (Black (Man d4)) (turn White)");
    assert_eq!(sorted_notations(&game, &position), vec!["e5 - c3"]);
}

#[test]
fn a_chain_of_captures_goes_on_to_its_end() {
    let game = load(GAME);
    let position = setup(
        &game,
        "(White (Man c3)) (Black (Man d4 f6 h4)) (turn White)",
    );
    let moves = MoveGen::default().moves(&game, &position).unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].notation(&game), "c3 - g7");
    assert_eq!(
        as_reference(&game, &moves[0]),
        RefMove {
            from: "c3".into(),
            captured: vec!["d4".into(), "f6".into()],
            to: "g7".into()
        }
    );
}

#[test]
fn majority_keeps_only_the_longest_capture() {
    let game = load(GAME);
    // c3 can take two (d4, f6); j2 can take one (i3); a1 and e1 have quiet moves.
    let position = setup(
        &game,
        "(White (Man c3 j2 a1 e1)) (Black (Man d4 f6 i3 a9)) (turn White)",
    );
    assert_eq!(sorted_notations(&game, &position), vec!["c3 - g7"]);
    // Without the two-piece chain, the one-piece captures win over the quiet moves.
    let position = setup(
        &game,
        "(White (Man c3 j2 a1 e1)) (Black (Man d4 i3 a9)) (turn White)",
    );
    assert_eq!(
        sorted_notations(&game, &position),
        vec!["c3 - e5", "j2 - h4"]
    );
}

#[test]
fn a_capture_may_cross_its_own_start_square() {
    let game = load(GAME);
    // Around e3: a loop of four captures back to c3, clockwise or anticlockwise.
    let position = setup(
        &game,
        "(White (Man c3)) (Black (Man d4 f4 f2 d2)) (turn White)",
    );
    let moves = MoveGen::default().moves(&game, &position).unwrap();
    let mut got: Vec<RefMove> = moves.iter().map(|m| as_reference(&game, m)).collect();
    got.sort();
    let reference =
        RefPosition::from_lists(&["c3"], &["d4", "f4", "f2", "d2"], Side::White, true).unwrap();
    assert_eq!(got, reference.legal_moves());
    assert_eq!(got.len(), 1, "both orders capture the same set: one move");
    assert!(got
        .iter()
        .all(|m| m.from == "c3" && m.to == "c3" && m.captured.len() == 4));
}

#[test]
fn a_blocked_piece_has_no_moves() {
    let game = load(GAME);
    let mut position = setup(&game, "(White (Man a1)) (Black (Man b2 c3)) (turn White)");
    assert_eq!(sorted_notations(&game, &position), Vec::<String>::new());
    let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
    assert_eq!(perft.count(&mut position, 1).unwrap(), 0);
    assert_eq!(perft.count(&mut position, 3).unwrap(), 0);
}

/// perft by the engine, every leaf played.
fn perft(game: &Game, depth: u32, counting: Counting) -> u64 {
    let mut position = game.initial_position();
    Perft::new(game, MoveGen::default(), counting)
        .count(&mut position, depth)
        .unwrap()
}

#[test]
fn perft_from_the_start_matches_the_referee_and_known_values() {
    let game = load(GAME);
    let known = [9, 81, 658, 4265, 27123];
    for (depth, &expected) in (1..=5).zip(&known) {
        assert_eq!(
            perft(&game, depth, Counting::Full),
            expected,
            "depth {depth}"
        );
        assert_eq!(
            perft(&game, depth, Counting::Bulk),
            expected,
            "bulk, depth {depth}"
        );
        assert_eq!(
            reference::perft(&RefPosition::start(true), depth),
            expected,
            "referee, depth {depth}"
        );
    }
}

#[test]
fn the_verbatim_seed_runs_and_matches_the_referee() {
    let seed = load(SEED);
    let known = [9, 81, 810, 7020, 75449];
    for (depth, &expected) in (1..=5).zip(&known) {
        assert_eq!(
            perft(&seed, depth, Counting::Bulk),
            expected,
            "depth {depth}"
        );
        assert_eq!(
            reference::perft(&RefPosition::start(false), depth),
            expected,
            "referee, depth {depth}"
        );
    }
}

#[test]
fn divide_sums_to_perft() {
    let game = load(GAME);
    for depth in 1..=5 {
        let mut position = game.initial_position();
        let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
        let rows = perft.divide(&mut position, depth).unwrap();
        let sum: u64 = rows.iter().map(|(_, n)| n).sum();
        assert_eq!(
            sum,
            perft.count(&mut position, depth).unwrap(),
            "depth {depth}"
        );
        assert_eq!(
            position,
            game.initial_position(),
            "divide and count restore the position"
        );
    }
}

#[test]
fn divide_matches_the_referee_move_by_move() {
    let game = load(GAME);
    let mut position = game.initial_position();
    let rows = Perft::new(&game, MoveGen::default(), Counting::Full)
        .divide(&mut position, 4)
        .unwrap();
    let mut ours: Vec<(RefMove, u64)> = rows
        .iter()
        .map(|(m, n)| (as_reference(&game, m), *n))
        .collect();
    ours.sort();
    let mut theirs = reference::divide(&RefPosition::start(true), 4);
    theirs.sort();
    assert_eq!(ours, theirs);
}

/// A small deterministic generator, so the random games are the same on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random games with the engine and the referee side by side and compares the legal
/// moves (start, captured squares in order, end) in every position reached.
fn random_games(relative: &str, symmetric: bool, games: usize, seed: u64) -> usize {
    let game = load(relative);
    let mut rng = XorShift(seed);
    let mut gen = MoveGen::default();
    let mut compared = 0;
    for _ in 0..games {
        let mut position = game.initial_position();
        let mut reference = RefPosition::start(symmetric);
        for _ in 0..150 {
            let moves = gen.moves(&game, &position).unwrap();
            let mut ours: Vec<(RefMove, usize)> = moves
                .iter()
                .enumerate()
                .map(|(i, m)| (as_reference(&game, m), i))
                .collect();
            ours.sort();
            let theirs = reference.legal_moves();
            let ours_only: Vec<RefMove> = ours.iter().map(|(m, _)| m.clone()).collect();
            assert_eq!(ours_only, theirs, "after {} plies", position.turns_played());
            compared += 1;
            if ours.is_empty() {
                break;
            }
            let (chosen, index) = &ours[rng.below(ours.len())];
            position.play(&game, &moves[*index]);
            reference = reference.play(chosen);
        }
    }
    compared
}

#[test]
fn random_play_agrees_with_the_referee() {
    assert!(random_games(GAME, true, 60, 0x9E37_79B9_7F4A_7C15) > 3000);
}

#[test]
fn random_play_agrees_with_the_referee_on_the_seed() {
    assert!(random_games(SEED, false, 30, 0x2545_F491_4F6C_DD1D) > 1000);
}
