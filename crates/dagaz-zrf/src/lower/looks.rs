//! ZRF conditions that look beyond the piece on the position: whether it is attacked or
//! defended (`attacked?`, `defended?`), whether an enemy stands next to it
//! (`adjacent-to-enemy?`), whether its piece is neutral (`neutral?`); each with its `not-` form
//! and an optional direction or position to look at instead (docs/zrf.md).

use crate::error::ZrfError;
use crate::forms::{args, form, sym};
use crate::lower::board::Board;
use crate::lower::places;
use dagaz_sexpr::{Node, Span};

/// What these conditions read of the game and of the piece's tests.
pub(super) struct Context<'a> {
    /// The board: its directions and positions.
    pub board: &'a Board,
    /// How many players the game has.
    pub players: usize,
    /// The players no turn names: their pieces are neutral.
    pub neutral: &'a [String],
    /// The piece's `enemy?` test (in a chain, a captured piece is none).
    pub enemy: Node,
    /// The piece's `not-empty?` test.
    pub taken: Node,
}

/// The dagaz test of an attack condition, and whether it is `defended?`'s.
fn attack_test(word: &str) -> Option<&'static str> {
    Some(match word {
        "attacked?" => "is-attacked?",
        "not-attacked?" => "not-attacked?",
        "defended?" => "is-defended?",
        "not-defended?" => "not-defended?",
        _ => return None,
    })
}

/// Whether `word` is one of the conditions this module translates.
fn is_look(word: &str) -> bool {
    attack_test(word).is_some()
        || matches!(
            word,
            "adjacent-to-enemy?" | "not-adjacent-to-enemy?" | "neutral?" | "not-neutral?"
        )
}

/// The condition `node` (a word, or a form with at most a direction or a position) when it is
/// one of this module's; `None` for any other condition.
pub(super) fn condition(node: &Node, names: &Context<'_>) -> Result<Option<Node>, ZrfError> {
    let (word, rest) = match (node.as_symbol(), node.head()) {
        (Some(w), _) => (w, &[][..]),
        (None, Some(w)) => (w, args(node)),
        _ => return Ok(None),
    };
    if !is_look(word) {
        return Ok(None);
    }
    let span = node.span;
    let at = match rest {
        [] => None,
        [at] => Some(at),
        _ => {
            return Err(ZrfError::expected(
                "a test with at most a direction or a position",
                node,
            ))
        }
    };
    if let Some(test) = attack_test(word) {
        // The attack tests keep their own negations, which fail inside an attack test as the
        // positive ones do (a negated `is-attacked?` would hold there).
        return attacked(word, test, at, names, span).map(Some);
    }
    let (negated, word) = match word.strip_prefix("not-") {
        Some(w) => (true, w),
        None => (false, word),
    };
    let test = match (word, at) {
        ("adjacent-to-enemy?", at) => adjacent_enemy(at, names, span)?,
        (_, None) => neutral(names, span),
        (_, Some(at)) => places::peek(at, Some(neutral(names, span)), names.board)?,
    };
    Ok(Some(if negated {
        form("not", vec![test], span)
    } else {
        test
    }))
}

/// `attacked?`, `defended?` and their `not-` forms, as dagaz's `test`, here or at `at`.
fn attacked(
    word: &str,
    test: &str,
    at: Option<&Node>,
    names: &Context<'_>,
    span: Span,
) -> Result<Node, ZrfError> {
    if names.players != 2 {
        // `defended?` asks for "the other side", and whether an attack by a third player's
        // piece (or a neutral one) counts is not documented.
        return Err(ZrfError::unsupported(
            &format!("{word} (in a game of other than two players)"),
            span,
        ));
    }
    let Some(at) = at else {
        return Ok(sym(test, span));
    };
    let name = at.as_symbol().unwrap_or("");
    if !names.board.is_dir(name) && !names.board.is_position(name) {
        // `(attacked? MOVE-TYPE)`: dagaz's attack test runs every move of a piece.
        return Err(ZrfError::unsupported(
            &format!("{word} (of one move type)"),
            span,
        ));
    }
    places::peek(at, Some(sym(test, span)), names.board)
}

/// An enemy one step away along some direction of the board (from `at`'s position when
/// given): for each direction, the steps, the test and the way back to where the statement
/// stood (`places::peek_at`), taken whatever the steps and the test said.
fn adjacent_enemy(at: Option<&Node>, names: &Context<'_>, span: Span) -> Result<Node, ZrfError> {
    let first = match at {
        Some(at) => vec![places::step_to(at, names.board)?],
        None => Vec::new(),
    };
    let enemy = names.enemy.clone();
    let looks = names
        .board
        .dirs
        .iter()
        .map(|(d, _)| {
            let mut steps = first.clone();
            steps.push(sym(d, span));
            places::peek_at(steps, enemy.clone(), span)
        })
        .collect();
    Ok(form("or", looks, span))
}

/// A piece of a player who never moves (a player of `players` that no turn names): Zillions'
/// neutral pieces. Without such a player no piece is neutral.
fn neutral(names: &Context<'_>, span: Span) -> Node {
    let owners: Vec<Node> = names
        .neutral
        .iter()
        .map(|p| form("=", vec![sym("player", span), sym(p, span)], span))
        .collect();
    if owners.is_empty() {
        return sym("false", span);
    }
    let taken = names.taken.clone();
    form("and", vec![taken, form("or", owners, span)], span)
}
