//! The end of a game in words, and who won: one wording for every front end (`dagaz play`
//! prints it after `game over:`, the web page shows it), so a game announces its end the same
//! way wherever it is played.

use crate::record::GameRecord;
use dagaz_engine::{EndReason, Ending, Game, GoalCondition, HistoryRule, Outcome, PlayerId};

/// A game that is over: why, in words, and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// How it ended, as `dagaz play` says it after `game over: `: `no legal moves
    /// (checkmate): White loses`, `the same position for the third time: draw`. Where a goal
    /// or the score ended the game the text begins `game over (...)` itself (`game over
    /// (goal #1): Black wins`), and `dagaz play` prints it alone.
    pub text: String,
    /// The player who won, when one did and the result names them (a loss names the winner
    /// only in a game of two).
    pub winner: Option<PlayerId>,
    /// Whether the game is drawn.
    pub draw: bool,
}

impl GameOver {
    /// The end of a game whose side to move has no legal move, or whose goal or score ended it
    /// ([`dagaz_engine::MoveGen::ending_without_moves`] says which).
    pub fn from_ending(game: &Game, ended: &Ending) -> GameOver {
        GameOver {
            text: describe(game, ended),
            winner: winner(game, ended.player, ended.outcome),
            draw: ended.outcome == Some(Outcome::Draw),
        }
    }

    /// The line `dagaz play` prints: `game over: ` and the text, or the text alone where it
    /// says `game over (...)` itself.
    pub fn line(&self) -> String {
        if self.text.starts_with("game over") {
            self.text.clone()
        } else {
            format!("game over: {}", self.text)
        }
    }
}

impl GameRecord {
    /// The end the game's history gives the current position (`(draw (repetition 3))`,
    /// `(draw (quiet-moves 100 ...))`, `(end ...)` that the score decides), if any. It comes
    /// before the moves: a position the history ends is not played on.
    pub fn history_end(&self, game: &Game) -> Option<GameOver> {
        let goal = self.verdict(game)?;
        let why = match &goal.rule {
            HistoryRule::Repetition { times } => {
                format!("the same position for the {} time", ordinal(*times))
            }
            HistoryRule::QuietMoves {
                plies,
                material: None,
                ..
            } => format!("{plies} moves without a capture or a move that resets the count"),
            HistoryRule::QuietMoves { plies, .. } => format!(
                "{plies} moves without a capture or a move that resets the count, \
                 with the pieces the rule names"
            ),
        };
        let side = self.position().to_move();
        if goal.by_score {
            // `(end ...)`: the score decides, as when no player can move.
            let ended = dagaz_engine::by_score(game, self.position());
            let text = describe(game, &ended);
            let score = text.strip_prefix("game over ").unwrap_or(&text);
            return Some(GameOver {
                text: format!("{why} {score}"),
                winner: winner(game, ended.player, ended.outcome),
                draw: ended.outcome == Some(Outcome::Draw),
            });
        }
        let verdict = match goal.outcome {
            Outcome::Win => format!("{} wins", game.player_name(side)),
            Outcome::Loss => format!("{} loses", game.player_name(side)),
            Outcome::Draw => "draw".into(),
        };
        Some(GameOver {
            text: format!("{why}: {verdict}"),
            winner: winner(game, side, Some(goal.outcome)),
            draw: goal.outcome == Outcome::Draw,
        })
    }
}

/// The winner when `player`'s result is `outcome`: the player on a win, the other one on a
/// loss in a game of two.
fn winner(game: &Game, player: PlayerId, outcome: Option<Outcome>) -> Option<PlayerId> {
    match outcome? {
        Outcome::Win => Some(player),
        Outcome::Loss if game.player_count() == 2 => Some(game.next_player(player)),
        Outcome::Loss | Outcome::Draw => None,
    }
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        n => format!("{n}th"),
    }
}

/// A game's end in words: `no legal moves (checkmate): White loses`, `game over (goal #1):
/// Black wins`, `game over (score Black 40, White 24): Black wins`.
pub fn describe(game: &Game, ended: &Ending) -> String {
    let who = game.player_name(ended.player);
    let verdict = match ended.outcome {
        Some(Outcome::Win) => "wins",
        Some(Outcome::Loss) => "loses",
        Some(Outcome::Draw) => "draws",
        None => "cannot move (the game declares no goal for this)",
    };
    match &ended.reason {
        EndReason::NoMoves(GoalCondition::NoMoves) | EndReason::Stuck => {
            format!("no legal moves: {who} {verdict}")
        }
        EndReason::NoMoves(why) => format!("no legal moves ({why}): {who} {verdict}"),
        EndReason::Goal(n) => format!("game over (goal #{n}): {who} {verdict}"),
        EndReason::Repetition => format!("game over (a board brought back): {who} {verdict}"),
        EndReason::Score(scores) => {
            let list: Vec<String> = scores
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let half = if s % 2 == 0 { "" } else { ".5" };
                    let name = PlayerId::from_index(i).map_or("?", |p| game.player_name(p));
                    format!("{name} {}{half}", s.div_euclid(2))
                })
                .collect();
            match ended.outcome {
                Some(Outcome::Draw) => format!("game over (score {}): a draw", list.join(", ")),
                _ => format!("game over (score {}): {who} {verdict}", list.join(", ")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_engine::MoveGen;

    fn chess() -> Game {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
        let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}"));
        // Chess includes the rules it shares with other games (games/lib/).
        Game::load_with(&read("chess.game").unwrap(), &mut |name| {
            read(name).map_err(|e| e.to_string())
        })
        .unwrap()
    }

    #[test]
    fn checkmate_is_named_and_the_winner_given() {
        let game = chess();
        // Scholar's mate: Black to move, mated.
        let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
        let record = GameRecord::new(game.from_fen(fen).unwrap());
        assert_eq!(record.history_end(&game), None);
        let ended = MoveGen::default()
            .ending_without_moves(&game, record.position())
            .unwrap();
        let over = GameOver::from_ending(&game, &ended);
        assert_eq!(over.text, "no legal moves (checkmate): Black loses");
        assert_eq!(
            over.line(),
            "game over: no legal moves (checkmate): Black loses"
        );
        assert_eq!(over.winner, game.player("White"));
        assert!(!over.draw);
    }

    #[test]
    fn a_third_repetition_draws() {
        let game = chess();
        let mut record = GameRecord::new(game.initial_position());
        let mut gen = MoveGen::default();
        for text in [
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ] {
            let legal = gen.moves(&game, record.position()).unwrap();
            let mv = dagaz_engine::match_move(&game, &legal, text)
                .unwrap()
                .clone();
            record.play(&game, &mv);
        }
        let over = record.history_end(&game).unwrap();
        assert_eq!(over.text, "the same position for the third time: draw");
        assert_eq!(
            over.line(),
            "game over: the same position for the third time: draw"
        );
        assert_eq!((over.winner, over.draw), (None, true));
    }

    #[test]
    fn a_goal_says_game_over_itself() {
        let game = chess();
        let ended = Ending {
            player: PlayerId(1),
            outcome: Some(Outcome::Win),
            reason: EndReason::Goal(1),
        };
        let over = GameOver::from_ending(&game, &ended);
        assert_eq!(over.line(), "game over (goal #1): Black wins");
        assert_eq!(over.winner, Some(PlayerId(1)));
    }
}
