//! The re-evaluation of an invariant outside any run, for the engine.

use super::plain_truth;
use crate::env::global::Globals;
use crate::error::GenErrorKind;
use crate::expr::{self, pop};
use dagaz_ir::{Op, Program, Value};
use indexmap::IndexSet;

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
