//! Zillions of Games rules files (ZRF) read as dagaz game forms.
//!
//! A `.zrf` file is read with the reader's ZRF dialect, its `include`s put in place and its
//! macros expanded, one of its variants chosen, and its board, pieces and rules written as the
//! dagaz forms that mean the same: the forms a `.game` file would hold, which the compiler then
//! takes as it takes any game. Each form made carries the span of the ZRF text it stands for,
//! so every message, the compiler's included, points into the `.zrf` file.
//!
//! ```
//! let text = r#"
//!     (define step ($1 (verify empty?) add))
//!     (game (title "Step") (players White Black)
//!       (board (grid (dimensions ("a/b/c" (50 0)) ("3/2/1" (0 50)))
//!                    (directions (n 0 -1) (s 0 1))))
//!       (piece (name Man) (moves (step n)))
//!       (board-setup (White (Man a1)) (Black (Man c3)))
//!       (loss-condition (White Black) stalemated))"#;
//! let forms = dagaz_zrf::translate(text, 0, &mut |_| Err("no includes".into()))?;
//! assert_eq!(forms.len(), 3); // the board, the piece, the game
//! assert!(forms[2].to_string().contains("(loss no-moves)"));
//! # Ok::<(), dagaz_zrf::ZrfError>(())
//! ```
//!
//! What translates is docs/zrf.md's table; anything else is a located
//! [`ZrfErrorKind::Unsupported`] error, never a game that plays differently.

#![warn(missing_docs)]

mod error;
mod expand;
mod forms;
mod lower;
mod variant;

pub use error::{ZrfError, ZrfErrorKind};
pub use expand::{MAX_EXPANDED, MAX_MACRO_DEPTH};
pub use variant::Variant;

use dagaz_sexpr::{Dialect, Node};

/// The dagaz forms of variant `variant` (0: the `(game ...)` itself) of the ZRF `text`, whose
/// `(include "FILE")` forms `read` answers.
pub fn translate(
    text: &str,
    variant: usize,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Vec<Node>, ZrfError> {
    let forms = dagaz_sexpr::read_with(text, Dialect::Zrf)?;
    let forms = expand::expand(forms, read)?;
    let (clauses, span) = variant::clauses(&forms, variant)?;
    lower::game(&variant::pieces_once(clauses), span)
}

/// The game and its variants, in the order `translate` numbers them.
pub fn variants(text: &str) -> Result<Vec<Variant>, ZrfError> {
    let forms = dagaz_sexpr::read_with(text, Dialect::Zrf)?;
    Ok(variant::variants(&forms))
}

/// The number of the variant that `choice` names: its number (0, the game itself, 1, the
/// first `variant`, ...) or its title, in any case.
pub fn variant_named(text: &str, choice: &str) -> Result<usize, ZrfError> {
    let all = variants(text)?;
    let (found, missing) = match choice.trim().parse::<usize>() {
        Ok(n) => (
            (n < all.len()).then_some(n),
            ZrfErrorKind::NoVariant {
                asked: n,
                count: all.len(),
            },
        ),
        Err(_) => (
            all.iter()
                .position(|v| v.title.eq_ignore_ascii_case(choice.trim())),
            ZrfErrorKind::Unknown {
                what: "variant",
                name: choice.to_string(),
            },
        ),
    };
    found.ok_or_else(|| ZrfError::new(missing, dagaz_sexpr::Span::default()))
}

/// A ZRF file's bytes as text: UTF-8 when they are, else Latin-1 (Zillions' own, which one
/// file of the corpus keeps).
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// Whether a game text is ZRF: its file name ends in `.zrf` (any case).
pub fn is_zrf_name(name: &str) -> bool {
    name.rsplit('.')
        .next()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("zrf"))
        && name.contains('.')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hostile or broken texts give an error, never a panic.
    #[test]
    fn broken_texts_are_errors() {
        let deep = "(define a (a $1 $1 $1)) (game (a (a (a x))))";
        for text in [
            "",
            "(game",
            "(game)",
            "(game (board))",
            "(game (board (grid (dimensions (\"a/b\" (1 0))) (directions (n 0 -9)))) (players A))",
            "(define $1 (x)) ($1)",
            "(define) (game)",
            "(game (piece (moves (x $9 $0 $))))",
            "(game (board (grid (dimensions)) (zone (name z) (oops))))",
            "(game (win-condition))",
            "(variant (title \"v\"))",
            deep,
        ] {
            let _ = translate(text, 0, &mut |_| Err("no".into()));
            let _ = translate(text, 3, &mut |_| Ok(text.to_string()));
            let _ = variants(text);
            let _ = variant_named(text, "x");
        }
        assert_eq!(decode(b"caf\xe9"), "café");
        let two = "(game (title \"G\")) (variant (title \"Small Board\") (default))";
        assert_eq!(variant_named(two, "small board"), Ok(1));
        assert_eq!(variant_named(two, "0"), Ok(0));
        assert!(variant_named(two, "2").is_err() && variant_named(two, "Big").is_err());
        assert!(variants(two).unwrap()[1].default);
        assert!(is_zrf_name("x/Chess.ZRF") && !is_zrf_name("zrf") && !is_zrf_name("a.game"));
    }
}
