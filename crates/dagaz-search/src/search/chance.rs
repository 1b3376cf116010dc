//! Chance nodes in the alpha-beta tree: expectimax. Where a `chance` player is to move no one
//! chooses: the node is worth the average of its outcomes' values, each weighed by its
//! probability ([`Move::weight`]). A chance player has no side in the game, so the value is
//! the one of the player who moved into the node, and the move that led there takes it as it
//! is (no sign turned). The outcomes are searched in the full window: a bound on one of them
//! says little of the average (a win's value bounds every outcome, so Star1's cuts never
//! come). Before them, *-minimax's probing (Star2) may fail the node low: where the side that
//! moves after the throw is the opponent, one reply of its to each outcome bounds that
//! outcome's value from above, and when the weighted bounds stay at or under the window's
//! `alpha` the node cannot be better, whatever the other replies give.

use super::*;
use dagaz_engine::PlayerId;

/// A position a move of `me` (or chance's, on `me`'s behalf) has just reached, to be valued
/// for `me`, searched `depth` more plies from `ply`; `quiescent`: reached in quiescence, where
/// the nodes below search captures only.
#[derive(Clone, Copy)]
pub(super) struct Reached {
    pub(super) me: PlayerId,
    pub(super) depth: i32,
    pub(super) ply: u32,
    pub(super) quiescent: bool,
    /// What `me` already has elsewhere (the window's lower end): a node worth no more is cut.
    pub(super) alpha: i32,
}

impl<'g> Worker<'g> {
    /// The value to `at.me` of `position`: the side to move's value turned round when that
    /// is not `me`, the average of the outcomes at a chance node.
    pub(super) fn value_for(&mut self, position: &mut Position, at: Reached) -> Result<i32, Halt> {
        if self.game.is_chance(position) {
            return self.chance_value(position, at);
        }
        let v = if at.quiescent {
            self.quiesce(position, at.ply, -INFINITY, INFINITY, 1, 0)?
        } else {
            self.negamax(position, at.depth, at.ply, -INFINITY, INFINITY, 0)?
        };
        Ok(if position.to_move() == at.me { v } else { -v })
    }

    /// The chance node `position`'s value to `at.me`: the probability-weighted mean of its
    /// outcomes' values, each searched a ply shallower.
    fn chance_value(&mut self, position: &mut Position, at: Reached) -> Result<i32, Halt> {
        self.enter_node(at.ply)?;
        let mut outcomes = Vec::new();
        self.gen.generate(self.game, position, &mut outcomes)?;
        let total = dagaz_engine::total_weight(&outcomes);
        if total == 0 {
            // No outcome: the move into the node ended the game (a goal holds), or the rules
            // give chance nothing to draw.
            let ended = self.gen.ending_without_moves(self.game, position)?;
            return Ok(match ended.outcome_for(at.me) {
                Some(Outcome::Win) => mate_in(at.ply),
                Some(Outcome::Loss) => -mate_in(at.ply),
                Some(Outcome::Draw) | None => 0,
            });
        }
        if at.quiescent {
            // Quiescence stands at a throw: each outcome would open a capture search of its
            // own, and in backgammon a chain of hits through the rolls has no end.
            return Ok(self.material_for(position, at.me));
        }
        if at.ply >= MAX_DEPTH * 2 {
            return Ok(0);
        }
        if let Some(bound) = self.probe_fails_low(position, &outcomes, total, at)? {
            return Ok(bound);
        }
        let below = Reached {
            depth: at.depth - 1,
            ply: at.ply + 1,
            alpha: -INFINITY,
            ..at
        };
        let mut sum: i128 = 0;
        for mv in &outcomes {
            let undo = self.play_on_path(position, mv);
            let v = self.value_for(position, below);
            self.path.pop();
            self.unplay(position, mv, undo);
            sum += i128::from(v?) * i128::from(mv.weight());
        }
        Ok((sum / i128::from(total)) as i32)
    }

    /// Star2's probe: the outcomes' weighted upper bounds (one reply each, see the module),
    /// when they stay at or under `at.alpha`; `None` to search the outcomes in full.
    fn probe_fails_low(
        &mut self,
        position: &mut Position,
        outcomes: &[Move],
        total: u64,
        at: Reached,
    ) -> Result<Option<i32>, Halt> {
        // Below depth 2 a reply would stand on its material: the probe would cost what the
        // search it saves does.
        if at.alpha <= -INFINITY || at.depth < 2 {
            return Ok(None);
        }
        let mut sum: i128 = 0;
        for mv in outcomes {
            let undo = self.play_on_path(position, mv);
            let bound = self.one_reply_bound(position, at);
            self.path.pop();
            self.unplay(position, mv, undo);
            let Some(bound) = bound? else {
                return Ok(None);
            };
            sum += i128::from(bound) * i128::from(mv.weight());
        }
        let mean = (sum / i128::from(total.max(1))) as i32;
        Ok((mean <= at.alpha).then_some(mean))
    }

    /// An upper bound on the value to `at.me` of an outcome where the opponent moves next:
    /// the reply that leaves `me` least at a glance (material after it), searched as deep as
    /// the tree would search it. `None` where no opponent moves next (chance again, another
    /// turn) or none can.
    fn one_reply_bound(
        &mut self,
        position: &mut Position,
        at: Reached,
    ) -> Result<Option<i32>, Halt> {
        if self.game.is_chance(position) || position.to_move() == at.me {
            return Ok(None);
        }
        let mut replies = Vec::new();
        self.gen.generate(self.game, position, &mut replies)?;
        let mut least: Option<(i32, usize)> = None;
        for (i, reply) in replies.iter().enumerate() {
            let undo = self.play(position, reply);
            let v = self.material_for(position, at.me);
            self.unplay(position, reply, undo);
            if least.is_none_or(|(l, _)| v < l) {
                least = Some((v, i));
            }
        }
        let Some(reply) = least.and_then(|(_, i)| replies.get(i)) else {
            return Ok(None);
        };
        let undo = self.play_on_path(position, reply);
        let below = Reached {
            depth: at.depth - 2,
            ply: at.ply + 2,
            alpha: -INFINITY,
            ..at
        };
        let v = self.value_for(position, below);
        self.path.pop();
        self.unplay(position, reply, undo);
        Ok(Some(v?))
    }
}
