//! Taking S-expression forms apart with precise "expected X, found Y" errors.

use crate::error::SyntaxError;
use crate::keyword::Keyword;
use crate::tree::Ident;
use dagaz_sexpr::{Node, NodeKind, Span};

pub(crate) type Result<T> = std::result::Result<T, SyntaxError>;

pub(crate) fn list<'a>(node: &'a Node, what: &str) -> Result<&'a [Node]> {
    node.as_list()
        .ok_or_else(|| SyntaxError::expected(what, node))
}

pub(crate) fn symbol<'a>(node: &'a Node, what: &str) -> Result<&'a str> {
    node.as_symbol()
        .ok_or_else(|| SyntaxError::expected(what, node))
}

/// A symbol as an [`Ident`].
pub(crate) fn ident(node: &Node, what: &str) -> Result<Ident> {
    symbol(node, what).map(|text| Ident {
        text: text.to_string(),
        span: node.span,
    })
}

pub(crate) fn int(node: &Node, what: &str) -> Result<i64> {
    match node.kind {
        NodeKind::Int(n) => Ok(n),
        _ => Err(SyntaxError::expected(what, node)),
    }
}

/// A string or a symbol, as text (`(name "Simple Checkers")` and `(name chess)` both work).
pub(crate) fn text(node: &Node, what: &str) -> Result<Ident> {
    match &node.kind {
        NodeKind::Str(s) | NodeKind::Symbol(s) => Ok(Ident {
            text: s.clone(),
            span: node.span,
        }),
        _ => Err(SyntaxError::expected(what, node)),
    }
}

/// Any node as the text it prints as (a position written as a name or a number).
pub(crate) fn written(node: &Node) -> Ident {
    Ident {
        text: node.to_string(),
        span: node.span,
    }
}

/// The items of a form after its head, e.g. the `x y` of `(head x y)`.
pub(crate) fn args(items: &[Node]) -> &[Node] {
    items.get(1..).unwrap_or(&[])
}

/// The keyword that heads `node`, if it is a list headed by one.
pub(crate) fn head(node: &Node) -> Option<Keyword> {
    node.head().and_then(Keyword::from_text)
}

/// "1 argument", "2 arguments".
pub(crate) fn arguments(n: usize) -> String {
    format!("{n} argument{}", if n == 1 { "" } else { "s" })
}

/// Exactly `N` arguments, or an arity error naming the form.
pub(crate) fn arity<'a, const N: usize>(
    form: &str,
    items: &'a [Node],
    span: Span,
) -> Result<&'a [Node; N]> {
    let args = args(items);
    <&[Node; N]>::try_from(args)
        .map_err(|_| SyntaxError::arity(form, arguments(N), args.len(), span))
}

/// "`FORM` takes at least N arguments, found M".
pub(crate) fn arity_at_least(form: &str, n: usize, items: &[Node], span: Span) -> SyntaxError {
    SyntaxError::arity(
        form,
        format!("at least {}", arguments(n)),
        args(items).len(),
        span,
    )
}

/// The value of the first `(name X)` sub-form among `items`, a name or a string.
pub(crate) fn name_of(items: &[Node], owner: &Node) -> Result<Ident> {
    let name = items
        .iter()
        .find(|item| head(item) == Some(Keyword::Name))
        .ok_or_else(|| SyntaxError::expected("a `(name ...)` clause", owner))?;
    let parts = list(name, "a `(name ...)` clause")?;
    let [value] = arity::<1>(Keyword::Name.text(), parts, name.span)?;
    text(value, "a name")
}

/// A one-character name that is not a digit (a FEN letter).
pub(crate) fn letter(node: &Node, what: &str, shape: &str) -> Result<crate::tree::Letter> {
    let text = symbol(node, what)?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if !c.is_ascii_digit() => Ok(crate::tree::Letter {
            letter: c,
            span: node.span,
        }),
        _ => Err(SyntaxError::expected(shape, node)),
    }
}
