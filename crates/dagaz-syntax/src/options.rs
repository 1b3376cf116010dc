//! The game's options that one keyword each says: `(pass ...)`, `(superko ...)`,
//! `(notation ...)`, `(search ...)` and `(score ...)`.

/// When passing is a move: `(pass always)` or `(pass when-blocked)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Always (Go): the game ends when every player passed in a row.
    Always,
    /// Only when the player has no other move and another player has one (Othello).
    WhenBlocked,
}

/// When two moves of one position are the same move (`unique-moves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UniqueMoves {
    /// `actions`: the same actions in any order.
    Actions,
    /// `paths`: the same actions and the same notation.
    Paths,
    /// `effects`: the same position after the move.
    Effects,
}

/// What a move that brings back an earlier board does: `(superko positional)` forbids it,
/// `(superko draw)` ends the game with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Superko {
    /// A move may not leave the board as it was after an earlier move of the game (or at its
    /// start), whoever is to move; a move that leaves the board as it is (a pass) may.
    Positional,
    /// Such a move is legal and the game ends with it in a draw (OpenSpiel's Lines of Action).
    Draw,
}

/// How people write a game's moves, beyond the text its `log`s write: `(notation san)`,
/// `(notation shogi)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveNotation {
    /// Standard Algebraic Notation, as chess players write it.
    San,
    /// The `log`s' text, with an optional promotion asked for: `+` promotes, `=` declines.
    Shogi,
}

/// How the engine chooses moves unless told: `(search alpha-beta)` or `(search mcts)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Iterative deepening alpha-beta with the game's evaluation (the default).
    AlphaBeta,
    /// Monte Carlo tree search with random playouts: for games whose evaluation says little.
    Mcts,
    /// Monte Carlo tree search that also judges a move by the playouts in which its player
    /// made it later (all moves as first): for placement games such as Hex.
    MctsRave,
}

/// How the end of a game is scored: `(score pieces)` or `(score area)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndScore {
    /// The player's pieces on the board.
    Pieces,
    /// The player's pieces and the empty regions that border only the player's pieces.
    Area,
    /// The seeds on the positions that hold the player's pieces.
    Seeds,
}
