//! Where each cell of a board is drawn: its centre in cell units, the board's extent, and the
//! coordinates written beside it. The page draws from these numbers alone, so every board
//! shape is decided here, once, from the game's own topology.
//!
//! A two-dimensional board is drawn as squares, a file per column and a rank per row in the
//! order its `dim`s list them (`(dim "8-1")` puts rank 8 on top), unless its directions are
//! exactly the six of a hexagonal grid and it has three rows or more: then as pointy-top
//! hexagons whose neighbours are one unit apart. Any other board is drawn as one row of cells.

use dagaz_engine::{Board, Dir, Pos};

/// How the cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Unit squares.
    Square,
    /// Pointy-top hexagons of circumradius 1/√3 (neighbours one unit apart).
    Hex,
}

impl Shape {
    pub fn as_str(self) -> &'static str {
        match self {
            Shape::Square => "square",
            Shape::Hex => "hex",
        }
    }
}

/// One position of the board and the centre of its cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub pos: Pos,
    pub x: f64,
    pub y: f64,
}

/// A coordinate name written beside the board, centred at `x`, `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// A board laid out: its cells in board order (holes have none), its extent (the cells'
/// centres span `0.5..width - 0.5` and `0.5..height - 0.5`) and its labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub shape: Shape,
    pub width: f64,
    pub height: f64,
    pub cells: Vec<Cell>,
    pub labels: Vec<Label>,
}

/// A cell placed: its position, file and rank indices, and centre before the board is moved
/// into place.
type Placed = (Pos, i64, i64, f64, f64);

/// √3/2: the distance between the rows of a hexagonal grid whose neighbours are one apart.
const ROW: f64 = 0.866_025_403_784_438_6;

/// How far outside the cells' centres the labels are written.
const LABEL_GAP: f64 = 0.9;

/// A way of writing a hexagonal grid in two coordinates.
#[derive(Clone, Copy)]
struct HexGrid {
    /// Its six directions' offsets (file, rank).
    offsets: [(i64, i64); 6],
    /// Where it puts the centre of the cell at file `i`, rank `j`, across.
    across: fn(f64, f64) -> f64,
    /// How many ranks apart the cells of a file are, and files apart those of a rank.
    step: i64,
}

/// The three ways games write a hexagonal grid in two coordinates: axial coordinates slanted
/// one way (`hex.game`, `y-5.game`) or the other (`havannah-4.game`), and "doubled"
/// coordinates whose neighbours along a row are two files apart (`chinese-checkers.game`).
const HEX_GRIDS: [HexGrid; 3] = [
    HexGrid {
        offsets: [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)],
        across: |i, j| i + j / 2.0,
        step: 1,
    },
    HexGrid {
        offsets: [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)],
        across: |i, j| i - j / 2.0,
        step: 1,
    },
    HexGrid {
        offsets: [(2, 0), (-2, 0), (1, 1), (-1, -1), (1, -1), (-1, 1)],
        across: |i, _| i / 2.0,
        step: 2,
    },
];

/// Lays `board` out: in the view's `rows` when it writes some, else by its shape.
pub fn layout(board: &Board, rows: &[Vec<Pos>]) -> Layout {
    if !rows.is_empty() {
        return by_rows(rows);
    }
    match board.dims() {
        [files, ranks] => grid(board, files, ranks),
        _ => row(board),
    }
}

/// The cells in the rows the view writes, each a unit square, from the top left; no labels
/// (the rows need not follow any coordinates).
fn by_rows(rows: &[Vec<Pos>]) -> Layout {
    let cells: Vec<Cell> = rows
        .iter()
        .enumerate()
        .flat_map(|(j, row)| {
            row.iter().enumerate().map(move |(i, &pos)| Cell {
                pos,
                x: i as f64 + 0.5,
                y: j as f64 + 0.5,
            })
        })
        .collect();
    Layout {
        shape: Shape::Square,
        width: rows.iter().map(Vec::len).max().unwrap_or(1) as f64,
        height: rows.len() as f64,
        cells,
        labels: Vec::new(),
    }
}

/// A board that is not two-dimensional: its cells in one row, each named below.
fn row(board: &Board) -> Layout {
    let cells: Vec<Cell> = board
        .positions()
        .enumerate()
        .map(|(k, pos)| Cell {
            pos,
            x: k as f64 + 0.5,
            y: 0.5,
        })
        .collect();
    let labels = cells
        .iter()
        .map(|c| Label {
            text: board.position_name(c.pos).to_string(),
            x: c.x,
            y: 1.0 + LABEL_GAP - 0.5,
        })
        .collect();
    Layout {
        shape: Shape::Square,
        width: cells.len().max(1) as f64,
        height: 1.0,
        cells,
        labels,
    }
}

/// A two-dimensional board: squares, or hexagons when its directions are a hexagonal grid's.
fn grid(board: &Board, files: &[String], ranks: &[String]) -> Layout {
    let at = coordinates(board, files, ranks);
    // Two rows make no hexagonal board: Kalah's pits have the six directions of one (its
    // diagonals reach across), and are drawn as squares.
    let hex = hex_grid(board).filter(|_| files.len() >= 3 && ranks.len() >= 3);
    let shape = if hex.is_some() {
        Shape::Hex
    } else {
        Shape::Square
    };
    let placed: Vec<Placed> = board
        .positions()
        .filter_map(|pos| {
            let (i, j) = (*at.get(pos.index())?)?;
            let (i, j) = (i64::try_from(i).ok()?, i64::try_from(j).ok()?);
            let (x, y) = place(hex, i, j);
            Some((pos, i, j, x, y))
        })
        .collect();
    let min = |f: fn(&Placed) -> f64| placed.iter().map(f).fold(f64::INFINITY, f64::min);
    let max = |f: fn(&Placed) -> f64| placed.iter().map(f).fold(f64::NEG_INFINITY, f64::max);
    if placed.is_empty() {
        return row(board);
    }
    // Squares keep their grid (a file with holes at its ends stays in its column); hexagons
    // are moved so that the leftmost and topmost centres are half a unit in.
    let (dx, dy) = match shape {
        Shape::Square => (0.5, 0.5),
        Shape::Hex => (0.5 - min(|c| c.3), 0.5 - min(|c| c.4)),
    };
    let (width, height) = match shape {
        Shape::Square => (files.len() as f64, ranks.len() as f64),
        Shape::Hex => (max(|c| c.3) + dx + 0.5, max(|c| c.4) + dy + 0.5),
    };
    let cells: Vec<Cell> = placed
        .iter()
        .map(|&(pos, _, _, x, y)| Cell {
            pos,
            x: round(x + dx),
            y: round(y + dy),
        })
        .collect();
    let labels = match hex {
        None => square_labels(&placed, files, ranks, height),
        Some(grid) => hex_labels(&placed, files, ranks, grid, (dx, dy)),
    };
    Layout {
        shape,
        width: round(width),
        height: round(height),
        cells,
        labels,
    }
}

/// Each position's file and rank, found by name: a board with holes has no position for
/// some of its coordinates, and its positions are numbered without them.
fn coordinates(board: &Board, files: &[String], ranks: &[String]) -> Vec<Option<(usize, usize)>> {
    let mut at: Vec<Option<(usize, usize)>> = vec![None; board.len()];
    for (j, rank) in ranks.iter().enumerate() {
        for (i, file) in files.iter().enumerate() {
            if let Some(slot) = board
                .position(&format!("{file}{rank}"))
                .and_then(|pos| at.get_mut(pos.index()))
            {
                *slot = Some((i, j));
            }
        }
    }
    at
}

/// Where the centre of the cell at file `i`, rank `j` goes, before the board is moved in.
fn place(hex: Option<HexGrid>, i: i64, j: i64) -> (f64, f64) {
    let (i, j) = (i as f64, j as f64);
    match hex {
        Some(grid) => ((grid.across)(i, j), j * ROW),
        None => (i, j),
    }
}

fn label(text: &str, (x, y): (f64, f64)) -> Label {
    Label {
        text: text.to_string(),
        x: round(x),
        y: round(y),
    }
}

/// A square board's labels: files below the board, ranks to its left, at its edges.
fn square_labels(placed: &[Placed], files: &[String], ranks: &[String], height: f64) -> Vec<Label> {
    let mut labels = Vec::new();
    for (i, file) in (0..).zip(files) {
        if placed.iter().any(|c| c.1 == i) {
            labels.push(label(file, (i as f64 + 0.5, height + LABEL_GAP - 0.5)));
        }
    }
    for (j, rank) in (0..).zip(ranks) {
        if placed.iter().any(|c| c.2 == j) {
            labels.push(label(rank, (0.5 - LABEL_GAP, j as f64 + 0.5)));
        }
    }
    labels
}

/// A hexagonal board's labels, its cells moved in by `(dx, dy)`. The edges of a hexagonal
/// board slant: each file is labelled where its next cell down would be, and each rank where
/// its next cell to the left would be, or further left past the files' labels (a corner cut
/// off a hexagon, the arms of a star).
fn hex_labels(
    placed: &[Placed],
    files: &[String],
    ranks: &[String],
    grid: HexGrid,
    (dx, dy): (f64, f64),
) -> Vec<Label> {
    let files_at = |i: i64| placed.iter().filter(move |c| c.1 == i);
    let ranks_at = |j: i64| placed.iter().filter(move |c| c.2 == j);
    let at = |(i, j): (i64, i64)| {
        let (x, y) = place(Some(grid), i, j);
        (x + dx, y + dy)
    };
    let mut labels = Vec::new();
    let mut taken = Vec::new();
    for (i, file) in (0..).zip(files) {
        if let Some(bottom) = files_at(i).map(|c| c.2).max() {
            let spot = (i, bottom + grid.step);
            taken.push(spot);
            labels.push(label(file, at(spot)));
        }
    }
    for (j, rank) in (0..).zip(ranks) {
        let Some(first) = ranks_at(j).map(|c| c.1).min() else {
            continue;
        };
        // Files are fewer than `files.len()`, so that many steps find a free spot.
        let spot = (1..=files.len() as i64 + 1)
            .map(|k| (first - k * grid.step, j))
            .find(|spot| !taken.contains(spot))
            .unwrap_or((first - grid.step, j));
        labels.push(label(rank, at(spot)));
    }
    labels
}

/// The hexagonal grid the board's directions are exactly the six of, if any.
fn hex_grid(board: &Board) -> Option<HexGrid> {
    let mut offsets: Vec<(i64, i64)> = (0..board.direction_count())
        .filter_map(|d| match board.offsets(Dir(u8::try_from(d).ok()?)) {
            [i, j] => Some((*i, *j)),
            _ => None,
        })
        .collect();
    offsets.sort_unstable();
    offsets.dedup();
    if offsets.len() != board.direction_count() {
        return None;
    }
    HEX_GRIDS.iter().copied().find(|grid| {
        let mut theirs = grid.offsets.to_vec();
        theirs.sort_unstable();
        theirs == offsets
    })
}

/// A coordinate rounded to a thousandth, so the JSON stays short and exact figures compare.
fn round(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_engine::Game;

    fn game(file: &str) -> Game {
        let path = format!("{}/../../games/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let dir = std::path::Path::new(&path).parent().unwrap().to_path_buf();
        Game::load_with(&text, &mut |name| {
            std::fs::read_to_string(dir.join(name)).map_err(|e| e.to_string())
        })
        .unwrap()
    }

    fn board(file: &str) -> Board {
        game(file).board().clone()
    }

    fn centre(layout: &Layout, board: &Board, name: &str) -> (f64, f64) {
        let pos = board.position(name).unwrap();
        let cell = layout.cells.iter().find(|c| c.pos == pos).unwrap();
        (cell.x, cell.y)
    }

    fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn chess_is_eight_by_eight_with_a8_top_left() {
        let b = board("chess.game");
        let l = layout(&b, &[]);
        assert_eq!(l.shape, Shape::Square);
        assert_eq!((l.width, l.height), (8.0, 8.0));
        assert_eq!(l.cells.len(), 64);
        assert_eq!(centre(&l, &b, "a8"), (0.5, 0.5));
        assert_eq!(centre(&l, &b, "h1"), (7.5, 7.5));
        let a = l.labels.iter().find(|l| l.text == "a").unwrap();
        assert_eq!((a.x, a.y), (0.5, 8.4));
        let eight = l.labels.iter().find(|l| l.text == "8").unwrap();
        assert_eq!((eight.x, eight.y), (-0.4, 0.5));
        assert_eq!(l.labels.len(), 16);
    }

    /// Every hexagonal game of the library, whichever of the three ways it writes its grid,
    /// is drawn with each cell's six neighbours one unit away.
    #[test]
    fn hexagonal_boards_have_neighbours_one_apart() {
        for file in [
            "hex.game",
            "havannah-4.game",
            "y-5.game",
            "chinese-checkers.game",
        ] {
            let b = board(file);
            let l = layout(&b, &[]);
            assert_eq!(l.shape, Shape::Hex, "{file}");
            assert_eq!(l.cells.len(), b.len(), "{file}");
            let centres: Vec<(f64, f64)> = l.cells.iter().map(|c| (c.x, c.y)).collect();
            for cell in &l.cells {
                for d in 0..b.direction_count() {
                    if let Some(next) = b.step(Dir(d as u8), cell.pos) {
                        let (a, n) = ((cell.x, cell.y), centre(&l, &b, b.position_name(next)));
                        let gap = distance(a, n);
                        assert!((gap - 1.0).abs() < 0.01, "{file}: {gap}");
                    }
                }
                // No two cells overlap.
                let close = centres
                    .iter()
                    .filter(|&&c| distance(c, (cell.x, cell.y)) < 0.99);
                assert_eq!(close.count(), 1, "{file}");
            }
            let left = centres.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
            let top = centres.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
            assert_eq!((left, top), (0.5, 0.5), "{file}");
            let right = centres.iter().map(|c| c.0).fold(0.0, f64::max);
            assert!((l.width - right - 0.5).abs() < 0.01, "{file}");
        }
    }

    /// On every board of the library, no label is drawn on a cell or on another label.
    #[test]
    fn labels_keep_clear_of_cells_and_of_each_other() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
        for entry in std::fs::read_dir(&dir).unwrap() {
            let file = entry.unwrap().file_name().to_string_lossy().into_owned();
            if !file.ends_with(".game") {
                continue;
            }
            let g = game(&file);
            let l = layout(g.board(), &g.view().rows);
            for (k, a) in l.labels.iter().enumerate() {
                for c in &l.cells {
                    let gap = distance((a.x, a.y), (c.x, c.y));
                    assert!(gap > 0.85, "{file}: label {} on a cell ({gap})", a.text);
                }
                for b in l.labels.iter().skip(k + 1) {
                    let gap = distance((a.x, a.y), (b.x, b.y));
                    assert!(gap > 0.45, "{file}: labels {} and {} meet", a.text, b.text);
                }
            }
        }
    }

    /// Backgammon's view writes its rows: the points from the top left, its bars and trays
    /// among them, and the position that holds the dice nowhere.
    #[test]
    fn a_view_s_rows_lay_the_board_out() {
        let g = game("backgammon.game");
        let (b, l) = (g.board(), layout(g.board(), &g.view().rows));
        assert_eq!((l.width, l.height, l.cells.len()), (14.0, 2.0, 28));
        assert_eq!(centre(&l, b, "p12"), (0.5, 0.5));
        assert_eq!(centre(&l, b, "obar"), (6.5, 0.5));
        assert_eq!(centre(&l, b, "xoff"), (13.5, 1.5));
        let dice = b.position("dice").unwrap();
        assert!(l.cells.iter().all(|c| c.pos != dice));
        assert!(l.labels.is_empty());
    }

    #[test]
    fn a_draughts_board_is_square() {
        let b = board("international.game");
        let l = layout(&b, &[]);
        assert_eq!(l.shape, Shape::Square);
        assert_eq!((l.width, l.height), (10.0, 10.0));
    }
}
