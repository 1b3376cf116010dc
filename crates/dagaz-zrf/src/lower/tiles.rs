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
