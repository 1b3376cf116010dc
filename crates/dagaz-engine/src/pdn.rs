//! PDN FEN for draughts games: `W:W31-50:B1-20`, `B:BK17,K24:W6,9,10`, `W:Wa1,c3:Bb6`.
//!
//! A game opts in with `(fen pdn (W White) (B Black) (man Man) (king King))`: which letter
//! stands for which player, and which piece types are men and kings. Squares are numbers on a
//! board with `(numbers ...)` and position names otherwise.

use crate::error::fen_error as fail;
use crate::model::Game;
use crate::position::Position;
use dagaz_compiler::{FenError, PdnSpec};
use dagaz_ir::{Piece, PlayerId, Pos};
use std::fmt::Write;

/// The colour letters, as the messages list them.
fn letters(spec: &PdnSpec) -> String {
    spec.colors.iter().map(|(c, _)| *c).collect()
}

/// The player a colour letter stands for.
fn player_of(spec: &PdnSpec, c: char) -> Option<PlayerId> {
    spec.colors.iter().find(|(l, _)| *l == c).map(|&(_, p)| p)
}

/// The side to move: the one letter before the first `:`.
fn side_to_move(spec: &PdnSpec, turn: &str) -> Result<PlayerId, FenError> {
    match turn.trim().chars().collect::<Vec<_>>().as_slice() {
        [c] => player_of(spec, *c).ok_or_else(|| {
            fail(
                "side to move",
                format!("expected one of {}, found {turn:?}", letters(spec)),
                (0, turn.len()),
            )
        }),
        _ => Err(fail(
            "side to move",
            format!(
                "expected one letter ({}) before the first `:`, found {turn:?}",
                letters(spec)
            ),
            (0, turn.len()),
        )),
    }
}

impl Game {
    /// The position a PDN FEN describes.
    pub(crate) fn read_pdn(&self, spec: &PdnSpec, text: &str) -> Result<Position, FenError> {
        let text_trimmed = text.trim_end().trim_end_matches('.');
        let mut parts = Vec::new();
        let mut start = 0;
        for piece in text_trimmed.split(':') {
            parts.push((piece, start));
            start += piece.len() + 1;
        }
        let (turn, _) = parts.first().copied().unwrap_or(("", 0));
        let to_move = side_to_move(spec, turn)?;
        let mut position = self.empty_position(to_move);
        for &(part, at) in parts.iter().skip(1) {
            self.read_piece_list(spec, part, at, &mut position)?;
        }
        Ok(position)
    }

    /// One colour's list of squares (`W31-50`, `BK17,K24`), starting at `at`, put on
    /// `position`.
    fn read_piece_list(
        &self,
        spec: &PdnSpec,
        part: &str,
        at: usize,
        position: &mut Position,
    ) -> Result<(), FenError> {
        let board = &self.rules.board;
        let mut chars = part.chars();
        let Some(color) = chars.next() else {
            return Err(fail(
                "piece list",
                "empty: expected a colour letter and squares".into(),
                (at, 0),
            ));
        };
        let owner = player_of(spec, color).ok_or_else(|| {
            fail(
                "piece list",
                format!(
                    "expected a colour letter ({}), found {color:?}",
                    letters(spec)
                ),
                (at, 1),
            )
        })?;
        let field = format!("{} list", self.player_name(owner));
        let mut offset = at + color.len_utf8();
        for item in chars.as_str().split(',') {
            let here = offset;
            offset += item.len() + 1;
            let square = item.trim();
            if square.is_empty() {
                continue;
            }
            let (kind, square) = match square.strip_prefix('K') {
                Some(rest) => (spec.king, rest),
                None => (spec.man, square),
            };
            let squares =
                expand(board, square).map_err(|why| fail(&field, why, (here, item.len())))?;
            for pos in squares {
                if position.piece_at(pos).is_some() {
                    return Err(fail(
                        &field,
                        format!("square {} is given twice", board.label(pos)),
                        (here, item.len()),
                    ));
                }
                position.put(
                    pos,
                    Some(Piece {
                        owner,
                        kind,
                        attrs: self.rules.default_attrs,
                    }),
                );
            }
        }
        Ok(())
    }

    /// The position as PDN FEN, when the game declares one.
    pub(crate) fn write_pdn(&self, spec: &PdnSpec, position: &Position) -> Option<String> {
        let letter = |p: PlayerId| spec.colors.iter().find(|(_, q)| *q == p).map(|&(c, _)| c);
        let mut out = String::new();
        out.push(letter(position.to_move())?);
        for &(c, player) in &spec.colors {
            let _ = write!(out, ":{c}");
            let mut squares: Vec<((u32, String), Pos, bool)> = position
                .pieces()
                .filter(|(_, piece)| piece.owner == player)
                .map(|(pos, piece)| (self.fen_order(pos), pos, piece.kind == spec.king))
                .collect();
            squares.sort();
            let items: Vec<String> = squares
                .iter()
                .map(|&(_, pos, king)| {
                    format!(
                        "{}{}",
                        if king { "K" } else { "" },
                        self.rules.board.label(pos)
                    )
                })
                .collect();
            out.push_str(&items.join(","));
        }
        Some(out)
    }
}

impl Game {
    /// Squares are listed by number, or on an unnumbered board row by row from rank 1
    /// (`a1,c1,...,b2,...`).
    fn fen_order(&self, pos: Pos) -> (u32, String) {
        if let Some(n) = self.rules.board.number_of(pos) {
            return (n, String::new());
        }
        let name = self.rules.board.position_name(pos);
        let digits = name.trim_start_matches(|c: char| !c.is_ascii_digit());
        let letters = name.get(..name.len() - digits.len()).unwrap_or(name);
        (digits.parse().unwrap_or(0), letters.to_string())
    }
}

/// `31`, `31-35` (numbers only) or `c3`.
fn expand(board: &dagaz_ir::Board, square: &str) -> Result<Vec<Pos>, String> {
    if let Some((a, b)) = square.split_once('-') {
        let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) else {
            return Err(format!(
                "expected a range of square numbers such as 31-35, found {square:?}"
            ));
        };
        if a > b {
            return Err(format!("the range {square} runs backwards"));
        }
        return (a..=b)
            .map(|n| {
                board
                    .numbered(n)
                    .ok_or_else(|| format!("there is no square {n}"))
            })
            .collect();
    }
    // A numbered board is written with numbers only: a name could be a square without one.
    let found = if board.is_numbered() {
        square.parse::<u32>().ok().and_then(|n| board.numbered(n))
    } else {
        board.position(square)
    };
    found
        .map(|p| vec![p])
        .ok_or_else(|| format!("there is no square {square:?} on this board"))
}
