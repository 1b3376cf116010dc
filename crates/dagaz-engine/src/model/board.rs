//! The board: named positions and, per direction, a precomputed link table.
//!
//! This is the padded-mailbox idea made general: instead of guard squares, every direction has a
//! flat table `links[dir * len + pos]` whose entry is the neighbouring position or "none", so a
//! step is one load and one compare whatever the board's shape.

use crate::compiler::syntax::{self, Result};
use crate::error::{CompileError, CompileErrorKind};
use crate::value::{Dir, Pos};
use dagaz_sexpr::Node;
use indexmap::IndexSet;

/// Marks "no neighbour" in a link table.
const NONE: u16 = u16::MAX;
/// Positions are `u16` indices and `NONE` is reserved.
pub const MAX_POSITIONS: usize = NONE as usize;
/// Directions are `u8` indices.
pub const MAX_DIRECTIONS: usize = 255;

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
}

impl Board {
    /// Builds a board from `(board (name N) (dim "a-h") (dim "8-1") (dir (name n) 0 -1) ...)`.
    ///
    /// A position's name joins its coordinate names (`a` and `8` give `a8`); positions are numbered
    /// with the last dimension outermost, so a chess board runs a8, b8, ..., h1.
    pub fn from_node(node: &Node) -> Result<Board> {
        let items = syntax::list(node, "a `(board ...)` form")?;
        let (name, _) = syntax::name_of(items, node)?;
        let mut dims = Vec::new();
        let mut dirs: Vec<(&Node, Vec<i64>)> = Vec::new();
        let mut numbers: Option<&Node> = None;
        for item in syntax::args(items) {
            match item.head() {
                Some("name") => {}
                Some("numbers") => numbers = Some(item),
                Some("dim") => {
                    let parts = syntax::list(item, "a `(dim ...)` clause")?;
                    let args = syntax::arity::<1>("dim", parts, item.span)?;
                    let range = syntax::text(&args[0], "a range such as \"a-h\"")?;
                    dims.push(parse_range(range).ok_or_else(|| {
                        CompileError::new(
                            CompileErrorKind::BadRange(range.to_string()),
                            args[0].span,
                        )
                    })?);
                }
                Some("dir") => {
                    let parts = syntax::list(item, "a `(dir ...)` clause")?;
                    let offsets = syntax::args(parts)
                        .iter()
                        .filter(|n| n.head() != Some("name"))
                        .map(|n| syntax::int(n, "a number (the direction's offset)"))
                        .collect::<Result<Vec<_>>>()?;
                    dirs.push((item, offsets));
                }
                _ => {
                    return Err(syntax::expected(
                        "`(name ...)`, `(dim ...)` or `(dir ...)`",
                        item,
                    ))
                }
            }
        }
        if dims.is_empty() {
            return Err(syntax::expected("at least one `(dim ...)` clause", node));
        }
        let count = dims.iter().map(Vec::len).product::<usize>();
        if count >= MAX_POSITIONS {
            return Err(CompileError::new(
                CompileErrorKind::TooManyPositions(count, MAX_POSITIONS - 1),
                node.span,
            ));
        }
        if dirs.len() > MAX_DIRECTIONS {
            return Err(CompileError::new(
                CompileErrorKind::TooMany {
                    what: "directions",
                    max: MAX_DIRECTIONS,
                },
                node.span,
            ));
        }
        let coords: Vec<Vec<usize>> = (0..count).map(|i| coordinates(&dims, i)).collect();
        let positions: IndexSet<String> = coords
            .iter()
            .map(|c| {
                c.iter()
                    .zip(&dims)
                    .filter_map(|(&i, d)| d.get(i).map(String::as_str))
                    .collect()
            })
            .collect();
        if positions.len() != count {
            return Err(syntax::expected(
                "dimension names that give every position a distinct name",
                node,
            ));
        }
        let mut directions = IndexSet::new();
        let mut links = Vec::with_capacity(dirs.len() * count);
        for (dir, offsets) in &dirs {
            let (dir_name, span) =
                syntax::name_of(syntax::list(dir, "a `(dir ...)` clause")?, dir)?;
            if offsets.len() != dims.len() {
                return Err(CompileError::new(
                    CompileErrorKind::DirOffsets(dir_name.to_string(), offsets.len(), dims.len()),
                    dir.span,
                ));
            }
            if !directions.insert(dir_name.to_string()) {
                return Err(CompileError::new(
                    CompileErrorKind::Duplicate("dir".into(), dir_name.into()),
                    span,
                ));
            }
            links.extend(coords.iter().map(|c| neighbour(&dims, c, offsets)));
        }
        let mut board = Board {
            name: name.to_string(),
            dims,
            positions,
            directions,
            links,
            numbered: Vec::new(),
            number_of: vec![None; count],
        };
        if let Some(form) = numbers {
            board.number(form)?;
        }
        Ok(board)
    }

    /// `(numbers POS ...)`: the first listed position is number 1, and so on.
    fn number(&mut self, form: &Node) -> Result<()> {
        let items = syntax::list(form, "a `(numbers ...)` clause")?;
        for node in syntax::args(items) {
            let name = syntax::symbol(node, "a position name")?;
            let pos = self.position(name).ok_or_else(|| {
                CompileError::new(
                    CompileErrorKind::Unknown {
                        what: "position",
                        name: name.to_string(),
                    },
                    node.span,
                )
            })?;
            let slot = self.number_of.get_mut(pos.index());
            match slot {
                Some(slot @ None) => *slot = Some(self.numbered.len() as u32 + 1),
                _ => {
                    return Err(CompileError::new(
                        CompileErrorKind::NumberedTwice(name.to_string()),
                        node.span,
                    ))
                }
            }
            self.numbered.push(pos);
        }
        Ok(())
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

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    pub fn dims(&self) -> &[Vec<String>] {
        &self.dims
    }

    pub fn positions(&self) -> impl ExactSizeIterator<Item = Pos> {
        (0..self.positions.len()).map(|i| Pos(i as u16))
    }

    pub fn position(&self, name: &str) -> Option<Pos> {
        self.positions.get_index_of(name).map(|i| Pos(i as u16))
    }

    pub fn position_name(&self, pos: Pos) -> &str {
        self.positions
            .get_index(pos.index())
            .map_or("?", String::as_str)
    }

    pub fn direction_count(&self) -> usize {
        self.directions.len()
    }

    pub fn direction(&self, name: &str) -> Option<Dir> {
        self.directions.get_index_of(name).map(|i| Dir(i as u8))
    }

    pub fn direction_name(&self, dir: Dir) -> &str {
        self.directions
            .get_index(dir.index())
            .map_or("?", String::as_str)
    }

    /// The neighbour of `pos` in direction `dir`, or `None` off the board.
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

/// `"a-j"` → a..j, `"10-1"` → 10, 9, ..., 1, `"x/y/z"` → x, y, z, `"q"` → q.
fn parse_range(text: &str) -> Option<Vec<String>> {
    if text.contains('/') {
        let names: Vec<String> = text.split('/').map(str::to_string).collect();
        return names.iter().all(|n| !n.is_empty()).then_some(names);
    }
    let Some((from, to)) = text.split_once('-') else {
        return (!text.is_empty()).then(|| vec![text.to_string()]);
    };
    if let (Ok(a), Ok(b)) = (from.parse::<u32>(), to.parse::<u32>()) {
        let names: Vec<String> = if a <= b {
            (a..=b).map(|n| n.to_string()).collect()
        } else {
            (b..=a).rev().map(|n| n.to_string()).collect()
        };
        return Some(names);
    }
    let (mut f, mut t) = (from.chars(), to.chars());
    match (f.next(), f.next(), t.next(), t.next()) {
        (Some(a), None, Some(b), None) if a.is_alphabetic() && b.is_alphabetic() => {
            let chars: Vec<char> = if a <= b {
                (a..=b).collect()
            } else {
                (b..=a).rev().collect()
            };
            Some(chars.into_iter().map(String::from).collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn board(text: &str) -> Board {
        let forms = dagaz_sexpr::read(text).unwrap();
        Board::from_node(&forms[0]).unwrap()
    }

    #[test]
    fn ranges() {
        assert_eq!(
            parse_range("a-c"),
            Some(vec!["a".into(), "b".into(), "c".into()])
        );
        assert_eq!(
            parse_range("3-1"),
            Some(vec!["3".into(), "2".into(), "1".into()])
        );
        assert_eq!(parse_range("x/yy"), Some(vec!["x".into(), "yy".into()]));
        assert_eq!(parse_range("ab-c"), None);
        assert_eq!(parse_range(""), None);
    }

    #[test]
    fn names_positions_and_links_directions() {
        let b = board(
            r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1) (dir (name ne) 1 -1))"#,
        );
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
    fn numbers_squares() {
        let b = board(r#"(board (name b) (dim "a-c") (dim "2-1") (numbers b2 a1 c1))"#);
        assert!(b.is_numbered());
        assert_eq!(b.numbered(2), b.position("a1"));
        assert_eq!(b.number_of(b.position("c1").unwrap()), Some(3));
        assert_eq!(b.number_of(b.position("a2").unwrap()), None);
        assert_eq!(b.lookup("1"), b.position("b2"));
        assert_eq!(b.lookup("a2"), b.position("a2"));
        assert_eq!(b.lookup("4"), None);
        assert_eq!(b.label(b.position("a1").unwrap()), "2");
        assert_eq!(b.label(b.position("a2").unwrap()), "a2");
        let forms = dagaz_sexpr::read(r#"(board (name b) (dim "a-c") (numbers a a))"#).unwrap();
        let err = Board::from_node(&forms[0]).unwrap_err();
        assert_eq!(err.kind, CompileErrorKind::NumberedTwice("a".into()));
    }

    #[test]
    fn rejects_bad_dirs() {
        let forms =
            dagaz_sexpr::read(r#"(board (name b) (dim "a-c") (dir (name n) 0 -1))"#).unwrap();
        let err = Board::from_node(&forms[0]).unwrap_err();
        assert_eq!(err.kind, CompileErrorKind::DirOffsets("n".into(), 2, 1));
    }
}
