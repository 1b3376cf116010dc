//! `(define NAME (PARAM ...) BODY ...)`: compile-time macros. A use `(NAME ARG ...)` is replaced
//! by the body with each parameter replaced by its argument, as written: as a statement the
//! body's forms are spliced in place (no new scope), as an expression the body must be one form.

use crate::error::{CompileError, CompileErrorKind};
use crate::syntax::{self, Result};
use dagaz_sexpr::{Node, NodeKind, Span};
use indexmap::IndexMap;

/// How deep macros may expand inside one another (a macro that uses itself never ends).
pub const MAX_EXPANSION_DEPTH: usize = 64;

#[derive(Clone, Debug)]
pub struct Macro {
    params: Vec<String>,
    body: Vec<Node>,
}

#[derive(Clone, Debug, Default)]
pub struct Macros {
    defined: IndexMap<String, Macro>,
}

impl Macros {
    /// Reads one `(define ...)` form.
    pub fn define(&mut self, form: &Node) -> Result<()> {
        let items = syntax::list(form, "a `(define ...)` form")?;
        let name_node = items
            .get(1)
            .ok_or_else(|| syntax::expected("a macro name", form))?;
        let name = syntax::symbol(name_node, "a macro name")?;
        if crate::keywords::SPECIAL_STATEMENTS.contains(&name)
            || crate::keywords::EXPRESSION_FORMS.contains(&name)
        {
            return Err(CompileError::new(
                CompileErrorKind::BuiltinName(name.to_string()),
                name_node.span,
            ));
        }
        let params_node = items
            .get(2)
            .ok_or_else(|| syntax::expected("a parameter list such as `(dir)` or `()`", form))?;
        let params = syntax::list(params_node, "a parameter list such as `(dir)` or `()`")?
            .iter()
            .map(|p| syntax::symbol(p, "a parameter name").map(str::to_string))
            .collect::<Result<Vec<_>>>()?;
        let body = items.get(3..).unwrap_or(&[]).to_vec();
        if self
            .defined
            .insert(name.to_string(), Macro { params, body })
            .is_some()
        {
            return Err(CompileError::new(
                CompileErrorKind::Duplicate("define".into(), name.to_string()),
                name_node.span,
            ));
        }
        Ok(())
    }

    /// The body of `(NAME ARG ...)` with the arguments in place; `None` if NAME is no macro.
    pub fn expand(&self, items: &[Node], span: Span) -> Option<Result<Vec<Node>>> {
        let name = items.first()?.as_symbol()?;
        let m = self.defined.get(name)?;
        let args = syntax::args(items);
        if args.len() != m.params.len() {
            return Some(Err(CompileError::new(
                CompileErrorKind::Arity {
                    form: name.to_string(),
                    expected: format!(
                        "{} argument{}",
                        m.params.len(),
                        if m.params.len() == 1 { "" } else { "s" }
                    ),
                    found: args.len(),
                },
                span,
            )));
        }
        Some(Ok(m
            .body
            .iter()
            .map(|n| substitute(n, &m.params, args))
            .collect()))
    }
}

fn substitute(node: &Node, params: &[String], args: &[Node]) -> Node {
    match &node.kind {
        NodeKind::Symbol(s) => match params.iter().position(|p| p == s) {
            Some(i) => args.get(i).cloned().unwrap_or_else(|| node.clone()),
            None => node.clone(),
        },
        NodeKind::List(items) => Node::new(
            NodeKind::List(items.iter().map(|n| substitute(n, params, args)).collect()),
            node.span,
        ),
        _ => node.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_with_arguments_in_place() {
        let forms =
            dagaz_sexpr::read("(define step (d) (check d) (check is-empty?)) (step nw)").unwrap();
        let mut m = Macros::default();
        m.define(&forms[0]).unwrap();
        let use_site = forms[1].as_list().unwrap();
        let body = m.expand(use_site, forms[1].span).unwrap().unwrap();
        let text: Vec<String> = body.iter().map(|n| n.to_string()).collect();
        assert_eq!(text, vec!["(check nw)", "(check is-empty?)"]);
    }

    #[test]
    fn checks_arity_and_duplicates() {
        let forms = dagaz_sexpr::read("(define f (a) a) (f) (define f () 1)").unwrap();
        let mut m = Macros::default();
        m.define(&forms[0]).unwrap();
        let err = m
            .expand(forms[1].as_list().unwrap(), forms[1].span)
            .unwrap()
            .unwrap_err();
        assert!(matches!(err.kind, CompileErrorKind::Arity { found: 0, .. }));
        assert!(m.define(&forms[2]).is_err());
        let forms = dagaz_sexpr::read("(define check (x) x)").unwrap();
        let err = Macros::default().define(&forms[0]).unwrap_err();
        assert_eq!(err.kind, CompileErrorKind::BuiltinName("check".into()));
    }
}
