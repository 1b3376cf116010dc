//! The choice points: opening them (`Fork`, `EndMove`, `AnyGuarded` and its guards),
//! backtracking to them, and the commands that steer which alternatives a run explores
//! (`Clauses` in attack tests, `NoMoves`).

use super::{Choice, Context, Processor, StepLimits};
use crate::env::Undo;
use crate::error::GenErrorKind;
use dagaz_ir::{Op, Pos, Value};

impl Processor {
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
    pub(crate) fn no_moves_command(&mut self) -> bool {
        self.no_moves = true;
        true
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

    /// `Clauses` in an attack test told to run clause `j` only: go to it.
    pub(super) fn only(&self, cx: &Context<'_>, j: u16, pc: &mut usize) -> bool {
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

    /// Inside an attack test, whether ending the move here could not capture anything (no
    /// capture marked, no enemy on the square, and `post` puts the piece down where it stands),
    /// so that the end need not be offered: an attack test only asks about captures.
    #[inline]
    pub(super) fn end_cannot_capture(&self, cx: &Context<'_>) -> bool {
        self.in_probe && cx.program.post_stays && self.marks.is_empty() && !self.state.is_enemy()
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

    /// A compiled `AnyGuarded`'s guard passed for `v`: the choice point for the constants
    /// from `next` on (none after the last), and `slot` set to `v`. Fails only with
    /// [`GenErrorKind::TooManyChoices`].
    #[inline(always)]
    pub fn guarded_choose_step(
        &mut self,
        cx: &Context<'_>,
        start: Pos,
        here: u32,
        next: Option<u16>,
        slot: u16,
        v: Value,
    ) -> Result<bool, GenErrorKind> {
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
        Ok(true)
    }

    /// One command of a guard, with the guard's own slot holding the constant `v`: what
    /// `guard_holds` does for it.
    #[inline(always)]
    pub(crate) fn guard_command(&mut self, cx: &Context<'_>, op: Op, slot: u16, v: Value) -> bool {
        match op {
            Op::CheckLocal(s) if s == slot => self.truth(cx, v),
            other => self.board_passes(cx, other),
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

    /// Opens a choice point that resumes at `resume`: a call, as the interpreter makes it (in
    /// line, it measured slower there).
    #[inline(never)]
    pub(super) fn fork(&mut self, resume: u32, limits: StepLimits) -> Result<(), GenErrorKind> {
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
    pub(super) fn unwind(&mut self, len: usize) {
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
