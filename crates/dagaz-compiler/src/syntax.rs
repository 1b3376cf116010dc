//! Small helpers for taking S-expression forms apart with precise errors.

use crate::error::{CompileError, CompileErrorKind};
use dagaz_sexpr::{Node, NodeKind, Span};

pub(crate) type Result<T> = std::result::Result<T, CompileError>;

pub(crate) fn expected(what: &str, node: &Node) -> CompileError {
    CompileError::new(
        CompileErrorKind::Expected {
            expected: what.to_string(),
            found: node.describe(),
        },
        node.span,
    )
}

pub(crate) fn list<'a>(node: &'a Node, what: &str) -> Result<&'a [Node]> {
    node.as_list().ok_or_else(|| expected(what, node))
}

pub(crate) fn symbol<'a>(node: &'a Node, what: &str) -> Result<&'a str> {
    node.as_symbol().ok_or_else(|| expected(what, node))
}

pub(crate) fn int(node: &Node, what: &str) -> Result<i64> {
    match node.kind {
        NodeKind::Int(n) => Ok(n),
        _ => Err(expected(what, node)),
    }
}

/// A string or a symbol, as text (`(name "Simple Checkers")` and `(name chess)` both work).
pub(crate) fn text<'a>(node: &'a Node, what: &str) -> Result<&'a str> {
    match &node.kind {
        NodeKind::Str(s) | NodeKind::Symbol(s) => Ok(s),
        _ => Err(expected(what, node)),
    }
}

/// The items of a form after its head, e.g. the `x y` of `(head x y)`.
pub(crate) fn args(items: &[Node]) -> &[Node] {
    items.get(1..).unwrap_or(&[])
}

/// Exactly `N` arguments, or an arity error naming the form.
pub(crate) fn arity<'a, const N: usize>(
    form: &str,
    items: &'a [Node],
    span: Span,
) -> Result<&'a [Node; N]> {
    let args = args(items);
    if let Ok(exact) = <&[Node; N]>::try_from(args) {
        Ok(exact)
    } else {
        let n = N;
        let plural = if n == 1 { "" } else { "s" };
        Err(CompileError::new(
            CompileErrorKind::Arity {
                form: form.to_string(),
                expected: format!("{n} argument{plural}"),
                found: args.len(),
            },
            span,
        ))
    }
}

/// The value of a `(name X)` sub-form among `items`.
pub(crate) fn name_of<'a>(items: &'a [Node], owner: &Node) -> Result<(&'a str, Span)> {
    let name = items
        .iter()
        .find(|item| item.head() == Some("name"))
        .ok_or_else(|| expected("a `(name ...)` clause", owner))?;
    let parts = list(name, "a `(name ...)` clause")?;
    let args = arity::<1>("name", parts, name.span)?;
    let first = &args[0];
    Ok((text(first, "a name")?, first.span))
}
