//! `add-partial`: a move of several parts, each ending where the next begins, one dagaz move.
//!
//! A piece whose blocks use it gets one `move` clause, a loop: each round runs one block (in the
//! first round a block that may start a move, in the next ones a block of the move type the
//! last part named), and a block that reaches `add-partial` ends its part and asks for another
//! round. Ending a part is an `end-move` (the chain so far is a move), then the part's changes as
//! ZRF makes them: the piece is lifted from where it started (once) and carried on, and the
//! landing square is marked visited (a chain may not land on a square twice, nor on its start).
//! Unless `(option "pass partial" true)`, `post` then keeps a shorter chain only when no longer
//! one that captures more completes: dagaz's `(check no-moves?)`, which is ZRF's rule for parts
//! that capture (a part that captures nothing does not make its prefix give way: docs/zrf.md).

use crate::error::ZrfError;
use crate::forms::{form, int, sym};
use dagaz_sexpr::{Node, Span};

/// The locals of a chain: the part's move type (-1 in the first part), whether the piece has
/// been lifted, the square the last part ended on, and whether a block asked for another part.
const MODE: &str = "zrf-mode";
const HELD: &str = "zrf-held";
const AT: &str = "zrf-at";
const GO_ON: &str = "zrf-go-on";

/// A piece's chain: its move types, whose index is the mode.
#[derive(Debug)]
pub struct Chain {
    /// The piece's move types, in the order its blocks name them.
    pub types: Vec<String>,
}

impl Chain {
    /// The locals `pre` declares.
    pub fn declare(&self, span: Span) -> Vec<Node> {
        let let_ = |name: &str, value: Node| form("let", vec![sym(name, span), value], span);
        vec![
            let_(HELD, sym("false", span)),
            let_(MODE, int(-1, span)),
            let_(AT, sym("position", span)),
            let_(GO_ON, sym("false", span)),
        ]
    }

    /// What `post` does first: lift the piece where it started unless a part already did.
    pub fn lift(&self, from: &str, span: Span) -> Node {
        let s = |name: &str| sym(name, span);
        form(
            "if",
            vec![
                form("not", vec![s(HELD)], span),
                form("check", vec![s(from)], span),
                form("take", vec![], span),
            ],
            span,
        )
    }

    /// `(add-partial [TYPE])` in a block of type `current`: the chain so far a move, then the
    /// part ended and the next asked for.
    pub fn add_partial(
        &self,
        rest: &[Node],
        current: Option<usize>,
        from: &str,
        span: Span,
    ) -> Result<Vec<Node>, ZrfError> {
        let mode = match rest {
            [] => current,
            [ty] => ty
                .as_symbol()
                .and_then(|t| self.types.iter().position(|n| n == t)),
            _ => return Err(ZrfError::unsupported("add-partial (with a piece)", span)),
        };
        let mode =
            mode.ok_or_else(|| ZrfError::unsupported("add-partial (of no move type)", span))?;
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        let set = |name: &str, value: Node| f("set!", vec![s(name), value]);
        Ok(vec![
            f("end-move", vec![]),
            f("check", vec![s("not-visited?")]),
            f("visit", vec![]),
            set(AT, s("position")),
            f(
                "if",
                vec![
                    f("not", vec![s(HELD)]),
                    f("check", vec![s(from)]),
                    f("take", vec![]),
                    set(HELD, s("true")),
                    f("check", vec![s(AT)]),
                ],
            ),
            set(MODE, int(mode as i64, span)),
            set(GO_ON, s("true")),
        ])
    }

    /// The piece's one `move` clause: `rounds` holds each block's statements with the mode it
    /// runs in (-1: the first part).
    pub fn clause(&self, rounds: Vec<(i64, Vec<Node>)>, span: Span) -> Node {
        let s = |name: &str| sym(name, span);
        let alternatives: Vec<Node> = rounds
            .into_iter()
            .map(|(mode, body)| {
                let mut items = vec![form(
                    "check",
                    vec![form("=", vec![s(MODE), int(mode, span)], span)],
                    span,
                )];
                items.extend(body);
                form("seq", items, span)
            })
            .collect();
        let round = vec![
            s("true"),
            form("set!", vec![s(GO_ON), s("false")], span),
            form("any", alternatives, span),
            form("check", vec![s(GO_ON)], span),
        ];
        form(
            "move",
            vec![form("visit", vec![], span), form("while", round, span)],
            span,
        )
    }
}
