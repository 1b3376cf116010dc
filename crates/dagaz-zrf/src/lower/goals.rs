//! `(win-condition (PLAYER ...) CONDITION)` and its `loss` and `draw` kin, as dagaz `win`,
//! `loss` and `draw` clauses. Only conditions that hold for every player translate yet.

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
    let rest = args(node);
    let [who, cond] = rest else {
        return Err(ZrfError::expected("`(... (PLAYER ...) CONDITION)`", node));
    };
    let mut named: Vec<&str> = who
        .as_list()
        .unwrap_or_default()
        .iter()
        .filter_map(Node::as_symbol)
        .collect();
    named.sort_unstable();
    let mut all: Vec<&str> = players.iter().map(String::as_str).collect();
    all.sort_unstable();
    if named != all {
        return Err(ZrfError::unsupported(
            &format!(
                "{} (for some players only)",
                node.head().unwrap_or_default()
            ),
            who.span,
        ));
    }
    let span = cond.span;
    let rule = match cond.as_symbol() {
        Some("stalemated") => sym("no-moves", span),
        Some("repetition") => form("repetition", vec![int(3, span)], span),
        _ => {
            let word = cond.head().or(cond.as_symbol()).unwrap_or("condition");
            return Err(ZrfError::unsupported(word, span));
        }
    };
    Ok(vec![form(outcome, vec![rule], node.span)])
}
