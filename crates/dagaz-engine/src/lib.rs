//! The dagaz engine: load a game written in the dagaz language, list the legal moves of a
//! position, play them, read and write positions as FEN, and count perft.
//!
//! A [`Game`] is compiled once from its text; each piece type's rules become a command chain
//! for a stack machine whose `any` and `end-move` are choice points, and a [`MoveGen`] runs
//! those chains from every square (keeping the broken invariants, such as the majority rule of
//! draughts, honest, and dropping moves that leave a royal piece attacked). Positions are plain
//! values ([`Position`]); moves are lists of [`Action`]s with their notation ([`Move`]). The
//! machine itself stays inside: nothing here needs to know about it.
//!
//! ```
//! use dagaz_engine::{Counting, Game, MoveGen, Perft};
//!
//! // A 4x4 draughts game: men step and capture diagonally forwards.
//! let game = Game::load(
//!     r#"(board (name b) (dim "a-d") (dim "4-1")
//!           (dir (name nw) -1 -1) (dir (name ne) 1 -1) (dir (name sw) -1 1) (dir (name se) 1 1))
//!        (piece (name Man)
//!           (pre (check is-friend?) (take) (log position))
//!           (move (check (any nw ne)) (check is-empty?))
//!           (move (let d (any nw ne)) (check d) (check is-enemy?) (capture)
//!                 (check d) (check is-empty?))
//!           (post (log "-" position) (drop)))
//!        (piece (name King))
//!        (game (name "Mini draughts") (board b) (loss no-moves)
//!           (players (White (Man a1 c1)) (Black (Man b4 d4)))
//!           (symmetry Black (nw sw) (ne se) (sw nw) (se ne))
//!           (fen pdn (W White) (B Black) (man Man) (king King)))"#,
//! )?;
//!
//! let mut gen = MoveGen::default();
//! let mut position = game.initial_position();
//! let moves = gen.moves(&game, &position)?;
//! let names: Vec<String> = moves.iter().map(|m| m.notation(&game)).collect();
//! assert_eq!(names, ["a1-b2", "c1-b2", "c1-d2"]);
//!
//! position.play(&game, &moves[0]);
//! let fen = "B:Wc1,b2:Bb4,d4";
//! assert_eq!(game.to_fen(&position).as_deref(), Some(fen));
//! let read = game.from_fen(fen)?;
//! assert_eq!(gen.moves(&game, &read)?, gen.moves(&game, &position)?);
//!
//! let mut perft = Perft::new(&game, MoveGen::default(), Counting::Bulk);
//! assert_eq!(perft.count(&mut game.initial_position(), 3)?, 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod boards;
mod chance;
mod check;
mod disassembly;
mod ending;
mod error;
mod fault;
mod fen;
mod legality;
mod model;
mod movegen;
mod moves;
mod notation;
mod open;
mod pdn;
mod perft;
mod position;
mod san;
mod setup;
#[cfg(test)]
mod shipped;
mod shuffle;
mod validate;

pub use chance::{pick, probabilities, total_weight, Probability, Rng};
pub use check::{check, check_and_load, check_with, Problem, Severity, END_OF_TEXT};
/// "Did you mean": the name nearest a misspelt one, for every front end's messages.
pub use dagaz_compiler::nearest;
pub use dagaz_compiler::{
    AttackTest, Castling, EvalScore, Evaluation, FenError, FenSpec, Formation, Goal, GoalCondition,
    HistoryGoal, HistoryRule, Material, MaterialSums, Outcome, PdnSpec, SearchPreference,
    SideCount, Stage, StandardFen, DEFAULT_MOBILITY, DEFAULT_PIECE_VALUE,
};
pub use dagaz_compiler::{BoardStyle, Colours, PieceLook, PieceShape, View};
pub use dagaz_ir::{
    Action, Board, Clause, Dir, Piece, PieceKind, PlayerId, Pos, StrId, Value, ValueType,
    MAX_TURN_VARIABLES,
};
pub use ending::{by_score, counted, score, EndReason, Ending};
pub use error::{
    CompileError, CompileErrorKind, GenError, GenErrorKind, Internal, LoadError, SetupError,
    SetupErrorKind,
};
pub use model::Game;
pub use movegen::{MoveGen, StepLimits};
pub use moves::Move;
pub use notation::{
    match_move, match_notation, reading_order, render_value, sort_for_reading, MoveMatchError,
};
pub use open::{GameSource, OpenError, ReadFileError, Texts, MAX_GAME_TEXT};
#[cfg(feature = "parallel")]
pub use perft::ParallelPerft;
pub use perft::{Counting, Perft};
pub use position::{PlayUndo, Position};
pub use san::{san, san_all, san_without_suffix, written};
