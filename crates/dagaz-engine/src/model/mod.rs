//! The compiled game: board, players, piece types with their programs, and the start position.

use crate::evaluation::Evaluation;
use crate::formats::FenSpec;
use crate::goals::{Goal, HistoryGoal};
use crate::moves::Move;
use crate::position::{PlayUndo, Position};
use dagaz_ir::{Board, Dir, PieceKind, PlayerId, Program, StrId, Zones};
use dagaz_sexpr::Span;
use indexmap::IndexSet;

#[derive(Clone, Debug)]
pub struct PieceType {
    pub name: String,
    pub program: Program,
    /// How a `log` of this piece type is written (`(notation "q")`); its name otherwise.
    pub notation: Option<String>,
    /// Where the type is named in its `(piece (name ...))` form.
    pub span: Span,
}

/// How `is-attacked?` and the royal rule find out whether a position is attacked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AttackTest {
    /// Every enemy piece's chain is run as if it were the enemy's turn, and the position is
    /// attacked when one of its moves captures there. Exact for any game.
    #[default]
    Forward,
    /// `(attacks reversible)`: each piece type's chain is run backwards, from the attacked
    /// position as the defender's piece; the position is attacked when such a move captures an
    /// enemy piece of that same type. The game promises that its moves are reversible (a piece
    /// that can capture from A to B would, standing on B, capture from B to A).
    Reversible,
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
    /// How the game's positions are written as FEN, when it says so.
    pub(crate) fen: Option<FenSpec>,
    /// Attribute names (`(attribute never-moved true)`), one bit each, and the bits a newly
    /// placed piece has.
    pub(crate) attributes: IndexSet<String>,
    pub(crate) default_attrs: u8,
    /// Turn variables (`(turn-variable en-passant)`): values a move leaves for the next turn.
    pub(crate) turn_variables: IndexSet<String>,
    /// `royal[kind]`: a move that leaves such a piece of the mover attacked is not legal.
    pub(crate) royal: Vec<bool>,
    pub(crate) attacks: AttackTest,
    pub(crate) goals: Vec<Goal>,
    /// Goals that look at the game's history (repetition, quiet moves).
    pub(crate) history_goals: Vec<HistoryGoal>,
    /// How positions are judged: piece values, tables, mobility.
    pub(crate) evaluation: Evaluation,
    pub(crate) initial: Position,
}

impl Game {
    /// The Players environment's answers for a generation in `position`.
    pub(crate) fn players_env(&self, position: &Position) -> dagaz_vm::env::players::Players {
        let current = position.to_move();
        dagaz_vm::env::players::Players::new(
            current,
            self.next_player(current),
            position.turns_played(),
        )
    }

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
        let next = player.index() + 1;
        // `%` only when it is needed: a division is slow, and this is asked for every run.
        PlayerId(match next {
            _ if next < n => next as u8,
            _ if next == n => 0,
            _ => (next % n) as u8,
        })
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

    pub fn is_royal(&self, kind: PieceKind) -> bool {
        self.royal.get(kind.index()).copied().unwrap_or(false)
    }

    pub fn has_royal_pieces(&self) -> bool {
        self.royal.contains(&true)
    }

    pub fn attack_test(&self) -> AttackTest {
        self.attacks
    }

    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }

    /// How the game writes positions as FEN, when it declares it.
    pub fn fen_spec(&self) -> Option<&FenSpec> {
        self.fen.as_ref()
    }

    /// The goals that look at the game's history: `(draw (repetition 3))`, ...
    pub fn history_goals(&self) -> &[HistoryGoal] {
        &self.history_goals
    }

    /// The game's `(evaluation ...)`, or the default (every piece 100, mobility 1).
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    pub fn attribute(&self, name: &str) -> Option<u8> {
        self.attributes.get_index_of(name).map(|i| i as u8)
    }

    pub fn turn_variable(&self, name: &str) -> Option<usize> {
        self.turn_variables.get_index_of(name)
    }

    /// How a piece type is written in move notation.
    pub fn piece_notation(&self, kind: PieceKind) -> &str {
        match self.pieces.get(kind.index()) {
            Some(p) => p.notation.as_deref().unwrap_or(&p.name),
            None => "?",
        }
    }
}

impl Position {
    /// Applies a move generated for this position and passes the turn to the next player in
    /// the game's turn order.
    pub fn play(&mut self, game: &Game, mv: &Move) -> PlayUndo {
        let next = game.next_player(self.to_move());
        self.apply(mv, next)
    }
}
