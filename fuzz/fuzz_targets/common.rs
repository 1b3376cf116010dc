#![allow(dead_code)]
//! Shared by the fuzz targets: the shipped games, loaded once.

use std::sync::OnceLock;

pub const GAMES: &[(&str, &str)] = &[
    ("simple-checkers", include_str!("../../games/simple-checkers.game")),
    ("chess", include_str!("../../games/chess.game")),
    ("international", include_str!("../../games/international.game")),
    ("english", include_str!("../../games/english.game")),
    ("russian", include_str!("../../games/russian.game")),
    ("brazilian", include_str!("../../games/brazilian.game")),
    ("italian", include_str!("../../games/italian.game")),
    ("turkish", include_str!("../../games/turkish.game")),
    ("frisian", include_str!("../../games/frisian.game")),
    ("tic-tac-toe", include_str!("../../games/tic-tac-toe.game")),
    ("connect-four", include_str!("../../games/connect-four.game")),
    ("othello", include_str!("../../games/othello.game")),
    ("breakthrough", include_str!("../../games/breakthrough.game")),
    ("hex", include_str!("../../games/hex.game")),
    ("go-9x9", include_str!("../../games/go-9x9.game")),
    ("ataxx", include_str!("../../games/ataxx.game")),
    ("xiangqi", include_str!("../../games/xiangqi.game")),
    ("crazyhouse", include_str!("../../games/crazyhouse.game")),
    ("antichess", include_str!("../../games/antichess.game")),
    ("king-of-the-hill", include_str!("../../games/king-of-the-hill.game")),
    ("three-check", include_str!("../../games/three-check.game")),
    ("atomic", include_str!("../../games/atomic.game")),
    ("shogi", include_str!("../../games/shogi.game")),
    ("gardner", include_str!("../../games/gardner.game")),
    ("los-alamos", include_str!("../../games/los-alamos.game")),
    ("giveaway", include_str!("../../games/giveaway.game")),
    ("knightmate", include_str!("../../games/knightmate.game")),
    ("horde", include_str!("../../games/horde.game")),
    ("minishogi", include_str!("../../games/minishogi.game")),
    ("go-13x13", include_str!("../../games/go-13x13.game")),
    ("go-19x19", include_str!("../../games/go-19x19.game")),
    ("gomoku", include_str!("../../games/gomoku.game")),
    ("clobber", include_str!("../../games/clobber.game")),
    ("fox-and-hounds", include_str!("../../games/fox-and-hounds.game")),
    ("makruk", include_str!("../../games/makruk.game")),
    ("shatranj", include_str!("../../games/shatranj.game")),
    ("chaturanga", include_str!("../../games/chaturanga.game")),
    ("extinction", include_str!("../../games/extinction.game")),
    ("minixiangqi", include_str!("../../games/minixiangqi.game")),
    ("dobutsu", include_str!("../../games/dobutsu.game")),
    ("losers", include_str!("../../games/losers.game")),
    ("alquerque", include_str!("../../games/alquerque.game")),
    ("amazons", include_str!("../../games/amazons.game")),
    ("antidraughts", include_str!("../../games/antidraughts.game")),
    ("brandubh", include_str!("../../games/brandubh.game")),
    ("breakthrough-draughts", include_str!("../../games/breakthrough-draughts.game")),
    ("canadian", include_str!("../../games/canadian.game")),
    ("capablanca", include_str!("../../games/capablanca.game")),
    ("chess960", include_str!("../../games/chess960.game")),
    ("chinese-checkers", include_str!("../../games/chinese-checkers.game")),
    ("czech", include_str!("../../games/czech.game")),
    ("dots-and-boxes", include_str!("../../games/dots-and-boxes.game")),
    ("fanorona", include_str!("../../games/fanorona.game")),
    ("frysk", include_str!("../../games/frysk.game")),
    ("grand", include_str!("../../games/grand.game")),
    ("halma", include_str!("../../games/halma.game")),
    ("havannah-4", include_str!("../../games/havannah-4.game")),
    ("hnefatafl", include_str!("../../games/hnefatafl.game")),
    ("janggi", include_str!("../../games/janggi.game")),
    ("konane", include_str!("../../games/konane.game")),
    ("lines-of-action", include_str!("../../games/lines-of-action.game")),
    ("mancala", include_str!("../../games/mancala.game")),
    ("nine-mens-morris", include_str!("../../games/nine-mens-morris.game")),
    ("oware", include_str!("../../games/oware.game")),
    ("pentago", include_str!("../../games/pentago.game")),
    ("pool", include_str!("../../games/pool.game")),
    ("racing-kings", include_str!("../../games/racing-kings.game")),
    ("seirawan", include_str!("../../games/seirawan.game")),
    ("surakarta", include_str!("../../games/surakarta.game")),
    ("tablut", include_str!("../../games/tablut.game")),
    ("thai", include_str!("../../games/thai.game")),
    ("ultimate-tic-tac-toe", include_str!("../../games/ultimate-tic-tac-toe.game")),
    ("y-5", include_str!("../../games/y-5.game")),
];

/// The text of a shipped game by its file name (`chess.game`), or of a file of the library
/// the games include (`lib/moves.game`), for `include`.
pub fn shipped(file: &str) -> Result<String, String> {
    GAMES
        .iter()
        .find(|(name, _)| format!("{name}.game") == file)
        .map(|(_, text)| text.to_string())
        .or_else(|| {
            library()
                .iter()
                .find(|(name, _)| name == file)
                .map(|(_, text)| text.clone())
        })
        .ok_or_else(|| format!("no shipped game {file}"))
}

/// The library of rules the games include (games/lib/*.game), read once from the source tree
/// at run time, each by the name an include gives it (`lib/moves.game`): whatever the library
/// holds, without a list to keep.
fn library() -> &'static [(String, String)] {
    static LIBRARY: OnceLock<Vec<(String, String)>> = OnceLock::new();
    LIBRARY.get_or_init(|| {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../games/lib");
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        entries
            .filter_map(|entry| {
                let path = entry.ok()?.path();
                let name = path.file_name()?.to_str()?.to_string();
                let text = std::fs::read_to_string(&path).ok()?;
                Some((format!("lib/{name}"), text))
            })
            .collect()
    })
}

pub fn games() -> &'static [dagaz_engine::Game] {
    static LOADED: OnceLock<Vec<dagaz_engine::Game>> = OnceLock::new();
    LOADED.get_or_init(|| {
        GAMES
            .iter()
            .map(|(name, text)| {
                dagaz_engine::Game::load_with(text, &mut shipped)
                    .unwrap_or_else(|e| panic!("{name} does not load: {e}"))
            })
            .collect()
    })
}

/// Small limits, so that a fuzzed rule that runs away costs little.
pub fn limits() -> dagaz_engine::StepLimits {
    dagaz_engine::StepLimits {
        steps: 200_000,
        moves: 2_000,
        choices: 2_000,
        actions: 1_000,
        ..dagaz_engine::StepLimits::default()
    }
}

/// The moves of `game`'s start position within [`limits`] (or an error, which is fine):
/// generating them leaves the position as it was, and playing and taking back each of the
/// first eight restores it.
pub fn start_moves_restore(game: &dagaz_engine::Game) -> dagaz_engine::Position {
    let mut gen = dagaz_engine::MoveGen::new(limits());
    let mut position = game.initial_position();
    let before = position.clone();
    let mut moves = Vec::new();
    let _ = gen.generate(game, &mut position, &mut moves);
    assert_eq!(position, before, "generation leaves the position as it was");
    for mv in moves.iter().take(8) {
        let undo = position.play(game, mv);
        let _ = gen.moves(game, &position);
        position.unplay(mv, undo);
        assert_eq!(position, before);
    }
    position
}
