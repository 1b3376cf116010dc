//! The keyword table: every word the language gives a meaning of its own, once, with its text.
//!
//! A word may play several roles (`board` is a top-level form and a clause of `game`; `players`
//! is a clause of `game` and of `zone`), so the table has one variant per word, and the roles are
//! lists of variants ([`Keyword::TOP_LEVEL`], [`Keyword::GAME_CLAUSES`], [`Keyword::STATEMENTS`],
//! ...). Messages that list the words of a role are written from these lists.

macro_rules! keywords {
    ($($(#[$doc:meta])* $variant:ident = $text:literal,)*) => {
        /// A word with a meaning of its own in the language.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Keyword {
            $($(#[$doc])* $variant,)*
        }

        impl Keyword {
            /// Every keyword, in the order of the table.
            pub const ALL: &'static [Keyword] = &[$(Keyword::$variant,)*];

            /// The keyword as it is written.
            pub const fn text(self) -> &'static str {
                match self {
                    $(Keyword::$variant => $text,)*
                }
            }

            /// The keyword written `text`, if it is one.
            pub fn from_text(text: &str) -> Option<Keyword> {
                match text {
                    $($text => Some(Keyword::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

keywords! {
    // Top-level forms.
    /// `(board ...)`, the game clause `(board NAME)` and the view clause `(board STYLE)`.
    Board = "board",
    /// `(piece ...)`.
    Piece = "piece",
    /// `(define NAME (PARAM ...) BODY ...)`.
    Define = "define",
    /// `(game ...)`.
    Game = "game",
    /// `(include "FILE")`: another game file's forms, which this file's override.
    Include = "include",
    /// `(view ...)`: how the game is drawn (the board's style, its colours and marks, each
    /// piece's look).
    View = "view",
    /// `(without PIECE ...)` in an `include`: included pieces left out.
    Without = "without",

    // Clauses of several forms.
    /// `(name N)` in `board`, `dir`, `piece`, `game` and `zone`.
    Name = "name",
    /// `(dim RANGE)` in `board`.
    Dim = "dim",
    /// `(dir (name D) OFFSET ...)` in `board`.
    Dir = "dir",
    /// `(numbers POS ...)` in `board`.
    Numbers = "numbers",
    /// `(holes POS ...)` in `board`: positions the grid does not have.
    Holes = "holes",
    /// `(dark POS ...)` in `board`: the squares drawn dark; the colour role `dark` in `view`.
    Dark = "dark",
    /// `(link DIR (FROM TO) ...)` in `board`: steps that replace the grid's.
    Link = "link",
    /// `(unlink DIR POS ...)` in `board`: steps taken off the board.
    Unlink = "unlink",
    /// `(notation "q")` in `piece`.
    Notation = "notation",
    /// `(pre ...)` in `piece`.
    Pre = "pre",
    /// `(move ...)` in `piece`.
    Move = "move",
    /// `(post ...)` in `piece`.
    Post = "post",
    /// `(drops ...)` in `piece`: a move that puts a piece from the hand on the board.
    Drops = "drops",
    /// `(glyph PLAYER "X")` in `piece`: how boards draw that player's piece; in a `view`'s
    /// `piece`, `(glyph [PLAYER] "TEXT")`.
    Glyph = "glyph",
    /// `(tile N)` in `piece`: pieces of the types with the same N form one rigid tile.
    Tile = "tile",
    /// `(players ...)` in `game` and `zone`.
    Players = "players",
    /// `(symmetry PLAYER (FROM TO) ...)` in `game`.
    Symmetry = "symmetry",
    /// `(zone ...)` in `game`.
    Zone = "zone",
    /// `(positions POS ...)` in `zone`.
    Positions = "positions",
    /// `(fen ...)` in `game`.
    Fen = "fen",
    /// `(unique-moves actions|paths)` in `game`.
    UniqueMoves = "unique-moves",
    /// `(attribute NAME true|false)` in `game`.
    Attribute = "attribute",
    /// `(turn-variable NAME)` in `game`.
    TurnVariable = "turn-variable",
    /// `(royal PIECE ...)` in `game`.
    Royal = "royal",
    /// `(chance PLAYER ...)`.
    Chance = "chance",
    /// `(attacks forward|reversible)` in `game`.
    Attacks = "attacks",
    /// `(win CONDITION)` in `game`.
    Win = "win",
    /// `(loss CONDITION)` in `game`.
    Loss = "loss",
    /// `(draw CONDITION)` in `game`.
    Draw = "draw",
    /// `(evaluation ...)` in `game`.
    Evaluation = "evaluation",
    /// `(goal win|loss|draw STATEMENT ...)` in `game`: a condition checked after every move.
    Goal = "goal",
    /// `(captures-to-hand [(FROM TO) ...])` in `game`.
    CapturesToHand = "captures-to-hand",
    /// `(pass always|when-blocked)` in `game`.
    Pass = "pass",
    /// `(score pieces|area)` in `game`.
    Score = "score",
    /// `(komi PLAYER POINTS)` in `game`: points added to a player's score.
    Komi = "komi",
    /// `(superko positional)` in `game`: a move may not bring back an earlier board;
    /// `(superko draw)`: such a move ends the game in a draw.
    Superko = "superko",
    /// `(turns PLAYER ... repeat PLAYER ...)` in `game`: which player moves on each turn.
    Turns = "turns",
    /// `(turns PLAYER ... repeat PLAYER ...)`: the turns after it cycle, those before are
    /// played once.
    Repeat = "repeat",
    /// `(seeds N POS ...)` in `game`: the seeds positions start with; `(score seeds)`.
    Seeds = "seeds",
    /// `(end CONDITION)` in `game`: the game ends and the `score` clause decides.
    End = "end",
    /// `(search alpha-beta|mcts)` in `game`: how the engine chooses its moves unless told
    /// otherwise.
    Search = "search",

    // Words inside player entries.
    /// `(hand (PIECE N|unlimited) ...)` in a player entry of `players`.
    Hand = "hand",
    /// A hand without a count: `(Stone unlimited)`.
    Unlimited = "unlimited",

    // Words inside game clauses.
    /// `(unique-moves actions)`.
    Actions = "actions",
    /// `(unique-moves paths)`.
    Paths = "paths",
    /// `(unique-moves effects)`.
    Effects = "effects",
    /// `(attacks forward)`.
    Forward = "forward",
    /// `(turn-variable NAME keep)`: the value stays until a move sets it again.
    Keep = "keep",
    /// `(captures-to-hand to-owner ...)`: a captured piece joins its owner's hand.
    ToOwner = "to-owner",
    /// `(attacks reversible)`.
    Reversible = "reversible",
    /// `(pass always)`: passing is always a move.
    Always = "always",
    /// `(pass when-blocked)`: passing is a move only without another.
    WhenBlocked = "when-blocked",
    /// `(score area)`: pieces and the empty regions they alone border.
    Area = "area",
    /// `(superko positional)`: the board alone decides what repeats.
    Positional = "positional",
    /// `(search alpha-beta)`: iterative deepening alpha-beta with the game's evaluation.
    AlphaBeta = "alpha-beta",
    /// `(search mcts)`: Monte Carlo tree search with random playouts.
    Mcts = "mcts",
    /// `(search mcts-rave)`: Monte Carlo tree search that also counts each move as if it had
    /// been played first (rapid action value estimation).
    MctsRave = "mcts-rave",
    /// `(notation san)` in `game`: moves are read and written in Standard Algebraic Notation
    /// (`e4`, `Nf3`, `exd5`, `O-O`, `e8=Q+`), as chess players write them.
    San = "san",
    /// `(notation shogi)` in `game`: moves are written as their `log`s write them, and where
    /// promoting is optional the move says so: `+` to promote, `=` not to (`2b3a+`, `2b3a=`).
    Shogi = "shogi",
    /// The goal condition `no-moves`.
    NoMoves = "no-moves",
    /// The goal condition `checkmated`.
    Checkmated = "checkmated",
    /// The goal condition `stalemated`.
    Stalemated = "stalemated",
    /// The history goal `(repetition N)`.
    Repetition = "repetition",
    /// The history goal `(quiet-moves N PIECE ...)`.
    QuietMoves = "quiet-moves",
    /// `(side (pieces LO HI) (PIECE LO HI) ...)` in `(quiet-moves ... (while SIDE SIDE))`.
    Side = "side",
    /// `(piece-values (PIECE N) ...)` in `evaluation`.
    PieceValues = "piece-values",
    /// `(piece-table PIECE [PLAYER] N ...)` in `evaluation`.
    PieceTable = "piece-table",
    /// `(seed-table PIECE [PLAYER] N ...)` in `evaluation`: a value per seed by position.
    SeedTable = "seed-table",
    /// `(stack-values PIECE [PLAYER] N ...)` in `evaluation`: a position's worth by how many
    /// seeds it holds (a blot, a made point).
    StackValues = "stack-values",
    /// `(mobility N)` in `evaluation`.
    Mobility = "mobility",
    /// `(formation PIECE (DIR ...) PIECE N)` in `evaluation`: a bonus per pair of a player's
    /// pieces standing one step apart.
    Formation = "formation",
    /// `(phase (PIECE N) ...)` in `evaluation`: how much each piece keeps the game in its
    /// opening.
    Phase = "phase",
    /// `(endgame (piece-values ...) (piece-table ...))` in `evaluation`: the values and tables
    /// of the endgame, blended with the opening's by the phase.
    Endgame = "endgame",
    /// The FEN style `pdn`.
    Pdn = "pdn",
    /// The FEN style `standard`.
    Standard = "standard",
    /// `(fen sfen ...)`: shogi's SFEN (rows, side, hands with counts, move number).
    Sfen = "sfen",
    /// `(man PIECE)` in `(fen pdn ...)`.
    Man = "man",
    /// `(king PIECE)` in `(fen pdn ...)`, and in `(castling ...)` of `(fen standard ...)`.
    King = "king",
    /// `(rook PIECE)` in `(castling ...)` of `(fen standard ...)`.
    Rook = "rook",
    /// `(pieces (LETTER PLAYER PIECE) ...)` in `(fen standard ...)`.
    Pieces = "pieces",
    /// `(turn (LETTER PLAYER) ...)` in `(fen standard ...)`.
    Turn = "turn",
    /// `(castling ATTRIBUTE (LETTER POS ...) ...)` in `(fen standard ...)`.
    Castling = "castling",
    /// `(en-passant TURN-VARIABLE)` in `(fen standard ...)`.
    EnPassant = "en-passant",
    /// `(piece-count PIECE MIN [MAX])` in `(fen standard ...)`.
    PieceCount = "piece-count",
    /// `(forbidden-ranks PIECE RANK ...)` in `(fen standard ...)`.
    ForbiddenRanks = "forbidden-ranks",
    /// `(hands)` in `(fen standard ...)`: the hands in brackets after the placement.
    Hands = "hands",
    /// `(promoted ATTRIBUTE)` in `(fen standard ...)`: a piece with it is written with `~`;
    /// `(promoted)` in a `view`'s `piece`: the type is drawn as a promoted piece.
    Promoted = "promoted",

    // Statements.
    /// `(check X)`.
    Check = "check",
    /// `(let NAME X)`.
    Let = "let",
    /// `(set! NAME X)`.
    Set = "set!",
    /// `(inc! NAME [N])`.
    Inc = "inc!",
    /// `(dec! NAME [N])`.
    Dec = "dec!",
    /// `(while COND STATEMENT ...)`.
    While = "while",
    /// `(if COND THEN ... [else ELSE ...])`.
    If = "if",
    /// The word between the two parts of an `if`.
    Else = "else",
    /// `(seq STATEMENT ...)`.
    Seq = "seq",
    /// `(end-move)`.
    EndMove = "end-move",
    /// `(take)`.
    Take = "take",
    /// `(drop)`.
    Drop = "drop",
    /// `(capture)`.
    Capture = "capture",
    /// `(capture-later)`.
    CaptureLater = "capture-later",
    /// `(capture-group)`.
    CaptureGroup = "capture-group",
    /// `(visit)`.
    Visit = "visit",
    /// `(part)`.
    Part = "part",
    /// `(promote KIND)`.
    Promote = "promote",
    /// `(log X ...)`.
    Log = "log",
    /// `(set-attr ATTRIBUTE X)`.
    SetAttr = "set-attr",
    /// `(move-piece TO)`.
    MovePiece = "move-piece",
    /// `(cycle-pieces POS ...)`.
    CyclePieces = "cycle-pieces",
    /// `(move-tile DIR)`.
    MoveTile = "move-tile",
    /// `(create KIND [PLAYER])`.
    Create = "create",
    /// `(set-owner PLAYER)`.
    SetOwner = "set-owner",
    /// `(set-seeds N)`.
    SetSeeds = "set-seeds",
    /// `(another-turn)`.
    AnotherTurn = "another-turn",
    /// `(weight N)`.
    Weight = "weight",
    /// `(turn-to PLAYER)`.
    TurnTo = "turn-to",

    // Expressions.
    /// `(any A ...)`, an expression and a statement.
    Any = "any",
    /// `(and A ...)`.
    And = "and",
    /// `(or A ...)`.
    Or = "or",
    /// `(not A)`.
    Not = "not",
    /// `(+ A ...)`.
    Add = "+",
    /// `(- A ...)`.
    Sub = "-",
    /// `(* A ...)`.
    Mul = "*",
    /// `(/ A B)`.
    Div = "/",
    /// `(mod A B)`.
    Mod = "mod",
    /// `(= A B)`.
    Eq = "=",
    /// `(!= A B)`.
    Ne = "!=",
    /// `(< A B)`.
    Lt = "<",
    /// `(<= A B)`.
    Le = "<=",
    /// `(> A B)`.
    Gt = ">",
    /// `(>= A B)`.
    Ge = ">=",
    /// `(in-zone? ZONE)`.
    InZone = "in-zone?",
    /// `(connected? ZONE ZONE)`.
    Connected = "connected?",
    /// `(group-touches ZONE ...)`: how many of the zones the group at the current position
    /// reaches.
    GroupTouches = "group-touches",
    /// `(friend-count PIECE)`: the mover's pieces of one type (bare, all of them).
    FriendCount = "friend-count",
    /// `(enemy-count PIECE)`: the other players' pieces of one type (bare, all of them).
    EnemyCount = "enemy-count",

    // Clauses and words of `view`.
    /// `(colour ROLE "#rrggbb" ["#rrggbb"])` in `view`: a colour of the board, or a player's
    /// pieces (fill and ink).
    Colour = "colour",
    /// `(points POS ...)` in `view`: marked points (Go's star points).
    Points = "points",
    /// `(line POS POS ...)` in `view`: a line drawn through the points (a palace's diagonal, a
    /// morris board's square).
    Line = "line",
    /// `(river POS POS)` in `view`: the river flows between the two points.
    River = "river",
    /// `(stores POS ...)` in `view`: the stores of a board of pits.
    Stores = "stores",
    /// `(edge PLAYER POS ...)` in `view`: the board's outer sides at these cells drawn in the
    /// player's colour (Hex's edges).
    Edge = "edge",
    /// `(shape disc|stone|pentagon|figure|mark)` in `view` and in its `piece` clauses.
    Shape = "shape",
    /// `(image [PLAYER] "FILE.svg")` in a `view`'s `piece`: a picture that draws the piece.
    Image = "image",
    /// The board style `chequered`: squares of two colours.
    Chequered = "chequered",
    /// The board style `plain`: squares of one colour, ruled apart.
    Plain = "plain",
    /// The board style `lines`: pieces stand on the intersections of lines; the colour role
    /// `lines`.
    Lines = "lines",
    /// The board style `links`: points joined only by the lines the view draws (morris).
    Links = "links",
    /// The board style `hexes`: hexagonal cells.
    Hexes = "hexes",
    /// The board style `pits`: pits and stores on a plank (mancala).
    Pits = "pits",
    /// The board style `rack`: an upright rack with round holes (Connect Four).
    Rack = "rack",
    /// The board style `triangles`: long points from the rows' outer edges towards the
    /// middle, the checkers stacked along them (backgammon).
    Triangles = "triangles",
    /// `(row POS ...)` in `view`: one row of the board as drawn, from the left; the rows go
    /// from the top, and a position in none is not drawn.
    Row = "row",
    /// `(dice TURN-VARIABLE ...)` in `view`: the variables' values drawn as dice.
    Dice = "dice",
    /// The colour role `light`: the light squares.
    Light = "light",
    /// The piece shape `disc`: a round piece with its glyph on it.
    Disc = "disc",
    /// The piece shape `stone`: a plain round stone.
    Stone = "stone",
    /// The piece shape `pentagon`: a five-sided piece pointing at the opponent, its glyph on it.
    Pentagon = "pentagon",
    /// The piece shape `figure`: the glyph alone, drawn large (chess).
    Figure = "figure",
    /// The piece shape `mark`: the glyph alone in its player's colour (X and O).
    Mark = "mark",

    // Names with a fixed meaning.
    /// The literal `true`.
    True = "true",
    /// The literal `false`.
    False = "false",
    /// `(check no-moves?)` in `post`: capture to the end.
    NoMovesQ = "no-moves?",
}

impl Keyword {
    /// The top-level forms of a file.
    pub const TOP_LEVEL: &'static [Keyword] = &[
        Keyword::Board,
        Keyword::Piece,
        Keyword::Define,
        Keyword::Game,
        Keyword::Include,
        Keyword::View,
    ];

    /// The clauses of `board`.
    pub const BOARD_CLAUSES: &'static [Keyword] = &[
        Keyword::Name,
        Keyword::Dim,
        Keyword::Dir,
        Keyword::Numbers,
        Keyword::Holes,
        Keyword::Dark,
        Keyword::Link,
        Keyword::Unlink,
    ];

    /// The clauses of `piece`.
    pub const PIECE_CLAUSES: &'static [Keyword] = &[
        Keyword::Name,
        Keyword::Notation,
        Keyword::Pre,
        Keyword::Move,
        Keyword::Post,
        Keyword::Drops,
        Keyword::Glyph,
        Keyword::Tile,
    ];

    /// The clauses of `game`.
    pub const GAME_CLAUSES: &'static [Keyword] = &[
        Keyword::Name,
        Keyword::Board,
        Keyword::Players,
        Keyword::Symmetry,
        Keyword::Zone,
        Keyword::Fen,
        Keyword::Notation,
        Keyword::UniqueMoves,
        Keyword::Attribute,
        Keyword::TurnVariable,
        Keyword::Royal,
        Keyword::Chance,
        Keyword::Attacks,
        Keyword::Win,
        Keyword::Loss,
        Keyword::Draw,
        Keyword::Evaluation,
        Keyword::Goal,
        Keyword::CapturesToHand,
        Keyword::Pass,
        Keyword::Score,
        Keyword::Komi,
        Keyword::Superko,
        Keyword::Turns,
        Keyword::Seeds,
        Keyword::End,
        Keyword::Search,
    ];

    /// The clauses of `view`.
    pub const VIEW_CLAUSES: &'static [Keyword] = &[
        Keyword::Board,
        Keyword::Colour,
        Keyword::Points,
        Keyword::Line,
        Keyword::River,
        Keyword::Stores,
        Keyword::Edge,
        Keyword::Row,
        Keyword::Dice,
        Keyword::Shape,
        Keyword::Piece,
    ];

    /// The clauses of a `piece` in `view`.
    pub const VIEW_PIECE_CLAUSES: &'static [Keyword] = &[
        Keyword::Shape,
        Keyword::Glyph,
        Keyword::Image,
        Keyword::Promoted,
    ];

    /// The clauses of `zone`.
    pub const ZONE_CLAUSES: &'static [Keyword] =
        &[Keyword::Name, Keyword::Players, Keyword::Positions];

    /// The special forms that are statements.
    pub const STATEMENTS: &'static [Keyword] = &[
        Keyword::Check,
        Keyword::Let,
        Keyword::Set,
        Keyword::Inc,
        Keyword::Dec,
        Keyword::While,
        Keyword::If,
        Keyword::Seq,
        Keyword::EndMove,
        Keyword::Take,
        Keyword::Drop,
        Keyword::Capture,
        Keyword::CaptureLater,
        Keyword::CaptureGroup,
        Keyword::Visit,
        Keyword::Part,
        Keyword::Promote,
        Keyword::Log,
        Keyword::SetAttr,
        Keyword::MovePiece,
        Keyword::CyclePieces,
        Keyword::MoveTile,
        Keyword::Create,
        Keyword::SetOwner,
        Keyword::SetSeeds,
        Keyword::AnotherTurn,
        Keyword::Weight,
        Keyword::TurnTo,
    ];

    /// The built-in expression forms (`any` is a statement too).
    pub const EXPRESSIONS: &'static [Keyword] = &[
        Keyword::Any,
        Keyword::And,
        Keyword::Or,
        Keyword::Not,
        Keyword::Add,
        Keyword::Sub,
        Keyword::Mul,
        Keyword::Div,
        Keyword::Mod,
        Keyword::Eq,
        Keyword::Ne,
        Keyword::Lt,
        Keyword::Le,
        Keyword::Gt,
        Keyword::Ge,
        Keyword::InZone,
        Keyword::Connected,
        Keyword::GroupTouches,
        Keyword::FriendCount,
        Keyword::EnemyCount,
    ];

    /// Whether this is the head of a built-in statement or expression form, which a macro may
    /// not take as its name.
    pub fn is_builtin_form(self) -> bool {
        Keyword::STATEMENTS.contains(&self) || Keyword::EXPRESSIONS.contains(&self)
    }

    /// Whether `text` is the head of a built-in statement or expression form.
    pub fn is_builtin_form_name(text: &str) -> bool {
        Keyword::from_text(text).is_some_and(Keyword::is_builtin_form)
    }

    /// `` `a`, `b` or `c` ``: the keywords as a message lists them.
    pub fn list(keywords: &[Keyword]) -> String {
        one_of(keywords.iter().map(|k| format!("`{}`", k.text())))
    }

    /// `` `(a ...)`, `(b ...)` or `(c ...)` ``: clauses as a message lists them.
    pub fn list_clauses(keywords: &[Keyword]) -> String {
        one_of(keywords.iter().map(|k| format!("`({} ...)`", k.text())))
    }
}

/// "a, b or c".
fn one_of(items: impl ExactSizeIterator<Item = String>) -> String {
    let n = items.len();
    let mut out = String::new();
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == n { " or " } else { ", " });
        }
        out.push_str(&item);
    }
    out
}

impl std::fmt::Display for Keyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_keyword_reads_back_from_its_text() {
        for &k in Keyword::ALL {
            assert_eq!(Keyword::from_text(k.text()), Some(k));
        }
        assert_eq!(Keyword::from_text("frobnicate"), None);
        assert_eq!(Keyword::from_text("set!"), Some(Keyword::Set));
        let mut texts: Vec<&str> = Keyword::ALL.iter().map(|k| k.text()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), Keyword::ALL.len(), "a text written twice");
    }

    #[test]
    fn roles_are_written_as_messages_list_them() {
        assert_eq!(
            Keyword::list(Keyword::TOP_LEVEL),
            "`board`, `piece`, `define`, `game`, `include` or `view`"
        );
        assert_eq!(
            Keyword::list_clauses(Keyword::ZONE_CLAUSES),
            "`(name ...)`, `(players ...)` or `(positions ...)`"
        );
        assert_eq!(Keyword::list(&[Keyword::Pdn]), "`pdn`");
        assert_eq!(Keyword::list(&[]), "");
    }

    #[test]
    fn builtin_forms_are_the_statements_and_the_expression_forms() {
        assert!(Keyword::is_builtin_form_name("check"));
        assert!(Keyword::is_builtin_form_name("in-zone?"));
        assert!(Keyword::is_builtin_form_name("move-piece"));
        assert!(Keyword::is_builtin_form_name("move-tile"));
        assert!(!Keyword::is_builtin_form_name("else"));
        assert!(!Keyword::is_builtin_form_name("true"));
        assert!(!Keyword::is_builtin_form_name("board"));
        assert!(!Keyword::is_builtin_form_name("step"));
        let builtin = Keyword::ALL.iter().filter(|k| k.is_builtin_form()).count();
        assert_eq!(builtin, 29 + 19);
    }
}
