//! A match between two versions of one game's file (the same rules, two evaluations, say the
//! shipped one and a tuned one): each opening, a few random moves, is played twice with the
//! sides swapped, every move searched to the same node count, so that only the evaluations
//! differ and the same seed plays the same match. [`against_random`] plays a game's engine
//! against a player that picks uniformly among the legal moves, by the same loop.

use crate::pool::{cut_off, lock, Schedule};
use crate::selfplay::Rng;
use dagaz_engine::{match_notation, Game, GenError, MoveGen, StepLimits};
use dagaz_search::{Algorithm, GameOver, GameRecord, SearchLimits, Searcher};
use std::sync::Mutex;

/// The match's result for the first game file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first file's engine won.
    pub wins: usize,
    /// Games drawn (those that reached the ply limit without a score to decide them included).
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

/// Who moves for one side of a match.
enum Mover<'g> {
    /// A search of its own game's file (boxed: a searcher is large).
    Engine(Box<Searcher<'g>>),
    /// A legal move drawn uniformly by the game's seeded generator.
    Random,
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
    let movers = || {
        [
            Mover::Engine(Box::new(Searcher::new(first, gen_limits, 4))),
            Mover::Engine(Box::new(Searcher::new(second, gen_limits, 4))),
        ]
    };
    play_match(first, options, gen_limits, movers, progress)
}

/// Plays `game`'s engine (its `(search ...)` clause's algorithm, or `algorithm` when given)
/// against a player that picks uniformly among the legal moves: the engine takes each seat
/// in turn (the first in even games of two players), the random player the others, and the
/// tally is the engine's.
pub fn against_random(
    game: &Game,
    algorithm: Option<Algorithm>,
    options: &Schedule,
    gen_limits: StepLimits,
    progress: &(dyn Fn(usize, &Tally) + Sync),
) -> Result<Tally, GenError> {
    let movers = || {
        let mut engine = Searcher::new(game, gen_limits, 4);
        if let Some(algorithm) = algorithm {
            engine.set_algorithm(algorithm);
        }
        [Mover::Engine(Box::new(engine)), Mover::Random]
    };
    play_match(game, options, gen_limits, movers, progress)
}

/// Plays the games of a match on `options.threads` threads, each thread with its own
/// `movers` (the first is the one whose results are tallied).
fn play_match<'g>(
    game: &'g Game,
    options: &Schedule,
    gen_limits: StepLimits,
    movers: impl Fn() -> [Mover<'g>; 2] + Sync,
    progress: &(dyn Fn(usize, &Tally) + Sync),
) -> Result<Tally, GenError> {
    let tally = Mutex::new((Tally::default(), 0usize));
    crate::pool::play_all(
        options.games,
        options.threads,
        || (movers(), MoveGen::new(gen_limits)),
        |(movers, gen), i| one_game(game, movers, gen, options, i),
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

/// Game `index`: the first mover takes seat `index % players` (of the players who choose)
/// and the second the others; each seating's games share the opening `index / players`. Whether the first mover won
/// (`None`: a draw).
fn one_game(
    game: &Game,
    movers: &mut [Mover<'_>; 2],
    gen: &mut MoveGen,
    options: &Schedule,
    index: usize,
) -> Result<Option<bool>, GenError> {
    // The seats are the players who choose: chance takes none.
    let seats: Vec<usize> = (0..game.player_count())
        .filter(|&p| !game.turns().is_chance(dagaz_engine::PlayerId(p as u8)))
        .collect();
    let players = seats.len().max(1);
    let seat = seats.get(index % players).copied().unwrap_or(0);
    let opening = (index / players) as u64;
    let mut rng = Rng::new(options.seed ^ opening.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut record = GameRecord::new(game.initial_position());
    for mover in movers.iter_mut() {
        if let Mover::Engine(searcher) = mover {
            searcher.new_game();
        }
    }
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
            break cut_off(game, record.position());
        }
        let mover = usize::from(record.position().to_move().index() != seat);
        let chosen = match movers.get_mut(mover) {
            // Chance is nobody's seat: it draws its move by weight.
            _ if game.is_chance(record.position()) => {
                rng.draw(&moves).and_then(|i| moves.get(i).cloned())
            }
            Some(Mover::Engine(searcher)) if record.len() >= options.random_plies => {
                // Each engine searches its own game's position: the rules are the same, so
                // its answer is matched by notation among the moves here.
                let found = searcher.search(&record, &limits, &mut |_| {})?;
                found.best.and_then(|mv| {
                    match_notation(game, &moves, &mv.notation(searcher.game()))
                        .ok()
                        .cloned()
                })
            }
            _ => moves.get(rng.below(moves.len())).cloned(),
        };
        let Some(mv) = chosen else { break None };
        record.play(game, &mv);
    };
    Ok(match over {
        Some(over) if !over.draw => over.winner.map(|w| w.index() == seat),
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

    /// The engine against random moves, each side in turn: tic-tac-toe is never lost, and
    /// the same seed plays the same games.
    #[test]
    fn the_engine_does_not_lose_to_random_moves() {
        let text = std::fs::read_to_string(format!(
            "{}/../../games/tic-tac-toe.game",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let game = Game::load(&text).unwrap();
        let options = Schedule {
            games: 6,
            random_plies: 0,
            nodes: 2_000,
            max_plies: 20,
            threads: 2,
            seed: 5,
        };
        let run = || against_random(&game, None, &options, Default::default(), &|_, _| {});
        let tally = run().unwrap();
        assert_eq!(tally.wins + tally.draws + tally.losses, 6);
        assert_eq!(tally.losses, 0);
        assert!(tally.wins >= 3, "{tally:?}");
        assert_eq!(run().unwrap(), tally);
    }
}
