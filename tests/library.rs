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
