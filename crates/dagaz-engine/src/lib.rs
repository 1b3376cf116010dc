//! The dagaz engine: a game described in the dagaz language, compiled to command chains for a
//! stack machine whose `any` and `end-move` are choice points, and a move generator that runs
//! those chains from every square and keeps the broken invariants (the majority rule) honest.
//!
//! ```
//! let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/simple-checkers.game")).unwrap();
//! let game = dagaz_engine::Game::load(&text).unwrap();
//! let moves = dagaz_engine::MoveGen::default().moves(&game, &game.initial_position()).unwrap();
//! assert_eq!(moves.len(), 9);
//! assert_eq!(moves[0].notation(&game), "a3 - b4");
//! ```

#![cfg_attr(
    test,
    allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod check;
mod disassembly;
mod error;
mod fault;
mod fen;
mod legality;
mod model;
mod movegen;
mod moves;
mod notation;
mod pdn;
mod perft;
mod position;
mod setup;

pub use check::{check, Problem, Severity};
pub use dagaz_compiler::{
    AttackTest, Castling, Evaluation, FenError, FenSpec, Goal, GoalCondition, HistoryGoal,
    HistoryRule, Outcome, PdnSpec, Score, StandardFen, DEFAULT_MOBILITY, DEFAULT_PIECE_VALUE,
};
pub use dagaz_ir::{
    Action, Board, Clause, Dir, Piece, PieceKind, PlayerId, Pos, Program, StrId, Value, ValueType,
    MAX_TURN_VARIABLES,
};
pub use error::{
    CompileError, CompileErrorKind, GenError, GenErrorKind, Internal, LoadError, SetupError,
    SetupErrorKind,
};
pub use model::Game;
pub use movegen::{Limits, MoveGen};
pub use moves::Move;
pub use notation::{match_move, render_value, MoveMatchError};
pub use perft::{Counting, Perft};
pub use position::{PlayUndo, Position};
