//! What the protocols read: lines of input, and positions given as a start and the moves
//! played from it.

use dagaz_engine::{Game, Limits as GenLimits, Move, MoveGen, Position};
use dagaz_search::GameRecord;
use std::io::BufRead;
use std::sync::mpsc::Sender;

/// Where a protocol's game stands: its record, and the start and moves the last position
/// command gave, so that the next one that repeats them and adds a move (as a GUI does before
/// every search) plays only the new move.
pub(crate) struct Board {
    pub record: GameRecord,
    /// The start as the command wrote it (`None`: not set by a command, never reused).
    start: Option<String>,
    /// The moves as the command wrote them, one per ply of the record.
    texts: Vec<String>,
}

impl Board {
    /// The game at `start`, no move played.
    pub(crate) fn new(start: Position) -> Board {
        Board {
            record: GameRecord::new(start),
            start: None,
            texts: Vec::new(),
        }
    }

    /// The board after `moves` from the start a command wrote as `start_text`, which `start`
    /// makes (with the quiet plies before it); each move is read by `read` among the legal
    /// moves. What this board already played from the same start is kept, not played again.
    pub(crate) fn replay(
        &self,
        game: &Game,
        gen_limits: GenLimits,
        start_text: &str,
        start: impl FnOnce() -> Result<(Position, u32), String>,
        moves: &[&str],
        read: impl Fn(&str, &[Move]) -> Result<Move, String>,
    ) -> Result<Board, String> {
        let kept = if self.start.as_deref() == Some(start_text) {
            self.texts
                .iter()
                .zip(moves)
                .take_while(|(old, new)| old == *new)
                .count()
        } else {
            0
        };
        let mut record = if kept > 0 {
            let mut record = self.record.clone();
            record.truncate(kept);
            record
        } else {
            let (position, quiet) = start()?;
            GameRecord::with_quiet(position, quiet)
        };
        let mut gen = MoveGen::new(gen_limits);
        for (i, text) in moves.iter().enumerate().skip(kept) {
            let legal = gen
                .moves(game, record.position())
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            let mv = read(text, &legal).map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            record.play(game, &mv);
        }
        Ok(Board {
            record,
            start: Some(start_text.to_string()),
            texts: moves.iter().map(|m| m.to_string()).collect(),
        })
    }
}

/// A line of protocol input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    Text(String),
    /// A line that is not UTF-8 text: answered with an error, and the session goes on.
    NotUtf8,
}

/// Reads `input` line by line on this thread and sends each line on, until the input ends (or
/// fails), a `quit` line is sent, or the receiver is gone. The protocols run their commands
/// on another thread, so reading never waits for a command, and a command never waits for
/// the input.
pub(crate) fn forward(input: &mut dyn BufRead, send: Sender<Line>) {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = match String::from_utf8(std::mem::take(&mut bytes)) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        };
        let quit = matches!(&line, Line::Text(t) if t.split_whitespace().next() == Some("quit"));
        if send.send(line).is_err() || quit {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn lines_that_are_not_utf8_are_passed_on_and_quit_ends_the_reading() {
        let (send, lines) = std::sync::mpsc::channel();
        forward(&mut &b"isready\n\xff\xfe\nquit\nisready\n"[..], send);
        let lines: Vec<Line> = lines.iter().collect();
        assert_eq!(
            lines,
            [
                Line::Text("isready\n".into()),
                Line::NotUtf8,
                Line::Text("quit\n".into())
            ]
        );
    }

    fn chess() -> Game {
        let path = format!("{}/../../games/chess.game", env!("CARGO_MANIFEST_DIR"));
        dagaz_engine::Game::load(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn a_position_that_adds_moves_plays_only_those() {
        let game = chess();
        let reads = Cell::new(0);
        let read = |text: &str, legal: &[Move]| {
            reads.set(reads.get() + 1);
            dagaz_engine::match_move(&game, legal, text)
                .cloned()
                .map_err(|e| e.to_string())
        };
        let start = || Ok((game.initial_position(), 0));
        let limits = GenLimits::default();
        let board = Board::new(game.initial_position());
        let first = board
            .replay(&game, limits, "startpos", start, &["e2e4", "e7e5"], read)
            .unwrap();
        assert_eq!(reads.get(), 2);
        let second = first
            .replay(
                &game,
                limits,
                "startpos",
                start,
                &["e2e4", "e7e5", "g1f3"],
                read,
            )
            .unwrap();
        assert_eq!(reads.get(), 3);
        // Another line from the same start replays from where the two part.
        let third = second
            .replay(&game, limits, "startpos", start, &["e2e4", "c7c5"], read)
            .unwrap();
        assert_eq!(reads.get(), 4);
        let fresh = Board::new(game.initial_position())
            .replay(&game, limits, "startpos", start, &["e2e4", "c7c5"], read)
            .unwrap();
        assert_eq!(third.record, fresh.record);
        // Another start plays everything; a bad move keeps nothing of the attempt.
        let other = third
            .replay(&game, limits, "fen", start, &["e2e4", "c7c5"], read)
            .unwrap();
        assert_eq!(reads.get(), 8);
        assert_eq!(other.record, fresh.record);
        let bad = other.replay(&game, limits, "fen", start, &["e2e4", "e2e4"], read);
        assert!(
            bad.err().is_some_and(|e| e.starts_with("move 2 (e2e4): ")),
            "a second e2e4 is refused"
        );
    }
}
