//! The expression commands, shared by the processor and by the re-evaluation of invariants.

use crate::error::GenErrorKind;
use dagaz_ir::Op;
use dagaz_ir::{Int, Value};

#[inline]
pub(crate) fn pop(stack: &mut Vec<Value>) -> Result<Value, GenErrorKind> {
    stack
        .pop()
        .ok_or(GenErrorKind::Internal(crate::error::Internal::EmptyStack))
}

#[inline]
fn int(v: Value) -> Result<Int, GenErrorKind> {
    v.as_int().ok_or(GenErrorKind::NotANumber(v.value_type()))
}

/// Values are equal when both are numbers with the same value, or are the same value.
#[inline]
pub(crate) fn equal(a: Value, b: Value) -> bool {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

/// Pops `n` numbers and folds them, first to last.
#[inline]
fn fold(
    stack: &mut Vec<Value>,
    n: u8,
    first: Option<Int>,
    f: fn(Int, Int) -> Option<Int>,
) -> Result<(), GenErrorKind> {
    let base = stack
        .len()
        .checked_sub(n as usize)
        .ok_or(GenErrorKind::Internal(crate::error::Internal::EmptyStack))?;
    let mut acc = first;
    for &v in stack.get(base..).unwrap_or(&[]) {
        let x = int(v)?;
        acc = Some(match acc {
            None => x,
            Some(a) => f(a, x).ok_or(GenErrorKind::Overflow)?,
        });
    }
    stack.truncate(base);
    stack.push(Value::Int(acc.unwrap_or(0)));
    Ok(())
}

/// A comparison command (`Eq` … `Ge`) of two numbers; `None` for any other command.
#[inline(always)]
pub(crate) fn compare_ints(op: Op, a: Int, b: Int) -> Option<bool> {
    match op {
        Op::Eq => Some(a == b),
        Op::Ne => Some(a != b),
        Op::Lt => Some(a < b),
        Op::Le => Some(a <= b),
        Op::Gt => Some(a > b),
        Op::Ge => Some(a >= b),
        _ => None,
    }
}

/// Runs one arithmetic or comparison command. Answers `Ok(false)` for any other command.
#[inline(always)]
pub(crate) fn arith(op: Op, stack: &mut Vec<Value>) -> Result<bool, GenErrorKind> {
    // The common case first: comparing two numbers, as every rule of precedence does.
    if let [.., Value::Int(a), Value::Int(b)] = stack.as_slice() {
        if let Some(r) = compare_ints(op, *a, *b) {
            stack.truncate(stack.len() - 2);
            stack.push(Value::Bool(r));
            return Ok(true);
        }
    }
    match op {
        Op::Add(n) => fold(stack, n, Some(0), Int::checked_add)?,
        Op::Mul(n) => fold(stack, n, Some(1), Int::checked_mul)?,
        Op::Sub(n) => fold(stack, n, None, Int::checked_sub)?,
        Op::Neg => {
            let a = int(pop(stack)?)?;
            stack.push(Value::Int(a.checked_neg().ok_or(GenErrorKind::Overflow)?));
        }
        Op::Div | Op::Mod => {
            let b = int(pop(stack)?)?;
            let a = int(pop(stack)?)?;
            if b == 0 {
                return Err(GenErrorKind::DivideByZero);
            }
            let r = if op == Op::Div {
                a.checked_div(b)
            } else {
                a.checked_rem_euclid(b)
            };
            stack.push(Value::Int(r.ok_or(GenErrorKind::Overflow)?));
        }
        Op::Eq | Op::Ne => {
            let b = pop(stack)?;
            let a = pop(stack)?;
            stack.push(Value::Bool(equal(a, b) == (op == Op::Eq)));
        }
        Op::Lt | Op::Le | Op::Gt | Op::Ge => {
            let b = int(pop(stack)?)?;
            let a = int(pop(stack)?)?;
            let r = match op {
                Op::Lt => a < b,
                Op::Le => a <= b,
                Op::Gt => a > b,
                _ => a >= b,
            };
            stack.push(Value::Bool(r));
        }
        _ => return Ok(false),
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{Pos, StrId};

    fn run(op: Op, args: &[Value]) -> Result<Vec<Value>, GenErrorKind> {
        let mut stack = args.to_vec();
        assert!(arith(op, &mut stack)?);
        Ok(stack)
    }

    #[test]
    fn n_ary_arithmetic() {
        let nums = [Value::Int(10), Value::Int(3), Value::Int(2)];
        assert_eq!(run(Op::Add(3), &nums), Ok(vec![Value::Int(15)]));
        assert_eq!(run(Op::Sub(3), &nums), Ok(vec![Value::Int(5)]));
        assert_eq!(run(Op::Mul(3), &nums), Ok(vec![Value::Int(60)]));
        assert_eq!(run(Op::Add(0), &[]), Ok(vec![Value::Int(0)]));
        assert_eq!(run(Op::Mul(0), &[]), Ok(vec![Value::Int(1)]));
        assert_eq!(run(Op::Neg, &[Value::Int(4)]), Ok(vec![Value::Int(-4)]));
        assert_eq!(
            run(Op::Add(2), &[Value::Bool(true), Value::Int(1)]),
            Ok(vec![Value::Int(2)])
        );
    }

    #[test]
    fn division_and_modulo() {
        assert_eq!(
            run(Op::Div, &[Value::Int(-7), Value::Int(2)]),
            Ok(vec![Value::Int(-3)])
        );
        assert_eq!(
            run(Op::Mod, &[Value::Int(-7), Value::Int(2)]),
            Ok(vec![Value::Int(1)])
        );
        assert_eq!(
            run(Op::Div, &[Value::Int(1), Value::Int(0)]),
            Err(GenErrorKind::DivideByZero)
        );
        assert_eq!(
            run(Op::Add(2), &[Value::Int(Int::MAX), Value::Int(1)]),
            Err(GenErrorKind::Overflow)
        );
    }

    #[test]
    fn comparisons() {
        let (a, b) = (Value::Int(1), Value::Int(2));
        assert_eq!(run(Op::Lt, &[a, b]), Ok(vec![Value::Bool(true)]));
        assert_eq!(run(Op::Le, &[b, b]), Ok(vec![Value::Bool(true)]));
        assert_eq!(run(Op::Gt, &[a, b]), Ok(vec![Value::Bool(false)]));
        assert_eq!(run(Op::Ge, &[a, b]), Ok(vec![Value::Bool(false)]));
        assert_eq!(
            run(Op::Eq, &[Value::Int(1), Value::Bool(true)]),
            Ok(vec![Value::Bool(true)])
        );
        assert_eq!(
            run(Op::Ne, &[Value::Pos(Pos(1)), Value::Pos(Pos(2))]),
            Ok(vec![Value::Bool(true)])
        );
        assert_eq!(
            run(Op::Lt, &[Value::Str(StrId(0)), b]),
            Err(GenErrorKind::NotANumber(dagaz_ir::ValueType::Str))
        );
    }

    #[test]
    fn other_commands_are_not_arithmetic() {
        let mut stack = vec![];
        assert_eq!(arith(Op::Check, &mut stack), Ok(false));
        assert_eq!(
            arith(Op::Neg, &mut stack),
            Err(GenErrorKind::Internal(crate::error::Internal::EmptyStack))
        );
    }
}
