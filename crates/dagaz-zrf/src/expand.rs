//! ZRF's text macros: `(define NAME BODY ...)`, called as `(NAME ARG ...)` anywhere, the call
//! replaced by the body's items with `$1`, `$2`, ... replaced by the arguments, whole or pasted
//! into names and strings (`D$1`, `"images/$1.bmp"`); and `(include "FILE")`, whose forms stand
//! where it stands.

use crate::error::{ZrfError, ZrfErrorKind};
use dagaz_sexpr::{Dialect, Node, NodeKind, Span};
use std::collections::HashMap;

/// How many macro calls may be open inside one another while expanding.
pub const MAX_MACRO_DEPTH: usize = 64;

/// The most forms macro expansion may make in one file (the largest file of the Zillions
/// corpus makes about 82,000).
pub const MAX_EXPANDED: usize = 2_000_000;

/// How deep `include`s may nest.
const MAX_INCLUDE_DEPTH: usize = 8;

/// The top-level forms of `forms` with their `include`s read by `read` (the forms of an
/// included file carry the span of its `include`) and their `define`s taken out and expanded
/// everywhere.
pub fn expand(
    forms: Vec<Node>,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Vec<Node>, ZrfError> {
    let forms = included(forms, read, 0)?;
    let (defines, rest) = defines(forms)?;
    let mut expander = Expander {
        defines,
        made: 0,
        depth: 0,
    };
    let mut out = Vec::new();
    for form in rest {
        expander.node(&form, &mut out)?;
    }
    Ok(out)
}

/// `forms` with each top-level `(include "FILE")` replaced by the forms of that file.
fn included(
    forms: Vec<Node>,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
    depth: usize,
) -> Result<Vec<Node>, ZrfError> {
    let mut out = Vec::new();
    for form in forms {
        let Some(name) = include_name(&form) else {
            out.push(form);
            continue;
        };
        let fail = |why: String| {
            ZrfError::new(
                ZrfErrorKind::Include {
                    name: name.to_string(),
                    why,
                },
                form.span,
            )
        };
        if depth >= MAX_INCLUDE_DEPTH {
            return Err(fail(format!(
                "includes nest deeper than {MAX_INCLUDE_DEPTH}"
            )));
        }
        let text = read(name).map_err(fail)?;
        let inner = dagaz_sexpr::read_with(&text, Dialect::Zrf)
            .map_err(|e| fail(format!("{} (in that file)", e.kind)))?;
        let inner = inner.into_iter().map(|n| respan(n, form.span)).collect();
        out.extend(included(inner, read, depth + 1)?);
    }
    Ok(out)
}

fn include_name(form: &Node) -> Option<&str> {
    match form.as_list()? {
        [head, Node {
            kind: NodeKind::Str(name),
            ..
        }] if head.as_symbol() == Some("include") => Some(name),
        _ => None,
    }
}

/// `node` with every span replaced by `span`: forms that stand for text elsewhere.
fn respan(node: Node, span: Span) -> Node {
    let kind = match node.kind {
        NodeKind::List(items) => {
            NodeKind::List(items.into_iter().map(|n| respan(n, span)).collect())
        }
        other => other,
    };
    Node::new(kind, span)
}

/// The macros of `forms` by name, and the other forms.
fn defines(forms: Vec<Node>) -> Result<(Macros, Vec<Node>), ZrfError> {
    let mut defines = HashMap::new();
    let mut rest = Vec::new();
    for form in forms {
        if form.head() != Some("define") {
            rest.push(form);
            continue;
        }
        let items = form.as_list().unwrap_or_default();
        let Some(name) = items.get(1).and_then(Node::as_symbol) else {
            let found = items.get(1).unwrap_or(&form);
            return Err(ZrfError::expected("a macro's name after `define`", found));
        };
        let body = items.get(2..).unwrap_or_default().to_vec();
        if defines.insert(name.to_string(), body).is_some() {
            return Err(ZrfError::new(
                ZrfErrorKind::Redefined(name.to_string()),
                form.span,
            ));
        }
    }
    Ok((defines, rest))
}

/// Each macro's body by its name.
type Macros = HashMap<String, Vec<Node>>;

struct Expander {
    defines: Macros,
    /// Forms made so far.
    made: usize,
    /// Macro calls open.
    depth: usize,
}

impl Expander {
    /// Appends `node`, expanded, to `out`: a macro call adds its body's items, anything else
    /// one node.
    fn node(&mut self, node: &Node, out: &mut Vec<Node>) -> Result<(), ZrfError> {
        self.made += 1;
        if self.made > MAX_EXPANDED {
            return Err(self.too_much(node.span));
        }
        let Some(items) = node.as_list() else {
            out.push(node.clone());
            return Ok(());
        };
        if let Some(body) = node.head().and_then(|h| self.defines.get(h)).cloned() {
            return self.call(&body, items.get(1..).unwrap_or_default(), node.span, out);
        }
        let mut inner = Vec::with_capacity(items.len());
        for item in items {
            self.node(item, &mut inner)?;
        }
        out.push(Node::new(NodeKind::List(inner), node.span));
        Ok(())
    }

    /// A call of the macro whose body is `body` with `args`, at `span`: the body's items, the
    /// arguments put in, expanded again.
    fn call(
        &mut self,
        body: &[Node],
        args: &[Node],
        span: Span,
        out: &mut Vec<Node>,
    ) -> Result<(), ZrfError> {
        if self.depth >= MAX_MACRO_DEPTH {
            return Err(self.too_much(span));
        }
        self.depth += 1;
        let mut made = Vec::new();
        for item in body {
            substitute(item, args, span, &mut made);
        }
        for item in &made {
            self.node(item, out)?;
        }
        self.depth -= 1;
        Ok(())
    }

    fn too_much(&self, span: Span) -> ZrfError {
        ZrfError::new(
            ZrfErrorKind::TooMuchExpansion(MAX_MACRO_DEPTH, MAX_EXPANDED),
            span,
        )
    }
}

/// Appends `item` of a macro body to `out` with the `args` put in: a whole `$N` becomes the
/// argument (nothing when the call has fewer), a `$N` inside a name or a string its text. What
/// the body makes carries the call's `span`; the arguments keep their own.
fn substitute(item: &Node, args: &[Node], span: Span, out: &mut Vec<Node>) {
    match &item.kind {
        NodeKind::Symbol(name) => match whole_argument(name) {
            Some(n) => out.extend(n.checked_sub(1).and_then(|i| args.get(i)).cloned()),
            None => out.push(Node::new(NodeKind::Symbol(pasted(name, args)), span)),
        },
        NodeKind::Str(text) => out.push(Node::new(NodeKind::Str(pasted(text, args)), span)),
        NodeKind::Int(_) => out.push(Node::new(item.kind.clone(), span)),
        NodeKind::List(items) => {
            let mut inner = Vec::with_capacity(items.len());
            for i in items {
                substitute(i, args, span, &mut inner);
            }
            out.push(Node::new(NodeKind::List(inner), span));
        }
    }
}

/// `N` when `name` is `$N` and nothing else.
fn whole_argument(name: &str) -> Option<usize> {
    let digits = name.strip_prefix('$')?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| digits.parse().ok())
        .flatten()
}

/// `text` with each `$N` replaced by the text of argument N (an atom's; a list pastes as it
/// prints, which the corpus never does), nothing for a missing one.
fn pasted(text: &str, args: &[Node]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let len = after.bytes().take_while(u8::is_ascii_digit).count();
        if len == 0 {
            out.push('$');
        }
        let argument = after[..len]
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|n| args.get(n));
        match argument.map(|a| &a.kind) {
            Some(NodeKind::Symbol(s) | NodeKind::Str(s)) => out.push_str(s),
            Some(_) => out.push_str(&argument.map(ToString::to_string).unwrap_or_default()),
            None => {}
        }
        rest = &after[len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn expanded(text: &str) -> Vec<String> {
        let forms = dagaz_sexpr::read_with(text, Dialect::Zrf).unwrap();
        let mut no_files = |name: &str| Err(format!("no file {name}"));
        expand(forms, &mut no_files)
            .unwrap()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_call_becomes_the_body_with_the_arguments_put_in_whole_or_pasted() {
        let text = r#"(piece (moves (step n) (leap n ne Man)))
            (define step ($1 (verify empty?) add))
            (define leap ($1 $2 (verify not-friend?) (add $3) "img/$3.bmp" D$1))"#;
        assert_eq!(
            expanded(text),
            vec![
                "(piece (moves (n (verify empty?) add) (n ne (verify not-friend?) (add Man) \"img/Man.bmp\" Dn)))"
            ]
        );
    }

    #[test]
    fn a_body_of_several_items_is_spliced_and_a_missing_argument_is_nothing() {
        let text = "(define two $1 (verify empty?) $1) (moves ((two n $2) add))";
        assert_eq!(expanded(text), vec!["(moves (n (verify empty?) n add))"]);
    }

    #[test]
    fn macros_in_arguments_expand_and_endless_ones_stop() {
        assert_eq!(
            expanded("(define a (x $1)) (define b (a $1)) (b (a y))"),
            vec!["(x (x y))"]
        );
        let forms = dagaz_sexpr::read_with("(define a (a)) (a)", Dialect::Zrf).unwrap();
        let err = expand(forms, &mut |_| Err(String::new())).unwrap_err();
        assert!(
            matches!(err.kind, ZrfErrorKind::TooMuchExpansion(..)),
            "{err}"
        );
    }

    #[test]
    fn includes_are_read_in_place_and_a_macro_is_defined_once() {
        let forms =
            dagaz_sexpr::read_with("(include \"common.zrf\") (game (t))", Dialect::Zrf).unwrap();
        let mut files = |name: &str| match name {
            "common.zrf" => Ok("(define t (title \"x\"))".to_string()),
            _ => Err("no".to_string()),
        };
        let out = expand(forms, &mut files).unwrap();
        assert_eq!(out[0].to_string(), "(game (title \"x\"))");
        let forms = dagaz_sexpr::read_with("(define a 1) (define a 2)", Dialect::Zrf).unwrap();
        let err = expand(forms, &mut files).unwrap_err();
        assert_eq!(err.kind, ZrfErrorKind::Redefined("a".into()));
        assert_eq!(err.span, Span::new(13, 25));
    }
}
