//! Perft: the number of leaf nodes a fixed number of plies below a position.

use crate::error::GenError;
use crate::model::Game;
use crate::movegen::MoveGen;
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

#[cfg(feature = "parallel")]
mod parallel;
#[cfg(feature = "parallel")]
pub use parallel::ParallelPerft;

/// How the last ply is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    /// Every leaf move is played and taken back.
    Full,
    /// The last ply counts the moves without playing them, and where the game allows without
    /// building them ([`MoveGen::count`]).
    Bulk,
}

/// Perft with reusable buffers: one move list per ply.
pub struct Perft<'g> {
    game: &'g Game,
    gen: MoveGen,
    lists: Vec<Vec<Move>>,
    counting: Counting,
    /// Set from another thread to stop [`Perft::divide_until`].
    stop: Option<Arc<AtomicBool>>,
    /// Whether the counting saw `stop` set (its counts are then partial).
    stopped: bool,
}

impl<'g> Perft<'g> {
    /// Perft over `game`'s positions, generating with `gen` (and so within its limits).
    pub fn new(game: &'g Game, gen: MoveGen, counting: Counting) -> Perft<'g> {
        Perft {
            game,
            gen,
            lists: Vec::new(),
            counting,
            stop: None,
            stopped: false,
        }
    }

    /// The number of move sequences of exactly `depth` plies from `position` (1 at depth 0).
    /// The position is played on and taken back, and is as it was afterwards, also on error.
    pub fn count(&mut self, position: &mut Position, depth: u32) -> Result<u64, GenError> {
        self.count_at(position, depth, 0)
    }

    /// The expected number of move sequences of `depth` plies from `position` when chance
    /// draws its moves: each sequence counts as the product of the probabilities of the
    /// chance moves along it ([`crate::probabilities`]). Without chance it is
    /// [`Perft::count`]. The position is as it was afterwards, also on error.
    pub fn expected(&mut self, position: &mut Position, depth: u32) -> Result<f64, GenError> {
        if depth == 0 {
            return Ok(1.0);
        }
        let mut moves = Vec::new();
        self.gen.generate(self.game, position, &mut moves)?;
        let chance = self.game.is_chance(position);
        let total = crate::chance::total_weight(&moves) as f64;
        let mut sum = 0.0;
        for mv in &moves {
            let undo = position.play(self.game, mv);
            let n = self.expected(position, depth - 1);
            position.unplay(mv, undo);
            let share = if chance {
                mv.weight() as f64 / total
            } else {
                1.0
            };
            sum += share * n?;
        }
        Ok(sum)
    }

    /// The game whose positions this counts.
    pub fn game(&self) -> &'g Game {
        self.game
    }

    /// One `(move, count)` per legal move of `position`, in generation order: the count is
    /// perft of the position after the move at `depth - 1`, so the counts sum to
    /// [`Perft::count`] at `depth`. Empty at depth 0, where there are no root moves.
    pub fn divide(
        &mut self,
        position: &mut Position,
        depth: u32,
    ) -> Result<Vec<(Move, u64)>, GenError> {
        self.divide_with(position, depth, &mut |_, _| {})
    }

    /// [`Perft::divide`], calling `progress(done, total)` after each root move.
    pub fn divide_with(
        &mut self,
        position: &mut Position,
        depth: u32,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Vec<(Move, u64)>, GenError> {
        // At depth 0 the position itself is the one leaf; there are no root moves to list.
        if depth == 0 {
            return Ok(Vec::new());
        }
        let moves = self.gen.moves(self.game, position)?;
        let total = moves.len();
        let mut out = Vec::with_capacity(total);
        for (i, mv) in moves.into_iter().enumerate() {
            let undo = position.play(self.game, &mv);
            let n = self.count_at(position, depth.saturating_sub(1), 1);
            position.unplay(&mv, undo);
            out.push((mv, n?));
            progress(i + 1, total);
        }
        Ok(out)
    }

    /// [`Perft::divide`] that another thread can stop by setting `stop`: `None` when it was
    /// stopped before it finished (within a position's move generation of the flag being
    /// set). The position is as it was afterwards, stopped or not.
    pub fn divide_until(
        &mut self,
        position: &mut Position,
        depth: u32,
        stop: &Arc<AtomicBool>,
    ) -> Result<Option<Vec<(Move, u64)>>, GenError> {
        self.stop = Some(Arc::clone(stop));
        self.stopped = false;
        let rows = self.divide_with(position, depth, &mut |_, _| {});
        let stopped = std::mem::take(&mut self.stopped);
        self.stop = None;
        rows.map(|rows| (!stopped).then_some(rows))
    }

    fn count_at(
        &mut self,
        position: &mut Position,
        depth: u32,
        ply: usize,
    ) -> Result<u64, GenError> {
        if depth == 0 {
            return Ok(1);
        }
        if let Some(stop) = &self.stop {
            if stop.load(Ordering::Relaxed) {
                // The counts from here on are partial: the caller answers `None`.
                self.stopped = true;
                return Ok(0);
            }
        }
        if depth == 1 && self.counting == Counting::Bulk {
            return self.gen.count(self.game, position);
        }
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        let mut moves = self
            .lists
            .get_mut(ply)
            .map(std::mem::take)
            .unwrap_or_default();
        moves.clear();
        let generated = self.gen.generate(self.game, position, &mut moves);
        let result = generated.and_then(|()| {
            let mut total = 0;
            for mv in &moves {
                let undo = position.play(self.game, mv);
                let n = self.count_at(position, depth - 1, ply + 1);
                position.unplay(mv, undo);
                total += n?;
            }
            Ok(total)
        });
        if let Some(list) = self.lists.get_mut(ply) {
            *list = moves;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn checkers() -> crate::Game {
        crate::shipped::game("simple-checkers.game")
    }

    #[test]
    fn divide_at_depth_zero_lists_nothing() {
        let game = checkers();
        let mut position = game.initial_position();
        let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
        assert!(perft.divide(&mut position, 0).unwrap().is_empty());
        assert_eq!(perft.count(&mut position, 0).unwrap(), 1);
        assert_eq!(perft.divide(&mut position, 1).unwrap().len(), 9);
    }

    #[test]
    fn divide_until_answers_none_once_stopped_and_the_counts_otherwise() {
        let game = checkers();
        let mut position = game.initial_position();
        let mut perft = Perft::new(&game, MoveGen::default(), Counting::Bulk);
        let stop = Arc::new(AtomicBool::new(true));
        assert_eq!(perft.divide_until(&mut position, 3, &stop).unwrap(), None);
        assert_eq!(position, game.initial_position());
        stop.store(false, Ordering::Relaxed);
        let rows = perft
            .divide_until(&mut position, 3, &stop)
            .unwrap()
            .unwrap();
        assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 658);
        // A stop does not outlive its call.
        assert_eq!(perft.count(&mut position, 3).unwrap(), 658);
    }
}
