//! Errors of loading a game, reading a setup and generating moves; each points at a span.

use dagaz_ir::Clause;
use dagaz_sexpr::{ReadError, Span};
pub use dagaz_vm::{GenErrorKind, Internal};
use thiserror::Error;

/// Loading a `.game` text failed: it did not read, or it did not compile.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum LoadError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error(transparent)]
    Compile(#[from] CompileError),
}

impl LoadError {
    pub fn span(&self) -> Span {
        match self {
            LoadError::Read(e) => e.span,
            LoadError::Compile(e) => e.span,
        }
    }
}

/// A compile error: what is wrong and where.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct CompileError {
    pub kind: CompileErrorKind,
    pub span: Span,
}

impl CompileError {
    pub fn new(kind: CompileErrorKind, span: Span) -> CompileError {
        CompileError { kind, span }
    }
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum CompileErrorKind {
    #[error("expected {expected}, found {found}")]
    Expected { expected: String, found: String },
    #[error("`{form}` takes {expected}, found {found}")]
    Arity {
        form: String,
        expected: String,
        found: usize,
    },
    #[error("unknown form `{0}`")]
    UnknownForm(String),
    #[error("unknown top-level form `{0}` (expected `board`, `piece`, `define` or `game`)")]
    UnknownTopLevel(String),
    #[error("no `(game ...)` form: a game file needs exactly one")]
    NoGame,
    #[error("a second `{0}` {what}", what = duplicate_what(.1))]
    Duplicate(String, String),
    #[error("unknown {what} `{name}`")]
    Unknown { what: &'static str, name: String },
    #[error("bad range {0:?}: expected names like \"a-h\" or \"8-1\", or names separated by `/`")]
    BadRange(String),
    #[error("direction `{0}` has {1} offsets but the board has {2} dimensions")]
    DirOffsets(String, usize, usize),
    #[error("the board has {0} positions; at most {1} are supported")]
    TooManyPositions(usize, usize),
    #[error("too many {what} (at most {max})")]
    TooMany { what: &'static str, max: usize },
    #[error("`{0}` names {1}; it cannot be changed with `{2}`")]
    NotAssignable(String, &'static str, &'static str),
    #[error("`{0}` is a local variable of another block and is not visible here (declare it with `let` in `pre` to share it between `move` and `post`)")]
    LocalOutOfScope(String),
    #[error("unknown clause `{0}` in `game` (expected `name`, `board`, `players`, `symmetry`, `zone`, `fen`, `unique-moves`, `attribute`, `turn-variable`, `royal`, `attacks`, `win`, `loss`, `draw` or `evaluation`)")]
    UnknownGameClause(String),
    #[error("`no-moves?` is a deferred check: it may only stand as `(check no-moves?)` in `post`")]
    NoMovesOutsidePost,
    #[error("position `{0}` is numbered twice")]
    NumberedTwice(String),
    #[error("`{0}` is a built-in form; a macro may not take its name")]
    BuiltinName(String),
    #[error("macros expand more than {0} deep (does a macro use itself?)")]
    MacroTooDeep(usize),
    #[error("forms nest more than {0} deep once macros are expanded (does a macro use itself?)")]
    NestedTooDeep(usize),
    #[error("`end-move` may only stand in a `move` clause")]
    EndMoveOutsideMove,
    #[error("a check in `post` that reads a global variable is re-checked whenever a global changes; it may only read locals, globals and constants, but this one uses {0}")]
    ImpureInvariant(String),
    #[error("`else` may appear once in an `if`, after at least the condition")]
    BadElse,
    #[error("position `{0}` is given two pieces")]
    Occupied(String),
    #[error("the game has no players")]
    NoPlayers,
}

/// "definition named `X`", or "form" for forms that have no name (`game`, `fen`).
fn duplicate_what(name: &str) -> String {
    if name.is_empty() {
        "form".to_string()
    } else {
        format!("definition named `{name}`")
    }
}

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
