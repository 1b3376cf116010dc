//! `(win-condition (PLAYER ...) CONDITION)` and its `loss` and `draw` kin, as dagaz `win`,
//! `loss`, `draw` and `goal` clauses; `(checkmated PIECE)` and the `"chess invariant"` option
//! as dagaz's `royal` pieces.

use crate::error::{ZrfError, ZrfErrorKind};
use crate::forms::{args, form, int, sym, text};
use crate::lower::board::Board;
use crate::lower::relative;
use dagaz_sexpr::{Node, Span};

/// The piece that the `"chess invariant"` option makes royal: the Dagaz project's page script
/// of that name looks for a piece type named `King` and forbids leaving it attacked.
const CHESS_KING: &str = "King";

/// The royal piece types of a game whose clauses are `clauses` (`pieces`: its piece types):
/// each `(checkmated PIECE)` of a condition, and `King` when the option `"chess invariant"` is
/// true; once each, in the order found. `checkmated` is whether a condition names one.
pub struct Royals {
    /// The `(royal ...)` clause's pieces.
    pub pieces: Vec<Node>,
    /// Whether some condition is `(checkmated PIECE)`.
    pub checkmated: bool,
}

/// The [`Royals`] of `clauses`.
pub fn royals(clauses: &[Node], pieces: &[String]) -> Result<Royals, ZrfError> {
    let mut out = Royals {
        pieces: Vec::new(),
        checkmated: false,
    };
    let known = |piece: &Node| match piece.as_symbol() {
        Some(p) if pieces.iter().any(|n| n == p) => Ok(piece.clone()),
        Some(p) => Err(ZrfError::new(
            ZrfErrorKind::Unknown {
                what: "piece type",
                name: p.to_string(),
            },
            piece.span,
        )),
        None => Err(ZrfError::expected("a piece type", piece)),
    };
    for clause in clauses {
        let rest = args(clause);
        let royal = match clause.head() {
            Some("win-condition" | "loss-condition" | "draw-condition") => {
                match rest.get(1).filter(|c| c.head() == Some("checkmated")) {
                    Some(cond) => {
                        out.checkmated = true;
                        match args(cond) {
                            [piece] => known(piece)?,
                            _ => return Err(ZrfError::expected("`(checkmated PIECE)`", cond)),
                        }
                    }
                    None => continue,
                }
            }
            Some("option")
                if rest.first().and_then(text) == Some("chess invariant")
                    && rest.get(1).and_then(text) == Some("true") =>
            {
                known(&sym(CHESS_KING, clause.span))?
            }
            _ => continue,
        };
        if !out
            .pieces
            .iter()
            .any(|p| p.as_symbol() == royal.as_symbol())
        {
            out.pieces.push(royal);
        }
    }
    Ok(out)
}

/// The dagaz clauses of one condition, in a game of `players` of whom `movers` have turns;
/// `royals`: the game's (a ZRF `stalemated` is then told from `checkmated`, see
/// [`stalemated`]). A condition that names every player who moves holds for all.
pub fn condition(
    node: &Node,
    (players, movers): (&[String], &[String]),
    royals: &Royals,
    (board, pieces): (&Board, &[String]),
) -> Result<Vec<Node>, ZrfError> {
    let outcome = match node.head() {
        Some("win-condition") => "win",
        Some("loss-condition") => "loss",
        _ => "draw",
    };
    let [who, cond] = args(node) else {
        return Err(ZrfError::expected("`(... (PLAYER ...) CONDITION)`", node));
    };
    let named: Vec<Node> = who
        .as_list()
        .unwrap_or_default()
        .iter()
        .filter(|n| n.as_symbol().is_some())
        .cloned()
        .collect();
    let every = names_every_mover(who, movers);
    let span = cond.span;
    if cond.head() == Some("pieces-remaining") || counts_all(cond) {
        return pieces_remaining(outcome, &named, players, cond, node);
    }
    if cond.head().is_some() && cond.head() != Some("checkmated") {
        // A configuration: a goal, checked for the player who moved.
        let mut items = vec![sym(outcome, span)];
        if !every {
            let mover = sym("current-player", who.span);
            let whose = form("=", vec![mover, form("any", named, who.span)], who.span);
            items.push(form("check", vec![whose], who.span));
        }
        config(cond, (board, pieces), &mut items)?;
        return Ok(vec![form("goal", items, node.span)]);
    }
    if !every {
        let what = format!(
            "{} (for some players only)",
            node.head().unwrap_or_default()
        );
        return Err(ZrfError::unsupported(&what, who.span));
    }
    let rule = match cond.as_symbol() {
        _ if cond.head() == Some("checkmated") => sym("checkmated", span),
        Some("stalemated") => sym(stalemated(royals), span),
        Some("repetition") => form("repetition", vec![int(3, span)], span),
        word => return Err(ZrfError::unsupported(word.unwrap_or("condition"), span)),
    };
    Ok(vec![form(outcome, vec![rule], node.span)])
}

/// The positions of every `absolute-config` of the game's conditions, whoever's they are, those
/// of the zones they name included: where `goal-position?` holds (the reference: "Is this
/// position in an absolute-config goal for any side?").
pub fn goal_positions(clauses: &[Node], board: &Board) -> Vec<String> {
    let mut configs = Vec::new();
    let conditions = clauses.iter().filter(|c| {
        matches!(
            c.head(),
            Some("win-condition" | "loss-condition" | "draw-condition" | "count-condition")
        )
    });
    conditions.for_each(|c| absolute_configs(c, &mut configs));
    let mut out: Vec<String> = Vec::new();
    for name in configs.iter().filter_map(|n| text(n)) {
        let found = match board.is_position(name) {
            true => vec![name.to_string()],
            false => zone_positions(board, name),
        };
        for p in found {
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// The positions of the zones named `name`, every player's.
fn zone_positions(board: &Board, name: &str) -> Vec<String> {
    let zones = board
        .game_clauses
        .iter()
        .filter(|z| z.head() == Some("zone"));
    let named = zones.filter(|z| crate::forms::name_of(args(z)).as_deref() == Some(name));
    let lists = named.flat_map(|z| args(z).iter().filter(|c| c.head() == Some("positions")));
    lists
        .flat_map(args)
        .filter_map(text)
        .map(str::to_string)
        .collect()
}

/// An `absolute-config`'s places as a goal's statements: to one of them (a position, or a
/// position of a zone of the player who moved).
fn config_places(places: &[Node], board: &Board, span: Span) -> Vec<Node> {
    let check = |what: Node| form("check", vec![what], span);
    let mut to = Vec::new();
    let mut zones = Vec::new();
    for place in places {
        let zone = text(place)
            .filter(|z| !board.is_position(z))
            .map(|z| zone_positions(board, z))
            .filter(|positions| !positions.is_empty());
        match zone {
            Some(positions) => {
                to.extend(positions.iter().map(|p| sym(p, place.span)));
                zones.push(form("in-zone?", vec![place.clone()], place.span));
            }
            None => to.push(place.clone()),
        }
    }
    let mut out = vec![check(form("any", to, span))];
    if !zones.is_empty() {
        let here = |p: &Node| form("=", vec![sym("position", span), p.clone()], span);
        let listed = places
            .iter()
            .filter(|p| text(p).is_some_and(|t| board.is_position(t)));
        zones.extend(listed.map(here));
        out.push(check(form("or", zones, span)));
    }
    out
}

/// The position lists of the `absolute-config`s in `node`, appended to `out`.
fn absolute_configs<'n>(node: &'n Node, out: &mut Vec<&'n Node>) {
    if node.head() == Some("absolute-config") {
        if let Some(places) = args(node).last().and_then(Node::as_list) {
            out.extend(places);
        }
        return;
    }
    for item in node.as_list().unwrap_or_default() {
        absolute_configs(item, out);
    }
}

/// Whether the player list `who` names exactly the players who move, `movers`.
fn names_every_mover(who: &Node, movers: &[String]) -> bool {
    let mut named: Vec<&str> = who
        .as_list()
        .unwrap_or_default()
        .iter()
        .filter_map(Node::as_symbol)
        .collect();
    named.sort_unstable();
    // A random player (`?Dice`) neither wins nor loses: a condition need not name it.
    named.retain(|name| !name.starts_with('?'));
    let mut all: Vec<&str> = movers
        .iter()
        .map(String::as_str)
        .filter(|name| !name.starts_with('?'))
        .collect();
    all.sort_unstable();
    named == all
}

/// `(count-condition (PLAYER ...) CONDITION)`: when the condition holds the game is over and
/// the player with more pieces on the board wins, equal counts a draw (as Polygamo, an
/// independent ZRF player, reads the reference): dagaz's `(end ...)`, with the `(score
/// pieces)` that [`count_score`] adds once. Named players must be every player who moves.
pub fn count_condition(
    node: &Node,
    (players, movers): (&[String], &[String]),
    royals: &Royals,
) -> Result<Vec<Node>, ZrfError> {
    let [who, cond] = args(node) else {
        return Err(ZrfError::expected(
            "`(count-condition (PLAYER ...) CONDITION)`",
            node,
        ));
    };
    if !names_every_mover(who, movers) || players.len() != movers.len() {
        let what = "count-condition (for some players only)";
        return Err(ZrfError::unsupported(what, who.span));
    }
    let span = cond.span;
    let rule = match cond.as_symbol() {
        Some("stalemated") => sym(stalemated(royals), span),
        Some("repetition") => form("repetition", vec![int(3, span)], span),
        _ => {
            return Err(ZrfError::unsupported(
                "count-condition (of this condition)",
                span,
            ))
        }
    };
    Ok(vec![form("end", vec![rule], node.span)])
}

/// The `(score pieces)` that a game with a `count-condition` needs, once.
pub fn count_score(clauses: &[Node]) -> Option<Node> {
    let first = clauses
        .iter()
        .find(|c| c.head() == Some("count-condition"))?;
    let span = first.span;
    Some(form("score", vec![sym("pieces", span)], span))
}

/// `(... (PLAYER ...) (pieces-remaining N [PIECE]))`, or an `and` of them: a listed player with
/// exactly N pieces (of the type) on the board (of each) has that outcome. A dagaz goal runs for the player who moved, so in a
/// game of two this is two goals: the mover meets it (the outcome), or the other player does
/// (the outcome reversed for the mover), each when that player is listed.
fn pieces_remaining(
    outcome: &str,
    named: &[Node],
    players: &[String],
    cond: &Node,
    node: &Node,
) -> Result<Vec<Node>, ZrfError> {
    let span = cond.span;
    if players.len() != 2 {
        let what = "pieces-remaining (with other than two players)";
        return Err(ZrfError::unsupported(what, span));
    }
    let parts = match cond.head() {
        Some("and") => args(cond),
        _ => std::slice::from_ref(cond),
    };
    let mut counts = Vec::new();
    for part in parts {
        let (count, kind) = match args(part) {
            [n] => (n, None),
            [n, kind] => (n, Some(kind)),
            _ => return Err(ZrfError::expected("`(pieces-remaining N [PIECE])`", part)),
        };
        if !matches!(count.kind, dagaz_sexpr::NodeKind::Int(_)) {
            return Err(ZrfError::expected("a number of pieces", count));
        }
        counts.push((count, kind));
    }
    let reversed = match outcome {
        "win" => "loss",
        "loss" => "win",
        _ => "draw",
    };
    let listed = |p: &String| named.iter().any(|n| n.as_symbol() == Some(p.as_str()));
    let other = |p: &String| players.iter().find(|q| *q != p).is_some_and(listed);
    let mut goals = Vec::new();
    for (whose, result) in [("friend-count", outcome), ("enemy-count", reversed)] {
        // The players whose move lets this goal hold: the listed ones when the mover is the
        // one meeting the condition, those whose opponent is listed when the other player is.
        let movers: Vec<Node> = players
            .iter()
            .filter(|p| {
                if whose == "friend-count" {
                    listed(p)
                } else {
                    other(p)
                }
            })
            .map(|p| sym(p, node.span))
            .collect();
        if movers.is_empty() {
            continue;
        }
        let mut items = vec![sym(result, span)];
        if movers.len() < players.len() {
            let mover = sym("current-player", span);
            items.push(form(
                "check",
                vec![form("=", vec![mover, form("any", movers, span)], span)],
                span,
            ));
        }
        for (count, kind) in &counts {
            let counted = match kind {
                Some(k) => form(whose, vec![(*k).clone()], span),
                None => sym(whose, span),
            };
            let equal = form("=", vec![counted, (*count).clone()], span);
            items.push(form("check", vec![equal], span));
        }
        goals.push(form("goal", items, node.span));
    }
    Ok(goals)
}

/// Whether `cond` is an `and` of `pieces-remaining` conditions (all of them at once).
fn counts_all(cond: &Node) -> bool {
    cond.head() == Some("and")
        && !args(cond).is_empty()
        && args(cond)
            .iter()
            .all(|c| c.head() == Some("pieces-remaining"))
}

/// The dagaz condition of a ZRF `stalemated`, "the player to move has no move". Zillions
/// tells it from `(checkmated PIECE)`, which a mated player without a move also meets: chess
/// loses by `checkmated` and draws by `stalemated`, whichever condition it writes first. dagaz
/// takes the first condition that holds, so when some condition is `checkmated` the ZRF
/// `stalemated` is dagaz's `stalemated` (no move and no royal piece attacked), which never
/// holds with `checkmated`, and the order does not matter. Without a `checkmated` condition
/// (a royal piece by the `"chess invariant"` option alone) it is every position without a
/// move, `no-moves`.
fn stalemated(royals: &Royals) -> &'static str {
    if royals.checkmated {
        "stalemated"
    } else {
        "no-moves"
    }
}

/// `(absolute-config PIECE ... (POS ...))`, `(relative-config ...)` ([`relative`]), or an
/// `and` or `or` of them, as a goal's statements: for `absolute-config`, a piece of the player
/// who moved, of one of the types, stands on one of the positions (each `check` of a position
/// goes there).
fn config(
    node: &Node,
    (board, pieces): (&Board, &[String]),
    out: &mut Vec<Node>,
) -> Result<(), ZrfError> {
    let span = node.span;
    let rest = args(node);
    match node.head() {
        Some("and") => rest
            .iter()
            .try_for_each(|c| config(c, (board, pieces), out)),
        Some("or") => {
            let mut alternatives = Vec::new();
            for c in rest {
                let mut items = Vec::new();
                config(c, (board, pieces), &mut items)?;
                alternatives.push(form("seq", items, c.span));
            }
            out.push(form("any", alternatives, span));
            Ok(())
        }
        Some("relative-config") => {
            out.extend(relative::statements(node, board, pieces)?);
            Ok(())
        }
        Some("absolute-config") => {
            let Some((places, pieces)) = rest.split_last() else {
                return Err(ZrfError::expected(
                    "`(absolute-config PIECE ... (POSITION ...))`",
                    node,
                ));
            };
            let places_list = places
                .as_list()
                .ok_or_else(|| ZrfError::expected("a list of positions", places))?;
            let check = |what: Node| form("check", vec![what], span);
            out.extend(config_places(places_list, board, span));
            out.push(check(sym("is-friend?", span)));
            let types: Vec<Node> = pieces
                .iter()
                .map(|p| form("=", vec![sym("piece", span), p.clone()], span))
                .collect();
            out.push(check(form("or", types, span)));
            Ok(())
        }
        Some(other) => Err(ZrfError::unsupported(other, span)),
        None => Err(ZrfError::expected("a condition", node)),
    }
}
