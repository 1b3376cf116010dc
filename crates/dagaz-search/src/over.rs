//! The end of a game in words, and who won: one wording for every front end (`dagaz play`
//! and `dagaz moves` print it after `game over — `, the protocols in their result lines, the
//! web page shows it), so a game announces its end the same way wherever it is played.
//!
//! The words come from the rule that ended the game: the name the game gives the goal
//! (`(goal win "three in a row" ...)` reads "X wins: three in a row"), else words made from
//! the kind of goal ("Checkmate: White wins", "Black has no moves and loses", "Draw: the same
//! position for the third time", "Black wins, counting pieces: Black 40, White 24").

use crate::record::GameRecord;
use dagaz_engine::{EndReason, Ending, Game, GoalCondition, HistoryRule, Outcome, PlayerId};

/// What `dagaz play`, `dagaz moves` and the protocols write before the words.
pub const GAME_OVER: &str = "game over — ";

/// A game that is over: why, in words, and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOver {
    /// How it ended, in words from the rule that ended it: `Checkmate: White wins`, `X wins:
    /// three in a row`, `Draw: the same position for the third time`.
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
            text: words(game, ended),
            winner: winner(game, ended.player, ended.outcome),
            draw: ended.outcome == Some(Outcome::Draw),
        }
    }

    /// The line `dagaz play` prints: `game over — ` and the words.
    pub fn line(&self) -> String {
        format!("{GAME_OVER}{}", self.text)
    }
}

impl GameRecord {
    /// The end the game's history gives the current position (`(draw (repetition 3))`,
    /// `(draw (quiet-moves 100 ...))`, `(end ...)` that the score decides), if any. It comes
    /// before the moves: a position the history ends is not played on.
    pub fn history_end(&self, game: &Game) -> Option<GameOver> {
        let goal = self.verdict(game)?;
        let why = match &goal.name {
            Some(name) => name.clone(),
            None => history_words(game, &goal.rule),
        };
        let side = self.position().to_move();
        if goal.by_score {
            // `(end ...)`: the score decides, as when no player can move.
            let ended = dagaz_engine::by_score(game, self.position());
            return Some(GameOver {
                text: format!("{} ({why})", words(game, &ended)),
                winner: winner(game, ended.player, ended.outcome),
                draw: ended.outcome == Some(Outcome::Draw),
            });
        }
        Some(GameOver {
            text: format!("{}: {why}", result(game, side, Some(goal.outcome))),
            winner: winner(game, side, Some(goal.outcome)),
            draw: goal.outcome == Outcome::Draw,
        })
    }
}

/// A history rule in words: `the same position for the third time`, `100 plies without a
/// capture or a Pawn move`.
fn history_words(game: &Game, rule: &HistoryRule) -> String {
    match rule {
        HistoryRule::Repetition { times } => {
            format!("the same position for the {} time", ordinal(*times))
        }
        HistoryRule::QuietMoves {
            plies,
            resets,
            material,
        } => {
            let names: Vec<&str> = resets.iter().map(|&k| game.piece_name(k)).collect();
            let moves = match names.as_slice() {
                [] => String::new(),
                [one] => format!(" or a {one} move"),
                more => format!(" or a move of a {}", more.join(" or ")),
            };
            let ending = if material.is_some() {
                ", in an ending the rule names"
            } else {
                ""
            };
            format!("{plies} plies without a capture{moves}{ending}")
        }
    }
}

/// The winner when `player`'s result is `outcome`: the player on a win, the other one on a
/// loss in a game of two.
fn winner(game: &Game, player: PlayerId, outcome: Option<Outcome>) -> Option<PlayerId> {
    match outcome? {
        Outcome::Win => Some(player),
        Outcome::Loss if game.player_count() == 2 => PlayerId::from_index(player.index() ^ 1),
        Outcome::Loss | Outcome::Draw => None,
    }
}

/// The result said of the winner where there is one: `White wins` (also for Black's loss in a
/// game of two), `Black loses` (in a game of more), `Draw`; `no result` when the game
/// declares none.
fn result(game: &Game, player: PlayerId, outcome: Option<Outcome>) -> String {
    match (outcome, winner(game, player, outcome)) {
        (_, Some(w)) => format!("{} wins", game.player_name(w)),
        (Some(Outcome::Draw), _) => "Draw".into(),
        (Some(_), None) => format!("{} loses", game.player_name(player)),
        (None, None) => "No result".into(),
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

/// The line `dagaz moves` prints for a game that is over: `game over — ` and the words.
pub fn describe(game: &Game, ended: &Ending) -> String {
    format!("{GAME_OVER}{}", words(game, ended))
}

/// A game's end in words, from the rule that ended it: the goal's name when the game gives
/// one (`X wins: three in a row`, `Draw: the board is full`), else words made from the kind of
/// goal: `Checkmate: White wins`, `Stalemate: draw`, `Black has no moves and loses`, `White
/// wins: goal #2`, `Draw: the board repeats an earlier one`, `Black wins, counting pieces:
/// Black 40, White 24`.
pub fn words(game: &Game, ended: &Ending) -> String {
    let who = game.player_name(ended.player);
    let said = result(game, ended.player, ended.outcome);
    if let (EndReason::Score { scores, .. }, Some(name)) = (&ended.reason, ended.goal_name(game)) {
        // `(end "NAME" no-moves)`: the score decides, and the goal says why the game ended.
        return format!("{} ({name})", counting(game, &said, scores));
    }
    if let Some(name) = ended.goal_name(game) {
        return format!("{said}: {name}");
    }
    match &ended.reason {
        EndReason::Stuck => format!("{who} cannot move (the game declares no goal for this)"),
        EndReason::NoMoves(GoalCondition::Checkmated) => format!("Checkmate: {}", lower(&said)),
        EndReason::NoMoves(GoalCondition::Stalemated) => format!("Stalemate: {}", lower(&said)),
        EndReason::NoMoves(GoalCondition::NoMoves) => {
            let verb = match ended.outcome {
                Some(Outcome::Win) => "wins",
                Some(Outcome::Loss) => "loses",
                Some(Outcome::Draw) | None => "draws",
            };
            format!("{who} has no moves and {verb}")
        }
        EndReason::Goal(n) => format!("{said}: goal #{n}"),
        EndReason::Repetition => format!("{said}: the board repeats an earlier one"),
        EndReason::Score { scores, .. } => counting(game, &said, scores),
    }
}

/// `Black wins, counting pieces: Black 40, White 24`: the result and each player's score.
fn counting(game: &Game, said: &str, scores: &[i32]) -> String {
    let list: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let half = if s % 2 == 0 { "" } else { ".5" };
            let name = PlayerId::from_index(i).map_or("?", |p| game.player_name(p));
            format!("{name} {}{half}", s.div_euclid(2))
        })
        .collect();
    let counted = dagaz_engine::counted(game);
    format!("{said}, counting {counted}: {}", list.join(", "))
}

/// `Draw` after a colon: `Stalemate: draw`. A player's name keeps its capital.
fn lower(said: &str) -> String {
    match said {
        "Draw" => "draw".into(),
        other => other.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_engine::MoveGen;

    fn shipped(file: &str) -> Game {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
        let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}"));
        // Chess includes the rules it shares with other games (games/lib/).
        Game::load_with(&read(file).unwrap(), &mut |name| {
            read(name).map_err(|e| e.to_string())
        })
        .unwrap()
    }

    /// A 3x1 strip of two or three players whose men step east, with the `game` clauses given.
    fn strip(players: &str, clauses: &str) -> Game {
        Game::load(&format!(
            r#"(board (name b) (dim "a-c") (dim "1") (dir (name e) 1 0))
               (piece (name Man) (pre (check is-friend?) (take) (log position))
                  (move (check e) (check is-empty?)) (post (log "-" position) (drop))
                  (drops (check is-empty?) (log position) (drop)))
               (game (name "strip") (board b) (players {players}) {clauses})"#
        ))
        .unwrap()
    }

    const TWO: &str = "(White (hand (Man 3))) (Black (hand (Man 3)))";

    /// The words at `setup` (pieces placed, White to move; the start when empty), after
    /// `moves`.
    fn ended(game: &Game, setup: &str, moves: &[&str]) -> GameOver {
        let mut gen = MoveGen::default();
        let start = match setup {
            "" => game.initial_position(),
            pieces => game.setup(pieces).unwrap(),
        };
        let mut record = GameRecord::new(start);
        for text in moves {
            let legal = gen.moves(game, record.position()).unwrap();
            let mv = dagaz_engine::match_move(game, &legal, text)
                .unwrap()
                .clone();
            record.play(game, &mv);
        }
        if let Some(over) = record.history_end(game) {
            return over;
        }
        let ending = gen.ending_without_moves(game, record.position()).unwrap();
        GameOver::from_ending(game, &ending)
    }

    #[test]
    fn checkmate_and_stalemate_say_so_and_name_the_winner() {
        let game = shipped("chess.game");
        // Scholar's mate: Black to move, mated.
        let fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";
        let record = GameRecord::new(game.from_fen(fen).unwrap());
        assert_eq!(record.history_end(&game), None);
        let ended = MoveGen::default()
            .ending_without_moves(&game, record.position())
            .unwrap();
        let over = GameOver::from_ending(&game, &ended);
        assert_eq!(over.text, "Checkmate: White wins");
        assert_eq!(over.line(), "game over — Checkmate: White wins");
        assert_eq!(over.winner, game.player("White"));
        assert!(!over.draw);
        let stalemate = game.from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
        let ended = MoveGen::default()
            .ending_without_moves(&game, &stalemate)
            .unwrap();
        let over = GameOver::from_ending(&game, &ended);
        assert_eq!((over.text.as_str(), over.draw), ("Stalemate: draw", true));
    }

    #[test]
    fn a_third_repetition_draws() {
        let game = shipped("chess.game");
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
        assert_eq!(over.text, "Draw: threefold repetition");
        assert_eq!(over.line(), "game over — Draw: threefold repetition");
        // Without the name, the rule in words.
        let game = strip(TWO, "(draw (repetition 1))");
        let over = ended(&game, "", &[]);
        assert_eq!(over.text, "Draw: the same position for the first time");
        assert_eq!((over.winner, over.draw), (None, true));
    }

    #[test]
    fn a_named_goal_gives_its_words_after_the_result() {
        let game = shipped("tic-tac-toe.game");
        let row = ended(&game, "", &["a1", "a3", "b1", "b3", "c1"]);
        assert_eq!(row.text, "X wins: three in a row");
        assert_eq!(row.winner, game.player("X"));
        let full = ended(
            &game,
            "",
            &["b2", "a1", "a2", "c2", "b1", "b3", "a3", "c1", "c3"],
        );
        assert_eq!(
            (full.text.as_str(), full.winner, full.draw),
            ("Draw: the board is full", None, true)
        );
    }

    #[test]
    fn an_unnamed_goal_is_said_by_its_number_and_a_loss_by_the_winner() {
        let win = strip(TWO, "(goal win (check (= friend-count 2)))");
        assert_eq!(
            ended(&win, "", &["a1", "b1", "c1"]).text,
            "White wins: goal #1"
        );
        let loss = strip(TWO, "(goal loss (check (= friend-count 2)))");
        let over = ended(&loss, "", &["a1", "b1", "c1"]);
        assert_eq!(
            (over.text.as_str(), over.winner),
            ("Black wins: goal #1", Some(PlayerId(1)))
        );
        let named = strip(
            TWO,
            r#"(goal loss "two men down" (check (= friend-count 2)))"#,
        );
        assert_eq!(
            ended(&named, "", &["a1", "b1", "c1"]).text,
            "Black wins: two men down"
        );
    }

    #[test]
    fn a_player_without_moves_is_said_to_win_lose_or_draw() {
        // White's man on c1 cannot step, and White's hand is empty.
        let setup = "(White (Man c1)) (Black (Man a1))";
        for (clause, words) in [
            ("(loss no-moves)", "White has no moves and loses"),
            ("(win no-moves)", "White has no moves and wins"),
            ("(draw no-moves)", "White has no moves and draws"),
            (r#"(loss "blocked" no-moves)"#, "Black wins: blocked"),
            (
                r#"(draw "the board is full" no-moves)"#,
                "Draw: the board is full",
            ),
            ("", "White cannot move (the game declares no goal for this)"),
        ] {
            let game = strip("(White) (Black)", clause);
            assert_eq!(ended(&game, setup, &[]).text, words, "{clause}");
        }
    }

    #[test]
    fn a_game_of_three_says_who_lost() {
        let game = strip("(Red) (Green) (Blue)", "(loss no-moves)");
        let over = ended(&game, "(Red (Man c1))", &[]);
        assert_eq!(
            (over.text.as_str(), over.winner),
            ("Red has no moves and loses", None)
        );
        let ending = Ending {
            player: PlayerId(1),
            outcome: Some(Outcome::Loss),
            reason: EndReason::Goal(1),
        };
        assert_eq!(words(&game, &ending), "Green loses: goal #1");
    }

    #[test]
    fn a_score_is_said_with_what_it_counts() {
        let pieces = strip(TWO, "(end no-moves) (score pieces)");
        let over = ended(&pieces, "(White (Man c1)) (Black (Man a1 b1))", &[]);
        assert_eq!(over.text, "Black wins, counting pieces: White 1, Black 2");
        let area = strip(TWO, "(score area) (pass always) (komi Black 0.5)");
        let over = ended(&area, "(White (Man a1))", &["pass", "pass"]);
        // The strip's one direction, east, joins b1 and c1 to no stone: no territory.
        assert_eq!(over.text, "White wins, counting area: White 1, Black 0.5");
        let even = strip(TWO, "(end no-moves) (score pieces)");
        let over = ended(&even, "(White (Man c1)) (Black (Man a1))", &[]);
        assert_eq!(
            (over.text.as_str(), over.draw),
            ("Draw, counting pieces: White 1, Black 1", true)
        );
        let named = strip(TWO, r#"(end "the men are stuck" no-moves) (score pieces)"#);
        let over = ended(&named, "(White (Man c1)) (Black (Man a1 b1))", &[]);
        assert_eq!(
            over.text,
            "Black wins, counting pieces: White 1, Black 2 (the men are stuck)"
        );
    }

    #[test]
    fn history_rules_are_said_by_name_or_by_what_they_count() {
        let game = shipped("chess.game");
        let fen = "8/8/8/4k3/8/8/8/R3K3 w - - 100 80";
        let quiet = GameRecord::with_quiet(game.from_fen(fen).unwrap(), 100);
        let over = quiet.history_end(&game).unwrap();
        assert_eq!(over.text, "Draw: the fifty-move rule");
        // Drops take no man from the board: two of them are two quiet plies.
        let unnamed = strip(TWO, "(draw (quiet-moves 2 Man))");
        let over = ended(&unnamed, "", &["a1", "b1"]);
        assert_eq!(over.text, "Draw: 2 plies without a capture or a Man move");
        let named = strip(
            TWO,
            r#"(draw "the board came back" (repetition 1)) (draw (quiet-moves 4))"#,
        );
        assert_eq!(ended(&named, "", &[]).text, "Draw: the board came back");
        let quiet = strip(
            TWO,
            "(draw (quiet-moves 2 Man (while (side (pieces 0 3)) (side (pieces 0 3)))))",
        );
        assert_eq!(
            ended(&quiet, "", &["a1", "b1"]).text,
            "Draw: 2 plies without a capture or a Man move, in an ending the rule names"
        );
    }

    #[test]
    fn an_end_by_history_that_the_score_decides_says_both() {
        let game = strip(
            TWO,
            r#"(end "the board came back" (repetition 1)) (score pieces)"#,
        );
        let over = ended(&game, "(Black (Man a1))", &[]);
        assert_eq!(
            over.text,
            "Black wins, counting pieces: White 0, Black 1 (the board came back)"
        );
    }

    #[test]
    fn a_board_brought_back_draws() {
        let game = strip(TWO, "(superko draw)");
        let ending = Ending {
            player: PlayerId(0),
            outcome: Some(Outcome::Draw),
            reason: EndReason::Repetition,
        };
        assert_eq!(
            words(&game, &ending),
            "Draw: the board repeats an earlier one"
        );
        assert_eq!(
            describe(&game, &ending),
            "game over — Draw: the board repeats an earlier one"
        );
    }
}
