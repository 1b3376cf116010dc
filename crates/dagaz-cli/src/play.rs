//! The commands that search for a person: `bestmove` and `play`. They write as they go,
//! unlike the one-shot commands, which print their whole answer at the end.

use crate::board_text::{draw, last_move_cells, seen_from_above, Look};
use crate::failure::Failure;
use crate::info::info_line;
use crate::input::{read_line, Line};
use crate::loaded::{game_over, Loaded};
use crate::SearchArgs;
use dagaz_engine::{Game, Move, MoveGen, PlayerId, Position, StepLimits};
use dagaz_search::{GameOver, SearchLimits, Searcher};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::time::Duration;

/// `play`'s search limits: the options', else a second a move.
fn search_limits(args: &SearchArgs) -> SearchLimits {
    limits_or(
        args,
        SearchLimits {
            movetime: Some(Duration::from_secs(1)),
            ..SearchLimits::default()
        },
    )
}

/// `bestmove`'s search limits: the options', else depth 4, the same answer every time (scripts
/// rely on it).
fn bestmove_limits(args: &SearchArgs) -> SearchLimits {
    limits_or(
        args,
        SearchLimits {
            depth: Some(4),
            ..SearchLimits::default()
        },
    )
}

/// The limits the options give, or `otherwise` when they give none.
fn limits_or(args: &SearchArgs, otherwise: SearchLimits) -> SearchLimits {
    let limits = SearchLimits {
        depth: args.depth,
        nodes: args.nodes,
        movetime: args.movetime.map(Duration::from_millis),
    };
    if limits.depth.is_none() && limits.movetime.is_none() && limits.nodes.is_none() {
        return otherwise;
    }
    limits
}

/// A searcher for `game` as the options say.
fn new_searcher<'g>(game: &'g Game, gen_limits: StepLimits, args: &SearchArgs) -> Searcher<'g> {
    let mut searcher = Searcher::new(game, gen_limits, args.hash);
    if let Some(kind) = args.search {
        searcher.set_algorithm(kind.algorithm());
    }
    searcher.set_threads(args.threads);
    searcher
}

pub(crate) fn bestmove(
    loaded: &Loaded,
    args: &SearchArgs,
    out: &mut (dyn Write + Send),
) -> Result<(), Failure> {
    if loaded.game.is_chance(loaded.position()) {
        let who = loaded.game.player_name(loaded.position().to_move());
        return Err(Failure::BadInput(format!(
            "error: {who} moves by chance here: its move is drawn, not chosen (`dagaz moves` \
             lists the outcomes and their probabilities; `dagaz play` throws)\n"
        )));
    }
    let limits = bestmove_limits(args);
    let mut searcher = new_searcher(&loaded.game, loaded.limits, args);
    let mut lines = String::new();
    let found = searcher
        .search(&loaded.record, &limits, &mut |info| {
            let _ = writeln!(lines, "{}", info_line(&loaded.game, info));
        })
        .map_err(|e| loaded.gen_error(&e))?;
    let Some(best) = found.best else {
        // No move to play: say how the game ended, as `moves` does.
        return Err(Failure::GameOver(game_over(
            loaded,
            &mut loaded.generator(),
        )?));
    };
    let _ = writeln!(out, "{lines}{}", best.notation(&loaded.game));
    Ok(())
}

/// The players a person moves for: `none`, `both` (or `all`), a player's name (English
/// draughts' Black moves first), or `white`/`first` and `black`/`second` by order of play.
pub(crate) fn humans(game: &Game, who: &str) -> Result<Vec<bool>, String> {
    let count = game.player_count();
    let mut humans = vec![false; count];
    let named = (0..count).find(|&i| {
        PlayerId::from_index(i).is_some_and(|p| game.player_name(p).eq_ignore_ascii_case(who))
    });
    let chosen = match (who, named) {
        (_, Some(player)) => player..player + 1,
        ("none", None) => 0..0,
        ("both" | "all", None) => 0..count,
        ("white" | "first", None) => 0..1,
        ("black" | "second", None) => 1..2,
        (name, None) => {
            return Err(format!(
                "error: --human: expected white, black, both, none or a player of the game, found {name:?}\n"
            ))
        }
    };
    for human in humans.iter_mut().take(chosen.end).skip(chosen.start) {
        *human = true;
    }
    Ok(humans)
}

const PLAY_HELP: &str = "Type a move in the game's notation, or:
  moves    list the legal moves
  history  list the moves played
  undo     take back your last move (and the engine's answer)
  board    draw the board again, with the key
  fen      print the position as FEN
  quit     leave the game
";

/// A game in the terminal: the record, and what `play` keeps beside it.
struct Table<'l> {
    loaded: &'l mut Loaded,
    humans: &'l [bool],
    /// The plies played before `play` began (`--moves`): `undo` stops there.
    first: usize,
    /// Each ply of the record as a person reads it (SAN where the game writes it).
    written: Vec<String>,
    /// The board is drawn from the second player's side.
    flipped: bool,
}

impl<'l> Table<'l> {
    fn new(loaded: &'l mut Loaded, humans: &'l [bool]) -> Result<Table<'l>, String> {
        let written = written_history(loaded)?;
        // One person, against the engine, sees the board from their own side.
        let mut people = humans.iter().enumerate().filter(|(_, &h)| h);
        let flipped = match (people.next(), people.next()) {
            (Some((one, _)), None) => PlayerId::from_index(one)
                .is_some_and(|player| seen_from_above(&loaded.game, loaded.record.start(), player)),
            _ => false,
        };
        Ok(Table {
            first: loaded.record.len(),
            loaded,
            humans,
            written,
            flipped,
        })
    }

    fn game(&self) -> &Game {
        &self.loaded.game
    }

    fn position(&self) -> &Position {
        self.loaded.position()
    }

    /// Whether a person moves for the side to move.
    fn human_to_move(&self) -> bool {
        let side = self.position().to_move().index();
        self.humans.get(side).copied().unwrap_or(false)
    }

    /// The board as it stands, the last move marked, with the key when asked.
    fn board(&self, key: bool) -> String {
        let marked = self
            .loaded
            .record
            .moves()
            .last()
            .map(last_move_cells)
            .unwrap_or_default();
        let look = Look {
            flipped: self.flipped,
            marked,
            key,
        };
        draw(self.game(), self.position(), &look)
    }

    /// Plays `mv`, noting `text`, how a person writes it.
    fn play(&mut self, mv: &Move, text: String) {
        self.written.push(text);
        self.loaded.record.play(&self.loaded.game, mv);
    }

    /// The moves played, numbered by rounds: `1. e4 e5 2. Nf3`.
    fn history(&self) -> String {
        let count = self.game().player_count().max(1);
        let start = self.loaded.record.start().to_move().index();
        let mut out = String::new();
        for (i, text) in self.written.iter().enumerate() {
            let k = start + i;
            if k % count == 0 {
                let _ = write!(out, "{}. ", k / count + 1);
            } else if i == 0 {
                let _ = write!(out, "{}... ", k / count + 1);
            }
            let _ = write!(out, "{text} ");
        }
        out.trim_end().to_string()
    }

    /// The end of a game, finished or left: the moves played, when there were any.
    fn summary(&self, out: &mut (dyn Write + Send)) {
        if !self.written.is_empty() {
            let _ = writeln!(out, "moves: {}", self.history());
        }
    }

    /// `undo`: back to the last position where a person was to move, not past the first ply
    /// of `play`; whether anything was taken back (the board is then drawn again).
    fn undo(&mut self, out: &mut (dyn Write + Send)) -> bool {
        let mut undone = 0;
        while self.loaded.record.len() > self.first && self.loaded.record.undo().is_some() {
            self.written.pop();
            undone += 1;
            if self.human_to_move() {
                break;
            }
        }
        if undone == 0 {
            let _ = writeln!(out, "nothing to take back");
        }
        undone > 0
    }
}

/// Each ply of `loaded`'s record (its `--moves`) as a person reads it.
fn written_history(loaded: &Loaded) -> Result<Vec<String>, String> {
    let game = &loaded.game;
    let mut gen = loaded.generator();
    let mut position = loaded.record.start().clone();
    let mut all = Vec::new();
    for mv in loaded.record.moves() {
        let legal = gen
            .moves(game, &position)
            .map_err(|e| loaded.gen_error(&e))?;
        all.push(written(game, &mut gen, (&position, &legal), mv));
        position.play(game, mv);
    }
    Ok(all)
}

pub(crate) fn play(
    loaded: &mut Loaded,
    humans: &[bool],
    args: &SearchArgs,
    (max_plies, seed): (Option<u32>, u64),
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) -> Result<(), String> {
    let limits = search_limits(args);
    let mut dice = dagaz_engine::Rng::new(seed);
    let game = loaded.game.clone();
    let mut searcher = new_searcher(&game, loaded.limits, args);
    let mut gen = loaded.generator();
    let mut table = Table::new(loaded, humans)?;
    // The board is drawn when a person is to move in a new position (each ply when no one
    // plays), the key with it the first time.
    let mut redraw = Some(true);
    let nobody = !humans.contains(&true);
    loop {
        if let Some(key) = redraw.filter(|_| nobody || table.human_to_move()) {
            let _ = write!(out, "{}", table.board(key));
            redraw = None;
        }
        let Some(legal) = moves_left(&table, &mut gen, max_plies, out)? else {
            if redraw.is_some() {
                let _ = write!(out, "{}", table.board(false));
            }
            table.summary(out);
            return Ok(());
        };
        let (chosen, text) = if table.game().is_chance(table.position()) {
            chance_turn(&table, &mut gen, &legal, &mut dice, out)?
        } else if table.human_to_move() {
            match human_turn(&mut table, &mut gen, &legal, input, out) {
                Turn::Play(mv) => {
                    let text = written(table.game(), &mut gen, (table.position(), &legal), &mv);
                    (mv, text)
                }
                Turn::Again(again) => {
                    redraw = again.then_some(true);
                    continue;
                }
                Turn::Leave => {
                    table.summary(out);
                    return Ok(());
                }
            }
        } else {
            engine_turn(&mut searcher, (&table, &mut gen), (&limits, &legal), out)?
        };
        table.play(&chosen, text);
        // The key waits for the first board drawn.
        redraw = Some(redraw == Some(true));
    }
}

/// The legal moves of the position `play` has come to, or `None` (with why, written to
/// `out`) where the game is over or has gone on for `max_plies` since `play` began.
fn moves_left(
    table: &Table<'_>,
    gen: &mut MoveGen,
    max_plies: Option<u32>,
    out: &mut (dyn Write + Send),
) -> Result<Option<Vec<Move>>, String> {
    let (loaded, game) = (&*table.loaded, table.game());
    if let Some(over) = loaded.record.history_end(game) {
        let _ = writeln!(out, "{}", over.line());
        return Ok(None);
    }
    let legal = gen
        .moves(game, loaded.position())
        .map_err(|e| loaded.gen_error(&e))?;
    if legal.is_empty() {
        let ended = gen
            .ending_without_moves(game, loaded.position())
            .map_err(|e| loaded.gen_error(&e))?;
        let _ = writeln!(out, "{}", GameOver::from_ending(game, &ended).line());
        return Ok(None);
    }
    let plies = loaded.record.len().saturating_sub(table.first);
    if max_plies.is_some_and(|m| plies >= m as usize) {
        let _ = writeln!(
            out,
            "game stopped after {plies} plies (--max-plies): no result"
        );
        return Ok(None);
    }
    Ok(Some(legal))
}

/// What a person's turn in `play` came to.
enum Turn {
    /// This move is played.
    Play(Move),
    /// Nothing is played: the person is asked again, the board drawn first when `true`.
    Again(bool),
    /// The game is left unfinished.
    Leave,
}

/// The one status line, the prompt: who is to move, and whether in check.
fn status(table: &Table<'_>, gen: &mut MoveGen) -> String {
    let side = table.game().player_name(table.position().to_move());
    // A game without royal pieces is never in check; a rule that fails here fails again,
    // with its message, when the moves are generated.
    let check = gen
        .in_check(table.game(), table.position())
        .unwrap_or(false);
    format!("{side} to move{}> ", if check { ", in check" } else { "" })
}

/// A person's turn: a line read from `input`, a move among `legal` or a command.
fn human_turn(
    table: &mut Table<'_>,
    gen: &mut MoveGen,
    legal: &[Move],
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) -> Turn {
    let _ = write!(out, "{}", status(table, gen));
    let _ = out.flush();
    let line = match read_line(input) {
        None => {
            let _ = writeln!(out, "\nend of input: the game is left unfinished");
            return Turn::Leave;
        }
        Some(Line::Text(line)) => line,
        Some(bad) => {
            let _ = writeln!(out, "error: {}", bad.problem().unwrap_or_default());
            return Turn::Again(false);
        }
    };
    let text = line.trim();
    if let Some(turn) = command(table, legal, text, out) {
        return turn;
    }
    match dagaz_engine::match_move(table.game(), legal, text) {
        Ok(mv) => Turn::Play(mv.clone()),
        Err(e) => {
            let _ = writeln!(out, "{text}: {e}");
            Turn::Again(false)
        }
    }
}

/// One of `play`'s commands (`help`, `moves`, `undo`, ...), or `None` for a move.
fn command(
    table: &mut Table<'_>,
    legal: &[Move],
    text: &str,
    out: &mut (dyn Write + Send),
) -> Option<Turn> {
    let game = table.game();
    let answer = match text {
        "" => String::new(),
        "quit" | "exit" => {
            let _ = writeln!(out, "game left unfinished");
            return Some(Turn::Leave);
        }
        "help" | "?" => PLAY_HELP.to_string(),
        "board" => return Some(Turn::Again(true)),
        "fen" => game
            .to_fen(table.position())
            .unwrap_or_else(|| "(this game declares no FEN)".into()),
        "moves" => format!(
            "legal moves: {}",
            sorted_written(game, table.position(), legal)
        ),
        "history" if table.written.is_empty() => "no moves played yet".into(),
        "history" => table.history(),
        "undo" => return Some(Turn::Again(table.undo(out))),
        _ => return None,
    };
    if !answer.is_empty() {
        let _ = writeln!(out, "{}", answer.trim_end());
    }
    Some(Turn::Again(false))
}

/// A seed for the rolls of a game played without `--seed`: the clock's nanoseconds.
pub(crate) fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

/// Chance's turn: the move drawn by weight, and how it is written, written to `out`.
fn chance_turn(
    table: &Table<'_>,
    gen: &mut MoveGen,
    legal: &[Move],
    dice: &mut dagaz_engine::Rng,
    out: &mut (dyn Write + Send),
) -> Result<(Move, String), String> {
    let Some(drawn) = dice.draw(legal).and_then(|i| legal.get(i)) else {
        return Err("error: internal: chance drew no move where moves exist\n".into());
    };
    let side = table.game().player_name(table.position().to_move());
    let text = written(table.game(), gen, (table.position(), legal), drawn);
    let _ = writeln!(out, "{side} rolls {text}");
    Ok((drawn.clone(), text))
}

/// The engine's turn: the move it plays and how a person writes it, written to `out` with what
/// the search found.
fn engine_turn(
    searcher: &mut Searcher<'_>,
    (table, gen): (&Table<'_>, &mut MoveGen),
    (limits, legal): (&SearchLimits, &[Move]),
    out: &mut (dyn Write + Send),
) -> Result<(Move, String), String> {
    let loaded = &*table.loaded;
    let found = searcher
        .search(&loaded.record, limits, &mut |_| {})
        .map_err(|e| loaded.gen_error(&e))?;
    let Some(best) = found.best else {
        return Err("error: internal: the search found no move where moves exist\n".into());
    };
    let info = &found.info;
    let side = table.game().player_name(table.position().to_move());
    let text = written(table.game(), gen, (table.position(), legal), &best);
    let _ = writeln!(
        out,
        "{side} plays {text} (depth {}, score {}, {} nodes in {:.2} s)",
        info.depth,
        info.score,
        info.nodes,
        info.elapsed.as_secs_f64()
    );
    Ok((best, text))
}

/// A legal move as a person reads it: its SAN where the game declares it (its notation
/// should the check test fail, which a position reached by legal moves does not make it).
fn written(
    game: &Game,
    gen: &mut MoveGen,
    (position, legal): (&Position, &[Move]),
    mv: &Move,
) -> String {
    dagaz_engine::written(game, gen, position, legal, mv).unwrap_or_else(|_| mv.notation(game))
}

/// The legal moves as a person reads them, sorted.
fn sorted_written(game: &Game, position: &Position, moves: &[Move]) -> String {
    let mut gen = MoveGen::default();
    let mut all: Vec<String> = moves
        .iter()
        .map(|m| written(game, &mut gen, (position, moves), m))
        .collect();
    dagaz_engine::sort_for_reading(&mut all);
    // Moves written with spaces (backgammon's `13/7 8/7`) would run together.
    let gap = if all.iter().any(|m| m.contains(' ')) {
        ", "
    } else {
        " "
    };
    all.join(gap)
}
