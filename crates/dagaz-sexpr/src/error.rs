//! What can go wrong while reading.

use crate::span::Span;
use thiserror::Error;

/// A reading error with the span it points at.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct ReadError {
    pub kind: ReadErrorKind,
    pub span: Span,
}

#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ReadErrorKind {
    #[error("expected `)` to close the list opened here, found the end of the text")]
    UnclosedList,
    #[error("unexpected `)`: no list is open here")]
    UnexpectedClose,
    #[error("expected `\"` to close the string opened here, found the end of the text")]
    UnterminatedString,
    #[error("unknown escape `\\{0}` in a string (expected one of \\\\ \\\" \\n \\t)")]
    BadEscape(char),
    #[error("the number `{0}` does not fit in 64 bits")]
    IntegerOverflow(String),
    #[error("unexpected character {0:?} (expected `(`, `)`, `\"`, `;`, a number or a name)")]
    UnexpectedChar(char),
    #[error("lists nest more than {0} deep")]
    TooDeep(usize),
}
