//! The locals a translated move keeps its places in (where it started, its mark, where a
//! statement that looks elsewhere stood, the last move's squares), and looking at another
//! position without moving there.

use crate::error::ZrfError;
use crate::forms::{form, sym};
use crate::lower::board::Board;
use dagaz_sexpr::{Node, Span};

/// The square the mover stood on when the move began (a local of `pre`).
pub(super) const FROM: &str = "zrf-from";
/// The block's `mark` (a local).
pub(super) const MARK: &str = "zrf-mark";
/// Where a condition that reads a neighbour (`(empty? n)`) stood, to come back to.
pub(super) const HERE: &str = "zrf-here";
/// The turn variables of the last move's from and to positions (`last-from?`, `last-to?`).
pub(super) const LAST_FROM: &str = "zrf-last-from";
/// See [`LAST_FROM`].
pub(super) const LAST_TO: &str = "zrf-last-to";

/// `test` read one step along `dir` (or at the position `dir` names) without moving: the step
/// (false off the board), the test, and the way back to [`HERE`], whatever the test said. (A
/// direction in a dagaz expression moves, a position value goes there, and an `and` stops at
/// the first false.) Not back along the opposite direction: a direction made of links may have
/// none, or one that does not lead back (`next` in mana.zrf). The statement holding the test
/// sets `HERE` first (`moves::with_here`).
pub(super) fn peek(dir: &Node, test: Option<Node>, board: &Board) -> Result<Node, ZrfError> {
    let span = dir.span;
    let dir = step_to(dir, board)?;
    let back = sym(HERE, span);
    let Some(test) = test else {
        return Ok(form("and", vec![dir, back], span));
    };
    let held = form("and", vec![test, back.clone()], span);
    let left = form("and", vec![back, sym("false", span)], span);
    Ok(form(
        "and",
        vec![dir, form("or", vec![held, left], span)],
        span,
    ))
}

/// A direction or a position to look at, checked against the board.
pub(super) fn step_to(dir: &Node, board: &Board) -> Result<Node, ZrfError> {
    dir.as_symbol()
        .filter(|d| board.is_dir(d) || board.is_position(d))
        .map(|d| sym(d, dir.span))
        .ok_or_else(|| ZrfError::expected("a direction or a position", dir))
}

/// `test` read after `steps` (directions or positions), then back to [`HERE`] whether the steps
/// and the test held or not, as [`peek`] does for one step.
pub(super) fn peek_at(steps: Vec<Node>, test: Node, span: Span) -> Node {
    let back = sym(HERE, span);
    let mut held = steps;
    held.extend([test, back.clone()]);
    let left = form("and", vec![back, sym("false", span)], span);
    form("or", vec![form("and", held, span), left], span)
}
