//! Attack tests: whether a position is attacked, computed from the game's own piece chains.
//!
//! A position is attacked when an enemy piece could capture there. There is no list of
//! attack patterns: the test runs the pieces' own chains on a second processor, and looks at
//! the moves they complete. Two ways are offered (see [`AttackTest`]):
//!
//! - *forward*: every enemy piece's chain runs from its square, as on the enemy's turn, with the
//!   defender's piece standing on the position; the position is attacked as soon as one of those
//!   moves captures there (by `capture`, `capture-later`, or a `drop` that replaces it). Exact
//!   for every game, and as costly as generating the enemy's moves.
//! - *reversible*: for each piece type T, a T of the defender is stood on the position and its
//!   chain runs for the defender; the position is attacked as soon as one of those moves
//!   captures an enemy T. This looks only along the lines that lead to the position, and is
//!   exact when the game's moves are reversible (chess: a knight, a slider or a king that
//!   reaches B from A reaches A from B; a pawn captures forwards, and the enemy's forwards is
//!   the mirror image, which the pawn's left–right symmetric captures make the same).
//!
//! Attack tests do not nest: inside one, `is-attacked?` and `not-attacked?` fail, which cuts
//! (for instance) a king's castling out of the attacks it makes — castling never captures.

use super::processor::{Completed, Context, Limits, Processor, Sink};
use crate::env::global::Globals;
use crate::env::players::Players;
use crate::error::GenErrorKind;
use crate::model::{AttackTest, Game};
use crate::moves::Action;
use crate::position::MAX_TURN_VARIABLES;
use crate::value::{Piece, PieceKind, PlayerId, Pos, Value};

/// An attack test that stopped with an error: in which piece type's chain, and where.
pub(crate) struct ProbeFault {
    pub piece: PieceKind,
    pub fault: super::processor::Fault,
}

impl From<ProbeFault> for GenErrorKind {
    fn from(f: ProbeFault) -> GenErrorKind {
        f.fault.kind
    }
}

/// A processor kept for attack tests, so that they allocate nothing once warm.
#[derive(Default)]
pub(crate) struct Prober {
    processor: Box<Processor>,
}

/// What the test is looking for in the moves the probed chains complete.
enum Looking {
    /// Forward: any capture at this position.
    CaptureAt(Pos),
    /// Reversible: a capture of an enemy piece of this type.
    CaptureOf(PieceKind, PlayerId),
}

struct Probe {
    looking: Looking,
    found: bool,
}

impl Sink for Probe {
    fn complete(
        &mut self,
        _: &Game,
        _: &mut Globals,
        done: Completed<'_>,
    ) -> Result<u64, GenErrorKind> {
        self.found = done.actions.iter().any(|a| {
            let (at, victim) = match *a {
                Action::Capture { at, piece } => (at, Some(piece)),
                Action::Drop { at, replaced, .. } => (at, replaced),
                Action::Take { .. } | Action::SetTurn { .. } => return false,
            };
            match (&self.looking, victim) {
                (Looking::CaptureAt(target), Some(_)) => at == *target,
                (Looking::CaptureOf(kind, defender), Some(v)) => {
                    v.kind == *kind && v.owner != *defender
                }
                (_, None) => false,
            }
        });
        Ok(0)
    }

    fn cancel(&mut self, _: u64) {}

    fn finished(&self) -> bool {
        self.found
    }
}

/// Everything an attack test reads besides the board.
pub(crate) struct Question<'a> {
    pub game: &'a Game,
    pub limits: Limits,
    /// The turn number the probed chains see.
    pub turn_number: crate::value::Int,
    pub turn_values: &'a [Value; MAX_TURN_VARIABLES],
    /// The position asked about, the player defending it, and the piece that stands there
    /// for the test (the defender's piece there, or the one it would be).
    pub at: Pos,
    pub defender: PlayerId,
    pub placed: Piece,
}

impl Prober {
    /// Whether `q.at` is attacked on `cells`, which are borrowed for the test and given back
    /// unchanged.
    pub fn attacked(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, ProbeFault> {
        let p = &mut *self.processor;
        p.in_probe = true;
        p.steps = 0;
        p.state.cells = std::mem::take(cells);
        p.state.captured.clear();
        p.state.captured.resize(p.state.cells.len(), false);
        p.state.turn_values = *q.turn_values;
        p.globals.reset(q.game.global_count());
        let before = p.state.cells.get(q.at.index()).copied().flatten();
        let result = match q.game.attack_test() {
            AttackTest::Forward => forward(p, q),
            AttackTest::Reversible => reversible(p, q),
        };
        p.state.restore_cell(q.at, before);
        *cells = std::mem::take(&mut p.state.cells);
        result
    }
}

fn players_for(q: &Question<'_>, player: PlayerId) -> Players {
    Players {
        current: player,
        next: q.game.next_player(player),
        turn_number: q.turn_number,
    }
}

fn forward(p: &mut Processor, q: &Question<'_>) -> Result<bool, ProbeFault> {
    p.state.restore_cell(q.at, Some(q.placed));
    for index in 0..p.state.cells.len() {
        let Some(piece) = p.state.cells.get(index).copied().flatten() else {
            continue;
        };
        if piece.owner == q.defender {
            continue;
        }
        let Some(ty) = q.game.pieces.get(piece.kind.index()) else {
            continue;
        };
        let players = players_for(q, piece.owner);
        let cx = Context {
            game: q.game,
            board: &q.game.board,
            program: &ty.program,
            players: &players,
            symmetry: symmetry(q.game, piece.owner),
            limits: q.limits,
        };
        p.state.player = piece.owner;
        let mut probe = Probe {
            looking: Looking::CaptureAt(q.at),
            found: false,
        };
        p.run(&cx, Pos(index as u16), &mut probe)
            .map_err(|fault| ProbeFault {
                piece: piece.kind,
                fault,
            })?;
        if probe.found {
            return Ok(true);
        }
    }
    Ok(false)
}

fn reversible(p: &mut Processor, q: &Question<'_>) -> Result<bool, ProbeFault> {
    let players = players_for(q, q.defender);
    p.state.player = q.defender;
    for (kind, ty) in q.game.pieces.iter().enumerate() {
        let kind = PieceKind(kind as u8);
        p.state.restore_cell(q.at, Some(Piece { kind, ..q.placed }));
        let cx = Context {
            game: q.game,
            board: &q.game.board,
            program: &ty.program,
            players: &players,
            symmetry: symmetry(q.game, q.defender),
            limits: q.limits,
        };
        let mut probe = Probe {
            looking: Looking::CaptureOf(kind, q.defender),
            found: false,
        };
        p.run(&cx, q.at, &mut probe)
            .map_err(|fault| ProbeFault { piece: kind, fault })?;
        if probe.found {
            return Ok(true);
        }
    }
    Ok(false)
}

fn symmetry(game: &Game, player: PlayerId) -> &[crate::value::Dir] {
    game.symmetry
        .get(player.index())
        .map_or(&[][..], Vec::as_slice)
}
