//! The `(board ...)` form to a [`Board`]: coordinate ranges, directions and square numbers.

use crate::error::{CompileError, CompileErrorKind};
use dagaz_ir::{Board, TopologyError, MAX_DIRECTIONS};
use dagaz_sexpr::Span;
use dagaz_syntax::{Ident, Keyword};

/// Builds a board from its form: as much of it as can be built, with an error for each part
/// that cannot (a bad range leaves its dimension out, a bad direction is not added). `None`
/// when no board can be built at all.
pub(crate) fn board(form: &dagaz_syntax::Board, errors: &mut Vec<CompileError>) -> Option<Board> {
    let name = form.name.as_ref()?;
    let mut dims = Vec::new();
    for range in &form.dims {
        match parse_range(&range.text) {
            Some(dim) => dims.push(dim),
            None => errors.push(CompileError::new(
                CompileErrorKind::BadRange(range.text.clone()),
                range.span,
            )),
        }
    }
    if dims.is_empty() {
        return None;
    }
    if form.dirs.len() > MAX_DIRECTIONS {
        errors.push(CompileError::too_many(
            "directions",
            MAX_DIRECTIONS,
            form.span,
        ));
        return None;
    }
    let mut board = match Board::new(&name.text, dims) {
        Ok(board) => board,
        Err(e) => {
            errors.push(topology(e, form.span, Keyword::Board));
            return None;
        }
    };
    for dir in &form.dirs {
        let offsets: Vec<i64> = dir.offsets.iter().map(|o| o.value).collect();
        if let Err(e) = board.add_direction(&dir.name.text, &offsets) {
            errors.push(match e {
                TopologyError::DuplicateDirection(_) => {
                    CompileError::duplicate(Keyword::Dir.text(), &dir.name.text, dir.name.span)
                }
                other => topology(other, dir.span, Keyword::Dir),
            });
        }
    }
    for square in form.numbers.iter().flatten() {
        if let Err(e) = number(&mut board, square) {
            errors.push(e);
        }
    }
    for link in &form.links {
        if let Err(e) = set_link(&mut board, link) {
            errors.push(e);
        }
    }
    let holes: Vec<dagaz_ir::Pos> = form
        .holes
        .iter()
        .filter_map(|square| {
            let pos = board.position(&square.text);
            if pos.is_none() {
                errors.push(CompileError::unknown("position", &square.text, square.span));
            }
            pos
        })
        .collect();
    if !holes.is_empty() {
        board.remove_positions(&holes);
    }
    for square in &form.dark {
        match board.position(&square.text) {
            Some(pos) => board.set_dark(pos),
            None => errors.push(CompileError::unknown("position", &square.text, square.span)),
        }
    }
    Some(board)
}

/// A step of `(link ...)` or `(unlink ...)`, on the board before its holes are taken out (a
/// link onto a hole is then off the board).
fn set_link(board: &mut Board, link: &dagaz_syntax::Link) -> Result<(), CompileError> {
    let dir = board
        .direction(&link.dir.text)
        .ok_or_else(|| CompileError::unknown("direction", &link.dir.text, link.dir.span))?;
    let position = |square: &Ident| {
        board
            .position(&square.text)
            .ok_or_else(|| CompileError::unknown("position", &square.text, square.span))
    };
    let from = position(&link.from)?;
    let to = link.to.as_ref().map(position).transpose()?;
    board.set_link(dir, from, to);
    Ok(())
}

/// A position of `(numbers POS ...)`: the first listed is number 1, and so on.
fn number(board: &mut Board, square: &Ident) -> Result<(), CompileError> {
    let pos = board
        .position(&square.text)
        .ok_or_else(|| CompileError::unknown("position", &square.text, square.span))?;
    board
        .number(pos)
        .map_err(|e| topology(e, square.span, Keyword::Numbers))
}

/// A topology error as the compile error the form it came from (headed by `form`) gives.
fn topology(e: TopologyError, span: Span, form: Keyword) -> CompileError {
    let kind = match e {
        TopologyError::TooManyPositions(count, max) => {
            CompileErrorKind::TooManyPositions(count, max)
        }
        TopologyError::IndistinctNames => {
            return CompileError::expected(
                "dimension names that give every position a distinct name",
                format!("the form `({form} ...)`"),
                span,
            )
        }
        TopologyError::TooManyDirections(max) => {
            return CompileError::too_many("directions", max, span)
        }
        TopologyError::DirOffsets(name, got, want) => CompileErrorKind::DirOffsets(name, got, want),
        TopologyError::DuplicateDirection(name) => {
            return CompileError::duplicate(Keyword::Dir.text(), &name, span)
        }
        TopologyError::NumberedTwice(name) => CompileErrorKind::NumberedTwice(name),
        // A newer kind of topology error: its own words.
        other => {
            return CompileError::expected("a board that can be built", other.to_string(), span)
        }
    };
    CompileError::new(kind, span)
}

/// `"a-j"` → a..j, `"10-1"` → 10, 9, ..., 1, `"x/y/z"` → x, y, z, `"q"` → q.
fn parse_range(text: &str) -> Option<Vec<String>> {
    if text.contains('/') {
        let names: Vec<String> = text.split('/').map(str::to_string).collect();
        return names.iter().all(|n| !n.is_empty()).then_some(names);
    }
    let Some((from, to)) = text.split_once('-') else {
        return (!text.is_empty()).then(|| vec![text.to_string()]);
    };
    if let (Ok(a), Ok(b)) = (from.parse::<u32>(), to.parse::<u32>()) {
        let names: Vec<String> = if a <= b {
            (a..=b).map(|n| n.to_string()).collect()
        } else {
            (b..=a).rev().map(|n| n.to_string()).collect()
        };
        return Some(names);
    }
    let (mut f, mut t) = (from.chars(), to.chars());
    match (f.next(), f.next(), t.next(), t.next()) {
        (Some(a), None, Some(b), None) if a.is_alphabetic() && b.is_alphabetic() => {
            let chars: Vec<char> = if a <= b {
                (a..=b).collect()
            } else {
                (b..=a).rev().collect()
            };
            Some(chars.into_iter().map(String::from).collect())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::Pos;
    use pretty_assertions::assert_eq;

    fn read(text: &str) -> Result<Board, CompileError> {
        let forms =
            dagaz_sexpr::read(&format!("{text} (game (name t) (players (White)))")).unwrap();
        let (file, syntax) = dagaz_syntax::parse(&forms);
        assert_eq!(syntax, vec![]);
        let mut errors = Vec::new();
        let board = board(file.boards().next().unwrap(), &mut errors);
        match errors.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(board.unwrap()),
        }
    }

    #[test]
    fn ranges() {
        assert_eq!(
            parse_range("a-c"),
            Some(vec!["a".into(), "b".into(), "c".into()])
        );
        assert_eq!(
            parse_range("3-1"),
            Some(vec!["3".into(), "2".into(), "1".into()])
        );
        assert_eq!(parse_range("x/yy"), Some(vec!["x".into(), "yy".into()]));
        assert_eq!(parse_range("ab-c"), None);
        assert_eq!(parse_range(""), None);
    }

    #[test]
    fn reads_positions_directions_and_numbers() {
        let b = read(
            r#"(board (name b) (dim "a-c") (dim "2-1") (dir (name n) 0 -1) (numbers b2 a1 c1))"#,
        )
        .unwrap();
        assert_eq!(b.position_name(Pos(0)), "a2");
        assert_eq!(
            b.step(b.direction("n").unwrap(), b.position("a1").unwrap()),
            b.position("a2")
        );
        assert_eq!(b.numbered(2), b.position("a1"));
    }

    #[test]
    fn rejects_bad_boards() {
        let err = read(r#"(board (name b) (dim "a-c") (numbers a a))"#).unwrap_err();
        assert_eq!(err.kind, CompileErrorKind::NumberedTwice("a".into()));
        let err = read(r#"(board (name b) (dim "a-c") (dir (name n) 0 -1))"#).unwrap_err();
        assert_eq!(err.kind, CompileErrorKind::DirOffsets("n".into(), 2, 1));
        let err =
            read(r#"(board (name b) (dim "a-c") (dir (name n) 1) (dir (name n) 1))"#).unwrap_err();
        assert_eq!(
            err.kind,
            CompileErrorKind::Syntax(dagaz_syntax::SyntaxErrorKind::Duplicate(
                "dir".into(),
                "n".into()
            ))
        );
    }
}
