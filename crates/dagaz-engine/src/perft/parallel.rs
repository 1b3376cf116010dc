//! Perft on several threads: the tree below the root is cut into parts (the positions a ply or
//! two below it), and a pool of threads counts the parts, each thread with its own generator
//! and move lists. The counts are exact whatever the number of threads: every part is counted
//! once, and the parts' counts are added up per root move.

use super::{Counting, Perft};
use crate::error::GenError;
use crate::model::Game;
use crate::movegen::{MoveGen, StepLimits};
use crate::moves::Move;
use crate::position::Position;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many parts per thread the tree is cut into, at least, when it is deep enough: enough that
/// a thread which drew small parts takes more while another counts a large one.
const PARTS_PER_THREAD: usize = 8;

/// A part of the tree: the moves from the root to its position, and the root move it lies under.
struct Part {
    root: usize,
    path: Vec<Move>,
}

/// Perft counted on several threads: the game, the generator's limits, what is counted and
/// how many threads count it.
#[derive(Clone, Copy)]
pub struct ParallelPerft<'g> {
    /// The game whose positions are counted.
    pub game: &'g Game,
    /// The limits of every thread's generator.
    pub limits: StepLimits,
    /// Whether the last ply's moves are played or only counted.
    pub counting: Counting,
    /// How many threads count (one where no thread can be started).
    pub threads: usize,
}

impl ParallelPerft<'_> {
    /// [`Perft::divide`] counted on the threads: one `(move, count)` per legal move of
    /// `position`, in generation order, the counts summing to perft at `depth`. Empty at
    /// depth 0.
    ///
    /// `progress(done, total)` is called, from any of the threads, each time one of the
    /// `total` parts is counted. On an error, the error of the first part (in generation
    /// order) that had one is returned.
    pub fn divide(
        &self,
        position: &Position,
        depth: u32,
        progress: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Vec<(Move, u64)>, GenError> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        let Self {
            game,
            limits,
            counting,
            threads,
        } = *self;
        let mut gen = MoveGen::new(limits);
        let roots = gen.moves(game, position)?;
        let parts = split(game, &mut gen, position, &roots, depth, threads)?;
        let done = AtomicUsize::new(0);
        let total = parts.len();
        let count = |perft: &mut Perft<'_>, part: &Part| {
            let mut at = position.clone();
            for mv in &part.path {
                at.play(game, mv);
            }
            let below = depth.saturating_sub(part.path.len() as u32);
            let n = perft.count(&mut at, below);
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
            n
        };
        let fresh = || Perft::new(game, MoveGen::new(limits), counting);
        let counts: Vec<Result<u64, GenError>> = match rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
        {
            Ok(pool) => pool.install(|| parts.par_iter().map_init(fresh, count).collect()),
            // Where no thread can be started, the parts are counted here, one after another.
            Err(_) => {
                let mut perft = fresh();
                parts.iter().map(|part| count(&mut perft, part)).collect()
            }
        };
        let mut rows: Vec<(Move, u64)> = roots.into_iter().map(|mv| (mv, 0)).collect();
        for (part, n) in parts.iter().zip(counts) {
            if let Some(row) = rows.get_mut(part.root) {
                row.1 += n?;
            }
        }
        Ok(rows)
    }

    /// [`Perft::count`] on the threads: the sum of [`ParallelPerft::divide`]'s counts (1 at
    /// depth 0).
    pub fn count(&self, position: &Position, depth: u32) -> Result<u64, GenError> {
        if depth == 0 {
            return Ok(1);
        }
        let rows = self.divide(position, depth, &|_, _| {})?;
        Ok(rows.iter().map(|(_, n)| n).sum())
    }
}

/// Cuts the tree below `position` into parts: one per root move, then, while there are fewer
/// than [`PARTS_PER_THREAD`] per thread and at least two plies are left below the parts, each
/// part into one per move of its position. A position without moves drops out: it has no
/// leaves at the depth asked.
fn split(
    game: &Game,
    gen: &mut MoveGen,
    position: &Position,
    roots: &[Move],
    depth: u32,
    threads: usize,
) -> Result<Vec<Part>, GenError> {
    let mut parts: Vec<Part> = roots
        .iter()
        .enumerate()
        .map(|(root, mv)| Part {
            root,
            path: vec![mv.clone()],
        })
        .collect();
    let mut plies = 1u32;
    let wanted = threads.saturating_mul(PARTS_PER_THREAD);
    while parts.len() < wanted && plies + 2 <= depth {
        let mut finer = Vec::with_capacity(parts.len() * 8);
        for part in parts {
            let mut at = position.clone();
            for mv in &part.path {
                at.play(game, mv);
            }
            for mv in gen.moves(game, &at)? {
                let mut path = part.path.clone();
                path.push(mv);
                finer.push(Part {
                    root: part.root,
                    path,
                });
            }
        }
        parts = finer;
        plies += 1;
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::shipped::game;

    fn on(
        game: &Game,
        limits: StepLimits,
        counting: Counting,
        threads: usize,
    ) -> ParallelPerft<'_> {
        ParallelPerft {
            game,
            limits,
            counting,
            threads,
        }
    }

    #[test]
    fn every_thread_count_gives_the_single_threaded_counts() {
        let game = game("simple-checkers.game");
        let start = game.initial_position();
        let mut single = Perft::new(&game, MoveGen::default(), Counting::Full);
        let mut position = start.clone();
        let expected = single.divide(&mut position, 5).unwrap();
        for threads in [1, 2, 3, 7] {
            for counting in [Counting::Full, Counting::Bulk] {
                let rows = on(&game, StepLimits::default(), counting, threads)
                    .divide(&start, 5, &|_, _| {})
                    .unwrap();
                assert_eq!(rows, expected, "{threads} threads, {counting:?}");
            }
        }
        let total: u64 = expected.iter().map(|(_, n)| n).sum();
        assert_eq!(
            on(&game, StepLimits::default(), Counting::Bulk, 2)
                .count(&start, 5)
                .unwrap(),
            total
        );
    }

    #[test]
    fn shallow_depths_count_as_perft_does() {
        let game = game("simple-checkers.game");
        let start = game.initial_position();
        let limits = StepLimits::default();
        assert_eq!(
            on(&game, limits, Counting::Full, 2)
                .count(&start, 0)
                .unwrap(),
            1
        );
        assert_eq!(
            on(&game, limits, Counting::Full, 2)
                .count(&start, 1)
                .unwrap(),
            9
        );
        assert_eq!(
            on(&game, limits, Counting::Full, 4)
                .count(&start, 3)
                .unwrap(),
            658
        );
    }

    #[test]
    fn progress_counts_every_part_once() {
        let game = game("simple-checkers.game");
        let start = game.initial_position();
        let calls = AtomicUsize::new(0);
        let last = AtomicUsize::new(0);
        on(&game, StepLimits::default(), Counting::Bulk, 2)
            .divide(&start, 4, &|done, total| {
                calls.fetch_add(1, Ordering::Relaxed);
                last.fetch_max(done, Ordering::Relaxed);
                assert!(done <= total);
            })
            .unwrap();
        assert_eq!(calls.load(Ordering::Relaxed), last.load(Ordering::Relaxed));
        assert!(calls.load(Ordering::Relaxed) >= 9);
    }

    #[test]
    fn an_error_in_a_part_is_the_error_of_the_count() {
        let game = game("simple-checkers.game");
        let start = game.initial_position();
        let tight = StepLimits {
            steps: 50,
            ..StepLimits::default()
        };
        let err = on(&game, tight, Counting::Full, 2)
            .count(&start, 4)
            .unwrap_err();
        let mut perft = Perft::new(&game, MoveGen::new(tight), Counting::Full);
        let mut position = start.clone();
        assert_eq!(err, perft.count(&mut position, 4).unwrap_err());
    }
}
