//! The library of games (issue #13): each game's start-position perft against the counts of
//! `tests/data/games-perft.tsv` (the published table, or its referee's own count, named in the
//! row), and each played to its end by the engine. The proof games of the language (tic-tac-toe
//! ... shogi) are in `board_games.rs`; the games here are the rest of the library.

use crate::board_games::{check, play_to_the_end};

/// One perft test per game, so that a failure names the game.
macro_rules! perft {
    ($($test:ident => $game:literal,)*) => {
        $(
            #[test]
            fn $test() {
                check($game);
            }
        )*
        /// Every game of this list, for the test that plays them to the end.
        const GAMES: &[&str] = &[$($game,)*];
    };
}

perft! {
    gardner_perft => "gardner",
    los_alamos_perft => "los-alamos",
    giveaway_perft => "giveaway",
    knightmate_perft => "knightmate",
    horde_perft => "horde",
    go_13x13_perft => "go-13x13",
    go_19x19_perft => "go-19x19",
    gomoku_perft => "gomoku",
    minishogi_perft => "minishogi",
    clobber_perft => "clobber",
    fox_and_hounds_perft => "fox-and-hounds",
    makruk_perft => "makruk",
    lines_of_action_perft => "lines-of-action",
    nine_mens_morris_perft => "nine-mens-morris",
    amazons_perft => "amazons",
    chinese_checkers_perft => "chinese-checkers",
}

/// The deeper counts of `tests/data/games-perft-slow.tsv`, more than a second each.
#[test]
#[ignore = "slow: more than a second per row"]
fn slow_perft() {
    let path = crate::repo_path("tests/data/games-perft-slow.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let parts: Vec<&str> = line.split('\t').collect();
        let (name, depth, count) = (parts[0], parts[1].parse().unwrap(), parts[2]);
        let game = crate::load(&format!("games/{name}.game"));
        let mut position = game.initial_position();
        let mut perft = dagaz_engine::Perft::new(
            &game,
            dagaz_engine::MoveGen::default(),
            dagaz_engine::Counting::Bulk,
        );
        let counted = perft.count(&mut position, depth).unwrap();
        assert_eq!(counted.to_string(), count, "{name} at depth {depth}");
    }
}

/// Horde: Black wins by taking White's last piece; a double step from White's first row is not
/// taken en passant (as Fairy-Stockfish and python-chess have it), one from the second is.
#[test]
fn horde_ends_when_the_horde_is_gone_and_its_long_steps_from_the_first_row_stand() {
    let game = crate::load("games/horde.game");
    let mut gen = dagaz_engine::MoveGen::default();
    let play = |fen: &str, m: &str, gen: &mut dagaz_engine::MoveGen| {
        let mut position = game.from_fen(fen).unwrap();
        let legal = gen.moves(&game, &position).unwrap();
        let mv = dagaz_engine::match_move(&game, &legal, m).unwrap().clone();
        position.play(&game, &mv);
        position
    };
    let gone = play("4k3/8/8/8/8/8/3p4/2P5 b - - 0 1", "d2c1q", &mut gen);
    let ended = gen.ending(&game, &gone).unwrap().unwrap();
    assert_eq!(ended.reason, dagaz_engine::EndReason::Goal(1));
    assert_eq!(game.player_name(ended.player), "Black");
    let moves = |p: &dagaz_engine::Position| crate::sorted_notations(&game, p);
    let from_first = play("4k3/8/8/8/8/3p4/8/2P5 w - - 0 1", "c1c3", &mut gen);
    assert_eq!(
        moves(&from_first),
        ["d3d2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    let from_second = play("4k3/8/8/8/3p4/8/2P5/8 w - - 0 1", "c2c4", &mut gen);
    assert!(moves(&from_second).contains(&"d4c3".to_string()));
}

/// Lines of Action: a stone moves as far as its line holds stones; a capture that joins the
/// enemy's stones loses, unless it joins the mover's too; a board brought back draws.
#[test]
fn lines_of_action_counts_its_lines_joins_its_stones_and_draws_on_a_board_brought_back() {
    let game = crate::load("games/lines-of-action.game");
    let mut gen = dagaz_engine::MoveGen::default();
    let end_after = |setup: &str, m: &str, gen: &mut dagaz_engine::MoveGen| {
        let mut position = game.setup(setup).unwrap();
        let legal = gen.moves(&game, &position).unwrap();
        let mv = dagaz_engine::match_move(&game, &legal, m).unwrap().clone();
        position.play(&game, &mv);
        let ended = gen.ending(&game, &position).unwrap().unwrap();
        (
            game.player_name(ended.player).to_string(),
            ended.outcome,
            ended.reason,
        )
    };
    // The diagonal a4-e8 holds c6 and e8: c6 goes two squares, over nothing, and takes e8.
    let lone = "(Black (Stone c6 a1)) (White (Stone a8 b8 e8)) (turn Black)";
    let moves = crate::sorted_notations(&game, &game.setup(lone).unwrap());
    assert!(moves.contains(&"c6e8".to_string()), "{moves:?}");
    // White's a8 and b8 are left joined, Black's stones are not: Black loses (goal #3).
    use dagaz_engine::{EndReason, Outcome};
    assert_eq!(
        end_after(lone, "c6e8", &mut gen),
        ("Black".to_string(), Some(Outcome::Loss), EndReason::Goal(3))
    );
    // With d8, e8 joins Black's stones too: the mover wins (goal #2).
    let both = "(Black (Stone c6 d8)) (White (Stone a8 b8 e8)) (turn Black)";
    assert_eq!(
        end_after(both, "c6e8", &mut gen),
        ("Black".to_string(), Some(Outcome::Win), EndReason::Goal(2))
    );
    // A stone may not jump an enemy stone: from a1 along the first row (a1, c1, d1: three
    // squares) White's c1 is in the way.
    let blocked = "(Black (Stone a1 d1 h8)) (White (Stone c1 a8)) (turn Black)";
    let moves = crate::sorted_notations(&game, &game.setup(blocked).unwrap());
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("a1") && m.ends_with('1')),
        "{moves:?}"
    );
    // b1b3 a2c2 b3b1 c2a2 brings back the start: a draw.
    let mut position = game.initial_position();
    for m in ["b1b3", "a2c2", "b3b1", "c2a2"] {
        let legal = gen.moves(&game, &position).unwrap();
        let mv = dagaz_engine::match_move(&game, &legal, m).unwrap().clone();
        position.play(&game, &mv);
    }
    let ended = gen.ending(&game, &position).unwrap().unwrap();
    assert_eq!(
        (ended.outcome, ended.reason),
        (Some(Outcome::Draw), EndReason::Repetition)
    );
}

/// Nine men's morris: a placement or a move that completes a mill removes an enemy man in the
/// same move, outside the mills while there is one; men move only once the hand is empty.
#[test]
fn nine_mens_morris_removes_after_a_mill_and_moves_once_the_hand_is_empty() {
    let game = crate::load("games/nine-mens-morris.game");
    let moves = |setup: &str| crate::sorted_notations(&game, &game.setup(setup).unwrap());
    // g1 completes a1-d1-g1; Black's a7-d7-g7 is a mill, so b6 alone may go.
    let mill = moves(
        "(White (Man a1 d1) (hand (Man 7))) (Black (Man a7 d7 g7 b6) (hand (Man 5))) (turn White)",
    );
    assert!(mill.contains(&"g1xb6".to_string()), "{mill:?}");
    assert!(!mill.iter().any(|m| m == "g1" || m == "g1xa7"), "{mill:?}");
    assert!(mill.contains(&"b2".to_string()), "{mill:?}");
    // With every black man in a mill, any may go; White's men on the board do not move while
    // White has men in hand.
    let all = moves(
        "(White (Man a1 d1) (hand (Man 7))) (Black (Man a7 d7 g7) (hand (Man 6))) (turn White)",
    );
    for m in ["g1xa7", "g1xd7", "g1xg7"] {
        assert!(all.contains(&m.to_string()), "{all:?}");
    }
    assert_eq!(all.len(), 21, "{all:?}");
    // Hands empty: a man steps along a line to the next point, never over the centre (c4 to
    // e4 is no step); a4a1 completes a1-d1-g1 and takes a man outside Black's two mills.
    let board =
        "(White (Man a4 c4 d1 g1 g4 b6 d6 f6 c3)) (Black (Man a7 d7 g7 b2 d2 f2 c5 e5 e3)) \
                 (turn White)";
    let steps = moves(board);
    for m in ["a4a1xc5", "a4a1xe3", "a4a1xe5", "c4b4"] {
        assert!(steps.contains(&m.to_string()), "{steps:?}");
    }
    assert_eq!(steps.len(), 13, "{steps:?}");
    assert!(
        !steps
            .iter()
            .any(|m| m.starts_with("c4e4") || m.contains("d4")),
        "{steps:?}"
    );
}

/// Amazons: the amazon's move and the arrow's flight are one move, the arrow may fly back over
/// or onto the square just left, and a player whose amazons cannot move loses.
#[test]
fn amazons_shoots_from_where_it_lands_and_a_boxed_player_loses() {
    let game = crate::load("games/amazons.game");
    let hands = "(White (hand (Arrow unlimited))) (Black (Amazon j10) (hand (Arrow unlimited)))";
    let moves = |setup: &str| {
        crate::sorted_notations(&game, &game.setup(&format!("{setup} {hands}")).unwrap())
    };
    let corner = moves("(White (Amazon a1) (Arrow a2 b2))");
    // Along the first row only (a2 and b2 are arrows): nine landings, each with its flights.
    assert!(corner
        .iter()
        .all(|m| m.starts_with("a1") && m[2..].starts_with(|c| c != 'a')));
    for m in ["a1b1,b1a1", "a1j1,j1a10", "a1c1,c1c10"] {
        assert!(corner.contains(&m.to_string()), "{corner:?}");
    }
    assert!(!corner.contains(&"a1c1,c1a3".to_string()), "{corner:?}");
    let boxed = game
        .setup(&format!("(White (Amazon a1) (Arrow a2 b2 b1)) {hands}"))
        .unwrap();
    let mut gen = dagaz_engine::MoveGen::default();
    let ended = gen.ending(&game, &boxed).unwrap().unwrap();
    assert_eq!(game.player_name(ended.player), "White");
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Loss));
}

/// Chinese checkers: a chain of hops may stop after any hop and never lands where it has been;
/// filling the opposite point wins.
#[test]
fn chinese_checkers_hops_in_chains_and_fills_the_opposite_point() {
    let game = crate::load("games/chinese-checkers.game");
    // m9 hops over l8 to k7, then over l6 to m5; not back over l8 to m9, nor from m5 back to k7.
    let chain = game
        .setup("(North (Marble m9)) (South (Marble l8 l6 m17)) (turn North)")
        .unwrap();
    assert_eq!(
        crate::sorted_notations(&game, &chain),
        ["m9k7", "m9k7m5", "m9k9", "m9l10", "m9n10", "m9n8", "m9o9"]
    );
    let mut home = game
        .setup("(North (Marble i5 l4 n4 p4 k3 m3 o3 l2 n2 m1)) (South (Marble m17)) (turn North)")
        .unwrap();
    let mut gen = dagaz_engine::MoveGen::default();
    let legal = gen.moves(&game, &home).unwrap();
    let mv = dagaz_engine::match_move(&game, &legal, "i5j4")
        .unwrap()
        .clone();
    home.play(&game, &mv);
    let ended = gen.ending(&game, &home).unwrap().unwrap();
    assert_eq!(game.player_name(ended.player), "North");
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Win));
}

/// The games played to their end here besides those of the list above: chess and draughts,
/// whose perft tests are in `chess.rs`, `draughts.rs` and `simple_checkers.rs`.
const ALSO_PLAYED: &[&str] = &[
    "chess",
    "international",
    "brazilian",
    "russian",
    "english",
    "italian",
    "turkish",
    "frisian",
    "simple-checkers",
];

#[test]
fn the_engine_plays_each_library_game_to_its_end() {
    let endings: Vec<(&str, String)> = GAMES
        .iter()
        .chain(ALSO_PLAYED)
        .map(|&name| (name, play_to_the_end(name)))
        .filter(|(_, last)| !last.starts_with("game over"))
        .collect();
    assert_eq!(endings, Vec::<(&str, String)>::new());
}
