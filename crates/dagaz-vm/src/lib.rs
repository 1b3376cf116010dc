//! The dagaz stack machine: the processor that runs a piece's command chain from one square,
//! with a data stack, choice points (`any`, `end-move`) and an undo trail, and the run-time
//! environments a chain's names were resolved to (locals, the board state, the players, the
//! globals).
//!
//! The machine knows nothing of games, positions or legality. It reads a [`Context`] (the
//! board's topology, the program, the players' answers) and talks to the rest only through the
//! [`Sink`]: completed moves go out, attack tests are asked.
//!
//! This crate is not an API boundary: the engine is its one user, and its items change with
//! the engine's needs. Embedders use `dagaz-engine`.

#![cfg_attr(
    test,
    allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

pub mod env;
mod error;
mod expr;
pub mod fuse;
mod processor;

pub use error::{GenErrorKind, Internal};
pub use processor::{
    eval_invariant, plain_truth, Attack, Completed, Context, Fault, Limits, Processor, Sink,
};
