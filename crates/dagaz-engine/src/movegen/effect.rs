//! A move as its net effect (`(unique-moves effects)`): what it leaves at each position, in
//! each hand and in each turn variable, whatever the order and the detours that got there.
//! Backgammon plays the same checkers in many orders, through points it only passes; written
//! this way, the moves that leave the same position have the same actions and are one.

use dagaz_ir::{Action, Piece, PieceKind, PlayerId, Pos, Value};
use smallvec::SmallVec;

/// A small map kept as a list: a move touches a handful of positions, and every move of a
/// generation goes through here, so a search by scanning beats a tree's allocations.
type Small<K, V> = SmallVec<[(K, V); 8]>;

/// Changes the entry for `key` with `change`, making it from `first` the first time.
fn update<K: PartialEq + Copy, V>(
    map: &mut Small<K, V>,
    key: K,
    first: V,
    change: impl FnOnce(&mut V),
) {
    match map.iter_mut().find(|(k, _)| *k == key) {
        Some((_, value)) => change(value),
        None => {
            let mut value = first;
            change(&mut value);
            map.push((key, value));
        }
    }
}

/// What a move does to one position's piece: the piece before its first action there, the
/// piece after its last, and whether the first was a `take` (a removal is written as the
/// move wrote it first).
struct Cell {
    before: Option<Piece>,
    after: Option<Piece>,
    taken: bool,
}

/// `actions` (weights taken out) as their net effect: the board's changes in board order,
/// then seeds, hands, turn variables, `turn-to` and `another-turn`. A position a move leaves
/// as it found it is not named.
pub(super) fn net_effect(actions: &[Action]) -> Vec<Action> {
    let mut cells: Small<Pos, Cell> = SmallVec::new();
    let mut seeds: Small<Pos, (u16, u16)> = SmallVec::new();
    let mut hands: Small<(PlayerId, PieceKind), i32> = SmallVec::new();
    let mut turn_values: Small<u8, Value> = SmallVec::new();
    let (mut turn_to, mut again) = (None, false);
    for &action in actions {
        if let Some(change) = action.on_board() {
            let first = Cell {
                before: change.gone,
                after: change.gone,
                taken: matches!(action, Action::Take { .. }),
            };
            update(&mut cells, change.at, first, |cell| {
                cell.after = change.came
            });
            continue;
        }
        match action {
            Action::Seeds { at, from, to } => update(&mut seeds, at, (from, to), |s| s.1 = to),
            Action::FromHand { player, kind } => update(&mut hands, (player, kind), 0, |n| *n -= 1),
            Action::ToHand { player, kind } => update(&mut hands, (player, kind), 0, |n| *n += 1),
            Action::SetTurn { slot, value } => {
                update(&mut turn_values, slot, value, |v| *v = value)
            }
            Action::TurnTo { player } => turn_to = Some(player),
            Action::AnotherTurn => again = true,
            _ => {}
        }
    }
    // In board order (and hands by player and kind, turn variables by slot): the same effect
    // is then the same list.
    cells.sort_unstable_by_key(|(at, _)| *at);
    seeds.sort_unstable_by_key(|(at, _)| *at);
    hands.sort_unstable_by_key(|(key, _)| *key);
    turn_values.sort_unstable_by_key(|(slot, _)| *slot);
    let mut net = Vec::with_capacity(actions.len());
    for (at, cell) in cells {
        net.extend(board_change(at, &cell));
    }
    net.extend(
        seeds
            .into_iter()
            .filter(|(_, (from, to))| from != to)
            .map(|(at, (from, to))| Action::Seeds { at, from, to }),
    );
    for ((player, kind), n) in hands {
        let one = if n < 0 {
            Action::FromHand { player, kind }
        } else {
            Action::ToHand { player, kind }
        };
        net.extend(std::iter::repeat_n(one, n.unsigned_abs() as usize));
    }
    net.extend(
        turn_values
            .into_iter()
            .map(|(slot, value)| Action::SetTurn { slot, value }),
    );
    net.extend(turn_to.map(|player| Action::TurnTo { player }));
    if again {
        net.push(Action::AnotherTurn);
    }
    net
}

/// The one action that takes a position from `cell.before` to `cell.after`, if they differ.
fn board_change(at: Pos, cell: &Cell) -> Option<Action> {
    Some(match (cell.before, cell.after) {
        (before, after) if before == after => return None,
        (Some(piece), None) if cell.taken => Action::Take { at, piece },
        (Some(piece), None) => Action::Capture { at, piece },
        (replaced, Some(piece)) => Action::Drop {
            at,
            piece,
            replaced,
        },
        (None, None) => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{same_actions, Value};

    fn man(owner: u8) -> Piece {
        Piece::new(PlayerId(owner), PieceKind(0))
    }

    fn seeds(at: u16, from: u16, to: u16) -> Action {
        Action::Seeds {
            at: Pos(at),
            from,
            to,
        }
    }

    #[test]
    fn the_same_checkers_moved_in_another_order_are_the_same_move() {
        // Two checkers from 1, one to 2 and one to 3, either first; and one checker 1-2-3
        // with another 1-2 (through 2, which it leaves as the other finds it).
        let one = [
            seeds(1, 2, 1),
            seeds(2, 0, 1),
            seeds(1, 1, 0),
            seeds(3, 0, 1),
        ];
        let other = [
            seeds(1, 2, 1),
            seeds(3, 0, 1),
            seeds(1, 1, 0),
            seeds(2, 0, 1),
        ];
        let detour = [
            seeds(1, 2, 1),
            seeds(2, 0, 1),
            seeds(2, 1, 0),
            seeds(3, 0, 1),
            seeds(1, 1, 0),
            seeds(2, 0, 1),
        ];
        assert!(!same_actions(&one, &detour));
        let net = net_effect(&one);
        assert_eq!(net, vec![seeds(1, 2, 0), seeds(2, 0, 1), seeds(3, 0, 1)]);
        assert_eq!(net_effect(&other), net);
        assert_eq!(net_effect(&detour), net);
    }

    #[test]
    fn a_piece_put_back_where_it_was_is_no_change_and_a_hit_is_a_drop() {
        let (a, b) = (Pos(4), Pos(5));
        let there_and_back = [
            Action::Take {
                at: a,
                piece: man(0),
            },
            Action::Drop {
                at: b,
                piece: man(0),
                replaced: Some(man(1)),
            },
            Action::Take {
                at: b,
                piece: man(0),
            },
            Action::Drop {
                at: a,
                piece: man(0),
                replaced: None,
            },
            Action::SetTurn {
                slot: 0,
                value: Value::Int(3),
            },
            Action::TurnTo {
                player: PlayerId(1),
            },
        ];
        assert_eq!(
            net_effect(&there_and_back),
            vec![
                Action::Capture {
                    at: b,
                    piece: man(1)
                },
                Action::SetTurn {
                    slot: 0,
                    value: Value::Int(3)
                },
                Action::TurnTo {
                    player: PlayerId(1)
                },
            ]
        );
    }
}
