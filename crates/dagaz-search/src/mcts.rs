//! Monte Carlo tree search (UCT): for games whose evaluation says little (connection and
//! placement games), the value of a move is the share of random games from it that its player
//! wins.
//!
//! Each iteration walks down the tree by the UCT rule (the mean result plus a bonus for moves
//! tried less often), adds one untried move as a new node, plays random moves from there to the
//! end of the game (or to [`PLAYOUT_CAP`] plies, where the evaluation's material decides), and
//! adds the result to every node on the way down, for the player who chose that node's move.
//! The move played is the root's most visited one.

use crate::limits::Limits;
use crate::record::GameRecord;
use crate::report::{Found, Info};
use crate::score::{Score, MATE_BOUND};
use dagaz_engine::{Game, GenError, Move, MoveGen, Outcome, PlayerId, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// The exploration constant of UCT: √2, the textbook value for results in 0..1.
const EXPLORATION: f64 = std::f64::consts::SQRT_2;
/// Plies a random game is played before the evaluation's material decides it.
pub(crate) const PLAYOUT_CAP: u32 = 300;
/// Playouts a depth limit stands for, per ply (a search with only a depth runs
/// `depth * PLAYOUTS_PER_PLY` playouts, so that it ends and is repeatable).
pub(crate) const PLAYOUTS_PER_PLY: u64 = 1000;
/// How often (in playouts) an iteration is reported.
const REPORT: u64 = 256;
/// The most players whose results a playout keeps.
const MAX_PLAYERS: usize = 8;

/// One result per player, in `0..=1`: 1 a win, 0 a loss, ½ a draw.
type Results = [f64; MAX_PLAYERS];

struct Node {
    /// The move that led here (none at the root).
    mv: Option<Move>,
    /// The player who chose `mv`: whose results this node sums.
    mover: PlayerId,
    parent: usize,
    children: Vec<usize>,
    /// The legal moves not yet made a child; `None` until the node is first reached.
    untried: Option<Vec<Move>>,
    visits: u32,
    total: f64,
    /// `mv` ends the game at once in a win for its mover: the parent's chooser takes it
    /// whatever the playouts say of the others (in Hex, where random play wins from
    /// almost any move of a nearly joined chain, the move that joins it).
    wins: bool,
}

/// A tree search for one position; built afresh by each search.
pub(crate) struct Mcts<'a, 'g> {
    game: &'g Game,
    gen: &'a mut MoveGen,
    stop: &'a AtomicBool,
    nodes: Vec<Node>,
    rng: u64,
    scratch: Vec<Move>,
}

impl<'a, 'g> Mcts<'a, 'g> {
    pub(crate) fn new(game: &'g Game, gen: &'a mut MoveGen, stop: &'a AtomicBool) -> Self {
        Mcts {
            game,
            gen,
            stop,
            nodes: Vec::new(),
            // Fixed, so that a search with a playout limit is repeatable.
            rng: 0x9E37_79B9_7F4A_7C15,
            scratch: Vec::new(),
        }
    }

    /// Searches the current position of `record` within `limits` (time, playouts as
    /// nodes, or a depth standing for [`PLAYOUTS_PER_PLY`] playouts a ply), reporting every
    /// few hundred playouts to `on_iteration`.
    pub(crate) fn search(
        &mut self,
        record: &GameRecord,
        limits: &Limits,
        on_iteration: &mut dyn FnMut(&Info),
    ) -> Result<Found, GenError> {
        let start = Instant::now();
        let root_position = record.position().clone();
        let deadline = limits.movetime.and_then(|t| start.checked_add(t));
        let budget = limits.nodes.or(limits
            .depth
            .map(|d| u64::from(d).saturating_mul(PLAYOUTS_PER_PLY)));
        self.nodes.clear();
        self.nodes.push(Node {
            mv: None,
            mover: root_position.to_move(),
            parent: 0,
            children: Vec::new(),
            untried: None,
            visits: 0,
            total: 0.0,
            wins: false,
        });
        let mut playouts = 0u64;
        let mut info = self.info(0, 0, start);
        loop {
            if budget.is_some_and(|b| playouts >= b) || self.stop.load(Ordering::Relaxed) {
                break;
            }
            // A playout takes a millisecond or more in a large game: the clock is read before
            // each one, so the search ends within one playout of its time.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            let mut position = root_position.clone();
            let seldepth = self.iterate(&mut position)?;
            playouts += 1;
            info.seldepth = info.seldepth.max(seldepth);
            if playouts % REPORT == 0 || budget == Some(playouts) {
                info = Info {
                    seldepth: info.seldepth,
                    ..self.info(playouts, info.seldepth, start)
                };
                on_iteration(&info);
            }
            // Only one move: nothing to weigh.
            if self.root_moves() == Some(1) {
                break;
            }
        }
        let info = self.info(playouts, info.seldepth, start);
        Ok(Found {
            best: info.pv.first().cloned().or_else(|| self.first_root_move()),
            info,
        })
    }

    /// One playout: down the tree, one node added, a random game, the result backed up.
    /// Answers the plies the playout went below the root.
    fn iterate(&mut self, position: &mut Position) -> Result<u32, GenError> {
        let mut at = 0usize;
        let mut plies = 0u32;
        let results = loop {
            if self.nodes.get(at).is_some_and(|n| n.untried.is_none()) {
                let mut moves = Vec::new();
                self.gen.generate(self.game, position, &mut moves)?;
                if let Some(node) = self.nodes.get_mut(at) {
                    node.untried = Some(moves);
                }
            }
            let Some(node) = self.nodes.get_mut(at) else {
                break self.ended(position)?;
            };
            let untried = node.untried.as_ref().map_or(0, Vec::len);
            if untried > 0 {
                let pick = (next(&mut self.rng) % untried as u64) as usize;
                let mv = node
                    .untried
                    .as_mut()
                    .map(|m| m.swap_remove(pick))
                    .unwrap_or_default();
                let mover = position.to_move();
                position.play(self.game, &mv);
                plies += 1;
                let child = self.nodes.len();
                self.nodes.push(Node {
                    mv: Some(mv),
                    mover,
                    parent: at,
                    children: Vec::new(),
                    untried: None,
                    visits: 0,
                    total: 0.0,
                    wins: false,
                });
                if let Some(node) = self.nodes.get_mut(at) {
                    node.children.push(child);
                }
                at = child;
                let (results, length) = self.playout(position)?;
                if length == 0 && results.get(mover.index()) == Some(&1.0) {
                    if let Some(node) = self.nodes.get_mut(child) {
                        node.wins = true;
                    }
                }
                plies += length;
                break results;
            }
            if node.children.is_empty() {
                // No move: the game is over here.
                break self.ended(position)?;
            }
            let Some(child) = self.select(at) else {
                break self.ended(position)?;
            };
            if let Some(mv) = self.nodes.get(child).and_then(|n| n.mv.as_ref()) {
                position.play(self.game, mv);
            }
            plies += 1;
            at = child;
        };
        // Back up: every node on the way sums the result of the player who chose it.
        while let Some(node) = self.nodes.get_mut(at) {
            node.visits += 1;
            node.total += results.get(node.mover.index()).copied().unwrap_or(0.5);
            if at == 0 {
                break;
            }
            at = node.parent;
        }
        Ok(plies)
    }

    /// The child of `at` with the best UCT value for the player who chooses there; a move
    /// that wins at once first.
    fn select(&self, at: usize) -> Option<usize> {
        let node = self.nodes.get(at)?;
        if let Some(&win) = node
            .children
            .iter()
            .find(|&&c| self.nodes.get(c).is_some_and(|c| c.wins))
        {
            return Some(win);
        }
        let log_n = f64::from(node.visits.max(1)).ln();
        let value = |c: usize| {
            self.nodes.get(c).map_or(f64::MIN, |child| {
                let n = f64::from(child.visits.max(1));
                child.total / n + EXPLORATION * (log_n / n).sqrt()
            })
        };
        node.children
            .iter()
            .copied()
            .max_by(|&a, &b| value(a).total_cmp(&value(b)))
    }

    /// Random moves from `position` to the end of the game, or to [`PLAYOUT_CAP`] plies;
    /// the results and the plies played.
    fn playout(&mut self, position: &mut Position) -> Result<(Results, u32), GenError> {
        let mut moves = std::mem::take(&mut self.scratch);
        let mut plies = 0;
        let results = loop {
            if plies >= PLAYOUT_CAP {
                break self.judged(position);
            }
            moves.clear();
            self.gen.generate(self.game, position, &mut moves)?;
            if moves.is_empty() {
                break self.ended(position)?;
            }
            let pick = (next(&mut self.rng) % moves.len() as u64) as usize;
            if let Some(mv) = moves.get(pick) {
                position.play(self.game, mv);
            }
            plies += 1;
        };
        self.scratch = moves;
        Ok((results, plies))
    }

    /// The results of a game over at `position` (its side to move has no legal move).
    fn ended(&mut self, position: &Position) -> Result<Results, GenError> {
        let ending = self.gen.ending_without_moves(self.game, position)?;
        let mut results = [0.5; MAX_PLAYERS];
        for (p, r) in results
            .iter_mut()
            .enumerate()
            .take(self.game.player_count())
        {
            let Ok(id) = u8::try_from(p) else { break };
            *r = match ending.outcome_for(PlayerId(id)) {
                Some(Outcome::Win) => 1.0,
                Some(Outcome::Loss) => 0.0,
                Some(Outcome::Draw) | None => 0.5,
            };
        }
        Ok(results)
    }

    /// The results of a playout stopped at the cap: with two players, each one's chance by
    /// the material (400 points for ten to one); a draw for more.
    fn judged(&self, position: &Position) -> Results {
        let mut results = [0.5; MAX_PLAYERS];
        if self.game.player_count() == 2 {
            let eval = self.game.evaluation();
            let first = f64::from(eval.material(PlayerId(0), position.pieces()));
            let chance = 1.0 / (1.0 + 10f64.powf(-first / 400.0));
            let [a, b, ..] = &mut results;
            (*a, *b) = (chance, 1.0 - chance);
        }
        results
    }

    fn root_moves(&self) -> Option<usize> {
        let root = self.nodes.first()?;
        Some(root.children.len() + root.untried.as_ref()?.len())
    }

    fn first_root_move(&self) -> Option<Move> {
        let root = self.nodes.first()?;
        root.children
            .first()
            .and_then(|&c| self.nodes.get(c))
            .and_then(|n| n.mv.clone())
            .or_else(|| root.untried.as_ref()?.first().cloned())
    }

    /// The report after `playouts`: the line of most visited moves, its first move's share of
    /// wins as a score.
    fn info(&self, playouts: u64, seldepth: u32, start: Instant) -> Info {
        let mut pv = Vec::new();
        let mut at = 0;
        let mut share = 0.5;
        while let Some(child) = self.nodes.get(at).and_then(|n| {
            n.children
                .iter()
                .copied()
                .max_by_key(|&c| self.nodes.get(c).map_or((false, 0), |c| (c.wins, c.visits)))
        }) {
            let Some(node) = self.nodes.get(child) else {
                break;
            };
            if node.visits == 0 {
                break;
            }
            if at == 0 {
                share = node.total / f64::from(node.visits);
            }
            if let Some(mv) = &node.mv {
                pv.push(mv.clone());
            }
            at = child;
        }
        let value = share_to_score(share);
        Info {
            depth: pv.len() as u32,
            seldepth,
            score: Score::from_search(value),
            value,
            nodes: playouts,
            elapsed: start.elapsed().max(Duration::from_nanos(1)),
            pv,
        }
    }
}

/// A share of wins as a centipawn-like score: 0 at one half, ±400 at ten to one.
fn share_to_score(share: f64) -> i32 {
    let p = share.clamp(1e-6, 1.0 - 1e-6);
    let cp = 400.0 * (p / (1.0 - p)).log10();
    (cp.round() as i32).clamp(-(MATE_BOUND - 1), MATE_BOUND - 1)
}

/// xorshift64*: fast, and the same sequence on every machine.
fn next(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_map_to_scores_both_ways_round_one_half() {
        assert_eq!(share_to_score(0.5), 0);
        assert_eq!(share_to_score(10.0 / 11.0), 400);
        assert_eq!(share_to_score(1.0 / 11.0), -400);
        assert!(share_to_score(1.0) < MATE_BOUND);
    }
}
