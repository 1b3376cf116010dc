//! `Fork`s whose choice point the code opens late, or not at all.
//!
//! A choice point saves the dozen things a run may change (the trail's length, the stack, the
//! actions, the log, the invariants passed, the square, the hand…), and backtracking to it
//! restores them all. Most `Fork`s are followed by commands that change none of them but the
//! current square: `(check (any nw ne)) (check is-empty?)` is `Fork`, `Nav`, `Jmp`, `Nav`,
//! `CheckEmpty`, and on most squares of a crowded board the first alternative fails at once.
//! The code for such a `Fork` keeps the square in a variable and runs on: where a test fails
//! before anything else has changed, it goes back to the square and on at the `Fork`'s other
//! alternative, which is all backtracking would have done; where the run gets past those
//! commands, it opens the choice point then, with the square it was made on, and it is the
//! choice point the `Fork` would have made. Nested `Fork`s defer theirs the same way, and a
//! failure with outer choice points still deferred goes on, deferred, in the inner one's
//! alternative. The steps are counted as the interpreter counts them; the deferred code runs
//! only where the step budget has room for its longest path and the bound on open choice
//! points room for its choice points, and the plain code runs otherwise.

use crate::literal::op_expression;
use dagaz_ir::{Op, Program, Test};
use std::collections::BTreeSet;
use std::fmt::Write;

/// How many commands one path of the deferred code follows at most.
const PATH: usize = 16;

/// How many tests the deferred code of one `Fork` holds at most: a failure's alternative is
/// written out again for each test that may fail into it.
const SIZE: usize = 48;

/// The deferred code of one `Fork`.
pub(crate) struct Deferred {
    /// The code, for the arm of the block the `Fork` is in; every path ends in `continue`.
    pub code: String,
    /// The commands the code sends the run on to: each must start a block.
    pub exits: BTreeSet<usize>,
}

/// A move or a test that changes nothing a choice point saves but the current square, and
/// cannot stop a run.
fn leaves_the_rest(op: Op) -> bool {
    matches!(op, Op::Nav(_) | Op::Goto(_) | Op::CheckLocal(_)) || Test::of(op).is_some()
}

/// The deferred code of the `Fork` at `here`, the `k`th command its block runs (the steps of
/// the block's commands before it not yet counted), indented by `indent`; `None` where the
/// command is not a `Fork` or what follows it changes more than the square (the choice point
/// would open at once).
pub(crate) fn deferred(program: &Program, here: usize, k: usize, indent: &str) -> Option<Deferred> {
    let Some(&Op::Fork(t)) = program.ops.get(here) else {
        return None;
    };
    let next = program.ops.get(here + 1).copied()?;
    if !leaves_the_rest(next) && !matches!(next, Op::Fork(_)) {
        return None;
    }
    let mut walk = Walk {
        program,
        code: String::new(),
        exits: BTreeSet::new(),
        longest: k,
        size: 0,
        vars: 0,
    };
    let inner = format!("{indent}    ");
    let from = walk.var(here);
    let _ = writeln!(walk.code, "{inner}let {from} = p.square();");
    walk.path(here + 1, &mut vec![(t, from)], k, &inner);
    let mut code = String::new();
    let _ = writeln!(
        code,
        "{indent}if n + {} <= limit && p.choices_fit(cx, 1) {{",
        walk.longest
    );
    code.push_str(&walk.code);
    let _ = writeln!(code, "{indent}}}");
    Some(Deferred {
        code,
        exits: walk.exits,
    })
}

/// The commands the deferred code of the chain's `Fork`s sends runs on to.
pub(crate) fn exits(program: &Program) -> BTreeSet<usize> {
    (0..program.ops.len())
        .filter_map(|here| deferred(program, here, 0, ""))
        .flat_map(|d| d.exits)
        .collect()
}

/// The deferred code being written.
struct Walk<'p> {
    program: &'p Program,
    code: String,
    exits: BTreeSet<usize>,
    /// The most steps any path counts, those of its block before the `Fork` included.
    longest: usize,
    /// The tests written so far.
    size: usize,
    /// Variables named so far.
    vars: usize,
}

/// A deferred choice point: where it resumes, and the variable that holds its square.
type Pending = (u32, String);

impl Walk<'_> {
    fn var(&mut self, pc: usize) -> String {
        self.vars += 1;
        format!("f{pc}_{}", self.vars)
    }

    /// The path from `pc` with the choice points `pending` deferred (outermost first), `k`
    /// steps not yet counted: the commands that change only the square, in line, until one
    /// that may change more, where the choice points open and the run goes on.
    fn path(&mut self, mut pc: usize, pending: &mut Vec<Pending>, mut k: usize, indent: &str) {
        let mut len = 0;
        loop {
            self.longest = self.longest.max(k);
            let op = self.program.ops.get(pc).copied();
            if len >= PATH || self.size >= SIZE {
                return self.open(pc, pending, k, indent);
            }
            len += 1;
            match op {
                Some(Op::Jmp(t)) => {
                    k += 1;
                    pc = t as usize;
                }
                Some(Op::Fork(t)) => {
                    // Where this one would not fit under the bound, the plain code at the
                    // `Fork` stops the run, as the interpreter does.
                    let _ = writeln!(
                        self.code,
                        "{indent}if !p.choices_fit(cx, {}) {{",
                        pending.len() + 1
                    );
                    self.open(pc, pending, k, &format!("{indent}    "));
                    let _ = writeln!(self.code, "{indent}}}");
                    k += 1;
                    let from = self.var(pc);
                    let _ = writeln!(self.code, "{indent}let {from} = p.square();");
                    pending.push((t, from));
                    pc += 1;
                }
                Some(op) if leaves_the_rest(op) => {
                    k += 1;
                    self.size += 1;
                    self.longest = self.longest.max(k);
                    let e = op_expression(&op).unwrap_or_else(|_| format!("{op:?}"));
                    let _ = writeln!(self.code, "{indent}if !p.board_passes(cx, {e}) {{");
                    self.fail(pending.clone(), k, &format!("{indent}    "));
                    let _ = writeln!(self.code, "{indent}}}");
                    pc += 1;
                }
                _ => return self.open(pc, pending, k, indent),
            }
        }
    }

    /// The choice points `pending` opened, outermost first, and the run on at `pc`.
    fn open(&mut self, pc: usize, pending: &[Pending], k: usize, indent: &str) {
        for (t, from) in pending {
            let _ = writeln!(self.code, "{indent}p.fork_deferred({t}, {from});");
        }
        let _ = writeln!(self.code, "{indent}n += {k};");
        let _ = writeln!(self.code, "{indent}at = {pc};");
        let _ = writeln!(self.code, "{indent}continue;");
        self.exits.insert(pc);
    }

    /// A test failed with the choice points `pending` deferred: back to the innermost one's
    /// square and on at its alternative, the others still deferred.
    fn fail(&mut self, mut pending: Vec<Pending>, k: usize, indent: &str) {
        let Some((t, from)) = pending.pop() else {
            // (A path always has a choice point deferred: this is backtracking.)
            let _ = writeln!(self.code, "{indent}n += {k};");
            let _ = writeln!(self.code, "{indent}fail!(p, c, at, n)");
            return;
        };
        let _ = writeln!(self.code, "{indent}p.back_to({from});");
        if pending.is_empty() || self.size >= SIZE {
            self.open(t as usize, &pending, k, indent);
        } else {
            self.path(t as usize, &mut pending, k, indent);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program_of;
    use dagaz_ir::Dir;
    use pretty_assertions::assert_eq;

    /// `(check (any nw ne)) (check is-empty?)`, then a change to the board.
    fn step() -> Program {
        program_of(vec![
            Op::Fork(3),
            Op::Nav(Dir(0)),
            Op::Jmp(4),
            Op::Nav(Dir(1)),
            Op::CheckEmpty,
            Op::Take,
            Op::Complete,
        ])
    }

    #[test]
    fn a_fork_before_tests_of_the_square_opens_its_choice_point_past_them() {
        let Some(d) = deferred(&step(), 0, 1, "") else {
            panic!("not deferred");
        };
        let code = d.code;
        // The longest path counts the `Fork`, `Nav`, `Jmp` and `CheckEmpty`.
        assert!(
            code.starts_with("if n + 4 <= limit && p.choices_fit(cx, 1) {\n"),
            "{code}"
        );
        assert!(code.contains("    let f0_1 = p.square();\n"), "{code}");
        // `Nav(0)` fails: back to the square, on at the other alternative, no choice point.
        assert!(
            code.contains(
                "if !p.board_passes(cx, Op::Nav(Dir(0))) {\n        p.back_to(f0_1);\n        n += 2;\n        at = 3;\n        continue;\n"
            ),
            "{code}"
        );
        // Past `CheckEmpty`, at `Take`: the choice point, on the square it was made on.
        assert!(
            code.contains(
                "    p.fork_deferred(3, f0_1);\n    n += 4;\n    at = 5;\n    continue;\n"
            ),
            "{code}"
        );
        assert_eq!(d.exits.into_iter().collect::<Vec<_>>(), vec![3, 5]);
    }

    #[test]
    fn a_failure_with_an_outer_fork_deferred_goes_on_deferred_in_the_inner_alternative() {
        // A clause's choice (`Fork 7`) around the step's (`Fork 4`).
        let p = program_of(vec![
            Op::Fork(7),
            Op::Fork(4),
            Op::Nav(Dir(0)),
            Op::Jmp(5),
            Op::Nav(Dir(1)),
            Op::CheckEmpty,
            Op::Take,
            Op::Complete,
        ]);
        let Some(d) = deferred(&p, 0, 1, "") else {
            panic!("not deferred");
        };
        let code = d.code;
        // The inner `Fork` defers its choice point where both fit under the bound …
        assert!(code.contains("if !p.choices_fit(cx, 2) {\n        p.fork_deferred(7, f0_1);\n        n += 1;\n        at = 1;\n"), "{code}");
        // … and where `Nav(0)` fails, `Nav(1)` is tried with the outer one still deferred;
        // where that fails too, no choice point was ever opened.
        assert!(code.contains("p.back_to(f1_2);\n        if !p.board_passes(cx, Op::Nav(Dir(1))) {\n            p.back_to(f0_1);\n            n += 4;\n            at = 7;\n"), "{code}");
        // Past the tests, both open, outer first.
        assert!(code.contains("p.fork_deferred(7, f0_1);\n    p.fork_deferred(4, f1_2);\n    n += 5;\n    at = 6;\n"), "{code}");
        assert_eq!(d.exits.into_iter().collect::<Vec<_>>(), vec![1, 6, 7]);
    }

    #[test]
    fn a_fork_before_a_change_is_not_deferred() {
        let p = program_of(vec![Op::Fork(2), Op::Take, Op::Complete]);
        assert!(deferred(&p, 0, 1, "").is_none());
        assert!(deferred(&step(), 1, 1, "").is_none());
        assert!(exits(&p).is_empty());
    }
}
