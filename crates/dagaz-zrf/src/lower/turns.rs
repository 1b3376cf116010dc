//! `(turn-order ...)`: the players in the order dagaz lists them, and the `(turns ...)` clause
//! that says who moves when, where each player once in order does not.
//!
//! ZRF writes the turns as dagaz does: player names, `repeat` before the part that cycles
//! (the whole list cycles without it), and a player of `players` that no turn names never
//! moves (it owns neutral pieces). A turn written `(PLAYER MOVE-TYPE)` limits the player to the
//! blocks of that move type: each block checks dagaz's `turn-order`, the place of the turn as
//! written, against the places that allow its type ([`TurnOrder::guard`]).

use crate::error::ZrfError;
use crate::error::ZrfErrorKind;
use crate::forms::args;
use crate::forms::form;
use crate::forms::int;
use crate::forms::sym;
use dagaz_sexpr::{Node, Span};

/// What the turn order gives the translated game.
pub(super) struct TurnOrder {
    /// The players, in the order of their first turns, then those who never move in the
    /// order of `(players ...)`.
    pub(super) players: Vec<String>,
    /// `(turns ...)` when the turns are not each player once in that order.
    pub(super) turns: Option<Node>,
    /// The players who have a turn, in the order of their first.
    pub(super) movers: Vec<String>,
    /// The move type each turn allows, in the order written (`repeat` left out): `None` for
    /// a turn of any move; empty when no turn names a type.
    pub(super) types: Vec<Option<String>>,
}

impl TurnOrder {
    /// For a block of move type `ty` (`None`: no `(move-type ...)` label before it), the
    /// `(check ...)` that lets it run only on the turns that allow it: those of no type and
    /// those of its own. `None` when no turn names a type.
    pub(super) fn guard(&self, ty: Option<&str>, span: Span) -> Option<Node> {
        if self.types.iter().all(Option::is_none) {
            return None;
        }
        let places: Vec<Node> = (1i64..)
            .zip(&self.types)
            .filter(|(_, t)| t.is_none() || t.as_deref() == ty)
            .map(|(place, _)| form("=", vec![sym("turn-order", span), int(place, span)], span))
            .collect();
        Some(form("check", vec![form("or", places, span)], span))
    }
}

/// The turn order of a game whose `(players ...)` names `players`.
pub(super) fn turn_order(clauses: &[Node], players: &[String]) -> Result<TurnOrder, ZrfError> {
    let Some(order) = clauses.iter().find(|c| c.head() == Some("turn-order")) else {
        return Ok(TurnOrder {
            players: players.to_vec(),
            turns: None,
            movers: players.to_vec(),
            types: Vec::new(),
        });
    };
    let mut once = Vec::new();
    let mut cycle = Vec::new();
    let mut types = Vec::new();
    let mut repeat: Option<&Node> = None;
    for turn in args(order) {
        let (name, ty) = player_and_type(turn)?;
        if name == "repeat" && ty.is_none() && repeat.is_none() {
            repeat = Some(turn);
        } else if !players.iter().any(|p| p == name) {
            let name = name.to_string();
            let kind = ZrfErrorKind::Unknown {
                what: "player",
                name,
            };
            return Err(ZrfError::new(kind, turn.span));
        } else {
            types.push(ty.map(str::to_string));
            let part = if repeat.is_some() {
                &mut cycle
            } else {
                &mut once
            };
            part.push(name.to_string());
        }
    }
    if repeat.is_none() {
        std::mem::swap(&mut once, &mut cycle);
    }
    if cycle.is_empty() {
        let at = repeat.unwrap_or(order);
        return Err(ZrfError::expected("a player's turn after `repeat`", at));
    }
    let typed = types.iter().any(Option::is_some);
    let mut order = order_of(players, &once, &cycle, typed, order.span);
    if typed {
        order.types = types;
    }
    Ok(order)
}

/// A turn's player and the move type it allows: `PLAYER` or `(PLAYER TYPE)`.
fn player_and_type(turn: &Node) -> Result<(&str, Option<&str>), ZrfError> {
    if let Some(name) = turn.as_symbol() {
        return Ok((name, None));
    }
    match turn.as_list() {
        Some([player, ty]) => match (player.as_symbol(), ty.as_symbol()) {
            (Some(player), Some(ty)) => Ok((player, Some(ty))),
            _ => Err(ZrfError::expected(
                "a turn `PLAYER` or `(PLAYER MOVE-TYPE)`",
                turn,
            )),
        },
        _ => Err(ZrfError::expected(
            "a turn `PLAYER` or `(PLAYER MOVE-TYPE)`",
            turn,
        )),
    }
}

/// The players by their first turns, and `(turns ...)` unless the schedule is each of them
/// once in that order (then the game reads as before there were schedules) and no turn is
/// `typed` (whose guards name the places as written).
fn order_of(
    players: &[String],
    once: &[String],
    cycle: &[String],
    typed: bool,
    span: Span,
) -> TurnOrder {
    let mut ordered: Vec<String> = Vec::new();
    for name in once.iter().chain(cycle) {
        if !ordered.contains(name) {
            ordered.push(name.clone());
        }
    }
    let movers = ordered.clone();
    for name in players {
        if !ordered.contains(name) {
            ordered.push(name.clone());
        }
    }
    let each_once = once.is_empty() && cycle == ordered.as_slice() && !typed;
    let turns = (!each_once).then(|| {
        let mut items: Vec<Node> = once.iter().map(|p| sym(p, span)).collect();
        if !once.is_empty() {
            items.push(sym("repeat", span));
        }
        items.extend(cycle.iter().map(|p| sym(p, span)));
        form("turns", items, span)
    });
    TurnOrder {
        players: ordered,
        turns,
        movers,
        types: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(text: &str, players: &[&str]) -> Result<(Vec<String>, Option<String>), String> {
        let forms = dagaz_sexpr::read(text).unwrap();
        let players: Vec<String> = players.iter().map(|p| p.to_string()).collect();
        turn_order(&forms, &players)
            .map(|t| (t.players, t.turns.map(|n| n.to_string())))
            .map_err(|e| format!("{} @ {:?}", e.kind, &text[e.span.start..e.span.end]))
    }

    #[test]
    fn each_player_once_needs_no_turns() {
        let (players, turns) = order("(turn-order Black White)", &["White", "Black"]).unwrap();
        assert_eq!(players, ["Black", "White"]);
        assert_eq!(turns, None);
        let (players, turns) = order("(other)", &["White", "Black"]).unwrap();
        assert_eq!(
            (players, turns),
            (vec!["White".into(), "Black".into()], None)
        );
    }

    #[test]
    fn repeats_and_players_who_never_move_become_turns() {
        let (players, turns) = order(
            "(turn-order White repeat Black Black White White)",
            &["White", "Black", "N"],
        )
        .unwrap();
        assert_eq!(players, ["White", "Black", "N"]);
        assert_eq!(
            turns.as_deref(),
            Some("(turns White repeat Black Black White White)")
        );
        let (players, turns) = order("(turn-order West East)", &["West", "East", "None"]).unwrap();
        assert_eq!(players, ["West", "East", "None"]);
        assert_eq!(turns.as_deref(), Some("(turns West East)"));
        let forms = dagaz_sexpr::read("(turn-order East repeat East West)").unwrap();
        let players = ["West".to_string(), "East".to_string(), "None".to_string()];
        let east_first = turn_order(&forms, &players).unwrap();
        assert_eq!(east_first.players, ["East", "West", "None"]);
        assert_eq!(east_first.movers, ["East", "West"]);
        let (_, turns) = order("(turn-order White White Black)", &["White", "Black"]).unwrap();
        assert_eq!(turns.as_deref(), Some("(turns White White Black)"));
    }

    #[test]
    fn a_typed_turn_lets_only_its_type_move() {
        let forms =
            dagaz_sexpr::read("(turn-order (Gold setup) (Green setup) repeat (Gold fight) Green)")
                .unwrap();
        let players = ["Gold".to_string(), "Green".to_string()];
        let order = turn_order(&forms, &players).unwrap();
        assert_eq!(
            order.turns.as_ref().map(ToString::to_string).as_deref(),
            Some("(turns Gold Green repeat Gold Green)")
        );
        let guard = |ty| order.guard(ty, Span::default()).map(|g| g.to_string());
        let place = |n: i64| format!("(= turn-order {n})");
        let check = |places: &[i64]| {
            let any: Vec<String> = places.iter().map(|&n| place(n)).collect();
            Some(format!("(check (or {}))", any.join(" ")))
        };
        assert_eq!(guard(Some("setup")), check(&[1, 2, 4]));
        assert_eq!(guard(Some("fight")), check(&[3, 4]));
        assert_eq!(guard(None), check(&[4]));
        let plain = dagaz_sexpr::read("(turn-order Gold Green)").unwrap();
        let plain = turn_order(&plain, &players).unwrap();
        assert_eq!(plain.guard(Some("fight"), Span::default()), None);
    }

    #[test]
    fn what_is_not_translated_is_located() {
        assert_eq!(
            order("(turn-order (Gold setup x) Green)", &["Gold", "Green"]).unwrap_err(),
            "expected a turn `PLAYER` or `(PLAYER MOVE-TYPE)`, found the form `(Gold ...)` \
             @ \"(Gold setup x)\""
        );
        assert_eq!(
            order("(turn-order White Red)", &["White", "Black"]).unwrap_err(),
            "unknown player `Red` @ \"Red\""
        );
        assert_eq!(
            order("(turn-order White repeat)", &["White", "Black"]).unwrap_err(),
            "expected a player's turn after `repeat`, found the symbol `repeat` @ \"repeat\""
        );
    }
}
