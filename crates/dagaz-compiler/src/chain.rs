//! Compiles one piece's clauses into a command chain.
//!
//! Special forms generate control flow; every other list is an expression that leaves exactly
//! one value on the stack; a statement's leftover value is popped. A bare name is resolved here,
//! once, along Local → State → Players → Global.

use crate::error::{CompileError, CompileErrorKind};
use crate::keywords::SPECIAL_STATEMENTS;
use crate::syntax::{self, Result};
use dagaz_ir::{Board, Clause, Invariant, Program};
use dagaz_ir::{Cmp, Op, Target};
use dagaz_ir::{Int, StrId, Value};
use dagaz_sexpr::{Node, NodeKind, Span};
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
    pub macros: &'a super::macros::Macros,
    pub attributes: &'a IndexSet<String>,
    pub turn_variables: &'a IndexSet<String>,
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
    /// How many macro uses the form being compiled sits in.
    expansion_depth: usize,
    /// How many statements and expressions the form being compiled sits in: bounded, because
    /// macros can build nesting the reader's own bound never saw.
    nesting: usize,
    guards: Vec<dagaz_ir::Guard>,
}

/// How deep statements and expressions may nest once macros are expanded.
pub(crate) const MAX_NESTING: usize = 256;

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
            expansion_depth: 0,
            nesting: 0,
            guards: Vec::new(),
        }
    }

    /// `pre`, then a choice among the `move` clauses, then `post`, then `Complete`.
    pub fn piece(mut self, pre: &[Node], moves: &[&Node], post: &[Node]) -> Result<Program> {
        self.scopes.enter();
        self.start_clause(Clause::Pre);
        self.block(pre)?;
        if moves.is_empty() {
            let span = pre.first().map_or_else(Span::default, |n| n.span);
            self.emit(Op::Fail, span);
        }
        if let [first, _, ..] = moves {
            self.emit(Op::Clauses, first.span);
        }
        for (i, clause) in moves.iter().enumerate() {
            self.start_clause(Clause::Move(i as u16 + 1));
            let last = i + 1 == moves.len();
            let fork = (!last).then(|| self.emit(Op::Fork(0), clause.span));
            let body = syntax::args(syntax::list(clause, "a `(move ...)` clause")?);
            self.scopes.enter();
            self.block(body)?;
            self.scopes.leave();
            if !last {
                let jump = self.emit(Op::Jmp(0), clause.span);
                self.to_post.push(jump);
            }
            if let Some(fork) = fork {
                self.patch_here(fork);
            }
        }
        self.start_clause(Clause::Post);
        let post_start = Some(self.ops.len());
        for jump in std::mem::take(&mut self.to_post) {
            self.patch_here(jump);
        }
        self.block(post)?;
        let span = post.last().map_or_else(Span::default, |n| n.span);
        self.emit(Op::Complete, span);
        self.scopes.leave();
        let post_stays =
            post_start.is_some_and(|start| stays_put(self.ops.get(start..).unwrap_or(&[])));
        let parts = dagaz_ir::Parts::of(&self.ops, &self.clauses, &self.guards, post_stays);
        Ok(Program {
            post_stays,
            parts,
            run: dagaz_vm::fuse::fuse(&self.ops),
            ops: self.ops,
            spans: self.spans,
            clauses: self.clauses,
            locals: self.scopes.into_slot_names(),
            invariants: self.invariants,
            guards: self.guards,
        })
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

    fn block(&mut self, stmts: &[Node]) -> Result<()> {
        // Statement macros are spliced first, so that a choice and the checks after it can be
        // seen together even when the checks come from a macro.
        let flat = self.flatten(stmts, 0)?;
        let mut i = 0;
        while let Some(rest @ [first, ..]) = flat.get(i..) {
            i += match self.guarded_choice(rest)? {
                Some(consumed) => consumed,
                None => {
                    self.statement(first)?;
                    1
                }
            };
        }
        Ok(())
    }

    /// The statements with every statement-level macro use replaced by its body.
    fn flatten(&self, stmts: &[Node], depth: usize) -> Result<Vec<Node>> {
        let mut out = Vec::with_capacity(stmts.len());
        for stmt in stmts {
            let expansion = stmt
                .as_list()
                .and_then(|items| self.names.macros.expand(items, stmt.span));
            match expansion {
                Some(body) => {
                    if depth + self.expansion_depth >= super::macros::MAX_EXPANSION_DEPTH {
                        return Err(CompileError::new(
                            CompileErrorKind::MacroTooDeep(super::macros::MAX_EXPANSION_DEPTH),
                            stmt.span,
                        ));
                    }
                    out.extend(self.flatten(&body?, depth + 1)?);
                }
                None => out.push(stmt.clone()),
            }
        }
        Ok(out)
    }

    /// `(let V (any K1 ... Kn))` with constant Ks, and the checks right after it that only
    /// test the board or move about (`(check V)`, `(check is-enemy?)`, ...): one `AnyGuarded`
    /// command, so that a constant whose checks fail costs no choice point. Answers how many
    /// statements it took, or `None` when `stmts` does not start so.
    fn guarded_choice(&mut self, stmts: &[Node]) -> Result<Option<usize>> {
        // Only a `let`: where every constant usually passes its checks (`(check (any nw
        // ne))` of a quiet step), a guard saves nothing and costs its own evaluation.
        let Some([let_head, name_node, value]) = stmts.first().and_then(Node::as_list) else {
            return Ok(None);
        };
        if let_head.as_symbol() != Some("let") {
            return Ok(None);
        }
        let (Some(name), Some([any_head, alts @ ..])) = (name_node.as_symbol(), value.as_list())
        else {
            return Ok(None);
        };
        if any_head.as_symbol() != Some("any") || alts.len() < 2 {
            return Ok(None);
        }
        let mut values = Vec::with_capacity(alts.len());
        for alt in alts {
            match self.constant(alt)? {
                Some(v) => values.push(v),
                None => return Ok(None),
            }
        }
        let span = stmts.first().map_or_else(Span::default, |n| n.span);
        let slot = self
            .scopes
            .declare(name)
            .ok_or_else(|| too_many("local variables", u16::MAX as usize, span))?;
        let id = u16::try_from(self.guards.len())
            .map_err(|_| too_many("choices", u16::MAX as usize, span))?;
        self.emit(Op::AnyGuarded(id), span);
        let mut taken = 1;
        for stmt in stmts.get(1..).unwrap_or(&[]) {
            let Some(op) = self.guard_op(stmt, slot)? else {
                break;
            };
            self.emit(op, stmt.span);
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
    fn guard_op(&mut self, stmt: &Node, slot: u16) -> Result<Option<Op>> {
        let Some([head, arg]) = stmt.as_list() else {
            return Ok(None);
        };
        let Some(name) = (head.as_symbol() == Some("check"))
            .then(|| arg.as_symbol())
            .flatten()
        else {
            return Ok(None);
        };
        if name == "no-moves?" {
            return Ok(None);
        }
        Ok(match self.resolve(name, arg.span)? {
            Name::Local(s) if s == slot => Some(Op::CheckLocal(s)),
            other => board_test_op(other),
        })
    }

    /// A block with its own scope for `let`.
    fn scoped_block(&mut self, stmts: &[Node]) -> Result<()> {
        self.scopes.enter();
        let r = self.block(stmts);
        self.scopes.leave();
        r
    }

    fn statement(&mut self, node: &Node) -> Result<()> {
        self.nested(node.span, |c| c.statement_here(node))
    }

    /// Compiles `f` one level deeper in the form, or fails when the form nests too deep
    /// (a recursive compiler must not run out of stack on what a macro builds).
    fn nested(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        if self.nesting >= MAX_NESTING {
            return Err(CompileError::new(
                CompileErrorKind::NestedTooDeep(MAX_NESTING),
                span,
            ));
        }
        self.nesting += 1;
        let r = f(self);
        self.nesting -= 1;
        r
    }

    fn statement_here(&mut self, node: &Node) -> Result<()> {
        let Some(items) = node.as_list() else {
            // A bare position or direction as a statement goes there (failing off the board),
            // as `check` would; any other bare value is computed and dropped.
            if let Some(name) = node.as_symbol() {
                if let Name::State(StateName::Position(_) | StateName::Direction(_)) =
                    self.resolve(name, node.span)?
                {
                    return self.check(node, node.span);
                }
            }
            self.expression(node)?;
            self.emit(Op::Pop, node.span);
            return Ok(());
        };
        let head = items.first().and_then(Node::as_symbol).unwrap_or("");
        let span = node.span;
        if let Some(body) = self.names.macros.expand(items, span) {
            let body = body?;
            return self.expanded(span, |c| body.iter().try_for_each(|n| c.statement(n)));
        }
        match head {
            "check" => {
                let args = syntax::arity::<1>("check", items, span)?;
                // `(check (any a b))` is `(any (check a) (check b))`: each alternative then
                // compiles to one command such as `Nav`.
                match args[0].as_list() {
                    Some([head, alts @ ..]) if head.as_symbol() == Some("any") => {
                        self.choice(alts, span, |c, alt| c.check(alt, span))
                    }
                    _ => self.check(&args[0], span),
                }
            }
            "let" => {
                let args = syntax::arity::<2>("let", items, span)?;
                let name = syntax::symbol(&args[0], "a variable name")?;
                // The value first, so `(let x (+ x 1))` reads the outer x; the stores are
                // patched with the slot once it is declared. `(let x (any a b))` stores in
                // each alternative, so constant alternatives become one command each.
                let mut stores = Vec::new();
                match args[1].as_list() {
                    Some([head, alts @ ..]) if head.as_symbol() == Some("any") => {
                        self.choice(alts, span, |c, alt| {
                            stores.push(c.store_value(alt, span)?);
                            Ok(())
                        })?
                    }
                    _ => stores.push(self.store_value(&args[1], span)?),
                }
                let slot = self
                    .scopes
                    .declare(name)
                    .ok_or_else(|| too_many("local variables", u16::MAX as usize, span))?;
                for at in stores {
                    if let Some(
                        Op::LocalSet(s) | Op::LocalConst(s, _) | Op::LocalConstJmp(s, _, _),
                    ) = self.ops.get_mut(at)
                    {
                        *s = slot;
                    }
                }
                Ok(())
            }
            "set!" => {
                let args = syntax::arity::<2>("set!", items, span)?;
                let op = self.assignable(&args[0], "set!")?;
                self.expression(&args[1])?;
                self.emit(op, span);
                Ok(())
            }
            "inc!" | "dec!" => self.increment(head, items, span),
            "while" => {
                let cond = items
                    .get(1)
                    .ok_or_else(|| arity_at_least(head, 1, items, span))?;
                let body = items.get(2..).unwrap_or(&[]);
                let top = self.here();
                let exit = if is_true_literal(cond) {
                    None
                } else {
                    Some(self.jump_unless(cond)?)
                };
                self.scoped_block(body)?;
                self.emit(Op::Jmp(top), span);
                if let Some(exit) = exit {
                    self.patch_here(exit);
                }
                Ok(())
            }
            "if" => self.if_statement(items, span),
            "seq" => self.scoped_block(syntax::args(items)),
            "end-move" => {
                syntax::arity::<0>("end-move", items, span)?;
                if !matches!(self.clause, Clause::Move(_)) {
                    return Err(CompileError::new(
                        CompileErrorKind::EndMoveOutsideMove,
                        span,
                    ));
                }
                let fork = self.emit(Op::EndMove(0), span);
                let jump = self.emit(Op::Jmp(0), span);
                self.to_post.push(jump);
                self.patch_here(fork);
                Ok(())
            }
            "take" | "drop" | "capture" | "capture-later" => {
                syntax::arity::<0>(head, items, span)?;
                let op = match head {
                    "take" => Op::Take,
                    "drop" => Op::Drop,
                    "capture" => Op::Capture,
                    _ => Op::CaptureLater,
                };
                self.emit(op, span);
                Ok(())
            }
            "promote" => {
                let args = syntax::arity::<1>("promote", items, span)?;
                // A piece name is one command; anything else (`(any Queen Rook)`, a local) is
                // computed and must give a piece type at run time.
                match args[0].as_symbol() {
                    Some(name) if !self.is_local(name) => {
                        let kind = self.names.pieces.get_index_of(name).ok_or_else(|| {
                            CompileError::new(
                                CompileErrorKind::Unknown {
                                    what: "piece type",
                                    name: name.to_string(),
                                },
                                args[0].span,
                            )
                        })?;
                        self.emit(Op::Promote(dagaz_ir::PieceKind(kind as u8)), span);
                    }
                    _ => {
                        self.expression(&args[0])?;
                        self.emit(Op::PromoteTo, span);
                    }
                }
                Ok(())
            }
            "set-attr" => {
                let args = syntax::arity::<2>("set-attr", items, span)?;
                let name = syntax::symbol(&args[0], "an attribute name")?;
                let bit = self.names.attributes.get_index_of(name).ok_or_else(|| {
                    CompileError::new(
                        CompileErrorKind::Unknown {
                            what: "attribute",
                            name: name.to_string(),
                        },
                        args[0].span,
                    )
                })?;
                self.expression(&args[1])?;
                self.emit(Op::SetAttr(bit as u8), span);
                Ok(())
            }
            "move-piece" => {
                let args = syntax::arity::<1>("move-piece", items, span)?;
                self.expression(&args[0])?;
                self.emit(Op::MovePiece, span);
                Ok(())
            }
            "log" => {
                let args = syntax::args(items);
                if args.is_empty() {
                    return Err(arity_at_least("log", 1, items, span));
                }
                let n = u8::try_from(args.len())
                    .map_err(|_| too_many("arguments", u8::MAX as usize, span))?;
                args.iter().try_for_each(|a| self.expression(a))?;
                self.emit(Op::Log(n), span);
                Ok(())
            }
            // Each alternative is a block of its own: its `let`s end with it.
            "any" => self.choice(syntax::args(items), span, |c, alt| {
                c.scopes.enter();
                let r = c.statement(alt);
                c.scopes.leave();
                r
            }),
            _ => {
                self.expression(node)?;
                self.emit(Op::Pop, span);
                Ok(())
            }
        }
    }

    /// Emits `value` and a store into a slot to be patched; answers the store's index.
    fn store_value(&mut self, value: &Node, span: Span) -> Result<usize> {
        match self.constant(value)? {
            Some(v) => Ok(self.emit(Op::LocalConst(0, v), span)),
            None => {
                self.expression(value)?;
                Ok(self.emit(Op::LocalSet(0), span))
            }
        }
    }

    /// The value of `node` when it is known at compile time.
    fn constant(&mut self, node: &Node) -> Result<Option<Value>> {
        Ok(match &node.kind {
            NodeKind::Int(_) => Some(Value::Int(small_int(node)?)),
            NodeKind::Symbol(name) => match self.resolve(name, node.span)? {
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

    /// Compiles a macro's expansion one level deeper.
    fn expanded(&mut self, span: Span, f: impl FnOnce(&mut Self) -> Result<()>) -> Result<()> {
        if self.expansion_depth >= super::macros::MAX_EXPANSION_DEPTH {
            return Err(CompileError::new(
                CompileErrorKind::MacroTooDeep(super::macros::MAX_EXPANSION_DEPTH),
                span,
            ));
        }
        self.expansion_depth += 1;
        let r = f(self);
        self.expansion_depth -= 1;
        r
    }

    /// `(check X)`: common cases become one command; a check in `post` that reads a global
    /// becomes an invariant.
    fn check(&mut self, arg: &Node, span: Span) -> Result<()> {
        if arg.as_symbol() == Some("no-moves?") {
            if self.clause != Clause::Post {
                return Err(CompileError::new(
                    CompileErrorKind::NoMovesOutsidePost,
                    arg.span,
                ));
            }
            self.emit(Op::NoMoves, span);
            return Ok(());
        }
        if let Some(name) = arg.as_symbol() {
            let op = match self.resolve(name, arg.span)? {
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
                ));
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

    /// The command that stores into a variable named by `node` (a local or a global).
    fn assignable(&mut self, node: &Node, form: &'static str) -> Result<Op> {
        let name = syntax::symbol(node, "a variable name")?;
        match self.resolve(name, node.span)? {
            Name::Local(slot) => Ok(Op::LocalSet(slot)),
            Name::Global(slot) => Ok(Op::GlobalSet(slot)),
            Name::State(StateName::TurnVariable(t)) if form == "set!" => Ok(Op::TurnSet(t)),
            Name::State(StateName::Attribute(_)) => Err(not_assignable(
                name,
                "an attribute (set the moving piece's with `set-attr`)",
                form,
                node.span,
            )),
            Name::Literal(_) => Err(not_assignable(name, "a constant", form, node.span)),
            Name::State(_) => Err(not_assignable(
                name,
                "part of the board state",
                form,
                node.span,
            )),
            Name::Players(_) => Err(not_assignable(
                name,
                "part of the players environment",
                form,
                node.span,
            )),
        }
    }

    /// `(inc! x)`, `(dec! x)`, `(inc! x n)`.
    fn increment(&mut self, head: &str, items: &[Node], span: Span) -> Result<()> {
        let args = syntax::args(items);
        if args.is_empty() || args.len() > 2 {
            return Err(CompileError::new(
                CompileErrorKind::Arity {
                    form: head.to_string(),
                    expected: "1 or 2 arguments".into(),
                    found: args.len(),
                },
                span,
            ));
        }
        let form = if head == "inc!" { "inc!" } else { "dec!" };
        let (Some(target), amount_node) = (args.first(), args.get(1)) else {
            return Err(arity_at_least(head, 1, items, span));
        };
        let store = self.assignable(target, form)?;
        let sign = if head == "inc!" { 1 } else { -1 };
        match amount_node {
            None
            | Some(Node {
                kind: NodeKind::Int(_),
                ..
            }) => {
                let amount = match amount_node {
                    Some(node) => small_int(node)?,
                    None => 1,
                };
                let delta = amount.checked_mul(sign).ok_or_else(|| {
                    syntax::expected("a smaller number", amount_node.unwrap_or(target))
                })?;
                let op = match store {
                    Op::LocalSet(s) => Op::LocalAdd(s, delta),
                    Op::GlobalSet(s) => Op::GlobalAdd(s, delta),
                    other => other,
                };
                self.emit(op, span);
            }
            Some(amount) => {
                self.expression(target)?;
                self.expression(amount)?;
                self.emit(if sign > 0 { Op::Add(2) } else { Op::Sub(2) }, span);
                self.emit(store, span);
            }
        }
        Ok(())
    }

    /// `(if cond then... [else else...])`.
    fn if_statement(&mut self, items: &[Node], span: Span) -> Result<()> {
        let cond = items
            .get(1)
            .ok_or_else(|| arity_at_least("if", 1, items, span))?;
        let rest = items.get(2..).unwrap_or(&[]);
        let split = rest.iter().position(|n| n.as_symbol() == Some("else"));
        let (then, otherwise) = match split {
            Some(i) => (
                rest.get(..i).unwrap_or(&[]),
                Some(rest.get(i + 1..).unwrap_or(&[])),
            ),
            None => (rest, None),
        };
        if otherwise.is_some_and(|o| o.iter().any(|n| n.as_symbol() == Some("else"))) {
            return Err(CompileError::new(CompileErrorKind::BadElse, span));
        }
        let skip_then = self.jump_unless(cond)?;
        self.scoped_block(then)?;
        match otherwise {
            Some(body) => {
                let skip_else = self.emit(Op::Jmp(0), span);
                self.patch_here(skip_then);
                self.scoped_block(body)?;
                self.patch_here(skip_else);
            }
            None => self.patch_here(skip_then),
        }
        Ok(())
    }

    /// A jump (to be patched) taken when `cond` is false. `(CMP local number)`, the usual test
    /// of a counter, is one command instead of four.
    fn jump_unless(&mut self, cond: &Node) -> Result<usize> {
        if let Some([head, a, b]) = cond.as_list() {
            let cmp = match head.as_symbol() {
                Some("=") => Some(Cmp::Eq),
                Some("!=") => Some(Cmp::Ne),
                Some("<") => Some(Cmp::Lt),
                Some("<=") => Some(Cmp::Le),
                Some(">") => Some(Cmp::Gt),
                Some(">=") => Some(Cmp::Ge),
                _ => None,
            };
            if let (Some(cmp), Some(name), NodeKind::Int(_)) = (cmp, a.as_symbol(), &b.kind) {
                if let Name::Local(slot) = self.resolve(name, a.span)? {
                    let value = small_int(b)?;
                    return Ok(self.emit(Op::JmpUnlessLocal(slot, cmp, value, 0), cond.span));
                }
            }
        }
        self.expression(cond)?;
        Ok(self.emit(Op::JmpIfFalse(0), cond.span))
    }

    /// `any` over alternatives: `Fork next; alt1; Jmp end; next: Fork next2; alt2; ...; altN; end:`.
    fn choice(
        &mut self,
        alts: &[Node],
        span: Span,
        mut each: impl FnMut(&mut Self, &Node) -> Result<()>,
    ) -> Result<()> {
        if alts.is_empty() {
            self.emit(Op::Fail, span);
            return Ok(());
        }
        let mut ends = Vec::new();
        for (i, alt) in alts.iter().enumerate() {
            let last = i + 1 == alts.len();
            let fork = (!last).then(|| self.emit(Op::Fork(0), alt.span));
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
                    _ => ends.push(self.emit(Op::Jmp(0), alt.span)),
                }
            }
            if let Some(fork) = fork {
                self.patch_here(fork);
            }
        }
        ends.into_iter().for_each(|e| self.patch_here(e));
        Ok(())
    }

    /// Compiles `node` to commands that push exactly one value.
    fn expression(&mut self, node: &Node) -> Result<()> {
        self.nested(node.span, |c| c.expression_here(node))
    }

    fn expression_here(&mut self, node: &Node) -> Result<()> {
        let span = node.span;
        match &node.kind {
            NodeKind::Int(_) => {
                self.emit(Op::Push(Value::Int(small_int(node)?)), span);
            }
            NodeKind::Str(s) => {
                let (index, _) = self.names.strings.insert_full(s.clone());
                let id = u32::try_from(index)
                    .map_err(|_| too_many("strings", u32::MAX as usize, span))?;
                self.emit(Op::Push(Value::Str(StrId(id))), span);
            }
            NodeKind::Symbol(name) => {
                let op = match self.resolve(name, span)? {
                    Name::Literal(v) => Op::Push(v),
                    Name::Local(slot) => Op::LocalGet(slot),
                    Name::Global(slot) => Op::GlobalGet(slot),
                    Name::State(StateName::Position(p)) => Op::Push(Value::Pos(p)),
                    Name::State(StateName::Direction(d)) => Op::Push(Value::Dir(d)),
                    Name::State(StateName::Piece(k)) => Op::Push(Value::Piece(k)),
                    Name::State(StateName::Query(q)) => query_op(q),
                    Name::State(StateName::Attribute(a)) => Op::AttrAt(a),
                    Name::State(StateName::TurnVariable(t)) => Op::TurnGet(t),
                    Name::State(StateName::Attacked(true)) => Op::IsAttacked,
                    Name::State(StateName::Attacked(false)) => Op::NotAttacked,
                    Name::Players(PlayersName::Player(p)) => Op::Push(Value::Player(p)),
                    Name::Players(PlayersName::CurrentPlayer) => Op::CurrentPlayer,
                    Name::Players(PlayersName::NextPlayer) => Op::NextPlayer,
                    Name::Players(PlayersName::TurnNumber) => Op::TurnNumber,
                    Name::Players(PlayersName::TurnOrder) => Op::TurnOrder,
                };
                self.emit(op, span);
            }
            NodeKind::List(items) => self.form(items, span, node)?,
        }
        Ok(())
    }

    fn form(&mut self, items: &[Node], span: Span, node: &Node) -> Result<()> {
        let Some(head) = items.first().and_then(Node::as_symbol) else {
            return Err(syntax::expected(
                "a form such as `(+ 1 2)` (a name first)",
                node,
            ));
        };
        let args = syntax::args(items);
        if let Some(body) = self.names.macros.expand(items, span) {
            let body = body?;
            let [single] = body.as_slice() else {
                return Err(syntax::expected(
                    "a macro whose body is one expression",
                    node,
                ));
            };
            return self.expanded(span, |c| c.expression(single));
        }
        match head {
            "in-zone?" => {
                let args = syntax::arity::<1>("in-zone?", items, span)?;
                let name = syntax::symbol(&args[0], "a zone name")?;
                let zone = self.names.zones.zone(name).ok_or_else(|| {
                    CompileError::new(
                        CompileErrorKind::Unknown {
                            what: "zone",
                            name: name.to_string(),
                        },
                        args[0].span,
                    )
                })?;
                let zone =
                    u16::try_from(zone).map_err(|_| too_many("zones", u16::MAX as usize, span))?;
                self.emit(Op::InZone(zone), span);
            }
            "any" => self.choice(args, span, |c, alt| c.expression(alt))?,
            "and" | "or" => {
                // Short-circuit: the result is a boolean; operands are tested left to right.
                let is_and = head == "and";
                let mut exits = Vec::new();
                for arg in args {
                    self.expression(arg)?;
                    if !is_and {
                        self.emit(Op::Not, arg.span);
                    }
                    exits.push(self.emit(Op::JmpIfFalse(0), arg.span));
                }
                self.emit(Op::Push(Value::Bool(is_and)), span);
                let done = self.emit(Op::Jmp(0), span);
                exits.into_iter().for_each(|e| self.patch_here(e));
                self.emit(Op::Push(Value::Bool(!is_and)), span);
                self.patch_here(done);
            }
            "not" => {
                let args = syntax::arity::<1>("not", items, span)?;
                self.expression(&args[0])?;
                self.emit(Op::Not, span);
            }
            "+" | "*" => {
                let n = u8::try_from(args.len())
                    .map_err(|_| too_many("arguments", u8::MAX as usize, span))?;
                args.iter().try_for_each(|a| self.expression(a))?;
                // Even with one operand, so that `(+ x)` checks that x is a number.
                self.emit(if head == "+" { Op::Add(n) } else { Op::Mul(n) }, span);
            }
            "-" => {
                let n = u8::try_from(args.len())
                    .map_err(|_| too_many("arguments", u8::MAX as usize, span))?;
                if n == 0 {
                    return Err(arity_at_least("-", 1, items, span));
                }
                args.iter().try_for_each(|a| self.expression(a))?;
                self.emit(if n == 1 { Op::Neg } else { Op::Sub(n) }, span);
            }
            "/" | "mod" | "=" | "!=" | "<" | "<=" | ">" | ">=" => {
                let args = syntax::arity::<2>(head, items, span)?;
                self.expression(&args[0])?;
                self.expression(&args[1])?;
                let op = match head {
                    "/" => Op::Div,
                    "mod" => Op::Mod,
                    "=" => Op::Eq,
                    "!=" => Op::Ne,
                    "<" => Op::Lt,
                    "<=" => Op::Le,
                    ">" => Op::Gt,
                    _ => Op::Ge,
                };
                self.emit(op, span);
            }
            other if SPECIAL_STATEMENTS.contains(&other) => {
                return Err(syntax::expected(
                    "an expression (this form is a statement)",
                    node,
                ));
            }
            other => {
                return Err(CompileError::new(
                    CompileErrorKind::UnknownForm(other.to_string()),
                    items.first().map_or(span, |h| h.span),
                ))
            }
        }
        Ok(())
    }

    fn is_local(&self, name: &str) -> bool {
        self.scopes.resolve(name).is_some()
    }

    /// Local → State → Players → Global; `true` and `false` are literals.
    fn resolve(&mut self, name: &str, span: Span) -> Result<Name> {
        Ok(match name {
            // Only `(check no-moves?)` in `post` gives it a meaning (handled there).
            "no-moves?" => {
                return Err(CompileError::new(
                    CompileErrorKind::NoMovesOutsidePost,
                    span,
                ))
            }
            "true" => Name::Literal(Value::Bool(true)),
            "false" => Name::Literal(Value::Bool(false)),
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
                    ));
                } else {
                    let slot = global::resolve(self.names.globals, name)
                        .ok_or_else(|| too_many("global variables", u16::MAX as usize, span))?;
                    Name::Global(slot)
                }
            }
        })
    }
}

/// An integer literal as the language's 32-bit integer.
fn small_int(node: &Node) -> Result<Int> {
    let n = syntax::int(node, "a number")?;
    Int::try_from(n).map_err(|_| {
        CompileError::new(
            CompileErrorKind::Expected {
                expected: format!("a number from {} to {}", Int::MIN, Int::MAX),
                found: node.describe(),
            },
            node.span,
        )
    })
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
    }
}

/// Whether a `post` chain ends every move where it starts and captures only by dropping there:
/// it never moves the current position nor captures elsewhere. Tests that read booleans are
/// allowed; a test of an unknown value might be a link, which navigates.
fn stays_put(ops: &[Op]) -> bool {
    let boolean = |op: Option<&Op>| {
        matches!(
            op,
            Some(
                Op::InZone(_)
                    | Op::Eq
                    | Op::Ne
                    | Op::Lt
                    | Op::Le
                    | Op::Gt
                    | Op::Ge
                    | Op::IsEmpty
                    | Op::NotEmpty
                    | Op::IsFriend
                    | Op::NotFriend
                    | Op::IsEnemy
                    | Op::NotEnemy
                    | Op::IsCaptured
                    | Op::NotCaptured
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

fn is_true_literal(node: &Node) -> bool {
    node.as_symbol() == Some("true") || matches!(node.kind, NodeKind::Int(n) if n != 0)
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

fn too_many(what: &'static str, max: usize, span: Span) -> CompileError {
    CompileError::new(CompileErrorKind::TooMany { what, max }, span)
}

fn not_assignable(name: &str, what: &'static str, form: &'static str, span: Span) -> CompileError {
    CompileError::new(
        CompileErrorKind::NotAssignable(name.to_string(), what, form),
        span,
    )
}

fn arity_at_least(form: &str, n: usize, items: &[Node], span: Span) -> CompileError {
    CompileError::new(
        CompileErrorKind::Arity {
            form: form.to_string(),
            expected: format!("at least {n} argument{}", if n == 1 { "" } else { "s" }),
            found: syntax::args(items).len(),
        },
        span,
    )
}

#[cfg(test)]
mod tests {
    use crate::error::{CompileErrorKind, LoadError};
    use dagaz_ir::Op;
    use dagaz_ir::Value;
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
                    CompileErrorKind::NestedTooDeep(super::MAX_NESTING)
                        | CompileErrorKind::MacroTooDeep(_)
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
            ops("(move (let x 1) (log x position n a1 Man White current-player counter true))");
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
            CompileErrorKind::NoMovesOutsidePost
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
            CompileErrorKind::MacroTooDeep(64)
        );
        assert!(matches!(
            error("(move (step))"),
            CompileErrorKind::Arity { found: 0, .. }
        ));
        assert!(matches!(
            error("(move (log (step n)))"),
            CompileErrorKind::Expected { .. }
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
            CompileErrorKind::UnknownGameClause("symetry".into())
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
            CompileErrorKind::Arity { .. }
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
            CompileErrorKind::Expected { .. }
        ));
        assert!(matches!(
            kind("(turn-variable a) (turn-variable b) (turn-variable c) (turn-variable d) (turn-variable e)"),
            CompileErrorKind::TooMany { what: "turn variables", max: 4 }
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
            CompileErrorKind::Expected { .. }
        ));
        assert!(matches!(
            kind("(loss bored)"),
            CompileErrorKind::Expected { .. }
        ));
        assert!(matches!(
            kind("(fen standard (turn (w White)))"),
            CompileErrorKind::Expected { .. }
        ));
        assert!(matches!(
            kind("(fen standard (pieces (K White King) (K Black King)) (turn (w White)))"),
            CompileErrorKind::Duplicate(..)
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
        let g = game("(pre (let c 0)) (post (check (<= m c)) (check (= c 0)))").unwrap();
        let p = &g.pieces[0].program;
        assert!(p.ops.contains(&Op::Invariant(0)));
        assert_eq!(p.invariants.len(), 1);
        assert_eq!(p.ops.iter().filter(|op| **op == Op::Check).count(), 1);
    }

    #[test]
    fn errors_name_the_problem() {
        assert_eq!(
            error("(move (frobnicate 1))"),
            CompileErrorKind::UnknownForm("frobnicate".into())
        );
        assert_eq!(
            error("(move (check))"),
            CompileErrorKind::Arity {
                form: "check".into(),
                expected: "1 argument".into(),
                found: 0
            }
        );
        assert_eq!(
            error("(pre (end-move))"),
            CompileErrorKind::EndMoveOutsideMove
        );
        assert_eq!(
            error("(move (set! is-empty? 1))"),
            CompileErrorKind::NotAssignable("is-empty?".into(), "part of the board state", "set!")
        );
        assert_eq!(
            error("(post (check (= m is-empty?)))"),
            CompileErrorKind::ImpureInvariant("the board state".into())
        );
        assert_eq!(error("(move (if 1 else else))"), CompileErrorKind::BadElse);
        assert_eq!(
            error("(move (log 3000000000))"),
            CompileErrorKind::Expected {
                expected: "a number from -2147483648 to 2147483647".into(),
                found: "the number 3000000000".into()
            }
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
            CompileErrorKind::Expected { .. }
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
