//! The move generator: runs every piece's chain from every square it stands on, collects the
//! completed moves, and keeps the broken invariants honest.
//!
//! A check in `post` that reads a global is an *invariant*: it held when its move was accepted,
//! but a later move may change the global (`max-captured` grows) and break it. Whenever a global
//! changes, every accepted move's invariants are evaluated again with the locals saved at the
//! time, and the moves that no longer satisfy them are dropped. That is the majority rule.

mod accepted;
mod effect;

use crate::ending::{self, Ending};
use crate::error::{GenError, GenErrorKind};
use crate::fault::{error, error_in};
use crate::legality::Legality;
use crate::model::Game;
use crate::moves::Move;
use crate::position::Position;
use accepted::{Accepted, Counting};
use dagaz_compiler::PassRule;
use dagaz_ir::{Action, Piece, PieceKind, PlayerId, Pos, Value};
use dagaz_vm::env::global::Globals;
use dagaz_vm::env::players::Players;
pub use dagaz_vm::StepLimits;
use dagaz_vm::{Attack, Completed, Fault, Processor, Question, Sink};

/// Generates moves; keep one and reuse it, its buffers are recycled between positions.
#[derive(Default)]
pub struct MoveGen {
    limits: StepLimits,
    processor: Processor,
    accepted: Accepted,
    /// The attack tests, for `is-attacked?` and the royal rule.
    legality: Legality,
    /// This generator lists the replies to a move for `gives-mate?`: inside, `gives-mate?` is
    /// false, so that mate tests do not nest.
    in_mate_test: bool,
    /// Set for one [`MoveGen::generate_unchecked`]: the royal rule is left to the caller.
    unchecked: bool,
}

/// Whether a move captures: a `capture`, or a drop onto a piece (what the search's capture
/// values count).
fn captures(actions: &[Action]) -> bool {
    actions.iter().any(|a| {
        matches!(
            a,
            Action::Capture { .. }
                | Action::Drop {
                    replaced: Some(_),
                    ..
                }
        )
    })
}

impl MoveGen {
    /// A generator that stops with an error when a generation exceeds `limits` (steps, moves,
    /// choice points, actions), so a runaway game file cannot hang its caller.
    pub fn new(limits: StepLimits) -> MoveGen {
        MoveGen {
            limits,
            ..MoveGen::default()
        }
    }

    /// The limits each generation runs under.
    pub fn limits(&self) -> StepLimits {
        self.limits
    }

    /// Appends the legal moves of `position` to `out`. The position is borrowed mutably only to
    /// work on its board in place; it is unchanged afterwards, also on error.
    pub fn generate(
        &mut self,
        game: &Game,
        position: &mut Position,
        out: &mut Vec<Move>,
    ) -> Result<(), GenError> {
        let rules = &game.rules;
        if self.over_before_moves(game, position)? {
            return Ok(());
        }
        let base = out.len();
        self.generate_moves(game, position, out)?;
        match rules.pass {
            Some(PassRule::Always) => out.push(pass_move(game)),
            Some(PassRule::WhenBlocked)
                if out.len() == base
                    && position
                        .pieces()
                        .any(|(_, p)| p.owner == position.to_move()) =>
            {
                // The only move of a blocked player is a pass, while another can move; a
                // player with nothing left on the board is out, and does not pass.
                let mut other = position.clone();
                let mut theirs = Vec::new();
                let mover = position.to_move();
                for player in game.turns().movers().filter(|&p| p != mover) {
                    other.set_turn(game.turn_of(player));
                    self.generate_moves(game, &mut other, &mut theirs)?;
                    if !theirs.is_empty() {
                        break;
                    }
                }
                if !theirs.is_empty() {
                    out.push(pass_move(game));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether the game is over in `position` before its moves are asked (a goal reached
    /// while moves are left): then it has none.
    fn over_before_moves(
        &mut self,
        game: &Game,
        position: &mut Position,
    ) -> Result<bool, GenError> {
        Ok(game.may_end_with_moves_left()
            && ending::over_before_moves(
                &mut self.processor,
                self.limits,
                game,
                position,
                replies,
            )?
            .is_some())
    }

    /// The moves of the pieces on the board and in the hand, without passes.
    fn generate_moves(
        &mut self,
        game: &Game,
        position: &mut Position,
        out: &mut Vec<Move>,
    ) -> Result<(), GenError> {
        let players = game.players_env(position);
        let p = &mut self.processor;
        lend_board(p, game, position);
        let base = out.len();
        self.accepted.begin(std::mem::take(out), self.limits);
        self.accepted.mover = position.to_move();
        let droppable = droppable(game, position);
        let symmetry = game.rules.symmetry_of(position.to_move());
        let mut generation = Generation {
            game,
            limits: self.limits,
            accepted: &mut self.accepted,
            legality: &mut self.legality,
            position,
            in_mate_test: self.in_mate_test,
        };
        let mut result = run_all(game, &players, symmetry, self.limits, p, &mut generation);
        if result.is_ok() && !droppable.is_empty() {
            result = run_drops(
                game,
                &players,
                symmetry,
                self.limits,
                p,
                &mut generation,
                &droppable,
            );
        }
        position.cells = std::mem::take(&mut p.state.cells);
        position.seeds = std::mem::take(&mut p.state.seeds);
        if result.is_ok() && p.globals.take_changed() {
            result = self.accepted.recheck(game, &p.globals);
        }
        *out = self.accepted.end(result.is_ok());
        result?;
        self.keep_to_the_rules(game, &players, position, out, base)
    }

    /// After a generation, the rules that judge whole moves, on `out[base..]` (or on the moves
    /// counted without building them): positional superko, then the royal rule.
    fn keep_to_the_rules(
        &mut self,
        game: &Game,
        players: &Players,
        position: &mut Position,
        out: &mut Vec<Move>,
        base: usize,
    ) -> Result<(), GenError> {
        if let (Some(seen), true) = (position.seen_boards(), game.rules.positional_superko) {
            debug_assert_eq!(
                seen.current(),
                crate::boards::board_key(&position.cells),
                "the boards seen are kept along with the board"
            );
            crate::legality::keep_new_boards(seen, out, base);
        }
        let royal_rule = game.has_royal_pieces() && !self.unchecked;
        // While counting every move nothing is built: the royal rule judges the counted ones
        // below, and running it on the built ones too would record the attack test twice.
        if self.accepted.counting != Counting::All {
            if !royal_rule {
                return Ok(());
            }
            let result = self
                .legality
                .keep_legal(game, self.limits, players, position, out, base);
            if result.is_err() {
                out.truncate(base);
            }
            return result;
        }
        let accepted = &self.accepted;
        let counted = &accepted.counted;
        let actions = |i: usize| counted.get(i).map_or(&[][..], |c| accepted.actions_of(c));
        self.accepted.counted_legal = if royal_rule {
            self.legality.count_legal(
                game,
                self.limits,
                players,
                position,
                counted.len(),
                actions,
            )?
        } else {
            counted.len()
        };
        Ok(())
    }

    /// How many moves [`MoveGen::generate`] would list for `position`, counted as the chains
    /// complete them, without building a [`Move`] or its notation where the game allows it:
    /// without positional superko and without passing only when blocked. Duplicates are
    /// compared by their actions (and notation, where moves are unique by path), a global's
    /// change re-checks the invariants of the counted moves as of the built ones, and the
    /// royal rule judges each move from its actions. Elsewhere the moves are built and
    /// counted. What perft's bulk count asks at the last ply.
    pub fn count(&mut self, game: &Game, position: &mut Position) -> Result<u64, GenError> {
        if !counts_unbuilt(game) {
            let mut out = Vec::new();
            self.generate(game, position, &mut out)?;
            return Ok(out.len() as u64);
        }
        if self.over_before_moves(game, position)? {
            return Ok(0);
        }
        let mut out = Vec::new();
        self.accepted.counting = Counting::All;
        let result = self.generate_moves(game, position, &mut out);
        self.accepted.counting = Counting::Off;
        result?;
        // Nothing is built while counting; a pass is the one move that may be.
        let pass = u64::from(matches!(game.rules.pass, Some(PassRule::Always)));
        Ok((out.len() + self.accepted.counted_legal) as u64 + pass)
    }

    /// [`MoveGen::generate`] without the royal rule: the moves may leave a royal piece of the
    /// mover attacked, and [`MoveGen::is_legal`] tells which do. For a search that tries few of
    /// the moves it generates (alpha-beta), testing only those is cheaper than the rule's test
    /// of every move. In a game without royal pieces the two are the same.
    pub fn generate_unchecked(
        &mut self,
        game: &Game,
        position: &mut Position,
        out: &mut Vec<Move>,
    ) -> Result<(), GenError> {
        self.unchecked = true;
        let result = self.generate(game, position, out);
        self.unchecked = false;
        result
    }

    /// [`MoveGen::generate_unchecked`] for a search that plays only captures (quiescence):
    /// appends to `out` the moves that capture (a `capture`, or a drop onto a piece), in
    /// generation order, and returns how many other moves there are. The count is what
    /// `generate_unchecked` would list besides the captures, so the mobility a search counts
    /// stays the same. In a game without positional superko and without passing only when
    /// blocked, those other moves are counted as the chains complete them and never built
    /// (duplicates compared and invariants re-checked as [`MoveGen::count`] does).
    /// Elsewhere every move is built and the others counted afterwards.
    pub fn generate_captures_unchecked(
        &mut self,
        game: &Game,
        position: &mut Position,
        out: &mut Vec<Move>,
    ) -> Result<usize, GenError> {
        let base = out.len();
        let counting = counts_unbuilt(game);
        if counting {
            self.accepted.counting = Counting::Quiet;
        }
        let result = self.generate_unchecked(game, position, out);
        self.accepted.counting = Counting::Off;
        result?;
        // The moves generated in full: a pass, or every move where they could not be counted.
        let mut others = self.accepted.counted.len();
        let mut kept = base;
        for i in base..out.len() {
            let Some(mv) = out.get(i) else { break };
            if captures(&mv.actions) {
                if kept != i {
                    out.swap(kept, i);
                }
                kept += 1;
            } else {
                others += 1;
            }
        }
        out.truncate(kept);
        Ok(others)
    }

    /// Whether `mv`, one of [`MoveGen::generate_unchecked`]'s moves of `position`, keeps to the
    /// royal rule (it leaves no royal piece of the mover attacked); always true in a game
    /// without royal pieces. The position is played on and taken back.
    pub fn is_legal(
        &mut self,
        game: &Game,
        position: &mut Position,
        mv: &Move,
    ) -> Result<bool, GenError> {
        if !game.has_royal_pieces() {
            return Ok(true);
        }
        self.legality.is_legal(game, self.limits, position, mv)
    }

    /// Whether `placed`, standing on `at` for its owner, could be taken there by another
    /// player's piece in `position`: the test a chain's `is-attacked?` makes, with the game's
    /// `attacks` (forward: as costly as generating the enemies' moves; reversible: along the
    /// lines that lead to `at`). Whatever stands on `at` is replaced by `placed` for the test.
    pub fn is_attacked(
        &mut self,
        game: &Game,
        position: &Position,
        at: Pos,
        placed: Piece,
    ) -> Result<bool, GenError> {
        self.legality
            .is_attacked(game, self.limits, position, at, placed)
    }

    /// Whether the side to move has a royal piece under attack (is in check).
    pub fn in_check(&mut self, game: &Game, position: &Position) -> Result<bool, GenError> {
        self.legality.in_check(game, self.limits, position)
    }

    /// Whether the game is over in `position`, and how: a `goal` clause that holds after the
    /// last move, every player having passed, or the side to move without a legal move (then
    /// the first `win`, `loss` or `draw` goal that applies, else the score). `None` while the
    /// side to move has a move.
    pub fn ending(&mut self, game: &Game, position: &Position) -> Result<Option<Ending>, GenError> {
        if !self.moves(game, position)?.is_empty() {
            return Ok(None);
        }
        self.ending_without_moves(game, position).map(Some)
    }

    /// How the game ended in `position`, whose side to move has no legal move (as
    /// [`MoveGen::moves`] found).
    pub fn ending_without_moves(
        &mut self,
        game: &Game,
        position: &Position,
    ) -> Result<Ending, GenError> {
        if game.may_end_with_moves_left() {
            let mut scratch = position.clone();
            if let Some(over) = ending::over_before_moves(
                &mut self.processor,
                self.limits,
                game,
                &mut scratch,
                replies,
            )? {
                return Ok(over);
            }
        }
        let in_check = if game.has_royal_pieces() {
            self.in_check(game, position)?
        } else {
            false
        };
        Ok(ending::without_moves(game, position, in_check))
    }

    /// The legal moves of `position`, in generation order.
    pub fn moves(&mut self, game: &Game, position: &Position) -> Result<Vec<Move>, GenError> {
        let mut scratch = position.clone();
        let mut out = Vec::new();
        self.generate(game, &mut scratch, &mut out)?;
        Ok(out)
    }
}

/// Whether a generation may count moves without building them: no positional superko (which
/// compares built moves' boards) and no pass only when blocked (which asks whether any move
/// was built).
fn counts_unbuilt(game: &Game) -> bool {
    !game.rules.positional_superko && !matches!(game.rules.pass, Some(PassRule::WhenBlocked))
}

/// Lends `position`'s board to the processor for a generation, with a fresh run's state.
#[inline]
fn lend_board(p: &mut Processor, game: &Game, position: &mut Position) {
    p.steps = 0;
    p.globals.reset(game.global_count());
    p.state.player = position.to_move();
    p.state.cells = std::mem::take(&mut position.cells);
    p.state.seeds = std::mem::take(&mut position.seeds);
    p.state.captured.clear();
    p.state.captured.resize(p.state.cells.len(), false);
    p.state.visited.clear();
    p.state.turn_values = position.turn_values;
}

/// The piece types the mover may drop: those with a `drops` chain and one in the hand.
#[inline]
fn droppable(game: &Game, position: &Position) -> smallvec::SmallVec<[PieceKind; 8]> {
    let mut droppable = smallvec::SmallVec::new();
    if game.rules.has_hands() {
        for (k, ty) in game.rules.pieces.iter().enumerate() {
            let kind = PieceKind(k as u8);
            if ty.drops.is_some() && position.in_hand(position.to_move(), kind) != Some(0) {
                droppable.push(kind);
            }
        }
    }
    droppable
}

/// The moves of the pieces of the side to move, by a generator of their own: what
/// `can-answer?` tries.
fn replies(
    game: &Game,
    limits: StepLimits,
    position: &mut Position,
) -> Result<Vec<Move>, GenError> {
    let mut out = Vec::new();
    MoveGen::new(limits).generate_moves(game, position, &mut out)?;
    Ok(out)
}

fn run_all(
    game: &Game,
    players: &Players,
    symmetry: &[dagaz_ir::Dir],
    limits: StepLimits,
    p: &mut Processor,
    generation: &mut Generation<'_>,
) -> Result<(), GenError> {
    let Some(first) = game.rules.pieces.first() else {
        return Ok(());
    };
    // One context for the whole board, its chain switched for each piece: a context is
    // fifteen words, and most pieces' runs end at their first test (not the mover's). It is
    // built with the first piece type's chain so that a context always holds a chain (no
    // `Option` to test in the hot loop); the loop sets each piece's before it runs.
    let mut cx = game.context((&first.program, None), players, symmetry, limits);
    for index in 0..p.state.cells.len() {
        let Some(piece) = p.state.cells.get(index).copied().flatten() else {
            continue;
        };
        let Some(ty) = game.rules.pieces.get(piece.kind.index()) else {
            continue;
        };
        // Half the board's pieces are the other side's, and most chains open with
        // `(check is-friend?)`: the run would end at once (`Processor::run` tests it first too).
        if piece.owner != p.state.player
            && matches!(ty.program.opening_test(), Some(dagaz_ir::Test::Friend))
        {
            continue;
        }
        cx.program = &ty.program;
        cx.native = game.native_chain(piece.kind, false);
        generation.accepted.piece = piece.kind;
        p.run(&cx, Pos(index as u16), generation)
            .map_err(|Fault { pc, kind }| {
                generation
                    .accepted
                    .failure
                    .take()
                    .unwrap_or_else(|| error(game, piece.kind, pc, kind))
            })?;
    }
    Ok(())
}

/// The moves of the `drops` chains: each droppable type, taken from the mover's hand, from
/// every position in board order.
fn run_drops(
    game: &Game,
    players: &Players,
    symmetry: &[dagaz_ir::Dir],
    limits: StepLimits,
    p: &mut Processor,
    generation: &mut Generation<'_>,
    droppable: &[PieceKind],
) -> Result<(), GenError> {
    let mover = p.state.player;
    for &kind in droppable {
        let Some(program) = game
            .rules
            .pieces
            .get(kind.index())
            .and_then(|t| t.drops.as_ref())
        else {
            continue;
        };
        let native = game.native_chain(kind, true);
        let cx = game.context((program, native), players, symmetry, limits);
        let piece = Piece {
            owner: mover,
            kind,
            attrs: game.rules.default_attrs,
        };
        generation.accepted.piece = kind;
        for index in 0..p.state.cells.len() {
            p.run_drop(&cx, Pos(index as u16), piece, generation)
                .map_err(|Fault { pc, kind: why }| {
                    generation.accepted.failure.take().unwrap_or_else(|| {
                        let who = format!("{} (drops)", game.piece_name(kind));
                        let fallback = game
                            .rules
                            .pieces
                            .get(kind.index())
                            .map(|ty| ty.span)
                            .unwrap_or_default();
                        error_in(game, &who, Some(program), fallback, pc, why)
                    })
                })?;
        }
    }
    Ok(())
}

/// A pass: no change, written `pass`.
fn pass_move(game: &Game) -> Move {
    let pass = game
        .rules
        .strings
        .get_index_of("pass")
        .map_or(Value::Bool(false), |i| {
            Value::Str(dagaz_ir::StrId(i as u32))
        });
    Move {
        actions: smallvec::SmallVec::new(),
        notation: smallvec::smallvec![pass],
        weight: 1,
    }
}

/// One generation's way out of the processor: completed moves go to the accepted list, attack
/// tests to the legality module.
struct Generation<'a> {
    game: &'a Game,
    limits: StepLimits,
    accepted: &'a mut Accepted,
    legality: &'a mut Legality,
    /// The position generated from, its cells lent to the processor: what `gives-mate?` needs
    /// besides the board (hands, turn count).
    position: &'a Position,
    in_mate_test: bool,
}

impl Sink for Generation<'_> {
    fn complete(
        &mut self,
        globals: &mut Globals,
        done: Completed<'_>,
    ) -> Result<u64, GenErrorKind> {
        self.accepted.complete(self.game, globals, done)
    }

    fn cancel(&mut self, serial: u64) {
        self.accepted.cancel(serial);
    }

    fn attacked(
        &mut self,
        attack: Attack<'_>,
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        self.legality
            .attacked(self.game, self.limits, attack, cells)
    }

    /// `gives-check?` and `in-check?`: whether a royal piece of another player than `mover`,
    /// or of `mover`, is attacked on `cells`, each tested as its owner's; `gives-mate?`: see
    /// [`Generation::gives_mate`]; `can-answer?` is for the goals' sink alone (false here).
    fn answer(
        &mut self,
        question: Question,
        mover: PlayerId,
        turn_number: dagaz_ir::Int,
        turn_values: &[Value; dagaz_ir::MAX_TURN_VARIABLES],
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        match question {
            Question::GivesCheck => {
                self.royal_attacked(|owner| owner != mover, turn_number, turn_values, cells)
            }
            Question::InCheck => {
                self.royal_attacked(|owner| owner == mover, turn_number, turn_values, cells)
            }
            Question::GivesMate => self.gives_mate(mover, turn_number, turn_values, cells),
            Question::CanAnswer => Ok(false),
        }
    }
}

impl Generation<'_> {
    /// Checkmate: the move gives check, and the next player has no legal reply on the board
    /// as the move has left it (its other changes — turn variables it sets, the hand it drops
    /// from — not yet made; they do not change the replies of the player who is mated). The
    /// replies are listed by a generator of their own, in which `gives-mate?` is false.
    fn gives_mate(
        &mut self,
        mover: PlayerId,
        turn_number: dagaz_ir::Int,
        turn_values: &[Value; dagaz_ir::MAX_TURN_VARIABLES],
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        if self.in_mate_test
            || !self.royal_attacked(|owner| owner != mover, turn_number, turn_values, cells)?
        {
            return Ok(false);
        }
        let mut after = self.position.clone();
        after.cells.clone_from(cells);
        after.set_turn(self.game.turns().next(self.position.turn()));
        after.set_turns_played(after.turns_played().saturating_add(1));
        let mut replies = MoveGen::new(self.limits);
        replies.in_mate_test = true;
        let mut out = Vec::new();
        replies
            .generate(self.game, &mut after, &mut out)
            .map_err(|e| e.kind)?;
        Ok(out.is_empty())
    }

    /// Whether a royal piece of an owner that `whose` accepts is attacked on `cells`, each
    /// tested as its owner's.
    fn royal_attacked(
        &mut self,
        whose: impl Fn(PlayerId) -> bool,
        turn_number: dagaz_ir::Int,
        turn_values: &[Value; dagaz_ir::MAX_TURN_VARIABLES],
        cells: &mut Vec<Option<Piece>>,
    ) -> Result<bool, GenErrorKind> {
        for index in 0..cells.len() {
            let Some(piece) = cells.get(index).copied().flatten() else {
                continue;
            };
            if !whose(piece.owner) || !self.game.is_royal(piece.kind) {
                continue;
            }
            let attack = Attack {
                at: Pos(index as u16),
                defender: piece.owner,
                placed: piece,
                turn_number,
                turn_values,
            };
            if self
                .legality
                .attacked(self.game, self.limits, attack, cells)?
            {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::GenErrorKind;
    use dagaz_ir::Clause;
    use pretty_assertions::assert_eq;

    /// The error generating the moves of `g`'s initial position under the default limits as
    /// `set` changes them.
    pub(super) fn first_error(g: &Game, set: impl FnOnce(&mut StepLimits)) -> GenError {
        let mut limits = StepLimits::default();
        set(&mut limits);
        match MoveGen::new(limits).moves(g, &g.initial_position()) {
            Err(e) => e,
            Ok(moves) => unreachable!("expected an error, found {} moves", moves.len()),
        }
    }

    /// A 5x1 strip `a b c d e`, White men moving east.
    pub(super) fn game(piece: &str, placement: &str) -> Game {
        crate::Game::load(&format!(
            r#"(board (name strip) (dim "a-e") (dim "1") (dir (name e) 1 0) (dir (name w) -1 0))
               (piece (name Man) {piece})
               (game (name "strip") (board strip) (players {placement}))"#
        ))
        .unwrap()
    }

    fn notations(game: &Game) -> Vec<String> {
        let moves = MoveGen::default()
            .moves(game, &game.initial_position())
            .unwrap();
        moves.iter().map(|m| m.notation(game)).collect()
    }

    #[test]
    fn a_growing_global_drops_moves_accepted_earlier() {
        // Each step east is a move; `post` demands the longest so far. The 1-, 2- and 3-step
        // moves are accepted in turn, and each longer one breaks the earlier invariants.
        let g = game(
            "(pre (check is-friend?) (take) (log position) (let n 0))
             (move (while true (check e) (check is-empty?) (inc! n) (end-move)))
             (post (check (<= longest n)) (set! longest n) (log \"-\" position) (drop))",
            "(White (Man a1)) (Black)",
        );
        assert_eq!(notations(&g), vec!["a1-e1"]);
    }

    #[test]
    fn without_the_invariant_every_length_is_a_move() {
        let g = game(
            "(pre (check is-friend?) (take) (log position))
             (move (while true (check e) (check is-empty?) (end-move)))
             (post (log \"-\" position) (drop))",
            "(White (Man a1)) (Black)",
        );
        assert_eq!(notations(&g), vec!["a1-b1", "a1-c1", "a1-d1", "a1-e1"]);
    }

    #[test]
    fn moves_with_identical_actions_are_one_move() {
        let g = game(
            "(pre (check is-friend?) (take) (log position))
             (move (check e)) (move (check e) (log \"!\"))
             (post (log \"-\" position) (drop))",
            "(White (Man a1)) (Black)",
        );
        assert_eq!(
            notations(&g),
            vec!["a1-b1"],
            "the first of two identical moves is kept"
        );
    }

    /// Quiescence's generation: the captures in generation order, and the others counted
    /// once each (a move the chain makes twice counts once), as the full list has them.
    #[test]
    fn captures_are_listed_and_the_other_moves_counted_once() {
        let g = game(
            "(pre (check is-friend?) (take) (log position))
             (move (check e) (check is-empty?)) (move (check e) (check is-empty?) (log \"!\"))
             (move (check e) (check is-enemy?)) (move (check w) (check is-enemy?))
             (post (log \"-\" position) (drop))",
            "(White (Man b1 d1)) (Black (Man a1 e1))",
        );
        let position = g.initial_position();
        let mut gen = MoveGen::default();
        let mut all = Vec::new();
        gen.generate_unchecked(&g, &mut position.clone(), &mut all)
            .unwrap();
        let names =
            |moves: &[Move]| -> Vec<String> { moves.iter().map(|m| m.notation(&g)).collect() };
        assert_eq!(names(&all), vec!["b1-c1", "b1-a1", "d1-e1"]);
        let mut captures = Vec::new();
        let others = gen
            .generate_captures_unchecked(&g, &mut position.clone(), &mut captures)
            .unwrap();
        assert_eq!(
            (names(&captures), others),
            (vec!["b1-a1".to_string(), "d1-e1".to_string()], 1)
        );
    }

    /// Where a global may drop moves later (the majority rule), the others are counted after
    /// the generation, from the moves that stood.
    #[test]
    fn with_a_global_the_counted_moves_answer_to_the_invariants() {
        let g = game(
            "(pre (check is-friend?) (take) (log position) (let n 0))
             (move (while true (check e) (check is-empty?) (inc! n) (end-move)))
             (post (check (<= longest n)) (set! longest n) (log \"-\" position) (drop))",
            "(White (Man a1)) (Black)",
        );
        let mut captures = Vec::new();
        let others = MoveGen::default()
            .generate_captures_unchecked(&g, &mut g.initial_position(), &mut captures)
            .unwrap();
        assert_eq!((captures.len(), others), (0, 1));
        // The longest run alone: the shorter ones counted before it are dropped.
        let counted = MoveGen::default()
            .count(&g, &mut g.initial_position())
            .unwrap();
        assert_eq!(counted, 1);
    }

    /// A White man may step east only onto a square the black Guard does not attack; the
    /// Guard attacks west, or east, and (`turn-number` in its rule) only on the first turn.
    fn guarded(guard_rule: &str) -> Game {
        crate::Game::load(&format!(
            r#"(board (name strip) (dim "a-e") (dim "1") (dir (name e) 1 0) (dir (name w) -1 0))
               (piece (name Man) (pre (check is-friend?) (take) (log position))
                  (move (check e) (check is-empty?) (check not-attacked?))
                  (post (log position) (drop)))
               (piece (name Guard) (pre (check is-friend?) (take)) (move {guard_rule}) (post (drop)))
               (game (name "strip") (board strip) (players (White (Man a1)) (Black (Guard c1))))"#
        ))
        .unwrap()
    }

    /// Answers of `is-attacked?` are remembered from one position to the next: not where the
    /// turn number they depend on differs.
    #[test]
    fn an_attack_answer_is_not_reused_on_a_turn_it_may_differ() {
        let g = guarded("(check (< turn-number 2)) (check w) (check is-enemy?)");
        let mut gen = MoveGen::default();
        let first = g.initial_position();
        assert!(gen.moves(&g, &first).unwrap().is_empty());
        let mut later = first.clone();
        later.set_turns_played(2);
        assert_eq!(gen.moves(&g, &later).unwrap().len(), 1);
        assert!(gen.moves(&g, &first).unwrap().is_empty());
    }

    /// ... nor in another game, whose pieces attack otherwise.
    #[test]
    fn an_attack_answer_is_not_reused_in_another_game() {
        let west = guarded("(check w) (check is-enemy?)");
        let east = guarded("(check e) (check is-enemy?)");
        let mut gen = MoveGen::default();
        let position = west.initial_position();
        assert!(gen.moves(&west, &position).unwrap().is_empty());
        assert_eq!(gen.moves(&east, &position).unwrap().len(), 1);
        assert!(gen.moves(&west, &position).unwrap().is_empty());
    }

    #[test]
    fn unique_moves_by_path_keeps_moves_that_log_differently() {
        let text = |clause: &str| {
            format!(
                r#"(board (name strip) (dim "a-e") (dim "1") (dir (name e) 1 0))
                   (piece (name Man) (pre (take) (log position))
                      (move (check e)) (move (check e) (log "!")) (post (drop)))
                   (game (name "strip") (players (White (Man a1)) (Black)) {clause})"#
            )
        };
        let g = crate::Game::load(&text("(unique-moves paths)")).unwrap();
        assert_eq!(notations(&g), vec!["a1", "a1!"]);
        let g = crate::Game::load(&text("(unique-moves actions)")).unwrap();
        assert_eq!(notations(&g), vec!["a1"]);
    }

    /// Two ways to the same move: the first weighs less in the invariant and is dropped once
    /// the second raises the global; the move stands, as the second way. With `effects`, two
    /// ways whose actions differ but end alike (a stop on b1 on the way) are one move.
    #[test]
    fn a_later_way_to_a_move_takes_over_its_invariants() {
        let text = |clause: &str, second: &str| {
            format!(
                r#"(board (name strip) (dim "a-e") (dim "1") (dir (name e) 1 0))
                   (piece (name Man) (pre (take) (log position) (let n 0))
                      (move (check e) (check e)) (move {second})
                      (post (check (<= best n)) (set! best n) (log "-" position) (drop)))
                   (game (name "strip") (players (White (Man a1)) (Black)) {clause})"#
            )
        };
        let g = crate::Game::load(&text("", "(check e) (set! n 1) (check e)")).unwrap();
        assert_eq!(notations(&g), vec!["a1-c1"]);
        let detour = "(check e) (drop) (take) (set! n 1) (check e)";
        let g = crate::Game::load(&text("", detour)).unwrap();
        assert_eq!(notations(&g), vec!["a1-c1"]);
        let g = crate::Game::load(&text("(unique-moves effects)", detour)).unwrap();
        assert_eq!(notations(&g), vec!["a1-c1"]);
        let moves = MoveGen::default().moves(&g, &g.initial_position()).unwrap();
        assert_eq!(moves[0].actions().len(), 2, "{:?}", moves[0].actions());
    }

    #[test]
    fn only_the_side_to_move_generates() {
        let g = game(
            "(pre (check is-friend?) (take) (log position)) (move (check e) (check is-empty?)) (post (drop))",
            "(White (Man a1)) (Black (Man c1))",
        );
        assert_eq!(notations(&g), vec!["a1"]);
    }

    #[test]
    fn a_runaway_chain_is_stopped_and_named() {
        let g = game("(move (while true (log 1)))", "(White (Man a1)) (Black)");
        let limits = StepLimits {
            steps: 500,
            ..StepLimits::default()
        };
        let mut position = g.initial_position();
        let before = position.clone();
        let err = MoveGen::new(limits)
            .generate(&g, &mut position, &mut Vec::new())
            .unwrap_err();
        assert_eq!(err.kind, GenErrorKind::StepLimit(500));
        assert_eq!((err.piece.as_str(), err.clause), ("Man", Clause::Move(1)));
        assert_eq!(err.to_string(), "move generation exceeded its step budget of 500 steps (game \"strip\", piece Man, clause move #1)");
        assert_eq!(position, before, "the position is restored after an error");
    }

    #[test]
    fn an_error_while_rechecking_points_at_the_invariant() {
        // The first move passes with g = 0; setting g = 1 re-checks it and divides by zero.
        let g = game(
            "(pre (check is-friend?) (take)) (move (check e))
             (post (check (<= 0 (/ 1 (- 1 g)))) (set! g 1) (drop))",
            "(White (Man a1)) (Black)",
        );
        let err = first_error(&g, |_| {});
        assert_eq!(err.kind, GenErrorKind::DivideByZero);
        assert_eq!(err.clause, Clause::Post);
        let text = "(check (<= 0 (/ 1 (- 1 g))))";
        assert_eq!(
            err.span.end - err.span.start,
            text.len(),
            "the span covers the check"
        );
    }

    #[test]
    fn one_operand_arithmetic_still_checks_its_type() {
        let g = game("(pre (log (+ \"a\"))) (move)", "(White (Man a1)) (Black)");
        let err = first_error(&g, |_| {});
        assert_eq!(err.kind, GenErrorKind::NotANumber(dagaz_ir::ValueType::Str));
    }

    /// The royal rule's reuse of recorded attack tests gives the moves that testing every move
    /// in full gives, over positions reached by playing the first, middle or last move.
    #[test]
    fn reused_attack_tests_agree_with_testing_every_move() {
        let game = crate::shipped::game("chess.game");
        let starts = [
            crate::shipped::KIWIPETE,
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        ];
        let mut gen = MoveGen::default();
        let mut checked = 0;
        for fen in starts {
            let mut position = game.from_fen(fen).unwrap();
            for step in 0..12 {
                let players = game.players_env(&position);
                let mut fast = Vec::new();
                gen.generate(&game, &mut position, &mut fast).unwrap();
                // The pseudo-legal moves, then the slow filter.
                let mut all = Vec::new();
                let mut pseudo = game.clone();
                pseudo.rules.royal = vec![false; pseudo.rules.royal.len()];
                gen.generate(&pseudo, &mut position, &mut all).unwrap();
                Legality::default()
                    .keep_legal_slowly(&game, gen.limits, &players, &mut position, &mut all, 0)
                    .unwrap();
                assert_eq!(fast, all, "{fen} after {step} moves");
                checked += fast.len();
                let Some(mv) = fast.get(step * 7 % fast.len().max(1)).cloned() else {
                    break;
                };
                position.play(&game, &mv);
            }
        }
        assert!(checked > 300, "{checked}");
    }

    #[test]
    fn counting_the_moves_agrees_with_listing_them_in_every_shipped_game() {
        // Counting without building compares duplicates by actions (and notation where moves
        // are unique by path), moves captured pieces to the hand first and judges the royal
        // rule from the actions: each of those shows in some shipped game.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|name| name.ends_with(".game"))
            .collect();
        files.sort();
        assert!(files.len() > 60, "{files:?}");
        let mut gen = MoveGen::default();
        for file in &files {
            let game = crate::shipped::game(file);
            let mut position = game.initial_position();
            for step in 0..40 {
                let mut listed = Vec::new();
                gen.generate(&game, &mut position, &mut listed).unwrap();
                let counted = gen.count(&game, &mut position).unwrap();
                assert_eq!(counted, listed.len() as u64, "{file} after {step} moves");
                let Some(mv) = listed.get(step * 7 % listed.len().max(1)).cloned() else {
                    break;
                };
                position.play(&game, &mv);
            }
        }
    }

    /// Compulsory capture among the legal moves only (losers chess): White's man on b1 shields
    /// its king from the rook on c1, so its capture of the stone on c2 is no legal move, and it
    /// must not make the king's quiet step illegal before the royal rule drops it.
    fn pinned_capture(gate: &str) -> Vec<String> {
        let g = crate::Game::load(&format!(
            r#"(board (name b) (dim "a-c") (dim "2-1")
                  (dir (name n) 0 -1) (dir (name e) 1 0) (dir (name w) -1 0) (dir (name ne) 1 -1))
               (define start () (check is-friend?) (let before enemy-count) (take) (log position))
               (define finish ()
                  (log position) (drop)
                  (let took (- before enemy-count))
                  (check (<= must took))
                  (if (and (> took 0) {gate}) (set! must 1)))
               (piece (name King) (pre (start)) (move (check (any n e)) (check not-friend?))
                  (post (finish)))
               (piece (name Man) (pre (start)) (move (check n) (check is-empty?))
                  (move (check ne) (check is-enemy?)) (post (finish)))
               (piece (name Rook) (pre (start))
                  (move (while true (check w) (check not-friend?) (end-move) (check is-empty?)))
                  (post (finish)))
               (piece (name Stone))
               (game (name "t") (board b) (royal King)
                  (players (White (King a1) (Man b1)) (Black (Rook c1) (Stone c2))))"#
        ))
        .unwrap();
        notations(&g)
    }

    #[test]
    fn in_check_tells_a_capture_that_leaves_the_king_attacked() {
        assert_eq!(pinned_capture("(not in-check?)"), vec!["a1a2"]);
        // Without it the pinned capture makes captures compulsory, and is then dropped itself.
        assert_eq!(pinned_capture("true"), Vec::<String>::new());
    }

    #[test]
    fn in_check_asked_before_the_move_is_whether_the_mover_is_in_check() {
        let g = crate::Game::load(
            r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name n) 0 -1) (dir (name e) 1 0)
                  (dir (name w) -1 0))
               (piece (name King)
                  (pre (check is-friend?) (let checked in-check?) (take) (log position))
                  (move (check (any n e)) (check not-friend?))
                  (post (log position) (if checked (log "+")) (drop)))
               (piece (name Rook) (pre (check is-friend?) (take))
                  (move (while true (check w) (check not-friend?) (end-move) (check is-empty?)))
                  (post (drop)))
               (game (name "t") (board b) (royal King)
                  (players (White (King a1)) (Black (Rook c1))))"#,
        )
        .unwrap();
        // b1 is attacked too: the only escape is a2, written with the check it escapes.
        assert_eq!(notations(&g), vec!["a1a2+"]);
    }
}

#[cfg(test)]
mod budget {
    // `strip`: a 5x1 strip `a b c d e`, White's men moving east.
    use super::tests::{first_error, game as strip};
    use super::*;
    use crate::error::GenErrorKind;
    use pretty_assertions::assert_eq;

    /// A 3x1 board with White's one piece `P` on a1, given the game's and the piece's clauses.
    fn one_piece(game: &str, piece: &str) -> Game {
        crate::Game::load(&format!(
            r#"(board (name b) (dim "a-c") (dim "1"))
               (game (name "t") {game} (players (White (P a1))))
               (piece (name P) {piece})"#
        ))
        .unwrap()
    }

    /// The error generating `g`'s first moves under the limits `set` makes, asserted to be
    /// `kind`.
    fn stops(g: &Game, set: impl FnOnce(&mut StepLimits), kind: GenErrorKind) -> GenError {
        let err = first_error(g, set);
        assert_eq!(err.kind, kind);
        err
    }

    #[test]
    fn a_move_with_too_many_changes_is_an_error() {
        // A capture loop gone wrong: it takes and drops the same piece for ever.
        let g = strip(
            "(pre (take)) (move (while true (drop) (take))) (post (drop))",
            "(White (Man a1)) (Black)",
        );
        let err = stops(&g, |l| l.actions = 50, GenErrorKind::TooManyActions(50));
        assert_eq!(
            err.to_string(),
            "a move makes more than 50 changes (takes, drops, captures) (game \"strip\", piece Man, clause move #1)"
        );
    }

    #[test]
    fn too_many_moves_is_an_error() {
        let g = strip(
            "(pre (take)) (move (while true (check e) (end-move)) ) (post (drop))",
            "(White (Man a1)) (Black)",
        );
        stops(&g, |l| l.moves = 2, GenErrorKind::TooManyMoves(2));
    }

    /// A loop that logs and ends a move: with moves unique by path, every move is new and its
    /// notation one longer, so the notation would grow without a bound.
    #[test]
    fn a_notation_too_long_is_an_error() {
        let g = one_piece(
            "(unique-moves paths)",
            "(move (while true (log 1) (end-move)))",
        );
        let err = stops(&g, |l| l.notation = 30, GenErrorKind::TooLongNotation(30));
        assert_eq!(
            err.to_string(),
            // Checked when the move completes (once a move, off the hot path of `log`), so it
            // points at the completion, the end of `post`.
            "a move's notation holds more than 30 values (game \"t\", piece P, clause post)"
        );
        // Under the default limits it stops at once too.
        stops(&g, |_| {}, GenErrorKind::TooLongNotation(1_000));
    }

    /// Moves short enough one by one, but so many that together they would take gigabytes:
    /// each drops and takes again once more than the one before.
    #[test]
    fn the_moves_of_a_position_hold_a_bounded_volume() {
        let g = one_piece(
            "",
            "(pre (take)) (move (while true (drop) (take) (end-move)))",
        );
        stops(&g, |l| l.volume = 1_000, GenErrorKind::TooMuchVolume(1_000));
        stops(&g, |_| {}, GenErrorKind::TooMuchVolume(1_000_000));
    }

    /// Moves unique by path with the same actions and different notations are told apart by
    /// their hash, not compared each with all the others (which took quadratic time).
    #[test]
    fn moves_unique_by_path_hash_their_notation() {
        let g = one_piece(
            "(unique-moves paths)",
            "(move (let n 0) (while true (inc! n) (any (seq (log n) (end-move) (check false)) (check true))))",
        );
        // No timing assert (tests assert values only): the quadratic comparison took minutes
        // here, so a regression shows as a test that does not end.
        stops(
            &g,
            |l| {
                l.moves = 20_000;
                l.steps = u64::MAX;
            },
            GenErrorKind::TooManyMoves(20_000),
        );
    }
}
