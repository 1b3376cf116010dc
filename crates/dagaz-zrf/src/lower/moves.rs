//! A ZRF piece's move blocks as dagaz `move` clauses.
//!
//! ZRF and dagaz run a move differently, and the translation keeps ZRF's reading (docs/zrf.md):
//! - a ZRF move's tests see the board as it was when the move began: the mover still stands on
//!   its square and a captured piece is still there. So `pre` does not lift the piece: it notes
//!   where it stood (`zrf-from`), and `post` lifts it there and puts it down where the move
//!   ended; a `capture` is dagaz's `capture-later`, which leaves the piece until the move is
//!   played;
//! - `add` completes the move here and goes on (a move may end at every square of a slide): it is
//!   dagaz's `end-move`; a block that runs past its last `add` completes nothing;
//! - `(add P ...)` completes it with the piece changed to P (one move for each P);
//! - `(set-flag F C)` and `(flag? F)` are a local of the block, false until set;
//! - `last-from?` and `last-to?` read where the last move went from and to: two turn variables
//!   that every move sets, and that a move reads as the move before it left them.

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use crate::lower::attributes;
use crate::lower::board::Board;
use crate::lower::captured;
use crate::lower::cascade;
use crate::lower::changes;
use crate::lower::copies;
use crate::lower::create;
use crate::lower::flags;
use crate::lower::looks;
use crate::lower::partial;
use crate::lower::places;
use crate::lower::priorities;
use crate::lower::tiles;
use dagaz_sexpr::{Node, Span};

/// The locals every translated piece declares in `pre`.
const FROM: &str = places::FROM;
const MARK: &str = places::MARK;
/// Where a condition that reads a neighbour (`(empty? n)`) stood, to come back to.
const HERE: &str = places::HERE;
const PROMOTE: &str = "zrf-promote";
const KIND: &str = "zrf-kind";
/// The mover's attribute values as the move began, kept when `add` changes its type.
const WAS: &str = "zrf-was";

/// The turn variables of the last move's from and to positions (`last-from?`, `last-to?`).
pub const LAST_FROM: &str = places::LAST_FROM;
/// See [`LAST_FROM`].
pub const LAST_TO: &str = places::LAST_TO;

/// What a move's code may name.
pub struct Names<'a> {
    /// The board: its directions and positions.
    pub board: &'a Board,
    /// The piece types.
    pub pieces: &'a [String],
    /// The piece a `drops` block puts down; `None` in a move block.
    pub dropping: Option<&'a str>,
    /// Whether the game reads the last move (`last-from?`, `last-to?`): every move then notes
    /// its own in [`LAST_FROM`] and [`LAST_TO`].
    pub last_move: bool,
    /// How the game ranks its moves (`move-priorities`, `"maximal captures"`): a move then
    /// notes its rank and captures, and `post` keeps the moves of the highest.
    pub ranking: priorities::Ranking<'a>,
    /// The rank of the block being translated, in a game with priorities.
    pub rank: Option<i64>,
    /// The piece's chain, when its moves have parts (`add-partial`).
    pub chain: Option<&'a partial::Chain>,
    /// The move type of the block being translated, as an index of the chain's types.
    pub current: Option<usize>,
    /// `(option "pass partial" true)`: every part's end is a move of its own.
    pub pass_partial: bool,
    /// Whether the piece's moves move other pieces (`from`, `to`, `cascade`).
    pub movers: bool,
    /// The most `create`s a block of the piece makes (locals of `pre`, made in `post`).
    pub creates: usize,
    /// The positions where `goal-position?` holds ([`super::goals::goal_positions`]).
    pub goal_positions: &'a [String],
    /// The game's piece attributes, if it has any.
    pub attributes: Option<&'a attributes::Attributes>,
    /// The most `set-attribute`s a block of the piece makes (locals of `pre`, set in `post`).
    pub attribute_sets: usize,
    /// How many `set-attribute`s the block being translated has met so far.
    pub attribute_set: &'a std::cell::Cell<usize>,
    /// Whether some move of the piece leaves a copy of it (`add-copy`, `add-copy-partial`).
    pub copies: bool,
    /// How many `create`s the block being translated has met so far.
    pub created: &'a std::cell::Cell<usize>,
    /// `(option "deferred captures" true)`: a piece captured by an earlier part stays on the
    /// board until the move is played, neither empty nor an enemy.
    pub deferred_captures: bool,
    /// How many players the game has (`(players ...)`).
    pub players: usize,
    /// The players no turn names, whose pieces are Zillions' neutral pieces.
    pub neutral: &'a [String],
    /// The blocks of a game with `(option "sliding-puzzle" true)`, whose moves end with
    /// their piece's block moved ([`tiles`]).
    pub tiles: Option<&'a tiles::Tiles>,
    /// `(option "shared pieces" true)`: a player moves any piece, its own or not.
    pub shared_pieces: bool,
    /// The game's `captured` conditions: a move then notes the pieces it captures.
    pub captured: Option<&'a captured::Captured>,
}

/// The `pre` clause of a piece named `piece`: the mover is the player's, and stays put.
pub fn pre(piece: &str, names: &Names<'_>, span: Span) -> Node {
    let here = || sym("position", span);
    // With shared pieces `friend?` and `enemy?` still read the owner against the mover.
    let whose = if names.shared_pieces {
        "not-empty?"
    } else {
        "is-friend?"
    };
    let mut items = vec![
        form("check", vec![sym(whose, span)], span),
        form("let", vec![sym(FROM, span), here()], span),
        form("let", vec![sym(MARK, span), here()], span),
        form("let", vec![sym(HERE, span), here()], span),
        form("let", vec![sym(PROMOTE, span), sym("false", span)], span),
        form("let", vec![sym(KIND, span), sym(piece, span)], span),
    ];
    items.extend(names.ranking.declare(false, span));
    if let Some(chain) = names.chain {
        items.extend(chain.declare(span));
        // The path: the start, then where each part lands (`post` writes the last).
        items.push(form("log", vec![sym(FROM, span)], span));
    }
    if names.movers {
        items.extend(cascade::declare(span));
    }
    items.extend(create::declare(names.creates, span));
    items.extend(attributes::declare(names.attribute_sets, span));
    if let Some(attributes) = names.attributes {
        items.extend(attributes.keep(WAS, &sym("true", span), span));
    }
    if names.copies {
        items.extend(copies::declare(span));
    }
    items.extend(names.captured.map(|_| captured::Captured::declare(span)));
    form("pre", items, span)
}

/// The piece lifted from its start and `place`d: unless the move ends where it began and
/// captured the piece there (`capture add`), which takes the piece off, as in Zillions, where
/// a move's captures come after its movement (ultima's self-capture, pasang's taking).
/// With `may_copy`, a move may leave a copy where it started ([`copies`]).
fn stays_or_moves(place: Vec<Node>, may_copy: bool, span: Span) -> [Node; 2] {
    let s = |name: &str| sym(name, span);
    let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
    let moved = f("!=", vec![s(FROM), s("zrf-to")]);
    let mut then = vec![f("or", vec![moved, s("not-captured?")]), f("take", vec![])];
    then.extend(may_copy.then(|| copies::leave(FROM, span)));
    then.extend(place);
    [f("check", vec![s(FROM)]), f("if", then)]
}

/// The `post` clause: the piece lifted from where it stood and put down here, changed when an
/// `add` said so; the move written `from-to`, and noted as the last move when the game reads
/// it (`names.last_move`).
pub fn post(names: &Names<'_>, span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    let f = |head: &str, rest: Vec<Node>| form(head, rest, span);
    let mut items = Vec::new();
    if names.chain.is_some() && !names.pass_partial {
        items.push(f("check", vec![s("no-moves?")]));
    }
    if names.ranking.any() {
        items.extend(names.ranking.invariant(span));
    }
    items.push(f("let", vec![s("zrf-to"), s("position")]));
    if names.tiles.is_some() {
        items.extend(tiles::slide(names.board, FROM, "zrf-to", span));
    } else {
        let mut place = vec![f("check", vec![s("zrf-to")])];
        place.extend(names.captured.map(|c| c.landing(span)));
        let mut promote = vec![s(PROMOTE)];
        promote.extend(names.attributes.iter().flat_map(|a| a.restore(WAS, span)));
        promote.push(f("promote", vec![s(KIND)]));
        place.extend([f("if", promote), f("drop", vec![])]);
        match names.chain {
            Some(chain) => {
                items.push(chain.lift(FROM, names.copies, span));
                items.extend(place);
            }
            None => items.extend(stays_or_moves(place, names.copies, span)),
        }
    }
    items.extend(create::apply(names.creates, span));
    if let Some(attributes) = names.attributes {
        items.extend(attributes.apply(names.attribute_sets, span));
    }
    if names.movers {
        items.extend(cascade::log("zrf-to", span));
    } else {
        let dash = crate::forms::string("-", span);
        let from = names.chain.is_none().then(|| s(FROM));
        items.push(f(
            "log",
            from.into_iter().chain([dash, s("zrf-to")]).collect(),
        ));
    }
    if names.last_move {
        items.push(f("set!", vec![s(LAST_FROM), s(FROM)]));
        items.push(f("set!", vec![s(LAST_TO), s("zrf-to")]));
    }
    items.extend(names.captured.map(|_| captured::Captured::note(span)));
    form("post", items, span)
}

/// A drop block, `(INSTRUCTION ...)` run from every position with a new piece of
/// `names.dropping`, as `(drops ...)`: an `add` puts the piece down where it stands.
pub fn drop_block(node: &Node, names: &Names<'_>) -> Result<Node, ZrfError> {
    let items = node
        .as_list()
        .ok_or_else(|| ZrfError::expected("a drop block `(INSTRUCTION ...)`", node))?;
    let span = node.span;
    let mut out = vec![
        form("let", vec![sym(MARK, span), sym("position", span)], span),
        form("let", vec![sym(HERE, span), sym("position", span)], span),
    ];
    out.extend(names.ranking.declare(true, span));
    out.extend(names.captured.map(|_| captured::Captured::declare(span)));
    flags::one_position_flag(items)?;
    out.extend(flags::declare_flags(items, span));
    if names.ranking.maximal.is_some() && mentions_capture(items) {
        // Its count would be compared with the drops made before it only.
        return Err(ZrfError::unsupported(
            "option \"maximal captures\" (with a drop that captures)",
            span,
        ));
    }
    out.extend(statements(items, names)?);
    out.push(form("check", vec![sym("false", span)], span));
    Ok(form("drops", out, span))
}

/// A move block, `(INSTRUCTION ...)`, as `(move ...)`.
pub fn block(node: &Node, names: &Names<'_>) -> Result<Node, ZrfError> {
    let items = node
        .as_list()
        .ok_or_else(|| ZrfError::expected("a move block `(INSTRUCTION ...)`", node))?;
    let mut out = Vec::new();
    names.created.set(0);
    names.attribute_set.set(0);
    out.extend(names.rank.map(|r| priorities::enter(r, node.span)));
    flags::one_position_flag(items)?;
    out.extend(flags::declare_flags(items, node.span));
    out.extend(statements(items, names)?);
    // Past the last `add` nothing is completed.
    out.push(form("check", vec![sym("false", node.span)], node.span));
    Ok(form("move", out, node.span))
}

/// A block's statements as one round of its piece's chain ([`partial::Chain::clause`]).
pub fn chain_round(node: &Node, names: &Names<'_>) -> Result<Vec<Node>, ZrfError> {
    let items = node
        .as_list()
        .ok_or_else(|| ZrfError::expected("a move block `(INSTRUCTION ...)`", node))?;
    if !flags::declare_flags(items, node.span).is_empty() {
        return Err(ZrfError::unsupported(
            "set-flag (with add-partial)",
            node.span,
        ));
    }
    statements(items, names)
}

/// Whether `nodes` hold a `capture`.
fn mentions_capture(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n.as_list() {
        Some(items) => mentions_capture(items),
        None => n.as_symbol() == Some("capture"),
    })
}

fn statements(items: &[Node], names: &Names<'_>) -> Result<Vec<Node>, ZrfError> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        statement(item, names, &mut out)?;
    }
    Ok(out)
}

/// One instruction, appended to `out` as dagaz statements.
fn statement(node: &Node, names: &Names<'_>, out: &mut Vec<Node>) -> Result<(), ZrfError> {
    let span = node.span;
    let check = |what: Node| form("check", vec![what], span);
    if let Some(word) = node.as_symbol() {
        out.extend(word_statement(word, node, names)?);
        return Ok(());
    }
    let context = changes::Context {
        board: names.board,
        pieces: names.pieces,
        hand_held: names.dropping.is_some() || names.chain.is_some(),
        movers: names.movers,
        attributes: names.attributes,
    };
    if let Some(changed) = changes::statement(node, &context)? {
        out.extend(changed);
        return Ok(());
    }
    let rest = args(node);
    match node.head() {
        Some("verify") => {
            let cond = condition(one(node, rest)?, names)?;
            out.extend(with_here(&cond, check(cond.clone()), span));
        }
        Some("add") => out.extend(add(rest, names, Leaves::Nothing, span)),
        Some("add-partial") => out.extend(add_partial(rest, names, Leaves::Nothing, span)?),
        Some(w) if copies::plain(w).is_some() => out.extend(add_copy(w, rest, names, span)?),
        Some("capture") if rest.is_empty() => out.push(capture(names, span)),
        Some("create") if names.dropping.is_none() && names.creates > 0 => match rest {
            [piece] if names.pieces.iter().any(|p| piece.as_symbol() == Some(p)) => {
                out.extend(create::statement(piece, names.created, span));
            }
            _ => {
                return Err(ZrfError::unsupported(
                    "create (other than of one piece type)",
                    span,
                ))
            }
        },
        Some("opposite") => out.push(check(opposite(one(node, rest)?, names)?)),
        Some("set-flag") => {
            let [flag, value] = rest else {
                return Err(ZrfError::expected("`(set-flag FLAG CONDITION)`", node));
            };
            let value = condition(value, names)?;
            let set = form("set!", vec![flags::flag_local(flag)?, value.clone()], span);
            out.extend(with_here(&value, set, span));
        }
        Some("set-attribute") => out.extend(set_attribute(node, names)?),
        Some("set-position-flag") => {
            out.push(flags::set_position_flag(node, names.chain.is_some())?)
        }
        Some("if") => out.extend(if_form(rest, names, span)?),
        Some("while") => out.extend(while_form(node, names)?),
        Some(other) => return Err(ZrfError::unsupported(other, span)),
        None => return Err(ZrfError::expected("a move instruction", node)),
    }
    Ok(())
}

/// An instruction that is one word: `add`, `capture`, `mark`, a direction...
fn word_statement(word: &str, node: &Node, names: &Names<'_>) -> Result<Vec<Node>, ZrfError> {
    let span = node.span;
    let check = |what: Node| form("check", vec![what], span);
    Ok(match word {
        "add" => add(&[], names, Leaves::Nothing, span),
        "add-partial" => add_partial(&[], names, Leaves::Nothing, span)?,
        w if copies::plain(w).is_some() => add_copy(word, &[], names, span)?,
        "capture" => vec![capture(names, span)],
        "mark" => vec![form(
            "set!",
            vec![sym(MARK, span), sym("position", span)],
            span,
        )],
        "back" => vec![check(sym(MARK, span))],
        "flip" | "change-owner" => changes::owner_change(word, span),
        w if cascade::WORDS.contains(&w) && names.movers => cascade::statement(w, FROM, span),
        d if names.board.is_dir(d) || names.board.is_position(d) => vec![check(node.clone())],
        other => return Err(ZrfError::unsupported(other, span)),
    })
}

/// `(set-attribute NAME CONDITION)`: see [`attributes`].
fn set_attribute(node: &Node, names: &Names<'_>) -> Result<Vec<Node>, ZrfError> {
    let span = node.span;
    let ([name, value], Some(attributes)) = (args(node), names.attributes) else {
        return Err(ZrfError::expected(
            "`(set-attribute ATTRIBUTE CONDITION)`",
            node,
        ));
    };
    if names.dropping.is_some() {
        return Err(ZrfError::unsupported("set-attribute (in a drop)", span));
    }
    let value = condition(value, names)?;
    let mut out = Vec::new();
    if peeks(&value) {
        out.push(set_here(span));
    }
    out.extend(attributes.set(name, value, names.attribute_set, span)?);
    Ok(out)
}

/// `(while CONDITION INSTRUCTION ...)`.
fn while_form(node: &Node, names: &Names<'_>) -> Result<Vec<Node>, ZrfError> {
    let span = node.span;
    let (cond, body) = args(node)
        .split_first()
        .ok_or_else(|| ZrfError::expected("`(while CONDITION INSTRUCTION ...)`", node))?;
    let cond = condition(cond, names)?;
    let looks = peeks(&cond);
    let mut items = vec![cond];
    items.extend(statements(body, names)?);
    let mut out = Vec::new();
    if looks {
        // The test runs again where each round ends.
        items.push(set_here(span));
        out.push(set_here(span));
    }
    out.push(form("while", items, span));
    Ok(out)
}

/// `(if CONDITION INSTRUCTION ... [else INSTRUCTION ...])`, after what its condition needs.
fn if_form(rest: &[Node], names: &Names<'_>, span: Span) -> Result<Vec<Node>, ZrfError> {
    let Some((cond, body)) = rest.split_first() else {
        return Err(ZrfError::unsupported("if (empty)", span));
    };
    let cond = condition(cond, names)?;
    let mut items = vec![cond.clone()];
    for item in body {
        if item.as_symbol() == Some("else") {
            items.push(item.clone());
        } else {
            statement(item, names, &mut items)?;
        }
    }
    Ok(with_here(&cond, form("if", items, span), span))
}

/// What a completed move leaves where the piece started.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Leaves {
    Nothing,
    /// A copy of the piece (`add-copy`, `add-copy-partial`).
    Copy,
}

impl Leaves {
    /// Noted before the move ends, in a piece whose moves may leave a copy.
    fn note(self, names: &Names<'_>, span: Span) -> Option<Node> {
        names
            .copies
            .then(|| copies::note(self == Leaves::Copy, span))
    }
}

/// `add`, `(add)` or `(add PIECE ...)`: the move completed here (as PIECE, one move each) and
/// going on.
fn add(pieces: &[Node], names: &Names<'_>, leaves: Leaves, span: Span) -> Vec<Node> {
    if names.dropping.is_some() {
        return vec![drop_here(pieces, names, span)];
    }
    let set = |name: &str, value: Node| form("set!", vec![sym(name, span), value], span);
    let mut out: Vec<Node> = names
        .movers
        .then(|| cascade::has_mover(span))
        .into_iter()
        .collect();
    out.extend(leaves.note(names, span));
    out.push(set(
        PROMOTE,
        sym(if pieces.is_empty() { "false" } else { "true" }, span),
    ));
    match pieces {
        [] => {}
        [one] => out.push(set(KIND, one.clone())),
        many => out.push(set(KIND, form("any", many.to_vec(), span))),
    }
    out.push(form("end-move", vec![], span));
    out
}

/// `(add-partial [TYPE])`: see [`partial`].
fn add_partial(
    rest: &[Node],
    names: &Names<'_>,
    leaves: Leaves,
    span: Span,
) -> Result<Vec<Node>, ZrfError> {
    match names.chain {
        Some(chain) if names.dropping.is_none() => {
            let mover = partial::Mover {
                from: FROM,
                promote: PROMOTE,
                kind: KIND,
                copies: names.copies,
            };
            let mut out: Vec<Node> = leaves.note(names, span).into_iter().collect();
            out.extend(chain.add_partial(rest, names.current, names.pieces, &mover, span)?);
            Ok(out)
        }
        _ => Err(ZrfError::unsupported("add-partial (in a drop)", span)),
    }
}

/// `add-copy` or `add-copy-partial` (`word`) with its arguments: the `add` or `add-partial`,
/// noted as leaving a copy ([`copies`]).
fn add_copy(
    word: &str,
    rest: &[Node],
    names: &Names<'_>,
    span: Span,
) -> Result<Vec<Node>, ZrfError> {
    match copies::plain(word) {
        // A drop leaves nothing behind: its `add-copy` is an `add`.
        Some("add") if names.dropping.is_some() => Ok(add(rest, names, Leaves::Nothing, span)),
        Some("add") => Ok(add(rest, names, Leaves::Copy, span)),
        _ => add_partial(rest, names, Leaves::Copy, span),
    }
}

/// A drop's `add`: a choice between putting the piece down here (changed to each of `pieces`
/// when there are any), which completes the move, and going on without it.
fn drop_here(pieces: &[Node], names: &Names<'_>, span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    let mut items = vec![form("any", vec![s("true"), s("false")], span)];
    if let Some(c) = names.captured {
        items.extend([c.landing(span), captured::Captured::note(span)]);
    }
    match pieces {
        [] => {}
        [one] => items.push(form("promote", vec![one.clone()], span)),
        many => items.push(form(
            "promote",
            vec![form("any", many.to_vec(), span)],
            span,
        )),
    }
    items.push(form("drop", vec![], span));
    let at = crate::forms::string("@", span);
    items.push(form("log", vec![s("piece"), at, s("position")], span));
    if names.ranking.any() {
        items.extend(names.ranking.drop_check(names.rank, span));
    }
    if names.last_move {
        // As in the Dagaz project's interpreter, a drop moves the last move's `to` and leaves
        // its `from`.
        items.push(form("set!", vec![s(LAST_TO), s("position")], span));
    }
    items.push(form("end-move", vec![], span));
    items.push(form("check", vec![s("false")], span));
    form("if", items, span)
}

/// `capture`: the piece here goes when the move is played; an empty square or one already
/// captured is left as it is, as ZRF leaves it.
/// With `"maximal captures"`, a capture counts (before the piece is marked, while it reads
/// as itself).
fn capture(names: &Names<'_>, span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    let mut items = vec![form("and", vec![s("not-empty?"), s("not-captured?")], span)];
    items.extend(names.ranking.count_capture(span));
    items.extend(names.captured.map(|c| c.record(span)).unwrap_or_default());
    items.push(form("capture-later", vec![], span));
    form("if", items, span)
}

/// `(opposite DIR)`: the direction whose offsets are DIR's negated.
fn opposite(dir: &Node, names: &Names<'_>) -> Result<Node, ZrfError> {
    let name = dir
        .as_symbol()
        .filter(|d| names.board.is_dir(d))
        .ok_or_else(|| ZrfError::expected("a direction", dir))?;
    let back = names
        .board
        .opposite(name)
        .ok_or_else(|| ZrfError::expected("a direction that has an opposite on this board", dir))?;
    Ok(sym(back, dir.span))
}

fn one<'n>(node: &Node, rest: &'n [Node]) -> Result<&'n Node, ZrfError> {
    match rest {
        [one] => Ok(one),
        _ => Err(ZrfError::expected("one argument", node)),
    }
}

/// `last-from?`, `last-to?` and their `not-` forms: whether this position is (is not) where the
/// last move went from (to).
fn last_move(word: &str, span: Span) -> Option<Node> {
    let (op, var) = match word {
        "last-from?" => ("=", LAST_FROM),
        "last-to?" => ("=", LAST_TO),
        "not-last-from?" => ("!=", LAST_FROM),
        "not-last-to?" => ("!=", LAST_TO),
        _ => return None,
    };
    Some(form(op, vec![sym("position", span), sym(var, span)], span))
}

/// The dagaz test of a ZRF board test: `empty?` is `is-empty?`, ...
fn board_test(word: &str) -> Option<&'static str> {
    Some(match word {
        "empty?" => "is-empty?",
        "not-empty?" => "not-empty?",
        "friend?" => "is-friend?",
        "not-friend?" => "not-friend?",
        "enemy?" => "is-enemy?",
        "not-enemy?" => "not-enemy?",
        _ => return None,
    })
}

/// The dagaz test of the board test `word`. In a chain of parts a piece captured in an earlier
/// part is gone for ZRF (empty, neither friend nor enemy), where dagaz keeps it, marked, until the move is
/// played; with deferred captures it stays, a blocker that is no enemy.
fn test_node(word: &str, names: &Names<'_>, span: Span) -> Node {
    let s = |name: &str| sym(name, span);
    let test = s(board_test(word).unwrap_or("false"));
    if names.chain.is_none() {
        return test;
    }
    match word {
        "empty?" | "not-empty?" if names.deferred_captures => test,
        "empty?" => form("or", vec![test, s("is-captured?")], span),
        "not-enemy?" | "not-friend?" => form("or", vec![test, s("is-captured?")], span),
        "not-empty?" | "enemy?" | "friend?" => form("and", vec![test, s("not-captured?")], span),
        _ => test,
    }
}

/// [`places::peek`] on this board.
fn peek(dir: &Node, test: Option<Node>, names: &Names<'_>) -> Result<Node, ZrfError> {
    places::peek(dir, test, names.board)
}

/// `stmt` with `(set! HERE position)` before it when its lowered condition `cond` peeks (reads
/// a neighbour through [`HERE`]).
fn with_here(cond: &Node, stmt: Node, span: Span) -> Vec<Node> {
    let mut out = Vec::with_capacity(2);
    if peeks(cond) {
        out.push(set_here(span));
    }
    out.push(stmt);
    out
}

fn set_here(span: Span) -> Node {
    form("set!", vec![sym(HERE, span), sym("position", span)], span)
}

/// Whether the lowered condition `cond` reads a neighbour through [`HERE`].
fn peeks(cond: &Node) -> bool {
    super::mentions_any(std::slice::from_ref(cond), &[HERE])
}

/// What [`looks`] needs of the piece's names: the board, the sides, and its enemy and
/// occupied tests ([`test_node`]).
fn looks_context<'a>(names: &Names<'a>, span: Span) -> looks::Context<'a> {
    looks::Context {
        board: names.board,
        players: names.players,
        neutral: names.neutral,
        enemy: test_node("enemy?", names, span),
        taken: test_node("not-empty?", names, span),
    }
}

/// `(piece? T)`: a piece of type `piece` stands here.
fn piece_is(piece: &Node, names: &Names<'_>, span: Span) -> Result<Node, ZrfError> {
    let name = piece
        .as_symbol()
        .ok_or_else(|| ZrfError::expected("a piece type", piece))?;
    if !names.pieces.iter().any(|n| n == name) {
        // No piece of a type the game does not define stands anywhere (`anathem.zrf`
        // asks for types its macros never make).
        return Ok(sym("false", piece.span));
    }
    let is = form("=", vec![sym("piece", span), sym(name, piece.span)], span);
    let taken = test_node("not-empty?", names, span);
    Ok(form("and", vec![taken, is], span))
}

/// `goal-position?`, `not-goal-position?`: the current position is (not) one of an
/// `absolute-config` of the game; `None` for another word.
fn goal_position(word: &str, names: &Names<'_>, span: Span) -> Option<Node> {
    let here = |p: &String| form("=", vec![sym("position", span), sym(p, span)], span);
    let is = match names.goal_positions {
        [] => sym("false", span),
        places => form("or", places.iter().map(here).collect(), span),
    };
    match word {
        "goal-position?" => Some(is),
        "not-goal-position?" => Some(form("not", vec![is], span)),
        _ => None,
    }
}

/// The test of the piece attribute `word` on the current square, if it names one.
fn attribute(word: &str, names: &Names<'_>, span: Span) -> Result<Option<Node>, ZrfError> {
    let Some(attributes) = names.attributes else {
        return Ok(None);
    };
    attributes.check_kind(word, span)?;
    let occupied = test_node("not-empty?", names, span);
    Ok(attributes.test(word, occupied, span))
}

/// A condition that is one word: `marked?`, `empty?`, an attribute, ...
fn word_condition(word: &str, names: &Names<'_>, span: Span) -> Result<Node, ZrfError> {
    if let Some(test) = last_move(word, span) {
        return Ok(test);
    }
    if let Some(op) = match word {
        "marked?" => Some("="),
        "not-marked?" => Some("!="),
        _ => None,
    } {
        let here = sym("position", span);
        return Ok(form(op, vec![here, sym(MARK, span)], span));
    }
    if let Some(test) = attribute(word, names, span)? {
        return Ok(test);
    }
    if let Some(test) = goal_position(word, names, span) {
        return Ok(test);
    }
    match (board_test(word), word) {
        (Some(_), _) => Ok(test_node(word, names, span)),
        (None, "true" | "false") => Ok(sym(word, span)),
        _ => Err(ZrfError::unsupported(word, span)),
    }
}

/// A ZRF condition as a dagaz expression. None of them moves: one that looks at a neighbour
/// (`(empty? n)`, `(on-board? n)`) steps there and back.
fn condition(node: &Node, names: &Names<'_>) -> Result<Node, ZrfError> {
    let span = node.span;
    if let Some(test) = looks::condition(node, &looks_context(names, span))? {
        return Ok(test);
    }
    if let Some(word) = node.as_symbol() {
        return word_condition(word, names, span);
    }
    let rest = args(node);
    if let Some(word) = node.head().filter(|w| board_test(w).is_some()) {
        let test = test_node(word, names, span);
        return match rest {
            [] => Ok(test),
            [dir] => peek(dir, Some(test), names),
            _ => Err(ZrfError::expected(
                "a board test with at most a direction",
                node,
            )),
        };
    }
    if let (Some(word), [at]) = (node.head(), rest) {
        if let Some(test) = attribute(word, names, span)? {
            return peek(at, Some(test), names);
        }
        if let Some(test) = goal_position(word, names, span) {
            return peek(at, Some(test), names);
        }
    }
    let all = |rest: &[Node]| {
        rest.iter()
            .map(|c| condition(c, names))
            .collect::<Result<Vec<_>, _>>()
    };
    let typed = |piece: &Node| piece_is(piece, names, span);
    Ok(match node.head() {
        Some(op @ ("and" | "or" | "not")) => form(op, all(rest)?, span),
        Some("piece?") => typed(one(node, rest)?)?,
        Some("not-piece?") => form("not", vec![typed(one(node, rest)?)?], span),
        Some("on-board?") => peek(one(node, rest)?, None, names)?,
        Some(op @ ("position?" | "not-position?")) => {
            let at = one(node, rest)?;
            if !at.as_symbol().is_some_and(|p| names.board.is_position(p)) {
                return Err(ZrfError::expected("a position", at));
            }
            let op = if op == "position?" { "=" } else { "!=" };
            form(op, vec![sym("position", span), at.clone()], span)
        }
        Some(word @ ("position-flag?" | "not-position-flag?")) => {
            let test = flags::position_flag(word, node, names.chain.is_some())?;
            match rest {
                [_, at] => peek(at, Some(test), names)?,
                _ => test,
            }
        }
        Some("flag?") => flags::flag_local(one(node, rest)?)?,
        Some("not-flag?") => form("not", vec![flags::flag_local(one(node, rest)?)?], span),
        Some("in-zone?") => form("in-zone?", vec![one(node, rest)?.clone()], span),
        Some("not-in-zone?") => form(
            "not",
            vec![form("in-zone?", vec![one(node, rest)?.clone()], span)],
            span,
        ),
        Some(other) => return Err(ZrfError::unsupported(other, span)),
        None => return Err(ZrfError::expected("a condition", node)),
    })
}
