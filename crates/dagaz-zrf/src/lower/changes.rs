//! `(change-type TYPE [POS])`, and `(change-owner POS)`, `(flip POS)`: a piece changed in place
//! at once, here or at another position (a direction or a position name), after which the
//! block goes on from where it stood. As `flip` and `change-owner`, they need a piece there
//! (else the move fails). The type changes in the hand: the piece is lifted, changed with
//! `promote` (which keeps its owner and attributes, as Zillions keeps a piece's attributes
//! through `change-type`) and put back.

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use crate::lower::moves::{self, Names};
use dagaz_sexpr::{Node, Span};

/// The statements of `node` when it is one of this module's forms; `None` for any other.
pub(super) fn statement(node: &Node, names: &Names<'_>) -> Result<Option<Vec<Node>>, ZrfError> {
    let span = node.span;
    let rest = args(node);
    let (change, at) = match (node.head(), rest) {
        (Some("change-type"), [kind, at @ ..]) => (change_type(kind, names, span)?, at),
        (Some(word @ ("change-owner" | "flip")), at @ [_]) => (moves::owner_change(word, span), at),
        _ => return Ok(None),
    };
    Ok(Some(match at {
        [] => change,
        [at] => elsewhere(at, change, names, span)?,
        _ => {
            return Err(ZrfError::expected(
                "`(change-type TYPE [POSITION-OR-DIRECTION])`",
                node,
            ))
        }
    }))
}

/// `change` made at `at` (a direction or a position), then back where the block stood.
fn elsewhere(
    at: &Node,
    change: Vec<Node>,
    names: &Names<'_>,
    span: Span,
) -> Result<Vec<Node>, ZrfError> {
    let check = |n: Node| form("check", vec![n], span);
    let here = sym(moves::HERE, span);
    let mut out = vec![form(
        "set!",
        vec![here.clone(), sym("position", span)],
        span,
    )];
    out.push(check(moves::step_to(at, names)?));
    out.extend(change);
    out.push(check(here));
    Ok(out)
}

/// The piece here changed to `kind` (keeping owner and attributes).
fn change_type(kind: &Node, names: &Names<'_>, span: Span) -> Result<Vec<Node>, ZrfError> {
    let known = kind
        .as_symbol()
        .filter(|k| names.pieces.iter().any(|p| p == k))
        .ok_or_else(|| ZrfError::expected("a piece type", kind))?;
    if names.dropping.is_some() || names.chain.is_some() {
        // The hand holds the piece being dropped, or the chain's mover.
        return Err(ZrfError::unsupported(
            "change-type (in a drop or a chain of parts)",
            span,
        ));
    }
    let s = |name: &str| sym(name, span);
    Ok(vec![
        form("check", vec![s("not-empty?")], span),
        form("take", vec![], span),
        form("promote", vec![s(known)], span),
        form("drop", vec![], span),
    ])
}
