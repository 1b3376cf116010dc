//! The checks a standard FEN's position must pass once it is read, so that what the engine is
//! given is a position the game's rules can reach, as chess programs check theirs.
//!
//! None of them knows chess. Two are declared by the game in its `(fen standard ...)` clause:
//! `(piece-count PIECE MIN [MAX])` (chess: one king per side) and `(forbidden-ranks PIECE RANK
//! ...)` (chess: no pawn on the first or last rank). Two follow from the rules the game already
//! declares, and hold for every game:
//!
//! - with royal pieces, the player who moved last (the one before the side to move in the turn
//!   order) has none attacked: the royal rule forbids every move that would leave it so;
//! - an en-passant value (the turn variable the clause names) is one that a legal move of that
//!   player leaves: some piece of it, put back on an empty square it came from, has a legal move
//!   that reaches this position and sets the variable to that value. So a move that captures
//!   or moves two pieces cannot stand behind it; chess's double step is neither.

use crate::error::fen_error as fail;
use crate::model::Game;
use crate::movegen::MoveGen;
use crate::position::{Position, UNSET};
use dagaz_compiler::{FenError, StandardFen};
use dagaz_ir::{PlayerId, Pos, Value};

/// Where the fields of the FEN text are, to point at the one a check blames.
pub(crate) struct FieldSpans {
    /// The placement field.
    pub placement: (usize, usize),
    /// Each row of the placement, in the order written.
    pub rows: Vec<(usize, usize)>,
    /// The side to move.
    pub side: (usize, usize),
    /// The en-passant field.
    pub en_passant: (usize, usize),
}

impl Game {
    /// The checks of the module's documentation, in its order; the first that fails is the
    /// error.
    pub(crate) fn validate_standard(
        &self,
        spec: &StandardFen,
        position: &Position,
        spans: &FieldSpans,
    ) -> Result<(), FenError> {
        self.check_piece_counts(spec, position, spans)?;
        self.check_forbidden_ranks(spec, position, spans)?;
        let board = &self.rules.board;
        let mover = position.to_move();
        let last_turn = self.rules.turns.previous(position.turn());
        let last = last_turn.player;
        let mut gen = MoveGen::default();
        // A move that took the mover's last royal piece (atomic chess: the king blown up) may
        // have left its maker attacked: it won the game.
        let mover_has_royal = position
            .pieces()
            .any(|(_, p)| p.owner == mover && self.is_royal(p.kind));
        if self.has_royal_pieces() && last != mover && mover_has_royal {
            let mut turned = position.clone();
            turned.set_turn(last_turn);
            // An attack test that fails to run is the rules' problem, reported when moves are
            // generated; it does not make the position bad.
            if gen.in_check(self, &turned).unwrap_or(false) {
                return Err(fail(
                    "side to move",
                    format!(
                        "{} is in check with {} to move: the player who moved last cannot have left a royal piece attacked",
                        self.player_name(last),
                        self.player_name(mover)
                    ),
                    spans.side,
                ));
            }
        }
        if let Some(slot) = spec.en_passant {
            if let Value::Pos(square) = position.turn_value(slot) {
                if !self.some_move_leaves(&mut gen, position, last_turn, slot, square) {
                    return Err(fail(
                        "en passant",
                        format!(
                            "no legal move of {} reaches this position leaving en passant on {}",
                            self.player_name(last),
                            board.label(square)
                        ),
                        spans.en_passant,
                    ));
                }
            }
        }
        Ok(())
    }

    /// `(piece-count PIECE MIN [MAX])`: each player has from MIN to MAX pieces of the type.
    fn check_piece_counts(
        &self,
        spec: &StandardFen,
        position: &Position,
        spans: &FieldSpans,
    ) -> Result<(), FenError> {
        for &(kind, min, max) in &spec.counts {
            for i in 0..self.player_count() {
                let player = PlayerId(i as u8);
                let n = position
                    .pieces()
                    .filter(|(_, p)| p.owner == player && p.kind == kind)
                    .count();
                if (min as usize..=max as usize).contains(&n) {
                    continue;
                }
                let asked = if min == max {
                    format!("exactly {min}")
                } else {
                    format!("{min} to {max}")
                };
                let name = self.piece_name(kind);
                let has = match n {
                    0 => format!("no {name}"),
                    _ => format!("{n} of type {name}"),
                };
                return Err(fail(
                    "placement",
                    format!(
                        "{} has {has}; the game's `piece-count` asks for {asked}",
                        self.player_name(player)
                    ),
                    spans.placement,
                ));
            }
        }
        Ok(())
    }

    /// `(forbidden-ranks PIECE RANK ...)`: no piece of the type stands on those ranks.
    fn check_forbidden_ranks(
        &self,
        spec: &StandardFen,
        position: &Position,
        spans: &FieldSpans,
    ) -> Result<(), FenError> {
        let board = &self.rules.board;
        let rank_names = board.dims().get(1).map_or(&[][..], Vec::as_slice);
        for (kind, ranks) in &spec.forbidden_ranks {
            for (r, row) in self.fen_rows().iter().enumerate() {
                if !ranks.contains(&r) {
                    continue;
                }
                let Some((pos, piece)) = row.iter().flatten().find_map(|&pos| {
                    let piece = position.piece_at(pos)?;
                    (piece.kind == *kind).then_some((pos, piece))
                }) else {
                    continue;
                };
                let rank = rank_names.get(r).map_or("?", String::as_str);
                return Err(fail(
                    "placement",
                    format!(
                        "{}'s {} on {}: the game's `forbidden-ranks` keeps it off rank {rank}",
                        self.player_name(piece.owner),
                        self.piece_name(*kind),
                        board.label(pos)
                    ),
                    spans.rows.get(r).copied().unwrap_or(spans.placement),
                ));
            }
        }
        Ok(())
    }

    /// Whether a legal move made on turn `last` reaches `position` (its pieces and side to
    /// move) and leaves `square` in turn variable `slot`, from a position where one of the
    /// pieces of `last`'s player stood on an empty square instead.
    fn some_move_leaves(
        &self,
        gen: &mut MoveGen,
        position: &Position,
        last: dagaz_compiler::Turn,
        slot: usize,
        square: Pos,
    ) -> bool {
        let same = |a: &Position, b: &Position| {
            a.cells.len() == b.cells.len()
                && a.cells.iter().zip(&b.cells).all(|(x, y)| match (x, y) {
                    (Some(x), Some(y)) => x.owner == y.owner && x.kind == y.kind,
                    (None, None) => true,
                    _ => false,
                })
        };
        let empty: Vec<Pos> = (0..position.cells.len())
            .map(|i| Pos(i as u16))
            .filter(|&p| position.piece_at(p).is_none())
            .collect();
        let mine: Vec<_> = position
            .pieces()
            .filter(|(_, p)| p.owner == last.player)
            .collect();
        let mut moves = Vec::new();
        for &(to, piece) in &mine {
            for &from in &empty {
                let mut before = position.clone();
                before.put(to, None);
                before.put(from, Some(piece));
                before.set_turn(last);
                before.turn_values = [UNSET; dagaz_ir::MAX_TURN_VARIABLES];
                moves.clear();
                if gen.generate(self, &mut before, &mut moves).is_err() {
                    continue;
                }
                for mv in &moves {
                    let mut after = before.clone();
                    after.play(self, mv);
                    if after.to_move() == position.to_move()
                        && after.turn_value(slot) == Value::Pos(square)
                        && same(&after, position)
                    {
                        return true;
                    }
                }
            }
        }
        false
    }
}
