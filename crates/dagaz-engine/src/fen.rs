//! Positions as text: the FEN a game declares in its `(fen ...)` clause.
//!
//! Two styles exist. `(fen pdn ...)` is the draughts style (see [`crate::pdn`]). `(fen standard
//! ...)` is the chess style — rows of piece letters and empty-square counts, then the side to
//! move, then optionally the castling rights, the en-passant square, the half-move clock and the
//! move number — with everything game-specific declared by the game:
//!
//! ```text
//! (fen standard
//!    (pieces (P White Pawn) (p Black Pawn) ...)
//!    (turn (w White) (b Black))
//!    (castling never-moved (K e1 h1) (Q e1 a1) (k e8 h8) (q e8 a8))
//!    (en-passant en-passant))
//! ```
//!
//! A castling letter says that the pieces on its squares have the attribute (here
//! `never-moved`); every other piece lacks it. With `(king PIECE) (rook PIECE)` (Chess960) a
//! letter names a king and one of its rooks wherever they stand: X-FEN's `K` and `Q` (the
//! outermost rook on a side) and Shredder-FEN's file letters are read, and X-FEN is written.
//! The en-passant field is the value of a turn variable.

use crate::error::fen_error as fail;
use crate::model::Game;
use crate::position::Position;
use crate::validate::FieldSpans;
use dagaz_compiler::{Castling, CastlingRooks, FenError, FenSpec, StandardFen, UNLIMITED};
use dagaz_ir::{PlayerId, Pos, Value};
use dagaz_sexpr::Span;
use std::fmt::Write;

impl Game {
    /// The position a FEN in the game's declared style describes.
    pub fn from_fen(&self, text: &str) -> Result<Position, FenError> {
        let mut position = match &self.rules.fen {
            Some(FenSpec::Pdn(spec)) => self.read_pdn(spec, text),
            Some(FenSpec::Standard(spec)) => self.read_standard(spec, text),
            None => Err(FenError {
                field: "(the game)".into(),
                message: format!(
                    "{} declares no FEN; add a `(fen ...)` clause to its game form",
                    self.name()
                ),
                span: Span::new(0, text.len()),
            }),
        }?;
        self.start_history(&mut position);
        Ok(position)
    }

    /// The position as FEN, when the game declares a style.
    pub fn to_fen(&self, position: &Position) -> Option<String> {
        match self.rules.fen.as_ref()? {
            FenSpec::Pdn(spec) => self.write_pdn(spec, position),
            FenSpec::Standard(spec) => self.write_standard(spec, position),
        }
    }

    /// The board's rows as FEN lists them (the second dimension in its order), each a row of
    /// positions along the first dimension.
    pub(crate) fn fen_rows(&self) -> Vec<Vec<Option<Pos>>> {
        let dims = self.rules.board.dims();
        let (Some(files), Some(ranks)) = (dims.first(), dims.get(1)) else {
            return Vec::new();
        };
        ranks
            .iter()
            .map(|rank| {
                files
                    .iter()
                    .map(|file| self.rules.board.position(&format!("{file}{rank}")))
                    .collect()
            })
            .collect()
    }

    fn read_standard(&self, spec: &StandardFen, text: &str) -> Result<Position, FenError> {
        let fields = fields(text);
        let field = |i: usize| fields.get(i).copied();
        check_field_count(spec, fields.len(), text.len())?;
        let (placement, place_at) = field(0).unwrap_or(("", 0));
        let (placement, hand) = split_hands(spec, placement, place_at)?;
        let (side, side_at) = field(1).unwrap_or(("", 0));
        let to_move = side_to_move(spec, side, side_at)?;
        let mut position = self.empty_position(to_move);
        let row_spans = self.read_placement(spec, placement, place_at, &mut position)?;
        if let Some((held_letters, at)) = hand {
            read_bracket_hands(spec, held_letters, at, &mut position)?;
        }
        // After the side to move: SFEN's hands, or chess's castling, en passant and half-move
        // clock; then the move number.
        let (number_field, ep_span) = if spec.sfen {
            let (held, at) = field(2).unwrap_or(("-", text.len()));
            self.read_sfen_hands(spec, held, at, &mut position)?;
            (3, (text.len(), 0))
        } else {
            let (castling, castling_at) = field(2).unwrap_or(("-", text.len()));
            self.read_castling(spec, castling, castling_at, &mut position)?;
            let (ep, ep_at) = field(3).unwrap_or(("-", text.len()));
            self.read_en_passant(spec, ep, ep_at, &mut position)?;
            if let Some((clock, at)) = field(4) {
                counter(clock, 0).ok_or_else(|| {
                    fail(
                        "half-move clock",
                        format!(
                            "expected a number of half-moves from 0 to {MAX_COUNTER}, found {clock:?}"
                        ),
                        (at, clock.len()),
                    )
                })?;
            }
            (5, (ep_at, ep.len()))
        };
        if let Some((number, at)) = field(number_field) {
            read_move_number(spec, number, at, to_move, &mut position)?;
        }
        let spans = FieldSpans {
            placement: (place_at, placement.len()),
            rows: row_spans,
            side: (side_at, side.len()),
            en_passant: ep_span,
        };
        self.validate_standard(spec, &position, &spans)?;
        Ok(position)
    }

    /// The rows of a placement put on `position`; their spans, for the validation's messages.
    fn read_placement(
        &self,
        spec: &StandardFen,
        placement: &str,
        place_at: usize,
        position: &mut Position,
    ) -> Result<Vec<(usize, usize)>, FenError> {
        let rows = self.fen_rows();
        let written: Vec<&str> = placement.split('/').collect();
        if written.len() != rows.len() {
            return Err(fail(
                "placement",
                format!(
                    "expected {} rows separated by `/`, found {}",
                    rows.len(),
                    written.len()
                ),
                (place_at, placement.len()),
            ));
        }
        let mut offset = place_at;
        let mut row_spans = Vec::new();
        for (r, (row, squares)) in written.iter().zip(&rows).enumerate() {
            let row_at = offset;
            offset += row.len() + 1;
            row_spans.push((row_at, row.len()));
            read_row(spec, (r, row, row_at), squares, position)?;
        }
        Ok(row_spans)
    }

    /// The castling field: only it grants the castling attribute, to the pieces its letters
    /// name.
    fn read_castling(
        &self,
        spec: &StandardFen,
        castling: &str,
        castling_at: usize,
        position: &mut Position,
    ) -> Result<(), FenError> {
        let Some(rules) = &spec.castling else {
            if castling != "-" {
                return Err(fail(
                    "castling",
                    format!("this game has no castling; expected `-`, found {castling:?}"),
                    (castling_at, castling.len()),
                ));
            }
            return Ok(());
        };
        for i in 0..position.cells.len() {
            if let Some(Some(piece)) = position.cells.get_mut(i) {
                piece.set_attr(rules.attribute, false);
            }
        }
        if castling == "-" {
            return Ok(());
        }
        for (i, c) in castling.char_indices() {
            let at = (castling_at + i, c.len_utf8());
            if castling.get(..i).is_some_and(|before| before.contains(c)) {
                return Err(fail("castling", format!("{c:?} is given twice"), at));
            }
            let squares = self
                .castling_squares(rules, position, c)
                .map_err(|message| fail("castling", message, at))?;
            for pos in squares {
                if let Some(Some(piece)) = position.cells.get_mut(pos.index()) {
                    piece.set_attr(rules.attribute, true);
                }
            }
        }
        Ok(())
    }

    /// The en-passant field: `-`, or a square the game's en-passant variable takes.
    fn read_en_passant(
        &self,
        spec: &StandardFen,
        ep: &str,
        ep_at: usize,
        position: &mut Position,
    ) -> Result<(), FenError> {
        if ep == "-" {
            return Ok(());
        }
        let square = self.rules.board.position(ep).ok_or_else(|| {
            fail(
                "en passant",
                format!("expected `-` or a square, found {ep:?}"),
                (ep_at, ep.len()),
            )
        })?;
        match spec.en_passant {
            Some(slot) => position.set_turn_value(slot, Value::Pos(square)),
            None => {
                return Err(fail(
                    "en passant",
                    format!("this game has no en-passant field; expected `-`, found {ep:?}"),
                    (ep_at, ep.len()),
                ))
            }
        }
        Ok(())
    }

    /// SFEN's hands field: `-`, or each piece letter after its count when more than one
    /// (`2Pb`: two pawns for the first player, a bishop for the second).
    fn read_sfen_hands(
        &self,
        spec: &StandardFen,
        held: &str,
        at: usize,
        position: &mut Position,
    ) -> Result<(), FenError> {
        let fail = |message: String, (i, len): (usize, usize)| FenError {
            field: "hands".to_string(),
            message,
            span: Span::new(at + i, at + i + len.max(1)),
        };
        if held == "-" {
            return Ok(());
        }
        let letters: String = spec.letters.iter().map(|(c, _)| *c).collect();
        let mut count: Option<(u32, usize)> = None;
        for (i, c) in held.char_indices() {
            if let Some(d) = c.to_digit(10) {
                let (n, start) = count.unwrap_or((0, i));
                let n = n.saturating_mul(10).saturating_add(d);
                if n == 0 || n > u32::from(MAX_IN_HAND) {
                    return Err(fail(
                        format!("expected a count from 1 to {MAX_IN_HAND}"),
                        (start, i + 1 - start),
                    ));
                }
                count = Some((n, start));
                continue;
            }
            let piece = table_piece(&spec.letters, c).ok_or_else(|| {
                fail(
                    format!("expected `-`, or piece letters ({letters}) each after an optional count, found {c:?}"),
                    (i, c.len_utf8()),
                )
            })?;
            let n = count.take().map_or(1, |(n, _)| n) as u16;
            let held = position.in_hand(piece.owner, piece.kind).unwrap_or(0);
            if u32::from(held) + u32::from(n) > u32::from(MAX_IN_HAND) {
                return Err(fail(
                    format!("more than {MAX_IN_HAND} pieces of one kind in a hand"),
                    (i, 1),
                ));
            }
            position.set_in_hand(piece.owner, piece.kind, held + n);
        }
        if let Some((_, start)) = count {
            return Err(fail(
                "expected a piece letter after the count".into(),
                (start, held.len() - start),
            ));
        }
        Ok(())
    }

    fn write_standard(&self, spec: &StandardFen, position: &Position) -> Option<String> {
        let mut out = self.write_placement(spec, position);
        if spec.hands && !spec.sfen {
            out.push('[');
            for &(c, piece) in &spec.letters {
                let n = position.in_hand(piece.owner, piece.kind).unwrap_or(0);
                (0..n).for_each(|_| out.push(c));
            }
            out.push(']');
        }
        let side = spec
            .turn
            .iter()
            .find(|&&(_, p)| p == position.to_move())
            .map(|&(c, _)| c)?;
        if spec.sfen {
            let held = sfen_hands(spec, position);
            let _ = write!(out, " {side} {held} {}", position.turns_played() + 1);
            return Some(out);
        }
        let _ = write!(out, " {side} ");
        let rights = self.castling_rights(spec, position);
        out.push_str(if rights.is_empty() { "-" } else { &rights });
        let ep = spec
            .en_passant
            .and_then(|slot| match position.turn_value(slot) {
                Value::Pos(p) => Some(self.rules.board.label(p)),
                _ => None,
            });
        let _ = write!(out, " {}", ep.as_deref().unwrap_or("-"));
        let per_move = spec.turn.len().max(1) as u32;
        // The half-move clock is not kept: positions are written with 0.
        let _ = write!(out, " 0 {}", position.turns_played() / per_move + 1);
        Some(out)
    }

    /// The placement: the rows of piece letters and empty-square counts, separated by `/`.
    fn write_placement(&self, spec: &StandardFen, position: &Position) -> String {
        let mut out = String::new();
        for (r, row) in self.fen_rows().iter().enumerate() {
            if r > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for &pos in row {
                let piece = pos.and_then(|p| position.piece_at(p));
                let find = |table: &[(char, dagaz_ir::Piece)]| {
                    piece.and_then(|piece| {
                        table
                            .iter()
                            .find(|(_, p)| p.owner == piece.owner && p.kind == piece.kind)
                            .map(|&(c, _)| c)
                    })
                };
                let letter = find(&spec.letters)
                    .map(|c| (c, false))
                    .or_else(|| find(&spec.plus_letters).map(|c| (c, true)));
                match letter {
                    Some((c, plus)) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        if plus {
                            out.push('+');
                        }
                        out.push(c);
                        if let (Some(bit), Some(piece)) = (spec.promoted, piece) {
                            if piece.attr(bit) {
                                out.push('~');
                            }
                        }
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
        }
        out
    }

    /// The castling rights' letters, empty when there are none.
    fn castling_rights(&self, spec: &StandardFen, position: &Position) -> String {
        let mut rights = String::new();
        if let Some(rules) = &spec.castling {
            if let Some(rooks) = &rules.rooks {
                self.write_castling_rooks(rules.attribute, rooks, position, &mut rights);
            }
            for (c, squares) in &rules.rights {
                let all = squares.iter().all(|&pos| {
                    position
                        .piece_at(pos)
                        .is_some_and(|p| p.attr(rules.attribute))
                });
                if all {
                    rights.push(*c);
                }
            }
        }
        rights
    }
}

impl Game {
    /// The squares of the pieces a castling letter gives the attribute: the letter's own
    /// squares, or a king and one of its rooks (`(king PIECE) (rook PIECE)`); else why not.
    fn castling_squares(
        &self,
        rules: &Castling,
        position: &Position,
        c: char,
    ) -> Result<Vec<Pos>, String> {
        let Some(rooks) = &rules.rooks else {
            return self.lettered_castling_squares(rules, position, c);
        };
        let side = rooks.sides.iter().find(|(l, _, _)| *l == c);
        let file = self.file_index(c);
        // A file letter belongs to the player whose side letters have its case.
        let owner = side.or_else(|| {
            file.and(
                rooks
                    .sides
                    .iter()
                    .find(|(l, _, _)| l.is_uppercase() == c.is_uppercase()),
            )
        });
        let Some(&(_, owner, _)) = owner else {
            let known: String = rooks.sides.iter().map(|(l, _, _)| *l).collect();
            return Err(format!(
                "expected `-`, letters from {known} or the files' letters, found {c:?}"
            ));
        };
        let player = self.player_name(owner);
        let king_name = self.piece_name(rooks.king);
        let rook_name = self.piece_name(rooks.rook);
        let kings: Vec<Pos> = self
            .rules
            .board
            .positions()
            .filter(|&pos| {
                position
                    .piece_at(pos)
                    .is_some_and(|p| p.owner == owner && p.kind == rooks.king)
            })
            .collect();
        let [king] = kings[..] else {
            return Err(format!(
                "{c:?} needs one {king_name} of {player}, found {}",
                kings.len()
            ));
        };
        let is_rook = |pos: Pos| {
            position
                .piece_at(pos)
                .is_some_and(|p| p.owner == owner && p.kind == rooks.rook)
        };
        let rook = match (side, file) {
            (Some(&(_, _, dir)), _) => self.line(king, dir).filter(|&p| is_rook(p)).last(),
            (None, Some(file)) => self
                .row_of(king)
                .and_then(|(row, _)| row.get(file).copied().flatten())
                .filter(|&p| is_rook(p)),
            (None, None) => None,
        };
        let rook = rook.ok_or_else(|| match side {
            Some(&(_, _, dir)) => format!(
                "{c:?} needs a {rook_name} of {player} beyond its {king_name} towards {}",
                self.rules.board.direction_name(dir)
            ),
            None => format!(
                "{c:?} needs a {rook_name} of {player} on the {} file of its {king_name}'s row",
                c.to_ascii_lowercase()
            ),
        })?;
        Ok(vec![king, rook])
    }

    /// The squares of a castling letter the game lists with its squares; else why not.
    fn lettered_castling_squares(
        &self,
        rules: &Castling,
        position: &Position,
        c: char,
    ) -> Result<Vec<Pos>, String> {
        let known: String = rules.rights.iter().map(|(c, _)| *c).collect();
        let (_, squares) = rules
            .rights
            .iter()
            .find(|(l, _)| *l == c)
            .ok_or_else(|| format!("expected `-` or letters from {known}, found {c:?}"))?;
        if let Some(&empty) = squares
            .iter()
            .find(|&&pos| position.piece_at(pos).is_none())
        {
            return Err(format!(
                "{c:?} needs a piece on {}, which is empty",
                self.rules.board.label(empty)
            ));
        }
        Ok(squares.clone())
    }

    /// X-FEN: for each side, each rook with the attribute beyond a king that has it, written
    /// with the side's letter when it is the side's farthest rook, else with its file's.
    fn write_castling_rooks(
        &self,
        attribute: u8,
        rooks: &CastlingRooks,
        position: &Position,
        out: &mut String,
    ) {
        for &(letter, owner, dir) in &rooks.sides {
            let has = |pos: Pos, kind| {
                position
                    .piece_at(pos)
                    .filter(|p| p.owner == owner && p.kind == kind)
                    .map(|p| p.attr(attribute))
            };
            let Some(king) = self
                .rules
                .board
                .positions()
                .find(|&pos| has(pos, rooks.king) == Some(true))
            else {
                continue;
            };
            let line: Vec<(Pos, bool)> = self
                .line(king, dir)
                .filter_map(|pos| has(pos, rooks.rook).map(|a| (pos, a)))
                .collect();
            for (i, &(pos, right)) in line.iter().enumerate() {
                if !right {
                    continue;
                }
                if i + 1 == line.len() {
                    out.push(letter);
                    continue;
                }
                let Some((_, file)) = self.row_of(pos) else {
                    continue;
                };
                let name = self.rules.board.dims().first().and_then(|f| f.get(file));
                for ch in name.map_or("", String::as_str).chars() {
                    out.push(if letter.is_uppercase() {
                        ch.to_ascii_uppercase()
                    } else {
                        ch.to_ascii_lowercase()
                    });
                }
            }
        }
    }

    /// The squares from `from` (not included) along `dir` to the edge of the board.
    fn line(&self, from: Pos, dir: dagaz_ir::Dir) -> impl Iterator<Item = Pos> + '_ {
        std::iter::successors(self.rules.board.step(dir, from), move |&p| {
            self.rules.board.step(dir, p)
        })
    }

    /// The FEN row `pos` stands on, and its index along it (its file).
    fn row_of(&self, pos: Pos) -> Option<(Vec<Option<Pos>>, usize)> {
        self.fen_rows().into_iter().find_map(|row| {
            let file = row.iter().position(|&p| p == Some(pos))?;
            Some((row, file))
        })
    }

    /// The file a castling letter names, by its name in either case.
    fn file_index(&self, c: char) -> Option<usize> {
        let files = self.rules.board.dims().first()?;
        let lower = c.to_ascii_lowercase().to_string();
        files.iter().position(|f| *f == lower)
    }
}

/// Whether a standard FEN has as many fields as its style allows.
fn check_field_count(spec: &StandardFen, found: usize, len: usize) -> Result<(), FenError> {
    if spec.sfen && found != 3 && found != 4 {
        return Err(fail(
            "(the whole text)",
            format!(
                "expected 3 fields separated by spaces (placement, side to move, hands) or 4 (then the move number), found {found}"
            ),
            (0, len),
        ));
    }
    if !spec.sfen && found != 4 && found != 6 {
        return Err(fail(
            "(the whole text)",
            format!(
                "expected 4 fields separated by spaces (placement, side to move, castling, en passant) or 6 (then the half-move clock and the move number), found {found}"
            ),
            (0, len),
        ));
    }
    Ok(())
}

/// A field's text and where it starts.
type Field<'t> = (&'t str, usize);

/// The placement without its hands, and the hands: `[...]` after the rows, a piece letter per
/// piece, with where their letters start.
fn split_hands<'t>(
    spec: &StandardFen,
    placement: &'t str,
    place_at: usize,
) -> Result<(&'t str, Option<Field<'t>>), FenError> {
    if !spec.hands || spec.sfen {
        return Ok((placement, None));
    }
    let Some(open) = placement.find('[') else {
        return Ok((placement, None));
    };
    let inside = placement.get(open + 1..).unwrap_or("");
    let Some(letters) = inside.strip_suffix(']') else {
        return Err(fail(
            "hands",
            "expected the hands to end with `]`".into(),
            (place_at + open, placement.len() - open),
        ));
    };
    Ok((
        placement.get(..open).unwrap_or(""),
        Some((letters, place_at + open + 1)),
    ))
}

/// The player the side-to-move field names.
fn side_to_move(spec: &StandardFen, side: &str, side_at: usize) -> Result<PlayerId, FenError> {
    let turn_letters: String = spec.turn.iter().map(|(c, _)| *c).collect();
    match side.chars().collect::<Vec<_>>().as_slice() {
        [c] => spec.turn.iter().find(|(l, _)| l == c).map(|&(_, p)| p),
        _ => None,
    }
    .ok_or_else(|| {
        fail(
            "side to move",
            format!("expected one of {turn_letters}, found {side:?}"),
            (side_at, side.len()),
        )
    })
}

/// One row of the placement (`r` counted from 0, its text and where it starts), put on its
/// `squares` of `position`.
fn read_row(
    spec: &StandardFen,
    (r, row, row_at): (usize, &str, usize),
    squares: &[Option<Pos>],
    position: &mut Position,
) -> Result<(), FenError> {
    let mut file = 0usize;
    let mut chars = row.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if let Some(d) = c.to_digit(10) {
            // A run of empty squares; boards wider than 9 write it with several digits.
            let mut run = d as usize;
            while let Some(&(_, next)) = chars.peek() {
                let Some(more) = next.to_digit(10) else { break };
                run = run * 10 + more as usize;
                chars.next();
            }
            if run == 0 {
                return Err(fail(
                    "placement",
                    format!("row {} has an empty run of 0", r + 1),
                    (row_at + i, 1),
                ));
            }
            file += run;
        } else {
            // `+P`: a promoted piece in SFEN.
            let (c, i, table) = match chars.peek() {
                Some(&(j, next)) if c == '+' && !spec.plus_letters.is_empty() => {
                    chars.next();
                    (next, j, &spec.plus_letters)
                }
                _ => (c, i, &spec.letters),
            };
            let mut piece = table_piece(table, c).ok_or_else(|| {
                let letters: String = spec.letters.iter().map(|(c, _)| *c).collect();
                fail(
                    "placement",
                    format!("expected a piece letter ({letters}) or a digit, found {c:?}"),
                    (row_at + i, c.len_utf8()),
                )
            })?;
            if let (Some(bit), Some(&(_, '~'))) = (spec.promoted, chars.peek()) {
                piece.set_attr(bit, true);
                chars.next();
            }
            if let Some(Some(pos)) = squares.get(file) {
                position.put(*pos, Some(piece));
            }
            file += 1;
        }
        if file > squares.len() {
            return Err(fail(
                "placement",
                format!("row {} has more than {} squares", r + 1, squares.len()),
                (row_at, row.len()),
            ));
        }
    }
    if file != squares.len() {
        return Err(fail(
            "placement",
            format!(
                "row {} has {} squares, expected {}",
                r + 1,
                file,
                squares.len()
            ),
            (row_at, row.len()),
        ));
    }
    Ok(())
}

/// The hands written in brackets after the placement, a piece letter per piece.
fn read_bracket_hands(
    spec: &StandardFen,
    held_letters: &str,
    at: usize,
    position: &mut Position,
) -> Result<(), FenError> {
    for (i, c) in held_letters.char_indices() {
        let piece = letter_piece(spec, c).ok_or_else(|| {
            let letters: String = spec.letters.iter().map(|(c, _)| *c).collect();
            fail(
                "hands",
                format!("expected a piece letter ({letters}), found {c:?}"),
                (at + i, c.len_utf8()),
            )
        })?;
        let held = position.in_hand(piece.owner, piece.kind).unwrap_or(0);
        if held >= MAX_IN_HAND {
            return Err(fail(
                "hands",
                format!("more than {MAX_IN_HAND} pieces of one kind in a hand"),
                (at + i, c.len_utf8()),
            ));
        }
        position.set_in_hand(piece.owner, piece.kind, held + 1);
    }
    Ok(())
}

/// The move number: the turns played before it, counted per player's move in SFEN, else per
/// round from the side that moves first.
fn read_move_number(
    spec: &StandardFen,
    number: &str,
    at: usize,
    to_move: PlayerId,
    position: &mut Position,
) -> Result<(), FenError> {
    let n = counter(number, 1).ok_or_else(|| {
        fail(
            "move number",
            format!("expected a move number from 1 to {MAX_COUNTER}, found {number:?}"),
            (at, number.len()),
        )
    })?;
    let turns = if spec.sfen {
        // SFEN counts every player's move.
        n - 1
    } else {
        let side_index = spec
            .turn
            .iter()
            .position(|&(_, p)| p == to_move)
            .unwrap_or(0);
        let per_move = spec.turn.len().max(1) as u32;
        (n - 1).saturating_mul(per_move) + side_index as u32
    };
    position.set_turns_played(turns);
    Ok(())
}

/// SFEN's hands field: each piece letter after its count when more than one, or `-`.
fn sfen_hands(spec: &StandardFen, position: &Position) -> String {
    let mut held = String::new();
    for &(c, piece) in &spec.letters {
        match position.in_hand(piece.owner, piece.kind).unwrap_or(0) {
            0 | UNLIMITED => {}
            1 => held.push(c),
            n => {
                let _ = write!(held, "{n}{c}");
            }
        }
    }
    if held.is_empty() {
        held.push('-');
    }
    held
}

/// The piece a FEN letter stands for.
fn letter_piece(spec: &StandardFen, letter: char) -> Option<dagaz_ir::Piece> {
    table_piece(&spec.letters, letter)
}

/// The piece a letter stands for in one table of letters.
fn table_piece(table: &[(char, dagaz_ir::Piece)], letter: char) -> Option<dagaz_ir::Piece> {
    table.iter().find(|(l, _)| *l == letter).map(|&(_, p)| p)
}

/// The most pieces of one kind a FEN may put in a hand: more than any game has.
const MAX_IN_HAND: u16 = 1_000;

/// The largest half-move clock and move number a FEN may give: far beyond any game, and small
/// enough that the turns played (the move number times at most 255 players) fit a `u32`.
pub(crate) const MAX_COUNTER: u32 = 1_000_000;

/// A counter field: decimal digits for a number from `min` to [`MAX_COUNTER`].
fn counter(text: &str, min: u32) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Any run of digits parses as a u128 or overflows it, and either way is out of range.
    let n = text.parse::<u128>().ok()?;
    (u128::from(min)..=u128::from(MAX_COUNTER))
        .contains(&n)
        .then_some(n as u32)
}

/// The space-separated fields of a text with their byte offsets.
fn fields(text: &str) -> Vec<(&str, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((text.get(s..i).unwrap_or(""), s));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((text.get(s..).unwrap_or(""), s));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_their_offsets() {
        assert_eq!(fields("  ab c\td "), vec![("ab", 2), ("c", 5), ("d", 7)]);
    }
}
