//! Errors of loading a game: reading failed, or compiling did. Each points at a span.

use dagaz_sexpr::{ReadError, Span};
use thiserror::Error;

/// Loading a `.game` text failed: it did not read, or it did not compile.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
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

/// What is wrong in a game file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
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

impl CompileErrorKind {
    /// A stable, kebab-case code for each kind of compile error (for editors and scripts).
    pub fn code(&self) -> &'static str {
        match self {
            CompileErrorKind::Expected { .. } => "expected",
            CompileErrorKind::Arity { .. } => "arity",
            CompileErrorKind::UnknownForm(_) => "unknown-form",
            CompileErrorKind::UnknownTopLevel(_) => "unknown-top-level",
            CompileErrorKind::NoGame => "no-game",
            CompileErrorKind::Duplicate(..) => "duplicate",
            CompileErrorKind::Unknown { .. } => "unknown-name",
            CompileErrorKind::BadRange(_) => "bad-range",
            CompileErrorKind::DirOffsets(..) => "direction-offsets",
            CompileErrorKind::TooManyPositions(..) => "too-many-positions",
            CompileErrorKind::TooMany { .. } => "too-many",
            CompileErrorKind::NotAssignable(..) => "not-assignable",
            CompileErrorKind::LocalOutOfScope(_) => "local-out-of-scope",
            CompileErrorKind::UnknownGameClause(_) => "unknown-game-clause",
            CompileErrorKind::NoMovesOutsidePost => "no-moves-outside-post",
            CompileErrorKind::NumberedTwice(_) => "numbered-twice",
            CompileErrorKind::BuiltinName(_) => "builtin-name",
            CompileErrorKind::MacroTooDeep(_) => "macro-too-deep",
            CompileErrorKind::NestedTooDeep(_) => "nested-too-deep",
            CompileErrorKind::EndMoveOutsideMove => "end-move-outside-move",
            CompileErrorKind::ImpureInvariant(_) => "impure-invariant",
            CompileErrorKind::BadElse => "bad-else",
            CompileErrorKind::Occupied(_) => "occupied",
            CompileErrorKind::NoPlayers => "no-players",
        }
    }
}
