//! The one-shot subcommands. Each returns the whole of its standard output as a string, or
//! the whole of its error message, so nothing is printed half-way.

use crate::failure::Failure;
use crate::loaded::{game_over, load_game, Loaded};
use crate::{Command, Notation, PositionArgs};
use dagaz_engine::{Counting, GenError, Move, MoveGen, ParallelPerft, Perft};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

type Outcome = Result<String, String>;

/// Runs a command: its standard output and exit code, or why it has no answer.
pub(crate) fn execute(
    command: Command,
    progress: bool,
    err: &mut dyn Write,
) -> Result<(String, i32), Failure> {
    if let Command::Check { game, format } = &command {
        return Ok(check(game, *format)?);
    }
    if let Command::Tune(args) = &command {
        return Ok((crate::tune::run(args, progress, err)?, 0));
    }
    if let Command::Match(args) = &command {
        return Ok((crate::tune::run_match(args, progress, err)?, 0));
    }
    if let Command::Moves { position, notation } = &command {
        return moves(position, *notation).map(|text| (text, 0));
    }
    Ok((run(command, progress, err)?, 0))
}

fn run(command: Command, progress: bool, err: &mut dyn Write) -> Outcome {
    match command {
        Command::Perft {
            position,
            depth,
            expected: true,
            ..
        } => expected(&position, depth),
        Command::Perft {
            position,
            depth,
            divide,
            notation,
            bulk,
            threads,
            expected: false,
        } => {
            let counting = if bulk { Counting::Bulk } else { Counting::Full };
            let how = (divide, counting, threads, notation);
            perft(&position, depth, how, progress, err)
        }
        Command::Bench {
            position,
            depth,
            repeat,
            threads,
        } => bench(&position, depth, repeat, threads),
        Command::Fen(args) => fen(&args),
        Command::Check { .. }
        | Command::Moves { .. }
        | Command::Bestmove { .. }
        | Command::Play { .. }
        | Command::Uci(_)
        | Command::Hub(_)
        | Command::Tune(_)
        | Command::Match(_)
        | Command::Serve(_) => Err("error: internal: this command runs apart\n".into()),
        Command::Disasm { game } => disasm(&game),
        Command::Games => Ok(crate::games::list()),
        Command::Info { game } => crate::about::about(&game),
    }
}

/// `dagaz moves`: the legal moves, sorted, one a line; on a finished game, no line and the
/// end's line as the failure (exit code 1).
fn moves(args: &PositionArgs, notation: Notation) -> Result<String, Failure> {
    let loaded = Loaded::new(args)?;
    let mut gen = loaded.generator();
    let moves = gen
        .moves(&loaded.game, loaded.position())
        .map_err(|e| loaded.gen_error(&e))?;
    if moves.is_empty() {
        return Err(Failure::GameOver(game_over(&loaded, &mut gen)?));
    }
    let mut lines = written(&loaded, &mut gen, &moves, notation)?;
    if loaded.game.is_chance(loaded.position()) {
        // Chance draws one of them: each says how likely it is.
        for (line, p) in lines.iter_mut().zip(dagaz_engine::probabilities(&moves)) {
            let _ = write!(line, "  {p}");
        }
    }
    dagaz_engine::sort_for_reading(&mut lines);
    Ok(lines.iter().fold(String::new(), |mut s, l| {
        let _ = writeln!(s, "{l}");
        s
    }))
}

/// The moves of the loaded position written as `notation` asks, in their order; SAN for a
/// game that does not declare it is an error.
fn written(
    loaded: &Loaded,
    gen: &mut MoveGen,
    moves: &[Move],
    notation: Notation,
) -> Result<Vec<String>, String> {
    let game = &loaded.game;
    match notation {
        Notation::Game => Ok(moves.iter().map(|m| m.notation(game)).collect()),
        Notation::San if !game.writes_san() => Err(format!(
            "error: --notation san: {} declares no `(notation san)`; its moves are written as \
             its `log`s write them (--notation game)\n",
            game.name()
        )),
        Notation::San => dagaz_engine::san_all(game, gen, loaded.position(), moves)
            .map_err(|e| loaded.gen_error(&e)),
    }
}

/// Divide's rows, each move's notation replaced by its SAN (the root's moves have one
/// notation each, as the rows do).
fn in_san(loaded: &Loaded, rows: Vec<(String, u64)>) -> Result<Vec<(String, u64)>, String> {
    let mut gen = loaded.generator();
    let moves = gen
        .moves(&loaded.game, loaded.position())
        .map_err(|e| loaded.gen_error(&e))?;
    let san = written(loaded, &mut gen, &moves, Notation::San)?;
    let game = &loaded.game;
    let by_notation: std::collections::HashMap<String, &String> =
        moves.iter().map(|m| m.notation(game)).zip(&san).collect();
    Ok(rows
        .into_iter()
        .map(|(text, n)| match by_notation.get(&text) {
            Some(san) => ((*san).clone(), n),
            None => (text, n),
        })
        .collect())
}

/// `dagaz perft`: the count at `depth` (after the count of each move when `divide`), and
/// with `progress`, each shallower depth's on `err` first.
fn perft(
    position: &PositionArgs,
    depth: u32,
    (divide, counting, threads, notation): (bool, Counting, u32, Notation),
    progress: bool,
    err: &mut dyn Write,
) -> Outcome {
    let loaded = Loaded::new(position)?;
    let mut counter = Counter::new(&loaded, counting, threads);
    if progress {
        // A deep count can run for hours: each shallower depth is counted and reported
        // first, so a terminal shows how fast it goes and how far it got.
        for shallower in 1..depth {
            let start = Instant::now();
            let leaves = counter.count(shallower).map_err(|e| loaded.gen_error(&e))?;
            let _ = writeln!(err, "{}", progress_line(shallower, leaves, start.elapsed()));
        }
    }
    let start = Instant::now();
    let mut out = String::new();
    let total = if divide || progress {
        let mut rows = counter
            .divide(depth, progress, err)
            .map_err(|e| loaded.gen_error(&e))?;
        if notation == Notation::San {
            rows = in_san(&loaded, rows)?;
        }
        rows.sort_by(|(a, m), (b, n)| dagaz_engine::reading_order(a, b).then(m.cmp(n)));
        if divide {
            for (notation, n) in &rows {
                let _ = writeln!(out, "{notation}: {n}");
            }
        }
        if depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        }
    } else {
        counter.count(depth).map_err(|e| loaded.gen_error(&e))?
    };
    if progress {
        let _ = writeln!(err, "\r{}", progress_line(depth, total, start.elapsed()));
    }
    let _ = writeln!(out, "{total}");
    Ok(out)
}

/// `dagaz perft --expected`: the probability-weighted count, to 6 decimals at most.
fn expected(position: &PositionArgs, depth: u32) -> Outcome {
    let loaded = Loaded::new(position)?;
    let mut perft = dagaz_engine::Perft::new(&loaded.game, loaded.generator(), Counting::Full);
    let n = perft
        .expected(&mut loaded.position().clone(), depth)
        .map_err(|e| loaded.gen_error(&e))?;
    let text = format!("{n:.6}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    Ok(format!("{text}\n"))
}

/// `dagaz bench`: the best of `repeat` counts at `depth`, full and bulk.
fn bench(position: &PositionArgs, depth: u32, repeat: u32, threads: u32) -> Outcome {
    let loaded = Loaded::new(position)?;
    let mut out = String::new();
    let _ = write!(out, "game: {}   depth: {depth}", loaded.game.name());
    if threads > 1 {
        let _ = write!(out, "   threads: {threads}");
    }
    out.push('\n');
    for (counting, label) in [
        (Counting::Full, "full (every leaf played)"),
        (Counting::Bulk, "bulk (last ply counted) "),
    ] {
        let mut best = Duration::MAX;
        let mut leaves = 0;
        for _ in 0..repeat {
            let mut counter = Counter::new(&loaded, counting, threads);
            let start = Instant::now();
            leaves = counter.count(depth).map_err(|e| loaded.gen_error(&e))?;
            best = best.min(start.elapsed());
        }
        let _ = writeln!(
            out,
            "{label}: {leaves} leaves in {:.3} s = {}",
            best.as_secs_f64(),
            rate(leaves, best)
        );
    }
    Ok(out)
}

/// `dagaz fen`: the position as FEN.
fn fen(args: &PositionArgs) -> Outcome {
    let loaded = Loaded::new(args)?;
    // Worded as the engine words it for `--fen`, so both say what to add.
    let fen = loaded.game.to_fen(loaded.position()).ok_or_else(|| {
        format!(
            "error: {}: {} declares no FEN; add a `(fen ...)` clause to its game form\n",
            loaded.path,
            loaded.game.name()
        )
    })?;
    Ok(format!("{fen}\n"))
}

/// `dagaz disasm`: every piece's chain and goal clause, disassembled.
fn disasm(game: &Path) -> Outcome {
    let (game, _) = load_game(game)?;
    let mut out = String::new();
    for i in 0..game.piece_count() {
        let name = dagaz_engine::PieceKind::from_index(i).map_or("?", |k| game.piece_name(k));
        let _ = writeln!(out, "piece {name}:");
        out.push_str(&game.disassemble(i));
    }
    for i in 0..game.goal_clause_count() {
        let _ = writeln!(out, "goal #{}:", i + 1);
        out.push_str(&game.disassemble_goal(i));
    }
    Ok(out)
}

/// `dagaz check`: every problem in the game file, as text or JSON; exit code 2 when any.
fn check(path: &Path, format: crate::Format) -> Result<(String, i32), String> {
    let source = crate::games::source(path)?;
    let (shown, text) = (source.origin().to_string(), source.text());
    let problems = source.check();
    let code = if problems.is_empty() {
        0
    } else {
        crate::EXIT_BAD_INPUT
    };
    let out = match format {
        crate::Format::Json => crate::diagnostics::json(&shown, text, &problems),
        crate::Format::Human if problems.is_empty() => format!("{shown}: no problems found\n"),
        crate::Format::Human => {
            let lines = dagaz_sexpr::LineIndex::new(text);
            let (shown_problems, rest) =
                problems.split_at(problems.len().min(crate::diagnostics::MAX_SHOWN));
            let mut out = String::new();
            for p in shown_problems {
                out.push_str(&crate::diagnostics::report_also(
                    p.severity.as_str(),
                    &shown,
                    &lines,
                    p.span,
                    &format!("{} [{}]", p.message, p.code),
                    p.help.as_deref(),
                    p.related.as_ref().map(|(at, what)| (*at, what.as_str())),
                ));
            }
            if !rest.is_empty() {
                let _ = writeln!(out, "... and {}", crate::diagnostics::not_shown(rest));
            }
            let errors = problems
                .iter()
                .filter(|p| p.severity == dagaz_engine::Severity::Error)
                .count();
            let tally = crate::diagnostics::tally(errors, problems.len() - errors);
            let _ = writeln!(out, "{shown}: {tally}");
            out
        }
    };
    Ok((out, code))
}

/// What `perft` reports on a terminal for each finished depth.
fn progress_line(depth: u32, leaves: u64, time: Duration) -> String {
    format!(
        "perft({depth}) = {leaves} in {:.3} s ({})",
        time.as_secs_f64(),
        rate(leaves, time)
    )
}

fn rate(leaves: u64, time: Duration) -> String {
    let secs = time.as_secs_f64().max(1e-9);
    format!("{:.2} M leaves/s", leaves as f64 / secs / 1e6)
}

/// Perft of the loaded position, on one thread or on several.
struct Counter<'a> {
    loaded: &'a Loaded,
    /// The single-threaded counter, with its move lists kept from one count to the next.
    perft: Perft<'a>,
    counting: Counting,
    threads: usize,
}

impl<'a> Counter<'a> {
    fn new(loaded: &'a Loaded, counting: Counting, threads: u32) -> Counter<'a> {
        Counter {
            loaded,
            perft: Perft::new(&loaded.game, loaded.generator(), counting),
            counting,
            threads: threads as usize,
        }
    }

    /// The counter on several threads, where more than one is asked for.
    fn parallel(&self) -> Option<ParallelPerft<'_>> {
        (self.threads > 1).then(|| ParallelPerft {
            game: &self.loaded.game,
            limits: self.loaded.generator().limits(),
            counting: self.counting,
            threads: self.threads,
        })
    }

    fn count(&mut self, depth: u32) -> Result<u64, GenError> {
        let position = self.loaded.position();
        if let Some(parallel) = self.parallel() {
            return parallel.count(position, depth);
        }
        self.perft.count(&mut position.clone(), depth)
    }

    /// `move: count` per root move; on a terminal (`progress`), how far the count has got on
    /// `err` as it goes: root moves on one thread, parts of the tree on several.
    fn divide(
        &mut self,
        depth: u32,
        progress: bool,
        err: &mut dyn Write,
    ) -> Result<Vec<(String, u64)>, GenError> {
        let game = &self.loaded.game;
        let position = self.loaded.position();
        let rows = if let Some(parallel) = self.parallel() {
            let done = AtomicUsize::new(0);
            let total = AtomicUsize::new(0);
            let note = |d: usize, t: usize| {
                done.fetch_max(d, Ordering::Relaxed);
                total.store(t, Ordering::Relaxed);
            };
            std::thread::scope(|scope| {
                let counting = scope.spawn(|| parallel.divide(position, depth, &note));
                // The threads count; this one tells the terminal how far they have got.
                while !counting.is_finished() {
                    std::thread::sleep(Duration::from_millis(100));
                    let (d, t) = (done.load(Ordering::Relaxed), total.load(Ordering::Relaxed));
                    if progress && t > 0 {
                        let _ = write!(err, "\rperft: {d}/{t} parts");
                        let _ = err.flush();
                    }
                }
                // A panic in a counting thread is a bug: it goes on as the panic it was.
                counting
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })?
        } else {
            self.perft
                .divide_with(&mut position.clone(), depth, &mut |done, total| {
                    if progress {
                        let _ = write!(err, "\rperft: {done}/{total} root moves");
                        let _ = err.flush();
                    }
                })?
        };
        Ok(rows
            .into_iter()
            .map(|(m, n)| (m.notation(game), n))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_lines_give_the_depth_the_leaves_the_time_and_the_speed() {
        assert_eq!(
            progress_line(5, 4_865_609, Duration::from_millis(1900)),
            "perft(5) = 4865609 in 1.900 s (2.56 M leaves/s)"
        );
        assert_eq!(
            progress_line(1, 20, Duration::ZERO),
            "perft(1) = 20 in 0.000 s (20000.00 M leaves/s)"
        );
    }
}
