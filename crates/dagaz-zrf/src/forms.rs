//! Building dagaz forms: every node made carries the span of the ZRF form it stands for, so
//! that a message about the translation points into the ZRF text.

use dagaz_sexpr::{Node, NodeKind, Span};

/// A symbol.
pub fn sym(name: &str, span: Span) -> Node {
    Node::new(NodeKind::Symbol(name.to_string()), span)
}

/// A list of `items`.
pub fn list(items: Vec<Node>, span: Span) -> Node {
    Node::new(NodeKind::List(items), span)
}

/// A list whose head is the symbol `head`.
pub fn form(head: &str, rest: Vec<Node>, span: Span) -> Node {
    let mut items = Vec::with_capacity(rest.len() + 1);
    items.push(sym(head, span));
    items.extend(rest);
    list(items, span)
}

/// A string.
pub fn string(text: &str, span: Span) -> Node {
    Node::new(NodeKind::Str(text.to_string()), span)
}

/// An integer.
pub fn int(value: i64, span: Span) -> Node {
    Node::new(NodeKind::Int(value), span)
}

/// The items after a form's head.
pub fn args(node: &Node) -> &[Node] {
    node.as_list().and_then(|l| l.get(1..)).unwrap_or_default()
}

/// A string's or a symbol's text.
pub fn text(node: &Node) -> Option<&str> {
    match &node.kind {
        NodeKind::Str(s) | NodeKind::Symbol(s) => Some(s),
        _ => None,
    }
}

/// The `(name X)` clause's X among a form's clauses, as text.
pub fn name_of(clauses: &[Node]) -> Option<String> {
    clauses
        .iter()
        .find(|c| c.head() == Some("name"))
        .and_then(|c| args(c).first())
        .map(|n| text(n).map_or_else(|| n.to_string(), str::to_string))
}

/// The most forms headed `head` that one of `blocks` holds, at any depth: how many slots (of
/// `create`, of `set-attribute`) a piece's moves need.
pub fn most_in_a_block<'n>(blocks: impl Iterator<Item = &'n Node>, head: &str) -> usize {
    fn count(node: &Node, head: &str) -> usize {
        match node.as_list() {
            Some(items) => {
                let here = usize::from(node.head() == Some(head));
                here + items.iter().map(|n| count(n, head)).sum::<usize>()
            }
            None => 0,
        }
    }
    blocks.map(|b| count(b, head)).max().unwrap_or(0)
}
