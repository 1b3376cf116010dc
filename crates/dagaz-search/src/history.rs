//! The goals that look at a game's history — the same position repeated, too many moves
//! without a capture or a move of certain pieces — asked of the positions a game has passed
//! through, newest first: of a `GameRecord` between moves, and of the search's [`Path`] (the
//! record, then the line being searched) inside a search.

use dagaz_engine::{Game, HistoryGoal, HistoryRule, Move, Piece, Position};

/// A position as the history goals see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    /// The position's Zobrist hash.
    pub hash: u64,
    /// Plies since the last capture or move of a piece the quiet-moves rule names.
    pub quiet: u32,
}

impl Mark {
    /// The mark of the position `mv` leads to, whose hash is `hash`, from one marked `self`.
    pub(crate) fn after(self, game: &Game, mv: &Move, hash: u64) -> Mark {
        let quiet = if resets(game, mv) {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        Mark { hash, quiet }
    }
}

/// How often the newest position has occurred, this time included.
pub(crate) fn occurrences(mut newest_first: impl Iterator<Item = Mark>) -> u32 {
    let Some(now) = newest_first.next() else {
        return 0;
    };
    1 + newest_first.filter(|m| m.hash == now.hash).count() as u32
}

/// Whether the newest position occurred before (a search counts that as a draw: what the side
/// to move could do there, it can do here).
pub(crate) fn repeats(mut newest_first: impl Iterator<Item = Mark>) -> bool {
    let Some(now) = newest_first.next() else {
        return false;
    };
    // Positions before the last irreversible move cannot come back; with no quiet-moves rule
    // every move counts as quiet, and the whole record is searched.
    newest_first
        .take(now.quiet as usize)
        .any(|m| m.hash == now.hash)
}

/// The history goal that ends the game at the newest position, `position`, if any.
pub(crate) fn verdict<'g, I>(
    game: &'g Game,
    newest_first: I,
    position: &Position,
) -> Option<&'g HistoryGoal>
where
    I: Iterator<Item = Mark> + Clone,
{
    let quiet = newest_first.clone().next().map_or(0, |m| m.quiet);
    // The pieces are counted only when a count with a material condition is reached: rarely.
    let mut pieces: Option<Vec<Piece>> = None;
    game.history_goals().iter().find(|goal| match &goal.rule {
        HistoryRule::Repetition { times } => occurrences(newest_first.clone()) >= *times,
        HistoryRule::QuietMoves {
            plies, material, ..
        } => {
            quiet >= *plies
                && material.as_ref().is_none_or(|m| {
                    m.holds(
                        pieces.get_or_insert_with(|| {
                            position.pieces().map(|(_, piece)| piece).collect()
                        }),
                    )
                })
        }
    })
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
            material: None,
        }
        .resets_quiet_count(mv.actions()),
    }
}

/// The marks of the search's line: the game's record, copied flat when a search starts, then
/// the plies searched, pushed and popped at every node. A `Vec`, not the record's persistent
/// vector: this is the hot path, and a search never shares it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Path {
    /// Oldest first; never empty while a search runs.
    marks: Vec<Mark>,
}

impl Path {
    /// Starts the line at the end of a game record, given by its marks, oldest first.
    pub(crate) fn reset(&mut self, marks: impl Iterator<Item = Mark>) {
        self.marks.clear();
        self.marks.extend(marks);
    }

    pub(crate) fn push(&mut self, mark: Mark) {
        self.marks.push(mark);
    }

    pub(crate) fn pop(&mut self) {
        self.marks.pop();
    }

    /// The mark of the current position.
    pub(crate) fn last(&self) -> Mark {
        self.marks
            .last()
            .copied()
            .unwrap_or(Mark { hash: 0, quiet: 0 })
    }

    pub(crate) fn repeats(&self) -> bool {
        repeats(self.marks.iter().rev().copied())
    }

    /// The history goal that ends the game at the line's newest position, `position`.
    pub(crate) fn verdict<'g>(
        &self,
        game: &'g Game,
        position: &Position,
    ) -> Option<&'g HistoryGoal> {
        verdict(game, self.marks.iter().rev().copied(), position)
    }
}
