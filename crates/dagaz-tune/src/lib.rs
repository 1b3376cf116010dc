//! Texel tuning for any dagaz game: the weights of its `(evaluation ...)` clause (piece values,
//! optionally piece-square tables, the mobility weight) fitted to the results of games the
//! engine plays against itself.
//!
//! Three steps, one module each: `selfplay` plays the games and keeps their quiet positions,
//! each as the features the evaluation is linear in (`weights`) with its game's result;
//! `fit` finds the weights whose scores best predict those results (logistic regression by
//! gradient descent, Texel's method); `weights` writes them back as a clause, and
//! [`rewrite`] puts the clause into the game's text in place of the old one (in the file
//! [`evaluation_holder`] finds: the game's, or a fragment it includes). `duel` plays two
//! versions of a game file against each other, to tell whether the tuned weights play better.
//!
//! ```no_run
//! use dagaz_tune::{tune, Schedule, FitOptions};
//! let text = std::fs::read_to_string("games/simple-checkers.game").unwrap();
//! let game = dagaz_engine::Game::load(&text).unwrap();
//! let options = Schedule { games: 100, ..Schedule::default() };
//! let tuned = tune(&game, &options, &FitOptions::default(), Default::default(), Default::default(), &|_, _| {}).unwrap();
//! println!("{}", tuned.clause);
//! ```

#![warn(missing_docs)]

mod duel;
mod fit;
mod holder;
mod pool;
mod selfplay;
mod weights;

pub use duel::{against_random, duel, Tally};
pub use fit::{fit, FitOptions, Fitted};
pub use holder::evaluation_holder;
pub use pool::Schedule;
pub use selfplay::{play, Played, Sample};
pub use weights::{Features, Layout};

use dagaz_engine::{Game, GenError, PieceKind, StepLimits};

/// What [`tune`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Tuned {
    /// How the games went and what was sampled.
    pub played: Played,
    /// The fit.
    pub fitted: Fitted,
    /// The new `(evaluation ...)` clause.
    pub clause: String,
}

/// Which weights a run fits besides the piece values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fitting {
    /// The piece-square tables (otherwise they stay as the game has them).
    pub tables: bool,
    /// The mobility weight (otherwise it stays as the game has it).
    pub mobility: bool,
}

impl Default for Fitting {
    /// The values and the mobility weight.
    fn default() -> Fitting {
        Fitting {
            tables: false,
            mobility: true,
        }
    }
}

/// Plays `options.games` games of `game`, fits the weights `fitting` names to them and writes
/// the clause. `progress` hears the games finished and the samples so far.
pub fn tune(
    game: &Game,
    options: &Schedule,
    fit_options: &FitOptions,
    fitting: Fitting,
    gen_limits: StepLimits,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Tuned, GenError> {
    let layout = Layout::new(game, fitting.tables);
    let played = play(game, &layout, options, gen_limits, progress)?;
    let start = layout.weights_of(game.evaluation());
    // A royal piece is never captured: its value is no material to weigh.
    let frozen: Vec<bool> = (0..layout.len())
        .map(|i| {
            (i < game.piece_count()
                && PieceKind::from_index(i).is_some_and(|kind| game.is_royal(kind)))
                || (!fitting.mobility && layout.is_mobility(i))
        })
        .collect();
    let fitted = fit(&played.samples, &start, &frozen, fit_options);
    let clause = layout.clause(game, &fitted.weights);
    Ok(Tuned {
        played,
        fitted,
        clause,
    })
}

/// Why a game's text could not take a new clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RewriteError(pub String);

impl std::fmt::Display for RewriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RewriteError {}

/// `text` (a game file) with `clause` in place of its `(evaluation ...)` clause, or, when it
/// has none, as the game form's last clause. Everything else in the text stays as it was
/// (the comments inside the old clause go with it).
pub fn rewrite(text: &str, clause: &str) -> Result<String, RewriteError> {
    let nodes = dagaz_sexpr::read(text).map_err(|e| RewriteError(e.to_string()))?;
    let (file, _) = dagaz_syntax::parse(&nodes);
    let Some(game) = file.game() else {
        return Err(RewriteError(
            "expected a `game` form to put the evaluation in".into(),
        ));
    };
    let (start, end) = match &game.evaluation {
        Some(eval) => (eval.span.start, eval.span.end),
        None => {
            // Before the game form's closing parenthesis.
            let close = game.span.end.saturating_sub(1);
            let before = text.get(..close).unwrap_or_default();
            let at = before.trim_end().len();
            let mut out = String::with_capacity(text.len() + clause.len() + 8);
            out.push_str(text.get(..at).unwrap_or_default());
            out.push_str("\n   ");
            out.push_str(clause);
            out.push_str(text.get(at..).unwrap_or_default());
            return Ok(out);
        }
    };
    match (text.get(..start), text.get(end..)) {
        (Some(head), Some(tail)) => Ok(format!("{head}{clause}{tail}")),
        _ => Err(RewriteError(
            "the evaluation clause's place is not in the text".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_clause_replaces_the_old_one_or_comes_last() {
        let text = "; a game\n(game (name g)\n   (evaluation (piece-values (A 1)))\n   (x y))\n";
        assert_eq!(
            rewrite(text, "(evaluation (mobility 3))").unwrap(),
            "; a game\n(game (name g)\n   (evaluation (mobility 3))\n   (x y))\n"
        );
        let text = "(game (name g)\n   (x y)\n)\n";
        assert_eq!(
            rewrite(text, "(evaluation (mobility 3))").unwrap(),
            "(game (name g)\n   (x y)\n   (evaluation (mobility 3))\n)\n"
        );
        assert!(rewrite("(board (name b))", "(evaluation)").is_err());
        assert!(rewrite("(game (name g)", "(evaluation)").is_err());
    }

    /// A short tuning run on English draughts: every game ends, the samples are labelled, and
    /// the clause compiles in the game.
    #[test]
    fn a_short_run_tunes_english_draughts() {
        let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
        // English draughts includes games/lib/any-capture.game.
        let load = |text: &str| {
            Game::load_with(text, &mut |name| {
                std::fs::read_to_string(format!("{dir}/{name}")).map_err(|e| e.to_string())
            })
            .unwrap()
        };
        let text = std::fs::read_to_string(format!("{dir}/english.game")).unwrap();
        let game = load(&text);
        let options = Schedule {
            games: 6,
            nodes: 300,
            threads: 2,
            ..Schedule::default()
        };
        let tuned_with = |fitting| {
            tune(
                &game,
                &options,
                &FitOptions::default(),
                fitting,
                Default::default(),
                &|_, _| {},
            )
            .unwrap()
        };
        let tuned = tuned_with(Fitting::default());
        let played = &tuned.played;
        assert_eq!(played.first_wins + played.draws + played.other_wins, 6);
        assert!(!played.samples.is_empty());
        assert!(played
            .samples
            .iter()
            .all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
        let again = load(&rewrite(&text, &tuned.clause).unwrap());
        // The mobility weight kept as it was: only the values move.
        let kept = tuned_with(Fitting {
            mobility: false,
            ..Fitting::default()
        });
        let mobility = format!("(mobility {}))", game.evaluation().mobility());
        assert!(kept.clause.ends_with(&mobility), "{}", kept.clause);
        assert_eq!(
            Layout::new(&again, false).weights_of(again.evaluation()),
            tuned.fitted.weights
        );
        // The same seed plays the same games.
        let twice = tuned_with(Fitting::default());
        assert_eq!(twice.played.samples.len(), played.samples.len());
    }
}
