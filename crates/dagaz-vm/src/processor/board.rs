//! What the board answers and how the current position moves: the questions about the
//! current square (`Position` … `PieceAt`, zones, attributes, turn variables), the players,
//! `Nav`, `Goto` and the board tests, visit marks, and the questions only the sink can answer
//! (`gives-check?` …, `is-attacked?`).

use super::{Attack, Context, Processor, Question, Sink};
use crate::env::players::PlayersName;
use crate::env::state::Query;
use crate::error::GenErrorKind;
use dagaz_ir::{Op, Piece, PieceKind, Value};

pushing! {
    /// `Position` … `PieceAt`, `IsCaptured`, `NotCaptured`: pushes the answer.
    query_command(q: Query) => query_value;
    /// `InZone(z)`.
    in_zone_command(cx: &Context<'_>, z: u16) => in_zone_value;
    /// `AttrAt(a)`.
    attr_at_command(a: u8) => attr_at_value;
    /// `TurnGet(t)`.
    turn_get_command(t: u8) => turn_get_value;
    /// `CurrentPlayer` … `TurnOrder`: what the Players environment answers.
    player_command(cx: &Context<'_>, name: PlayersName) => player_value;
}

impl Processor {
    /// What the commands that push one value would push, for compiled code that holds the
    /// value itself until a command takes it (`Position` … `PieceAt`, `IsCaptured`,
    /// `NotCaptured`: the question `q`).
    #[inline(always)]
    pub fn query_value(&self, q: Query) -> Value {
        self.state.query(q)
    }

    /// What `InZone(z)` pushes.
    #[inline(always)]
    pub fn in_zone_value(&self, cx: &Context<'_>, z: u16) -> Value {
        Value::Bool(
            cx.zones
                .contains(z as usize, self.state.player, self.state.current),
        )
    }

    /// What `AttrAt(a)` pushes.
    #[inline(always)]
    pub fn attr_at_value(&self, a: u8) -> Value {
        Value::Bool(self.state.attr_here(a))
    }

    /// What `TurnGet(t)` pushes.
    #[inline(always)]
    pub fn turn_get_value(&self, t: u8) -> Value {
        // Noted as a read while recording.
        self.state.note_turn_read(t as usize);
        self.state
            .turn_values
            .get(t as usize)
            .copied()
            .unwrap_or(Value::UNSET)
    }

    /// What `CurrentPlayer` … `TurnOrder` push: the Players environment's answer to `name`.
    #[inline]
    pub(crate) fn player_value(&self, cx: &Context<'_>, name: PlayersName) -> Value {
        cx.players.get(name)
    }

    /// A move or a board test (`Nav`, `Goto`, `CheckLocal`, `CheckEmpty` … `CheckNotCaptured`)
    /// as a deferred `Fork` runs it: whether it passes (none of them stops a run).
    #[inline(always)]
    pub fn board_passes(&mut self, cx: &Context<'_>, op: Op) -> bool {
        match op {
            Op::CheckLocal(s) => self.check_local_command(cx, s),
            _ => self.board_command(cx, op),
        }
    }

    /// `IsAttacked`, `NotAttacked`: whether an enemy attacks the current position; `IsDefended`,
    /// `NotDefended`: the same test for the next player. Inside an attack test, they fail (tests
    /// do not nest).
    #[inline(always)]
    pub(super) fn attacked_command(
        &mut self,
        cx: &Context<'_>,
        op: Op,
        sink: &mut dyn Sink,
    ) -> Result<bool, GenErrorKind> {
        if self.in_probe {
            return Ok(false);
        }
        let defended = matches!(op, Op::IsDefended | Op::NotDefended);
        let attacked = self.attacked_here(cx, sink, defended)?;
        self.stack.push(Value::Bool(
            attacked == matches!(op, Op::IsAttacked | Op::IsDefended),
        ));
        Ok(true)
    }

    /// `Nav`, `Goto` and the eight board tests (`CheckEmpty` …).
    #[inline(always)]
    pub(crate) fn board_command(&mut self, cx: &Context<'_>, op: Op) -> bool {
        self.board_test(cx, op)
    }

    /// The commands that test the current position or move it: whether they pass.
    #[inline(always)]
    pub(super) fn board_test(&mut self, cx: &Context<'_>, op: Op) -> bool {
        match op {
            Op::Nav(d) => self.state.navigate(cx.board, cx.symmetry, d),
            Op::Goto(p) => {
                self.state.current = p;
                true
            }
            Op::CheckEmpty => self.state.is_empty(),
            Op::CheckNotEmpty => !self.state.is_empty(),
            Op::CheckFriend => self.state.is_friend(),
            Op::CheckNotFriend => !self.state.is_friend(),
            Op::CheckEnemy => self.state.is_enemy(),
            Op::CheckNotEnemy => !self.state.is_enemy(),
            Op::CheckCaptured => self.state.is_captured(),
            Op::CheckNotCaptured => !self.state.is_captured(),
            _ => false,
        }
    }

    /// A board test made by a superinstruction.
    #[inline(always)]
    pub(super) fn test(&self, test: dagaz_ir::Test) -> bool {
        use dagaz_ir::Test;
        match test {
            Test::Empty => self.state.is_empty(),
            Test::NotEmpty => !self.state.is_empty(),
            Test::Friend => self.state.is_friend(),
            Test::NotFriend => !self.state.is_friend(),
            Test::Enemy => self.state.is_enemy(),
            Test::NotEnemy => !self.state.is_enemy(),
            Test::Captured => self.state.is_captured(),
            Test::NotCaptured => !self.state.is_captured(),
        }
    }

    /// `Visit` and its queries: rare in the hot loop (few games mark), so kept out of it.
    #[cold]
    #[inline(never)]
    pub(super) fn visit_marks(&mut self, op: Op) -> bool {
        match op {
            Op::Visit => {
                self.state.visit(&mut self.trail);
                true
            }
            Op::IsVisited => self.query_command(Query::IsVisited),
            _ => self.query_command(Query::NotVisited),
        }
    }

    /// `GivesCheck`, `GivesMate`, `InCheck` and `CanAnswer`: ask the sink, except inside an
    /// attack test, where the answer is false and the move goes on (it may still capture, which
    /// is what the test looks for).
    #[cold]
    #[inline(never)]
    pub(super) fn ask(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
        question: Question,
    ) -> Result<bool, GenErrorKind> {
        let answer = !self.in_probe
            && sink.answer(
                question,
                self.state.player,
                cx.players.turn_number,
                &self.state.turn_values,
                &mut self.state.cells,
            )?;
        self.stack.push(Value::Bool(answer));
        Ok(true)
    }

    /// Whether an enemy attacks the current position, with the mover's piece standing there
    /// (the one on it, else the one in the hand). For `defended`, whether it is attacked for
    /// the next player, with the next player's piece standing there (the one on it, else one
    /// of type 0): a ZRF `defended?`, where the mover's pieces are the attackers.
    fn attacked_here(
        &mut self,
        cx: &Context<'_>,
        sink: &mut dyn Sink,
        defended: bool,
    ) -> Result<bool, GenErrorKind> {
        let player = if defended {
            cx.players.next
        } else {
            self.state.player
        };
        let placed = match (self.state.here(), self.state.hand) {
            (Some(p), _) if p.owner == player => p,
            (_, Some(hand)) if !defended => hand,
            _ => Piece::new(player, PieceKind(0)),
        };
        let attack = Attack {
            at: self.state.current,
            defender: player,
            placed,
            turn_number: cx.players.turn_number,
            turn_values: &self.state.turn_values,
        };
        sink.attacked(attack, &mut self.state.cells)
    }
}
