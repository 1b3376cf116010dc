//! A piece's `(attribute NAME true|false)`, `(set-attribute NAME CONDITION)` and the test
//! `NAME` (or `(NAME DIRECTION-OR-POSITION)`).
//!
//! Zillions gives each piece type its own default and keeps a piece's values when its type
//! changes; dagaz's attributes have one default for every piece. So a ZRF attribute is two dagaz
//! attributes, both false when a piece is made: whether the piece's value was ever set, and the
//! value set. A test reads the value set, else the default of the piece's type (a type that
//! does not declare the attribute reads false, as an empty square does).
//!
//! `set-attribute` changes the piece that stands on the square when the move has been made (a
//! castling sets the rook's square, empty while the move is generated), so, as for `create`,
//! a block's Nth `set-attribute` notes in locals of `pre` where, which attribute and what value,
//! and `post` sets them after the mover has landed.

use crate::error::ZrfError;
use crate::forms::{args, form, int, name_of, sym, text};
use dagaz_sexpr::{Node, Span};
use std::cell::Cell;

/// dagaz has 8 attributes: two for each ZRF one.
const MOST: usize = 4;

/// The game's ZRF attributes, in the order the pieces declare them.
#[derive(Debug, Default)]
pub struct Attributes {
    /// Each attribute's name and the piece types whose default is true.
    list: Vec<(String, Vec<String>)>,
    /// Attributes of other values (numbers, which the Dagaz project's scripts read): refused
    /// where a move reads or sets them.
    other: Vec<String>,
}

/// The dagaz attributes of ZRF attribute `k`: its value, and whether it was set.
fn dagaz_names(k: usize) -> [String; 2] {
    [format!("zrf-attr-{k}"), format!("zrf-attr-{k}-set")]
}

impl Attributes {
    /// The attributes the pieces of `clauses` declare; `None` when there are none. With
    /// `tiles` (a sliding puzzle) the attributes name blocks ([`super::tiles`]) and are not
    /// read here.
    pub fn of(clauses: &[Node], tiles: bool) -> Result<Option<Attributes>, ZrfError> {
        if tiles {
            return Ok(None);
        }
        let mut out = Attributes::default();
        for piece in clauses.iter().filter(|c| c.head() == Some("piece")) {
            let kind = name_of(args(piece)).unwrap_or_default();
            for clause in args(piece).iter().filter(|c| c.head() == Some("attribute")) {
                out.declare(clause, &kind)?;
            }
        }
        Ok((!out.list.is_empty() || !out.other.is_empty()).then_some(out))
    }

    /// One `(attribute NAME true|false)` clause of piece type `kind`.
    fn declare(&mut self, clause: &Node, kind: &str) -> Result<(), ZrfError> {
        let [name, value] = args(clause) else {
            return Err(ZrfError::expected("`(attribute NAME true|false)`", clause));
        };
        let name = name
            .as_symbol()
            .ok_or_else(|| ZrfError::expected("an attribute name", name))?;
        let default = match value.as_symbol() {
            Some("true") => true,
            Some("false") => false,
            _ => {
                self.other.push(name.to_string());
                return Ok(());
            }
        };
        if self.index(name).is_none() {
            if self.list.len() == MOST {
                return Err(ZrfError::unsupported(
                    "attribute (more than four of them)",
                    clause.span,
                ));
            }
            self.list.push((name.to_string(), Vec::new()));
        }
        let entry = self.list.iter_mut().find(|(n, _)| n == name);
        if let (true, Some((_, kinds))) = (default, entry) {
            kinds.push(kind.to_string());
        }
        Ok(())
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.list.iter().position(|(n, _)| n == name)
    }

    /// The `(attribute ...)` clauses of the dagaz game.
    pub fn game_forms(&self, span: Span) -> Vec<Node> {
        (0..self.list.len())
            .flat_map(dagaz_names)
            .map(|a| form("attribute", vec![sym(&a, span), sym("false", span)], span))
            .collect()
    }

    /// Refused: a move reads or sets attribute `name`, whose values are not true or false.
    pub fn check_kind(&self, name: &str, span: Span) -> Result<(), ZrfError> {
        match self.other.iter().any(|n| n == name) && self.index(name).is_none() {
            true => Err(ZrfError::unsupported(
                "attribute (of a value other than true or false)",
                span,
            )),
            false => Ok(()),
        }
    }

    /// The test of attribute `name` on the current square, `None` if it is no attribute;
    /// `occupied` is the piece's test of a piece standing there.
    pub fn test(&self, name: &str, occupied: Node, span: Span) -> Option<Node> {
        let k = self.index(name)?;
        let kinds = self.list.get(k).map(|(_, kinds)| kinds.as_slice())?;
        let [value, set] = dagaz_names(k);
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        let is = |kind: &String| f("=", vec![s("piece"), s(kind)]);
        let default = match kinds {
            [] => s("false"),
            kinds => f("or", kinds.iter().map(is).collect()),
        };
        let read = f(
            "or",
            vec![
                f("and", vec![s(&set), s(&value)]),
                f("and", vec![f("not", vec![s(&set)]), default]),
            ],
        );
        Some(f("and", vec![occupied, read]))
    }

    /// Before a piece changes type (Zillions keeps its values): each attribute's value read
    /// on the current square into a local `PREFIX-K`, to [`Attributes::restore`] in the hand.
    pub fn keep(&self, prefix: &str, occupied: &Node, span: Span) -> Vec<Node> {
        self.list
            .iter()
            .enumerate()
            .map(|(k, (name, _))| {
                let value = self.test(name, occupied.clone(), span);
                let value = value.unwrap_or_else(|| sym("false", span));
                form(
                    "let",
                    vec![sym(&format!("{prefix}-{k}"), span), value],
                    span,
                )
            })
            .collect()
    }

    /// The values [`Attributes::keep`] read, set on the piece in the hand: it then reads them
    /// whatever its new type's defaults.
    pub fn restore(&self, prefix: &str, span: Span) -> Vec<Node> {
        let s = |name: &str| sym(name, span);
        (0..self.list.len())
            .flat_map(|k| {
                let [value, set] = dagaz_names(k);
                [
                    form("set-attr", vec![s(&set), s("true")], span),
                    form(
                        "set-attr",
                        vec![s(&value), s(&format!("{prefix}-{k}"))],
                        span,
                    ),
                ]
            })
            .collect()
    }

    /// `(set-attribute NAME CONDITION)` with `value` the lowered condition, as the next slot of
    /// the block (`next` counts them).
    pub fn set(
        &self,
        name: &Node,
        value: Node,
        next: &Cell<usize>,
        span: Span,
    ) -> Result<Vec<Node>, ZrfError> {
        self.check_kind(text(name).unwrap_or_default(), name.span)?;
        let k = text(name)
            .and_then(|n| self.index(n))
            .ok_or_else(|| ZrfError::expected("an attribute that a piece declares", name))?;
        let slot = next.get();
        next.set(slot + 1);
        let [noted, at, which, to] = slot_locals(slot);
        let set = |local: &str, v: Node| form("set!", vec![sym(local, span), v], span);
        Ok(vec![
            set(&noted, sym("true", span)),
            set(&at, sym("position", span)),
            set(&which, int(k as i64, span)),
            set(&to, value),
        ])
    }

    /// What `post` does after the mover has landed: each noted value set on the piece that
    /// stands on its square (none if the square is empty or its piece is being captured).
    pub fn apply(&self, slots: usize, span: Span) -> Vec<Node> {
        let s = |name: &str| sym(name, span);
        let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
        (0..slots)
            .map(|slot| {
                let [noted, at, which, to] = slot_locals(slot);
                let mut change = vec![f("and", vec![s("not-empty?"), s("not-captured?")])];
                change.push(f("take", vec![]));
                change.extend((0..self.list.len()).map(|k| {
                    let [value, set] = dagaz_names(k);
                    f(
                        "if",
                        vec![
                            f("=", vec![s(&which), int(k as i64, span)]),
                            f("set-attr", vec![s(&set), s("true")]),
                            f("set-attr", vec![s(&value), s(&to)]),
                        ],
                    )
                }));
                change.push(f("drop", vec![]));
                f(
                    "if",
                    vec![s(&noted), f("check", vec![s(&at)]), f("if", change)],
                )
            })
            .collect()
    }
}

/// The locals of slot `k`: whether it was set, where, which attribute, and to what.
fn slot_locals(k: usize) -> [String; 4] {
    let base = format!("zrf-set-attr-{k}");
    [
        base.clone(),
        format!("{base}-at"),
        format!("{base}-which"),
        format!("{base}-to"),
    ]
}

/// The locals `pre` declares for `slots` set-attributes.
pub fn declare(slots: usize, span: Span) -> Vec<Node> {
    let let_ = |name: &str, value: Node| form("let", vec![sym(name, span), value], span);
    (0..slots)
        .flat_map(|k| {
            let [noted, at, which, to] = slot_locals(k);
            [
                let_(&noted, sym("false", span)),
                let_(&at, sym("position", span)),
                let_(&which, int(0, span)),
                let_(&to, sym("false", span)),
            ]
        })
        .collect()
}
