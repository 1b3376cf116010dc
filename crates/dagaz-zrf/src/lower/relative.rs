//! `(relative-config OCCUPANT DIRECTION ... OCCUPANT ...)` in a goal: the pattern stands
//! somewhere on the board. From some position (a goal's `(check (any POS ...))` over them all),
//! each occupant is a test of the square reached and each direction a step, which fails off
//! the board (a pattern that would reach past the edge is not there), as Polygamo, an
//! independent ZRF player, reads the reference. An occupant is a piece type (the player's
//! piece of that type: a goal is the player's who moved), `(opponent T)`, `(any-owner T)`, or
//! `(not OCCUPANT)`, which an empty square meets.

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use crate::lower::board::Board;
use dagaz_sexpr::Node;

/// The goal statements of `node`, a `relative-config`, on `board` with piece types `pieces`.
pub fn statements(node: &Node, board: &Board, pieces: &[String]) -> Result<Vec<Node>, ZrfError> {
    let span = node.span;
    let check = |what: Node| form("check", vec![what], span);
    let everywhere = board.positions.iter().map(|p| sym(p, span)).collect();
    let mut out = vec![check(form("any", everywhere, span))];
    for item in args(node) {
        match item.as_symbol() {
            Some(d) if board.is_dir(d) => out.push(check(item.clone())),
            _ => out.push(check(occupant(item, pieces)?)),
        }
    }
    Ok(out)
}

/// The test of one occupant on the current square.
fn occupant(node: &Node, pieces: &[String]) -> Result<Node, ZrfError> {
    let span = node.span;
    let owned = |whose: &str, kind: &Node| -> Result<Node, ZrfError> {
        let name = kind
            .as_symbol()
            .ok_or_else(|| ZrfError::expected("a piece type", kind))?;
        if !pieces.iter().any(|p| p == name) {
            // No piece of a type the game lacks stands anywhere.
            return Ok(sym("false", span));
        }
        let is = form("=", vec![sym("piece", span), kind.clone()], span);
        Ok(form("and", vec![sym(whose, span), is], span))
    };
    if node.as_symbol().is_some() {
        return owned("is-friend?", node);
    }
    let one = |what: &'static str| match args(node) {
        [x] => Ok(x),
        _ => Err(ZrfError::expected(what, node)),
    };
    match node.head() {
        Some("opponent") => owned("is-enemy?", one("`(opponent PIECE)`")?),
        Some("any-owner") => owned("not-empty?", one("`(any-owner PIECE)`")?),
        Some("not") => Ok(form(
            "not",
            vec![occupant(one("`(not OCCUPANT)`")?, pieces)?],
            span,
        )),
        _ => Err(ZrfError::unsupported(
            "relative-config (with this occupant)",
            span,
        )),
    }
}
