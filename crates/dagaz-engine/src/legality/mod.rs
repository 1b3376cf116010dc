//! Legality: the royal rule and the attack tests it and `is-attacked?` ask, with their memo;
//! and positional superko.
//!
//! Everything about "is this position attacked" lives here. The stack machine asks through
//! [`Sink::attacked`](dagaz_vm::Sink::attacked) when a chain says `is-attacked?`; the move
//! generator hands its moves here to drop those that leave a royal piece attacked. Both use one
//! [`Prober`] (a second processor that runs the pieces' own chains, see `probe`). The generator
//! also hands its moves to [`keep_new_boards`] when the position carries the boards its game
//! has had.

mod asked;
mod probe;
mod royal;

use asked::Remembered;
pub(crate) use probe::ProbeFault;
use probe::{whole_units, Prober, Question, Recorded, Unit};
use royal::Fate;

use crate::boards::{board_change, SeenBoards};
use crate::error::GenError;
use crate::fault;
use crate::model::Game;
use crate::moves::Move;
use crate::position::Position;
use dagaz_compiler::AttackTest;
use dagaz_ir::{Action, Piece, PlayerId, Pos, Value, MAX_TURN_VARIABLES};
use dagaz_vm::env::players::Players;
use dagaz_vm::env::state::ReadSet;
use dagaz_vm::StepLimits;
use smallvec::SmallVec;

/// Positional superko: keeps, of `out[base..]`, the moves that do not bring back a board in
/// `seen` (a move that leaves the board as it is, a pass, stays), in their order. Each move's
/// board is known from its actions without playing it (see `crate::boards`).
pub(crate) fn keep_new_boards(seen: &SeenBoards, out: &mut Vec<Move>, base: usize) {
    let mut kept = base;
    for i in base..out.len() {
        let Some(mv) = out.get(i) else { break };
        if !seen.repeated_by(board_change(&mv.actions)) {
            out.swap(kept, i);
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The attack tests of one generator: its prober, the answers to `is-attacked?` remembered
/// within a generation, and the scratch of the royal rule. Keep one per generator, so that
/// tests allocate nothing once warm.
#[derive(Default)]
pub(crate) struct Legality {
    prober: Prober,
    /// Answers of `is-attacked?`, each with the cells it read and what they held, and the
    /// turn variables and turn number it was found under: it stands while they are the same,
    /// in this generation or a later one (castling asks the same squares in every position
    /// until the king or rook moves).
    asked: Vec<Remembered>,
    asked_cells: Vec<(Pos, Option<Piece>)>,
    /// The game they were found in ([`Game::id`]): a generator may be used with another.
    asked_game: u64,
    /// Scratch: the recorded parts of the royal attack test, and which of them read each cell.
    recorded: Vec<Recorded>,
    /// Scratch: which of the moves judged keep to the royal rule.
    legal: Vec<bool>,
    readers: Vec<u64>,
    /// Scratch for the royal rule: per part, the answer of its last re-run in this position
    /// with what it read then (see `keep_legal`); and the reads of a batch of re-runs.
    memo: Vec<Option<Rerun>>,
    reruns: Vec<(bool, ReadSet)>,
    /// Scratch for `in_check`: a copy of the board to test on.
    check_cells: Vec<Option<Piece>>,
    /// The enemies' piece types in the position `judge` is on, as whole parts, for the moves
    /// of the royal piece (see `leaves_attacked`): found when the first is tested.
    enemy_kinds: Vec<Unit>,
    enemy_kinds_found: bool,
}

/// A part's answer on the board after some move, with the cells (and turn variables) it read
/// and what they held: it stands after any other move that leaves those the same.
#[derive(Default)]
struct Rerun {
    attacked: bool,
    cells: smallvec::SmallVec<[(u16, Option<Piece>); 8]>,
    turns: smallvec::SmallVec<[(u8, Value); 1]>,
}

impl Rerun {
    fn stands(&self, cells: &[Option<Piece>], turns: &[Value]) -> bool {
        self.cells
            .iter()
            .all(|&(i, was)| cells.get(i as usize).copied().flatten() == was)
            && self
                .turns
                .iter()
                .all(|&(t, was)| turns.get(t as usize).copied() == Some(was))
    }
}

impl Rerun {
    /// Keeps a re-run's answer with what it read (`reads`, laid out as a [`ReadSet`]) and what
    /// those cells and turn variables held; the royal piece's own square is left out, since
    /// the test stands its piece there.
    fn remember(
        &mut self,
        attacked: bool,
        reads: &ReadSet,
        royal_at: Pos,
        cells: &[Option<Piece>],
        turns: &[Value],
    ) {
        self.attacked = attacked;
        self.cells.clear();
        self.turns.clear();
        let n = cells.len();
        for (w, &word) in reads.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let i = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if i == royal_at.index() {
                    continue;
                }
                if i < n {
                    self.cells.push((i as u16, cells.get(i).copied().flatten()));
                } else if let Some(&v) = turns.get(i - n) {
                    self.turns.push(((i - n) as u8, v));
                }
            }
        }
    }
}

/// The royal rule's test in one position: the question, its recorded parts, and which parts
/// read each cell.
struct RoyalTest<'a> {
    question: Question<'a>,
    players: &'a Players,
    recorded: &'a [Recorded],
    /// With at most 64 parts, `readers[i]` has a bit per part that read cell (or turn
    /// variable) `i`.
    readers: Option<&'a [u64]>,
    /// A bit per part that found an attack before any move.
    attacked_parts: u64,
    /// A bit per part walked as rays that found no attack before any move: a move that only
    /// puts the defender's pieces on what such a part read leaves it finding none.
    clear_rays: u64,
}

/// What a move changes, as the attack test sees it.
struct Change {
    /// Its cells, then the turn variables it changes, laid out as a [`ReadSet`].
    written: SmallVec<[u64; 2]>,
    /// Whether it lifts the royal piece.
    moves_royal: bool,
    /// What it does to royal pieces by capturing them.
    fate: Fate,
    /// The turn variables after it.
    after: [Value; MAX_TURN_VARIABLES],
}

impl Change {
    fn of(actions: &[Action], q: &Question<'_>, cells: usize) -> Change {
        let (royal_at, before) = (q.at, q.turn_values);
        let words = (cells + MAX_TURN_VARIABLES).div_ceil(64);
        let mut written = zeroed_words(words);
        // Marked through a slice: `SmallVec::get_mut` asks whether it spilled at every action.
        let words_written = written.as_mut_slice();
        let mut mark = |i: usize| {
            if let Some(w) = words_written.get_mut(i >> 6) {
                *w |= 1 << (i & 63);
            }
        };
        let mut moves_royal = false;
        let mut put_down = false;
        let mut fate = Fate::Untouched;
        // A removed royal piece decides the move, as `royal::fate` says; written out here, on
        // the royal rule's hot path, so that only captures look the type up (`royal::Tally`
        // looks at every take and drop: +0.4% instructions on chess perft). Only captures can
        // remove a royal piece that does not move; one that moves must be put down again.
        let mut removed = |piece: Piece| {
            if fate != Fate::Lost && q.game.is_royal(piece.kind) {
                fate = if piece.owner == q.defender {
                    Fate::Lost
                } else {
                    Fate::TakesEnemy
                };
            }
        };
        let mut after = [Value::UNSET; MAX_TURN_VARIABLES];
        for action in actions {
            match *action {
                Action::Take { at, .. } => {
                    moves_royal |= at == royal_at;
                    mark(at.index());
                }
                Action::Capture { at, piece } => {
                    removed(piece);
                    mark(at.index());
                }
                Action::Drop {
                    at,
                    piece,
                    replaced,
                } => {
                    if let Some(piece) = replaced {
                        removed(piece);
                    }
                    put_down |=
                        moves_royal && piece.owner == q.defender && q.game.is_royal(piece.kind);
                    mark(at.index());
                }
                Action::Change { at, .. } => mark(at.index()),
                Action::FromHand { .. }
                | Action::ToHand { .. }
                | Action::Weight { .. }
                | Action::TurnTo { .. }
                | Action::AnotherTurn => {}
                Action::Seeds { at, .. } => mark(at.index()),
                Action::SetTurn { slot, value } => {
                    if let Some(v) = after.get_mut(slot as usize) {
                        *v = value;
                    }
                }
            }
        }
        for (t, (b, a)) in before.iter().zip(&after).enumerate() {
            if b != a {
                mark(cells + t);
            }
        }
        // A royal piece lifted and not put down again (an atomic king that captures) is lost.
        if moves_royal && !put_down {
            fate = Fate::Lost;
        }
        Change {
            written,
            moves_royal,
            fate,
            after,
        }
    }

    /// The parts (a bit each) that read something this move changes.
    fn parts_hit(&self, readers: &[u64]) -> u64 {
        Self::parts_reading(&self.written, readers)
    }

    /// Of what the move of `actions` writes, all but the cells it leaves holding a piece of
    /// `defender`'s: what can open a ray. Found only where a clear ray is hit, off the path of
    /// every other move (shogi's drops made computing it for each move cost 0.8%).
    fn opened(&self, actions: &[Action], defender: PlayerId) -> SmallVec<[u64; 2]> {
        let mut opened = zeroed_words(self.written.len());
        opened.copy_from_slice(&self.written);
        // A cell's last action decides what it holds after the move.
        for action in actions {
            let (at, friend) = match (cell_put(action), *action) {
                (Some((at, piece)), _) => (at, piece.is_some_and(|p| p.owner == defender)),
                (None, Action::Seeds { at, .. }) => (at, false),
                (None, _) => continue,
            };
            let (i, bit) = (at.index() >> 6, 1u64 << (at.index() & 63));
            if let Some(w) = opened.get_mut(i) {
                *w = if friend { *w & !bit } else { *w | bit };
            }
        }
        opened
    }

    /// The parts (a bit each) that read one of the `cells`, laid out as a [`ReadSet`].
    fn parts_reading(cells: &[u64], readers: &[u64]) -> u64 {
        let mut hit = 0u64;
        for (w, &word) in cells.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                hit |= readers.get(w * 64 + b).copied().unwrap_or(0);
            }
        }
        hit
    }
}

/// `words` zeroed words of a read set. Within the inline capacity (boards of up to 124
/// cells) from a zeroed buffer: `smallvec![0; n]` writes them one by one behind a length
/// guard, on the path of every move the royal rule judges.
fn zeroed_words(words: usize) -> SmallVec<[u64; 2]> {
    if words <= 2 {
        SmallVec::from_buf_and_len([0; 2], words)
    } else {
        smallvec::smallvec![0; words]
    }
}

/// Where a move that lifts the defender's royal piece puts it down, and as what: when it puts
/// down one royal piece of the defender's and no piece of another player's (which could be a
/// new attacker), changes none and sows nothing.
fn royal_destination(actions: &[Action], q: &Question<'_>) -> Option<(Pos, Piece)> {
    let mut to = None;
    for action in actions {
        match *action {
            Action::Drop { at, piece, .. }
                if piece.owner == q.defender && q.game.is_royal(piece.kind) =>
            {
                if to.is_some() {
                    return None;
                }
                to = Some((at, piece));
            }
            // The defender's other pieces (a castling's rook) add no attacker.
            Action::Drop { piece, .. } if piece.owner == q.defender => {}
            Action::Drop { .. } | Action::Change { .. } | Action::Seeds { .. } => return None,
            _ => {}
        }
    }
    to
}

/// The cell an action writes and what it holds afterwards, for the actions that change a
/// cell to a piece or to nothing (not `Seeds`, which only a whole play puts down).
#[inline]
fn cell_put(action: &Action) -> Option<(Pos, Option<Piece>)> {
    match *action {
        Action::Take { at, .. } | Action::Capture { at, .. } => Some((at, None)),
        Action::Drop { at, piece, .. } => Some((at, Some(piece))),
        Action::Change { at, to, .. } => Some((at, Some(to))),
        _ => None,
    }
}

/// Puts a move's changes to the cells on `cells`, as `Position::play` does; answers false,
/// changing nothing, for a move that also sows seeds, which only a whole play puts down.
///
/// What each action does to a cell is also `Action::on_board`'s reading; [`cell_put`] and
/// [`take_cells_back`] spell it out because reading it through `on_board` measured 0.8% more
/// instructions on chess perft(4) (the royal rule re-runs parts for most moves), and the
/// test `a_move_put_on_the_cells_alone_leaves_them_as_a_whole_play_does` holds them to it.
fn put_cells(cells: &mut [Option<Piece>], actions: &[Action]) -> bool {
    if actions.iter().any(|a| matches!(a, Action::Seeds { .. })) {
        return false;
    }
    for (at, piece) in actions.iter().filter_map(cell_put) {
        if let Some(cell) = cells.get_mut(at.index()) {
            *cell = piece;
        }
    }
    true
}

/// Takes back what [`put_cells`] put on `cells`, last change first.
fn take_cells_back(cells: &mut [Option<Piece>], actions: &[Action]) {
    for action in actions.iter().rev() {
        let (at, piece) = match *action {
            Action::Take { at, piece } | Action::Capture { at, piece } => (at, Some(piece)),
            Action::Drop { at, replaced, .. } => (at, replaced),
            Action::Change { at, from, .. } => (at, Some(from)),
            _ => continue,
        };
        if let Some(cell) = cells.get_mut(at.index()) {
            *cell = piece;
        }
    }
}

/// A bit for each of the first 64 recorded parts that `keep` holds for.
fn parts_where(recorded: &[Recorded], keep: impl Fn(&Recorded) -> bool) -> u64 {
    recorded
        .iter()
        .enumerate()
        .filter(|(_, r)| keep(r))
        .fold(0u64, |m, (u, _)| {
            m | 1u64.checked_shl(u as u32).unwrap_or(0)
        })
}

/// For each cell (and turn variable) of `words` words of reads, the parts that read it (at
/// most 64 parts), in `buffer`'s allocation.
fn readers_of(recorded: &[Recorded], words: usize, mut buffer: Vec<u64>) -> Vec<u64> {
    buffer.clear();
    buffer.resize(words * 64, 0u64);
    for (u, r) in recorded.iter().enumerate() {
        for (w, &word) in r.reads.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(slot) = buffer.get_mut(w * 64 + b) {
                    *slot |= 1 << u;
                }
            }
        }
    }
    buffer
}

impl Legality {
    /// The royal rule: drops the moves from `out[base..]` after which one of the mover's royal
    /// pieces is attacked, keeping the others in their order.
    pub(crate) fn keep_legal(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        position: &mut Position,
        out: &mut Vec<Move>,
        base: usize,
    ) -> Result<(), GenError> {
        let mut legal = std::mem::take(&mut self.legal);
        let moves = out.get(base..).unwrap_or(&[]);
        let judged = self.judge(
            game,
            limits,
            players,
            position,
            moves.len(),
            &mut legal,
            |i| moves.get(i).map_or(&[], Move::actions),
        );
        let mut kept = base;
        if judged.is_ok() {
            for (i, &keep) in legal.iter().enumerate() {
                if keep {
                    // A move is large: swap only when an illegal one came before.
                    if kept != base + i {
                        out.swap(kept, base + i);
                    }
                    kept += 1;
                }
            }
        }
        out.truncate(kept);
        self.legal = legal;
        judged
    }

    /// The royal rule for moves given by their actions alone (those the move generator
    /// counted without building them): how many of the `n` moves `actions(i)` describes leave
    /// no royal piece of the mover attacked.
    pub(crate) fn count_legal<'a>(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        position: &mut Position,
        n: usize,
        actions: impl Fn(usize) -> &'a [Action],
    ) -> Result<usize, GenError> {
        let mut legal = std::mem::take(&mut self.legal);
        let judged = self.judge(game, limits, players, position, n, &mut legal, actions);
        let count = legal.iter().filter(|&&keep| keep).count();
        self.legal = legal;
        judged.map(|()| count)
    }

    /// Sets `legal[i]`, for each of the `n` moves `actions(i)` describes, to whether it keeps
    /// to the royal rule.
    ///
    /// With one royal piece, the attack test runs once on the position before any move,
    /// recording what each of its parts read. A move that does not move the royal piece and
    /// changes none of what a part read leaves that part's answer as it was, so only the parts
    /// it disturbs run again, on the board after the move.
    #[allow(clippy::too_many_arguments)]
    fn judge<'a>(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        position: &mut Position,
        n: usize,
        legal: &mut Vec<bool>,
        actions: impl Fn(usize) -> &'a [Action],
    ) -> Result<(), GenError> {
        legal.clear();
        let mover = position.to_move();
        let royal = royal_pieces(game, position, mover);
        let [(at, king)] = royal.as_slice() else {
            for i in 0..n {
                let keep = self.keeps_slowly(game, limits, players, position, actions(i))?;
                legal.push(keep);
            }
            return Ok(());
        };
        let before = position.turn_values;
        let question = Question {
            game,
            limits,
            turn_number: players.turn_number,
            turn_values: &before,
            at: *at,
            defender: mover,
            placed: *king,
        };
        let mut recorded = std::mem::take(&mut self.recorded);
        self.prober
            .record(&question, &mut position.cells, &mut recorded)
            .map_err(|f| probe_error(game, f))?;
        // With at most 64 parts: for each cell (and turn variable), the parts that read it.
        let words = (position.cells.len() + MAX_TURN_VARIABLES).div_ceil(64);
        let readers = (recorded.len() <= 64)
            .then(|| readers_of(&recorded, words, std::mem::take(&mut self.readers)));
        self.memo.clear();
        self.enemy_kinds_found = false;
        self.memo.resize_with(recorded.len(), || None);
        let test = RoyalTest {
            question,
            players,
            recorded: &recorded,
            readers: readers.as_deref(),
            attacked_parts: parts_where(&recorded, |r| r.attacked),
            clear_rays: parts_where(&recorded, |r| r.walked && !r.attacked),
        };
        let mut result = Ok(());
        for i in 0..n {
            match self.leaves_attacked(&test, position, actions(i)) {
                Ok(attacked) => legal.push(!attacked),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.recorded = recorded;
        if let Some(readers) = readers {
            self.readers = readers;
        }
        result
    }

    /// Whether the royal piece `test` is about stands attacked after the move of `actions`.
    fn leaves_attacked(
        &mut self,
        test: &RoyalTest<'_>,
        position: &mut Position,
        actions: &[Action],
    ) -> Result<bool, GenError> {
        let q = &test.question;
        let change = Change::of(actions, q, position.cells.len());
        match change.fate {
            Fate::Untouched => {}
            Fate::Lost => return Ok(true),
            Fate::TakesEnemy => return Ok(false),
        }
        if change.moves_royal {
            return self.royal_moved_attacked(q, test.players, position, actions);
        }
        // Parts the move leaves alone answer as before (one attack is enough); the parts it
        // disturbs run again on the board after it.
        if let Some(readers) = test.readers {
            let hit = change.parts_hit(readers);
            if test.attacked_parts & !hit != 0 {
                return Ok(true);
            }
            // A clear ray stays clear when the move only put the defender's pieces on what it
            // read: the first of them it meets stops it (a friend blocking a line, or standing
            // on a leap's target). Only walked rays: a chain may look past a friend (a cannon).
            let mut hit = hit;
            if hit & test.clear_rays != 0 {
                let opened = change.opened(actions, q.defender);
                hit &= !test.clear_rays | Change::parts_reading(&opened, readers);
            }
            if hit == 0 {
                return Ok(false);
            }
            return self.rerun_remembering(test, position, actions, &change, hit);
        }
        self.rerun_disturbed(test, position, actions, &change)
    }

    /// Whether the royal piece `q` is about stands attacked after the move of `actions`, which
    /// lifts it.
    #[inline]
    fn royal_moved_attacked(
        &mut self,
        q: &Question<'_>,
        players: &Players,
        position: &mut Position,
        actions: &[Action],
    ) -> Result<bool, GenError> {
        let game = q.game;
        // A reversible test of a royal piece that moved needs only the enemies' piece types,
        // which a move that puts down none of theirs leaves as they were (or fewer, where it
        // captures: a type no piece has finds no attack). Found once per position, they spare
        // each such move a search of the board for the royal piece and for the types.
        let moved = (game.attack_test() == AttackTest::Reversible)
            .then(|| royal_destination(actions, q))
            .flatten();
        if moved.is_some() && !self.enemy_kinds_found {
            whole_units(q, &position.cells, &mut self.enemy_kinds);
            self.enemy_kinds_found = true;
        }
        let undo = position.play_actions(game, actions);
        let attacked = match moved {
            Some((at, placed)) => {
                let turn_values = position.turn_values;
                let after = Question {
                    turn_values: &turn_values,
                    at,
                    placed,
                    ..*q
                };
                self.prober
                    .rerun(&after, &mut position.cells, &self.enemy_kinds)
            }
            None => self.royal_attacked(game, q.limits, players, position, q.defender),
        };
        position.unplay_actions(actions, undo);
        attacked.map_err(|f| probe_error(game, f))
    }

    /// Whether the royal piece stands attacked after the move that `change` describes, for a
    /// test of more than 64 parts: the parts the move disturbs run again, on the board after
    /// it; the others answer as before.
    #[inline]
    fn rerun_disturbed(
        &mut self,
        test: &RoyalTest<'_>,
        position: &mut Position,
        actions: &[Action],
        change: &Change,
    ) -> Result<bool, GenError> {
        let game = test.question.game;
        let mut disturbed: SmallVec<[Unit; 16]> = SmallVec::new();
        for r in test.recorded {
            if !r.stands(&change.written) {
                disturbed.push(r.unit);
            } else if r.attacked {
                return Ok(true);
            }
        }
        if disturbed.is_empty() {
            return Ok(false);
        }
        let undo = position.play_actions(game, actions);
        let after_move = Question {
            turn_values: &change.after,
            ..test.question
        };
        let result = self
            .prober
            .rerun(&after_move, &mut position.cells, &disturbed);
        position.unplay_actions(actions, undo);
        result.map_err(|f| probe_error(game, f))
    }

    /// Runs again, on the board after the move, the parts `hit` names — except those whose last
    /// re-run in this position read cells and turn variables that are the same after it:
    /// they answer as then. Each part run is remembered for the position's other moves.
    fn rerun_remembering(
        &mut self,
        test: &RoyalTest<'_>,
        position: &mut Position,
        actions: &[Action],
        change: &Change,
        mut hit: u64,
    ) -> Result<bool, GenError> {
        let game = test.question.game;
        // The parts read the cells alone (the turn variables after the move are
        // `change.after`): the move's changes to the cells are all they need of it.
        let undo = if put_cells(&mut position.cells, actions) {
            None
        } else {
            Some(position.play_actions(game, actions))
        };
        let mut disturbed: SmallVec<[Unit; 16]> = SmallVec::new();
        let mut pending: SmallVec<[usize; 16]> = SmallVec::new();
        let mut attacked = false;
        while hit != 0 {
            let u = hit.trailing_zeros() as usize;
            hit &= hit - 1;
            match self.memo.get(u) {
                Some(Some(m)) if m.stands(&position.cells, &change.after) => {
                    if m.attacked {
                        attacked = true;
                        break;
                    }
                }
                _ => {
                    if let Some(r) = test.recorded.get(u) {
                        disturbed.push(r.unit);
                        pending.push(u);
                    }
                }
            }
        }
        let mut outcome = Ok(false);
        if !attacked && !disturbed.is_empty() {
            let after_move = Question {
                turn_values: &change.after,
                ..test.question
            };
            let mut reruns = std::mem::take(&mut self.reruns);
            outcome = self.prober.rerun_reading(
                &after_move,
                &mut position.cells,
                &disturbed,
                &mut reruns,
            );
            for (&u, (found, reads)) in pending.iter().zip(&reruns) {
                if let Some(slot) = self.memo.get_mut(u) {
                    slot.get_or_insert_with(Rerun::default).remember(
                        *found,
                        reads,
                        test.question.at,
                        &position.cells,
                        &change.after,
                    );
                }
            }
            self.reruns = reruns;
        }
        match undo {
            Some(undo) => position.unplay_actions(actions, undo),
            None => take_cells_back(&mut position.cells, actions),
        }
        Ok(attacked | outcome.map_err(|f| probe_error(game, f))?)
    }

    /// Whether the move of `actions` keeps to the royal rule, tested in full: what
    /// [`Legality::judge`] asks for games with several royal pieces, or none on the board.
    fn keeps_slowly(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        position: &mut Position,
        actions: &[Action],
    ) -> Result<bool, GenError> {
        let mover = position.to_move();
        Ok(match royal::fate(actions, mover, |k| game.is_royal(k)) {
            Fate::Lost => false,
            Fate::TakesEnemy => true,
            Fate::Untouched => {
                let undo = position.play_actions(game, actions);
                let attacked = self.royal_attacked(game, limits, players, position, mover);
                position.unplay_actions(actions, undo);
                !attacked.map_err(|f| probe_error(game, f))?
            }
        })
    }

    /// The royal rule with every move tested in full, whatever the royal pieces: the
    /// reference the tests hold [`Legality::keep_legal`] to.
    #[cfg(test)]
    pub(crate) fn keep_legal_slowly(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        position: &mut Position,
        out: &mut Vec<Move>,
        base: usize,
    ) -> Result<(), GenError> {
        let mut legal = Vec::new();
        for mv in out.get(base..).unwrap_or(&[]) {
            legal.push(self.keeps_slowly(game, limits, players, position, mv.actions())?);
        }
        let mut verdicts = legal.into_iter();
        let mut seen = 0;
        out.retain(|_| {
            seen += 1;
            seen <= base || verdicts.next().unwrap_or(false)
        });
        Ok(())
    }

    /// Whether one of `player`'s royal pieces is attacked in `position`.
    fn royal_attacked(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        position: &mut Position,
        player: dagaz_ir::PlayerId,
    ) -> Result<bool, ProbeFault> {
        // A copy: the cells are lent to the prober while it reads these.
        let turn_values = position.turn_values;
        self.royal_attacked_on(
            game,
            limits,
            players,
            &mut position.cells,
            &turn_values,
            player,
        )
    }

    /// [`Legality::royal_attacked`] on a board and turn variables of their own.
    fn royal_attacked_on(
        &mut self,
        game: &Game,
        limits: StepLimits,
        players: &Players,
        cells: &mut Vec<Option<Piece>>,
        turn_values: &[Value; MAX_TURN_VARIABLES],
        player: dagaz_ir::PlayerId,
    ) -> Result<bool, ProbeFault> {
        for index in 0..cells.len() {
            let Some(piece) = cells.get(index).copied().flatten() else {
                continue;
            };
            if piece.owner != player || !game.is_royal(piece.kind) {
                continue;
            }
            let question = Question {
                game,
                limits,
                turn_number: players.turn_number,
                turn_values,
                at: Pos(index as u16),
                defender: player,
                placed: piece,
            };
            if self.prober.attacked(&question, cells)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Whether `mv`, generated for `position` without the royal rule, keeps to it: it does not
    /// leave a royal piece of the mover attacked (the same test `keeps_slowly` makes).
    /// The position is played on and taken back.
    pub(crate) fn is_legal(
        &mut self,
        game: &Game,
        limits: StepLimits,
        position: &mut Position,
        mv: &Move,
    ) -> Result<bool, GenError> {
        let mover = position.to_move();
        match royal::fate(mv.actions(), mover, |k| game.is_royal(k)) {
            Fate::Lost => Ok(false),
            Fate::TakesEnemy => Ok(true),
            Fate::Untouched => {
                let players = game.players_env(position);
                let undo = position.play(game, mv);
                let attacked = self.royal_attacked(game, limits, &players, position, mover);
                position.unplay(mv, undo);
                Ok(!attacked.map_err(|f| probe_error(game, f))?)
            }
        }
    }

    /// Whether the side to move has a royal piece under attack (is in check).
    pub(crate) fn in_check(
        &mut self,
        game: &Game,
        limits: StepLimits,
        position: &Position,
    ) -> Result<bool, GenError> {
        let players = game.players_env(position);
        self.on_copied_board(game, position, |legality, cells| {
            legality.royal_attacked_on(
                game,
                limits,
                &players,
                cells,
                &position.turn_values,
                position.to_move(),
            )
        })
    }

    /// Whether `placed`, standing on `at` for its owner, could be taken there by another
    /// player's piece in `position` (the test `is-attacked?` makes for a chain's square).
    pub(crate) fn is_attacked(
        &mut self,
        game: &Game,
        limits: StepLimits,
        position: &Position,
        at: Pos,
        placed: Piece,
    ) -> Result<bool, GenError> {
        let turn_number = game.players_env(position).turn_number;
        self.on_copied_board(game, position, |legality, cells| {
            let question = Question {
                game,
                limits,
                turn_number,
                turn_values: &position.turn_values,
                at,
                defender: placed.owner,
                placed,
            };
            legality.prober.attacked(&question, cells)
        })
    }

    /// Runs `test` on a copy of `position`'s board, kept in a buffer for it: the position is
    /// only lent, and the prober stands pieces on the board it tests.
    fn on_copied_board(
        &mut self,
        game: &Game,
        position: &Position,
        test: impl FnOnce(&mut Legality, &mut Vec<Option<Piece>>) -> Result<bool, ProbeFault>,
    ) -> Result<bool, GenError> {
        let mut cells = std::mem::take(&mut self.check_cells);
        cells.clear();
        cells.extend_from_slice(&position.cells);
        let attacked = test(self, &mut cells);
        self.check_cells = cells;
        attacked.map_err(|f| probe_error(game, f))
    }
}

/// An error in an attack test run for the royal rule, located in the chain that ran.
fn probe_error(game: &Game, f: ProbeFault) -> GenError {
    let mut e = fault::error(game, f.piece, f.fault.pc, f.fault.kind);
    e.piece = format!("{} (testing for attacks)", e.piece);
    e
}

/// The royal pieces `player` has in `position`.
fn royal_pieces(
    game: &Game,
    position: &Position,
    player: PlayerId,
) -> smallvec::SmallVec<[(Pos, Piece); 2]> {
    position
        .pieces()
        .filter(|(_, p)| p.owner == player && game.is_royal(p.kind))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::MoveGen;

    use crate::shipped::game;

    /// Inline or spilled, a move's bit set starts with as many words as it is asked for, all 0.
    #[test]
    fn zeroed_words_are_as_many_as_asked_and_all_zero() {
        for words in 0..6 {
            let set = zeroed_words(words);
            assert_eq!(set.len(), words);
            assert!(set.iter().all(|&w| w == 0));
            assert_eq!(set.spilled(), words > 2);
        }
    }

    /// The royal rule's re-runs put a move on the cells alone: they must find the board a whole
    /// play makes, and give back the one they were lent.
    #[test]
    fn a_move_put_on_the_cells_alone_leaves_them_as_a_whole_play_does() {
        for (file, fen) in [
            (
                "chess.game",
                "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2",
            ),
            ("chess.game", "r3k2r/p1P5/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1"),
        ] {
            let g = game(file);
            let mut position = g.from_fen(fen).unwrap();
            let moves = MoveGen::default().moves(&g, &position).unwrap();
            assert!(moves.len() > 20, "{fen}");
            for mv in &moves {
                let before = position.cells.clone();
                let undo = position.play(&g, mv);
                let played = position.cells.clone();
                position.unplay(mv, undo);
                let mut cells = before.clone();
                assert!(put_cells(&mut cells, mv.actions()));
                assert_eq!(cells, played, "{mv:?}");
                take_cells_back(&mut cells, mv.actions());
                assert_eq!(cells, before, "{mv:?}");
            }
        }
    }

    /// The king's moves are tested against the enemies' piece types found before any of them:
    /// one that takes the last knight must not keep the knight's attack from the others. The
    /// king has two moves in each position, the capture and a square the knight guards, with
    /// the capture on either rank and either side, so that it is tested first in some.
    #[test]
    fn a_king_that_takes_the_last_of_a_type_leaves_its_other_moves_tested_against_it() {
        let g = game("chess.game");
        // A knight on d2 guards f1, on f2 d1, on f1 d2, on d1 f2.
        for (fen, king_moves) in [
            ("4k3/8/8/8/8/8/3nPP2/3QK3 w - - 0 1", ["e1d2"]),
            ("4k3/8/8/8/8/8/3PPn2/4KB2 w - - 0 1", ["e1f2"]),
            ("4k3/8/8/8/8/8/4PP2/3QKn2 w - - 0 1", ["e1f1"]),
            ("4k3/8/8/8/8/8/3PP3/3nKB2 w - - 0 1", ["e1d1"]),
        ] {
            let position = g.from_fen(fen).unwrap();
            let moves: Vec<String> = MoveGen::default()
                .moves(&g, &position)
                .unwrap()
                .iter()
                .map(|m| m.notation(&g))
                .filter(|n| n.starts_with("e1"))
                .collect();
            assert_eq!(moves, king_moves, "{fen}");
        }
    }

    /// A clear ray is not run again where a move only put the defender's pieces on what it
    /// read, so `opened` must hold every cell a move writes but leaves without one: emptied,
    /// or holding the other side's piece.
    #[test]
    fn a_move_opens_the_cells_it_leaves_without_a_defenders_piece() {
        let g = game("chess.game");
        let mut seen = [0usize; 2];
        // Captures, castlings, an en-passant capture and promotions.
        for fen in [
            crate::shipped::KIWIPETE,
            "r3k2r/p1P5/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
            "r3k2r/p1P5/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1",
        ] {
            let mut position = g.from_fen(fen).unwrap();
            let defender = position.to_move();
            let [(at, placed)] = royal_pieces(&g, &position, defender)[..] else {
                panic!("{fen}: one king");
            };
            let moves = MoveGen::default().moves(&g, &position).unwrap();
            for mv in &moves {
                let before = position.turn_values;
                let q = Question {
                    game: &g,
                    limits: MoveGen::default().limits(),
                    turn_number: 0,
                    turn_values: &before,
                    at,
                    defender,
                    placed,
                };
                let change = Change::of(mv.actions(), &q, position.cells.len());
                let opened = change.opened(mv.actions(), defender);
                let undo = position.play(&g, mv);
                for (i, cell) in position.cells.iter().enumerate() {
                    let bit = |set: &[u64]| set.get(i >> 6).is_some_and(|w| w >> (i & 63) & 1 == 1);
                    let friend = cell.is_some_and(|p| p.owner == defender);
                    let expected = bit(&change.written) && !friend;
                    assert_eq!(bit(&opened), expected, "{fen}: {mv:?} at cell {i}");
                    if bit(&change.written) {
                        seen[usize::from(friend)] += 1;
                    }
                }
                position.unplay(mv, undo);
            }
        }
        assert!(seen[0] > 50 && seen[1] > 50, "{seen:?}");
    }

    /// A pawn that has just stepped two squares past the king's side gives no check: the
    /// reversible test stands a pawn on the king's square, whose capture en passant takes
    /// the pawn beside it, but lands elsewhere, and the pawn beside does not attack the king.
    /// Without a legal move, White is stalemated, not mated.
    #[test]
    fn a_pawn_that_can_be_taken_en_passant_beside_the_king_gives_no_check() {
        let g = game("chess.game");
        for fen in [
            "4k3/8/8/4Kp2/8/8/8/8 w - f6 0 2",
            "4b3/6k1/4p3/5pK1/r7/8/8/8 w - f6 0 2",
            "8/8/8/8/2kPp3/8/8/7K b - d3 0 2",
        ] {
            let position = g.from_fen(fen).unwrap();
            assert!(
                !MoveGen::default().in_check(&g, &position).unwrap(),
                "{fen}"
            );
        }
        let position = g.from_fen("4b3/6k1/4p3/5pK1/r7/8/8/8 w - f6 0 2").unwrap();
        let ending = MoveGen::default().ending(&g, &position).unwrap().unwrap();
        assert_eq!(ending.outcome, Some(crate::Outcome::Draw), "{ending:?}");
    }

    /// `MoveGen::is_attacked` answers what the enemies' own moves say: a piece stood on a
    /// square is attacked there when, with the enemy to move, one of its moves (before the
    /// royal rule) takes it by landing there (the reversible test does not see a capture en
    /// passant, which lands elsewhere; no king is ever taken so). Every square but the kings',
    /// in positions with pins, x-rays, pawns on both sides and an en-passant square.
    #[test]
    fn a_piece_is_attacked_where_an_enemy_move_would_take_it() {
        let g = game("chess.game");
        let mut seen = [0usize; 2];
        for fen in [
            crate::shipped::KIWIPETE,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        ] {
            let position = g.from_fen(fen).unwrap();
            let me = position.to_move();
            for index in 0..position.cells.len() {
                let at = Pos(index as u16);
                if position.piece_at(at).is_some_and(|p| g.is_royal(p.kind)) {
                    continue;
                }
                for kind in [0, 1, 4].map(|k| dagaz_ir::PieceKind::from_index(k).unwrap()) {
                    let placed = Piece::new(me, kind);
                    let answer = MoveGen::default()
                        .is_attacked(&g, &position, at, placed)
                        .unwrap();
                    let mut stood = position.clone();
                    stood.put(at, Some(placed));
                    let enemy = g.players_env(&stood).next;
                    stood.set_turn(g.turn_of(enemy));
                    let mut replies = Vec::new();
                    MoveGen::default()
                        .generate_unchecked(&g, &mut stood, &mut replies)
                        .unwrap();
                    let taken = replies.iter().any(|m| {
                        m.landing().map(|(l, _)| l) == Some(at)
                            && m.actions()
                                .iter()
                                .filter_map(royal::removal)
                                .any(|(c, _)| c == at)
                    });
                    assert_eq!(answer, taken, "{fen}: {at:?} {placed:?}");
                    seen[usize::from(answer)] += 1;
                }
            }
        }
        assert!(seen[0] > 100 && seen[1] > 100, "{seen:?}");
    }
}
