//! `dagaz uci GAME`: the Universal Chess Interface, spoken for any game (moves in the game's
//! notation without white space), as a front end of the protocol loop: `isready` and `stop`
//! are answered during a search and a `go` during a search stops it first.

use crate::info::{info_line, move_token};
use crate::input::Board;
use crate::loaded::half_moves;
use crate::numbers;
use crate::protocol::{self, FrontEnd, Session};
use crate::worker::{Caps, Job, Output, Settings, Worker};
use dagaz_engine::{Game, GenError, Move, StepLimits};
use dagaz_search::{Clock, Found, GameOver, SearchLimits, MAX_DEPTH};
use std::io::{BufRead, Write};

/// A UCI session for `game`: commands read from `input` until it ends or says `quit`, answers
/// written to `out`; move generation within `gen_limits`, the table and threads of `settings`,
/// and searches and counts within `caps`. It returns when the session is over, any
/// search it started answered.
pub fn session(
    game: &Game,
    gen_limits: StepLimits,
    settings: Settings,
    caps: Caps,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) {
    let front = Uci { settings };
    protocol::run(front, game, gen_limits, (settings, caps), input, out);
}

/// UCI's front end: what `uci` tells of the options.
struct Uci {
    settings: Settings,
}

impl<'g> FrontEnd<'g> for Uci {
    fn error(&self, message: &str) -> String {
        format!("info string error: {message}")
    }

    fn command<'scope>(
        &mut self,
        command: &str,
        line: &str,
        session: &mut Session<'scope, '_, '_, 'g>,
    ) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let args = words.get(1..).unwrap_or_default();
        let game = session.game;
        match command {
            "uci" => self.identify(session.out, game),
            "isready" => session.out.line("readyok"),
            "ucinewgame" => {
                session.worker.searcher().new_game();
                session.board = Board::new(game.initial_position());
            }
            "setoption" => setoption(args, &mut session.worker)?,
            "position" => session.board = position(&session.board, game, session.gen_limits, args)?,
            "go" => go(session, args)?,
            "stop" | "ponderhit" => session.worker.stop(),
            // Unknown commands (and `debug`, `register`) are ignored, as UCI asks.
            _ => {}
        }
        Ok(())
    }
}

impl Uci {
    /// The answer to `uci`.
    fn identify(&self, out: &Output<'_>, game: &Game) {
        let ids = [
            format!("id name dagaz {}", game.name()),
            "id author the dagaz authors".to_string(),
        ];
        let option = |name: &str, value: usize, max: usize| {
            format!("option name {name} type spin default {value} min 1 max {max}")
        };
        let settings = (self.settings, ["Hash", "Threads"]);
        protocol::identify(out, &ids, settings, option, "uciok");
    }
}

/// `go ...`: a search, or a perft count, of the board.
fn go<'scope, 'g: 'scope>(
    session: &mut Session<'scope, '_, '_, 'g>,
    args: &[&str],
) -> Result<(), String> {
    let game = session.game;
    let go = parse_go(args, session.board.record.position().to_move().index())?;
    if let Some(depth) = go.perft {
        let position = session.board.record.position().clone();
        let on_done = Box::new(move |rows| perft_lines(game, depth, rows));
        session.count(position, depth, on_done);
        return Ok(());
    }
    let over = session.game_over();
    let job = Job {
        record: session.board.record.clone(),
        limits: go.limits,
        until_stopped: go.infinite,
        on_info: Box::new(|info| Some(info_line(game, info))),
        on_done: Box::new(move |result| bestmove(game, result, over)),
    };
    session.start(job);
    Ok(())
}

/// What `go` asked for.
#[derive(Debug, Default)]
struct Go {
    limits: SearchLimits,
    infinite: bool,
    perft: Option<u32>,
}

/// `go ...`: each number checked against its range (docs/protocols.md).
fn parse_go(args: &[&str], side: usize) -> Result<Go, String> {
    let mut go = Go::default();
    let mut clocks = [Clock::default(), Clock::default()];
    let mut timed = false;
    let mut words = args.iter().copied();
    while let Some(word) = words.next() {
        let what = format!("go {word}");
        match word {
            "infinite" | "ponder" => go.infinite = true,
            "depth" => go.limits.depth = Some(numbers::depth(&what, words.next())?),
            "nodes" => go.limits.nodes = Some(numbers::nodes(&what, words.next())?),
            "movetime" => go.limits.movetime = Some(numbers::millis(&what, words.next())?),
            "perft" => go.perft = Some(numbers::integer(&what, words.next(), 0, MAX_DEPTH)?),
            "mate" => {
                // Mate in N moves is found within 2N-1 plies.
                let n = numbers::integer(&what, words.next(), 1, MAX_DEPTH.div_ceil(2))?;
                go.limits.depth = Some(2 * n - 1);
            }
            "wtime" | "btime" | "winc" | "binc" => {
                let who = usize::from(word.starts_with('b'));
                let ms = numbers::millis(&what, words.next())?;
                if let Some(clock) = clocks.get_mut(who) {
                    if word.ends_with("time") {
                        clock.remaining = ms;
                        timed |= who == side;
                    } else {
                        clock.increment = ms;
                    }
                }
            }
            "movestogo" => {
                let n = numbers::moves_to_go(&what, words.next())?;
                clocks.iter_mut().for_each(|c| c.moves_to_go = Some(n));
            }
            _ => {}
        }
    }
    if timed && !go.infinite {
        if let Some(clock) = clocks.get(side) {
            let budget = clock.budget();
            go.limits.movetime = Some(go.limits.movetime.map_or(budget, |t| t.min(budget)));
        }
    }
    Ok(go)
}

/// The answer to `go`: the best move, or `0000` where there is none, after an `info string`
/// that says how the game is over when it is (`info string game over — Checkmate: White wins`).
fn bestmove(game: &Game, result: Result<Found, GenError>, over: Option<GameOver>) -> Vec<String> {
    match result {
        Ok(found) => match found.best {
            Some(best) => vec![format!("bestmove {}", move_token(game, &best))],
            None => over
                .map(|over| format!("info string {}", over.line()))
                .into_iter()
                .chain(["bestmove 0000".to_string()])
                .collect(),
        },
        Err(e) => vec![
            format!("info string error: {e}"),
            "bestmove 0000".to_string(),
        ],
    }
}

fn setoption<'s, 'g: 's>(args: &[&str], worker: &mut Worker<'s, 'g>) -> Result<(), String> {
    let at = |key: &str| args.iter().position(|w| w.eq_ignore_ascii_case(key));
    let (Some(name_at), value_at) = (at("name"), at("value")) else {
        return Ok(());
    };
    let name_end = value_at.unwrap_or(args.len());
    let name = args
        .get(name_at + 1..name_end)
        .unwrap_or_default()
        .join(" ");
    let value = value_at
        .and_then(|v| args.get(v + 1..))
        .unwrap_or_default()
        .join(" ");
    if name.eq_ignore_ascii_case("hash") {
        worker.resize(numbers::hash("setoption Hash", Some(&value))?);
    } else if name.eq_ignore_ascii_case("threads") {
        worker.set_threads(numbers::threads("setoption Threads", Some(&value))?);
    } else {
        return Err(format!("no option named {name:?}"));
    }
    Ok(())
}

/// `position startpos|fen FEN [moves ...]`: the board after it, or why not.
fn position(
    board: &Board,
    game: &Game,
    gen_limits: StepLimits,
    args: &[&str],
) -> Result<Board, String> {
    let moves_at = args.iter().position(|w| *w == "moves");
    let setup = args
        .get(..moves_at.unwrap_or(args.len()))
        .unwrap_or_default();
    let moves = moves_at.and_then(|m| args.get(m + 1..)).unwrap_or_default();
    let start = || match setup.split_first() {
        Some((&"startpos", [])) => Ok((game.initial_position(), 0)),
        Some((&"fen", fen)) if !fen.is_empty() => {
            let fen = fen.join(" ");
            let position = game
                .from_fen(&fen)
                .map_err(|e| format!("position fen {fen}: {e}"))?;
            Ok((position, half_moves(&fen)))
        }
        _ => Err(format!(
            "position: expected `startpos` or `fen FEN`, then `moves ...`; found {:?}",
            setup.join(" ")
        )),
    };
    board.replay(
        game,
        gen_limits,
        &setup.join(" "),
        start,
        moves,
        |text, legal| {
            dagaz_engine::match_notation(game, legal, text)
                .cloned()
                .map_err(|e| e.to_string())
        },
    )
}

/// The answer to `go perft N`: `move: count` per legal move, sorted, a blank line, then the
/// total; or why not.
fn perft_lines(
    game: &Game,
    depth: u32,
    rows: Result<Option<Vec<(Move, u64)>>, GenError>,
) -> Vec<String> {
    let rows = match rows {
        Ok(Some(rows)) => rows,
        Ok(None) => return vec!["info string perft stopped before the end".into()],
        Err(e) => return vec![format!("info string error: {e}")],
    };
    let mut rows: Vec<(String, u64)> = rows
        .into_iter()
        .map(|(m, n)| (move_token(game, &m), n))
        .collect();
    rows.sort();
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|(_, n)| n).sum()
    };
    let mut lines: Vec<String> = rows.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn go_reads_the_clock_of_the_side_to_move() {
        let args = "wtime 60000 btime 3000 winc 1000 binc 0 movestogo 10";
        let words: Vec<&str> = args.split_whitespace().collect();
        let white = parse_go(&words, 0).unwrap();
        assert_eq!(
            white.limits.movetime,
            Some(Duration::from_millis(6000 + 750 - 20))
        );
        let black = parse_go(&words, 1).unwrap();
        assert_eq!(black.limits.movetime, Some(Duration::from_millis(300 - 20)));
        let both = parse_go(&["movetime", "100", "wtime", "60000", "depth", "7"], 0).unwrap();
        assert_eq!(both.limits.movetime, Some(Duration::from_millis(100)));
        assert_eq!(both.limits.depth, Some(7));
        let infinite = parse_go(&["infinite", "wtime", "1000"], 0).unwrap();
        assert!(infinite.infinite);
        assert_eq!(infinite.limits, SearchLimits::default());
        assert_eq!(parse_go(&["perft", "4"], 0).unwrap().perft, Some(4));
        assert_eq!(parse_go(&["mate", "2"], 0).unwrap().limits.depth, Some(3));
        assert_eq!(
            parse_go(&["depth", "x"], 0).unwrap_err(),
            "go depth: expected a number from 1 to 64, found \"x\""
        );
    }
}
