//! The turn schedule: which player moves on each turn, as `(turns ...)` writes it, or the
//! players in order when the game does not.

use dagaz_ir::PlayerId;

/// A place in the schedule and the player who moves there: what a position knows of whose
/// turn it is. The player alone is not enough when the schedule names a player on two turns
/// in a row (`(turns White White Black)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The player to move.
    pub player: PlayerId,
    /// Its place in the schedule, from 0. In the default schedule it is the player's index.
    pub place: u16,
}

impl Turn {
    /// The turn of `player` at place `place`.
    pub const fn new(player: PlayerId, place: u16) -> Turn {
        Turn { player, place }
    }
}

/// The most places a schedule may have (twice what is written, at worst; see
/// [`Schedule::new`]).
pub const MAX_TURNS: usize = 1024;

/// Why a schedule cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// No turn repeats: the game would stop after the last one.
    #[error("no turn after `repeat`: the turns that cycle must name a player")]
    NothingRepeats,
    /// More turns than [`MAX_TURNS`].
    #[error("too many turns (at most {MAX_TURNS})")]
    TooLong,
}

/// The turns of a game: a part played once, then a part that cycles for ever.
///
/// Each place knows the turn after it, so that passing the turn on is a lookup, as fast as the
/// round of players it replaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The player of each place.
    players: Vec<PlayerId>,
    /// The turn after each place.
    after: Vec<Turn>,
    /// The place of each place as written, from 0 (`turn-order` reads it plus 1).
    written: Vec<u16>,
    /// The places of the part that cycles: `cycle..players.len()`.
    cycle: u16,
    /// The first turn of each player, by player index; `None` for one that never moves.
    first_of: Vec<Option<Turn>>,
    /// `(chance PLAYER ...)`: whether each player, by index, moves by chance.
    chance: Vec<bool>,
    /// Whether any does: asked at every move played, so kept rather than searched for.
    any_chance: bool,
}

impl Schedule {
    /// Each of `count` players once, in order, for ever: the schedule of a game without
    /// `(turns ...)`. Place `i` is player `i`'s turn.
    pub fn round_robin(count: usize) -> Schedule {
        let all: Vec<PlayerId> = (0..count.clamp(1, 256)).map(player).collect();
        Schedule::build(&all, 0, count.max(1))
    }

    /// The turns of `once`, then those of `cycle` for ever, among `count` players (each
    /// index below `count`).
    ///
    /// When the part played once ends with another player than the cycle does, the cycle's
    /// first turn could follow either, and the position would not say who moved last; the
    /// cycle is then written out once more after `once`, so that each place has one place
    /// before it. Such a schedule's places in the first round of the cycle are not those of
    /// later rounds.
    pub fn new(
        once: &[PlayerId],
        cycle: &[PlayerId],
        count: usize,
    ) -> Result<Schedule, ScheduleError> {
        if cycle.is_empty() {
            return Err(ScheduleError::NothingRepeats);
        }
        let ambiguous = once.last().is_some_and(|p| Some(p) != cycle.last());
        let mut players = once.to_vec();
        let mut written: Vec<usize> = (0..once.len()).collect();
        if ambiguous {
            players.extend_from_slice(cycle);
            written.extend(once.len()..once.len() + cycle.len());
        }
        let start = players.len();
        players.extend_from_slice(cycle);
        written.extend(once.len()..once.len() + cycle.len());
        if players.len() > MAX_TURNS {
            return Err(ScheduleError::TooLong);
        }
        let mut schedule = Schedule::build(&players, start, count);
        schedule.written = written.into_iter().map(|w| w as u16).collect();
        Ok(schedule)
    }

    /// The schedule of `players` whose cycle starts at `start`, each place as written.
    fn build(players: &[PlayerId], start: usize, count: usize) -> Schedule {
        let len = players.len();
        let after = (0..len)
            .filter_map(|i| {
                let next = if i + 1 < len { i + 1 } else { start };
                Some(Turn::new(*players.get(next)?, next as u16))
            })
            .collect();
        let mut first_of = vec![None; count];
        for (place, &p) in players.iter().enumerate().rev() {
            if let Some(slot) = first_of.get_mut(p.index()) {
                *slot = Some(Turn::new(p, place as u16));
            }
        }
        Schedule {
            players: players.to_vec(),
            after,
            written: (0..len as u16).collect(),
            cycle: start as u16,
            first_of,
            chance: vec![false; count],
            any_chance: false,
        }
    }

    /// The first turn: where a game starts.
    pub fn first(&self) -> Turn {
        Turn::new(self.players.first().copied().unwrap_or(PlayerId(0)), 0)
    }

    /// The turn after `turn`: the next place, or the cycle's first after its last.
    #[inline]
    pub fn next(&self, turn: Turn) -> Turn {
        self.after
            .get(usize::from(turn.place))
            .copied()
            .unwrap_or_else(|| self.first())
    }

    /// The first turn of `player` from `from` on (`from` itself when it is `player`'s): where
    /// a move with `(turn-to PLAYER)` passes the turn. `from` when `player` never moves.
    pub fn next_of(&self, player: PlayerId, from: Turn) -> Turn {
        let mut turn = from;
        for _ in 0..self.players.len() {
            if turn.player == player {
                return turn;
            }
            turn = self.next(turn);
        }
        from
    }

    /// The turn before `turn`: the place before it (unique, see [`Schedule::new`]); before the
    /// first, the last (in the default schedule, the last player, as if a round had been
    /// played).
    pub fn previous(&self, turn: Turn) -> Turn {
        let last = self.players.len().saturating_sub(1);
        let place = match usize::from(turn.place) {
            0 => last,
            p => (p - 1).min(last),
        };
        Turn::new(
            self.players.get(place).copied().unwrap_or(turn.player),
            place as u16,
        )
    }

    /// `player`'s first turn: where a setup or a FEN with `player` to move starts. `None`
    /// for a player who never moves.
    pub fn turn_of(&self, player: PlayerId) -> Option<Turn> {
        self.first_of.get(player.index()).copied().flatten()
    }

    /// The place of `turn` as the `(turns ...)` clause writes it, from 1: what `turn-order`
    /// reads. In the default schedule, the mover's place in `players`.
    pub fn order(&self, turn: Turn) -> u16 {
        let place = usize::from(turn.place);
        self.written.get(place).copied().unwrap_or(turn.place) + 1
    }

    /// How many turns a round of the cycle has: as many passes in a row end a game that
    /// ends when every player passes.
    pub fn round(&self) -> usize {
        self.players.len() - usize::from(self.cycle)
    }

    /// The players who move, each once, in the order of their first turns.
    pub fn movers(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let mut firsts: Vec<Turn> = self.first_of.iter().flatten().copied().collect();
        firsts.sort_by_key(|t| t.place);
        firsts.into_iter().map(|t| t.player)
    }

    /// Whether `player` moves by chance (`(chance PLAYER)`): its move is drawn at random among
    /// its moves, each as likely as its weight says, not chosen.
    #[inline]
    pub fn is_chance(&self, player: PlayerId) -> bool {
        self.chance.get(player.index()).copied().unwrap_or(false)
    }

    /// The turn that another turn (`another-turn`) of `turn` gives: `turn` itself, or in a
    /// game of chance the first of the chance turns right before it, so that the mover rolls
    /// again before it moves again.
    pub fn again(&self, turn: Turn) -> Turn {
        let mut first = turn;
        for _ in 0..self.players.len() {
            let before = self.previous(first);
            if !self.is_chance(before.player) || before == turn {
                break;
            }
            first = before;
        }
        first
    }

    /// Whether any player moves by chance.
    #[inline]
    pub fn has_chance(&self) -> bool {
        self.any_chance
    }

    /// How many places the schedule has.
    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// Whether the schedule has no place; never true, since the cycle has one at least.
    pub fn is_empty(&self) -> bool {
        self.players.is_empty()
    }
}

/// The game's schedule: its `(turns ...)`, else each player once in order, and its
/// `(chance ...)` players. An unknown player is an error.
pub(crate) fn compile(
    game: &dagaz_syntax::Game,
    players: &indexmap::IndexSet<String>,
    errors: &mut Vec<crate::CompileError>,
) -> Schedule {
    let mut schedule = order(game, players, errors);
    for name in &game.chance {
        match crate::lookup::player(players, name) {
            Ok(p) => {
                if let Some(flag) = schedule.chance.get_mut(p.index()) {
                    *flag = true;
                    schedule.any_chance = true;
                }
            }
            Err(e) => errors.push(e),
        }
    }
    schedule
}

/// The order of the turns: the `(turns ...)`, else each player once in order. An unknown
/// player or a schedule too long is an error, and the default schedule stands in for it.
fn order(
    game: &dagaz_syntax::Game,
    players: &indexmap::IndexSet<String>,
    errors: &mut Vec<crate::CompileError>,
) -> Schedule {
    let default = Schedule::round_robin(players.len());
    let Some(turns) = &game.turns else {
        return default;
    };
    let resolve = |names: &[dagaz_syntax::Ident], errors: &mut Vec<crate::CompileError>| {
        let mut out = Vec::new();
        for name in names {
            match crate::lookup::player(players, name) {
                Ok(p) => out.push(p),
                Err(e) => errors.push(e),
            }
        }
        out
    };
    let before = errors.len();
    let once = resolve(&turns.once, errors);
    let cycle = resolve(&turns.cycle, errors);
    if errors.len() > before {
        return default;
    }
    Schedule::new(&once, &cycle, players.len()).unwrap_or_else(|_| {
        errors.push(crate::CompileError::too_many(
            "turns", MAX_TURNS, turns.span,
        ));
        default
    })
}

/// The player of index `i`.
fn player(i: usize) -> PlayerId {
    PlayerId(i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: PlayerId = PlayerId(0);
    const B: PlayerId = PlayerId(1);

    /// The players of `n` turns from the first.
    fn run(s: &Schedule, n: usize) -> Vec<u8> {
        let mut turn = s.first();
        let mut out = Vec::new();
        for _ in 0..n {
            out.push(turn.player.0);
            turn = s.next(turn);
        }
        out
    }

    #[test]
    fn the_default_is_each_player_once_in_order() {
        let s = Schedule::round_robin(3);
        assert_eq!(run(&s, 7), [0, 1, 2, 0, 1, 2, 0]);
        // Place i is player i's turn, as positions without a schedule have always had.
        for i in 0..3u8 {
            let t = s.turn_of(PlayerId(i)).unwrap();
            assert_eq!(t, Turn::new(PlayerId(i), u16::from(i)));
            assert_eq!(s.order(t), u16::from(i) + 1);
        }
        assert_eq!(s.previous(s.first()).player, PlayerId(2));
        assert_eq!(s.round(), 3);
    }

    #[test]
    fn a_part_played_once_then_a_cycle() {
        // White once, then Black twice and White twice for ever.
        let s = Schedule::new(&[W], &[B, B, W, W], 2).unwrap();
        assert_eq!(run(&s, 9), [0, 1, 1, 0, 0, 1, 1, 0, 0]);
        assert_eq!(
            s.len(),
            5,
            "both parts end with White: nothing written out twice"
        );
        let second_black = s.next(s.next(s.first()));
        assert_eq!(second_black.player, B);
        assert_ne!(
            second_black,
            s.next(s.first()),
            "two Black turns, two places"
        );
        assert_eq!(s.previous(s.next(s.first())).player, W);
        assert_eq!(s.round(), 4);
    }

    #[test]
    fn every_place_has_one_place_before_it() {
        // The part played once ends with Black, the cycle with White: the cycle's first
        // turn follows either, so the cycle is written out once more.
        let s = Schedule::new(&[W, B], &[W, W, B, W], 2).unwrap();
        assert_eq!(s.len(), 10);
        let mut turn = s.first();
        let mut before = turn;
        for _ in 0..40 {
            turn = s.next(turn);
            assert_eq!(s.previous(turn).player, before.player);
            before = turn;
        }
        // `turn-order` reads the places as written.
        let orders: Vec<u16> = (0..8)
            .scan(s.first(), |t, _| {
                let o = s.order(*t);
                *t = s.next(*t);
                Some(o)
            })
            .collect();
        assert_eq!(orders, [1, 2, 3, 4, 5, 6, 3, 4]);
    }

    #[test]
    fn players_who_never_move_have_no_turn() {
        let s = Schedule::new(&[], &[W, W, B], 3).unwrap();
        assert_eq!(run(&s, 6), [0, 0, 1, 0, 0, 1]);
        assert_eq!(s.turn_of(PlayerId(2)), None);
        assert_eq!(s.turn_of(B), Some(Turn::new(B, 2)));
        assert_eq!(s.movers().collect::<Vec<_>>(), [W, B]);
    }

    #[test]
    fn a_schedule_must_repeat_something() {
        assert_eq!(
            Schedule::new(&[W, B], &[], 2),
            Err(ScheduleError::NothingRepeats)
        );
        let long = vec![W; MAX_TURNS + 1];
        assert_eq!(Schedule::new(&[], &long, 2), Err(ScheduleError::TooLong));
    }

    #[test]
    fn turn_to_finds_the_player_s_next_place() {
        // Backgammon's: an opening roll once, then White, a roll, Black, a roll.
        let (opener, white, dice, black) = (PlayerId(0), PlayerId(1), PlayerId(2), PlayerId(3));
        let s = Schedule::new(&[opener], &[white, dice, black, dice], 4).unwrap();
        let after_opening = s.next(s.first());
        assert_eq!(after_opening, Turn::new(white, 1));
        assert_eq!(s.next_of(white, after_opening), after_opening);
        assert_eq!(s.next_of(black, after_opening), Turn::new(black, 3));
        // The first round is written out (places 1-4, the cycle 5-8): from the cycle's last
        // place on, round it; a player who never moves there changes nothing.
        assert_eq!(s.next_of(white, Turn::new(dice, 8)), Turn::new(white, 5));
        assert_eq!(s.next_of(opener, after_opening), after_opening);
    }

    #[test]
    fn another_turn_goes_back_to_the_throw_before_the_mover() {
        let (dice, white, black) = (PlayerId(0), PlayerId(1), PlayerId(2));
        let mut s = Schedule::new(&[], &[dice, white, dice, black], 3).unwrap();
        assert_eq!(s.again(Turn::new(white, 1)), Turn::new(white, 1));
        s.chance[0] = true;
        s.any_chance = true;
        assert_eq!(s.again(Turn::new(white, 1)), Turn::new(dice, 0));
        assert_eq!(s.again(Turn::new(black, 3)), Turn::new(dice, 2));
        // Two throws in a row go back to the first; a schedule of chance alone stays put.
        let mut t = Schedule::new(&[], &[dice, dice, white], 2).unwrap();
        t.chance[0] = true;
        t.any_chance = true;
        assert_eq!(t.again(Turn::new(white, 2)), Turn::new(dice, 0));
        let mut u = Schedule::round_robin(1);
        u.chance[0] = true;
        u.any_chance = true;
        assert_eq!(u.again(Turn::new(dice, 0)), Turn::new(dice, 0));
    }
}
