//! `(move-priorities T1 T2 ...)`: of the move types a piece's `(move-type T)` labels give its
//! blocks, only the first in the list that yields a move is played (compulsory capture, by
//! type). dagaz has no move types; the translation ranks them with a broken invariant
//! (docs/language.md, section 12), as draughts keeps only the longest captures:
//!
//! - type Ti of n has the rank n − i + 1, so the first type ranks highest;
//! - a block notes its type's rank in a local of `pre`, `zrf-rank`;
//! - `post` keeps the move while no move of a higher rank was made, and raises the global
//!   `zrf-best` to its rank: `(check (<= zrf-best zrf-rank)) (set! zrf-best zrf-rank)`. The
//!   global only grows, and dagaz drops the moves kept before it grew past their rank;
//! - a drop has no `post`, so its block checks the global when it puts the piece down. That is
//!   exact when the pieces on the board have all moved before (dagaz generates drops last) and
//!   the drops of a higher rank come before those of a lower one, which [`check_drop_order`]
//!   asks of the game.
//!
//! A type the list leaves out is never started as a move: the Dagaz project's interpreter,
//! which counted the corpus's referee perft, reads the list so (it only continues such a type
//! after `add-partial`), where Zillions, by that interpreter's notes, ranks it last. A block
//! without a type in a game with priorities is not translated: neither says what it ranks.
//!
//! The interpreter decides that a type yielded a move when a block reaches its first `add`
//! (the later squares of a slide branch off from there and are generated after). A block that
//! yields any move has reached its first `add`, so "yields a move" is "has a move", which is
//! what the invariant compares.

use crate::error::ZrfError;
use crate::forms::{args, form, int, sym};
use dagaz_sexpr::{Node, Span};

/// The local of `pre` that holds the rank of the block being run.
const RANK: &str = "zrf-rank";
/// The global: the highest rank of the moves made so far in this generation.
const BEST: &str = "zrf-best";

/// A game's `(move-priorities T1 T2 ...)`: the types, highest first.
#[derive(Debug)]
pub struct Priorities {
    types: Vec<String>,
}

impl Priorities {
    /// The game's priorities, when `clauses` have a `(move-priorities ...)`.
    pub fn of(clauses: &[Node]) -> Result<Option<Priorities>, ZrfError> {
        let mut found = clauses
            .iter()
            .filter(|c| c.head() == Some("move-priorities"));
        let Some(clause) = found.next() else {
            return Ok(None);
        };
        if let Some(again) = found.next() {
            return Err(ZrfError::expected("one `(move-priorities ...)`", again));
        }
        let types = args(clause)
            .iter()
            .map(|t| {
                t.as_symbol()
                    .map(str::to_string)
                    .ok_or_else(|| ZrfError::expected("a move type", t))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(Priorities { types }))
    }

    /// The rank of a block of type `ty` (its `(move-type T)`'s T; `None` before any), or
    /// `None` when the list leaves the type out and the block is never started.
    pub fn rank(&self, ty: Option<&Node>, block: &Node) -> Result<Option<i64>, ZrfError> {
        let Some(ty) = ty else {
            return Err(ZrfError::unsupported(
                "move-priorities (with a block of no move-type)",
                block.span,
            ));
        };
        let name = ty
            .as_symbol()
            .ok_or_else(|| ZrfError::expected("a move type", ty))?;
        let index = self.types.iter().position(|t| t == name);
        Ok(index.map(|i| (self.types.len() - i) as i64))
    }
}

/// The type a `(move-type T)` label gives the blocks after it.
pub fn label(node: &Node) -> Result<&Node, ZrfError> {
    match args(node) {
        [ty] => Ok(ty),
        _ => Err(ZrfError::expected("`(move-type TYPE)`", node)),
    }
}

/// `pre`'s declaration of the block's rank, which each block sets.
pub fn declare(span: Span) -> Node {
    form("let", vec![sym(RANK, span), int(0, span)], span)
}

/// The first statement of a block of rank `rank`.
pub fn enter(rank: i64, span: Span) -> Node {
    form("set!", vec![sym(RANK, span), int(rank, span)], span)
}

/// `post`'s invariant: no move of a higher rank was made; and the rank raised to this move's.
pub fn invariant(span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    vec![
        form(
            "check",
            vec![form("<=", vec![s(BEST), s(RANK)], span)],
            span,
        ),
        form("set!", vec![s(BEST), s(RANK)], span),
    ]
}

/// A drop's test where it puts the piece down: no move of a higher rank than `rank` was made;
/// and the rank raised to `rank`.
pub fn drop_check(rank: i64, span: Span) -> Vec<Node> {
    let best = || sym(BEST, span);
    vec![
        form(
            "check",
            vec![form("<=", vec![best(), int(rank, span)], span)],
            span,
        ),
        form("set!", vec![best(), int(rank, span)], span),
    ]
}

/// A piece type's drop blocks' ranks, with its `(drops ...)` clause.
pub type DropRanks<'n> = (Vec<i64>, &'n Node);

/// Refuses drops that a drop of a lower rank could come before: dagaz drops each piece type in
/// the order the pieces are written, trying every drop block of the type at each position in
/// turn. So each type's drop blocks must share one rank, and the ranks must not grow down the
/// list. `drops`: each type that drops, in the order written.
pub fn check_drop_order(drops: &[DropRanks<'_>]) -> Result<(), ZrfError> {
    let mut above = i64::MAX;
    for (ranks, clause) in drops {
        let Some(&first) = ranks.first() else {
            continue;
        };
        if ranks.iter().any(|&r| r != first) || first > above {
            return Err(ZrfError::unsupported(
                "move-priorities (over drops that dagaz cannot order by rank)",
                clause.span,
            ));
        }
        above = first;
    }
    Ok(())
}
