//! The typed front end of dagaz: a game file's forms as a syntax tree with spans.
//!
//! One design decision: lowering never stops at an error. [`parse`] turns the reader's
//! [`Node`]s into a [`File`] — boards, pieces, macros and the game, with every statement
//! ([`Stmt`]) and expression ([`Expr`]) a variant of its own and every macro use expanded — and
//! a list of [`SyntaxError`]s in source order. A form that cannot be lowered becomes an `Error`
//! placeholder (or is left out), its error is recorded, and lowering goes on with the next one,
//! so one pass finds every shape error of a file. Each keyword of the language is written once,
//! in [`Keyword`].
//!
//! ```
//! use dagaz_syntax::{parse, Expr, Stmt};
//!
//! let text = r#"
//!     (define step (d) (check d) (check is-empty?))
//!     (piece (name Man) (move (step nw) (frobnicate 1)))
//!     (game (name "t") (players (White (Man a1))) (symetry White))"#;
//! let nodes = dagaz_sexpr::read(text).unwrap();
//! let (file, errors) = parse(&nodes);
//!
//! // The macro is expanded: the move clause starts with its two statements.
//! let man = file.pieces().next().unwrap();
//! let Stmt::Check(Expr::Name(dir), _) = &man.moves[0].stmts[0] else { panic!() };
//! assert_eq!(dir.text, "nw");
//! assert!(matches!(man.moves[0].stmts[2], Stmt::Expr(Expr::Error(_))));
//!
//! // Both mistakes are reported, in the order of the text.
//! let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
//! assert_eq!(messages[0], "unknown form `frobnicate`");
//! assert!(messages[1].starts_with("unknown clause `symetry` in `game`"));
//! assert_eq!(errors.len(), 2);
//! ```

#![warn(missing_docs)]

mod error;
mod include;
mod keyword;
mod lower;
mod macros;
mod options;
mod shape;
mod tree;

#[cfg(test)]
mod tests;

pub use error::{SyntaxError, SyntaxErrorKind};
pub use include::{has_includes, resolve_includes, MAX_INCLUDE_DEPTH};
pub use keyword::Keyword;
pub use lower::{player, MAX_NESTING, MAX_OPERANDS};
pub use macros::{MAX_EXPANDED_FORMS, MAX_EXPANSION_DEPTH};
pub use tree::{
    Attribute, Block, Board, BoardRef, BoardStyle, CapturesToHand, Colour, Compare, Define,
    Direction, EndScore, Endgame, Evaluation, Expr, Fen, FenCastling, FenCount, FenPiece, FenRanks,
    File, Formation, Game, Goal, GoalCondition, GoalProgram, HandEntry, Ident, Int, Item, Letter,
    Link, Material, MoveNotation, Outcome, Pass, PdnFen, Piece, PieceGroup, PieceShape, PieceTable,
    PieceView, Player, Players, Search, Seeds, SideCount, StandardFen, Stmt, Superko, Symmetry,
    TurnVariable, Turns, UniqueMoves, View, Zone,
};

use dagaz_sexpr::Node;

/// Lowers the top-level forms of a game file to its syntax tree, with every error found, in the
/// order of the text (a mistake inside a macro's body is reported once, where it is written).
/// It never stops at an error and never panics.
pub fn parse(nodes: &[Node]) -> (File, Vec<SyntaxError>) {
    lower::Lower::new().file(nodes)
}
