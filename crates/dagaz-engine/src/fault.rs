//! A run that stopped, as the located [`GenError`] a game designer reads: the piece, the
//! clause and the span of the command (or of the loop that ran away).

use crate::error::{GenError, GenErrorKind};
use crate::model::Game;
use dagaz_ir::PieceKind;

/// A run of `piece`'s chain that stopped at command `pc`, located for the designer.
pub(crate) fn error(game: &Game, piece: PieceKind, pc: usize, kind: GenErrorKind) -> GenError {
    let program = game.rules.pieces.get(piece.index()).map(|p| &p.program);
    error_in(game, game.piece_name(piece), program, pc, kind)
}

/// A run of `program` (a piece's `drops` chain, or a `goal` clause, which `who` names) that
/// stopped at command `pc`, located for the designer.
pub(crate) fn error_in(
    game: &Game,
    who: &str,
    program: Option<&dagaz_ir::Program>,
    pc: usize,
    kind: GenErrorKind,
) -> GenError {
    // A runaway chain is reported at the innermost loop around the command it stopped on,
    // which is where the designer has to look, rather than at whichever command was last.
    let pc = match (&kind, program) {
        (GenErrorKind::StepLimit(_), Some(p)) => innermost_loop(p, pc).unwrap_or(pc),
        _ => pc,
    };
    GenError {
        kind,
        game: game.name().to_string(),
        piece: who.to_string(),
        clause: program.map_or(dagaz_ir::Clause::Pre, |p| p.clause_at(pc)),
        span: program.map_or_else(Default::default, |p| p.span_at(pc)),
    }
}

/// The backward jump that closes the innermost loop around `pc`.
fn innermost_loop(program: &dagaz_ir::Program, pc: usize) -> Option<usize> {
    program
        .ops
        .iter()
        .enumerate()
        .skip(pc)
        .find(|&(_, op)| matches!(op, dagaz_ir::Op::Jmp(t) if (*t as usize) <= pc))
        .map(|(at, _)| at)
}
