//! The loop every engine protocol runs (UCI and Hub today; USI, UCCI and CECP can join it): the
//! calling thread reads the input, a second thread runs the commands, and the search runs on
//! a third, so a protocol's "are you ready" and `stop` are answered during a search, and a
//! search started during a search stops that one first. A front end says how its protocol
//! reads a command and writes an error; the loop owns the threads, the board, the worker,
//! blank lines, unreadable lines and `quit`.

use crate::input::{forward, Board, Line};
use crate::numbers::{MAX_HASH_MB, MAX_THREADS};
use crate::worker::{Caps, Job, OnCounted, Output, Settings, Worker};
use dagaz_engine::{Game, MoveGen, Position, StepLimits};
use dagaz_search::GameOver;
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::thread::Scope;

/// One protocol's side of a session: its commands and its way of saying what went wrong.
pub(crate) trait FrontEnd<'g>: Send {
    /// The line that tells the other side about `message` (a command that could not be
    /// carried out, or a line that could not be read).
    fn error(&self, message: &str) -> String;

    /// Carries out `line`, whose first word is `command` (never `quit`, which the loop
    /// answers); an error is written with [`error`](FrontEnd::error).
    fn command<'scope>(
        &mut self,
        command: &str,
        line: &str,
        session: &mut Session<'scope, '_, '_, 'g>,
    ) -> Result<(), String>;
}

/// What a front end's commands act on: the game, where it stands, the output and the worker
/// that searches on a thread of `scope`.
pub(crate) struct Session<'scope, 'env, 'o, 'g: 'scope> {
    pub game: &'g Game,
    pub gen_limits: StepLimits,
    pub board: Board,
    pub worker: Worker<'scope, 'g>,
    pub out: &'scope Output<'o>,
    scope: &'scope Scope<'scope, 'env>,
}

impl<'scope, 'g: 'scope> Session<'scope, '_, '_, 'g> {
    /// Starts `job` (see [`Worker::start`]).
    pub(crate) fn start(&mut self, job: Job<'scope>) {
        self.worker.start(self.scope, self.out, job);
    }

    /// Starts counting perft of `position` (see [`Worker::count`]).
    pub(crate) fn count(&mut self, position: Position, depth: u32, on_done: OnCounted<'scope>) {
        self.worker
            .count(self.scope, self.out, position, depth, on_done);
    }
}

impl Session<'_, '_, '_, '_> {
    /// How the game at the board's position is over, when it is: the end its history gives
    /// (a repetition), else the goal or the want of moves that ends it. A protocol says it in
    /// its result line beside the answer that has no move.
    pub(crate) fn game_over(&self) -> Option<GameOver> {
        let record = &self.board.record;
        if let Some(over) = record.history_end(self.game) {
            return Some(over);
        }
        let ended = MoveGen::new(self.gen_limits)
            .ending(self.game, record.position())
            .ok()??;
        Some(GameOver::from_ending(self.game, &ended))
    }
}

/// A session of `front` for `game`: commands read from `input` until it ends or says `quit`,
/// answers written to `out`; move generation within `gen_limits`, the table and threads of
/// `settings`, and searches and counts within `caps`. It returns when the session is over,
/// any search it started answered.
pub(crate) fn run<'g>(
    mut front: impl FrontEnd<'g>,
    game: &'g Game,
    gen_limits: StepLimits,
    (settings, caps): (Settings, Caps),
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) {
    let out = Output::new(out);
    let (send, lines) = mpsc::channel();
    std::thread::scope(|scope| {
        let out = &out;
        scope.spawn(move || {
            let mut session = Session {
                game,
                gen_limits,
                board: Board::new(game.initial_position()),
                worker: Worker::new(game, gen_limits, settings, caps),
                out,
                scope,
            };
            for line in lines {
                let line = match line {
                    Line::Text(line) => line,
                    bad => {
                        out.line(&front.error(bad.problem().unwrap_or_default()));
                        continue;
                    }
                };
                match line.split_whitespace().next() {
                    None => {}
                    Some("quit") => {
                        session.worker.stop();
                        return;
                    }
                    Some(command) => {
                        if let Err(message) = front.command(command, &line, &mut session) {
                            out.line(&front.error(&message));
                        }
                    }
                }
            }
            session.worker.finish();
        });
        forward(input, send);
    });
}

/// A front end's answer to its protocol's greeting: the lines `ids` that name the engine,
/// the two options of `settings` as `option` writes one (its name in `names`, its value and
/// its largest value), then `end`.
pub(crate) fn identify(
    out: &Output<'_>,
    ids: &[String],
    (settings, names): (Settings, [&str; 2]),
    option: impl Fn(&str, usize, usize) -> String,
    end: &str,
) {
    for id in ids {
        out.line(id);
    }
    let [hash, threads] = names;
    out.line(&option(hash, settings.hash_mb, MAX_HASH_MB));
    out.line(&option(threads, settings.threads, MAX_THREADS));
    out.line(end);
}
