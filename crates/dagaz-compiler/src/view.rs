//! `(view ...)` with its names resolved: how a game is drawn. Nothing here reaches the rules:
//! the chains, moves and positions are the same with any view or none.

use crate::error::CompileError;
use crate::lookup;
use dagaz_ir::{Board, PlayerId, Pos};
use dagaz_syntax::Ident;
pub use dagaz_syntax::{BoardStyle, PieceShape};
use indexmap::IndexSet;

/// How a game is drawn: the board's style, colours and marks, and each piece type's look.
/// A game without a `(view ...)` has the default: every field empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `(board STYLE)`; `None` leaves it to the board's shape.
    pub board: Option<BoardStyle>,
    /// The colours the view sets (`(colour ROLE ...)`).
    pub colours: Colours,
    /// Marked points (`(points ...)`: Go's star points).
    pub points: Vec<Pos>,
    /// Lines drawn through points (`(line ...)`), each in order.
    pub lines: Vec<Vec<Pos>>,
    /// The two neighbouring points the river flows between (`(river ...)`).
    pub river: Option<(Pos, Pos)>,
    /// The stores of a board of pits (`(stores ...)`).
    pub stores: Vec<Pos>,
    /// `(edge PLAYER POS ...)`: a player and the cells whose outer sides take its colour.
    pub edges: Vec<(PlayerId, Vec<Pos>)>,
    /// `(row POS ...)`: the board laid out by hand, a row each, from the top.
    pub rows: Vec<Vec<Pos>>,
    /// `(dice VAR ...)`: the turn variables (their slots) drawn as dice.
    pub dice: Vec<usize>,
    /// `pieces[kind]`: each piece type's look, in the order of the types.
    pub pieces: Vec<PieceLook>,
}

/// The colours a view sets, each `"#rgb"` or `"#rrggbb"`; `None` for the page's own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Colours {
    /// The light squares.
    pub light: Option<String>,
    /// The dark squares.
    pub dark: Option<String>,
    /// The board behind the cells (the wood of a Go board, the plastic of a rack).
    pub board: Option<String>,
    /// The lines of a board of lines.
    pub lines: Option<String>,
    /// The ink of a promoted piece's glyph.
    pub promoted: Option<String>,
    /// `players[player]`: the fill of its pieces, and the ink of their glyphs.
    pub players: Vec<(Option<String>, Option<String>)>,
}

/// How one piece type is drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceLook {
    /// Its shape: the piece's own `(shape ...)`, else the view's.
    pub shape: Option<PieceShape>,
    /// `glyphs[player]`: the text drawn on it, when the view gives one.
    pub glyphs: Vec<Option<String>>,
    /// `images[player]`: the picture that draws it, when the view gives one.
    pub images: Vec<Option<String>>,
    /// Whether it is drawn as a promoted piece.
    pub promoted: bool,
}

/// The names a view is resolved against.
pub(crate) struct Names<'a> {
    pub board: &'a Board,
    pub players: &'a IndexSet<String>,
    pub pieces: &'a IndexSet<String>,
    pub turn_variables: &'a IndexSet<String>,
}

/// The view of the file, its names resolved; every unknown name is an error.
pub(crate) fn view(
    syntax: Option<&dagaz_syntax::View>,
    names: &Names<'_>,
    errors: &mut Vec<CompileError>,
) -> View {
    let blank = PieceLook {
        shape: syntax.and_then(|v| v.shape),
        glyphs: vec![None; names.players.len()],
        images: vec![None; names.players.len()],
        promoted: false,
    };
    let mut view = View {
        pieces: vec![blank; names.pieces.len()],
        ..View::default()
    };
    view.colours.players = vec![(None, None); names.players.len()];
    let Some(syntax) = syntax else {
        return view;
    };
    (view.rows, view.dice) = rows_and_dice(syntax, names, errors);
    let mut ok = |r: Result<Pos, CompileError>| r.map_err(|e| errors.push(e)).ok();
    let at = |p: &Ident| position(names.board, p);
    view.board = syntax.board;
    view.points = syntax.points.iter().filter_map(|p| ok(at(p))).collect();
    view.stores = syntax.stores.iter().filter_map(|p| ok(at(p))).collect();
    view.lines = syntax
        .lines
        .iter()
        .map(|line| line.iter().filter_map(|p| ok(at(p))).collect())
        .collect();
    view.river = syntax
        .river
        .as_ref()
        .and_then(|(a, b)| Some((ok(at(a))?, ok(at(b))?)));
    for (who, cells) in &syntax.edges {
        let player = lookup::player(names.players, who);
        let cells = cells.iter().filter_map(|c| ok(at(c))).collect();
        match player {
            Ok(p) => view.edges.push((p, cells)),
            // Recorded through `ok`, which holds the error list while it lives.
            Err(e) => _ = ok(Err(e)),
        }
    }
    for colour in &syntax.colours {
        set_colour(&mut view.colours, colour, names.players, errors);
    }
    for piece in &syntax.pieces {
        match lookup::piece_kind(names.pieces, &piece.name) {
            Ok(kind) => {
                if let Some(look) = view.pieces.get_mut(kind.index()) {
                    dress(look, piece, names.players, errors);
                }
            }
            Err(e) => errors.push(e),
        }
    }
    view
}

/// The view's `(row ...)` positions and `(dice ...)` turn variables, resolved; a position
/// written twice in the rows, like every unknown name, is an error.
fn rows_and_dice(
    syntax: &dagaz_syntax::View,
    names: &Names<'_>,
    errors: &mut Vec<CompileError>,
) -> (Vec<Vec<Pos>>, Vec<usize>) {
    let at = |p: &Ident| position(names.board, p);
    let mut rows = Vec::new();
    let mut placed = std::collections::HashSet::new();
    for row in &syntax.rows {
        let mut cells = Vec::new();
        for name in row {
            match at(name) {
                Ok(pos) if placed.insert(pos) => cells.push(pos),
                // A cell is drawn once: a position written in two places is an error.
                Ok(_) => errors.push(CompileError::expected(
                    "each position in one place of the view's rows",
                    format!("`{}` a second time", name.text),
                    name.span,
                )),
                Err(e) => errors.push(e),
            }
        }
        rows.push(cells);
    }
    let mut dice = Vec::new();
    for name in &syntax.dice {
        match names.turn_variables.get_index_of(&name.text) {
            Some(slot) => dice.push(slot),
            None => errors.push(CompileError::unknown(
                "turn variable",
                &name.text,
                name.span,
            )),
        }
    }
    (rows, dice)
}

fn position(board: &Board, name: &Ident) -> Result<Pos, CompileError> {
    board
        .lookup(&name.text)
        .ok_or_else(|| CompileError::unknown("position", &name.text, name.span))
}

/// `(colour ROLE FILL [INK])`: a board's role takes one colour, a player two.
fn set_colour(
    colours: &mut Colours,
    colour: &dagaz_syntax::Colour,
    players: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) {
    let fill = Some(colour.fill.text.clone());
    let slot = match colour.role.text.as_str() {
        "light" => &mut colours.light,
        "dark" => &mut colours.dark,
        "board" => &mut colours.board,
        "lines" => &mut colours.lines,
        "promoted" => &mut colours.promoted,
        _ => {
            match lookup::player(players, &colour.role) {
                Ok(p) => {
                    if let Some(slot) = colours.players.get_mut(p.index()) {
                        *slot = (fill, colour.ink.as_ref().map(|i| i.text.clone()));
                    }
                }
                Err(_) => errors.push(CompileError::unknown(
                    "colour role (`light`, `dark`, `board`, `lines`, `promoted` or a player)",
                    &colour.role.text,
                    colour.role.span,
                )),
            }
            return;
        }
    };
    match &colour.ink {
        Some(ink) => errors.push(CompileError::expected(
            "one colour for a board's role (a player's pieces take two)",
            format!("a second, {:?}", ink.text),
            ink.span,
        )),
        None => *slot = fill,
    }
}

/// A piece type's look, from its `(piece NAME ...)` clause in the view.
fn dress(
    look: &mut PieceLook,
    piece: &dagaz_syntax::PieceView,
    players: &IndexSet<String>,
    errors: &mut Vec<CompileError>,
) {
    look.shape = piece.shape.or(look.shape);
    look.promoted = piece.promoted;
    for (slots, given) in [
        (&mut look.glyphs, &piece.glyphs),
        (&mut look.images, &piece.images),
    ] {
        for (who, text) in given {
            let which: Vec<usize> = match who {
                None => (0..players.len()).collect(),
                Some(who) => match lookup::player(players, who) {
                    Ok(p) => vec![p.index()],
                    Err(e) => {
                        errors.push(e);
                        continue;
                    }
                },
            };
            for i in which {
                if let Some(slot) = slots.get_mut(i) {
                    *slot = Some(text.text.clone());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use dagaz_ir::{PlayerId, Pos};
    use pretty_assertions::assert_eq;

    const GAME: &str = r#"(board (name b) (dim "a-c") (dim "3-1"))
        (piece (name Man)) (piece (name King))
        (game (name t) (board b) (players (White (Man a1)) (Black (King c3)))
           (turn-variable hi) (turn-variable lo))"#;

    /// The rules of GAME with `view`, and each error as "MESSAGE @ TEXT".
    fn compiled(view: &str) -> (Option<crate::Rules>, Vec<String>) {
        let text = format!("{GAME} {view}");
        let (rules, errors) = crate::compile_all(&dagaz_sexpr::read(&text).unwrap());
        let errors = errors
            .iter()
            .map(|e| format!("{e} @ {}", &text[e.span.start..e.span.end]))
            .collect();
        (rules, errors)
    }

    #[test]
    fn names_are_resolved_once() {
        let (rules, errors) = compiled(
            r##"(view (board lines) (shape disc) (points b2) (line a1 c3) (river a1 a2)
                 (stores c1) (edge Black a3 b3) (colour dark "#123") (colour Black "#000" "#fff")
                 (piece King (glyph "K") (glyph White "k") (promoted)) (row c3 a1) (row b2)
                 (dice lo hi))"##,
        );
        assert_eq!(errors, Vec::<String>::new());
        let rules = rules.unwrap();
        let at = |name: &str| -> Pos { rules.board.position(name).unwrap() };
        let (a1, b2, c3, a2, c1) = (at("a1"), at("b2"), at("c3"), at("a2"), at("c1"));
        let view = rules.view.clone();
        assert_eq!(view.points, [b2]);
        assert_eq!(view.lines, [vec![a1, c3]]);
        assert_eq!(view.river, Some((a1, a2)));
        assert_eq!(view.stores, [c1]);
        assert_eq!(view.edges, [(PlayerId(1), vec![at("a3"), at("b3")])]);
        assert_eq!(view.rows, [vec![c3, a1], vec![b2]]);
        assert_eq!(view.dice, [1, 0]);
        assert_eq!(view.colours.dark.as_deref(), Some("#123"));
        assert_eq!(
            view.colours.players[PlayerId(1).index()],
            (Some("#000".into()), Some("#fff".into()))
        );
        let (man, king) = (&view.pieces[0], &view.pieces[1]);
        assert_eq!(man.shape, Some(super::PieceShape::Disc));
        assert_eq!(man.glyphs, [None, None]);
        assert_eq!(king.glyphs, [Some("k".into()), Some("K".into())]);
        assert!(king.promoted && !man.promoted);
    }

    #[test]
    fn unknown_names_are_errors_where_they_are_written() {
        let (_, errors) = compiled(
            r##"(view (points z9) (edge Red a1) (colour Green "#0f0") (colour light "#fff" "#000")
                 (piece Queen (glyph "Q")) (piece Man (glyph Red "M")) (row a1 q1) (row b1 a1) (dice roll))"##,
        );
        assert_eq!(
            errors,
            [
                "unknown position `z9` @ z9",
                "unknown player `Red` @ Red",
                "unknown colour role (`light`, `dark`, `board`, `lines`, `promoted` or a player) `Green` @ Green",
                "expected one colour for a board's role (a player's pieces take two), found a second, \"#000\" @ \"#000\"",
                "unknown piece type `Queen` @ Queen",
                "unknown player `Red` @ Red",
                "unknown position `q1`; did you mean `a1`? @ q1",
                "expected each position in one place of the view's rows, found `a1` a second time @ a1",
                "unknown turn variable `roll` @ roll",
            ]
        );
    }
}
