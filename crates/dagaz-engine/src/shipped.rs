//! The games shipped in `games/`, loaded for the unit tests.

use crate::Game;

/// "Kiwipete" (Peter McKenzie's perft test position), White to move: castling both ways,
/// pins, en-passant chances and promotions a ply or two away.
pub(crate) const KIWIPETE: &str =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The shipped game `file`, its `include`s read from `games/` too.
pub(crate) fn game(file: &str) -> Game {
    let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
    Game::open(&path).unwrap_or_else(|e| panic!("{e}"))
}
