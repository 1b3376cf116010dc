//! A match between two versions of one game's file (the same rules, two evaluations, say the
//! shipped one and a tuned one): each opening, a few random moves, is played twice with the
//! sides swapped, every move searched to the same node count, so that only the evaluations
//! differ and the same seed plays the same match.

use crate::pool::{lock, Schedule};
use crate::selfplay::Rng;
use dagaz_engine::{match_notation, Game, GenError, MoveGen, StepLimits};
use dagaz_search::{GameOver, GameRecord, SearchLimits, Searcher};
use std::sync::Mutex;

/// The match's result for the first game file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first file's engine won.
    pub wins: usize,
    /// Games drawn (those that reached the ply limit included).
    pub draws: usize,
    /// Games it lost.
    pub losses: usize,
}

impl Tally {
    /// Its score as a share of the games: a win 1, a draw ½.
    pub fn score(&self) -> f64 {
        let games = self.wins + self.draws + self.losses;
        if games == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / games as f64
    }

    /// The Elo difference that score stands for (`None` at 0% or 100%).
    pub fn elo(&self) -> Option<f64> {
        let s = self.score();
        // Adding 0 turns an even score's −0 into 0.
        (s > 0.0 && s < 1.0).then(|| -400.0 * (1.0 / s - 1.0).log10() + 0.0)
    }
}

/// Plays the match of `first` against `second` (two games of two players with the same
/// rules); `progress` hears each finished game with the tally so far.
pub fn duel(
    first: &Game,
    second: &Game,
    options: &Schedule,
    gen_limits: StepLimits,
    progress: &(dyn Fn(usize, &Tally) + Sync),
) -> Result<Tally, GenError> {
    let tally = Mutex::new((Tally::default(), 0usize));
    crate::pool::play_all(
        options.games,
        options.threads,
        || {
            let engines = [
                Searcher::new(first, gen_limits, 4),
                Searcher::new(second, gen_limits, 4),
            ];
            (engines, MoveGen::new(gen_limits))
        },
        |(engines, gen), i| one_game(first, engines, gen, options, i),
        |won| {
            let mut guard = lock(&tally);
            let (t, done) = &mut *guard;
            match won {
                Some(true) => t.wins += 1,
                Some(false) => t.losses += 1,
                None => t.draws += 1,
            }
            *done += 1;
            progress(*done, t);
        },
    )?;
    Ok(tally.into_inner().unwrap_or_else(|e| e.into_inner()).0)
}

/// Game `index`: opening `index / 2`, the first file's engine moving first in even games.
/// Whether the first file's engine won (`None`: a draw).
fn one_game(
    game: &Game,
    engines: &mut [Searcher<'_>; 2],
    gen: &mut MoveGen,
    options: &Schedule,
    index: usize,
) -> Result<Option<bool>, GenError> {
    let pair = (index / 2) as u64;
    let first_starts = index % 2 == 0;
    let mut rng = Rng::new(options.seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut record = GameRecord::new(game.initial_position());
    engines.iter_mut().for_each(Searcher::new_game);
    let limits = SearchLimits {
        nodes: Some(options.nodes),
        ..SearchLimits::default()
    };
    let over: Option<GameOver> = loop {
        if let Some(over) = record.history_end(game) {
            break Some(over);
        }
        let moves = gen.moves(game, record.position())?;
        if moves.is_empty() {
            let ended = gen.ending_without_moves(game, record.position())?;
            break Some(GameOver::from_ending(game, &ended));
        }
        if record.len() >= options.max_plies {
            break None;
        }
        let chosen = if record.len() < options.random_plies {
            moves.get(rng.below(moves.len())).cloned()
        } else {
            // The first player's side is the first file's engine in even games.
            let mover_is_first_player = record.position().to_move().index() == 0;
            let engine = usize::from(mover_is_first_player != first_starts);
            let Some(searcher) = engines.get_mut(engine) else {
                break None;
            };
            // Each engine searches its own game's position: the rules are the same, so its
            // answer is matched by notation among the moves here.
            let found = searcher.search(&record, &limits, &mut |_| {})?;
            found.best.and_then(|mv| {
                match_notation(game, &moves, &mv.notation(searcher.game()))
                    .ok()
                    .cloned()
            })
        };
        let Some(mv) = chosen else { break None };
        record.play(game, &mv);
    };
    Ok(match over {
        Some(over) if !over.draw => over.winner.map(|w| (w.index() == 0) == first_starts),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn scores_and_elo() {
        let even = Tally {
            wins: 3,
            draws: 4,
            losses: 3,
        };
        assert_eq!(even.score(), 0.5);
        assert_eq!(even.elo(), Some(0.0));
        let ahead = Tally {
            wins: 3,
            draws: 0,
            losses: 1,
        };
        assert_eq!(ahead.score(), 0.75);
        assert!((ahead.elo().unwrap() - 190.85).abs() < 0.01);
        assert_eq!(
            Tally {
                wins: 2,
                draws: 0,
                losses: 0
            }
            .elo(),
            None
        );
    }

    /// A game against itself: every game ends, and each opening's two games are the same
    /// game with the engines swapped, so they end alike.
    #[test]
    fn a_game_file_against_itself_scores_even() {
        let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
        let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}"));
        // English draughts includes games/lib/any-capture.game.
        let game = Game::load_with(&read("english.game").unwrap(), &mut |name| {
            read(name).map_err(|e| e.to_string())
        })
        .unwrap();
        let options = Schedule {
            games: 4,
            random_plies: 6,
            nodes: 300,
            max_plies: 200,
            threads: 2,
            seed: 3,
        };
        let tally = duel(&game, &game, &options, Default::default(), &|_, _| {}).unwrap();
        assert_eq!(tally.wins + tally.draws + tally.losses, 4);
        assert_eq!(tally.wins, tally.losses);
    }
}
