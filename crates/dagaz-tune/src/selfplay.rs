//! Positions to tune on: games the engine plays against itself, each opened by a few random
//! moves so that no two are alike, and the quiet positions of each labelled with how its game
//! ended for the side to move there.

use crate::pool::{cut_off, lock, Schedule};
use crate::weights::{Features, Layout};
use dagaz_engine::{Game, GenError, Move, MoveGen, Position, StepLimits};
use dagaz_search::{GameOver, GameRecord, SearchLimits, Searcher};
use std::sync::Mutex;

/// A position's features and the result of its game for the side to move there: 1 a win,
/// ½ a draw, 0 a loss.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position's features.
    pub features: Features,
    /// The result for the side to move.
    pub result: f32,
}

/// What the games came to: the samples, and how the games ended.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// The quiet positions of every game.
    pub samples: Vec<Sample>,
    /// Games the first player won.
    pub first_wins: usize,
    /// Games drawn (those that reached the ply limit included).
    pub draws: usize,
    /// Games another player won.
    pub other_wins: usize,
}

/// Plays `options.games` games of `game` on `options.threads` threads; `progress` hears the
/// games finished and the samples so far after each game. A game whose moves cannot be
/// generated (a limit reached) stops it all with that error.
pub fn play(
    game: &Game,
    layout: &Layout,
    options: &Schedule,
    gen_limits: StepLimits,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Played, GenError> {
    let played = Mutex::new((Played::default(), 0usize));
    crate::pool::play_all(
        options.games,
        options.threads,
        || Player::new(game, layout, options, gen_limits),
        |player, i| player.one_game(i as u64),
        |(samples, winner)| {
            let mut guard = lock(&played);
            let (all, done) = &mut *guard;
            all.samples.extend(samples);
            match winner {
                Some(0) => all.first_wins += 1,
                Some(_) => all.other_wins += 1,
                None => all.draws += 1,
            }
            *done += 1;
            progress(*done, all.samples.len());
        },
    )?;
    let (played, _) = played.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(played)
}

/// One thread's engine.
struct Player<'g> {
    game: &'g Game,
    layout: &'g Layout,
    options: &'g Schedule,
    searcher: Searcher<'g>,
    gen: MoveGen,
}

impl<'g> Player<'g> {
    fn new(
        game: &'g Game,
        layout: &'g Layout,
        options: &'g Schedule,
        gen_limits: StepLimits,
    ) -> Player<'g> {
        Player {
            game,
            layout,
            options,
            searcher: Searcher::new(game, gen_limits, 4),
            gen: MoveGen::new(gen_limits),
        }
    }

    /// Game `index`: its samples with their results, and the index of the player who won
    /// (`None`: a draw, or an end that names no winner).
    fn one_game(&mut self, index: u64) -> Result<(Vec<Sample>, Option<usize>), GenError> {
        let game = self.game;
        let mut rng = Rng::new(self.options.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut record = GameRecord::new(game.initial_position());
        self.searcher.new_game();
        // The features of each sampled position, with the player to move there.
        let mut taken: Vec<(Features, usize)> = Vec::new();
        let limits = SearchLimits {
            nodes: Some(self.options.nodes),
            ..SearchLimits::default()
        };
        let over = loop {
            if let Some(over) = record.history_end(game) {
                break Some(over);
            }
            let moves = self.gen.moves(game, record.position())?;
            if moves.is_empty() {
                let ended = self.gen.ending_without_moves(game, record.position())?;
                break Some(GameOver::from_ending(game, &ended));
            }
            if record.len() >= self.options.max_plies {
                break cut_off(game, record.position());
            }
            let chosen = if record.len() < self.options.random_plies {
                let i = rng.below(moves.len());
                moves.get(i).cloned()
            } else {
                let found = self.searcher.search(&record, &limits, &mut |_| {})?;
                if let Some(mv) = &found.best {
                    if self.is_quiet_position(record.position(), mv)? {
                        if let Some(their) = self.their_quiet_moves(record.position())? {
                            let f =
                                self.layout
                                    .features(game, record.position(), moves.len(), their);
                            taken.push((f, record.position().to_move().index()));
                        }
                    }
                }
                found.best
            };
            let Some(mv) = chosen else { break None };
            record.play(game, &mv);
        };
        let (winner, draw) = match &over {
            Some(over) => (over.winner.map(|p| p.index()), over.draw),
            None => (None, true),
        };
        if winner.is_none() && !draw {
            // An end that names no single winner (a loss among more than two players): no
            // label to give.
            return Ok((Vec::new(), None));
        }
        let samples = taken
            .into_iter()
            .map(|(features, mover)| Sample {
                features,
                result: match winner {
                    Some(w) if w == mover => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                },
            })
            .collect();
        Ok((samples, winner))
    }

    /// Whether the evaluation can be trusted in `position`, whose chosen move is `best`: the
    /// move takes nothing and the side to move is not in check (a capture or a check would be
    /// answered before the position settles).
    fn is_quiet_position(&mut self, position: &Position, best: &Move) -> Result<bool, GenError> {
        if self.game.evaluation().captured_value(best.actions()) != 0 {
            return Ok(false);
        }
        Ok(!(self.game.has_royal_pieces() && self.gen.in_check(self.game, position)?))
    }

    /// How many legal moves the side to move's opponent would have, were it its turn; `None`
    /// when one of them would capture: a threat the static evaluation does not see, so the
    /// position is not quiet. (Without this, draughts' compulsory captures made the
    /// opponent's count smallest where it threatened most, and the fit learnt that having
    /// more moves than the opponent loses.)
    fn their_quiet_moves(&mut self, position: &Position) -> Result<Option<usize>, GenError> {
        let mut passed = position.clone();
        passed.play(self.game, &Move::default());
        let theirs = self.gen.moves(self.game, &passed)?;
        let eval = self.game.evaluation();
        Ok((!theirs.iter().any(|m| eval.captured_value(m.actions()) != 0)).then_some(theirs.len()))
    }
}

pub(crate) use dagaz_engine::Rng;
