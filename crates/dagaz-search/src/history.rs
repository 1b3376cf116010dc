//! The positions a game has passed through, for the goals that look at its history: the same
//! position repeated, or too many moves without a capture or a move of certain pieces.

use dagaz_engine::{Game, HistoryGoal, HistoryRule, Move, Position};

/// One entry per position reached, the first being where the game (or the record) started.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// (Zobrist hash, quiet plies before reaching it).
    entries: Vec<(u64, u32)>,
}

impl History {
    /// A history that starts at `position`.
    pub fn new(position: &Position) -> History {
        History::with_quiet(position, 0)
    }

    /// A history that starts at `position`, which was reached after `quiet` quiet plies (the
    /// half-move clock of a FEN).
    pub fn with_quiet(position: &Position, quiet: u32) -> History {
        History {
            entries: vec![(position.zobrist(), quiet)],
        }
    }

    /// Records that `mv` was played and led to `after`.
    pub fn push(&mut self, game: &Game, after: &Position, mv: &Move) {
        let quiet = if resets(game, mv) {
            0
        } else {
            self.quiet().saturating_add(1)
        };
        self.push_hash(after.zobrist(), quiet);
    }

    pub(crate) fn push_hash(&mut self, hash: u64, quiet: u32) {
        self.entries.push((hash, quiet));
    }

    /// Forgets the last position (a move taken back).
    pub fn pop(&mut self) {
        if self.entries.len() > 1 {
            self.entries.pop();
        }
    }

    /// The hash of the current (last recorded) position.
    pub fn last_hash(&self) -> u64 {
        self.entries.last().map_or(0, |e| e.0)
    }

    /// Plies since the last capture or move of a piece the quiet-moves rule names.
    pub fn quiet(&self) -> u32 {
        self.entries.last().map_or(0, |e| e.1)
    }

    /// Positions recorded, the start included.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How often the current position has occurred, this time included.
    pub fn occurrences(&self) -> u32 {
        let Some(&(now, _)) = self.entries.last() else {
            return 0;
        };
        self.entries.iter().filter(|e| e.0 == now).count() as u32
    }

    /// Whether the current position occurred before (a search counts that as a draw: what
    /// the side to move could do there, it can do here).
    pub(crate) fn repeats(&self) -> bool {
        let Some((&(now, quiet), earlier)) = self.entries.split_last() else {
            return false;
        };
        // Positions before the last irreversible move cannot come back; with no quiet-moves
        // rule every move counts as quiet, and the whole record is searched.
        earlier
            .iter()
            .rev()
            .take(quiet as usize)
            .any(|e| e.0 == now)
    }

    /// The history goal that ends the game now, if any.
    pub fn verdict<'g>(&self, game: &'g Game) -> Option<&'g HistoryGoal> {
        game.history_goals().iter().find(|goal| match &goal.rule {
            HistoryRule::Repetition { times } => self.occurrences() >= *times,
            HistoryRule::QuietMoves { plies, .. } => self.quiet() >= *plies,
        })
    }
}

/// Whether a move restarts the quiet count: a capture, or a move of a piece the game's
/// quiet-moves rule names. Without such a rule, captures alone do.
pub(crate) fn resets(game: &Game, mv: &Move) -> bool {
    let rule = game
        .history_goals()
        .iter()
        .map(|g| &g.rule)
        .find(|r| matches!(r, HistoryRule::QuietMoves { .. }));
    match rule {
        Some(rule) => rule.resets_quiet_count(mv.actions()),
        None => HistoryRule::QuietMoves {
            plies: 1,
            resets: Vec::new(),
        }
        .resets_quiet_count(mv.actions()),
    }
}
