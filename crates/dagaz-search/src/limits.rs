//! When a search stops: a depth, a node count, a time, or a flag another thread sets.

use std::time::Duration;

/// The limits of one search; with none, it searches until stopped (or to [`MAX_DEPTH`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Iterations of iterative deepening.
    pub depth: Option<u32>,
    /// Nodes (positions searched, quiescence included).
    pub nodes: Option<u64>,
    /// Wall-clock time. The protocols and the command line give at most
    /// [`SearchLimits::MAX_TIME`]; a time so long that the end of it cannot be told (such as
    /// `Duration::MAX`) sets no deadline.
    pub movetime: Option<Duration>,
}

impl SearchLimits {
    /// The longest time a search, a clock or an increment may be given: 366 days. The
    /// protocols and the command line refuse longer times rather than shorten them.
    pub const MAX_TIME: Duration = Duration::from_secs(366 * 24 * 60 * 60);
}

/// The deepest iteration a search runs.
pub const MAX_DEPTH: u32 = 64;

/// A player's clock, as UCI's `go wtime ... winc ... movestogo ...` gives it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock.
    pub remaining: Duration,
    /// Time added after each move.
    pub increment: Duration,
    /// Moves until the next time control, when there is one.
    pub moves_to_go: Option<u32>,
}

impl Clock {
    /// The time to spend on this move: an even share of what is left over the moves to go
    /// (30 when unknown), plus most of the increment, never more than a third of the clock,
    /// and a margin for the protocol's own delays. Never panics, whatever the durations.
    pub fn budget(&self) -> Duration {
        let moves = self.moves_to_go.unwrap_or(30).clamp(1, 50);
        let increment = self
            .increment
            .checked_mul(3)
            .map_or(self.increment / 4 * 3, |d| d / 4);
        let share = (self.remaining / moves).saturating_add(increment);
        let cap = self.remaining / 3;
        share
            .min(cap)
            .saturating_sub(Duration::from_millis(20))
            .max(Duration::from_millis(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_gives_a_share_and_keeps_a_reserve() {
        let clock = Clock {
            remaining: Duration::from_secs(60),
            increment: Duration::from_secs(1),
            moves_to_go: None,
        };
        assert_eq!(clock.budget(), Duration::from_millis(2000 + 750 - 20));
        let last = Clock {
            remaining: Duration::from_millis(300),
            increment: Duration::ZERO,
            moves_to_go: Some(1),
        };
        assert_eq!(last.budget(), Duration::from_millis(80));
        let none = Clock::default();
        assert_eq!(none.budget(), Duration::from_millis(1));
        let huge = Clock {
            remaining: Duration::MAX,
            increment: Duration::MAX,
            moves_to_go: Some(1),
        };
        assert_eq!(huge.budget(), Duration::MAX / 3 - Duration::from_millis(20));
    }
}
