//! ZRF's flags: `(set-flag F C)` and `(flag? F)`, a local of the block; and position flags,
//! `(set-position-flag F true)` and `(position-flag? F [DIR])`, dagaz's `visit` marks.

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use dagaz_sexpr::{Node, Span};

/// The dagaz local of the ZRF flag `name`.
pub fn flag_local(name: &Node) -> Result<Node, ZrfError> {
    let flag = name
        .as_symbol()
        .ok_or_else(|| ZrfError::expected("a flag name", name))?;
    Ok(sym(&format!("zrf-flag-{flag}"), name.span))
}

/// A block's flags, each a local declared false at its start: a ZRF flag belongs to the move
/// being made, and reads false until set. (A flag the block only reads is declared too.)
pub fn declare_flags(items: &[Node], span: Span) -> Vec<Node> {
    let mut flags: Vec<Node> = Vec::new();
    collect_flags(items, &mut flags);
    flags
        .into_iter()
        .map(|f| form("let", vec![f, sym("false", span)], span))
        .collect()
}

/// The locals of the flags that `nodes` set or read, once each.
fn collect_flags(nodes: &[Node], out: &mut Vec<Node>) {
    for node in nodes {
        let Some(items) = node.as_list() else {
            continue;
        };
        if let (Some("set-flag" | "flag?" | "not-flag?"), Some(name)) = (node.head(), items.get(1))
        {
            if let Ok(local) = flag_local(name) {
                if !out.iter().any(|f| f.as_symbol() == local.as_symbol()) {
                    out.push(local);
                }
            }
        }
        collect_flags(items, out);
    }
}

/// `(set-position-flag FLAG true)`: dagaz's `visit`, a mark on the square that lasts until the
/// block's move is made and that backtracking undoes, as a ZRF position flag lasts while its
/// block runs. One flag a block ([`one_position_flag`]), set to true only: a mark is not
/// cleared. Not in a chain of parts, whose `visit` marks are the squares it landed on.
pub fn set_position_flag(node: &Node, in_chain: bool) -> Result<Node, ZrfError> {
    let span = node.span;
    let [_, value] = args(node) else {
        return Err(ZrfError::expected(
            "`(set-position-flag FLAG CONDITION)`",
            node,
        ));
    };
    if in_chain {
        return Err(ZrfError::unsupported(
            "set-position-flag (with add-partial)",
            span,
        ));
    }
    if value.as_symbol() != Some("true") {
        return Err(ZrfError::unsupported(
            "set-position-flag (to other than true)",
            value.span,
        ));
    }
    Ok(form("visit", vec![], span))
}

/// A block's position flags: at most one name, which [`set_position_flag`] keeps as `visit`
/// marks.
pub fn one_position_flag(items: &[Node]) -> Result<(), ZrfError> {
    let mut seen: Option<String> = None;
    let mut check = |node: &Node| -> Result<(), ZrfError> {
        let named = matches!(
            node.head(),
            Some("set-position-flag" | "position-flag?" | "not-position-flag?")
        );
        let Some(flag) = args(node).first().filter(|_| named) else {
            return Ok(());
        };
        let name = flag.as_symbol().unwrap_or_default();
        match &seen {
            Some(first) if first != name => Err(ZrfError::unsupported(
                "set-position-flag (of two flags in one block)",
                flag.span,
            )),
            _ => {
                seen = Some(name.to_string());
                Ok(())
            }
        }
    };
    walk(items, &mut check)
}

/// `visit` on every list form in `nodes`, depth first.
fn walk(
    nodes: &[Node],
    visit: &mut dyn FnMut(&Node) -> Result<(), ZrfError>,
) -> Result<(), ZrfError> {
    for node in nodes {
        if let Some(items) = node.as_list() {
            visit(node)?;
            walk(items, visit)?;
        }
    }
    Ok(())
}

/// `(position-flag? F ...)` or `(not-position-flag? F ...)` (`word`) on the current square:
/// `is-visited?`, `not-visited?`; refused in a chain (`in_chain`), whose marks are its landings.
pub fn position_flag(word: &str, node: &Node, in_chain: bool) -> Result<Node, ZrfError> {
    if in_chain {
        return Err(ZrfError::unsupported(
            "position-flag? (with add-partial)",
            node.span,
        ));
    }
    if !matches!(args(node).len(), 1 | 2) {
        return Err(ZrfError::expected(
            "`(position-flag? FLAG [DIRECTION])`",
            node,
        ));
    }
    let test = if word == "position-flag?" {
        "is-visited?"
    } else {
        "not-visited?"
    };
    Ok(sym(test, node.span))
}
