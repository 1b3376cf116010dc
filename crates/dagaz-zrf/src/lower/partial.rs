//! `add-partial`: a move of several parts, each ending where the next begins, one dagaz move.
//!
//! A piece whose blocks use it gets one `move` clause, a loop: each round runs one block (in the
//! first round a block that may start a move, in the next ones a block of the move type the
//! last part named), and a block that reaches `add-partial` ends its part and asks for another
//! round. Ending a part is an `end-move` (the chain so far is a move), then the part's changes as
//! ZRF makes them: the piece is lifted from where it started (once) and carried on, and the
//! landing square is marked visited (a chain may not land on a square twice, nor on its start).
//! Unless `(option "pass partial" true)`, `post` then keeps a shorter chain only when no chain
//! going on from its end completes: dagaz's `(check no-moves?)`, with a `(part)` on each side of
//! a part's `end-move`, so that a part counts whether it captures or not.

use crate::error::ZrfError;
use crate::forms::{form, int, sym};
use crate::lower::copies;
use dagaz_sexpr::{Node, Span};

/// The locals of a chain: the part's move type (-1 in the first part), whether the piece has
/// been lifted, the square the last part ended on, and whether a block asked for another part.
const MODE: &str = "zrf-mode";
const HELD: &str = "zrf-held";
const AT: &str = "zrf-at";
const GO_ON: &str = "zrf-go-on";

/// The move type of a block as a chain's modes name it: the blocks of no `(move-type ...)` are
/// one more type, which a bare `add-partial` in one of them goes on with.
pub fn type_of(ty: Option<&str>) -> &str {
    ty.unwrap_or("")
}

/// One mode of a chain: the blocks of move type `ty` of piece `piece` (a part may change the
/// piece, `(add-partial King jump-type)`, and go on with the new type's blocks).
#[derive(Debug)]
pub struct Mode {
    /// The piece whose blocks run.
    pub piece: String,
    /// Their move type.
    pub ty: String,
}

/// A piece's chain: the modes its parts may run in, whose index is the mode.
#[derive(Debug)]
pub struct Chain {
    /// The piece whose moves these are.
    pub piece: String,
    /// Every (piece, move type) that a part of its moves may go on with: its own types in the
    /// order its blocks name them, then those of the pieces its parts change it to.
    pub modes: Vec<Mode>,
}

/// The locals of `pre` that a part's end sets: where the piece started, and whether (and to
/// what) the move changes it.
pub struct Mover<'a> {
    /// The piece's start.
    pub from: &'a str,
    /// Whether the move changes the piece.
    pub promote: &'a str,
    /// What it changes it to.
    pub kind: &'a str,
    /// Whether a move may leave a copy where the piece started ([`copies`]).
    pub copies: bool,
}

impl Chain {
    /// The mode of `piece`'s blocks of type `ty`.
    pub fn mode(&self, piece: &str, ty: &str) -> Option<usize> {
        self.modes
            .iter()
            .position(|m| m.piece == piece && m.ty == ty)
    }

    /// The pieces whose blocks the chain runs: its own first.
    pub fn pieces(&self) -> Vec<&str> {
        let mut out = vec![self.piece.as_str()];
        for m in &self.modes {
            if !out.contains(&m.piece.as_str()) {
                out.push(&m.piece);
            }
        }
        out
    }

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

    /// What `post` does first: lift the piece where it started unless a part already did
    /// (leaving a copy there if the move does, when `may_copy`).
    pub fn lift(&self, from: &str, may_copy: bool, span: Span) -> Node {
        let s = |name: &str| sym(name, span);
        let items = vec![
            form("not", vec![s(HELD)], span),
            form("check", vec![s(from)], span),
            form("take", vec![], span),
        ];
        let lift = form("if", items, span);
        match may_copy {
            // The last part's copy (the first part's, when no part lifted the piece).
            true => form("seq", vec![lift, copies::leave(AT, span)], span),
            false => lift,
        }
    }

    /// `(add-partial [PIECE] [TYPE])` in a block of mode `current` (`None`: a block of no move
    /// type): the chain so far a move, then the part ended and the next asked for. With a
    /// PIECE (one of `pieces`), the piece becomes one, in the move that ends here and in the
    /// hand that carries it on.
    pub fn add_partial(
        &self,
        rest: &[Node],
        current: Option<usize>,
        pieces: &[String],
        mover: &Mover<'_>,
        span: Span,
    ) -> Result<Vec<Node>, ZrfError> {
        let (promote, mode) = self.next_mode(rest, current, pieces, span)?;
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        let set = |name: &str, value: Node| f("set!", vec![s(name), value]);
        let mut out = Vec::new();
        if let Some(piece) = promote {
            out.push(set(mover.promote, s("true")));
            out.push(set(mover.kind, piece.clone()));
        }
        // A part before the end-move and another after it: a chain stands only if no chain
        // going on from its end completes (Zillions' player must go on), whatever either takes.
        out.extend([
            f("check", vec![s("not-visited?")]),
            f("part", vec![]),
            f("end-move", vec![]),
        ]);
        let Some(mode) = mode else {
            // A move type no block has (`priority-type` in fandango.zrf): nothing goes on,
            // so the chain ends here.
            out.push(f("check", vec![s("false")]));
            return Ok(out);
        };
        out.extend([
            f("part", vec![]),
            f("visit", vec![]),
            f("log", vec![crate::forms::string("-", span), s("position")]),
        ]);
        out.extend(self.go_on(mover, span));
        out.extend(promote.map(|piece| f("promote", vec![piece.clone()])));
        out.push(set(MODE, int(mode as i64, span)));
        out.push(set(GO_ON, s("true")));
        Ok(out)
    }

    /// Going on from a part's end: the piece lifted from its start if no part did yet, the
    /// part's copy left where it began if it leaves one, and `zrf-at` set to the part's end.
    fn go_on(&self, mover: &Mover<'_>, span: Span) -> Vec<Node> {
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        let set = |name: &str, value: Node| f("set!", vec![s(name), value]);
        let lift = |back: Option<Node>| {
            let mut items = vec![
                f("not", vec![s(HELD)]),
                f("check", vec![s(mover.from)]),
                f("take", vec![]),
                set(HELD, s("true")),
            ];
            items.extend(back);
            f("if", items)
        };
        if !mover.copies {
            let back = f("check", vec![s(AT)]);
            return vec![set(AT, s("position")), lift(Some(back))];
        }
        vec![
            set(copies::LAND, s("position")),
            lift(None),
            copies::leave(AT, span),
            f("check", vec![s(copies::LAND)]),
            set(AT, s("position")),
        ]
    }

    /// What `(add-partial ...)`'s arguments `rest` name: the piece it changes to, if any, and
    /// the mode to go on in (`None` when the chain has none such).
    fn next_mode<'n>(
        &self,
        rest: &'n [Node],
        current: Option<usize>,
        pieces: &[String],
        span: Span,
    ) -> Result<(Option<&'n Node>, Option<usize>), ZrfError> {
        let is_piece = |n: &Node| n.as_symbol().is_some_and(|p| pieces.iter().any(|q| q == p));
        let current = current.and_then(|k| self.modes.get(k));
        let owner = current.map_or(self.piece.as_str(), |m| &m.piece);
        let current_ty = current.map(|m| m.ty.as_str());
        let named = |piece: &str, ty: &Node| ty.as_symbol().and_then(|t| self.mode(piece, t));
        Ok(match rest {
            [] => (None, current.and_then(|m| self.mode(&m.piece, &m.ty))),
            [piece] if is_piece(piece) => {
                let to = piece.as_symbol().unwrap_or_default();
                (Some(piece), current_ty.and_then(|t| self.mode(to, t)))
            }
            [ty] => (None, named(owner, ty)),
            [piece, ty] if is_piece(piece) => (
                Some(piece),
                named(piece.as_symbol().unwrap_or_default(), ty),
            ),
            _ => {
                return Err(ZrfError::unsupported(
                    "add-partial (with other than a piece and a move type)",
                    span,
                ))
            }
        })
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
