//! The game as the engine holds it: the compiled [`Rules`] and the start position.

use crate::error::LoadError;
use crate::moves::Move;
use crate::position::{PlayUndo, Position};
use dagaz_compiler::{AttackTest, Evaluation, FenSpec, Goal, HistoryGoal, Rules, SearchPreference};
use dagaz_ir::{Action, Board, PieceKind, PlayerId, StrId, Zones};
use dagaz_sexpr::Node;
use dagaz_vm::native::{CompiledChain, NativeChain};

#[cfg(test)]
mod tests;

/// `forms` with their `include`s replaced by the forms `read` gives (as text, read here), with
/// the errors of the includes.
pub(crate) fn resolve_includes(
    forms: &[Node],
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> (Vec<Node>, Vec<dagaz_syntax::SyntaxError>) {
    if !dagaz_syntax::has_includes(forms) {
        return (forms.to_vec(), Vec::new());
    }
    dagaz_syntax::resolve_includes(forms, &mut |name| {
        let text = read(name)?;
        dagaz_sexpr::read(&text).map_err(|e| {
            let at = dagaz_sexpr::LineIndex::new(&text).line_col(e.span.start);
            format!("{}:{}: {}", at.line, at.col, e.kind)
        })
    })
}

/// A loaded and compiled game.
///
/// ```
/// let game = dagaz_engine::Game::load(
///     r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name n) 0 -1))
///        (piece (name Man) (pre (check is-friend?) (take))
///                          (move (check n) (check is-empty?) (log position)) (post (drop)))
///        (game (name tiny) (board b) (players (White (Man a1 b1)) (Black)))"#,
/// )?;
/// assert_eq!(game.name(), "tiny");
/// assert_eq!(game.player_count(), 2);
/// # Ok::<(), dagaz_engine::LoadError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) rules: Rules,
    initial: Position,
    /// The programs compiled to native code ([`Game::attach_native`]): by piece type, its
    /// chain's code and its `drops` chain's; empty until attached.
    native: Vec<(Option<NativeChain>, Option<NativeChain>)>,
    /// Whether a piece's chain reads `turn-number`: where none does, an attack test's answer
    /// does not depend on it, and stands from one turn to the next.
    reads_turn_number: bool,
    /// Tells this game (and its clones, which have the same rules) from every other loaded
    /// in this process: what a generator remembers between positions is kept per game.
    id: u64,
}

/// The next [`Game`]'s id.
static NEXT_GAME_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// Public methods that answer what the compiled rules say, unchanged.
macro_rules! ask_the_rules {
    ($($(#[$doc:meta])* fn $name:ident(&self $(, $arg:ident: $ty:ty)*) -> $ret:ty;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(&self $(, $arg: $ty)*) -> $ret {
                self.rules.$name($($arg),*)
            }
        )*
    };
}

impl Game {
    /// Reads and compiles a `.game` text.
    pub fn load(text: &str) -> Result<Game, LoadError> {
        Ok(Game::new(dagaz_compiler::load(text)?))
    }

    /// Reads and compiles a `.game` text whose `(include "FILE")` forms name other game files:
    /// `read` answers the text of such a file (by the name the `include` gives), or why it
    /// cannot. The included forms come first, and this text's forms override them (see
    /// `docs/language.md`, `(include ...)`).
    pub fn load_with(
        text: &str,
        read: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<Game, LoadError> {
        let forms = dagaz_sexpr::read(text)?;
        let (forms, errors) = resolve_includes(&forms, read);
        if let Some(e) = errors.into_iter().next() {
            return Err(LoadError::Compile(e.into()));
        }
        Ok(Game::compile(&forms)?)
    }

    /// Translates and compiles variant `variant` of a Zillions rules file (`.zrf`; 0 is its
    /// `(game ...)`, see [`dagaz_zrf::variants`]), whose `(include "FILE")` forms `read`
    /// answers.
    pub fn load_zrf(
        text: &str,
        variant: usize,
        read: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<Game, LoadError> {
        let forms = dagaz_zrf::translate(text, variant, read)?;
        Ok(Game::compile(&forms)?)
    }

    /// Compiles the forms of a game file, already read.
    pub fn compile(forms: &[Node]) -> Result<Game, dagaz_compiler::CompileError> {
        Ok(Game::new(dagaz_compiler::compile(forms)?))
    }

    /// Compiles the forms of a game file, with every error in the order of the text; the game
    /// is built as far as the errors allow (for `check`'s lints), and must not be played when
    /// there is an error.
    pub fn compile_all(forms: &[Node]) -> (Option<Game>, Vec<dagaz_compiler::CompileError>) {
        let (rules, errors) = dagaz_compiler::compile_all(forms);
        (rules.map(Game::new), errors)
    }

    fn new(rules: Rules) -> Game {
        let mut initial = Position::empty(rules.board.len(), rules.turns.first());
        initial.set_hands(rules.hands.clone(), rules.pieces.len());
        initial.set_seeds(rules.seeds.clone());
        for (i, piece) in rules.initial.iter().enumerate() {
            if let (Some(piece), Some(pos)) = (piece, dagaz_ir::Pos::from_index(i)) {
                initial.put(pos, Some(*piece));
            }
        }
        if rules.positional_superko || rules.superko_draws {
            initial.start_boards();
        }
        let reads_turn_number = rules.pieces.iter().any(|ty| {
            std::iter::once(&ty.program)
                .chain(&ty.drops)
                .any(|program| program.ops.contains(&dagaz_ir::Op::TurnNumber))
        });
        Game {
            rules,
            initial,
            native: Vec::new(),
            reads_turn_number,
            id: NEXT_GAME_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// The number that tells this game (and its clones) from every other loaded here.
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Whether every position with the same [`Position::zobrist`] as `position` has the
    /// same moves, so that a move (and a count of moves) found once may stand for the key:
    /// not where a chain reads `turn-number`, which the key leaves out, nor where the
    /// position carries the boards its game has had (positional superko).
    pub fn moves_follow_the_key(&self, position: &Position) -> bool {
        !self.reads_turn_number && position.boards_seen().is_none()
    }

    /// Whether a piece's chain reads `turn-number`.
    pub(crate) fn reads_turn_number(&self) -> bool {
        self.reads_turn_number
    }

    /// Runs compiled code instead of the interpreter for each program of the game whose
    /// commands are exactly those of an entry of `chains` (the table `dagaz-native` builds for
    /// the shipped games); the others stay interpreted. Returns how many programs (pieces'
    /// chains and `drops` chains) now run compiled. Moves, perft and every error are the same
    /// either way: compiled code runs the interpreter's own commands.
    pub fn attach_native(&mut self, chains: &[CompiledChain]) -> usize {
        let find = |program: &dagaz_ir::Program| {
            chains
                .iter()
                .find(|c| c.stands_for(program))
                .map(|c| c.chain)
        };
        self.native = self
            .rules
            .pieces
            .iter()
            .map(|ty| (find(&ty.program), ty.drops.as_ref().and_then(find)))
            .collect();
        self.native_programs().0
    }

    /// How many programs run compiled code (see [`Game::attach_native`]), of how many.
    pub fn native_programs(&self) -> (usize, usize) {
        let compiled = self
            .native
            .iter()
            .map(|(a, b)| usize::from(a.is_some()) + usize::from(b.is_some()))
            .sum();
        let all = self
            .rules
            .pieces
            .iter()
            .map(|ty| 1 + usize::from(ty.drops.is_some()))
            .sum();
        (compiled, all)
    }

    /// The compiled code of piece type `kind`'s chain, or of its `drops` chain.
    pub(crate) fn native_chain(&self, kind: PieceKind, drops: bool) -> Option<NativeChain> {
        self.native
            .get(kind.index())
            .and_then(|&(chain, drop_chain)| if drops { drop_chain } else { chain })
    }

    /// Starts the history a position built from nothing (the start, a setup, a FEN) carries:
    /// with `(superko positional)` or `(superko draw)`, its board is the first the game has had.
    pub(crate) fn start_history(&self, position: &mut Position) {
        if self.rules.positional_superko || self.rules.superko_draws {
            position.start_boards();
        }
    }

    /// An empty board with `to_move` to play, on its first turn in the schedule: no turns
    /// played, and hands empty but those that never run out. Setups and FEN start from it.
    pub(crate) fn empty_position(&self, to_move: PlayerId) -> Position {
        let mut position = Position::empty(self.rules.board.len(), self.turn_of(to_move));
        let hands = self
            .rules
            .hands
            .iter()
            .map(|&n| if n == dagaz_compiler::UNLIMITED { n } else { 0 })
            .collect();
        position.set_hands(hands, self.rules.pieces.len());
        position.set_seeds(vec![0; self.rules.seeds.len()]);
        position
    }

    /// What a run of `program` reads, for a player with `symmetry`; `native`, its compiled
    /// code if it has some.
    pub(crate) fn context<'a>(
        &'a self,
        (program, native): (&'a dagaz_ir::Program, Option<NativeChain>),
        players: &'a dagaz_vm::env::players::Players,
        symmetry: &'a [dagaz_ir::Dir],
        limits: dagaz_vm::StepLimits,
    ) -> dagaz_vm::Context<'a> {
        dagaz_vm::Context {
            board: &self.rules.board,
            zones: &self.rules.zones,
            strings: &self.rules.strings,
            program,
            players,
            symmetry,
            limits,
            native,
        }
    }

    /// The Players environment's answers for a generation in `position`.
    pub(crate) fn players_env(&self, position: &Position) -> dagaz_vm::env::players::Players {
        self.players_on(position.turn(), position.turns_played())
    }

    /// The Players environment's answers on `turn`, after `turns_played` turns.
    pub(crate) fn players_on(
        &self,
        turn: dagaz_compiler::Turn,
        turns_played: u32,
    ) -> dagaz_vm::env::players::Players {
        let schedule = &self.rules.turns;
        let next = schedule.next(turn).player;
        dagaz_vm::env::players::Players::new(turn.player, next, turns_played)
            .at_place(schedule.order(turn))
    }

    /// `player`'s first turn in the schedule; for a player who never moves, the first turn
    /// with `player` to move in it (a turn out of schedule, to ask what it could do).
    pub(crate) fn turn_of(&self, player: PlayerId) -> dagaz_compiler::Turn {
        let schedule = &self.rules.turns;
        schedule.turn_of(player).unwrap_or(dagaz_compiler::Turn {
            player,
            ..schedule.first()
        })
    }

    /// Which player moves on each turn: the game's `(turns ...)`, else each player once in the
    /// order of `players`.
    #[inline]
    pub fn turns(&self) -> &dagaz_compiler::Schedule {
        &self.rules.turns
    }

    /// The start position: the pieces the `players` clause places, the first player in turn
    /// order to move, no turns played. A fresh copy each time, to play on.
    pub fn initial_position(&self) -> Position {
        self.initial.clone()
    }

    /// The board: its positions (a [`crate::Pos`] is an index into them), directions and
    /// numbering.
    pub fn board(&self) -> &Board {
        &self.rules.board
    }

    /// The zones the game declares.
    pub fn zones(&self) -> &Zones {
        &self.rules.zones
    }

    /// How the game is drawn, as its `(view ...)` says: the board's style, colours and marks,
    /// each piece type's look (all empty for a game without one).
    pub fn view(&self) -> &crate::View {
        &self.rules.view
    }

    /// How the game says a player's piece of `kind` is drawn (`(glyph PLAYER "X")`), if it does.
    pub fn glyph(&self, owner: PlayerId, kind: PieceKind) -> Option<char> {
        self.rules
            .pieces
            .get(kind.index())?
            .glyphs
            .iter()
            .find(|(p, _)| *p == owner)
            .map(|&(_, c)| c)
    }

    /// How a player's piece of `kind` is drawn on a board of text: the glyph its type declares
    /// for its owner (`(glyph White "●")`); else, in a chess-like game (a standard FEN with the
    /// letters K Q R B N P), the Unicode chess figure of its FEN letter; else its FEN letter;
    /// else its name's first letter, capital for the first player.
    pub fn figure(&self, owner: PlayerId, kind: PieceKind) -> char {
        if let Some(c) = self.glyph(owner, kind) {
            return c;
        }
        if let Some(FenSpec::Standard(spec)) = self.fen_spec() {
            let letter = spec
                .letters
                .iter()
                .find(|(_, p)| p.owner == owner && p.kind == kind)
                .map(|(c, _)| *c);
            if let Some(c) = letter {
                return chess_figure(c).unwrap_or(c);
            }
        }
        let first = self.piece_name(kind).chars().next().unwrap_or('?');
        if owner.index() == 0 {
            first.to_ascii_uppercase()
        } else {
            first.to_ascii_lowercase()
        }
    }

    /// Whether the game may end while the side to move still has a move: a goal judged after
    /// every move, passes that end it when all pass, or a superko draw. Otherwise only a side
    /// to move without a legal move ends it (and the history goals, which a caller keeping the
    /// history judges).
    pub fn may_end_with_moves_left(&self) -> bool {
        let rules = &self.rules;
        !rules.goal_programs.is_empty()
            || rules.pass == Some(dagaz_compiler::PassRule::Always)
            || rules.superko_draws
    }

    /// Whether people write this game's moves in Standard Algebraic Notation (`(notation san)`):
    /// then [`crate::match_move`] reads SAN too and [`crate::san`] writes it.
    pub fn writes_san(&self) -> bool {
        self.rules.san
    }

    /// Whether people say whether a move promotes where promoting is optional (`(notation
    /// shogi)`): `2b3a+` promotes, `2b3a=` does not, and a bare `2b3a` that could be either is
    /// refused by [`crate::match_move`].
    pub fn asks_promotion(&self) -> bool {
        self.rules.asks_promotion
    }

    /// Whether the game keeps a score (`(score ...)`: Go's area count, the seeds of
    /// mancala) that decides it when it ends; [`crate::by_score`] reads it.
    pub fn keeps_score(&self) -> bool {
        self.rules.end_score.is_some()
    }

    /// Whether positions of this game hold hands (pieces off the board).
    pub fn has_hands(&self) -> bool {
        self.rules.has_hands()
    }

    /// How many piece types the game defines (kinds `0..piece_count()`, in the order the file
    /// defines them).
    pub fn piece_count(&self) -> usize {
        self.rules.pieces.len()
    }

    ask_the_rules! {
        /// The game's name.
        fn name(&self) -> &str;
        /// How many players take turns; at least one.
        fn player_count(&self) -> usize;
        /// A player by name; `None` when the game has no such player.
        fn player(&self, name: &str) -> Option<PlayerId>;
        /// A player's name; `"?"` for an id the game does not have.
        fn player_name(&self, player: PlayerId) -> &str;
        /// A piece type by name; `None` when the game defines no such type.
        fn piece_kind(&self, name: &str) -> Option<PieceKind>;
        /// A piece type's name; `"?"` for a kind the game does not have.
        fn piece_name(&self, kind: PieceKind) -> &str;
        /// How a piece type is written in move notation: its `(notation ...)`, else its name.
        fn piece_notation(&self, kind: PieceKind) -> &str;
        /// A string constant of the game's chains; empty for an id the game does not have.
        fn string(&self, id: StrId) -> &str;
        /// The name of the global variable in `slot`; `"?"` for a slot the game does not have.
        fn global_name(&self, slot: u16) -> &str;
        /// How many global variables the game's chains use (globals are created by use, not
        /// declared).
        fn global_count(&self) -> usize;
        /// Whether the mover may not leave a piece of this type attacked.
        fn is_royal(&self, kind: PieceKind) -> bool;
        /// Whether any piece type is royal; when none is, generation skips the royal rule.
        fn has_royal_pieces(&self) -> bool;
        /// How attacks are found, for `is-attacked?` and the royal rule.
        fn attack_test(&self) -> AttackTest;
        /// The goals judged when the side to move has no moves, in the order declared; the
        /// first that applies decides ([`crate::MoveGen::ending`]).
        fn goals(&self) -> &[Goal];
        /// How the game writes positions as FEN, when it declares it.
        fn fen_spec(&self) -> Option<&FenSpec>;
        /// The goals that look at the game's history: `(draw (repetition 3))`, ...
        fn history_goals(&self) -> &[HistoryGoal];
        /// Whether a move may not bring back a board the game has had (`(superko positional)`);
        /// [`Position::boards_seen`] counts them.
        fn positional_superko(&self) -> bool;
        /// Whether a move that brings back a board the game has had ends it in a draw (`(superko
        /// draw)`); [`Position::repeats_board`] says whether the last move did.
        fn superko_draws(&self) -> bool;
        /// The game's `(evaluation ...)`, or the default (every piece 100, mobility 1).
        fn evaluation(&self) -> &Evaluation;
        /// How the game asks the engine to choose its moves (`(search ...)`; alpha-beta when
        /// it does not say).
        fn search_preference(&self) -> SearchPreference;
        /// An attribute's bit in [`crate::Piece::attrs`], by name; `None` when the game
        /// declares no such attribute.
        fn attribute(&self, name: &str) -> Option<u8>;
        /// A turn variable's slot (for [`Position::turn_value`]), by name; `None` when the game
        /// declares no such turn variable.
        fn turn_variable(&self, name: &str) -> Option<usize>;
    }
}

/// The Unicode chess figure of a FEN letter of the six chess pieces.
fn chess_figure(letter: char) -> Option<char> {
    Some(match letter {
        'K' => '♔',
        'Q' => '♕',
        'R' => '♖',
        'B' => '♗',
        'N' => '♘',
        'P' => '♙',
        'k' => '♚',
        'q' => '♛',
        'r' => '♜',
        'b' => '♝',
        'n' => '♞',
        'p' => '♟',
        _ => return None,
    })
}

impl Position {
    /// Applies a move generated for this position and passes the turn to the next in the
    /// game's schedule (unless the move takes another turn).
    #[inline]
    pub fn play(&mut self, game: &Game, mv: &Move) -> PlayUndo {
        let next = next_turn(game, self.turn(), &mv.actions);
        let mover = self.turn();
        let undo = self.apply(mv, next, game.rules.turn_keep);
        self.roll_again(game, mover);
        undo
    }

    /// [`Position::play`] for a move given by its actions alone; [`Position::unplay_actions`]
    /// takes it back.
    pub(crate) fn play_actions(&mut self, game: &Game, actions: &[Action]) -> PlayUndo {
        let next = next_turn(game, self.turn(), actions);
        let mover = self.turn();
        let undo = self.apply_actions(actions, next, game.rules.turn_keep);
        self.roll_again(game, mover);
        undo
    }
}

/// The turn after a move of `turn` made of `actions`: the schedule's next place, or with a
/// `turn-to` (in a game that has one) the next place of the player it names.
#[inline]
fn next_turn(game: &Game, turn: dagaz_compiler::Turn, actions: &[Action]) -> dagaz_compiler::Turn {
    let next = game.rules.turns.next(turn);
    if !game.rules.turns_to {
        return next;
    }
    match actions.iter().rev().find_map(|a| match *a {
        Action::TurnTo { player } => Some(player),
        _ => None,
    }) {
        Some(player) => game.rules.turns.next_of(player, next),
        None => next,
    }
}
