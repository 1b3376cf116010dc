//! What a chain compiled to Rust runs on: the interface between the processor and the code
//! `dagaz-codegen` writes.
//!
//! A compiled chain is a function of the same shape as the interpreter's loop
//! ([`NativeChain`]): it runs one piece's chain from the [`Cursor`]'s command until every choice
//! is exhausted, command by command, with the chain's jumps as its own control flow: the
//! interpreter's fetch and dispatch are gone, and the steps are counted once per block exit. The commands on every move's path each have a
//! method of their own here (`fork_step`, `board_step`, …), whose operands the compiler folds
//! into the code, and which share the interpreter's code for the command; any other command
//! runs through [`Processor::step_outlined`], the interpreter's own step. A command
//! that jumps somewhere the compiled code has no entry for hands the rest of the run to the
//! interpreter ([`Processor::resume`]), so a compiled chain always does exactly what the
//! interpreter does: the commands themselves are the processor's own.

use crate::env::state::Query;
use crate::error::GenErrorKind;
use crate::processor::{Context, Processor, Sink};
use dagaz_ir::{Cmp, Int, Op, PieceKind, Pos, Program, Value};

pub use crate::processor::{Cursor, Flow, NativeChain};

/// A compiled chain with the commands it was compiled from: it stands for a program whose
/// commands (`Program::ops`) and guards (`Program::guards`) are exactly these.
#[derive(Clone, Copy, Debug)]
pub struct CompiledChain {
    /// The commands, as the compiler listed them (no superinstruction).
    pub ops: &'static [Op],
    /// The guards of its `AnyGuarded` commands, whose constants the code has written in.
    pub guards: &'static [GuardConstants],
    /// The code.
    pub chain: NativeChain,
}

/// One guard of a compiled chain (`dagaz_ir::Guard`), as the code was written for it.
#[derive(Clone, Copy, Debug)]
pub struct GuardConstants {
    /// The local slot the constants go to.
    pub slot: u16,
    /// The constants, in the order they are tried.
    pub values: &'static [Value],
    /// How many guard commands follow the `AnyGuarded` command.
    pub len: u32,
}

impl CompiledChain {
    /// Whether this is the code of `program`: the same commands and the same guards (two
    /// chains may differ in their guards' constants alone, the directions a piece slides).
    pub fn stands_for(&self, program: &Program) -> bool {
        self.ops == program.ops.as_slice()
            && self.guards.len() == program.guards.len()
            && self
                .guards
                .iter()
                .zip(&program.guards)
                .all(|(ours, theirs)| {
                    ours.slot == theirs.slot
                        && ours.len == theirs.len
                        && ours.values == theirs.values.as_slice()
                })
    }
}

/// What compiled chains call besides the commands' own methods.
impl Processor {
    /// Any command, through the interpreter's step (a call): for the commands that are rare, or
    /// large, in compiled chains.
    #[inline(never)]
    pub fn step_outlined(
        &mut self,
        cx: &Context<'_>,
        c: &mut Cursor,
        this: usize,
        op: Op,
        sink: &mut dyn Sink,
    ) -> Flow {
        self.command(cx, c, this, op, sink, true)
    }

    /// After a command that failed: returns to the latest choice point, and the command it
    /// resumes at; `None` when no choice is left (the run is over).
    #[inline(always)]
    pub fn backtrack_to(&mut self) -> Option<usize> {
        self.backtrack().map(|resume| resume as usize)
    }

    /// Stops the run with the error `e` of the command at `this`, after `steps` steps in all.
    #[cold]
    #[inline(never)]
    pub fn error_at(&mut self, c: &mut Cursor, this: usize, steps: u64, e: GenErrorKind) -> Flow {
        let at = self.fault_at(this);
        c.set(at, steps);
        Some(Err(e))
    }

    /// `AnyGuarded` at `here`, compiled with its constants and its guard's commands in line:
    /// the square the constants are tried from and the first to try, or `None` where the
    /// command must run as the interpreter runs it ([`Processor::any_guarded_step`]): in an
    /// attack test that asks for one constant, or splits what it reads by constant.
    #[inline(always)]
    pub fn guarded_begin(&mut self, here: usize) -> Option<(Pos, u16)> {
        self.guarded_begin_command(here)
    }

    /// Whether `n` more choice points may open before the bound ([`StepLimits::choices`]) stops
    /// the run: a compiled chain defers a `Fork`'s choice point only where opening it then
    /// would not have stopped the run.
    ///
    /// [`StepLimits::choices`]: crate::processor::StepLimits::choices
    #[inline(always)]
    pub fn choices_fit(&self, cx: &Context<'_>, n: usize) -> bool {
        self.choices_open() + n <= cx.limits.choices
    }

    /// The current square, which a deferred `Fork`'s choice point will resume on.
    #[inline(always)]
    pub fn square(&self) -> Pos {
        self.state.current
    }

    /// Back to `square`, the only thing the run changed since it was there: before each
    /// constant of a compiled `AnyGuarded` (the square it is tried from), and where a test
    /// after a deferred `Fork` fails (the square of the `Fork`, where its other alternative
    /// goes on: all backtracking would have done).
    #[inline(always)]
    pub fn back_to(&mut self, square: Pos) {
        self.state.current = square;
    }

    /// A deferred `Fork(t)`'s choice point, opened once the run gets past the commands after
    /// it that only move the current square and test the board: what it would have saved
    /// then (they changed nothing it saves but the square, which was `from`).
    #[inline(always)]
    pub fn fork_deferred(&mut self, t: u32, from: Pos) {
        self.push_choice(t, from);
    }

    /// One command of a compiled `AnyGuarded`'s guard, the guard's slot `slot` holding the
    /// constant `v`: whether it passes.
    #[inline(always)]
    pub fn guard_step(&mut self, cx: &Context<'_>, op: Op, slot: u16, v: Value) -> bool {
        self.guard_command(cx, op, slot, v)
    }

    /// What a comparison (`Eq` … `Ge`) makes of `a` and `b`, or its error.
    #[inline(always)]
    pub fn compare(&mut self, op: Op, a: Value, b: Value) -> Result<Value, GenErrorKind> {
        self.compare_values(op, a, b)
    }

    /// Puts a value compiled code held onto the data stack, for the command after it.
    #[inline(always)]
    pub fn push_held(&mut self, v: Value) {
        self.push_command(v);
    }

    /// Runs the rest of the run in the interpreter, from the cursor's command: where compiled
    /// code has no entry.
    #[inline(never)]
    pub fn resume(
        &mut self,
        cx: &Context<'_>,
        cursor: &mut Cursor,
        sink: &mut dyn Sink,
    ) -> Result<(), GenErrorKind> {
        self.interpret(cx, cursor, sink)
    }
}

/// The methods of the commands compiled chains run in line: each `name(args) |p, cx| body`
/// becomes `Processor::name(&mut self, cx, args) -> Result<bool, GenErrorKind>`, the command
/// itself: `Ok(true)` when it passes, `Ok(false)` when it fails (the chain backtracks),
/// `Err` when it stops the run. The compiled chain counts the steps and moves the cursor
/// itself: it knows at each exit of a block how many commands it ran.
macro_rules! steps {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) |$p:ident, $cx:ident| $body:expr;)*) => {
        impl Processor {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub fn $name(
                    &mut self,
                    $cx: &Context<'_>
                    $(, $arg: $ty)*
                ) -> Result<bool, GenErrorKind> {
                    let $p = self;
                    $body
                }
            )*
        }
    };
}

steps! {
    /// `Push(v)`.
    push_step(v: Value) |p, _cx| Ok(p.push_command(v));
    /// `LocalGet(s)`.
    local_get_step(s: u16) |p, _cx| Ok(p.local_get_command(s));
    /// `LocalSet(s)`.
    local_set_step(s: u16) |p, _cx| p.local_set_command(s);
    /// `LocalConst(s, v)`.
    local_const_step(s: u16, v: Value) |p, _cx| Ok(p.local_const_command(s, v));
    /// `CheckLocal(s)`.
    check_local_step(s: u16) |p, cx| Ok(p.check_local_command(cx, s));
    /// `Position`, `IsEmpty` … `PieceAt`, `IsCaptured`, `NotCaptured`: the question `q`.
    query_step(q: Query) |p, _cx| Ok(p.query_command(q));
    /// `Nav`, `Goto`, and the board tests `CheckEmpty` … `CheckNotCaptured`: the command `op`.
    board_step(op: Op) |p, cx| Ok(p.board_command(cx, op));
    /// `InZone(z)`.
    in_zone_step(z: u16) |p, cx| Ok(p.in_zone_command(cx, z));
    /// `JmpIfFalse(t)`: `pc`, the next command's index, becomes `t` when the jump is taken.
    jump_unless_step(t: u32, pc: &mut usize) |p, cx| p.jump_unless_command(cx, t, pc);
    /// `Check`.
    check_step() |p, cx| p.check_command(cx);
    /// `Fork(t)`, its choice point opened in line.
    fork_step(t: u32) |p, cx| {
        p.fork_inline(t, cx.limits)?;
        Ok(true)
    };
    /// `EndMove(t)`: `pc`, the next command's index, becomes `t` when no choice point is
    /// needed; its choice point opened in line.
    end_move_step(t: u32, pc: &mut usize) |p, cx| {
        p.end_move_with(cx, t, pc, Processor::fork_inline)
    };
    /// `AnyGuarded(g)`: `pc` comes in as the index after the command and goes out as the
    /// command to run next (after the guard's commands).
    any_guarded_step(g: u16, pc: &mut usize) |p, cx| p.any_guarded(cx, g, pc);
    /// `Take`.
    take_step() |p, cx| p.take_command(cx);
    /// `Drop`.
    drop_step() |p, cx| p.drop_command(cx);
    /// `Capture`.
    capture_step() |p, cx| p.capture_command(cx);
    /// `Log(n)`.
    log_step(n: u8) |p, _cx| p.log_command(n);
    /// `LocalAdd(s, n)`.
    local_add_step(s: u16, n: Int) |p, _cx| p.local_add_command(s, n);
    /// `GlobalGet(s)`.
    global_get_step(s: u16) |p, _cx| Ok(p.global_get_command(s));
    /// `GlobalSet(s)`.
    global_set_step(s: u16) |p, _cx| p.global_set_command(s);
    /// `Not`.
    not_step() |p, cx| p.not_command(cx);
    /// `JmpUnlessLocal(s, cmp, n, t)`: `pc`, the next command's index, becomes `t` when the
    /// jump is taken.
    jump_unless_local_step(s: u16, cmp: Cmp, n: Int, t: u32, pc: &mut usize) |p, cx| {
        p.jump_unless_local_command(cx, s, cmp, n, t, pc)
    };
    /// `NoMoves`.
    no_moves_step() |p, _cx| Ok(p.no_moves_command());
    /// `CaptureLater`.
    capture_later_step() |p, cx| p.capture_later_command(cx);
    /// `Promote(kind)`.
    promote_step(kind: PieceKind) |p, _cx| p.promote_command(kind);
    /// `Clauses`: `pc`, the next command's index, becomes a clause's in an attack test told
    /// to run that clause only.
    clauses_step(pc: &mut usize) |p, cx| Ok(p.clauses_command(cx, pc));
    /// `Invariant(i)`.
    invariant_step(i: u16) |p, cx| p.invariant_command(cx, i);
    /// The arithmetic and the comparisons: `Add(n)` … `Ge`, the command `op`.
    arith_step(op: Op) |p, _cx| p.arith_command(op);
    /// `AttrAt(a)`.
    attr_at_step(a: u8) |p, _cx| Ok(p.attr_at_command(a));
    /// `SetAttr(a)`.
    set_attr_step(a: u8) |p, cx| p.set_attr_command(cx, a);
    /// `TurnGet(t)`.
    turn_get_step(t: u8) |p, _cx| Ok(p.turn_get_command(t));
    /// `TurnSet(slot)`.
    turn_set_step(slot: u8) |p, cx| p.turn_set_command(cx, slot);
    /// `PromoteTo`.
    promote_to_step() |p, _cx| p.promote_to_command();
    /// `Check` of a value compiled code held.
    check_held_step(v: Value) |p, cx| p.check_value(cx, v);
    /// `JmpIfFalse(t)` of a value compiled code held: `pc`, the next command's index, becomes
    /// `t` when the jump is taken.
    jump_unless_held_step(v: Value, t: u32, pc: &mut usize) |p, cx| {
        p.jump_unless_value(cx, t, pc, v)
    };
    /// `Invariant(i)` of a value compiled code held.
    invariant_held_step(i: u16, v: Value) |p, cx| p.invariant_value(cx, i, v);
    /// `LocalSet(s)` of a value compiled code held.
    local_set_held_step(s: u16, v: Value) |p, _cx| p.local_set_value(s, v);
    /// `GlobalSet(s)` of a value compiled code held.
    global_set_held_step(s: u16, v: Value) |p, _cx| p.global_set_value(s, v);
    /// `TurnSet(slot)` of a value compiled code held.
    turn_set_held_step(slot: u8, v: Value) |p, cx| p.turn_set_value(cx, slot, v);
    /// `PromoteTo` of a value compiled code held.
    promote_to_held_step(v: Value) |p, _cx| p.promote_to_value(v);
    /// `SetAttr(a)` of a value compiled code held.
    set_attr_held_step(a: u8, v: Value) |p, cx| p.set_attr_value(cx, a, v);
    /// `Log(n)` of the `n` values compiled code held, first to last.
    log_held_step(values: &[Value]) |p, _cx| {
        p.log_values(values);
        Ok(true)
    };
    /// `Complete`: the move goes to `sink`; the command then fails, so the run goes on to the
    /// next move.
    complete_step(sink: &mut dyn Sink) |p, cx| p.complete_command(cx, sink);
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{Dir, Guard};

    fn nothing(
        _: &mut Processor,
        _: &Context<'_>,
        _: &mut Cursor,
        _: &mut dyn Sink,
    ) -> Result<(), GenErrorKind> {
        Ok(())
    }

    /// A rook's chain opens with `AnyGuarded` over its directions: the commands alone do not
    /// tell a rook of one game from a piece of another that slides along other directions.
    #[test]
    fn a_compiled_chain_stands_for_its_commands_and_its_guards_constants() {
        const OPS: &[Op] = &[Op::AnyGuarded(0), Op::CheckLocal(0), Op::Complete];
        const ROOK: &[GuardConstants] = &[GuardConstants {
            slot: 0,
            values: &[Value::Dir(Dir(0)), Value::Dir(Dir(1))],
            len: 1,
        }];
        let compiled = CompiledChain {
            ops: OPS,
            guards: ROOK,
            chain: nothing,
        };
        let mut program = Program {
            ops: OPS.to_vec(),
            guards: vec![Guard {
                slot: 0,
                values: vec![Value::Dir(Dir(0)), Value::Dir(Dir(1))],
                len: 1,
            }],
            ..Program::default()
        };
        assert!(compiled.stands_for(&program));
        if let Some(guard) = program.guards.first_mut() {
            guard.values = vec![Value::Dir(Dir(2)), Value::Dir(Dir(3))];
        }
        assert!(!compiled.stands_for(&program));
        program.guards.clear();
        assert!(!compiled.stands_for(&program));
    }
}
