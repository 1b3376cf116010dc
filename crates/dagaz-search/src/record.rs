//! The record of a game: where it started and, for each ply, the move played, the position it
//! led to and that position's hash and quiet-move count. The plies are a persistent vector
//! (`im`, the `imbl` fork), so a copy shares them with the original: handing the record to a
//! search thread costs the same for a game of 200 plies as for one of two, and the copy
//! stays valid while the original goes on.

use crate::history::{self, Mark};
use dagaz_engine::{Game, HistoryGoal, Move, Position};
use std::sync::Arc;

/// One ply of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Ply {
    mv: Move,
    /// The position `mv` led to.
    position: Position,
    mark: Mark,
}

/// A game as played so far: its start, the moves played from it and every position they led
/// to, with what the history goals need — for `(draw (repetition N))` and `(draw (quiet-moves
/// N ...))`, for taking moves back, and for the protocols' `position ... moves ...`.
///
/// Cloning is O(1) (the plies are shared, not copied); [`GameRecord::play`] and
/// [`GameRecord::undo`] are O(1) amortised on a record that is not shared, and copy at most one
/// chunk of plies on one that is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    start: Arc<Position>,
    start_mark: Mark,
    // Each ply behind its own pointer: writing to a shared vector copies the chunk written
    // to, and copying pointers is much cheaper than copying positions and moves.
    plies: im::Vector<Arc<Ply>>,
}

impl GameRecord {
    /// A record that starts at `start`.
    pub fn new(start: Position) -> GameRecord {
        GameRecord::with_quiet(start, 0)
    }

    /// A record that starts at `start`, which was reached after `quiet` quiet plies (the
    /// half-move clock of a FEN).
    pub fn with_quiet(start: Position, quiet: u32) -> GameRecord {
        GameRecord {
            start_mark: Mark {
                hash: start.zobrist(),
                quiet,
            },
            start: Arc::new(start),
            plies: im::Vector::new(),
        }
    }

    /// Plays `mv`, a legal move of the current position.
    pub fn play(&mut self, game: &Game, mv: &Move) {
        let mut position = self.position().clone();
        position.play(game, mv);
        let mark = self.last_mark().after(game, mv, position.zobrist());
        self.plies.push_back(Arc::new(Ply {
            mv: mv.clone(),
            position,
            mark,
        }));
    }

    /// Takes the last move back and answers it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let ply = self.plies.pop_back()?;
        // The ply's own pointer, unless a copy of the record still holds it.
        Some(Arc::try_unwrap(ply).map_or_else(|shared| shared.mv.clone(), |ply| ply.mv))
    }

    /// Keeps the first `plies` moves and forgets the others (sharing what it keeps).
    pub fn truncate(&mut self, plies: usize) {
        self.plies.truncate(plies.min(self.plies.len()));
    }

    /// Where the record starts.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position: the one the last move led to, or the start.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |ply| &ply.position)
    }

    /// The moves played, first to last.
    pub fn moves(&self) -> impl DoubleEndedIterator<Item = &Move> + '_ {
        self.plies.iter().map(|ply| &ply.mv)
    }

    /// Moves played (plies).
    pub fn len(&self) -> usize {
        self.plies.len()
    }

    /// Whether no move has been played: the current position is the start.
    pub fn is_empty(&self) -> bool {
        self.plies.is_empty()
    }

    /// Plies since the last capture or move of a piece the quiet-moves rule names.
    pub fn quiet(&self) -> u32 {
        self.last_mark().quiet
    }

    /// How often the current position has occurred, this time included.
    pub fn occurrences(&self) -> u32 {
        history::occurrences(self.marks().rev())
    }

    /// The history goal that ends the game now, if any.
    pub fn verdict<'g>(&self, game: &'g Game) -> Option<&'g HistoryGoal> {
        history::verdict(game, self.marks().rev(), self.position())
    }

    /// The marks of every position, the start first.
    pub(crate) fn marks(&self) -> impl DoubleEndedIterator<Item = Mark> + Clone + '_ {
        std::iter::once(self.start_mark).chain(self.plies.iter().map(|ply| ply.mark))
    }

    fn last_mark(&self) -> Mark {
        self.plies.last().map_or(self.start_mark, |ply| ply.mark)
    }
}
