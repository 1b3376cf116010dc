//! The State environment: the board as the move being built sees it — the pieces, the current
//! position and the hand. Position and direction names navigate; `position`, `is-empty?`,
//! `is-friend?`, `is-enemy?`, their `not-` forms, `player` and `piece` ask about the current
//! position.

use super::{Mark, Undo};
use crate::error::GenErrorKind;
use dagaz_ir::{Board, Zones};
use dagaz_ir::{Dir, Piece, PieceKind, PlayerId, Pos, Value};
use indexmap::IndexSet;
use std::cell::Cell;

/// What a name means in this environment. Public for the compiler, which turns each into a
/// constant or a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StateName {
    /// A position's name (`a1`): a link constant; as a statement, `Goto`.
    Position(Pos),
    /// A direction's name (`nw`): a link constant; as a statement, `Nav`.
    Direction(Dir),
    /// A piece type's name: a constant.
    Piece(PieceKind),
    /// A question about the current position: a command.
    Query(Query),
    /// An attribute of the piece at the current position.
    Attribute(u8),
    /// A turn variable: a value the last move left for this turn.
    TurnVariable(u8),
    /// `is-attacked?` (true) or `not-attacked?` (false): the processor answers with an attack
    /// test, which needs more than the board.
    Attacked(bool),
    /// `is-defended?` (true) or `not-defended?` (false): the attack test asked for the next
    /// player.
    Defended(bool),
    /// A number measured over the whole board: a command.
    Measure(Measure),
    /// `gives-check?`: whether a royal piece of another player is attacked now; the processor
    /// asks the sink.
    GivesCheck,
    /// `gives-mate?`: whether the move gives checkmate; the processor asks the sink.
    GivesMate,
    /// `in-check?`: whether a royal piece of the player to move is attacked now; the processor
    /// asks the sink.
    InCheck,
    /// `can-answer?`: in a goal, whether the next player has a legal move after which a goal
    /// holds that it does not lose by; the processor asks the sink.
    CanAnswer,
}

/// A number measured over the whole board, and the name the language gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// `friend-count`: the pieces of the player to move on the board.
    FriendCount,
    /// `enemy-count`: the pieces of other players on the board.
    EnemyCount,
    /// `line-length`: the longest line of one owner's pieces through the current position.
    LineLength,
    /// `group-size`: the pieces of the group at the current position.
    GroupSize,
    /// `liberties`: the empty positions next to the group at the current position.
    Liberties,
    /// `encircles?`: whether the group at the current position goes round a position (a
    /// boolean, not a number, but measured over the board all the same).
    Encircles,
    /// `seeds`: the seeds at the current position.
    Seeds,
}

/// A question about the current position, and the name the language gives it. Each is one
/// command ([`State::query`] answers it at run time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    /// `position`: the current position itself.
    Position,
    /// `is-empty?`: no piece there.
    IsEmpty,
    /// `not-empty?`: a piece there.
    NotEmpty,
    /// `is-friend?`: a piece of the player to move.
    IsFriend,
    /// `not-friend?`: empty, or another player's piece.
    NotFriend,
    /// `is-enemy?`: a piece of another player.
    IsEnemy,
    /// `not-enemy?`: empty, or a piece of the player to move.
    NotEnemy,
    /// `player`: the owner of the piece there; `false` when empty.
    Player,
    /// `piece`: the type of the piece there; `false` when empty.
    Piece,
    /// `is-captured?`: marked by `capture-later` in this move.
    IsCaptured,
    /// `not-captured?`: not so marked.
    NotCaptured,
    /// `is-visited?`: marked by `visit` in this move.
    IsVisited,
    /// `not-visited?`: not so marked.
    NotVisited,
}

/// The game's own names this environment knows besides the board's: each set's order gives
/// the index the name resolves to. Public for the compiler.
#[derive(Clone, Copy)]
pub struct GameNames<'a> {
    /// The piece types, in the order of their `piece` definitions.
    pub pieces: &'a IndexSet<String>,
    /// The attributes, in declaration order: the bit of each in [`Piece::attrs`].
    pub attributes: &'a IndexSet<String>,
    /// The turn variables, in declaration order.
    pub turn_variables: &'a IndexSet<String>,
}

/// Compile time: positions, directions and piece types are constants; queries, attributes and
/// turn variables become commands. A name is tried as a query, an attack test, a position, a
/// direction, an attribute, a turn variable and a piece type, in that order; `None` when it is
/// none of them. Public for the compiler.
pub fn resolve(board: &Board, names: GameNames<'_>, name: &str) -> Option<StateName> {
    let query = match name {
        "position" => Some(Query::Position),
        "is-empty?" => Some(Query::IsEmpty),
        "not-empty?" => Some(Query::NotEmpty),
        "is-friend?" => Some(Query::IsFriend),
        "not-friend?" => Some(Query::NotFriend),
        "is-enemy?" => Some(Query::IsEnemy),
        "not-enemy?" => Some(Query::NotEnemy),
        "player" => Some(Query::Player),
        "piece" => Some(Query::Piece),
        "is-captured?" => Some(Query::IsCaptured),
        "not-captured?" => Some(Query::NotCaptured),
        "is-visited?" => Some(Query::IsVisited),
        "not-visited?" => Some(Query::NotVisited),
        _ => None,
    };
    if let Some(q) = query {
        return Some(StateName::Query(q));
    }
    match name {
        "is-attacked?" => return Some(StateName::Attacked(true)),
        "not-attacked?" => return Some(StateName::Attacked(false)),
        "is-defended?" => return Some(StateName::Defended(true)),
        "not-defended?" => return Some(StateName::Defended(false)),
        "gives-check?" => return Some(StateName::GivesCheck),
        "gives-mate?" => return Some(StateName::GivesMate),
        "in-check?" => return Some(StateName::InCheck),
        "can-answer?" => return Some(StateName::CanAnswer),
        "friend-count" => return Some(StateName::Measure(Measure::FriendCount)),
        "enemy-count" => return Some(StateName::Measure(Measure::EnemyCount)),
        "line-length" => return Some(StateName::Measure(Measure::LineLength)),
        "group-size" => return Some(StateName::Measure(Measure::GroupSize)),
        "liberties" => return Some(StateName::Measure(Measure::Liberties)),
        "encircles?" => return Some(StateName::Measure(Measure::Encircles)),
        "seeds" => return Some(StateName::Measure(Measure::Seeds)),
        _ => {}
    }
    if let Some(pos) = board.position(name) {
        return Some(StateName::Position(pos));
    }
    if let Some(dir) = board.direction(name) {
        return Some(StateName::Direction(dir));
    }
    if let Some(i) = names.attributes.get_index_of(name) {
        return Some(StateName::Attribute(i as u8));
    }
    if let Some(i) = names.turn_variables.get_index_of(name) {
        return Some(StateName::TurnVariable(i as u8));
    }
    names
        .pieces
        .get_index_of(name)
        .map(|i| StateName::Piece(PieceKind(i as u8)))
}

/// Run time: the board being changed by the move under construction.
///
/// The fields are public because the engine loads a position into them before a generation
/// (and takes the cells back after) and lends the cells to attack tests; during a run only the
/// processor changes them, through the trail.
#[derive(Clone, Debug, Default)]
pub struct State {
    /// The board's cells, indexed by position: the piece on each, `None` when empty.
    pub cells: Vec<Option<Piece>>,
    /// The current position, where the queries look and the board commands act.
    pub current: Pos,
    /// The piece lifted by `take` and not yet dropped; at most one.
    pub hand: Option<Piece>,
    /// The player whose moves are being generated.
    pub player: PlayerId,
    /// Positions whose piece `capture-later` took, by position: it stays until the move ends.
    /// As long as `cells`; the engine clears it for each generation.
    pub captured: Vec<bool>,
    /// Positions `visit` marked in this move, by position; empty until the first mark, which
    /// sizes it. The engine clears it for each generation.
    pub visited: Vec<bool>,
    /// The turn variables as the last move left them.
    pub turn_values: [Value; dagaz_ir::MAX_TURN_VARIABLES],
    /// While set, every cell and turn variable read is noted in `reads`, so that an attack
    /// test's answer can be reused for as long as none of them changes.
    pub recording: bool,
    /// One read set per slot (`read_slot` picks the one being filled): a bit per position,
    /// then a bit per turn variable.
    reads: Vec<Cell<u64>>,
    read_words: usize,
    /// The read set that reads go to while recording: 0 for the reads common to every part
    /// of an attack test, `i + 1` for those after constant `i` of its first guarded choice.
    /// [`Completed::part`](crate::Completed::part) reports it with each move.
    pub read_slot: usize,
    /// Scratch for [`State::connected`] and [`State::find_group`]: positions seen, and those
    /// still to visit.
    seen: Vec<bool>,
    todo: Vec<Pos>,
    /// Scratch for [`State::encircles`]: the positions reached from the edge of the board.
    outside: Vec<bool>,
    /// The group [`State::find_group`] found last.
    pub group: Vec<Pos>,
    /// The seeds on each position, indexed like `cells`; empty in a game without seeds (every
    /// position then holds none), so that the other games carry nothing for them. Last, out of
    /// the way of the fields the hot loop reads.
    pub seeds: Vec<u16>,
}

/// What a recorded run read: a bit per position (in board order), then a bit per turn
/// variable.
pub type ReadSet = smallvec::SmallVec<[u64; 2]>;

impl State {
    /// The piece at the current position, if any; noted as a read while recording.
    #[inline]
    pub fn here(&self) -> Option<Piece> {
        let i = self.current.index();
        if self.recording {
            self.note_read(i);
        }
        self.cells.get(i).copied().flatten()
    }

    #[cold]
    fn note_read(&self, i: usize) {
        if let Some(word) = self.reads.get(self.read_slot * self.read_words + (i >> 6)) {
            word.set(word.get() | 1 << (i & 63));
        }
    }

    /// Notes (while recording) that turn variable `t` was read.
    #[inline]
    pub fn note_turn_read(&self, t: usize) {
        if self.recording {
            self.note_read(self.cells.len() + t);
        }
    }

    /// Starts noting reads, from none, into `slots` separate sets (slot 0 first). Public for
    /// the engine's attack tests, which reuse an answer while nothing it read changes; call it
    /// after `cells` is loaded, since the sets are sized by it.
    pub fn start_recording(&mut self, slots: usize) {
        self.recording = true;
        self.read_words = (self.cells.len() + dagaz_ir::MAX_TURN_VARIABLES).div_ceil(64);
        self.read_slot = 0;
        let n = self.read_words * slots;
        if self.reads.len() == n {
            self.reads.iter().for_each(|w| w.set(0));
        } else {
            self.reads.clear();
            self.reads.resize(n, Cell::new(0));
        }
    }

    /// Stops noting reads.
    pub fn stop_recording(&mut self) {
        self.recording = false;
        self.read_slot = 0;
    }

    /// What was read into `slot` or into slot 0 (the reads common to all slots), as a
    /// [`ReadSet`].
    pub fn recorded_with_prefix(&self, slot: usize) -> ReadSet {
        let n = self.read_words;
        let word = |w: usize| {
            let at = |s: usize| self.reads.get(s * n + w).map_or(0, Cell::get);
            at(0) | at(slot)
        };
        // Boards of up to 124 positions fill the inline words directly, without a push each.
        if n <= 2 {
            let second = if n == 2 { word(1) } else { 0 };
            return ReadSet::from_buf_and_len([word(0), second], n);
        }
        (0..n).map(word).collect()
    }

    /// What was read into `slot` (see [`ReadSet`]).
    pub fn recorded(&self, slot: usize) -> impl Iterator<Item = u64> + '_ {
        self.reads
            .iter()
            .skip(slot * self.read_words)
            .take(self.read_words)
            .map(Cell::get)
    }

    /// Notes (while recording) that every cell was read: for the questions about the whole
    /// board.
    pub(crate) fn note_all(&self) {
        if self.recording {
            (0..self.cells.len()).for_each(|i| self.note_read(i));
        }
    }

    /// How many pieces of the player to move (`friends`) or of other players stand on the
    /// board.
    pub fn count(&self, friends: bool) -> usize {
        self.note_all();
        self.cells
            .iter()
            .flatten()
            .filter(|p| (p.owner == self.player) == friends)
            .count()
    }

    /// How many pieces of type `kind` stand on the board: the player to move's when `friends`,
    /// the other players' otherwise.
    pub fn count_of(&self, friends: bool, kind: PieceKind) -> usize {
        self.note_all();
        self.cells
            .iter()
            .flatten()
            .filter(|p| p.kind == kind && (p.owner == self.player) == friends)
            .count()
    }

    /// The longest line of pieces of one owner through the current position, along a
    /// direction and its opposite (a direction without an opposite counts one way); 0 when the
    /// position is empty. Directions are the board's own: a line is the same for every player.
    pub fn line_length(&self, board: &Board) -> usize {
        self.note_all();
        let Some(owner) = self.cells.get(self.current.index()).copied().flatten() else {
            return 0;
        };
        let owned = |pos: Pos| {
            self.cells
                .get(pos.index())
                .copied()
                .flatten()
                .is_some_and(|p| p.owner == owner.owner)
        };
        // A line is at most as long as the board: a direction with no offset (or one that
        // comes back) would otherwise step for ever.
        let most = self.cells.len();
        let run = |dir: Dir| {
            let mut n = 0;
            let mut at = self.current;
            while let Some(next) = board.step(dir, at).filter(|&p| owned(p)) {
                n += 1;
                at = next;
                if n >= most {
                    break;
                }
            }
            n
        };
        (0..board.direction_count())
            .map(|d| Dir(d as u8))
            .filter(|&d| board.opposite(d).is_none_or(|o| o.index() > d.index()))
            .map(|d| 1 + run(d) + board.opposite(d).map_or(0, run))
            .max()
            .unwrap_or(1)
    }

    /// Whether pieces of the player to move join a position of zone `a` to one of zone `b`,
    /// stepping along any of the board's directions (zones as the player to move sees them).
    pub fn connected(&mut self, board: &Board, zones: &Zones, a: usize, b: usize) -> bool {
        self.note_all();
        let player = self.player;
        let friend = |cells: &[Option<Piece>], pos: Pos| {
            cells
                .get(pos.index())
                .copied()
                .flatten()
                .is_some_and(|p| p.owner == player)
        };
        self.seen.clear();
        self.seen.resize(self.cells.len(), false);
        self.todo.clear();
        for pos in board.positions() {
            if zones.contains(a, player, pos) && friend(&self.cells, pos) {
                if let Some(s) = self.seen.get_mut(pos.index()) {
                    *s = true;
                }
                self.todo.push(pos);
            }
        }
        while let Some(pos) = self.todo.pop() {
            if zones.contains(b, player, pos) {
                return true;
            }
            for d in 0..board.direction_count() {
                let Some(next) = board.step(Dir(d as u8), pos) else {
                    continue;
                };
                if friend(&self.cells, next) {
                    if let Some(s @ false) = self.seen.get_mut(next.index()) {
                        *s = true;
                        self.todo.push(next);
                    }
                }
            }
        }
        false
    }

    /// The group at the current position: the pieces of the same owner joined to it along the
    /// board's directions, in `self.group` (empty on an empty square); answers its liberties,
    /// the empty positions next to it, each counted once.
    pub fn find_group(&mut self, board: &Board) -> usize {
        self.note_all();
        self.group.clear();
        self.seen.clear();
        self.seen.resize(self.cells.len(), false);
        let Some(owner) = self.cells.get(self.current.index()).copied().flatten() else {
            return 0;
        };
        let mut liberties = 0;
        self.todo.clear();
        self.todo.push(self.current);
        if let Some(s) = self.seen.get_mut(self.current.index()) {
            *s = true;
        }
        while let Some(pos) = self.todo.pop() {
            self.group.push(pos);
            for d in 0..board.direction_count() {
                let Some(next) = board.step(Dir(d as u8), pos) else {
                    continue;
                };
                let Some(s @ false) = self.seen.get_mut(next.index()) else {
                    continue;
                };
                match self.cells.get(next.index()).copied().flatten() {
                    None => {
                        *s = true;
                        liberties += 1;
                    }
                    Some(p) if p.owner == owner.owner => {
                        *s = true;
                        self.todo.push(next);
                    }
                    Some(_) => {}
                }
            }
        }
        liberties
    }

    /// Whether the group at the current position has a piece in zone `zone` (as the player to
    /// move sees it); false on an empty square.
    pub fn group_touches(&mut self, board: &Board, zones: &Zones, zone: usize) -> bool {
        self.find_group(board);
        let player = self.player;
        self.group
            .iter()
            .any(|&pos| zones.contains(zone, player, pos))
    }

    /// Whether the group at the current position goes round at least one position: one that
    /// every path of steps to the edge of the board (the positions from which some direction
    /// steps off it) crosses the group, not counting the position itself. Such a position is
    /// either off the group and cut off from the edge by it, or one whose every step lands on
    /// the group (Havannah's ring around a cell of its own). False on an empty square.
    pub fn encircles(&mut self, board: &Board) -> bool {
        self.find_group(board);
        if self.group.is_empty() {
            return false;
        }
        let n = self.cells.len();
        let directions = || (0..board.direction_count()).map(|d| Dir(d as u8));
        // `seen` marks the group from here on.
        self.seen.clear();
        self.seen.resize(n, false);
        for &pos in &self.group {
            if let Some(s) = self.seen.get_mut(pos.index()) {
                *s = true;
            }
        }
        let in_group = |seen: &[bool], pos: Pos| seen.get(pos.index()).copied().unwrap_or(false);
        let surrounded = board.positions().any(|pos| {
            directions().all(|d| board.step(d, pos).is_some_and(|p| in_group(&self.seen, p)))
        });
        if surrounded && board.direction_count() > 0 {
            return true;
        }
        // Flood the positions off the group from the edge; one left unreached is cut off.
        self.outside.clear();
        self.outside.resize(n, false);
        self.todo.clear();
        for pos in board.positions() {
            let edge = directions().any(|d| board.step(d, pos).is_none());
            if edge && !in_group(&self.seen, pos) {
                if let Some(o) = self.outside.get_mut(pos.index()) {
                    *o = true;
                }
                self.todo.push(pos);
            }
        }
        while let Some(pos) = self.todo.pop() {
            for d in directions() {
                let Some(next) = board.step(d, pos) else {
                    continue;
                };
                if in_group(&self.seen, next) {
                    continue;
                }
                if let Some(o @ false) = self.outside.get_mut(next.index()) {
                    *o = true;
                    self.todo.push(next);
                }
            }
        }
        board.positions().any(|pos| {
            !in_group(&self.seen, pos) && !self.outside.get(pos.index()).copied().unwrap_or(true)
        })
    }

    /// The piece at the current position now belongs to `owner` (the cell is trailed);
    /// answers the piece before and after. Errors when the position is empty.
    pub fn set_owner(
        &mut self,
        owner: PlayerId,
        trail: &mut Vec<Undo>,
    ) -> Result<(Piece, Piece), GenErrorKind> {
        let from = self.here().ok_or(GenErrorKind::SetOwnerEmpty)?;
        let to = Piece { owner, ..from };
        self.set_cell(self.current, Some(to), trail);
        Ok((from, to))
    }

    /// Whether the current position is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.here().is_none()
    }

    /// Whether the current position holds a piece of the player to move.
    #[inline]
    pub fn is_friend(&self) -> bool {
        self.here().is_some_and(|p| p.owner == self.player)
    }

    /// Whether the current position holds a piece of another player.
    #[inline]
    pub fn is_enemy(&self) -> bool {
        self.here().is_some_and(|p| p.owner != self.player)
    }

    /// The answer to a question about the current position, as the command pushes it.
    pub fn query(&self, q: Query) -> Value {
        match q {
            Query::Position => Value::Pos(self.current),
            Query::IsEmpty => Value::Bool(self.is_empty()),
            Query::NotEmpty => Value::Bool(!self.is_empty()),
            Query::IsFriend => Value::Bool(self.is_friend()),
            Query::NotFriend => Value::Bool(!self.is_friend()),
            Query::IsEnemy => Value::Bool(self.is_enemy()),
            Query::NotEnemy => Value::Bool(!self.is_enemy()),
            Query::Player => self
                .here()
                .map_or(Value::Bool(false), |p| Value::Player(p.owner)),
            Query::Piece => self
                .here()
                .map_or(Value::Bool(false), |p| Value::Piece(p.kind)),
            Query::IsCaptured => Value::Bool(self.is_captured()),
            Query::NotCaptured => Value::Bool(!self.is_captured()),
            Query::IsVisited => Value::Bool(self.is_visited()),
            Query::NotVisited => Value::Bool(!self.is_visited()),
        }
    }

    /// Steps in `dir` as seen by the player (`symmetry` maps the game's direction to the
    /// player's); stays put and answers false off the board.
    #[inline]
    pub fn navigate(&mut self, board: &Board, symmetry: &[Dir], dir: Dir) -> bool {
        let dir = dir.turned(symmetry);
        match board.step(dir, self.current) {
            Some(next) => {
                self.current = next;
                true
            }
            None => false,
        }
    }

    #[inline]
    fn set_cell(&mut self, pos: Pos, piece: Option<Piece>, trail: &mut Vec<Undo>) {
        if let Some(cell) = self.cells.get_mut(pos.index()) {
            trail.push(Undo::Cell(pos, *cell));
            *cell = piece;
        }
    }

    /// The seeds at the current position (0 in a game without seeds); noted as a read while
    /// recording.
    pub fn seeds_here(&self) -> u16 {
        let i = self.current.index();
        if self.recording {
            self.note_read(i);
        }
        self.seeds.get(i).copied().unwrap_or(0)
    }

    /// The current position now holds `n` seeds (trailed); answers how many it held. Errors
    /// when `n` does not fit a position (0 to 65,535) or the game keeps no seeds.
    pub fn set_seeds(&mut self, n: Value, trail: &mut Vec<Undo>) -> Result<u16, GenErrorKind> {
        let count = match n {
            Value::Int(_) | Value::Bool(_) => n.as_int().unwrap_or(0),
            other => return Err(GenErrorKind::NotANumber(other.value_type())),
        };
        let count = u16::try_from(count).map_err(|_| GenErrorKind::SeedsOutOfRange(count))?;
        let at = self.current;
        let slot = self
            .seeds
            .get_mut(at.index())
            .ok_or(GenErrorKind::NoSeeds)?;
        let from = std::mem::replace(slot, count);
        trail.push(Undo::Seeds(at, from));
        Ok(from)
    }

    /// Puts back the seeds of `pos` without trailing them, when the trail is undone. Cold and
    /// out of line: only the sowing games have seeds, and the loop that undoes the trail is hot.
    #[cold]
    #[inline(never)]
    pub fn restore_seeds(&mut self, pos: Pos, n: u16) {
        if let Some(slot) = self.seeds.get_mut(pos.index()) {
            *slot = n;
        }
    }

    /// Sets the cell at `pos` without trailing it: for undoing the trail, and for the engine's
    /// attack tests, which stand a piece on the square asked about and put back what was there.
    #[inline]
    pub fn restore_cell(&mut self, pos: Pos, piece: Option<Piece>) {
        if let Some(cell) = self.cells.get_mut(pos.index()) {
            *cell = piece;
        }
    }

    /// Lifts the piece at the current position into the hand (the cell is trailed); answers it.
    /// Errors when the hand is full or the position empty.
    pub fn take(&mut self, trail: &mut Vec<Undo>) -> Result<Piece, GenErrorKind> {
        if self.hand.is_some() {
            return Err(GenErrorKind::HandFull);
        }
        let piece = self.here().ok_or(GenErrorKind::TakeEmpty)?;
        self.set_cell(self.current, None, trail);
        self.hand = Some(piece);
        Ok(piece)
    }

    /// Whether the current position is marked by `capture-later` in this move.
    #[inline]
    pub fn is_captured(&self) -> bool {
        self.captured
            .get(self.current.index())
            .copied()
            .unwrap_or(false)
    }

    /// Marks the piece at the current position as captured (the mark is trailed); it leaves
    /// the board when the move is played, and blocks until then. Answers the piece; errors
    /// when the position is empty or already marked.
    pub fn capture_later(&mut self, trail: &mut Vec<Undo>) -> Result<Piece, GenErrorKind> {
        let piece = self.here().ok_or(GenErrorKind::CaptureEmpty)?;
        let at = self.current;
        match self.captured.get_mut(at.index()) {
            Some(mark @ false) => {
                *mark = true;
                trail.push(Undo::Mark(at, Mark::Captured));
                Ok(piece)
            }
            _ => Err(GenErrorKind::CapturedTwice),
        }
    }

    /// Clears a mark at `pos`, without trailing: for undoing the trail.
    #[inline]
    pub fn clear_mark(&mut self, pos: Pos, which: Mark) {
        let marks = match which {
            Mark::Captured => &mut self.captured,
            Mark::Visited => &mut self.visited,
        };
        if let Some(mark) = marks.get_mut(pos.index()) {
            *mark = false;
        }
    }

    /// Whether the current position is marked by `visit` in this move.
    #[inline]
    pub fn is_visited(&self) -> bool {
        self.visited
            .get(self.current.index())
            .copied()
            .unwrap_or(false)
    }

    /// Marks the current position as visited in this move; a new mark is trailed, a position
    /// already marked stays so.
    pub fn visit(&mut self, trail: &mut Vec<Undo>) {
        let at = self.current;
        if self.visited.len() < self.cells.len() {
            self.visited.resize(self.cells.len(), false);
        }
        if let Some(mark @ false) = self.visited.get_mut(at.index()) {
            *mark = true;
            trail.push(Undo::Mark(at, Mark::Visited));
        }
    }

    /// The piece in the hand becomes `kind`, owner and attributes unchanged; not trailed, since
    /// the hand is saved in each choice point. Errors when the hand is empty.
    pub fn promote(&mut self, kind: PieceKind) -> Result<(), GenErrorKind> {
        let piece = self.hand.as_mut().ok_or(GenErrorKind::PromoteEmptyHand)?;
        piece.kind = kind;
        Ok(())
    }

    /// An attribute of the piece at the current position; false when it is empty.
    #[inline]
    pub fn attr_here(&self, bit: u8) -> bool {
        self.here().is_some_and(|p| p.attr(bit))
    }

    /// Sets attribute `bit` of the piece in the hand to `on`; not trailed, like
    /// [`State::promote`]. Errors when the hand is empty.
    pub fn set_hand_attr(&mut self, bit: u8, on: bool) -> Result<(), GenErrorKind> {
        let piece = self.hand.as_mut().ok_or(GenErrorKind::SetAttrEmptyHand)?;
        piece.set_attr(bit, on);
        Ok(())
    }

    /// Moves the piece at the current position to `to` (both cells trailed; `to` noted as a
    /// read while recording); answers it and what it replaced. Errors when the current
    /// position is empty.
    pub fn move_piece(
        &mut self,
        to: Pos,
        trail: &mut Vec<Undo>,
    ) -> Result<(Piece, Option<Piece>), GenErrorKind> {
        let piece = self.here().ok_or(GenErrorKind::MoveEmpty)?;
        if self.recording {
            self.note_read(to.index());
        }
        let replaced = self.cells.get(to.index()).copied().flatten();
        self.set_cell(self.current, None, trail);
        self.set_cell(to, Some(piece), trail);
        Ok((piece, replaced))
    }

    /// Moves the pieces on `positions` one place along the list, the last one's to the first
    /// (the cells are trailed); answers each piece moved with where it stood and where it
    /// stands now, in the order of the list.
    pub fn cycle_pieces(
        &mut self,
        positions: &[Pos],
        trail: &mut Vec<Undo>,
    ) -> smallvec::SmallVec<[(Pos, Pos, Piece); 8]> {
        let before: smallvec::SmallVec<[Option<Piece>; 8]> = positions
            .iter()
            .map(|&p| {
                if self.recording {
                    self.note_read(p.index());
                }
                self.cells.get(p.index()).copied().flatten()
            })
            .collect();
        let mut moved = smallvec::SmallVec::new();
        for (i, (&from, piece)) in positions.iter().zip(&before).enumerate() {
            let to = positions
                .get(i + 1)
                .or(positions.first())
                .copied()
                .unwrap_or(from);
            self.set_cell(to, *piece, trail);
            if let Some(piece) = piece {
                moved.push((from, to, *piece));
            }
        }
        moved
    }

    /// Moves each piece from the first position of a pair in `steps` to the second (the cells
    /// are trailed), all lifted before any is put down, so that a tile may move onto its own
    /// cells; answers each piece moved with where it stood and where it stands now, in the
    /// order of `steps`. The caller has checked that every target is empty or a start.
    pub fn move_tile(
        &mut self,
        steps: &[(Pos, Pos)],
        trail: &mut Vec<Undo>,
    ) -> smallvec::SmallVec<[(Pos, Pos, Piece); 8]> {
        let mut moved = smallvec::SmallVec::new();
        for &(from, to) in steps {
            if let Some(piece) = self.cells.get(from.index()).copied().flatten() {
                self.set_cell(from, None, trail);
                moved.push((from, to, piece));
            }
        }
        for &(_, to, piece) in &moved {
            self.set_cell(to, Some(piece), trail);
        }
        moved
    }

    /// Removes the piece at the current position (the cell is trailed); answers it. Errors when
    /// the position is empty.
    pub fn capture(&mut self, trail: &mut Vec<Undo>) -> Result<Piece, GenErrorKind> {
        let piece = self.here().ok_or(GenErrorKind::CaptureEmpty)?;
        self.set_cell(self.current, None, trail);
        Ok(piece)
    }

    /// Puts `piece` at the current position (the cell is trailed); answers what it replaced.
    pub fn put_here(&mut self, piece: Piece, trail: &mut Vec<Undo>) -> Option<Piece> {
        let replaced = self.here();
        self.set_cell(self.current, Some(piece), trail);
        replaced
    }

    /// Puts the hand's piece at the current position (the cell is trailed); answers it and what
    /// it replaced. Errors when the hand is empty.
    pub fn drop(&mut self, trail: &mut Vec<Undo>) -> Result<(Piece, Option<Piece>), GenErrorKind> {
        let piece = self.hand.take().ok_or(GenErrorKind::DropEmptyHand)?;
        let replaced = self.here();
        self.set_cell(self.current, Some(piece), trail);
        Ok((piece, replaced))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// a3 b3 c3 / a2 b2 c2 / a1 b1 c1, with directions n and s.
    fn board() -> Board {
        let names = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let mut b = Board::new("b", vec![names("a b c"), names("3 2 1")]).unwrap();
        b.add_direction("n", &[0, -1]).unwrap();
        b.add_direction("s", &[0, 1]).unwrap();
        b
    }

    /// The names with no attributes or turn variables.
    fn names(pieces: &IndexSet<String>) -> GameNames<'_> {
        let empty: &'static IndexSet<String> = Box::leak(Box::default());
        GameNames {
            pieces,
            attributes: empty,
            turn_variables: empty,
        }
    }

    #[test]
    fn a_line_along_a_direction_without_offset_ends() {
        let names = |t: &str| t.split(' ').map(String::from).collect::<Vec<_>>();
        let mut b = Board::new("b", vec![names("a b c"), names("1")]).unwrap();
        b.add_direction("stay", &[0, 0]).unwrap();
        let mut st = State {
            cells: vec![man(0), man(0), None],
            ..State::default()
        };
        st.current = Pos(0);
        assert_eq!(
            st.line_length(&b),
            4,
            "1 and a run capped at the board's 3 cells"
        );
    }

    #[test]
    fn attributes_turn_variables_and_attack_tests_resolve() {
        let b = board();
        let pieces: IndexSet<String> = ["Man".to_string()].into_iter().collect();
        let attributes: IndexSet<String> = ["fresh".to_string()].into_iter().collect();
        let turn: IndexSet<String> = ["ep".to_string()].into_iter().collect();
        let names = GameNames {
            pieces: &pieces,
            attributes: &attributes,
            turn_variables: &turn,
        };
        assert_eq!(resolve(&b, names, "fresh"), Some(StateName::Attribute(0)));
        assert_eq!(resolve(&b, names, "ep"), Some(StateName::TurnVariable(0)));
        assert_eq!(
            resolve(&b, names, "not-attacked?"),
            Some(StateName::Attacked(false))
        );
    }

    #[test]
    fn attributes_read_here_and_set_in_the_hand_and_move_piece_is_undone() {
        let mut st = State {
            cells: vec![man(0), None, man(1)],
            ..State::default()
        };
        let mut trail = Vec::new();
        assert!(!st.attr_here(0));
        st.take(&mut trail).unwrap();
        st.set_hand_attr(0, true).unwrap();
        st.drop(&mut trail).unwrap();
        assert!(st.attr_here(0));
        assert_eq!(st.hand, None);
        assert_eq!(
            st.set_hand_attr(0, true),
            Err(GenErrorKind::SetAttrEmptyHand)
        );
        let (moved, replaced) = st.move_piece(Pos(2), &mut trail).unwrap();
        assert!(moved.attr(0));
        assert_eq!(replaced, man(1));
        assert_eq!(st.cells[0], None);
        for undo in trail.into_iter().rev() {
            if let Undo::Cell(pos, piece) = undo {
                st.restore_cell(pos, piece);
            }
        }
        assert_eq!(st.cells, vec![man(0), None, man(1)]);
        st.current = Pos(1);
        assert_eq!(
            st.move_piece(Pos(0), &mut Vec::new()),
            Err(GenErrorKind::MoveEmpty)
        );
    }

    fn man(owner: u8) -> Option<Piece> {
        Some(Piece::new(PlayerId(owner), PieceKind(0)))
    }

    #[test]
    fn counts_by_owner_and_by_type() {
        let king = |owner: u8| Some(Piece::new(PlayerId(owner), PieceKind(1)));
        let st = State {
            cells: vec![man(0), king(0), man(1), man(1), None, king(1)],
            ..State::default()
        };
        assert_eq!((st.count(true), st.count(false)), (2, 3));
        assert_eq!(st.count_of(true, PieceKind(1)), 1);
        assert_eq!(st.count_of(false, PieceKind(0)), 2);
        assert_eq!(st.count_of(false, PieceKind(2)), 0);
    }

    #[test]
    fn resolves_in_order_queries_positions_directions_pieces() {
        let b = board();
        let pieces: IndexSet<String> = ["Man".to_string()].into_iter().collect();
        assert_eq!(
            resolve(&b, names(&pieces), "is-empty?"),
            Some(StateName::Query(Query::IsEmpty))
        );
        assert_eq!(
            resolve(&b, names(&pieces), "a1"),
            b.position("a1").map(StateName::Position)
        );
        assert_eq!(
            resolve(&b, names(&pieces), "n"),
            b.direction("n").map(StateName::Direction)
        );
        assert_eq!(
            resolve(&b, names(&pieces), "Man"),
            Some(StateName::Piece(PieceKind(0)))
        );
        assert_eq!(resolve(&b, names(&pieces), "captured"), None);
    }

    #[test]
    fn navigation_respects_symmetry_and_edges() {
        let b = board();
        let (n, s) = (b.direction("n").unwrap(), b.direction("s").unwrap());
        let mut st = State {
            cells: vec![None; 9],
            current: b.position("b1").unwrap(),
            ..State::default()
        };
        assert!(st.navigate(&b, &[], n));
        assert_eq!(b.position_name(st.current), "b2");
        // A player whose symmetry swaps n and s goes the other way.
        assert!(st.navigate(&b, &[s, n], n));
        assert_eq!(b.position_name(st.current), "b1");
        assert!(!st.navigate(&b, &[], s), "off the board");
        assert_eq!(b.position_name(st.current), "b1", "a failed step stays put");
    }

    #[test]
    fn queries_see_friends_and_enemies() {
        let b = board();
        let mut st = State {
            cells: vec![None; 9],
            player: PlayerId(0),
            ..State::default()
        };
        st.cells[0] = man(0);
        st.cells[1] = man(1);
        st.current = Pos(0);
        assert_eq!(st.query(Query::IsFriend), Value::Bool(true));
        assert_eq!(st.query(Query::NotEnemy), Value::Bool(true));
        assert_eq!(st.query(Query::Player), Value::Player(PlayerId(0)));
        st.current = Pos(1);
        assert_eq!(st.query(Query::IsEnemy), Value::Bool(true));
        assert_eq!(st.query(Query::Piece), Value::Piece(PieceKind(0)));
        st.current = Pos(2);
        assert_eq!(st.query(Query::IsEmpty), Value::Bool(true));
        assert_eq!(st.query(Query::Player), Value::Bool(false));
        assert_eq!(st.query(Query::Position), Value::Pos(Pos(2)));
        let _ = b;
    }

    #[test]
    fn take_drop_capture_are_undone_from_the_trail() {
        let mut st = State {
            cells: vec![None; 9],
            ..State::default()
        };
        st.cells[0] = man(0);
        st.cells[4] = man(1);
        let before = st.cells.clone();
        let mut trail = Vec::new();
        st.current = Pos(0);
        assert_eq!(
            st.take(&mut trail),
            Ok(Piece::new(PlayerId(0), PieceKind(0)))
        );
        assert_eq!(st.take(&mut trail), Err(GenErrorKind::HandFull));
        st.current = Pos(4);
        assert!(st.capture(&mut trail).is_ok());
        st.current = Pos(8);
        assert_eq!(st.drop(&mut trail).map(|(_, replaced)| replaced), Ok(None));
        assert_eq!(st.drop(&mut trail), Err(GenErrorKind::DropEmptyHand));
        assert_eq!(st.cells[8], man(0));
        while let Some(Undo::Cell(pos, old)) = trail.pop() {
            st.restore_cell(pos, old);
        }
        assert_eq!(st.cells, before);
    }

    #[test]
    fn capture_later_marks_and_blocks_and_promote_changes_the_hand() {
        let mut st = State {
            cells: vec![None; 9],
            captured: vec![false; 9],
            ..State::default()
        };
        st.cells[4] = man(1);
        st.current = Pos(4);
        let mut trail = Vec::new();
        assert_eq!(st.query(Query::NotCaptured), Value::Bool(true));
        assert!(st.capture_later(&mut trail).is_ok());
        assert_eq!(st.cells[4], man(1), "the piece stays until the move ends");
        assert_eq!(st.query(Query::IsCaptured), Value::Bool(true));
        assert_eq!(
            st.capture_later(&mut trail),
            Err(GenErrorKind::CapturedTwice)
        );
        assert_eq!(trail, vec![Undo::Mark(Pos(4), Mark::Captured)]);
        st.clear_mark(Pos(4), Mark::Captured);
        assert!(!st.is_captured());
        assert_eq!(
            st.promote(PieceKind(1)),
            Err(GenErrorKind::PromoteEmptyHand)
        );
        st.hand = man(0);
        assert!(st.promote(PieceKind(1)).is_ok());
        assert_eq!(st.hand.map(|p| p.kind), Some(PieceKind(1)));
    }

    #[test]
    fn visit_marks_empty_and_occupied_positions_once() {
        let mut st = State {
            cells: vec![None; 9],
            ..State::default()
        };
        st.cells[4] = man(1);
        let mut trail = Vec::new();
        st.current = Pos(3);
        assert_eq!(st.query(Query::IsVisited), Value::Bool(false));
        assert_eq!(st.query(Query::NotVisited), Value::Bool(true));
        st.visit(&mut trail);
        st.visit(&mut trail);
        assert_eq!(st.query(Query::IsVisited), Value::Bool(true));
        st.current = Pos(4);
        assert!(
            !st.is_visited(),
            "a mark is the position's, not its piece's"
        );
        st.visit(&mut trail);
        assert_eq!(st.cells[4], man(1), "a mark moves nothing");
        assert_eq!(
            trail,
            vec![
                Undo::Mark(Pos(3), Mark::Visited),
                Undo::Mark(Pos(4), Mark::Visited)
            ]
        );
        st.clear_mark(Pos(4), Mark::Visited);
        assert!(!st.is_visited());
        st.current = Pos(3);
        assert!(st.is_visited());
    }

    /// A 5x5 board with the four orthogonal directions; `at(file, rank)` from 0 and 1.
    fn board_5x5() -> Board {
        let names = |t: &str| t.split(' ').map(String::from).collect::<Vec<_>>();
        let mut b = Board::new("b", vec![names("a b c d e"), names("5 4 3 2 1")]).unwrap();
        for (name, offsets) in [("n", [0, -1]), ("s", [0, 1]), ("e", [1, 0]), ("w", [-1, 0])] {
            b.add_direction(name, &offsets).unwrap();
        }
        b
    }

    fn at(file: usize, rank: usize) -> Pos {
        Pos((file + 5 * (5 - rank)) as u16)
    }

    /// The eight cells round c3, owned by player 0.
    fn ring_round_c3() -> State {
        let mut st = State {
            cells: vec![None; 25],
            ..State::default()
        };
        for (f, r) in [
            (1, 2),
            (2, 2),
            (3, 2),
            (1, 3),
            (3, 3),
            (1, 4),
            (2, 4),
            (3, 4),
        ] {
            st.cells[at(f, r).index()] = man(0);
        }
        st
    }

    #[test]
    fn a_group_touches_the_zones_it_has_a_piece_in() {
        let b = board_5x5();
        let mut zones = Zones::new(2, 25);
        let (top, corner, bottom) = (
            zones.declare("top"),
            zones.declare("corner"),
            zones.declare("bottom"),
        );
        (0..5).for_each(|f| zones.add(top, PlayerId(0), at(f, 5)));
        zones.add(corner, PlayerId(0), at(0, 1));
        zones.add(bottom, PlayerId(0), at(2, 1));
        // A column on file a from rank 5 down to 2, and a lone piece on c1.
        let mut st = State {
            cells: vec![None; 25],
            ..State::default()
        };
        for r in 2..=5 {
            st.cells[at(0, r).index()] = man(0);
        }
        st.cells[at(2, 1).index()] = man(0);
        st.current = at(0, 3);
        assert!(st.group_touches(&b, &zones, top));
        assert!(!st.group_touches(&b, &zones, corner), "a1 is empty");
        assert!(!st.group_touches(&b, &zones, bottom), "c1 is another group");
        st.current = at(2, 1);
        assert!(st.group_touches(&b, &zones, bottom));
        st.current = at(4, 4);
        assert!(
            !st.group_touches(&b, &zones, top),
            "no group on an empty square"
        );
    }

    #[test]
    fn a_group_encircles_a_cell_cut_off_from_the_edge_or_one_it_surrounds() {
        let b = board_5x5();
        let mut st = ring_round_c3();
        st.current = at(1, 2);
        assert!(st.encircles(&b), "the empty c3 is cut off from the edge");
        st.cells[at(2, 3).index()] = man(1);
        assert!(st.encircles(&b), "an enemy piece inside counts as well");
        st.cells[at(2, 3).index()] = man(0);
        assert!(
            st.encircles(&b),
            "c3 is the group's own, and every step from it lands on it"
        );
        st.current = at(0, 1);
        assert!(!st.encircles(&b), "no group on an empty square");
        let mut open = ring_round_c3();
        open.cells[at(3, 3).index()] = None;
        open.current = at(1, 2);
        assert!(!open.encircles(&b), "c3 reaches the edge through d3");
        // A group along the edge goes round nothing: a1 b1 c1 with a2 and c2.
        let mut edge = State {
            cells: vec![None; 25],
            ..State::default()
        };
        for (f, r) in [(0, 1), (1, 1), (2, 1), (0, 2), (2, 2)] {
            edge.cells[at(f, r).index()] = man(0);
        }
        edge.current = at(0, 1);
        assert!(!edge.encircles(&b), "b2 reaches the edge past the group");
    }

    #[test]
    fn seeds_resolve_are_set_trailed_and_restored() {
        let pieces = IndexSet::new();
        assert_eq!(
            resolve(&board(), names(&pieces), "seeds"),
            Some(StateName::Measure(Measure::Seeds))
        );
        let mut st = State {
            cells: vec![None; 9],
            seeds: vec![0; 9],
            current: Pos(4),
            ..State::default()
        };
        let mut trail = Vec::new();
        assert_eq!(st.seeds_here(), 0);
        assert_eq!(st.set_seeds(Value::Int(3), &mut trail), Ok(0));
        assert_eq!(st.set_seeds(Value::Bool(true), &mut trail), Ok(3));
        assert_eq!(st.seeds_here(), 1);
        assert_eq!(trail, vec![Undo::Seeds(Pos(4), 0), Undo::Seeds(Pos(4), 3)]);
        st.restore_seeds(Pos(4), 3);
        assert_eq!(st.seeds_here(), 3);
        assert_eq!(
            st.set_seeds(Value::Int(70_000), &mut trail),
            Err(GenErrorKind::SeedsOutOfRange(70_000))
        );
        assert_eq!(st.seeds_here(), 3, "a refused count changes nothing");
    }
}
