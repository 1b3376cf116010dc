//! The processor: runs one piece's chain from one start square, backtracking through every
//! choice, and hands each completed move to the generator.
//!
//! Backtracking is transactional: a choice point records the trail length (locals and board
//! cells), a copy of the (short) data stack, the lengths of the action and notation logs, and the
//! current position and hand. Failing pops the latest choice point, undoes the trail down to it,
//! and resumes at its target. Globals live outside the trail.

/// The commands that push what a `*_value` method answers (compiled code holds that value
/// itself): each entry `name_command(args) => name_value;` becomes
/// `Processor::name_command(&mut self, args) -> bool`, which pushes `self.name_value(args)`.
macro_rules! pushing {
    ($($(#[$doc:meta])* $command:ident($($arg:ident: $ty:ty),*) => $value:ident;)*) => {
        impl Processor {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub(crate) fn $command(&mut self, $($arg: $ty),*) -> bool {
                    let v = self.$value($($arg),*);
                    self.stack.push(v);
                    true
                }
            )*
        }
    };
}

/// The commands that take their operand off the stack (compiled code may hold it instead):
/// each entry `name_command(args) => name_value;` becomes
/// `Processor::name_command(&mut self, args) -> Result<bool, GenErrorKind>`, which pops a
/// value `v` and answers `self.name_value(args, v)`.
macro_rules! popping {
    ($($(#[$doc:meta])* $command:ident($($arg:ident: $ty:ty),*) => $value:ident;)*) => {
        impl Processor {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub(crate) fn $command(&mut self, $($arg: $ty),*) -> Result<bool, GenErrorKind> {
                    let v = crate::expr::pop(&mut self.stack)?;
                    self.$value($($arg,)* v)
                }
            )*
        }
    };
}

mod board;
mod choice;
mod fused;
mod invariant;
mod moves;
mod stack;
mod tile;
mod whole;

use crate::env::global::Globals;
use crate::env::local::Locals;
use crate::env::players::{Players, PlayersName};
use crate::env::state::{Query, State};
use crate::env::Undo;
use crate::error::GenErrorKind;
use dagaz_ir::{
    Action, Board, Dir, Int, Op, Piece, PlayerId, Pos, Program, Value, Zones, MAX_TURN_VARIABLES,
};
use indexmap::IndexSet;

pub use invariant::eval_invariant;
pub(crate) use stack::plain_truth;

/// What a step of a compiled chain tells it: `None`, go on from `Cursor::at`; `Some`, the run
/// is over (every choice exhausted, or an error).
pub type Flow = Option<Result<(), GenErrorKind>>;

/// A chain compiled to Rust: runs `cx.program` from `cursor.at()` to the end of the run, as
/// the interpreter would.
pub type NativeChain =
    fn(&mut Processor, &Context<'_>, &mut Cursor, &mut dyn Sink) -> Result<(), GenErrorKind>;

/// Where a run stands: the command to run next, and the steps counted against the limit.
#[derive(Debug)]
pub struct Cursor {
    pub(crate) at: usize,
    pub(crate) steps: u64,
    pub(crate) limit: u64,
}

impl Cursor {
    pub(crate) fn new(at: usize, steps: u64, limit: u64) -> Cursor {
        Cursor { at, steps, limit }
    }

    /// The command to run next.
    #[inline(always)]
    pub fn at(&self) -> usize {
        self.at
    }

    /// The steps counted so far in this move generation.
    #[inline(always)]
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The most steps the generation may run.
    #[inline(always)]
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Moves the cursor to the command `at`, with `steps` counted: where compiled code that
    /// kept both in its own variables leaves the run.
    #[inline(always)]
    pub fn set(&mut self, at: usize, steps: u64) {
        self.at = at;
        self.steps = steps;
    }
}

/// Bounds that keep a faulty game from running forever or eating the memory. Reaching one is
/// an error that stops the generation ([`GenErrorKind`]); the defaults are those of
/// `docs/vm.md` section 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepLimits {
    /// Commands executed in one move generation (all start squares together).
    pub steps: u64,
    /// Distinct moves in one position.
    pub moves: usize,
    /// Choice points open at once.
    pub choices: usize,
    /// Changes one move may make (takes, drops, captures: a capture chain's length).
    pub actions: usize,
    /// Values one move's notation may hold (what its `log`s write).
    pub notation: usize,
    /// Changes and notation values all the moves of one position may hold together: moves
    /// times their length, which the two bounds above leave too large.
    pub volume: usize,
}

impl Default for StepLimits {
    fn default() -> StepLimits {
        StepLimits {
            steps: 20_000_000,
            moves: 100_000,
            choices: 100_000,
            actions: 10_000,
            notation: 1_000,
            volume: 1_000_000,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Choice {
    resume: u32,
    trail: u32,
    /// Where this choice's copy of the data stack starts in `saved`, and its length.
    saved_stack: u32,
    stack_len: u32,
    actions: u32,
    log: u32,
    pending: u32,
    pending_locals: u32,
    current: Pos,
    hand: Option<Piece>,
    /// `no_moves` as it was when the choice point was made.
    no_moves: bool,
    /// For `AnyGuarded`: the constant to try first when resuming.
    alt: u16,
}

/// What the processor hands to the sink when a move completes.
///
/// Everything is borrowed from the processor's buffers, which the next alternative reuses:
/// the sink copies what it keeps.
pub struct Completed<'a> {
    /// While recording an attack test: the read slot the move was found in
    /// ([`State::read_slot`](crate::env::state::State::read_slot)); 0 otherwise.
    pub part: usize,
    /// The move's changes, in the order the chain made them.
    pub actions: &'a [Action],
    /// The values `Log` wrote, in order: the move's notation, for the caller to render.
    pub log: &'a [Value],
    /// Invariants checked on the way: the invariant (an index into
    /// [`Program::invariants`](dagaz_ir::Program::invariants)) and where its saved locals
    /// start in `invariant_locals`.
    pub invariants: &'a [(u16, u32)],
    /// The locals as they were at each invariant, back to back: as many values per invariant
    /// as the program has local slots.
    pub invariant_locals: &'a [Value],
}

/// An attack test the processor asks for (`is-attacked?`): whether an enemy of `defender`
/// could capture at `at`, with `placed` standing there.
#[derive(Clone, Copy, Debug)]
pub struct Attack<'a> {
    /// The position asked about: the current position of the run that asks.
    pub at: Pos,
    /// The player to move in the run that asks; its enemies are the attackers.
    pub defender: PlayerId,
    /// The piece to stand on `at` for the test: the defender's piece there, else the one in
    /// the hand, else a piece of type 0 of the defender.
    pub placed: Piece,
    /// The turn number the probed chains see.
    pub turn_number: Int,
    /// The turn variables as the last move left them (the asking move's own `TurnSet`s are
    /// not played yet).
    pub turn_values: &'a [Value; MAX_TURN_VARIABLES],
}

/// What the processor talks to: it receives completed moves and answers attack tests. The
/// machine knows nothing of games or legality; this is its only way out.
///
/// An error a method returns stops the run and comes back from [`Processor::run`] as a
/// [`Fault`] at the command that called it.
pub trait Sink {
    /// Records a completed move; answers its serial (that of the earlier move when it is a
    /// duplicate). The serial is what [`Sink::cancel`] names; it is the sink's to choose.
    /// `globals` is lent so that the sink can re-check invariants when a global changed.
    fn complete(&mut self, globals: &mut Globals, done: Completed<'_>)
        -> Result<u64, GenErrorKind>;

    /// Answers an attack test on `cells`, the board as the run has it now (lent, and to be
    /// left as it was). Only the move generator's sink can tell; a sink that runs programs
    /// with no attack to ask about (goals, probes, which do not nest) answers false (the
    /// default).
    fn attacked(
        &mut self,
        attack: Attack<'_>,
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        let _ = (attack, cells);
        Ok(false)
    }

    /// Withdraws a move recorded earlier (a capture that had to go on): called only for a move
    /// that passed `NoMoves`, by a move below its last capture that captures more.
    fn cancel(&mut self, serial: u64);

    /// Answers `question` about the move under construction by `mover`, on `cells` (lent, and
    /// to be left as it was), with the turn number and the turn variables the run sees. The
    /// machine cannot tell any of them; a sink that cannot either answers false (the default).
    fn answer(
        &mut self,
        question: Question,
        mover: PlayerId,
        turn_number: Int,
        turn_values: &[Value; MAX_TURN_VARIABLES],
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        let _ = (question, mover, turn_number, turn_values, cells);
        Ok(false)
    }

    /// Whether the sink has seen what it needed; the run then stops early.
    fn finished(&self) -> bool {
        false
    }
}

/// A question the processor asks its sink through [`Sink::answer`]; the machine cannot answer
/// any of them itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// `gives-check?`: whether a royal piece of a player other than the mover is attacked: the
    /// move under construction gives check. The machine does not know which pieces are royal;
    /// a sink that does not either answers false.
    GivesCheck,
    /// `gives-mate?`: whether the move under construction gives check and leaves the next
    /// player without a legal move. A sink that cannot tell answers false.
    GivesMate,
    /// `in-check?`: whether a royal piece of the mover is attacked: asked after the move's last
    /// `drop`, the move leaves the mover in check, and the royal rule will not let it stand. A
    /// sink that does not know which pieces are royal answers false.
    InCheck,
    /// `can-answer?`: whether, in a goal run for the mover, the next player has a legal move
    /// after which a goal holds that it does not lose by. Only the sink of goals can tell; the
    /// others answer false.
    CanAnswer,
}

/// Where a run stopped with an error: the command index and what went wrong.
///
/// The caller locates it in the source with [`Program::span_at`](dagaz_ir::Program::span_at)
/// and [`Program::clause_at`](dagaz_ir::Program::clause_at).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The index in `Program::ops` of the command that raised the error (for a
    /// superinstruction, the command it stands for that raised it); for
    /// [`GenErrorKind::StepLimit`], the command that was about to run.
    pub pc: usize,
    /// What went wrong.
    pub kind: GenErrorKind,
}

/// The machine's reusable state; one per generator, so runs allocate nothing once warm.
///
/// The caller loads a position into [`Processor::state`] (cells, capture marks, player to move,
/// turn variables) and resets the globals and the step count for each generation, then calls
/// [`Processor::run`] once per piece and start square.
#[derive(Default)]
pub struct Processor {
    /// The local variables of the run under way; reset to 0 at the start of each run.
    pub locals: Locals,
    /// The board as the move being built sees it; loaded by the caller, and left as it was
    /// found after each run.
    pub state: State,
    /// The global variables: shared by every run of a generation, never undone.
    pub globals: Globals,
    stack: Vec<Value>,
    saved: Vec<Value>,
    trail: Vec<Undo>,
    choices: Vec<Choice>,
    actions: Vec<Action>,
    log: Vec<Value>,
    /// Invariants passed on the current path: (invariant, start of its locals in `pending_locals`).
    pending: Vec<(u16, u32)>,
    pending_locals: Vec<Value>,
    /// Commands run since the caller last set it to 0; the caller zeroes it once per
    /// generation, so [`StepLimits::steps`] bounds a whole generation.
    pub steps: u64,
    /// One mark per capture on the current path: the choice stack's depth when it was made
    /// (everything explored until backtracking below that depth follows the capture), and the
    /// most captures of any move completed since.
    marks: Vec<(u32, u32)>,
    /// Set by `NoMoves`: the move being finished stands only if no move that follows its last
    /// capture makes more captures.
    no_moves: bool,
    /// Moves completed under `NoMoves` whose continuations are still being explored:
    /// (depth of their last capture, their number of captures, their serial).
    prefixes: Vec<(u32, u32, u64)>,
    /// Set when backtracking into an `AnyGuarded` choice point: the constant to try first.
    resume_alt: u16,
    /// Set by a superinstruction that errors in a command after its first: how far after.
    fault_offset: usize,
    /// Set on the processor that runs attack tests: tests inside it fail (they do not nest),
    /// and `EndMove` may skip ends that cannot capture. Public, like the three below, for the
    /// engine's attack tests.
    pub in_probe: bool,
    /// For attack tests: the first `AnyGuarded` tries only this constant (one part of the tree).
    pub only_alt: Option<u16>,
    /// For attack tests: `Clauses` goes to this `move` clause only.
    pub only_clause: Option<u16>,
    /// For recorded attack tests: the command index of the chain's first `AnyGuarded`, whose
    /// constant i sends the reads after it to slot i + 1.
    pub split_at: Option<usize>,
}

/// What a command runs with besides the machine: the run's context, the command to run next
/// (which jumps move), the steps counted (a superinstruction counts each command it stands
/// for after the first), and the sink.
struct Step<'s> {
    cx: &'s Context<'s>,
    pc: &'s mut usize,
    steps: &'s mut u64,
    sink: &'s mut dyn Sink,
}

impl Step<'_> {
    /// `Jmp(t)`, or the jump that ends a superinstruction: goes on at `t`.
    #[inline(always)]
    fn jump(&mut self, t: u32) -> bool {
        *self.pc = t as usize;
        true
    }
}

/// Everything a run reads but does not change: borrowed, so that the game is never copied and
/// the machine never sees more of it than this.
pub struct Context<'a> {
    /// The board's topology: the link tables `Nav` steps through.
    pub board: &'a Board,
    /// The zones `InZone` looks in.
    pub zones: &'a Zones,
    /// The game's string constants: `""` and `"0"` are false.
    pub strings: &'a IndexSet<String>,
    /// The chain to run: one piece type's program.
    pub program: &'a Program,
    /// The Players environment's answers for this generation.
    pub players: &'a Players,
    /// The mover's symmetry: `symmetry[d]` is the board direction that the game's direction
    /// `d` means for this player; a direction past its end (or an empty slice) is unchanged.
    pub symmetry: &'a [Dir],
    /// The bounds the run keeps to.
    pub limits: StepLimits,
    /// `program` compiled to Rust, when it was (the `native` module); it runs instead of the
    /// interpreter, to the same effect.
    pub native: Option<NativeChain>,
}

impl Processor {
    /// Runs `cx.program` from `start` until every choice is exhausted, handing each completed
    /// move to `sink`.
    ///
    /// A chain that opens with a board test (`CheckEmpty` … `CheckNotCaptured`,
    /// [`Program::opening_test`]) is not entered at all where that test fails, and is entered
    /// past it where it passes (no step counted for it either way). Whether
    /// it ends normally or with an error, the run undoes its whole trail, so the board is as
    /// it was, and empties the hand; the globals and the step count are not undone.
    pub fn run(&mut self, cx: &Context<'_>, start: Pos, sink: &mut dyn Sink) -> Result<(), Fault> {
        self.run_holding(cx, start, None, sink)
    }

    /// Runs a `drops` chain from `start` as [`Processor::run`] does, with `piece` taken from
    /// its owner's hand (off the board) into the machine's hand: every move it completes opens
    /// with `Action::FromHand`.
    pub fn run_drop(
        &mut self,
        cx: &Context<'_>,
        start: Pos,
        piece: Piece,
        sink: &mut dyn Sink,
    ) -> Result<(), Fault> {
        self.run_holding(cx, start, Some(piece), sink)
    }

    fn run_holding(
        &mut self,
        cx: &Context<'_>,
        start: Pos,
        holding: Option<Piece>,
        sink: &mut dyn Sink,
    ) -> Result<(), Fault> {
        self.state.current = start;
        // A chain that opens with a test of the start square (`(check is-friend?)`) is not
        // entered where the test fails: the same answer, without setting up a run.
        let mut pc = 0usize;
        if let Some(test) = cx.program.opening_test() {
            if !self.test(test) {
                return Ok(());
            }
            pc = 1;
        }
        self.locals.reset(cx.program.locals.len());
        self.stack.clear();
        self.saved.clear();
        self.trail.clear();
        self.choices.clear();
        self.actions.clear();
        self.log.clear();
        self.pending.clear();
        self.pending_locals.clear();
        self.marks.clear();
        self.no_moves = false;
        self.prefixes.clear();
        self.state.hand = holding;
        if let Some(piece) = holding {
            self.actions.push(Action::FromHand {
                player: piece.owner,
                kind: piece.kind,
            });
        }
        let mut cursor = Cursor::new(pc, self.steps, cx.limits.steps);
        let result = match cx.native {
            Some(chain) => chain(self, cx, &mut cursor, sink),
            None => self.interpret(cx, &mut cursor, sink),
        };
        self.steps = cursor.steps;
        // Leave the board as it was, whether the run ended normally or not.
        self.unwind(0);
        self.state.hand = None;
        // On an error, the command that failed or was about to run.
        result.map_err(|kind| Fault {
            pc: cursor.at,
            kind,
        })
    }

    /// Runs the chain from `cursor.at` until every choice is exhausted, command by command: the
    /// interpreter. A chain compiled to Rust (the `native` module) hands its run back here at a
    /// command it has no code for.
    pub(crate) fn interpret(
        &mut self,
        cx: &Context<'_>,
        cursor: &mut Cursor,
        sink: &mut dyn Sink,
    ) -> Result<(), GenErrorKind> {
        // The chain with its superinstructions, when it has them.
        let ops = if cx.program.run.len() == cx.program.ops.len() {
            cx.program.run.as_slice()
        } else {
            cx.program.ops.as_slice()
        };
        // A copy in locals (written back at the end), so the hot loop does not go through memory.
        let mut at = Cursor::new(cursor.at, cursor.steps, cursor.limit);
        // Superinstructions while the budget has room for the longest: a superinstruction
        // counts each command it stands for but tests the budget once, before it starts.
        // Within `fuse::LONGEST` steps of the budget, the plain commands, each tested: so the
        // run stops at the very command that goes past the budget, as compiled chains stop it.
        let room = at.limit.saturating_sub(crate::fuse::LONGEST);
        let end = loop {
            if at.steps >= room {
                break self.interpret_plain(cx, &mut at, sink);
            }
            let this = at.at;
            // Running off the end of a chain is a failure, like an exhausted `any`.
            let op = ops.get(this).copied().unwrap_or(Op::Fail);
            if let Some(end) = self.command(cx, &mut at, this, op, sink, false) {
                break end;
            }
        };
        *cursor = at;
        end
    }

    /// The interpreter on the plain commands (`Program::ops`), each tested against the budget.
    #[cold]
    #[inline(never)]
    fn interpret_plain(
        &mut self,
        cx: &Context<'_>,
        at: &mut Cursor,
        sink: &mut dyn Sink,
    ) -> Result<(), GenErrorKind> {
        loop {
            let this = at.at;
            let op = cx.program.ops.get(this).copied().unwrap_or(Op::Fail);
            if let Some(end) = self.command(cx, at, this, op, sink, true) {
                return end;
            }
        }
    }

    /// Runs command `op`, which stands at `this`, as the next step of the run `cursor` follows:
    /// counts the step (and, when `checked`, tests the budget first), runs it, and leaves
    /// `cursor.at` at the command to run next (after a failure, where the latest choice point
    /// resumes). `Some` when the run is over: every choice exhausted (`Ok`), or an error, with
    /// `cursor.at` at the command that made it.
    #[inline(always)]
    pub(crate) fn command(
        &mut self,
        cx: &Context<'_>,
        cursor: &mut Cursor,
        this: usize,
        op: Op,
        sink: &mut dyn Sink,
        checked: bool,
    ) -> Option<Result<(), GenErrorKind>> {
        cursor.steps += 1;
        if checked && cursor.steps > cursor.limit {
            cursor.at = this;
            return Some(Err(GenErrorKind::StepLimit(cursor.limit)));
        }
        cursor.at = this + 1;
        let mut step = Step {
            cx,
            pc: &mut cursor.at,
            steps: &mut cursor.steps,
            sink,
        };
        match self.op(op, &mut step) {
            Ok(true) => None,
            // Failing backtracks: the cursor goes where the latest choice point resumes, and
            // the run is over when none is left.
            Ok(false) => match self.backtrack() {
                Some(resume) => {
                    cursor.at = resume as usize;
                    None
                }
                None => Some(Ok(())),
            },
            // For a superinstruction, the error is reported at the command it stands for
            // that made it.
            Err(e) => {
                cursor.at = self.fault_at(this);
                Some(Err(e))
            }
        }
    }

    /// Runs one command; `Ok(false)` means it failed and the machine must backtrack.
    ///
    /// One match, one arm a command, each a call to the command's own method in the module
    /// of its family (`stack`, `board`, `choice`, `moves`, `fused`): the commands every chain
    /// runs here, the others in `rare_op`. One match, not one per family: a match per family,
    /// each in the default arm of the one before, measured 14 % more instructions on English
    /// perft(7) in the interpreter, the compiler did not fold them into one jump table.
    #[inline(always)]
    fn op(&mut self, op: Op, s: &mut Step<'_>) -> Result<bool, GenErrorKind> {
        let cx = s.cx;
        Ok(match op {
            Op::Push(v) => self.push_command(v),
            Op::Pop => self.pop_command()?,
            Op::LocalGet(slot) => self.local_get_command(slot),
            Op::LocalSet(slot) => self.local_set_command(slot)?,
            Op::LocalConst(slot, v) => self.local_const_command(slot, v),
            Op::LocalConstJmp(slot, v, t) => self.local_const_command(slot, v) && s.jump(t),
            Op::CheckLocal(slot) => self.check_local_command(cx, slot),
            Op::LocalAdd(slot, n) => self.local_add_command(slot, n)?,
            Op::GlobalGet(slot) => self.global_get_command(slot),
            Op::GlobalSet(slot) => self.global_set_command(slot)?,
            Op::Nav(_)
            | Op::Goto(_)
            | Op::CheckEmpty
            | Op::CheckNotEmpty
            | Op::CheckFriend
            | Op::CheckNotFriend
            | Op::CheckEnemy
            | Op::CheckNotEnemy
            | Op::CheckCaptured
            | Op::CheckNotCaptured => self.board_test(cx, op),
            Op::Not => self.not_command(cx)?,
            Op::Jmp(t) => s.jump(t),
            Op::JmpUnlessLocal(slot, cmp, n, t) => {
                self.jump_unless_local_command(cx, slot, cmp, n, t, s.pc)?
            }
            Op::JmpIfFalse(t) => self.jump_unless_command(cx, t, s.pc)?,
            Op::Check => self.check_command(cx)?,
            Op::Fork(t) => self.fork_command(cx, t)?,
            Op::EndMove(t) => self.end_move_command(cx, t, s.pc)?,
            Op::AnyGuarded(g) => self.any_guarded(cx, g, s.pc)?,
            Op::NoMoves => self.no_moves_command(),
            Op::Fail => false,
            Op::Clauses => self.clauses_command(cx, s.pc),
            Op::Take => self.take_command(cx)?,
            Op::Drop => self.drop_command(cx)?,
            Op::Capture => self.capture_command(cx)?,
            Op::CaptureLater => self.capture_later_command(cx)?,
            Op::Promote(kind) => self.promote_command(kind)?,
            Op::Log(n) => self.log_command(n)?,
            Op::Complete => self.complete_command(cx, s.sink)?,
            // Superinstructions (`fused`).
            Op::TakeLog => self.take_log(s)?,
            Op::LogPosition => self.log_position(s),
            Op::LocalPosition(slot) => self.local_position(slot, s),
            Op::LocalAttr(slot, a) => self.local_attr(slot, a, s),
            Op::SetAttrConst(a, v) => self.set_attr_const(a, v, s)?,
            Op::DropComplete => self.drop_complete(s)?,
            Op::CheckZone(z) => self.check_zone(z, s),
            Op::JmpUnlessZone(z, t) => self.jump_unless_zone(z, t, s),
            Op::CheckPieceEq(v) => self.check_piece_eq(v, s),
            Op::TestJmp(test, t) => self.test_jump(test, t, s),
            Op::NavOrJmp(d, t) => self.nav_or_jump(d, t, s),
            Op::NavTestOrJmp(d, test, t) => self.nav_test_or_jump(d, test, t, s),
            Op::TestOrJmp(test, t) => self.test_or_jump(test, t, s),
            Op::NavJmp(d, t) => self.nav(d, s) && s.jump(t),
            Op::NavTest(d, test) => self.nav(d, s) && self.then_test(test, s),
            Op::NavTestJmp(d, test, t) => self.nav(d, s) && self.test_jump(test, t, s),
            Op::LocalTest(slot, test) => self.local(slot, s) && self.then_test(test, s),
            Op::LocalTestJmp(slot, test, t) => self.local(slot, s) && self.test_jump(test, t, s),
            Op::EndMoveJmp(t, u) => self.end_move_jump(t, u, s)?,
            Op::ClausesFork(t) => self.clauses_fork(t, s)?,
            other => self.rare_op(other, s)?,
        })
    }

    /// The commands few chains run, as `op` runs them: the board's answers (queries, the
    /// players, zones, attributes, turn variables, visit marks, the whole board, the sink's
    /// questions), the other changes of a move, and the arithmetic.
    #[inline(always)]
    fn rare_op(&mut self, op: Op, s: &mut Step<'_>) -> Result<bool, GenErrorKind> {
        let cx = s.cx;
        Ok(match op {
            Op::Position => self.query_command(Query::Position),
            Op::IsEmpty => self.query_command(Query::IsEmpty),
            Op::NotEmpty => self.query_command(Query::NotEmpty),
            Op::IsFriend => self.query_command(Query::IsFriend),
            Op::NotFriend => self.query_command(Query::NotFriend),
            Op::IsEnemy => self.query_command(Query::IsEnemy),
            Op::NotEnemy => self.query_command(Query::NotEnemy),
            Op::PlayerAt => self.query_command(Query::Player),
            Op::PieceAt => self.query_command(Query::Piece),
            Op::IsCaptured => self.query_command(Query::IsCaptured),
            Op::NotCaptured => self.query_command(Query::NotCaptured),
            Op::CurrentPlayer => self.player_command(cx, PlayersName::CurrentPlayer),
            Op::NextPlayer => self.player_command(cx, PlayersName::NextPlayer),
            Op::TurnNumber => self.player_command(cx, PlayersName::TurnNumber),
            Op::TurnOrder => self.player_command(cx, PlayersName::TurnOrder),
            Op::InZone(z) => self.in_zone_command(cx, z),
            Op::AttrAt(a) => self.attr_at_command(a),
            Op::TurnGet(t) => self.turn_get_command(t),
            Op::Visit | Op::IsVisited | Op::NotVisited => self.visit_marks(op),
            Op::Part => {
                self.note_capture();
                true
            }
            Op::GivesCheck => self.ask(cx, s.sink, Question::GivesCheck)?,
            Op::GivesMate => self.ask(cx, s.sink, Question::GivesMate)?,
            Op::InCheck => self.ask(cx, s.sink, Question::InCheck)?,
            Op::CanAnswer => self.ask(cx, s.sink, Question::CanAnswer)?,
            Op::IsAttacked | Op::NotAttacked | Op::IsDefended | Op::NotDefended => {
                self.attacked_command(cx, op, s.sink)?
            }
            Op::FriendCount
            | Op::EnemyCount
            | Op::CountOf { .. }
            | Op::GroupSize
            | Op::Liberties
            | Op::CaptureGroup
            | Op::LineLength
            | Op::Connected(..)
            | Op::GroupTouches(_)
            | Op::Encircles
            | Op::SetOwner
            | Op::Create(_)
            | Op::Seeds
            | Op::SetSeeds
            | Op::Weight
            | Op::TurnTo
            | Op::AnotherTurn => self.whole_board(cx, op)?,
            Op::GlobalAdd(slot, n) => self.global_add_command(slot, n)?,
            Op::Invariant(i) => self.invariant_command(cx, i)?,
            Op::SetAttr(a) => self.set_attr_command(cx, a)?,
            Op::TurnSet(slot) => self.turn_set_command(cx, slot)?,
            Op::PromoteTo => self.promote_to_command()?,
            // Rare, but in line: moved to a cold helper (alone or in `whole_board`) it
            // measured +7.6 M instructions on chess perft(4) bulk, the hot loop's registers
            // allocated worse.
            Op::CyclePieces(n) => self.cycle_pieces_command(cx, n)?,
            Op::MovePiece => self.move_piece_command(cx)?,
            Op::MoveTile => self.move_tile_command(cx)?,
            other => self.arith_command(other)?,
        })
    }

    /// The command an error of the command at `this` is reported at: for a superinstruction,
    /// the command it stands for that made the error.
    #[inline]
    pub(crate) fn fault_at(&mut self, this: usize) -> usize {
        this + std::mem::take(&mut self.fault_offset)
    }
}

#[cfg(test)]
mod tests;
