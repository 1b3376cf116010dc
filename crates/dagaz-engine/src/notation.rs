//! Turning values into text, for move notation and listings.

use crate::model::Game;
use crate::moves::Move;
use dagaz_ir::Value;

/// A value as text: positions by name (by number on a numbered board), directions, players
/// and pieces by name. With `quoted`, strings are shown in quotes and pieces by their type
/// name (for listings); without, strings as they are and pieces by their notation (for move
/// notation).
pub fn render_value(game: &Game, value: Value, quoted: bool) -> String {
    // The rules render for the disassembler too; one renderer keeps listings and notation alike.
    game.rules.render(value, quoted)
}

/// Why a move written by a person did not pick one legal move.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveMatchError {
    /// No legal move has this notation, nor starts, ends and passes through the squares given.
    #[error("`{text}` is not a legal move here{form}; legal moves: {}", legal.join(", "))]
    Illegal {
        /// The move as the person wrote it.
        text: String,
        /// How the game's moves are written, with an example, in parentheses after a space
        /// (` (moves are written in SAN such as Nf3, or as coordinates such as g1f3)`); empty
        /// when there is no legal move to show.
        form: String,
        /// Every legal move's notation, sorted, so the message can say what would do; empty
        /// when there are no legal moves.
        legal: Vec<String>,
    },
    /// A short form fits more than one legal move (`28x10` when two capture paths lead from
    /// 28 to 10); the person has to give more squares.
    #[error("`{text}` could be any of: {}", candidates.join(", "))]
    Ambiguous {
        /// The move as the person wrote it.
        text: String,
        /// The notation of each move it fits, sorted.
        candidates: Vec<String>,
    },
}

/// The squares of a notation such as `28x19x10` or `32-28` (separators `x`, `-`, `:`).
fn squares(text: &str) -> Vec<&str> {
    text.split(['x', '-', ':'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Picks the legal move a person wrote: its exact notation (spaces ignored), or the short form
/// that gives the start, the end and any of the squares between in order (`28x10` for
/// `28x19x10`).
pub fn match_move<'m>(
    game: &Game,
    moves: &'m [Move],
    text: &str,
) -> Result<&'m Move, MoveMatchError> {
    let squeeze = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
    let wanted = squeeze(text);
    let written: Vec<String> = moves.iter().map(|m| squeeze(&m.notation(game))).collect();
    if let Some(i) = written.iter().position(|w| *w == wanted) {
        if let Some(mv) = moves.get(i) {
            return Ok(mv);
        }
    }
    if game.writes_san() {
        let wanted = crate::san::normalise(text);
        let found: Vec<&Move> = moves
            .iter()
            .filter(|m| crate::san::san_without_suffix(game, moves, m) == wanted)
            .collect();
        if let [one] = found.as_slice() {
            return Ok(one);
        }
    }
    let parts = squares(&wanted);
    let candidates: Vec<usize> = if parts.len() >= 2 {
        written
            .iter()
            .enumerate()
            .filter(|(_, w)| {
                let theirs = squares(w);
                theirs.len() >= 2
                    && theirs.first() == parts.first()
                    && theirs.last() == parts.last()
                    && is_subsequence(&parts, &theirs)
            })
            .map(|(i, _)| i)
            .collect()
    } else {
        Vec::new()
    };
    match candidates.as_slice() {
        [one] => moves.get(*one).ok_or(MoveMatchError::Illegal {
            text: text.to_string(),
            form: String::new(),
            legal: Vec::new(),
        }),
        [] => {
            // In the game's own notation even where SAN is read: protocols show this list.
            let mut legal: Vec<String> = moves.iter().map(|m| m.notation(game)).collect();
            legal.sort();
            Err(MoveMatchError::Illegal {
                text: text.to_string(),
                form: form(game, moves),
                legal,
            })
        }
        many => {
            let mut names: Vec<String> = many
                .iter()
                .filter_map(|&i| moves.get(i))
                .map(|m| m.notation(game))
                .collect();
            names.sort();
            Err(MoveMatchError::Ambiguous {
                text: text.to_string(),
                candidates: names,
            })
        }
    }
}

/// How the game's moves are written, shown by one of the legal moves: its SAN and its
/// coordinates in a game that declares SAN, else its notation.
fn form(game: &Game, moves: &[Move]) -> String {
    let Some(example) = moves.iter().max_by_key(|m| m.notation(game).len()) else {
        return String::new();
    };
    let notation = example.notation(game);
    if game.writes_san() {
        let san = crate::san::san_without_suffix(game, moves, example);
        format!(" (moves are written in SAN such as {san}, or as coordinates such as {notation})")
    } else {
        format!(" (moves are written as the game writes them, such as {notation})")
    }
}

fn is_subsequence(short: &[&str], long: &[&str]) -> bool {
    let mut rest = long.iter();
    short.iter().all(|s| rest.any(|l| l == s))
}
impl Move {
    /// The move in the game's notation: the concatenation of what `log` wrote.
    pub fn notation(&self, game: &Game) -> String {
        let mut out = String::new();
        for &value in &self.notation {
            out.push_str(&render_value(game, value, false));
        }
        out
    }
}
