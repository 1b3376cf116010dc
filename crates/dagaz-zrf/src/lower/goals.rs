//! `(win-condition (PLAYER ...) CONDITION)` and its `loss` and `draw` kin, as dagaz `win`,
//! `loss`, `draw` and `goal` clauses.

use crate::error::ZrfError;
use crate::forms::{args, form, int, sym};
use dagaz_sexpr::Node;

/// The dagaz clauses of one condition.
pub fn condition(node: &Node, players: &[String]) -> Result<Vec<Node>, ZrfError> {
    let outcome = match node.head() {
        Some("win-condition") => "win",
        Some("loss-condition") => "loss",
        _ => "draw",
    };
    let [who, cond] = args(node) else {
        return Err(ZrfError::expected("`(... (PLAYER ...) CONDITION)`", node));
    };
    let named: Vec<Node> = who
        .as_list()
        .unwrap_or_default()
        .iter()
        .filter(|n| n.as_symbol().is_some())
        .cloned()
        .collect();
    let mut sorted: Vec<&str> = named.iter().filter_map(Node::as_symbol).collect();
    sorted.sort_unstable();
    let mut all: Vec<&str> = players.iter().map(String::as_str).collect();
    all.sort_unstable();
    let every = sorted == all;
    let span = cond.span;
    if cond.head().is_some() {
        // A configuration: a goal, checked for the player who moved.
        let mut items = vec![sym(outcome, span)];
        if !every {
            let mover = sym("current-player", who.span);
            let whose = form("=", vec![mover, form("any", named, who.span)], who.span);
            items.push(form("check", vec![whose], who.span));
        }
        config(cond, &mut items)?;
        return Ok(vec![form("goal", items, node.span)]);
    }
    if !every {
        let what = format!(
            "{} (for some players only)",
            node.head().unwrap_or_default()
        );
        return Err(ZrfError::unsupported(&what, who.span));
    }
    let rule = match cond.as_symbol() {
        Some("stalemated") => sym("no-moves", span),
        Some("repetition") => form("repetition", vec![int(3, span)], span),
        word => return Err(ZrfError::unsupported(word.unwrap_or("condition"), span)),
    };
    Ok(vec![form(outcome, vec![rule], node.span)])
}

/// `(absolute-config PIECE ... (POS ...))`, or an `and` of them, as a goal's statements: a
/// piece of the player who moved, of one of the types, stands on one of the positions (each
/// `check` of a position goes there).
fn config(node: &Node, out: &mut Vec<Node>) -> Result<(), ZrfError> {
    let span = node.span;
    let rest = args(node);
    match node.head() {
        Some("and") => rest.iter().try_for_each(|c| config(c, out)),
        Some("absolute-config") => {
            let Some((places, pieces)) = rest.split_last() else {
                return Err(ZrfError::expected(
                    "`(absolute-config PIECE ... (POSITION ...))`",
                    node,
                ));
            };
            let places = places
                .as_list()
                .ok_or_else(|| ZrfError::expected("a list of positions", places))?;
            let check = |what: Node| form("check", vec![what], span);
            out.push(check(form("any", places.to_vec(), span)));
            out.push(check(sym("is-friend?", span)));
            let types: Vec<Node> = pieces
                .iter()
                .map(|p| form("=", vec![sym("piece", span), p.clone()], span))
                .collect();
            out.push(check(form("or", types, span)));
            Ok(())
        }
        Some(other) => Err(ZrfError::unsupported(other, span)),
        None => Err(ZrfError::expected("a condition", node)),
    }
}
