//! Errors of loading a game: reading failed, or compiling did. Each points at a span.

use dagaz_sexpr::{ReadError, Span};
use dagaz_syntax::{SyntaxError, SyntaxErrorKind};
use thiserror::Error;

/// Loading a `.game` text failed: it did not read, or it did not compile.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// The text is not well-formed S-expressions (an unclosed list, a bad string, nesting too
    /// deep); nothing was compiled.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The text read, but its forms are not a valid game.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// A Zillions rules file (`.zrf`) that does not translate to a game.
    #[error(transparent)]
    Zrf(#[from] dagaz_zrf::ZrfError),
}

impl LoadError {
    /// The bytes of the `.game` text the error points at, whichever stage failed.
    pub fn span(&self) -> Span {
        match self {
            LoadError::Read(e) => e.span,
            LoadError::Compile(e) => e.span,
            LoadError::Zrf(e) => e.span,
        }
    }
}

/// A compile error: what is wrong and where.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}{}", near.as_ref().map(|n| format!("; did you mean `{n}`?")).unwrap_or_default())]
pub struct CompileError {
    /// What is wrong; its `Display` is the message (with the near name, when there is one).
    pub kind: CompileErrorKind,
    /// The bytes of the source text to blame: the offending form, atom or argument. Empty
    /// (`0..0`) only for a missing `game` form (`SyntaxErrorKind::NoGame`), which has nothing
    /// to point at.
    pub span: Span,
    /// For an unknown name, the name the game declares that is nearest it, when one is near
    /// enough to be what was meant ("did you mean `diag-points`?").
    pub near: Option<String>,
}

impl CompileError {
    /// An error of `kind` located at `span`.
    pub fn new(kind: CompileErrorKind, span: Span) -> CompileError {
        CompileError {
            kind,
            span,
            near: None,
        }
    }
}

impl From<SyntaxError> for CompileError {
    fn from(e: SyntaxError) -> CompileError {
        CompileError::new(CompileErrorKind::Syntax(e.kind), e.span)
    }
}

impl CompileError {
    /// "expected WHAT, found FOUND" at `span`: the shape error the compiler raises itself,
    /// where a form is well made but does not fit the rest of the game.
    pub(crate) fn expected(what: &str, found: String, span: Span) -> CompileError {
        let kind = SyntaxErrorKind::Expected {
            expected: what.to_string(),
            found,
        };
        CompileError::new(CompileErrorKind::Syntax(kind), span)
    }

    /// "a second `WHAT` definition named `NAME`" (or "form", without a name) at `span`.
    pub(crate) fn duplicate(what: &str, name: &str, span: Span) -> CompileError {
        let kind = SyntaxErrorKind::Duplicate(what.to_string(), name.to_string());
        CompileError::new(CompileErrorKind::Syntax(kind), span)
    }

    /// "too many WHAT (at most MAX)" at `span`.
    pub(crate) fn too_many(what: &'static str, max: usize, span: Span) -> CompileError {
        let kind = SyntaxErrorKind::TooMany { what, max };
        CompileError::new(CompileErrorKind::Syntax(kind), span)
    }

    /// "unknown WHAT `NAME`" at `span`.
    pub(crate) fn unknown(what: &'static str, name: &str, span: Span) -> CompileError {
        let name = name.to_string();
        CompileError::new(CompileErrorKind::Unknown { what, name }, span)
    }
}

/// What is wrong in a game file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompileErrorKind {
    /// A form written in a way the language does not allow, as `dagaz-syntax` finds it (an
    /// unknown form or clause, a wrong number of arguments, `end-move` outside `move`, a macro
    /// that uses itself, no `game` form, ...). The compiler raises some of the same kinds where
    /// a well-made form does not fit the rest of the game: a second board or player of one name
    /// (`Duplicate`), too many players or directions (`TooMany`), a `piece-table` that does not
    /// match the board (`Arity`), a standard FEN on a board that is not two-dimensional
    /// (`Expected`).
    #[error(transparent)]
    Syntax(#[from] SyntaxErrorKind),
    /// A name used where only one kind of thing may stand (a piece type in `promote`, a zone in
    /// `in-zone?`, a player in `symmetry`) that the game does not declare as such. Bare names in
    /// a chain never cause it: an undeclared one is a global variable, or
    /// [`CompileErrorKind::Undeclared`] when no rule sets it.
    #[error("unknown {what} `{name}`")]
    Unknown {
        /// The kind of thing looked for (`"piece type"`, `"zone"`, `"position"`, ...).
        what: &'static str,
        /// The name as written.
        name: String,
    },
    /// A `dim` range that is not one of: two numbers or two single letters joined by `-`
    /// (`"1-8"`, `"h-a"`), names separated by `/`, or one name.
    #[error("bad range {0:?}: expected names like \"a-h\" or \"8-1\", or names separated by `/`")]
    BadRange(String),
    /// A direction with another number of offsets than the board has dimensions (the
    /// direction's name, its offsets, the dimensions).
    #[error("direction `{0}` has {1} offsets but the board has {2} dimensions")]
    DirOffsets(String, usize, usize),
    /// The product of the `dim` ranges is more positions than a `Pos` can index (the count,
    /// the limit).
    #[error("the board has {0} positions; at most {1} are supported")]
    TooManyPositions(usize, usize),
    /// An assignment (`set!`, `inc!`, ...) to a name that is not a variable: the name, what it
    /// names instead (`"part of the board state"`, ...), and the assigning form.
    #[error("`{0}` names {1}; it cannot be changed with `{2}`")]
    NotAssignable(String, &'static str, &'static str),
    /// A local declared with `let` in one block (a `move` branch, an `if` arm) is used where
    /// that declaration is not visible. Refused rather than silently read as a global of the
    /// same name.
    #[error("`{0}` is a local variable of another block and is not visible here (declare it with `let` in `pre` to share it between `move` and `post`)")]
    LocalOutOfScope(String),
    /// The board's `(numbers ...)` clause lists a position a second time.
    #[error("position `{0}` is numbered twice")]
    NumberedTwice(String),
    /// A check in `post` that reads a global (an invariant, re-evaluated whenever a global
    /// changes, after the board has moved on) also reads something that is not saved with the
    /// move: the board, the players, a choice. The text says what.
    #[error("a check in `post` that reads a global variable is re-checked whenever a global changes; it may only read locals, globals and constants, but this one uses {0}")]
    ImpureInvariant(String),
    /// The `players` clause puts two pieces on one position.
    #[error("position `{0}` is given two pieces")]
    Occupied(String),
    /// A bare name that a rule reads but that the game does not declare (no position,
    /// direction, piece type, player, attribute, turn variable or built-in name) and that no
    /// rule sets as a global variable (with `set!` or `inc!`): a misspelt name, which would
    /// otherwise read 0 forever.
    #[error("`{0}` is not a name the game declares, nor a global variable that a rule sets")]
    Undeclared(String),
}

impl CompileErrorKind {
    /// A stable, kebab-case code for each kind of compile error (for editors and scripts).
    pub fn code(&self) -> &'static str {
        match self {
            CompileErrorKind::Syntax(kind) => kind.code(),
            CompileErrorKind::Unknown { .. } => "unknown-name",
            CompileErrorKind::BadRange(_) => "bad-range",
            CompileErrorKind::DirOffsets(..) => "direction-offsets",
            CompileErrorKind::TooManyPositions(..) => "too-many-positions",
            CompileErrorKind::NotAssignable(..) => "not-assignable",
            CompileErrorKind::LocalOutOfScope(_) => "local-out-of-scope",
            CompileErrorKind::NumberedTwice(_) => "numbered-twice",
            CompileErrorKind::ImpureInvariant(_) => "impure-invariant",
            CompileErrorKind::Occupied(_) => "occupied",
            CompileErrorKind::Undeclared(_) => "unknown-name",
        }
    }
}
