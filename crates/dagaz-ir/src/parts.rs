//! The parts of a chain an attack test may run separately, and what they are made of: the
//! clauses a command belongs to and the guarded choices (`(let V (any ...))`) they open with.

use crate::op::Op;
use crate::value::Value;
use std::fmt;

/// Which clause of a piece a command came from, for messages and listings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clause {
    /// `pre`: run once from the start square, before the choice among the `move` clauses.
    Pre,
    /// The n-th `move` clause, counting from 1.
    Move(u16),
    /// `post`: run at the end of every move, from where the move ends, up to `Complete`.
    Post,
    /// The n-th `drops` clause of a piece, counting from 1.
    Drops(u16),
    /// The n-th `goal` clause of the game, counting from 1.
    Goal(u16),
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::Pre => f.write_str("clause pre"),
            Clause::Move(n) => write!(f, "clause move #{n}"),
            Clause::Post => f.write_str("clause post"),
            Clause::Drops(n) => write!(f, "clause drops #{n}"),
            Clause::Goal(n) => write!(f, "clause goal #{n}"),
        }
    }
}

/// The independent parts of a chain's tree of choices that an attack test can run (and
/// remember) separately: each `move` clause, and within a clause (or a chain with one) each
/// constant of a guarded choice it opens with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Parts {
    /// The chain is one part.
    #[default]
    Whole,
    /// Straight commands, then a guarded choice: one part per constant.
    Choice {
        /// The index of the `AnyGuarded` command.
        pc: usize,
        /// How many constants it tries.
        n: usize,
    },
    /// Straight commands up to `Clauses` (at `entry`), then a choice among the `move` clauses:
    /// the command each clause's body starts at, and the guarded choice it opens with, if any.
    /// `quiet[j]`: clause j can never capture in an attack test (see [`Parts::of`]), which
    /// then leaves it out.
    Clauses {
        /// The index of the `Clauses` command.
        entry: usize,
        /// For each `move` clause: the command its body starts at (after its `Fork`), and
        /// the `(pc, n)` of the guarded choice a straight run from there reaches, if any.
        bodies: Vec<(usize, Option<(usize, usize)>)>,
        /// For each `move` clause: whether it can never capture in an attack test.
        quiet: Vec<bool>,
    },
}

/// Whether a command can branch or open a choice (the end of a straight run of commands).
fn branches(op: &Op) -> bool {
    matches!(
        op,
        Op::Fork(_)
            | Op::EndMove(_)
            | Op::AnyGuarded(_)
            | Op::Jmp(_)
            | Op::JmpIfFalse(_)
            | Op::JmpUnlessLocal(..)
            | Op::LocalConstJmp(..)
            | Op::Clauses
            | Op::Complete
    )
}

/// Whether a command may capture (`take` only lifts the mover's piece).
fn changes(op: &Op) -> bool {
    matches!(
        op,
        Op::Drop
            | Op::Capture
            | Op::CaptureLater
            | Op::MovePiece
            | Op::CyclePieces(_)
            | Op::MoveTile
            | Op::Create(_)
            | Op::SetOwner
            | Op::CaptureGroup
    )
}

/// Whether a clause's straight body (without its jump to `post`) is quiet (see
/// [`Parts::of`]); `may_stay` when `pre` changes nothing and `post` stays put.
fn quiet(body: &[Op], may_stay: bool) -> bool {
    if body.iter().any(branches) {
        return false;
    }
    if body.iter().any(|op| {
        matches!(
            op,
            Op::IsAttacked | Op::NotAttacked | Op::IsDefended | Op::NotDefended
        )
    }) {
        return true;
    }
    if !may_stay || body.iter().any(changes) {
        return false;
    }
    // From the end back: commands that neither move nor change anything, then `CheckEmpty`.
    for op in body.iter().rev() {
        match op {
            Op::CheckEmpty => return true,
            Op::Position
            | Op::TurnSet(_)
            | Op::LocalSet(_)
            | Op::LocalConst(..)
            | Op::Push(_)
            | Op::Pop
            | Op::Log(_) => {}
            _ => return false,
        }
    }
    false
}

impl Parts {
    /// The parts of a compiled chain. `post_stays` is [`Program::post_stays`](crate::Program::post_stays). Public for the
    /// compiler, which stores the answer in [`Program::parts`](crate::Program::parts).
    ///
    /// A clause is *quiet* when its body is a straight run of commands (ending, but for the
    /// last clause, with its jump to `post`) and either
    ///
    /// - it tests for attacks (`is-attacked?`, `not-attacked?`, `is-defended?`,
    ///   `not-defended?`), which fails inside an attack test, so it never completes there; or
    /// - `pre` and the body neither capture, move a piece nor drop one, the last thing the
    ///   body does that could move the current position or change the board is followed by
    ///   `CheckEmpty`, and `post` stays put: the move ends on an empty square, and `post` drops
    ///   only there, replacing nothing.
    ///
    /// Either way no move of the clause captures, so an attack test need not run it.
    pub fn of(ops: &[Op], clauses: &[(u32, Clause)], guards: &[Guard], post_stays: bool) -> Parts {
        // The guarded choice that a straight run from `pc` reaches: its index and its size.
        let choice_from = |pc: usize| {
            let at = pc + ops.get(pc..)?.iter().position(branches)?;
            match ops.get(at)? {
                Op::AnyGuarded(g) => Some((at, guards.get(*g as usize)?.values.len())),
                _ => None,
            }
        };
        let Some(entry) = ops.iter().position(branches) else {
            return Parts::Whole;
        };
        match ops.get(entry) {
            Some(Op::Clauses) => {
                let starts: Vec<usize> = clauses
                    .iter()
                    .filter(|(_, c)| matches!(c, Clause::Move(_) | Clause::Drops(_)))
                    .map(|&(start, _)| start as usize)
                    .collect();
                let last = starts.len().saturating_sub(1);
                let bodies: Vec<(usize, Option<(usize, usize)>)> = starts
                    .iter()
                    .enumerate()
                    .map(|(i, &start)| {
                        // Every clause but the last opens with the `Fork` to the next.
                        let body = if i < last { start + 1 } else { start };
                        (body, choice_from(body))
                    })
                    .collect();
                let post = clauses
                    .iter()
                    .find(|(_, c)| *c == Clause::Post)
                    .map_or(ops.len(), |&(start, _)| start as usize);
                let pre_quiet = ops.get(..entry).is_some_and(|pre| !pre.iter().any(changes));
                let quiet = starts
                    .iter()
                    .skip(1)
                    .copied()
                    .chain(std::iter::once(post))
                    .zip(&bodies)
                    .map(|(end, &(body, _))| {
                        let mut run = ops.get(body..end).unwrap_or(&[]);
                        if let [rest @ .., Op::Jmp(t)] = run {
                            if *t as usize == post {
                                run = rest;
                            }
                        }
                        quiet(run, pre_quiet && post_stays)
                    })
                    .collect();
                Parts::Clauses {
                    entry,
                    bodies,
                    quiet,
                }
            }
            Some(Op::AnyGuarded(_)) => match choice_from(0) {
                Some((pc, n)) => Parts::Choice { pc, n },
                None => Parts::Whole,
            },
            _ => Parts::Whole,
        }
    }
}

/// `(let V (any K1 ... Kn))` followed by checks (`AnyGuarded`): the constants to try in turn,
/// the local they go to, and how many guard commands follow the `AnyGuarded` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    /// The local slot of V, which holds each constant while its guard runs.
    pub slot: u16,
    /// The constants K1 … Kn, tried in this order.
    pub values: Vec<Value>,
    /// How many commands after the `AnyGuarded` form the guard; only board tests, moves
    /// (`Nav`, `Goto`) and `CheckLocal` of V.
    pub len: u32,
}
