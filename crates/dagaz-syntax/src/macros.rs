//! `(define NAME (PARAM ...) BODY ...)`: macros. A use `(NAME ARG ...)` is replaced by the body
//! with each parameter replaced by its argument, as written: as a statement the body's forms are
//! spliced in place (no new scope), as an expression the body must be one form.

use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::keyword::Keyword;
use crate::shape;
use crate::tree::{Define, Ident};
use dagaz_sexpr::{Node, NodeKind, Span};
use std::collections::HashMap;

/// How deep macros may expand inside one another (a macro that uses itself never ends).
pub const MAX_EXPANSION_DEPTH: usize = 64;

/// How many forms (lists and atoms, counted one by one) the expansions of one file may
/// produce together: a macro used twice in its own body doubles at each level.
pub const MAX_EXPANDED_FORMS: usize = 200_000;

#[derive(Clone, Debug)]
struct Macro {
    params: Vec<String>,
    body: Vec<Node>,
}

/// The macros of a file, by name. A `define` that could not be read is kept as `None`, so that
/// its uses are dropped quietly rather than reported as unknown forms.
#[derive(Clone, Debug, Default)]
pub(crate) struct Macros {
    defined: HashMap<String, Option<Macro>>,
}

/// What a list turned out to be.
pub(crate) enum Use {
    /// Not a macro use.
    None,
    /// A use of a macro whose `define` could not be read.
    Broken,
    /// The body with the arguments in place, or the error of a use with the wrong arity.
    Expanded(Result<Vec<Node>, SyntaxError>),
}

impl Macros {
    /// Reads one `(define ...)` form; errors go to `errors`.
    pub fn define(&mut self, form: &Node, errors: &mut Vec<SyntaxError>) -> Option<Define> {
        let items = form.as_list()?;
        let Some(name_node) = items.get(1) else {
            errors.push(SyntaxError::expected("a macro name", form));
            return None;
        };
        let name = match shape::symbol(name_node, "a macro name") {
            Ok(name) => name,
            Err(e) => {
                errors.push(e);
                return None;
            }
        };
        if Keyword::is_builtin_form_name(name) {
            errors.push(SyntaxError::new(
                SyntaxErrorKind::BuiltinName(name.to_string()),
                name_node.span,
            ));
            return None;
        }
        if self.defined.contains_key(name) {
            errors.push(SyntaxError::new(
                SyntaxErrorKind::Duplicate(Keyword::Define.text().into(), name.to_string()),
                name_node.span,
            ));
            return None;
        }
        let params = match params(form, items) {
            Ok(params) => params,
            Err(e) => {
                errors.push(e);
                self.defined.insert(name.to_string(), None);
                return None;
            }
        };
        let body = items.get(3..).unwrap_or(&[]).to_vec();
        let define = Define {
            name: Ident {
                text: name.to_string(),
                span: name_node.span,
            },
            params: params.clone(),
            span: form.span,
        };
        let params = params.into_iter().map(|p| p.text).collect();
        self.defined
            .insert(name.to_string(), Some(Macro { params, body }));
        Some(define)
    }

    /// Whether `node` uses a macro, and if so its expansion; `forms` counts the forms every
    /// expansion produced.
    pub fn expand(&self, node: &Node, forms: &mut usize) -> Use {
        let Some(items) = node.as_list() else {
            return Use::None;
        };
        let Some(name) = items.first().and_then(Node::as_symbol) else {
            return Use::None;
        };
        let m = match self.defined.get(name) {
            None => return Use::None,
            Some(None) => return Use::Broken,
            Some(Some(m)) => m,
        };
        let args = shape::args(items);
        if args.len() != m.params.len() {
            return Use::Expanded(Err(SyntaxError::arity(
                name,
                shape::arguments(m.params.len()),
                args.len(),
                node.span,
            )));
        }
        Use::Expanded(Ok(m
            .body
            .iter()
            .map(|n| substitute(n, &m.params, args, forms))
            .collect()))
    }
}

/// `(PARAM ...)`: the third item of a `define`.
fn params(form: &Node, items: &[Node]) -> Result<Vec<Ident>, SyntaxError> {
    const WHAT: &str = "a parameter list such as `(dir)` or `()`";
    let node = items
        .get(2)
        .ok_or_else(|| SyntaxError::expected(WHAT, form))?;
    shape::list(node, WHAT)?
        .iter()
        .map(|p| {
            shape::symbol(p, "a parameter name").map(|text| Ident {
                text: text.to_string(),
                span: p.span,
            })
        })
        .collect()
}

/// `node` with every parameter replaced by its argument; adds the forms made to `forms`.
fn substitute(node: &Node, params: &[String], args: &[Node], forms: &mut usize) -> Node {
    match &node.kind {
        NodeKind::Symbol(s) => match params.iter().position(|p| p == s).and_then(|i| args.get(i)) {
            Some(arg) => {
                *forms = forms.saturating_add(size(arg));
                arg.clone()
            }
            None => {
                *forms = forms.saturating_add(1);
                node.clone()
            }
        },
        NodeKind::List(items) => {
            *forms = forms.saturating_add(1);
            Node::new(
                NodeKind::List(
                    items
                        .iter()
                        .map(|n| substitute(n, params, args, forms))
                        .collect(),
                ),
                node.span,
            )
        }
        _ => {
            *forms = forms.saturating_add(1);
            node.clone()
        }
    }
}

/// How many forms `node` is made of.
fn size(node: &Node) -> usize {
    match &node.kind {
        NodeKind::List(items) => items.iter().map(size).fold(1, usize::saturating_add),
        _ => 1,
    }
}

/// Where a use's expansion is checked against [`MAX_EXPANSION_DEPTH`].
pub(crate) fn too_deep(span: Span) -> SyntaxError {
    SyntaxError::new(SyntaxErrorKind::MacroTooDeep(MAX_EXPANSION_DEPTH), span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn read(text: &str) -> Vec<Node> {
        dagaz_sexpr::read(text).unwrap()
    }

    fn messages(errors: &[SyntaxError]) -> Vec<String> {
        errors.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn expands_with_arguments_in_place() {
        let forms = read("(define step (d) (check d) (check is-empty?)) (step nw) (log 1)");
        let mut m = Macros::default();
        let mut errors = Vec::new();
        let define = m.define(&forms[0], &mut errors).unwrap();
        assert_eq!(errors, vec![]);
        assert_eq!(define.name.text, "step");
        assert_eq!(define.params[0].text, "d");
        let mut forms_made = 0;
        let Use::Expanded(Ok(body)) = m.expand(&forms[1], &mut forms_made) else {
            panic!("not expanded")
        };
        let text: Vec<String> = body.iter().map(|n| n.to_string()).collect();
        assert_eq!(text, vec!["(check nw)", "(check is-empty?)"]);
        assert_eq!(forms_made, 6);
        // The argument keeps the span where it was written at the use.
        assert_eq!(
            body[0].as_list().unwrap()[1].span,
            forms[1].as_list().unwrap()[1].span
        );
        assert!(matches!(m.expand(&forms[2], &mut forms_made), Use::None));
    }

    #[test]
    fn checks_arity_names_and_duplicates() {
        let forms = read("(define f (a) a) (f) (define f () 1) (define check (x) x)");
        let mut m = Macros::default();
        let mut errors = Vec::new();
        m.define(&forms[0], &mut errors).unwrap();
        let Use::Expanded(Err(e)) = m.expand(&forms[1], &mut 0) else {
            panic!("no arity error")
        };
        assert_eq!(e.to_string(), "`f` takes 1 argument, found 0");
        assert!(m.define(&forms[2], &mut errors).is_none());
        assert!(m.define(&forms[3], &mut errors).is_none());
        assert_eq!(
            messages(&errors),
            vec![
                "a second `define` definition named `f`",
                "`check` is a built-in form; a macro may not take its name"
            ]
        );
    }

    #[test]
    fn a_define_that_cannot_be_read_makes_its_uses_broken() {
        let forms = read("(define g (1) x) (g) (define) (define (h))");
        let mut m = Macros::default();
        let mut errors = Vec::new();
        assert!(m.define(&forms[0], &mut errors).is_none());
        assert!(matches!(m.expand(&forms[1], &mut 0), Use::Broken));
        assert!(m.define(&forms[2], &mut errors).is_none());
        assert!(m.define(&forms[3], &mut errors).is_none());
        assert_eq!(
            messages(&errors),
            vec![
                "expected a parameter name, found the number 1",
                "expected a macro name, found the form `(define ...)`",
                "expected a macro name, found the form `(h ...)`",
            ]
        );
    }
}
