//! `dagaz hub GAME`: the Hub protocol of draughts engines (version 2, as Scan defines it and
//! pydraughts' `HubEngine` speaks it), for games whose board numbers its squares.
//!
//! Positions are a side letter (`W`, `B`) and one letter per numbered square (`w`, `b` men,
//! `W`, `B` kings, `e` empty); they are read through the game's PDN FEN. Moves are `32-28`
//! and, for captures, `from x to x captured...` (`28x17x22x23`, the captured squares in any
//! order); a move is found among the legal ones by its start, end and set of captured squares.

use crate::input::Board;
use crate::numbers;
use crate::protocol::{self, FrontEnd, Session};
use crate::worker::{Caps, Job, Output, Settings, Worker};
use dagaz_engine::{Action, FenSpec, Game, GenError, Move, StepLimits};
use dagaz_search::{Clock, Found, GameOver, Info, SearchLimits, MATE, MATE_BOUND};
use std::io::{BufRead, Write};
use std::time::Duration;

/// A Hub session for `game`: commands read from `input` until it ends or says `quit`, answers
/// written to `out`; move generation within `gen_limits`, the table and threads of `settings`,
/// and searches within `caps`. It returns when the session is over, any search it
/// started answered; or at once, with why, for a game the protocol cannot speak of (one whose
/// board does not number its squares, or without a PDN FEN).
pub fn session(
    game: &Game,
    gen_limits: StepLimits,
    settings: Settings,
    caps: Caps,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) -> Result<(), String> {
    if !game.board().is_numbered() {
        return Err(
            "the Hub protocol needs a board that numbers its squares (`numbers` in the board clause)"
                .into(),
        );
    }
    if !matches!(game.fen_spec(), Some(FenSpec::Pdn(_))) {
        return Err("the Hub protocol needs a game with a PDN FEN (`(fen pdn ...)`)".into());
    }
    let front = Hub {
        settings,
        level: Level::default(),
        pondering: false,
    };
    protocol::run(front, game, gen_limits, (settings, caps), input, out);
    Ok(())
}

/// Hub's front end, with what its commands remember.
struct Hub {
    /// What `hub` tells of the parameters: the settings as last set.
    settings: Settings,
    /// How long `go think` searches.
    level: Level,
    /// A `go ponder` that `ponder-hit` turns into `go think`.
    pondering: bool,
}

impl<'g> FrontEnd<'g> for Hub {
    fn error(&self, message: &str) -> String {
        format!("error message=\"{}\"", message.replace('"', "'"))
    }

    fn command<'scope>(
        &mut self,
        command: &str,
        line: &str,
        session: &mut Session<'scope, '_, '_, 'g>,
    ) -> Result<(), String> {
        let line = line.trim();
        let rest = line
            .split_once(char::is_whitespace)
            .map_or("", |(_, rest)| rest);
        let args = arguments(rest);
        let (game, out) = (session.game, session.out);
        match command {
            "hub" => self.identify(out),
            "init" => out.line("ready"),
            "ping" => out.line("pong"),
            "new-game" => session.worker.searcher().new_game(),
            "set-param" => self.set_param(&args, &mut session.worker)?,
            "pos" => {
                let board = position(&session.board, game, session.gen_limits, &args)?;
                session.board = board;
            }
            "level" => self.level = parse_level(&args)?,
            "go" => self.go(&args, session)?,
            "ponder-hit" => {
                if self.pondering && session.worker.is_running() {
                    // Think now, on the same position: the table keeps what pondering found.
                    session.worker.stop_quietly();
                    self.pondering = false;
                    let over = session.game_over();
                    let limits = (self.level.limits(), false);
                    session.start(job(game, &session.board, limits, over));
                }
            }
            "stop" => {
                self.pondering = false;
                session.worker.stop();
            }
            _ => return Err(format!("unknown command: {line}")),
        }
        Ok(())
    }
}

impl Hub {
    /// The answer to `hub`.
    fn identify(&self, out: &Output<'_>) {
        let ids = [format!(
            "id name=dagaz version={} author=\"the dagaz authors\"",
            env!("CARGO_PKG_VERSION")
        )];
        let option = |name: &str, value: usize, max: usize| {
            format!("param name={name} value={value} type=int min=1 max={max}")
        };
        let settings = (self.settings, ["hash", "threads"]);
        protocol::identify(out, &ids, settings, option, "wait");
    }

    /// `set-param name=... value=...`.
    fn set_param<'s, 'g: 's>(
        &mut self,
        args: &[(String, String)],
        worker: &mut Worker<'s, 'g>,
    ) -> Result<(), String> {
        let name = value(args, "name").unwrap_or_default();
        let v = value(args, "value");
        match name {
            "hash" => {
                let mb = numbers::hash("set-param hash", v)?;
                worker.resize(mb);
                self.settings.hash_mb = mb;
            }
            "threads" => {
                let n = numbers::threads("set-param threads", v)?;
                worker.set_threads(n);
                self.settings.threads = n;
            }
            _ => return Err(format!("set-param: unknown parameter {name}")),
        }
        Ok(())
    }

    /// `go [think|ponder|analyze]`.
    fn go<'scope, 'g: 'scope>(
        &mut self,
        args: &[(String, String)],
        session: &mut Session<'scope, '_, '_, 'g>,
    ) -> Result<(), String> {
        let mode = args.first().map_or("think", |(k, _)| k.as_str());
        let (limits, until_stopped) = match mode {
            "think" => (self.level.limits(), false),
            "ponder" | "analyze" => (SearchLimits::default(), true),
            _ => {
                return Err(format!(
                    "go: expected think, ponder or analyze, found {mode}"
                ))
            }
        };
        self.pondering = mode == "ponder";
        let over = session.game_over();
        session.start(job(
            session.game,
            &session.board,
            (limits, until_stopped),
            over,
        ));
        Ok(())
    }
}

/// The search `go` starts, within `limits` (or until stopped); `over` says how the game is
/// over, for the answer that has no move.
fn job<'s>(
    game: &'s Game,
    board: &Board,
    (limits, until_stopped): (SearchLimits, bool),
    over: Option<GameOver>,
) -> Job<'s> {
    Job {
        record: board.record.clone(),
        limits,
        until_stopped,
        on_info: Box::new(move |info| Some(info_line(game, info))),
        on_done: Box::new(move |result| done(game, result, over)),
    }
}

/// `key=value` pairs (values may be quoted) and bare words (as keys with an empty value).
fn arguments(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            return out;
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c.is_whitespace() {
                break;
            }
            key.push(c);
            chars.next();
        }
        let mut value = String::new();
        if chars.peek() == Some(&'=') {
            chars.next();
            if chars.peek() == Some(&'"') {
                chars.next();
                for c in chars.by_ref() {
                    if c == '"' {
                        break;
                    }
                    value.push(c);
                }
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    value.push(c);
                    chars.next();
                }
            }
        }
        out.push((key, value));
    }
}

fn value<'a>(args: &'a [(String, String)], key: &str) -> Option<&'a str> {
    args.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// How long `go think` searches: what the last `level` said (by default one second).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level {
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<Duration>,
    clock: Option<Clock>,
    infinite: bool,
}

impl Default for Level {
    fn default() -> Level {
        Level {
            depth: None,
            nodes: None,
            move_time: Some(Duration::from_secs(1)),
            clock: None,
            infinite: false,
        }
    }
}

impl Level {
    fn limits(&self) -> SearchLimits {
        if self.infinite {
            return SearchLimits::default();
        }
        let mut limits = SearchLimits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: self.move_time,
        };
        if let Some(clock) = self.clock {
            let budget = clock.budget();
            limits.movetime = Some(limits.movetime.map_or(budget, |t| t.min(budget)));
        }
        limits
    }
}

/// `level ...`: each number checked against its range (docs/protocols.md).
fn parse_level(args: &[(String, String)]) -> Result<Level, String> {
    let mut level = Level {
        move_time: None,
        ..Level::default()
    };
    let mut time = None;
    let mut clock = Clock::default();
    for (key, v) in args {
        let what = format!("level {key}");
        let v = Some(v.as_str());
        match key.as_str() {
            "depth" => level.depth = Some(numbers::depth(&what, v)?),
            "nodes" => level.nodes = Some(numbers::nodes(&what, v)?),
            "move-time" => level.move_time = Some(numbers::seconds(&what, v)?),
            "time" => time = Some(numbers::seconds(&what, v)?),
            "inc" => clock.increment = numbers::seconds(&what, v)?,
            "moves" => clock.moves_to_go = Some(numbers::moves_to_go(&what, v)?),
            "infinite" => level.infinite = true,
            _ => {}
        }
    }
    if let Some(remaining) = time {
        level.clock = Some(Clock { remaining, ..clock });
    }
    if level
        == (Level {
            move_time: None,
            ..Level::default()
        })
    {
        return Ok(Level::default());
    }
    Ok(level)
}

/// `pos [pos=POSITION] [moves="m1 m2 ..."]`: the board after the moves from that position
/// (the game's start when `pos` is not given).
fn position(
    board: &Board,
    game: &Game,
    gen_limits: StepLimits,
    args: &[(String, String)],
) -> Result<Board, String> {
    let given = value(args, "pos");
    let start = || match given {
        Some(text) => {
            let fen = hub_to_fen(game, text)?;
            Ok((game.from_fen(&fen).map_err(|e| e.to_string())?, 0))
        }
        None => Ok((game.initial_position(), 0)),
    };
    let moves: Vec<&str> = value(args, "moves")
        .unwrap_or_default()
        .split_whitespace()
        .collect();
    board
        .replay(
            game,
            gen_limits,
            given.unwrap_or_default(),
            start,
            &moves,
            |text, legal| find_move(game, legal, text),
        )
        .map_err(|e| format!("pos: {e}"))
}

/// The squares the board numbers.
fn square_count(game: &Game) -> u32 {
    game.board()
        .positions()
        .filter(|&p| game.board().number_of(p).is_some())
        .count() as u32
}

/// A Hub position as a PDN FEN: `Wbbbe...` becomes `W:W...:B1,2,3`.
pub(crate) fn hub_to_fen(game: &Game, text: &str) -> Result<String, String> {
    let squares = square_count(game);
    let mut chars = text.chars();
    let side = match chars.next() {
        Some(c @ ('W' | 'B')) => c,
        other => {
            return Err(format!(
                "a Hub position starts with the side to move, W or B; found {other:?}"
            ))
        }
    };
    let cells: Vec<char> = chars.collect();
    if cells.len() != squares as usize {
        return Err(format!(
            "expected {squares} squares after the side to move, found {}",
            cells.len()
        ));
    }
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, c) in cells.iter().enumerate() {
        let n = i + 1;
        match c {
            'w' => white.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'b' => black.push(n.to_string()),
            'B' => black.push(format!("K{n}")),
            'e' => {}
            other => {
                return Err(format!(
                    "square {n}: expected w, b, W, B or e, found {other:?}"
                ))
            }
        }
    }
    Ok(format!("{side}:W{}:B{}", white.join(","), black.join(",")))
}

/// A move's start, end and captured squares (sorted).
type Squares = (u32, u32, Vec<u32>);

fn squares_of(game: &Game, mv: &Move) -> Option<Squares> {
    let board = game.board();
    let from = mv.actions().iter().find_map(|a| match a {
        Action::Take { at, .. } => board.number_of(*at),
        _ => None,
    })?;
    let to = mv.actions().iter().rev().find_map(|a| match a {
        Action::Drop { at, .. } => board.number_of(*at),
        _ => None,
    })?;
    let mut captured: Vec<u32> = mv
        .actions()
        .iter()
        .filter_map(|a| match a {
            Action::Capture { at, .. } => board.number_of(*at),
            _ => None,
        })
        .collect();
    captured.sort_unstable();
    Some((from, to, captured))
}

/// A move in Hub notation: `32-28`, or `from x to x captured...` for a capture. Moves that
/// do not lift a piece from one numbered square to another fall back to the game's notation
/// (without white space).
pub(crate) fn hub_move(game: &Game, mv: &Move) -> String {
    match squares_of(game, mv) {
        Some((from, to, captured)) if captured.is_empty() => format!("{from}-{to}"),
        Some((from, to, captured)) => {
            let mut text = format!("{from}x{to}");
            for c in captured {
                text.push_str(&format!("x{c}"));
            }
            text
        }
        None => crate::info::move_token(game, mv),
    }
}

/// The legal move a Hub move names: the same start, end and captured squares; a capture
/// written with its start and end alone is accepted when only one capture fits.
fn find_move(game: &Game, legal: &[Move], text: &str) -> Result<Move, String> {
    let numbers: Result<Vec<u32>, _> = text
        .split(['-', 'x'])
        .map(|s| s.trim().parse::<u32>())
        .collect();
    let illegal = || {
        let mut all: Vec<String> = legal.iter().map(|m| hub_move(game, m)).collect();
        all.sort();
        format!(
            "`{text}` is not a legal move here; legal moves: {}",
            all.join(", ")
        )
    };
    let Ok(numbers) = numbers else {
        return Err(illegal());
    };
    let [from, to, captured @ ..] = numbers.as_slice() else {
        return Err(illegal());
    };
    let mut captured = captured.to_vec();
    captured.sort_unstable();
    let keyed: Vec<(&Move, Squares)> = legal
        .iter()
        .filter_map(|m| squares_of(game, m).map(|k| (m, k)))
        .collect();
    let wanted = (*from, *to, captured.clone());
    if let Some((m, _)) = keyed.iter().find(|(_, k)| *k == wanted) {
        return Ok((*m).clone());
    }
    if captured.is_empty() && text.contains('x') {
        let fits: Vec<&Move> = keyed
            .iter()
            .filter(|(_, k)| k.0 == *from && k.1 == *to && !k.2.is_empty())
            .map(|(m, _)| *m)
            .collect();
        match fits.as_slice() {
            [one] => return Ok((*one).clone()),
            [] => {}
            many => {
                let names: Vec<String> = many.iter().map(|m| hub_move(game, m)).collect();
                return Err(format!(
                    "`{text}` could be any of: {} (name the captured squares)",
                    names.join(", ")
                ));
            }
        }
    }
    Err(illegal())
}

/// A score in Hub's units: a man is 1.00 (the search's 100); a win in N plies is 100 - N/100.
fn hub_score(value: i32) -> String {
    let hundredths = if value > MATE_BOUND {
        10_000 - (MATE - value).min(9_999)
    } else if value < -MATE_BOUND {
        -(10_000 - (MATE + value).min(9_999))
    } else {
        value.clamp(-8_999, 8_999)
    };
    let sign = if hundredths < 0 { "-" } else { "" };
    let abs = hundredths.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

fn info_line(game: &Game, info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| hub_move(game, m)).collect();
    format!(
        "info depth={} score={} nodes={} time={:.3} nps={} pv=\"{}\"",
        info.depth,
        hub_score(info.value),
        info.nodes,
        info.elapsed.as_secs_f64(),
        info.nps(),
        pv.join(" ")
    )
}

/// The answer to `go`: `done move=...`, or where there is no move an `error` that says why
/// (`error message="game over — Black has no moves and loses"`) and `done move=0-0`.
fn done(game: &Game, result: Result<Found, GenError>, over: Option<GameOver>) -> Vec<String> {
    match result {
        Ok(found) => match found.best {
            Some(best) => {
                let mut line = format!("done move={}", hub_move(game, &best));
                if found.info.pv.first() == Some(&best) {
                    if let Some(reply) = found.info.pv.get(1) {
                        line.push_str(&format!(" ponder={}", hub_move(game, reply)));
                    }
                }
                vec![line]
            }
            None => {
                let why = over.map_or_else(|| "no legal move".into(), |over| over.line());
                vec![
                    format!("error message=\"{}\"", why.replace('"', "'")),
                    "done move=0-0".into(),
                ]
            }
        },
        Err(e) => vec![
            format!("error message=\"{}\"", e.to_string().replace('"', "'")),
            "done move=0-0".into(),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_keep_quoted_values_whole() {
        let args = arguments("pos=Wbbe moves=\"32-28 19-23\" think");
        assert_eq!(
            args,
            vec![
                ("pos".to_string(), "Wbbe".to_string()),
                ("moves".to_string(), "32-28 19-23".to_string()),
                ("think".to_string(), String::new()),
            ]
        );
    }

    #[test]
    fn scores_are_in_men_and_wins_count_plies() {
        assert_eq!(hub_score(35), "0.35");
        assert_eq!(hub_score(-120), "-1.20");
        assert_eq!(hub_score(MATE - 3), "99.97");
        assert_eq!(hub_score(-(MATE - 2)), "-99.98");
    }

    #[test]
    fn a_level_with_nothing_known_keeps_the_default() {
        assert_eq!(parse_level(&[]).unwrap(), Level::default());
        let l = parse_level(&arguments("depth=5")).unwrap();
        assert_eq!(l.depth, Some(5));
        assert_eq!(l.move_time, None);
        assert!(parse_level(&arguments("move-time=x")).is_err());
    }
}
