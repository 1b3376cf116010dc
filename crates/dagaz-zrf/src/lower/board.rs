//! A ZRF `(board ...)` as a dagaz `(board ...)`. One `grid` keeps its shape: the dimensions'
//! coordinate lists, the directions' offsets and the killed positions mean the same in both
//! languages, and `links`/`unlink` become dagaz's `link`/`unlink`. A board of several
//! grids or of loose `positions` is a graph ([`crate::lower::graph`]). Zones and symmetries go
//! to the game.

pub use super::graph::BOARD_NAME;
use super::graph::{Grid, Layout};
use crate::error::ZrfError;
use crate::forms::{args, form, int, string, sym, text};
use dagaz_sexpr::{Node, NodeKind, Span};

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
    let mut board = Board {
        form: Some(built.form),
        dirs: built.dirs,
        positions: built.positions,
        game_clauses: Vec::new(),
    };
    board.game_clauses = game_clauses.iter().map(|c| board.known_names(c)).collect();
    Ok(board)
}

impl Board {
    /// A `zone` or `symmetry` with the positions and directions the board lacks left out, as
    /// the Dagaz project's converter leaves them (a zone of `morris.zrf` lists the positions
    /// its board kills; a symmetry of `cubic-chess.zrf` pairs a direction it never defines).
    /// Nothing can stand on such a position nor step along such a direction, so no move
    /// changes.
    pub fn known_names(&self, clause: &Node) -> Node {
        let items = clause.as_list().unwrap_or_default();
        let kept: Vec<Node> = match clause.head() {
            Some("symmetry") => items
                .iter()
                .enumerate()
                .filter(|(i, pair)| *i < 2 || self.known_pair(pair))
                .map(|(_, n)| n.clone())
                .collect(),
            _ => items
                .iter()
                .map(|n| match n.head() {
                    Some("positions") => self.known_positions(n),
                    _ => n.clone(),
                })
                .collect(),
        };
        crate::forms::list(kept, clause.span)
    }

    /// Whether a symmetry's `(D1 D2)` names two of the board's directions.
    fn known_pair(&self, pair: &Node) -> bool {
        match pair.as_list() {
            Some([a, b]) => [a, b]
                .iter()
                .all(|d| d.as_symbol().is_some_and(|d| self.is_dir(d))),
            _ => true,
        }
    }

    /// `(positions P ...)` with only the board's positions.
    fn known_positions(&self, node: &Node) -> Node {
        let items = node.as_list().unwrap_or_default();
        let kept = items
            .iter()
            .enumerate()
            .filter(|(i, p)| *i == 0 || p.as_symbol().is_none_or(|p| self.is_position(p)));
        crate::forms::list(kept.map(|(_, p)| p.clone()).collect(), node.span)
    }
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
    // A direction with fewer offsets than the grid has dimensions keeps to the others: its
    // missing offsets are 0 (`(n 0 -1)` in a grid of layers stays in its layer).
    for (name, offsets, dir_form) in &mut out.dirs {
        if offsets.len() < out.dims.len() {
            offsets.resize(out.dims.len(), 0);
            *dir_form = direction_form(name, offsets, dir_form.span);
        }
    }
    Ok(out)
}

/// `(dir (name NAME) OFFSET ...)`.
fn direction_form(name: &str, offsets: &[i64], span: Span) -> Node {
    let mut items = vec![form("name", vec![sym(name, span)], span)];
    items.extend(offsets.iter().map(|&o| int(o, span)));
    form("dir", items, span)
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
            let made = direction_form(name, &offsets, dir.span);
            Ok((name.to_string(), offsets, made))
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
    let mut items = vec![crate::forms::sym("zone", node.span)];
    for clause in args(node) {
        // A zone's picture and help are for Zillions's display.
        if matches!(clause.head(), Some("glyph" | "help" | "image")) {
            continue;
        }
        items.push(clause.clone());
        if !matches!(clause.head(), Some("name" | "players" | "positions")) {
            return Err(ZrfError::expected(
                "`(name ...)`, `(players ...)` or `(positions ...)`",
                clause,
            ));
        }
    }
    Ok(crate::forms::list(items, node.span))
}
