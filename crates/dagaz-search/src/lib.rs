//! A search for any dagaz game: iterative deepening negamax with alpha-beta (principal
//! variation search), a transposition table keyed by the engine's Zobrist hash of the whole
//! state, move ordering (the table's move, captures by value, killers, a history of
//! cut-offs), quiescence over captures, mate-distance scores (a quicker mate scores higher),
//! and draws by repetition. It knows nothing of any game: the rules come from the engine's
//! legal moves, the values from the game's `(evaluation ...)` clause, the ends from its goals.
//!
//! The one design decision: the search uses only the engine's public API (generate, play,
//! unplay, hash), so anything the language can express can be played.
//!
//! A search starts from a [`GameRecord`], the game played so far, whose history goals
//! (repetition, quiet moves) it keeps along the line it searches. The record shares its plies
//! between copies, so a front end hands one to a search thread without copying the game.
//!
//! ```
//! use dagaz_search::{GameRecord, SearchLimits, Searcher};
//! let games = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
//! let read = |name: &str| std::fs::read_to_string(format!("{games}/{name}")).map_err(|e| e.to_string());
//! // Chess includes the rules it shares with other games (games/lib/).
//! let game = dagaz_engine::Game::load_with(&read("chess.game").unwrap(), &mut |name| read(name)).unwrap();
//! // White mates in one: Qh5xf7.
//! let position = game.from_fen("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1").unwrap();
//! let mut searcher = Searcher::new(&game, Default::default(), 16);
//! let limits = SearchLimits { depth: Some(2), ..SearchLimits::default() };
//! let found = searcher.search(&GameRecord::new(position), &limits, &mut |_| {}).unwrap();
//! assert_eq!(found.best.unwrap().notation(&game), "h5f7");
//! assert_eq!(found.info.score, dagaz_search::Score::Mate(1));
//! ```

#![warn(missing_docs)]

mod history;
mod limits;
mod mcts;
mod over;
mod record;
mod report;
mod score;
mod search;
mod table;

pub use limits::{Clock, SearchLimits, MAX_DEPTH};
pub use over::{describe, words, GameOver, GAME_OVER};
pub use record::GameRecord;
pub use report::{Found, Info};
pub use score::{Score, INFINITY, MATE, MATE_BOUND};
pub use search::{Algorithm, Searcher};

#[cfg(test)]
mod tests;
