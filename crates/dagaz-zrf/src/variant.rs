//! `(variant ...)`: the `(game ...)` with some clauses restated. Variant 0 is the game itself,
//! the reading of the Dagaz project's converter (whose perft the corpus's referee holds);
//! Zillions opens the one marked `(default)` instead.

use crate::error::{ZrfError, ZrfErrorKind};
use dagaz_sexpr::{Node, Span};

/// The clauses of variant `n` of the file's top-level `forms`, and the span of its form: the
/// game's clauses with each that the variant restates replaced (a `piece` by name; any other
/// clause, every one of the game's with that keyword).
pub fn clauses(forms: &[Node], n: usize) -> Result<(Vec<Node>, Span), ZrfError> {
    let game = forms
        .iter()
        .find(|f| f.head() == Some("game"))
        .ok_or_else(|| ZrfError::new(ZrfErrorKind::NoGame, Span::default()))?;
    let mut clauses = body(game).to_vec();
    if n == 0 {
        return Ok((clauses, game.span));
    }
    let variants: Vec<&Node> = forms
        .iter()
        .filter(|f| f.head() == Some("variant"))
        .collect();
    let variant = variants.get(n - 1).ok_or_else(|| {
        ZrfError::new(
            ZrfErrorKind::NoVariant {
                asked: n,
                count: variants.len() + 1,
            },
            game.span,
        )
    })?;
    let restated: Vec<&Node> = body(variant).iter().collect();
    for keyword in restated
        .iter()
        .filter_map(|c| c.head())
        .filter(|&k| k != "piece")
    {
        clauses.retain(|c| c.head() != Some(keyword));
    }
    for clause in restated {
        if clause.head() == Some("piece") {
            let name = piece_name(clause);
            clauses.retain(|c| c.head() != Some("piece") || piece_name(c) != name);
        }
        clauses.push(clause.clone());
    }
    Ok((clauses, variant.span))
}

/// `clauses` without each `piece` that restates an earlier one of its name with the same
/// rules: only its pictures and texts differ (a macro for each side's pieces and one for both
/// may define one name twice). A piece named twice with other rules stays, for the compiler's
/// located "a second `piece`" error.
pub fn pieces_once(clauses: Vec<Node>) -> Vec<Node> {
    let rules = |piece: &Node| -> Vec<String> {
        body(piece)
            .iter()
            .filter(|c| !matches!(c.head(), Some("image" | "help" | "description")))
            .map(Node::to_string)
            .collect()
    };
    let mut kept: Vec<Node> = Vec::with_capacity(clauses.len());
    for clause in clauses {
        let restated = clause.head() == Some("piece")
            && kept.iter().any(|k| {
                k.head() == Some("piece")
                    && piece_name(k) == piece_name(&clause)
                    && rules(k) == rules(&clause)
            });
        if !restated {
            kept.push(clause);
        }
    }
    kept
}

/// The game and its variants as `--variant` numbers them: the first `(game ...)` is 0, then
/// each `(variant ...)` in file order, wherever it stands (a file may write variants before
/// the game, as `clauses` counts them).
pub fn variants(forms: &[Node]) -> Vec<Variant> {
    let game = forms.iter().find(|f| f.head() == Some("game"));
    let restated = forms.iter().filter(|f| f.head() == Some("variant"));
    game.into_iter().chain(restated).map(variant_of).collect()
}

fn variant_of(form: &Node) -> Variant {
    Variant {
        title: body(form)
            .iter()
            .find(|c| c.head() == Some("title"))
            .and_then(|c| c.as_list()?.get(1))
            .map(|t| match &t.kind {
                dagaz_sexpr::NodeKind::Str(s) => s.clone(),
                _ => t.to_string(),
            })
            .unwrap_or_default(),
        default: body(form).iter().any(|c| c.head() == Some("default")),
    }
}

/// One of the games a ZRF file holds: the `(game ...)` (number 0) or a `(variant ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// Its `(title ...)`; empty when it has none.
    pub title: String,
    /// Whether it says `(default)`: the one Zillions opens first.
    pub default: bool,
}

fn body(form: &Node) -> &[Node] {
    form.as_list().and_then(|l| l.get(1..)).unwrap_or_default()
}

fn piece_name(piece: &Node) -> Option<String> {
    body(piece)
        .iter()
        .find(|c| c.head() == Some("name"))
        .and_then(|c| c.as_list()?.get(1))
        .map(ToString::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_restates_clauses_and_pieces_by_name_wherever_it_stands() {
        let forms = dagaz_sexpr::read_with(
            "(variant (title \"W\") (players C))
             (game (title \"G\") (players A B) (piece (name P) (x)) (piece (name Q)) (win-condition 1) (win-condition 2))
             (variant (title \"V\") (piece (name P) (y)) (piece (name R)) (win-condition 3))",
            dagaz_sexpr::Dialect::Zrf,
        )
        .unwrap();
        let shown = |n| -> Vec<String> {
            clauses(&forms, n)
                .unwrap()
                .0
                .iter()
                .map(ToString::to_string)
                .collect()
        };
        assert_eq!(shown(0).len(), 6);
        assert_eq!(shown(1)[4..], ["(title \"W\")", "(players C)"]);
        assert_eq!(
            shown(2),
            vec![
                "(players A B)",
                "(piece (name Q))",
                "(title \"V\")",
                "(piece (name P) (y))",
                "(piece (name R))",
                "(win-condition 3)"
            ]
        );
        let titles: Vec<String> = variants(&forms).into_iter().map(|v| v.title).collect();
        assert_eq!(titles, vec!["G", "W", "V"]);
        assert!(matches!(
            clauses(&forms, 3).unwrap_err().kind,
            ZrfErrorKind::NoVariant { asked: 3, count: 3 }
        ));
    }
}
