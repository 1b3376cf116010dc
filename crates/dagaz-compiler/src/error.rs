//! Errors of loading a game: reading failed, or compiling did. Each points at a span.

use dagaz_sexpr::{ReadError, Span};
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
}

impl LoadError {
    /// The bytes of the `.game` text the error points at, whichever stage failed.
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
    /// What is wrong; its `Display` is the message.
    pub kind: CompileErrorKind,
    /// The bytes of the source text to blame: the offending form, atom or argument. Empty
    /// (`0..0`) only for [`CompileErrorKind::NoGame`], which has nothing to point at.
    pub span: Span,
}

impl CompileError {
    /// An error of `kind` located at `span`.
    pub fn new(kind: CompileErrorKind, span: Span) -> CompileError {
        CompileError { kind, span }
    }
}

/// What is wrong in a game file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompileErrorKind {
    /// A form or atom does not have the shape its place needs: a number where a name must
    /// stand, a list too short to hold its head, an unknown keyword among fixed choices.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the place takes, as a phrase (`"a position name"`).
        expected: String,
        /// The node that stands there, described for a person (`Node::describe`).
        found: String,
    },
    /// A built-in form or a macro is given the wrong number of arguments.
    #[error("`{form}` takes {expected}, found {found}")]
    Arity {
        /// The form's or macro's name.
        form: String,
        /// The count it takes, as a phrase (`"2 arguments"`, `"at least 1 argument"`).
        expected: String,
        /// How many arguments the use gives.
        found: usize,
    },
    /// A list in a piece's chain is headed by a name that is neither a built-in form nor a
    /// macro.
    #[error("unknown form `{0}`")]
    UnknownForm(String),
    /// A top-level form other than `board`, `piece`, `define` or `game`.
    #[error("unknown top-level form `{0}` (expected `board`, `piece`, `define` or `game`)")]
    UnknownTopLevel(String),
    /// The file has no `game` form, so there is nothing to compile the pieces for.
    #[error("no `(game ...)` form: a game file needs exactly one")]
    NoGame,
    /// Something that must be unique is declared again: the kind of form (`piece`, `player`,
    /// `dir`, `attribute`, ...) and its name, or an empty name for forms that have none
    /// (`game`, `fen`, `attacks`). The span is the second declaration.
    #[error("a second `{0}` {what}", what = duplicate_what(.1))]
    Duplicate(String, String),
    /// A name used where only one kind of thing may stand (a piece type in `promote`, a zone in
    /// `in-zone?`, a player in `symmetry`) that the game does not declare as such. Bare names in
    /// a chain never cause it: an undeclared one is a global variable.
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
    /// More of something than its index type or a fixed table holds (piece types, players,
    /// directions, attributes, turn variables, strings, ...).
    #[error("too many {what} (at most {max})")]
    TooMany {
        /// What there are too many of, plural (`"players"`).
        what: &'static str,
        /// The most the engine supports.
        max: usize,
    },
    /// An assignment (`set!`, `inc!`, ...) to a name that is not a variable: the name, what it
    /// names instead (`"part of the board state"`, ...), and the assigning form.
    #[error("`{0}` names {1}; it cannot be changed with `{2}`")]
    NotAssignable(String, &'static str, &'static str),
    /// A local declared with `let` in one block (a `move` branch, an `if` arm) is used where
    /// that declaration is not visible. Refused rather than silently read as a global of the
    /// same name.
    #[error("`{0}` is a local variable of another block and is not visible here (declare it with `let` in `pre` to share it between `move` and `post`)")]
    LocalOutOfScope(String),
    /// A clause of the `game` form that is not one of the clauses the message lists.
    #[error("unknown clause `{0}` in `game` (expected `name`, `board`, `players`, `symmetry`, `zone`, `fen`, `unique-moves`, `attribute`, `turn-variable`, `royal`, `attacks`, `win`, `loss`, `draw` or `evaluation`)")]
    UnknownGameClause(String),
    /// `no-moves?` anywhere but `(check no-moves?)` in `post`: its answer is known only after
    /// every move of the position has been generated.
    #[error("`no-moves?` is a deferred check: it may only stand as `(check no-moves?)` in `post`")]
    NoMovesOutsidePost,
    /// The board's `(numbers ...)` clause lists a position a second time.
    #[error("position `{0}` is numbered twice")]
    NumberedTwice(String),
    /// A `define` takes the name of a built-in form, which would make that form unusable.
    #[error("`{0}` is a built-in form; a macro may not take its name")]
    BuiltinName(String),
    /// Macro uses nested inside expansions beyond the limit (the limit); almost always a macro
    /// that uses itself.
    #[error("macros expand more than {0} deep (does a macro use itself?)")]
    MacroTooDeep(usize),
    /// The forms of a chain, macros expanded, nest beyond the limit (the limit). The reader
    /// bounds the nesting of the text; expansion can deepen it, and the compiler recurses.
    #[error("forms nest more than {0} deep once macros are expanded (does a macro use itself?)")]
    NestedTooDeep(usize),
    /// `end-move` in `pre` or `post`, where no move is being built step by step.
    #[error("`end-move` may only stand in a `move` clause")]
    EndMoveOutsideMove,
    /// A check in `post` that reads a global (an invariant, re-evaluated whenever a global
    /// changes, after the board has moved on) also reads something that is not saved with the
    /// move: the board, the players, a choice. The text says what.
    #[error("a check in `post` that reads a global variable is re-checked whenever a global changes; it may only read locals, globals and constants, but this one uses {0}")]
    ImpureInvariant(String),
    /// An `if` with a second `else`: everything after the first one is the else branch.
    #[error("`else` may appear once in an `if`, after at least the condition")]
    BadElse,
    /// The `players` clause puts two pieces on one position.
    #[error("position `{0}` is given two pieces")]
    Occupied(String),
    /// The `players` clause names no player: nobody could move.
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
