//! Chance (issue #59): a `(chance PLAYER)` player's moves are outcomes drawn by weight.
//! `tests/data/chance/race.game`: a die of faces 1, 2, 2 moves a runner along four squares.

use crate::{load, repo_path, run_dagaz};
use dagaz_engine::{Counting, MoveGen, Perft};
use pretty_assertions::assert_eq;

const RACE: &str = "tests/data/chance/race.game";

fn race() -> String {
    repo_path(RACE).display().to_string()
}

/// The two 2s are one outcome of weight 2; the die moves at a chance node, White at one that
/// is not.
#[test]
fn outcomes_merge_and_carry_their_weights() {
    let game = load(RACE);
    let start = game.initial_position();
    assert!(game.has_chance() && game.is_chance(&start));
    let moves = MoveGen::default().moves(&game, &start).unwrap();
    let found: Vec<(String, u64)> = moves
        .iter()
        .map(|m| (m.notation(&game), m.weight()))
        .collect();
    assert_eq!(
        found,
        [("roll 1".to_string(), 1), ("roll 2".to_string(), 2)]
    );
    let shown: Vec<String> = dagaz_engine::probabilities(&moves)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(shown, ["1/3", "2/3"]);
    let after = crate::play_moves(&game, start, &["roll 2"]);
    assert!(!game.is_chance(&after));
    assert_eq!(crate::sorted_notations(&game, &after), ["a1-c1"]);
}

/// Perft counts every outcome; the expected count weighs each sequence by its rolls: of the
/// four roll pairs only 2-then-2 runs off the track, so depth 4 is 3 and 1/9 + 2/9 + 2/9.
#[test]
fn perft_counts_outcomes_and_expected_weighs_them() {
    let game = load(RACE);
    let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
    let mut start = game.initial_position();
    let counts: Vec<u64> = (1..=5)
        .map(|d| perft.count(&mut start, d).unwrap())
        .collect();
    assert_eq!(counts, [2, 2, 4, 3, 6]);
    let expected = perft.expected(&mut start, 4).unwrap();
    assert!((expected - 5.0 / 9.0).abs() < 1e-12, "{expected}");
    assert_eq!(perft.expected(&mut start, 2).unwrap(), 1.0);
    let (code, out, err) = run_dagaz(&["perft", &race(), "--depth", "4", "--expected"], "");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "0.555556\n", ""));
}

/// `dagaz moves` gives each outcome's probability; a move of a player who chooses has none.
#[test]
fn moves_at_a_chance_node_show_their_probabilities() {
    let (code, out, _) = run_dagaz(&["moves", &race()], "");
    assert_eq!((code, out.as_str()), (0, "roll 1  1/3\nroll 2  2/3\n"));
    let (code, out, _) = run_dagaz(&["moves", &race(), "--moves", "roll 1"], "");
    assert_eq!((code, out.as_str()), (0, "a1-b1\n"));
}

/// `play --seed N` rolls the same game twice; the rolls are written as chance's moves.
#[test]
fn play_rolls_for_chance_and_a_seed_repeats_the_game() {
    let args = [
        "play", RACE, "--human", "none", "--seed", "11", "--depth", "2",
    ];
    let path = race();
    let args: Vec<&str> = args
        .iter()
        .map(|&a| if a == RACE { &path } else { a })
        .collect();
    let (code, first, err) = run_dagaz(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(first.contains("Dice rolls roll "), "{first}");
    let (_, again, _) = run_dagaz(&args, "");
    let moves = |out: &str| out.lines().last().unwrap_or_default().to_string();
    assert_eq!(moves(&first), moves(&again));
    assert!(moves(&first).starts_with("moves: 1. roll "), "{first}");
}

/// Random games through `dagaz match --random` draw chance's moves and end.
#[test]
fn a_match_draws_chance_s_moves() {
    let args = [
        "match",
        &race(),
        "--random",
        "--games",
        "4",
        "--nodes",
        "50",
    ];
    let (code, out, err) = run_dagaz(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty());
}

/// `bestmove` where chance is to move says that nothing is chosen there (exit 2); once the
/// die is thrown, the runner's move is searched.
#[test]
fn bestmove_at_a_chance_node_is_refused() {
    let (code, out, err) = run_dagaz(&["bestmove", &race(), "--depth", "2"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: Dice moves by chance here: its move is drawn, not chosen"),
        "{err}"
    );
    let args = ["bestmove", &race(), "--depth", "2", "--moves", "roll 2"];
    let (code, out, err) = run_dagaz(&args, "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().last(), Some("a1-c1"));
}

const BACKGAMMON: &str = "games/backgammon.game";

/// Backgammon's opening roll has OpenSpiel's 30 outcomes of 1/30 (each player's die, ties
/// thrown again); the higher die starts, Black through `turn-to`; then a roll has 21 outcomes,
/// a double 1/36 and the others 1/18 (two orders merged).
#[test]
fn backgammon_rolls_and_who_starts() {
    let game = load(BACKGAMMON);
    let start = game.initial_position();
    let moves = MoveGen::default().moves(&game, &start).unwrap();
    assert_eq!(moves.len(), 30);
    assert!(moves.iter().all(|m| m.weight() == 1));
    let black = crate::play_moves(&game, start.clone(), &["White 2, Black 5"]);
    assert_eq!(game.player_name(black.to_move()), "Black");
    let white = crate::play_moves(&game, start, &["White 5, Black 2", "13/8 13/11"]);
    assert_eq!(game.player_name(white.to_move()), "Dice");
    let moves = MoveGen::default().moves(&game, &white).unwrap();
    let shown: Vec<String> = dagaz_engine::probabilities(&moves)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(shown.len(), 21);
    assert_eq!(shown.iter().filter(|p| *p == "1/36").count(), 6);
    assert_eq!(shown.iter().filter(|p| *p == "1/18").count(), 15);
}

/// The last checker borne off with a 4 alone, or with the 1 and then the 4, ends alike: one
/// move, which stands although the way with one die came first and weighs less in the
/// invariant of the most dice played (a game OpenSpiel played to here, scripts/
/// backgammon_referee.py). Bearing it off wins a gammon: Black has borne off none.
#[test]
fn backgammon_ways_that_end_alike_are_one_move() {
    let text = std::fs::read_to_string(repo_path("tests/data/chance/backgammon-game.txt")).unwrap();
    let mut played: Vec<&str> = text.lines().collect();
    played.push("roll 4-1");
    let game = load(BACKGAMMON);
    let here = crate::play_moves(&game, game.initial_position(), &played);
    assert_eq!(crate::sorted_notations(&game, &here), ["2/off"]);
    let path = repo_path(BACKGAMMON).display().to_string();
    let mut args = vec!["moves", path.as_str(), "--moves"];
    args.extend(&played);
    args.push("2/off");
    let (code, out, err) = run_dagaz(&args, "");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", "game over — White wins: gammon\n")
    );
}

/// A move that ends the game hands the turn to chance, which then has nothing to throw: the
/// search values the node as the game's end (here a win, taking the king), not as a draw.
#[test]
fn the_search_sees_a_game_won_before_the_throw() {
    let args = [
        "bestmove",
        "dice-chess",
        "--setup",
        "(White (Queen d1) (King e1)) (Black (King d8) (Pawn a7))",
        "--moves",
        "roll queen",
        "--depth",
        "3",
    ];
    let (code, out, err) = run_dagaz(&args, "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("score mate 1"), "{out}");
    assert_eq!(out.lines().last(), Some("d1d8"));
}
