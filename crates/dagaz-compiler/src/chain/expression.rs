//! Expressions: each compiles to commands that push exactly one value.

use super::{query_op, too_many, ChainCompiler, Name, Result, Stop};
use crate::error::CompileError;
use dagaz_ir::{Op, StrId, Value};
use dagaz_sexpr::Span;
use dagaz_syntax::{Expr, Ident};
use dagaz_vm::env::players::PlayersName;
use dagaz_vm::env::state::{Measure, StateName};

impl ChainCompiler<'_, '_> {
    /// Compiles `expr` to commands that push exactly one value.
    pub(super) fn expression(&mut self, expr: &Expr) -> Result<()> {
        match expr {
            Expr::Int(n, span) => {
                self.emit(Op::Push(Value::Int(*n)), *span);
            }
            Expr::Bool(b, span) => {
                self.emit(Op::Push(Value::Bool(*b)), *span);
            }
            Expr::Str(s, span) => {
                let (index, _) = self.names.strings.insert_full(s.clone());
                let id = u32::try_from(index)
                    .map_err(|_| too_many("strings", u32::MAX as usize, *span))?;
                self.emit(Op::Push(Value::Str(StrId(id))), *span);
            }
            Expr::Name(name) => {
                let op = name_op(self.resolve(name)?);
                self.emit(op, name.span);
            }
            Expr::InZone(zone, span) => {
                let index = self.zone(zone, *span)?;
                self.emit(Op::InZone(index), *span);
            }
            Expr::CountOf(friends, kind, span) => {
                let index =
                    self.names.pieces.get_index_of(&kind.text).ok_or_else(|| {
                        CompileError::unknown("piece type", &kind.text, kind.span)
                    })?;
                let kind = dagaz_ir::PieceKind(index as u8);
                self.emit(
                    Op::CountOf {
                        friends: *friends,
                        kind,
                    },
                    *span,
                );
            }
            Expr::Connected(a, b, span) => {
                let (a, b) = (self.zone(a, *span)?, self.zone(b, *span)?);
                self.emit(Op::Connected(a, b), *span);
            }
            Expr::GroupTouches(zones, span) => self.group_touches(zones, *span)?,
            Expr::Any(alts, span) => {
                self.choice(alts, *span, Expr::span, |c, alt| c.expression(alt))?
            }
            Expr::And(operands, span) => self.and_or(true, operands, *span)?,
            Expr::Or(operands, span) => self.and_or(false, operands, *span)?,
            Expr::Not(operand, span) => {
                self.expression(operand)?;
                self.emit(Op::Not, *span);
            }
            Expr::Add(operands, span) | Expr::Mul(operands, span) | Expr::Sub(operands, span) => {
                let n = self.operands(operands, *span)?;
                // Even with one operand, so that `(+ x)` checks that x is a number.
                let op = match expr {
                    Expr::Add(..) => Op::Add(n),
                    Expr::Mul(..) => Op::Mul(n),
                    _ if n == 1 => Op::Neg,
                    _ => Op::Sub(n),
                };
                self.emit(op, *span);
            }
            Expr::Div(operands, span)
            | Expr::Mod(operands, span)
            | Expr::Compare(_, operands, span) => {
                let [a, b] = operands.as_ref();
                self.expression(a)?;
                self.expression(b)?;
                let op = match expr {
                    Expr::Div(..) => Op::Div,
                    Expr::Mod(..) => Op::Mod,
                    Expr::Compare(compare, ..) => super::cmp(*compare).op(),
                    _ => return Err(Stop::Reported),
                };
                self.emit(op, *span);
            }
            Expr::Error(_) => return Err(Stop::Reported),
        }
        Ok(())
    }

    /// The index of a zone named in an expression.
    fn zone(&self, zone: &Ident, span: Span) -> Result<u16> {
        let index = self
            .names
            .zones
            .zone(&zone.text)
            .ok_or_else(|| CompileError::unknown("zone", &zone.text, zone.span))?;
        Ok(u16::try_from(index).map_err(|_| too_many("zones", u16::MAX as usize, span))?)
    }

    /// `(group-touches? ZONE ...)`: how many of the zones the group touches.
    fn group_touches(&mut self, zones: &[Ident], span: Span) -> Result<()> {
        let n =
            u8::try_from(zones.len()).map_err(|_| too_many("arguments", u8::MAX as usize, span))?;
        for z in zones {
            let index = self.zone(z, span)?;
            self.emit(Op::GroupTouches(index), z.span);
        }
        if n > 1 {
            self.emit(Op::Add(n), span);
        }
        Ok(())
    }

    /// `(and ...)` or `(or ...)`, short-circuit: the result is a boolean; operands are tested
    /// left to right.
    fn and_or(&mut self, is_and: bool, operands: &[Expr], span: Span) -> Result<()> {
        let mut exits = Vec::new();
        for operand in operands {
            self.expression(operand)?;
            if !is_and {
                self.emit(Op::Not, operand.span());
            }
            exits.push(self.emit(Op::JmpIfFalse(0), operand.span()));
        }
        self.emit(Op::Push(Value::Bool(is_and)), span);
        let done = self.emit(Op::Jmp(0), span);
        exits.into_iter().for_each(|e| self.patch_here(e));
        self.emit(Op::Push(Value::Bool(!is_and)), span);
        self.patch_here(done);
        Ok(())
    }
}

/// The command that pushes the value of a resolved name.
fn name_op(name: Name) -> Op {
    match name {
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
        Name::State(StateName::Defended(true)) => Op::IsDefended,
        Name::State(StateName::Defended(false)) => Op::NotDefended,
        Name::State(StateName::GivesCheck) => Op::GivesCheck,
        Name::State(StateName::GivesMate) => Op::GivesMate,
        Name::State(StateName::InCheck) => Op::InCheck,
        Name::State(StateName::CanAnswer) => Op::CanAnswer,
        Name::State(StateName::Measure(m)) => match m {
            Measure::FriendCount => Op::FriendCount,
            Measure::EnemyCount => Op::EnemyCount,
            Measure::LineLength => Op::LineLength,
            Measure::GroupSize => Op::GroupSize,
            Measure::Liberties => Op::Liberties,
            Measure::Encircles => Op::Encircles,
            Measure::Seeds => Op::Seeds,
        },
        Name::Players(PlayersName::Player(p)) => Op::Push(Value::Player(p)),
        Name::Players(PlayersName::CurrentPlayer) => Op::CurrentPlayer,
        Name::Players(PlayersName::NextPlayer) => Op::NextPlayer,
        Name::Players(PlayersName::TurnNumber) => Op::TurnNumber,
        Name::Players(PlayersName::TurnOrder) => Op::TurnOrder,
    }
}
