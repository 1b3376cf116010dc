//! The processor: runs one piece's chain from one start square, backtracking through every
//! choice, and hands each completed move to the generator.
//!
//! Backtracking is transactional: a choice point records the trail length (locals and board
//! cells), a copy of the (short) data stack, the lengths of the action and notation logs, and the
//! current position and hand. Failing pops the latest choice point, undoes the trail down to it,
//! and resumes at its target. Globals live outside the trail.

use crate::env::global::Globals;
use crate::env::local::Locals;
use crate::env::players::{Players, PlayersName};
use crate::env::state::{Query, State};
use crate::env::Undo;
use crate::error::GenErrorKind;
use crate::expr::{self, pop};
use dagaz_ir::{
    Action, Board, Dir, Int, Op, Piece, PieceKind, PlayerId, Pos, Program, Value, Zones,
    MAX_TURN_VARIABLES,
};
use indexmap::IndexSet;

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
    /// left as it was).
    fn attacked(
        &mut self,
        attack: Attack<'_>,
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind>;

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
        match self.op(cx, op, &mut cursor.at, &mut cursor.steps, sink) {
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
    #[inline(always)]
    fn op(
        &mut self,
        cx: &Context<'_>,
        op: Op,
        pc: &mut usize,
        steps: &mut u64,
        sink: &mut dyn Sink,
    ) -> Result<bool, GenErrorKind> {
        Ok(match op {
            Op::Push(v) => self.push_command(v),
            Op::Pop => {
                pop(&mut self.stack)?;
                true
            }
            Op::LocalGet(s) => self.local_get_command(s),
            Op::LocalSet(s) => self.local_set_command(s)?,
            Op::LocalConst(s, v) => self.local_const_command(s, v),
            Op::LocalConstJmp(s, v, t) => {
                self.locals.set(s, v, &mut self.trail);
                *pc = t as usize;
                true
            }
            Op::CheckLocal(s) => self.check_local_command(cx, s),
            Op::LocalAdd(s, n) => self.local_add_command(s, n)?,
            Op::GlobalGet(s) => self.global_get_command(s),
            Op::GlobalSet(s) => self.global_set_command(s)?,
            Op::GlobalAdd(s, n) => {
                let v = add(self.globals.get(s), n)?;
                self.globals.set(s, v);
                true
            }
            Op::Position => self.push_query(Query::Position),
            Op::IsEmpty => self.push_query(Query::IsEmpty),
            Op::NotEmpty => self.push_query(Query::NotEmpty),
            Op::IsFriend => self.push_query(Query::IsFriend),
            Op::NotFriend => self.push_query(Query::NotFriend),
            Op::IsEnemy => self.push_query(Query::IsEnemy),
            Op::NotEnemy => self.push_query(Query::NotEnemy),
            Op::PlayerAt => self.push_query(Query::Player),
            Op::PieceAt => self.push_query(Query::Piece),
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
            Op::CurrentPlayer => self.push_player(cx, PlayersName::CurrentPlayer),
            Op::NextPlayer => self.push_player(cx, PlayersName::NextPlayer),
            Op::TurnNumber => self.push_player(cx, PlayersName::TurnNumber),
            Op::TurnOrder => self.push_player(cx, PlayersName::TurnOrder),
            Op::Not => self.not_command(cx)?,
            Op::Jmp(t) => {
                *pc = t as usize;
                true
            }
            Op::JmpUnlessLocal(s, cmp, n, t) => {
                self.jump_unless_local_command(cx, s, cmp, n, t, pc)?
            }
            Op::JmpIfFalse(t) => self.jump_unless_command(cx, t, pc)?,
            Op::Check => self.check_command(cx)?,
            Op::Fork(t) => self.fork_command(cx, t)?,
            Op::EndMove(t) => self.end_move_command(cx, t, pc)?,
            Op::AnyGuarded(g) => self.any_guarded(cx, g, pc)?,

            Op::NoMoves => self.no_moves_command(),
            Op::CaptureLater => self.capture_later_command(cx)?,
            Op::Promote(kind) => self.promote_command(kind)?,
            Op::IsCaptured => self.push_query(Query::IsCaptured),
            Op::NotCaptured => self.push_query(Query::NotCaptured),
            Op::Visit | Op::IsVisited | Op::NotVisited => self.visit_marks(op),
            Op::InZone(z) => self.in_zone_command(cx, z),
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
            | Op::Seeds
            | Op::SetSeeds
            | Op::AnotherTurn => self.whole_board(cx, op)?,
            Op::Fail => false,
            Op::Clauses => self.clauses_command(cx, pc),
            Op::Take => {
                self.take(cx)?;
                true
            }
            Op::Capture => self.capture_command(cx)?,
            Op::Drop => {
                self.drop_piece(cx)?;
                true
            }
            Op::Log(n) => self.log_command(n)?,
            Op::Invariant(i) => self.invariant_command(cx, i)?,
            Op::Complete => self.complete_command(cx, sink)?,
            Op::AttrAt(a) => self.attr_at_command(a),
            Op::SetAttr(a) => self.set_attr_command(cx, a)?,
            Op::TurnGet(t) => self.turn_get_command(t),
            Op::TurnSet(slot) => self.turn_set_command(cx, slot)?,
            Op::PromoteTo => self.promote_to_command()?,
            // Rare, but left inline: moved to a cold helper (alone or in `whole_board`) it
            // measured +7.6 M instructions on chess perft(4) bulk, the hot loop's registers
            // allocated worse.
            Op::CyclePieces(n) => {
                let mut positions = smallvec::SmallVec::<[Pos; 8]>::new();
                for _ in 0..n {
                    match pop(&mut self.stack)? {
                        Value::Pos(p) if !positions.contains(&p) => positions.push(p),
                        Value::Pos(_) => return Err(GenErrorKind::CycleTwice),
                        other => {
                            return Err(GenErrorKind::WrongType {
                                expected: "a position",
                                found: other.value_type(),
                            })
                        }
                    }
                }
                positions.reverse();
                let moved = self.state.cycle_pieces(&positions, &mut self.trail);
                for &(at, _, piece) in &moved {
                    self.act(cx.limits, Action::Take { at, piece })?;
                }
                for &(_, at, piece) in &moved {
                    let drop = Action::Drop {
                        at,
                        piece,
                        replaced: None,
                    };
                    self.act(cx.limits, drop)?;
                }
                true
            }
            Op::MovePiece => {
                let to = match pop(&mut self.stack)? {
                    Value::Pos(p) => p,
                    Value::Dir(d) => {
                        let dir = d.turned(cx.symmetry);
                        match cx.board.step(dir, self.state.current) {
                            Some(p) => p,
                            None => return Ok(false),
                        }
                    }
                    other => {
                        return Err(GenErrorKind::WrongType {
                            expected: "a position or a direction",
                            found: other.value_type(),
                        })
                    }
                };
                let at = self.state.current;
                let (piece, replaced) = self.state.move_piece(to, &mut self.trail)?;
                self.act(cx.limits, Action::Take { at, piece })?;
                self.act(
                    cx.limits,
                    Action::Drop {
                        at: to,
                        piece,
                        replaced,
                    },
                )?;
                true
            }
            Op::GivesCheck => self.ask(cx, sink, Question::GivesCheck)?,
            Op::GivesMate => self.ask(cx, sink, Question::GivesMate)?,
            Op::InCheck => self.ask(cx, sink, Question::InCheck)?,
            Op::CanAnswer => self.ask(cx, sink, Question::CanAnswer)?,
            Op::IsAttacked | Op::NotAttacked => {
                if self.in_probe {
                    return Ok(false);
                }
                let attacked = self.attacked_here(cx, sink)?;
                self.stack
                    .push(Value::Bool(attacked == (op == Op::IsAttacked)));
                true
            }
            // Superinstructions (`vm::fuse`): the commands they stand for, in order; `steps`
            // counts each one that runs after the first.
            Op::TakeLog => {
                self.take(cx)?;
                *steps += 2;
                self.log.push(Value::Pos(self.state.current));
                *pc += 2;
                true
            }
            Op::LogPosition => {
                *steps += 1;
                self.log.push(Value::Pos(self.state.current));
                *pc += 1;
                true
            }
            Op::LocalPosition(s) => {
                *steps += 1;
                let here = Value::Pos(self.state.current);
                self.locals.set(s, here, &mut self.trail);
                *pc += 1;
                true
            }
            Op::LocalAttr(s, a) => {
                *steps += 1;
                let v = Value::Bool(self.state.attr_here(a));
                self.locals.set(s, v, &mut self.trail);
                *pc += 1;
                true
            }
            Op::SetAttrConst(a, v) => {
                *steps += 1;
                self.fault_offset = 1;
                self.state.set_hand_attr(a, v)?;
                self.fault_offset = 0;
                *pc += 1;
                true
            }
            Op::DropComplete => {
                self.drop_piece(cx)?;
                *steps += 1;
                self.fault_offset = 1;
                self.complete(cx, sink)?;
                self.fault_offset = 0;
                false
            }
            Op::CheckZone(z) => {
                *steps += 1;
                *pc += 1;
                cx.zones
                    .contains(z as usize, self.state.player, self.state.current)
            }
            Op::JmpUnlessZone(z, t) => {
                *steps += 1;
                *pc += 1;
                if !cx
                    .zones
                    .contains(z as usize, self.state.player, self.state.current)
                {
                    *pc = t as usize;
                }
                true
            }
            Op::CheckPieceEq(v) => {
                *steps += 3;
                *pc += 3;
                let here = self.state.query(Query::Piece);
                self.truth(cx, Value::Bool(expr::equal(here, v)))
            }
            Op::TestJmp(test, t) => {
                if !self.test(test) {
                    return Ok(false);
                }
                *steps += 1;
                *pc = t as usize;
                true
            }
            Op::NavOrJmp(d, t) => {
                *steps += 1;
                *pc += 1;
                if !self.state.navigate(cx.board, cx.symmetry, d) {
                    *pc = t as usize;
                }
                true
            }
            Op::NavTestOrJmp(d, test, t) => {
                // Two commands run when the step fails, all four when it does not.
                *steps += 1;
                let next = *pc + 3;
                *pc = t as usize;
                if self.state.navigate(cx.board, cx.symmetry, d) {
                    *steps += 2;
                    if self.test(test) {
                        *pc = next;
                    }
                }
                true
            }
            Op::TestOrJmp(test, t) => {
                *steps += 1;
                *pc += 1;
                if !self.test(test) {
                    *pc = t as usize;
                }
                true
            }
            Op::NavJmp(d, t) => {
                if !self.state.navigate(cx.board, cx.symmetry, d) {
                    return Ok(false);
                }
                *steps += 1;
                *pc = t as usize;
                true
            }
            Op::NavTest(d, test) => {
                if !self.state.navigate(cx.board, cx.symmetry, d) {
                    return Ok(false);
                }
                *steps += 1;
                *pc += 1;
                self.test(test)
            }
            Op::NavTestJmp(d, test, t) => {
                if !self.state.navigate(cx.board, cx.symmetry, d) {
                    return Ok(false);
                }
                *steps += 1;
                if !self.test(test) {
                    return Ok(false);
                }
                *steps += 1;
                *pc = t as usize;
                true
            }
            Op::LocalTest(s, test) => {
                let v = self.locals.get(s);
                if !self.truth(cx, v) {
                    return Ok(false);
                }
                *steps += 1;
                *pc += 1;
                self.test(test)
            }
            Op::LocalTestJmp(s, test, t) => {
                let v = self.locals.get(s);
                if !self.truth(cx, v) {
                    return Ok(false);
                }
                *steps += 1;
                if !self.test(test) {
                    return Ok(false);
                }
                *steps += 1;
                *pc = t as usize;
                true
            }
            Op::EndMoveJmp(t, u) => {
                if self.end_cannot_capture(cx) {
                    *pc = t as usize;
                } else {
                    self.fork(t, cx.limits)?;
                    *steps += 1;
                    *pc = u as usize;
                }
                true
            }
            Op::ClausesFork(t) => {
                if let Some(j) = self.only_clause.take() {
                    return Ok(self.only(cx, j, pc));
                }
                *steps += 1;
                self.fault_offset = 1;
                self.fork(t, cx.limits)?;
                self.fault_offset = 0;
                *pc += 1;
                true
            }
            other => self.arith_command(other)?,
        })
    }

    // The commands whose code compiled chains share with the interpreter (the `native` module):
    // each is written once, here. `true` when the command passes, `false` when it fails.

    #[inline(always)]
    pub(crate) fn push_command(&mut self, v: Value) -> bool {
        self.stack.push(v);
        true
    }

    #[inline(always)]
    pub(crate) fn local_add_command(&mut self, s: u16, n: Int) -> Result<bool, GenErrorKind> {
        let v = add(self.locals.get(s), n)?;
        self.locals.set(s, v, &mut self.trail);
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn global_get_command(&mut self, s: u16) -> bool {
        self.stack.push(self.globals.get(s));
        true
    }

    #[inline(always)]
    pub(crate) fn global_set_command(&mut self, s: u16) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        self.globals.set(s, v);
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn not_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        let not = self.not_value(cx, v);
        self.stack.push(not);
        Ok(true)
    }

    /// `Not` of `v`: a link navigates, as `Check` would.
    #[inline(always)]
    pub(crate) fn not_value(&mut self, cx: &Context<'_>, v: Value) -> Value {
        Value::Bool(!self.truth(cx, v))
    }

    /// `JmpUnlessLocal(s, cmp, n, t)`: sets `*pc` to `t` unless local `s` compares to `n` so.
    #[inline(always)]
    pub(crate) fn jump_unless_local_command(
        &mut self,
        cx: &Context<'_>,
        s: u16,
        cmp: dagaz_ir::Cmp,
        n: Int,
        t: u32,
        pc: &mut usize,
    ) -> Result<bool, GenErrorKind> {
        let holds = match self.locals.get(s) {
            Value::Int(a) => cmp.holds(a, n),
            other => {
                // Booleans compare as numbers; anything else as the comparison does.
                self.stack.push(other);
                self.stack.push(Value::Int(n));
                expr::arith(cmp.op(), &mut self.stack)?;
                let v = pop(&mut self.stack)?;
                plain_truth(cx.strings, v)
            }
        };
        if !holds {
            *pc = t as usize;
        }
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn no_moves_command(&mut self) -> bool {
        self.no_moves = true;
        true
    }

    #[inline(always)]
    pub(crate) fn capture_later_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let at = self.state.current;
        let piece = self.state.capture_later(&mut self.trail)?;
        self.act(cx.limits, Action::Capture { at, piece })?;
        self.note_capture();
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn promote_command(&mut self, kind: PieceKind) -> Result<bool, GenErrorKind> {
        self.state.promote(kind)?;
        Ok(true)
    }

    /// `Clauses`: goes on to the first clause, or, in an attack test told to run clause `j`
    /// only, to that clause (setting `*pc`).
    #[inline(always)]
    pub(crate) fn clauses_command(&mut self, cx: &Context<'_>, pc: &mut usize) -> bool {
        match self.only_clause.take() {
            None => true,
            Some(j) => self.only(cx, j, pc),
        }
    }

    #[inline(always)]
    pub(crate) fn invariant_command(
        &mut self,
        cx: &Context<'_>,
        i: u16,
    ) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        Ok(self.invariant_value(cx, i, v))
    }

    /// `Invariant(i)` of the value `v`.
    #[inline(always)]
    pub(crate) fn invariant_value(&mut self, cx: &Context<'_>, i: u16, v: Value) -> bool {
        // Plain truth, as when it is evaluated again: an invariant never navigates.
        let held = plain_truth(cx.strings, v);
        if held {
            self.pending.push((i, self.pending_locals.len() as u32));
            self.pending_locals.extend_from_slice(self.locals.values());
        }
        held
    }

    /// `Complete`: hands the move to the sink, then fails, so the run looks for the next.
    #[inline(always)]
    pub(crate) fn complete_command(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
    ) -> Result<bool, GenErrorKind> {
        self.complete(cx, sink)?;
        Ok(false)
    }

    /// The arithmetic and the comparisons (`expr`).
    #[inline(always)]
    pub(crate) fn arith_command(&mut self, op: Op) -> Result<bool, GenErrorKind> {
        expr::arith(op, &mut self.stack)
    }

    /// A comparison (`Eq` … `Ge`) of `a` and `b`, as `arith_command` makes it with `a` and
    /// `b` on top of the stack: two numbers here, anything else through the stack.
    #[inline(always)]
    pub(crate) fn compare_values(
        &mut self,
        op: Op,
        a: Value,
        b: Value,
    ) -> Result<Value, GenErrorKind> {
        if let Op::Eq | Op::Ne = op {
            return Ok(Value::Bool(expr::equal(a, b) == (op == Op::Eq)));
        }
        if let (Value::Int(x), Value::Int(y)) = (a, b) {
            if let Some(r) = expr::compare_ints(op, x, y) {
                return Ok(Value::Bool(r));
            }
        }
        self.stack.push(a);
        self.stack.push(b);
        expr::arith(op, &mut self.stack)?;
        pop(&mut self.stack)
    }

    #[inline(always)]
    pub(crate) fn local_get_command(&mut self, s: u16) -> bool {
        self.stack.push(self.locals.get(s));
        true
    }

    #[inline(always)]
    pub(crate) fn local_set_command(&mut self, s: u16) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        self.local_set_value(s, v);
        Ok(true)
    }

    /// `LocalSet(s)` of the value `v`.
    #[inline(always)]
    pub(crate) fn local_set_value(&mut self, s: u16, v: Value) {
        self.locals.set(s, v, &mut self.trail);
    }

    #[inline(always)]
    pub(crate) fn local_const_command(&mut self, s: u16, v: Value) -> bool {
        self.locals.set(s, v, &mut self.trail);
        true
    }

    #[inline(always)]
    pub(crate) fn check_local_command(&mut self, cx: &Context<'_>, s: u16) -> bool {
        let v = self.locals.get(s);
        self.truth(cx, v)
    }

    /// `Position` … `PieceAt`, `IsCaptured`, `NotCaptured`: pushes the answer.
    #[inline(always)]
    pub(crate) fn query_command(&mut self, q: Query) -> bool {
        self.push_query(q)
    }

    /// `Nav`, `Goto` and the eight board tests (`CheckEmpty` …).
    #[inline(always)]
    pub(crate) fn board_command(&mut self, cx: &Context<'_>, op: Op) -> bool {
        self.board_test(cx, op)
    }

    #[inline(always)]
    pub(crate) fn in_zone_command(&mut self, cx: &Context<'_>, z: u16) -> bool {
        let inside = self.zone_value(cx, z);
        self.stack.push(inside);
        true
    }

    /// What `InZone(z)` answers.
    #[inline(always)]
    pub(crate) fn zone_value(&self, cx: &Context<'_>, z: u16) -> Value {
        Value::Bool(
            cx.zones
                .contains(z as usize, self.state.player, self.state.current),
        )
    }

    /// `JmpIfFalse`: sets `*pc` to `t` when the value popped is false.
    #[inline(always)]
    pub(crate) fn jump_unless_command(
        &mut self,
        cx: &Context<'_>,
        t: u32,
        pc: &mut usize,
    ) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        if !self.truth(cx, v) {
            *pc = t as usize;
        }
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn check_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        Ok(self.truth(cx, v))
    }

    #[inline(always)]
    pub(crate) fn fork_command(&mut self, cx: &Context<'_>, t: u32) -> Result<bool, GenErrorKind> {
        self.fork(t, cx.limits)?;
        Ok(true)
    }

    /// `EndMove`: sets `*pc` to `t` when this end cannot capture in an attack test, and
    /// otherwise opens a choice point that resumes there.
    #[inline(always)]
    pub(crate) fn end_move_command(
        &mut self,
        cx: &Context<'_>,
        t: u32,
        pc: &mut usize,
    ) -> Result<bool, GenErrorKind> {
        self.end_move_with(cx, t, pc, Processor::fork)
    }

    /// `EndMove`, its choice point opened by `open` (a call, or in line).
    #[inline(always)]
    pub(crate) fn end_move_with(
        &mut self,
        cx: &Context<'_>,
        t: u32,
        pc: &mut usize,
        open: fn(&mut Processor, u32, StepLimits) -> Result<(), GenErrorKind>,
    ) -> Result<bool, GenErrorKind> {
        if self.end_cannot_capture(cx) {
            *pc = t as usize;
        } else {
            open(self, t, cx.limits)?;
        }
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn take_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        self.take(cx)?;
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn drop_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        self.drop_piece(cx)?;
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn capture_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let at = self.state.current;
        let piece = self.state.capture(&mut self.trail)?;
        self.act(cx.limits, Action::Capture { at, piece })?;
        self.note_capture();
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn log_command(&mut self, n: u8) -> Result<bool, GenErrorKind> {
        let base = self
            .stack
            .len()
            .checked_sub(n as usize)
            .ok_or(GenErrorKind::Internal(crate::error::Internal::EmptyStack))?;
        self.log.extend(self.stack.drain(base..));
        Ok(true)
    }

    /// `Log(n)` of the `n` values `values`, first to last.
    #[inline(always)]
    pub(crate) fn log_values(&mut self, values: &[Value]) {
        self.log.extend_from_slice(values);
    }

    /// The command an error of the command at `this` is reported at: for a superinstruction,
    /// the command it stands for that made the error.
    #[inline]
    pub(crate) fn fault_at(&mut self, this: usize) -> usize {
        this + std::mem::take(&mut self.fault_offset)
    }

    /// `Clauses` in an attack test told to run clause `j` only: go to it.
    fn only(&self, cx: &Context<'_>, j: u16, pc: &mut usize) -> bool {
        match &cx.program.parts {
            dagaz_ir::Parts::Clauses { bodies, .. } => match bodies.get(j as usize) {
                Some(&(body, _)) => {
                    *pc = body;
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    #[inline]
    fn take(&mut self, cx: &Context<'_>) -> Result<(), GenErrorKind> {
        let at = self.state.current;
        let piece = self.state.take(&mut self.trail)?;
        self.act(cx.limits, Action::Take { at, piece })
    }

    #[inline]
    fn drop_piece(&mut self, cx: &Context<'_>) -> Result<(), GenErrorKind> {
        let at = self.state.current;
        let (piece, replaced) = self.state.drop(&mut self.trail)?;
        self.act(
            cx.limits,
            Action::Drop {
                at,
                piece,
                replaced,
            },
        )
    }

    /// A board test made by a superinstruction.
    #[inline(always)]
    fn test(&self, test: dagaz_ir::Test) -> bool {
        use dagaz_ir::Test;
        match test {
            Test::Empty => self.state.is_empty(),
            Test::NotEmpty => !self.state.is_empty(),
            Test::Friend => self.state.is_friend(),
            Test::NotFriend => !self.state.is_friend(),
            Test::Enemy => self.state.is_enemy(),
            Test::NotEnemy => !self.state.is_enemy(),
            Test::Captured => self.state.is_captured(),
            Test::NotCaptured => !self.state.is_captured(),
        }
    }

    /// `AnyGuarded`: the first constant (from `resume_alt` on) whose guard passes is chosen;
    /// a choice point keeps the rest. `pc` is just past the command.
    #[inline(always)]
    pub(crate) fn any_guarded(
        &mut self,
        cx: &Context<'_>,
        g: u16,
        pc: &mut usize,
    ) -> Result<bool, GenErrorKind> {
        let Some(guard) = cx.program.guards.get(g as usize) else {
            return Ok(false);
        };
        let here = *pc - 1;
        let body = cx
            .program
            .ops
            .get(*pc..*pc + guard.len as usize)
            .unwrap_or(&[]);
        let start = self.state.current;
        if let Some(only) = self.only_alt.take() {
            let Some(&v) = guard.values.get(only as usize) else {
                return Ok(false);
            };
            if !self.guard_holds(cx, body, guard.slot, v) {
                self.state.current = start;
                return Ok(false);
            }
            self.locals.set(guard.slot, v, &mut self.trail);
            *pc += guard.len as usize;
            return Ok(true);
        }
        let first = std::mem::take(&mut self.resume_alt) as usize;
        let split = self.split_at == Some(here);
        for (i, &v) in guard.values.iter().enumerate().skip(first) {
            self.state.current = start;
            if split {
                self.state.read_slot = i + 1;
            }
            if !self.guard_holds(cx, body, guard.slot, v) {
                continue;
            }
            let there = self.state.current;
            if i + 1 < guard.values.len() {
                self.state.current = start;
                self.fork(here as u32, cx.limits)?;
                if let Some(c) = self.choices.last_mut() {
                    c.alt = (i + 1) as u16;
                }
                self.state.current = there;
            }
            self.locals.set(guard.slot, v, &mut self.trail);
            *pc += guard.len as usize;
            return Ok(true);
        }
        self.state.current = start;
        Ok(false)
    }

    /// `AttrAt(a)`.
    #[inline(always)]
    pub(crate) fn attr_at_command(&mut self, a: u8) -> bool {
        let v = self.attr_value(a);
        self.stack.push(v);
        true
    }

    /// What `AttrAt(a)` pushes: whether the piece here has attribute `a`.
    #[inline(always)]
    pub(crate) fn attr_value(&self, a: u8) -> Value {
        Value::Bool(self.state.attr_here(a))
    }

    /// `SetAttr(a)`.
    #[inline(always)]
    pub(crate) fn set_attr_command(
        &mut self,
        cx: &Context<'_>,
        a: u8,
    ) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        self.set_attr_value(cx, a, v)
    }

    /// `SetAttr(a)` of the value `v`.
    #[inline(always)]
    pub(crate) fn set_attr_value(
        &mut self,
        cx: &Context<'_>,
        a: u8,
        v: Value,
    ) -> Result<bool, GenErrorKind> {
        self.state.set_hand_attr(a, plain_truth(cx.strings, v))?;
        Ok(true)
    }

    /// `TurnGet(t)`.
    #[inline(always)]
    pub(crate) fn turn_get_command(&mut self, t: u8) -> bool {
        let v = self.turn_value(t);
        self.stack.push(v);
        true
    }

    /// What `TurnGet(t)` reads (noted as a read while recording).
    #[inline(always)]
    pub(crate) fn turn_value(&self, t: u8) -> Value {
        self.state.note_turn_read(t as usize);
        self.state
            .turn_values
            .get(t as usize)
            .copied()
            .unwrap_or(Value::UNSET)
    }

    /// `TurnSet(slot)`.
    #[inline(always)]
    pub(crate) fn turn_set_command(
        &mut self,
        cx: &Context<'_>,
        slot: u8,
    ) -> Result<bool, GenErrorKind> {
        let value = pop(&mut self.stack)?;
        self.turn_set_value(cx, slot, value)
    }

    /// `TurnSet(slot)` of the value `value`.
    #[inline(always)]
    pub(crate) fn turn_set_value(
        &mut self,
        cx: &Context<'_>,
        slot: u8,
        value: Value,
    ) -> Result<bool, GenErrorKind> {
        self.act(cx.limits, Action::SetTurn { slot, value })?;
        Ok(true)
    }

    /// `PromoteTo`.
    #[inline(always)]
    pub(crate) fn promote_to_command(&mut self) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        self.promote_to_value(v)
    }

    /// `PromoteTo` of the value `v`.
    #[inline(always)]
    pub(crate) fn promote_to_value(&mut self, v: Value) -> Result<bool, GenErrorKind> {
        match v {
            Value::Piece(kind) => {
                self.state.promote(kind)?;
                Ok(true)
            }
            other => Err(GenErrorKind::WrongType {
                expected: "a piece type",
                found: other.value_type(),
            }),
        }
    }

    /// `AnyGuarded` at `here` as compiled chains open it: the square its constants are tried
    /// from and the first constant to try (not 0 when backtracking resumed it), or `None`
    /// where an attack test asks for one constant or splits the reads by constant (the
    /// interpreter's `any_guarded` then does it all).
    #[inline(always)]
    pub(crate) fn guarded_begin_command(&mut self, here: usize) -> Option<(Pos, u16)> {
        if self.only_alt.is_some() || self.split_at == Some(here) {
            return None;
        }
        Some((self.state.current, std::mem::take(&mut self.resume_alt)))
    }

    /// A compiled `AnyGuarded`'s guard passed for constant `v`, with the next constant to try
    /// on backtracking (`None` after the last): a choice point for the rest, as `any_guarded`
    /// opens it, then `slot` set to `v`.
    #[inline(always)]
    pub(crate) fn guarded_choose(
        &mut self,
        cx: &Context<'_>,
        start: Pos,
        here: u32,
        next: Option<u16>,
        slot: u16,
        v: Value,
    ) -> Result<(), GenErrorKind> {
        if let Some(alt) = next {
            let there = self.state.current;
            self.state.current = start;
            self.fork_inline(here, cx.limits)?;
            if let Some(c) = self.choices.last_mut() {
                c.alt = alt;
            }
            self.state.current = there;
        }
        self.locals.set(slot, v, &mut self.trail);
        Ok(())
    }

    /// One command of a guard, with the guard's own slot holding the constant `v`: what
    /// `guard_holds` does for it.
    #[inline(always)]
    pub(crate) fn guard_command(&mut self, cx: &Context<'_>, op: Op, slot: u16, v: Value) -> bool {
        match op {
            Op::CheckLocal(s) if s == slot => self.truth(cx, v),
            Op::CheckLocal(s) => {
                let local = self.locals.get(s);
                self.truth(cx, local)
            }
            other => self.board_test(cx, other),
        }
    }

    /// Runs a guard's checks with `slot` holding `v`; they only test and move about.
    #[inline(always)]
    fn guard_holds(&mut self, cx: &Context<'_>, body: &[Op], slot: u16, v: Value) -> bool {
        // A plain loop: `Iterator::all` with this closure is not always inlined.
        for &op in body {
            if !self.guard_command(cx, op, slot, v) {
                return false;
            }
        }
        true
    }

    /// The commands that test the current position or move it: whether they pass.
    #[inline(always)]
    fn board_test(&mut self, cx: &Context<'_>, op: Op) -> bool {
        match op {
            Op::Nav(d) => self.state.navigate(cx.board, cx.symmetry, d),
            Op::Goto(p) => {
                self.state.current = p;
                true
            }
            Op::CheckEmpty => self.state.is_empty(),
            Op::CheckNotEmpty => !self.state.is_empty(),
            Op::CheckFriend => self.state.is_friend(),
            Op::CheckNotFriend => !self.state.is_friend(),
            Op::CheckEnemy => self.state.is_enemy(),
            Op::CheckNotEnemy => !self.state.is_enemy(),
            Op::CheckCaptured => self.state.is_captured(),
            Op::CheckNotCaptured => !self.state.is_captured(),
            _ => false,
        }
    }

    /// Adds a change to the move under construction, within the limit on a move's changes.
    #[inline]
    fn act(&mut self, limits: StepLimits, action: Action) -> Result<(), GenErrorKind> {
        if self.actions.len() >= limits.actions {
            return Err(GenErrorKind::TooManyActions(limits.actions));
        }
        self.actions.push(action);
        Ok(())
    }

    /// Remembers where the path made a capture, for `NoMoves`.
    #[inline]
    fn note_capture(&mut self) {
        self.marks.push((self.choices.len() as u32, 0));
    }

    /// Hands a completed move to the sink, unless `NoMoves` finds that a move following its
    /// last capture already took more; then withdraws the moves that this one shows were
    /// not the end of their capture.
    fn complete(&mut self, cx: &Context<'_>, sink: &mut dyn Sink) -> Result<(), GenErrorKind> {
        // Checked once a move is complete, not at every `log`: a run that logs without
        // completing is bounded by the step limit, and the hot path stays one compare a move.
        if self.log.len() > cx.limits.notation {
            return Err(GenErrorKind::TooLongNotation(cx.limits.notation));
        }
        let captures = self.marks.len() as u32;
        let last = self.marks.last().copied();
        let beaten = self.no_moves && last.is_some_and(|(_, best)| best > captures);
        let serial = if beaten {
            None
        } else {
            Some(sink.complete(
                &mut self.globals,
                Completed {
                    part: self.state.read_slot,
                    actions: &self.actions,
                    log: &self.log,
                    invariants: &self.pending,
                    invariant_locals: &self.pending_locals,
                },
            )?)
        };
        self.prefixes.retain(|&(_, n, earlier)| {
            if captures > n {
                sink.cancel(earlier);
                false
            } else {
                true
            }
        });
        for (_, best) in &mut self.marks {
            *best = (*best).max(captures);
        }
        if let (true, Some(serial), Some((depth, _))) = (self.no_moves, serial, last) {
            self.prefixes.push((depth, captures, serial));
        }
        if sink.finished() {
            // Nothing left to explore: backtracking finds no choice point.
            self.choices.clear();
        }
        Ok(())
    }

    /// `Visit` and its queries: rare in the hot loop (few games mark), so kept out of it.
    #[cold]
    #[inline(never)]
    fn visit_marks(&mut self, op: Op) -> bool {
        match op {
            Op::Visit => {
                self.state.visit(&mut self.trail);
                true
            }
            Op::IsVisited => self.push_query(Query::IsVisited),
            _ => self.push_query(Query::NotVisited),
        }
    }

    /// The commands that look at or change the whole board (counts, lines, groups, owners):
    /// rare in the hot loop, so kept out of it.
    #[cold]
    #[inline(never)]
    fn whole_board(&mut self, cx: &Context<'_>, op: Op) -> Result<bool, GenErrorKind> {
        Ok(match op {
            Op::FriendCount | Op::EnemyCount => {
                let n = self.state.count(op == Op::FriendCount);
                self.stack.push(Value::Int(n as Int));
                true
            }
            Op::CountOf { friends, kind } => {
                let n = self.state.count_of(friends, kind);
                self.stack.push(Value::Int(n as Int));
                true
            }
            Op::GroupSize | Op::Liberties => {
                let liberties = self.state.find_group(cx.board);
                let n = match op {
                    Op::GroupSize => self.state.group.len(),
                    _ => liberties,
                };
                self.stack.push(Value::Int(n as Int));
                true
            }
            Op::CaptureGroup => {
                self.state.find_group(cx.board);
                let here = self.state.current;
                let group = std::mem::take(&mut self.state.group);
                let mut result = Ok(());
                for &at in &group {
                    self.state.current = at;
                    let piece = match self.state.capture(&mut self.trail) {
                        Ok(piece) => piece,
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    };
                    if let Err(e) = self.act(cx.limits, Action::Capture { at, piece }) {
                        result = Err(e);
                        break;
                    }
                    self.note_capture();
                }
                self.state.current = here;
                self.state.group = group;
                result?;
                true
            }
            Op::LineLength => {
                let n = self.state.line_length(cx.board);
                self.stack.push(Value::Int(n as Int));
                true
            }
            Op::Connected(a, b) => {
                let joined = self
                    .state
                    .connected(cx.board, cx.zones, a as usize, b as usize);
                self.stack.push(Value::Bool(joined));
                true
            }
            Op::GroupTouches(z) => {
                let touches = self.state.group_touches(cx.board, cx.zones, z as usize);
                self.stack.push(Value::Int(Int::from(touches)));
                true
            }
            Op::Encircles => {
                let ring = self.state.encircles(cx.board);
                self.stack.push(Value::Bool(ring));
                true
            }
            Op::SetOwner => {
                let owner = match pop(&mut self.stack)? {
                    Value::Player(p) => p,
                    other => {
                        return Err(GenErrorKind::WrongType {
                            expected: "a player",
                            found: other.value_type(),
                        })
                    }
                };
                let at = self.state.current;
                let (from, to) = self.state.set_owner(owner, &mut self.trail)?;
                if from != to {
                    self.act(cx.limits, Action::Change { at, from, to })?;
                }
                true
            }
            Op::Seeds => {
                let n = self.state.seeds_here();
                self.stack.push(Value::Int(Int::from(n)));
                true
            }
            Op::SetSeeds => {
                let n = pop(&mut self.stack)?;
                let at = self.state.current;
                let from = self.state.set_seeds(n, &mut self.trail)?;
                let to = self.state.seeds_here();
                if from != to {
                    self.act(cx.limits, Action::Seeds { at, from, to })?;
                }
                true
            }
            Op::AnotherTurn => {
                if !self.actions.contains(&Action::AnotherTurn) {
                    self.act(cx.limits, Action::AnotherTurn)?;
                }
                true
            }
            _ => true,
        })
    }

    /// `GivesCheck`, `GivesMate`, `InCheck` and `CanAnswer`: ask the sink, except inside an
    /// attack test, where the answer is false and the move goes on (it may still capture, which
    /// is what the test looks for).
    #[cold]
    #[inline(never)]
    fn ask(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
        question: Question,
    ) -> Result<bool, GenErrorKind> {
        let answer = !self.in_probe
            && sink.answer(
                question,
                self.state.player,
                cx.players.turn_number,
                &self.state.turn_values,
                &mut self.state.cells,
            )?;
        self.stack.push(Value::Bool(answer));
        Ok(true)
    }

    /// Whether an enemy attacks the current position, with the mover's piece standing there
    /// (the one on it, else the one in the hand).
    fn attacked_here(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
    ) -> Result<bool, GenErrorKind> {
        let player = self.state.player;
        let placed = match (self.state.here(), self.state.hand) {
            (Some(p), _) if p.owner == player => p,
            (_, Some(hand)) => hand,
            _ => Piece::new(player, PieceKind(0)),
        };
        let attack = Attack {
            at: self.state.current,
            defender: player,
            placed,
            turn_number: cx.players.turn_number,
            turn_values: &self.state.turn_values,
        };
        sink.attacked(attack, &mut self.state.cells)
    }

    #[inline]
    fn push_query(&mut self, q: Query) -> bool {
        self.stack.push(self.state.query(q));
        true
    }

    #[inline]
    fn push_player(&mut self, cx: &Context<'_>, name: PlayersName) -> bool {
        self.stack.push(cx.players.get(name));
        true
    }

    /// The truth of a value; a link navigates (and is false when it cannot).
    #[inline]
    pub(crate) fn truth(&mut self, cx: &Context<'_>, v: Value) -> bool {
        match v {
            Value::Pos(p) => {
                self.state.current = p;
                true
            }
            Value::Dir(d) => self.state.navigate(cx.board, cx.symmetry, d),
            other => plain_truth(cx.strings, other),
        }
    }

    /// Inside an attack test, whether ending the move here could not capture anything (no
    /// capture marked, no enemy on the square, and `post` puts the piece down where it stands),
    /// so that the end need not be offered: an attack test only asks about captures.
    #[inline]
    fn end_cannot_capture(&self, cx: &Context<'_>) -> bool {
        self.in_probe && cx.program.post_stays && self.marks.is_empty() && !self.state.is_enemy()
    }

    /// Opens a choice point that resumes at `resume`: a call, as the interpreter makes it (in
    /// line, it measured slower there).
    #[inline(never)]
    fn fork(&mut self, resume: u32, limits: StepLimits) -> Result<(), GenErrorKind> {
        self.fork_inline(resume, limits)
    }

    /// [`Processor::fork`] in line: as compiled chains open choice points.
    #[inline(always)]
    pub(crate) fn fork_inline(
        &mut self,
        resume: u32,
        limits: StepLimits,
    ) -> Result<(), GenErrorKind> {
        if self.choices.len() >= limits.choices {
            return Err(GenErrorKind::TooManyChoices(limits.choices));
        }
        self.push_choice(resume, self.state.current);
        Ok(())
    }

    /// How many choice points are open.
    #[inline(always)]
    pub(crate) fn choices_open(&self) -> usize {
        self.choices.len()
    }

    /// A choice point that resumes at `resume` on square `current`, the rest of the machine as
    /// it is now (the bound on open choice points tested by the caller).
    #[inline(always)]
    pub(crate) fn push_choice(&mut self, resume: u32, current: Pos) {
        let saved_stack = self.saved.len() as u32;
        // The stack is usually empty at a choice point; copy only what is there.
        if !self.stack.is_empty() {
            self.saved.extend_from_slice(&self.stack);
        }
        self.choices.push(Choice {
            resume,
            trail: self.trail.len() as u32,
            saved_stack,
            stack_len: self.stack.len() as u32,
            pending_locals: self.pending_locals.len() as u32,
            actions: self.actions.len() as u32,
            log: self.log.len() as u32,
            pending: self.pending.len() as u32,
            current,
            hand: self.state.hand,
            no_moves: self.no_moves,
            alt: 0,
        });
    }

    /// Returns to the latest choice point; `None` when there is none left.
    #[inline(always)]
    pub(crate) fn backtrack(&mut self) -> Option<u32> {
        // Read in place, and the trail undone last: a choice point copied out whole (44 bytes)
        // and held across the trail's loop was spilled to the stack and read back, a fifth of
        // the instructions of a backtrack.
        let c = self.choices.last()?;
        let (resume, trail) = (c.resume, c.trail as usize);
        self.stack.clear();
        if c.stack_len > 0 {
            let start = c.saved_stack as usize;
            self.stack
                .extend_from_slice(self.saved.get(start..).unwrap_or(&[]));
            self.saved.truncate(start);
        }
        self.actions.truncate(c.actions as usize);
        self.log.truncate(c.log as usize);
        self.pending.truncate(c.pending as usize);
        self.pending_locals.truncate(c.pending_locals as usize);
        self.state.current = c.current;
        self.state.hand = c.hand;
        self.no_moves = c.no_moves;
        self.resume_alt = c.alt;
        self.choices.pop();
        self.unwind(trail);
        // Captures made after this choice point are undone; a prefix whose last capture is
        // left behind had no continuation, so that move stands.
        let depth = self.choices.len() as u32;
        while self.marks.last().is_some_and(|&(d, _)| d > depth) {
            self.marks.pop();
        }
        if !self.prefixes.is_empty() {
            self.prefixes.retain(|&(d, _, _)| d <= depth);
        }
        Some(resume)
    }

    #[inline]
    fn unwind(&mut self, len: usize) {
        // Most choice points undo nothing or one or two changes: a plain loop beats `drain`.
        while self.trail.len() > len {
            match self.trail.pop() {
                Some(Undo::Local(slot, v)) => self.locals.restore(slot, v),
                Some(Undo::Cell(pos, piece)) => self.state.restore_cell(pos, piece),
                Some(Undo::Mark(pos, which)) => self.state.clear_mark(pos, which),
                Some(Undo::Seeds(pos, n)) => self.state.restore_seeds(pos, n),
                None => break,
            }
        }
    }
}

#[inline]
fn add(v: Value, n: Int) -> Result<Value, GenErrorKind> {
    let a = v.as_int().ok_or(GenErrorKind::NotANumber(v.value_type()))?;
    a.checked_add(n)
        .map(Value::Int)
        .ok_or(GenErrorKind::Overflow)
}

/// Plain truth (`docs/vm.md` section 5): 0, `false`, `""` and `"0"` are false, everything else
/// true, and a link is simply true: it does not navigate. `Invariant`, `SetAttr` and the
/// re-evaluation of invariants use it; `strings` is the game's pool.
pub(crate) fn plain_truth(strings: &IndexSet<String>, v: Value) -> bool {
    match v {
        Value::Int(n) => n != 0,
        Value::Bool(b) => b,
        Value::Str(id) => !matches!(
            strings.get_index(id.index()).map(String::as_str),
            Some("" | "0")
        ),
        Value::Pos(_) | Value::Dir(_) | Value::Player(_) | Value::Piece(_) => true,
    }
}

/// Evaluates invariant `inv` of `program` with saved `locals` and the current `globals`,
/// outside any run, using `stack` as scratch; the final value is tested by plain truth.
///
/// Public for the engine, which re-checks the invariants of every accepted move whenever a
/// global changes. An index with no invariant holds. Errors as the arithmetic does, and with
/// [`Internal::ImpureInvariant`](crate::Internal::ImpureInvariant) on a command that is not
/// pure.
#[inline]
pub fn eval_invariant(
    strings: &IndexSet<String>,
    program: &Program,
    inv: u16,
    locals: &[Value],
    globals: &Globals,
    stack: &mut Vec<Value>,
) -> Result<bool, GenErrorKind> {
    let Some(range) = program.invariants.get(inv as usize) else {
        return Ok(true);
    };
    stack.clear();
    let mut pc = range.start as usize;
    while pc < range.end as usize {
        let op = program.ops.get(pc).copied().unwrap_or(Op::Fail);
        pc += 1;
        match op {
            Op::Push(v) => stack.push(v),
            Op::LocalGet(s) => stack.push(locals.get(s as usize).copied().unwrap_or_default()),
            Op::GlobalGet(s) => stack.push(globals.get(s)),
            Op::Not => {
                let v = pop(stack)?;
                stack.push(Value::Bool(!plain_truth(strings, v)));
            }
            Op::Jmp(t) => pc = t as usize,
            Op::JmpIfFalse(t) => {
                if !plain_truth(strings, pop(stack)?) {
                    pc = t as usize;
                }
            }
            other => {
                if !expr::arith(other, stack)? {
                    return Err(GenErrorKind::Internal(
                        crate::error::Internal::ImpureInvariant,
                    ));
                }
            }
        }
    }
    Ok(plain_truth(strings, pop(stack)?))
}

#[cfg(test)]
mod tests {
    //! Each command run on its own or in a short hand-written chain, on a 3x3 board
    //! (a3 b3 c3 / a2 b2 c2 / a1 b1 c1) with White to move.

    use super::*;
    use crate::env::players::Players;
    use dagaz_ir::{Clause, Invariant, StrId};

    /// White's man, on b2 at the start.
    const WHITE: Piece = Piece {
        owner: PlayerId(0),
        kind: PieceKind(0),
        attrs: 0,
    };
    /// Black's man, on b3 at the start.
    const BLACK: Piece = Piece {
        owner: PlayerId(1),
        kind: PieceKind(0),
        attrs: 0,
    };

    /// Collects what `Complete` hands over.
    #[derive(Default)]
    struct Collect {
        moves: Vec<(Vec<Action>, Vec<Value>)>,
        invariants: Vec<Vec<(u16, Vec<Value>)>>,
        cancelled: Vec<u64>,
    }

    impl Sink for Collect {
        fn cancel(&mut self, serial: u64) {
            self.cancelled.push(serial);
        }

        fn complete(&mut self, _: &mut Globals, done: Completed<'_>) -> Result<u64, GenErrorKind> {
            self.moves.push((done.actions.to_vec(), done.log.to_vec()));
            let locals = |at: u32| done.invariant_locals[at as usize..].to_vec();
            self.invariants.push(
                done.invariants
                    .iter()
                    .map(|&(i, at)| (i, locals(at)))
                    .collect(),
            );
            Ok(self.moves.len() as u64 - 1)
        }

        fn attacked(
            &mut self,
            _: Attack<'_>,
            _: &mut Vec<Option<Piece>>,
        ) -> Result<bool, GenErrorKind> {
            Ok(false)
        }
    }

    /// A 3x3 board with directions n and s, a zone `top` (a3 b3 c3) for White, White's man
    /// on b2 and Black's on b3.
    struct Rig {
        board: Board,
        zones: Zones,
        strings: IndexSet<String>,
        processor: Processor,
    }

    fn rig() -> Rig {
        let names = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let mut board = Board::new("b", vec![names("a b c"), names("3 2 1")]).unwrap();
        board.add_direction("n", &[0, -1]).unwrap();
        board.add_direction("s", &[0, 1]).unwrap();
        let mut zones = Zones::new(2, board.len());
        let top = zones.declare("top");
        for name in ["a3", "b3", "c3"] {
            zones.add(top, PlayerId(0), board.position(name).unwrap());
        }
        let mut processor = Processor::default();
        processor.globals.reset(2);
        processor.state.cells = vec![None; board.len()];
        processor.state.cells[board.position("b2").unwrap().index()] = Some(WHITE);
        processor.state.cells[board.position("b3").unwrap().index()] = Some(BLACK);
        processor.state.captured = vec![false; processor.state.cells.len()];
        processor.state.turn_values = [Value::Bool(false); MAX_TURN_VARIABLES];
        Rig {
            board,
            zones,
            strings: IndexSet::new(),
            processor,
        }
    }

    fn players() -> Players {
        Players::new(PlayerId(0), PlayerId(1), 0)
    }

    fn pos(r: &Rig, name: &str) -> Pos {
        r.board.position(name).unwrap()
    }

    fn dir(r: &Rig, name: &str) -> Dir {
        r.board.direction(name).unwrap()
    }

    /// Runs `ops` (with `locals` slots) from `start`; answers the completed moves' logs.
    fn run(r: &mut Rig, ops: Vec<Op>, locals: usize, start: &str) -> Result<Collect, GenErrorKind> {
        let program = Program {
            spans: vec![Default::default(); ops.len()],
            run: crate::fuse::fuse(&ops),
            ops,
            clauses: vec![(0, Clause::Pre)],
            locals: vec!["x".to_string(); locals],
            invariants: vec![Invariant { start: 0, end: 3 }],
            guards: Vec::new(),
            post_stays: false,
            parts: Default::default(),
            reach: Default::default(),
        };
        let players = players();
        let cx = Context {
            board: &r.board,
            zones: &r.zones,
            strings: &r.strings,
            program: &program,
            players: &players,
            symmetry: &[],
            limits: StepLimits {
                steps: 1000,
                moves: 10,
                choices: 8,
                actions: 6,
                notation: 100,
                volume: 10_000,
            },
            native: None,
        };
        let start = pos(r, start);
        let mut sink = Collect::default();
        r.processor.steps = 0;
        r.processor.run(&cx, start, &mut sink).map_err(|f| f.kind)?;
        Ok(sink)
    }

    /// The logs of the completed moves.
    fn logs(r: &mut Rig, ops: Vec<Op>, start: &str) -> Vec<Vec<Value>> {
        run(r, ops, 2, start)
            .unwrap()
            .moves
            .into_iter()
            .map(|(_, log)| log)
            .collect()
    }

    fn int(n: Int) -> Value {
        Value::Int(n)
    }

    #[test]
    fn seeds_are_read_and_set_here_and_undone_by_backtracking() {
        let mut r = rig();
        let (b2, b3) = (pos(&r, "b2"), pos(&r, "b3"));
        r.processor.state.seeds = vec![0; r.board.len()];
        r.processor.state.seeds[b2.index()] = 4;
        // Two moves: sow b2's seeds into b3 (4 then 0 left), or leave b2 with one more.
        let ops = vec![
            Op::Seeds,
            Op::Fork(9),
            Op::Push(int(0)),
            Op::SetSeeds,
            Op::Nav(dir(&r, "n")),
            Op::Seeds,
            Op::Add(2),
            Op::SetSeeds,
            Op::Complete,
            Op::Push(int(1)),
            Op::Add(2),
            Op::SetSeeds,
            Op::Seeds,
            Op::Log(1),
            Op::Complete,
        ];
        let done = run(&mut r, ops, 0, "b2").unwrap();
        let sow = |at, from, to| Action::Seeds { at, from, to };
        assert_eq!(
            done.moves,
            vec![
                (vec![sow(b2, 4, 0), sow(b3, 0, 4)], vec![]),
                (vec![sow(b2, 4, 5)], vec![int(5)]),
            ]
        );
        // Backtracking put every count back.
        assert_eq!(r.processor.state.seeds[b2.index()], 4);
        assert_eq!(r.processor.state.seeds[b3.index()], 0);
    }

    #[test]
    fn setting_the_seeds_a_position_has_records_nothing() {
        let mut r = rig();
        r.processor.state.seeds = vec![2; r.board.len()];
        let ops = vec![Op::Push(int(2)), Op::SetSeeds, Op::Complete];
        assert_eq!(
            run(&mut r, ops, 0, "b2").unwrap().moves,
            vec![(vec![], vec![])]
        );
    }

    #[test]
    fn seeds_out_of_range_or_of_the_wrong_kind_are_errors() {
        let mut r = rig();
        r.processor.state.seeds = vec![0; r.board.len()];
        let set = |v| vec![Op::Push(v), Op::SetSeeds, Op::Complete];
        assert_eq!(
            run(&mut r, set(int(-1)), 0, "b2").err(),
            Some(GenErrorKind::SeedsOutOfRange(-1))
        );
        assert_eq!(
            run(&mut r, set(int(65_536)), 0, "b2").err(),
            Some(GenErrorKind::SeedsOutOfRange(65_536))
        );
        assert_eq!(
            run(&mut r, set(Value::Player(PlayerId(0))), 0, "b2").err(),
            Some(GenErrorKind::NotANumber(dagaz_ir::ValueType::Player))
        );
        // Without seeds every position holds none, and none can be set.
        r.processor.state.seeds.clear();
        let read = vec![Op::Seeds, Op::Log(1), Op::Complete];
        assert_eq!(logs(&mut r, read, "b2"), vec![vec![int(0)]]);
        assert_eq!(
            run(&mut r, set(int(1)), 0, "b2").err(),
            Some(GenErrorKind::NoSeeds)
        );
    }

    #[test]
    fn another_turn_is_recorded_once() {
        let mut r = rig();
        let ops = vec![Op::AnotherTurn, Op::AnotherTurn, Op::Complete];
        let done = run(&mut r, ops, 0, "b2").unwrap();
        assert_eq!(done.moves, vec![(vec![Action::AnotherTurn], vec![])]);
    }

    #[test]
    fn attributes_are_read_here_and_set_in_the_hand() {
        let mut r = rig();
        let ops = vec![
            Op::AttrAt(0),
            Op::Take,
            Op::AttrAt(0),
            Op::Push(Value::Bool(true)),
            Op::SetAttr(0),
            Op::Drop,
            Op::AttrAt(0),
            Op::Log(3),
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        let t = Value::Bool(true);
        let f = Value::Bool(false);
        assert_eq!(got.moves[0].1, vec![f, f, t]);
        let Action::Drop { piece, .. } = got.moves[0].0[1] else {
            panic!("a drop")
        };
        assert!(piece.attr(0), "the dropped piece carries the new value");
        assert_eq!(
            run(&mut r, vec![Op::Push(t), Op::SetAttr(0)], 0, "b2").err(),
            Some(GenErrorKind::SetAttrEmptyHand)
        );
    }

    #[test]
    fn a_turn_variable_is_set_for_the_next_turn_only() {
        let mut r = rig();
        let a1 = Value::Pos(pos(&r, "a1"));
        let ops = vec![
            Op::TurnGet(0),
            Op::Push(a1),
            Op::TurnSet(0),
            Op::TurnGet(0),
            Op::Log(2),
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        let f = Value::Bool(false);
        assert_eq!(got.moves[0].1, vec![f, f], "reads still see the old value");
        assert_eq!(got.moves[0].0, vec![Action::SetTurn { slot: 0, value: a1 }]);
    }

    #[test]
    fn move_piece_moves_another_piece_and_stays() {
        let mut r = rig();
        let n = Value::Dir(dir(&r, "n"));
        let ops = vec![
            Op::Push(n),
            Op::MovePiece,
            Op::Position,
            Op::Log(1),
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        let (b2, b3) = (pos(&r, "b2"), pos(&r, "b3"));
        assert_eq!(got.moves[0].1, vec![Value::Pos(b2)]);
        let white = WHITE;
        let black = Some(BLACK);
        assert_eq!(
            got.moves[0].0,
            vec![
                Action::Take {
                    at: b2,
                    piece: white
                },
                Action::Drop {
                    at: b3,
                    piece: white,
                    replaced: black
                }
            ]
        );
        // Off the board it fails; from an empty square it is an error.
        assert!(run(
            &mut r,
            vec![Op::Push(n), Op::MovePiece, Op::Complete],
            0,
            "b3"
        )
        .unwrap()
        .moves
        .is_empty());
        assert_eq!(
            run(&mut r, vec![Op::Push(n), Op::MovePiece], 0, "a1").err(),
            Some(GenErrorKind::MoveEmpty)
        );
    }

    #[test]
    fn cycle_pieces_moves_each_piece_one_place_along_the_list() {
        let mut r = rig();
        let (a1, b2, b3) = (pos(&r, "a1"), pos(&r, "b2"), pos(&r, "b3"));
        // b2 -> b3 -> a1 -> b2: White's man goes to b3, Black's to a1, a1's emptiness to b2.
        let ops = vec![
            Op::Push(Value::Pos(b2)),
            Op::Push(Value::Pos(b3)),
            Op::Push(Value::Pos(a1)),
            Op::CyclePieces(3),
            Op::Position,
            Op::Log(1),
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "c1").unwrap();
        assert_eq!(got.moves[0].1, vec![Value::Pos(pos(&r, "c1"))], "it stays");
        let (white, black) = (WHITE, BLACK);
        assert_eq!(
            got.moves[0].0,
            vec![
                Action::Take {
                    at: b2,
                    piece: white
                },
                Action::Take {
                    at: b3,
                    piece: black
                },
                Action::Drop {
                    at: b3,
                    piece: white,
                    replaced: None
                },
                Action::Drop {
                    at: a1,
                    piece: black,
                    replaced: None
                },
            ]
        );
        let cells = &r.processor.state.cells;
        assert_eq!(
            (cells[b2.index()], cells[b3.index()]),
            (Some(WHITE), Some(BLACK)),
            "undone"
        );
        let twice = vec![
            Op::Push(Value::Pos(b2)),
            Op::Push(Value::Pos(b2)),
            Op::CyclePieces(2),
        ];
        assert_eq!(
            run(&mut r, twice, 0, "c1").err(),
            Some(GenErrorKind::CycleTwice)
        );
        let number = vec![
            Op::Push(Value::Pos(b2)),
            Op::Push(Value::Int(1)),
            Op::CyclePieces(2),
        ];
        assert!(matches!(
            run(&mut r, number, 0, "c1").err(),
            Some(GenErrorKind::WrongType { .. })
        ));
    }

    #[test]
    fn promote_to_takes_the_type_from_the_stack() {
        let mut r = rig();
        let king = Value::Piece(PieceKind(1));
        let ops = vec![
            Op::Take,
            Op::Push(king),
            Op::PromoteTo,
            Op::Drop,
            Op::PieceAt,
            Op::Log(1),
            Op::Complete,
        ];
        assert_eq!(logs(&mut r, ops, "b2"), vec![vec![king]]);
        assert_eq!(
            run(
                &mut r,
                vec![Op::Take, Op::Push(int(1)), Op::PromoteTo],
                0,
                "b2"
            )
            .err(),
            Some(GenErrorKind::WrongType {
                expected: "a piece type",
                found: dagaz_ir::ValueType::Int
            })
        );
    }

    #[test]
    fn push_log_complete() {
        let mut r = rig();
        let got = logs(
            &mut r,
            vec![Op::Push(int(7)), Op::Push(int(8)), Op::Log(2), Op::Complete],
            "a1",
        );
        assert_eq!(got, vec![vec![int(7), int(8)]]);
    }

    #[test]
    fn pop_discards() {
        let mut r = rig();
        let got = logs(
            &mut r,
            vec![
                Op::Push(int(1)),
                Op::Push(int(2)),
                Op::Pop,
                Op::Log(1),
                Op::Complete,
            ],
            "a1",
        );
        assert_eq!(got, vec![vec![int(1)]]);
    }

    #[test]
    fn fork_tries_every_alternative_in_order_and_restores_locals() {
        let mut r = rig();
        // x = 1; fork { x += 10; log x } | { log x }
        let ops = vec![
            Op::LocalConst(0, int(1)),
            Op::Fork(6),
            Op::LocalAdd(0, 10),
            Op::LocalGet(0),
            Op::Log(1),
            Op::Complete,
            Op::LocalGet(0),
            Op::Log(1),
            Op::Complete,
        ];
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(11)], vec![int(1)]]);
    }

    #[test]
    fn local_set_and_get() {
        let mut r = rig();
        let ops = vec![
            Op::Push(int(5)),
            Op::LocalSet(1),
            Op::LocalGet(1),
            Op::Log(1),
            Op::Complete,
        ];
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(5)]]);
    }

    #[test]
    fn globals_survive_backtracking() {
        let mut r = rig();
        // fork { g += 1; fail } | { log g }
        let ops = vec![
            Op::Fork(3),
            Op::GlobalAdd(0, 1),
            Op::Fail,
            Op::GlobalGet(0),
            Op::Push(int(4)),
            Op::GlobalSet(1),
            Op::GlobalGet(1),
            Op::Log(2),
            Op::Complete,
        ];
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(1), int(4)]]);
    }

    #[test]
    fn state_queries() {
        let mut r = rig();
        let ops = vec![
            Op::Position,
            Op::IsEmpty,
            Op::NotEmpty,
            Op::IsFriend,
            Op::NotFriend,
            Op::IsEnemy,
            Op::NotEnemy,
            Op::PlayerAt,
            Op::PieceAt,
            Op::Log(9),
            Op::Complete,
        ];
        let b2 = pos(&r, "b2");
        let t = Value::Bool(true);
        let f = Value::Bool(false);
        let white = Value::Player(PlayerId(0));
        let man = Value::Piece(PieceKind(0));
        assert_eq!(
            logs(&mut r, ops.clone(), "b2"),
            vec![vec![Value::Pos(b2), f, t, t, f, f, t, white, man]]
        );
        let b3 = pos(&r, "b3");
        let black = Value::Player(PlayerId(1));
        assert_eq!(
            logs(&mut r, ops.clone(), "b3"),
            vec![vec![Value::Pos(b3), f, t, f, t, t, f, black, man]]
        );
        let a1 = pos(&r, "a1");
        assert_eq!(
            logs(&mut r, ops, "a1"),
            vec![vec![Value::Pos(a1), t, f, f, t, f, t, f, f]]
        );
    }

    #[test]
    fn check_commands_pass_or_fail() {
        let mut r = rig();
        let complete_if = |op: Op| vec![op, Op::Push(int(1)), Op::Log(1), Op::Complete];
        for (op, at, passes) in [
            (Op::CheckEmpty, "a1", true),
            (Op::CheckEmpty, "b2", false),
            (Op::CheckNotEmpty, "b2", true),
            (Op::CheckFriend, "b2", true),
            (Op::CheckFriend, "b3", false),
            (Op::CheckNotFriend, "b3", true),
            (Op::CheckEnemy, "b3", true),
            (Op::CheckEnemy, "a1", false),
            (Op::CheckNotEnemy, "a1", true),
        ] {
            let got = logs(&mut r, complete_if(op), at);
            assert_eq!(got.len(), usize::from(passes), "{op:?} at {at}");
        }
    }

    #[test]
    fn nav_and_goto_move_the_current_position() {
        let mut r = rig();
        let (n, s) = (dir(&r, "n"), dir(&r, "s"));
        let c1 = pos(&r, "c1");
        let ops = vec![
            Op::Nav(n),
            Op::Position,
            Op::Goto(c1),
            Op::Position,
            Op::Log(2),
            Op::Complete,
        ];
        let (a2, a1) = (pos(&r, "a2"), pos(&r, "a1"));
        assert_eq!(
            logs(&mut r, ops, "a1"),
            vec![vec![Value::Pos(a2), Value::Pos(c1)]]
        );
        // Off the board: the step fails.
        assert!(logs(&mut r, vec![Op::Nav(s), Op::Complete], "a1").is_empty());
        let _ = a1;
    }

    #[test]
    fn check_of_a_link_navigates_and_of_a_value_tests_truth() {
        let mut r = rig();
        let n = dir(&r, "n");
        let ops = vec![
            Op::Push(Value::Dir(n)),
            Op::Check,
            Op::Position,
            Op::Log(1),
            Op::Complete,
        ];
        let a2 = pos(&r, "a2");
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![Value::Pos(a2)]]);
        assert!(logs(
            &mut r,
            vec![Op::Push(Value::Dir(n)), Op::Check, Op::Complete],
            "a3"
        )
        .is_empty());
        let falsy = [int(0), Value::Bool(false)];
        for v in falsy {
            assert!(
                logs(&mut r, vec![Op::Push(v), Op::Check, Op::Complete], "a1").is_empty(),
                "{v:?}"
            );
        }
        for v in [int(2), Value::Bool(true), Value::Player(PlayerId(1))] {
            assert_eq!(
                logs(&mut r, vec![Op::Push(v), Op::Check, Op::Complete], "a1").len(),
                1,
                "{v:?}"
            );
        }
    }

    #[test]
    fn strings_zero_and_empty_are_false() {
        let mut r = rig();
        r.strings = ["", "0", "x"].into_iter().map(String::from).collect();
        for (id, truth) in [(0, false), (1, false), (2, true)] {
            let ops = vec![Op::Push(Value::Str(StrId(id))), Op::Check, Op::Complete];
            assert_eq!(logs(&mut r, ops, "a1").len(), usize::from(truth));
        }
    }

    #[test]
    fn players_environment() {
        let mut r = rig();
        let ops = vec![
            Op::CurrentPlayer,
            Op::NextPlayer,
            Op::TurnNumber,
            Op::TurnOrder,
            Op::Log(4),
            Op::Complete,
        ];
        let (w, b) = (Value::Player(PlayerId(0)), Value::Player(PlayerId(1)));
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![w, b, int(1), int(1)]]);
    }

    #[test]
    fn not_and_conditional_jumps() {
        let mut r = rig();
        // if (not 0) log 1 else log 2
        let ops = vec![
            Op::Push(int(0)),
            Op::Not,
            Op::JmpIfFalse(6),
            Op::Push(int(1)),
            Op::Log(1),
            Op::Jmp(8),
            Op::Push(int(2)),
            Op::Log(1),
            Op::Complete,
        ];
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(1)]]);
    }

    #[test]
    fn arithmetic_runs_in_the_processor() {
        let mut r = rig();
        let ops = vec![
            Op::Push(int(2)),
            Op::Push(int(3)),
            Op::Mul(2),
            Op::Neg,
            Op::Log(1),
            Op::Complete,
        ];
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(-6)]]);
    }

    #[test]
    fn take_capture_drop_record_actions_and_restore_the_board() {
        let mut r = rig();
        let (n, s) = (dir(&r, "n"), dir(&r, "s"));
        let before = r.processor.state.cells.clone();
        // From b2: take, step n to b3, capture, step s twice to b1, drop.
        let ops = vec![
            Op::Take,
            Op::Nav(n),
            Op::Capture,
            Op::Nav(s),
            Op::Nav(s),
            Op::Drop,
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        let white = Piece::new(PlayerId(0), PieceKind(0));
        let black = Piece::new(PlayerId(1), PieceKind(0));
        let (b1, b2, b3) = (pos(&r, "b1"), pos(&r, "b2"), pos(&r, "b3"));
        assert_eq!(
            got.moves[0].0,
            vec![
                Action::Take {
                    at: b2,
                    piece: white
                },
                Action::Capture {
                    at: b3,
                    piece: black
                },
                Action::Drop {
                    at: b1,
                    piece: white,
                    replaced: None
                },
            ]
        );
        assert_eq!(
            r.processor.state.cells, before,
            "the run leaves the board as it found it"
        );
    }

    #[test]
    fn action_errors() {
        let mut r = rig();
        assert_eq!(
            run(&mut r, vec![Op::Take], 0, "a1").err(),
            Some(GenErrorKind::TakeEmpty)
        );
        assert_eq!(
            run(&mut r, vec![Op::Capture], 0, "a1").err(),
            Some(GenErrorKind::CaptureEmpty)
        );
        assert_eq!(
            run(&mut r, vec![Op::Drop], 0, "a1").err(),
            Some(GenErrorKind::DropEmptyHand)
        );
        assert_eq!(
            run(&mut r, vec![Op::Take, Op::Take], 0, "b2").err(),
            Some(GenErrorKind::HandFull)
        );
    }

    #[test]
    fn invariant_passes_records_the_locals_or_fails() {
        let mut r = rig();
        // x = 3; check (<= g x) as invariant 0.
        let chain = vec![
            Op::LocalConst(0, int(3)),
            Op::GlobalGet(0),
            Op::LocalGet(0),
            Op::Le,
            Op::Invariant(0),
            Op::Complete,
        ];
        let got = run(&mut r, chain.clone(), 1, "a1").unwrap();
        assert_eq!(got.invariants, vec![vec![(0, vec![int(3)])]]);
        r.processor.globals.set(0, int(4));
        let got = run(&mut r, chain, 1, "a1").unwrap();
        assert!(got.moves.is_empty(), "4 <= 3 fails");
    }

    #[test]
    fn eval_invariant_reevaluates_with_saved_locals() {
        let r = rig();
        let program = Program {
            ops: vec![Op::GlobalGet(0), Op::LocalGet(0), Op::Le, Op::Invariant(0)],
            invariants: vec![Invariant { start: 0, end: 3 }],
            ..Program::default()
        };
        let mut globals = Globals::default();
        globals.reset(1);
        let mut stack = Vec::new();
        assert_eq!(
            eval_invariant(&r.strings, &program, 0, &[int(2)], &globals, &mut stack),
            Ok(true)
        );
        globals.set(0, int(3));
        assert_eq!(
            eval_invariant(&r.strings, &program, 0, &[int(2)], &globals, &mut stack),
            Ok(false)
        );
    }

    #[test]
    fn limits_stop_runaway_chains() {
        let mut r = rig();
        assert_eq!(
            run(&mut r, vec![Op::Jmp(0)], 0, "a1").err(),
            Some(GenErrorKind::StepLimit(1000))
        );
        assert_eq!(
            run(&mut r, vec![Op::Fork(0), Op::Jmp(0)], 0, "a1").err(),
            Some(GenErrorKind::TooManyChoices(8))
        );
    }

    #[test]
    fn local_const_jmp_and_check_local() {
        let mut r = rig();
        let n = dir(&r, "n");
        // x = n, jump over a Fail; check x navigates north.
        let ops = vec![
            Op::LocalConstJmp(0, Value::Dir(n), 2),
            Op::Fail,
            Op::CheckLocal(0),
            Op::Position,
            Op::Log(1),
            Op::Complete,
        ];
        let a2 = pos(&r, "a2");
        assert_eq!(logs(&mut r, ops, "a1"), vec![vec![Value::Pos(a2)]]);
        let ops = vec![Op::LocalConst(0, int(0)), Op::CheckLocal(0), Op::Complete];
        assert!(
            logs(&mut r, ops, "a1").is_empty(),
            "a local holding 0 fails"
        );
    }

    #[test]
    fn capture_later_keeps_the_piece_and_marks_it() {
        let mut r = rig();
        let n = dir(&r, "n");
        let ops = vec![
            Op::Nav(n),
            Op::CheckNotCaptured,
            Op::CaptureLater,
            Op::CheckCaptured,
            Op::IsCaptured,
            Op::NotCaptured,
            Op::IsEnemy,
            Op::Log(3),
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        let black = Piece::new(PlayerId(1), PieceKind(0));
        assert_eq!(
            got.moves[0].0,
            vec![Action::Capture {
                at: pos(&r, "b3"),
                piece: black
            }]
        );
        let t = Value::Bool(true);
        assert_eq!(
            got.moves[0].1,
            vec![t, Value::Bool(false), t],
            "still there, still an enemy"
        );
        assert!(
            !r.processor.state.captured.iter().any(|&m| m),
            "the mark is undone"
        );
        let twice = vec![Op::Nav(n), Op::CaptureLater, Op::CaptureLater];
        assert_eq!(
            run(&mut r, twice, 0, "b2").err(),
            Some(GenErrorKind::CapturedTwice)
        );
    }

    #[test]
    fn visit_marks_until_backtracking_and_records_no_action() {
        let mut r = rig();
        let ops = vec![
            Op::Fork(4),
            Op::Visit,
            Op::Visit,
            Op::Jmp(4),
            Op::IsVisited,
            Op::Log(1),
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "a1").unwrap();
        let logs: Vec<_> = got.moves.iter().map(|(_, log)| log.clone()).collect();
        assert_eq!(
            logs,
            vec![vec![Value::Bool(true)], vec![Value::Bool(false)]],
            "the second alternative starts without the first one's mark"
        );
        assert!(got.moves.iter().all(|(actions, _)| actions.is_empty()));
        assert!(!r.processor.state.visited.iter().any(|&m| m));
    }

    #[test]
    fn promote_changes_the_dropped_piece() {
        let mut r = rig();
        let s = dir(&r, "s");
        let ops = vec![
            Op::Take,
            Op::Nav(s),
            Op::Promote(PieceKind(1)),
            Op::Drop,
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        let king = Piece::new(PlayerId(0), PieceKind(1));
        assert_eq!(
            got.moves[0].0[1],
            Action::Drop {
                at: pos(&r, "b1"),
                piece: king,
                replaced: None
            }
        );
        assert_eq!(
            run(&mut r, vec![Op::Promote(PieceKind(1))], 0, "a1").err(),
            Some(GenErrorKind::PromoteEmptyHand)
        );
    }

    #[test]
    fn in_zone_is_for_the_player_to_move() {
        let mut r = rig();
        let ops = vec![Op::InZone(0), Op::Log(1), Op::Complete];
        assert_eq!(
            logs(&mut r, ops.clone(), "a3"),
            vec![vec![Value::Bool(true)]]
        );
        assert_eq!(logs(&mut r, ops, "a2"), vec![vec![Value::Bool(false)]]);
    }

    #[test]
    fn no_moves_withdraws_a_capture_that_could_go_on() {
        let mut r = rig();
        // Capture b3 (a mark), then either finish (with NoMoves) or capture again and finish:
        // the longer move withdraws the shorter.
        let n = dir(&r, "n");
        let ops = vec![
            Op::Nav(n),
            Op::CaptureLater,
            Op::Fork(5),
            Op::NoMoves,
            Op::Complete,
            Op::Goto(pos(&r, "b2")),
            Op::Capture,
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        assert_eq!(got.moves.len(), 2);
        assert_eq!(
            got.cancelled,
            vec![0],
            "the one-capture move was not the end"
        );
        // The other order: the longer move first, then the shorter is never recorded.
        let ops = vec![
            Op::Nav(n),
            Op::CaptureLater,
            Op::Fork(6),
            Op::Goto(pos(&r, "b2")),
            Op::Capture,
            Op::Complete,
            Op::NoMoves,
            Op::Complete,
        ];
        let got = run(&mut r, ops, 0, "b2").unwrap();
        assert_eq!(got.moves.len(), 1);
        assert!(got.cancelled.is_empty());
    }

    #[test]
    fn any_guarded_skips_constants_whose_guard_fails_and_keeps_the_rest() {
        let mut r = rig();
        let (n, s) = (dir(&r, "n"), dir(&r, "s"));
        // From b2: try n (b3, an enemy: passes), s (b1, empty: fails), n again (passes).
        r.processor.state.captured = vec![false; 9];
        let guard = dagaz_ir::Guard {
            slot: 0,
            values: vec![Value::Dir(n), Value::Dir(s), Value::Dir(n)],
            len: 2,
        };
        let ops = vec![
            Op::AnyGuarded(0),
            Op::CheckLocal(0),
            Op::CheckEnemy,
            Op::Position,
            Op::LocalGet(0),
            Op::Log(2),
            Op::Complete,
        ];
        let program = Program {
            spans: vec![Default::default(); ops.len()],
            run: crate::fuse::fuse(&ops),
            ops,
            clauses: vec![(0, Clause::Pre)],
            locals: vec!["d".to_string()],
            invariants: Vec::new(),
            guards: vec![guard],
            post_stays: false,
            parts: Default::default(),
            reach: Default::default(),
        };
        let players = players();
        let cx = Context {
            board: &r.board,
            zones: &r.zones,
            strings: &r.strings,
            program: &program,
            players: &players,
            symmetry: &[],
            limits: StepLimits::default(),
            native: None,
        };
        let mut sink = Collect::default();
        let b2 = pos(&r, "b2");
        assert!(r.processor.run(&cx, b2, &mut sink).is_ok());
        let b3 = Value::Pos(pos(&r, "b3"));
        let logs: Vec<Vec<Value>> = sink.moves.into_iter().map(|(_, l)| l).collect();
        assert_eq!(logs, vec![vec![b3, Value::Dir(n)], vec![b3, Value::Dir(n)]]);
    }

    #[test]
    fn jmp_unless_local_compares_numbers_and_booleans() {
        let mut r = rig();
        let chain = |v: Value| {
            vec![
                Op::LocalConst(0, v),
                Op::JmpUnlessLocal(0, dagaz_ir::Cmp::Ge, 1, 4),
                Op::Push(int(7)),
                Op::Log(1),
                Op::Complete,
            ]
        };
        assert_eq!(logs(&mut r, chain(int(2)), "a1"), vec![vec![int(7)]]);
        assert_eq!(logs(&mut r, chain(int(0)), "a1"), vec![Vec::<Value>::new()]);
        assert_eq!(
            logs(&mut r, chain(Value::Bool(true)), "a1"),
            vec![vec![int(7)]]
        );
        let a1 = Value::Pos(pos(&r, "a1"));
        let err = run(&mut r, chain(a1), 2, "a1").err();
        assert_eq!(
            err,
            Some(GenErrorKind::NotANumber(dagaz_ir::ValueType::Pos))
        );
    }

    #[test]
    fn running_off_the_end_fails_quietly() {
        let mut r = rig();
        assert!(logs(&mut r, vec![Op::Push(int(1))], "a1").is_empty());
    }
}
