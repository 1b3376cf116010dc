//! The board as text, for `play`: rows and columns labelled by the board's own names, the
//! last move marked, from either side.

use dagaz_engine::{Action, Game, Move, Piece, PieceKind, PlayerId, Pos, Position};
use std::fmt::Write as _;

/// How the board is drawn.
#[derive(Clone, Debug, Default)]
pub(crate) struct Look {
    /// From the far side: the last rank on top and the files right to left, for a person who
    /// plays the second player.
    pub flipped: bool,
    /// The cells drawn between brackets, `[♙]`: where the last move started and ended.
    pub marked: Vec<Pos>,
    /// Whether the key (which figure is whose piece) follows the board.
    pub key: bool,
}

/// Where `mv` lifted its first piece and where it put its last one down: the cells a person
/// looks at to see what was played (a drop has only the second).
pub(crate) fn last_move_cells(mv: &Move) -> Vec<Pos> {
    let from = mv.actions().iter().find_map(|action| match action {
        Action::Take { at, .. } => Some(*at),
        _ => None,
    });
    let to = mv.landing().map(|(at, _)| at);
    from.into_iter().chain(to).collect()
}

/// Whether `player` should see the board from the far side: its pieces stand mostly in the
/// top half of the board as drawn (English draughts' Black, who moves first). A board that
/// starts empty, or is not two-dimensional, is never turned.
pub(crate) fn seen_from_above(game: &Game, start: &Position, player: PlayerId) -> bool {
    let board = game.board();
    let [files, ranks] = board.dims() else {
        return false;
    };
    let (mut sum, mut count) = (0usize, 0usize);
    for (row, rank) in ranks.iter().enumerate() {
        for file in files {
            let piece = board
                .position(&format!("{file}{rank}"))
                .and_then(|at| start.piece_at(at));
            if piece.is_some_and(|p| p.owner == player) {
                sum += row;
                count += 1;
            }
        }
    }
    // Rows counted from the top: the mean row above the middle is twice the sum below
    // count times the last row's index.
    count > 0 && 2 * sum < count * ranks.len().saturating_sub(1)
}

/// The board as text. A piece is drawn by the glyph its type declares for its owner
/// (`(glyph White "●")`); else chess-like pieces (a standard FEN with the letters K Q R B N P)
/// as Unicode figures; other pieces by their FEN letter, or else by their name's first letter,
/// capital for the first player. Holes are blank; the pieces in the players' hands are listed
/// under the board, and in a game with seeds the seeds on each position are drawn beside it.
/// Boards that are not two-dimensional are listed position by position.
pub(crate) fn draw(game: &Game, position: &Position, look: &Look) -> String {
    let board = game.board();
    let mut out = String::new();
    let [files, ranks] = board.dims() else {
        for (at, piece) in position.pieces() {
            let mark = if look.marked.contains(&at) { " *" } else { "" };
            let seeds = match position.seeds_at(at) {
                0 => String::new(),
                n => format!(" {n}"),
            };
            let _ = writeln!(
                out,
                "{}: {}{seeds}{mark}",
                board.position_name(at),
                glyph(game, piece)
            );
        }
        return finish(game, position, look, out);
    };
    let (files, ranks) = in_order(files, ranks, look.flipped);
    let width = ranks.iter().map(|r| r.len()).max().unwrap_or(1);
    for rank in &ranks {
        let _ = write!(out, "{rank:>width$} ");
        row(game, position, (&files, rank), look, &mut out);
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    let _ = write!(out, "{:width$} ", "");
    for file in &files {
        let _ = write!(out, " {}", file.chars().next().unwrap_or(' '));
    }
    out.push('\n');
    finish(game, position, look, out)
}

/// The files and ranks in the order they are drawn: as the board names them (its first rank
/// on top), or both reversed.
fn in_order<'b>(
    files: &'b [String],
    ranks: &'b [String],
    flipped: bool,
) -> (Vec<&'b str>, Vec<&'b str>) {
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let ranks: Vec<&str> = ranks.iter().map(String::as_str).collect();
    if flipped {
        (
            files.into_iter().rev().collect(),
            ranks.into_iter().rev().collect(),
        )
    } else {
        (files, ranks)
    }
}

/// One rank's cells, then the square numbers and the seeds beside them where the game has
/// them. A marked cell's brackets take the places of the spaces around it.
fn row(
    game: &Game,
    position: &Position,
    (files, rank): (&[&str], &str),
    look: &Look,
    out: &mut String,
) {
    let board = game.board();
    // By name: a board with holes has no position for some of its cells.
    let at = |file: &str| board.position(&format!("{file}{rank}"));
    let mut after_mark = false;
    for file in files {
        let cell = at(file);
        let marked = cell.is_some_and(|p| look.marked.contains(&p));
        let gap = if marked {
            '['
        } else if after_mark {
            ']'
        } else {
            ' '
        };
        let _ = write!(out, "{gap}{}", cell_char(game, position, cell));
        after_mark = marked;
    }
    if after_mark {
        out.push(']');
    }
    if board.is_numbered() {
        // A key beside the board: the numbers moves are written with.
        out.push_str("    ");
        for file in files {
            let _ = match at(file).and_then(|at| board.number_of(at)) {
                Some(n) => write!(out, "{n:>3}"),
                None => write!(out, "   "),
            };
        }
    }
    if position.has_seeds() {
        // The seeds on each position, beside the board as the square numbers are.
        out.push_str("    ");
        for file in files {
            let _ = match at(file) {
                Some(at) => write!(out, "{:>3}", position.seeds_at(at)),
                None => write!(out, "   "),
            };
        }
    }
}

/// What one cell shows: its piece, or blank for a hole or an unplayable square, `:` for an
/// empty dark square of a board that says which are dark, else `.`.
fn cell_char(game: &Game, position: &Position, cell: Option<Pos>) -> char {
    let board = game.board();
    let Some(at) = cell else { return ' ' };
    match position.piece_at(at) {
        Some(piece) => glyph(game, piece),
        // Draughts boards number their playable squares; the others stay blank.
        None if board.is_numbered() && board.number_of(at).is_none() => ' ',
        None if board.is_dark(at) => ':',
        None => '.',
    }
}

/// What follows the board: the key when asked for, and the hands.
fn finish(game: &Game, position: &Position, look: &Look, mut out: String) -> String {
    if look.key {
        out.push_str(&key(game));
    }
    out.push_str(&hands(game, position));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Three by two, X's stone on `x` and O's on c1.
    fn game_with(x: &str) -> Game {
        Game::load(&format!(
            r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name n) 0 -1))
               (piece (name Stone)
                  (pre (check is-friend?) (take) (log position))
                  (move (check n) (check is-empty?))
                  (post (log position) (drop)))
               (game (name "t") (board b) (players (X (Stone {x})) (O (Stone c1))))"#
        ))
        .unwrap()
    }

    fn game() -> Game {
        game_with("a1")
    }

    #[test]
    fn the_last_move_is_between_brackets_and_a_turned_board_runs_backwards() {
        let game = game();
        let start = game.initial_position();
        let plain = draw(&game, &start, &Look::default());
        assert_eq!(plain, "2  . . .\n1  S . s\n   a b c\n");
        let at = |name: &str| game.board().position(name).unwrap();
        let look = Look {
            flipped: true,
            marked: vec![at("c1"), at("a2")],
            key: true,
        };
        assert_eq!(
            draw(&game, &start, &look),
            "1 [s]. S\n2  . .[.]\n   c b a\nX:  S Stone\nO:  s Stone\n"
        );
    }

    #[test]
    fn a_side_is_seen_from_above_when_its_pieces_start_on_top() {
        let game = game();
        let start = game.initial_position();
        let x = PlayerId::from_index(0).unwrap();
        // Both stones stand on the bottom rank: neither player's board is turned.
        assert!(!seen_from_above(&game, &start, x));
        let moved = game_with("a2");
        assert!(seen_from_above(&moved, &moved.initial_position(), x));
    }
}
