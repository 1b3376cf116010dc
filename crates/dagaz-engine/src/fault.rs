//! A run that stopped, as the located [`GenError`] a game designer reads: the piece, the
//! clause and the span of the command (or of the loop that ran away).

use crate::error::{GenError, GenErrorKind};
use crate::model::Game;
use dagaz_ir::PieceKind;
use dagaz_sexpr::Span;

/// A run of `piece`'s chain that stopped at command `pc`, located for the designer.
pub(crate) fn error(game: &Game, piece: PieceKind, pc: usize, kind: GenErrorKind) -> GenError {
    let ty = game.rules.pieces.get(piece.index());
    let fallback = ty.map(|ty| ty.span).unwrap_or_default();
    error_in(
        game,
        game.piece_name(piece),
        ty.map(|p| &p.program),
        fallback,
        pc,
        kind,
    )
}

/// A run of `program` (a piece's `drops` chain, or a `goal` clause, which `who` names) that
/// stopped at command `pc`, located for the designer; `fallback` is where to point when the
/// command was written by no statement.
pub(crate) fn error_in(
    game: &Game,
    who: &str,
    program: Option<&dagaz_ir::Program>,
    fallback: Span,
    pc: usize,
    kind: GenErrorKind,
) -> GenError {
    // A runaway chain is reported at the innermost loop around the command it stopped on,
    // which is where the designer has to look, rather than at whichever command was last.
    let pc = match (&kind, program) {
        (GenErrorKind::StepLimit(_), Some(p)) => innermost_loop(p, pc).unwrap_or(pc),
        _ => pc,
    };
    // A command written by no statement (the completion of a move after an empty or absent
    // `post`, where the limits on a whole move are checked) is put at the piece's name rather
    // than at the start of the file.
    let span = program
        .map(|p| p.span_at(pc))
        .filter(|span| *span != Span::default())
        .unwrap_or(fallback);
    GenError {
        kind,
        game: game.name().to_string(),
        piece: who.to_string(),
        clause: program.map_or(dagaz_ir::Clause::Pre, |p| p.clause_at(pc)),
        span,
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
