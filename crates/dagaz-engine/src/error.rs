//! Errors of loading a game, reading a setup and generating moves; each points at a span.

pub use dagaz_compiler::{CompileError, CompileErrorKind, LoadError};
use dagaz_ir::Clause;
use dagaz_sexpr::{ReadError, Span};
pub use dagaz_vm::{GenErrorKind, Internal};
use thiserror::Error;

/// Move generation stopped: an error at run time, with the piece, clause and span it happened in.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind} (game {game:?}, piece {piece}, {clause})")]
pub struct GenError {
    pub kind: GenErrorKind,
    pub game: String,
    pub piece: String,
    pub clause: Clause,
    pub span: Span,
}

/// A setup (`--setup`) could not be read or does not fit the game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct SetupError {
    pub kind: SetupErrorKind,
    pub span: Span,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SetupErrorKind {
    #[error(transparent)]
    Read(ReadError),
    #[error("expected {0}")]
    Expected(&'static str),
    #[error("unknown {what} `{name}`")]
    Unknown { what: &'static str, name: String },
    #[error("position `{0}` is given two pieces")]
    Occupied(String),
    #[error("`turn` is given twice")]
    TurnTwice,
}
