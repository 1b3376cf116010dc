//! Turning values into text, for move notation and listings.

use crate::model::Game;
use crate::moves::Move;
use dagaz_ir::Value;
use std::cmp::Ordering;

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
    #[error("`{text}` is not a legal move here{why}{form}; legal moves: {}", legal.join(", "))]
    Illegal {
        /// The move as the person wrote it.
        text: String,
        /// Why it is refused where that can be told, after a colon and a space (`: a capture
        /// is compulsory`); else empty.
        why: String,
        /// How the game's moves are written, with an example, in parentheses after a space
        /// (` (moves are written in SAN such as Nf3, or as coordinates such as g1f3)`); empty
        /// when there is no legal move to show.
        form: String,
        /// Every legal move's notation, sorted in [`reading_order`], so the message can say
        /// what would do; empty when there are no legal moves.
        legal: Vec<String>,
    },
    /// A short form fits more than one legal move (`28x10` when two capture paths lead from
    /// 28 to 10, `Nd2` when two knights can go there, `2b3a` when it may promote or not); the
    /// person has to say which.
    #[error("`{text}` {}", ambiguity(why, candidates))]
    Ambiguous {
        /// The move as the person wrote it.
        text: String,
        /// Why, where the game's notation tells (`two knights can go there: Nbd2, Nfd2`,
        /// `promotion is optional here: write 2b3a+ to promote or 2b3a= not to`); else empty.
        why: String,
        /// The notation of each move it fits, sorted in [`reading_order`].
        candidates: Vec<String>,
    },
}

/// The message of an ambiguous move after its text.
fn ambiguity(why: &str, candidates: &[String]) -> String {
    if why.is_empty() {
        format!("could be any of: {}", candidates.join(", "))
    } else {
        format!("is ambiguous: {why}")
    }
}

/// `text` without its white space: how typed moves and notations are compared.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The squares of a notation such as `28x19x10` or `32-28` (separators `x`, `-`, `:`).
fn squares(text: &str) -> Vec<&str> {
    text.split(['x', '-', ':'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Picks the legal move a person wrote: its exact notation (spaces ignored); in a game that
/// declares `(notation san)`, its SAN; its notation in other letter case (`E5` for `e5`) when
/// only one move's is; or the short form that gives the start, the end and any of the squares
/// between in order (`28x10` for `28x19x10`). A game that declares `(notation shogi)` refuses
/// a move that may promote or not unless written with `+` or `=`.
pub fn match_move<'m>(
    game: &Game,
    moves: &'m [Move],
    text: &str,
) -> Result<&'m Move, MoveMatchError> {
    let wanted = squeezed(text);
    let written: Vec<String> = moves.iter().map(|m| squeezed(&m.notation(game))).collect();
    if game.asks_promotion() {
        if let Some(found) = promotion_asked(moves, &written, &wanted, text) {
            return found;
        }
    }
    if let Some(i) = written.iter().position(|w| *w == wanted) {
        if let Some(mv) = moves.get(i) {
            return Ok(mv);
        }
    }
    if game.writes_san() {
        if let Some(found) = by_san(game, moves, text) {
            return found;
        }
    }
    let other_case: Vec<usize> = (0..written.len())
        .filter(|&i| {
            written
                .get(i)
                .is_some_and(|w| w.eq_ignore_ascii_case(&wanted))
        })
        .collect();
    if let [one] = other_case.as_slice() {
        if let Some(mv) = moves.get(*one) {
            return Ok(mv);
        }
    }
    match by_short_form(&written, &wanted).as_slice() {
        [one] => moves.get(*one).ok_or(MoveMatchError::Illegal {
            text: text.to_string(),
            why: String::new(),
            form: String::new(),
            legal: Vec::new(),
        }),
        [] => {
            // In the game's own notation even where SAN is read: protocols show this list.
            let mut legal: Vec<String> = moves.iter().map(|m| m.notation(game)).collect();
            sort_for_reading(&mut legal);
            Err(MoveMatchError::Illegal {
                text: text.to_string(),
                why: why_illegal(game, moves, &written, &wanted),
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
            sort_for_reading(&mut names);
            Err(MoveMatchError::Ambiguous {
                text: text.to_string(),
                why: String::new(),
                candidates: names,
            })
        }
    }
}

/// Picks the legal move a program wrote: the move whose notation (what its `log`s write, as
/// protocols speak: `e2e4`, USI's `8h2b` not promoting) is `text` exactly, else as
/// [`match_move`] reads people's notation. For protocols and a page's clicks, where a bare
/// `8h2b` means the move that does not promote.
pub fn match_notation<'m>(
    game: &Game,
    moves: &'m [Move],
    text: &str,
) -> Result<&'m Move, MoveMatchError> {
    let wanted = squeezed(text);
    match moves.iter().find(|m| squeezed(&m.notation(game)) == wanted) {
        Some(mv) => Ok(mv),
        None => match_move(game, moves, text),
    }
}

/// The move a typed SAN names: `None` when it names none.
fn by_san<'m>(
    game: &Game,
    moves: &'m [Move],
    text: &str,
) -> Option<Result<&'m Move, MoveMatchError>> {
    let found = crate::san::read(game, moves, &crate::san::normalise(text));
    match found.as_slice() {
        [] => None,
        [one] => Some(Ok(one)),
        many => {
            let mut candidates: Vec<String> = many.iter().map(|m| m.notation(game)).collect();
            sort_for_reading(&mut candidates);
            Some(Err(MoveMatchError::Ambiguous {
                text: text.to_string(),
                why: crate::san::why_ambiguous(game, moves, many),
                candidates,
            }))
        }
    }
}

/// The moves whose notation the short form `wanted` fits: the same first and last squares,
/// and the squares between it gives in order.
fn by_short_form(written: &[String], wanted: &str) -> Vec<usize> {
    let parts = squares(wanted);
    if parts.len() < 2 {
        return Vec::new();
    }
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
}

/// `(notation shogi)`: a move whose notation is another legal move's with `+` added is that
/// move promoting. `2b3a=` is the move that does not promote; a bare `2b3a` that could be
/// either is refused. `None` when neither applies (the move is read as usual).
fn promotion_asked<'m>(
    moves: &'m [Move],
    written: &[String],
    wanted: &str,
    text: &str,
) -> Option<Result<&'m Move, MoveMatchError>> {
    let find = |w: &str| written.iter().position(|x| x.eq_ignore_ascii_case(w));
    if let Some(bare) = wanted.strip_suffix('=') {
        let i = find(bare)?;
        return moves.get(i).map(Ok);
    }
    let i = find(wanted)?;
    let plain = written.get(i)?;
    find(&format!("{plain}+"))?;
    Some(Err(MoveMatchError::Ambiguous {
        text: text.to_string(),
        why: format!("promotion is optional here: write {plain}+ to promote or {plain}= not to"),
        candidates: vec![format!("{plain}+"), plain.clone()],
    }))
}

/// Why no legal move is the one written, where that can be told: a plain move (squares
/// joined by `-`) where every legal move captures, in a game without royal pieces (where a
/// check may be what forces the capture), is refused because a capture is compulsory; under
/// `(notation shogi)`, a move that may only be made promoting says so.
fn why_illegal(game: &Game, moves: &[Move], written: &[String], wanted: &str) -> String {
    if game.asks_promotion() {
        let bare = wanted.strip_suffix('=').unwrap_or(wanted);
        let promoting = format!("{bare}+");
        if written.iter().any(|w| w.eq_ignore_ascii_case(&promoting)) {
            return format!(": this move must promote ({promoting})");
        }
    }
    let plain = wanted.contains('-') && !wanted.contains(['x', ':']);
    let all_capture = !moves.is_empty()
        && moves.iter().all(|m| {
            m.actions()
                .iter()
                .any(|a| matches!(a, dagaz_ir::Action::Capture { .. }))
        });
    if plain && all_capture && !game.has_royal_pieces() {
        ": a capture is compulsory".into()
    } else {
        String::new()
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

/// The order people read moves in: runs of digits compare as numbers (`9-13` before
/// `12-16`, `a9` before `a10`), everything else character by character; texts that differ
/// only in leading zeros fall back to plain text order, so the order is total.
pub fn reading_order(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        let (Some(c), Some(d)) = (x.chars().next(), y.chars().next()) else {
            break x.len().cmp(&y.len()).then_with(|| a.cmp(b));
        };
        let by = if c.is_ascii_digit() && d.is_ascii_digit() {
            let (m, rest_x) = digits(x);
            let (n, rest_y) = digits(y);
            x = rest_x;
            y = rest_y;
            let (m, n) = (m.trim_start_matches('0'), n.trim_start_matches('0'));
            m.len().cmp(&n.len()).then_with(|| m.cmp(n))
        } else {
            x = x.get(c.len_utf8()..).unwrap_or("");
            y = y.get(d.len_utf8()..).unwrap_or("");
            c.cmp(&d)
        };
        if by != Ordering::Equal {
            break by;
        }
    }
}

/// Sorts moves' texts in [`reading_order`].
pub fn sort_for_reading(texts: &mut [String]) {
    texts.sort_by(|a, b| reading_order(a, b));
}

/// The leading run of digits of `text` and what follows it.
fn digits(text: &str) -> (&str, &str) {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    text.split_at(end)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shipped::game;
    use crate::MoveGen;

    /// The game of `file` and its position after `before`, each typed as a person would.
    fn after(file: &str, before: &[&str]) -> (crate::Game, crate::Position) {
        let g = game(file);
        let mut position = g.initial_position();
        let mut gen = MoveGen::default();
        for m in before {
            let legal = gen.moves(&g, &position).unwrap();
            let mv = match_move(&g, &legal, m).unwrap().clone();
            position.play(&g, &mv);
        }
        (g, position)
    }

    /// What `typed` picks in `file` after `before`: the move's notation, or the error.
    fn pick(file: &str, before: &[&str], typed: &str) -> Result<String, String> {
        let (g, position) = after(file, before);
        let legal = MoveGen::default().moves(&g, &position).unwrap();
        match_move(&g, &legal, typed)
            .map(|m| m.notation(&g))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn shogi_asks_whether_a_move_promotes_where_it_may() {
        let opening = ["7g7f", "3c3d"];
        assert_eq!(pick("shogi.game", &opening, "8h2b+"), Ok("8h2b+".into()));
        assert_eq!(pick("shogi.game", &opening, "8h2b="), Ok("8h2b".into()));
        assert_eq!(
            pick("shogi.game", &opening, "8h2b"),
            Err(
                "`8h2b` is ambiguous: promotion is optional here: write 8h2b+ to promote or \
                 8h2b= not to"
                    .into()
            )
        );
        // What a person reads is what they type.
        let (g, position) = after("shogi.game", &opening);
        let mut gen = MoveGen::default();
        let legal = gen.moves(&g, &position).unwrap();
        let mut read: Vec<String> = legal
            .iter()
            .map(|m| crate::written(&g, &mut gen, &position, &legal, m).unwrap())
            .filter(|w| w.starts_with("8h"))
            .collect();
        sort_for_reading(&mut read);
        assert_eq!(
            read,
            ["8h2b+", "8h2b=", "8h3c+", "8h3c=", "8h4d", "8h5e", "8h6f", "8h7g"]
        );
        // Outside the zone there is nothing to ask; `=` is allowed all the same.
        assert_eq!(pick("shogi.game", &[], "7g7f"), Ok("7g7f".into()));
        assert_eq!(pick("shogi.game", &[], "7g7f="), Ok("7g7f".into()));
    }

    #[test]
    fn go_points_skip_i_and_any_case_will_do() {
        assert_eq!(pick("go-9x9.game", &[], "E5"), Ok("e5".into()));
        assert_eq!(pick("go-9x9.game", &[], "J9"), Ok("j9".into()));
        assert_eq!(pick("go-9x9.game", &[], "PASS"), Ok("pass".into()));
        assert!(pick("go-9x9.game", &[], "i5").is_err());
    }

    #[test]
    fn san_says_which_pieces_an_ambiguous_move_could_be() {
        let opening = ["d4", "d5", "Nf3", "Nf6"];
        assert_eq!(
            pick("chess.game", &opening, "Nd2"),
            Err("`Nd2` is ambiguous: two knights can go there: Nbd2, Nfd2".into())
        );
        assert_eq!(pick("chess.game", &opening, "Nbd2"), Ok("b1d2".into()));
        // More of the start square than SAN needs is read too.
        assert_eq!(pick("chess.game", &[], "Ngf3"), Ok("g1f3".into()));
        assert_eq!(pick("chess.game", &[], "Ng1f3"), Ok("g1f3".into()));
        // SAN keeps its case: `b4` is a pawn's move, `B4` nothing.
        assert!(pick("chess.game", &[], "B4").is_err());
    }

    #[test]
    fn a_plain_move_where_a_capture_is_compulsory_says_so() {
        let err = pick("english.game", &["9-14", "22-17", "14-18"], "23-19").unwrap_err();
        assert!(
            err.starts_with("`23-19` is not a legal move here: a capture is compulsory ("),
            "{err}"
        );
        // A capture written wrong is not told that.
        let err = pick("english.game", &["9-14", "22-17", "14-18"], "23x16").unwrap_err();
        assert!(!err.contains("compulsory"), "{err}");
    }

    #[test]
    fn numbers_in_moves_are_read_as_numbers() {
        let mut moves: Vec<String> = ["12-16", "9-13", "10-14", "9-14", "a10", "a9", "b1", "a09"]
            .map(String::from)
            .to_vec();
        sort_for_reading(&mut moves);
        assert_eq!(
            moves,
            ["9-13", "9-14", "10-14", "12-16", "a09", "a9", "a10", "b1"]
        );
        assert_eq!(reading_order("e2e4", "e2e4"), Ordering::Equal);
        assert_eq!(reading_order("Nf3", "Nf3+"), Ordering::Less);
        assert_eq!(reading_order("28x10", "28x19x10"), Ordering::Less);
    }
}
