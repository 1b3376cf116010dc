//! Statements: each compiles to commands that leave the stack as they found it.

use super::{is_true_literal, too_many, ChainCompiler, Name, Result, Stop};
use crate::error::CompileError;
use dagaz_ir::Op;
use dagaz_sexpr::Span;
use dagaz_syntax::{Block, Expr, Ident, Keyword, Stmt};
use dagaz_vm::env::state::StateName;

impl ChainCompiler<'_, '_> {
    pub(super) fn statement(&mut self, stmt: &Stmt) -> Result<()> {
        match stmt {
            Stmt::Expr(expr) => self.bare_expression(expr),
            // `(check (any a b))` is `(any (check a) (check b))`: each alternative then
            // compiles to one command such as `Nav`.
            Stmt::Check(Expr::Any(alts, _), span) => {
                self.choice(alts, *span, Expr::span, |c, alt| c.check(alt, *span))
            }
            Stmt::Check(arg, span) => self.check(arg, *span),
            Stmt::NoMoves(span) => {
                self.emit(Op::NoMoves, *span);
                Ok(())
            }
            Stmt::Let(name, value, span) => self.let_statement(name, value, *span),
            Stmt::Set(target, value, span) => {
                let op = self.assignable(target, Keyword::Set)?;
                self.expression(value)?;
                self.emit(op, *span);
                Ok(())
            }
            Stmt::Inc(target, amount, span) => self.increment(1, target, amount.as_ref(), *span),
            Stmt::Dec(target, amount, span) => self.increment(-1, target, amount.as_ref(), *span),
            Stmt::While(cond, body, span) => self.while_loop(cond, body, *span),
            Stmt::If(cond, then, otherwise, span) => {
                self.if_else(cond, then, otherwise.as_ref(), *span)
            }
            Stmt::Seq(body, _) => {
                self.scoped_block(&body.stmts);
                Ok(())
            }
            Stmt::EndMove(span) => {
                let fork = self.emit(Op::EndMove(0), *span);
                let jump = self.emit(Op::Jmp(0), *span);
                self.to_post.push(jump);
                self.patch_here(fork);
                Ok(())
            }
            // Each alternative is a block of its own: its `let`s end with it.
            Stmt::Any(alts, span) => self.choice(
                alts,
                *span,
                |b| b.span,
                |c, alt| {
                    c.scoped_block(&alt.stmts);
                    Ok(())
                },
            ),
            Stmt::Error(_) => Err(Stop::Reported),
            _ => self.board_statement(stmt),
        }
    }

    /// A bare expression as a statement.
    fn bare_expression(&mut self, expr: &Expr) -> Result<()> {
        // A bare position or direction as a statement goes there (failing off the
        // board), as `check` would; any other bare value is computed and dropped.
        if let Expr::Name(name) = expr {
            if let Name::State(StateName::Position(_) | StateName::Direction(_)) =
                self.resolve(name)?
            {
                return self.check(expr, name.span);
            }
        }
        self.expression(expr)?;
        self.emit(Op::Pop, expr.span());
        Ok(())
    }

    /// `(let NAME VALUE)`.
    fn let_statement(&mut self, name: &Ident, value: &Expr, span: Span) -> Result<()> {
        // The value first, so `(let x (+ x 1))` reads the outer x; the stores are
        // patched with the slot once it is declared. `(let x (any a b))` stores in
        // each alternative, so constant alternatives become one command each.
        let mut stores = Vec::new();
        let value = match value {
            Expr::Any(alts, _) => self.choice(alts, span, Expr::span, |c, alt| {
                stores.push(c.store_value(alt, span)?);
                Ok(())
            }),
            _ => self.store_value(value, span).map(|at| stores.push(at)),
        };
        // Declared even when its value had an error, so that the reads after it are
        // not taken for globals.
        let slot = self.declare(name, span)?;
        value?;
        for at in stores {
            if let Some(Op::LocalSet(s) | Op::LocalConst(s, _) | Op::LocalConstJmp(s, _, _)) =
                self.ops.get_mut(at)
            {
                *s = slot;
            }
        }
        Ok(())
    }

    /// `(while COND BODY ...)`.
    fn while_loop(&mut self, cond: &Expr, body: &Block, span: Span) -> Result<()> {
        let top = self.here();
        let exits = if is_true_literal(cond) {
            Vec::new()
        } else {
            self.jump_unless(cond)?
        };
        self.scoped_block(&body.stmts);
        self.emit(Op::Jmp(top), span);
        exits.into_iter().for_each(|e| self.patch_here(e));
        Ok(())
    }

    /// `(if COND THEN [ELSE])`.
    fn if_else(
        &mut self,
        cond: &Expr,
        then: &Block,
        otherwise: Option<&Block>,
        span: Span,
    ) -> Result<()> {
        let skip_then = self.jump_unless(cond)?;
        self.scoped_block(&then.stmts);
        match otherwise {
            Some(body) => {
                let skip_else = self.emit(Op::Jmp(0), span);
                skip_then.into_iter().for_each(|e| self.patch_here(e));
                self.scoped_block(&body.stmts);
                self.patch_here(skip_else);
            }
            None => skip_then.into_iter().for_each(|e| self.patch_here(e)),
        }
        Ok(())
    }

    /// The statements that change the position or the move: each one command after its
    /// operands.
    fn board_statement(&mut self, stmt: &Stmt) -> Result<()> {
        let (op, span) = match stmt {
            Stmt::Take(span) => (Op::Take, span),
            Stmt::Visit(span) => (Op::Visit, span),
            Stmt::Part(span) => (Op::Part, span),
            Stmt::Drop(span) => (Op::Drop, span),
            Stmt::Capture(span) => (Op::Capture, span),
            Stmt::CaptureGroup(span) => (Op::CaptureGroup, span),
            Stmt::CaptureLater(span) => (Op::CaptureLater, span),
            Stmt::AnotherTurn(span) => (Op::AnotherTurn, span),
            Stmt::Promote(kind, span) => return self.promote(kind, *span),
            Stmt::SetAttr(name, value, span) => {
                let bit = self
                    .names
                    .attributes
                    .get_index_of(&name.text)
                    .ok_or_else(|| CompileError::unknown("attribute", &name.text, name.span))?;
                self.expression(value)?;
                (Op::SetAttr(bit as u8), span)
            }
            Stmt::MovePiece(to, span) => {
                self.expression(to)?;
                (Op::MovePiece, span)
            }
            Stmt::CyclePieces(positions, span) => {
                (Op::CyclePieces(self.operands(positions, *span)?), span)
            }
            Stmt::MoveTile(dir, span) => {
                self.expression(dir)?;
                (Op::MoveTile, span)
            }
            Stmt::Create(kind, player, span) => {
                self.expression(kind)?;
                self.expression(player)?;
                (Op::Create(self.names.default_attrs), span)
            }
            Stmt::SetOwner(owner, span) => {
                self.expression(owner)?;
                (Op::SetOwner, span)
            }
            Stmt::SetSeeds(n, span) => {
                self.expression(n)?;
                (Op::SetSeeds, span)
            }
            Stmt::Weight(n, span) => {
                self.expression(n)?;
                (Op::Weight, span)
            }
            Stmt::TurnTo(player, span) => {
                self.expression(player)?;
                (Op::TurnTo, span)
            }
            Stmt::Log(values, span) => (Op::Log(self.operands(values, *span)?), span),
            // `statement` compiles the others.
            _ => return Err(Stop::Reported),
        };
        self.emit(op, *span);
        Ok(())
    }

    /// `(promote KIND)`.
    fn promote(&mut self, kind: &Expr, span: Span) -> Result<()> {
        // A piece name is one command; anything else (`(any Queen Rook)`, a local) is
        // computed and must give a piece type at run time.
        match kind {
            Expr::Name(name) if !self.is_local(&name.text) => {
                let kind =
                    self.names.pieces.get_index_of(&name.text).ok_or_else(|| {
                        CompileError::unknown("piece type", &name.text, name.span)
                    })?;
                self.emit(Op::Promote(dagaz_ir::PieceKind(kind as u8)), span);
            }
            _ => {
                self.expression(kind)?;
                self.emit(Op::PromoteTo, span);
            }
        }
        Ok(())
    }

    /// Compiles each of `values`, pushing one value each: their count, for the command that
    /// takes them.
    pub(super) fn operands(&mut self, values: &[Expr], span: Span) -> Result<u8> {
        let n = u8::try_from(values.len())
            .map_err(|_| too_many("arguments", u8::MAX as usize, span))?;
        values.iter().try_for_each(|v| self.expression(v))?;
        Ok(n)
    }
}
