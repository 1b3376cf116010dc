//! The dagaz stack machine: the processor that runs a piece's command chain from one square,
//! with a data stack, choice points (`any`, `end-move`) and an undo trail, and the run-time
//! environments a chain's names were resolved to (locals, the board state, the players, the
//! globals). `docs/vm.md` describes the machine in full.
//!
//! One design decision: the machine knows nothing of games, game positions or legality. It
//! reads a [`Context`] (the board's topology, the program, the players' answers) and talks to
//! the rest only through the [`Sink`]: completed moves go out, attack tests are asked. Every
//! path is explored depth first, and backtracking undoes the board and the locals from the
//! trail, so a run leaves the board as it found it.
//!
//! A piece on a one-row board that steps east once, or twice: one choice point, two moves.
//!
//! ```
//! use dagaz_ir::{Action, Board, Op, Piece, PieceKind, PlayerId, Program, Value, Zones};
//! use dagaz_vm::env::{global::Globals, players::Players};
//! use dagaz_vm::{Attack, Completed, Context, GenErrorKind, StepLimits, Processor, Sink};
//!
//! /// Keeps the notation and the actions of each completed move.
//! #[derive(Default)]
//! struct Collect(Vec<(Vec<Value>, Vec<Action>)>);
//!
//! impl Sink for Collect {
//!     fn complete(&mut self, _: &mut Globals, done: Completed<'_>) -> Result<u64, GenErrorKind> {
//!         self.0.push((done.log.to_vec(), done.actions.to_vec()));
//!         Ok(self.0.len() as u64 - 1)
//!     }
//!     fn attacked(
//!         &mut self,
//!         _: Attack<'_>,
//!         _: &mut Vec<Option<Piece>>,
//!     ) -> Result<bool, GenErrorKind> {
//!         Ok(false) // no piece of this game asks
//!     }
//!     // Only a chain with `NoMoves` withdraws a move; this one has none.
//!     fn cancel(&mut self, _serial: u64) {}
//! }
//!
//! let names = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
//! let mut board = Board::new("row", vec![names("a b c"), names("1")])?;
//! let east = board.add_direction("e", &[1, 0])?;
//! let at = |name| board.position(name).ok_or(name);
//! let (a1, b1, c1) = (at("a1")?, at("b1")?, at("c1")?);
//!
//! let ops = vec![
//!     Op::CheckFriend,  // 0: only from a square the mover holds
//!     Op::Take,         // 1
//!     Op::Nav(east),    // 2
//!     Op::CheckEmpty,   // 3
//!     Op::Fork(6),      // 4: finish here now, or resume at 6 on backtracking
//!     Op::Jmp(8),       // 5
//!     Op::Nav(east),    // 6
//!     Op::CheckEmpty,   // 7
//!     Op::Position,     // 8
//!     Op::Log(1),       // 9: the notation is where the piece lands
//!     Op::Drop,         // 10
//!     Op::Complete,     // 11: hand the move to the sink, then backtrack
//! ];
//! let program = Program { run: dagaz_vm::fuse::fuse(&ops), ops, ..Program::default() };
//!
//! let man = Piece::new(PlayerId(0), PieceKind(0));
//! let mut processor = Processor::default();
//! processor.state.cells = board.positions().map(|p| (p == a1).then_some(man)).collect();
//! processor.state.captured = vec![false; board.len()];
//!
//! let (zones, strings) = (Zones::new(1, board.len()), Default::default());
//! let players = Players::new(PlayerId(0), PlayerId(0), 0);
//! let cx = Context {
//!     board: &board,
//!     zones: &zones,
//!     strings: &strings,
//!     program: &program,
//!     players: &players,
//!     symmetry: &[],
//!     limits: StepLimits::default(),
//!     native: None,
//! };
//! let mut moves = Collect::default();
//! processor.run(&cx, a1, &mut moves).map_err(|fault| fault.kind)?;
//!
//! let logs: Vec<&[Value]> = moves.0.iter().map(|(log, _)| log.as_slice()).collect();
//! assert_eq!(logs, [[Value::Pos(b1)], [Value::Pos(c1)]]);
//! let (_, actions) = moves.0.last().ok_or("no move")?;
//! let drop = Action::Drop { at: c1, piece: man, replaced: None };
//! assert_eq!(actions, &[Action::Take { at: a1, piece: man }, drop]);
//! // The run leaves no trace: the man is back on a1 and the hand is empty.
//! assert_eq!(processor.state.cells.get(a1.index()), Some(&Some(man)));
//! assert_eq!(processor.state.hand, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This crate is a layer, not an API boundary: `dagaz-engine` runs the processor and
//! `dagaz-compiler` resolves names with the compile-time halves of [`env`](mod@env) and builds
//! superinstructions with [`fuse`](mod@fuse). Items are public because one of them needs them
//! (the docs say so where that is the only reason), and they change with those crates' needs.
//! Embedders use `dagaz-engine`.

#![warn(missing_docs)]

pub mod env;
mod error;
mod expr;
pub mod fuse;
pub mod native;
mod processor;

pub use error::{GenErrorKind, Internal};
pub use processor::{
    eval_invariant, Attack, Completed, Context, Fault, Processor, Question, Sink, StepLimits,
};
