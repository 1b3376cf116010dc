//! A chain as text, one command a line, for people reading what the compiler made.

use crate::op::{op_name, Op};
use crate::program::Program;
use crate::value::{Dir, PieceKind, Pos, Value};
use std::fmt::Write;

/// The names a disassembly restores: the compiled game knows them, a program alone does not
/// (it keeps only its locals' names). The compiled rules of `dagaz-compiler` implement it; a
/// name they cannot find is best answered with a placeholder such as `"?"`, so that a listing
/// still prints.
pub trait Names {
    /// A constant as the game's text would write it (strings quoted).
    fn value(&self, value: Value) -> String;
    /// The global variable in slot `slot`, as the game names it.
    fn global(&self, slot: u16) -> &str;
    /// The direction's name, as the game declares it (before player symmetry).
    fn direction(&self, dir: Dir) -> &str;
    /// A position as notation writes it (its number on a numbered board).
    fn position(&self, pos: Pos) -> String;
    /// The zone's name.
    fn zone(&self, zone: u16) -> &str;
    /// The name of the attribute in bit `bit` of [`Piece::attrs`](crate::Piece::attrs).
    fn attribute(&self, bit: u8) -> &str;
    /// The turn variable's name.
    fn turn_variable(&self, slot: u8) -> &str;
    /// The piece type's name.
    fn piece(&self, kind: PieceKind) -> &str;
}

/// A readable listing of a chain, one command a line, with names restored: `; clause …` lines
/// where each clause starts, then each command of `ops` (never the superinstructions of `run`)
/// with its index, as `docs/vm.md` section 9 shows. Jump targets stay indices.
pub fn disassemble(program: &Program, names: &dyn Names) -> String {
    let mut out = String::new();
    let mut clauses = program.clauses.iter().peekable();
    for (pc, op) in program.ops.iter().enumerate() {
        while let Some((_, clause)) = clauses.next_if(|(start, _)| *start as usize <= pc) {
            let _ = writeln!(out, "; {clause}");
        }
        let text = op_text(program, names, op);
        let _ = writeln!(out, "{pc:4}  {text}");
    }
    out
}

/// One command's text in the listing: its name and its operands, with names restored.
fn op_text(program: &Program, names: &dyn Names, op: &Op) -> String {
    match *op {
        Op::Push(v) => format!("Push {}", names.value(v)),
        Op::LocalGet(s)
        | Op::LocalSet(s)
        | Op::LocalAdd(s, _)
        | Op::LocalConst(s, _)
        | Op::LocalConstJmp(s, _, _)
        | Op::CheckLocal(s) => {
            let name = program.locals.get(s as usize).map_or("?", String::as_str);
            match op {
                Op::LocalConstJmp(_, v, t) => {
                    format!("LocalConstJmp {s} ({name}) {} {t}", names.value(*v))
                }
                Op::LocalAdd(_, n) => format!("LocalAdd {s} ({name}) {n}"),
                Op::LocalConst(_, v) => format!("LocalConst {s} ({name}) {}", names.value(*v)),
                _ => format!("{} {s} ({name})", op_name(op)),
            }
        }
        Op::GlobalGet(s) | Op::GlobalSet(s) => {
            format!("{} {s} ({})", op_name(op), names.global(s))
        }
        Op::GlobalAdd(s, n) => format!("GlobalAdd {s} ({}) {n}", names.global(s)),
        Op::Nav(d) => format!("Nav {}", names.direction(d)),
        Op::Goto(p) => format!("Goto {}", names.position(p)),
        Op::Add(n) | Op::Sub(n) | Op::Mul(n) | Op::Log(n) | Op::CyclePieces(n) => {
            format!("{} {n}", op_name(op))
        }
        Op::Jmp(t) | Op::JmpIfFalse(t) | Op::Fork(t) | Op::EndMove(t) => {
            format!("{} {t}", op_name(op))
        }
        Op::InZone(z) => format!("InZone {}", names.zone(z)),
        Op::Connected(a, b) => format!("Connected {} {}", names.zone(a), names.zone(b)),
        Op::GroupTouches(z) => format!("GroupTouches {}", names.zone(z)),
        Op::AttrAt(a) | Op::SetAttr(a) => {
            format!("{} {a} ({})", op_name(op), names.attribute(a))
        }
        Op::TurnGet(t) | Op::TurnSet(t) => {
            format!("{} {t} ({})", op_name(op), names.turn_variable(t))
        }
        Op::JmpUnlessLocal(s, cmp, n, t) => {
            let name = program.locals.get(s as usize).map_or("?", String::as_str);
            format!("JmpUnlessLocal {s} ({name}) {} {n} {t}", op_name(&cmp.op()))
        }
        Op::Promote(k) => format!("Promote {}", names.piece(k)),
        Op::CountOf { friends, kind } => format!(
            "CountOf {} {}",
            if friends { "friends" } else { "enemies" },
            names.piece(kind)
        ),
        Op::Invariant(i) => format!("Invariant {i}"),
        Op::AnyGuarded(g) => match program.guards.get(g as usize) {
            Some(guard) => {
                let name = program
                    .locals
                    .get(guard.slot as usize)
                    .map_or("?", String::as_str);
                let values: Vec<String> = guard.values.iter().map(|&v| names.value(v)).collect();
                format!(
                    "AnyGuarded {} ({name}) {} guard {}",
                    guard.slot,
                    values.join(" "),
                    guard.len
                )
            }
            None => "AnyGuarded ?".to_string(),
        },
        _ => op_name(op),
    }
}
