//! The Players environment: player names and `current-player`, `next-player`, `turn-number`,
//! `turn-order`. It does not change while moves are generated.

use dagaz_ir::{Int, PlayerId, Value};
use indexmap::IndexSet;

/// What a name means in this environment. Public for the compiler, which turns each into a
/// constant or a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayersName {
    /// A player's name: the constant for that player.
    Player(PlayerId),
    /// `current-player`: the player to move ([`Op::CurrentPlayer`](dagaz_ir::Op::CurrentPlayer)).
    CurrentPlayer,
    /// `next-player`: the player after it in turn order.
    NextPlayer,
    /// `turn-number`: the turns played before this one, plus 1.
    TurnNumber,
    /// `turn-order`: the place of the turn in the game's schedule as written, from 1 (without
    /// a `turns` clause, the mover's place in the `players` list).
    TurnOrder,
}

/// Compile time: player names are constants; the four queries become commands. `None` for
/// a name this environment does not know. Public for the compiler.
pub fn resolve(players: &IndexSet<String>, name: &str) -> Option<PlayersName> {
    Some(match name {
        "current-player" => PlayersName::CurrentPlayer,
        "next-player" => PlayersName::NextPlayer,
        "turn-number" => PlayersName::TurnNumber,
        "turn-order" => PlayersName::TurnOrder,
        _ => PlayersName::Player(PlayerId(players.get_index_of(name)? as u8)),
    })
}

/// Run time: the answers for one generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    /// The player to move; its moves are the ones generated.
    pub current: PlayerId,
    /// The player after it in turn order.
    pub next: PlayerId,
    /// 1 on the first turn.
    pub turn_number: Int,
    /// The place of this turn in the game's schedule, from 1.
    pub turn_order: Int,
}

impl Players {
    /// The answers when `current` is to move, `next` moves after it, and `turns_played`
    /// turns have been played before this one; `turn-order` is `current`'s place among the
    /// players (its turn's place in the default schedule) unless [`Players::at_place`] says
    /// otherwise.
    pub fn new(current: PlayerId, next: PlayerId, turns_played: u32) -> Players {
        Players {
            current,
            next,
            turn_number: Int::try_from(turns_played).unwrap_or(Int::MAX - 1) + 1,
            turn_order: Int::from(current.0) + 1,
        }
    }

    /// These answers with the turn at `order` in the schedule (from 1).
    pub fn at_place(self, order: u16) -> Players {
        Players {
            turn_order: Int::from(order),
            ..self
        }
    }

    /// The value a name stands for in this generation.
    pub fn get(&self, name: PlayersName) -> Value {
        match name {
            PlayersName::Player(p) => Value::Player(p),
            PlayersName::CurrentPlayer => Value::Player(self.current),
            PlayersName::NextPlayer => Value::Player(self.next),
            PlayersName::TurnNumber => Value::Int(self.turn_number),
            PlayersName::TurnOrder => Value::Int(self.turn_order),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_names_and_queries() {
        let players: IndexSet<String> = ["White", "Black"].into_iter().map(String::from).collect();
        assert_eq!(
            resolve(&players, "Black"),
            Some(PlayersName::Player(PlayerId(1)))
        );
        assert_eq!(
            resolve(&players, "turn-order"),
            Some(PlayersName::TurnOrder)
        );
        assert_eq!(resolve(&players, "Red"), None);
    }

    #[test]
    fn answers_for_the_side_to_move() {
        let p = Players {
            current: PlayerId(1),
            next: PlayerId(0),
            turn_number: 4,
            turn_order: 2,
        };
        assert_eq!(
            p.get(PlayersName::CurrentPlayer),
            Value::Player(PlayerId(1))
        );
        assert_eq!(p.get(PlayersName::NextPlayer), Value::Player(PlayerId(0)));
        assert_eq!(p.get(PlayersName::TurnNumber), Value::Int(4));
        assert_eq!(p.get(PlayersName::TurnOrder), Value::Int(2));
        assert_eq!(
            p.get(PlayersName::Player(PlayerId(0))),
            Value::Player(PlayerId(0))
        );
    }
}
