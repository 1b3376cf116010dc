//! Move ordering: the scores that put a node's moves in order, killers and history, and the
//! tests of a move that ordering and pruning read.

use super::*;

impl<'g> Worker<'g> {
    /// Ordering: the table's move, then captures by value taken (most valuable victim,
    /// least valuable mover), then killers, then by the history of cut-offs. (A capture found
    /// losing when it comes up goes after the killers: `pick_demoting`.)
    pub(super) fn score_moves(
        &self,
        moves: &[Move],
        order: &mut Vec<i32>,
        hinted: Option<(u16, u32)>,
        p: usize,
    ) {
        let eval = self.game.evaluation();
        let killers = self.killers.get(p);
        order.clear();
        order.extend(moves.iter().enumerate().map(|(i, mv)| {
            if hinted.is_some_and(|(at, print)| usize::from(at) == i && fingerprint(mv) == print) {
                return i32::MAX;
            }
            let taken = eval.captured_value(mv.actions());
            if taken > 0 {
                return CAPTURE_BAND + victim_first(self.game, mv, taken);
            }
            if let Some(k) = killers {
                if k[0].as_ref() == Some(mv) {
                    return 1 << 27;
                }
                if k[1].as_ref() == Some(mv) {
                    return (1 << 27) - 1;
                }
            }
            self.history_index(mv)
                .and_then(|h| self.history_scores.get(h))
                .copied()
                .unwrap_or(0)
                .min((1 << 26) - 1)
        }));
    }

    /// [`Worker::score_moves`] with the history of cut-offs as it was when the journal held
    /// `mark` changes: a node that searched its known move before generating orders the
    /// others as it would have ordered them all at first, whatever the known move's own
    /// search taught the history since. The search is then the same, node for node, as one
    /// that generates first.
    pub(super) fn score_moves_as_before(
        &mut self,
        moves: &[Move],
        order: &mut Vec<i32>,
        hinted: Option<(u16, u32)>,
        p: usize,
        mark: usize,
    ) {
        let since = self.history_journal.get(mark..).unwrap_or(&[]);
        if since.is_empty() {
            return self.score_moves(moves, order, hinted, p);
        }
        let now: Vec<(u32, i32)> = since
            .iter()
            .map(|&(h, _)| (h, self.history_scores.get(h as usize).copied().unwrap_or(0)))
            .collect();
        for &(h, before) in since.iter().rev() {
            if let Some(slot) = self.history_scores.get_mut(h as usize) {
                *slot = before;
            }
        }
        self.score_moves(moves, order, hinted, p);
        for (h, value) in now {
            if let Some(slot) = self.history_scores.get_mut(h as usize) {
                *slot = value;
            }
        }
    }

    /// Drops the journal's changes from `mark` on once no node on the line needs them.
    pub(super) fn forget_journal(&mut self, mark: usize) {
        if self.journaling == 0 {
            self.history_journal.truncate(mark);
        }
    }

    pub(super) fn history_index(&self, mv: &Move) -> Option<usize> {
        let (from, to) = from_to(mv)?;
        Some(from * self.game.board().len() + to)
    }

    pub(super) fn remember_cutoff(&mut self, p: usize, mv: &Move, depth: i32) {
        if let Some(k) = self.killers.get_mut(p) {
            if k[0].as_ref() != Some(mv) {
                k[1] = k[0].take();
                k[0] = Some(mv.clone());
            }
        }
        if let Some(h) = self.history_index(mv) {
            if let Some(slot) = self.history_scores.get_mut(h) {
                if self.journaling > 0 {
                    self.history_journal.push((h as u32, *slot));
                }
                *slot = slot.saturating_add(depth * depth);
            }
        }
    }

    /// The next move to search in the tree, as [`pick`] chooses it, except that a capture
    /// about to be picked that [`Worker::losing_capture`] finds losing goes after the killers
    /// (its place among the other losing captures kept) and the pick is made again: the test
    /// is made only for captures a node comes to.
    pub(super) fn pick_demoting(
        &mut self,
        position: &Position,
        moves: &[Move],
        order: &mut [i32],
        n: usize,
    ) -> Result<usize, Halt> {
        loop {
            let (i, score) = pick_scored(order, n);
            if !(CAPTURE_BAND..i32::MAX).contains(&score) {
                return Ok(i);
            }
            let Some(mv) = moves.get(i) else {
                return Ok(i);
            };
            if !self.losing_capture(position, mv)? {
                return Ok(i);
            }
            if let Some(slot) = order.get_mut(i) {
                *slot = LOSING_BAND + ((score - CAPTURE_BAND) >> 6);
            }
        }
    }

    /// Takes `v`, the value of `mv` at the node at ply `p`, into the node's `best` and
    /// `alpha` (and its principal variation when it raises alpha): whether it is the new best.
    pub(super) fn raise(
        &mut self,
        p: usize,
        mv: &Move,
        v: i32,
        best: &mut i32,
        alpha: &mut i32,
    ) -> bool {
        if v <= *best {
            return false;
        }
        *best = v;
        if v > *alpha {
            *alpha = v;
            self.update_pv(p, mv);
        }
        true
    }

    pub(super) fn update_pv(&mut self, p: usize, mv: &Move) {
        let (head, tail) = self.pv.split_at_mut(p + 1);
        if let (Some(line), Some(rest)) = (head.last_mut(), tail.first()) {
            line.clear();
            line.push(mv.clone());
            line.extend(rest.iter().cloned());
        }
    }
}

/// The index of the best-scored move not yet picked (`order[i]` scores move i); its score
/// becomes `i32::MIN` so that it is not picked again. Linear, but lists are short and
/// cut-offs come early, so sorting them whole would waste more.
pub(super) fn pick(order: &mut [i32], n: usize) -> usize {
    pick_scored(order, n).0
}

/// [`pick`], with the score the move had.
pub(super) fn pick_scored(order: &mut [i32], n: usize) -> (usize, i32) {
    let mut best = n;
    let mut best_score = i32::MIN;
    for (i, &s) in order.iter().enumerate() {
        if s > best_score {
            best_score = s;
            best = i;
        }
    }
    if let Some(s) = order.get_mut(best) {
        *s = i32::MIN;
    }
    (best, best_score)
}

/// The order of captures: the most valuable victim first, and of two captures of it, the
/// least valuable mover's (a pawn taking a queen before the queen taking it). Above zero for
/// a capture (`taken` > 0), below `1 << 27`.
pub(super) fn victim_first(game: &Game, mv: &Move, taken: i32) -> i32 {
    let mover = mover(mv).map_or(0, |k| game.evaluation().value(k));
    (taken.clamp(0, 1 << 20) << 6) - (mover.clamp(0, 1 << 20) >> 4).min(63)
}

/// A fingerprint of a move's actions, to check that a table's move index still names it.
pub(super) fn fingerprint(mv: &Move) -> u32 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    mv.actions().hash(&mut h);
    h.finish() as u32
}

/// Where a move lifts its piece and where it puts it down.
pub(super) fn from_to(mv: &Move) -> Option<(usize, usize)> {
    let from = mv.actions().iter().find_map(|a| match a {
        Action::Take { at, .. } => Some(at.index()),
        _ => None,
    })?;
    let to = mv.landing()?.0.index();
    Some((from, to))
}

/// Whether a move neither captures nor changes a piece (promotes): the moves late-move
/// reductions may search shallower.
pub(super) fn is_quiet(game: &Game, mv: &Move) -> bool {
    if game.evaluation().captured_value(mv.actions()) != 0 {
        return false;
    }
    let lifted = mover(mv);
    mv.actions().iter().all(|a| match a {
        Action::Capture { .. } | Action::Change { .. } | Action::FromHand { .. } => false,
        Action::Drop { piece, .. } => Some(piece.kind) == lifted,
        _ => true,
    })
}

/// What a move gains by changing the type of its piece (a promotion): the value of the type
/// it puts down less that of the type it lifted, when that is more; 0 otherwise.
pub(crate) fn promotion_gain(game: &Game, mv: &Move) -> i32 {
    let eval = game.evaluation();
    let put = mv.landing().map(|(_, piece)| piece.kind);
    match (mover(mv), put) {
        (Some(lifted), Some(put)) if lifted != put => {
            eval.value(put).saturating_sub(eval.value(lifted)).max(0)
        }
        _ => 0,
    }
}

/// Whether the mover moves again after `mv` (`another-turn`): such a move is never pruned
/// as quiet, since what it leads to is the mover's own choice.
pub(super) fn gives_another_turn(mv: &Move) -> bool {
    mv.actions()
        .iter()
        .any(|a| matches!(a, Action::AnotherTurn))
}

/// The type of the piece a move lifts first.
pub(super) fn mover(mv: &Move) -> Option<dagaz_engine::PieceKind> {
    mv.actions().iter().find_map(|a| match a {
        Action::Take { piece, .. } => Some(piece.kind),
        _ => None,
    })
}
