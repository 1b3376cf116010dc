//! The typed front end of dagaz (in progress): the keyword table of the language and the shape
//! errors of its forms.
//!
//! ```
//! use dagaz_syntax::Keyword;
//! assert_eq!(Keyword::from_text("set!"), Some(Keyword::Set));
//! assert!(Keyword::is_builtin_form_name("check"));
//! ```

#![warn(missing_docs)]
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
mod keyword;

pub use error::{SyntaxError, SyntaxErrorKind};
pub use keyword::Keyword;
