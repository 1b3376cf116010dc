//! The changes a move makes (taking, dropping, capturing, promoting, moving other pieces,
//! setting attributes and turn variables), its notation and invariants, and its completion.

use super::{plain_truth, Completed, Context, Processor, Sink, StepLimits};
use crate::error::GenErrorKind;
use crate::expr::pop;
use dagaz_ir::{Action, Piece, PieceKind, Pos, Value};

popping! {
    /// `Invariant(i)`.
    invariant_command(cx: &Context<'_>, i: u16) => invariant_value;
    /// `SetAttr(a)`.
    set_attr_command(cx: &Context<'_>, a: u8) => set_attr_value;
    /// `TurnSet(slot)`.
    turn_set_command(cx: &Context<'_>, slot: u8) => turn_set_value;
    /// `PromoteTo`.
    promote_to_command() => promote_to_value;
}

impl Processor {
    #[inline(always)]
    pub(crate) fn take_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        self.take(cx)?;
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn drop_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        self.drop_piece(cx)?;
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn capture_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let at = self.state.current;
        let piece = self.state.capture(&mut self.trail)?;
        self.act(cx.limits, Action::Capture { at, piece })?;
        self.note_capture();
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn capture_later_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let at = self.state.current;
        let piece = self.state.capture_later(&mut self.trail)?;
        self.act(cx.limits, Action::Capture { at, piece })?;
        self.note_capture();
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn promote_command(&mut self, kind: PieceKind) -> Result<bool, GenErrorKind> {
        self.state.promote(kind)?;
        Ok(true)
    }

    /// `PromoteTo` of the value `v`.
    #[inline(always)]
    pub(crate) fn promote_to_value(&mut self, v: Value) -> Result<bool, GenErrorKind> {
        match v {
            Value::Piece(kind) => {
                self.state.promote(kind)?;
                Ok(true)
            }
            other => Err(GenErrorKind::WrongType {
                expected: "a piece type",
                found: other.value_type(),
            }),
        }
    }

    /// `CyclePieces(n)`: each of the `n` positions popped passes its piece to the next.
    #[inline(always)]
    pub(super) fn cycle_pieces_command(
        &mut self,
        cx: &Context<'_>,
        n: u8,
    ) -> Result<bool, GenErrorKind> {
        let mut positions = smallvec::SmallVec::<[Pos; 8]>::new();
        for _ in 0..n {
            match pop(&mut self.stack)? {
                Value::Pos(p) if !positions.contains(&p) => positions.push(p),
                Value::Pos(_) => return Err(GenErrorKind::CycleTwice),
                other => {
                    return Err(GenErrorKind::WrongType {
                        expected: "a position",
                        found: other.value_type(),
                    })
                }
            }
        }
        positions.reverse();
        let moved = self.state.cycle_pieces(&positions, &mut self.trail);
        self.act_moved(cx, &moved)?;
        Ok(true)
    }

    /// `MovePiece`: the piece here goes to the position popped, or one step in the direction
    /// popped; the current position stays.
    #[inline(always)]
    pub(super) fn move_piece_command(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let to = match pop(&mut self.stack)? {
            Value::Pos(p) => p,
            Value::Dir(d) => {
                let dir = d.turned(cx.symmetry);
                match cx.board.step(dir, self.state.current) {
                    Some(p) => p,
                    None => return Ok(false),
                }
            }
            other => {
                return Err(GenErrorKind::WrongType {
                    expected: "a position or a direction",
                    found: other.value_type(),
                })
            }
        };
        let at = self.state.current;
        let (piece, replaced) = self.state.move_piece(to, &mut self.trail)?;
        self.act(cx.limits, Action::Take { at, piece })?;
        self.act(
            cx.limits,
            Action::Drop {
                at: to,
                piece,
                replaced,
            },
        )?;
        Ok(true)
    }

    /// `SetAttr(a)` of the value `v`.
    #[inline(always)]
    pub(crate) fn set_attr_value(
        &mut self,
        cx: &Context<'_>,
        a: u8,
        v: Value,
    ) -> Result<bool, GenErrorKind> {
        self.state.set_hand_attr(a, plain_truth(cx.strings, v))?;
        Ok(true)
    }

    /// `TurnSet(slot)` of the value `value`.
    #[inline(always)]
    pub(crate) fn turn_set_value(
        &mut self,
        cx: &Context<'_>,
        slot: u8,
        value: Value,
    ) -> Result<bool, GenErrorKind> {
        self.act(cx.limits, Action::SetTurn { slot, value })?;
        Ok(true)
    }

    #[inline(always)]
    pub(crate) fn log_command(&mut self, n: u8) -> Result<bool, GenErrorKind> {
        let base = self
            .stack
            .len()
            .checked_sub(n as usize)
            .ok_or(GenErrorKind::Internal(crate::error::Internal::EmptyStack))?;
        self.log.extend(self.stack.drain(base..));
        Ok(true)
    }

    /// `Log(n)` of the `n` values `values`, first to last.
    #[inline(always)]
    pub(crate) fn log_values(&mut self, values: &[Value]) {
        self.log.extend_from_slice(values);
    }

    /// `Invariant(i)` of the value `v`.
    #[inline(always)]
    pub(crate) fn invariant_value(
        &mut self,
        cx: &Context<'_>,
        i: u16,
        v: Value,
    ) -> Result<bool, GenErrorKind> {
        // Plain truth, as when it is evaluated again: an invariant never navigates.
        let held = plain_truth(cx.strings, v);
        if held {
            self.pending.push((i, self.pending_locals.len() as u32));
            self.pending_locals.extend_from_slice(self.locals.values());
        }
        Ok(held)
    }

    /// `Complete`: hands the move to the sink, then fails, so the run looks for the next.
    #[inline(always)]
    pub(crate) fn complete_command(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
    ) -> Result<bool, GenErrorKind> {
        self.complete(cx, sink)?;
        Ok(false)
    }

    #[inline]
    pub(super) fn take(&mut self, cx: &Context<'_>) -> Result<(), GenErrorKind> {
        let at = self.state.current;
        let piece = self.state.take(&mut self.trail)?;
        self.act(cx.limits, Action::Take { at, piece })
    }

    #[inline]
    pub(super) fn drop_piece(&mut self, cx: &Context<'_>) -> Result<(), GenErrorKind> {
        let at = self.state.current;
        let (piece, replaced) = self.state.drop(&mut self.trail)?;
        self.act(
            cx.limits,
            Action::Drop {
                at,
                piece,
                replaced,
            },
        )
    }

    /// Records pieces moved all at once, `(from, to, piece)`: a `Take` of each, then a `Drop`
    /// of each (replacing nothing: every square they land on was emptied or empty).
    pub(super) fn act_moved(
        &mut self,
        cx: &Context<'_>,
        moved: &[(Pos, Pos, Piece)],
    ) -> Result<(), GenErrorKind> {
        for &(at, _, piece) in moved {
            self.act(cx.limits, Action::Take { at, piece })?;
        }
        for &(_, at, piece) in moved {
            let replaced = None;
            self.act(
                cx.limits,
                Action::Drop {
                    at,
                    piece,
                    replaced,
                },
            )?;
        }
        Ok(())
    }

    /// Adds a change to the move under construction, within the limit on a move's changes.
    #[inline]
    pub(super) fn act(&mut self, limits: StepLimits, action: Action) -> Result<(), GenErrorKind> {
        if self.actions.len() >= limits.actions {
            return Err(GenErrorKind::TooManyActions(limits.actions));
        }
        self.actions.push(action);
        Ok(())
    }

    /// Remembers where the path made a capture, for `NoMoves`.
    #[inline]
    pub(super) fn note_capture(&mut self) {
        self.marks.push((self.choices.len() as u32, 0));
    }

    /// Hands a completed move to the sink, unless `NoMoves` finds that a move following its
    /// last capture already took more; then withdraws the moves that this one shows were
    /// not the end of their capture.
    pub(super) fn complete(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
    ) -> Result<(), GenErrorKind> {
        // Checked once a move is complete, not at every `log`: a run that logs without
        // completing is bounded by the step limit, and the hot path stays one compare a move.
        if self.log.len() > cx.limits.notation {
            return Err(GenErrorKind::TooLongNotation(cx.limits.notation));
        }
        let captures = self.marks.len() as u32;
        let last = self.marks.last().copied();
        let beaten = self.no_moves && last.is_some_and(|(_, best)| best > captures);
        let serial = if beaten {
            None
        } else {
            Some(sink.complete(
                &mut self.globals,
                Completed {
                    part: self.state.read_slot,
                    actions: &self.actions,
                    log: &self.log,
                    invariants: &self.pending,
                    invariant_locals: &self.pending_locals,
                },
            )?)
        };
        self.prefixes.retain(|&(_, n, earlier)| {
            if captures > n {
                sink.cancel(earlier);
                false
            } else {
                true
            }
        });
        for (_, best) in &mut self.marks {
            *best = (*best).max(captures);
        }
        if let (true, Some(serial), Some((depth, _))) = (self.no_moves, serial, last) {
            self.prefixes.push((depth, captures, serial));
        }
        if sink.finished() {
            // Nothing left to explore: backtracking finds no choice point.
            self.choices.clear();
        }
        Ok(())
    }
}
