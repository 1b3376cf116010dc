//! What a chain compiled to Rust runs on: the interface between the processor and the code
//! `dagaz-codegen` writes.
//!
//! A compiled chain is a function of the same shape as the interpreter's loop
//! ([`NativeChain`]): it runs one piece's chain from the [`Cursor`]'s command until every choice
//! is exhausted, command by command, with the chain's jumps as its own control flow: the
//! interpreter's fetch and dispatch are gone. The commands on every move's path each have a
//! method of their own here (`fork_step`, `board_step`, …), whose operands the compiler folds
//! into the code, and which share the interpreter's code for the command; any other command
//! runs through [`Processor::step_outlined`], the interpreter's own step. A command
//! that jumps somewhere the compiled code has no entry for hands the rest of the run to the
//! interpreter ([`Processor::resume`]), so a compiled chain always does exactly what the
//! interpreter does: the commands themselves are the processor's own.

use crate::env::state::Query;
use crate::error::GenErrorKind;
use crate::processor::{Context, Processor, Sink};
use dagaz_ir::{Op, Value};

pub use crate::processor::{Cursor, Flow, NativeChain};

/// A compiled chain with the commands it was compiled from: it stands for a program whose
/// commands (`Program::ops`) are exactly these.
#[derive(Clone, Copy, Debug)]
pub struct CompiledChain {
    /// The commands, as the compiler listed them (no superinstruction).
    pub ops: &'static [Op],
    /// The code.
    pub chain: NativeChain,
}

/// Each method runs one command, the one at `this`, as the interpreter would: it counts the
/// step, runs the command, and leaves the cursor at the command to run next (after a failure,
/// where the latest choice point resumes).
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

/// The methods of the commands compiled chains run in line: each `name(args) |p, pc, cx| body`
/// becomes `Processor::name(&mut self, cx, c, this, args) -> Flow`, which counts the step
/// (testing the budget), runs `body` (a `Result<bool, _>`: pass, fail, or error) with `p` the
/// processor, `pc` the next command's index (which a jump sets) and `cx` the run's context,
/// and then backtracks on failure or stops on an error as the interpreter does.
macro_rules! steps {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) |$p:ident, $pc:ident, $cx:ident| $body:expr;)*) => {
        impl Processor {
            $(
                $(#[$doc])*
                #[inline(always)]
                pub fn $name(
                    &mut self,
                    $cx: &Context<'_>,
                    c: &mut Cursor,
                    this: usize
                    $(, $arg: $ty)*
                ) -> Flow {
                    if let Some(end) = Processor::begin_step(c, this, true) {
                        return Some(end);
                    }
                    let done = {
                        let ($p, $pc) = (&mut *self, &mut c.at);
                        $body
                    };
                    self.end_step(c, this, done)
                }
            )*
        }
    };
}

steps! {
    /// `Push(v)`.
    push_step(v: Value) |p, _pc, _cx| Ok(p.push_command(v));
    /// `LocalGet(s)`.
    local_get_step(s: u16) |p, _pc, _cx| Ok(p.local_get_command(s));
    /// `LocalSet(s)`.
    local_set_step(s: u16) |p, _pc, _cx| p.local_set_command(s);
    /// `LocalConst(s, v)`.
    local_const_step(s: u16, v: Value) |p, _pc, _cx| Ok(p.local_const_command(s, v));
    /// `CheckLocal(s)`.
    check_local_step(s: u16) |p, _pc, cx| Ok(p.check_local_command(cx, s));
    /// `Position`, `IsEmpty` … `PieceAt`, `IsCaptured`, `NotCaptured`: the question `q`.
    query_step(q: Query) |p, _pc, _cx| Ok(p.query_command(q));
    /// `Nav`, `Goto`, and the board tests `CheckEmpty` … `CheckNotCaptured`: the command `op`.
    board_step(op: Op) |p, _pc, cx| Ok(p.board_command(cx, op));
    /// `InZone(z)`.
    in_zone_step(z: u16) |p, _pc, cx| Ok(p.in_zone_command(cx, z));
    /// `Jmp(t)`.
    jump_step(t: u32) |_p, pc, _cx| {
        *pc = t as usize;
        Ok(true)
    };
    /// `JmpIfFalse(t)`.
    jump_unless_step(t: u32) |p, pc, cx| p.jump_unless_command(cx, t, pc);
    /// `Check`.
    check_step() |p, _pc, cx| p.check_command(cx);
    /// `Fork(t)`.
    fork_step(t: u32) |p, _pc, cx| p.fork_command(cx, t);
    /// `EndMove(t)`.
    end_move_step(t: u32) |p, pc, cx| p.end_move_command(cx, t, pc);
    /// `AnyGuarded(g)`.
    any_guarded_step(g: u16) |p, pc, cx| p.any_guarded(cx, g, pc);
    /// `Fail`.
    fail_step() |_p, _pc, _cx| Ok(false);
    /// `Take`.
    take_step() |p, _pc, cx| p.take_command(cx);
    /// `Drop`.
    drop_step() |p, _pc, cx| p.drop_command(cx);
    /// `Capture`.
    capture_step() |p, _pc, cx| p.capture_command(cx);
    /// `Log(n)`.
    log_step(n: u8) |p, _pc, _cx| p.log_command(n);
}
