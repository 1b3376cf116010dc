//! The answers to `is-attacked?` a chain asks, remembered with what they read: castling asks
//! the same squares in every position until the king or rook moves.

use super::probe::Question;
use super::Legality;
use crate::model::Game;
use dagaz_ir::{Piece, Pos, Value, MAX_TURN_VARIABLES};
use dagaz_vm::env::state::ReadSet;
use dagaz_vm::{Attack, GenErrorKind, StepLimits};

/// An attack test's answer, valid while the cells it read hold the same pieces.
#[derive(Clone, Debug)]
pub(super) struct Remembered {
    at: Pos,
    placed: Piece,
    attacked: bool,
    /// Who could attack: see [`attackers`].
    attackers: Attackers,
    /// Its range in `Legality::asked_cells`.
    cells: (u32, u32),
    turn_values: [Value; MAX_TURN_VARIABLES],
    /// 0 where no chain reads the turn number ([`Game::reads_turn_number`]).
    turn_number: dagaz_ir::Int,
}

/// The pieces that could attack a defender, told apart coarsely: how many there are and which
/// types. A test reads the cells its attackers look at, not the cells where new attackers could
/// appear, so an answer stands only for the same attackers: a move that adds one (a promotion
/// to a type the side had not, a drop) is tested afresh. The position asked about is left out:
/// the test stands the defender's piece there, so an enemy that stood there and has since moved
/// off is a new attacker.
type Attackers = (u32, [u64; 4]);

fn attackers(cells: &[Option<Piece>], defender: dagaz_ir::PlayerId, at: Pos) -> Attackers {
    let mut kinds = [0u64; 4];
    let mut count = 0;
    let others = cells
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != at.index())
        .filter_map(|(_, c)| *c);
    for p in others.filter(|p| p.owner != defender) {
        count += 1;
        let k = p.kind.index();
        if let Some(word) = kinds.get_mut(k >> 6) {
            *word |= 1 << (k & 63);
        }
    }
    (count, kinds)
}

/// How many answers to `is-attacked?` are remembered; when full, all are forgotten.
const ASKED: usize = 32;

impl Legality {
    /// Answers `is-attacked?` asked by a chain on `cells`, the board as the run has it.
    pub(crate) fn attacked(
        &mut self,
        game: &Game,
        limits: StepLimits,
        attack: Attack<'_>,
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        if self.asked_game != game.id() {
            self.asked.clear();
            self.asked_cells.clear();
            self.asked_game = game.id();
        }
        let who = attackers(cells, attack.defender, attack.at);
        let turn = if game.reads_turn_number() {
            attack.turn_number
        } else {
            0
        };
        if let Some(attacked) = self.recall(&attack, who, turn, cells) {
            return Ok(attacked);
        }
        let question = Question {
            game,
            limits,
            turn_number: attack.turn_number,
            turn_values: attack.turn_values,
            at: attack.at,
            defender: attack.defender,
            placed: attack.placed,
        };
        let mut reads = ReadSet::new();
        let attacked = self
            .prober
            .attacked_reading(&question, cells, Some(&mut reads))
            .map_err(GenErrorKind::from)?;
        self.remember(&attack, who, turn, cells, &reads, attacked);
        Ok(attacked)
    }

    /// The remembered answer to `attack`, when one stands: asked about the same square, piece,
    /// attackers, turn variables and turn number `turn`, its cells holding what they held.
    #[inline]
    fn recall(
        &self,
        attack: &Attack<'_>,
        who: Attackers,
        turn: dagaz_ir::Int,
        cells: &[Option<Piece>],
    ) -> Option<bool> {
        let asked_cells = &self.asked_cells;
        let known = self.asked.iter().find(|m| {
            m.at == attack.at
                && m.placed == attack.placed
                && m.attackers == who
                && m.turn_number == turn
                && m.turn_values == *attack.turn_values
                && asked_cells
                    .get(m.cells.0 as usize..m.cells.1 as usize)
                    .unwrap_or(&[])
                    .iter()
                    .all(|&(p, piece)| cells.get(p.index()).copied().flatten() == piece)
        });
        known.map(|m| m.attacked)
    }

    /// Keeps the answer to `attack` with the cells it read (`reads`) and what they held.
    fn remember(
        &mut self,
        attack: &Attack<'_>,
        who: Attackers,
        turn: dagaz_ir::Int,
        cells: &[Option<Piece>],
        reads: &ReadSet,
        attacked: bool,
    ) {
        // The turn variables and turn number are part of the key; the position asked about
        // holds `placed` for the test, whatever stands there.
        if self.asked.len() >= ASKED {
            self.asked.clear();
            self.asked_cells.clear();
        }
        let n = cells.len();
        let start = self.asked_cells.len() as u32;
        for (w, &word) in reads.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if i < n && i != attack.at.index() {
                    let piece = cells.get(i).copied().flatten();
                    self.asked_cells.push((Pos(i as u16), piece));
                }
            }
        }
        self.asked.push(Remembered {
            at: attack.at,
            placed: attack.placed,
            attacked,
            attackers: who,
            cells: (start, self.asked_cells.len() as u32),
            turn_values: *attack.turn_values,
            turn_number: turn,
        });
    }
}
