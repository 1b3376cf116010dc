//! A game file loaded and the position a command works on: the game, its text (for
//! messages), the start (`--setup`, `--fen` or the game's), the `--moves` played on it, and
//! how a game without legal moves ended.

use crate::diagnostics::located;
use crate::{LimitArgs, PositionArgs};
use dagaz_engine::{Game, GameSource, GenError, GenErrorKind, MoveGen, Position, StepLimits};
use dagaz_search::GameRecord;
use std::path::Path;

/// A game file, its text (for messages), the position to work on and how it was reached.
pub(crate) struct Loaded {
    pub path: String,
    pub text: String,
    pub game: Game,
    pub limits: StepLimits,
    /// The game from the start (`--setup`, `--fen` or the game's) through the `--moves`.
    pub record: GameRecord,
}

impl Loaded {
    pub fn new(args: &PositionArgs) -> Result<Loaded, String> {
        let (game, source) = load_game(&args.game)?;
        let position = match (&args.setup, &args.fen) {
            (Some(setup), _) => game
                .setup(setup)
                .map_err(|e| located("--setup", setup, e.span, &e.to_string(), Some(SETUP_HELP)))?,
            (None, Some(fen)) => game
                .from_fen(fen)
                .map_err(|e| located("--fen", fen, e.span, &e.to_string(), None))?,
            (None, None) => game.initial_position(),
        };
        let record = GameRecord::with_quiet(position, args.fen.as_deref().map_or(0, half_moves));
        let mut loaded = Loaded {
            path: source.origin().to_string(),
            text: source.text().to_string(),
            game,
            limits: limits(&args.limits),
            record,
        };
        loaded.play(&args.moves)?;
        Ok(loaded)
    }

    /// Plays `moves` in order from the position.
    pub fn play(&mut self, moves: &[String]) -> Result<(), String> {
        let mut gen = self.generator();
        for (i, text) in moves.iter().enumerate() {
            let legal = gen
                .moves(&self.game, self.record.position())
                .map_err(|e| self.gen_error(&e))?;
            let mv = dagaz_engine::match_move(&self.game, &legal, text)
                .map_err(|e| format!("error: --moves: move {} ({text}): {e}\n", i + 1))?;
            self.record.play(&self.game, mv);
        }
        Ok(())
    }

    /// The position the command works on: after the `--moves`.
    pub fn position(&self) -> &Position {
        self.record.position()
    }

    pub fn generator(&self) -> MoveGen {
        MoveGen::new(self.limits)
    }

    pub fn gen_error(&self, e: &GenError) -> String {
        located(
            &self.path,
            &self.text,
            e.span,
            &e.to_string(),
            Some(&gen_help(&e.kind)),
        )
    }
}

const SETUP_HELP: &str =
    "a setup looks like \"(White (Man c3 i3)) (Black (Man d4 f6)) (turn White)\"";

/// The help line of a generation error: for a limit, the option that raises it.
fn gen_help(kind: &GenErrorKind) -> String {
    let option = match kind {
        GenErrorKind::StepLimit(_) => "--step-limit",
        GenErrorKind::TooManyMoves(_) => "--move-limit",
        GenErrorKind::TooManyChoices(_) => "--choice-limit",
        GenErrorKind::TooManyActions(_) => "--action-limit",
        GenErrorKind::TooLongNotation(_) => "--notation-limit",
        GenErrorKind::TooMuchVolume(_) => "--volume-limit",
        _ => return "the rule at this place failed while moves were generated".to_string(),
    };
    format!("a limit stopped the move generation here; {option} raises it")
}

/// The half-move clock of a standard FEN (its fifth field), 0 when absent or not a number.
pub(crate) fn half_moves(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(4)
        .and_then(|f| f.parse().ok())
        .unwrap_or(0)
}

pub(crate) fn limits(args: &LimitArgs) -> StepLimits {
    StepLimits {
        steps: args.step_limit,
        moves: args.move_limit,
        choices: args.choice_limit,
        actions: args.action_limit,
        notation: args.notation_limit,
        volume: args.volume_limit,
    }
}

thread_local! {
    /// Whether games loaded on this thread run the shipped games' compiled chains: set by each
    /// command line (on unless `--interpreter`).
    static NATIVE: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether the games [`load_game`] loads on this thread run compiled chains where they can.
pub(crate) fn use_native(on: bool) {
    NATIVE.with(|n| n.set(on));
}

/// The game a command line names (a path or a shipped game's name, see
/// [`crate::games::source`]), compiled; with its source, for messages and includes.
pub(crate) fn load_game(spec: &Path) -> Result<(Game, GameSource), String> {
    let source = crate::games::source(spec)?;
    let mut game = source.load().map_err(|e| {
        let text = source.text();
        let also = match &e {
            dagaz_engine::LoadError::Read(e) => e.end_of_text(text),
            _ => None,
        };
        crate::diagnostics::report_also(
            "error",
            source.origin(),
            &dagaz_sexpr::LineIndex::new(text),
            e.span(),
            &e.to_string(),
            None,
            also.map(|at| (at, dagaz_engine::END_OF_TEXT)),
        )
    })?;
    if NATIVE.with(std::cell::Cell::get) {
        game.attach_native(dagaz_native::CHAINS);
    }
    Ok((game, source))
}

/// The line `moves` prints for a position without legal moves: how the game ended.
pub(crate) fn game_over(loaded: &Loaded, gen: &mut MoveGen) -> Result<String, String> {
    let ended = gen
        .ending_without_moves(&loaded.game, loaded.position())
        .map_err(|e| loaded.gen_error(&e))?;
    Ok(format!(
        "{}\n",
        dagaz_search::describe(&loaded.game, &ended)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dagaz-loaded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_byte_that_is_not_utf8_is_located() {
        let path = temp("latin1.game", b"(board (name b)\n  (dim \"a\xE9\"))\n");
        let err = load_game(&path).err().unwrap();
        let shown = path.display();
        assert!(
            err.starts_with("error: the game file is not UTF-8 text: byte 0xE9 here\n"),
            "{err}"
        );
        assert!(err.contains(&format!("[ {shown}:2:10 ]")), "{err}");
    }

    #[test]
    fn game_text_is_read_up_to_its_limit() {
        let err = load_game(Path::new("/dev/zero")).err().unwrap();
        assert_eq!(
            err,
            "error: cannot read /dev/zero: a game file may hold at most 64 MiB of text\n"
        );
    }
}
