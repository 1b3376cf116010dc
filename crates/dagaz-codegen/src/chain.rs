//! One chain as a Rust function.
//!
//! The function runs the chain from the cursor's command as the interpreter would, each command
//! through its own method of `dagaz_vm::native` (or the interpreter's step) with its operands
//! constants. The chain is cut into blocks at every command something may jump to (a jump's
//! target, where a choice point resumes, where a guarded choice goes on, a clause's body): a
//! block is an arm of one `match` on the command to run, and inside it the commands follow one
//! another as straight code for as long as each goes on to the next; the steps are counted at
//! the block's exits. Any other command index, should a run reach one, is left to the
//! interpreter, which makes every entry correct whatever this module leaves out.

use crate::literal::op_expression;
use crate::CodegenError;
use dagaz_ir::{Op, Parts, Program, Test};
use std::collections::BTreeSet;
use std::fmt::Write;

/// The commands a jump, a choice point, a guarded choice or a deferred `Fork` may send a run to, with 0 (where a
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
    // Where the code of a deferred `Fork` goes on (`deferred`).
    at.extend(crate::deferred::exits(program));
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

/// How one command is written in a block.
enum Code {
    /// A method of its own (see `dagaz_vm::native`) that passes, fails or stops the run.
    Inline(String),
    /// Such a method that may also send the run elsewhere, through `pc`.
    Branch(String),
    /// `AnyGuarded`: its method sends the run past its guard's commands, always.
    Guarded(String),
    /// `Jmp(t)`.
    Jump(u32),
    /// `Fail`.
    Fail,
    /// The interpreter's step (a call): for the commands that are rare, or large (the
    /// board-wide queries, the hand, the seeds, the questions that run other chains,
    /// `Complete`). It counts its own step and moves the cursor itself.
    Outlined(String),
}

/// How `op` is written: a method of its own, with constant operands, for the commands on
/// every move's path; the interpreter's step for the others.
fn code(op: Op) -> Result<Code, CodegenError> {
    let query = |q: &str| Code::Inline(format!("p.query_step(cx, Query::{q})"));
    Ok(match op {
        Op::Push(v) => Code::Inline(format!("p.push_step(cx, {})", value_expression(v)?)),
        Op::LocalGet(s) => Code::Inline(format!("p.local_get_step(cx, {s})")),
        Op::LocalSet(s) => Code::Inline(format!("p.local_set_step(cx, {s})")),
        Op::LocalConst(s, v) => Code::Inline(format!(
            "p.local_const_step(cx, {s}, {})",
            value_expression(v)?
        )),
        Op::CheckLocal(s) => Code::Inline(format!("p.check_local_step(cx, {s})")),
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
        Op::Nav(_) | Op::Goto(_) => {
            Code::Inline(format!("p.board_step(cx, {})", op_expression(&op)?))
        }
        _ if Test::of(op).is_some() => {
            Code::Inline(format!("p.board_step(cx, {})", op_expression(&op)?))
        }
        Op::InZone(z) => Code::Inline(format!("p.in_zone_step(cx, {z})")),
        Op::Jmp(t) => Code::Jump(t),
        Op::JmpIfFalse(t) => Code::Branch(format!("p.jump_unless_step(cx, {t}, &mut pc)")),
        Op::Check => Code::Inline("p.check_step(cx)".to_string()),
        Op::Fork(t) => Code::Inline(format!("p.fork_step(cx, {t})")),
        Op::EndMove(t) => Code::Branch(format!("p.end_move_step(cx, {t}, &mut pc)")),
        Op::AnyGuarded(g) => Code::Guarded(format!("p.any_guarded_step(cx, {g}, &mut pc)")),
        Op::Fail => Code::Fail,
        Op::Take => Code::Inline("p.take_step(cx)".to_string()),
        Op::Drop => Code::Inline("p.drop_step(cx)".to_string()),
        Op::Capture => Code::Inline("p.capture_step(cx)".to_string()),
        Op::Log(n) => Code::Inline(format!("p.log_step(cx, {n})")),
        Op::LocalAdd(s, n) => Code::Inline(format!("p.local_add_step(cx, {s}, {n})")),
        Op::GlobalGet(s) => Code::Inline(format!("p.global_get_step(cx, {s})")),
        Op::GlobalSet(s) => Code::Inline(format!("p.global_set_step(cx, {s})")),
        Op::Not => Code::Inline("p.not_step(cx)".to_string()),
        Op::JmpUnlessLocal(s, cmp, n, t) => Code::Branch(format!(
            "p.jump_unless_local_step(cx, {s}, Cmp::{cmp:?}, {n}, {t}, &mut pc)"
        )),
        Op::NoMoves => Code::Inline("p.no_moves_step(cx)".to_string()),
        Op::CaptureLater => Code::Inline("p.capture_later_step(cx)".to_string()),
        Op::Promote(_) => Code::Inline(format!(
            "p.promote_step(cx, {})",
            operand(&op_expression(&op)?, "Op::Promote(")
        )),
        Op::Clauses => Code::Branch("p.clauses_step(cx, &mut pc)".to_string()),
        Op::Invariant(i) => Code::Inline(format!("p.invariant_step(cx, {i})")),
        Op::Complete => Code::Inline("p.complete_step(cx, sink)".to_string()),
        Op::AttrAt(a) => Code::Inline(format!("p.attr_at_step(cx, {a})")),
        Op::SetAttr(a) => Code::Inline(format!("p.set_attr_step(cx, {a})")),
        Op::TurnGet(t) => Code::Inline(format!("p.turn_get_step(cx, {t})")),
        Op::TurnSet(t) => Code::Inline(format!("p.turn_set_step(cx, {t})")),
        Op::PromoteTo => Code::Inline("p.promote_to_step(cx)".to_string()),
        Op::Add(_)
        | Op::Sub(_)
        | Op::Mul(_)
        | Op::Neg
        | Op::Div
        | Op::Mod
        | Op::Eq
        | Op::Ne
        | Op::Lt
        | Op::Le
        | Op::Gt
        | Op::Ge => Code::Inline(format!("p.arith_step(cx, {})", op_expression(&op)?)),
        _ => Code::Outlined(op_expression(&op)?),
    })
}

/// The macros the blocks are written with (once per generated module). `at` is the command
/// to run next and `n` the steps counted, both kept in the function's variables and written
/// to the cursor only where the run leaves the function; `k`, in `run!`, is how many commands
/// the block has run since `n` was last brought up to date, the command at `i` included.
pub(crate) const MACROS: &str = "\
macro_rules! fail {
    ($p:ident, $c:ident, $at:ident, $n:ident) => {
        match $p.backtrack_to() {
            Some(resume) => {
                $at = resume;
                continue;
            }
            None => {
                $c.set($at, $n);
                return Some(Ok(()));
            }
        }
    };
}
macro_rules! run {
    ($p:ident, $c:ident, $at:ident, $n:ident, $i:expr, $k:expr, $e:expr) => {
        match $e {
            Ok(true) => {}
            Ok(false) => {
                $n += $k;
                fail!($p, $c, $at, $n)
            }
            Err(e) => return $p.error_at($c, $i, $n + $k, e),
        }
    };
}
";

/// A value as a Rust expression: the operand of `Push(v)` as [`op_expression`] writes it.
pub(crate) fn value_expression(v: dagaz_ir::Value) -> Result<String, CodegenError> {
    Ok(operand(&op_expression(&Op::Push(v))?, "Op::Push("))
}

/// The operand of a one-operand command `command`, written `{prefix}operand)`.
fn operand(command: &str, prefix: &str) -> String {
    command
        .strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or(command)
        .to_string()
}

/// How many commands one function holds at most: a longer chain is cut into regions of about
/// this many, a function each, so that no function's control flow grows past what the Rust
/// compiler optimises quickly (a 1,700-command chain in one function took it minutes).
const REGION: usize = 200;

/// The function `name`, of the type `dagaz_vm::native::NativeChain`, that runs `program`; with
/// a function `{name}_{k}` per region of the chain, which runs the blocks in it for as long
/// as the run stays there. The module must hold the macros [`crate::library_source`] writes
/// first (`fail!`, `run!`).
pub fn chain_source(name: &str, program: &Program) -> Result<String, CodegenError> {
    let starts: Vec<usize> = entries(program).into_iter().collect();
    let regions = regions(&starts, program.ops.len());
    let codes = program
        .ops
        .iter()
        .map(|&op| code(op))
        .collect::<Result<Vec<Code>, _>>()?;
    // The guards' constants are written into the code of their `AnyGuarded`.
    for guard in &program.guards {
        for &v in &guard.values {
            value_expression(v)?;
        }
    }
    let mut out = String::new();
    let chain = Chain {
        name,
        program,
        codes: &codes,
        starts: &starts,
    };
    for (r, &region) in regions.iter().enumerate() {
        region_function(&mut out, &chain, r, region, regions.len() == 1);
    }
    dispatcher(&mut out, name, &regions);
    Ok(out)
}

/// What the functions of one chain are written from.
struct Chain<'a> {
    name: &'a str,
    program: &'a Program,
    codes: &'a [Code],
    /// Where the blocks start.
    starts: &'a [usize],
}

/// The regions of a chain of `len` commands whose blocks start at `starts`: runs of whole
/// blocks, each ending where its last block does.
fn regions(starts: &[usize], len: usize) -> Vec<(usize, usize)> {
    let mut regions: Vec<(usize, usize)> = Vec::new();
    let mut first = 0;
    for k in 0..starts.len() {
        let end = starts.get(k + 1).copied().unwrap_or(len);
        if end - first >= REGION || k + 1 == starts.len() {
            regions.push((first, end));
            first = end;
        }
    }
    regions
}

/// The function `{name}_{r}` that runs the blocks of the region `lo..hi` (in line where it is
/// the chain's only region).
fn region_function(
    w: &mut String,
    chain: &Chain<'_>,
    r: usize,
    (lo, hi): (usize, usize),
    only: bool,
) {
    let Chain {
        name,
        program,
        codes,
        starts,
    } = *chain;
    let len = program.ops.len();
    // `write!` to a String cannot fail.
    // A chain of one region runs it from its own function, in line: the call returned
    // its `Flow` through memory, 2% of English draughts' perft.
    let inline = if only { "#[inline(always)]\n" } else { "" };
    let _ = writeln!(
        w,
        "#[allow(unused_mut, unused_variables, unused_assignments)]\n\
         {inline}fn {name}_{r}(p: &mut Processor, cx: &Context<'_>, c: &mut Cursor, \
         sink: &mut dyn Sink) -> Flow {{"
    );
    let _ = writeln!(w, "    let limit = c.limit();");
    let _ = writeln!(w, "    let mut at = c.at();");
    let _ = writeln!(w, "    let mut n = c.steps();");
    let _ = writeln!(w, "    loop {{");
    let _ = writeln!(w, "        match at {{");
    for (k, &start) in starts.iter().enumerate() {
        if start < lo || start >= hi {
            continue;
        }
        let end = starts.get(k + 1).copied().unwrap_or(len);
        let _ = writeln!(w, "            {start} => {{");
        block(w, program, codes, start, end);
        let _ = writeln!(w, "            }}");
    }
    // A command inside the region where no block starts: the interpreter runs the rest.
    let blocks = starts.iter().filter(|&&s| s >= lo && s < hi).count();
    if blocks < hi - lo {
        let _ = writeln!(
            w,
            "            at if ({lo}..{hi}).contains(&at) => {{\n\
             \x20               c.set(at, n);\n\
             \x20               return Some(p.resume(cx, c, sink));\n\
             \x20           }}"
        );
    }
    let _ = writeln!(w, "            _ => {{");
    let _ = writeln!(w, "                c.set(at, n);");
    let _ = writeln!(w, "                return None;");
    let _ = writeln!(w, "            }}");
    let _ = writeln!(w, "        }}");
    let _ = writeln!(w, "    }}");
    let _ = writeln!(w, "}}");
}

/// The chain's function `name`, which runs the region function of wherever the run is.
fn dispatcher(w: &mut String, name: &str, regions: &[(usize, usize)]) {
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
}

/// The block of commands `start..end`, as straight code: each command's method, a jump where
/// it sends the run elsewhere. The steps are counted at the block's exits, each adding the
/// constant number of commands run since the last count; before a run of commands in line, one
/// test that the budget has room for all of them (where it has not, the interpreter, which
/// tests each command, runs the rest, so the run stops at the very command that goes past it).
fn block(w: &mut String, program: &Program, codes: &[Code], start: usize, end: usize) {
    // Commands run since `n` was last brought up to date.
    let mut k = 0;
    budget(w, codes, start, end);
    // The values the code holds in its own variables instead of the data stack, bottom first
    // (see `held`); none at the start of a block.
    let mut held: Vec<String> = Vec::new();
    for (i, code) in codes.iter().enumerate().take(end).skip(start) {
        k += 1;
        let op = program.ops.get(i).copied().unwrap_or(Op::Fail);
        // A command the interpreter's step runs reads and writes the stack itself (and the
        // budget's test before the block counts no command past it).
        let how = match code {
            Code::Outlined(_) => Held::Spill,
            _ => held_code(op, i, k, &mut held),
        };
        if written_held(w, how, i, k, &mut held) {
            continue;
        }
        if command(w, program, codes, (i, code), &mut k, end) {
            return;
        }
    }
    if !held.is_empty() {
        let _ = write!(w, "{IN}");
        spill(w, &held, "\n                ");
        let _ = writeln!(w);
    }
    if k > 0 {
        let _ = writeln!(w, "{IN}n += {k};");
    }
    let _ = writeln!(w, "{IN}at = {end};");
    let _ = writeln!(w, "{IN}continue;");
}

/// The indentation of a block's code.
const IN: &str = "                ";

/// Before a run of commands in line from `from` (to the block's `end`), the test that the
/// budget has room for all of them.
fn budget(w: &mut String, codes: &[Code], from: usize, end: usize) {
    let room = codes
        .get(from..end)
        .unwrap_or(&[])
        .iter()
        .take_while(|code| !matches!(code, Code::Outlined(_)))
        .count();
    if room > 0 {
        let _ = writeln!(
            w,
            "{IN}if n + {room} > limit {{ c.set({from}, n); return Some(p.resume(cx, c, sink)); }}"
        );
    }
}

/// Writes what `how` says of the command at `i` (the `k`th of its block) and the values
/// `held`: whether the command is written with that.
fn written_held(w: &mut String, how: Held, i: usize, k: usize, held: &mut Vec<String>) -> bool {
    match how {
        Held::Done(line) => {
            if !line.is_empty() {
                let _ = writeln!(w, "{IN}{line}");
            }
            true
        }
        Held::Jump(line, t) => {
            let next = i + 1;
            let _ = writeln!(w, "{IN}let mut pc = {next};");
            let _ = writeln!(w, "{IN}{line}");
            let _ = write!(w, "{IN}if pc != {next} {{ ");
            spill(w, held, " ");
            let _ = writeln!(w, " n += {k}; at = {t}; continue; }}");
            true
        }
        Held::Keep => false,
        Held::Spill => {
            if !held.is_empty() {
                let _ = write!(w, "{IN}");
                spill(w, held, "\n                ");
                let _ = writeln!(w);
                held.clear();
            }
            false
        }
    }
}

/// Writes `code`, the command at `i`, the `k`th run since the steps were last counted (which
/// an outlined command counts, setting `k` to 0), in a block that ends at `end`: whether it
/// ends the block.
fn command(
    w: &mut String,
    program: &Program,
    codes: &[Code],
    (i, code): (usize, &Code),
    k: &mut usize,
    end: usize,
) -> bool {
    let kk = *k;
    match code {
        Code::Inline(e) => {
            if let Some(d) = crate::deferred::deferred(program, i, kk, IN) {
                w.push_str(&d.code);
            }
            let _ = writeln!(w, "{IN}run!(p, c, at, n, {i}, {kk}, {e});");
            false
        }
        Code::Branch(e) => {
            let next = i + 1;
            let _ = writeln!(w, "{IN}let mut pc = {next};");
            let _ = writeln!(w, "{IN}run!(p, c, at, n, {i}, {kk}, {e});");
            let _ = writeln!(w, "{IN}if pc != {next} {{ n += {kk}; at = pc; continue; }}");
            false
        }
        Code::Guarded(e) => {
            match program.ops.get(i) {
                Some(&Op::AnyGuarded(g)) => guarded(w, program, i, g, kk, e),
                _ => {
                    let _ = writeln!(w, "{IN}let mut pc = {};", i + 1);
                    let _ = writeln!(w, "{IN}run!(p, c, at, n, {i}, {kk}, {e});");
                    let _ = writeln!(w, "{IN}n += {kk};");
                    let _ = writeln!(w, "{IN}at = pc;");
                    let _ = writeln!(w, "{IN}continue;");
                }
            }
            true
        }
        Code::Jump(t) => {
            let _ = writeln!(w, "{IN}n += {kk};");
            let _ = writeln!(w, "{IN}at = {t};");
            let _ = writeln!(w, "{IN}continue;");
            true
        }
        Code::Fail => {
            let _ = writeln!(w, "{IN}n += {kk};");
            let _ = writeln!(w, "{IN}fail!(p, c, at, n)");
            true
        }
        Code::Outlined(op) => {
            if kk > 1 {
                let _ = writeln!(w, "{IN}n += {};", kk - 1);
            }
            *k = 0;
            let _ = writeln!(w, "{IN}c.set({i}, n);");
            let _ = writeln!(
                w,
                "{IN}if let Some(end) = p.step_outlined(cx, c, {i}, {op}, sink) {{ return Some(end); }}"
            );
            let _ = writeln!(w, "{IN}at = c.at();");
            let _ = writeln!(w, "{IN}n = c.steps();");
            if i + 1 < end {
                let _ = writeln!(w, "{IN}if at != {} {{ continue; }}", i + 1);
                budget(w, codes, i + 1, end);
                false
            } else {
                let _ = writeln!(w, "{IN}continue;");
                true
            }
        }
    }
}

/// What the code does with a command's values (`block`).
enum Held {
    /// The command is written here, its operands the values held and its result held too:
    /// the line (empty for a constant).
    Done(String),
    /// `JmpIfFalse` of a held value: the line, which sets `pc` to the target when it jumps;
    /// the values still held go to the stack on the way out.
    Jump(String, u32),
    /// The command leaves the stack alone: it is written as usual and the values stay held.
    Keep,
    /// The command reads the stack or keeps it (a choice point), or leaves the block: the held
    /// values go to the stack first, and the command is written as usual.
    Spill,
}

/// The held values onto the data stack, bottom first: `p.push_held(v);` each, `sep` between.
fn spill(w: &mut String, held: &[String], sep: &str) {
    for (j, v) in held.iter().enumerate() {
        let between = if j == 0 { "" } else { sep };
        let _ = write!(w, "{between}p.push_held({v});");
    }
}

/// How the command `op` at `i` (the `k`th of its block) is written with the values `held`:
/// a command that pushes one value (`Push`, `LocalGet`, `GlobalGet`, `InZone`, `TurnGet`,
/// `AttrAt`, the board questions) computes it into a variable of its own, and one that takes
/// values (`Check`, `JmpIfFalse`, `Not`, the comparisons, `Invariant`, `LocalSet`,
/// `GlobalSet`, `TurnSet`, `PromoteTo`, `SetAttr`, `Log`) takes them from the variables when
/// they are held: the data stack is not touched. Each does what the command does with the
/// stack (the same processor code, given the value), at the same point of the run, so the
/// values and errors are the interpreter's; the values held are dropped where the run fails
/// (backtracking would drop them from the stack) and put on the stack before anything that
/// reads or saves it.
fn held_code(op: Op, i: usize, k: usize, held: &mut Vec<String>) -> Held {
    let var = format!("h{i}");
    let produce = |held: &mut Vec<String>, expr: String| {
        held.push(var.clone());
        Held::Done(format!("let {var} = {expr};"))
    };
    let query = |q: &str| format!("p.query_value(Query::{q})");
    let take = |held: &mut Vec<String>, n: usize| -> Option<Vec<String>> {
        let base = held.len().checked_sub(n)?;
        Some(held.split_off(base))
    };
    let run = |e: String| format!("run!(p, c, at, n, {i}, {k}, {e});");
    match op {
        Op::Push(v) => match value_expression(v) {
            Ok(e) => {
                held.push(e);
                Held::Done(String::new())
            }
            Err(_) => Held::Spill,
        },
        Op::LocalGet(s) => produce(held, format!("p.local_value({s})")),
        Op::GlobalGet(s) => produce(held, format!("p.global_value({s})")),
        Op::InZone(z) => produce(held, format!("p.in_zone_value(cx, {z})")),
        Op::TurnGet(t) => produce(held, format!("p.turn_get_value({t})")),
        Op::AttrAt(a) => produce(held, format!("p.attr_at_value({a})")),
        Op::Position => produce(held, query("Position")),
        Op::IsEmpty => produce(held, query("IsEmpty")),
        Op::NotEmpty => produce(held, query("NotEmpty")),
        Op::IsFriend => produce(held, query("IsFriend")),
        Op::NotFriend => produce(held, query("NotFriend")),
        Op::IsEnemy => produce(held, query("IsEnemy")),
        Op::NotEnemy => produce(held, query("NotEnemy")),
        Op::PlayerAt => produce(held, query("Player")),
        Op::PieceAt => produce(held, query("Piece")),
        Op::IsCaptured => produce(held, query("IsCaptured")),
        Op::NotCaptured => produce(held, query("NotCaptured")),
        Op::Check
        | Op::JmpIfFalse(_)
        | Op::Not
        | Op::Invariant(_)
        | Op::LocalSet(_)
        | Op::GlobalSet(_)
        | Op::TurnSet(_)
        | Op::PromoteTo
        | Op::SetAttr(_) => {
            let Some(v) = held.pop() else {
                return Held::Spill;
            };
            held_taking(op, v, i, k, held)
        }
        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
            let Some([a, b]) = take(held, 2).and_then(|ab| <[String; 2]>::try_from(ab).ok()) else {
                return Held::Spill;
            };
            let name = format!("{op:?}");
            held.push(var.clone());
            Held::Done(format!(
                "let {var} = match p.compare(Op::{name}, {a}, {b}) {{ Ok(v) => v, \
                 Err(e) => return p.error_at(c, {i}, n + {k}, e) }};"
            ))
        }
        Op::Log(n) => {
            let Some(values) = take(held, n as usize) else {
                return Held::Spill;
            };
            Held::Done(run(format!(
                "p.log_held_step(cx, &[{}])",
                values.join(", ")
            )))
        }
        _ if keeps_stack(op) => Held::Keep,
        _ => Held::Spill,
    }
}

/// How `op`, a command at `i` (the `k`th of its block) that takes one value, is written with
/// `v`, the value held on top of `held`.
fn held_taking(op: Op, v: String, i: usize, k: usize, held: &mut Vec<String>) -> Held {
    let run = |e: String| format!("run!(p, c, at, n, {i}, {k}, {e});");
    match op {
        Op::Check => Held::Done(run(format!("p.check_held_step(cx, {v})"))),
        Op::JmpIfFalse(t) => Held::Jump(
            run(format!("p.jump_unless_held_step(cx, {v}, {t}, &mut pc)")),
            t,
        ),
        Op::Not => {
            let var = format!("h{i}");
            held.push(var.clone());
            Held::Done(format!("let {var} = p.not_of(cx, {v});"))
        }
        Op::Invariant(n) => Held::Done(run(format!("p.invariant_held_step(cx, {n}, {v})"))),
        Op::LocalSet(s) => Held::Done(run(format!("p.local_set_held_step(cx, {s}, {v})"))),
        Op::GlobalSet(s) => Held::Done(run(format!("p.global_set_held_step(cx, {s}, {v})"))),
        Op::TurnSet(t) => Held::Done(run(format!("p.turn_set_held_step(cx, {t}, {v})"))),
        Op::PromoteTo => Held::Done(run(format!("p.promote_to_held_step(cx, {v})"))),
        Op::SetAttr(a) => Held::Done(run(format!("p.set_attr_held_step(cx, {a}, {v})"))),
        _ => {
            held.push(v);
            Held::Spill
        }
    }
}

/// Whether `op` neither reads nor keeps the stack: moves, board tests, the locals and the
/// changes to the board. (`Complete` and `Fail` end the path: nothing held survives them.)
fn keeps_stack(op: Op) -> bool {
    matches!(
        op,
        Op::Nav(_)
            | Op::Goto(_)
            | Op::Take
            | Op::Drop
            | Op::Capture
            | Op::CaptureLater
            | Op::Promote(_)
            | Op::LocalConst(_, _)
            | Op::CheckLocal(_)
            | Op::LocalAdd(_, _)
            | Op::NoMoves
            | Op::Complete
            | Op::Fail
    ) || Test::of(op).is_some()
}

/// `AnyGuarded(g)` at `here`, the `k`th command its block runs: each constant's guard as
/// straight code, the constant in place of the guard's slot, and the choice point for the
/// constants after the one that passes; `generic` (the interpreter's method) where the
/// processor asks for it (an attack test that runs one constant, or splits its reads by
/// constant). What it does is what `Processor::any_guarded` does, constant by constant.
fn guarded(w: &mut String, program: &Program, here: usize, g: u16, k: usize, generic: &str) {
    const IN: &str = "                ";
    let Some(guard) = program.guards.get(g as usize) else {
        // No guard: the interpreter's method fails the command, as it does.
        let _ = writeln!(w, "{IN}n += {k};");
        let _ = writeln!(w, "{IN}fail!(p, c, at, n)");
        return;
    };
    let body = program
        .ops
        .get(here + 1..here + 1 + guard.len as usize)
        .unwrap_or(&[]);
    let values: Vec<String> = guard
        .values
        .iter()
        .map(|&v| value_expression(v).unwrap_or_else(|_| format!("{v:?}")))
        .collect();
    let slot = guard.slot;
    let after = here + 1 + guard.len as usize;
    let _ = writeln!(
        w,
        "{IN}if let Some((start, first)) = p.guarded_begin({here}) {{"
    );
    let _ = writeln!(w, "{IN}    let chosen: Option<u16> = 'pick: {{");
    for (i, v) in values.iter().enumerate() {
        let tried = if i == 0 {
            "first == 0".to_string()
        } else {
            format!("first <= {i}")
        };
        let mut test = String::new();
        for op in body {
            if !test.is_empty() {
                test.push_str(" && ");
            }
            let op = op_expression(op).unwrap_or_else(|_| format!("{op:?}"));
            let _ = write!(test, "p.guard_step(cx, {op}, {slot}, {v})");
        }
        if test.is_empty() {
            test.push_str("true");
        }
        let _ = writeln!(
            w,
            "{IN}        if {tried} {{ p.back_to(start); if {test} {{ break 'pick Some({i}); }} }}"
        );
    }
    let _ = writeln!(w, "{IN}        None");
    let _ = writeln!(w, "{IN}    }};");
    let _ = writeln!(w, "{IN}    match chosen {{");
    for (i, v) in values.iter().enumerate() {
        let next = if i + 1 < values.len() {
            format!("Some({})", i + 1)
        } else {
            "None".to_string()
        };
        let _ = writeln!(
            w,
            "{IN}        Some({i}) => run!(p, c, at, n, {here}, {k}, \
             p.guarded_choose_step(cx, start, {here}, {next}, {slot}, {v})),"
        );
    }
    let _ = writeln!(w, "{IN}        _ => {{");
    let _ = writeln!(w, "{IN}            p.back_to(start);");
    let _ = writeln!(w, "{IN}            n += {k};");
    let _ = writeln!(w, "{IN}            fail!(p, c, at, n)");
    let _ = writeln!(w, "{IN}        }}");
    let _ = writeln!(w, "{IN}    }}");
    let _ = writeln!(w, "{IN}    n += {k};");
    let _ = writeln!(w, "{IN}    at = {after};");
    let _ = writeln!(w, "{IN}    continue;");
    let _ = writeln!(w, "{IN}}}");
    let _ = writeln!(w, "{IN}let mut pc = {};", here + 1);
    let _ = writeln!(w, "{IN}run!(p, c, at, n, {here}, {k}, {generic});");
    let _ = writeln!(w, "{IN}n += {k};");
    let _ = writeln!(w, "{IN}at = pc;");
    let _ = writeln!(w, "{IN}continue;");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program_of;
    use dagaz_ir::{Dir, Guard, Value};
    use pretty_assertions::assert_eq;

    #[test]
    fn blocks_start_where_a_run_may_arrive_other_than_from_the_command_before() {
        // 0 Fork 3 | 1 Nav | 2 Jmp 5 | 3 AnyGuarded 0 (guard of 1 command) | 4 CheckLocal
        // | 5 CheckEmpty | 6 Complete
        let mut p = program_of(vec![
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
        // 6: where the `Fork`'s first alternative, past the tests that change only the
        // square, opens the choice point it deferred (`deferred`).
        assert_eq!(
            entries(&p).into_iter().collect::<Vec<_>>(),
            vec![0, 1, 3, 5, 6]
        );
    }

    #[test]
    fn a_block_runs_its_commands_in_line_and_the_rest_goes_to_the_interpreter() {
        let p = program_of(vec![
            Op::CheckFriend,
            Op::Take,
            Op::Position,
            Op::CurrentPlayer,
            Op::Log(1),
        ]);
        let source = chain_source("c", &p).unwrap_or_default();
        for line in [
            "fn c_0(",
            "pub(crate) fn c(",
            "0 => {",
            "run!(p, c, at, n, 0, 1, p.board_step(cx, Op::CheckFriend));",
            "1 => {",
            // Room for the two commands before the interpreter's step, then for the one after.
            "if n + 2 > limit { c.set(1, n); return Some(p.resume(cx, c, sink)); }",
            "run!(p, c, at, n, 1, 1, p.take_step(cx));",
            // The position is held in a variable, and goes to the stack for the command that
            // reads it there.
            "let h2 = p.query_value(Query::Position);\n                p.push_held(h2);\n                \
             n += 2;\n                c.set(3, n);",
            "p.step_outlined(cx, c, 3, Op::CurrentPlayer, sink)",
            "if at != 4 { continue; }",
            "if n + 1 > limit { c.set(4, n); return Some(p.resume(cx, c, sink)); }",
            "run!(p, c, at, n, 4, 1, p.log_step(cx, 1));",
            "n += 1;\n                at = 5;",
            "0..=4 => c_0(p, cx, c, sink),",
            "_ => return p.resume(cx, c, sink),",
        ] {
            assert!(source.contains(line), "{line} not in\n{source}");
        }
    }

    #[test]
    fn jumps_and_failures_count_the_commands_of_their_block() {
        // 0 CheckFriend | 1 Fork 4 | 2 EndMove 4 | 3 Jmp 5 | 4 Fail | 5 AnyGuarded 0 (guard 0)
        let mut p = program_of(vec![
            Op::CheckFriend,
            Op::Fork(4),
            Op::EndMove(4),
            Op::Jmp(5),
            Op::Fail,
            Op::AnyGuarded(0),
        ]);
        p.guards.push(Guard {
            slot: 0,
            values: vec![Value::Int(1)],
            len: 0,
        });
        let source = chain_source("c", &p).unwrap_or_default();
        for line in [
            "run!(p, c, at, n, 1, 1, p.fork_step(cx, 4));",
            "let mut pc = 3;\n                run!(p, c, at, n, 2, 2, p.end_move_step(cx, 4, &mut pc));\n                \
             if pc != 3 { n += 2; at = pc; continue; }",
            "n += 3;\n                at = 5;\n                continue;",
            "4 => {\n                if n + 1 > limit { c.set(4, n); return Some(p.resume(cx, c, sink)); }\n                \
             n += 1;\n                fail!(p, c, at, n)",
            "run!(p, c, at, n, 5, 1, p.any_guarded_step(cx, 0, &mut pc));\n                n += 1;\n                at = pc;",
        ] {
            assert!(source.contains(line), "{line} not in\n{source}");
        }
    }

    #[test]
    fn a_long_chain_is_cut_into_regions() {
        // Every command jumps to the next, so each starts a block of its own.
        let n = 2 * REGION + 10;
        let p = program_of((1..=n as u32).map(Op::Jmp).collect());
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

    #[test]
    fn a_guarded_choice_tries_its_constants_in_line_from_where_it_resumes() {
        // 0 AnyGuarded 0 over n, e (guard: CheckLocal 1, CheckEnemy) | 3 Complete
        let mut p = program_of(vec![
            Op::AnyGuarded(0),
            Op::CheckLocal(1),
            Op::CheckEnemy,
            Op::Complete,
        ]);
        p.guards.push(Guard {
            slot: 1,
            values: vec![Value::Dir(Dir(0)), Value::Dir(Dir(2))],
            len: 2,
        });
        let source = chain_source("c", &p).unwrap_or_default();
        for line in [
            "if let Some((start, first)) = p.guarded_begin(0) {",
            "if first == 0 { p.back_to(start); if p.guard_step(cx, Op::CheckLocal(1), 1, \
             Value::Dir(Dir(0))) && p.guard_step(cx, Op::CheckEnemy, 1, Value::Dir(Dir(0))) \
             { break 'pick Some(0); } }",
            "if first <= 1 { p.back_to(start); if p.guard_step(cx, Op::CheckLocal(1), 1, \
             Value::Dir(Dir(2)))",
            "Some(0) => run!(p, c, at, n, 0, 1, p.guarded_choose_step(cx, start, 0, Some(1), 1, \
             Value::Dir(Dir(0)))),",
            "Some(1) => run!(p, c, at, n, 0, 1, p.guarded_choose_step(cx, start, 0, None, 1, \
             Value::Dir(Dir(2)))),",
            "p.back_to(start);\n                            n += 1;\n                            \
             fail!(p, c, at, n)",
            "    at = 3;\n                    continue;",
            // Where the processor asks for it, the interpreter's own method.
            "let mut pc = 1;\n                run!(p, c, at, n, 0, 1, p.any_guarded_step(cx, 0, &mut pc));",
        ] {
            assert!(source.contains(line), "{line} not in\n{source}");
        }
    }

    #[test]
    fn values_a_block_pushes_and_takes_are_held_in_variables() {
        // 0 Take | 1 GlobalGet 0 | 2 LocalGet 0 | 3 Le | 4 Invariant 0 | 5 Position | 6 Push "-"
        // | 7 InZone 0 | 8 JmpIfFalse 10 | 9 Log 2 | 10 Fork 12 | 11 Drop | 12 Complete
        let p = program_of(vec![
            Op::Take,
            Op::GlobalGet(0),
            Op::LocalGet(0),
            Op::Le,
            Op::Invariant(0),
            Op::Position,
            Op::Push(Value::Int(7)),
            Op::InZone(0),
            Op::JmpIfFalse(10),
            Op::Log(2),
            Op::Fork(12),
            Op::Drop,
            Op::Complete,
        ]);
        let source = chain_source("c", &p).unwrap_or_default();
        for line in [
            "let h1 = p.global_value(0);",
            "let h2 = p.local_value(0);",
            "let h3 = match p.compare(Op::Le, h1, h2) { Ok(v) => v, Err(e) => return \
             p.error_at(c, 3, n + 3, e) };",
            "run!(p, c, at, n, 4, 4, p.invariant_held_step(cx, 0, h3));",
            "let h5 = p.query_value(Query::Position);",
            "let h7 = p.in_zone_value(cx, 0);",
            // Jumping, the values still held go to the stack.
            "run!(p, c, at, n, 8, 8, p.jump_unless_held_step(cx, h7, 10, &mut pc));\n                \
             if pc != 9 { p.push_held(h5); p.push_held(Value::Int(7)); n += 8; at = 10; continue; }",
            "run!(p, c, at, n, 9, 9, p.log_held_step(cx, &[h5, Value::Int(7)]));",
        ] {
            assert!(source.contains(line), "{line} not in\n{source}");
        }
    }

    #[test]
    fn a_command_that_takes_more_than_is_held_gets_the_held_values_on_the_stack() {
        // 0 CheckFriend | 1 Position | 2 Eq (its other operand would be on the stack)
        let p = program_of(vec![Op::CheckFriend, Op::Position, Op::Eq]);
        let source = chain_source("c", &p).unwrap_or_default();
        let line = "let h1 = p.query_value(Query::Position);\n                p.push_held(h1);\n                \
                    run!(p, c, at, n, 2, 2, p.arith_step(cx, Op::Eq));";
        assert!(source.contains(line), "{line} not in\n{source}");
    }
}
