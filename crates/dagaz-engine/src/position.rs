//! A game position: the pieces on the board, the side to move and the turns played.

use crate::boards::{self, mix, SeenBoards};
use crate::moves::Move;
use dagaz_compiler::Turn;
use dagaz_compiler::UNLIMITED;
use dagaz_ir::{Action, Piece, PieceKind, PlayerId, Pos, Value, MAX_TURN_VARIABLES};

/// The state a move is generated from: a piece or nothing on each board position, the side to
/// move and its place in the game's turn schedule, how many turns were played and the values
/// of the turn variables.
///
/// A position does not know its game: it is a plain value, cheap to clone and compare, and
/// only meaningful with the [`crate::Game`] it came from (its cells are that board's
/// positions). `==` and `Hash` include the turn count; [`Position::zobrist`] leaves it out,
/// so two positions alike but for it are the same for repetition.
///
/// In a game with `(superko positional)` or `(superko draw)` a position also carries the boards
/// the game has had since its start, its setup or its FEN (a persistent set, shared by clones),
/// since they decide which moves are legal or whether the game is over: `==` includes them,
/// [`Position::zobrist`] does not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: Vec<Option<Piece>>,
    /// The player to move and its place in the schedule (`==`, `Hash` and the Zobrist hash
    /// count the place too: in `(turns White White Black)` White's two turns differ).
    turn: Turn,
    turns: u32,
    /// The values the last move left in the game's turn variables (`false` when it set none).
    pub(crate) turn_values: [Value; MAX_TURN_VARIABLES],
    /// The pieces off the board: `hands[player * kinds + kind]`, [`UNLIMITED`] for a hand that
    /// never runs out; empty in a game without hands.
    pub(crate) hands: Vec<u16>,
    /// How many piece types the hands are counted by.
    kinds: u8,
    /// Where the last move last put a piece (or changed one): where the goals look first.
    last: Option<Pos>,
    /// How many moves in a row were passes.
    passes: u8,
    /// The boards the game has had, when it declares positional superko.
    boards: Option<SeenBoards>,
    /// Whether the last move brought back a board the game had had (kept only with boards).
    repeated: bool,
    /// The seeds on each position, by board index; empty in a game without seeds.
    pub(crate) seeds: Vec<u16>,
    /// The turn of the last move, when it took another turn (`another-turn`): the player to
    /// move now, or chance before it; `None` when the turn passed in turn order, or before
    /// the first move.
    again: Option<Turn>,
}

/// What [`Position::play`] changed besides the board, so that [`Position::unplay`] can restore it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayUndo {
    turn: Turn,
    turns: u32,
    turn_values: [Value; MAX_TURN_VARIABLES],
    last: Option<Pos>,
    passes: u8,
    /// Whether the move brought a board not seen before (positional superko).
    new_board: bool,
    /// Whether the move before it brought back a board.
    repeated: bool,
    again: Option<Turn>,
}

/// A turn variable's value before any move sets it.
pub(crate) const UNSET: Value = Value::UNSET;

impl dagaz_compiler::Placement for Position {
    fn placed(&self) -> impl Iterator<Item = (Pos, Piece)> + '_ {
        self.pieces()
    }

    fn piece_at(&self, at: Pos) -> Option<Piece> {
        Position::piece_at(self, at)
    }
}

impl Position {
    /// An empty board of `len` positions on `turn`, no turns played and no turn variable set.
    /// `len` must be the game's board length, and `turn` one of its schedule, for the position
    /// to make sense.
    pub(crate) fn empty(len: usize, turn: Turn) -> Position {
        Position {
            cells: vec![None; len],
            turn,
            turns: 0,
            turn_values: [UNSET; MAX_TURN_VARIABLES],
            hands: Vec::new(),
            kinds: 0,
            last: None,
            passes: 0,
            boards: None,
            repeated: false,
            seeds: Vec::new(),
            again: None,
        }
    }

    /// How many seeds `pos` holds: 0 in a game without seeds.
    pub fn seeds_at(&self, pos: Pos) -> u16 {
        self.seeds.get(pos.index()).copied().unwrap_or(0)
    }

    /// Whether the game keeps seeds on its positions.
    pub fn has_seeds(&self) -> bool {
        !self.seeds.is_empty()
    }

    pub(crate) fn set_seeds(&mut self, seeds: Vec<u16>) {
        self.seeds = seeds;
    }

    fn put_seeds(&mut self, pos: Pos, n: u16) {
        if let Some(slot) = self.seeds.get_mut(pos.index()) {
            *slot = n;
        }
    }

    /// The player who made the last move when it moves again (a move with `another-turn`;
    /// in a game of chance, after chance's moves before its turn); `None` when the last move
    /// passed the turn on, or there was none.
    pub fn moved_again(&self) -> Option<PlayerId> {
        self.again.map(|t| t.player)
    }

    /// The turn of the last move when it took another turn (see [`Position::moved_again`]).
    pub(crate) fn again_turn(&self) -> Option<Turn> {
        self.again
    }

    /// After a move of `mover` that took another turn, in a game of chance: the turn goes
    /// back to the first of chance's turns before the mover's (it rolls again).
    #[inline]
    pub(crate) fn roll_again(&mut self, game: &crate::Game, mover: Turn) {
        if self.again.is_some() && game.has_chance() {
            self.turn = game.turns().again(mover);
        }
    }

    /// Starts the record of boards for positional superko: the current board is the first.
    pub(crate) fn start_boards(&mut self) {
        self.boards = Some(SeenBoards::new(&self.cells));
        self.repeated = false;
    }

    /// Whether the last move brought back a board the game had had before, when the position
    /// carries the boards (`(superko draw)` ends the game there); a move that left the board as
    /// it was does not.
    pub fn repeats_board(&self) -> bool {
        self.repeated
    }

    /// The boards the game has had, when its rules forbid bringing one back.
    pub(crate) fn seen_boards(&self) -> Option<&SeenBoards> {
        self.boards.as_ref()
    }

    /// How many different boards the game has had since its start, its setup or its FEN, the
    /// current one included, when the game declares `(superko positional)`; `None` otherwise.
    pub fn boards_seen(&self) -> Option<usize> {
        self.boards.as_ref().map(SeenBoards::len)
    }

    /// Gives the position hands: `counts[player * kinds + kind]`, as the rules declare them.
    pub(crate) fn set_hands(&mut self, counts: Vec<u16>, kinds: usize) {
        self.hands = counts;
        self.kinds = kinds as u8;
    }

    /// How many pieces of type `kind` `player` holds off the board; `None` for a hand that
    /// never runs out. 0 in a game without hands.
    pub fn in_hand(&self, player: PlayerId, kind: PieceKind) -> Option<u16> {
        match self.hand_count(player, kind) {
            Some(UNLIMITED) => None,
            Some(n) => Some(n),
            None => Some(0),
        }
    }

    fn hand_count(&self, player: PlayerId, kind: PieceKind) -> Option<u16> {
        self.hand_slot(player, kind)
            .and_then(|i| self.hands.get(i))
            .copied()
    }

    pub(crate) fn set_in_hand(&mut self, player: PlayerId, kind: PieceKind, n: u16) {
        if let Some(slot) = self.hand_mut(player, kind) {
            *slot = n;
        }
    }

    fn hand_slot(&self, player: PlayerId, kind: PieceKind) -> Option<usize> {
        let kinds = usize::from(self.kinds);
        (kind.index() < kinds).then(|| player.index() * kinds + kind.index())
    }

    fn hand_mut(&mut self, player: PlayerId, kind: PieceKind) -> Option<&mut u16> {
        let i = self.hand_slot(player, kind)?;
        self.hands.get_mut(i)
    }

    /// Adds `delta` (1 or -1) to a hand; a hand that never runs out stays as it is.
    fn add_to_hand(&mut self, player: PlayerId, kind: PieceKind, delta: i32) {
        if let Some(slot) = self.hand_mut(player, kind) {
            if *slot != UNLIMITED {
                *slot = (i32::from(*slot) + delta).clamp(0, i32::from(UNLIMITED - 1)) as u16;
            }
        }
    }

    /// Where the last move last put or changed a piece; `None` before the first move or after a
    /// pass or a move that put nothing down.
    pub fn last_placed(&self) -> Option<Pos> {
        self.last
    }

    /// How many moves in a row, up to this position, were passes.
    pub fn passes_in_a_row(&self) -> u8 {
        self.passes
    }

    /// The value the last move left in turn variable `slot`: `false` when it set none (turn
    /// variables live one turn) or when the game has no such slot.
    pub fn turn_value(&self, slot: usize) -> Value {
        self.turn_values.get(slot).copied().unwrap_or(UNSET)
    }

    pub(crate) fn set_turn_value(&mut self, slot: usize, value: Value) {
        if let Some(v) = self.turn_values.get_mut(slot) {
            *v = value;
        }
    }

    pub(crate) fn set_turns_played(&mut self, turns: u32) {
        self.turns = turns;
    }

    /// The piece at `pos`; `None` when the position is empty or not on this board.
    pub fn piece_at(&self, pos: Pos) -> Option<Piece> {
        self.cells.get(pos.index()).copied().flatten()
    }

    pub(crate) fn put(&mut self, pos: Pos, piece: Option<Piece>) {
        if let Some(cell) = self.cells.get_mut(pos.index()) {
            *cell = piece;
        }
    }

    /// The player whose turn it is.
    #[inline]
    pub fn to_move(&self) -> PlayerId {
        self.turn.player
    }

    /// The turn: the player to move and its place in the game's schedule.
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// Makes it `turn`.
    pub(crate) fn set_turn(&mut self, turn: Turn) {
        self.turn = turn;
    }

    /// Moves played since the game's start: 0 in the start position and in a setup, derived
    /// from the move number in a FEN, one more after each [`Position::play`]. Chains read
    /// it as the turn number.
    pub fn turns_played(&self) -> u32 {
        self.turns
    }

    /// A Zobrist hash of the whole state: each piece (its position, owner, type and
    /// attributes), the side to move and the turn variables. Equal positions hash alike; the
    /// turn count is not part of it (it is not part of the position's rules either).
    pub fn zobrist(&self) -> u64 {
        self.zobrist_with_board(self.board_key())
    }

    /// The key of the pieces on the board alone (the exclusive-or of one key per piece: its
    /// position, owner, type and attributes), the part of [`Position::zobrist`] that
    /// [`Move::board_change`] follows from one position to the next.
    pub fn board_key(&self) -> u64 {
        boards::board_key(&self.cells)
    }

    /// [`Position::zobrist`] given the board's key, `board_key`, which must be this position's
    /// [`Position::board_key`]: kept move by move with [`Move::board_change`], it spares
    /// reading every position of the board.
    pub fn zobrist_with_board(&self, board_key: u64) -> u64 {
        let mut h = mix(0x5EED ^ u64::from(self.turn.player.0) << 40) ^ board_key;
        // In the default schedule the place is the player's index and adds nothing; the hash
        // of a game without `turns` stays what it was.
        if self.turn.place != u16::from(self.turn.player.0) {
            h ^= mix(6 << 48 | u64::from(self.turn.place));
        }
        for (slot, value) in self.turn_values.iter().enumerate() {
            if *value != UNSET {
                h ^= mix(2 << 48 | (slot as u64) << 40 ^ dagaz_ir::value_code(*value));
            }
        }
        for (slot, &n) in self.hands.iter().enumerate() {
            if n != 0 && n != UNLIMITED {
                h ^= mix(3 << 48 | (slot as u64) << 24 | u64::from(n));
            }
        }
        if self.passes > 0 {
            h ^= mix(4 << 48 | u64::from(self.passes));
        }
        for (pos, &n) in self.seeds.iter().enumerate() {
            if n != 0 {
                h ^= seeds_key(pos, n);
            }
        }
        h
    }

    /// Whether `mv` could have been generated for this position: each of its actions, taken
    /// in order, finds what it records (the piece it lifts, captures, replaces or changes, the
    /// seeds it changes, a piece in the hand it drops from). A search that keeps moves by
    /// [`Position::zobrist`] tests a kept move with this before playing it: a move from
    /// another position with the same hash (a collision, which a transposition table's scores
    /// are trusted against too) that does not fit is refused, since playing and taking it back
    /// would leave a board no rule made.
    pub fn fits(&self, mv: &Move) -> bool {
        // What the move's earlier actions left on the positions they changed.
        let mut cells: smallvec::SmallVec<[(Pos, Option<Piece>); 8]> = smallvec::SmallVec::new();
        let mut seeds: smallvec::SmallVec<[(Pos, u16); 4]> = smallvec::SmallVec::new();
        // The latest of `changed` at `at`, else what the position holds.
        fn now<T: Copy>(changed: &[(Pos, T)], at: Pos, held: impl FnOnce() -> T) -> T {
            changed
                .iter()
                .rev()
                .find(|(p, _)| *p == at)
                .map_or_else(held, |&(_, t)| t)
        }
        for action in mv.actions() {
            match *action {
                Action::Seeds { at, from, to } => {
                    if now(&seeds, at, || self.seeds_at(at)) != from {
                        return false;
                    }
                    seeds.push((at, to));
                }
                Action::FromHand { player, kind } => {
                    if self.in_hand(player, kind) == Some(0) {
                        return false;
                    }
                }
                Action::ToHand { .. } | Action::SetTurn { .. } | Action::AnotherTurn => {}
                board => {
                    let Some(o) = board.on_board() else { continue };
                    let held = || self.piece_at(o.at);
                    if o.at.index() >= self.cells.len() || now(&cells, o.at, held) != o.gone {
                        return false;
                    }
                    cells.push((o.at, o.came));
                }
            }
        }
        true
    }

    /// Every occupied position with its piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Pos, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|p| (Pos(i as u16), p)))
    }

    /// Applies a move generated for this position and passes the turn to `next`
    /// ([`Position::play`] asks the game's schedule which that is).
    #[inline]
    pub(crate) fn apply(&mut self, mv: &Move, next: Turn, keep: u8) -> PlayUndo {
        self.apply_actions(&mv.actions, next, keep)
    }

    /// [`Position::apply`] for a move given by its actions alone (one the move generator
    /// counted without building it).
    pub(crate) fn apply_actions(&mut self, actions: &[Action], next: Turn, keep: u8) -> PlayUndo {
        let mut undo = PlayUndo {
            turn: self.turn,
            turns: self.turns,
            turn_values: self.turn_values,
            last: self.last,
            passes: self.passes,
            new_board: false,
            repeated: self.repeated,
            again: self.again,
        };
        // `apply_rare` sets it again on `another-turn`.
        self.again = None;
        // Turn variables live for one turn: whatever this move does not set is cleared, but
        // for those the game keeps.
        for (slot, value) in self.turn_values.iter_mut().enumerate() {
            if keep & (1 << slot) == 0 {
                *value = UNSET;
            }
        }
        self.last = None;
        for action in actions {
            match *action {
                Action::Take { at, .. } | Action::Capture { at, .. } => self.put(at, None),
                Action::Drop { at, piece, .. } => {
                    self.put(at, Some(piece));
                    self.last = Some(at);
                }
                Action::Change { at, to, .. } => {
                    self.put(at, Some(to));
                    self.last = Some(at);
                }
                Action::SetTurn { slot, value } => self.set_turn_value(slot.into(), value),
                Action::FromHand { player, kind } => self.add_to_hand(player, kind, -1),
                Action::ToHand { player, kind } => self.add_to_hand(player, kind, 1),
                Action::Seeds { .. }
                | Action::Weight { .. }
                | Action::TurnTo { .. }
                | Action::AnotherTurn => self.apply_rare(action),
            }
        }
        // A move without actions is a pass.
        self.passes = if actions.is_empty() {
            self.passes.saturating_add(1)
        } else {
            0
        };
        // `another-turn` keeps the turn where it is in the schedule.
        if self.again.is_none() {
            self.turn = next;
        }
        self.turns = self.turns.saturating_add(1);
        if let Some(seen) = &mut self.boards {
            (undo.new_board, self.repeated) = enter_board(seen, actions);
        }
        undo
    }

    /// The actions only sowing games make (`set-seeds`, `another-turn`): out of line and cold,
    /// so that `apply`, which the legality test runs for every move generated, stays as lean
    /// as it was for the other games. `another-turn` keeps the mover to move.
    #[cold]
    #[inline(never)]
    fn apply_rare(&mut self, action: &Action) {
        match *action {
            Action::Seeds { at, to, .. } => self.put_seeds(at, to),
            Action::AnotherTurn => self.again = Some(self.turn),
            _ => {}
        }
    }

    /// Takes back the move that [`Position::play`] applied.
    #[inline]
    pub fn unplay(&mut self, mv: &Move, undo: PlayUndo) {
        self.unplay_actions(&mv.actions, undo);
    }

    /// [`Position::unplay`] for [`Position::apply_actions`].
    pub(crate) fn unplay_actions(&mut self, actions: &[Action], undo: PlayUndo) {
        for action in actions.iter().rev() {
            match *action {
                Action::Take { at, piece } | Action::Capture { at, piece } => {
                    self.put(at, Some(piece))
                }
                Action::Drop { at, replaced, .. } => self.put(at, replaced),
                Action::Change { at, from, .. } => self.put(at, Some(from)),
                Action::SetTurn { .. }
                | Action::Weight { .. }
                | Action::TurnTo { .. }
                | Action::AnotherTurn => {}
                Action::FromHand { player, kind } => self.add_to_hand(player, kind, 1),
                Action::ToHand { player, kind } => self.add_to_hand(player, kind, -1),
                // Inline here: out of line it measured +1.0 M instructions on chess perft(4).
                Action::Seeds { at, from, .. } => self.put_seeds(at, from),
            }
        }
        if let Some(seen) = &mut self.boards {
            leave_board(seen, actions, undo.new_board);
        }
        self.last = undo.last;
        self.passes = undo.passes;
        self.again = undo.again;
        self.turn = undo.turn;
        self.turns = undo.turns;
        self.turn_values = undo.turn_values;
        self.repeated = undo.repeated;
    }
}

/// The key of `n` seeds on the position with index `pos`, for [`Position::zobrist`].
fn seeds_key(pos: usize, n: u16) -> u64 {
    mix(5 << 48 | (pos as u64) << 24 | u64::from(n))
}

// Out of line and marked cold, so that `play` and `unplay` stay as they were for the games
// without positional superko (most of them): inlined, with this branch out of their way.

#[cold]
#[inline(never)]
fn enter_board(seen: &mut SeenBoards, actions: &[Action]) -> (bool, bool) {
    let change = boards::board_change(actions);
    let new = seen.enter(change);
    (new, change != 0 && !new)
}

#[cold]
#[inline(never)]
fn leave_board(seen: &mut SeenBoards, actions: &[Action], new: bool) {
    seen.leave(boards::board_change(actions), new)
}

#[cfg(test)]
mod tests {
    use crate::MoveGen;

    use crate::shipped::game;

    #[test]
    fn play_then_unplay_restores_the_position() {
        let game = game("simple-checkers.game");
        let mut position = game
            .setup("(White (Man c3)) (Black (Man d4 f6 h4)) (turn White)")
            .unwrap();
        let before = position.clone();
        let hash = position.zobrist();
        let moves = MoveGen::default().moves(&game, &position).unwrap();
        assert_eq!(moves.len(), 1);
        let undo = position.play(&game, &moves[0]);
        assert_ne!(position.zobrist(), hash);
        assert_eq!(position.to_move(), game.player("Black").unwrap());
        assert_eq!(position.turns_played(), 1);
        assert_eq!(position.pieces().count(), 2, "c3 took d4 and f6");
        position.unplay(&moves[0], undo);
        assert_eq!(position, before);
        assert_eq!(position.zobrist(), hash);
    }

    #[test]
    fn a_move_fits_the_position_it_was_generated_for_and_no_other() {
        let game = game("chess.game");
        let start = game.initial_position();
        let moves = MoveGen::default().moves(&game, &start).unwrap();
        assert!(moves.iter().all(|m| start.fits(m)));
        let e2e4 = moves.iter().find(|m| m.notation(&game) == "e2e4").unwrap();
        let mut after = start.clone();
        after.play(&game, e2e4);
        // The pawn is gone from e2 and e4 is taken: neither half of the move finds its square.
        assert!(!after.fits(e2e4));
        let replies = MoveGen::default().moves(&game, &after).unwrap();
        assert!(replies.iter().all(|m| after.fits(m)));
        // A capture fits only where its victim stands.
        let italian = game
            .from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/3PP3/5N2/PPP2PPP/RNBQKB1R b KQkq d3 0 3")
            .unwrap();
        let takes = MoveGen::default().moves(&game, &italian).unwrap();
        let exd4 = takes.iter().find(|m| m.notation(&game) == "e5d4").unwrap();
        assert!(italian.fits(exd4));
        let elsewhere = game
            .from_fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/3N4/PPPP1PPP/RNBQKB1R b KQkq - 0 3")
            .unwrap();
        assert!(!elsewhere.fits(exd4));
        // Seeds: a sowing fits only the pits it found.
        let game = mancala();
        let position = game.initial_position();
        let sow = MoveGen::default().moves(&game, &position).unwrap();
        assert!(sow.iter().all(|m| position.fits(m)));
        let mut later = position.clone();
        later.play(&game, &sow[0]);
        assert!(!later.fits(&sow[0]));
    }

    fn mancala() -> crate::Game {
        game("mancala.game")
    }

    #[test]
    fn seeds_are_played_hashed_and_taken_back() {
        let game = mancala();
        let mut position = game.initial_position();
        let [c1, d1, h1] = ["c1", "d1", "h1"].map(|p| game.board().position(p).unwrap());
        assert_eq!(position.seeds_at(c1), 4);
        assert_eq!(position.seeds_at(h1), 0);
        let before = position.clone();
        let hash = position.zobrist();
        let moves = MoveGen::default().moves(&game, &position).unwrap();
        let c1_move = moves
            .iter()
            .find(|m| {
                m.actions().contains(&dagaz_ir::Action::Seeds {
                    at: c1,
                    from: 4,
                    to: 0,
                })
            })
            .unwrap();
        let undo = position.play(&game, c1_move);
        assert_eq!(position.seeds_at(c1), 0);
        assert_eq!(position.seeds_at(d1), 5);
        assert_ne!(position.zobrist(), hash);
        assert_eq!(position.to_move(), game.player("North").unwrap());
        assert_eq!(position.moved_again(), None);
        position.unplay(c1_move, undo);
        assert_eq!(position, before);
        assert_eq!(position.zobrist(), hash);
    }

    #[test]
    fn another_turn_keeps_the_mover_to_move() {
        let game = mancala();
        let mut position = game.initial_position();
        let south = game.player("South").unwrap();
        let d1 = game.board().position("d1").unwrap();
        let moves = MoveGen::default().moves(&game, &position).unwrap();
        // d1's four seeds end in South's store: South moves again.
        let again = moves
            .iter()
            .find(|m| {
                m.actions().contains(&dagaz_ir::Action::Seeds {
                    at: d1,
                    from: 4,
                    to: 0,
                })
            })
            .unwrap();
        assert!(again.actions().contains(&dagaz_ir::Action::AnotherTurn));
        let before = position.clone();
        let undo = position.play(&game, again);
        assert_eq!(position.to_move(), south);
        assert_eq!(position.moved_again(), Some(south));
        assert_eq!(crate::ending::previous_player(&game, &position), south);
        assert_eq!(position.turns_played(), 1);
        position.unplay(again, undo);
        assert_eq!(position, before);
    }

    #[test]
    fn a_setup_has_no_seeds_and_scores_none() {
        let game = mancala();
        let position = game
            .setup("(South (Pit b1) (Store h1)) (North (Pit b2) (Store a2))")
            .unwrap();
        assert!(position.has_seeds());
        assert!(game.board().positions().all(|p| position.seeds_at(p) == 0));
        assert_eq!(
            crate::ending::score(&game, &position, game.player("South").unwrap()),
            0
        );
        assert_eq!(
            crate::ending::score(
                &game,
                &game.initial_position(),
                game.player("North").unwrap()
            ),
            24
        );
    }

    /// A search keeps the board's key and the material along its line from the moves alone
    /// (`Move::board_change`, `Evaluation::play`): on a line of chess with captures, castling,
    /// en passant and a promotion they agree with reading the whole board at each position,
    /// and playing the line back out restores them.
    #[test]
    fn the_board_key_and_the_material_follow_the_moves() {
        let game = game("chess.game");
        let eval = game.evaluation();
        assert!(eval.is_tapered());
        let line = [
            "e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "d5c6", "d8a5", "g1f3", "e7e5", "e1g1",
            "f8d6", "c6b7", "c8d7", "b7a8q", "e8g8", "a8a7", "e5e4", "d2d4", "e4d3",
        ];
        let mut position = game.initial_position();
        let start = position.clone();
        let mut key = position.board_key();
        let mut sums = eval.sums(&position);
        let mut played = Vec::new();
        let mut gen = MoveGen::default();
        for text in line {
            let moves = gen.moves(&game, &position).unwrap();
            let mv = crate::match_move(&game, &moves, text)
                .unwrap_or_else(|e| panic!("{text}: {e:?}"))
                .clone();
            eval.play(&mut sums, mv.actions(), &position);
            let undo = position.play(&game, &mv);
            eval.settle(&mut sums, mv.actions(), &position);
            key ^= mv.board_change();
            assert_eq!(key, position.board_key(), "after {text}");
            assert_eq!(position.zobrist_with_board(key), position.zobrist());
            for me in [position.to_move(), start.to_move()] {
                assert_eq!(
                    eval.score(&sums, me),
                    eval.material(me, &position),
                    "after {text}"
                );
            }
            played.push((mv, undo));
        }
        assert_eq!(position.pieces().count(), 26, "a rook and five pawns taken");
        for (mv, undo) in played.into_iter().rev() {
            eval.unplay(&mut sums, mv.actions(), &position);
            position.unplay(&mv, undo);
            eval.settle(&mut sums, mv.actions(), &position);
            key ^= mv.board_change();
        }
        assert_eq!(position, start);
        assert_eq!(key, start.board_key());
        assert_eq!(
            eval.score(&sums, start.to_move()),
            eval.material(start.to_move(), &start)
        );
    }

    /// The formations kept along a line agree with counting them on the board, also over
    /// draughts captures that take several pieces and a promotion: International draughts
    /// with men backed from behind, 300 plies of the first, the last or a middle move in turn
    /// (its start position again when a game ends).
    #[test]
    fn formations_follow_the_moves() {
        let text = std::fs::read_to_string(format!(
            "{}/../../games/international.game",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .replace(
            "(mobility 2))",
            "(formation Man (sw se) Man 3) (formation King (nw) Man 5) (mobility 2))",
        );
        let game = crate::Game::load(&text).unwrap();
        let eval = game.evaluation();
        assert_eq!(eval.formations().len(), 2);
        let mut gen = MoveGen::default();
        let mut position = game.initial_position();
        let mut sums = eval.sums(&position);
        let mut line = Vec::new();
        for ply in 0..300usize {
            let moves = gen.moves(&game, &position).unwrap();
            let Some(mv) = moves.get(ply * 7 % moves.len().max(1)).cloned() else {
                break;
            };
            eval.play(&mut sums, mv.actions(), &position);
            let undo = position.play(&game, &mv);
            eval.settle(&mut sums, mv.actions(), &position);
            let me = position.to_move();
            assert_eq!(
                eval.score(&sums, me),
                eval.material(me, &position),
                "ply {ply}"
            );
            line.push((mv, undo));
        }
        assert!(line.len() > 40, "{} plies", line.len());
        for (mv, undo) in line.into_iter().rev() {
            eval.unplay(&mut sums, mv.actions(), &position);
            position.unplay(&mv, undo);
            eval.settle(&mut sums, mv.actions(), &position);
            let me = position.to_move();
            assert_eq!(eval.score(&sums, me), eval.material(me, &position));
        }
        assert_eq!(position, game.initial_position());
    }
}
