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
mod literal;

pub use chain::chain_source;
pub use literal::op_expression;

use dagaz_ir::Program;
use std::fmt::Write;

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
         use dagaz_vm::native::{{CompiledChain, Cursor, Flow}};\n\
         use dagaz_vm::{{Context, GenErrorKind, Processor, Sink}};\n"
    );
    out.push_str(chain::MACROS);
    // The chains written so far (`Op` has no hash: a few hundred chains compare quickly).
    let mut seen: Vec<&[dagaz_ir::Op]> = Vec::new();
    let mut table = String::new();
    for (label, program) in programs {
        if program.ops.is_empty() || seen.contains(&program.ops.as_slice()) {
            continue;
        }
        let n = seen.len();
        seen.push(program.ops.as_slice());
        let name = format!("chain_{n}");
        let _ = writeln!(out, "// {label}");
        out.push_str(&chain_source(&name, program)?);
        let _ = writeln!(out, "const OPS_{n}: &[Op] = &[");
        for op in &program.ops {
            let _ = writeln!(out, "    {},", op_expression(op)?);
        }
        let _ = writeln!(out, "];\n");
        let _ = writeln!(
            table,
            "    CompiledChain {{ ops: OPS_{n}, chain: {name} }},"
        );
    }
    let _ = writeln!(
        out,
        "/// Every compiled chain, with the commands it stands for.\n\
         pub static CHAINS: &[CompiledChain] = &[\n{table}];"
    );
    Ok(out)
}
