//! `(option "sliding-puzzle" true)`: the sliding-block puzzles of the Dagaz project, where a
//! block of several cells is several pieces whose types share a number, their
//! `(attribute value N)`. Dragging one cell one step moves the whole block: every piece whose
//! type has the same number goes the same step at once, each onto an empty position or one
//! the block itself leaves; a piece of value 0 (or none) moves alone. In dagaz the number is
//! the piece's `(tile N)` and the move's end a `move-tile` (docs/language.md).

use crate::error::ZrfError;
use crate::forms::{args, form, int, sym, text};
use crate::lower::board::Board;
use dagaz_sexpr::{Node, NodeKind, Span};

/// The blocks of a sliding puzzle: the values its pieces' `(attribute value V)` give, in the
/// order they first appear; a block's tile is its place in the list, from 1. A value is a
/// number or a name (the Dagaz project's puzzles count on past 9 with `A`, `B`, ...); 0 is no
/// block.
#[derive(Debug, Default)]
pub struct Tiles {
    values: Vec<String>,
}

impl Tiles {
    /// The blocks of a game whose clauses hold `(option "sliding-puzzle" true)`; `None` for
    /// any other game.
    pub fn of(clauses: &[Node]) -> Result<Option<Tiles>, ZrfError> {
        let sliding = clauses.iter().any(|c| {
            c.head() == Some("option")
                && args(c).first().and_then(text) == Some("sliding-puzzle")
                && args(c).get(1).and_then(text) == Some("true")
        });
        if !sliding {
            return Ok(None);
        }
        let mut tiles = Tiles::default();
        let pieces = clauses.iter().filter(|c| c.head() == Some("piece"));
        for attribute in pieces.flat_map(args) {
            if attribute.head() != Some("attribute") {
                continue;
            }
            if let Some(value) = block_value(attribute)? {
                if !tiles.values.contains(&value) {
                    tiles.values.push(value);
                }
            }
        }
        Ok(Some(tiles))
    }

    /// A piece's `(attribute NAME VALUE)` clause: `(tile N)` for the block of `value V`; the
    /// other attributes (and value 0) say nothing about the rules.
    pub fn tile(&self, attribute: &Node) -> Result<Option<Node>, ZrfError> {
        let Some(value) = block_value(attribute)? else {
            return Ok(None);
        };
        let place = self.values.iter().position(|v| *v == value);
        let n = place.and_then(|i| u16::try_from(i + 1).ok());
        let n = n.ok_or_else(|| {
            ZrfError::unsupported("sliding-puzzle (over 65535 blocks)", attribute.span)
        })?;
        Ok(Some(form(
            "tile",
            vec![int(i64::from(n), attribute.span)],
            attribute.span,
        )))
    }
}

/// Refuses what a sliding puzzle's move cannot do in `nodes` (a piece's `moves`): change the
/// piece (`(add P ...)`) or go on in parts (`add-partial`), since its end moves the block as it
/// stands.
pub fn check_moves(nodes: &[Node]) -> Result<(), ZrfError> {
    for node in nodes {
        let refused = match node.as_list() {
            Some(items) => {
                check_moves(items)?;
                node.head() == Some("add") && items.len() > 1
            }
            None => node.as_symbol() == Some("add-partial"),
        };
        if refused {
            let what = "sliding-puzzle (with a move that changes the piece or has parts)";
            return Err(ZrfError::unsupported(what, node.span));
        }
    }
    Ok(())
}

/// The block an `(attribute value V)` clause names, as text; `None` for another attribute or
/// for value 0.
fn block_value(attribute: &Node) -> Result<Option<String>, ZrfError> {
    let [name, value] = args(attribute) else {
        return Err(ZrfError::expected("`(attribute NAME VALUE)`", attribute));
    };
    if text(name) != Some("value") {
        return Ok(None);
    }
    match &value.kind {
        NodeKind::Int(0) => Ok(None),
        NodeKind::Int(n) => Ok(Some(n.to_string())),
        NodeKind::Symbol(s) | NodeKind::Str(s) => Ok(Some(s.clone())),
        _ => Err(ZrfError::expected("a block's number or name", value)),
    }
}

/// The end of a move of a sliding puzzle, in `post` once `to` holds where the move ended:
/// back to `from`, the board direction whose one step leads to `to`, and the piece's block
/// moved that step (a failure when it cannot move, or when no one step leads there).
pub fn slide(board: &Board, from: &str, to: &str, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    let check = |what: Node| form("check", vec![what], span);
    let dirs = board.dirs.iter().map(|(d, _)| s(d)).collect();
    vec![
        check(s(from)),
        form("let", vec![s(STEP), form("any", dirs, span)], span),
        check(s(STEP)),
        check(form("=", vec![s("position"), s(to)], span)),
        check(s(from)),
        form("move-tile", vec![s(STEP)], span),
    ]
}

/// The local holding the step of a sliding puzzle's move.
const STEP: &str = "zrf-step";

#[cfg(test)]
mod tests {
    /// The dagaz forms of a one-player puzzle on a row of three squares whose pieces are
    /// `pieces`, each `(NAME VALUE)`, with the move block `block`; or the error.
    fn translated(pieces: &[(&str, &str)], block: &str) -> Result<Vec<String>, String> {
        let defs: String = pieces
            .iter()
            .map(|(name, value)| {
                format!("(piece (name {name}) (attribute value {value}) (attribute key 'k') (moves {block}))")
            })
            .collect();
        let text = format!(
            "(game (option \"sliding-puzzle\" true) (players You) (turn-order You)\n\
             (board (grid (dimensions (\"a/b/c\" (1 0)) (\"1\" (0 1))) (directions (e 1 0) (w -1 0))))\n\
             {defs} (board-setup (You (X a1))))"
        );
        let forms = crate::translate(&text, 0, &mut |_| Err("no".into()));
        let forms = forms.map_err(|e| e.to_string())?;
        Ok(forms.iter().map(ToString::to_string).collect())
    }

    #[test]
    fn block_values_are_tiles_in_the_order_they_appear() {
        let pieces = [("X", "A"), ("Y", "0"), ("Z", "3"), ("W", "A"), ("Y", "0")];
        let forms = translated(&pieces, "(e add)").unwrap();
        let piece = |name: &str| {
            let head = format!("(piece (name {name})");
            let found = forms.iter().filter(|f| f.starts_with(&head));
            found.cloned().collect::<Vec<_>>()
        };
        assert!(piece("X")[0].contains("(tile 1)"), "{forms:?}");
        assert!(piece("W")[0].contains("(tile 1)"));
        assert!(piece("Z")[0].contains("(tile 2)"));
        // Value 0 is no tile; the piece written twice the same is one type.
        assert_eq!(piece("Y").len(), 1);
        assert!(!piece("Y")[0].contains("(tile"));
        assert!(piece("X")[0].contains("(move-tile zrf-step)"));
        let game = forms.last().unwrap();
        assert!(game.contains("(unique-moves paths)"), "{game}");
    }

    #[test]
    fn a_move_that_changes_the_piece_or_has_parts_is_refused() {
        for block in ["(e (add X))", "(e add-partial)"] {
            let err = translated(&[("X", "1")], block).unwrap_err();
            assert!(err.contains("sliding-puzzle (with a move that"), "{err}");
        }
        let err = translated(&[("X", "(1)")], "(e add)").unwrap_err();
        assert!(err.contains("a block's number or name"), "{err}");
    }
}
