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
    shatranj_perft => "shatranj",
    chaturanga_perft => "chaturanga",
    extinction_perft => "extinction",
    minixiangqi_perft => "minixiangqi",
    dobutsu_perft => "dobutsu",
    losers_perft => "losers",
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
