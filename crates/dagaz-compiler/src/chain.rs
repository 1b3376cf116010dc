//! Compiles one piece's clauses, as `dagaz-syntax` lowered them, into a command chain.
//!
//! Special forms generate control flow; every expression leaves exactly one value on the stack;
//! a statement's leftover value is popped. A bare name is resolved here, once, along Local →
//! State → Players → Global. A statement that cannot be compiled is left out with its error
//! recorded, and the next one is compiled: one pass finds every error of a piece.

mod expression;
mod statement;

use crate::error::{CompileError, CompileErrorKind};
use dagaz_ir::Value;
use dagaz_ir::{Board, Clause, Invariant, Program};
use dagaz_ir::{Cmp, Op, Target};
use dagaz_sexpr::Span;
use dagaz_syntax::{Block, Compare, Expr, Ident, Keyword, Stmt};
use dagaz_vm::env::players::{self, PlayersName};
use dagaz_vm::env::state::{self, Query, StateName};
use dagaz_vm::env::{global, local::Scopes};
use indexmap::IndexSet;

/// Names the compiler resolves against, shared by all pieces of a game.
pub(crate) struct Names<'a> {
    pub board: &'a Board,
    pub pieces: &'a IndexSet<String>,
    pub players: &'a IndexSet<String>,
    pub globals: &'a mut IndexSet<String>,
    pub strings: &'a mut IndexSet<String>,
    pub zones: &'a dagaz_ir::Zones,
    pub attributes: &'a IndexSet<String>,
    pub turn_variables: &'a IndexSet<String>,
    /// The tile of each piece type (`Program::tiles`); empty when no type has one.
    pub tiles: &'a [u16],
    /// The attributes a piece starts with (`Op::Create`'s operand).
    pub default_attrs: u8,
}

/// What a bare name turned out to be.
#[derive(Clone, Copy, Debug)]
enum Name {
    Literal(Value),
    Local(u16),
    State(StateName),
    Players(PlayersName),
    Global(u16),
}

/// Why a statement was left out: an error of its own, or a part `dagaz-syntax` already
/// reported (an `Error` placeholder).
enum Stop {
    Error(CompileError),
    Reported,
}

impl From<CompileError> for Stop {
    fn from(e: CompileError) -> Stop {
        Stop::Error(e)
    }
}

type Result<T> = std::result::Result<T, Stop>;

pub(crate) struct ChainCompiler<'a, 'n> {
    names: &'a mut Names<'n>,
    ops: Vec<Op>,
    spans: Vec<Span>,
    scopes: Scopes,
    clauses: Vec<(u32, Clause)>,
    invariants: Vec<Invariant>,
    clause: Clause,
    /// Jumps to the start of `post`, patched once it is known.
    to_post: Vec<usize>,
    guards: Vec<dagaz_ir::Guard>,
    errors: Vec<CompileError>,
}

/// How much was emitted before a statement: what to go back to when it cannot be compiled.
#[derive(Clone, Copy)]
struct Mark {
    ops: usize,
    to_post: usize,
    invariants: usize,
    guards: usize,
}

impl<'a, 'n> ChainCompiler<'a, 'n> {
    pub fn new(names: &'a mut Names<'n>) -> Self {
        ChainCompiler {
            names,
            ops: Vec::new(),
            spans: Vec::new(),
            scopes: Scopes::default(),
            clauses: Vec::new(),
            invariants: Vec::new(),
            clause: Clause::Pre,
            to_post: Vec::new(),
            guards: Vec::new(),
            errors: Vec::new(),
        }
    }

    /// `pre`, then a choice among the `move` clauses, then `post`, then `Complete`; and the
    /// errors of the statements left out.
    pub fn piece(self, pre: &Block, moves: &[Block], post: &Block) -> (Program, Vec<CompileError>) {
        self.program(pre, moves, post, Clause::Move)
    }

    /// A piece's `drops` clauses as one chain: a choice among them, each a whole move.
    pub fn drops(self, drops: &[Block]) -> (Program, Vec<CompileError>) {
        self.program(&Block::default(), drops, &Block::default(), Clause::Drops)
    }

    /// The n-th `goal` clause (from 1) as a chain that completes when the goal holds.
    pub fn goal(self, n: u16, body: &Block) -> (Program, Vec<CompileError>) {
        self.program(
            &Block::default(),
            std::slice::from_ref(body),
            &Block::default(),
            |_| Clause::Goal(n),
        )
    }

    fn program(
        mut self,
        pre: &Block,
        moves: &[Block],
        post: &Block,
        label: impl Fn(u16) -> Clause,
    ) -> (Program, Vec<CompileError>) {
        self.scopes.enter();
        self.start_clause(Clause::Pre);
        self.block(&pre.stmts);
        if moves.is_empty() {
            let span = pre.stmts.first().map_or_else(Span::default, Stmt::span);
            self.emit(Op::Fail, span);
        }
        if let [first, _, ..] = moves {
            self.emit(Op::Clauses, first.span);
        }
        for (i, clause) in moves.iter().enumerate() {
            self.start_clause(label(i as u16 + 1));
            let last = i + 1 == moves.len();
            let fork = (!last).then(|| self.emit(Op::Fork(0), clause.span));
            self.scoped_block(&clause.stmts);
            if !last {
                let jump = self.emit(Op::Jmp(0), clause.span);
                self.to_post.push(jump);
            }
            if let Some(fork) = fork {
                self.patch_here(fork);
            }
        }
        self.start_clause(Clause::Post);
        let post_start = self.ops.len();
        for jump in std::mem::take(&mut self.to_post) {
            self.patch_here(jump);
        }
        self.block(&post.stmts);
        let span = post.stmts.last().map_or_else(Span::default, Stmt::span);
        self.emit(Op::Complete, span);
        self.scopes.leave();
        let post_stays = stays_put(self.ops.get(post_start..).unwrap_or(&[]));
        let parts = dagaz_ir::Parts::of(&self.ops, &self.clauses, &self.guards, post_stays);
        let reach = dagaz_ir::Reach::of(&self.ops, &self.clauses, &self.guards, &parts);
        let program = Program {
            post_stays,
            parts,
            reach,
            run: dagaz_vm::fuse::fuse(&self.ops),
            ops: self.ops,
            spans: self.spans,
            clauses: self.clauses,
            locals: self.scopes.into_slot_names(),
            invariants: self.invariants,
            guards: self.guards,
            tiles: self.names.tiles.to_vec(),
        };
        (program, self.errors)
    }

    fn start_clause(&mut self, clause: Clause) {
        self.clause = clause;
        self.clauses.push((self.ops.len() as u32, clause));
    }

    fn emit(&mut self, op: Op, span: Span) -> usize {
        self.ops.push(op);
        self.spans.push(span);
        self.ops.len() - 1
    }

    fn here(&self) -> Target {
        self.ops.len() as Target
    }

    /// Points the jump at `at` to the next command to be emitted.
    fn patch_here(&mut self, at: usize) {
        let target = self.here();
        if let Some(
            Op::Jmp(t)
            | Op::JmpIfFalse(t)
            | Op::Fork(t)
            | Op::EndMove(t)
            | Op::LocalConstJmp(_, _, t)
            | Op::JmpUnlessLocal(_, _, _, t),
        ) = self.ops.get_mut(at)
        {
            *t = target;
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            ops: self.ops.len(),
            to_post: self.to_post.len(),
            invariants: self.invariants.len(),
            guards: self.guards.len(),
        }
    }

    /// Forgets what was emitted since `mark`, for a statement left out.
    fn rewind(&mut self, mark: Mark) {
        self.ops.truncate(mark.ops);
        self.spans.truncate(mark.ops);
        self.to_post.truncate(mark.to_post);
        self.invariants.truncate(mark.invariants);
        self.guards.truncate(mark.guards);
    }

    /// The statements of a block, each compiled on its own: one that cannot be is left out,
    /// its error recorded, and the next one compiled.
    fn block(&mut self, stmts: &[Stmt]) {
        let mut i = 0;
        while let Some(rest @ [first, ..]) = stmts.get(i..) {
            let mark = self.mark();
            let done = match self.guarded_choice(rest) {
                Ok(Some(taken)) => Ok(taken),
                Ok(None) => self.statement(first).map(|()| 1),
                Err(stop) => Err(stop),
            };
            match done {
                Ok(taken) => i += taken,
                Err(stop) => {
                    if let Stop::Error(e) = stop {
                        self.errors.push(e);
                    }
                    self.rewind(mark);
                    i += 1;
                }
            }
        }
    }

    /// `(let V (any K1 ... Kn))` with constant Ks, and the checks right after it that only
    /// test the board or move about (`(check V)`, `(check is-enemy?)`, ...): one `AnyGuarded`
    /// command, so that a constant whose checks fail costs no choice point. Answers how many
    /// statements it took, or `None` when `stmts` does not start so.
    fn guarded_choice(&mut self, stmts: &[Stmt]) -> Result<Option<usize>> {
        // Only a `let`: where every constant usually passes its checks (`(check (any nw
        // ne))` of a quiet step), a guard saves nothing and costs its own evaluation.
        let Some(Stmt::Let(name, Expr::Any(alts, _), span)) = stmts.first() else {
            return Ok(None);
        };
        if alts.len() < 2 {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(alts.len());
        for alt in alts {
            match self.constant(alt)? {
                Some(v) => values.push(v),
                None => return Ok(None),
            }
        }
        let slot = self.declare(name, *span)?;
        let id = u16::try_from(self.guards.len())
            .map_err(|_| too_many("choices", u16::MAX as usize, *span))?;
        self.emit(Op::AnyGuarded(id), *span);
        let mut taken = 1;
        for stmt in stmts.get(1..).unwrap_or(&[]) {
            let Some(op) = self.guard_op(stmt, slot)? else {
                break;
            };
            self.emit(op, stmt.span());
            taken += 1;
        }
        self.guards.push(dagaz_ir::Guard {
            slot,
            values,
            len: taken as u32 - 1,
        });
        Ok(Some(taken))
    }

    /// The one command of a check that may stand in a guard: it tests the board or moves the
    /// current position, and nothing else.
    fn guard_op(&mut self, stmt: &Stmt, slot: u16) -> Result<Option<Op>> {
        let Stmt::Check(Expr::Name(name), _) = stmt else {
            return Ok(None);
        };
        Ok(match self.resolve(name)? {
            Name::Local(s) if s == slot => Some(Op::CheckLocal(s)),
            other => board_test_op(other),
        })
    }

    /// A block with its own scope for `let`.
    fn scoped_block(&mut self, stmts: &[Stmt]) {
        self.scopes.enter();
        self.block(stmts);
        self.scopes.leave();
    }

    /// Declares the local `name`, visible from the next statement on.
    fn declare(&mut self, name: &Ident, span: Span) -> Result<u16> {
        Ok(self
            .scopes
            .declare(&name.text)
            .ok_or_else(|| too_many("local variables", u16::MAX as usize, span))?)
    }

    /// Emits `value` and a store into a slot to be patched; answers the store's index.
    fn store_value(&mut self, value: &Expr, span: Span) -> Result<usize> {
        match self.constant(value)? {
            Some(v) => Ok(self.emit(Op::LocalConst(0, v), span)),
            None => {
                self.expression(value)?;
                Ok(self.emit(Op::LocalSet(0), span))
            }
        }
    }

    /// The value of `expr` when it is known at compile time.
    fn constant(&mut self, expr: &Expr) -> Result<Option<Value>> {
        Ok(match expr {
            Expr::Int(n, _) => Some(Value::Int(*n)),
            Expr::Bool(b, _) => Some(Value::Bool(*b)),
            Expr::Name(name) => match self.resolve(name)? {
                Name::Literal(v) => Some(v),
                Name::State(StateName::Position(p)) => Some(Value::Pos(p)),
                Name::State(StateName::Direction(d)) => Some(Value::Dir(d)),
                Name::State(StateName::Piece(k)) => Some(Value::Piece(k)),
                Name::Players(PlayersName::Player(p)) => Some(Value::Player(p)),
                _ => None,
            },
            _ => None,
        })
    }

    /// `(check X)`: common cases become one command; a check in `post` that reads a global
    /// becomes an invariant.
    fn check(&mut self, arg: &Expr, span: Span) -> Result<()> {
        if let Expr::Bool(true, _) = arg {
            return Ok(());
        }
        if let Expr::Name(name) = arg {
            let op = match self.resolve(name)? {
                Name::Literal(Value::Bool(true)) => return Ok(()),
                // A local holding a link navigates, anything else is tested: one command.
                Name::Local(slot) => Some(Op::CheckLocal(slot)),
                other => board_test_op(other),
            };
            if let Some(op) = op {
                self.emit(op, span);
                return Ok(());
            }
        }
        let start = self.ops.len();
        self.expression(arg)?;
        let reads_global = self
            .ops
            .get(start..)
            .unwrap_or(&[])
            .iter()
            .any(|op| matches!(op, Op::GlobalGet(_)));
        if self.clause == Clause::Post && reads_global {
            if let Some((op, at)) = self.impure_in(start) {
                return Err(CompileError::new(
                    CompileErrorKind::ImpureInvariant(describe_impure(op).to_string()),
                    at,
                )
                .into());
            }
            let id = u16::try_from(self.invariants.len())
                .map_err(|_| too_many("invariants", u16::MAX as usize, span))?;
            self.invariants.push(Invariant {
                start: start as u32,
                end: self.here(),
            });
            self.emit(Op::Invariant(id), span);
        } else {
            self.emit(Op::Check, span);
        }
        Ok(())
    }

    fn impure_in(&self, start: usize) -> Option<(Op, Span)> {
        self.ops
            .iter()
            .zip(&self.spans)
            .skip(start)
            .find(|(op, _)| !op.is_pure() || matches!(op, Op::Push(Value::Pos(_) | Value::Dir(_))))
            .map(|(&op, &span)| (op, span))
    }

    /// The command that stores into the variable `name` (a local or a global).
    fn assignable(&mut self, name: &Ident, form: Keyword) -> Result<Op> {
        let form_text = form.text();
        let not_assignable = |what: &'static str| -> Stop {
            CompileError::new(
                CompileErrorKind::NotAssignable(name.text.clone(), what, form_text),
                name.span,
            )
            .into()
        };
        match self.resolve(name)? {
            Name::Local(slot) => Ok(Op::LocalSet(slot)),
            Name::Global(slot) => Ok(Op::GlobalSet(slot)),
            Name::State(StateName::TurnVariable(t)) if form == Keyword::Set => Ok(Op::TurnSet(t)),
            Name::State(StateName::Attribute(_)) => Err(not_assignable(
                "an attribute (set the moving piece's with `set-attr`)",
            )),
            Name::Literal(_) => Err(not_assignable("a constant")),
            Name::State(_) => Err(not_assignable("part of the board state")),
            Name::Players(_) => Err(not_assignable("part of the players environment")),
        }
    }

    /// `(inc! x)`, `(dec! x)`, `(inc! x n)`: `sign` is 1 for `inc!`, -1 for `dec!`.
    fn increment(
        &mut self,
        sign: i32,
        target: &Ident,
        amount: Option<&Expr>,
        span: Span,
    ) -> Result<()> {
        let form = if sign > 0 { Keyword::Inc } else { Keyword::Dec };
        let store = self.assignable(target, form)?;
        match amount {
            None | Some(Expr::Int(..)) => {
                let (amount, at) = match amount {
                    Some(Expr::Int(n, at)) => (*n, *at),
                    _ => (1, target.span),
                };
                let delta = amount.checked_mul(sign).ok_or_else(|| {
                    CompileError::expected("a smaller number", format!("the number {amount}"), at)
                })?;
                let op = match store {
                    Op::LocalSet(s) => Op::LocalAdd(s, delta),
                    Op::GlobalSet(s) => Op::GlobalAdd(s, delta),
                    other => other,
                };
                self.emit(op, span);
            }
            Some(amount) => {
                self.expression(&Expr::Name(target.clone()))?;
                self.expression(amount)?;
                self.emit(if sign > 0 { Op::Add(2) } else { Op::Sub(2) }, span);
                self.emit(store, span);
            }
        }
        Ok(())
    }

    /// The jumps (to be patched to one place) taken when `cond` is false. `(CMP local
    /// number)`, the usual test of a counter, is one command instead of four; `(and A B ...)`
    /// jumps out at the first operand that is false, left to right as it would short-circuit,
    /// without building the boolean.
    fn jump_unless(&mut self, cond: &Expr) -> Result<Vec<usize>> {
        if let Expr::And(operands, _) = cond {
            if !operands.is_empty() {
                let mut exits = Vec::new();
                for operand in operands {
                    exits.extend(self.jump_unless(operand)?);
                }
                return Ok(exits);
            }
        }
        self.jump_unless_one(cond).map(|e| vec![e])
    }

    fn jump_unless_one(&mut self, cond: &Expr) -> Result<usize> {
        if let Expr::Compare(op, operands, span) = cond {
            if let [Expr::Name(name), Expr::Int(value, _)] = operands.as_ref() {
                if let Name::Local(slot) = self.resolve(name)? {
                    let jump = Op::JmpUnlessLocal(slot, cmp(*op), *value, 0);
                    return Ok(self.emit(jump, *span));
                }
            }
        }
        self.expression(cond)?;
        Ok(self.emit(Op::JmpIfFalse(0), cond.span()))
    }

    /// `any` over alternatives: `Fork next; alt1; Jmp end; next: Fork next2; alt2; ...; altN; end:`.
    fn choice<T>(
        &mut self,
        alts: &[T],
        span: Span,
        alt_span: impl Fn(&T) -> Span,
        mut each: impl FnMut(&mut Self, &T) -> Result<()>,
    ) -> Result<()> {
        if alts.is_empty() {
            self.emit(Op::Fail, span);
            return Ok(());
        }
        let mut ends = Vec::new();
        for (i, alt) in alts.iter().enumerate() {
            let last = i + 1 == alts.len();
            let fork = (!last).then(|| self.emit(Op::Fork(0), alt_span(alt)));
            let start = self.ops.len();
            each(self, alt)?;
            if !last {
                // An alternative that only stores a constant (`(let dir (any nw ne))`) jumps
                // on in the same command.
                let fused = match self.ops.last() {
                    Some(&Op::LocalConst(slot, v)) if self.ops.len() == start + 1 => {
                        Some(Op::LocalConstJmp(slot, v, 0))
                    }
                    _ => None,
                };
                match (fused, self.ops.last_mut()) {
                    (Some(op), Some(last_op)) => {
                        *last_op = op;
                        ends.push(self.ops.len() - 1);
                    }
                    _ => ends.push(self.emit(Op::Jmp(0), alt_span(alt))),
                }
            }
            if let Some(fork) = fork {
                self.patch_here(fork);
            }
        }
        ends.into_iter().for_each(|e| self.patch_here(e));
        Ok(())
    }

    fn is_local(&self, name: &str) -> bool {
        self.scopes.resolve(name).is_some()
    }

    /// Local → State → Players → Global; `true` and `false` are literals.
    fn resolve(&mut self, name: &Ident) -> Result<Name> {
        let span = name.span;
        let name = name.text.as_str();
        Ok(match Keyword::from_text(name) {
            Some(Keyword::True) => Name::Literal(Value::Bool(true)),
            Some(Keyword::False) => Name::Literal(Value::Bool(false)),
            _ => {
                if let Some(slot) = self.scopes.resolve(name) {
                    Name::Local(slot)
                } else if let Some(s) = state::resolve(
                    self.names.board,
                    state::GameNames {
                        pieces: self.names.pieces,
                        attributes: self.names.attributes,
                        turn_variables: self.names.turn_variables,
                    },
                    name,
                ) {
                    Name::State(s)
                } else if let Some(p) = players::resolve(self.names.players, name) {
                    Name::Players(p)
                } else if self.scopes.was_declared(name) {
                    // Falling through to a global here would silently read 0.
                    return Err(CompileError::new(
                        CompileErrorKind::LocalOutOfScope(name.to_string()),
                        span,
                    )
                    .into());
                } else {
                    let slot = global::resolve(self.names.globals, name)
                        .ok_or_else(|| too_many("global variables", u16::MAX as usize, span))?;
                    Name::Global(slot)
                }
            }
        })
    }
}

/// The one command for `(check NAME)` when NAME is a direction, a position or a board test.
fn board_test_op(name: Name) -> Option<Op> {
    match name {
        Name::State(StateName::Direction(d)) => Some(Op::Nav(d)),
        Name::State(StateName::Position(p)) => Some(Op::Goto(p)),
        Name::State(StateName::Query(q)) => match q {
            Query::IsEmpty => Some(Op::CheckEmpty),
            Query::NotEmpty => Some(Op::CheckNotEmpty),
            Query::IsFriend => Some(Op::CheckFriend),
            Query::NotFriend => Some(Op::CheckNotFriend),
            Query::IsEnemy => Some(Op::CheckEnemy),
            Query::NotEnemy => Some(Op::CheckNotEnemy),
            Query::IsCaptured => Some(Op::CheckCaptured),
            Query::NotCaptured => Some(Op::CheckNotCaptured),
            _ => None,
        },
        _ => None,
    }
}

fn query_op(q: Query) -> Op {
    match q {
        Query::Position => Op::Position,
        Query::IsEmpty => Op::IsEmpty,
        Query::NotEmpty => Op::NotEmpty,
        Query::IsFriend => Op::IsFriend,
        Query::NotFriend => Op::NotFriend,
        Query::IsEnemy => Op::IsEnemy,
        Query::NotEnemy => Op::NotEnemy,
        Query::Player => Op::PlayerAt,
        Query::Piece => Op::PieceAt,
        Query::IsCaptured => Op::IsCaptured,
        Query::NotCaptured => Op::NotCaptured,
        Query::IsVisited => Op::IsVisited,
        Query::NotVisited => Op::NotVisited,
    }
}

/// Whether a `post` chain ends every move where it starts and captures only by dropping there:
/// it never moves the current position nor captures elsewhere. Tests that read booleans are
/// allowed; a test of an unknown value might be a link, which navigates.
fn stays_put(ops: &[Op]) -> bool {
    let boolean = |op: Option<&Op>| {
        op.is_some_and(|op| op.is_comparison())
            || matches!(
                op,
                Some(
                    Op::InZone(_)
                        | Op::IsEmpty
                        | Op::NotEmpty
                        | Op::IsFriend
                        | Op::NotFriend
                        | Op::IsEnemy
                        | Op::NotEnemy
                        | Op::IsCaptured
                        | Op::NotCaptured
                        | Op::IsVisited
                        | Op::NotVisited
                        | Op::AttrAt(_)
                        | Op::Not
                )
            )
    };
    ops.iter().enumerate().all(|(i, op)| match op {
        Op::Nav(_)
        | Op::Goto(_)
        | Op::Capture
        | Op::CaptureLater
        | Op::MovePiece
        | Op::CyclePieces(_)
        | Op::MoveTile
        | Op::Create(_)
        | Op::CheckLocal(_)
        | Op::AnyGuarded(_)
        | Op::JmpUnlessLocal(..)
        | Op::Invariant(_) => false,
        Op::Check | Op::JmpIfFalse(_) | Op::Not => {
            boolean(i.checked_sub(1).and_then(|j| ops.get(j)))
        }
        _ => true,
    })
}

fn is_true_literal(cond: &Expr) -> bool {
    matches!(cond, Expr::Bool(true, _)) || matches!(cond, Expr::Int(n, _) if *n != 0)
}

fn describe_impure(op: Op) -> &'static str {
    match op {
        Op::Push(Value::Pos(_) | Value::Dir(_)) => "a position or direction",
        Op::Fork(_) | Op::Fail => "a choice (`any`)",
        Op::CurrentPlayer | Op::NextPlayer | Op::TurnNumber | Op::TurnOrder => {
            "the players environment"
        }
        _ => "the board state",
    }
}

/// The syntax's comparison as the IR's: the two are the same six, at two layers that do not
/// know each other (the syntax is what was written, `Cmp` an operand of a command).
fn cmp(compare: Compare) -> Cmp {
    match compare {
        Compare::Eq => Cmp::Eq,
        Compare::Ne => Cmp::Ne,
        Compare::Lt => Cmp::Lt,
        Compare::Le => Cmp::Le,
        Compare::Gt => Cmp::Gt,
        Compare::Ge => Cmp::Ge,
    }
}

fn too_many(what: &'static str, max: usize, span: Span) -> CompileError {
    CompileError::too_many(what, max, span)
}

#[cfg(test)]
mod tests {
    use crate::error::{CompileErrorKind, LoadError};
    use dagaz_ir::Op;
    use dagaz_ir::Value;
    use dagaz_syntax::SyntaxErrorKind;
    use pretty_assertions::assert_eq;

    /// A game whose one piece has the given clauses, on a 3x3 board.
    fn game(clauses: &str) -> Result<crate::Rules, LoadError> {
        crate::load(&format!(
            r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1) (dir (name s) 0 1))
               (define step (d) (check d) (check is-empty?))
               (define twice (x) (+ x x))
               (define forever () (forever))
               (define deeper () (while true (check n) (deeper)))
               (define grow (x) (+ 1 (grow x)))
               (piece (name Man) {clauses})
               (game (name "t") (board b) (players (White (Man b2)) (Black (Man b3)))
                     (zone (name top) (players White) (positions a3 b3 c3)))"#
        ))
    }

    #[test]
    fn macros_that_nest_themselves_stop_at_the_nesting_bound() {
        // Each use sits inside a `while` body or an expression, which the flattening of
        // statement macros does not count as expansion depth; the nesting bound stops them.
        for clause in ["(move (deeper))", "(move (check (> (grow 1) 0)))"] {
            let err = game(clause).unwrap_err();
            let LoadError::Compile(e) = err else {
                panic!("{clause}: {err:?}")
            };
            assert!(
                matches!(
                    e.kind,
                    CompileErrorKind::Syntax(SyntaxErrorKind::NestedTooDeep(
                        dagaz_syntax::MAX_NESTING
                    )) | CompileErrorKind::Syntax(SyntaxErrorKind::MacroTooDeep(_))
                ),
                "{clause}: {:?}",
                e.kind
            );
        }
    }

    fn ops(clauses: &str) -> Vec<Op> {
        game(clauses).unwrap().pieces[0].program.ops.clone()
    }

    fn listing(clauses: &str) -> String {
        dagaz_ir::disassemble(
            &game(clauses).unwrap().pieces[0].program,
            &game(clauses).unwrap(),
        )
    }

    fn error(clauses: &str) -> CompileErrorKind {
        match game(clauses) {
            Err(LoadError::Compile(e)) => e.kind,
            other => panic!("expected a compile error, got {other:?}"),
        }
    }

    #[test]
    fn a_piece_is_pre_then_a_choice_of_moves_then_post() {
        assert_eq!(
            listing("(pre (take)) (move (check n)) (move (check s)) (post (drop))"),
            "; clause pre\n   0  Take\n   1  Clauses\n; clause move #1\n   2  Fork 5\n   3  Nav n\n   4  Jmp 6\n; clause move #2\n   5  Nav s\n; clause post\n   6  Drop\n   7  Complete\n"
        );
        // The parts an attack test may run separately: each clause's body.
        let g = game("(pre (take)) (move (check n)) (move (check s)) (post (drop))").unwrap();
        assert_eq!(
            g.piece_types()[0].program.parts,
            dagaz_ir::Parts::Clauses {
                entry: 1,
                bodies: vec![(3, None), (5, None)],
                quiet: vec![false, false],
            }
        );
        // Clauses that cannot capture in an attack test: one that ends on an empty square
        // (post drops only there), one that tests for attacks.
        let g = game(
            "(pre (take)) (move (check n) (check is-empty?)) (move (check s))
             (move (check not-attacked?) (check s)) (post (drop))",
        )
        .unwrap();
        let quiet = match &g.piece_types()[0].program.parts {
            dagaz_ir::Parts::Clauses { quiet, .. } => quiet.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(quiet, vec![true, false, true]);
        let g = game("(pre (take)) (move (let d (any n s)) (check d)) (post (drop))").unwrap();
        assert_eq!(
            g.piece_types()[0].program.parts,
            dagaz_ir::Parts::Choice { pc: 1, n: 2 }
        );
    }

    #[test]
    fn a_piece_without_moves_has_none() {
        assert_eq!(ops("(pre (take))"), vec![Op::Take, Op::Fail, Op::Complete]);
    }

    #[test]
    fn bare_names_resolve_local_state_players_global() {
        let got =
            ops("(move (let x 1) (log x position n a1 Man White current-player counter true)) (post (inc! counter))");
        let g = game("(move (log a1))").unwrap();
        let a1 = g.board().position("a1").unwrap();
        assert_eq!(
            got[..10],
            [
                Op::LocalConst(0, Value::Int(1)),
                Op::LocalGet(0),
                Op::Position,
                Op::Push(Value::Dir(dagaz_ir::Dir(0))),
                Op::Push(Value::Pos(a1)),
                Op::Push(Value::Piece(dagaz_ir::PieceKind(0))),
                Op::Push(Value::Player(dagaz_ir::PlayerId(0))),
                Op::CurrentPlayer,
                Op::GlobalGet(0),
                Op::Push(Value::Bool(true)),
            ]
        );
    }

    #[test]
    fn let_is_scoped_to_its_block_and_reads_the_outer_value_first() {
        let got = ops("(pre (let x 1)) (move (seq (let x (+ x 1)) (log x)) (log x))");
        assert_eq!(
            got,
            vec![
                Op::LocalConst(0, Value::Int(1)),
                Op::LocalGet(0),
                Op::Push(Value::Int(1)),
                Op::Add(2),
                Op::LocalSet(1),
                Op::LocalGet(1),
                Op::Log(1),
                Op::LocalGet(0),
                Op::Log(1),
                Op::Complete,
            ]
        );
    }

    #[test]
    fn set_inc_dec_on_locals_and_globals() {
        let got =
            ops("(move (let x 0) (set! x 2) (inc! x) (dec! x 3) (set! g x) (inc! g) (inc! x g))");
        assert_eq!(
            got[..10],
            [
                Op::LocalConst(0, Value::Int(0)),
                Op::Push(Value::Int(2)),
                Op::LocalSet(0),
                Op::LocalAdd(0, 1),
                Op::LocalAdd(0, -3),
                Op::LocalGet(0),
                Op::GlobalSet(0),
                Op::GlobalAdd(0, 1),
                Op::LocalGet(0),
                Op::GlobalGet(0),
            ]
        );
        assert_eq!(got[10..12], [Op::Add(2), Op::LocalSet(0)]);
    }

    #[test]
    fn while_if_else() {
        assert_eq!(
            ops("(move (while (< i 3) (inc! i)) (if is-empty? (log 1) else (log 2)))"),
            vec![
                Op::GlobalGet(0),
                Op::Push(Value::Int(3)),
                Op::Lt,
                Op::JmpIfFalse(6),
                Op::GlobalAdd(0, 1),
                Op::Jmp(0),
                Op::IsEmpty,
                Op::JmpIfFalse(11),
                Op::Push(Value::Int(1)),
                Op::Log(1),
                Op::Jmp(13),
                Op::Push(Value::Int(2)),
                Op::Log(1),
                Op::Complete,
            ]
        );
        assert_eq!(
            ops("(move (while true (check n)))"),
            vec![Op::Nav(dagaz_ir::Dir(0)), Op::Jmp(0), Op::Complete]
        );
    }

    #[test]
    fn and_or_short_circuit_to_booleans() {
        assert_eq!(
            ops("(move (check (and 1 n)))"),
            vec![
                Op::Push(Value::Int(1)),
                Op::JmpIfFalse(6),
                Op::Push(Value::Dir(dagaz_ir::Dir(0))),
                Op::JmpIfFalse(6),
                Op::Push(Value::Bool(true)),
                Op::Jmp(7),
                Op::Push(Value::Bool(false)),
                Op::Check,
                Op::Complete,
            ]
        );
        assert_eq!(
            ops("(move (check (or 0)))")[..3],
            [Op::Push(Value::Int(0)), Op::Not, Op::JmpIfFalse(5)]
        );
    }

    #[test]
    fn any_as_expression_and_statement() {
        assert_eq!(
            ops("(move (log (any 1 2)))"),
            vec![
                Op::Fork(3),
                Op::Push(Value::Int(1)),
                Op::Jmp(4),
                Op::Push(Value::Int(2)),
                Op::Log(1),
                Op::Complete,
            ]
        );
        assert_eq!(
            ops("(move (any (log 1) (seq)))"),
            vec![
                Op::Fork(4),
                Op::Push(Value::Int(1)),
                Op::Log(1),
                Op::Jmp(4),
                Op::Complete
            ]
        );
        assert_eq!(ops("(move (any))"), vec![Op::Fail, Op::Complete]);
    }

    #[test]
    fn a_bare_link_as_a_statement_navigates() {
        assert_eq!(
            ops("(move n a1)")[..2],
            [Op::Nav(dagaz_ir::Dir(0)), Op::Goto(dagaz_ir::Pos(6))]
        );
        assert_eq!(
            ops("(move (any n s))"),
            vec![
                Op::Fork(3),
                Op::Nav(dagaz_ir::Dir(0)),
                Op::Jmp(4),
                Op::Nav(dagaz_ir::Dir(1)),
                Op::Complete
            ]
        );
        assert_eq!(ops("(move 5)")[..2], [Op::Push(Value::Int(5)), Op::Pop]);
    }

    #[test]
    fn counts_of_one_piece_type_resolve_the_type_at_compile_time() {
        assert_eq!(
            ops("(move (log (enemy-count Man) (friend-count Man)))")[..3],
            [
                Op::CountOf {
                    friends: false,
                    kind: dagaz_ir::PieceKind(0)
                },
                Op::CountOf {
                    friends: true,
                    kind: dagaz_ir::PieceKind(0)
                },
                Op::Log(2),
            ]
        );
        assert!(listing("(move (log (enemy-count Man)))").contains("CountOf enemies Man"));
        assert_eq!(
            error("(move (log (enemy-count Queen)))"),
            CompileErrorKind::Unknown {
                what: "piece type",
                name: "Queen".into()
            }
        );
    }

    #[test]
    fn visit_forms() {
        assert_eq!(
            ops("(move (visit) (check not-visited?) (log is-visited?))"),
            vec![
                Op::Visit,
                Op::NotVisited,
                Op::Check,
                Op::IsVisited,
                Op::Log(1),
                Op::Complete,
            ]
        );
        assert!(matches!(
            error("(move (visit a1))"),
            CompileErrorKind::Syntax(_)
        ));
    }

    #[test]
    fn draughts_forms() {
        assert_eq!(
            ops("(move (capture-later) (promote Man) (check not-captured?) (check is-captured?) (log (in-zone? top))) (post (check no-moves?))"),
            vec![
                Op::CaptureLater,
                Op::Promote(dagaz_ir::PieceKind(0)),
                Op::CheckNotCaptured,
                Op::CheckCaptured,
                Op::InZone(0),
                Op::Log(1),
                Op::NoMoves,
                Op::Complete,
            ]
        );
        assert_eq!(
            error("(move (check no-moves?))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::NoMovesOutsidePost)
        );
        assert_eq!(
            error("(move (log (in-zone? bottom)))"),
            CompileErrorKind::Unknown {
                what: "zone",
                name: "bottom".into()
            }
        );
        assert_eq!(
            error("(move (promote Queen))"),
            CompileErrorKind::Unknown {
                what: "piece type",
                name: "Queen".into()
            }
        );
    }

    #[test]
    fn a_choice_of_constants_and_the_checks_after_it_become_one_guarded_choice() {
        let g = game("(move (let d (any n s)) (check d) (check is-empty?) (take))").unwrap();
        let p = &g.pieces[0].program;
        assert_eq!(
            p.ops,
            vec![
                Op::AnyGuarded(0),
                Op::CheckLocal(0),
                Op::CheckEmpty,
                Op::Take,
                Op::Complete
            ]
        );
        assert_eq!(
            p.guards,
            vec![dagaz_ir::Guard {
                slot: 0,
                values: vec![Value::Dir(dagaz_ir::Dir(0)), Value::Dir(dagaz_ir::Dir(1))],
                len: 2
            }]
        );
        // Checks that come from a macro join the guard too; a non-constant choice does not.
        assert_eq!(
            ops("(move (let d (any n s)) (step d))")[..3],
            [Op::AnyGuarded(0), Op::CheckLocal(0), Op::CheckEmpty]
        );
        assert_eq!(ops("(move (let d (any n position)))")[0], Op::Fork(2));
    }

    #[test]
    fn a_test_of_a_local_against_a_number_is_one_jump() {
        assert_eq!(
            ops("(move (let k 0) (if (> k 2) (log 1)))"),
            vec![
                Op::LocalConst(0, Value::Int(0)),
                Op::JmpUnlessLocal(0, dagaz_ir::Cmp::Gt, 2, 4),
                Op::Push(Value::Int(1)),
                Op::Log(1),
                Op::Complete,
            ]
        );
    }

    #[test]
    fn macros_expand_as_statements_and_expressions() {
        assert_eq!(
            ops("(move (step n) (log (twice 2)))"),
            vec![
                Op::Nav(dagaz_ir::Dir(0)),
                Op::CheckEmpty,
                Op::Push(Value::Int(2)),
                Op::Push(Value::Int(2)),
                Op::Add(2),
                Op::Log(1),
                Op::Complete,
            ]
        );
        assert_eq!(
            error("(move (forever))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::MacroTooDeep(64))
        );
        assert!(matches!(
            error("(move (step))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Arity { found: 0, .. })
        ));
        assert!(matches!(
            error("(move (log (step n)))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected { .. })
        ));
    }

    #[test]
    fn unknown_game_clauses_are_errors() {
        let text = r#"(board (name b) (dim "a-c") (dim "1")) (piece (name Man))
                      (game (name t) (players (White)) (symetry White))"#;
        let Err(LoadError::Compile(e)) = crate::load(text) else {
            panic!("expected an error")
        };
        assert_eq!(
            e.kind,
            CompileErrorKind::Syntax(SyntaxErrorKind::UnknownGameClause("symetry".into()))
        );
    }

    /// A game with an attribute `fresh` and a turn variable `ep`, whose piece has `clauses`.
    fn chess_like(clauses: &str) -> Result<crate::Rules, LoadError> {
        crate::load(&format!(
            r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1))
               (piece (name Man) {clauses}) (piece (name King))
               (game (name "t") (players (White (Man b2)) (Black (King b3)))
                     (attribute fresh true) (turn-variable ep))"#
        ))
    }

    #[test]
    fn attributes_turn_variables_and_the_chess_forms_compile() {
        let ops = |clauses: &str| {
            chess_like(clauses).unwrap().piece_types()[0]
                .program
                .ops
                .clone()
        };
        assert_eq!(
            ops("(move (log fresh ep) (set! ep position) (set-attr fresh false) (move-piece n) (promote (any King Man)) (check not-attacked?))")[..8],
            [
                Op::AttrAt(0),
                Op::TurnGet(0),
                Op::Log(2),
                Op::Position,
                Op::TurnSet(0),
                Op::Push(Value::Bool(false)),
                Op::SetAttr(0),
                Op::Push(Value::Dir(dagaz_ir::Dir(0))),
            ]
        );
        let all = ops("(move (promote (any King Man)) (check is-attacked?))");
        assert!(all.contains(&Op::PromoteTo) && all.contains(&Op::IsAttacked));
        assert!(ops("(move (let k King) (promote k))").contains(&Op::PromoteTo));
        assert!(ops("(move (promote King))").contains(&Op::Promote(dagaz_ir::PieceKind(1))));
        let error = |clauses: &str| match chess_like(clauses) {
            Err(LoadError::Compile(e)) => e.kind,
            other => panic!("expected a compile error, got {other:?}"),
        };
        assert_eq!(
            error("(move (set-attr moved true))"),
            CompileErrorKind::Unknown {
                what: "attribute",
                name: "moved".into()
            }
        );
        assert!(matches!(
            error("(move (set! fresh false))"),
            CompileErrorKind::NotAssignable(..)
        ));
        assert!(matches!(
            error("(move (inc! ep))"),
            CompileErrorKind::NotAssignable(..)
        ));
        assert!(matches!(
            error("(move (move-piece))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Arity { .. })
        ));
    }

    #[test]
    fn the_game_clauses_of_chess_are_checked() {
        let with = |clause: &str| {
            crate::load(&format!(
                r#"(board (name b) (dim "a-c") (dim "3-1")) (piece (name King))
                   (game (name "t") (players (White (King a1)) (Black)) {clause})"#
            ))
        };
        let kind = |clause: &str| match with(clause) {
            Err(LoadError::Compile(e)) => e.kind,
            other => panic!("expected a compile error for {clause}, got {other:?}"),
        };
        assert!(matches!(
            kind("(attribute moved maybe)"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected { .. })
        ));
        assert!(matches!(
            kind("(turn-variable a) (turn-variable b) (turn-variable c) (turn-variable d) (turn-variable e)"),
            CompileErrorKind::Syntax(SyntaxErrorKind::TooMany { what: "turn variables", max: 4 })
        ));
        assert_eq!(
            kind("(royal Queen)"),
            CompileErrorKind::Unknown {
                what: "piece type",
                name: "Queen".into()
            }
        );
        assert!(matches!(
            kind("(attacks sideways)"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected { .. })
        ));
        assert!(matches!(
            kind("(loss bored)"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected { .. })
        ));
        assert!(matches!(
            kind("(fen standard (turn (w White)))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected { .. })
        ));
        assert!(matches!(
            kind("(fen standard (pieces (K White King) (K Black King)) (turn (w White)))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Duplicate(..))
        ));
        let game =
            with("(royal King) (attacks reversible) (loss checkmated) (draw stalemated)").unwrap();
        assert!(game.is_royal(dagaz_ir::PieceKind(0)));
        assert_eq!(game.attack_test(), crate::AttackTest::Reversible);
        assert_eq!(game.goals().len(), 2);
    }

    #[test]
    fn a_post_that_stays_put_is_marked() {
        let stays = |clauses: &str| game(clauses).unwrap().piece_types()[0].program.post_stays;
        assert!(stays("(pre (take)) (move (check n)) (post (if (in-zone? top) (promote Man)) (log position) (drop))"));
        assert!(!stays(
            "(pre (take)) (move (check n)) (post (check n) (drop))"
        ));
        assert!(!stays(
            "(pre (take)) (move (check n)) (post (capture) (drop))"
        ));
        // A local might hold a direction, whose test navigates.
        assert!(!stays(
            "(pre (take) (let d n)) (move (check n)) (post (if d (drop)))"
        ));
    }

    #[test]
    fn end_move_forks_to_post() {
        assert_eq!(
            ops("(move (take) (end-move) (check n)) (post (drop))"),
            vec![
                Op::Take,
                Op::EndMove(3),
                Op::Jmp(4),
                Op::Nav(dagaz_ir::Dir(0)),
                Op::Drop,
                Op::Complete
            ]
        );
    }

    #[test]
    fn post_checks_reading_globals_are_invariants() {
        let g = game("(pre (let c 0) (set! m 0)) (post (check (<= m c)) (check (= c 0)))").unwrap();
        let p = &g.pieces[0].program;
        assert!(p.ops.contains(&Op::Invariant(0)));
        assert_eq!(p.invariants.len(), 1);
        assert_eq!(p.ops.iter().filter(|op| **op == Op::Check).count(), 1);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(
            error("(move (frobnicate 1))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::UnknownForm("frobnicate".into()))
        );
        assert_eq!(
            error("(move (check))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Arity {
                form: "check".into(),
                expected: "1 argument".into(),
                found: 0
            })
        );
        assert_eq!(
            error("(pre (end-move))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::EndMoveOutsideMove)
        );
        assert_eq!(
            error("(move (set! is-empty? 1))"),
            CompileErrorKind::NotAssignable("is-empty?".into(), "part of the board state", "set!")
        );
        assert_eq!(
            error("(post (check (= m is-empty?)))"),
            CompileErrorKind::ImpureInvariant("the board state".into())
        );
        assert_eq!(
            error("(move (if 1 else else))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::BadElse)
        );
        assert_eq!(
            error("(move (log 3000000000))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected {
                expected: "a number from -2147483648 to 2147483647".into(),
                found: "the number 3000000000".into()
            })
        );
        assert_eq!(
            error("(move (let k 3)) (post (log k))"),
            CompileErrorKind::LocalOutOfScope("k".into())
        );
        assert_eq!(
            error("(move (any (let x 1) (let x 2)) (log x))"),
            CompileErrorKind::LocalOutOfScope("x".into())
        );
        assert!(matches!(
            error("(move (log (let x 1)))"),
            CompileErrorKind::Syntax(SyntaxErrorKind::Expected { .. })
        ));
    }

    #[test]
    fn error_spans_point_at_the_form() {
        let text = "(board (name b) (dim \"a-c\") (dim \"3-1\"))\n(piece (name Man) (move (wibble)))\n(game (name t) (players (White)))";
        let Err(LoadError::Compile(e)) = crate::load(text) else {
            panic!("expected an error")
        };
        assert_eq!(&text[e.span.start..e.span.end], "wibble");
    }
}
