//! Superinstructions: the copy of a chain the processor runs, with short runs of commands that
//! often follow one another done by one command each.
//!
//! `run[pc]` does what `ops[pc]`, `ops[pc + 1]`, … `ops[pc + k - 1]` do, in order, and then goes
//! on at `pc + k` (or where the last of them jumps). The commands it stands for stay in place
//! behind it, so a jump or a choice point that lands inside such a run still finds the plain
//! command there: nothing is renumbered, and every position chooses its own superinstruction
//! without regard to its neighbours'. Only the last command of a run may jump; the ones before
//! it go straight on to the next, or fail.
//!
//! A superinstruction counts the commands it stands for as steps (as far as it gets), and an
//! error is reported at the command it stands for that made it.
//!
//! Public for `dagaz-compiler`, which fills [`Program::run`](dagaz_ir::Program::run) with
//! [`fuse`] when it builds a program; the superinstructions themselves belong to the
//! processor, which is why they are made here.

use dagaz_ir::Value;
use dagaz_ir::{Op, Test};

/// The most commands one superinstruction stands for (`CheckPieceEq`, `NavTestOrJmp`): the
/// interpreter keeps to the plain commands once the step budget has less room than this
/// (`Processor::interpret`).
pub const LONGEST: u64 = 4;

/// The chain `ops` with a superinstruction wherever one applies: as long as `ops`, and equal to
/// it wherever none does.
pub fn fuse(ops: &[Op]) -> Vec<Op> {
    (0..ops.len())
        .map(|pc| {
            let at = |i: usize| ops.get(pc + i).copied();
            at(0).map_or(Op::Fail, |op| fused(op, at(1), at(2), at(3)))
        })
        .collect()
}

/// The superinstruction for `op` followed by `b`, `c` and `d`; `op` itself when none applies.
fn fused(op: Op, b: Option<Op>, c: Option<Op>, d: Option<Op>) -> Op {
    let test = |x: Option<Op>| x.and_then(Test::of);
    match (op, b, c, d) {
        (Op::Take, Some(Op::Position), Some(Op::Log(1)), _) => Op::TakeLog,
        (Op::Position, Some(Op::Log(1)), _, _) => Op::LogPosition,
        (Op::Position, Some(Op::LocalSet(s)), _, _) => Op::LocalPosition(s),
        (Op::AttrAt(a), Some(Op::LocalSet(s)), _, _) => Op::LocalAttr(s, a),
        (Op::Push(Value::Bool(v)), Some(Op::SetAttr(a)), _, _) => Op::SetAttrConst(a, v),
        (Op::Push(Value::Int(n)), Some(Op::SetAttr(a)), _, _) => Op::SetAttrConst(a, n != 0),
        (Op::Drop, Some(Op::Complete), _, _) => Op::DropComplete,
        (Op::InZone(z), Some(Op::Check), _, _) => Op::CheckZone(z),
        (Op::InZone(z), Some(Op::JmpIfFalse(t)), _, _) => Op::JmpUnlessZone(z, t),
        (Op::PieceAt, Some(Op::Push(v)), Some(Op::Eq), Some(Op::Check)) => Op::CheckPieceEq(v),
        (Op::Nav(d), Some(Op::Jmp(t)), _, _) => Op::NavJmp(d, t),
        (Op::Nav(d), _, Some(Op::Jmp(t)), _) if test(b).is_some() => {
            test(b).map_or(op, |x| Op::NavTestJmp(d, x, t))
        }
        (Op::Nav(d), _, _, _) => test(b).map_or(op, |x| Op::NavTest(d, x)),
        (Op::CheckLocal(s), _, Some(Op::Jmp(t)), _) if test(b).is_some() => {
            test(b).map_or(op, |x| Op::LocalTestJmp(s, x, t))
        }
        (Op::CheckLocal(s), _, _, _) => test(b).map_or(op, |x| Op::LocalTest(s, x)),
        (Op::EndMove(t), Some(Op::Jmp(u)), _, _) => Op::EndMoveJmp(t, u),
        (Op::Clauses, Some(Op::Fork(t)), _, _) => Op::ClausesFork(t),
        (Op::Push(Value::Dir(d)), Some(Op::JmpIfFalse(t)), Some(c), Some(Op::JmpIfFalse(u)))
            if t == u && question(c).is_some() =>
        {
            question(c).map_or(op, |x| Op::NavTestOrJmp(d, x, t))
        }
        (Op::Push(Value::Dir(d)), Some(Op::JmpIfFalse(t)), _, _) => Op::NavOrJmp(d, t),
        (_, Some(Op::JmpIfFalse(t)), _, _) => question(op).map_or(op, |x| Op::TestOrJmp(x, t)),
        (_, Some(Op::Jmp(t)), _, _) => test(Some(op)).map_or(op, |x| Op::TestJmp(x, t)),
        _ => op,
    }
}

/// The board test whose answer a question command pushes: `IsEmpty` … `NotCaptured`.
fn question(op: Op) -> Option<Test> {
    Some(match op {
        Op::IsEmpty => Test::Empty,
        Op::NotEmpty => Test::NotEmpty,
        Op::IsFriend => Test::Friend,
        Op::NotFriend => Test::NotFriend,
        Op::IsEnemy => Test::Enemy,
        Op::NotEnemy => Test::NotEnemy,
        Op::IsCaptured => Test::Captured,
        Op::NotCaptured => Test::NotCaptured,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::Dir;

    #[test]
    fn runs_are_fused_and_the_commands_behind_stay() {
        let ops = [
            Op::Nav(Dir(0)),
            Op::CheckEmpty,
            Op::Jmp(7),
            Op::Take,
            Op::Position,
            Op::Log(1),
            Op::Drop,
            Op::Complete,
        ];
        let run = fuse(&ops);
        assert_eq!(run.len(), ops.len());
        assert_eq!(run[0], Op::NavTestJmp(Dir(0), Test::Empty, 7));
        assert_eq!(run[1], Op::TestJmp(Test::Empty, 7));
        assert_eq!(run[2], Op::Jmp(7));
        assert_eq!(run[3], Op::TakeLog);
        assert_eq!(run[4], Op::LogPosition);
        assert_eq!(run[5], Op::Log(1));
        assert_eq!(run[6], Op::DropComplete);
        assert_eq!(run[7], Op::Complete);
    }

    #[test]
    fn a_direction_or_a_question_before_a_conditional_jump_is_one_command() {
        let ops = [
            Op::Push(Value::Dir(Dir(1))),
            Op::JmpIfFalse(4),
            Op::IsEnemy,
            Op::JmpIfFalse(4),
            Op::Complete,
        ];
        let run = fuse(&ops);
        assert_eq!(run[0], Op::NavTestOrJmp(Dir(1), Test::Enemy, 4));
        assert_eq!(run[2], Op::TestOrJmp(Test::Enemy, 4));
        let run = fuse(&[
            Op::Push(Value::Dir(Dir(1))),
            Op::JmpIfFalse(2),
            Op::Complete,
        ]);
        assert_eq!(run[0], Op::NavOrJmp(Dir(1), 2));
        assert_eq!(run[1], Op::JmpIfFalse(2));
    }
}
