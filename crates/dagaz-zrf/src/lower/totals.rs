//! `(win-condition [(PLAYER ...)] (total-piece-count N [PIECE]))` and its `loss` and `draw`
//! kin: the pieces on the board, of every player together (of the type), are N. The count is
//! the same for every player, so the condition holds for each listed one at once; without a
//! list, Zillions' reference gives the outcome to the player who just moved.
//!
//! A dagaz `goal` runs for the player who moved (`friend-count` plus `enemy-count` is every
//! piece). What translates exactly: no list (the mover's outcome), a `draw-condition` (a draw
//! whoever meets it), and in a game of two a win or loss listing one player (the outcome when
//! that player moved, reversed when the other did). A win or loss that every player of a game
//! of two meets at once says no more than "someone wins", which the reference leaves open.

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use dagaz_sexpr::Node;

/// Whether `clause` is a condition on `total-piece-count` (with or without its players).
pub fn is_condition(clause: &Node) -> bool {
    matches!(
        clause.head(),
        Some("win-condition" | "loss-condition" | "draw-condition")
    ) && args(clause).last().and_then(Node::head) == Some("total-piece-count")
}

/// The goals of the condition `clause` in a game of `players`.
pub fn goals(clause: &Node, players: &[String]) -> Result<Vec<Node>, ZrfError> {
    let (who, cond) = match args(clause) {
        [cond] => (None, cond),
        [who, cond] => (Some(who), cond),
        _ => {
            return Err(ZrfError::expected(
                "`(... [(PLAYER ...)] CONDITION)`",
                clause,
            ))
        }
    };
    let span = cond.span;
    let total = total(cond)?;
    let outcome = match clause.head() {
        Some("win-condition") => "win",
        Some("loss-condition") => "loss",
        _ => "draw",
    };
    let goal = |result: &str, mover: Option<&str>| {
        let mut items = vec![sym(result, clause.span)];
        if let Some(m) = mover {
            let whose = form("=", vec![sym("current-player", span), sym(m, span)], span);
            items.push(form("check", vec![whose], span));
        }
        items.push(form("check", vec![total.clone()], span));
        form("goal", items, clause.span)
    };
    let listed: Vec<&str> = who
        .and_then(Node::as_list)
        .unwrap_or_default()
        .iter()
        .filter_map(Node::as_symbol)
        .filter(|p| players.iter().any(|q| q == p))
        .collect();
    match (who, outcome, listed.as_slice()) {
        (None, _, _) | (Some(_), "draw", [_, ..]) => Ok(vec![goal(outcome, None)]),
        (Some(_), _, []) => Ok(Vec::new()),
        (Some(_), _, [one]) if players.len() == 2 => {
            let other = players.iter().find(|p| p != one).map(String::as_str);
            let reversed = if outcome == "win" { "loss" } else { "win" };
            Ok(vec![goal(outcome, Some(one)), goal(reversed, other)])
        }
        _ => {
            let what = "total-piece-count (a win or loss for more than one player, or in a game of other than two)";
            Err(ZrfError::unsupported(what, span))
        }
    }
}

/// `(total-piece-count N [PIECE])` as the test that every piece on the board (of the type)
/// counts N.
fn total(cond: &Node) -> Result<Node, ZrfError> {
    let span = cond.span;
    let count = |whose: &str, kind: Option<&Node>| match kind {
        Some(k) => form(whose, vec![k.clone()], span),
        None => sym(whose, span),
    };
    let (n, kind) = match args(cond) {
        [n] => (n, None),
        [n, kind] if kind.as_symbol().is_some() => (n, Some(kind)),
        _ => return Err(ZrfError::expected("`(total-piece-count N [PIECE])`", cond)),
    };
    if !matches!(n.kind, dagaz_sexpr::NodeKind::Int(_)) {
        return Err(ZrfError::expected("a number of pieces", n));
    }
    let all = form(
        "+",
        vec![count("friend-count", kind), count("enemy-count", kind)],
        span,
    );
    Ok(form("=", vec![all, n.clone()], span))
}
