//! The commands that search for a person: `bestmove` and `play`. They write as they go,
//! unlike the one-shot commands, which print their whole answer at the end.

use crate::info::info_line;
use crate::input::{read_line, Line};
use crate::loaded::{game_over, Loaded};
use crate::SearchArgs;
use dagaz_engine::{Game, Move, MoveGen, Piece, PieceKind, PlayerId, Position, StepLimits};
use dagaz_search::{GameOver, GameRecord, SearchLimits, Searcher};
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
) -> Result<(), String> {
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
        let ended = game_over(loaded, &mut loaded.generator())?;
        return Err(format!("error: {}: {ended}", loaded.path));
    };
    let _ = writeln!(out, "{lines}{}", best.notation(&loaded.game));
    Ok(())
}

/// The players a person moves for.
pub(crate) fn humans(game: &Game, who: &str) -> Result<Vec<bool>, String> {
    let count = game.player_count();
    let mut humans = vec![false; count];
    match who {
        "none" => {}
        "both" | "all" => humans.iter_mut().for_each(|h| *h = true),
        "white" | "first" => humans.iter_mut().take(1).for_each(|h| *h = true),
        "black" | "second" => humans.iter_mut().skip(1).take(1).for_each(|h| *h = true),
        name => {
            let player = (0..count)
                .find(|&i| {
                    PlayerId::from_index(i)
                        .is_some_and(|p| game.player_name(p).eq_ignore_ascii_case(name))
                })
                .ok_or_else(|| {
                    format!(
                        "error: --human: expected white, black, both, none or a player of the game, found {name:?}\n"
                    )
                })?;
            if let Some(h) = humans.get_mut(player) {
                *h = true;
            }
        }
    }
    Ok(humans)
}

const PLAY_HELP: &str = "Type a move in the game's notation, or:
  moves   list the legal moves
  undo    take back your last move (and the engine's answer)
  board   draw the board again
  fen     print the position as FEN
  quit    leave the game
";

pub(crate) fn play(
    loaded: &mut Loaded,
    humans: &[bool],
    args: &SearchArgs,
    max_plies: Option<u32>,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) -> Result<(), String> {
    let limits = search_limits(args);
    let mut searcher = new_searcher(&loaded.game, loaded.limits, args);
    let mut gen = loaded.generator();
    // `undo` takes back the plies played here, not the `--moves`.
    let first = loaded.record.len();
    let mut redraw = true;
    loop {
        let game = &loaded.game;
        if redraw {
            let _ = write!(out, "{}", draw(game, loaded.position()));
        }
        let Some(legal) = moves_left(loaded, &mut gen, first, max_plies, out)? else {
            return Ok(());
        };
        let side = game.player_name(loaded.position().to_move()).to_string();
        let human = humans
            .get(loaded.position().to_move().index())
            .copied()
            .unwrap_or(false);
        let chosen = if human {
            let record = &mut loaded.record;
            match human_turn((game, record), humans, first, &legal, &side, input, out) {
                Turn::Play(mv) => mv,
                Turn::Again(again) => {
                    redraw = again;
                    continue;
                }
                Turn::Leave => return Ok(()),
            }
        } else {
            engine_turn(&mut searcher, loaded, (&limits, &legal), &side, out)?
        };
        loaded.record.play(&loaded.game, &chosen);
        redraw = true;
    }
}

/// The legal moves of the position `play` has come to, or `None` (with why, written to
/// `out`) where the game is over or has gone on for `max_plies` since the `first`.
fn moves_left(
    loaded: &Loaded,
    gen: &mut MoveGen,
    first: usize,
    max_plies: Option<u32>,
    out: &mut (dyn Write + Send),
) -> Result<Option<Vec<Move>>, String> {
    let game = &loaded.game;
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
    let plies = loaded.record.len().saturating_sub(first);
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

/// A person's turn: a line read from `input`, a move among `legal` or a command.
fn human_turn(
    (game, record): (&Game, &mut GameRecord),
    humans: &[bool],
    first: usize,
    legal: &[Move],
    side: &str,
    input: &mut dyn BufRead,
    out: &mut (dyn Write + Send),
) -> Turn {
    let _ = write!(out, "{side} to move> ");
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
    match text {
        "" => return Turn::Again(false),
        "quit" | "exit" => {
            let _ = writeln!(out, "game left unfinished");
            return Turn::Leave;
        }
        "help" | "?" => {
            let _ = write!(out, "{PLAY_HELP}");
            return Turn::Again(false);
        }
        "board" => return Turn::Again(true),
        "fen" => {
            let fen = game
                .to_fen(record.position())
                .unwrap_or_else(|| "(this game declares no FEN)".into());
            let _ = writeln!(out, "{fen}");
            return Turn::Again(false);
        }
        "moves" => {
            let listed = sorted_written(game, record.position(), legal);
            let _ = writeln!(out, "legal moves: {listed}");
            return Turn::Again(false);
        }
        "undo" => return Turn::Again(undo(record, humans, first, out)),
        _ => {}
    }
    match dagaz_engine::match_move(game, legal, text) {
        Ok(mv) => Turn::Play(mv.clone()),
        Err(e) => {
            let _ = writeln!(out, "{text}: {e}");
            Turn::Again(false)
        }
    }
}

/// `undo`: back to the last position where a person was to move, not past the `first` ply
/// of `play`; whether anything was taken back (the board is then drawn again).
fn undo(
    record: &mut GameRecord,
    humans: &[bool],
    first: usize,
    out: &mut (dyn Write + Send),
) -> bool {
    let mut undone = 0;
    while record.len() > first && record.undo().is_some() {
        undone += 1;
        let to_move = record.position().to_move().index();
        if humans.get(to_move).copied().unwrap_or(false) {
            break;
        }
    }
    if undone == 0 {
        let _ = writeln!(out, "nothing to take back");
    }
    undone > 0
}

/// The engine's turn: the move it plays, written to `out` with what the search found.
fn engine_turn(
    searcher: &mut Searcher<'_>,
    loaded: &Loaded,
    (limits, legal): (&SearchLimits, &[Move]),
    side: &str,
    out: &mut (dyn Write + Send),
) -> Result<Move, String> {
    let found = searcher
        .search(&loaded.record, limits, &mut |_| {})
        .map_err(|e| loaded.gen_error(&e))?;
    let Some(best) = found.best else {
        return Err("error: internal: the search found no move where moves exist\n".into());
    };
    let info = &found.info;
    let _ = writeln!(
        out,
        "{side} plays {} (depth {}, score {}, {} nodes in {:.2} s)",
        written(
            &loaded.game,
            &mut loaded.generator(),
            (loaded.position(), legal),
            &best
        ),
        info.depth,
        info.score,
        info.nodes,
        info.elapsed.as_secs_f64()
    );
    Ok(best)
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
    all.sort();
    all.join(" ")
}

/// The board as text: rows and columns labelled by the board's own names. A piece is drawn by
/// the glyph its type declares for its owner (`(glyph White "●")`); else chess-like pieces (a
/// standard FEN with the letters K Q R B N P) as Unicode figures; other pieces by their FEN
/// letter, or else by their name's first letter, capital for the first player. Holes are
/// blank; the pieces in the players' hands are listed under the key, and in a game with seeds
/// the seeds on each position are drawn beside the board.
/// Boards that are not two-dimensional are listed position by position. A key under the board
/// says which piece of whom each figure or letter stands for.
fn draw(game: &Game, position: &Position) -> String {
    let board = game.board();
    let mut out = String::new();
    let [files, ranks] = board.dims() else {
        for (at, piece) in position.pieces() {
            let _ = writeln!(out, "{}: {}", board.position_name(at), glyph(game, piece));
        }
        out.push_str(&key(game));
        let _ = writeln!(out, "{} to move", game.player_name(position.to_move()));
        return out;
    };
    let width = ranks.iter().map(String::len).max().unwrap_or(1);
    // By name: a board with holes has no position for some of its cells.
    let at = |file: &str, rank: &str| board.position(&format!("{file}{rank}"));
    for rank in ranks {
        let _ = write!(out, "{rank:>width$} ");
        for file in files {
            let cell = match at(file, rank) {
                None => ' ',
                Some(at) => match position.piece_at(at) {
                    Some(piece) => glyph(game, piece),
                    // Draughts boards number their playable squares; the others stay blank.
                    None if board.is_numbered() && board.number_of(at).is_none() => ' ',
                    // A board that says which squares are dark shows them.
                    None if board.is_dark(at) => ':',
                    None => '.',
                },
            };
            let _ = write!(out, " {cell}");
        }
        if board.is_numbered() {
            // A key beside the board: the numbers moves are written with.
            out.push_str("    ");
            for file in files {
                let number = at(file, rank).and_then(|at| board.number_of(at));
                let _ = match number {
                    Some(n) => write!(out, "{n:>3}"),
                    None => write!(out, "   "),
                };
            }
        }
        if position.has_seeds() {
            // The seeds on each position, beside the board as the square numbers are.
            out.push_str("    ");
            for file in files {
                let _ = match at(file, rank) {
                    Some(at) => write!(out, "{:>3}", position.seeds_at(at)),
                    None => write!(out, "   "),
                };
            }
        }
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    let _ = write!(out, "{:width$} ", "");
    for file in files {
        let _ = write!(out, " {}", file.chars().next().unwrap_or(' '));
    }
    out.push('\n');
    out.push_str(&key(game));
    out.push_str(&hands(game, position));
    let _ = writeln!(out, "{} to move", game.player_name(position.to_move()));
    out
}

/// The pieces each player holds off the board, when the game has hands: `White holds: ♙ ♙ ♘`
/// (a hand that never runs out is not shown).
fn hands(game: &Game, position: &Position) -> String {
    let mut out = String::new();
    if !game.has_hands() {
        return out;
    }
    for owner in (0..game.player_count()).filter_map(PlayerId::from_index) {
        let mut held = Vec::new();
        for kind in (0..game.piece_count()).filter_map(PieceKind::from_index) {
            if let Some(n) = position.in_hand(owner, kind) {
                let piece = Piece {
                    owner,
                    kind,
                    attrs: 0,
                };
                held.extend(std::iter::repeat_n(glyph(game, piece), n.into()));
            }
        }
        if !held.is_empty() {
            let held: Vec<String> = held.iter().map(char::to_string).collect();
            let _ = writeln!(out, "{} holds: {}", game.player_name(owner), held.join(" "));
        }
    }
    out
}

/// One line per player: each piece type as the board draws that player's piece of it, so
/// that letters which are only a name's first letter (or two types sharing one) are told
/// apart.
fn key(game: &Game) -> String {
    let owners: Vec<PlayerId> = (0..game.player_count())
        .filter_map(PlayerId::from_index)
        .collect();
    let width = owners
        .iter()
        .map(|&p| game.player_name(p).chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for owner in owners {
        let name = format!("{}:", game.player_name(owner));
        let _ = write!(out, "{name:width$}", width = width + 1);
        for kind in (0..game.piece_count()).filter_map(PieceKind::from_index) {
            let piece = Piece {
                owner,
                kind,
                attrs: 0,
            };
            let _ = write!(out, "  {} {}", glyph(game, piece), game.piece_name(kind));
        }
        out.push('\n');
    }
    out
}

fn glyph(game: &Game, piece: Piece) -> char {
    game.figure(piece.owner, piece.kind)
}
