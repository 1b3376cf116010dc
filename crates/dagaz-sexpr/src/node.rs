//! The syntax tree: lists, symbols, integers and strings, each with its span.

use crate::span::Span;
use std::fmt;

/// One form of the text, an atom or a list, with the bytes it was read from.
///
/// The tree owns its strings, so it outlives the text; only the spans refer back to it.
/// Comments and white space leave no node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// What the form is.
    pub kind: NodeKind,
    /// The bytes it was read from: a list's from its `(` to its `)`, a string's with its
    /// quotes. The default span (`0..0`) marks a node made by code, with no text of its own.
    pub span: Span,
}

/// The four kinds of form. A name and a number are told apart by their characters alone:
/// a token is a number when it is an optional `-` and digits only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// `( ... )`: the items in order; may be empty.
    List(Vec<Node>),
    /// A token of symbol characters that is not a number: `board`, `is-empty?`, `-`, `a1`,
    /// `+1` (no `+` sign on numbers). Case matters.
    Symbol(String),
    /// An optional `-` and decimal digits: `42`, `-1`. Read as 64 bits; the compiler narrows
    /// it to what the game allows where it is used.
    Int(i64),
    /// A double-quoted string with its escapes (`\\`, `\"`, `\n`, `\t`) replaced.
    Str(String),
}

impl Node {
    /// A node of `kind` standing for the bytes `span`. Public for code that builds forms: the
    /// compiler's macro expansion rebuilds a macro's body with the body's own spans.
    pub fn new(kind: NodeKind, span: Span) -> Node {
        Node { kind, span }
    }

    /// The items when the node is a list; `None` for an atom.
    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::List(items) => Some(items),
            _ => None,
        }
    }

    /// The name when the node is a symbol; `None` otherwise (a string is not a symbol).
    pub fn as_symbol(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Symbol(name) => Some(name),
            _ => None,
        }
    }

    /// The head symbol of a list such as `(name ...)`: how a form says what it is. `None` for
    /// an atom, an empty list, or a list that starts with anything but a symbol.
    pub fn head(&self) -> Option<&str> {
        self.as_list()?.first()?.as_symbol()
    }

    /// A short description of what this node is, for messages ("a list", "the symbol `x`").
    pub fn describe(&self) -> String {
        // Exact: an error keeps this, and a file may have a million errors.
        let mut text = match &self.kind {
            NodeKind::List(items) => match items.first().and_then(Node::as_symbol) {
                Some(head) => format!("the form `({head} ...)`"),
                None => "a list".to_string(),
            },
            NodeKind::Symbol(name) => format!("the symbol `{name}`"),
            NodeKind::Int(value) => format!("the number {value}"),
            NodeKind::Str(text) => format!("the string {text:?}"),
        };
        text.shrink_to_fit();
        text
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
