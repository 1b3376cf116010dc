//! The commands on values: the data stack, the locals and the globals, truth and the
//! conditional jumps, and the arithmetic (`expr`).

use super::{Context, Processor};
use crate::error::GenErrorKind;
use crate::expr::{self, pop};
use dagaz_ir::{Int, Op, Value};
use indexmap::IndexSet;

pushing! {
    /// `LocalGet(s)`.
    local_get_command(s: u16) => local_value;
    /// `GlobalGet(s)`.
    global_get_command(s: u16) => global_value;
}

popping! {
    /// `LocalSet(s)`.
    local_set_command(s: u16) => local_set_value;
    /// `GlobalSet(s)`.
    global_set_command(s: u16) => global_set_value;
    /// `Check`.
    check_command(cx: &Context<'_>) => check_value;
    /// `JmpIfFalse`: sets `*pc` to `t` when the value popped is false.
    jump_unless_command(cx: &Context<'_>, t: u32, pc: &mut usize) => jump_unless_value;
}

impl Processor {
    /// `Pop`.
    #[inline(always)]
    pub(crate) fn pop_command(&mut self) -> Result<bool, GenErrorKind> {
        pop(&mut self.stack)?;
        Ok(true)
    }

    /// `GlobalAdd(s, n)`.
    #[inline(always)]
    pub(crate) fn global_add_command(&mut self, s: u16, n: Int) -> Result<bool, GenErrorKind> {
        let v = add(self.globals.get(s), n)?;
        self.globals.set(s, v);
        Ok(true)
    }

    /// What `LocalGet(s)` pushes.
    #[inline(always)]
    pub fn local_value(&self, s: u16) -> Value {
        self.locals.get(s)
    }

    /// What `GlobalGet(s)` pushes.
    #[inline(always)]
    pub fn global_value(&self, s: u16) -> Value {
        self.globals.get(s)
    }

    /// `LocalSet(s)` of the value `v`.
    #[inline(always)]
    pub(crate) fn local_set_value(&mut self, s: u16, v: Value) -> Result<bool, GenErrorKind> {
        self.locals.set(s, v, &mut self.trail);
        Ok(true)
    }

    /// `GlobalSet(s)` of the value `v`.
    #[inline(always)]
    pub(crate) fn global_set_value(&mut self, s: u16, v: Value) -> Result<bool, GenErrorKind> {
        self.globals.set(s, v);
        Ok(true)
    }

    /// `Check` of the value `v`.
    #[inline(always)]
    pub(crate) fn check_value(&mut self, cx: &Context<'_>, v: Value) -> Result<bool, GenErrorKind> {
        Ok(self.truth(cx, v))
    }

    /// `JmpIfFalse(t)` of the value `v`: sets `*pc` to `t` when `v` is false.
    #[inline(always)]
    pub(crate) fn jump_unless_value(
        &mut self,
        cx: &Context<'_>,
        t: u32,
        pc: &mut usize,
        v: Value,
    ) -> Result<bool, GenErrorKind> {
        if !self.truth(cx, v) {
            *pc = t as usize;
        }
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn not_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let v = pop(&mut self.stack)?;
        let not = self.not_of(cx, v);
        self.stack.push(not);
        Ok(true)
    }

    /// What `Not` makes of `v` (a link navigates).
    #[inline(always)]
    pub fn not_of(&mut self, cx: &Context<'_>, v: Value) -> Value {
        Value::Bool(!self.truth(cx, v))
    }

    #[inline(always)]
    pub(crate) fn push_command(&mut self, v: Value) -> bool {
        self.stack.push(v);
        true
    }

    #[inline(always)]
    pub(crate) fn local_const_command(&mut self, s: u16, v: Value) -> bool {
        self.locals.set(s, v, &mut self.trail);
        true
    }

    #[inline(always)]
    pub(crate) fn local_add_command(&mut self, s: u16, n: Int) -> Result<bool, GenErrorKind> {
        let v = add(self.locals.get(s), n)?;
        self.locals.set(s, v, &mut self.trail);
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn check_local_command(&mut self, cx: &Context<'_>, s: u16) -> bool {
        let v = self.locals.get(s);
        self.truth(cx, v)
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
