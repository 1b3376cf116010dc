//! The typed syntax tree: one type or variant per form of the language, each with its span.
//!
//! Macros are expanded: the tree holds no macro use. Where a form could not be lowered, the tree
//! holds an `Error` placeholder (and [`crate::parse`] an error), so that the rest of the file is
//! still there to compile.

pub use crate::options::{EndScore, MoveNotation, Pass, Search, Superko, UniqueMoves};
use dagaz_sexpr::Span;

/// A name or a text as written (`White`, `a1`, `"Simple Checkers"`), with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    /// The text, without quotes for a string.
    pub text: String,
    /// Where it was written.
    pub span: Span,
}

impl Ident {
    /// The text as a `&str`.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

/// An integer as written, with its span (64-bit: each use says what range it accepts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Int {
    /// The value.
    pub value: i64,
    /// Where it was written.
    pub span: Span,
}

/// A one-character letter of a FEN clause (`W`, `K`), with its span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The letter.
    pub letter: char,
    /// Where it was written.
    pub span: Span,
}

/// A whole game file: its top-level forms in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct File {
    /// The top-level forms.
    pub items: Vec<Item>,
}

impl File {
    /// The `board` forms, in order.
    pub fn boards(&self) -> impl Iterator<Item = &Board> {
        self.items.iter().filter_map(|item| match item {
            Item::Board(board) => Some(board.as_ref()),
            _ => None,
        })
    }

    /// The `piece` forms, in order.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece> {
        self.items.iter().filter_map(|item| match item {
            Item::Piece(piece) => Some(piece.as_ref()),
            _ => None,
        })
    }

    /// The `define` forms, in order.
    pub fn defines(&self) -> impl Iterator<Item = &Define> {
        self.items.iter().filter_map(|item| match item {
            Item::Define(define) => Some(define.as_ref()),
            _ => None,
        })
    }

    /// The view: the first `view` form (a second one is an error).
    pub fn view(&self) -> Option<&View> {
        self.items.iter().find_map(|item| match item {
            Item::View(view) => Some(view.as_ref()),
            _ => None,
        })
    }

    /// The game: the first `game` form (a second one is an error).
    pub fn game(&self) -> Option<&Game> {
        self.items.iter().find_map(|item| match item {
            Item::Game(game) => Some(game.as_ref()),
            _ => None,
        })
    }
}

/// A top-level form, boxed: a file of a million bad forms costs a million small placeholders.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// `(board ...)`.
    Board(Box<Board>),
    /// `(piece ...)`.
    Piece(Box<Piece>),
    /// `(define NAME (PARAM ...) BODY ...)`: already expanded wherever it is used.
    Define(Box<Define>),
    /// `(game ...)`.
    Game(Box<Game>),
    /// `(view ...)`.
    View(Box<View>),
    /// A top-level form that could not be lowered.
    Error(Span),
}

/// `(board (name N) (dim RANGE) ... (dir (name D) OFFSET ...) ... [(numbers POS ...)])`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// `(name N)`; `None` when it is missing or malformed (an error says so).
    pub name: Option<Ident>,
    /// The `dim` clauses in order: each range as written (`"a-j"`).
    pub dims: Vec<Ident>,
    /// The `dir` clauses in order.
    pub dirs: Vec<Direction>,
    /// The last `(numbers POS ...)` clause: the positions numbered 1, 2, ...
    pub numbers: Option<Vec<Ident>>,
    /// The positions of every `(holes POS ...)` clause: taken out of the grid.
    pub holes: Vec<Ident>,
    /// The positions of every `(dark POS ...)` clause: drawn dark.
    pub dark: Vec<Ident>,
    /// The steps of every `(link ...)` and `(unlink ...)` clause, in the order written: each
    /// replaces what the grid (or an earlier link) gave.
    pub links: Vec<Link>,
    /// Whether some clause of the board could not be lowered (an error says so): the board
    /// is then incomplete.
    pub broken: bool,
    /// The whole form.
    pub span: Span,
}

/// `(dir (name D) OFFSET ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Direction {
    /// The direction's name.
    pub name: Ident,
    /// One offset per dimension, in order; none for a direction only `link` gives.
    pub offsets: Vec<Int>,
    /// The whole clause.
    pub span: Span,
}

/// One step of a board given link by link: `(FROM TO)` in `(link DIR ...)`, or a `POS` of
/// `(unlink DIR ...)` (`to` is `None`: the step is off the board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The direction.
    pub dir: Ident,
    /// The position the step leaves.
    pub from: Ident,
    /// Where it lands; `None` for no step.
    pub to: Option<Ident>,
    /// The `(FROM TO)` pair, or the `POS`.
    pub span: Span,
}

/// `(piece (name N) [(notation "n")] [(pre ...)] (move ...) ... [(post ...)])`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// `(name N)`; `None` when it is missing or malformed (an error says so).
    pub name: Option<Ident>,
    /// `(notation "q")`: how a `log` of the type is written.
    pub notation: Option<Ident>,
    /// `(pre ...)`, empty when left out.
    pub pre: Block,
    /// The `move` clauses in order: the alternatives.
    pub moves: Vec<Block>,
    /// `(post ...)`, empty when left out.
    pub post: Block,
    /// The `drops` clauses in order: moves that put a piece of this type from the mover's
    /// hand on the board.
    pub drops: Vec<Block>,
    /// The `(glyph PLAYER "X")` clauses: how boards draw each player's piece of this type.
    pub glyphs: Vec<(Ident, char)>,
    /// `(tile N)`: the tile its pieces belong to; 0 when left out (each piece on its own).
    pub tile: u16,
    /// The whole form.
    pub span: Span,
}

/// A sequence of statements with the span of the form that holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// The statements, macros spliced in.
    pub stmts: Vec<Stmt>,
    /// The form that holds them (`(move ...)`, `(seq ...)`, the `while`, ...); the empty span
    /// at 0 for a clause that was left out.
    pub span: Span,
}

/// `(define NAME (PARAM ...) BODY ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Define {
    /// The macro's name.
    pub name: Ident,
    /// Its parameters.
    pub params: Vec<Ident>,
    /// The whole form.
    pub span: Span,
}

/// `(game ...)`: its clauses by kind, each list in the order written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Game {
    /// `(name N)`; `None` when it is missing or malformed (an error says so).
    pub name: Option<Ident>,
    /// The first `(board NAME)`.
    pub board: Option<BoardRef>,
    /// The first `(players ...)`; `None` when it is missing (an error says so).
    pub players: Option<Players>,
    /// The `symmetry` clauses.
    pub symmetries: Vec<Symmetry>,
    /// The `zone` clauses.
    pub zones: Vec<Zone>,
    /// The `fen` clause (a second one is an error).
    pub fen: Option<Fen>,
    /// The first `unique-moves` clause.
    pub unique_moves: Option<UniqueMoves>,
    /// The `attribute` clauses.
    pub attributes: Vec<Attribute>,
    /// The `turn-variable` clauses.
    pub turn_variables: Vec<TurnVariable>,
    /// The piece types of every `royal` clause.
    pub royal: Vec<Ident>,
    /// The players of every `chance` clause: their moves are drawn at random.
    pub chance: Vec<Ident>,
    /// The `attacks` clause: `true` for `reversible` (a second one is an error).
    pub attacks_reversible: Option<bool>,
    /// The `win`, `loss` and `draw` clauses.
    pub goals: Vec<Goal>,
    /// The `evaluation` clause (a second one is an error).
    pub evaluation: Option<Evaluation>,
    /// The `goal` clauses, in order.
    pub goal_programs: Vec<GoalProgram>,
    /// The `captures-to-hand` clause (a second one is an error).
    pub captures_to_hand: Option<CapturesToHand>,
    /// The `pass` clause (a second one is an error).
    pub pass: Option<(Pass, Span)>,
    /// The `score` clause (a second one is an error).
    pub score: Option<(EndScore, Span)>,
    /// The `komi` clauses: a player and the points added to its score, in half points.
    pub komi: Vec<(Ident, i32, Span)>,
    /// The `superko` clause (a second one is an error).
    pub superko: Option<(Superko, Span)>,
    /// The `search` clause (a second one is an error).
    pub search: Option<(Search, Span)>,
    /// The `turns` clause (a second one is an error); `None`: each player once, in order.
    pub turns: Option<Turns>,
    /// The `notation` clause (a second one is an error): how people write the moves.
    pub notation: Option<(MoveNotation, Span)>,
    /// The `seeds` clauses: how many seeds each of the positions listed starts with.
    pub seeds: Vec<Seeds>,
    /// The whole form.
    pub span: Span,
}

/// `(turns PLAYER ... repeat PLAYER ...)`: the players of the turns, those before `repeat`
/// once, those after it for ever (without `repeat`, all of them for ever).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turns {
    /// The turns played once, in order.
    pub once: Vec<Ident>,
    /// The turns that cycle, in order; not empty.
    pub cycle: Vec<Ident>,
    /// The clause.
    pub span: Span,
}

/// `(seeds N POS ...)`: each position listed starts with N seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// How many seeds.
    pub count: u16,
    /// The positions, as written (names, or numbers on a numbered board).
    pub positions: Vec<Ident>,
    /// The clause.
    pub span: Span,
}

/// `(goal win|loss|draw STATEMENT ...)`: checked after every move, for the player who made it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoalProgram {
    /// The result for the player who made the move, when the statements reach their end.
    pub outcome: Outcome,
    /// `(goal win "three in a row" ...)`: how the end is said, when the game names it.
    pub name: Option<String>,
    /// The statements.
    pub body: Block,
    /// The clause.
    pub span: Span,
}

/// `(captures-to-hand [to-owner] (FROM TO) ...)`: captured pieces join the capturer's hand
/// (`to_owner`: their owner's), a FROM (a piece type, or an attribute of a piece) as a TO.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturesToHand {
    /// `to-owner`: a captured piece joins its owner's hand, not the mover's.
    pub to_owner: bool,
    /// The demotions, in order: the first that applies to a captured piece decides.
    pub demotions: Vec<(Ident, Ident)>,
    /// The clause.
    pub span: Span,
}

/// `(board NAME)` in `game`; `name` is `None` when the clause is malformed (an error says so).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRef {
    /// The board named.
    pub name: Option<Ident>,
    /// The clause.
    pub span: Span,
}

/// `(players (PLAYER (PIECE POS ...) ...) ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Players {
    /// The players in turn order.
    pub players: Vec<Player>,
    /// The clause.
    pub span: Span,
}

/// `(PLAYER (PIECE POS ...) ...)`: a player and its starting pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The player's name.
    pub name: Ident,
    /// Its pieces, grouped by type as written.
    pub groups: Vec<PieceGroup>,
    /// `(hand (PIECE N|unlimited) ...)`: its pieces off the board, by type.
    pub hand: Vec<HandEntry>,
    /// The entry.
    pub span: Span,
}

/// `(PIECE N)` or `(PIECE unlimited)` in a player's `hand`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandEntry {
    /// The piece type.
    pub kind: Ident,
    /// How many; `None` for `unlimited`.
    pub count: Option<u32>,
    /// The entry.
    pub span: Span,
}

/// `(PIECE POS ...)`: pieces of one type on the positions listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceGroup {
    /// The piece type.
    pub kind: Ident,
    /// The positions, as names or numbers as written.
    pub squares: Vec<Ident>,
    /// The group.
    pub span: Span,
}

/// `(symmetry PLAYER (FROM TO) ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The player.
    pub player: Ident,
    /// The direction pairs.
    pub pairs: Vec<(Ident, Ident)>,
    /// The clause.
    pub span: Span,
}

/// `(zone (name Z) (players P ...) (positions POS ...))`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The zone's name.
    pub name: Ident,
    /// The players of every `players` sub-clause.
    pub players: Vec<Ident>,
    /// The positions of every `positions` sub-clause, as written.
    pub positions: Vec<Ident>,
    /// The clause.
    pub span: Span,
}

/// `(fen pdn ...)` or `(fen standard ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fen {
    /// `(fen pdn (LETTER PLAYER) ... (man PIECE) (king PIECE))`.
    Pdn(PdnFen),
    /// `(fen standard (pieces ...) (turn ...) [(castling ...)] [(en-passant ...)])`.
    Standard(StandardFen),
}

/// `(fen pdn ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnFen {
    /// The colour letters and their players, in order.
    pub colors: Vec<(Letter, Ident)>,
    /// `(man PIECE)`.
    pub man: Ident,
    /// `(king PIECE)`.
    pub king: Ident,
    /// The clause.
    pub span: Span,
}

/// `(fen standard ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandardFen {
    /// `(pieces (LETTER PLAYER PIECE) ...)`: at least one.
    pub pieces: Vec<FenPiece>,
    /// `(turn (LETTER PLAYER) ...)`: at least one.
    pub turn: Vec<(Letter, Ident)>,
    /// The last `(castling ATTRIBUTE (LETTER POS ...) ...)` (boxed: it is large, and most
    /// games have none).
    pub castling: Option<Box<FenCastling>>,
    /// The last `(en-passant TURN-VARIABLE)`.
    pub en_passant: Option<Ident>,
    /// Each `(piece-count PIECE MIN [MAX])`.
    pub counts: Vec<FenCount>,
    /// Each `(forbidden-ranks PIECE RANK ...)`.
    pub forbidden_ranks: Vec<FenRanks>,
    /// `(hands)`: the players' hands follow the placement in brackets (`[Qp]`).
    pub hands: bool,
    /// `(fen sfen ...)`: shogi's layout, the hands a field of their own with counts (`2Pb`).
    pub sfen: bool,
    /// The last `(promoted ATTRIBUTE)`: pieces with the attribute are written with `~`.
    pub promoted: Option<Ident>,
    /// The clause.
    pub span: Span,
}

/// `(piece-count PIECE MIN [MAX])` in `(fen standard ...)`: each player has from MIN to MAX
/// pieces of the type (exactly MIN without MAX).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenCount {
    /// The piece type.
    pub kind: Ident,
    /// The fewest.
    pub min: u32,
    /// The most.
    pub max: u32,
    /// The sub-clause.
    pub span: Span,
}

/// `(forbidden-ranks PIECE RANK ...)` in `(fen standard ...)`: no piece of the type, whoever
/// owns it, stands on these ranks (names of the board's second dimension).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenRanks {
    /// The piece type.
    pub kind: Ident,
    /// The ranks, as written.
    pub ranks: Vec<Ident>,
}

/// `(LETTER PLAYER PIECE)` in `(pieces ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenPiece {
    /// The letter.
    pub letter: Letter,
    /// Written `+P`: the letter after a `+` (SFEN's promoted pieces).
    pub plus: bool,
    /// The owner.
    pub owner: Ident,
    /// The piece type.
    pub kind: Ident,
}

/// `(castling ATTRIBUTE (LETTER POS ...) ...)`, or `(castling ATTRIBUTE (king PIECE) (rook
/// PIECE) (LETTER PLAYER DIRECTION) ...)` when the king and rooks may start anywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenCastling {
    /// The attribute that marks pieces with castling rights.
    pub attribute: Ident,
    /// Each letter and what follows it, as written: positions, or a player and a direction.
    pub rights: Vec<(Letter, Vec<Ident>)>,
    /// The last `(king PIECE)`.
    pub king: Option<Ident>,
    /// The last `(rook PIECE)`.
    pub rook: Option<Ident>,
}

/// `(attribute NAME true|false)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attribute {
    /// The attribute.
    pub name: Ident,
    /// The value a newly placed piece starts with.
    pub default: bool,
    /// The clause.
    pub span: Span,
}

/// `(turn-variable NAME [keep])`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnVariable {
    /// The variable.
    pub name: Ident,
    /// `keep`: the value stays from turn to turn until a move sets it again.
    pub keep: bool,
    /// The clause.
    pub span: Span,
}

/// How a goal ends the game for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `win`.
    Win,
    /// `loss`.
    Loss,
    /// `draw`.
    Draw,
}

/// `(win CONDITION)`, `(loss CONDITION)`, `(draw CONDITION)` or `(end CONDITION)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The outcome (`draw` for `end`, which `by_score` marks).
    pub outcome: Outcome,
    /// `(end CONDITION)`: the game ends and the `score` clause decides who wins.
    pub by_score: bool,
    /// When it applies.
    pub condition: GoalCondition,
    /// `(draw "the board is full" no-moves)`: how the end is said, when the game names it.
    pub name: Option<String>,
    /// The clause.
    pub span: Span,
}

/// The condition of a goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoalCondition {
    /// `no-moves`.
    NoMoves,
    /// `checkmated`.
    Checkmated,
    /// `stalemated`.
    Stalemated,
    /// `(repetition N)`: the N-th occurrence of a position.
    Repetition(u32),
    /// `(quiet-moves N PIECE ... [(while SIDE SIDE)])`: N plies without a capture or a move of
    /// those types, while the material on the board is as written, if it is written.
    QuietMoves {
        /// N.
        plies: u32,
        /// The piece types whose moves restart the count.
        resets: Vec<Ident>,
        /// `(while SIDE SIDE)`.
        material: Option<Material>,
    },
}

/// `(while (side ...) (side ...))` in `quiet-moves`: the goal holds only while one player's
/// pieces on the board fit the first side and the other player's the second, either way round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    /// The two `side` forms, in the order written.
    pub sides: [SideCount; 2],
    /// The `while` form.
    pub span: Span,
}

/// `(side (pieces LO [HI]) (PIECE LO [HI]) ...)`: bounds on how many pieces a player has on
/// the board, in all and of some types; one number is an exact count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCount {
    /// `(pieces LO [HI])`, if written.
    pub pieces: Option<(u32, u32)>,
    /// `(PIECE LO [HI])`, in order.
    pub kinds: Vec<(Ident, u32, u32)>,
    /// The `side` form.
    pub span: Span,
}

/// `(evaluation (piece-values ...) (piece-table ...) (formation ...) (mobility N) (phase ...)
/// (endgame ...))`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Evaluation {
    /// Every `(PIECE VALUE)` pair of every `piece-values` clause, in order.
    pub piece_values: Vec<(Ident, i32)>,
    /// The `piece-table` clauses, in order.
    pub piece_tables: Vec<PieceTable>,
    /// The `seed-table` clauses, in order (the same shape as a `piece-table`).
    pub seed_tables: Vec<PieceTable>,
    /// The `stack-values` clauses, in order (the shape of a `piece-table`, a number per
    /// count of seeds).
    pub stack_values: Vec<PieceTable>,
    /// The `formation` clauses, in order.
    pub formations: Vec<Formation>,
    /// The last `(mobility N)`.
    pub mobility: Option<i32>,
    /// Every `(PIECE N)` pair of every `phase` clause, in order.
    pub phase: Vec<(Ident, i32)>,
    /// The last `(endgame ...)`: the values and tables the opening's are blended with.
    pub endgame: Option<Endgame>,
    /// The clause.
    pub span: Span,
}

/// `(endgame (piece-values ...) (piece-table ...) (formation ...))` in `evaluation`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Endgame {
    /// Every `(PIECE VALUE)` pair of its `piece-values` clauses, in order.
    pub piece_values: Vec<(Ident, i32)>,
    /// Its `piece-table` clauses, in order.
    pub piece_tables: Vec<PieceTable>,
    /// Its `formation` clauses, in order.
    pub formations: Vec<Formation>,
    /// The clause.
    pub span: Span,
}

/// `(formation PIECE (DIR ...) PIECE N)`: N for every piece of the second type standing one
/// step in one of the directions (as its owner reads them) from a piece of the first type of
/// the same owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formation {
    /// The piece the steps start from.
    pub from: Ident,
    /// The directions, at least one.
    pub dirs: Vec<Ident>,
    /// The piece found there.
    pub to: Ident,
    /// The bonus per pair.
    pub weight: i32,
    /// The clause.
    pub span: Span,
}

/// `(piece-table PIECE [PLAYER] N ...)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceTable {
    /// The piece type.
    pub kind: Ident,
    /// Whose table it is (the first player when left out).
    pub player: Option<Ident>,
    /// One number per board position.
    pub numbers: Vec<i32>,
    /// The clause.
    pub span: Span,
}

/// A statement of a piece's program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `(check X)`.
    Check(Expr, Span),
    /// `(check no-moves?)` in `post`.
    NoMoves(Span),
    /// `(let NAME X)`.
    Let(Ident, Expr, Span),
    /// `(set! NAME X)`.
    Set(Ident, Expr, Span),
    /// `(inc! NAME [X])`.
    Inc(Ident, Option<Expr>, Span),
    /// `(dec! NAME [X])`.
    Dec(Ident, Option<Expr>, Span),
    /// `(while COND STATEMENT ...)`.
    While(Expr, Block, Span),
    /// `(if COND THEN ... [else ELSE ...])`: the else part is `None` without `else`.
    If(Expr, Block, Option<Block>, Span),
    /// `(seq STATEMENT ...)`.
    Seq(Block, Span),
    /// `(end-move)`, in a `move` clause.
    EndMove(Span),
    /// `(take)`.
    Take(Span),
    /// `(drop)`.
    Drop(Span),
    /// `(capture)`.
    Capture(Span),
    /// `(capture-later)`.
    CaptureLater(Span),
    /// `(capture-group)`.
    CaptureGroup(Span),
    /// `(visit)`.
    Visit(Span),
    /// `(part)`.
    Part(Span),
    /// `(promote KIND)`: a bare name stays a [`Expr::Name`] (a piece type, or a local).
    Promote(Expr, Span),
    /// `(set-attr ATTRIBUTE X)`.
    SetAttr(Ident, Expr, Span),
    /// `(move-piece TO)`.
    MovePiece(Expr, Span),
    /// `(cycle-pieces POS ...)`: two to 255 positions.
    CyclePieces(Vec<Expr>, Span),
    /// `(move-tile DIR)`.
    MoveTile(Expr, Span),
    /// `(create KIND [PLAYER])`: the player is `current-player` when not written.
    Create(Expr, Expr, Span),
    /// `(set-owner PLAYER)`.
    SetOwner(Expr, Span),
    /// `(set-seeds N)`.
    SetSeeds(Expr, Span),
    /// `(weight N)`: how likely this move is among a chance player's moves.
    Weight(Expr, Span),
    /// `(turn-to PLAYER)`: the next turn is PLAYER's.
    TurnTo(Expr, Span),
    /// `(another-turn)`.
    AnotherTurn(Span),
    /// `(log X ...)`: one to 255 values.
    Log(Vec<Expr>, Span),
    /// `(any A ...)` as a statement: each alternative is a block of its own (a macro use
    /// spliced in may make one alternative several statements).
    Any(Vec<Block>, Span),
    /// An expression as a statement: its value is dropped (a bare position or direction navigates).
    Expr(Expr),
    /// A statement that could not be lowered.
    Error(Span),
}

impl Stmt {
    /// The span of the whole statement.
    pub fn span(&self) -> Span {
        match self {
            Stmt::Check(_, span)
            | Stmt::NoMoves(span)
            | Stmt::Let(_, _, span)
            | Stmt::Set(_, _, span)
            | Stmt::Inc(_, _, span)
            | Stmt::Dec(_, _, span)
            | Stmt::While(_, _, span)
            | Stmt::If(_, _, _, span)
            | Stmt::Seq(_, span)
            | Stmt::EndMove(span)
            | Stmt::Take(span)
            | Stmt::Drop(span)
            | Stmt::Capture(span)
            | Stmt::CaptureLater(span)
            | Stmt::CaptureGroup(span)
            | Stmt::Visit(span)
            | Stmt::Part(span)
            | Stmt::Promote(_, span)
            | Stmt::SetAttr(_, _, span)
            | Stmt::MovePiece(_, span)
            | Stmt::CyclePieces(_, span)
            | Stmt::MoveTile(_, span)
            | Stmt::Create(_, _, span)
            | Stmt::SetOwner(_, span)
            | Stmt::SetSeeds(_, span)
            | Stmt::Weight(_, span)
            | Stmt::TurnTo(_, span)
            | Stmt::AnotherTurn(span)
            | Stmt::Log(_, span)
            | Stmt::Any(_, span)
            | Stmt::Error(span) => *span,
            Stmt::Expr(expr) => expr.span(),
        }
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// `=`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
}

/// An expression: computes one value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// An integer literal that fits the language's 32-bit integers.
    Int(i32, Span),
    /// A string literal.
    Str(String, Span),
    /// `true` or `false`.
    Bool(bool, Span),
    /// A bare name, resolved by the compiler (local, state, players or global).
    Name(Ident),
    /// `(any A ...)`.
    Any(Vec<Expr>, Span),
    /// `(and A ...)`.
    And(Vec<Expr>, Span),
    /// `(or A ...)`.
    Or(Vec<Expr>, Span),
    /// `(not A)`.
    Not(Box<Expr>, Span),
    /// `(+ A ...)`: at most 255 operands.
    Add(Vec<Expr>, Span),
    /// `(- A ...)`: one to 255 operands.
    Sub(Vec<Expr>, Span),
    /// `(* A ...)`: at most 255 operands.
    Mul(Vec<Expr>, Span),
    /// `(/ A B)`.
    Div(Box<[Expr; 2]>, Span),
    /// `(mod A B)`.
    Mod(Box<[Expr; 2]>, Span),
    /// `(= A B)`, `(!= A B)`, `(< A B)`, `(<= A B)`, `(> A B)`, `(>= A B)`.
    Compare(Compare, Box<[Expr; 2]>, Span),
    /// `(in-zone? ZONE)`.
    InZone(Ident, Span),
    /// `(connected? ZONE ZONE)`.
    Connected(Ident, Ident, Span),
    /// `(group-touches ZONE ...)`: one to 255 zones.
    GroupTouches(Vec<Ident>, Span),
    /// `(friend-count PIECE)` (`true`) or `(enemy-count PIECE)` (`false`).
    CountOf(bool, Ident, Span),
    /// An expression that could not be lowered.
    Error(Span),
}

impl Expr {
    /// The span of the whole expression.
    pub fn span(&self) -> Span {
        match self {
            Expr::Name(ident) => ident.span,
            Expr::Int(_, span)
            | Expr::Str(_, span)
            | Expr::Bool(_, span)
            | Expr::Any(_, span)
            | Expr::And(_, span)
            | Expr::Or(_, span)
            | Expr::Not(_, span)
            | Expr::Add(_, span)
            | Expr::Sub(_, span)
            | Expr::Mul(_, span)
            | Expr::Div(_, span)
            | Expr::Mod(_, span)
            | Expr::Compare(_, _, span)
            | Expr::InZone(_, span)
            | Expr::Connected(_, _, span)
            | Expr::GroupTouches(_, span)
            | Expr::CountOf(_, _, span)
            | Expr::Error(span) => *span,
        }
    }
}

/// `(view CLAUSE ...)`: how the game is drawn. Nothing in it changes the rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// `(board STYLE)`: the board's style; `None` leaves it to the board's shape (hexagons
    /// for a hexagonal grid, chequered squares otherwise).
    pub board: Option<BoardStyle>,
    /// The `(colour ROLE FILL [INK])` clauses, in order.
    pub colours: Vec<Colour>,
    /// The positions of every `(points POS ...)` clause: marked points.
    pub points: Vec<Ident>,
    /// The `(line POS POS ...)` clauses: each the points a line is drawn through.
    pub lines: Vec<Vec<Ident>>,
    /// `(river POS POS)`: the two neighbouring points the river flows between.
    pub river: Option<(Ident, Ident)>,
    /// The positions of every `(stores POS ...)` clause.
    pub stores: Vec<Ident>,
    /// The `(edge PLAYER POS ...)` clauses: a player and the cells whose outer sides are
    /// drawn in its colour.
    pub edges: Vec<(Ident, Vec<Ident>)>,
    /// The `(row POS ...)` clauses, from the top: the board laid out by hand.
    pub rows: Vec<Vec<Ident>>,
    /// The turn variables of every `(dice VAR ...)` clause, drawn as dice.
    pub dice: Vec<Ident>,
    /// `(shape SHAPE)`: every piece's shape unless its own clause says.
    pub shape: Option<PieceShape>,
    /// The `(piece NAME ...)` clauses, in order.
    pub pieces: Vec<PieceView>,
    /// The whole form.
    pub span: Span,
}

/// How a board is drawn: `(board chequered|plain|lines|links|hexes|pits|rack|triangles)` in
/// `view`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// Squares of two colours (chess, draughts).
    Chequered,
    /// Squares of one colour, ruled apart (tic-tac-toe).
    Plain,
    /// Lines whose intersections are the points (Go, xiangqi).
    Lines,
    /// Points joined only by the view's `line`s (nine men's morris).
    Links,
    /// Hexagonal cells (Hex, Havannah).
    Hexes,
    /// Pits and stores on a plank (mancala).
    Pits,
    /// An upright rack with round holes (Connect Four).
    Rack,
    /// Long points from the rows' outer edges towards the middle (backgammon).
    Triangles,
}

impl BoardStyle {
    /// The style as it is written.
    pub fn as_str(self) -> &'static str {
        match self {
            BoardStyle::Chequered => "chequered",
            BoardStyle::Plain => "plain",
            BoardStyle::Lines => "lines",
            BoardStyle::Links => "links",
            BoardStyle::Hexes => "hexes",
            BoardStyle::Pits => "pits",
            BoardStyle::Rack => "rack",
            BoardStyle::Triangles => "triangles",
        }
    }
}

/// How a piece is drawn: `(shape disc|stone|pentagon|figure|mark)` in `view`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceShape {
    /// A round piece with its glyph on it (draughts, xiangqi).
    Disc,
    /// A plain round stone (Go, Othello, Hex).
    Stone,
    /// A five-sided piece pointing at the opponent, its glyph on it (shogi).
    Pentagon,
    /// The glyph alone, drawn large (chess).
    Figure,
    /// The glyph alone in its player's colour (X and O).
    Mark,
}

impl PieceShape {
    /// The shape as it is written.
    pub fn as_str(self) -> &'static str {
        match self {
            PieceShape::Disc => "disc",
            PieceShape::Stone => "stone",
            PieceShape::Pentagon => "pentagon",
            PieceShape::Figure => "figure",
            PieceShape::Mark => "mark",
        }
    }
}

/// `(colour ROLE FILL [INK])` in `view`: ROLE is `light`, `dark`, `board`, `lines`,
/// `promoted` or a player; a player's pieces have a fill and an ink (their glyph's colour).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colour {
    /// The role as written.
    pub role: Ident,
    /// The colour, `#rgb` or `#rrggbb`.
    pub fill: Ident,
    /// The second colour, a player's ink.
    pub ink: Option<Ident>,
    /// The clause.
    pub span: Span,
}

/// `(piece NAME CLAUSE ...)` in `view`: how one piece type looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceView {
    /// The piece type.
    pub name: Ident,
    /// `(shape SHAPE)`.
    pub shape: Option<PieceShape>,
    /// `(glyph [PLAYER] "TEXT")`: the text drawn on it, for one player or (without a player)
    /// for all.
    pub glyphs: Vec<(Option<Ident>, Ident)>,
    /// `(image [PLAYER] "FILE")`: a picture that draws it, for one player or for all.
    pub images: Vec<(Option<Ident>, Ident)>,
    /// `(promoted)`: it is drawn as a promoted piece.
    pub promoted: bool,
    /// The clause.
    pub span: Span,
}
