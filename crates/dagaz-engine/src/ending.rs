//! How a game ends: the `goal` clauses checked after every move, the goals judged when the side
//! to move cannot move, passes, and the score of a game that ended without a goal deciding it.

use crate::error::{GenError, GenErrorKind};
use crate::fault::error_in;
use crate::model::Game;
use crate::moves::Move;
use crate::position::Position;
use dagaz_compiler::{EndScore, Goal, GoalCondition, Outcome};
use dagaz_ir::{Piece, PlayerId, Pos};
use dagaz_vm::env::global::Globals;
use dagaz_vm::{Completed, Fault, Processor, Question, Sink, StepLimits};

/// Why a game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// The n-th `goal` clause (from 1) held after the last move.
    Goal(usize),
    /// The side to move has no legal move, and this `win`, `loss` or `draw` goal applies.
    NoMoves(GoalCondition),
    /// The game ended (no player could move, or every player passed in a row) and the
    /// `score` clause decided: each player's score in half points (komi may add a half),
    /// in turn order, and the `(end ...)` goal (its index in `Game::goals`) that ended it when
    /// one did, so that its name is said.
    Score {
        /// Each player's score in half points.
        scores: Vec<i32>,
        /// The `end` goal whose condition held, if the game ended by one.
        goal: Option<usize>,
    },
    /// The side to move has no legal move, and the game declares no goal for this.
    Stuck,
    /// The last move brought back a board the game had had, and the game declares `(superko
    /// draw)`.
    Repetition,
}

/// A game that is over: the result, said of one player, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The player the result is said of: the one who made the last move for a `goal` clause,
    /// the side to move when it cannot move, the winner (or the side to move, on a draw) for
    /// a score.
    pub player: PlayerId,
    /// The result for that player; `None` when the game declares none ([`EndReason::Stuck`]).
    pub outcome: Option<Outcome>,
    /// Why the game is over.
    pub reason: EndReason,
}

impl Ending {
    /// The result for `who`: as said for [`Ending::player`], and the other way round for
    /// anyone else (a win for one is a loss for the others; a draw is a draw for all).
    pub fn outcome_for(&self, who: PlayerId) -> Option<Outcome> {
        match self.outcome? {
            Outcome::Draw => Some(Outcome::Draw),
            o if who == self.player => Some(o),
            Outcome::Win => Some(Outcome::Loss),
            Outcome::Loss => Some(Outcome::Win),
        }
    }

    /// The words the game gives the goal that ended it (`(goal win "three in a row" ...)`,
    /// `(draw "the board is full" no-moves)`), if it names it. A game that ends for want of
    /// moves is named by its first goal of that condition: the one `without_moves` chose.
    pub fn goal_name<'g>(&self, game: &'g Game) -> Option<&'g str> {
        match self.reason {
            EndReason::Goal(n) => game
                .rules
                .goal_programs
                .get(n.checked_sub(1)?)?
                .name
                .as_deref(),
            EndReason::NoMoves(condition) => game
                .goals()
                .iter()
                .find(|g| g.condition == condition && !g.by_score)?
                .name
                .as_deref(),
            EndReason::Score { goal, .. } => game.goals().get(goal?)?.name.as_deref(),
            EndReason::Stuck | EndReason::Repetition => None,
        }
    }
}

/// What a game's `score` clause counts, in words: `pieces`, `area` or `seeds` (pieces when it
/// has none, as [`score`] does).
pub fn counted(game: &Game) -> &'static str {
    match game.rules.end_score {
        Some(EndScore::Area) => "area",
        Some(EndScore::Seeds) => "seeds",
        Some(EndScore::Pieces) | None => "pieces",
    }
}

/// The player who made the last move: the side to move again after `another-turn`, else the
/// one of the turn before in the schedule.
pub(crate) fn previous_player(game: &Game, position: &Position) -> PlayerId {
    previous_turn(game, position).player
}

/// The turn of the last move: the mover's after `another-turn` (kept by the position, since
/// in a game of chance the turn goes back to the throw before it), else the turn before it in
/// the schedule.
fn previous_turn(game: &Game, position: &Position) -> dagaz_compiler::Turn {
    match position.again_turn() {
        Some(mover) => mover,
        None => game.rules.turns.previous(position.turn()),
    }
}

/// The legal moves of the pieces of the side to move (the move generator's, passed in so that
/// this module need not know it): what `can-answer?` tries.
pub(crate) type Replies = fn(&Game, StepLimits, &mut Position) -> Result<Vec<Move>, GenError>;

/// Whether the game is over before any move is generated: a `goal` clause that holds for
/// the player who made the last move, or every player having passed in a row.
pub(crate) fn over_before_moves(
    processor: &mut Processor,
    limits: StepLimits,
    game: &Game,
    position: &mut Position,
    replies: Replies,
) -> Result<Option<Ending>, GenError> {
    // A board brought back draws whatever else the move did (OpenSpiel's Lines of Action).
    if game.rules.superko_draws && position.repeats_board() {
        return Ok(Some(Ending {
            player: previous_player(game, position),
            outcome: Some(Outcome::Draw),
            reason: EndReason::Repetition,
        }));
    }
    if let Some(index) = goal_reached(processor, limits, game, position, Some(replies))? {
        let outcome = game.rules.goal_programs.get(index).map(|g| g.outcome);
        return Ok(Some(Ending {
            player: previous_player(game, position),
            outcome,
            reason: EndReason::Goal(index + 1),
        }));
    }
    if game.rules.pass == Some(dagaz_compiler::PassRule::Always)
        && usize::from(position.passes_in_a_row()) >= game.rules.turns.round()
    {
        return Ok(Some(by_score(game, position)));
    }
    Ok(None)
}

/// The first `goal` clause whose chain completes on `position`, run for the player who made
/// the last move (none after a chance player's) from where it last put (or changed) a piece,
/// or from every position when there is no such place (no last move, or one that put nothing down). `can-answer?` tries the
/// next player's `replies`; without them (inside such a test) it is false.
fn goal_reached(
    p: &mut Processor,
    limits: StepLimits,
    game: &Game,
    position: &mut Position,
    replies: Option<Replies>,
) -> Result<Option<usize>, GenError> {
    let goals = &game.rules.goal_programs;
    if goals.is_empty() {
        return Ok(None);
    }
    // Where the last move put a piece down; without one (the start, a setup, a FEN, after a
    // pass) every position is looked from.
    let starts = match position.last_placed() {
        Some(at) => at.index()..at.index() + 1,
        None => 0..position.cells.len(),
    };
    let turn = previous_turn(game, position);
    let mover = turn.player;
    if game.turns().is_chance(mover) {
        // Chance neither wins nor loses: its draw ends nothing but by leaving a player who
        // has no move.
        return Ok(None);
    }
    let players = game.players_on(turn, position.turns_played().saturating_sub(1));
    let symmetry = game.rules.symmetry_of(mover);
    p.steps = 0;
    p.globals.reset(game.global_count());
    p.state.player = mover;
    p.state.cells = std::mem::take(&mut position.cells);
    // The seeds are copied, not lent: `can-answer?` plays replies on the position.
    p.state.seeds.clone_from(&position.seeds);
    p.state.captured.clear();
    p.state.captured.resize(p.state.cells.len(), false);
    p.state.visited.clear();
    p.state.turn_values = position.turn_values;
    let mut found = Ok(None);
    let after: &Position = position;
    for (i, goal) in goals.iter().enumerate() {
        let cx = game.context((&goal.program, None), &players, symmetry, limits);
        let mut sink = Reached {
            done: false,
            game,
            limits,
            after,
            replies,
        };
        for start in starts.clone() {
            if let Err(Fault { pc, kind }) = p.run(&cx, Pos(start as u16), &mut sink) {
                let who = format!("goal #{}", i + 1);
                found = Err(error_in(
                    game,
                    &who,
                    Some(&goal.program),
                    goal.span,
                    pc,
                    kind,
                ));
                break;
            }
            if sink.done {
                found = Ok(Some(i));
                break;
            }
        }
        if !matches!(found, Ok(None)) {
            break;
        }
    }
    position.cells = std::mem::take(&mut p.state.cells);
    found
}

/// A sink that notes whether a goal's chain completed, and stops it there.
struct Reached<'a> {
    done: bool,
    game: &'a Game,
    limits: StepLimits,
    /// The position the goal looks at, its board lent to the processor.
    after: &'a Position,
    replies: Option<Replies>,
}

impl Sink for Reached<'_> {
    fn complete(&mut self, _: &mut Globals, _: Completed<'_>) -> Result<u64, GenErrorKind> {
        self.done = true;
        Ok(0)
    }

    /// `can-answer?`: each legal reply of the side to move is played, and the game's goals are
    /// run for it (there `can-answer?` is false, so that the tests do not nest); the first that
    /// holds must not be a loss for it. The other questions are answered false.
    fn answer(
        &mut self,
        question: Question,
        _: PlayerId,
        _: dagaz_ir::Int,
        _: &[dagaz_ir::Value; dagaz_ir::MAX_TURN_VARIABLES],
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        let (Question::CanAnswer, Some(replies)) = (question, self.replies) else {
            return Ok(false);
        };
        let mut after = self.after.clone();
        after.cells.clone_from(cells);
        let moves = replies(self.game, self.limits, &mut after).map_err(|e| e.kind)?;
        let mut processor = Processor::default();
        for reply in &moves {
            let mut next = after.clone();
            next.play(self.game, reply);
            let reached = goal_reached(&mut processor, self.limits, self.game, &mut next, None)
                .map_err(|e| e.kind)?;
            let outcome = reached
                .and_then(|i| self.game.rules.goal_programs.get(i))
                .map(|g| g.outcome);
            if matches!(outcome, Some(Outcome::Win | Outcome::Draw)) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn cancel(&mut self, _: u64) {}

    fn finished(&self) -> bool {
        self.done
    }
}

/// How the game ended for the side to move, which has no legal move: the first `win`,
/// `loss` or `draw` goal whose condition holds, else the score, else stuck.
pub(crate) fn without_moves(game: &Game, position: &Position, in_check: bool) -> Ending {
    let goal: Option<(usize, &Goal)> =
        game.goals()
            .iter()
            .enumerate()
            .find(|(_, g)| match g.condition {
                GoalCondition::NoMoves => true,
                GoalCondition::Checkmated => in_check,
                GoalCondition::Stalemated => !in_check,
            });
    match goal {
        Some((index, g)) if g.by_score => {
            let mut ended = by_score(game, position);
            if let EndReason::Score { goal, .. } = &mut ended.reason {
                *goal = Some(index);
            }
            ended
        }
        Some((_, g)) => Ending {
            player: position.to_move(),
            outcome: Some(g.outcome),
            reason: EndReason::NoMoves(g.condition),
        },
        None if game.rules.end_score.is_some() => by_score(game, position),
        None => Ending {
            player: position.to_move(),
            outcome: None,
            reason: EndReason::Stuck,
        },
    }
}

/// The game ended; the `score` clause decides (a draw when the game has none).
pub fn by_score(game: &Game, position: &Position) -> Ending {
    let scores: Vec<i32> = (0..game.player_count())
        .map(|i| {
            let player = PlayerId(i as u8);
            let komi: i32 = game
                .rules
                .komi
                .iter()
                .filter(|(p, _)| *p == player)
                .map(|(_, k)| k)
                .sum();
            score(game, position, player)
                .saturating_mul(2)
                .saturating_add(komi)
        })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders: Vec<usize> = (0..scores.len())
        .filter(|&i| scores.get(i) == Some(&best))
        .collect();
    let (player, outcome) = match leaders.as_slice() {
        [one] => (PlayerId(*one as u8), Outcome::Win),
        _ => (position.to_move(), Outcome::Draw),
    };
    Ending {
        player,
        outcome: Some(outcome),
        reason: EndReason::Score { scores, goal: None },
    }
}

/// One player's score by the game's `score` clause: its pieces, and for `area` the empty
/// regions that border only its pieces; for `seeds`, the seeds on the positions its pieces
/// hold.
pub fn score(game: &Game, position: &Position, player: PlayerId) -> i32 {
    if game.rules.end_score == Some(EndScore::Seeds) {
        let seeds: u64 = position
            .pieces()
            .filter(|(_, p)| p.owner == player)
            .map(|(at, _)| u64::from(position.seeds_at(at)))
            .sum();
        return i32::try_from(seeds).unwrap_or(i32::MAX);
    }
    let pieces = position.pieces().filter(|(_, p)| p.owner == player).count();
    let area = match game.rules.end_score {
        Some(EndScore::Area) => territory(game, position, player),
        _ => 0,
    };
    i32::try_from(pieces + area).unwrap_or(i32::MAX)
}

/// The empty positions in regions (joined along the board's directions) whose every
/// neighbouring piece is `player`'s, and which touch at least one.
fn territory(game: &Game, position: &Position, player: PlayerId) -> usize {
    let board = game.board();
    let mut seen = vec![false; board.len()];
    let mut total = 0;
    for start in board.positions() {
        if position.piece_at(start).is_some() || seen.get(start.index()) == Some(&true) {
            continue;
        }
        let (mut size, mut mine, mut theirs) = (0, false, false);
        let mut todo = vec![start];
        if let Some(s) = seen.get_mut(start.index()) {
            *s = true;
        }
        while let Some(pos) = todo.pop() {
            size += 1;
            for d in 0..board.direction_count() {
                let Some(next) = board.step(dagaz_ir::Dir(d as u8), pos) else {
                    continue;
                };
                match position.piece_at(next) {
                    Some(p) if p.owner == player => mine = true,
                    Some(_) => theirs = true,
                    None => {
                        if let Some(s @ false) = seen.get_mut(next.index()) {
                            *s = true;
                            todo.push(next);
                        }
                    }
                }
            }
        }
        if mine && !theirs {
            total += size;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::MoveGen;
    use pretty_assertions::assert_eq;

    /// Two men race up a 2x3 board, White's on the a file, Black's on the b file; White's man
    /// home wins unless Black's can answer by coming home too (a draw), Racing Kings' rule.
    fn race(white: &str, black: &str) -> Game {
        crate::Game::load(&format!(
            r#"(board (name b) (dim "a-b") (dim "3-1") (dir (name n) 0 -1))
               (piece (name Man)
                  (pre (check is-friend?) (take) (log position))
                  (move (check n) (check is-empty?))
                  (post (log position) (drop)))
               (game (name "race") (board b)
                  (players (White (Man {white})) (Black (Man {black})))
                  (zone (name home) (players White Black) (positions a3 b3))
                  (goal win (check (= current-player White)) (check is-friend?)
                     (check (in-zone? home)) (check (not can-answer?)))
                  (goal draw (check (= current-player Black)) (check is-friend?)
                     (check (in-zone? home)))
                  (goal loss (check (= current-player Black)) (check (any a3 b3))
                     (check is-enemy?)))"#
        ))
        .unwrap()
    }

    fn after(game: &Game, moves: &[&str]) -> Position {
        let mut gen = MoveGen::default();
        let mut position = game.initial_position();
        for text in moves {
            let all = gen.moves(game, &position).unwrap();
            let mv = all.iter().find(|m| m.notation(game) == *text).unwrap();
            position.play(game, mv);
        }
        position
    }

    #[test]
    fn can_answer_lets_the_game_go_on_when_a_reply_reaches_a_goal() {
        let g = race("a2", "b2");
        let home = after(&g, &["a2a3"]);
        let mut gen = MoveGen::default();
        let replies: Vec<String> = gen
            .moves(&g, &home)
            .unwrap()
            .iter()
            .map(|m| m.notation(&g))
            .collect();
        assert_eq!(replies, vec!["b2b3"]);
        let drawn = after(&g, &["a2a3", "b2b3"]);
        let ending = gen.ending(&g, &drawn).unwrap().unwrap();
        assert_eq!(
            (ending.reason, ending.outcome),
            (EndReason::Goal(2), Some(Outcome::Draw))
        );
    }

    #[test]
    fn can_answer_is_false_when_no_reply_reaches_a_goal() {
        // Black's man is two steps from home; its reply would lose by the third goal, which
        // is no answer.
        let g = race("a2", "b1");
        let home = after(&g, &["a2a3"]);
        let ending = MoveGen::default().ending(&g, &home).unwrap().unwrap();
        assert_eq!(
            (ending.player, ending.reason, ending.outcome),
            (PlayerId(0), EndReason::Goal(1), Some(Outcome::Win))
        );
    }

    #[test]
    fn can_answer_is_false_in_a_move() {
        // Outside a goal no sink can tell: a move that asks is never generated.
        let g = crate::Game::load(
            r#"(board (name b) (dim "a-b") (dim "3-1") (dir (name n) 0 -1))
               (piece (name Man)
                  (pre (check is-friend?) (take) (log position))
                  (move (check n) (check is-empty?) (check can-answer?))
                  (post (log position) (drop)))
               (game (name "race") (board b)
                  (players (White (Man a1)) (Black (Man b1))))"#,
        )
        .unwrap();
        let moves = MoveGen::default().moves(&g, &g.initial_position()).unwrap();
        assert!(moves.is_empty());
    }
}
