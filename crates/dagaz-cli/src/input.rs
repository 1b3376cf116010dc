//! What the protocols read: lines of input, and positions given as a start and the moves
//! played from it.

use dagaz_engine::{Game, Limits as GenLimits, MoveGen, Position};
use dagaz_search::History;
use std::io::BufRead;

/// The game a protocol plays and where it stands.
pub(crate) struct Board {
    pub position: Position,
    pub history: History,
}

/// Reads a line; `None` at the end of the input (or on a read error).
pub(crate) fn read_line(input: &mut dyn BufRead) -> Option<String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line),
    }
}

/// Plays `moves` from `start`, each read by `read` among the legal moves.
pub(crate) fn play_moves(
    game: &Game,
    gen_limits: GenLimits,
    start: Position,
    quiet: u32,
    moves: &[&str],
    read: impl Fn(&str, &[dagaz_engine::Move]) -> Result<dagaz_engine::Move, String>,
) -> Result<Board, String> {
    let mut gen = MoveGen::new(gen_limits);
    let mut board = Board {
        history: History::with_quiet(&start, quiet),
        position: start,
    };
    for (i, text) in moves.iter().enumerate() {
        let legal = gen
            .moves(game, &board.position)
            .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        let mv = read(text, &legal).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        board.position.play(game, &mv);
        board.history.push(game, &board.position, &mv);
    }
    Ok(board)
}
