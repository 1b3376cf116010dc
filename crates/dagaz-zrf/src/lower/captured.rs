//! `(win-condition (PLAYER ...) (captured PIECE ...))` and its `loss` and `draw` kin: the
//! listed player whose piece of one of the types the last move captured has that outcome.
//! Zillions' reference says the condition holds right after the capture only (unlike
//! `(pieces-remaining 0 PIECE)`, which holds while none is left), and that any one capture of
//! such a piece meets it, however many the player has.
//!
//! dagaz's goals see the board after the move, not what it took, so the move notes it: each
//! (player, types) pair of a condition is a bit of a turn variable, [`TAKEN`], which every
//! move sets in `post` (a drop where it puts its piece down) from a local of the move,
//! [`CAUGHT`], that each capture adds its bit to: a `capture` before it marks the piece, and
//! the landing where the piece is put down on an occupied square. The goals read the bits for
//! the player who moved: its own piece taken is the outcome, the other player's (in a game of
//! two) the outcome reversed.

use crate::error::ZrfError;
use crate::forms::{args, form, int, sym};
use dagaz_sexpr::{Node, Span};

/// The turn variable of the bits the last move set: a move that sets none (a pass) leaves
/// `false`, no bit.
const TAKEN: &str = "zrf-taken";
/// The local of the move's bits, declared in `pre` (a drop block's first statements).
const CAUGHT: &str = "zrf-caught";
/// The bits a 32-bit value holds with room for the sign.
const MAX_SLOTS: usize = 30;

/// Whether `clause` is a condition on `captured`.
pub fn is_condition(clause: &Node) -> bool {
    matches!(
        clause.head(),
        Some("win-condition" | "loss-condition" | "draw-condition")
    ) && args(clause).get(1).and_then(Node::head) == Some("captured")
}

/// The (player, piece types) pairs of a game's `captured` conditions, each a bit.
pub struct Captured {
    slots: Vec<(String, Vec<String>)>,
}

impl Captured {
    /// The pairs of `clauses`, in the order written; `None` without a `captured` condition.
    /// `pieces`: the game's piece types (one the game lacks is left out: no piece of it can
    /// be captured). Moves that use `from`, `to`, `cascade` or `create` put pieces down where
    /// this translation does not look: a game with them is refused.
    pub fn of(clauses: &[Node], pieces: &[String]) -> Result<Option<Self>, ZrfError> {
        let movers = super::mentions_any(clauses, super::cascade::WORDS)
            || super::mentions_any(clauses, &["create"]);
        let mut slots: Vec<(String, Vec<String>)> = Vec::new();
        for clause in clauses.iter().filter(|c| is_condition(c)) {
            let span = clause.span;
            if movers {
                let what = "captured (in a game whose moves use from, to, cascade or create)";
                return Err(ZrfError::unsupported(what, span));
            }
            for (player, types) in pairs(clause, pieces)? {
                if !slots.contains(&(player.clone(), types.clone())) {
                    slots.push((player, types));
                }
            }
            if slots.len() > MAX_SLOTS {
                return Err(ZrfError::unsupported(
                    "captured (in so many conditions)",
                    span,
                ));
            }
        }
        Ok((!slots.is_empty()).then_some(Captured { slots }))
    }

    /// The game's turn variable.
    pub fn turn_variable(span: Span) -> Node {
        form("turn-variable", vec![sym(TAKEN, span)], span)
    }

    /// The move's local, no bit yet.
    pub fn declare(span: Span) -> Node {
        form("let", vec![sym(CAUGHT, span), int(0, span)], span)
    }

    /// The bits of the piece here, a piece being captured (its owner and type still read).
    pub fn record(&self, span: Span) -> Vec<Node> {
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        self.slots
            .iter()
            .enumerate()
            .map(|(k, (player, types))| {
                let kinds = types
                    .iter()
                    .map(|t| f("=", vec![s("piece"), s(t)]))
                    .collect();
                let whose = f("=", vec![s("player"), s(player)]);
                let unset = f("=", vec![bit(CAUGHT, k, span), int(0, span)]);
                let test = f("and", vec![whose, f("or", kinds), unset]);
                f(
                    "if",
                    vec![test, f("inc!", vec![s(CAUGHT), int(1 << k, span)])],
                )
            })
            .collect()
    }

    /// The bits of a piece put down here, on a square that a piece (not already captured)
    /// holds: that piece is captured.
    pub fn landing(&self, span: Span) -> Node {
        let s = |name: &str| sym(name, span);
        let held = form("and", vec![s("not-empty?"), s("not-captured?")], span);
        let mut items = vec![held];
        items.extend(self.record(span));
        form("if", items, span)
    }

    /// The move's bits left for the goals.
    pub fn note(span: Span) -> Node {
        form("set!", vec![sym(TAKEN, span), sym(CAUGHT, span)], span)
    }

    /// The goals of the condition `clause` in a game of `players`: for each listed player, the
    /// outcome when it moved and its bit is set, and in a game of two the outcome reversed
    /// when the other player moved.
    pub fn goals(
        &self,
        clause: &Node,
        players: &[String],
        pieces: &[String],
    ) -> Result<Vec<Node>, ZrfError> {
        let span = clause.span;
        let outcome = match clause.head() {
            Some("win-condition") => "win",
            Some("loss-condition") => "loss",
            _ => "draw",
        };
        let reversed = match outcome {
            "win" => "loss",
            "loss" => "win",
            _ => "draw",
        };
        if players.len() > 2 {
            // A goal's outcome is the mover's: another player's loss has no words here.
            let what = "captured (with more than two players)";
            return Err(ZrfError::unsupported(what, span));
        }
        let mut out = Vec::new();
        for pair in pairs(clause, pieces)? {
            let Some(k) = self.slots.iter().position(|s| *s == pair) else {
                continue;
            };
            let set = form("=", vec![bit(TAKEN, k, span), int(1, span)], span);
            let other = players.iter().find(|p| **p != pair.0);
            let movers = [(Some(&pair.0), outcome), (other, reversed)];
            for (mover, result) in movers {
                let Some(mover) = mover else { continue };
                let whose = form(
                    "=",
                    vec![sym("current-player", span), sym(mover, span)],
                    span,
                );
                let items = vec![
                    sym(result, span),
                    form("check", vec![whose], span),
                    form("check", vec![set.clone()], span),
                ];
                out.push(form("goal", items, span));
            }
        }
        Ok(out)
    }
}

/// Bit `k` of the variable `name`: 0 or 1 (`false`, a turn variable no move set, reads 0).
fn bit(name: &str, k: usize, span: Span) -> Node {
    let shifted = form("/", vec![sym(name, span), int(1 << k, span)], span);
    form("mod", vec![shifted, int(2, span)], span)
}

/// The (player, types) pairs of a `captured` condition: each listed player with the types
/// the game has (in the order written); a condition naming none of its types has none.
fn pairs(clause: &Node, pieces: &[String]) -> Result<Vec<(String, Vec<String>)>, ZrfError> {
    let [who, cond] = args(clause) else {
        return Err(ZrfError::expected("`(... (PLAYER ...) CONDITION)`", clause));
    };
    let mut types = Vec::new();
    for t in args(cond) {
        match t.as_symbol() {
            Some(name) if pieces.iter().any(|p| p == name) => types.push(name.to_string()),
            Some(_) => {}
            None => return Err(ZrfError::expected("a piece type", t)),
        }
    }
    if types.is_empty() {
        return Ok(Vec::new());
    }
    let players = who.as_list().unwrap_or_default();
    Ok(players
        .iter()
        .filter_map(Node::as_symbol)
        .map(|p| (p.to_string(), types.clone()))
        .collect())
}
