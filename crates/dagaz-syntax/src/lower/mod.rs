//! Lowering: forms to the typed tree. Nothing here stops at an error: a form that cannot be
//! lowered is recorded as an error and left out (or left as an `Error` placeholder), and the
//! rest goes on.

mod fen;
mod game;
mod program;
mod view;

pub use game::player;
pub use program::{MAX_NESTING, MAX_OPERANDS};

use crate::error::{SyntaxError, SyntaxErrorKind};
use crate::keyword::Keyword;
use crate::macros::Macros;
use crate::shape::{self, Result};
use crate::tree::{Block, Board, Direction, File, Ident, Item, Link, Piece};
use dagaz_sexpr::{Node, Span};

/// Which clause of a piece is being lowered: `end-move` and `no-moves?` depend on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clause {
    Pre,
    Move,
    Post,
}

pub(crate) struct Lower {
    macros: Macros,
    errors: Vec<SyntaxError>,
    clause: Clause,
    /// How many statements and list expressions the form being lowered sits in.
    nesting: usize,
    /// How many macro uses the form being lowered sits in.
    expansion_depth: usize,
    /// How many forms the expansions made so far.
    expanded: usize,
}

impl Lower {
    pub fn new() -> Lower {
        Lower {
            macros: Macros::default(),
            errors: Vec::new(),
            clause: Clause::Pre,
            nesting: 0,
            expansion_depth: 0,
            expanded: 0,
        }
    }

    /// The whole file: macros first (a macro may be used above its definition), then every
    /// form in order.
    pub fn file(mut self, nodes: &[Node]) -> (File, Vec<SyntaxError>) {
        // Only the `define` forms keep a slot here: (index, definition).
        let mut defines = nodes
            .iter()
            .enumerate()
            .filter(|(_, node)| shape::head(node) == Some(Keyword::Define))
            .map(|(i, node)| (i, self.macros.define(node, &mut self.errors)))
            .collect::<Vec<_>>()
            .into_iter()
            .peekable();
        let mut items = Vec::with_capacity(nodes.len());
        let mut games = 0;
        let mut views = 0;
        for (i, node) in nodes.iter().enumerate() {
            let define = defines.next_if(|(at, _)| *at == i).and_then(|(_, d)| d);
            let item = match self.top_level(node) {
                Ok(Keyword::Board) => Item::Board(Box::new(self.board(node))),
                Ok(Keyword::Piece) => Item::Piece(Box::new(self.piece(node))),
                Ok(Keyword::Define) => {
                    define.map_or(Item::Error(node.span), |d| Item::Define(Box::new(d)))
                }
                Ok(Keyword::View) => {
                    views += 1;
                    if views > 1 {
                        self.errors.push(SyntaxError::new(
                            SyntaxErrorKind::Duplicate(Keyword::View.text().into(), String::new()),
                            node.span,
                        ));
                        Item::Error(node.span)
                    } else {
                        Item::View(Box::new(self.view(node)))
                    }
                }
                Ok(Keyword::Include) => {
                    // `resolve_includes` takes them out when the text comes from a file.
                    self.errors.push(SyntaxError::new(
                        SyntaxErrorKind::IncludeWithoutFiles,
                        node.span,
                    ));
                    Item::Error(node.span)
                }
                Ok(_) => {
                    games += 1;
                    if games > 1 {
                        self.errors.push(SyntaxError::new(
                            SyntaxErrorKind::Duplicate(Keyword::Game.text().into(), String::new()),
                            node.span,
                        ));
                        Item::Error(node.span)
                    } else {
                        Item::Game(Box::new(self.game(node)))
                    }
                }
                Err(e) => {
                    self.errors.push(e);
                    Item::Error(node.span)
                }
            };
            items.push(item);
        }
        if games == 0 {
            self.errors
                .push(SyntaxError::new(SyntaxErrorKind::NoGame, Span::default()));
        }
        (File { items }, in_source_order(self.errors))
    }

    /// Which top-level form `node` is.
    fn top_level(&self, node: &Node) -> Result<Keyword> {
        let items = shape::list(node, "a `(board ...)`, `(piece ...)` or `(game ...)` form")?;
        let head = items.first().and_then(Node::as_symbol).unwrap_or("");
        Keyword::from_text(head)
            .filter(|k| Keyword::TOP_LEVEL.contains(k))
            .ok_or_else(|| {
                SyntaxError::new(
                    SyntaxErrorKind::UnknownTopLevel(head.to_string()),
                    node.span,
                )
            })
    }

    /// The value of `result`, or `None` with its error recorded.
    fn ok<T>(&mut self, result: Result<T>) -> Option<T> {
        result.map_err(|e| self.errors.push(e)).ok()
    }

    /// `(board (name N) (dim "a-h") ... (dir (name n) 0 -1) ... [(numbers POS ...)])`.
    fn board(&mut self, form: &Node) -> Board {
        let items = form.as_list().unwrap_or(&[]);
        let errors = self.errors.len();
        let name = self.ok(shape::name_of(items, form));
        let mut board = Board {
            name,
            dims: Vec::new(),
            dirs: Vec::new(),
            numbers: None,
            holes: Vec::new(),
            dark: Vec::new(),
            links: Vec::new(),
            broken: false,
            span: form.span,
        };
        for item in shape::args(items) {
            match shape::head(item) {
                Some(Keyword::Name) => {}
                Some(Keyword::Numbers) => {
                    let squares = shape::args(item.as_list().unwrap_or(&[]));
                    let squares = squares
                        .iter()
                        .filter_map(|n| self.ok(shape::ident(n, "a position name")))
                        .collect();
                    board.numbers = Some(squares);
                }
                Some(which @ (Keyword::Holes | Keyword::Dark)) => {
                    let squares = shape::args(item.as_list().unwrap_or(&[]));
                    for n in squares {
                        if let Some(square) = self.ok(shape::ident(n, "a position name")) {
                            match which {
                                Keyword::Holes => board.holes.push(square),
                                _ => board.dark.push(square),
                            }
                        }
                    }
                }
                Some(Keyword::Dim) => {
                    if let Some(range) = self.ok(dim(item)) {
                        board.dims.push(range);
                    }
                }
                Some(Keyword::Dir) => {
                    if let Some(dir) = self.ok(direction(item)) {
                        board.dirs.push(dir);
                    }
                }
                Some(Keyword::Link) => {
                    let links = self.ok(links(item)).unwrap_or_default();
                    board.links.extend(links);
                }
                Some(Keyword::Unlink) => {
                    let links = self.ok(unlink(item)).unwrap_or_default();
                    board.links.extend(links);
                }
                _ => self.errors.push(SyntaxError::expected(
                    &format!("a {} clause", Keyword::list_clauses(Keyword::BOARD_CLAUSES)),
                    item,
                )),
            }
        }
        if !shape::args(items)
            .iter()
            .any(|item| shape::head(item) == Some(Keyword::Dim))
        {
            self.errors.push(SyntaxError::expected(
                "at least one `(dim ...)` clause",
                form,
            ));
        }
        board.broken = self.errors.len() > errors;
        board
    }

    /// `(piece (name N) [(notation "n")] (pre ...) (move ...)* (post ...))`.
    fn piece(&mut self, form: &Node) -> Piece {
        let items = form.as_list().unwrap_or(&[]);
        let name = self.ok(shape::name_of(items, form));
        let mut piece = Piece {
            name,
            notation: None,
            pre: Block::default(),
            moves: Vec::new(),
            post: Block::default(),
            drops: Vec::new(),
            glyphs: Vec::new(),
            tile: 0,
            span: form.span,
        };
        let (mut pre, mut post) = (false, false);
        let what = format!("a {} clause", Keyword::list_clauses(Keyword::PIECE_CLAUSES));
        for item in shape::args(items) {
            let Some(parts) = self.ok(shape::list(item, &what)) else {
                continue;
            };
            match shape::head(item) {
                Some(Keyword::Name) => {}
                Some(Keyword::Notation) => {
                    piece.notation = self.ok(shape::arity::<1>(
                        Keyword::Notation.text(),
                        parts,
                        item.span,
                    )
                    .and_then(|[n]| shape::text(n, "the piece's notation, such as \"q\"")));
                }
                Some(Keyword::Move) => {
                    let block = self.clause(Clause::Move, item, parts);
                    piece.moves.push(block);
                }
                Some(Keyword::Glyph) => {
                    let glyph = glyph(parts, item);
                    if let Some(glyph) = self.ok(glyph) {
                        piece.glyphs.push(glyph);
                    }
                }
                Some(Keyword::Tile) => piece.tile = self.ok(tile(parts, item)).unwrap_or(0),
                // A drop is a move of its own: `end-move` may end it.
                Some(Keyword::Drops) => {
                    let block = self.clause(Clause::Move, item, parts);
                    piece.drops.push(block);
                }
                Some(which @ (Keyword::Pre | Keyword::Post)) => {
                    let (seen, clause) = match which {
                        Keyword::Pre => (&mut pre, Clause::Pre),
                        _ => (&mut post, Clause::Post),
                    };
                    if std::mem::replace(seen, true) {
                        self.errors.push(SyntaxError::new(
                            SyntaxErrorKind::Duplicate(which.text().into(), String::new()),
                            item.span,
                        ));
                        continue;
                    }
                    let block = self.clause(clause, item, parts);
                    match clause {
                        Clause::Pre => piece.pre = block,
                        _ => piece.post = block,
                    }
                }
                _ => self.errors.push(SyntaxError::expected(&what, item)),
            }
        }
        piece
    }

    /// The statements of a `pre`, `move`, `post`, `drops` or `goal` clause.
    fn clause(&mut self, clause: Clause, form: &Node, parts: &[Node]) -> Block {
        self.clause = clause;
        Block {
            stmts: self.statements(shape::args(parts)),
            span: form.span,
        }
    }
}

/// `(dim RANGE)`: the range as written.
fn dim(item: &Node) -> Result<Ident> {
    let parts = shape::list(item, "a `(dim ...)` clause")?;
    let [range] = shape::arity::<1>(Keyword::Dim.text(), parts, item.span)?;
    shape::text(range, "a range such as \"a-h\"")
}

/// `(dir (name D) OFFSET ...)`: the `(name ...)` may stand anywhere among the offsets.
fn direction(item: &Node) -> Result<Direction> {
    let parts = shape::list(item, "a `(dir ...)` clause")?;
    let offsets = shape::args(parts)
        .iter()
        .filter(|n| shape::head(n) != Some(Keyword::Name))
        .map(|n| {
            shape::int(n, "a number (the direction's offset)").map(|value| crate::tree::Int {
                value,
                span: n.span,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let name = shape::name_of(parts, item)?;
    Ok(Direction {
        name,
        offsets,
        span: item.span,
    })
}

/// `(link DIR (FROM TO) ...)`: each pair a step along DIR.
fn links(item: &Node) -> Result<Vec<Link>> {
    let parts = shape::list(item, "a `(link ...)` clause")?;
    let Some((dir, pairs)) = shape::args(parts).split_first() else {
        return Err(SyntaxError::expected("`(link DIR (FROM TO) ...)`", item));
    };
    let dir = shape::ident(dir, "a direction name")?;
    pairs
        .iter()
        .map(|pair| {
            let ends = shape::list(pair, "a pair `(FROM TO)` of positions")?;
            let [from, to] = ends else {
                return Err(SyntaxError::expected(
                    "a pair `(FROM TO)` of positions",
                    pair,
                ));
            };
            Ok(Link {
                dir: dir.clone(),
                from: shape::ident(from, "a position name")?,
                to: Some(shape::ident(to, "a position name")?),
                span: pair.span,
            })
        })
        .collect()
}

/// `(unlink DIR POS ...)`: DIR's step from each POS taken off the board.
fn unlink(item: &Node) -> Result<Vec<Link>> {
    let parts = shape::list(item, "an `(unlink ...)` clause")?;
    let Some((dir, squares)) = shape::args(parts).split_first() else {
        return Err(SyntaxError::expected("`(unlink DIR POS ...)`", item));
    };
    let dir = shape::ident(dir, "a direction name")?;
    squares
        .iter()
        .map(|n| {
            Ok(Link {
                dir: dir.clone(),
                from: shape::ident(n, "a position name")?,
                to: None,
                span: n.span,
            })
        })
        .collect()
}

/// The errors sorted by where they start (then end), each reported once: a mistake in a
/// macro's body is found at every use.
fn in_source_order(mut errors: Vec<SyntaxError>) -> Vec<SyntaxError> {
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    let mut out: Vec<SyntaxError> = Vec::with_capacity(errors.len());
    for e in errors {
        let repeated = out
            .iter()
            .rev()
            .take_while(|seen| seen.span == e.span)
            .any(|seen| seen.kind == e.kind);
        if !repeated {
            out.push(e);
        }
    }
    out
}

/// `(tile N)` in a piece: N from 1 to 65,535.
fn tile(parts: &[Node], item: &Node) -> Result<u16> {
    let [n] = shape::arity::<1>(Keyword::Tile.text(), parts, item.span)?;
    let what = "a tile number from 1 to 65535";
    let number = shape::int(n, what)?;
    u16::try_from(number)
        .ok()
        .filter(|&t| t > 0)
        .ok_or_else(|| SyntaxError::expected(what, n))
}

/// `(glyph PLAYER "C")` in a piece: the one visible character that draws it for that player.
fn glyph(parts: &[Node], item: &Node) -> Result<(Ident, char)> {
    shape::arity::<2>(Keyword::Glyph.text(), parts, item.span).and_then(|[who, text]| {
        let who = shape::ident(who, "a player name")?;
        let text = shape::text(text, "one character in quotes, such as \"X\"")?;
        let mut chars = text.text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_whitespace() && !c.is_control() => Ok((who, c)),
            _ => Err(SyntaxError::expected(
                "one visible character in quotes, such as \"X\"",
                parts.get(2).unwrap_or(item),
            )),
        }
    })
}
