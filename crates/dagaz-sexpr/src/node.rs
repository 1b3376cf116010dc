//! The syntax tree: lists, symbols, integers and strings, each with its span.

use crate::span::Span;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    List(Vec<Node>),
    Symbol(String),
    Int(i64),
    Str(String),
}

impl Node {
    pub fn new(kind: NodeKind, span: Span) -> Node {
        Node { kind, span }
    }

    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::List(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_symbol(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Symbol(name) => Some(name),
            _ => None,
        }
    }

    /// The head symbol of a list such as `(name ...)`.
    pub fn head(&self) -> Option<&str> {
        self.as_list()?.first()?.as_symbol()
    }

    /// A short description of what this node is, for messages ("a list", "the symbol `x`").
    pub fn describe(&self) -> String {
        match &self.kind {
            NodeKind::List(items) => match items.first().and_then(Node::as_symbol) {
                Some(head) => format!("the form `({head} ...)`"),
                None => "a list".to_string(),
            },
            NodeKind::Symbol(name) => format!("the symbol `{name}`"),
            NodeKind::Int(value) => format!("the number {value}"),
            NodeKind::Str(text) => format!("the string {text:?}"),
        }
    }
}

/// Prints the node back as S-expression text (strings re-escaped).
impl fmt::Display for Node {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            NodeKind::List(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
            NodeKind::Symbol(name) => f.write_str(name),
            NodeKind::Int(value) => write!(f, "{value}"),
            NodeKind::Str(text) => {
                // Only the escapes the reader knows; every other character as it is, so that
                // the text reads back to the same string.
                f.write_str("\"")?;
                for c in text.chars() {
                    match c {
                        '\\' => f.write_str("\\\\")?,
                        '"' => f.write_str("\\\"")?,
                        '\n' => f.write_str("\\n")?,
                        '\t' => f.write_str("\\t")?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
        }
    }
}
