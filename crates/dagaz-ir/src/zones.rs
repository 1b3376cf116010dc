//! Zones: named sets of positions, one set per player (a promotion row is the far row of each).

use crate::value::{PlayerId, Pos};
use indexmap::IndexSet;

/// The game's zones: for each zone, player and position, whether the position is in the zone
/// for that player.
///
/// A zone is declared once by name and filled per player, since the same name means a
/// different set for each side (White's promotion row is Black's home row). Membership is one
/// flat table, so `in-zone?` costs one look-up.
#[derive(Clone, Debug, Default)]
pub struct Zones {
    names: IndexSet<String>,
    players: usize,
    positions: usize,
    /// `member[(zone * players + player) * positions + pos]`.
    member: Vec<bool>,
}

impl Zones {
    /// No zones yet, for a game of `players` players on a board of `positions` positions;
    /// both fix the table's shape and cannot change later.
    pub fn new(players: usize, positions: usize) -> Zones {
        Zones {
            players,
            positions,
            ..Zones::default()
        }
    }

    /// The zone's index, created empty for every player on first mention; a second
    /// declaration of the same name answers the same index.
    pub fn declare(&mut self, name: &str) -> usize {
        let (index, added) = self.names.insert_full(name.to_string());
        if added {
            let size = self.players * self.positions;
            self.member.extend(std::iter::repeat_n(false, size));
        }
        index
    }

    /// Puts `pos` in `zone` for `player`. Indices out of range are ignored: the compiler
    /// resolves them against the same board and players.
    pub fn add(&mut self, zone: usize, player: PlayerId, pos: Pos) {
        let at = (zone * self.players + player.index()) * self.positions + pos.index();
        if let Some(cell) = self.member.get_mut(at) {
            *cell = true;
        }
    }

    /// The index of the zone declared as `name`, if it was.
    pub fn zone(&self, name: &str) -> Option<usize> {
        self.names.get_index_of(name)
    }

    /// How many zones are declared (zones `0..count()`).
    pub fn count(&self) -> usize {
        self.names.len()
    }

    /// The name `zone` was declared with; `"?"` for an index never declared (listings of a
    /// damaged program still print).
    pub fn name(&self, zone: usize) -> &str {
        self.names.get_index(zone).map_or("?", String::as_str)
    }

    /// Whether `pos` is in `zone` for `player`: what `InZone` asks. False for any index out of
    /// range.
    #[inline]
    pub fn contains(&self, zone: usize, player: PlayerId, pos: Pos) -> bool {
        let at = (zone * self.players + player.index()) * self.positions + pos.index();
        self.member.get(at).copied().unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn membership_is_per_player() {
        let mut z = Zones::new(2, 4);
        let last = z.declare("last-row");
        z.add(last, PlayerId(0), Pos(3));
        z.add(last, PlayerId(1), Pos(0));
        assert_eq!(z.declare("last-row"), last);
        assert!(z.contains(last, PlayerId(0), Pos(3)));
        assert!(!z.contains(last, PlayerId(1), Pos(3)));
        assert!(z.contains(last, PlayerId(1), Pos(0)));
        assert_eq!(z.zone("last-row"), Some(last));
        assert_eq!(z.zone("other"), None);
    }
}
