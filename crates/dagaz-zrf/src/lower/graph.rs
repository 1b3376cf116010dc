//! The steps of a ZRF board, worked out whole: each grid's directions step within that grid
//! (a coordinate index moved by the offset, off the board past either end), then `links` set
//! steps, `unlink` takes them away and `kill-positions` removes positions with every step onto
//! them. A board of one grid is written as that grid with the steps that differ from it; any
//! other as a graph: one dimension listing the positions, directions with no offsets, and
//! every step a link.

use crate::error::{ZrfError, ZrfErrorKind};
use crate::forms::{args, form, list, string, sym, text};
use dagaz_sexpr::{Node, Span};
use std::collections::HashMap;

/// The dagaz name of the one board a translated game has.
pub const BOARD_NAME: &str = "zrf-board";

/// A board worked out: the dagaz form, the directions with their offsets (none for one that
/// only links give) and the positions left, in board order.
#[derive(Debug)]
pub struct Built {
    pub form: Node,
    pub dirs: Vec<(String, Vec<i64>)>,
    pub positions: Vec<String>,
}

/// One `(grid ...)`.
#[derive(Debug, Default)]
pub struct Grid {
    /// The coordinates along each dimension.
    pub dims: Vec<Vec<String>>,
    /// The dagaz `dim` forms of those.
    pub dim_forms: Vec<Node>,
    /// Its directions: name, offsets and the dagaz `dir` form.
    pub dirs: Vec<(String, Vec<i64>, Node)>,
    /// The `grid` form.
    pub span: Span,
}

/// The clauses of a ZRF board that decide its positions and steps.
#[derive(Debug, Default)]
pub struct Layout {
    /// The grids, in order.
    pub grids: Vec<Grid>,
    /// `(directions ...)` outside a grid: the first grid's.
    pub loose_dirs: Vec<(String, Vec<i64>, Node)>,
    /// Positions of no grid, from `(positions ...)`.
    pub loose: Vec<(String, Span)>,
    /// The `kill-positions`' positions.
    pub killed: Vec<Node>,
    /// The `(links DIR (FROM TO) ...)` clauses.
    pub links: Vec<Node>,
    /// The items of the `unlink` clauses: `(FROM TO)` or `(FROM DIR)`.
    pub unlinks: Vec<Node>,
}

/// Positions, directions and every step between them.
#[derive(Debug, Default)]
struct Graph {
    positions: Vec<String>,
    index: HashMap<String, usize>,
    dirs: Vec<(String, Vec<i64>)>,
    /// `steps[dir][pos]`.
    steps: Vec<Vec<Option<usize>>>,
}

impl Graph {
    fn add_position(&mut self, name: &str, span: Span) -> Result<(), ZrfError> {
        if self
            .index
            .insert(name.to_string(), self.positions.len())
            .is_some()
        {
            let what = format!("board (a second position named `{name}`)");
            return Err(ZrfError::unsupported(&what, span));
        }
        self.positions.push(name.to_string());
        Ok(())
    }

    /// The direction named `name`, added (with no steps) when new.
    fn dir(&mut self, name: &str, offsets: &[i64]) -> usize {
        if let Some(d) = self.dirs.iter().position(|(n, _)| n == name) {
            return d;
        }
        self.dirs.push((name.to_string(), offsets.to_vec()));
        self.steps.push(vec![None; self.positions.len()]);
        self.dirs.len() - 1
    }

    fn position(&self, node: &Node) -> Result<usize, ZrfError> {
        let name = text(node).unwrap_or_default();
        self.index.get(name).copied().ok_or_else(|| {
            let kind = ZrfErrorKind::Unknown {
                what: "position",
                name: name.to_string(),
            };
            ZrfError::new(kind, node.span)
        })
    }

    fn set(&mut self, dir: usize, from: usize, to: Option<usize>) {
        if let Some(slot) = self.steps.get_mut(dir).and_then(|s| s.get_mut(from)) {
            *slot = to;
        }
    }
}

impl Layout {
    /// The dagaz board of these clauses.
    pub fn translate(mut self, span: Span) -> Result<Built, ZrfError> {
        if let Some(first) = self.grids.first_mut() {
            first.dirs.append(&mut self.loose_dirs);
        }
        let mut graph = Graph::default();
        for g in &self.grids {
            for name in names(&g.dims) {
                graph.add_position(&name, g.span)?;
            }
        }
        for (name, at) in &self.loose {
            graph.add_position(name, *at)?;
        }
        let mut base = 0;
        for g in &self.grids {
            grid_steps(g, base, &mut graph);
            base += g.dims.iter().map(Vec::len).product::<usize>();
        }
        let on_grid: Vec<Vec<Option<usize>>> = graph.steps.clone();
        self.apply_links(&mut graph)?;
        let mut killed = vec![false; graph.positions.len()];
        for k in &self.killed {
            if let Some(slot) = killed.get_mut(graph.position(k)?) {
                *slot = true;
            }
        }
        let form = if self.grids.len() == 1 && self.loose.is_empty() {
            self.as_grid(&graph, &on_grid, span)
        } else {
            as_graph(&graph, &killed, span)
        };
        let positions = graph
            .positions
            .iter()
            .zip(&killed)
            .filter(|(_, k)| !**k)
            .map(|(p, _)| p.clone())
            .collect();
        Ok(Built {
            form,
            dirs: graph.dirs,
            positions,
        })
    }

    /// `links` then `unlink`, in the order written.
    fn apply_links(&self, graph: &mut Graph) -> Result<(), ZrfError> {
        for clause in &self.links {
            let Some((dir, pairs)) = args(clause).split_first() else {
                return Err(ZrfError::expected("`(links DIR (FROM TO) ...)`", clause));
            };
            let name = dir
                .as_symbol()
                .ok_or_else(|| ZrfError::expected("a direction name", dir))?;
            let d = graph.dir(name, &[]);
            for pair in pairs {
                let [from, to] = pair.as_list().unwrap_or_default() else {
                    return Err(ZrfError::expected("a pair `(FROM TO)` of positions", pair));
                };
                let (from, to) = (graph.position(from)?, graph.position(to)?);
                graph.set(d, from, Some(to));
            }
        }
        for item in &self.unlinks {
            let [from, what] = item.as_list().unwrap_or_default() else {
                return Err(ZrfError::expected("`(FROM TO)` or `(FROM DIR)`", item));
            };
            let from = graph.position(from)?;
            let by_dir = graph
                .dirs
                .iter()
                .position(|(n, _)| Some(n.as_str()) == text(what));
            match by_dir {
                Some(d) => graph.set(d, from, None),
                None => {
                    let to = graph.position(what)?;
                    for d in 0..graph.dirs.len() {
                        if graph.steps.get(d).and_then(|s| s.get(from)) == Some(&Some(to)) {
                            graph.set(d, from, None);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The one grid as written, with `links`/`unlink` for the steps that differ from it.
    fn as_grid(&self, graph: &Graph, on_grid: &[Vec<Option<usize>>], span: Span) -> Node {
        let mut items = vec![form("name", vec![sym(BOARD_NAME, span)], span)];
        let Some(g) = self.grids.first() else {
            return form("board", items, span);
        };
        items.extend(g.dim_forms.iter().cloned());
        items.extend(g.dirs.iter().map(|(_, _, f)| f.clone()));
        // Directions that only `links` give.
        for (name, _) in graph.dirs.iter().skip(g.dirs.len()) {
            items.push(form(
                "dir",
                vec![form("name", vec![sym(name, span)], span)],
                span,
            ));
        }
        for (d, (name, _)) in graph.dirs.iter().enumerate() {
            let (before, after) = (on_grid.get(d), graph.steps.get(d));
            let changed = |p: usize| {
                let was = before.and_then(|s| s.get(p)).copied().flatten();
                let now = after.and_then(|s| s.get(p)).copied().flatten();
                (was != now).then_some(now)
            };
            let changes: Vec<(usize, Option<usize>)> = (0..graph.positions.len())
                .filter_map(|p| changed(p).map(|now| (p, now)))
                .collect();
            items.extend(link_forms(graph, name, &changes, span));
        }
        if !self.killed.is_empty() {
            items.push(form("holes", self.killed.clone(), span));
        }
        form("board", items, span)
    }
}

/// The steps of `g`'s directions within it; its positions are `base..` in the graph.
fn grid_steps(g: &Grid, base: usize, graph: &mut Graph) {
    let count = g.dims.iter().map(Vec::len).product::<usize>();
    for (name, offsets, _) in &g.dirs {
        let d = graph.dir(name, offsets);
        for i in 0..count {
            let to = neighbour(&g.dims, i, offsets).map(|j| base + j);
            graph.set(d, base + i, to);
        }
    }
}

/// The index `offsets` away from index `i` of a grid of `dims` (the first dimension varying
/// fastest), if it is on the grid.
fn neighbour(dims: &[Vec<String>], i: usize, offsets: &[i64]) -> Option<usize> {
    let (mut rest, mut stride, mut out) = (i, 1usize, 0usize);
    for (k, dim) in dims.iter().enumerate() {
        let len = dim.len().max(1);
        let c = (rest % len) as i64 + offsets.get(k).copied().unwrap_or(0);
        rest /= len;
        if c < 0 || c >= len as i64 {
            return None;
        }
        out += c as usize * stride;
        stride *= len;
    }
    Some(out)
}

/// The board as a graph: the positions left after the killed ones, and every step a link.
fn as_graph(graph: &Graph, killed: &[bool], span: Span) -> Node {
    let alive = |p: usize| !killed.get(p).copied().unwrap_or(true);
    let names: Vec<&str> = (0..graph.positions.len())
        .filter(|&p| alive(p))
        .filter_map(|p| graph.positions.get(p).map(String::as_str))
        .collect();
    let mut items = vec![
        form("name", vec![sym(BOARD_NAME, span)], span),
        form("dim", vec![string(&names.join("/"), span)], span),
    ];
    for (name, _) in &graph.dirs {
        items.push(form(
            "dir",
            vec![form("name", vec![sym(name, span)], span)],
            span,
        ));
    }
    for (d, (name, _)) in graph.dirs.iter().enumerate() {
        let steps: Vec<(usize, Option<usize>)> = graph
            .steps
            .get(d)
            .into_iter()
            .flatten()
            .enumerate()
            .filter(|&(p, to)| alive(p) && to.is_some_and(alive))
            .map(|(p, to)| (p, *to))
            .collect();
        items.extend(link_forms(graph, name, &steps, span));
    }
    form("board", items, span)
}

/// `(link DIR (FROM TO) ...)` for the steps that land, `(unlink DIR POS ...)` for the others.
fn link_forms(graph: &Graph, dir: &str, steps: &[(usize, Option<usize>)], span: Span) -> Vec<Node> {
    let name = |p: usize| sym(graph.positions.get(p).map_or("?", String::as_str), span);
    let pairs: Vec<Node> = steps
        .iter()
        .filter_map(|&(from, to)| to.map(|to| list(vec![name(from), name(to)], span)))
        .collect();
    let off: Vec<Node> = steps
        .iter()
        .filter(|(_, to)| to.is_none())
        .map(|&(from, _)| name(from))
        .collect();
    let mut out = Vec::new();
    if !pairs.is_empty() {
        out.push(form("link", [vec![sym(dir, span)], pairs].concat(), span));
    }
    if !off.is_empty() {
        out.push(form("unlink", [vec![sym(dir, span)], off].concat(), span));
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dims(lists: &[&str]) -> Vec<Vec<String>> {
        lists
            .iter()
            .map(|l| l.split('/').map(str::to_string).collect())
            .collect()
    }

    #[test]
    fn a_grid_steps_by_coordinate_index_and_names_positions_first_dimension_fastest() {
        let d = dims(&["a/b/c", "2/1"]);
        assert_eq!(names(&d), ["a2", "b2", "c2", "a1", "b1", "c1"]);
        // From a2 (index 0): east to b2, north off the board, south to a1.
        assert_eq!(neighbour(&d, 0, &[1, 0]), Some(1));
        assert_eq!(neighbour(&d, 0, &[0, -1]), None);
        assert_eq!(neighbour(&d, 0, &[0, 1]), Some(3));
        // From c1 (index 5): east off the board.
        assert_eq!(neighbour(&d, 5, &[1, 0]), None);
    }
}
