//! The tree of the alpha-beta search: a node's table probe, pruning, its moves in two stages
//! (the known move first), and the search of a move.

use super::*;

impl<'g> Worker<'g> {
    pub(super) fn negamax(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: u32,
        alpha: i32,
        beta: i32,
        opponent_moves: usize,
    ) -> Result<i32, Halt> {
        self.enter_node(ply)?;
        if ply > 0 {
            if let Some(v) = self.history_end(position, ply) {
                return Ok(v);
            }
        }
        // In check, the node is searched a ply deeper: the replies are few and forced. At
        // least a full ply, also below a reduced move: quiescence tries captures alone, and
        // does not test their legality until it tries them, so a mate is seen only here.
        let in_check = ply > 0 && self.in_check(position)?;
        let depth = if in_check { depth.max(0) + 1 } else { depth };
        if depth <= 0 || ply >= MAX_DEPTH * 2 {
            return self.quiesce(position, ply, alpha, beta, 0, opponent_moves);
        }
        let key = self.current_key();
        let node = Node {
            depth,
            ply,
            alpha,
            beta,
            in_check,
            key,
            hinted: None,
            opponent_moves,
        };
        let hinted = match self.probe(&node) {
            Ok(hinted) => hinted,
            Err(v) => return Ok(v),
        };
        if let Some(v) = self.prune(position, &node)? {
            return Ok(v);
        }
        self.search_node(position, Node { hinted, ..node })
    }

    /// The table's move for `node`'s key, or (`Err`) the value the table already knows for
    /// the node at its depth and window.
    #[inline(always)]
    pub(super) fn probe(&self, node: &Node) -> Result<Option<(u16, u32)>, i32> {
        let Some(entry) = self.table.probe(node.key) else {
            return Ok(None);
        };
        if node.ply > 0 && i32::from(entry.depth) >= node.depth {
            let v = from_table(entry.value, node.ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => v >= node.beta,
                Bound::Upper => v <= node.alpha,
            };
            if usable {
                return Err(v);
            }
        }
        Ok(entry.best)
    }

    /// Plays `mv` on the searched line: the position, and the line's repetition mark.
    pub(super) fn play_on_path(&mut self, position: &mut Position, mv: &Move) -> Played {
        let undo = self.play(position, mv);
        let mark = self
            .path
            .last()
            .after(self.game, mv, self.zobrist(position));
        self.path.push(mark);
        undo
    }

    /// A node at `ply` begins: the clock polled, its principal variation made and emptied.
    pub(super) fn enter_node(&mut self, ply: u32) -> Result<(), Halt> {
        self.poll()?;
        let p = ply as usize;
        self.ensure_ply(p);
        if let Some(pv) = self.pv.get_mut(p) {
            pv.clear();
        }
        Ok(())
    }

    /// The value of a node cut before its moves are searched: reverse futility or the null
    /// move.
    #[inline(always)]
    pub(super) fn prune(
        &mut self,
        position: &mut Position,
        node: &Node,
    ) -> Result<Option<i32>, Halt> {
        let Node {
            depth,
            ply,
            alpha,
            beta,
            in_check,
            ..
        } = *node;
        let null_window = beta - alpha == 1;
        if null_window && !in_check && depth <= REVERSE_FUTILITY_DEPTH && beta.abs() < MATE_BOUND {
            // Reverse futility: so far above beta this near the horizon that the opponent
            // will not bring it back in the plies left. The same test of zugzwang as the
            // null move's: the side to move is assumed to have a move that loses nothing.
            let margin = self.material(position) - REVERSE_FUTILITY_MARGIN * depth;
            if margin >= beta && self.may_pass(position) {
                return Ok(Some(margin));
            }
        }
        if null_window && !in_check && depth >= NULL_MIN_DEPTH && self.may_pass(position) {
            if let Some(v) = self.null_move(position, depth, ply, beta)? {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }

    /// Searches the moves of `node`: the known move first where there is one, then the
    /// others; the best value found, stored in the table.
    #[inline(always)]
    pub(super) fn search_node(&mut self, position: &mut Position, node: Node) -> Result<i32, Halt> {
        let p = node.ply as usize;
        let (mut moves, count, mut order, known) = match self.first_moves(position, &node)? {
            Ok(first) => first,
            Err(terminal) => return Ok(terminal),
        };
        let killers = self.killers.get(p).cloned().unwrap_or([None, None]);
        // Futility: one ply from the horizon, where even a margin over the evaluation leaves
        // the side to move at or below alpha, a quiet move will not raise it.
        let null_window = node.beta - node.alpha == 1;
        let futile =
            (node.depth == 1 && null_window && !node.in_check && node.alpha.abs() < MATE_BOUND)
                .then(|| self.evaluate(position, count, node.opponent_moves) + FUTILITY_MARGIN)
                .filter(|&hope| hope <= node.alpha);
        let mut scan = Scan {
            alpha: node.alpha,
            best: -INFINITY,
            best_at: BestAt::Nowhere,
            tried: 0,
            futile,
            count,
            killers,
        };
        // With a known move, the list holds it alone at first: the first stage.
        let mut first_stage = known.is_some();
        let mark = self.history_journal.len();
        if first_stage {
            self.journaling += 1;
        }
        let mut from = 0;
        let result = loop {
            let result = self.scan_moves(
                position,
                &node,
                &moves,
                &mut order,
                from,
                first_stage,
                &mut scan,
            );
            if first_stage {
                self.journaling -= 1;
            }
            if !first_stage || result.is_err() || scan.alpha >= node.beta {
                self.forget_journal(mark);
                break result;
            }
            // The known move did not cut off: now the others, in the order they would have
            // had, the known move (first in it) not searched again.
            first_stage = false;
            (moves, from) =
                match self.second_stage(position, &node, moves, &mut order, known, mark)? {
                    Ok(second) => second,
                    Err(terminal) => {
                        self.put_order(p, order);
                        return Ok(terminal);
                    }
                };
            self.forget_journal(mark);
        };
        if result.is_ok() && scan.tried == 0 {
            // No move keeps to the royal rule (none was passed over as futile: that needs a
            // move searched first).
            self.put_list(p, moves);
            self.put_order(p, order);
            return Ok(self.terminal(position, node.ply)?);
        }
        if result.is_ok() {
            self.store_node(position, &node, &moves, &scan, known);
        }
        self.put_list(p, moves);
        self.put_order(p, order);
        result.map(|()| scan.best)
    }

    /// The moves `node` searches first, their count and order and the known move: the known
    /// move alone (before the others are generated, where this worker kept it with the
    /// position's move count: when it cuts off, the node generates nothing), or all of them;
    /// or (`Err`) the value of a node without moves.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub(super) fn first_moves(
        &mut self,
        position: &mut Position,
        node: &Node,
    ) -> Result<Result<(Vec<Move>, usize, Vec<i32>, Known), i32>, Halt> {
        let p = node.ply as usize;
        let mut list = self.take_list(p);
        list.clear();
        // The table's reference to the known move, which is then the list's one move.
        let known = self.known_best(position, node.key, node.hinted, &mut list);
        // The royal rule is tested only for the moves tried: a cut-off comes after a few.
        let (moves, count) = match known {
            Some((_, count)) => (list, count),
            None => {
                self.put_list(p, list);
                match self.moves_at(position, node.ply)? {
                    Ok(moves) => {
                        let count = moves.len();
                        (moves, count)
                    }
                    Err(terminal) => return Ok(Err(terminal)),
                }
            }
        };
        let mut order = self.take_order(p);
        match &known {
            Some(_) => {
                order.clear();
                order.push(i32::MAX);
            }
            None => self.score_moves(&moves, &mut order, node.hinted, p),
        }
        Ok(Ok((moves, count, order, known)))
    }

    /// The second stage of a node whose known move did not cut off: all its moves, generated
    /// and ordered as they would have been, and where to start in them (past the known move
    /// where the order puts it first); or (`Err`) the value of a node without moves.
    #[inline(always)]
    pub(super) fn second_stage(
        &mut self,
        position: &mut Position,
        node: &Node,
        mut moves: Vec<Move>,
        order: &mut Vec<i32>,
        known: Known,
        mark: usize,
    ) -> Result<Result<(Vec<Move>, usize), i32>, Halt> {
        let p = node.ply as usize;
        let kept = moves.pop();
        self.put_list(p, moves);
        let moves = match self.moves_at(position, node.ply)? {
            Ok(moves) => moves,
            Err(terminal) => return Ok(Err(terminal)),
        };
        self.score_moves_as_before(&moves, order, node.hinted, p, mark);
        let mut from = 0;
        if let Some(((at, _), count)) = known {
            if cfg!(test) {
                // The search's own tests check that a kept count is the node's.
                assert_eq!(moves.len(), count);
            }
            // The kept move stands where the table says, and the order puts it first (its
            // fingerprint is the table's): it is not searched again. Elsewhere (a table
            // entry from another position) every move is.
            if kept.is_some() && moves.get(usize::from(at)) == kept.as_ref() {
                pick(order, 0);
                from = 1;
            }
        }
        Ok(Ok((moves, from)))
    }

    /// Searches `moves` of `node` in `order`, from the `from`th on, until one cuts off;
    /// what they are worth goes into `scan`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn scan_moves(
        &mut self,
        position: &mut Position,
        node: &Node,
        moves: &[Move],
        order: &mut [i32],
        from: usize,
        first_stage: bool,
        scan: &mut Scan,
    ) -> Result<(), Halt> {
        let p = node.ply as usize;
        for n in from..moves.len() {
            let i = self.pick_demoting(position, moves, order, n)?;
            let Some(mv) = moves.get(i) else { break };
            if let Some(hope) = scan.futile {
                if scan.tried > 0 && is_quiet(self.game, mv) && !gives_another_turn(mv) {
                    scan.best = scan.best.max(hope);
                    continue;
                }
            }
            if !self.gen.is_legal(self.game, position, mv)? {
                continue;
            }
            // The legal moves searched before this one: the late-move rules count those,
            // not the generated moves skipped above.
            let rank = scan.tried;
            scan.tried += 1;
            let child = Child {
                depth: node.depth,
                ply: node.ply,
                alpha: scan.alpha,
                beta: node.beta,
                count: scan.count,
                rank,
                reduction: self.reduction(node, rank, mv, &scan.killers),
            };
            let v = self.search_move(position, mv, child)?;
            if self.raise(p, mv, v, &mut scan.best, &mut scan.alpha) {
                scan.best_at = if first_stage {
                    BestAt::Known
                } else {
                    BestAt::Listed(i)
                };
            }
            if scan.alpha >= node.beta {
                if self.game.evaluation().captured_value(mv.actions()) == 0 {
                    self.remember_cutoff(p, mv, node.depth);
                }
                break;
            }
        }
        Ok(())
    }

    /// How many plies less `mv`, the `rank`th legal move of `node`, is searched first: late
    /// moves that take nothing are searched shallower.
    #[inline(always)]
    pub(super) fn reduction(
        &self,
        node: &Node,
        rank: usize,
        mv: &Move,
        killers: &[Option<Move>; 2],
    ) -> i32 {
        if rank >= LMR_FROM
            && node.depth >= LMR_MIN_DEPTH
            && !node.in_check
            && is_quiet(self.game, mv)
            && !killers.iter().any(|k| k.as_ref() == Some(mv))
        {
            if rank >= LMR_FURTHER && node.depth >= LMR_DEEP {
                2
            } else {
                1
            }
        } else {
            0
        }
    }

    /// Stores what the search of `node` found in the table, and keeps its best move where
    /// it was generated.
    #[inline(always)]
    pub(super) fn store_node(
        &mut self,
        position: &Position,
        node: &Node,
        moves: &[Move],
        scan: &Scan,
        known: Known,
    ) {
        let best = scan.best;
        let bound = if best >= node.beta {
            Bound::Lower
        } else if best > node.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let best_move = match (scan.best_at, known) {
            (BestAt::Known, Some((best, _))) => Some(best),
            (BestAt::Listed(i), _) => moves.get(i).map(|m| (i as u16, fingerprint(m))),
            _ => None,
        };
        self.table.store(Entry {
            key: node.key,
            depth: node.depth.clamp(0, i32::from(i16::MAX)) as i16,
            bound,
            value: to_table(best, node.ply),
            best: best_move,
            age: 0,
        });
        if let (BestAt::Listed(i), Some(best)) = (scan.best_at, best_move) {
            if let Some(mv) = moves.get(i) {
                self.keep_best(position, node.key, best, scan.count, mv);
            }
        }
    }

    /// Plays `mv` at a node of the tree and searches the position after it: the first move
    /// with the full window, the others with a null window first (late quiet ones reduced),
    /// again with the full one only when they may be better. The value is the mover's.
    pub(super) fn search_move(
        &mut self,
        position: &mut Position,
        mv: &Move,
        c: Child,
    ) -> Result<i32, Halt> {
        let (depth, ply, alpha, beta, count) = (c.depth, c.ply, c.alpha, c.beta, c.count);
        let me = position.to_move();
        let undo = self.play_on_path(position, mv);
        let searched = if self.game.is_chance(position) {
            let at = chance::Reached {
                me,
                depth: depth - 1,
                ply: ply + 1,
                quiescent: false,
                alpha,
            };
            self.value_for(position, at)
        } else if position.to_move() == me {
            // Another turn (`another-turn`): the same side moves again, so the value is
            // not turned round.
            self.negamax(position, depth - 1, ply + 1, alpha, beta, count)
        } else if c.rank == 0 {
            self.negamax(position, depth - 1, ply + 1, -beta, -alpha, count)
                .map(|v| -v)
        } else {
            // A reduced move is searched again at full depth only when it looks better than
            // the best so far.
            let reduced = if c.reduction > 0 {
                self.negamax(
                    position,
                    depth - 1 - c.reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    count,
                )
                .map(|v| -v)
            } else {
                Ok(alpha + 1)
            };
            // Principal variation search: a null window first, the full one when it
            // may be better.
            reduced
                .and_then(|v| {
                    if v > alpha {
                        self.negamax(position, depth - 1, ply + 1, -alpha - 1, -alpha, count)
                            .map(|v| -v)
                    } else {
                        Ok(v)
                    }
                })
                .and_then(|v| {
                    if v > alpha && v < beta {
                        self.negamax(position, depth - 1, ply + 1, -beta, -alpha, count)
                            .map(|v| -v)
                    } else {
                        Ok(v)
                    }
                })
        };
        self.path.pop();
        self.unplay(position, mv, undo);
        searched
    }

    /// The move this worker kept for `key` ([`Worker::keep_best`]), when it is the table's
    /// move `hinted` and fits `position`: pushed onto `list`, with the table's reference to
    /// it and the node's move count.
    pub(super) fn known_best(
        &self,
        position: &Position,
        key: u64,
        hinted: Option<(u16, u32)>,
        list: &mut Vec<Move>,
    ) -> Option<((u16, u32), usize)> {
        let hinted = hinted.filter(|_| self.known_first)?;
        let slot = self.known.get(key as usize % KNOWN_SLOTS)?.as_ref()?;
        if slot.key != key || slot.best != hinted || !position.fits(&slot.mv) {
            return None;
        }
        list.push(slot.mv.clone());
        Some((slot.best, slot.count as usize))
    }

    /// Keeps `mv`, the best move of the node whose key is `key` and which generated `count`
    /// moves, to be tried before generating when the node is searched again.
    pub(super) fn keep_best(
        &mut self,
        position: &Position,
        key: u64,
        best: (u16, u32),
        count: usize,
        mv: &Move,
    ) {
        if !self.game.moves_follow_the_key(position) {
            return;
        }
        if self.known.is_empty() {
            self.known.resize_with(KNOWN_SLOTS, || None);
        }
        if let Some(slot) = self.known.get_mut(key as usize % KNOWN_SLOTS) {
            *slot = Some(KnownBest {
                key,
                best,
                count: count as u32,
                mv: mv.clone(),
            });
        }
    }

    /// The static evaluation of a node whose side to move has `moves` legal moves and whose
    /// opponent had `opponent_moves` at the node above: material and tables, plus mobility,
    /// as quiescence stands pat.
    pub(super) fn evaluate(&self, position: &Position, moves: usize, opponent_moves: usize) -> i32 {
        let eval = self.game.evaluation();
        self.material(position).saturating_add(
            eval.mobility()
                .saturating_mul(moves as i32 - opponent_moves as i32),
        )
    }

    /// Whether the side to move has a royal piece under attack (false in games without).
    pub(super) fn in_check(&mut self, position: &Position) -> Result<bool, Halt> {
        if !self.game.has_royal_pieces() {
            return Ok(false);
        }
        Ok(self.gen.in_check(self.game, position)?)
    }

    /// Whether a null move (the side to move passing) is a fair test of the position: only in
    /// games with royal pieces (where moving is never compulsory capturing, as it is in
    /// draughts; and without hands, whose drops always give a move to make) and while the side
    /// to move has a piece worth more than the game's least valuable kind besides its royal
    /// ones, so that zugzwang (a king and pawns) is not assumed away; never in a game of
    /// chance.
    pub(super) fn may_pass(&self, position: &Position) -> bool {
        // With chance, a pass could hand the move to a chance player, whose node only
        // `value_for` reads.
        if !self.game.has_royal_pieces() || self.game.has_hands() || self.game.has_chance() {
            return false;
        }
        let eval = self.game.evaluation();
        let least = (0..self.game.piece_count())
            .filter_map(dagaz_engine::PieceKind::from_index)
            .filter(|&k| !self.game.is_royal(k))
            .map(|k| eval.value(k))
            .min()
            .unwrap_or(i32::MAX);
        let me = position.to_move();
        position.pieces().any(|(_, piece)| {
            piece.owner == me && !self.game.is_royal(piece.kind) && eval.value(piece.kind) > least
        })
    }

    /// Null-move pruning: when passing and letting the opponent search `depth` less a
    /// reduction still leaves the side to move at `beta` or more, a real move would too, and
    /// the node fails high without a search of its own. Only tried where the material alone
    /// already reaches `beta`.
    pub(super) fn null_move(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: u32,
        beta: i32,
    ) -> Result<Option<i32>, Halt> {
        if beta.abs() >= MATE_BOUND || self.material(position) < beta {
            return Ok(None);
        }
        let reduction = if depth >= NULL_DEEPER {
            NULL_REDUCTION + 1
        } else {
            NULL_REDUCTION
        };
        let pass = Move::default();
        let undo = self.play(position, &pass);
        // Nothing before a pass repeats after it: the line starts again here.
        self.path.push(Mark {
            hash: self.zobrist(position),
            quiet: 0,
        });
        let searched = self.negamax(
            position,
            depth - 1 - reduction,
            ply + 1,
            -beta,
            -beta + 1,
            0,
        );
        self.path.pop();
        self.unplay(position, &pass, undo);
        let v = -searched?;
        // A mate found behind a pass is no proof of one.
        Ok((v >= beta).then_some(if v >= MATE_BOUND { beta } else { v }))
    }
}
