//! A ZRF `(board ...)` as a dagaz `(board ...)`. One `grid` keeps its shape: the dimensions'
//! coordinate lists, the directions' offsets and the killed positions mean the same in both
//! languages, and `links`/`unlink` become dagaz's `link`/`unlink`. A board of several
//! grids or of loose `positions` is a graph ([`crate::lower::graph`]). Zones and symmetries go
//! to the game.

pub use super::graph::BOARD_NAME;
use super::graph::{Grid, Layout};
use crate::error::ZrfError;
use crate::forms::{args, form, int, string, sym, text};
use dagaz_sexpr::{Node, NodeKind};

/// A translated board and what the moves need to know of it.
#[derive(Debug, Default)]
pub struct Board {
    /// The dagaz `(board ...)` form.
    pub form: Option<Node>,
    /// The directions and their offsets (none for one only links give), for `opposite`.
    pub dirs: Vec<(String, Vec<i64>)>,
    /// The position names, in board order.
    pub positions: Vec<String>,
    /// `(zone ...)` and `(symmetry ...)` clauses for the game.
    pub game_clauses: Vec<Node>,
}

impl Board {
    /// Whether `name` is one of the board's directions.
    pub fn is_dir(&self, name: &str) -> bool {
        self.dirs.iter().any(|(d, _)| d == name)
    }

    /// The direction whose offsets are `name`'s negated; a direction that only links give is
    /// its own opposite (the referee's table of opposites, built from the offsets, keeps it).
    pub fn opposite(&self, name: &str) -> Option<&str> {
        let (own, offsets) = self.dirs.iter().find(|(d, _)| d == name)?;
        if offsets.is_empty() {
            return Some(own);
        }
        let back: Vec<i64> = offsets.iter().map(|o| -o).collect();
        self.dirs
            .iter()
            .find(|(_, o)| *o == back)
            .map(|(d, _)| d.as_str())
    }

    /// Whether `name` names a position.
    pub fn is_position(&self, name: &str) -> bool {
        self.positions.iter().any(|p| p == name)
    }
}

/// The board of `(board CLAUSE ...)`.
pub fn board(node: &Node) -> Result<Board, ZrfError> {
    let mut layout = Layout::default();
    let mut game_clauses = Vec::new();
    for clause in args(node) {
        match clause.head() {
            Some("image") => {}
            Some("grid") => layout.grids.push(grid(clause)?),
            // Directions outside a grid belong to the board's (first) grid.
            Some("directions") => layout.loose_dirs.extend(directions(clause)?),
            Some("positions") => positions(clause, &mut layout)?,
            Some("kill-positions") => layout.killed.extend(args(clause).iter().cloned()),
            Some("links") => layout.links.push(clause.clone()),
            Some("unlink") => layout.unlinks.extend(args(clause).iter().cloned()),
            Some("zone") => game_clauses.push(zone(clause)?),
            Some("symmetry") => game_clauses.push(clause.clone()),
            Some(other) => return Err(ZrfError::unsupported(other, clause.span)),
            None => {
                return Err(ZrfError::expected(
                    "a board clause such as `(grid ...)`",
                    clause,
                ))
            }
        }
    }
    if layout.grids.is_empty() && layout.loose.is_empty() {
        return Err(ZrfError::unsupported(
            "board (without a grid or positions)",
            node.span,
        ));
    }
    let built = layout.translate(node.span)?;
    Ok(Board {
        form: Some(built.form),
        dirs: built.dirs,
        positions: built.positions,
        game_clauses,
    })
}

/// `(grid (start-rectangle ...) (dimensions (COORDS (DX DY)) ...) (directions ...))`.
fn grid(node: &Node) -> Result<Grid, ZrfError> {
    let mut out = Grid {
        span: node.span,
        ..Grid::default()
    };
    for clause in args(node) {
        match clause.head() {
            Some("start-rectangle") => {}
            Some("dimensions") => {
                for dim in args(clause) {
                    let coords = dim
                        .as_list()
                        .and_then(|l| l.first())
                        .and_then(|c| match &c.kind {
                            NodeKind::Str(s) => Some(s.clone()),
                            _ => None,
                        })
                        .ok_or_else(|| {
                            ZrfError::expected("a dimension `(\"a/b/c\" (DX DY))`", dim)
                        })?;
                    out.dims
                        .push(coords.split('/').map(str::to_string).collect());
                    out.dim_forms
                        .push(form("dim", vec![string(&coords, dim.span)], dim.span));
                }
            }
            Some("directions") => out.dirs.extend(directions(clause)?),
            Some(other) => return Err(ZrfError::unsupported(other, clause.span)),
            None => {
                return Err(ZrfError::expected(
                    "a grid clause such as `(dimensions ...)`",
                    clause,
                ))
            }
        }
    }
    Ok(out)
}

/// `(directions (NAME DX DY ...) ...)`: each name with its offsets and its form.
fn directions(node: &Node) -> Result<Vec<(String, Vec<i64>, Node)>, ZrfError> {
    args(node)
        .iter()
        .map(|dir| {
            let parts = dir.as_list().unwrap_or_default();
            let (Some(name), offsets) = (
                parts.first().and_then(Node::as_symbol),
                parts.get(1..).unwrap_or_default(),
            ) else {
                return Err(ZrfError::expected("a direction `(NAME DX DY)`", dir));
            };
            let offsets: Vec<i64> = offsets
                .iter()
                .map(|o| match o.kind {
                    NodeKind::Int(v) => Ok(v),
                    _ => Err(ZrfError::expected("an offset (an integer)", o)),
                })
                .collect::<Result<_, _>>()?;
            let mut items = vec![form("name", vec![sym(name, dir.span)], dir.span)];
            items.extend(offsets.iter().map(|&o| int(o, dir.span)));
            Ok((name.to_string(), offsets, form("dir", items, dir.span)))
        })
        .collect()
}

/// `(positions (NAME X1 Y1 X2 Y2) ...)`: positions of no grid (the numbers place their
/// pictures).
fn positions(node: &Node, layout: &mut Layout) -> Result<(), ZrfError> {
    for place in args(node) {
        let name = place
            .as_list()
            .and_then(|l| l.first())
            .and_then(text)
            .ok_or_else(|| ZrfError::expected("a position `(NAME X1 Y1 X2 Y2)`", place))?;
        layout.loose.push((name.to_string(), place.span));
    }
    Ok(())
}

/// `(zone (name Z) (players P ...) (positions POS ...))`: the same form in dagaz.
fn zone(node: &Node) -> Result<Node, ZrfError> {
    for clause in args(node) {
        if !matches!(clause.head(), Some("name" | "players" | "positions")) {
            return Err(ZrfError::expected(
                "`(name ...)`, `(players ...)` or `(positions ...)`",
                clause,
            ));
        }
    }
    Ok(node.clone())
}
