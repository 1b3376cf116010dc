//! A ZRF `(board ...)` of one `grid` as a dagaz `(board ...)`: the dimensions' coordinate
//! lists, the directions' offsets and the killed positions, which mean the same in both
//! languages; its zones and symmetries go to the game.

use crate::error::ZrfError;
use crate::forms::{args, form, int, string, sym, text};
use dagaz_sexpr::{Node, NodeKind};

/// The dagaz name of the one board a translated game has.
pub const BOARD_NAME: &str = "zrf-board";

/// A translated board and what the moves need to know of it.
#[derive(Debug, Default)]
pub struct Board {
    /// The dagaz `(board ...)` form.
    pub form: Option<Node>,
    /// The directions and their offsets, for `opposite`.
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

    /// The direction whose offsets are `name`'s negated.
    pub fn opposite(&self, name: &str) -> Option<&str> {
        let (_, offsets) = self.dirs.iter().find(|(d, _)| d == name)?;
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
    let mut out = Board::default();
    let mut items = vec![form("name", vec![sym(BOARD_NAME, node.span)], node.span)];
    let mut grids = 0;
    for clause in args(node) {
        match clause.head() {
            Some("image") => {}
            Some("grid") => {
                grids += 1;
                if grids > 1 {
                    return Err(ZrfError::unsupported("grid (a second grid)", clause.span));
                }
                grid(clause, &mut out, &mut items)?;
            }
            Some("directions") => directions(clause, &mut out, &mut items)?,
            Some("kill-positions") => {
                let holes = args(clause).to_vec();
                out.positions
                    .retain(|p| !holes.iter().any(|h| text(h) == Some(p)));
                items.push(form("holes", holes, clause.span));
            }
            Some("zone") => out.game_clauses.push(zone(clause)?),
            Some("symmetry") => out.game_clauses.push(clause.clone()),
            Some(other) => return Err(ZrfError::unsupported(other, clause.span)),
            None => {
                return Err(ZrfError::expected(
                    "a board clause such as `(grid ...)`",
                    clause,
                ))
            }
        }
    }
    if grids == 0 {
        return Err(ZrfError::unsupported("board (without a grid)", node.span));
    }
    out.form = Some(form("board", items.split_off(0), node.span));
    Ok(out)
}

/// `(grid (start-rectangle ...) (dimensions (COORDS (DX DY)) ...) (directions ...))`.
fn grid(node: &Node, out: &mut Board, items: &mut Vec<Node>) -> Result<(), ZrfError> {
    let mut lists: Vec<Vec<String>> = Vec::new();
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
                    items.push(form("dim", vec![string(&coords, dim.span)], dim.span));
                    lists.push(coords.split('/').map(str::to_string).collect());
                }
            }
            Some("directions") => directions(clause, out, items)?,
            Some(other) => return Err(ZrfError::unsupported(other, clause.span)),
            None => {
                return Err(ZrfError::expected(
                    "a grid clause such as `(dimensions ...)`",
                    clause,
                ))
            }
        }
    }
    out.positions = names(&lists);
    Ok(())
}

/// Every combination of one coordinate of each list, joined in list order, the first list
/// varying fastest (the board order: `a5 b5 ... a4 ...`).
fn names(lists: &[Vec<String>]) -> Vec<String> {
    let mut names = vec![String::new()];
    for list in lists.iter().rev() {
        names = names
            .iter()
            .flat_map(|suffix| list.iter().map(move |c| format!("{c}{suffix}")))
            .collect();
    }
    names
}

/// `(directions (NAME DX DY ...) ...)` as `dir` forms.
fn directions(node: &Node, out: &mut Board, items: &mut Vec<Node>) -> Result<(), ZrfError> {
    for dir in args(node) {
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
        let mut dir_items = vec![form("name", vec![sym(name, dir.span)], dir.span)];
        dir_items.extend(offsets.iter().map(|&o| int(o, dir.span)));
        items.push(form("dir", dir_items, dir.span));
        out.dirs.push((name.to_string(), offsets));
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
