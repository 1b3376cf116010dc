//! `(create PIECE)`: a new piece of the mover's player on the current square when the move is
//! played (a pawn that leaves a queen behind, a hole left where a piece jumped from).
//!
//! A ZRF move changes the board when it is played, so a creation is noted in two locals of
//! `pre`, the square and the type, and `post` makes it after the mover has landed: a piece
//! created where the mover started is not lifted with it. A block's Nth `create` has slot N (a
//! `create` run twice in a loop keeps its last square).

use crate::forms::{form, sym};
use dagaz_sexpr::{Node, Span};
use std::cell::Cell;

/// The locals of slot `k`: whether it was set, where, and what.
fn locals(k: usize) -> [String; 3] {
    [
        format!("zrf-create-{k}"),
        format!("zrf-create-{k}-at"),
        format!("zrf-create-{k}-kind"),
    ]
}

/// The locals `pre` declares for `slots` creations.
pub fn declare(slots: usize, span: Span) -> Vec<Node> {
    let let_ = |name: &str, value: &str| form("let", vec![sym(name, span), sym(value, span)], span);
    (0..slots)
        .flat_map(|k| {
            let [set, at, kind] = locals(k);
            [
                let_(&set, "false"),
                let_(&at, "position"),
                let_(&kind, "piece"),
            ]
        })
        .collect()
}

/// `(create PIECE)` as the next slot of the block (`next` counts them).
pub fn statement(piece: &Node, next: &Cell<usize>, span: Span) -> Vec<Node> {
    let k = next.get();
    next.set(k + 1);
    let [set, at, kind] = locals(k);
    let s = |name: &str| sym(name, span);
    vec![
        form("set!", vec![s(&set), s("true")], span),
        form("set!", vec![s(&at), s("position")], span),
        form("set!", vec![s(&kind), piece.clone()], span),
    ]
}

/// What `post` does after the mover has landed: each noted creation made.
pub fn apply(slots: usize, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    (0..slots)
        .map(|k| {
            let [set, at, kind] = locals(k);
            form(
                "if",
                vec![
                    s(&set),
                    form("check", vec![s(&at)], span),
                    form("create", vec![s(&kind)], span),
                ],
                span,
            )
        })
        .collect()
}
