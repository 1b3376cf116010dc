//! `(change-type TYPE [POS])`, and `(change-owner POS)`, `(flip POS)`: a piece changed in place
//! at once, here or at another position (a direction or a position name), after which the
//! block goes on from where it stood. As `flip` and `change-owner`, they need a piece there
//! (else the move fails). The type changes in the hand: the piece is lifted, changed with
//! `promote` (which keeps its owner and attributes, as Zillions keeps a piece's attributes
//! through `change-type`) and put back. Also `(go WHERE)`, which moves the block's position.

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use crate::lower::attributes::Attributes;
use crate::lower::board::Board;
use crate::lower::cascade;
use crate::lower::places;
use dagaz_sexpr::{Node, Span};

/// The locals of a changed piece's attribute values ([`Attributes::keep`]).
const KEPT: &str = "zrf-kept";

/// What these statements read of the game and of the block.
pub(super) struct Context<'a> {
    /// The board: its directions and positions.
    pub board: &'a Board,
    /// The piece types.
    pub pieces: &'a [String],
    /// Whether the hand holds a piece (a drop's, a chain's mover): a type cannot change there
    /// by lifting the piece, and `from` is not the move's start.
    pub hand_held: bool,
    /// Whether the piece's moves move other pieces (`to`, `from`, `cascade`).
    pub movers: bool,
    /// The game's piece attributes, kept through a change of type.
    pub attributes: Option<&'a Attributes>,
}

/// The statements of `node` when it is one of this module's forms; `None` for any other.
pub(super) fn statement(node: &Node, names: &Context<'_>) -> Result<Option<Vec<Node>>, ZrfError> {
    let span = node.span;
    let rest = args(node);
    let (change, at) = match (node.head(), rest) {
        (Some("change-type"), [kind, at @ ..]) => (change_type(kind, names, span)?, at),
        (Some(word @ ("change-owner" | "flip")), at @ [_]) => (owner_change(word, span), at),
        (Some("go"), _) => return Ok(Some(vec![go(node, names)?])),
        _ => return Ok(None),
    };
    Ok(Some(match at {
        [] => change,
        [at] => elsewhere(at, change, names, span)?,
        _ => {
            return Err(ZrfError::expected(
                "`(change-type TYPE [POSITION-OR-DIRECTION])`",
                node,
            ))
        }
    }))
}

/// `(go WHERE)`: back to the move's start (`from`, not in a drop or a chain, where it is
/// another square), to the `mark`, to where the last `to` moved a piece (nowhere before one:
/// [`cascade::go_to`]), or to where the last move went from or to (failing before the first
/// move).
pub(super) fn go(node: &Node, names: &Context<'_>) -> Result<Node, ZrfError> {
    let span = node.span;
    let word = match args(node) {
        [w] => w.as_symbol(),
        _ => None,
    };
    let local = match word {
        Some("from") if !names.hand_held => places::FROM,
        Some("mark") => places::MARK,
        Some("last-from") => places::LAST_FROM,
        Some("last-to") => places::LAST_TO,
        Some("to") if names.movers => return Ok(cascade::go_to(span)),
        // No `to` in the piece's moves: the block stays where it is.
        Some("to") => return Ok(form("check", vec![sym("true", span)], span)),
        Some(other @ "from") => return Err(ZrfError::unsupported(&format!("go {other}"), span)),
        _ => {
            return Err(ZrfError::expected(
                "`(go from|to|mark|last-from|last-to)`",
                node,
            ))
        }
    };
    Ok(form("check", vec![sym(local, span)], span))
}

/// `change` made at `at` (a direction or a position), then back where the block stood.
fn elsewhere(
    at: &Node,
    change: Vec<Node>,
    names: &Context<'_>,
    span: Span,
) -> Result<Vec<Node>, ZrfError> {
    let check = |n: Node| form("check", vec![n], span);
    let here = sym(places::HERE, span);
    let mut out = vec![form(
        "set!",
        vec![here.clone(), sym("position", span)],
        span,
    )];
    out.push(check(places::step_to(at, names.board)?));
    out.extend(change);
    out.push(check(here));
    Ok(out)
}

/// The piece here changed to `kind` (keeping owner and attributes).
fn change_type(kind: &Node, names: &Context<'_>, span: Span) -> Result<Vec<Node>, ZrfError> {
    let known = kind
        .as_symbol()
        .filter(|k| names.pieces.iter().any(|p| p == k))
        .ok_or_else(|| ZrfError::expected("a piece type", kind))?;
    if names.hand_held {
        // The hand holds the piece being dropped, or the chain's mover.
        return Err(ZrfError::unsupported(
            "change-type (in a drop or a chain of parts)",
            span,
        ));
    }
    let s = |name: &str| sym(name, span);
    let mut out = vec![form("check", vec![s("not-empty?")], span)];
    out.extend(
        names
            .attributes
            .iter()
            .flat_map(|a| a.keep(KEPT, &s("true"), span)),
    );
    out.push(form("take", vec![], span));
    out.extend(names.attributes.iter().flat_map(|a| a.restore(KEPT, span)));
    out.push(form("promote", vec![s(known)], span));
    out.push(form("drop", vec![], span));
    Ok(out)
}

/// `flip` (the piece here changes sides: a friend goes to the next player, another piece to
/// the mover) and `change-owner` (the piece here becomes the mover's), at once as in the Dagaz
/// project's interpreter; on an empty square the move fails.
pub(super) fn owner_change(word: &str, span: Span) -> Vec<Node> {
    let s = |name: &str| sym(name, span);
    let owner = |who: &str| form("set-owner", vec![s(who)], span);
    let change = match word {
        "flip" => form(
            "if",
            vec![
                s("is-friend?"),
                owner("next-player"),
                s("else"),
                owner("current-player"),
            ],
            span,
        ),
        _ => owner("current-player"),
    };
    vec![form("check", vec![s("not-empty?")], span), change]
}
