//! The search thread of the protocols: a worker that owns the searcher between searches and
//! lends it to a scoped thread for each one (or runs a perft count there), and the writer both
//! threads answer through, so that the reading thread answers `isready`, `ping` and `stop`
//! while a search or a count runs.

use dagaz_engine::{Counting, Game, GenError, Move, MoveGen, Perft, Position, StepLimits};
use dagaz_search::{Found, GameRecord, Info, SearchLimits, Searcher};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{Scope, ScopedJoinHandle};
use std::time::Duration;

/// The writer both threads answer through: one whole line at a time, flushed at once.
pub(crate) struct Output<'w> {
    inner: Mutex<&'w mut (dyn Write + Send)>,
}

impl<'w> Output<'w> {
    pub(crate) fn new(out: &'w mut (dyn Write + Send)) -> Output<'w> {
        Output {
            inner: Mutex::new(out),
        }
    }

    pub(crate) fn line(&self, text: &str) {
        let mut w = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// Formats an iteration's report (`None`: say nothing).
pub(crate) type OnInfo<'s> = Box<dyn Fn(&Info) -> Option<String> + Send + 's>;
/// Formats the answer at the end of a search.
pub(crate) type OnDone<'s> = Box<dyn FnOnce(Result<Found, GenError>) -> Vec<String> + Send + 's>;
/// Formats the answer at the end of a perft count (`None`: stopped).
pub(crate) type OnCounted<'s> =
    Box<dyn FnOnce(Result<Option<Vec<(Move, u64)>>, GenError>) -> Vec<String> + Send + 's>;

/// One search to run.
pub(crate) struct Job<'s> {
    /// The game to search from its current position: a clone of the protocol's record, which
    /// shares its plies rather than copying them.
    pub record: GameRecord,
    pub limits: SearchLimits,
    /// Hold the answer back until told to stop (UCI's `go infinite`, Hub's `go analyze`).
    pub until_stopped: bool,
    pub on_info: OnInfo<'s>,
    pub on_done: OnDone<'s>,
}

struct Running<'scope, 'g> {
    handle: ScopedJoinHandle<'scope, Searcher<'g>>,
    /// Our own stop signal: the searcher clears its flag when a search starts, so a stop that
    /// comes before that is passed on at the end of the next iteration.
    stop: Arc<AtomicBool>,
    flag: Arc<AtomicBool>,
    /// Set to drop the answer (a ponder search replaced by a real one).
    silent: Arc<AtomicBool>,
    /// Whether it is stopped (rather than waited for) before the next search and at the end
    /// of the input.
    until_stopped: bool,
}

/// Bounds on what the commands of a protocol session may ask for, whatever numbers they give:
/// the `protocol` fuzz target sets them so that every session it makes up ends at once. A real
/// session has none ([`Caps::default`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// The most nodes one search visits.
    pub nodes: u64,
    /// The deepest `go perft`.
    pub perft_depth: u32,
    /// The largest transposition table, in MiB.
    pub hash_mb: usize,
    /// The most search threads.
    pub threads: usize,
}

/// The engine's settings a protocol session starts with; the protocol can change them (UCI's
/// `setoption name Hash` and `Threads`, Hub's `set-param name=hash` and `threads`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The transposition table's size in MiB (1 to 4096).
    pub hash_mb: usize,
    /// Search threads (1 to 256): more than one searches the same position together, sharing
    /// the table (Lazy SMP).
    pub threads: usize,
}

impl Default for Caps {
    /// No bounds beyond the ranges the protocols check.
    fn default() -> Caps {
        Caps {
            nodes: u64::MAX,
            perft_depth: u32::MAX,
            hash_mb: usize::MAX,
            threads: usize::MAX,
        }
    }
}

fn searcher(game: &Game, gen_limits: StepLimits, hash_mb: usize, threads: usize) -> Searcher<'_> {
    let mut searcher = Searcher::new(game, gen_limits, hash_mb);
    searcher.set_threads(threads);
    searcher
}

/// The searcher, either idle here or lent to the search thread.
pub(crate) struct Worker<'scope, 'g> {
    game: &'g Game,
    gen_limits: StepLimits,
    hash_mb: usize,
    threads: usize,
    caps: Caps,
    idle: Option<Searcher<'g>>,
    running: Option<Running<'scope, 'g>>,
}

impl<'scope, 'g: 'scope> Worker<'scope, 'g> {
    /// A worker with the table and threads of `settings` (checked by the caller:
    /// `numbers::hash`, `numbers::threads`), whose searches and counts stay within `caps`.
    pub(crate) fn new(
        game: &'g Game,
        gen_limits: StepLimits,
        settings: Settings,
        caps: Caps,
    ) -> Worker<'scope, 'g> {
        let mut worker = Worker {
            game,
            gen_limits,
            hash_mb: settings.hash_mb.min(caps.hash_mb),
            threads: settings.threads.min(caps.threads).max(1),
            caps,
            idle: None,
            running: None,
        };
        worker.idle = Some(worker.fresh());
        worker
    }

    /// A new searcher with the worker's settings.
    fn fresh(&self) -> Searcher<'g> {
        searcher(self.game, self.gen_limits, self.hash_mb, self.threads)
    }

    pub(crate) fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Starts `job` on a thread of `scope`. A search still running is stopped first and
    /// gives its answer: each `go` is answered once, and the reading of commands never waits.
    pub(crate) fn start(
        &mut self,
        scope: &'scope Scope<'scope, '_>,
        out: &'scope Output<'_>,
        job: Job<'scope>,
    ) {
        // A search without limits would run on for a very long time: it ends like one that
        // waits for `stop`.
        let until_stopped = job.until_stopped || job.limits == SearchLimits::default();
        let Job {
            record,
            mut limits,
            on_info,
            on_done,
            ..
        } = job;
        if self.caps.nodes != u64::MAX {
            limits.nodes = Some(limits.nodes.unwrap_or(u64::MAX).min(self.caps.nodes));
        }
        self.spawn(scope, out, until_stopped, move |searcher, stop, flag| {
            let result = searcher.search(&record, &limits, &mut |info| {
                if let Some(line) = on_info(info) {
                    out.line(&line);
                }
                if stop.load(Ordering::Relaxed) {
                    flag.store(true, Ordering::Relaxed);
                }
            });
            on_done(result)
        });
    }

    /// Starts counting perft of `position` at `depth` on a thread of `scope`, as [`start`]
    /// starts a search: `stop`, `quit` or the next `go` stop it, and `on_done` hears the rows
    /// (`None`: stopped before the end).
    ///
    /// [`start`]: Worker::start
    pub(crate) fn count(
        &mut self,
        scope: &'scope Scope<'scope, '_>,
        out: &'scope Output<'_>,
        position: Position,
        depth: u32,
        on_done: OnCounted<'scope>,
    ) {
        let (game, gen_limits) = (self.game, self.gen_limits);
        let depth = depth.min(self.caps.perft_depth);
        self.spawn(scope, out, false, move |_, stop, _| {
            let mut perft = Perft::new(game, MoveGen::new(gen_limits), Counting::Bulk);
            let mut position = position;
            on_done(perft.divide_until(&mut position, depth, stop))
        });
    }

    /// Runs `task` on a thread of `scope` with the searcher, our stop signal and the
    /// searcher's flag, and writes the lines it answers (unless made silent); a task still
    /// running is stopped first.
    fn spawn(
        &mut self,
        scope: &'scope Scope<'scope, '_>,
        out: &'scope Output<'_>,
        until_stopped: bool,
        task: impl FnOnce(&mut Searcher<'g>, &Arc<AtomicBool>, &Arc<AtomicBool>) -> Vec<String>
            + Send
            + 'scope,
    ) {
        self.stop();
        let mut searcher = self.take_searcher();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = searcher.stop_flag();
        let silent = Arc::new(AtomicBool::new(false));
        let (stop2, flag2, silent2) = (Arc::clone(&stop), Arc::clone(&flag), Arc::clone(&silent));
        let handle = scope.spawn(move || {
            let lines = task(&mut searcher, &stop2, &flag2);
            if until_stopped {
                while !stop2.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            if !silent2.load(Ordering::Relaxed) {
                for line in lines {
                    out.line(&line);
                }
            }
            searcher
        });
        self.running = Some(Running {
            handle,
            stop,
            flag,
            silent,
            until_stopped,
        });
    }

    /// Stops the running search (which then answers) and waits for it.
    pub(crate) fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
            running.flag.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// Stops the running search without its answer.
    pub(crate) fn stop_quietly(&mut self) {
        if let Some(running) = &self.running {
            running.silent.store(true, Ordering::Relaxed);
        }
        self.stop();
    }

    /// Waits for the running search to finish by itself.
    pub(crate) fn wait(&mut self) {
        if let Some(running) = self.running.take() {
            // A search thread that panicked lost its searcher: start afresh.
            self.idle = running.handle.join().ok();
        }
    }

    /// The idle searcher (stopping any search first).
    pub(crate) fn searcher(&mut self) -> &mut Searcher<'g> {
        self.stop();
        let (game, gen_limits, hash_mb, threads) =
            (self.game, self.gen_limits, self.hash_mb, self.threads);
        self.idle
            .get_or_insert_with(|| searcher(game, gen_limits, hash_mb, threads))
    }

    fn take_searcher(&mut self) -> Searcher<'g> {
        self.idle.take().unwrap_or_else(|| self.fresh())
    }

    /// Searches on `threads` threads from now on (checked by the caller: `numbers::threads`).
    pub(crate) fn set_threads(&mut self, threads: usize) {
        self.threads = threads.min(self.caps.threads).max(1);
        let threads = self.threads;
        self.searcher().set_threads(threads);
    }

    /// A new transposition table of `mb` MiB (checked by the caller: `numbers::hash`).
    pub(crate) fn resize(&mut self, mb: usize) {
        self.stop();
        self.hash_mb = mb.min(self.caps.hash_mb);
        self.idle = Some(self.fresh());
    }

    /// Lets the running search end: one that ends by itself is waited for, one that waits
    /// for `stop` is stopped (at the end of the input, or before the next search).
    pub(crate) fn finish(&mut self) {
        if self.running.as_ref().is_some_and(|r| r.until_stopped) {
            self.stop();
        } else {
            self.wait();
        }
    }
}
