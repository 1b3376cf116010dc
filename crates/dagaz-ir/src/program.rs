//! A piece type's compiled program: its command chain, the span of each command, where each
//! clause starts, and what the attack tests may split it into and walk.

use crate::op::Op;
use crate::parts::{Clause, Guard, Parts};
use crate::reach::Reach;
use dagaz_sexpr::Span;

/// A check in `post` that reads a global: its condition is the command range `start..end`, which
/// reads only locals, globals and constants, so it can be evaluated again later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invariant {
    /// The condition's first command, an index into [`Program::ops`].
    pub start: u32,
    /// Just past its last command: the `Invariant` command that tests its value.
    pub end: u32,
}

/// One piece type's command chain: `pre`, then a choice among the `move` clauses, then `post`.
///
/// The tables beside `ops` all index it (`spans[pc]` is the span of `ops[pc]`, clause starts,
/// invariant ranges and guards are command indices), so superinstructions, which live in a
/// copy of the same length, renumber nothing. The compiler keeps the invariants of
/// `docs/vm.md` section 8: every jump target is in the chain or its length, the last command
/// is `Complete`, and `spans.len() == ops.len()`.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The chain as compiled and listed: the commands of `docs/vm.md` section 3, no
    /// superinstruction.
    pub ops: Vec<Op>,
    /// The chain as the processor runs it: `ops` with superinstructions (`dagaz_vm::fuse`),
    /// the same length and numbering. Empty when the program was put together by hand; the
    /// processor runs `ops` whenever the lengths differ.
    pub run: Vec<Op>,
    /// The source span of each command (a side table, so the commands themselves stay small).
    pub spans: Vec<Span>,
    /// Where each clause starts (a command index), in command order; a clause with no command
    /// starts where the next one does.
    pub clauses: Vec<(u32, Clause)>,
    /// The name of each local slot (one per `let` in the source), for the disassembly; its
    /// length is the number of slots a run resets to 0.
    pub locals: Vec<String>,
    /// The conditions of the `Invariant` commands, by their operand.
    pub invariants: Vec<Invariant>,
    /// The constants and guard lengths of the `AnyGuarded` commands, by their operand.
    pub guards: Vec<Guard>,
    /// `post` never leaves the square where the move ends and captures only by dropping there
    /// (see `EndMove`); attack tests then skip ends of moves that cannot capture.
    pub post_stays: bool,
    /// How an attack test may split a run of this chain into independent parts.
    pub parts: Parts,
    /// Which of those parts are rays, which an attack test may walk instead of running.
    pub reach: Reach,
    /// The tile of each piece type, by its index (`(tile N)`; 0 for none), which `MoveTile`
    /// reads; empty when no type has one.
    pub tiles: Vec<u16>,
}

impl Program {
    /// The test of the start square the chain opens with (`(check is-friend?)`), if it opens
    /// with one: the generator and the processor answer it before a run is set up, and skip
    /// the run where it fails.
    #[inline]
    pub fn opening_test(&self) -> Option<crate::Test> {
        self.ops.first().and_then(|&op| crate::Test::of(op))
    }

    /// The clause that holds command `pc`, for messages; `pre` before the first clause start.
    pub fn clause_at(&self, pc: usize) -> Clause {
        self.clauses
            .iter()
            .take_while(|(start, _)| *start as usize <= pc)
            .last()
            .map_or(Clause::Pre, |&(_, c)| c)
    }

    /// The source span of command `pc`; the default span when there is none (a program put
    /// together by hand).
    pub fn span_at(&self, pc: usize) -> Span {
        self.spans.get(pc).copied().unwrap_or_default()
    }
}
