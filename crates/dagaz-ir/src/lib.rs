//! The intermediate representation of dagaz: what the compiler produces and the stack machine
//! runs, with no knowledge of game files, positions or text formats.
//!
//! One design decision: every name of a game has become an index here. A [`Pos`] is a board
//! position, a [`Dir`] a direction, a [`Value`] an 8-byte `Copy` value, and a [`Program`] a
//! flat chain of [`Op`]s whose operands are slots, positions and jump targets. A [`Board`] is
//! the topology those positions and directions index: for each direction a link table, so a
//! step is one load. Names live on only for listings ([`Names`], [`disassemble`]).
//!
//! ```
//! use dagaz_ir::{Board, Pos};
//!
//! let names = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
//! let mut board = Board::new("tiny", vec![names("a b c"), names("3 2 1")])?;
//! let north = board.add_direction("n", &[0, -1])?;
//! let a1 = board.position("a1").ok_or("no a1")?;
//! assert_eq!(board.step(north, a1).map(|p| board.position_name(p)), Some("a2"));
//! assert_eq!(board.step(north, Pos(0)), None); // a3 is on the edge
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate is a layer, not an API boundary: `dagaz-compiler` writes these types,
//! `dagaz-vm` runs them and `dagaz-engine` reads them. Items are public because one of those
//! crates needs them (the docs say so where that is the only reason), and they change with
//! those crates' needs; embedders use `dagaz-engine`.

#![warn(missing_docs)]

mod action;
mod board;
mod disassembly;
mod op;
mod parts;
mod program;
mod reach;
mod value;
mod zones;

pub use action::{landing, same_actions, unordered_hash, value_code, Action, OnBoard};
pub use board::{Board, TopologyError, MAX_DIRECTIONS, MAX_POSITIONS};
pub use disassembly::{disassemble, Names};
pub use op::{Cmp, Op, Target, Test};
pub use parts::{Clause, Guard, Parts};
pub use program::{Invariant, Program};
pub use reach::{ClauseRays, Ray, Reach, Whole};
pub use value::{
    Dir, Int, Piece, PieceKind, PlayerId, Pos, StrId, Value, ValueType, MAX_ATTRIBUTES,
    MAX_TURN_VARIABLES, MAX_WEIGHT,
};
pub use zones::Zones;
