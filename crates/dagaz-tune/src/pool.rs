//! Games shared out among threads: each thread keeps its own engines and takes the next game
//! until all are played or one fails.

use dagaz_engine::{Game, GenError, Position};
use dagaz_search::GameOver;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// How a batch of games is played, by self-play (`play`) and by a match (`duel`) alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// Games to play (in a match, an odd last one plays its opening once).
    pub games: usize,
    /// Random legal moves that open each game (in a match, each pair of games).
    pub random_plies: usize,
    /// Nodes searched for each move after those.
    pub nodes: u64,
    /// A game still going after this many plies ends there: by the score, in a game that
    /// keeps one (Go's area count, as if both players passed), else drawn.
    pub max_plies: usize,
    /// Games played at once.
    pub threads: usize,
    /// The random openings' seed: the same seed plays the same games.
    pub seed: u64,
}

impl Default for Schedule {
    /// Enough self-play for a first fit of piece values.
    fn default() -> Schedule {
        Schedule {
            games: 200,
            random_plies: 8,
            nodes: 2_000,
            max_plies: 300,
            threads: 1,
            seed: 1,
        }
    }
}

/// Plays games `0..games` on `threads` threads: each thread makes its engines with `engines`
/// once, plays each game it takes with `play`, and hands the result to `done`. The first
/// error stops the threads from taking more games and is returned.
pub(crate) fn play_all<E, R>(
    games: usize,
    threads: usize,
    engines: impl Fn() -> E + Sync,
    play: impl Fn(&mut E, usize) -> Result<R, GenError> + Sync,
    done: impl Fn(R) + Sync,
) -> Result<(), GenError> {
    let next = AtomicUsize::new(0);
    let failed: Mutex<Option<GenError>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                let mut mine = engines();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games || lock(&failed).is_some() {
                        break;
                    }
                    match play(&mut mine, i) {
                        Ok(result) => done(result),
                        Err(e) => {
                            lock(&failed).get_or_insert(e);
                            break;
                        }
                    }
                }
            });
        }
    });
    match failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The lock, whether or not a thread panicked holding it: what it guards is whole between
/// updates.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// How a game cut off at the ply limit ends: the higher score wins where the game keeps a
/// score (a Go game that random moves would keep going for hundreds of plies more is decided
/// by its area count then), else it is a draw (`None`).
pub fn cut_off(game: &Game, position: &Position) -> Option<GameOver> {
    game.keeps_score().then(|| {
        let ended = dagaz_engine::by_score(game, position);
        GameOver::from_ending(game, &ended)
    })
}
