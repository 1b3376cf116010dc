//! The `(board ...)` form to a [`Board`]: coordinate ranges, directions and square numbers.

use crate::error::{CompileError, CompileErrorKind};
use crate::syntax::{self, Result};
use dagaz_ir::{Board, TopologyError, MAX_DIRECTIONS};
use dagaz_sexpr::{Node, Span};

/// Builds a board from `(board (name N) (dim "a-h") (dim "8-1") (dir (name n) 0 -1) ...)`.
pub(crate) fn board(node: &Node) -> Result<Board> {
    let items = syntax::list(node, "a `(board ...)` form")?;
    let (name, _) = syntax::name_of(items, node)?;
    let mut dims = Vec::new();
    let mut dirs: Vec<(&Node, Vec<i64>)> = Vec::new();
    let mut numbers: Option<&Node> = None;
    for item in syntax::args(items) {
        match item.head() {
            Some("name") => {}
            Some("numbers") => numbers = Some(item),
            Some("dim") => {
                let parts = syntax::list(item, "a `(dim ...)` clause")?;
                let args = syntax::arity::<1>("dim", parts, item.span)?;
                let range = syntax::text(&args[0], "a range such as \"a-h\"")?;
                dims.push(parse_range(range).ok_or_else(|| {
                    CompileError::new(CompileErrorKind::BadRange(range.to_string()), args[0].span)
                })?);
            }
            Some("dir") => {
                let parts = syntax::list(item, "a `(dir ...)` clause")?;
                let offsets = syntax::args(parts)
                    .iter()
                    .filter(|n| n.head() != Some("name"))
                    .map(|n| syntax::int(n, "a number (the direction's offset)"))
                    .collect::<Result<Vec<_>>>()?;
                dirs.push((item, offsets));
            }
            _ => {
                return Err(syntax::expected(
                    "`(name ...)`, `(dim ...)` or `(dir ...)`",
                    item,
                ))
            }
        }
    }
    if dims.is_empty() {
        return Err(syntax::expected("at least one `(dim ...)` clause", node));
    }
    if dirs.len() > MAX_DIRECTIONS {
        return Err(CompileError::new(
            CompileErrorKind::TooMany {
                what: "directions",
                max: MAX_DIRECTIONS,
            },
            node.span,
        ));
    }
    let mut board = Board::new(name, dims).map_err(|e| topology(e, node))?;
    for (dir, offsets) in &dirs {
        let (dir_name, span) = syntax::name_of(syntax::list(dir, "a `(dir ...)` clause")?, dir)?;
        board
            .add_direction(dir_name, offsets)
            .map_err(|e| match e {
                TopologyError::DuplicateDirection(_) => CompileError::new(
                    CompileErrorKind::Duplicate("dir".into(), dir_name.into()),
                    span,
                ),
                other => topology(other, dir),
            })?;
    }
    if let Some(form) = numbers {
        number(&mut board, form)?;
    }
    Ok(board)
}

/// `(numbers POS ...)`: the first listed position is number 1, and so on.
fn number(board: &mut Board, form: &Node) -> Result<()> {
    let items = syntax::list(form, "a `(numbers ...)` clause")?;
    for node in syntax::args(items) {
        let name = syntax::symbol(node, "a position name")?;
        let pos = board.position(name).ok_or_else(|| {
            CompileError::new(
                CompileErrorKind::Unknown {
                    what: "position",
                    name: name.to_string(),
                },
                node.span,
            )
        })?;
        board.number(pos).map_err(|e| topology(e, node))?;
    }
    Ok(())
}

/// A topology error as the compile error the form it came from gives.
fn topology(e: TopologyError, node: &Node) -> CompileError {
    let span: Span = node.span;
    let kind = match e {
        TopologyError::TooManyPositions(count, max) => {
            CompileErrorKind::TooManyPositions(count, max)
        }
        TopologyError::IndistinctNames => {
            return syntax::expected(
                "dimension names that give every position a distinct name",
                node,
            )
        }
        TopologyError::TooManyDirections(max) => CompileErrorKind::TooMany {
            what: "directions",
            max,
        },
        TopologyError::DirOffsets(name, got, want) => CompileErrorKind::DirOffsets(name, got, want),
        TopologyError::DuplicateDirection(name) => CompileErrorKind::Duplicate("dir".into(), name),
        TopologyError::NumberedTwice(name) => CompileErrorKind::NumberedTwice(name),
        // A newer kind of topology error: its own words.
        other => CompileErrorKind::Expected {
            expected: "a board that can be built".into(),
            found: other.to_string(),
        },
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

    fn read(text: &str) -> Result<Board> {
        let forms = dagaz_sexpr::read(text).unwrap();
        board(&forms[0])
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
            CompileErrorKind::Duplicate("dir".into(), "n".into())
        );
    }
}
