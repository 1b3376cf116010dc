//! The commands that look at or change the whole board (counts, lines, groups, owners,
//! seeds) and `AnotherTurn`: rare in the hot loop, so kept out of it.

use super::{Context, Processor};
use crate::error::GenErrorKind;
use crate::expr::pop;
use dagaz_ir::{Action, Int, Op, Value};

impl Processor {
    /// The whole-board commands: those that measure push what they find, the others change
    /// the board.
    #[cold]
    #[inline(never)]
    pub(super) fn whole_board(&mut self, cx: &Context<'_>, op: Op) -> Result<bool, GenErrorKind> {
        let found = match op {
            Op::FriendCount | Op::EnemyCount => {
                Value::Int(self.state.count(op == Op::FriendCount) as Int)
            }
            Op::CountOf { friends, kind } => Value::Int(self.state.count_of(friends, kind) as Int),
            Op::GroupSize | Op::Liberties => {
                let liberties = self.state.find_group(cx.board);
                let n = match op {
                    Op::GroupSize => self.state.group.len(),
                    _ => liberties,
                };
                Value::Int(n as Int)
            }
            Op::LineLength => Value::Int(self.state.line_length(cx.board) as Int),
            Op::Connected(a, b) => {
                let joined = self
                    .state
                    .connected(cx.board, cx.zones, a as usize, b as usize);
                Value::Bool(joined)
            }
            Op::GroupTouches(z) => {
                let touches = self.state.group_touches(cx.board, cx.zones, z as usize);
                Value::Int(Int::from(touches))
            }
            Op::Encircles => Value::Bool(self.state.encircles(cx.board)),
            Op::Seeds => Value::Int(Int::from(self.state.seeds_here())),
            Op::CaptureGroup => return self.capture_group(cx),
            Op::SetOwner => return self.set_owner(cx),
            Op::Create(attrs) => return self.create(cx, attrs),
            Op::SetSeeds => return self.set_seeds(cx),
            Op::AnotherTurn => return self.another_turn(cx),
            Op::Weight => return self.weight(cx),
            Op::TurnTo => return self.turn_to(cx),
            _ => return Ok(true),
        };
        self.stack.push(found);
        Ok(true)
    }

    /// `CaptureGroup`: captures every piece of the group the current position is in.
    fn capture_group(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        self.state.find_group(cx.board);
        let here = self.state.current;
        let group = std::mem::take(&mut self.state.group);
        let mut result = Ok(());
        for &at in &group {
            self.state.current = at;
            let piece = match self.state.capture(&mut self.trail) {
                Ok(piece) => piece,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if let Err(e) = self.act(cx.limits, Action::Capture { at, piece }) {
                result = Err(e);
                break;
            }
            self.note_capture();
        }
        self.state.current = here;
        self.state.group = group;
        result?;
        Ok(true)
    }

    /// `SetOwner`: the piece here changes hands to the player popped.
    fn set_owner(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let owner = match pop(&mut self.stack)? {
            Value::Player(p) => p,
            other => {
                return Err(GenErrorKind::WrongType {
                    expected: "a player",
                    found: other.value_type(),
                })
            }
        };
        let at = self.state.current;
        let (from, to) = self.state.set_owner(owner, &mut self.trail)?;
        if from != to {
            self.act(cx.limits, Action::Change { at, from, to })?;
        }
        Ok(true)
    }

    /// `Create`: a new piece of the type and player popped, with `attrs`, put here.
    fn create(&mut self, cx: &Context<'_>, attrs: u8) -> Result<bool, GenErrorKind> {
        let wrong = |expected, found: Value| GenErrorKind::WrongType {
            expected,
            found: found.value_type(),
        };
        let owner = match pop(&mut self.stack)? {
            Value::Player(p) => p,
            other => return Err(wrong("a player", other)),
        };
        let kind = match pop(&mut self.stack)? {
            Value::Piece(k) => k,
            other => return Err(wrong("a piece type", other)),
        };
        let at = self.state.current;
        let piece = dagaz_ir::Piece { owner, kind, attrs };
        let replaced = self.state.put_here(piece, &mut self.trail);
        self.act(
            cx.limits,
            Action::Drop {
                at,
                piece,
                replaced,
            },
        )?;
        Ok(true)
    }

    /// `SetSeeds`: the position here holds the number of seeds popped.
    fn set_seeds(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let n = pop(&mut self.stack)?;
        let at = self.state.current;
        let from = self.state.set_seeds(n, &mut self.trail)?;
        let to = self.state.seeds_here();
        if from != to {
            self.act(cx.limits, Action::Seeds { at, from, to })?;
        }
        Ok(true)
    }

    /// `Weight`: the move's weight is multiplied by the number popped.
    fn weight(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let weight = match pop(&mut self.stack)? {
            Value::Int(n) => u32::try_from(n)
                .ok()
                .filter(|w| (1..=dagaz_ir::MAX_WEIGHT).contains(w))
                .ok_or(GenErrorKind::WeightOutOfRange(n))?,
            other => return Err(GenErrorKind::NotANumber(other.value_type())),
        };
        self.act(cx.limits, Action::Weight { weight })?;
        Ok(true)
    }

    /// `TurnTo`: the next turn is the popped player's; the last `turn-to` of a path decides.
    fn turn_to(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        let player = match pop(&mut self.stack)? {
            Value::Player(p) => p,
            other => {
                return Err(GenErrorKind::WrongType {
                    expected: "a player",
                    found: other.value_type(),
                })
            }
        };
        self.act(cx.limits, Action::TurnTo { player })?;
        Ok(true)
    }

    /// `AnotherTurn`: the mover moves again, recorded once a move.
    fn another_turn(&mut self, cx: &Context<'_>) -> Result<bool, GenErrorKind> {
        if !self.actions.contains(&Action::AnotherTurn) {
            self.act(cx.limits, Action::AnotherTurn)?;
        }
        Ok(true)
    }
}
