//! The compiled game: board, players, piece types with their programs, and the start position.

mod board;
mod zones;

pub use board::Board;
pub use zones::Zones;

use crate::position::Position;
use crate::value::{Dir, PieceKind, PlayerId, StrId};
use crate::vm::Op;
use dagaz_sexpr::Span;
use indexmap::IndexSet;
use std::fmt;

/// Which clause of a piece a command came from, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clause {
    Pre,
    /// The n-th `move` clause, counting from 1.
    Move(u16),
    Post,
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Clause::Pre => f.write_str("clause pre"),
            Clause::Move(n) => write!(f, "clause move #{n}"),
            Clause::Post => f.write_str("clause post"),
        }
    }
}

/// A check in `post` that reads a global: its condition is the command range `start..end`, which
/// reads only locals, globals and constants, so it can be evaluated again later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invariant {
    pub start: u32,
    pub end: u32,
}

/// One piece type's command chain: `pre`, then a choice among the `move` clauses, then `post`.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub ops: Vec<Op>,
    /// The source span of each command (a side table, so the commands themselves stay small).
    pub spans: Vec<Span>,
    /// Where each clause starts, in command order.
    pub clauses: Vec<(u32, Clause)>,
    /// Names of the local slots, for the disassembly.
    pub locals: Vec<String>,
    pub invariants: Vec<Invariant>,
    pub guards: Vec<Guard>,
}

/// `(let V (any K1 ... Kn))` followed by checks (`AnyGuarded`): the constants to try in turn,
/// the local they go to, and how many guard commands follow the `AnyGuarded` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Guard {
    pub slot: u16,
    pub values: Vec<crate::value::Value>,
    pub len: u32,
}

impl Program {
    /// The clause that holds command `pc`.
    pub fn clause_at(&self, pc: usize) -> Clause {
        self.clauses
            .iter()
            .take_while(|(start, _)| *start as usize <= pc)
            .last()
            .map_or(Clause::Pre, |&(_, c)| c)
    }

    pub fn span_at(&self, pc: usize) -> Span {
        self.spans.get(pc).copied().unwrap_or_default()
    }
}

#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    pub program: Program,
}

/// A loaded and compiled game.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) name: String,
    pub(crate) board: Board,
    /// Player names in turn order.
    pub(crate) players: IndexSet<String>,
    /// `symmetry[player][dir]`: the direction a player actually moves in when the game says `dir`.
    pub(crate) symmetry: Vec<Vec<Dir>>,
    pub(crate) pieces: Vec<PieceType>,
    pub(crate) strings: IndexSet<String>,
    pub(crate) globals: IndexSet<String>,
    pub(crate) zones: Zones,
    /// `(unique-moves paths)`: moves with the same actions are one move only when their notation
    /// (which records the path) is the same too.
    pub(crate) unique_by_path: bool,
    /// How the game's positions are written as PDN FEN, when it says so.
    pub(crate) pdn: Option<crate::pdn::PdnSpec>,
    pub(crate) initial: Position,
}

impl Game {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The start position given by the `players` clause.
    pub fn initial_position(&self) -> Position {
        self.initial.clone()
    }

    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    pub fn player(&self, name: &str) -> Option<PlayerId> {
        self.players.get_index_of(name).map(|i| PlayerId(i as u8))
    }

    pub fn player_name(&self, player: PlayerId) -> &str {
        self.players
            .get_index(player.index())
            .map_or("?", String::as_str)
    }

    /// The player after `player` in turn order.
    pub fn next_player(&self, player: PlayerId) -> PlayerId {
        let n = self.players.len().max(1);
        PlayerId(((player.index() + 1) % n) as u8)
    }

    pub fn piece_kind(&self, name: &str) -> Option<PieceKind> {
        self.pieces
            .iter()
            .position(|p| p.name == name)
            .map(|i| PieceKind(i as u8))
    }

    pub fn piece_types(&self) -> &[PieceType] {
        &self.pieces
    }

    pub fn piece_name(&self, kind: PieceKind) -> &str {
        self.pieces
            .get(kind.index())
            .map_or("?", |p| p.name.as_str())
    }

    pub fn string(&self, id: StrId) -> &str {
        self.strings
            .get_index(id.index())
            .map_or("", String::as_str)
    }

    pub fn global_name(&self, slot: u16) -> &str {
        self.globals
            .get_index(slot as usize)
            .map_or("?", String::as_str)
    }

    pub fn zones(&self) -> &Zones {
        &self.zones
    }

    pub fn global_count(&self) -> usize {
        self.globals.len()
    }
}
