//! The move generator: runs every piece's chain from every square it stands on, collects the
//! completed moves, and keeps the broken invariants honest.
//!
//! A check in `post` that reads a global is an *invariant*: it held when its move was accepted,
//! but a later move may change the global (`max-captured` grows) and break it. Whenever a global
//! changes, every accepted move's invariants are evaluated again with the locals saved at the
//! time, and the moves that no longer satisfy them are dropped. That is the majority rule.

use crate::env::global::Globals;
use crate::env::players::Players;
use crate::error::{GenError, GenErrorKind};
use crate::model::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::value::{PieceKind, Pos, Value};
pub use crate::vm::processor::Limits;
use crate::vm::processor::{self, Completed, Context, Fault, Processor, Sink};

/// Generates moves; keep one and reuse it, its buffers are recycled between positions.
#[derive(Default)]
pub struct MoveGen {
    limits: Limits,
    processor: Processor,
    accepted: Accepted,
}

/// The moves accepted so far in one generation, with their invariants.
#[derive(Default)]
struct Accepted {
    moves: Vec<Candidate>,
    /// (invariant, start of its saved locals in `locals`), for all candidates.
    invariants: Vec<(u16, u32)>,
    locals: Vec<Value>,
    piece: PieceKind,
    limit: usize,
    scratch: Vec<Value>,
}

struct Candidate {
    mv: Move,
    piece: PieceKind,
    /// This candidate's range in `Accepted::invariants`.
    invariants: (u32, u32),
}

impl MoveGen {
    pub fn new(limits: Limits) -> MoveGen {
        MoveGen {
            limits,
            ..MoveGen::default()
        }
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Appends the legal moves of `position` to `out`. The position is borrowed mutably only to
    /// work on its board in place; it is unchanged afterwards, also on error.
    pub fn generate(
        &mut self,
        game: &Game,
        position: &mut Position,
        out: &mut Vec<Move>,
    ) -> Result<(), GenError> {
        let players = Players::new(game, position);
        let p = &mut self.processor;
        p.steps = 0;
        p.globals.reset(game.global_count());
        p.state.player = position.to_move();
        p.state.cells = std::mem::take(&mut position.cells);
        self.accepted.clear(self.limits.moves);
        let symmetry = game
            .symmetry
            .get(position.to_move().index())
            .map_or(&[][..], Vec::as_slice);
        let result = run_all(game, &players, symmetry, self.limits, p, &mut self.accepted);
        position.cells = std::mem::take(&mut p.state.cells);
        result?;
        let accepted = &mut self.accepted;
        if p.globals.take_changed() {
            accepted
                .recheck(game, &p.globals)
                .map_err(|(piece, kind)| error(game, piece, 0, kind))?;
        }
        out.extend(accepted.moves.drain(..).map(|c| c.mv));
        Ok(())
    }

    /// The legal moves of `position`, in generation order.
    pub fn moves(&mut self, game: &Game, position: &Position) -> Result<Vec<Move>, GenError> {
        let mut scratch = position.clone();
        let mut out = Vec::new();
        self.generate(game, &mut scratch, &mut out)?;
        Ok(out)
    }
}

fn run_all(
    game: &Game,
    players: &Players,
    symmetry: &[crate::value::Dir],
    limits: Limits,
    p: &mut Processor,
    accepted: &mut Accepted,
) -> Result<(), GenError> {
    for index in 0..p.state.cells.len() {
        let Some(piece) = p.state.cells.get(index).copied().flatten() else {
            continue;
        };
        let Some(ty) = game.pieces.get(piece.kind.index()) else {
            continue;
        };
        let cx = Context {
            game,
            board: &game.board,
            program: &ty.program,
            players,
            symmetry,
            limits,
        };
        accepted.piece = piece.kind;
        p.run(&cx, Pos(index as u16), accepted)
            .map_err(|Fault { pc, kind }| error(game, piece.kind, pc, kind))?;
    }
    Ok(())
}

fn error(game: &Game, piece: PieceKind, pc: usize, kind: GenErrorKind) -> GenError {
    let program = game.pieces.get(piece.index()).map(|p| &p.program);
    GenError {
        kind,
        game: game.name().to_string(),
        piece: game.piece_name(piece).to_string(),
        clause: program.map_or(crate::model::Clause::Pre, |p| p.clause_at(pc)),
        span: program.map_or_else(Default::default, |p| p.span_at(pc)),
    }
}

impl Accepted {
    fn clear(&mut self, limit: usize) {
        self.moves.clear();
        self.invariants.clear();
        self.locals.clear();
        self.limit = limit;
    }

    /// Drops every accepted move whose invariants no longer hold.
    fn recheck(&mut self, game: &Game, globals: &Globals) -> Result<(), (PieceKind, GenErrorKind)> {
        let mut keep = Vec::with_capacity(self.moves.len());
        for c in self.moves.drain(..) {
            let Some(program) = game.pieces.get(c.piece.index()).map(|p| &p.program) else {
                continue;
            };
            let n = program.locals.len();
            let mut holds = true;
            let invs = self
                .invariants
                .get(c.invariants.0 as usize..c.invariants.1 as usize)
                .unwrap_or(&[]);
            for &(inv, at) in invs {
                let locals = self.locals.get(at as usize..at as usize + n).unwrap_or(&[]);
                let ok = processor::eval_invariant(
                    game,
                    program,
                    inv,
                    locals,
                    globals,
                    &mut self.scratch,
                )
                .map_err(|kind| (c.piece, kind))?;
                if !ok {
                    holds = false;
                    break;
                }
            }
            if holds {
                keep.push(c);
            }
        }
        self.moves = keep;
        Ok(())
    }
}

impl Sink for Accepted {
    fn complete(
        &mut self,
        game: &Game,
        globals: &mut Globals,
        done: Completed<'_>,
    ) -> Result<(), GenErrorKind> {
        let duplicate = self
            .moves
            .iter()
            .any(|c| c.mv.actions.as_slice() == done.actions);
        if !duplicate {
            if self.moves.len() >= self.limit {
                return Err(GenErrorKind::TooManyMoves(self.limit));
            }
            let start = self.invariants.len() as u32;
            let base = self.locals.len() as u32;
            let first_local = done.invariants.first().map_or(0, |&(_, at)| at);
            self.locals.extend_from_slice(
                done.invariant_locals
                    .get(first_local as usize..)
                    .unwrap_or(&[]),
            );
            self.invariants.extend(
                done.invariants
                    .iter()
                    .map(|&(inv, at)| (inv, at - first_local + base)),
            );
            self.moves.push(Candidate {
                mv: Move {
                    actions: done.actions.into(),
                    notation: done.log.into(),
                },
                piece: self.piece,
                invariants: (start, self.invariants.len() as u32),
            });
        }
        if globals.take_changed() {
            self.recheck(game, globals).map_err(|(_, kind)| kind)?;
        }
        Ok(())
    }
}
