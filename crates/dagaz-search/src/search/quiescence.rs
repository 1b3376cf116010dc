//! Quiescence: below the horizon, captures alone until the position is quiet.

use super::*;

impl<'g> Worker<'g> {
    pub(super) fn quiesce(
        &mut self,
        position: &mut Position,
        ply: u32,
        alpha: i32,
        beta: i32,
        qdepth: u32,
        opponent_moves: usize,
    ) -> Result<i32, Halt> {
        if qdepth > 0 {
            self.poll()?;
        }
        self.seldepth = self.seldepth.max(ply);
        let p = ply as usize;
        self.ensure_ply(p);
        if let Some(pv) = self.pv.get_mut(p) {
            pv.clear();
        }
        let eval = self.game.evaluation();
        // Generating the moves costs far more than counting material: when even the worst
        // mobility term leaves the score above beta, stand pat without generating. Inside a
        // capture sequence that does not see a mate or stalemate there. At the horizon itself,
        // only where the position cannot be over: a game with royal pieces that ends only when
        // the side to move has no legal move, whose horizon nodes are not in check (the tree
        // searched those a ply deeper), so that what is not seen is a stalemate. Elsewhere the
        // moves at the horizon are generated, and a game's end there is seen (a row reached in
        // Breakthrough, a draughts side without moves).
        let material = self.material(position);
        let floor =
            material.saturating_sub(eval.mobility().max(0).saturating_mul(opponent_moves as i32));
        if (qdepth > 0 || self.cannot_be_over) && floor >= beta {
            return Ok(floor);
        }
        // As in the tree, the royal rule is tested only for the captures searched, and the
        // moves counted for mobility are the rules' moves before that test, here and at the
        // node above alike. (Counting legal moves at one node and unchecked ones at the other
        // made the two differ most where a king was in check: in shogi the engine then stopped
        // capturing, and a game at depth 1 ran for thousands of plies.) A horizon node is not
        // in check (the tree searched it a ply deeper), so what this misses is a stalemate
        // there.
        // Only captures are searched here: the others are counted, not built.
        let (moves, others) = match self.captures_at(position, ply)? {
            Ok(generated) => generated,
            Err(terminal) => return Ok(terminal),
        };
        let count = moves.len() + others;
        let stand_pat = material.saturating_add(
            eval.mobility()
                .saturating_mul(count as i32 - opponent_moves as i32),
        );
        let mut order = self.take_order(p);
        let captures = self.order_captures(&moves, &mut order);
        let q = Capturing {
            ply,
            beta,
            qdepth,
            count,
            captures,
            forced: others == 0 && captures == moves.len(),
        };
        let result = self.quiesce_captures(position, &moves, &mut order, q, stand_pat, alpha);
        self.put_list(p, moves);
        self.put_order(p, order);
        result
    }

    /// Orders `moves` at a quiescence node, the captures (the moves with a key above zero)
    /// the most valuable victim first: how many captures there are.
    #[inline(always)]
    pub(super) fn order_captures(&self, moves: &[Move], order: &mut Vec<i32>) -> usize {
        let eval = self.game.evaluation();
        order.clear();
        order.extend(moves.iter().map(|m| {
            let taken = eval.captured_value(m.actions());
            if taken <= 0 {
                return taken;
            }
            victim_first(self.game, m, taken)
        }));
        order.iter().filter(|&&v| v > 0).count()
    }

    /// Searches the first `q.captures` of `moves` in `order` at a quiescence node whose side
    /// to move stands pat at `stand_pat` (unless every move captures, or the line is deep).
    #[inline(always)]
    pub(super) fn quiesce_captures(
        &mut self,
        position: &mut Position,
        moves: &[Move],
        order: &mut [i32],
        q: Capturing,
        stand_pat: i32,
        mut alpha: i32,
    ) -> Result<i32, Halt> {
        let Capturing {
            ply,
            beta,
            qdepth,
            captures,
            forced,
            ..
        } = q;
        if forced && qdepth > 0 && (captures > MAX_FORCED_WIDTH || qdepth >= MAX_FORCED_DEPTH) {
            return Ok(stand_pat);
        }
        // Where every move captures (captures are compulsory, as in draughts), standing pat
        // would pretend a quiet move exists.
        let mut best = -INFINITY;
        if !forced || qdepth >= MAX_QUIESCENCE || ply >= MAX_DEPTH * 3 {
            best = stand_pat;
            if stand_pat >= beta || captures == 0 || qdepth >= MAX_QUIESCENCE {
                return Ok(stand_pat);
            }
            alpha = alpha.max(stand_pat);
        }
        let p = ply as usize;
        let eval = self.game.evaluation();
        let mut tried = 0;
        for n in 0..captures {
            let i = pick(order, n);
            let Some(mv) = moves.get(i) else { break };
            // `best` is the standing pat here, unless every move captures.
            if !forced && alpha.abs() < MATE_BOUND {
                let gain = eval
                    .captured_value(mv.actions())
                    .saturating_add(promotion_gain(self.game, mv));
                if best.saturating_add(gain).saturating_add(DELTA_MARGIN) <= alpha {
                    continue;
                }
            }
            if !self.gen.is_legal(self.game, position, mv)? {
                continue;
            }
            tried += 1;
            let v = self.quiesce_child(position, mv, q, alpha)?;
            self.raise(p, mv, v, &mut best, &mut alpha);
            if alpha >= beta {
                break;
            }
        }
        if forced && tried == 0 {
            // Every move captures and none keeps to the royal rule: the side to move has no
            // legal move at all.
            best = self.terminal(position, ply)?;
        }
        Ok(best)
    }

    /// Plays the capture `mv` at a quiescence node and searches the position after it: the
    /// value is the mover's.
    #[inline(always)]
    pub(super) fn quiesce_child(
        &mut self,
        position: &mut Position,
        mv: &Move,
        q: Capturing,
        alpha: i32,
    ) -> Result<i32, Halt> {
        let (ply, beta, qdepth, count) = (q.ply, q.beta, q.qdepth, q.count);
        let me = position.to_move();
        let undo = self.play(position, mv);
        self.path.push(Mark {
            hash: self.zobrist(position),
            quiet: 0,
        });
        let searched = if self.game.is_chance(position) {
            let at = super::chance::Reached {
                me,
                depth: 0,
                ply: ply + 1,
                quiescent: true,
                alpha: -INFINITY,
            };
            self.value_for(position, at)
        } else if position.to_move() == me {
            self.quiesce(position, ply + 1, alpha, beta, qdepth + 1, count)
        } else {
            self.quiesce(position, ply + 1, -beta, -alpha, qdepth + 1, count)
                .map(|v| -v)
        };
        self.path.pop();
        self.unplay(position, mv, undo);
        searched
    }

    /// Whether a capture in quiescence puts more at stake than it takes: its piece is worth
    /// more than what it captures (by more than [`EXCHANGE_MARGIN`]), and where it lands the
    /// opponent could take it back: a static exchange test cut to its first recapture. The
    /// tree searches such a capture after the killers (see `pick_demoting`). Only where the
    /// attack test walks lines, and never for a royal piece, whose captures the royal rule
    /// already keeps off attacked squares.
    pub(super) fn losing_capture(&mut self, position: &Position, mv: &Move) -> Result<bool, Halt> {
        if !self.exchange_test {
            return Ok(false);
        }
        let Some(lifted) = mover(mv) else {
            return Ok(false);
        };
        let eval = self.game.evaluation();
        let stake = eval.value(lifted) - eval.captured_value(mv.actions());
        if self.game.is_royal(lifted) || stake <= EXCHANGE_MARGIN {
            return Ok(false);
        }
        let Some((at, piece)) = mv.landing() else {
            return Ok(false);
        };
        Ok(self.gen.is_attacked(self.game, position, at, piece)?)
    }

    /// The moves of the node at `ply` without the royal rule (see
    /// [`MoveGen::generate_unchecked`]: test each with [`MoveGen::is_legal`] before it is
    /// played), in that ply's list (give it back with `put_list`), or the node's score when
    /// it has none.
    pub(super) fn moves_at(
        &mut self,
        position: &mut Position,
        ply: u32,
    ) -> Result<Result<Vec<Move>, i32>, Halt> {
        let p = ply as usize;
        let mut moves = self.take_list(p);
        moves.clear();
        let generated = self.gen.generate_unchecked(self.game, position, &mut moves);
        if let Err(e) = generated {
            self.put_list(p, moves);
            return Err(e.into());
        }
        if moves.is_empty() {
            self.put_list(p, moves);
            return Ok(Err(self.terminal(position, ply)?));
        }
        Ok(Ok(moves))
    }

    /// [`Worker::moves_at`] for quiescence: the node's captures, and how many other moves it
    /// has (see [`MoveGen::generate_captures_unchecked`]); its score when it has no move.
    pub(super) fn captures_at(
        &mut self,
        position: &mut Position,
        ply: u32,
    ) -> Result<Result<(Vec<Move>, usize), i32>, Halt> {
        let p = ply as usize;
        let mut moves = self.take_list(p);
        moves.clear();
        let others = match self
            .gen
            .generate_captures_unchecked(self.game, position, &mut moves)
        {
            Ok(others) => others,
            Err(e) => {
                self.put_list(p, moves);
                return Err(e.into());
            }
        };
        if moves.is_empty() && others == 0 {
            self.put_list(p, moves);
            return Ok(Err(self.terminal(position, ply)?));
        }
        Ok(Ok((moves, others)))
    }
}
