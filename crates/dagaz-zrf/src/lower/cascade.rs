//! `from`, `to` and `cascade`: a ZRF move that moves more than one piece (castling's rook, a
//! line of pieces pushed along).
//!
//! A move's mover is the piece on `zrf-from` until one of these says otherwise. `to` moves it
//! here at once (a Take and a Drop), and the move has no mover left; `from` makes the piece
//! here the mover; `cascade` is a `to` when there is a mover, then a `from`. A later `add`
//! needs a mover, which `post` moves as it moves any piece. A movement made at once is what the
//! Dagaz project's interpreter does too: the tests that follow see the board with it made. The
//! move is written from where its first mover stood to where it went.

use crate::forms::{form, string, sym};
use dagaz_sexpr::{Node, Span};

/// Whether the move has a mover (a `to` leaves none).
const MOVING: &str = "zrf-moving";
/// Whether a `to` or `cascade` has moved a piece.
const MOVED: &str = "zrf-moved";
/// Where the first mover stood, and where it went.
const START: &str = "zrf-start";
const FIRST_TO: &str = "zrf-first-to";
/// The square a `to` moves the mover to.
const HERE: &str = "zrf-here";

/// The words this module translates.
pub const WORDS: &[&str] = &["from", "to", "cascade"];

/// The locals `pre` declares in a piece whose moves use [`WORDS`].
pub fn declare(span: Span) -> Vec<Node> {
    let let_ = |name: &str, value: &str| form("let", vec![sym(name, span), sym(value, span)], span);
    vec![
        let_(MOVING, "true"),
        let_(MOVED, "false"),
        let_(START, "position"),
        let_(FIRST_TO, "position"),
        let_(HERE, "position"),
    ]
}

/// `(go to)`: to the square the last `to` (or `cascade`) moved a piece to; where none has
/// yet, the block stays where it is (as Polygamo, an independent ZRF player, reads it).
pub fn go_to(span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    form(
        "if",
        vec![s(MOVED), form("check", vec![s(HERE)], span)],
        span,
    )
}

/// `word`, one of [`WORDS`], as statements; `from` is the local of the mover's square.
pub fn statement(word: &str, from: &str, span: Span) -> Vec<Node> {
    match word {
        "to" => to(from, span),
        "from" => mover_here(from, span),
        _ => vec![form(
            "if",
            [
                vec![sym(MOVING, span)],
                swap(from, span),
                vec![sym("else", span)],
            ]
            .concat()
            .into_iter()
            .chain(mover_here(from, span))
            .collect(),
            span,
        )],
    }
}

/// `cascade` with a mover: the mover put here and the piece here the mover, which waits where
/// the mover stood until the move moves it on (`to`, `add`). A swap, so that the piece pushed
/// is not lost (a line of pieces pushed one step along: ordo).
fn swap(from: &str, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
    let set = |name: &str, value: &str| f("set!", vec![s(name), s(value)]);
    vec![
        f("check", vec![s("not-empty?")]),
        set(HERE, "position"),
        first_move(span),
        f(
            "if",
            vec![
                f("!=", vec![s(from), s(HERE)]),
                f("cycle-pieces", vec![s(from), s(HERE)]),
            ],
        ),
    ]
}

/// The first movement noted for the notation.
fn first_move(span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    let set = |name: &str, value: &str| form("set!", vec![s(name), s(value)], span);
    form(
        "if",
        vec![
            form("not", vec![s(MOVED)], span),
            set(FIRST_TO, "position"),
            set(MOVED, "true"),
        ],
        span,
    )
}

/// `to`: the mover moved here now (failing without one).
fn to(from: &str, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
    let set = |name: &str, value: &str| f("set!", vec![s(name), s(value)]);
    vec![
        f("check", vec![s(MOVING)]),
        set(HERE, "position"),
        first_move(span),
        f("check", vec![s(from)]),
        f("take", vec![]),
        f("check", vec![s(HERE)]),
        f("drop", vec![]),
        set(MOVING, "false"),
    ]
}

/// `from`: the piece here is the mover (failing on an empty square).
fn mover_here(from: &str, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    let set = |name: &str, value: &str| form("set!", vec![s(name), s(value)], span);
    vec![
        form("check", vec![s("not-empty?")], span),
        set(from, "position"),
        set(MOVING, "true"),
    ]
}

/// What an `add` checks first: that the move has a mover.
pub fn has_mover(span: Span) -> Node {
    form("check", vec![sym(MOVING, span)], span)
}

/// The move's notation in `post`, where `to` is the local of the last mover's landing.
pub fn log(to: &str, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
    vec![
        f(
            "if",
            vec![
                f("not", vec![s(MOVED)]),
                f("set!", vec![s(FIRST_TO), s(to)]),
            ],
        ),
        f("log", vec![s(START), string("-", span), s(FIRST_TO)]),
    ]
}
