//! The moves accepted in one generation: their invariants and the locals saved to re-check
//! them, duplicates found by hash bucket, the moves counted without building them, and the
//! limits on how many moves and how much of them a generation may hold.

use super::captures;
use crate::error::{GenError, GenErrorKind};
use crate::fault::error;
use crate::model::Game;
use crate::moves::Move;
use dagaz_ir::{same_actions, unordered_hash, Action, PieceKind, PlayerId, Value};
use dagaz_vm::env::global::Globals;
use dagaz_vm::{eval_invariant, Completed, StepLimits};

/// The moves accepted so far in one generation, with their invariants.
#[derive(Default)]
pub(super) struct Accepted {
    /// The caller's move list, borrowed for the generation; this generation's moves start at
    /// `base`, and `meta[i]` describes `moves[base + i]`.
    moves: Vec<Move>,
    base: usize,
    meta: Vec<Meta>,
    /// (invariant, start of its saved locals in `locals`), for all candidates.
    invariants: Vec<(u16, u32)>,
    locals: Vec<Value>,
    pub(super) piece: PieceKind,
    /// The player whose moves these are: captured pieces join this hand.
    pub(super) mover: PlayerId,
    /// [`StepLimits::moves`] and [`StepLimits::volume`].
    limit: usize,
    volume_limit: usize,
    /// Actions and notation values of this generation's moves, for [`StepLimits::volume`].
    volume: usize,
    scratch: Vec<Value>,
    /// An error found while re-checking, already located; it wins over the location the
    /// processor would give (the `Complete` that triggered the re-check).
    pub(super) failure: Option<GenError>,
    next_serial: u64,
    /// One bit per bucket of move hashes ([`BUCKETS`]): a move whose bucket no accepted move
    /// has set has no duplicate among them, and they are not scanned. Bits stay set when a
    /// move is withdrawn or dropped; that only costs a scan.
    buckets: Vec<u64>,
    /// Which moves are counted instead of kept (see [`Counting`]), and those counted: their
    /// actions (and, where moves are unique by path, their notation) back to back, so that a
    /// duplicate counts once and the royal rule can judge them.
    pub(super) counting: Counting,
    pub(super) counted: Vec<Counted>,
    counted_actions: Vec<Action>,
    counted_log: Vec<Value>,
    /// After a generation that counted every move: how many of them are legal.
    pub(super) counted_legal: usize,
}

/// Which moves a generation counts without building them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Counting {
    /// None: every move is built ([`MoveGen::generate`]).
    #[default]
    Off,
    /// The moves that do not capture ([`MoveGen::generate_captures_unchecked`]).
    Quiet,
    /// Every move ([`MoveGen::count`]).
    All,
}

/// A move counted without building it.
#[derive(Clone, Copy)]
pub(super) struct Counted {
    /// What a built move keeps beside it: its invariants are re-checked the same way.
    meta: Meta,
    /// Its range in [`Accepted::counted_actions`] and in [`Accepted::counted_log`] (empty
    /// unless moves are unique by path).
    actions: (u32, u32),
    log: (u32, u32),
}

/// Hash buckets of [`Accepted::buckets`]: with a few hundred moves (a Go or Hex board) most
/// new moves find their bucket empty. Without it every move was compared with every move
/// accepted before it: a fifth of the instructions of a Monte Carlo search in Hex.
const BUCKETS: usize = 4096;

/// A completed move as [`Accepted::complete`] hands it on to be kept or counted.
#[derive(Clone, Copy)]
struct Candidate<'a, 'p> {
    /// [`Meta::hash`].
    hash: u64,
    /// Whether its hash bucket was set before it: only then can it duplicate a move.
    seen: bool,
    /// Its actions, with the captured pieces that join the mover's hand.
    actions: &'a [Action],
    /// The product of its `Weight` actions, which `actions` leaves out.
    weight: u64,
    done: &'a Completed<'p>,
}

#[derive(Clone, Copy)]
struct Meta {
    piece: PieceKind,
    /// [`unordered_hash`] of the move's actions, to find duplicates quickly.
    hash: u64,
    /// Names the move for [`Sink::cancel`].
    serial: u64,
    /// This candidate's range in `Accepted::invariants`.
    invariants: (u32, u32),
}

/// The product of a move's `Weight` actions (1 without one), and its actions without them
/// when it has one.
fn weighed(actions: &[Action]) -> (u64, Option<Vec<Action>>) {
    if !actions.iter().any(|a| matches!(a, Action::Weight { .. })) {
        return (1, None);
    }
    let mut weight = 1u64;
    let mut rest = Vec::with_capacity(actions.len());
    for &action in actions {
        match action {
            Action::Weight { weight: w } => weight = weight.saturating_mul(u64::from(w)),
            other => rest.push(other),
        }
    }
    (weight, Some(rest))
}

/// A move's actions, then a `ToHand` for the mover per piece of another player it captures
/// (by `capture`, or by a drop that replaces it), demoted as the game says; with `to-owner`, a
/// `ToHand` for its owner per piece it captures, whoever's.
fn with_captures_to_hand(
    actions: &[Action],
    mover: PlayerId,
    rule: &dagaz_compiler::ToHand,
) -> smallvec::SmallVec<[Action; 6]> {
    let mut all = smallvec::SmallVec::from_slice(actions);
    for action in actions {
        if let Action::Capture { piece, .. }
        | Action::Drop {
            replaced: Some(piece),
            ..
        } = *action
        {
            let player = if rule.to_owner { piece.owner } else { mover };
            if rule.to_owner || piece.owner != mover {
                all.push(Action::ToHand {
                    player,
                    kind: rule.demote(piece),
                });
            }
        }
    }
    all
}

impl Accepted {
    #[inline]
    pub(super) fn begin(&mut self, moves: Vec<Move>, limits: StepLimits) {
        self.failure = None;
        self.buckets.clear();
        self.buckets.resize(BUCKETS / 64, 0);
        self.base = moves.len();
        self.moves = moves;
        self.meta.clear();
        self.invariants.clear();
        self.locals.clear();
        self.limit = limits.moves;
        self.volume_limit = limits.volume;
        self.volume = 0;
        self.counted.clear();
        self.counted_actions.clear();
        self.counted_log.clear();
        self.counted_legal = 0;
    }

    /// Hands the move list back; after an error, without this generation's moves.
    #[inline]
    pub(super) fn end(&mut self, ok: bool) -> Vec<Move> {
        if !ok {
            self.moves.truncate(self.base);
        }
        std::mem::take(&mut self.moves)
    }

    /// Drops every accepted move whose invariants no longer hold.
    pub(super) fn recheck(&mut self, game: &Game, globals: &Globals) -> Result<(), GenError> {
        // Compacts `moves[base..]` and `meta` together, keeping generation order.
        let mut kept = 0;
        for read in 0..self.meta.len() {
            let Some(&meta) = self.meta.get(read) else {
                break;
            };
            if self.holds(game, globals, meta)? {
                self.meta.swap(kept, read);
                self.moves.swap(self.base + kept, self.base + read);
                kept += 1;
            }
        }
        self.meta.truncate(kept);
        self.moves.truncate(self.base + kept);
        // Counted moves keep their actions where they are; only their entries move.
        let mut kept = 0;
        for read in 0..self.counted.len() {
            let Some(&counted) = self.counted.get(read) else {
                break;
            };
            if self.holds(game, globals, counted.meta)? {
                self.counted.swap(kept, read);
                kept += 1;
            }
        }
        self.counted.truncate(kept);
        Ok(())
    }

    /// Whether every invariant of one accepted move still holds.
    fn holds(&mut self, game: &Game, globals: &Globals, meta: Meta) -> Result<bool, GenError> {
        let Some(program) = game
            .rules
            .pieces
            .get(meta.piece.index())
            .map(|p| &p.program)
        else {
            return Ok(true);
        };
        let n = program.locals.len();
        let invs = self
            .invariants
            .get(meta.invariants.0 as usize..meta.invariants.1 as usize)
            .unwrap_or(&[]);
        for &(inv, at) in invs {
            let saved = self.locals.get(at as usize..at as usize + n).unwrap_or(&[]);
            match eval_invariant(
                &game.rules.strings,
                program,
                inv,
                saved,
                globals,
                &mut self.scratch,
            ) {
                Ok(true) => {}
                Ok(false) => return Ok(false),
                Err(kind) => {
                    // Located at the invariant's own check, in its own piece.
                    let pc = program
                        .invariants
                        .get(inv as usize)
                        .map_or(0, |r| r.end as usize);
                    return Err(error(game, meta.piece, pc, kind));
                }
            }
        }
        Ok(true)
    }
    #[inline]
    pub(super) fn complete(
        &mut self,
        game: &Game,
        globals: &mut Globals,
        done: Completed<'_>,
    ) -> Result<u64, GenErrorKind> {
        // A weight says how likely the move is, not what it does: duplicates are found, and
        // the move kept, without it.
        let (weight, mut unweighed) = weighed(done.actions);
        if game.rules.unique_by_effect {
            unweighed = Some(super::effect::net_effect(
                unweighed.as_deref().unwrap_or(done.actions),
            ));
        }
        let all = unweighed.as_deref().unwrap_or(done.actions);
        let mut hash = unordered_hash(all);
        if game.rules.unique_by_path {
            // Moves told apart by their notation hash apart too, or every move with the same
            // actions would be compared with all the others.
            let mut mix = Mix(hash);
            std::hash::Hash::hash_slice(done.log, &mut mix);
            hash = std::hash::Hasher::finish(&mix);
        }
        // The bucket first, then the hashes; a move is looked at only when its hash matches.
        let bucket = (hash >> 52) as usize % BUCKETS;
        let (word, bit) = (bucket / 64, 1u64 << (bucket % 64));
        let seen = self.buckets.get(word).is_some_and(|w| w & bit != 0);
        if let Some(w) = self.buckets.get_mut(word) {
            *w |= bit;
        }
        // Captured pieces joining the hand are part of the move: duplicates compare with them.
        let to_hand;
        let actions: &[Action] = match &game.rules.to_hand {
            None => all,
            Some(rule) => {
                to_hand = with_captures_to_hand(all, self.mover, rule);
                &to_hand
            }
        };
        let counts = match self.counting {
            Counting::Off => false,
            Counting::Quiet => !captures(done.actions),
            Counting::All => true,
        };
        let candidate = Candidate {
            hash,
            seen,
            actions,
            weight,
            done: &done,
        };
        let serial = if counts {
            self.count(game, candidate)?
        } else {
            self.keep(game, candidate)?
        };
        if globals.take_changed() {
            if let Err(e) = self.recheck(game, globals) {
                let kind = e.kind.clone();
                self.failure = Some(e);
                return Err(kind);
            }
        }
        Ok(serial)
    }

    /// Keeps a move whole in the caller's list, unless it duplicates one kept before: the
    /// serial that names it.
    #[inline]
    fn keep(&mut self, game: &Game, c: Candidate<'_, '_>) -> Result<u64, GenErrorKind> {
        let (hash, seen, actions, done) = (c.hash, c.seen, c.actions, c.done);
        let ours = self.moves.get(self.base..).unwrap_or(&[]);
        let mut from = if seen { 0 } else { self.meta.len() };
        let duplicate = loop {
            let Some(i) = self
                .meta
                .get(from..)
                .and_then(|rest| rest.iter().position(|m| m.hash == hash))
                .map(|i| from + i)
            else {
                break None;
            };
            if let (Some(meta), Some(m)) = (self.meta.get(i), ours.get(i)) {
                if same_actions(&m.actions, actions)
                    && (!game.rules.unique_by_path || m.notation.as_slice() == done.log)
                {
                    break Some((i, meta.serial));
                }
            }
            from = i + 1;
        };
        let serial = match duplicate {
            Some((i, serial)) => {
                self.take_over(i, done);
                // Two ways to the same move make it as likely as both together.
                if let Some(m) = self.moves.get_mut(self.base + i) {
                    m.weight = m.weight.saturating_add(c.weight);
                }
                serial
            }
            None => {
                self.next_serial += 1;
                self.next_serial
            }
        };
        if duplicate.is_none() {
            if self.moves.len() - self.base + self.counted.len() >= self.limit {
                return Err(GenErrorKind::TooManyMoves(self.limit));
            }
            self.volume += actions.len() + done.log.len();
            if self.volume > self.volume_limit {
                return Err(GenErrorKind::TooMuchVolume(self.volume_limit));
            }
            let meta = self.meta_of(hash, serial, done);
            self.moves.push(Move {
                // `from_slice` copies in one go (the items are `Copy`); `into` would go item
                // by item.
                actions: smallvec::SmallVec::from_slice(actions),
                notation: smallvec::SmallVec::from_slice(done.log),
                weight: c.weight,
            });
            self.meta.push(meta);
        }
        Ok(serial)
    }

    /// A later way to kept move `i` stands for it from now on, with its invariants: two ways
    /// to one move may differ in what the invariants weigh (backgammon's last checker borne
    /// off with one die or with two), and a way that completes later has passed them against
    /// globals at least as high (the idiom lets them only grow), so it is the one to decide.
    /// The meta `old` keeps, or the later way's (see [`Accepted::take_over`]), for kept and
    /// counted moves alike.
    fn way(&mut self, old: Meta, done: &Completed<'_>) -> Meta {
        if done.invariants.is_empty() {
            return old;
        }
        self.meta_of(old.hash, old.serial, done)
    }

    fn take_over(&mut self, i: usize, done: &Completed<'_>) {
        if let Some(&old) = self.meta.get(i) {
            let meta = self.way(old, done);
            if let Some(m) = self.meta.get_mut(i) {
                *m = meta;
            }
        }
    }

    /// The meta of a new move: its invariants, with the locals they read, saved for
    /// [`Accepted::recheck`].
    #[inline]
    fn meta_of(&mut self, hash: u64, serial: u64, done: &Completed<'_>) -> Meta {
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
        Meta {
            piece: self.piece,
            hash,
            serial,
            invariants: (start, self.invariants.len() as u32),
        }
    }

    /// The actions of a move counted in this generation.
    #[inline]
    pub(super) fn actions_of(&self, c: &Counted) -> &[Action] {
        self.counted_actions
            .get(c.actions.0 as usize..c.actions.1 as usize)
            .unwrap_or(&[])
    }

    /// Counts a move instead of keeping it ([`Counting`]), under the same limits as a move
    /// kept whole, unless it duplicates one counted before: the serial that names it.
    #[inline]
    fn count(&mut self, game: &Game, c: Candidate<'_, '_>) -> Result<u64, GenErrorKind> {
        let (hash, seen, actions, done) = (c.hash, c.seen, c.actions, c.done);
        let log = done.log;
        let by_path = game.rules.unique_by_path;
        if seen {
            let logs = &self.counted_log;
            let duplicate = self.counted.iter().position(|c| {
                c.meta.hash == hash
                    && same_actions(self.actions_of(c), actions)
                    && (!by_path || logs.get(c.log.0 as usize..c.log.1 as usize) == Some(log))
            });
            if let Some(&old) = duplicate.and_then(|i| self.counted.get(i)) {
                // As `take_over` does for a kept move.
                let meta = self.way(old.meta, done);
                if let Some(c) = duplicate.and_then(|i| self.counted.get_mut(i)) {
                    c.meta = meta;
                }
                return Ok(meta.serial);
            }
        }
        if self.meta.len() + self.counted.len() >= self.limit {
            return Err(GenErrorKind::TooManyMoves(self.limit));
        }
        self.volume += actions.len() + log.len();
        if self.volume > self.volume_limit {
            return Err(GenErrorKind::TooMuchVolume(self.volume_limit));
        }
        self.next_serial += 1;
        let meta = self.meta_of(hash, self.next_serial, done);
        let start = self.counted_actions.len() as u32;
        self.counted_actions.extend_from_slice(actions);
        let log_start = self.counted_log.len() as u32;
        if by_path {
            self.counted_log.extend_from_slice(log);
        }
        self.counted.push(Counted {
            meta,
            actions: (start, self.counted_actions.len() as u32),
            log: (log_start, self.counted_log.len() as u32),
        });
        Ok(self.next_serial)
    }

    #[inline]
    pub(super) fn cancel(&mut self, serial: u64) {
        if let Some(i) = self.meta.iter().position(|m| m.serial == serial) {
            self.meta.remove(i);
            self.moves.remove(self.base + i);
        } else if let Some(i) = self.counted.iter().position(|c| c.meta.serial == serial) {
            self.counted.remove(i);
        }
    }
}

/// A small multiplicative hasher (FxHash's mix) for a move's notation: the order matters.
struct Mix(u64);

impl Mix {
    fn add(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

impl std::hash::Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.add(u64::from(b)));
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn write_isize(&mut self, n: isize) {
        self.add(n as u64);
    }
    fn write_i32(&mut self, n: i32) {
        self.add(u64::from(n as u32));
    }
}
