//! `(turn-order ...)`: the players in the order dagaz lists them, and the `(turns ...)` clause
//! that says who moves when, where each player once in order does not.
//!
//! ZRF writes the turns as dagaz does: player names, `repeat` before the part that cycles
//! (the whole list cycles without it), and a player of `players` that no turn names never
//! moves (it owns neutral pieces). A turn written `(PLAYER MOVE-TYPE)`, a player limited to
//! one type of move, is not translated.

use crate::error::ZrfError;
use crate::error::ZrfErrorKind;
use crate::forms::args;
use crate::forms::form;
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
}

/// The turn order of a game whose `(players ...)` names `players`.
pub(super) fn turn_order(clauses: &[Node], players: &[String]) -> Result<TurnOrder, ZrfError> {
    let Some(order) = clauses.iter().find(|c| c.head() == Some("turn-order")) else {
        return Ok(TurnOrder {
            players: players.to_vec(),
            turns: None,
            movers: players.to_vec(),
        });
    };
    let mut once = Vec::new();
    let mut cycle = Vec::new();
    let mut repeat: Option<&Node> = None;
    for turn in args(order) {
        let Some(name) = turn.as_symbol() else {
            return Err(move_typed(turn));
        };
        if name == "repeat" && repeat.is_none() {
            repeat = Some(turn);
        } else if !players.iter().any(|p| p == name) {
            let name = name.to_string();
            let kind = ZrfErrorKind::Unknown {
                what: "player",
                name,
            };
            return Err(ZrfError::new(kind, turn.span));
        } else if repeat.is_some() {
            cycle.push(name.to_string());
        } else {
            once.push(name.to_string());
        }
    }
    if repeat.is_none() {
        std::mem::swap(&mut once, &mut cycle);
    }
    if cycle.is_empty() {
        let at = repeat.unwrap_or(order);
        return Err(ZrfError::expected("a player's turn after `repeat`", at));
    }
    Ok(order_of(players, &once, &cycle, order.span))
}

/// The players by their first turns, and `(turns ...)` unless the schedule is each of them
/// once in that order (then the game reads as before there were schedules).
fn order_of(players: &[String], once: &[String], cycle: &[String], span: Span) -> TurnOrder {
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
    let each_once = once.is_empty() && cycle == ordered.as_slice();
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
    }
}

/// The error of a turn that is no player's name: `(PLAYER MOVE-TYPE)`, located.
fn move_typed(turn: &Node) -> ZrfError {
    ZrfError::unsupported(
        "turn-order (a turn of one move type, `(PLAYER TYPE)`)",
        turn.span,
    )
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
    fn what_is_not_translated_is_located() {
        assert_eq!(
            order("(turn-order (Gold setup) Green)", &["Gold", "Green"]).unwrap_err(),
            "unsupported ZRF keyword `turn-order (a turn of one move type, `(PLAYER TYPE)`)` \
             (dagaz does not translate it yet; see docs/zrf.md) @ \"(Gold setup)\""
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
