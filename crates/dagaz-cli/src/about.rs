//! `dagaz info`: what a game file holds, in a few lines: its name, players, board and pieces,
//! and for a Zillions file the games it holds (its `(game ...)` and each `variant`), so that a
//! user can pick one with `--variant`.

use crate::loaded::load_game;
use dagaz_engine::{Dir, Game, GameSource, PieceKind, PlayerId};
use std::fmt::Write as _;
use std::path::Path;

/// The description of the game `spec` names; a Zillions file's variants are listed even when
/// the one chosen does not load (the reason is the last line then).
pub(crate) fn about(spec: &Path) -> Result<String, String> {
    let source = crate::games::source(spec)?;
    let mut out = String::new();
    if source.is_zrf() {
        variants(&source, &mut out)?;
    }
    match load_game(spec) {
        Ok((game, _)) => describe(&game, &mut out),
        Err(why) if source.is_zrf() => {
            let first = why.lines().next().unwrap_or_default();
            // The report's frame names the place on its second line: `╭─[ FILE:L:C ]`.
            let place = why
                .lines()
                .nth(1)
                .and_then(|l| l.split_once("─[ ")?.1.strip_suffix(" ]"))
                .map(|at| format!(" (at {at})"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "variant {} does not load: {first}{place}",
                source.variant()
            );
        }
        Err(why) => return Err(why),
    }
    Ok(out)
}

/// `variants:` and a line each: number, title, which one `--variant` chose and which one
/// Zillions opens first.
fn variants(source: &GameSource, out: &mut String) -> Result<(), String> {
    let all = source
        .variants()
        .map_err(|e| format!("error: {}: {e}\n", source.origin()))?;
    let _ = writeln!(out, "variants (--variant N or TITLE):");
    for (n, v) in all.iter().enumerate() {
        let mut notes = Vec::new();
        if n == 0 {
            notes.push("the game itself");
        }
        if n == source.variant() {
            notes.push("opened");
        }
        if v.default {
            notes.push("Zillions opens it first");
        }
        let notes = if notes.is_empty() {
            String::new()
        } else {
            format!(" ({})", notes.join("; "))
        };
        let _ = writeln!(out, "  {n:>2}  {}{notes}", v.title);
    }
    Ok(())
}

/// The game's name, players, board and pieces.
fn describe(game: &Game, out: &mut String) {
    let players: Vec<&str> = (0..game.player_count())
        .map(|i| game.player_name(PlayerId(i as u8)))
        .collect();
    let board = game.board();
    let dirs: Vec<&str> = (0..board.direction_count())
        .map(|d| board.direction_name(Dir(d as u8)))
        .collect();
    let pieces: Vec<&str> = (0..game.piece_count())
        .filter_map(PieceKind::from_index)
        .map(|k| game.piece_name(k))
        .collect();
    let _ = writeln!(out, "name: {}", game.name());
    let _ = writeln!(out, "players: {}", players.join(", "));
    let _ = writeln!(
        out,
        "board: {} positions; directions {}",
        board.len(),
        dirs.join(" ")
    );
    let _ = writeln!(out, "pieces: {}", pieces.join(", "));
}
