//! Rules that build on rules: `(include "FILE")` takes another game file's forms, and the
//! including file's forms override what differs.
//!
//! The included forms come first, as if written at the top; then each form of the including
//! file is laid over them:
//!
//! - a `define` with the name of an included one replaces it;
//! - a `board` with the name of an included one is laid over it clause kind by clause kind: a
//!   `dir` replaces the included direction of its name (a new name adds one), and each other
//!   kind it writes (`dim`, `numbers`, `holes`, `dark`) replaces the included clauses of that
//!   kind; the others stay;
//! - a `piece` with the name of an included one replaces, clause kind by clause kind, the
//!   clauses it writes (`notation`, `pre`, `post`, all the `move` clauses, all the `drops`
//!   clauses) and keeps the others, in the included piece's place (piece types keep their
//!   order);
//! - the `game` form is merged the same way: a clause kind it writes replaces the included
//!   game's clauses of that kind, except that `zone`s are replaced by name, `symmetry` by
//!   player, `attribute` and `turn-variable` by name, `win`, `loss` and `draw` together, and
//!   `goal` clauses are added;
//! - the `view` form is merged the same way: a `piece` clause replaces the included look of its
//!   piece, a `colour` the included colour of its role, and each other kind the included
//!   clauses of that kind;
//! - anything else is added.
//!
//! `(include "FILE" (without PIECE ...))` leaves the named pieces of FILE out (a variant without
//! bishops), and their looks in its view; naming a piece FILE does not have is an error.
//!
//! Included forms carry the span of their `include` form: the text they were read from is not
//! the including file's, so a mistake in them is shown at the `include` (and `dagaz check` on
//! the included file shows where). A macro of the including file overrides the included one
//! everywhere, also inside the included pieces, since macros are expanded after the merge.

use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::keyword::Keyword;
use dagaz_sexpr::{Node, NodeKind, Span};

/// How deep includes may nest (a file that includes a file that includes ...).
pub const MAX_INCLUDE_DEPTH: usize = 8;

/// Replaces every `(include "FILE")` among `nodes` by the forms `read` gives for FILE (read in
/// turn for their own includes), and lays the other forms over them. `read` answers a file's
/// forms, or a message saying why it could not. Errors are located at the `include` forms.
pub fn resolve_includes(
    nodes: &[Node],
    read: &mut dyn FnMut(&str) -> Result<Vec<Node>, String>,
) -> (Vec<Node>, Vec<SyntaxError>) {
    let mut errors = Vec::new();
    let mut stack = Vec::new();
    let forms = resolve(nodes, read, &mut stack, &mut errors);
    (forms, errors)
}

/// Whether any top-level form is an `include`: files without one need no reading.
pub fn has_includes(nodes: &[Node]) -> bool {
    nodes
        .iter()
        .any(|n| n.head() == Some(Keyword::Include.text()))
}

fn resolve(
    nodes: &[Node],
    read: &mut dyn FnMut(&str) -> Result<Vec<Node>, String>,
    stack: &mut Vec<String>,
    errors: &mut Vec<SyntaxError>,
) -> Vec<Node> {
    let mut base: Vec<Node> = Vec::new();
    let mut own: Vec<&Node> = Vec::new();
    for node in nodes {
        if node.head() != Some(Keyword::Include.text()) {
            own.push(node);
            continue;
        }
        let (name, left_out) = match include_form(node) {
            Ok(form) => form,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let fail =
            |why: String| SyntaxError::new(SyntaxErrorKind::Include(name.clone(), why), node.span);
        if stack.contains(&name) {
            errors.push(fail("it includes itself".into()));
            continue;
        }
        if stack.len() >= MAX_INCLUDE_DEPTH {
            errors.push(fail(format!(
                "includes nest more than {MAX_INCLUDE_DEPTH} deep"
            )));
            continue;
        }
        let forms = match read(&name) {
            Ok(forms) => forms,
            Err(why) => {
                errors.push(fail(why));
                continue;
            }
        };
        stack.push(name.clone());
        let mut inner = Vec::new();
        let forms = resolve(&forms, read, stack, &mut inner);
        stack.pop();
        if let Some(first) = inner.first() {
            errors.push(fail(format!("its own include failed: {first}")));
        }
        let mut forms: Vec<Node> = forms.into_iter().map(|f| at(f, node.span)).collect();
        leave_out(&mut forms, &left_out, &name, errors);
        base = merge(base, forms);
    }
    merge(base, own.into_iter().cloned().collect())
}

/// `(include "FILE" [(without PIECE ...)])`: the file's name and the pieces to leave out.
fn include_form(node: &Node) -> Result<(String, Vec<(String, Span)>), SyntaxError> {
    let (file, without) = match node.as_list() {
        Some([_, file]) => (file, None),
        Some([_, file, without]) => (file, Some(without)),
        _ => {
            return Err(SyntaxError::expected(
                "`(include \"FILE\")` with one file name, and optionally `(without PIECE ...)`",
                node,
            ))
        }
    };
    let NodeKind::Str(name) = &file.kind else {
        return Err(SyntaxError::expected("a file name in quotes", file));
    };
    let left_out = without.map(left_out).transpose()?;
    Ok((name.clone(), left_out.unwrap_or_default()))
}

/// Takes the pieces named in `(without ...)` out of the included `forms`; naming a piece the
/// file does not have is an error.
fn leave_out(
    forms: &mut Vec<Node>,
    left_out: &[(String, Span)],
    name: &str,
    errors: &mut Vec<SyntaxError>,
) {
    for (piece, span) in left_out {
        let before = forms.len();
        forms.retain(|f| {
            f.head() != Some(Keyword::Piece.text()) || name_of(f).as_ref() != Some(piece)
        });
        for view in forms
            .iter_mut()
            .filter(|f| f.head() == Some(Keyword::View.text()))
        {
            without_view_piece(view, piece);
        }
        if forms.len() == before {
            errors.push(SyntaxError::new(
                SyntaxErrorKind::Include(
                    name.to_string(),
                    format!("it has no piece `{piece}` to leave out"),
                ),
                *span,
            ));
        }
    }
}

/// The view without its `(piece PIECE ...)` clauses: a piece left out is not drawn.
fn without_view_piece(view: &mut Node, piece: &str) {
    if let NodeKind::List(items) = &mut view.kind {
        items.retain(|c| {
            c.head() != Some(Keyword::Piece.text())
                || c.as_list().and_then(|l| l.get(1)?.as_symbol()) != Some(piece)
        });
    }
}

/// `(without PIECE ...)` in an `include`: the names of the included pieces to leave out, each
/// with where it is written.
fn left_out(node: &Node) -> Result<Vec<(String, Span)>, SyntaxError> {
    const WHAT: &str = "`(without PIECE ...)`: the included pieces to leave out";
    match node.as_list() {
        Some([head, names @ ..]) if head.as_symbol() == Some(Keyword::Without.text()) => names
            .iter()
            .map(|n| match n.as_symbol() {
                Some(s) => Ok((s.to_string(), n.span)),
                None => Err(SyntaxError::expected("a piece name", n)),
            })
            .collect(),
        _ => Err(SyntaxError::expected(WHAT, node)),
    }
}

/// The node with every span in it set to `span`.
fn at(node: Node, span: Span) -> Node {
    let kind = match node.kind {
        NodeKind::List(items) => NodeKind::List(items.into_iter().map(|n| at(n, span)).collect()),
        other => other,
    };
    Node::new(kind, span)
}

/// `over` laid over `base` (see the module documentation).
fn merge(mut base: Vec<Node>, over: Vec<Node>) -> Vec<Node> {
    for form in over {
        let head = form.head().and_then(Keyword::from_text);
        let same = |b: &Node| b.head() == form.head() && name_of(b) == name_of(&form);
        match head {
            Some(Keyword::Define) if name_of(&form).is_some() => {
                match base.iter_mut().find(|b| same(b)) {
                    Some(slot) => *slot = form,
                    None => base.push(form),
                }
            }
            Some(Keyword::Board) if name_of(&form).is_some() => {
                match base.iter_mut().find(|b| same(b)) {
                    Some(slot) => *slot = merge_clauses(slot, &form, board_key),
                    None => base.push(form),
                }
            }
            Some(Keyword::Piece) if name_of(&form).is_some() => {
                match base.iter_mut().find(|b| same(b)) {
                    Some(slot) => *slot = merge_clauses(slot, &form, piece_key),
                    None => base.push(form),
                }
            }
            Some(which @ (Keyword::Game | Keyword::View)) => {
                let key = if which == Keyword::Game {
                    game_key
                } else {
                    view_key
                };
                match base.iter_mut().find(|b| b.head() == Some(which.text())) {
                    Some(slot) => *slot = merge_clauses(slot, &form, key),
                    None => base.push(form),
                }
            }
            _ => base.push(form),
        }
    }
    base
}

/// The name a `board`, `piece` or `define` form defines: `(name N)` or the `define`'s second
/// item.
fn name_of(form: &Node) -> Option<String> {
    let items = form.as_list()?;
    if form.head() == Some(Keyword::Define.text()) {
        return items.get(1)?.as_symbol().map(str::to_string);
    }
    clause_name(items.get(1..)?)
}

/// The `(name N)` among clauses, as text.
fn clause_name(clauses: &[Node]) -> Option<String> {
    clauses
        .iter()
        .find(|c| c.head() == Some(Keyword::Name.text()))
        .and_then(|c| c.as_list()?.get(1))
        .map(|n| match &n.kind {
            NodeKind::Symbol(s) | NodeKind::Str(s) => s.clone(),
            other => format!("{other:?}"),
        })
}

/// What a later clause of a piece replaces: every earlier clause of its kind (`name` never).
fn piece_key(clause: &Node) -> Option<String> {
    match clause.head() {
        Some(h) if h == Keyword::Name.text() => None,
        Some(h) => Some(h.to_string()),
        None => None,
    }
}

/// What a later clause of a board replaces: the direction of its name for a `dir`, every
/// earlier clause of its kind otherwise (`name` never).
fn board_key(clause: &Node) -> Option<String> {
    match clause.head() {
        Some(h) if h == Keyword::Name.text() => None,
        Some(h) if h == Keyword::Dir.text() => Some(format!(
            "dir {}",
            clause_name(clause.as_list()?.get(1..)?).unwrap_or_default()
        )),
        Some(h) => Some(h.to_string()),
        None => None,
    }
}

/// What a later clause of the game replaces (see the module documentation); `None` for a
/// clause that is only added.
fn game_key(clause: &Node) -> Option<String> {
    let head = clause.head()?;
    let first = || {
        clause
            .as_list()
            .and_then(|items| items.get(1))
            .and_then(Node::as_symbol)
            .unwrap_or("")
            .to_string()
    };
    Some(match Keyword::from_text(head) {
        Some(Keyword::Goal) => return None,
        Some(Keyword::Zone) => format!(
            "zone {}",
            clause_name(clause.as_list()?.get(1..)?).unwrap_or_default()
        ),
        Some(Keyword::Symmetry | Keyword::Attribute | Keyword::TurnVariable) => {
            format!("{head} {}", first())
        }
        Some(Keyword::Win | Keyword::Loss | Keyword::Draw | Keyword::End) => "result".to_string(),
        _ => head.to_string(),
    })
}

/// What a later clause of the view replaces: the look of the piece of its name for a
/// `piece`, the colour of its role for a `colour`, every earlier clause of its kind otherwise.
fn view_key(clause: &Node) -> Option<String> {
    let head = clause.head()?;
    match Keyword::from_text(head) {
        Some(Keyword::Piece | Keyword::Colour) => {
            let first = clause.as_list()?.get(1)?.as_symbol().unwrap_or("");
            Some(format!("{head} {first}"))
        }
        _ => Some(head.to_string()),
    }
}

/// `base`'s clauses without those a clause of `over` replaces, then `over`'s clauses; the
/// form keeps `base`'s head and span.
fn merge_clauses(base: &Node, over: &Node, key: fn(&Node) -> Option<String>) -> Node {
    let (Some(base_items), Some(over_items)) = (base.as_list(), over.as_list()) else {
        return over.clone();
    };
    let over_clauses = over_items.get(1..).unwrap_or(&[]);
    let replaced: Vec<String> = over_clauses.iter().filter_map(key).collect();
    let mut items: Vec<Node> = base_items
        .iter()
        .enumerate()
        .filter(|&(i, c)| i == 0 || key(c).is_none_or(|k| !replaced.contains(&k)))
        .map(|(_, c)| c.clone())
        .collect();
    // A piece or a board keeps its `(name ...)` (it is the same); the game's is replaced like
    // any clause.
    items.extend(
        over_clauses
            .iter()
            .filter(|c| key(c).is_some() || c.head() != Some(Keyword::Name.text()))
            .cloned(),
    );
    Node::new(NodeKind::List(items), base.span)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn read(text: &str) -> Vec<Node> {
        dagaz_sexpr::read(text).unwrap()
    }

    fn shown(nodes: &[Node]) -> Vec<String> {
        nodes.iter().map(|n| n.to_string()).collect()
    }

    #[test]
    fn included_forms_come_first_and_the_including_file_overrides_them() {
        let base = r#"(board (name b) (dim "a-c"))
            (define step () (check n))
            (piece (name Man) (pre (take)) (move (step)) (post (drop)))
            (piece (name King) (move (step)))
            (game (name "base") (board b) (players (White (Man a)))
                  (zone (name z) (players White) (positions a))
                  (zone (name y) (players White) (positions b))
                  (loss no-moves) (goal win (check true)))"#;
        let top = read(
            r#"(include "base.game")
            (define step () (check s))
            (piece (name Man) (move (step) (step)) (drops (drop)))
            (game (name "top") (zone (name z) (players White) (positions c)) (draw no-moves)
                  (goal loss (check false)))"#,
        );
        let (forms, errors) = resolve_includes(&top, &mut |name| {
            assert_eq!(name, "base.game");
            Ok(read(base))
        });
        assert_eq!(errors, vec![]);
        assert_eq!(
            shown(&forms),
            [
                "(board (name b) (dim \"a-c\"))",
                "(define step () (check s))",
                "(piece (name Man) (pre (take)) (post (drop)) (move (step) (step)) (drops (drop)))",
                "(piece (name King) (move (step)))",
                "(game (board b) (players (White (Man a))) (zone (name y) (players White) \
                 (positions b)) (goal win (check true)) (name \"top\") (zone (name z) (players \
                 White) (positions c)) (draw no-moves) (goal loss (check false)))",
            ]
        );
        let include = top[0].span;
        assert_eq!(
            forms[0].span, include,
            "included forms stand at the include"
        );
        assert_ne!(forms[1].span, include);
    }

    #[test]
    fn a_board_of_an_included_name_is_laid_over_it_direction_by_direction() {
        let base = r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name nw) -1 -1)
                   (dir (name ne) 1 -1) (numbers a2 c2 b1) (dark a2))
            (game (name "base") (board b))"#;
        let top = read(
            r#"(include "base.game")
            (board (name b) (dir (name n) 0 -1) (dir (name ne) 1 -2) (numbers c2 a2 b1))
            (board (name other) (dim "a-b"))"#,
        );
        let (forms, errors) = resolve_includes(&top, &mut |_| Ok(read(base)));
        assert_eq!(errors, vec![]);
        assert_eq!(
            shown(&forms),
            [
                "(board (name b) (dim \"a-c\") (dim \"2-1\") (dir (name nw) -1 -1) (dark a2) \
                 (dir (name n) 0 -1) (dir (name ne) 1 -2) (numbers c2 a2 b1))",
                "(game (name \"base\") (board b))",
                "(board (name other) (dim \"a-b\"))",
            ]
        );
    }

    #[test]
    fn a_file_that_cannot_be_read_or_includes_itself_is_an_error_at_the_include() {
        let top = read(r#"(include "a.game") (include b) (game (name t))"#);
        let (forms, errors) = resolve_includes(&top, &mut |name| match name {
            "a.game" => Ok(read(r#"(include "a.game") (board (name b) (dim "a"))"#)),
            _ => Err("no such file".into()),
        });
        let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            messages,
            [
                "in the included file \"a.game\": its own include failed: in the included file \
                 \"a.game\": it includes itself",
                "expected a file name in quotes, found the symbol `b`",
            ]
        );
        assert_eq!(errors[0].span, top[0].span);
        assert_eq!(forms.len(), 2, "the board of a.game and the game");
    }

    #[test]
    fn without_leaves_included_pieces_out() {
        let base = r#"(piece (name Man) (move (step))) (piece (name Bishop) (move (step)))
            (piece (name King) (move (step)))"#;
        let top = read(r#"(include "base.game" (without Bishop))"#);
        let (forms, errors) = resolve_includes(&top, &mut |_| Ok(read(base)));
        assert_eq!(errors, vec![]);
        assert_eq!(
            shown(&forms),
            [
                "(piece (name Man) (move (step)))",
                "(piece (name King) (move (step)))"
            ]
        );
        for (text, message) in [
            (
                r#"(include "base.game" (without Queen))"#,
                "in the included file \"base.game\": it has no piece `Queen` to leave out",
            ),
            (
                r#"(include "base.game" (except Bishop))"#,
                "expected `(without PIECE ...)`: the included pieces to leave out, found the form `(except ...)`",
            ),
            (
                r#"(include "base.game" (without 3))"#,
                "expected a piece name, found the number 3",
            ),
        ] {
            let (_, errors) = resolve_includes(&read(text), &mut |_| Ok(read(base)));
            let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            assert_eq!(messages, [message], "{text}");
        }
    }

    #[test]
    fn views_merge_clause_by_clause_and_without_drops_a_piece_look() {
        let base = r##"(piece (name Man) (move (step))) (piece (name Bishop) (move (step)))
            (view (board lines) (points a1 b2) (colour board "#111") (colour lines "#222")
                  (piece Man (glyph "M")) (piece Bishop (glyph "B")))"##;
        let top = read(
            r##"(include "base.game" (without Bishop))
            (view (points c3) (colour board "#333") (piece Man (glyph "m")))"##,
        );
        let (forms, errors) = resolve_includes(&top, &mut |_| Ok(read(base)));
        assert_eq!(errors, vec![]);
        assert_eq!(
            shown(&forms),
            [
                "(piece (name Man) (move (step)))",
                "(view (board lines) (colour lines \"#222\") (points c3) (colour board \"#333\") (piece Man (glyph \"m\")))",
            ]
        );
    }
}
