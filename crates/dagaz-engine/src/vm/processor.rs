//! The processor: runs one piece's chain from one start square, backtracking through every
//! choice, and hands each completed move to the generator.
//!
//! Backtracking is transactional: a choice point records the trail length (locals and board
//! cells), a copy of the (short) data stack, the lengths of the action and notation logs, and the
//! current position and hand. Failing pops the latest choice point, undoes the trail down to it,
//! and resumes at its target. Globals live outside the trail.

use super::expr::{self, pop};
use super::Op;
use crate::env::global::Globals;
use crate::env::local::Locals;
use crate::env::players::{Players, PlayersName};
use crate::env::state::{Query, State};
use crate::env::Undo;
use crate::error::GenErrorKind;
use crate::model::{Board, Game, Program};
use crate::moves::Action;
use crate::value::{Dir, Piece, Pos, Value};

/// Bounds that keep a faulty game from running forever or eating the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Commands executed in one move generation (all start squares together).
    pub steps: u64,
    /// Distinct moves in one position.
    pub moves: usize,
    /// Choice points open at once.
    pub choices: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            steps: 20_000_000,
            moves: 100_000,
            choices: 100_000,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Choice {
    resume: u32,
    trail: u32,
    saved_stack: u32,
    actions: u32,
    log: u32,
    pending: u32,
    current: Pos,
    hand: Option<Piece>,
}

/// What the processor hands to the generator when a move completes.
pub(crate) struct Completed<'a> {
    pub actions: &'a [Action],
    pub log: &'a [Value],
    /// Invariants checked on the way, each with the locals as they were then.
    pub invariants: &'a [(u16, u32)],
    pub invariant_locals: &'a [Value],
}

/// Receives completed moves.
pub(crate) trait Sink {
    fn complete(
        &mut self,
        game: &Game,
        globals: &mut Globals,
        done: Completed<'_>,
    ) -> Result<(), GenErrorKind>;
}

/// Where a run stopped with an error: the command index and what went wrong.
pub(crate) struct Fault {
    pub pc: usize,
    pub kind: GenErrorKind,
}

/// The machine's reusable state; one per generator, so runs allocate nothing once warm.
#[derive(Default)]
pub(crate) struct Processor {
    pub locals: Locals,
    pub state: State,
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
    pub steps: u64,
}

/// Everything a run reads but does not change.
pub(crate) struct Context<'a> {
    pub game: &'a Game,
    pub board: &'a Board,
    pub program: &'a Program,
    pub players: &'a Players,
    pub symmetry: &'a [Dir],
    pub limits: Limits,
}

impl Processor {
    /// Runs `cx.program` from `start` until every choice is exhausted.
    pub fn run(&mut self, cx: &Context<'_>, start: Pos, sink: &mut dyn Sink) -> Result<(), Fault> {
        self.locals.reset(cx.program.locals.len());
        self.stack.clear();
        self.saved.clear();
        self.trail.clear();
        self.choices.clear();
        self.actions.clear();
        self.log.clear();
        self.pending.clear();
        self.pending_locals.clear();
        self.state.current = start;
        self.state.hand = None;
        let mut pc = 0usize;
        let result = self.exec(cx, &mut pc, sink);
        // Leave the board as it was, whether the run ended normally or not.
        self.unwind(0);
        self.state.hand = None;
        result.map_err(|kind| Fault {
            pc: pc.saturating_sub(1),
            kind,
        })
    }

    fn exec(
        &mut self,
        cx: &Context<'_>,
        pc: &mut usize,
        sink: &mut dyn Sink,
    ) -> Result<(), GenErrorKind> {
        let ops = cx.program.ops.as_slice();
        loop {
            self.steps += 1;
            if self.steps > cx.limits.steps {
                return Err(GenErrorKind::StepLimit(cx.limits.steps));
            }
            // Running off the end of a chain is a failure, like an exhausted `any`.
            let op = ops.get(*pc).copied().unwrap_or(Op::Fail);
            *pc += 1;
            let ok = match op {
                Op::Push(v) => {
                    self.stack.push(v);
                    true
                }
                Op::Pop => {
                    pop(&mut self.stack)?;
                    true
                }
                Op::LocalGet(s) => {
                    self.stack.push(self.locals.get(s));
                    true
                }
                Op::LocalSet(s) => {
                    let v = pop(&mut self.stack)?;
                    self.locals.set(s, v, &mut self.trail);
                    true
                }
                Op::LocalAdd(s, n) => {
                    let v = add(self.locals.get(s), n)?;
                    self.locals.set(s, v, &mut self.trail);
                    true
                }
                Op::GlobalGet(s) => {
                    self.stack.push(self.globals.get(s));
                    true
                }
                Op::GlobalSet(s) => {
                    let v = pop(&mut self.stack)?;
                    self.globals.set(s, v);
                    true
                }
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
                Op::CurrentPlayer => self.push_player(cx, PlayersName::CurrentPlayer),
                Op::NextPlayer => self.push_player(cx, PlayersName::NextPlayer),
                Op::TurnNumber => self.push_player(cx, PlayersName::TurnNumber),
                Op::TurnOrder => self.push_player(cx, PlayersName::TurnOrder),
                Op::Not => {
                    let v = pop(&mut self.stack)?;
                    let t = self.truth(cx, v);
                    self.stack.push(Value::Bool(!t));
                    true
                }
                Op::Jmp(t) => {
                    *pc = t as usize;
                    true
                }
                Op::JmpIfFalse(t) => {
                    let v = pop(&mut self.stack)?;
                    if !self.truth(cx, v) {
                        *pc = t as usize;
                    }
                    true
                }
                Op::Check => {
                    let v = pop(&mut self.stack)?;
                    self.truth(cx, v)
                }
                Op::Fork(t) => {
                    self.fork(t, cx.limits)?;
                    true
                }
                Op::Fail => false,
                Op::Take => {
                    let at = self.state.current;
                    let piece = self.state.take(&mut self.trail)?;
                    self.actions.push(Action::Take { at, piece });
                    true
                }
                Op::Capture => {
                    let at = self.state.current;
                    let piece = self.state.capture(&mut self.trail)?;
                    self.actions.push(Action::Capture { at, piece });
                    true
                }
                Op::Drop => {
                    let at = self.state.current;
                    let (piece, replaced) = self.state.drop(&mut self.trail)?;
                    self.actions.push(Action::Drop {
                        at,
                        piece,
                        replaced,
                    });
                    true
                }
                Op::Log(n) => {
                    let base = self
                        .stack
                        .len()
                        .checked_sub(n as usize)
                        .ok_or(GenErrorKind::Internal("the data stack is empty"))?;
                    self.log.extend(self.stack.drain(base..));
                    true
                }
                Op::Invariant(i) => {
                    let v = pop(&mut self.stack)?;
                    let held = self.truth(cx, v);
                    if held {
                        self.pending.push((i, self.pending_locals.len() as u32));
                        self.pending_locals.extend_from_slice(self.locals.values());
                    }
                    held
                }
                Op::Complete => {
                    sink.complete(
                        cx.game,
                        &mut self.globals,
                        Completed {
                            actions: &self.actions,
                            log: &self.log,
                            invariants: &self.pending,
                            invariant_locals: &self.pending_locals,
                        },
                    )?;
                    false
                }
                other => expr::arith(other, &mut self.stack)?,
            };
            if !ok {
                match self.backtrack() {
                    Some(resume) => *pc = resume as usize,
                    None => return Ok(()),
                }
            }
        }
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
    fn truth(&mut self, cx: &Context<'_>, v: Value) -> bool {
        match v {
            Value::Pos(p) => {
                self.state.current = p;
                true
            }
            Value::Dir(d) => self.state.navigate(cx.board, cx.symmetry, d),
            other => plain_truth(cx.game, other),
        }
    }

    fn fork(&mut self, resume: u32, limits: Limits) -> Result<(), GenErrorKind> {
        if self.choices.len() >= limits.choices {
            return Err(GenErrorKind::TooManyChoices(limits.choices));
        }
        let saved_stack = self.saved.len() as u32;
        self.saved.extend_from_slice(&self.stack);
        self.choices.push(Choice {
            resume,
            trail: self.trail.len() as u32,
            saved_stack,
            actions: self.actions.len() as u32,
            log: self.log.len() as u32,
            pending: self.pending.len() as u32,
            current: self.state.current,
            hand: self.state.hand,
        });
        Ok(())
    }

    /// Returns to the latest choice point; `None` when there is none left.
    fn backtrack(&mut self) -> Option<u32> {
        let c = self.choices.pop()?;
        self.unwind(c.trail as usize);
        self.stack.clear();
        self.stack
            .extend_from_slice(self.saved.get(c.saved_stack as usize..).unwrap_or(&[]));
        self.saved.truncate(c.saved_stack as usize);
        self.actions.truncate(c.actions as usize);
        self.log.truncate(c.log as usize);
        if let Some(&(_, locals_at)) = self.pending.get(c.pending as usize) {
            self.pending_locals.truncate(locals_at as usize);
        }
        self.pending.truncate(c.pending as usize);
        self.state.current = c.current;
        self.state.hand = c.hand;
        Some(c.resume)
    }

    fn unwind(&mut self, len: usize) {
        while self.trail.len() > len {
            match self.trail.pop() {
                Some(Undo::Local(slot, v)) => self.locals.restore(slot, v),
                Some(Undo::Cell(pos, piece)) => self.state.restore_cell(pos, piece),
                None => break,
            }
        }
    }
}

#[inline]
fn add(v: Value, n: i64) -> Result<Value, GenErrorKind> {
    let a = v.as_int().ok_or(GenErrorKind::Type {
        expected: "a number",
        found: v.type_name(),
    })?;
    a.checked_add(n)
        .map(Value::Int)
        .ok_or(GenErrorKind::Overflow)
}

/// Truth of a value that is not a link: 0, false, "" and "0" are false.
pub(crate) fn plain_truth(game: &Game, v: Value) -> bool {
    match v {
        Value::Int(n) => n != 0,
        Value::Bool(b) => b,
        Value::Str(id) => !matches!(game.string(id), "" | "0"),
        Value::Pos(_) | Value::Dir(_) | Value::Player(_) | Value::Piece(_) => true,
    }
}

/// Evaluates an invariant's condition (pure commands only) with saved locals.
pub(crate) fn eval_invariant(
    game: &Game,
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
                stack.push(Value::Bool(!plain_truth(game, v)));
            }
            Op::Jmp(t) => pc = t as usize,
            Op::JmpIfFalse(t) => {
                if !plain_truth(game, pop(stack)?) {
                    pc = t as usize;
                }
            }
            other => {
                if !expr::arith(other, stack)? {
                    return Err(GenErrorKind::Internal(
                        "an invariant holds an impure command",
                    ));
                }
            }
        }
    }
    Ok(plain_truth(game, pop(stack)?))
}
