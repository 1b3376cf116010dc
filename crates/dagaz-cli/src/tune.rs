//! `dagaz tune GAME`: the game's evaluation fitted to games the engine plays against itself
//! (Texel's method, in `dagaz-tune`), printed as an `(evaluation ...)` clause or written into
//! the game file in place of the old one; and `dagaz match GAME OTHER`, which tells whether
//! the new clause plays better than the old.

use crate::loaded::load_game;
use crate::{MatchArgs, TuneArgs};
use dagaz_engine::GameSource;
use dagaz_engine::PlayerId;
use dagaz_tune::{FitOptions, Fitting, Tally};
use std::fmt::Write as _;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Runs `dagaz tune`: its standard output, or its error message.
pub(crate) fn run(args: &TuneArgs, progress: bool, err: &mut dyn Write) -> Result<String, String> {
    let (game, source) = load_game(&args.game)?;
    let shown = source.origin().to_string();
    if args.write && !args.game.exists() {
        return Err(format!(
            "error: --write needs a game file, and `{shown}` is a shipped game compiled into dagaz: tune a copy of its file\n"
        ));
    }
    let options = args.play.schedule(args.games, args.nodes);
    let fit_options = FitOptions {
        steps: args.steps,
        ..FitOptions::default()
    };
    let fitting = Fitting {
        tables: args.tables,
        mobility: !args.fixed_mobility,
    };
    let gen_limits = crate::loaded::limits(&args.limits);
    let start = Instant::now();
    let (done, samples) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let note = |d: usize, s: usize| {
        done.store(d, Ordering::Relaxed);
        samples.store(s, Ordering::Relaxed);
    };
    let tuned = with_progress(
        progress,
        err,
        || dagaz_tune::tune(&game, &options, &fit_options, fitting, gen_limits, &note),
        |err| {
            let (d, s) = (
                done.load(Ordering::Relaxed),
                samples.load(Ordering::Relaxed),
            );
            let what = if d < options.games {
                "playing"
            } else {
                "fitting"
            };
            let _ = write!(
                err,
                "\rtune: {what}: {d}/{} games, {s} positions, {:.0} s ",
                options.games,
                start.elapsed().as_secs_f64()
            );
        },
    )
    .map_err(|e| format!("error: {shown}: {e}\n"))?;

    let mut out = summary(args, &game, options.random_plies, &tuned, start);
    if args.write {
        let written = write_back(&args.game, &source, &tuned.clause)?;
        let _ = writeln!(out, "; written into {}:", written.display());
    }
    let _ = writeln!(out, "{}", tuned.clause);
    Ok(out)
}

/// The two comment lines that open `dagaz tune`'s output: how the games went, and the fit.
fn summary(
    args: &TuneArgs,
    game: &dagaz_engine::Game,
    random_plies: usize,
    tuned: &dagaz_tune::Tuned,
    start: Instant,
) -> String {
    let played = &tuned.played;
    let fitted = &tuned.fitted;
    let mut out = String::new();
    let shown = args.game.display();
    let others = if game.player_count() == 2 {
        game.player_name(PlayerId(1)).to_string()
    } else {
        "the others".to_string()
    };
    let _ = writeln!(
        out,
        "; dagaz tune {shown}: {} games of self-play at {} nodes a move after {} random plies \
         ({} won {}, {others} won {}, drawn {}), {} quiet positions, {:.0} s",
        args.games,
        args.nodes,
        random_plies,
        game.player_name(PlayerId(0)),
        played.first_wins,
        played.other_wins,
        played.draws,
        played.samples.len(),
        start.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        out,
        "; K {:.3}; mean squared error on {} fitted positions {:.5} -> {:.5}, on {} kept out \
         {:.5} -> {:.5}",
        fitted.k,
        fitted.fitted,
        fitted.fit_before,
        fitted.fit_after,
        fitted.held,
        fitted.held_before,
        fitted.held_after
    );
    out
}

/// Puts `clause` into the game file at `path` (read as `source`) in place of its
/// evaluation, or into the included fragment that holds it (`games/lib/chess-evaluation.game`
/// for chess), after checking that the game loads with it; the file is replaced whole (a
/// temporary file renamed over it), never left half-written. Answers the file written.
fn write_back(path: &Path, source: &GameSource, clause: &str) -> Result<PathBuf, String> {
    let text = source.text();
    let shown = path.display().to_string();
    let fail = |e: &dyn std::fmt::Display| format!("error: {shown}: {e}\n");
    let mut read = |n: &str| source.include(n);
    let holder = dagaz_tune::evaluation_holder(text, &mut read).map_err(|e| fail(&e))?;
    let (target, old_text) = match &holder {
        Some((name, included)) => (
            path.parent().unwrap_or(Path::new("")).join(name),
            included.as_str(),
        ),
        None => (path.to_path_buf(), text),
    };
    let new_text = dagaz_tune::rewrite(old_text, clause).map_err(|e| fail(&e))?;
    // The game as it will load: its own text, or its text with the fragment rewritten.
    let loaded = match &holder {
        Some((name, _)) => dagaz_engine::Game::load_with(text, &mut |n: &str| {
            if n == name {
                Ok(new_text.clone())
            } else {
                read(n)
            }
        }),
        None => dagaz_engine::Game::load_with(&new_text, &mut read),
    };
    loaded.map_err(|e| {
        format!(
            "error: {shown}: the tuned clause does not load in the game ({e}); nothing written\n"
        )
    })?;
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = target.with_file_name(format!(".{name}.tune-{}", std::process::id()));
    std::fs::write(&temp, &new_text)
        .and_then(|()| std::fs::rename(&temp, &target))
        .map(|()| target.clone())
        .map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            format!(
                "error: {}: cannot write: {e}; nothing written\n",
                target.display()
            )
        })
}

/// Runs `dagaz match`: its standard output, or its error message.
pub(crate) fn run_match(
    args: &MatchArgs,
    progress: bool,
    err: &mut dyn Write,
) -> Result<String, String> {
    let (first, _) = load_game(&args.game)?;
    let second = match &args.other {
        Some(other) => Some((load_game(other)?.0, other.display().to_string())),
        None => None,
    };
    let shown = args.game.display();
    if let Some((second, other)) = &second {
        same_rules(&first, second)
            .map_err(|why| format!("error: {shown} and {other} are not the same game: {why}\n"))?;
    }
    let options = args.play.schedule(args.games, args.nodes);
    let gen_limits = crate::loaded::limits(&args.limits);
    let start = Instant::now();
    let last = std::sync::Mutex::new((0usize, Tally::default()));
    let note = |done: usize, t: &Tally| {
        if let Ok(mut l) = last.lock() {
            *l = (done, *t);
        }
    };
    let algorithm = args.search.map(crate::SearchKind::algorithm);
    let tally = with_progress(
        progress,
        err,
        || match &second {
            Some((second, _)) => dagaz_tune::duel(&first, second, &options, gen_limits, &note),
            None => dagaz_tune::against_random(&first, algorithm, &options, gen_limits, &note),
        },
        |err| {
            if let Ok(l) = last.lock() {
                let (done, t) = *l;
                let _ = write!(
                    err,
                    "\rmatch: {done}/{} games, +{} ={} -{}, {:.0} s ",
                    options.games,
                    t.wins,
                    t.draws,
                    t.losses,
                    start.elapsed().as_secs_f64()
                );
            }
        },
    )
    .map_err(|e| format!("error: {shown}: {e}\n"))?;
    let elo = tally
        .elo()
        .map_or_else(|| "n/a".to_string(), |e| format!("{e:+.0}"));
    let other = second.map_or_else(|| "random moves".to_string(), |(_, other)| other);
    Ok(format!(
        "{shown} against {other}: {} games at {} nodes a move after {} random plies: \
         +{} ={} -{}, score {:.1}%, Elo {elo}, {:.0} s\n",
        options.games,
        options.nodes,
        options.random_plies,
        tally.wins,
        tally.draws,
        tally.losses,
        tally.score() * 100.0,
        start.elapsed().as_secs_f64()
    ))
}

/// Whether two games have the same rules, as far as a match can tell: the same players,
/// pieces and board, and the same moves from the start.
fn same_rules(a: &dagaz_engine::Game, b: &dagaz_engine::Game) -> Result<(), String> {
    if a.player_count() != b.player_count() || a.player_count() != 2 {
        return Err("a match needs two players on both sides".into());
    }
    if a.piece_count() != b.piece_count() || a.board().len() != b.board().len() {
        return Err("the pieces or the boards differ".into());
    }
    let mut gen = dagaz_engine::MoveGen::default();
    let moves = |g: &dagaz_engine::Game, gen: &mut dagaz_engine::MoveGen| {
        gen.moves(g, &g.initial_position())
            .map(|ms| ms.iter().map(|m| m.notation(g)).collect::<Vec<_>>())
            .map_err(|e| e.to_string())
    };
    if moves(a, &mut gen)? != moves(b, &mut gen)? {
        return Err("the moves from the start differ".into());
    }
    Ok(())
}

/// Runs `work` on a thread of its own (the games take minutes) while this one, on a terminal
/// (`progress`), tells `err` how far it has got with `tell` five times a second.
fn with_progress<T: Send>(
    progress: bool,
    err: &mut dyn Write,
    work: impl FnOnce() -> T + Send,
    mut tell: impl FnMut(&mut dyn Write),
) -> T {
    std::thread::scope(|scope| {
        let working = scope.spawn(work);
        while !working.is_finished() {
            std::thread::sleep(Duration::from_millis(200));
            if progress {
                tell(&mut *err);
                let _ = err.flush();
            }
        }
        if progress {
            let _ = writeln!(err);
        }
        // A panic in the working thread is a bug: it goes on as the panic it was.
        working
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}
