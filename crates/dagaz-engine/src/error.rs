//! Errors of loading a game, reading a setup and generating moves; each points at a span.

use dagaz_compiler::FenError;
pub use dagaz_compiler::{CompileError, CompileErrorKind, LoadError};
use dagaz_ir::Clause;
use dagaz_sexpr::{ReadError, Span};
pub use dagaz_vm::{GenErrorKind, Internal};
use thiserror::Error;

/// Move generation stopped: an error at run time, with the piece, clause and span it happened in.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind} (game {game:?}, piece {piece}, {clause})")]
pub struct GenError {
    /// What went wrong: a limit of [`crate::StepLimits`] reached, or a command that cannot run
    /// (arithmetic on a non-number, `take` on an empty position, ...).
    pub kind: GenErrorKind,
    /// The game's name, so that a message read apart from its command still says which.
    pub game: String,
    /// The piece type whose chain was running; followed by ` (testing for attacks)` when the
    /// chain ran to answer an attack test (`is-attacked?` or the royal rule) rather than to
    /// generate its own moves.
    pub piece: String,
    /// The clause (`pre`, `move` or `post`) of the command.
    pub clause: Clause,
    /// The command in the `.game` text; for a run that exceeded the step limit, the innermost
    /// loop around where it stopped, which is what the designer has to look at.
    pub span: Span,
}

/// A setup (`--setup`) could not be read or does not fit the game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct SetupError {
    /// What is wrong; its `Display` is the message.
    pub kind: SetupErrorKind,
    /// The bytes of the setup text (not of the game file) to blame.
    pub span: Span,
}

/// What is wrong with a setup text.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SetupErrorKind {
    /// The text is not well-formed S-expressions.
    #[error(transparent)]
    Read(ReadError),
    /// A form of the wrong shape: a player clause or piece list that is no list, a position
    /// that is neither a name nor a number, a `turn` without exactly one player. The text says
    /// what was expected there.
    #[error("expected {0}")]
    Expected(String),
    /// Another shape error of a player's entry (`dagaz_syntax::player` reads the entries).
    #[error(transparent)]
    Shape(dagaz_syntax::SyntaxErrorKind),
    /// A name the game does not have.
    #[error("unknown {what} `{name}`")]
    Unknown {
        /// What it should name: `"player"`, `"piece"` or `"position"`.
        what: &'static str,
        /// The name as written.
        name: String,
    },
    /// Two pieces on one position (the position as written).
    #[error("position `{0}` is given two pieces")]
    Occupied(String),
    /// A second `(turn PLAYER)`: the side to move would be ambiguous.
    #[error("`turn` is given twice")]
    TurnTwice,
    /// `(turn PLAYER)` for a player who never moves: the game's `turns` give it no turn.
    #[error("`{0}` never moves: the game's `turns` give it no turn")]
    NeverMoves(String),
}

/// A [`FenError`] in `field`, spanning `len` bytes (at least one) from `at`.
pub(crate) fn fen_error(field: &str, message: String, (at, len): (usize, usize)) -> FenError {
    FenError {
        field: field.to_string(),
        message,
        span: Span::new(at, at + len.max(1)),
    }
}
