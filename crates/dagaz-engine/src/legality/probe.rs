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

use super::royal;
use crate::model::Game;
use dagaz_compiler::AttackTest;
use dagaz_ir::{Parts, Piece, PieceKind, PlayerId, Pos, Ray, Value, MAX_TURN_VARIABLES};
use dagaz_vm::env::global::Globals;
use dagaz_vm::env::players::Players;
use dagaz_vm::env::state::ReadSet;
use dagaz_vm::{Completed, Fault, GenErrorKind, Processor, Sink, StepLimits};

/// An attack test that stopped with an error: in which piece type's chain, and where.
pub(crate) struct ProbeFault {
    pub piece: PieceKind,
    pub fault: Fault,
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
    /// Scratch: the parts of the test being run.
    units: Vec<Unit>,
}

/// What the test is looking for in the moves the probed chains complete.
enum Looking {
    /// Forward: a move of `attacker`'s whose first capture is at this position, and that does
    /// not cost `attacker` a royal piece (atomic chess: a capture whose explosion takes one's
    /// own king is no move, so it threatens nothing; pieces blown up around a capture are not
    /// attacked by it).
    CaptureAt(Pos, PlayerId),
    /// Reversible: a capture of an enemy piece of this type, landing where it stood.
    CaptureOf(PieceKind, PlayerId),
}

struct Probe<'g> {
    looking: Looking,
    game: &'g Game,
    found: bool,
    /// Recording: the run goes on after a find, and `hits` has a bit per read slot with one.
    recording: bool,
    hits: u64,
}

impl Sink for Probe<'_> {
    fn complete(&mut self, _: &mut Globals, done: Completed<'_>) -> Result<u64, GenErrorKind> {
        let hit = match self.looking {
            Looking::CaptureAt(target, attacker) => {
                done.actions
                    .iter()
                    .find_map(royal::removal)
                    .map(|(at, _)| at)
                    == Some(target)
                    && royal::fate(done.actions, attacker, |k| self.game.is_royal(k))
                        != royal::Fate::Lost
            }
            Looking::CaptureOf(kind, defender) => {
                // Reversed, a capture says that the piece taken could take back where the move
                // began only when the move lands where it takes: one en passant lands beside
                // its victim, whose own moves do not reach the capturer's square.
                let landed = dagaz_ir::landing(done.actions).map(|(at, _)| at);
                done.actions
                    .iter()
                    .filter_map(royal::removal)
                    .any(|(at, v)| v.kind == kind && v.owner != defender && Some(at) == landed)
            }
        };
        if hit {
            self.found = true;
            if let Some(bit) = 1u64.checked_shl(done.part as u32) {
                self.hits |= bit;
            }
        }
        Ok(0)
    }

    fn cancel(&mut self, _: u64) {}

    fn finished(&self) -> bool {
        self.found && !self.recording
    }
}

/// Everything an attack test reads besides the board.
pub(crate) struct Question<'a> {
    pub game: &'a Game,
    pub limits: StepLimits,
    /// The turn number the probed chains see.
    pub turn_number: dagaz_ir::Int,
    pub turn_values: &'a [Value; MAX_TURN_VARIABLES],
    /// The position asked about, the player defending it, and the piece that stands there
    /// for the test (the defender's piece there, or the one it would be).
    pub at: Pos,
    pub defender: PlayerId,
    pub placed: Piece,
}

/// One independent part of an attack test: a piece type run backwards (reversible), or one
/// enemy piece run forwards. The test's answer is whether any part finds an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// A piece type run backwards: all of its chain, or one part of it (`Program::parts`): one
    /// `move` clause, and of the guarded choice the clause (or the chain) opens with, one
    /// constant — each direction of a slider is a part of its own.
    Kind {
        kind: PieceKind,
        clause: Option<u16>,
        alt: Option<u16>,
    },
    Piece(Pos, Piece),
}

impl Unit {
    fn whole(kind: PieceKind) -> Unit {
        Unit::Kind {
            kind,
            clause: None,
            alt: None,
        }
    }
}

/// A part's answer on a board, with what it read: while none of those cells and turn
/// variables changes, the answer stands.
#[derive(Clone, Debug)]
pub(crate) struct Recorded {
    pub unit: Unit,
    pub attacked: bool,
    pub reads: ReadSet,
    /// Whether the part was walked as rays (`walk_rays`): then a cell it read that comes to
    /// hold a defender's piece stops the ray there, and cannot make it find an attack.
    pub walked: bool,
}

impl Recorded {
    /// A part recorded in one slot: its answer, and what the processor noted it read.
    fn whole(p: &Processor, unit: Unit, attacked: bool) -> Recorded {
        Recorded {
            unit,
            attacked,
            reads: p.state.recorded_with_prefix(0),
            walked: false,
        }
    }

    /// Whether the answer still stands after a move that changed `written` (laid out as a
    /// [`ReadSet`]: its cells, then the turn variables it changed).
    #[inline]
    pub fn stands(&self, written: &[u64]) -> bool {
        self.reads.iter().zip(written).all(|(r, w)| r & w == 0)
    }
}

impl Prober {
    /// Whether `q.at` is attacked on `cells`, which are borrowed for the test and given back
    /// unchanged.
    pub fn attacked(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, ProbeFault> {
        self.attacked_reading(q, cells, None)
    }

    /// [`Prober::attacked`], noting in `reads` (when given) every cell and turn variable the
    /// answer depends on.
    pub fn attacked_reading(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
        reads: Option<&mut ReadSet>,
    ) -> Result<bool, ProbeFault> {
        let mut units = std::mem::take(&mut self.units);
        let recording = reads.is_some();
        let result = self.on_board(q, cells, |p| {
            if recording {
                p.state.start_recording(1);
            }
            let answer = (|| {
                // Whole piece types at once: the split into parts only pays when reused.
                units_of(q, &p.state.cells, &mut units, false);
                for &unit in &units {
                    if run_unit(p, q, unit, false)?.0 {
                        return Ok(true);
                    }
                }
                Ok(false)
            })();
            if let Some(out) = reads {
                p.state.stop_recording();
                out.clear();
                out.extend(p.state.recorded(0));
            }
            answer
        });
        self.units = units;
        result
    }

    /// Runs every part of the test on `cells`, recording what each read; answers whether `q.at`
    /// is attacked. A piece type whose chain opens with a guarded choice runs once, its reads
    /// and finds split by the constant chosen.
    pub fn record(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
        out: &mut Vec<Recorded>,
    ) -> Result<bool, ProbeFault> {
        let mut units = std::mem::take(&mut self.units);
        let result = self.on_board(q, cells, |p| {
            units_of(q, &p.state.cells, &mut units, true);
            out.clear();
            let mut any = false;
            let mut i = 0;
            while let Some(&unit) = units.get(i) {
                // A ray is walked on its own: it reads few positions, and splits into nothing.
                if let Some((kind, rays)) = rays_of(q, unit) {
                    p.state.start_recording(1);
                    let found = walk_rays(p, q, kind, rays);
                    p.state.stop_recording();
                    any |= found;
                    out.push(Recorded {
                        walked: true,
                        ..Recorded::whole(p, unit, found)
                    });
                    i += 1;
                    continue;
                }
                // One run covers the constants of a guarded choice: the unit's kind and clause,
                // with the reads after the choice split by constant.
                let (run, split) = match unit {
                    Unit::Kind {
                        kind,
                        clause,
                        alt: Some(_),
                    } => {
                        let program = q.game.rules.pieces.get(kind.index()).map(|t| &t.program);
                        let choice = match (program.map(|p| &p.parts), clause) {
                            (Some(Parts::Choice { pc, n }), _) => Some((*pc, *n)),
                            (Some(Parts::Clauses { bodies, .. }), Some(j)) => {
                                bodies.get(j as usize).and_then(|&(_, c)| c)
                            }
                            _ => None,
                        };
                        let run = Unit::Kind {
                            kind,
                            clause,
                            alt: None,
                        };
                        (run, choice)
                    }
                    other => (other, None),
                };
                let parts = split.map_or(0, |(_, n)| n);
                p.state.start_recording(1 + parts);
                p.split_at = split.map(|(pc, _)| pc);
                let ran = run_unit(p, q, run, true);
                p.split_at = None;
                p.state.stop_recording();
                let (found, hits) = ran?;
                any |= found;
                if parts == 0 {
                    out.push(Recorded::whole(p, unit, found));
                    i += 1;
                    continue;
                }
                for part in 0..parts {
                    let reads = p.state.recorded_with_prefix(part + 1);
                    out.push(Recorded {
                        unit: units.get(i + part).copied().unwrap_or(unit),
                        attacked: hits & (1 | 1 << (part + 1)) != 0,
                        reads,
                        walked: false,
                    });
                }
                i += parts;
            }
            Ok(any)
        });
        self.units = units;
        result
    }

    /// Runs some parts of the test again, on `cells` as they are now: whether any finds an
    /// attack.
    pub fn rerun(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
        units: &[Unit],
    ) -> Result<bool, ProbeFault> {
        self.on_board(q, cells, |p| {
            for &unit in units {
                if run_unit(p, q, unit, false)?.0 {
                    return Ok(true);
                }
            }
            Ok(false)
        })
    }

    /// [`Prober::rerun`], noting what each part read: `out` gets, for each part run (in order,
    /// up to the first that finds an attack), its answer and its reads.
    pub fn rerun_reading(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
        units: &[Unit],
        out: &mut Vec<(bool, ReadSet)>,
    ) -> Result<bool, ProbeFault> {
        out.clear();
        self.on_board(q, cells, |p| {
            for &unit in units {
                p.state.start_recording(1);
                let ran = run_unit(p, q, unit, false);
                p.state.stop_recording();
                let found = ran?.0;
                out.push((found, p.state.recorded_with_prefix(0)));
                if found {
                    return Ok(true);
                }
            }
            Ok(false)
        })
    }

    /// Lends `cells` to the probing processor, with the defender's piece at `q.at`, for `f`.
    fn on_board<T>(
        &mut self,
        q: &Question<'_>,
        cells: &mut Vec<Option<Piece>>,
        f: impl FnOnce(&mut Processor) -> Result<T, ProbeFault>,
    ) -> Result<T, ProbeFault> {
        let p = &mut *self.processor;
        p.in_probe = true;
        p.steps = 0;
        p.state.cells = std::mem::take(cells);
        p.state.captured.clear();
        p.state.captured.resize(p.state.cells.len(), false);
        p.state.visited.clear();
        p.state.turn_values = *q.turn_values;
        p.globals.reset(q.game.global_count());
        let before = p.state.cells.get(q.at.index()).copied().flatten();
        p.state.restore_cell(q.at, Some(q.placed));
        let result = f(p);
        p.state.restore_cell(q.at, before);
        *cells = std::mem::take(&mut p.state.cells);
        result
    }
}

/// The most constants of a guarded choice that a recorded test splits into parts of their
/// own: a run records its finds in one 64-bit word, bit 0 for the reads before the choice and
/// bit i + 1 for constant i. A longer choice is run as one part.
const MAX_SPLIT: usize = 63;

/// The parts of a test run whole on `cells` for `q`'s defender, as [`Prober::attacked`] runs
/// it: for a reversible test, each piece type the enemies have, which serves any board reached
/// by a move that puts down no piece of theirs (see `Legality::leaves_attacked`).
pub(crate) fn whole_units(q: &Question<'_>, cells: &[Option<Piece>], out: &mut Vec<Unit>) {
    units_of(q, cells, out, false);
}

/// The parts of the test on `cells`: each piece type the enemies have (reversible; with
/// `split`, each part of its chain), or each enemy piece (forward).
fn units_of(q: &Question<'_>, cells: &[Option<Piece>], out: &mut Vec<Unit>, split: bool) {
    out.clear();
    let enemies = cells
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|p| (Pos(i as u16), p)))
        .filter(|(_, p)| p.owner != q.defender);
    match q.game.attack_test() {
        AttackTest::Forward => out.extend(enemies.map(|(at, p)| Unit::Piece(at, p))),
        AttackTest::Reversible => {
            let mut seen = [0u64; 4];
            for (_, p) in enemies {
                let k = p.kind.index();
                if let Some(word) = seen.get_mut(k >> 6) {
                    *word |= 1 << (k & 63);
                }
            }
            for (k, ty) in q.game.rules.pieces.iter().enumerate() {
                if seen.get(k >> 6).is_none_or(|w| w & (1 << (k & 63)) == 0) {
                    continue;
                }
                let kind = PieceKind(k as u8);
                let part = |clause: Option<u16>, alt: Option<u16>| Unit::Kind { kind, clause, alt };
                match (&ty.program.parts, split) {
                    (_, false) | (Parts::Whole, _) => out.push(Unit::whole(kind)),
                    (Parts::Choice { n, .. }, true) if *n <= MAX_SPLIT => {
                        out.extend((0..*n).map(|alt| part(None, Some(alt as u16))))
                    }
                    (Parts::Choice { .. }, true) => out.push(Unit::whole(kind)),
                    (Parts::Clauses { bodies, quiet, .. }, true) => {
                        for (j, &(_, choice)) in bodies.iter().enumerate() {
                            // A clause that never captures here finds no attack.
                            if quiet.get(j).copied().unwrap_or(false) {
                                continue;
                            }
                            let clause = Some(j as u16);
                            match choice {
                                Some((_, n)) if n <= MAX_SPLIT => {
                                    out.extend((0..n).map(|alt| part(clause, Some(alt as u16))))
                                }
                                _ => out.push(part(clause, None)),
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The answers for `player`'s pieces, as on its first turn in the schedule.
fn players_for(q: &Question<'_>, player: PlayerId) -> Players {
    let schedule = q.game.turns();
    let turn = q.game.turn_of(player);
    Players {
        current: player,
        next: schedule.next(turn).player,
        turn_number: q.turn_number,
        turn_order: dagaz_ir::Int::from(schedule.order(turn)),
    }
}

/// Runs one part; the defender's piece stands at `q.at`. Answers whether it found an attack,
/// and (when `recording`) the read slots it found one in.
fn run_unit(
    p: &mut Processor,
    q: &Question<'_>,
    unit: Unit,
    recording: bool,
) -> Result<(bool, u64), ProbeFault> {
    if let Some((kind, rays)) = rays_of(q, unit) {
        let found = walk_rays(p, q, kind, rays);
        return Ok((found, u64::from(found)));
    }
    // A whole piece type some of whose clauses are rays: those walked, the others run alone
    // (chess's pawn: its captures walked, en passant run, its quiet steps not at all).
    if let Unit::Kind {
        kind,
        clause: None,
        alt: None,
    } = unit
    {
        let whole = q
            .game
            .rules
            .pieces
            .get(kind.index())
            .and_then(|t| t.program.reach.whole.as_ref());
        if let Some(whole) = whole {
            return run_whole(p, q, kind, whole, recording);
        }
    }
    let (start, kind, player, looking) = match unit {
        Unit::Kind { kind, clause, alt } => {
            p.only_clause = clause;
            p.only_alt = alt;
            // The defender's piece becomes a piece of this type, for the backward look.
            p.state.restore_cell(q.at, Some(Piece { kind, ..q.placed }));
            (q.at, kind, q.defender, Looking::CaptureOf(kind, q.defender))
        }
        Unit::Piece(at, piece) => {
            // Gone (captured by the move being tested): it attacks nothing. Read through the
            // state, so that a recording notes the answer depends on that cell.
            p.state.current = at;
            if p.state.here() != Some(piece) {
                return Ok((false, 0));
            }
            (
                at,
                piece.kind,
                piece.owner,
                Looking::CaptureAt(q.at, piece.owner),
            )
        }
    };
    let Some(ty) = q.game.rules.pieces.get(kind.index()) else {
        return Ok((false, 0));
    };
    let players = players_for(q, player);
    let native = q.game.native_chain(kind, false);
    let cx = q.game.context(
        (&ty.program, native),
        &players,
        q.game.rules.symmetry_of(player),
        q.limits,
    );
    p.state.player = player;
    let mut probe = Probe {
        looking,
        game: q.game,
        found: false,
        recording,
        hits: 0,
    };
    let ran = p.run(&cx, start, &mut probe);
    p.only_alt = None;
    p.only_clause = None;
    if let Unit::Kind { .. } = unit {
        p.state.restore_cell(q.at, Some(q.placed));
    }
    ran.map_err(|fault| ProbeFault { piece: kind, fault })?;
    Ok((probe.found, probe.hits))
}

/// Runs a whole piece type some of whose clauses are rays: its rays walked, then its other
/// clauses run one by one until one finds an attack.
fn run_whole(
    p: &mut Processor,
    q: &Question<'_>,
    kind: PieceKind,
    whole: &dagaz_ir::Whole,
    recording: bool,
) -> Result<(bool, u64), ProbeFault> {
    if walk_rays(p, q, kind, &whole.rays) {
        return Ok((true, 1));
    }
    for &j in &whole.runs {
        let clause = Unit::Kind {
            kind,
            clause: Some(j),
            alt: None,
        };
        let ran = run_unit(p, q, clause, recording)?;
        if ran.0 {
            return Ok(ran);
        }
    }
    Ok((false, 0))
}

/// The rays of a part, when the compiler proved it is rays (see [`dagaz_ir::Reach`]).
#[inline]
fn rays_of<'g>(q: &Question<'g>, unit: Unit) -> Option<(PieceKind, &'g [Ray])> {
    match unit {
        Unit::Kind { kind, clause, alt } => {
            let reach = &q.game.rules.pieces.get(kind.index())?.program.reach;
            Some((kind, reach.part(clause, alt)?))
        }
        Unit::Piece(..) => None,
    }
}

/// A part proven to be `rays`, walked instead of run: from the position asked about, each ray
/// steps (as the defender sees directions) over empty positions while it slides, and finds an
/// attack when the first piece it meets is an enemy of the part's type. It reads what the run
/// would read (through the state, so a recording notes it): the position asked about, which
/// `pre` reads and lifts (so a ray that comes back to it finds it empty), and each position
/// the ray reaches.
fn walk_rays(p: &mut Processor, q: &Question<'_>, kind: PieceKind, rays: &[Ray]) -> bool {
    let board = q.game.board();
    let symmetry = q.game.rules.symmetry_of(q.defender);
    p.state.current = q.at;
    let _ = p.state.here();
    for ray in rays {
        // The player's direction, once per ray rather than at each step.
        let dir = ray.dir.turned(symmetry);
        let mut at = q.at;
        while let Some(next) = board.step(dir, at) {
            at = next;
            p.state.current = at;
            let piece = p.state.here().filter(|_| at != q.at);
            match piece {
                None if ray.slides => continue,
                None => break,
                Some(piece) if piece.owner != q.defender && piece.kind == kind => return true,
                Some(_) => break,
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A strip `a1 .. e1` with a rook for each side.
    fn strip(attacks: &str, placement: &str) -> Game {
        crate::Game::load(&format!(
            r#"(board (name strip) (dim "a-e") (dim "1") (dir (name e) 1 0) (dir (name w) -1 0))
               (piece (name Rook)
                  (pre (check is-friend?) (take))
                  (move (let d (any e w)) (check d) (check not-friend?)
                        (while true (end-move) (check is-empty?) (check d) (check not-friend?)))
                  (post (drop)))
               (piece (name Castle)
                  (pre (check is-friend?) (take))
                  (move (check not-attacked?) (check e) (check is-enemy?))
                  (post (drop)))
               (game (name strip) (players {placement}) (attacks {attacks}))"#
        ))
        .unwrap()
    }

    fn ask(game: &Game, at: &str) -> (bool, Option<Vec<Recorded>>) {
        let mut cells = game.initial_position().cells;
        let at = game.board().position(at).unwrap();
        let white = PlayerId(0);
        let q = Question {
            game,
            limits: StepLimits::default(),
            turn_number: 1,
            turn_values: &[crate::position::UNSET; MAX_TURN_VARIABLES],
            at,
            defender: white,
            placed: Piece::new(white, PieceKind(0)),
        };
        let before = cells.clone();
        let mut prober = Prober::default();
        let answer = prober
            .attacked(&q, &mut cells)
            .map_err(GenErrorKind::from)
            .unwrap();
        assert_eq!(cells, before, "the board is given back unchanged");
        if game.attack_test() == AttackTest::Forward {
            return (answer, None);
        }
        let mut recorded = Vec::new();
        let again = prober
            .record(&q, &mut cells, &mut recorded)
            .map_err(GenErrorKind::from)
            .unwrap();
        assert_eq!(again, answer, "recording gives the same answer");
        (answer, Some(recorded))
    }

    #[test]
    fn a_choice_longer_than_a_word_is_recorded_as_one_part() {
        // A piece that jumps to any of 70 squares and captures there: its guarded choice has
        // more constants than a recording's word has bits.
        let squares: Vec<String> = (1..=70).map(|i| format!("a{i}")).collect();
        let game = crate::Game::load(&format!(
            r#"(board (name line) (dim "a") (dim "1-70"))
               (piece (name Jumper)
                  (pre (check is-friend?) (take))
                  (move (let p (any {})) (check p) (check is-enemy?))
                  (post (capture) (drop)))
               (game (name line) (players (White (Jumper a1)) (Black (Jumper a70)))
                     (attacks reversible))"#,
            squares.join(" ")
        ))
        .unwrap();
        let (attacked, recorded) = ask(&game, "a1");
        assert!(attacked);
        let recorded = recorded.unwrap();
        assert_eq!(recorded.len(), 1);
        assert!(
            recorded[0].attacked,
            "the one part knows it found the attack"
        );
    }

    #[test]
    fn both_tests_find_a_slider_and_see_blockers() {
        for mode in ["forward", "reversible"] {
            let open = strip(mode, "(White (Rook a1)) (Black (Rook e1))");
            assert!(ask(&open, "b1").0, "{mode}: e1 sees b1 along an empty line");
            let blocked = strip(mode, "(White (Rook a1 d1)) (Black (Rook e1))");
            assert!(!ask(&blocked, "b1").0, "{mode}: d1 blocks");
            assert!(ask(&blocked, "d1").0, "{mode}: d1 itself is attacked");
        }
    }

    #[test]
    fn a_recorded_part_knows_what_it_read() {
        let game = strip("reversible", "(White (Rook a1 d1)) (Black (Rook e1))");
        let (attacked, recorded) = ask(&game, "c1");
        assert!(!attacked);
        let recorded = recorded.unwrap();
        // One part per direction of the rook's first choice.
        assert_eq!(recorded.len(), 2);
        let read = |r: &Recorded, name: &str| {
            let i = game.board().position(name).unwrap().index();
            r.reads.first().is_some_and(|w| w & (1 << i) != 0)
        };
        let east = &recorded[0];
        assert!(
            read(east, "d1") && !read(east, "e1"),
            "east stops at the friend on d1"
        );
        let west = &recorded[1];
        assert!(read(west, "b1") && read(west, "a1"));
        assert!(!read(west, "d1"));
    }

    /// A walked ray answers as the run of its commands does, and when it finds no attack reads
    /// the same positions:
    /// chess's attack tests on every square, for both sides, with the proven rays and with
    /// none.
    #[test]
    fn walked_rays_answer_and_read_as_the_runs_do() {
        let walked = crate::shipped::game("chess.game");
        assert!(walked
            .rules
            .pieces
            .iter()
            .all(|t| t.program.reach.whole.is_some()));
        let mut run = walked.clone();
        for t in &mut run.rules.pieces {
            t.program.reach = Default::default();
        }
        let fens = [
            crate::shipped::KIWIPETE,
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        ];
        let (mut a, mut b) = (Prober::default(), Prober::default());
        let (mut ra, mut rb) = (Vec::new(), Vec::new());
        let mut walks = 0;
        for fen in fens {
            let position = walked.from_fen(fen).unwrap();
            for defender in [PlayerId(0), PlayerId(1)] {
                for at in 0..position.cells.len() {
                    let at = Pos(at as u16);
                    let placed = position.cells[at.index()]
                        .filter(|p| p.owner == defender)
                        .unwrap_or(Piece::new(defender, PieceKind(5)));
                    let ask = |game| Question {
                        game,
                        limits: StepLimits::default(),
                        turn_number: 1,
                        turn_values: &position.turn_values,
                        at,
                        defender,
                        placed,
                    };
                    let (qa, qb) = (ask(&walked), ask(&run));
                    let mut cells = position.cells.clone();
                    let whole = a.attacked(&qa, &mut cells).ok().unwrap();
                    assert_eq!(
                        Some(whole),
                        b.attacked(&qb, &mut cells).ok(),
                        "{fen} {at:?}"
                    );
                    let recorded = a.record(&qa, &mut cells, &mut ra).ok().unwrap();
                    assert_eq!(Some(recorded), b.record(&qb, &mut cells, &mut rb).ok());
                    assert_eq!(recorded, whole);
                    assert_eq!(ra.len(), rb.len());
                    for (x, y) in ra.iter().zip(&rb) {
                        assert_eq!(x.unit, y.unit);
                        assert_eq!(x.attacked, y.attacked, "{fen} {at:?} {:?}", x.unit);
                        // An attack found is certified by the reads up to it, which depend
                        // on the order the rays are tried in; no attack reads everything.
                        if !x.attacked {
                            assert_eq!(x.reads, y.reads, "{fen} {at:?} {:?}", x.unit);
                        }
                        walks += usize::from(rays_of(&qa, x.unit).is_some());
                    }
                }
            }
        }
        assert!(walks > 1000, "the rays were walked ({walks})");
    }

    #[test]
    fn attack_tests_do_not_nest() {
        // The Castle's only move tests for attacks: inside a test it fails, so a Castle never
        // attacks, whichever way the test runs.
        for mode in ["forward", "reversible"] {
            let game = strip(mode, "(White (Rook a1)) (Black (Castle c1))");
            assert!(!ask(&game, "d1").0, "{mode}");
        }
    }
}
