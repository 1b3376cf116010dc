//! The superinstructions (`vm::fuse`): each runs the commands it stands for, in order, and
//! counts in `s.steps` each one that runs after the first; `s.pc` comes in just past the
//! superinstruction and goes out at the command to run next.

use super::{Processor, Step};
use crate::env::state::Query;
use crate::error::GenErrorKind;
use crate::expr;
use dagaz_ir::{Dir, Test, Value};

impl Processor {
    /// `TakeLog`: `Take`, `Position`, `Log 1`.
    #[inline(always)]
    pub(super) fn take_log(&mut self, s: &mut Step<'_>) -> Result<bool, GenErrorKind> {
        self.take(s.cx)?;
        *s.steps += 2;
        self.log.push(Value::Pos(self.state.current));
        *s.pc += 2;
        Ok(true)
    }

    /// `LogPosition`: `Position`, `Log 1`.
    #[inline(always)]
    pub(super) fn log_position(&mut self, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        self.log.push(Value::Pos(self.state.current));
        *s.pc += 1;
        true
    }

    /// `LocalPosition(slot)`: `Position`, `LocalSet slot`.
    #[inline(always)]
    pub(super) fn local_position(&mut self, slot: u16, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        let here = Value::Pos(self.state.current);
        self.locals.set(slot, here, &mut self.trail);
        *s.pc += 1;
        true
    }

    /// `LocalAttr(slot, a)`: `AttrAt a`, `LocalSet slot`.
    #[inline(always)]
    pub(super) fn local_attr(&mut self, slot: u16, a: u8, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        let v = Value::Bool(self.state.attr_here(a));
        self.locals.set(slot, v, &mut self.trail);
        *s.pc += 1;
        true
    }

    /// `SetAttrConst(a, v)`: `Push v`, `SetAttr a`.
    #[inline(always)]
    pub(super) fn set_attr_const(
        &mut self,
        a: u8,
        v: bool,
        s: &mut Step<'_>,
    ) -> Result<bool, GenErrorKind> {
        *s.steps += 1;
        self.fault_offset = 1;
        self.state.set_hand_attr(a, v)?;
        self.fault_offset = 0;
        *s.pc += 1;
        Ok(true)
    }

    /// `DropComplete`: `Drop`, `Complete` (which fails).
    #[inline(always)]
    pub(super) fn drop_complete(&mut self, s: &mut Step<'_>) -> Result<bool, GenErrorKind> {
        self.drop_piece(s.cx)?;
        *s.steps += 1;
        self.fault_offset = 1;
        self.complete(s.cx, s.sink)?;
        self.fault_offset = 0;
        Ok(false)
    }

    /// `CheckZone(z)`: `InZone z`, `Check`.
    #[inline(always)]
    pub(super) fn check_zone(&mut self, z: u16, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        *s.pc += 1;
        s.cx.zones
            .contains(z as usize, self.state.player, self.state.current)
    }

    /// `JmpUnlessZone(z, t)`: `InZone z`, `JmpIfFalse t`.
    #[inline(always)]
    pub(super) fn jump_unless_zone(&mut self, z: u16, t: u32, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        *s.pc += 1;
        if !s
            .cx
            .zones
            .contains(z as usize, self.state.player, self.state.current)
        {
            *s.pc = t as usize;
        }
        true
    }

    /// `CheckPieceEq(v)`: `PieceAt`, `Push v`, `Eq`, `Check`.
    #[inline(always)]
    pub(super) fn check_piece_eq(&mut self, v: Value, s: &mut Step<'_>) -> bool {
        *s.steps += 3;
        *s.pc += 3;
        let here = self.state.query(Query::Piece);
        self.truth(s.cx, Value::Bool(expr::equal(here, v)))
    }

    /// `TestJmp(test, t)`: a board test, `Jmp t`; also the end of `NavTestJmp` and
    /// `LocalTestJmp`, whose first command passed.
    #[inline(always)]
    pub(super) fn test_jump(&mut self, test: Test, t: u32, s: &mut Step<'_>) -> bool {
        if !self.test(test) {
            return false;
        }
        *s.steps += 1;
        *s.pc = t as usize;
        true
    }

    /// `Nav(d)` as the first command of `NavTest` and `NavTestJmp`: whether it passed, and
    /// when it did, the step of the board test after it counted.
    #[inline(always)]
    pub(super) fn nav(&mut self, d: Dir, s: &mut Step<'_>) -> bool {
        if !self.state.navigate(s.cx.board, s.cx.symmetry, d) {
            return false;
        }
        *s.steps += 1;
        true
    }

    /// `CheckLocal(slot)` as the first command of `LocalTest` and `LocalTestJmp`, as `nav`.
    #[inline(always)]
    pub(super) fn local(&mut self, slot: u16, s: &mut Step<'_>) -> bool {
        let v = self.locals.get(slot);
        if !self.truth(s.cx, v) {
            return false;
        }
        *s.steps += 1;
        true
    }

    /// The board test that ends `NavTest` and `LocalTest`, after a first command that passed.
    #[inline(always)]
    pub(super) fn then_test(&mut self, test: Test, s: &mut Step<'_>) -> bool {
        *s.pc += 1;
        self.test(test)
    }

    /// `NavOrJmp(d, t)`: `Push d` (a direction), `JmpIfFalse t`.
    #[inline(always)]
    pub(super) fn nav_or_jump(&mut self, d: Dir, t: u32, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        *s.pc += 1;
        if !self.state.navigate(s.cx.board, s.cx.symmetry, d) {
            *s.pc = t as usize;
        }
        true
    }

    /// `NavTestOrJmp(d, test, t)`: `NavOrJmp d t`, then `TestOrJmp test t`.
    #[inline(always)]
    pub(super) fn nav_test_or_jump(
        &mut self,
        d: Dir,
        test: Test,
        t: u32,
        s: &mut Step<'_>,
    ) -> bool {
        // Two commands run when the step fails, all four when it does not.
        *s.steps += 1;
        let next = *s.pc + 3;
        *s.pc = t as usize;
        if self.state.navigate(s.cx.board, s.cx.symmetry, d) {
            *s.steps += 2;
            if self.test(test) {
                *s.pc = next;
            }
        }
        true
    }

    /// `TestOrJmp(test, t)`: a board question, `JmpIfFalse t`.
    #[inline(always)]
    pub(super) fn test_or_jump(&mut self, test: Test, t: u32, s: &mut Step<'_>) -> bool {
        *s.steps += 1;
        *s.pc += 1;
        if !self.test(test) {
            *s.pc = t as usize;
        }
        true
    }

    /// `EndMoveJmp(t, u)`: `EndMove t`, `Jmp u`.
    #[inline(always)]
    pub(super) fn end_move_jump(
        &mut self,
        t: u32,
        u: u32,
        s: &mut Step<'_>,
    ) -> Result<bool, GenErrorKind> {
        if self.end_cannot_capture(s.cx) {
            *s.pc = t as usize;
        } else {
            self.fork(t, s.cx.limits)?;
            *s.steps += 1;
            *s.pc = u as usize;
        }
        Ok(true)
    }

    /// `ClausesFork(t)`: `Clauses`, `Fork t`.
    #[inline(always)]
    pub(super) fn clauses_fork(&mut self, t: u32, s: &mut Step<'_>) -> Result<bool, GenErrorKind> {
        if let Some(j) = self.only_clause.take() {
            return Ok(self.only(s.cx, j, s.pc));
        }
        *s.steps += 1;
        self.fault_offset = 1;
        self.fork(t, s.cx.limits)?;
        self.fault_offset = 0;
        *s.pc += 1;
        Ok(true)
    }
}
