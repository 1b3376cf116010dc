//! The native back end's code generator: a game's command chains as Rust source.
//!
//! [`library_source`] writes one Rust module for a set of programs: a function per distinct
//! chain (see `chain`), and a table, `CHAINS`, of every chain's commands with its function, of
//! the type `&[dagaz_vm::native::CompiledChain]`. A crate that includes the module hands the
//! table to the engine (`dagaz_engine::Game::attach_native`), which runs a compiled function
//! for each of a game's programs whose commands are those of a table entry, and the
//! interpreter for the others. `dagaz-native` builds the shipped games' table this way when it
//! is compiled.
//!
//! The generated code calls only the processor's public interface for compiled chains
//! (`dagaz_vm::native`): it is safe Rust, and does what the interpreter does command by
//! command; what it gains is the interpreter's fetch and dispatch, and each command's operands
//! folded into its code.

mod chain;
mod deferred;
mod literal;

pub use chain::chain_source;
pub use literal::op_expression;

use dagaz_ir::Program;
use std::fmt::Write;

/// A program of the commands `ops` alone: what the tests write code for.
#[cfg(test)]
pub(crate) fn program_of(ops: Vec<dagaz_ir::Op>) -> Program {
    Program {
        ops,
        ..Program::default()
    }
}

/// What keeps a program from being written as Rust.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CodegenError {
    /// A command's operand of a type this generator cannot spell.
    #[error("cannot write `{name}` in the command `{command}` as Rust")]
    UnknownName {
        /// The name in the command's `Debug` form.
        name: String,
        /// The command, as `Debug` writes it.
        command: String,
    },
}

/// One Rust module holding a compiled function for each distinct chain among `programs`
/// (each named by its label in the comments only), and the table `CHAINS`.
pub fn library_source<'p>(
    programs: impl IntoIterator<Item = (String, &'p Program)>,
) -> Result<String, CodegenError> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// Written by dagaz-codegen: each function runs one command chain as the interpreter would.\n\
         #[allow(unused_imports)]\n\
         use dagaz_ir::{{Cmp, Dir, Op, PieceKind, PlayerId, Pos, StrId, Test, Value}};\n\
         use dagaz_vm::env::state::Query;\n\
         use dagaz_vm::native::{{CompiledChain, Cursor, Flow, GuardConstants}};\n\
         use dagaz_vm::{{Context, GenErrorKind, Processor, Sink}};\n"
    );
    out.push_str(chain::MACROS);
    // The chains written so far (`Op` has no hash: a few hundred chains compare quickly):
    // the commands and the guards, whose constants the code has written in.
    type Written<'p> = (&'p [dagaz_ir::Op], &'p [dagaz_ir::Guard]);
    let mut seen: Vec<Written<'p>> = Vec::new();
    let mut table = String::new();
    for (label, program) in programs {
        let this: Written<'p> = (program.ops.as_slice(), program.guards.as_slice());
        if program.ops.is_empty() || seen.contains(&this) {
            continue;
        }
        let n = seen.len();
        seen.push(this);
        let name = format!("chain_{n}");
        let _ = writeln!(out, "// {label}");
        out.push_str(&chain_source(&name, program)?);
        let _ = writeln!(out, "const OPS_{n}: &[Op] = &[");
        for op in &program.ops {
            let _ = writeln!(out, "    {},", op_expression(op)?);
        }
        let _ = writeln!(out, "];\n");
        let _ = writeln!(out, "const GUARDS_{n}: &[GuardConstants] = &[");
        for guard in &program.guards {
            let values = guard
                .values
                .iter()
                .map(|&v| chain::value_expression(v))
                .collect::<Result<Vec<_>, _>>()?;
            let _ = writeln!(
                out,
                "    GuardConstants {{ slot: {}, values: &[{}], len: {} }},",
                guard.slot,
                values.join(", "),
                guard.len
            );
        }
        let _ = writeln!(out, "];\n");
        let _ = writeln!(
            table,
            "    CompiledChain {{ ops: OPS_{n}, guards: GUARDS_{n}, chain: {name} }},"
        );
    }
    let _ = writeln!(
        out,
        "/// Every compiled chain, with the commands it stands for.\n\
         pub static CHAINS: &[CompiledChain] = &[\n{table}];"
    );
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{Dir, Guard, Op, Value};

    fn slider(dirs: &[u8]) -> Program {
        Program {
            ops: vec![Op::AnyGuarded(0), Op::CheckLocal(0), Op::Complete],
            guards: vec![Guard {
                slot: 0,
                values: dirs.iter().map(|&d| Value::Dir(Dir(d))).collect(),
                len: 1,
            }],
            ..Program::default()
        }
    }

    #[test]
    fn chains_that_differ_in_their_guards_alone_get_a_function_each() {
        let (rook, bishop) = (slider(&[0, 1]), slider(&[4, 5]));
        let source = library_source([
            ("rook".to_string(), &rook),
            ("bishop".to_string(), &bishop),
            ("rook again".to_string(), &rook),
        ])
        .unwrap_or_default();
        for line in [
            "fn chain_0(",
            "fn chain_1(",
            "GuardConstants { slot: 0, values: &[Value::Dir(Dir(0)), Value::Dir(Dir(1))], len: 1 },",
            "GuardConstants { slot: 0, values: &[Value::Dir(Dir(4)), Value::Dir(Dir(5))], len: 1 },",
            "CompiledChain { ops: OPS_1, guards: GUARDS_1, chain: chain_1 },",
        ] {
            assert!(source.contains(line), "{line} not in\n{source}");
        }
        assert!(!source.contains("fn chain_2("), "{source}");
    }
}
