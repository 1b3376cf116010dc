//! Why a ZRF file cannot be read as a game, each reason with the bytes it is about.

use dagaz_sexpr::{ReadError, Span};
use thiserror::Error;

/// One problem of a ZRF file, located in its text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{kind}")]
pub struct ZrfError {
    /// What is wrong.
    pub kind: ZrfErrorKind,
    /// Where: the form the problem is about (for what a macro made, the macro's call).
    pub span: Span,
}

/// What is wrong with a ZRF file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ZrfErrorKind {
    /// The text does not read as S-expressions.
    #[error("{0}")]
    Read(dagaz_sexpr::ReadErrorKind),
    /// A form that ZRF has and dagaz does not translate yet.
    #[error("unsupported ZRF keyword `{0}` (dagaz does not translate it yet; see docs/zrf.md)")]
    Unsupported(String),
    /// A form of the wrong shape.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the place takes.
        expected: &'static str,
        /// What stands there.
        found: String,
    },
    /// A macro defined twice.
    #[error("the macro `{0}` is defined twice")]
    Redefined(String),
    /// Macros that expand without end, or to too much.
    #[error("macro expansion goes deeper than {0} calls or makes more than {1} forms")]
    TooMuchExpansion(usize, usize),
    /// An `include` that cannot be read.
    #[error("cannot include {name:?}: {why}")]
    Include {
        /// The file named.
        name: String,
        /// Why not.
        why: String,
    },
    /// No `(game ...)` form.
    #[error("no `(game ...)` form: a ZRF file holds one game")]
    NoGame,
    /// A variant number beyond the file's.
    #[error("no variant {asked}: the file has {count} (0 is the game itself)")]
    NoVariant {
        /// The number asked for.
        asked: usize,
        /// How many variants the file has, the game included.
        count: usize,
    },
    /// A name the rules use that the file does not declare.
    #[error("unknown {what} `{name}`")]
    Unknown {
        /// A player, piece, direction, ...
        what: &'static str,
        /// The name.
        name: String,
    },
}

impl ZrfError {
    pub(crate) fn new(kind: ZrfErrorKind, span: Span) -> ZrfError {
        ZrfError { kind, span }
    }

    pub(crate) fn unsupported(keyword: &str, span: Span) -> ZrfError {
        ZrfError::new(ZrfErrorKind::Unsupported(keyword.to_string()), span)
    }

    pub(crate) fn expected(expected: &'static str, found: &dagaz_sexpr::Node) -> ZrfError {
        ZrfError::new(
            ZrfErrorKind::Expected {
                expected,
                found: found.describe(),
            },
            found.span,
        )
    }
}

impl From<ReadError> for ZrfError {
    fn from(e: ReadError) -> ZrfError {
        ZrfError::new(ZrfErrorKind::Read(e.kind), e.span)
    }
}
