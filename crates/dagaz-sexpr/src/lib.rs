//! The S-expression reader of dagaz.
//!
//! One design decision: the reader knows nothing of games. It turns text into [`Node`]s — lists,
//! symbols, integers and strings — each carrying the byte [`Span`] it came from, and it never
//! panics: any text gives either the forms or one [`ReadError`] pointing at the offending bytes.
//!
//! ```
//! use dagaz_sexpr::{read, LineIndex};
//! let text = "(board\n  (dim \"a-j\"))";
//! let forms = read(text).unwrap();
//! let dim = &forms[0].as_list().unwrap()[1];
//! assert_eq!(LineIndex::new(text).line_col(dim.span.start).to_string(), "2:3");
//! ```

#![cfg_attr(
    test,
    allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod error;
mod node;
mod reader;
mod span;

pub use error::{ReadError, ReadErrorKind};
pub use node::{Node, NodeKind};
pub use reader::{is_symbol_char, read, MAX_DEPTH};
pub use span::{LineCol, LineIndex, Span};
