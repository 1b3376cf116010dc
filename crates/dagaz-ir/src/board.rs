//! The board's topology: named positions and, per direction, a precomputed link table.
//!
//! This is the padded-mailbox idea made general: instead of guard squares, every direction has a
//! flat table `links[dir * len + pos]` whose entry is the neighbouring position or "none", so a
//! step is one load and one compare whatever the board's shape.

use crate::value::{Dir, Pos};
use indexmap::IndexSet;
use thiserror::Error;

/// Marks "no neighbour" in a link table.
const NONE: u16 = u16::MAX;
/// A bound on a board's positions: they are `u16` indices and `u16::MAX` is reserved for "no
/// neighbour", so a board has fewer than this many (at most 65,534, as `docs/vm.md` says).
pub const MAX_POSITIONS: usize = NONE as usize;
/// How many directions a board may have: they are `u8` indices.
pub const MAX_DIRECTIONS: usize = 255;

/// A board that cannot be built as described. The compiler turns each into a compile error
/// pointing at the clause that caused it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum TopologyError {
    /// More positions than a `Pos` can index: how many the dimensions give, and the most
    /// allowed.
    #[error("the board has {0} positions; at most {1} are supported")]
    TooManyPositions(usize, usize),
    /// Two positions would get the same name.
    #[error("dimension names that give every position a distinct name")]
    IndistinctNames,
    /// More directions than a `Dir` can index.
    #[error("too many directions (at most {0})")]
    TooManyDirections(usize),
    /// A direction's offsets do not match the board's dimensions: its name, how many offsets
    /// it has, how many dimensions the board has.
    #[error("direction `{0}` has {1} offsets but the board has {2} dimensions")]
    DirOffsets(String, usize, usize),
    /// A direction named twice.
    #[error("a second direction named `{0}`")]
    DuplicateDirection(String),
    /// A position given a second number.
    #[error("position `{0}` is numbered twice")]
    NumberedTwice(String),
}

/// The positions of a board, their names and numbers, and how directions link them.
///
/// Built once by the compiler and then only read: [`Board::step`] is the one question the
/// processor asks in its hot loop, and answers with one load from a link table.
#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    /// Names of the coordinates along each dimension, in the order the `dim` clauses give them.
    dims: Vec<Vec<String>>,
    positions: IndexSet<String>,
    directions: IndexSet<String>,
    links: Vec<u16>,
    /// Square numbers (`(numbers b10 d10 ...)`): `numbered[n - 1]` is the position numbered n,
    /// and `number_of[pos]` its number.
    numbered: Vec<Pos>,
    number_of: Vec<Option<u32>>,
    /// Each direction's offsets, to find opposites.
    offsets: Vec<Vec<i64>>,
    /// `opposite[d]`: the direction whose offsets are the negatives of `d`'s, if one was added.
    opposite: Vec<Option<Dir>>,
    /// The positions drawn dark (`(dark POS ...)`); empty when the board says nothing.
    dark: Vec<bool>,
}

impl Board {
    /// A board with the given coordinate names along each dimension and no directions yet.
    ///
    /// A position's name joins its coordinate names (`a` and `8` give `a8`); positions are
    /// numbered with the last dimension outermost, so a chess board runs a8, b8, ..., h1.
    pub fn new(name: &str, dims: Vec<Vec<String>>) -> Result<Board, TopologyError> {
        let count = dims.iter().map(Vec::len).product::<usize>();
        if count >= MAX_POSITIONS {
            return Err(TopologyError::TooManyPositions(count, MAX_POSITIONS - 1));
        }
        let positions: IndexSet<String> = (0..count)
            .map(|i| {
                coordinates(&dims, i)
                    .iter()
                    .zip(&dims)
                    .filter_map(|(&i, d)| d.get(i).map(String::as_str))
                    .collect()
            })
            .collect();
        if positions.len() != count {
            return Err(TopologyError::IndistinctNames);
        }
        Ok(Board {
            name: name.to_string(),
            dims,
            positions,
            directions: IndexSet::new(),
            links: Vec::new(),
            numbered: Vec::new(),
            number_of: vec![None; count],
            offsets: Vec::new(),
            opposite: Vec::new(),
            dark: Vec::new(),
        })
    }

    /// Adds a direction: one offset per dimension, added to a position's coordinates.
    /// With no offsets, a direction whose steps are all off the board until
    /// [`Board::set_link`] gives them (a board given as a graph).
    pub fn add_direction(&mut self, name: &str, offsets: &[i64]) -> Result<Dir, TopologyError> {
        if !offsets.is_empty() && offsets.len() != self.dims.len() {
            return Err(TopologyError::DirOffsets(
                name.to_string(),
                offsets.len(),
                self.dims.len(),
            ));
        }
        if self.directions.len() >= MAX_DIRECTIONS {
            return Err(TopologyError::TooManyDirections(MAX_DIRECTIONS));
        }
        if !self.directions.insert(name.to_string()) {
            return Err(TopologyError::DuplicateDirection(name.to_string()));
        }
        let dims = &self.dims;
        self.links.extend((0..self.positions.len()).map(|i| {
            if offsets.is_empty() {
                NONE
            } else {
                neighbour(dims, &coordinates(dims, i), offsets)
            }
        }));
        let dir = Dir((self.directions.len() - 1) as u8);
        let negated: Vec<i64> = offsets.iter().map(|o| o.saturating_neg()).collect();
        // A direction given by links alone has no offsets, hence no opposite.
        let opposite = self
            .offsets
            .iter()
            .position(|o| !offsets.is_empty() && *o == negated)
            .map(|i| Dir(i as u8));
        if let Some(other) = opposite {
            if let Some(slot) = self.opposite.get_mut(other.index()) {
                slot.get_or_insert(dir);
            }
        }
        self.offsets.push(offsets.to_vec());
        self.opposite.push(opposite);
        Ok(dir)
    }

    /// Makes the step from `from` along `dir` land on `to` (`None`: off the board), whatever
    /// the direction's offsets gave: `(link ...)` and `(unlink ...)`.
    pub fn set_link(&mut self, dir: Dir, from: Pos, to: Option<Pos>) {
        let len = self.len();
        if dir.index() >= self.direction_count() || from.index() >= len {
            return;
        }
        if let Some(slot) = self.links.get_mut(dir.index() * len + from.index()) {
            *slot = to.map_or(NONE, |p| p.0);
        }
    }

    /// Gives `pos` the next square number (the first numbered position is number 1).
    pub fn number(&mut self, pos: Pos) -> Result<(), TopologyError> {
        match self.number_of.get_mut(pos.index()) {
            Some(slot @ None) => *slot = Some(self.numbered.len() as u32 + 1),
            _ => {
                return Err(TopologyError::NumberedTwice(
                    self.position_name(pos).to_string(),
                ))
            }
        }
        self.numbered.push(pos);
        Ok(())
    }

    /// Takes `holes` out of the grid: they are no longer positions, a step onto one is off the
    /// board, and the positions left are numbered again in board order. For boards that are
    /// not full rectangles (a hexagon drawn on a rhombus, a star, a cross).
    pub fn remove_positions(&mut self, holes: &[Pos]) {
        let len = self.len();
        let mut keep = vec![true; len];
        for h in holes {
            if let Some(k) = keep.get_mut(h.index()) {
                *k = false;
            }
        }
        let mut new_index = vec![NONE; len];
        let mut kept = 0u16;
        for (i, k) in keep.iter().enumerate() {
            if *k {
                if let Some(slot) = new_index.get_mut(i) {
                    *slot = kept;
                }
                kept += 1;
            }
        }
        let moved = |old: u16| {
            if old == NONE {
                NONE
            } else {
                new_index.get(old as usize).copied().unwrap_or(NONE)
            }
        };
        let mut links = Vec::with_capacity(self.direction_count() * kept as usize);
        for d in 0..self.direction_count() {
            for (i, k) in keep.iter().enumerate() {
                if *k {
                    let old = self.links.get(d * len + i).copied().unwrap_or(NONE);
                    links.push(moved(old));
                }
            }
        }
        self.links = links;
        self.dark.clear();
        self.positions = self
            .positions
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(name, _)| name.clone())
            .collect();
        self.number_of = self
            .number_of
            .iter()
            .zip(&keep)
            .filter(|(_, k)| **k)
            .map(|(n, _)| *n)
            .collect();
        self.numbered = self
            .numbered
            .iter()
            .filter_map(|p| {
                let m = moved(p.0);
                (m != NONE).then_some(Pos(m))
            })
            .collect();
    }

    /// Marks `pos` as drawn dark. Take holes out first: removing positions forgets the marks.
    pub fn set_dark(&mut self, pos: Pos) {
        if self.dark.len() != self.len() {
            self.dark = vec![false; self.len()];
        }
        if let Some(d) = self.dark.get_mut(pos.index()) {
            *d = true;
        }
    }

    /// Whether `pos` is drawn dark; false on a board that marks no square.
    pub fn is_dark(&self, pos: Pos) -> bool {
        self.dark.get(pos.index()).copied().unwrap_or(false)
    }

    /// Whether the board says which squares are dark.
    pub fn is_shaded(&self) -> bool {
        !self.dark.is_empty()
    }

    /// Whether the board numbers its squares (then notation and FEN use the numbers).
    pub fn is_numbered(&self) -> bool {
        !self.numbered.is_empty()
    }

    /// The position numbered `n`.
    pub fn numbered(&self, n: u32) -> Option<Pos> {
        self.numbered.get((n as usize).checked_sub(1)?).copied()
    }

    /// The number of a position, when the board numbers it.
    pub fn number_of(&self, pos: Pos) -> Option<u32> {
        self.number_of.get(pos.index()).copied().flatten()
    }

    /// A position by name, or by number on a numbered board.
    pub fn lookup(&self, text: &str) -> Option<Pos> {
        match text.parse::<u32>() {
            Ok(n) if self.is_numbered() => self.numbered(n),
            _ => self.position(text),
        }
    }

    /// How a position is written in notation: its number on a numbered board, else its name.
    pub fn label(&self, pos: Pos) -> String {
        match self.number_of(pos) {
            Some(n) => n.to_string(),
            None => self.position_name(pos).to_string(),
        }
    }

    /// The board's name, as the game's `board` form gives it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of positions: the product of the dimensions' sizes.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the board has no position (a dimension with no coordinate).
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The coordinate names along each dimension, as [`Board::new`] was given them.
    pub fn dims(&self) -> &[Vec<String>] {
        &self.dims
    }

    /// Every position, in board order (the last dimension outermost).
    pub fn positions(&self) -> impl ExactSizeIterator<Item = Pos> {
        (0..self.positions.len()).map(|i| Pos(i as u16))
    }

    /// The position named `name` (`a1`), if there is one; numbers are not names, see
    /// [`Board::lookup`].
    pub fn position(&self, name: &str) -> Option<Pos> {
        self.positions.get_index_of(name).map(|i| Pos(i as u16))
    }

    /// The name of a position (`a1`); `"?"` for an index off the board.
    pub fn position_name(&self, pos: Pos) -> &str {
        self.positions
            .get_index(pos.index())
            .map_or("?", String::as_str)
    }

    /// How many directions have been added.
    pub fn direction_count(&self) -> usize {
        self.directions.len()
    }

    /// The direction named `name`, if one was added.
    pub fn direction(&self, name: &str) -> Option<Dir> {
        self.directions.get_index_of(name).map(|i| Dir(i as u8))
    }

    /// The name a direction was added with; `"?"` for one never added.
    pub fn direction_name(&self, dir: Dir) -> &str {
        self.directions
            .get_index(dir.index())
            .map_or("?", String::as_str)
    }

    /// The offsets a direction was added with, one per dimension, in coordinate indices (`(dir
    /// (name n) 0 -1)` gives `[0, -1]`); empty for one never added. The page draws a board
    /// whose directions are the six of a hexagonal grid as hexagons.
    pub fn offsets(&self, dir: Dir) -> &[i64] {
        self.offsets.get(dir.index()).map_or(&[], Vec::as_slice)
    }

    /// The direction that steps back where `dir` steps (offsets negated), if the board has one.
    pub fn opposite(&self, dir: Dir) -> Option<Dir> {
        self.opposite.get(dir.index()).copied().flatten()
    }

    /// The neighbour of `pos` in direction `dir`, or `None` off the board. The direction is
    /// the board's own: player symmetry is applied before (by the processor).
    #[inline]
    pub fn step(&self, dir: Dir, pos: Pos) -> Option<Pos> {
        let next = *self.links.get(dir.index() * self.len() + pos.index())?;
        (next != NONE).then_some(Pos(next))
    }
}

/// The coordinates of position number `index` (the last dimension varies slowest).
fn coordinates(dims: &[Vec<String>], mut index: usize) -> Vec<usize> {
    let mut coords = vec![0; dims.len()];
    for (c, d) in coords.iter_mut().zip(dims) {
        *c = index % d.len();
        index /= d.len();
    }
    coords
}

fn neighbour(dims: &[Vec<String>], coords: &[usize], offsets: &[i64]) -> u16 {
    let mut index = 0usize;
    let mut scale = 1usize;
    for ((&c, &off), d) in coords.iter().zip(offsets).zip(dims) {
        let Some(n) = (c as i64).checked_add(off) else {
            return NONE;
        };
        if n < 0 || n >= d.len() as i64 {
            return NONE;
        }
        index += n as usize * scale;
        scale *= d.len();
    }
    index as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn names(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    fn board() -> Board {
        let mut b = Board::new("b", vec![names("a b c"), names("3 2 1")]).unwrap();
        b.add_direction("n", &[0, -1]).unwrap();
        b.add_direction("ne", &[1, -1]).unwrap();
        b
    }

    #[test]
    fn names_positions_and_links_directions() {
        let b = board();
        assert_eq!(b.len(), 9);
        assert_eq!(b.position_name(Pos(0)), "a3");
        assert_eq!(b.position_name(Pos(8)), "c1");
        let (a1, n, ne) = (
            b.position("a1").unwrap(),
            b.direction("n").unwrap(),
            b.direction("ne").unwrap(),
        );
        assert_eq!(b.step(n, a1).map(|p| b.position_name(p)), Some("a2"));
        assert_eq!(b.step(ne, a1).map(|p| b.position_name(p)), Some("b2"));
        let a3 = b.position("a3").unwrap();
        assert_eq!(b.step(n, a3), None);
    }

    #[test]
    fn finds_opposite_directions() {
        let mut b = board();
        let (n, ne) = (b.direction("n").unwrap(), b.direction("ne").unwrap());
        assert_eq!(b.opposite(n), None);
        let s = b.add_direction("s", &[0, 1]).unwrap();
        assert_eq!(b.opposite(n), Some(s));
        assert_eq!(b.opposite(s), Some(n));
        assert_eq!(b.opposite(ne), None);
    }

    #[test]
    fn holes_are_taken_out_and_steps_into_them_leave_the_board() {
        let mut b = board();
        let (n, ne) = (b.direction("n").unwrap(), b.direction("ne").unwrap());
        let b2 = b.position("b2").unwrap();
        b.remove_positions(&[b2]);
        assert_eq!(b.len(), 8);
        assert_eq!(b.position("b2"), None);
        let a1 = b.position("a1").unwrap();
        assert_eq!(b.step(ne, a1), None, "b2 is a hole");
        let b1 = b.position("b1").unwrap();
        assert_eq!(b.step(n, b1), None);
        let c1 = b.position("c1").unwrap();
        assert_eq!(b.step(n, c1).map(|p| b.position_name(p)), Some("c2"));
        assert_eq!(b.positions().count(), 8);
    }

    #[test]
    fn dark_squares_are_marked_after_the_holes() {
        let mut b = board();
        assert!(!b.is_shaded());
        let b2 = b.position("b2").unwrap();
        b.remove_positions(&[b2]);
        // Positions are numbered again: a1 is looked up after the holes.
        let a1 = b.position("a1").unwrap();
        b.set_dark(a1);
        assert!(b.is_shaded());
        assert!(b.is_dark(a1));
        assert!(!b.is_dark(b.position("b1").unwrap()));
    }

    #[test]
    fn numbers_squares() {
        let mut b = Board::new("b", vec![names("a b c"), names("2 1")]).unwrap();
        for name in ["b2", "a1", "c1"] {
            b.number(b.position(name).unwrap()).unwrap();
        }
        assert!(b.is_numbered());
        assert_eq!(b.numbered(2), b.position("a1"));
        assert_eq!(b.number_of(b.position("c1").unwrap()), Some(3));
        assert_eq!(b.number_of(b.position("a2").unwrap()), None);
        assert_eq!(b.lookup("1"), b.position("b2"));
        assert_eq!(b.lookup("a2"), b.position("a2"));
        assert_eq!(b.lookup("4"), None);
        assert_eq!(b.label(b.position("a1").unwrap()), "2");
        assert_eq!(b.label(b.position("a2").unwrap()), "a2");
        assert_eq!(
            b.number(b.position("a1").unwrap()),
            Err(TopologyError::NumberedTwice("a1".into()))
        );
    }

    #[test]
    fn links_replace_steps_and_give_a_graph_its_directions() {
        // A ring of three loose positions: one dimension, a direction with no offsets.
        let mut b = Board::new("ring", vec![names("p q r")]).unwrap();
        let next = b.add_direction("next", &[]).unwrap();
        let [p, q, r] = ["p", "q", "r"].map(|n| b.position(n).unwrap());
        assert_eq!(b.step(next, p), None);
        b.set_link(next, p, Some(q));
        b.set_link(next, q, Some(r));
        b.set_link(next, r, Some(p));
        assert_eq!(b.step(next, r), Some(p));
        assert_eq!(b.opposite(next), None);
        // A link onto a hole is off the board; the others follow the renumbering.
        b.remove_positions(&[q]);
        let (p, r) = (b.position("p").unwrap(), b.position("r").unwrap());
        assert_eq!(b.step(next, p), None);
        assert_eq!(b.step(next, r), Some(p));
        // On a grid, an unlinked step is off the board.
        let mut g = board();
        let n = g.direction("n").unwrap();
        let a1 = g.position("a1").unwrap();
        assert!(g.step(n, a1).is_some());
        g.set_link(n, a1, None);
        assert_eq!(g.step(n, a1), None);
    }

    #[test]
    fn rejects_bad_boards() {
        let mut b = board();
        assert_eq!(
            b.add_direction("s", &[0]),
            Err(TopologyError::DirOffsets("s".into(), 1, 2))
        );
        assert_eq!(
            b.add_direction("n", &[0, 1]),
            Err(TopologyError::DuplicateDirection("n".into()))
        );
        assert_eq!(
            Board::new("b", vec![names("a a")]).unwrap_err(),
            TopologyError::IndistinctNames
        );
    }
}
