//! A command as a Rust expression that builds it, for the generated code's constants.
//!
//! Written from the command's `Debug` form, which names every variant and field: the outermost
//! constructor is the command, and each one inside is told apart by its name (and, for the two
//! names a value and an index type share, `Dir` and `Pos`, by what it holds). A name this does
//! not know is an error, not a guess: the generated code would not compile, or would stand
//! for other commands (the engine compares each compiled chain's commands with the program's
//! before it runs one, so a wrong constant could never run, but it would never be used either).

use crate::CodegenError;
use dagaz_ir::Op;

/// The comparison and board-test operands, by their variant names.
const CMP: [&str; 6] = ["Eq", "Ne", "Lt", "Le", "Gt", "Ge"];
const TEST: [&str; 8] = [
    "Empty",
    "NotEmpty",
    "Friend",
    "NotFriend",
    "Enemy",
    "NotEnemy",
    "Captured",
    "NotCaptured",
];
/// `Value`'s variants whose names no index type shares.
const VALUE: [&str; 5] = ["Int", "Bool", "Str", "Player", "Piece"];
/// The index types, spelled as they are.
const INDEX: [&str; 3] = ["PieceKind", "PlayerId", "StrId"];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Token<'a> {
    Name(&'a str),
    Number(&'a str),
    Mark(char),
}

fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
        } else if c.is_ascii_alphabetic() || c == '_' {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            out.push(Token::Name(&rest[..end]));
            rest = &rest[end..];
        } else if c.is_ascii_digit() || c == '-' {
            let end = rest
                .char_indices()
                .skip(1)
                .find(|&(_, c)| !c.is_ascii_digit())
                .map_or(rest.len(), |(i, _)| i);
            out.push(Token::Number(&rest[..end]));
            rest = &rest[end..];
        } else {
            out.push(Token::Mark(c));
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The Rust expression that builds `op`, with the names `Op`, `Value`, `Cmp`, `Test`, `Dir`,
/// `Pos`, `PieceKind`, `PlayerId` and `StrId` in scope.
pub fn op_expression(op: &Op) -> Result<String, CodegenError> {
    let debug = format!("{op:?}");
    let toks = tokens(&debug);
    let mut out = String::with_capacity(debug.len() + 16);
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate() {
        let next = toks.get(i + 1).copied();
        let after = toks.get(i + 2).copied();
        match *t {
            Token::Mark(c) => {
                match c {
                    '(' | '{' => depth += 1,
                    ')' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                // The spaces rustfmt would put: `Name { a: 1, b: 2 }`.
                if c == '}' {
                    out.push(' ');
                }
                out.push(c);
                if c == ',' || c == ':' || c == '{' {
                    out.push(' ');
                }
            }
            Token::Number(n) => out.push_str(n),
            Token::Name(name) => {
                let opens = next == Some(Token::Mark('('));
                let spelled = if next == Some(Token::Mark(':')) || name == "true" || name == "false"
                {
                    name.to_string()
                } else if depth == 0 {
                    format!("Op::{name}")
                } else if CMP.contains(&name) && !opens {
                    format!("Cmp::{name}")
                } else if TEST.contains(&name) && !opens {
                    format!("Test::{name}")
                } else if VALUE.contains(&name) && opens {
                    format!("Value::{name}")
                } else if (name == "Dir" || name == "Pos") && opens {
                    match after {
                        Some(Token::Name(_)) => format!("Value::{name}"),
                        _ => name.to_string(),
                    }
                } else if INDEX.contains(&name) && opens {
                    name.to_string()
                } else {
                    return Err(CodegenError::UnknownName {
                        name: name.to_string(),
                        command: debug.clone(),
                    });
                };
                out.push_str(&spelled);
                if next == Some(Token::Mark('{')) {
                    out.push(' ');
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dagaz_ir::{Cmp, Dir, PieceKind, PlayerId, Pos, StrId, Test, Value};
    use pretty_assertions::assert_eq;

    #[test]
    fn every_kind_of_operand_is_spelled_with_its_type() {
        let cases = [
            (Op::Nav(Dir(3)), "Op::Nav(Dir(3))"),
            (Op::Push(Value::Int(-7)), "Op::Push(Value::Int(-7))"),
            (Op::Push(Value::Dir(Dir(2))), "Op::Push(Value::Dir(Dir(2)))"),
            (
                Op::Push(Value::Pos(Pos(40))),
                "Op::Push(Value::Pos(Pos(40)))",
            ),
            (Op::Goto(Pos(9)), "Op::Goto(Pos(9))"),
            (
                Op::Push(Value::Piece(PieceKind(1))),
                "Op::Push(Value::Piece(PieceKind(1)))",
            ),
            (
                Op::Push(Value::Player(PlayerId(0))),
                "Op::Push(Value::Player(PlayerId(0)))",
            ),
            (
                Op::Push(Value::Str(StrId(5))),
                "Op::Push(Value::Str(StrId(5)))",
            ),
            (Op::Push(Value::Bool(true)), "Op::Push(Value::Bool(true))"),
            (
                Op::JmpUnlessLocal(1, Cmp::Lt, 3, 12),
                "Op::JmpUnlessLocal(1, Cmp::Lt, 3, 12)",
            ),
            (
                Op::NavTestJmp(Dir(0), Test::NotFriend, 8),
                "Op::NavTestJmp(Dir(0), Test::NotFriend, 8)",
            ),
            (
                Op::CountOf {
                    friends: true,
                    kind: PieceKind(2),
                },
                "Op::CountOf { friends: true, kind: PieceKind(2) }",
            ),
            (Op::Eq, "Op::Eq"),
            (Op::Complete, "Op::Complete"),
        ];
        for (op, expected) in cases {
            assert_eq!(op_expression(&op).ok().as_deref(), Some(expected), "{op:?}");
        }
    }
}
