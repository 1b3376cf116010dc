//! The stack machine: the commands ([`Op`]) and the processor that runs a chain with a data
//! stack, choice points and an undo trail.

pub(crate) mod attack;
pub(crate) mod expr;
pub(crate) mod fuse;
mod op;
pub(crate) mod processor;

pub use op::{disassemble, Cmp, Op, Target, Test};
