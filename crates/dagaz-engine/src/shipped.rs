//! The games shipped in `games/`, loaded for the unit tests.

use crate::Game;

/// The shipped game `file`, its `include`s read from `games/` too.
pub(crate) fn game(file: &str) -> Game {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
    let read = |name: &str| {
        let path = format!("{dir}/{name}");
        std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))
    };
    let text = read(file).unwrap_or_else(|e| panic!("{e}"));
    Game::load_with(&text, &mut |name| read(name)).unwrap_or_else(|e| panic!("{file}: {e}"))
}
