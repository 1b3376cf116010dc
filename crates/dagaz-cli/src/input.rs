//! What the protocols read: lines of input, and positions given as a start and the moves
//! played from it.

use dagaz_engine::{Game, Move, MoveGen, Position, StepLimits};
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
        gen_limits: StepLimits,
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

/// The longest line read (1 MiB): a longer one is refused, and its bytes are read past and
/// dropped, so that an input without line ends (`/dev/zero`) does not fill the memory.
pub(crate) const MAX_LINE_BYTES: usize = 1 << 20;

/// A line of input (protocols and `play`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Line {
    Text(String),
    /// A line that is not UTF-8 text: answered with an error, and the session goes on.
    NotUtf8,
    /// A line longer than [`MAX_LINE_BYTES`]: answered with an error, and the session goes on.
    TooLong,
}

impl Line {
    /// What is wrong with a line that is not text, as the error says it.
    pub(crate) fn problem(&self) -> Option<&'static str> {
        match self {
            Line::Text(_) => None,
            Line::NotUtf8 => Some("the line is not UTF-8 text"),
            Line::TooLong => Some("the line is longer than 1 MiB"),
        }
    }
}

/// The next line of `input` (with its line end), or `None` when the input ends or fails.
pub(crate) fn read_line(input: &mut dyn BufRead) -> Option<Line> {
    let mut bytes = Vec::new();
    let mut read = false;
    let mut too_long = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        if buf.is_empty() {
            break;
        }
        read = true;
        let end = buf.iter().position(|&b| b == b'\n');
        let (chunk, _) = buf.split_at(end.map_or(buf.len(), |i| i + 1));
        let taken = chunk.len();
        if bytes.len() + taken > MAX_LINE_BYTES {
            too_long = true;
            bytes = Vec::new();
        } else if !too_long {
            bytes.extend_from_slice(chunk);
        }
        input.consume(taken);
        if end.is_some() {
            break;
        }
    }
    if !read {
        return None;
    }
    Some(if too_long {
        Line::TooLong
    } else {
        match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        }
    })
}

/// Reads `input` line by line on this thread and sends each line on, until the input ends (or
/// fails), a `quit` line is sent, or the receiver is gone. The protocols run their commands
/// on another thread, so reading never waits for a command, and a command never waits for
/// the input.
pub(crate) fn forward(input: &mut dyn BufRead, send: Sender<Line>) {
    while let Some(line) = read_line(input) {
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

    #[test]
    fn a_line_longer_than_the_bound_is_dropped_and_the_next_one_read() {
        let mut text = b"isready\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', 3 * MAX_LINE_BYTES));
        text.extend_from_slice(b"\nquit");
        // A reader that gives a few bytes at a time, as a pipe does.
        let mut input = std::io::BufReader::with_capacity(1000, &text[..]);
        let mut lines = Vec::new();
        while let Some(line) = read_line(&mut input) {
            lines.push(line);
        }
        assert_eq!(
            lines,
            [
                Line::Text("isready\n".into()),
                Line::TooLong,
                Line::Text("quit".into())
            ]
        );
        let exact = [vec![b'y'; MAX_LINE_BYTES - 1], b"\n".to_vec()].concat();
        let line = read_line(&mut &exact[..]);
        assert!(matches!(line, Some(Line::Text(t)) if t.len() == MAX_LINE_BYTES));
    }

    fn chess() -> Game {
        Game::open(format!(
            "{}/../../games/chess.game",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
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
        let limits = StepLimits::default();
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
