//! The one-shot subcommands. Each returns the whole of its standard output as a string, or
//! the whole of its error message, so nothing is printed half-way.

use crate::loaded::{game_over, load_game, Loaded};
use crate::Command;
use dagaz_engine::{Counting, GenError, Perft, Position};
use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

type Outcome = Result<String, String>;

/// Runs a command: its standard output and exit code, or its error message (exit code 2).
pub(crate) fn execute(
    command: Command,
    progress: bool,
    err: &mut dyn Write,
) -> Result<(String, i32), String> {
    if let Command::Check { game, format } = &command {
        return check(game, *format);
    }
    run(command, progress, err).map(|text| (text, 0))
}

fn run(command: Command, progress: bool, err: &mut dyn Write) -> Outcome {
    match command {
        Command::Moves(args) => {
            let loaded = Loaded::new(&args)?;
            let mut gen = loaded.generator();
            let moves = gen
                .moves(&loaded.game, loaded.position())
                .map_err(|e| loaded.gen_error(&e))?;
            if moves.is_empty() {
                return game_over(&loaded, &mut gen);
            }
            let mut lines: Vec<String> = moves.iter().map(|m| m.notation(&loaded.game)).collect();
            lines.sort();
            Ok(lines.iter().fold(String::new(), |mut s, l| {
                let _ = writeln!(s, "{l}");
                s
            }))
        }
        Command::Perft {
            position,
            depth,
            divide,
            bulk,
        } => {
            let loaded = Loaded::new(&position)?;
            let counting = if bulk { Counting::Bulk } else { Counting::Full };
            let mut perft = Perft::new(&loaded.game, loaded.generator(), counting);
            let mut pos = loaded.position().clone();
            if progress {
                // A deep count can run for hours: each shallower depth is counted and reported
                // first, so a terminal shows how fast it goes and how far it got.
                for shallower in 1..depth {
                    let start = Instant::now();
                    let leaves = perft
                        .count(&mut pos, shallower)
                        .map_err(|e| loaded.gen_error(&e))?;
                    let _ = writeln!(err, "{}", progress_line(shallower, leaves, start.elapsed()));
                }
            }
            let start = Instant::now();
            let mut out = String::new();
            let total = if divide || progress {
                let mut rows = divide_with_progress(&mut perft, &mut pos, depth, progress, err)
                    .map_err(|e| loaded.gen_error(&e))?;
                rows.sort();
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
                perft
                    .count(&mut pos, depth)
                    .map_err(|e| loaded.gen_error(&e))?
            };
            if progress {
                let _ = writeln!(err, "\r{}", progress_line(depth, total, start.elapsed()));
            }
            let _ = writeln!(out, "{total}");
            Ok(out)
        }
        Command::Bench {
            position,
            depth,
            repeat,
        } => {
            let loaded = Loaded::new(&position)?;
            let mut out = String::new();
            let _ = writeln!(out, "game: {}   depth: {depth}", loaded.game.name());
            for (counting, label) in [
                (Counting::Full, "full (every leaf played)"),
                (Counting::Bulk, "bulk (last ply counted) "),
            ] {
                let mut best = Duration::MAX;
                let mut leaves = 0;
                for _ in 0..repeat {
                    let mut perft = Perft::new(&loaded.game, loaded.generator(), counting);
                    let mut pos = loaded.position().clone();
                    let start = Instant::now();
                    leaves = perft
                        .count(&mut pos, depth)
                        .map_err(|e| loaded.gen_error(&e))?;
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
        Command::Fen(args) => {
            let loaded = Loaded::new(&args)?;
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
        Command::Check { .. }
        | Command::Bestmove { .. }
        | Command::Play { .. }
        | Command::Uci(_)
        | Command::Hub(_)
        | Command::Serve(_) => Err("error: internal: this command runs apart\n".into()),
        Command::Disasm { game } => {
            let (game, _) = load_game(&game)?;
            let mut out = String::new();
            for i in 0..game.piece_count() {
                let name =
                    dagaz_engine::PieceKind::from_index(i).map_or("?", |k| game.piece_name(k));
                let _ = writeln!(out, "piece {name}:");
                out.push_str(&game.disassemble(i));
            }
            for i in 0..game.goal_clause_count() {
                let _ = writeln!(out, "goal #{}:", i + 1);
                out.push_str(&game.disassemble_goal(i));
            }
            Ok(out)
        }
    }
}

/// `dagaz check`: every problem in the game file, as text or JSON; exit code 2 when any.
fn check(path: &Path, format: crate::Format) -> Result<(String, i32), String> {
    let shown = path.display().to_string();
    let text = crate::loaded::read_game_text(path)?;
    let problems = dagaz_engine::check_with(&text, &mut crate::loaded::includer(path));
    let code = if problems.is_empty() {
        0
    } else {
        crate::EXIT_BAD_INPUT
    };
    let out = match format {
        crate::Format::Json => crate::diagnostics::json(&shown, &text, &problems),
        crate::Format::Human if problems.is_empty() => format!("{shown}: no problems found\n"),
        crate::Format::Human => {
            let lines = dagaz_sexpr::LineIndex::new(&text);
            let (shown_problems, rest) =
                problems.split_at(problems.len().min(crate::diagnostics::MAX_SHOWN));
            let mut out = String::new();
            for p in shown_problems {
                out.push_str(&crate::diagnostics::report(
                    p.severity.as_str(),
                    &shown,
                    &lines,
                    p.span,
                    &format!("{} [{}]", p.message, p.code),
                    p.help.as_deref(),
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

/// `divide`, reporting each finished root move on stderr when `progress` is set.
fn divide_with_progress(
    perft: &mut Perft<'_>,
    pos: &mut Position,
    depth: u32,
    progress: bool,
    err: &mut dyn Write,
) -> Result<Vec<(String, u64)>, GenError> {
    let game = perft.game();
    let rows = perft.divide_with(pos, depth, &mut |done, total| {
        if progress {
            let _ = write!(err, "\rperft: {done}/{total} root moves");
            let _ = err.flush();
        }
    })?;
    Ok(rows
        .into_iter()
        .map(|(m, n)| (m.notation(game), n))
        .collect())
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
