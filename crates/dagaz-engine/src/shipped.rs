//! The games shipped in `games/`, loaded for the unit tests.

use crate::Game;

/// The shipped game `file`, its `include`s read from `games/` too.
pub(crate) fn game(file: &str) -> Game {
    let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
    Game::open(&path).unwrap_or_else(|e| panic!("{e}"))
}
