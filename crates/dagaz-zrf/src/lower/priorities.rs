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
use crate::forms::{args, form, int, sym, text};
use dagaz_sexpr::{Node, NodeKind, Span};

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

/// How a game ranks its moves, keeping only those of the highest key: by `move-priorities`
/// (the key is the block's rank), by the option `"maximal captures"` (the key is the capture
/// score), or by both. The referee's interpreter applies the priorities as it generates the
/// moves and keeps the most captures among those it kept, which all share one rank (a type is
/// only started when no type before it has a move): so with both, the key is the rank and then
/// the score, `rank × 1,000,000 + score`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ranking<'a> {
    /// Whether the game has `(move-priorities ...)`.
    pub priorities: bool,
    /// The game's `"maximal captures"`, when true or 2.
    pub maximal: Option<Maximal<'a>>,
}

/// How `"maximal captures"` scores a move (the Dagaz project's `maximal-captures.js`).
#[derive(Clone, Copy, Debug)]
pub enum Maximal<'a> {
    /// `true`: the number of pieces it captures.
    Count,
    /// `2`: 1000 × the "kings" it captures (pieces of any type but the first, here named) when
    /// it captures any, else the number it captures. A move that takes the most kings stands,
    /// whatever else it takes.
    Kings(&'a str),
}

/// The locals that count a move's captures, and its kings.
const CAPTURED: &str = "zrf-captured";
const KINGS: &str = "zrf-kings";
/// How far apart the ranks' keys are: above any capture score.
const RANK_SCALE: i64 = 1_000_000;

impl Ranking<'_> {
    /// Whether the game ranks its moves at all.
    pub fn any(&self) -> bool {
        self.priorities || self.maximal.is_some()
    }

    /// The locals a move declares at its start (`pre`, or a drop block's first statements):
    /// its rank, its counts of captures.
    pub fn declare(&self, drop: bool, span: Span) -> Vec<Node> {
        let zero = |name: &str| form("let", vec![sym(name, span), int(0, span)], span);
        let mut out = Vec::new();
        if self.priorities && !drop {
            out.push(zero(RANK));
        }
        if self.maximal.is_some() {
            out.extend([zero(CAPTURED), zero(KINGS)]);
        }
        out
    }

    /// What a `capture` of the piece here adds to the counts.
    pub fn count_capture(&self, span: Span) -> Vec<Node> {
        let inc = |name: &str| form("inc!", vec![sym(name, span)], span);
        match self.maximal {
            None => Vec::new(),
            Some(Maximal::Count) => vec![inc(CAPTURED)],
            Some(Maximal::Kings(first)) => {
                let king = form("!=", vec![sym("piece", span), sym(first, span)], span);
                vec![inc(CAPTURED), form("if", vec![king, inc(KINGS)], span)]
            }
        }
    }

    /// The key of the move: from `rank` (the block's rank, a local or a constant) and the
    /// capture score.
    fn key(&self, rank: Node, span: Span) -> Node {
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        let score = match self.maximal {
            None => return rank,
            Some(Maximal::Count) => s(CAPTURED),
            // captured + (kings > 0) × (1000 × kings − captured)
            Some(Maximal::Kings(_)) => {
                let kings = f("*", vec![int(1000, span), s(KINGS)]);
                let some = f(">", vec![s(KINGS), int(0, span)]);
                let swap = f("*", vec![some, f("-", vec![kings, s(CAPTURED)])]);
                f("+", vec![s(CAPTURED), swap])
            }
        };
        if !self.priorities {
            return score;
        }
        let ranked = f("*", vec![rank, int(RANK_SCALE, span)]);
        f("+", vec![ranked, score])
    }

    /// `post`'s invariant: no move of a higher key was made; and the best key raised to this
    /// move's.
    pub fn invariant(&self, span: Span) -> Vec<Node> {
        self.keep(self.key(sym(RANK, span), span), span)
    }

    /// A drop's test where it puts the piece down, the drop's block being of rank `rank`.
    pub fn drop_check(&self, rank: Option<i64>, span: Span) -> Vec<Node> {
        let rank = int(rank.unwrap_or(0), span);
        self.keep(self.key(rank, span), span)
    }

    fn keep(&self, key: Node, span: Span) -> Vec<Node> {
        let best = || sym(BEST, span);
        vec![
            form(
                "check",
                vec![form("<=", vec![best(), key.clone()], span)],
                span,
            ),
            form("set!", vec![best(), key], span),
        ]
    }
}

/// The first statement of a block of rank `rank`.
pub fn enter(rank: i64, span: Span) -> Node {
    form("set!", vec![sym(RANK, span), int(rank, span)], span)
}

/// The game's `(option "maximal captures" true|2)`; `pieces`: its piece types, in order.
/// Refused in a game with royal pieces (`royal`): the Dagaz project's script counts the legal
/// moves only, where dagaz's invariants run before its royal rule.
pub fn maximal<'a>(
    clauses: &[Node],
    pieces: &'a [String],
    royal: bool,
) -> Result<Option<Maximal<'a>>, ZrfError> {
    let Some(option) = clauses.iter().find(|c| {
        c.head() == Some("option") && args(c).first().and_then(text) == Some("maximal captures")
    }) else {
        return Ok(None);
    };
    let value = args(option).get(1);
    let on = value.is_some_and(|v| text(v) != Some("false"));
    if on && royal {
        return Err(ZrfError::unsupported(
            "option \"maximal captures\" (with royal pieces)",
            option.span,
        ));
    }
    match value.map(|v| (&v.kind, text(v))) {
        Some((_, Some("false"))) => Ok(None),
        Some((_, Some("true"))) => Ok(Some(Maximal::Count)),
        Some((NodeKind::Int(2), _)) => match pieces.first() {
            Some(first) => Ok(Some(Maximal::Kings(first))),
            None => Ok(Some(Maximal::Count)),
        },
        _ => Err(ZrfError::expected(
            "`(option \"maximal captures\" true|false|2)`",
            option,
        )),
    }
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
