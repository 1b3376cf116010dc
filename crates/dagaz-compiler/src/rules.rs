//! The compiled game, as the compiler hands it to the engine.

use crate::evaluation::Evaluation;
use crate::formats::FenSpec;
use crate::goals::{EndScore, Goal, GoalProgram, HistoryGoal, PassRule};
use crate::hands::ToHand;
use dagaz_ir::{Board, Dir, Names, Piece, PieceKind, PlayerId, Pos, Program, StrId, Value, Zones};
use dagaz_sexpr::Span;
use indexmap::IndexSet;

/// A piece type: its name and its compiled chain.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// The name its `(piece (name ...))` form gives.
    pub name: String,
    /// The `pre`, `move` and `post` clauses as one chain.
    pub program: Program,
    /// How a `log` of this piece type is written (`(notation "q")`); its name otherwise.
    pub notation: Option<String>,
    /// `(glyph PLAYER "X")`: how boards draw a player's piece of this type.
    pub glyphs: Vec<(PlayerId, char)>,
    /// The `drops` clauses as one chain, run from every position with a piece of this type
    /// taken from the mover's hand; `None` when the type has none.
    pub drops: Option<Program>,
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

/// How a game asks the engine to choose its moves: `(search alpha-beta)` (also when it does not
/// say), `(search mcts)` or `(search mcts-rave)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SearchPreference {
    /// Iterative deepening alpha-beta with the game's evaluation.
    #[default]
    AlphaBeta,
    /// Monte Carlo tree search (UCT with random playouts).
    Mcts,
    /// Monte Carlo tree search with all-moves-as-first values (RAVE).
    MctsRave,
}

/// A compiled game: everything the game file declares, with every name resolved. The engine
/// wraps it with positions, move generation and the text formats.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The game's name, from `(game (name ...))`.
    pub name: String,
    /// The board the `game` form names: positions, directions and their link tables.
    pub board: Board,
    /// Player names, in the order of `players` (each player's [`PlayerId`] is its index).
    pub players: IndexSet<String>,
    /// Which player moves on each turn: `(turns ...)`, else each player once in the order of
    /// `players`.
    pub turns: crate::turns::Schedule,
    /// `symmetry[player][dir]`: the direction a player actually moves in when the game says `dir`.
    pub symmetry: Vec<Vec<Dir>>,
    /// The piece types in the order the file defines them: `pieces[kind]` for a [`PieceKind`].
    pub pieces: Vec<PieceType>,
    /// The string constants of all chains, each once: a [`StrId`] indexes this set.
    pub strings: IndexSet<String>,
    /// The global variables by slot. Not declared anywhere: a bare name in a chain that is no
    /// local, board query, player or constant becomes one, so the set is what the chains use.
    pub globals: IndexSet<String>,
    /// The `(zone ...)` clauses: which positions belong to each zone, per player.
    pub zones: Zones,
    /// `(unique-moves paths)`: moves with the same actions are one move only when their notation
    /// (which records the path) is the same too.
    pub unique_by_path: bool,
    /// `(unique-moves effects)`: a move is written as its net effect, position by position,
    /// so that moves that leave the same position are one.
    pub unique_by_effect: bool,
    /// How the game's positions are written as FEN, when it says so.
    pub fen: Option<FenSpec>,
    /// Attribute names (`(attribute never-moved true)`): the index of a name is its bit in
    /// [`Piece::attrs`], so there are at most eight.
    pub attributes: IndexSet<String>,
    /// The bits a newly placed piece has: those of the attributes declared `true`. The
    /// `players` clause, a setup and a FEN's piece letters all place pieces with these; a
    /// standard FEN's castling field then decides its own attribute.
    pub default_attrs: u8,
    /// Turn variables (`(turn-variable en-passant)`): values a move leaves for the next turn.
    pub turn_variables: IndexSet<String>,
    /// A bit per turn variable declared `keep`: its value stays until a move sets it again.
    pub turn_keep: u8,
    /// Whether a piece's chain holds a `turn-to`: only then does playing a move look for one.
    pub turns_to: bool,
    /// `royal[kind]`: a move that leaves such a piece of the mover attacked is not legal.
    pub royal: Vec<bool>,
    /// How attacks are found (`(attacks reversible)`, or forward by default).
    pub attacks: AttackTest,
    /// The goals judged when the side to move has no legal moves, in the order declared; the
    /// first whose condition holds decides.
    pub goals: Vec<Goal>,
    /// Goals that look at the game's history (repetition, quiet moves).
    pub history_goals: Vec<HistoryGoal>,
    /// The `goal` clauses: conditions checked after every move, in the order declared.
    pub goal_programs: Vec<GoalProgram>,
    /// When a player may pass, if ever.
    pub pass: Option<PassRule>,
    /// `(superko positional)`: a move may not bring back a board the game has had before (the
    /// pieces on the board only; a move that leaves the board as it is, a pass, may).
    pub positional_superko: bool,
    /// `(superko draw)`: a move that brings back a board the game has had before (the pieces on
    /// the board only, as for `positional_superko`) is legal and ends the game in a draw.
    pub superko_draws: bool,
    /// `(search ...)`: how the engine chooses its moves unless told otherwise.
    pub search: SearchPreference,
    /// `(notation san)`: people read and write the moves in Standard Algebraic Notation.
    pub san: bool,
    /// `(notation shogi)`: where a move and its promotion are both legal, people write which
    /// (`+` to promote, `=` not to), and the bare move is refused as ambiguous.
    pub asks_promotion: bool,
    /// How a game that ends without a goal deciding it is scored, if it is.
    pub end_score: Option<EndScore>,
    /// `(komi PLAYER POINTS)`: half points added to a player's score.
    pub komi: Vec<(PlayerId, i32)>,
    /// The hands at the start: `hands[player * kinds + kind]` pieces off the board
    /// ([`crate::UNLIMITED`] for a hand that never runs out); empty when no player has a hand.
    pub hands: Vec<u16>,
    /// `(captures-to-hand ...)`: captured pieces join the capturer's hand, demoted so.
    pub to_hand: Option<ToHand>,
    /// How positions are judged: piece values, tables, mobility.
    pub evaluation: Evaluation,
    /// The start: what the `players` clause places on each position, by board index (one
    /// entry per position). The first player in turn order moves first; the rules do not say
    /// otherwise.
    pub initial: Vec<Option<Piece>>,
    /// The seeds on each position at the start (`(seeds N POS ...)`), by board index; empty
    /// in a game that keeps no seeds (no `seeds` clause, no `(score seeds)`, and no chain that
    /// reads or sets them), so that its positions carry none.
    pub seeds: Vec<u16>,
    /// `(view ...)`: how the game is drawn (nothing in it changes the rules).
    pub view: crate::view::View,
}

impl Rules {
    /// The game's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// `player`'s map from the game's directions to its own, for [`Dir::turned`]; empty for
    /// a player without one.
    pub fn symmetry_of(&self, player: PlayerId) -> &[Dir] {
        self.symmetry.get(player.index()).map_or(&[], Vec::as_slice)
    }

    /// How many players the game has (some may never move, see [`Rules::turns`]); at least
    /// one, since a game without players does not compile.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// A player by name; `None` when the game has no player of that name.
    pub fn player(&self, name: &str) -> Option<PlayerId> {
        self.players.get_index_of(name).map(|i| PlayerId(i as u8))
    }

    /// A player's name; `"?"` for an id the game does not have, so that rendering a stray
    /// value never fails.
    pub fn player_name(&self, player: PlayerId) -> &str {
        self.players
            .get_index(player.index())
            .map_or("?", String::as_str)
    }

    /// Which player moves on each turn.
    pub fn turns(&self) -> &crate::turns::Schedule {
        &self.turns
    }

    /// A piece type by name; `None` when the game defines no such type.
    pub fn piece_kind(&self, name: &str) -> Option<PieceKind> {
        self.pieces
            .iter()
            .position(|p| p.name == name)
            .map(|i| PieceKind(i as u8))
    }

    /// Every piece type, indexed by [`PieceKind`].
    pub fn piece_types(&self) -> &[PieceType] {
        &self.pieces
    }

    /// A piece type's name; `"?"` for a kind the game does not have.
    pub fn piece_name(&self, kind: PieceKind) -> &str {
        self.pieces
            .get(kind.index())
            .map_or("?", |p| p.name.as_str())
    }

    /// A string constant of the game's chains; empty for an id the game does not have.
    pub fn string(&self, id: StrId) -> &str {
        self.strings
            .get_index(id.index())
            .map_or("", String::as_str)
    }

    /// The name of the global variable in `slot`; `"?"` for a slot the game does not have.
    pub fn global_name(&self, slot: u16) -> &str {
        self.globals
            .get_index(slot as usize)
            .map_or("?", String::as_str)
    }

    /// The zones the game declares.
    pub fn zones(&self) -> &Zones {
        &self.zones
    }

    /// How many global variables the chains use: the slots a generation must reset.
    pub fn global_count(&self) -> usize {
        self.globals.len()
    }

    /// Whether the mover may not leave a piece of this type attacked (`(royal KIND)`); false
    /// for a kind the game does not have.
    pub fn is_royal(&self, kind: PieceKind) -> bool {
        self.royal.get(kind.index()).copied().unwrap_or(false)
    }

    /// Whether any piece type is royal. When none is, the move generator skips the royal
    /// rule and its attack tests altogether.
    pub fn has_royal_pieces(&self) -> bool {
        self.royal.contains(&true)
    }

    /// How attacks are found, for `is-attacked?` and the royal rule.
    pub fn attack_test(&self) -> AttackTest {
        self.attacks
    }

    /// The goals judged when the side to move has no legal moves, in the order declared.
    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }

    /// How the game writes positions as FEN, when it declares it.
    pub fn fen_spec(&self) -> Option<&FenSpec> {
        self.fen.as_ref()
    }

    /// The `goal` clauses, in the order declared.
    pub fn goal_programs(&self) -> &[GoalProgram] {
        &self.goal_programs
    }

    /// When a player may pass, if ever.
    pub fn pass_rule(&self) -> Option<PassRule> {
        self.pass
    }

    /// How the game asks the engine to choose its moves (`(search ...)`; alpha-beta when it
    /// does not say).
    pub fn search_preference(&self) -> SearchPreference {
        self.search
    }

    /// Whether a move may not bring back an earlier board (`(superko positional)`).
    pub fn positional_superko(&self) -> bool {
        self.positional_superko
    }

    /// Whether a move that brings back an earlier board ends the game in a draw (`(superko
    /// draw)`).
    pub fn superko_draws(&self) -> bool {
        self.superko_draws
    }

    /// How a game that ends without a goal deciding it is scored, if it is.
    pub fn end_score(&self) -> Option<EndScore> {
        self.end_score
    }

    /// Whether positions of this game hold hands (pieces off the board).
    pub fn has_hands(&self) -> bool {
        !self.hands.is_empty()
    }

    /// The goals that look at the game's history: `(draw (repetition 3))`, ...
    pub fn history_goals(&self) -> &[HistoryGoal] {
        &self.history_goals
    }

    /// The game's `(evaluation ...)`, or the default (every piece 100, mobility 1).
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    /// An attribute's bit in [`Piece::attrs`], by name; `None` when the game declares no such
    /// attribute.
    pub fn attribute(&self, name: &str) -> Option<u8> {
        self.attributes.get_index_of(name).map(|i| i as u8)
    }

    /// A turn variable's slot, by name; `None` when the game declares no such turn variable.
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

    /// A value as text: positions by name (by number on a numbered board), directions,
    /// players and pieces by name. With `quoted`, strings are shown in quotes and pieces by
    /// their type name (for listings); without, strings as they are and pieces by their
    /// notation (for move notation).
    pub fn render(&self, value: Value, quoted: bool) -> String {
        match value {
            Value::Int(n) => n.to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Str(id) if quoted => format!("{:?}", self.string(id)),
            Value::Str(id) => self.string(id).to_string(),
            Value::Pos(p) => self.board.label(p),
            Value::Dir(d) => self.board.direction_name(d).to_string(),
            Value::Player(p) => self.player_name(p).to_string(),
            Value::Piece(k) if quoted => self.piece_name(k).to_string(),
            Value::Piece(k) => self.piece_notation(k).to_string(),
        }
    }
}

/// The game lends its names to the disassembler.
impl Names for Rules {
    fn value(&self, value: Value) -> String {
        self.render(value, true)
    }

    fn global(&self, slot: u16) -> &str {
        self.global_name(slot)
    }

    fn direction(&self, dir: Dir) -> &str {
        self.board.direction_name(dir)
    }

    fn position(&self, pos: Pos) -> String {
        self.board.label(pos)
    }

    fn zone(&self, zone: u16) -> &str {
        self.zones.name(zone as usize)
    }

    fn attribute(&self, bit: u8) -> &str {
        self.attributes
            .get_index(bit as usize)
            .map_or("?", String::as_str)
    }

    fn turn_variable(&self, slot: u8) -> &str {
        self.turn_variables
            .get_index(slot as usize)
            .map_or("?", String::as_str)
    }

    fn piece(&self, kind: PieceKind) -> &str {
        self.piece_name(kind)
    }
}
