//! Chance nodes in the alpha-beta tree: expectimax. Where a `chance` player is to move no one
//! chooses: the node is worth the average of its outcomes' values, each weighed by its
//! probability ([`Move::weight`]). A chance player has no side in the game, so the value is
//! the one of the player who moved into the node, and the move that led there takes it as it
//! is (no sign turned). The outcomes are searched in the full window: a bound on one of them
//! says little of the average, and games of dice are searched shallow.

use super::*;
use dagaz_engine::PlayerId;

impl<'g> Worker<'g> {
    /// The value to `me` of `position`, which a move of `me` (or chance's, on `me`'s behalf)
    /// has just reached: the side to move's value turned round when that is not `me`, the
    /// average of the outcomes at a chance node. `quiescent`: reached in quiescence, where
    /// the nodes below search captures only.
    pub(super) fn value_for(
        &mut self,
        position: &mut Position,
        me: PlayerId,
        (depth, ply): (i32, u32),
        quiescent: bool,
    ) -> Result<i32, Halt> {
        if self.game.is_chance(position) {
            return self.chance_value(position, me, (depth, ply), quiescent);
        }
        let v = if quiescent {
            self.quiesce(position, ply, -INFINITY, INFINITY, 1, 0)?
        } else {
            self.negamax(position, depth, ply, -INFINITY, INFINITY, 0)?
        };
        Ok(if position.to_move() == me { v } else { -v })
    }

    /// The chance node `position`'s value to `me`: the probability-weighted mean of its
    /// outcomes' values, each searched a ply shallower.
    fn chance_value(
        &mut self,
        position: &mut Position,
        me: PlayerId,
        (depth, ply): (i32, u32),
        quiescent: bool,
    ) -> Result<i32, Halt> {
        self.poll()?;
        let p = ply as usize;
        self.ensure_ply(p);
        if let Some(pv) = self.pv.get_mut(p) {
            pv.clear();
        }
        let mut outcomes = Vec::new();
        self.gen.generate(self.game, position, &mut outcomes)?;
        let total = dagaz_engine::total_weight(&outcomes);
        if total == 0 || ply >= MAX_DEPTH * 2 {
            // No outcome: the rules give chance nothing to draw, and nothing changes.
            return Ok(0);
        }
        let mut sum: i128 = 0;
        for mv in &outcomes {
            let undo = self.play(position, mv);
            let mark = self
                .path
                .last()
                .after(self.game, mv, self.zobrist(position));
            self.path.push(mark);
            let v = self.value_for(position, me, (depth - 1, ply + 1), quiescent);
            self.path.pop();
            self.unplay(position, mv, undo);
            sum += i128::from(v?) * i128::from(mv.weight());
        }
        Ok((sum / i128::from(total)) as i32)
    }
}
