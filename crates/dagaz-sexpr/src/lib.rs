//! The S-expression reader of dagaz: game text to a tree of [`Node`]s.
//!
//! One design decision: the reader knows nothing of games. It turns text into lists, symbols,
//! integers and strings, each carrying the byte [`Span`] it came from, and it never panics: any
//! text gives either the forms or one [`ReadError`] pointing at the offending bytes. What the
//! forms mean (`board`, `piece`, `check`, ...) is the compiler's business; line and column are
//! computed only when a message is shown ([`LineIndex`]).
//!
//! ```
//! use dagaz_sexpr::{read, LineIndex, NodeKind, ReadErrorKind, Span};
//!
//! let text = "(board\n  (dim \"a-j\") 10)";
//! let forms = read(text)?;
//! let board = forms.first().ok_or("no form")?;
//! assert_eq!(board.head(), Some("board"));
//!
//! let [_, dim, size] = board.as_list().ok_or("not a list")? else {
//!     return Err("expected three items".into());
//! };
//! assert_eq!(dim.to_string(), "(dim \"a-j\")");
//! assert_eq!(size.kind, NodeKind::Int(10));
//! // Spans are byte offsets; line and column are worked out only for a message.
//! assert_eq!(LineIndex::new(text).line_col(dim.span.start).to_string(), "2:3");
//!
//! // A text that does not read gives one error, pointing at the list left open.
//! let err = read("(board (dim").err().ok_or("read an unclosed list")?;
//! assert_eq!(err.kind, ReadErrorKind::UnclosedList);
//! assert_eq!(err.span, Span::new(7, 8));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate is the lowest layer of dagaz, not an API boundary: `dagaz-compiler` reads game
//! files with it and the crates above it carry its [`Span`]s and [`ReadError`]s in their own
//! errors. Its items change with those crates' needs; embedders use `dagaz-engine`.

#![warn(missing_docs)]

mod error;
mod node;
mod reader;
mod span;

pub use error::{ReadError, ReadErrorKind};
pub use node::{Node, NodeKind};
pub use reader::{is_symbol_char, read, read_with, unclosed_at_end, Dialect, MAX_DEPTH, MAX_FORMS};
pub use span::{LineCol, LineIndex, Span};
