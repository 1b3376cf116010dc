//! One chain as a Rust function.
//!
//! The function runs the chain from the cursor's command as the interpreter would, each command
//! through `Processor::step` with the command a constant. The chain is cut into blocks at every
//! command something may jump to (a jump's target, where a choice point resumes, where a
//! guarded choice goes on, a clause's body): a block is an arm of one `match` on the command to
//! run, and inside it the commands follow one another as straight code for as long as each goes
//! on to the next. Any other command index, should a run reach one, is left to the
//! interpreter, which makes every entry correct whatever this module leaves out.

use crate::literal::op_expression;
use crate::CodegenError;
use dagaz_ir::{Op, Parts, Program, Test};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The commands a jump, a choice point or a guarded choice may send a run to, with 0 (where a
/// run starts) and 1 (where it starts when its first command is a test of the start square,
/// which `Processor::run` makes itself).
pub(crate) fn entries(program: &Program) -> BTreeSet<usize> {
    let mut at = BTreeSet::from([0, 1]);
    for (i, op) in program.ops.iter().enumerate() {
        for t in targets(*op) {
            at.insert(t as usize);
        }
        if let Op::AnyGuarded(g) = *op {
            // Backtracking resumes at the choice itself, and a constant that passes its guard
            // goes on after the guard's commands.
            at.insert(i);
            if let Some(guard) = program.guards.get(g as usize) {
                at.insert(i + 1 + guard.len as usize);
            }
        }
    }
    if let Parts::Clauses { bodies, .. } = &program.parts {
        at.extend(bodies.iter().map(|&(body, _)| body));
    }
    at.retain(|&i| i < program.ops.len());
    at
}

/// Where a command may jump (or resume a choice at) besides the next command.
fn targets(op: Op) -> Vec<u32> {
    match op {
        Op::Jmp(t)
        | Op::JmpIfFalse(t)
        | Op::JmpUnlessLocal(_, _, _, t)
        | Op::Fork(t)
        | Op::EndMove(t)
        | Op::LocalConstJmp(_, _, t)
        | Op::JmpUnlessZone(_, t)
        | Op::TestJmp(_, t)
        | Op::NavJmp(_, t)
        | Op::NavTestJmp(_, _, t)
        | Op::LocalTestJmp(_, _, t)
        | Op::ClausesFork(t)
        | Op::NavOrJmp(_, t)
        | Op::TestOrJmp(_, t)
        | Op::NavTestOrJmp(_, _, t) => vec![t],
        Op::EndMoveJmp(t, u) => vec![t, u],
        _ => Vec::new(),
    }
}

/// The call that runs `op`, the command at `i`: a method of its own for the commands on every
/// move's path (see `dagaz_vm::native`), the interpreter's step for the others (rare, or large:
/// the board-wide queries, the hand, the seeds, the questions that run other chains, `Complete`).
fn call(op: Op, i: usize) -> Result<String, CodegenError> {
    let query = |q: &str| format!("p.query_step(cx, c, {i}, Query::{q})");
    Ok(match op {
        Op::Push(v) => format!("p.push_step(cx, c, {i}, {})", value_expression(v)?),
        Op::LocalGet(s) => format!("p.local_get_step(cx, c, {i}, {s})"),
        Op::LocalSet(s) => format!("p.local_set_step(cx, c, {i}, {s})"),
        Op::LocalConst(s, v) => {
            format!(
                "p.local_const_step(cx, c, {i}, {s}, {})",
                value_expression(v)?
            )
        }
        Op::CheckLocal(s) => format!("p.check_local_step(cx, c, {i}, {s})"),
        Op::Position => query("Position"),
        Op::IsEmpty => query("IsEmpty"),
        Op::NotEmpty => query("NotEmpty"),
        Op::IsFriend => query("IsFriend"),
        Op::NotFriend => query("NotFriend"),
        Op::IsEnemy => query("IsEnemy"),
        Op::NotEnemy => query("NotEnemy"),
        Op::PlayerAt => query("Player"),
        Op::PieceAt => query("Piece"),
        Op::IsCaptured => query("IsCaptured"),
        Op::NotCaptured => query("NotCaptured"),
        // The eight board tests, and the two moves.
        Op::Nav(_) | Op::Goto(_) => format!("p.board_step(cx, c, {i}, {})", op_expression(&op)?),
        _ if Test::of(op).is_some() => {
            format!("p.board_step(cx, c, {i}, {})", op_expression(&op)?)
        }
        Op::InZone(z) => format!("p.in_zone_step(cx, c, {i}, {z})"),
        Op::Jmp(t) => format!("p.jump_step(cx, c, {i}, {t})"),
        Op::JmpIfFalse(t) => format!("p.jump_unless_step(cx, c, {i}, {t})"),
        Op::Check => format!("p.check_step(cx, c, {i})"),
        Op::Fork(t) => format!("p.fork_step(cx, c, {i}, {t})"),
        Op::EndMove(t) => format!("p.end_move_step(cx, c, {i}, {t})"),
        Op::AnyGuarded(g) => format!("p.any_guarded_step(cx, c, {i}, {g})"),
        Op::Fail => format!("p.fail_step(cx, c, {i})"),
        Op::Take => format!("p.take_step(cx, c, {i})"),
        Op::Drop => format!("p.drop_step(cx, c, {i})"),
        Op::Capture => format!("p.capture_step(cx, c, {i})"),
        Op::Log(n) => format!("p.log_step(cx, c, {i}, {n})"),
        _ => format!("p.step_outlined(cx, c, {i}, {}, sink)", op_expression(&op)?),
    })
}

/// A value as a Rust expression: the operand of `Push(v)` as [`op_expression`] writes it.
fn value_expression(v: dagaz_ir::Value) -> Result<String, CodegenError> {
    let push = op_expression(&Op::Push(v))?;
    Ok(push
        .strip_prefix("Op::Push(")
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(&push)
        .to_string())
}

/// How many commands one function holds at most: a longer chain is cut into regions of about
/// this many, a function each, so that no function's control flow grows past what the Rust
/// compiler optimises quickly (a 1,700-command chain in one function took it minutes).
const REGION: usize = 200;

/// The function `name`, of the type `dagaz_vm::native::NativeChain`, that runs `program`; with
/// a function `{name}_{k}` per region of the chain, which runs the blocks in it for as long
/// as the run stays there.
pub fn chain_source(name: &str, program: &Program) -> Result<String, CodegenError> {
    let starts: Vec<usize> = entries(program).into_iter().collect();
    let len = program.ops.len();
    // Regions: runs of whole blocks, each ending where its last block does.
    let mut regions: Vec<(usize, usize)> = Vec::new();
    let mut first = 0;
    for k in 0..starts.len() {
        let end = starts.get(k + 1).copied().unwrap_or(len);
        if end - first >= REGION || k + 1 == starts.len() {
            regions.push((first, end));
            first = end;
        }
    }
    let mut out = String::new();
    let w = &mut out;
    // `write!` to a String cannot fail.
    for (r, &(lo, hi)) in regions.iter().enumerate() {
        let _ = writeln!(
            w,
            "fn {name}_{r}(p: &mut Processor, cx: &Context<'_>, c: &mut Cursor, \
             sink: &mut dyn Sink) -> Flow {{"
        );
        let _ = writeln!(w, "    loop {{");
        let _ = writeln!(w, "        match c.at() {{");
        for (k, &start) in starts.iter().enumerate() {
            if start < lo || start >= hi {
                continue;
            }
            let end = starts.get(k + 1).copied().unwrap_or(len);
            let _ = writeln!(w, "            {start} => {{");
            for i in start..end {
                let op = program.ops.get(i).copied().unwrap_or(Op::Fail);
                let _ = writeln!(
                    w,
                    "                if let Some(end) = {} {{ return Some(end); }}",
                    call(op, i)?
                );
                if i + 1 < end {
                    let _ = writeln!(w, "                if c.at() != {} {{ continue; }}", i + 1);
                }
            }
            let _ = writeln!(w, "            }}");
        }
        // A command inside the region where no block starts: the interpreter runs the rest.
        let blocks = starts.iter().filter(|&&s| s >= lo && s < hi).count();
        if blocks < hi - lo {
            let _ = writeln!(
                w,
                "            at if ({lo}..{hi}).contains(&at) => return Some(p.resume(cx, c, sink)),"
            );
        }
        let _ = writeln!(w, "            _ => return None,");
        let _ = writeln!(w, "        }}");
        let _ = writeln!(w, "    }}");
        let _ = writeln!(w, "}}");
    }
    let _ = writeln!(
        w,
        "pub(crate) fn {name}(p: &mut Processor, cx: &Context<'_>, c: &mut Cursor, \
         sink: &mut dyn Sink) -> Result<(), GenErrorKind> {{"
    );
    let _ = writeln!(w, "    loop {{");
    let _ = writeln!(w, "        let flow = match c.at() {{");
    for (r, &(lo, hi)) in regions.iter().enumerate() {
        let _ = writeln!(
            w,
            "            {lo}..={} => {name}_{r}(p, cx, c, sink),",
            hi - 1
        );
    }
    let _ = writeln!(w, "            _ => return p.resume(cx, c, sink),");
    let _ = writeln!(w, "        }};");
    let _ = writeln!(w, "        if let Some(end) = flow {{ return end; }}");
    let _ = writeln!(w, "    }}");
    let _ = writeln!(w, "}}");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{Dir, Guard, Value};
    use pretty_assertions::assert_eq;

    fn program(ops: Vec<Op>) -> Program {
        Program {
            ops,
            ..Program::default()
        }
    }

    #[test]
    fn blocks_start_where_a_run_may_arrive_other_than_from_the_command_before() {
        // 0 Fork 3 | 1 Nav | 2 Jmp 5 | 3 AnyGuarded 0 (guard of 1 command) | 4 CheckLocal
        // | 5 CheckEmpty | 6 Complete
        let mut p = program(vec![
            Op::Fork(3),
            Op::Nav(Dir(0)),
            Op::Jmp(5),
            Op::AnyGuarded(0),
            Op::CheckLocal(0),
            Op::CheckEmpty,
            Op::Complete,
        ]);
        p.guards.push(Guard {
            slot: 0,
            values: vec![Value::Dir(Dir(0)), Value::Dir(Dir(1))],
            len: 1,
        });
        assert_eq!(
            entries(&p).into_iter().collect::<Vec<_>>(),
            vec![0, 1, 3, 5]
        );
    }

    #[test]
    fn a_block_runs_its_commands_in_line_and_the_rest_goes_to_the_interpreter() {
        let p = program(vec![Op::CheckFriend, Op::Take, Op::Position, Op::Complete]);
        let source = chain_source("c", &p).unwrap_or_default();
        for line in [
            "fn c_0(",
            "pub(crate) fn c(",
            "0 => {",
            "if let Some(end) = p.board_step(cx, c, 0, Op::CheckFriend) { return Some(end); }",
            "1 => {",
            "if let Some(end) = p.take_step(cx, c, 1) { return Some(end); }",
            "if c.at() != 2 { continue; }",
            "p.query_step(cx, c, 2, Query::Position)",
            "p.step_outlined(cx, c, 3, Op::Complete, sink)",
            "0..=3 => c_0(p, cx, c, sink),",
            "_ => return p.resume(cx, c, sink),",
        ] {
            assert!(source.contains(line), "{line} not in\n{source}");
        }
    }

    #[test]
    fn a_long_chain_is_cut_into_regions() {
        // Every command jumps to the next, so each starts a block of its own.
        let n = 2 * REGION + 10;
        let p = program((1..=n as u32).map(Op::Jmp).collect());
        let source = chain_source("c", &p).unwrap_or_default();
        assert!(source.contains("fn c_0("), "{source}");
        assert!(source.contains("fn c_1("), "{source}");
        assert!(source.contains("fn c_2("), "{source}");
        assert!(!source.contains("fn c_3("), "{source}");
        assert!(source.contains(&format!(
            "{}..={} => c_1(p, cx, c, sink),",
            REGION,
            2 * REGION - 1
        )));
    }
}
