//! `add-copy` and `add-copy-partial`: a move that leaves a copy of the moving piece (its type
//! and owner as the move began) on the square it started from.
//!
//! The move is an `add` (or `add-partial`) that notes the copy in a local of `pre`; the copy is
//! made once the piece has been lifted from its start: in `post` for a move of one part, and
//! for a chain at the end of each part that leaves one, on the square that part started from,
//! so that the later parts see it standing there, as in Zillions, where each part is played
//! before the next is generated.

use crate::forms::{form, sym};
use dagaz_sexpr::{Node, Span};

/// Whether the move being completed leaves a copy.
const COPY: &str = "zrf-copy";
/// The type and owner of the piece as the move began.
const KIND: &str = "zrf-copy-kind";
const OWNER: &str = "zrf-copy-owner";
/// Where a chain's part ended, to come back to after leaving its copy.
pub const LAND: &str = "zrf-copy-land";

/// The words that complete a move with a copy.
pub const WORDS: &[&str] = &["add-copy", "add-copy-partial"];

/// The word an `add-copy` word completes the move as: `add` or `add-partial`.
pub fn plain(word: &str) -> Option<&'static str> {
    match word {
        "add-copy" => Some("add"),
        "add-copy-partial" => Some("add-partial"),
        _ => None,
    }
}

/// The locals `pre` declares (at the piece's start).
pub fn declare(span: Span) -> Vec<Node> {
    let let_ = |name: &str, value: &str| form("let", vec![sym(name, span), sym(value, span)], span);
    vec![
        let_(COPY, "false"),
        let_(KIND, "piece"),
        let_(OWNER, "player"),
        let_(LAND, "position"),
    ]
}

/// Before a move of a piece that may copy is completed: whether this one does.
pub fn note(copy: bool, span: Span) -> Node {
    let value = sym(if copy { "true" } else { "false" }, span);
    form("set!", vec![sym(COPY, span), value], span)
}

/// Once the piece is lifted: the copy at `start` (the local of the square the move or part
/// began on), if the move leaves one. The current position is then `start`.
pub fn leave(start: &str, span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    let create = form("create", vec![s(KIND), s(OWNER)], span);
    form(
        "if",
        vec![s(COPY), form("check", vec![s(start)], span), create],
        span,
    )
}
