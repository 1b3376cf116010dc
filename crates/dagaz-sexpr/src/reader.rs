//! The reader proper: `nom` parsers for the atoms and the trivia between them, and an explicit
//! stack for lists so that nesting depth is bounded and a hostile text cannot overflow the stack.

use crate::error::{ReadError, ReadErrorKind};
use crate::node::{Node, NodeKind};
use crate::span::Span;
use nom::branch::alt;
use nom::bytes::complete::{escaped_transform, is_not, tag, take_while, take_while1};
use nom::character::complete::{char, multispace1};
use nom::combinator::{all_consuming, opt, recognize, value};
use nom::multi::many0_count;
use nom::sequence::{delimited, pair};
use nom::{IResult, Parser};

/// How many lists may be open at once. The reader keeps open lists on a heap stack, so the
/// limit guards the crates above, which walk the tree recursively: deeper input is the error
/// [`ReadErrorKind::TooDeep`] rather than a stack overflow there.
pub const MAX_DEPTH: usize = 200;

/// The most forms (lists and atoms together) one text may hold. Memory grows with the forms
/// at every stage above the reader (typed tree, compiled chains), so hostile input holding
/// millions of them is the error [`ReadErrorKind::TooManyForms`] rather than gigabytes. The
/// largest shipped game (chess) holds about 3,000.
pub const MAX_FORMS: usize = 1_000_000;

/// Characters a symbol (or a number) is made of: letters and digits of any script, and
/// `- ? ! * + / < > = _ .`. Anything else ends a token; `#`, `'`, `,` and the like are errors.
pub fn is_symbol_char(c: char) -> bool {
    c.is_alphanumeric() || "-?!*+/<>=_.".contains(c)
}

/// The two languages the reader reads. Their lists, comments and numbers are the same; their
/// symbols and strings differ.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// dagaz's own `.game` files: symbols of [`is_symbol_char`] characters, strings with the
    /// escapes `\\`, `\"`, `\n` and `\t`.
    #[default]
    Dagaz,
    /// Zillions of Games rules files (`.zrf`): a symbol is any run of characters other than
    /// white space, `(`, `)`, `"` and `;` (macro arguments `$1`, pasted names `D$1`, `'a'`), and
    /// a string is raw: `\` is a character like any other (`"Audio\Pickup.wav"`) and a string
    /// may run over several lines.
    Zrf,
}

impl Dialect {
    /// Whether `c` belongs in a symbol of this dialect.
    pub fn is_symbol_char(self, c: char) -> bool {
        match self {
            Dialect::Dagaz => is_symbol_char(c),
            Dialect::Zrf => !c.is_whitespace() && !"()\";".contains(c),
        }
    }
}

/// Reads every top-level form of `text`, in order, skipping white space and `;` comments.
///
/// Stops at the first error; there are no partial results. Never panics, whatever the text.
///
/// ```
/// let forms = dagaz_sexpr::read("(dir (name nw) -1 -1) ; a comment")?;
/// assert_eq!(forms.len(), 1);
/// assert_eq!(forms[0].to_string(), "(dir (name nw) -1 -1)");
/// # Ok::<(), dagaz_sexpr::ReadError>(())
/// ```
pub fn read(text: &str) -> Result<Vec<Node>, ReadError> {
    read_with(text, Dialect::Dagaz)
}

/// Reads every top-level form of `text` in `dialect`, as [`read`] does for dagaz's own.
///
/// ```
/// use dagaz_sexpr::{read_with, Dialect};
///
/// let forms = read_with(r#"(define step ($1 (verify empty?) add)) (sound "a\b.wav")"#, Dialect::Zrf)?;
/// assert_eq!(forms[0].to_string(), "(define step ($1 (verify empty?) add))");
/// assert_eq!(forms[1].as_list().map(|l| l[1].to_string()), Some(r#""a\\b.wav""#.to_string()));
/// # Ok::<(), dagaz_sexpr::ReadError>(())
/// ```
///
/// In ZRF the lists still open when the text ends close there, as Zillions-era tools read a
/// file that lost its last `)`; [`unclosed_at_end`] says where such a list opened.
pub fn read_with(text: &str, dialect: Dialect) -> Result<Vec<Node>, ReadError> {
    read_forms(text, dialect).map(|(forms, _)| forms)
}

/// Where the outermost list that a ZRF `text` leaves open at its end opened, if it leaves one
/// (and reads at all): what [`read_with`] closed at the end of the text.
///
/// ```
/// let text = "(game (title \"a\")";
/// assert_eq!(dagaz_sexpr::unclosed_at_end(text).map(|s| s.start), Some(0));
/// assert_eq!(dagaz_sexpr::unclosed_at_end("(game)"), None);
/// ```
pub fn unclosed_at_end(text: &str) -> Option<Span> {
    read_forms(text, Dialect::Zrf)
        .ok()
        .and_then(|(_, open)| open)
}

/// The forms of `text` and, in ZRF, the span of the opening of the outermost list closed at
/// the end of the text.
fn read_forms(text: &str, dialect: Dialect) -> Result<(Vec<Node>, Option<Span>), ReadError> {
    // Each open list: where it started and the items read so far.
    let mut open: Vec<(usize, Vec<Node>)> = Vec::new();
    let mut top = Vec::new();
    let mut rest = text;
    let mut forms = 0usize;
    loop {
        rest = skip_trivia(rest);
        let at = text.len() - rest.len();
        let Some(c) = rest.chars().next() else {
            return close_at_end(open, top, dialect, text.len());
        };
        if c != ')' {
            forms += 1;
            if forms > MAX_FORMS {
                return Err(error(
                    ReadErrorKind::TooManyForms(MAX_FORMS),
                    at,
                    at + c.len_utf8(),
                ));
            }
        }
        let node = match c {
            '(' => {
                if open.len() >= MAX_DEPTH {
                    return Err(error(ReadErrorKind::TooDeep(MAX_DEPTH), at, at + 1));
                }
                open.push((at, Vec::new()));
                rest = &rest[1..];
                continue;
            }
            ')' => {
                let Some((start, items)) = open.pop() else {
                    return Err(error(ReadErrorKind::UnexpectedClose, at, at + 1));
                };
                rest = &rest[1..];
                Node::new(NodeKind::List(items), Span::new(start, at + 1))
            }
            '"' => {
                let (after, content) = match dialect {
                    Dialect::Dagaz => string(rest),
                    Dialect::Zrf => raw_string(rest),
                }
                .map_err(|_| match dialect {
                    Dialect::Dagaz => string_error(text, at),
                    // A raw string fails only by running to the end of the text.
                    Dialect::Zrf => error(ReadErrorKind::UnterminatedString, at, at + 1),
                })?;
                rest = after;
                Node::new(
                    NodeKind::Str(content),
                    Span::new(at, text.len() - rest.len()),
                )
            }
            c if dialect.is_symbol_char(c) => {
                let (after, token) = symbol_token(rest, dialect)
                    .map_err(|_| error(ReadErrorKind::UnexpectedChar(c), at, at + c.len_utf8()))?;
                rest = after;
                let span = Span::new(at, text.len() - rest.len());
                Node::new(atom(token, span)?, span)
            }
            c => {
                return Err(error(
                    ReadErrorKind::UnexpectedChar(c),
                    at,
                    at + c.len_utf8(),
                ))
            }
        };
        match open.last_mut() {
            Some((_, items)) => items.push(node),
            None => top.push(node),
        }
    }
}

/// The forms read when the text ends at `end`: an error while a list is open, except in ZRF,
/// where each open list closes there.
fn close_at_end(
    mut open: Vec<(usize, Vec<Node>)>,
    mut top: Vec<Node>,
    dialect: Dialect,
    end: usize,
) -> Result<(Vec<Node>, Option<Span>), ReadError> {
    let Some(&(outer, _)) = open.first() else {
        return Ok((top, None));
    };
    if dialect == Dialect::Dagaz {
        let start = open.last().map_or(outer, |&(start, _)| start);
        return Err(error(ReadErrorKind::UnclosedList, start, start + 1));
    }
    while let Some((start, items)) = open.pop() {
        let node = Node::new(NodeKind::List(items), Span::new(start, end));
        match open.last_mut() {
            Some((_, items)) => items.push(node),
            None => top.push(node),
        }
    }
    Ok((top, Some(Span::new(outer, outer + 1))))
}

fn error(kind: ReadErrorKind, start: usize, end: usize) -> ReadError {
    ReadError {
        kind,
        span: Span::new(start, end),
    }
}

/// White space and `;` comments.
fn skip_trivia(input: &str) -> &str {
    // A comment runs to the end of its line: `\n`, `\r\n` or a lone `\r`.
    let comment = recognize(pair(
        char(';'),
        take_while(|c: char| c != '\n' && c != '\r'),
    ));
    let result: IResult<&str, usize> = many0_count(alt((multispace1, comment))).parse(input);
    match result {
        Ok((rest, _)) => rest,
        Err(_) => input,
    }
}

fn symbol_token(input: &str, dialect: Dialect) -> IResult<&str, &str> {
    take_while1(|c| dialect.is_symbol_char(c)).parse(input)
}

/// A token made of symbol characters is a number when it is an optional `-` and digits only.
fn atom(token: &str, span: Span) -> Result<NodeKind, ReadError> {
    let is_number: IResult<&str, &str> = all_consuming(recognize(pair(
        opt(char('-')),
        take_while1(|c: char| c.is_ascii_digit()),
    )))
    .parse(token);
    if is_number.is_err() {
        return Ok(NodeKind::Symbol(token.to_string()));
    }
    token
        .parse::<i64>()
        .map(NodeKind::Int)
        .map_err(|_| ReadError {
            kind: ReadErrorKind::IntegerOverflow(token.to_string()),
            span,
        })
}

/// A double-quoted string with `\\`, `\"`, `\n` and `\t` escapes.
fn string(input: &str) -> IResult<&str, String> {
    let body = escaped_transform(
        is_not("\\\""),
        '\\',
        alt((
            value("\\", tag("\\")),
            value("\"", tag("\"")),
            value("\n", tag("n")),
            value("\t", tag("t")),
        )),
    );
    delimited(char('"'), opt(body), char('"'))
        .map(Option::unwrap_or_default)
        .parse(input)
}

/// A double-quoted string taken as it stands, `\\` and line breaks included (ZRF's).
fn raw_string(input: &str) -> IResult<&str, String> {
    delimited(char('"'), opt(is_not("\"")), char('"'))
        .map(|body: Option<&str>| body.unwrap_or_default().to_string())
        .parse(input)
}

/// Explains why the string starting at `start` did not parse: a bad escape or a missing `"`.
fn string_error(text: &str, start: usize) -> ReadError {
    let body = text.get(start + 1..).unwrap_or("");
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some((_, '\\' | '"' | 'n' | 't')) => {}
                Some((j, other)) => {
                    let at = start + 1 + i;
                    let end = start + 1 + j + other.len_utf8();
                    return error(ReadErrorKind::BadEscape(other), at, end);
                }
                None => break,
            },
            _ => {}
        }
    }
    error(ReadErrorKind::UnterminatedString, start, start + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn kinds(text: &str) -> Vec<NodeKind> {
        read(text)
            .unwrap_or_default()
            .into_iter()
            .map(|n| n.kind)
            .collect()
    }

    fn sym(s: &str) -> NodeKind {
        NodeKind::Symbol(s.to_string())
    }

    /// Found by the `reader` fuzz target: a string holding a control character printed with
    /// Rust's escapes (`\0`), which the reader does not know.
    #[test]
    fn printed_forms_read_back_to_the_same_forms() {
        let text = "(a \"x\u{0}y\\n\\t\\\\ \\\"q\\\"\" -7 (b))";
        let forms = read(text).unwrap();
        let printed: Vec<String> = forms.iter().map(ToString::to_string).collect();
        let again = read(&printed.join(" ")).unwrap();
        let kinds = |f: &[Node]| f.iter().map(|n| n.kind.clone()).collect::<Vec<_>>();
        assert_eq!(kinds(&again), kinds(&forms));
    }

    #[test]
    fn zrf_symbols_take_macro_arguments_and_strings_are_raw() {
        let text = "(define shift ($1 (verify empty?) add))\n(a D$1 $2King '$1' -3)\n\
                    (image \"Pieces\\Pawn.bmp\" \"two\nlines\")";
        let forms = read_with(text, Dialect::Zrf).unwrap();
        assert_eq!(
            forms[0].to_string(),
            "(define shift ($1 (verify empty?) add))"
        );
        let items: Vec<NodeKind> = forms[1]
            .as_list()
            .unwrap()
            .iter()
            .map(|n| n.kind.clone())
            .collect();
        assert_eq!(
            items,
            vec![
                sym("a"),
                sym("D$1"),
                sym("$2King"),
                sym("'$1'"),
                NodeKind::Int(-3)
            ]
        );
        let strings: Vec<NodeKind> = forms[2].as_list().unwrap()[1..]
            .iter()
            .map(|n| n.kind.clone())
            .collect();
        assert_eq!(
            strings,
            vec![
                NodeKind::Str("Pieces\\Pawn.bmp".into()),
                NodeKind::Str("two\nlines".into())
            ]
        );
        // dagaz's own dialect refuses all three.
        assert!(read("(a $1)").is_err());
        assert!(read("\"Pieces\\Pawn.bmp\"").is_err());
        let unterminated = read_with("(a \"b\\", Dialect::Zrf).unwrap_err();
        assert_eq!(unterminated.kind, ReadErrorKind::UnterminatedString);
        assert_eq!(unterminated.span, Span::new(3, 4));
    }

    #[test]
    fn reads_atoms() {
        assert_eq!(
            kinds(r#"is-empty? -1 42 - "a \"b\"\n" a1 <= set! "#),
            vec![
                sym("is-empty?"),
                NodeKind::Int(-1),
                NodeKind::Int(42),
                sym("-"),
                NodeKind::Str("a \"b\"\n".to_string()),
                sym("a1"),
                sym("<="),
                sym("set!"),
            ]
        );
    }

    #[test]
    fn empty_string_is_a_string() {
        assert_eq!(kinds(r#""""#), vec![NodeKind::Str(String::new())]);
    }

    #[test]
    fn reads_nested_lists_with_spans() {
        let forms = read("; head\n(a (b 1)\n  c)").unwrap_or_default();
        assert_eq!(forms.len(), 1);
        assert_eq!(forms[0].span, Span::new(7, 20));
        let inner = &forms[0].as_list().unwrap_or_default()[1];
        assert_eq!(inner.span, Span::new(10, 15));
        assert_eq!(inner.to_string(), "(b 1)");
    }

    #[test]
    fn reports_unclosed_list_at_its_opening() {
        let err = read("(a\n (b)").err();
        assert_eq!(
            err,
            Some(ReadError {
                kind: ReadErrorKind::UnclosedList,
                span: Span::new(0, 1)
            })
        );
    }

    #[test]
    fn zrf_closes_lists_left_open_at_the_end_of_the_text() {
        let text = "(game (a (b)\n (c)";
        let forms = read_with(text, Dialect::Zrf).unwrap_or_default();
        assert_eq!(forms.len(), 1);
        assert_eq!(forms[0].to_string(), "(game (a (b) (c)))");
        assert_eq!(forms[0].span, Span::new(0, text.len()));
        assert_eq!(unclosed_at_end(text), Some(Span::new(0, 1)));
        assert_eq!(unclosed_at_end("(game) ; (x"), None);
        assert_eq!(unclosed_at_end("(game))"), None);
    }

    #[test]
    fn an_unclosed_list_is_also_shown_where_the_text_ends() {
        let text = "(a\n (b)  \n";
        let err = read(text).unwrap_err();
        assert_eq!(err.end_of_text(text), Some(Span::new(6, 7)));
        let text = "(log \"abc\ndef";
        assert_eq!(
            read(text).unwrap_err().end_of_text(text),
            Some(Span::new(12, 13))
        );
        // Nothing after the opening, or the end on its line: one place says it all.
        assert_eq!(read("(").unwrap_err().end_of_text("("), None);
        assert_eq!(read("(a (b)").unwrap_err().end_of_text("(a (b)"), None);
        assert_eq!(read("(a))").unwrap_err().end_of_text("(a))"), None);
    }

    #[test]
    fn reports_stray_close() {
        let err = read("(a))").err().map(|e| (e.kind, e.span));
        assert_eq!(err, Some((ReadErrorKind::UnexpectedClose, Span::new(3, 4))));
    }

    #[test]
    fn reports_string_problems() {
        let err = read(r#"(log "abc"#).err().map(|e| (e.kind, e.span));
        assert_eq!(
            err,
            Some((ReadErrorKind::UnterminatedString, Span::new(5, 6)))
        );
        let err = read(r#""a\qb""#).err().map(|e| (e.kind, e.span));
        assert_eq!(err, Some((ReadErrorKind::BadEscape('q'), Span::new(2, 4))));
    }

    #[test]
    fn reports_overflow_and_bad_chars() {
        let err = read("99999999999999999999").err().map(|e| e.kind);
        assert_eq!(
            err,
            Some(ReadErrorKind::IntegerOverflow(
                "99999999999999999999".to_string()
            ))
        );
        let err = read("(a # b)").err().map(|e| (e.kind, e.span));
        assert_eq!(
            err,
            Some((ReadErrorKind::UnexpectedChar('#'), Span::new(3, 4)))
        );
    }

    #[test]
    fn a_comment_ends_at_a_lone_cr() {
        let nodes = read("; one\r(a) ; two\r\n(b)").unwrap();
        assert_eq!(nodes.len(), 2);
    }

    #[test]
    fn bounds_the_number_of_forms() {
        let many = format!("({})", "1 ".repeat(MAX_FORMS - 1));
        assert_eq!(read(&many).map(|n| n.len()), Ok(1));
        let more = format!("({} x)", "1 ".repeat(MAX_FORMS - 1));
        let err = read(&more).unwrap_err();
        assert_eq!(err.kind, ReadErrorKind::TooManyForms(MAX_FORMS));
        assert_eq!(err.span, Span::new(more.len() - 2, more.len() - 1));
    }

    #[test]
    fn bounds_nesting_depth() {
        let deep = "(".repeat(MAX_DEPTH + 1);
        let err = read(&deep).err().map(|e| e.kind);
        assert_eq!(err, Some(ReadErrorKind::TooDeep(MAX_DEPTH)));
        let ok = format!("{}{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(read(&ok).is_ok());
    }
}
