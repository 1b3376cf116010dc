//! What a search reports: each finished iteration ([`Info`]) and its answer ([`Found`]),
//! whichever algorithm searched.

use crate::score::Score;
use dagaz_engine::Move;
use std::time::Duration;

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The nominal depth of the iteration, in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score from the side to move's point of view, as UCI gives it (`cp` or `mate`).
    pub score: Score,
    /// The score as the search computes it (mates near ±[`crate::MATE`]).
    pub value: i32,
    /// Nodes searched so far in this search (all iterations).
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The principal variation: the best move first.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let micros = self.elapsed.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

/// The answer of a search: the move to play (none when the side to move has no legal move)
/// and the last finished iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The last finished iteration.
    pub info: Info,
}
