//! `(view ...)`: how a game is drawn. Its clauses change nothing in the rules; whether a
//! position, piece or player it names exists is the compiler's business.

use super::Lower;
use crate::error::SyntaxError;
use crate::keyword::Keyword;
use crate::shape::{self, Result};
use crate::tree::{BoardStyle, Colour, Ident, PieceShape, PieceView, View};
use dagaz_sexpr::Node;

/// The longest glyph: a character or a few (a fairy piece drawn as two chess figures).
const MAX_GLYPH_CHARS: usize = 4;

impl Lower {
    /// `(view CLAUSE ...)`.
    pub(super) fn view(&mut self, form: &Node) -> View {
        let items = form.as_list().unwrap_or(&[]);
        let mut view = View {
            span: form.span,
            ..View::default()
        };
        let what = format!("a {} clause", Keyword::list_clauses(Keyword::VIEW_CLAUSES));
        for item in shape::args(items) {
            let Some(parts) = self.ok(shape::list(item, &what)) else {
                continue;
            };
            let args = shape::args(parts);
            match shape::head(item) {
                Some(Keyword::Board) => {
                    let style = shape::arity::<1>(Keyword::Board.text(), parts, item.span)
                        .and_then(|[s]| board_style(s));
                    view.board = self.ok(style).or(view.board);
                }
                Some(Keyword::Shape) => {
                    let form = piece_shape_clause(parts, item);
                    view.shape = self.ok(form).or(view.shape);
                }
                Some(Keyword::Colour) => {
                    if let Some(colour) = self.ok(colour(parts, item)) {
                        view.colours.push(colour);
                    }
                }
                Some(Keyword::Points) => view.points.extend(self.positions(args)),
                Some(Keyword::Stores) => view.stores.extend(self.positions(args)),
                Some(Keyword::Edge) => match args.split_first() {
                    Some((who, cells)) if !cells.is_empty() => {
                        if let Some(who) = self.ok(shape::ident(who, "a player's name")) {
                            view.edges.push((who, self.positions(cells)));
                        }
                    }
                    _ => self.errors.push(shape::arity_at_least(
                        Keyword::Edge.text(),
                        2,
                        parts,
                        item.span,
                    )),
                },
                Some(k @ (Keyword::Row | Keyword::Dice)) => {
                    self.row_or_dice(k, parts, item, &mut view)
                }
                Some(Keyword::Line) => {
                    if args.len() < 2 {
                        self.errors.push(shape::arity_at_least(
                            Keyword::Line.text(),
                            2,
                            parts,
                            item.span,
                        ));
                    } else {
                        view.lines.push(self.positions(args));
                    }
                }
                // `(river)` alone: no river (a game takes an included one away).
                Some(Keyword::River) if args.is_empty() => view.river = None,
                Some(Keyword::River) => {
                    let river = shape::arity::<2>(Keyword::River.text(), parts, item.span)
                        .and_then(|[a, b]| Ok((position(a)?, position(b)?)));
                    view.river = self.ok(river).or(view.river.take());
                }
                Some(Keyword::Piece) => {
                    if let Some(piece) = self.piece_view(parts, item) {
                        view.pieces.push(piece);
                    }
                }
                _ => self.errors.push(SyntaxError::expected(&what, item)),
            }
        }
        view
    }

    /// `(row POS ...)` or `(dice VAR ...)` (`clause`), onto `view`.
    fn row_or_dice(&mut self, clause: Keyword, parts: &[Node], item: &Node, view: &mut View) {
        let args = shape::args(parts);
        if args.is_empty() {
            let error = shape::arity_at_least(clause.text(), 1, parts, item.span);
            self.errors.push(error);
        } else if clause == Keyword::Row {
            view.rows.push(self.positions(args));
        } else {
            let names = args
                .iter()
                .map(|n| shape::ident(n, "a turn variable's name"));
            let names: Vec<Ident> = names.filter_map(|n| self.ok(n)).collect();
            view.dice.extend(names);
        }
    }

    /// Position names, each error recorded.
    fn positions(&mut self, nodes: &[Node]) -> Vec<Ident> {
        nodes.iter().filter_map(|n| self.ok(position(n))).collect()
    }

    /// `(piece NAME CLAUSE ...)` in a view.
    fn piece_view(&mut self, parts: &[Node], item: &Node) -> Option<PieceView> {
        let Some(name) = parts.get(1) else {
            self.errors.push(shape::arity_at_least(
                Keyword::Piece.text(),
                1,
                parts,
                item.span,
            ));
            return None;
        };
        let name = self.ok(shape::ident(name, "a piece type's name"))?;
        let mut piece = PieceView {
            name,
            shape: None,
            glyphs: Vec::new(),
            images: Vec::new(),
            promoted: false,
            span: item.span,
        };
        let what = format!(
            "a {} clause",
            Keyword::list_clauses(Keyword::VIEW_PIECE_CLAUSES)
        );
        for clause in parts.get(2..).unwrap_or(&[]) {
            let Some(inner) = self.ok(shape::list(clause, &what)) else {
                continue;
            };
            match shape::head(clause) {
                Some(Keyword::Shape) => {
                    let form = piece_shape_clause(inner, clause);
                    piece.shape = self.ok(form).or(piece.shape);
                }
                Some(Keyword::Glyph) => {
                    if let Some(glyph) = self.ok(for_player(inner, clause, glyph_text)) {
                        piece.glyphs.push(glyph);
                    }
                }
                Some(Keyword::Image) => {
                    if let Some(image) = self.ok(for_player(inner, clause, image_file)) {
                        piece.images.push(image);
                    }
                }
                Some(Keyword::Promoted) => {
                    let bare = shape::arity::<0>(Keyword::Promoted.text(), inner, clause.span);
                    piece.promoted |= self.ok(bare).is_some();
                }
                _ => self.errors.push(SyntaxError::expected(&what, clause)),
            }
        }
        Some(piece)
    }
}

/// A position's name (or number, on a numbered board) as written.
fn position(node: &Node) -> Result<Ident> {
    match node.kind {
        dagaz_sexpr::NodeKind::Int(_) => Ok(shape::written(node)),
        _ => shape::ident(node, "a position name"),
    }
}

fn board_style(node: &Node) -> Result<BoardStyle> {
    const STYLES: [(Keyword, BoardStyle); 8] = [
        (Keyword::Chequered, BoardStyle::Chequered),
        (Keyword::Plain, BoardStyle::Plain),
        (Keyword::Lines, BoardStyle::Lines),
        (Keyword::Links, BoardStyle::Links),
        (Keyword::Hexes, BoardStyle::Hexes),
        (Keyword::Pits, BoardStyle::Pits),
        (Keyword::Rack, BoardStyle::Rack),
        (Keyword::Triangles, BoardStyle::Triangles),
    ];
    one_of(node, &STYLES, "a board style")
}

/// `(shape SHAPE)`.
fn piece_shape_clause(parts: &[Node], item: &Node) -> Result<PieceShape> {
    const SHAPES: [(Keyword, PieceShape); 5] = [
        (Keyword::Disc, PieceShape::Disc),
        (Keyword::Stone, PieceShape::Stone),
        (Keyword::Pentagon, PieceShape::Pentagon),
        (Keyword::Figure, PieceShape::Figure),
        (Keyword::Mark, PieceShape::Mark),
    ];
    shape::arity::<1>(Keyword::Shape.text(), parts, item.span)
        .and_then(|[s]| one_of(s, &SHAPES, "a piece shape"))
}

/// The value a word of `table` stands for; else an error listing the words.
fn one_of<T: Copy>(node: &Node, table: &[(Keyword, T)], what: &str) -> Result<T> {
    let word = node.as_symbol().and_then(Keyword::from_text);
    table
        .iter()
        .find(|(k, _)| Some(*k) == word)
        .map(|&(_, v)| v)
        .ok_or_else(|| {
            let words: Vec<Keyword> = table.iter().map(|&(k, _)| k).collect();
            SyntaxError::expected(&format!("{what}: {}", Keyword::list(&words)), node)
        })
}

/// `(colour ROLE FILL [INK])`.
fn colour(parts: &[Node], item: &Node) -> Result<Colour> {
    let (role, fill, ink) = match shape::args(parts) {
        [role, fill] => (role, fill, None),
        [role, fill, ink] => (role, fill, Some(ink)),
        args => {
            return Err(SyntaxError::arity(
                Keyword::Colour.text(),
                "2 or 3 arguments".into(),
                args.len(),
                item.span,
            ))
        }
    };
    Ok(Colour {
        role: shape::ident(
            role,
            "a colour's role: `light`, `dark`, `board`, `lines`, `promoted` or a player",
        )?,
        fill: colour_value(fill)?,
        ink: ink.map(colour_value).transpose()?,
        span: item.span,
    })
}

/// `"#rgb"` or `"#rrggbb"`.
fn colour_value(node: &Node) -> Result<Ident> {
    const WHAT: &str = "a colour in quotes, \"#rgb\" or \"#rrggbb\"";
    let text = shape::text(node, WHAT)?;
    let digits = text.text.strip_prefix('#').unwrap_or("");
    let hex = digits.chars().all(|c| c.is_ascii_hexdigit());
    match (hex, digits.len()) {
        (true, 3 | 6) => Ok(text),
        _ => Err(SyntaxError::expected(WHAT, node)),
    }
}

/// `(HEAD [PLAYER] VALUE)`: the player (none for every player) and the value `read` reads.
fn for_player(
    parts: &[Node],
    item: &Node,
    read: fn(&Node) -> Result<Ident>,
) -> Result<(Option<Ident>, Ident)> {
    match shape::args(parts) {
        [value] => Ok((None, read(value)?)),
        [player, value] => Ok((Some(shape::ident(player, "a player name")?), read(value)?)),
        args => Err(SyntaxError::arity(
            item.head().unwrap_or(""),
            "1 or 2 arguments".into(),
            args.len(),
            item.span,
        )),
    }
}

/// A glyph: up to a few visible characters in quotes; `""` for none (a draughts man).
fn glyph_text(node: &Node) -> Result<Ident> {
    let what = format!("up to {MAX_GLYPH_CHARS} visible characters in quotes, such as \"王\"");
    match &node.kind {
        dagaz_sexpr::NodeKind::Str(s)
            if s.chars().count() <= MAX_GLYPH_CHARS
                && s.chars().all(|c| !c.is_whitespace() && !c.is_control()) =>
        {
            shape::text(node, &what)
        }
        _ => Err(SyntaxError::expected(&what, node)),
    }
}

/// A picture's file, relative to the page: letters, digits, `-`, `_`, `.` and `/`, ending in
/// `.svg` or `.png`, never climbing out (`..`).
fn image_file(node: &Node) -> Result<Ident> {
    const WHAT: &str = "a picture's file in quotes, such as \"pieces/wK.svg\"";
    let dagaz_sexpr::NodeKind::Str(s) = &node.kind else {
        return Err(SyntaxError::expected(WHAT, node));
    };
    let plain = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c));
    let picture = s.ends_with(".svg") || s.ends_with(".png");
    if plain && picture && !s.contains("..") && !s.starts_with('/') {
        shape::text(node, WHAT)
    } else {
        Err(SyntaxError::expected(WHAT, node))
    }
}

#[cfg(test)]
mod tests {
    use crate::tree::{BoardStyle, PieceShape, View};
    use pretty_assertions::assert_eq;

    /// The view of `text` (a file with a game and that view) and each error as "MESSAGE @ TEXT".
    fn view_of(view: &str) -> (View, Vec<String>) {
        let text = format!("(game (name t) (players (White) (Black))) {view}");
        let nodes = dagaz_sexpr::read(&text).unwrap();
        let (file, errors) = crate::parse(&nodes);
        let errors = errors
            .iter()
            .map(|e| format!("{e} @ {}", &text[e.span.start..e.span.end]))
            .collect();
        (file.view().cloned().unwrap_or_default(), errors)
    }

    #[test]
    fn every_clause_lowers_to_exact_values() {
        let (view, errors) = view_of(
            r##"(view (board lines) (shape disc) (colour board "#dcb35c")
                 (colour Red "#fff" "#c0392b") (points c3 g3) (points e5)
                 (line d1 f3 d1) (river e5 e6) (stores h1) (row a2 b2) (row a1) (dice hi lo)
                 (piece King (shape pentagon) (glyph "玉") (glyph White "王")
                    (image Black "pieces/k.svg") (promoted)))"##,
        );
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!(view.board, Some(BoardStyle::Lines));
        assert_eq!(view.shape, Some(PieceShape::Disc));
        let colours: Vec<(&str, &str, Option<&str>)> = view
            .colours
            .iter()
            .map(|c| {
                (
                    c.role.as_str(),
                    c.fill.as_str(),
                    c.ink.as_ref().map(|i| i.as_str()),
                )
            })
            .collect();
        assert_eq!(
            colours,
            [("board", "#dcb35c", None), ("Red", "#fff", Some("#c0392b"))]
        );
        let names = |ids: &[crate::Ident]| ids.iter().map(|i| i.text.clone()).collect::<Vec<_>>();
        assert_eq!(names(&view.points), ["c3", "g3", "e5"]);
        assert_eq!(
            view.lines.iter().map(|l| names(l)).collect::<Vec<_>>(),
            [["d1", "f3", "d1"]]
        );
        let river = view
            .river
            .as_ref()
            .map(|(a, b)| (a.text.as_str(), b.text.as_str()));
        assert_eq!(river, Some(("e5", "e6")));
        assert_eq!(names(&view.stores), ["h1"]);
        let rows: Vec<Vec<String>> = view.rows.iter().map(|r| names(r)).collect();
        assert_eq!(rows, [vec!["a2", "b2"], vec!["a1"]]);
        assert_eq!(names(&view.dice), ["hi", "lo"]);
        let king = &view.pieces[0];
        assert_eq!(king.name.text, "King");
        assert_eq!(king.shape, Some(PieceShape::Pentagon));
        let glyphs: Vec<(Option<&str>, &str)> = king
            .glyphs
            .iter()
            .map(|(p, g)| (p.as_ref().map(|p| p.as_str()), g.as_str()))
            .collect();
        assert_eq!(glyphs, [(None, "玉"), (Some("White"), "王")]);
        assert_eq!(king.images.len(), 1);
        assert!(king.promoted);
    }

    #[test]
    fn mistakes_are_reported_where_they_are_written() {
        let (_, errors) = view_of(
            r##"(view (board checkers) (shape hexagon) (colour light "red") (colour light "#12")
                 (line c3) (river e5) (edge Black) (frame 1) (piece King (glyph "12345") (size 2))
                 (piece King (image "../secret.svg")) (colour) (row) (dice) (dice 3))"##,
        );
        assert_eq!(
            errors,
            [
                "expected a board style: `chequered`, `plain`, `lines`, `links`, `hexes`, `pits`, `rack` or `triangles`, found the symbol `checkers` @ checkers",
                "expected a piece shape: `disc`, `stone`, `pentagon`, `figure` or `mark`, found the symbol `hexagon` @ hexagon",
                "expected a colour in quotes, \"#rgb\" or \"#rrggbb\", found the string \"red\" @ \"red\"",
                "expected a colour in quotes, \"#rgb\" or \"#rrggbb\", found the string \"#12\" @ \"#12\"",
                "`line` takes at least 2 arguments, found 1 @ (line c3)",
                "`river` takes 2 arguments, found 1 @ (river e5)",
                "`edge` takes at least 2 arguments, found 1 @ (edge Black)",
                "expected a `(board ...)`, `(colour ...)`, `(points ...)`, `(line ...)`, `(river ...)`, `(stores ...)`, `(edge ...)`, `(row ...)`, `(dice ...)`, `(shape ...)` or `(piece ...)` clause, found the form `(frame ...)` @ (frame 1)",
                "expected up to 4 visible characters in quotes, such as \"王\", found the string \"12345\" @ \"12345\"",
                "expected a `(shape ...)`, `(glyph ...)`, `(image ...)` or `(promoted ...)` clause, found the form `(size ...)` @ (size 2)",
                "expected a picture's file in quotes, such as \"pieces/wK.svg\", found the string \"../secret.svg\" @ \"../secret.svg\"",
                "`colour` takes 2 or 3 arguments, found 0 @ (colour)",
                "`row` takes at least 1 argument, found 0 @ (row)",
                "`dice` takes at least 1 argument, found 0 @ (dice)",
                "expected a turn variable's name, found the number 3 @ 3",
            ]
        );
    }

    #[test]
    fn a_second_view_is_an_error_and_an_empty_river_clears_it() {
        let (_, errors) = view_of("(view) (view)");
        assert_eq!(errors, ["a second `view` form @ (view)"]);
        let (view, errors) = view_of("(view (river e5 e6) (river))");
        assert_eq!(errors, Vec::<String>::new());
        assert_eq!(view.river, None);
    }
}
