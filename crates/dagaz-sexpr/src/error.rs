//! What can go wrong while reading.

use crate::span::Span;
use thiserror::Error;

/// Why a text does not read, and the bytes at fault.
///
/// It displays as its kind's message alone; the span is for whoever renders the message with
/// the source (a line and column from [`LineIndex`](crate::LineIndex), a caret under the bytes).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct ReadError {
    /// What went wrong.
    pub kind: ReadErrorKind,
    /// The bytes at fault: the `(` or `"` that was left open, the stray `)`, the bad escape,
    /// the number or the character that cannot be read.
    pub span: Span,
}

impl ReadError {
    /// For a list or a string left open, the other place to show besides the one it opens
    /// at: the last character of `text` that is not white space, where the text ends with it
    /// still open (a `)` is missing somewhere between the two). `None` for the other kinds,
    /// and when the text ends on the line the list opens on (the one place says it all).
    pub fn end_of_text(&self, text: &str) -> Option<Span> {
        if !matches!(
            self.kind,
            ReadErrorKind::UnclosedList | ReadErrorKind::UnterminatedString
        ) {
            return None;
        }
        let (at, c) = text
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_whitespace())?;
        let end = at + c.len_utf8();
        let between = text.get(self.span.start..at)?;
        between.contains('\n').then(|| Span::new(at, end))
    }
}

/// What went wrong while reading: the reader stops at the first of these.
///
/// New kinds may be added (a limit, a syntax the reader learns), so matches need a wildcard
/// arm outside this crate.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// A `(` still open at the end of the text; the span is the innermost one left open.
    #[error("expected `)` to close the list opened here, found the end of the text")]
    UnclosedList,
    /// A `)` with no list open to close.
    #[error("unexpected `)`: no list is open here")]
    UnexpectedClose,
    /// A `"` with no closing `"` before the end of the text; the span is the opening quote.
    #[error("expected `\"` to close the string opened here, found the end of the text")]
    UnterminatedString,
    /// A backslash in a string followed by this character, which is none of the four escapes;
    /// the span covers the backslash and the character.
    #[error("unknown escape `\\{0}` in a string (expected one of \\\\ \\\" \\n \\t)")]
    BadEscape(char),
    /// A number (an optional `-` and digits) outside the 64-bit range, as written.
    #[error("the number `{0}` does not fit in 64 bits")]
    IntegerOverflow(String),
    /// A character that starts no token: not white space, `(`, `)`, `"`, `;` or a symbol
    /// character ([`is_symbol_char`](crate::is_symbol_char)).
    #[error("unexpected character {0:?} (expected `(`, `)`, `\"`, `;`, a number or a name)")]
    UnexpectedChar(char),
    /// A `(` that would have more than this many lists open at once ([`MAX_DEPTH`]); the
    /// span is that `(`.
    ///
    /// [`MAX_DEPTH`]: crate::MAX_DEPTH
    #[error("lists nest more than {0} deep")]
    TooDeep(usize),
    /// More forms than [`MAX_FORMS`] (lists and atoms together); the limit.
    ///
    /// [`MAX_FORMS`]: crate::MAX_FORMS
    #[error("the file holds more than {0} forms (lists and atoms)")]
    TooManyForms(usize),
}
