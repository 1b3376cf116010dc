//! The dagaz compiler: the forms of a game file to [`Rules`], the compiled game.
//!
//! Each piece type's `pre`, `move` and `post` clauses become one command chain for the stack
//! machine; every name is resolved here, once, along Local → State → Players → Global, so the
//! machine never looks a name up. The board's ranges and directions become its topology, and
//! the game's declarations (goals, FEN, evaluation, attributes, turn variables, the royal rule)
//! become data the engine reads.
//!
//! The forms come through `dagaz-syntax`, which lowers them to a typed tree (macros expanded)
//! with every shape error; the compiler records each of its own errors and goes on, so
//! [`compile_all`] gives every error of a file in one pass.
//!
//! This crate is a layer of the engine, not an API boundary: embedders load games through
//! `dagaz-engine`.

#![warn(missing_docs)]

mod board;
mod chain;
mod compile;
mod declarations;
mod error;
mod evaluation;
mod formats;
mod goals;
mod hands;
mod lookup;
mod names;
mod near;
mod placement;
mod rules;
mod turns;
mod view;

pub use compile::{compile, compile_all, load};
pub use error::{CompileError, CompileErrorKind, LoadError};
pub use evaluation::{
    EvalScore, Evaluation, Formation, MaterialSums, Placement, Stage, DEFAULT_MOBILITY,
    DEFAULT_PIECE_VALUE,
};
pub use formats::{Castling, CastlingRooks, FenError, FenSpec, PdnSpec, StandardFen};
pub use goals::{
    EndScore, Goal, GoalCondition, GoalProgram, HistoryGoal, HistoryRule, Material, Outcome,
    PassRule, SideCount,
};
pub use hands::{DemoteFrom, ToHand, UNLIMITED};
pub use names::undeclared;
pub use near::nearest;
pub use placement::{PlaceError, Placer};
pub use rules::{AttackTest, PieceType, Rules, SearchPreference};
pub use turns::{Schedule, ScheduleError, Turn, MAX_TURNS};
pub use view::{BoardStyle, Colours, PieceLook, PieceShape, View};
