//! Error messages for people: `error: message`, then where (`origin:line:col`), the source
//! line with a caret and an optional help line, rendered by `ariadne` (without colour, so the
//! text is the same in a terminal and a log).

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use dagaz_engine::{Problem, Severity};
use dagaz_sexpr::{LineIndex, Span};
use std::ops::Range;

/// At most this many problems are shown by `dagaz check`, in either format; the others are
/// counted in one line (human) or one last item (JSON), so that a file with a million
/// mistakes is reported at once.
pub const MAX_SHOWN: usize = 100;

/// A source line longer than this (in bytes) is shown as a window of about this size around
/// the place, with `…` where it is cut.
const MAX_LINE: usize = 160;

/// How much of a long line is shown before the place (and after it, space allowing).
const CONTEXT: usize = 60;

/// A span longer than this many lines is shown by its first line only.
const MAX_LINES: usize = 100;

/// One error located in a text: the message, then `origin:line:col` and the snippet.
pub fn located(origin: &str, text: &str, span: Span, message: &str, help: Option<&str>) -> String {
    report("error", origin, &LineIndex::new(text), span, message, help)
}

/// One problem (`severity` is "error" or "warning") located in the text `lines` indexes, as
/// [`located`]. Only the lines the span touches are rendered (a long one cut to a window around
/// the place), so the time it takes does not grow with the text.
pub fn report(
    severity: &str,
    origin: &str,
    lines: &LineIndex<'_>,
    span: Span,
    message: &str,
    help: Option<&str>,
) -> String {
    report_also(severity, origin, lines, span, message, help, None)
}

/// As [`report`], with another place the problem involves, after `span`, labelled with what
/// it is there (a list left open: where the text ends).
pub fn report_also(
    severity: &str,
    origin: &str,
    lines: &LineIndex<'_>,
    span: Span,
    message: &str,
    help: Option<&str>,
    also: Option<(Span, &str)>,
) -> String {
    let kind = if severity == "warning" {
        ReportKind::Warning
    } else {
        ReportKind::Error
    };
    let at = lines.line_col(span.start);
    let excerpt = match also {
        Some((other, _)) if other.start > span.end => Excerpt::pair(lines, span, other),
        _ => Excerpt::new(lines, span),
    };
    let mut report = Report::build(kind, (origin, excerpt.label.clone()))
        .with_config(
            Config::default()
                .with_color(false)
                .with_index_type(IndexType::Byte),
        )
        .with_message(message)
        .with_label(Label::new((origin, excerpt.label.clone())).with_message("here"));
    if let (Some(range), Some((_, what))) = (excerpt.also.clone(), also) {
        report = report.with_label(Label::new((origin, range)).with_message(what));
    }
    if let Some(help) = help {
        report = report.with_help(help);
    }
    let mut buf = Vec::new();
    let source = Source::from(excerpt.text.as_str()).with_display_line_offset(excerpt.first - 1);
    let ok = report.finish().write((origin, source), &mut buf).is_ok();
    let rendered = String::from_utf8_lossy(&buf);
    // ariadne capitalises the kind (`Error:`), and a kind of our own spelling would be written
    // in colour; the command's other messages begin `error:`, so the first word is lowered.
    match rendered.split_once(':') {
        Some((kind, rest)) if ok && kind.eq_ignore_ascii_case(severity) => {
            // ariadne counts the column in the excerpt: put the text's column in its place.
            let shown = format!("[ {origin}:{}:{} ]", at.line, excerpt.column());
            let rest = match rest.split_once(&shown) {
                Some((before, after)) => format!("{before}[ {origin}:{at} ]{after}"),
                None => rest.to_string(),
            };
            format!(
                "{severity}:{}",
                renumber(&rest, excerpt.first, excerpt.last)
            )
        }
        // Not rendered: the message and its place on one line still say it all.
        _ => format!("{severity}: {origin}:{at}: {message}\n"),
    }
}

/// `rendered` with the excerpt's line numbers (ariadne counts from 1: version 0.6 leaves a
/// source's display offset out of the margin) made the text's, `first` to `last`, and the
/// margin widened to fit them. Every line from the one that opens the box (`╭─[`) on begins
/// with the margin: a space, the line number right-aligned (or blanks, or `─`s in the last
/// line), a space.
fn renumber(rendered: &str, first: usize, last: usize) -> String {
    if first == 1 {
        return rendered.to_string();
    }
    let wide = digits(last) + 2;
    let mut out = String::with_capacity(rendered.len() + 64);
    let mut margin = None;
    for line in rendered.split_inclusive('\n') {
        let width = match margin {
            Some(width) => width,
            None => match line.find('╭') {
                Some(at) if line.get(..at).is_some_and(|m| m.trim().is_empty()) => {
                    margin = Some(at);
                    at
                }
                _ => {
                    out.push_str(line);
                    continue;
                }
            },
        };
        let cut = line
            .char_indices()
            .nth(width)
            .map_or(line.len(), |(i, _)| i);
        let (head, tail) = line.split_at(cut);
        match head.trim() {
            "" => out.push_str(&" ".repeat(wide)),
            n if n.chars().all(|c| c == '─') => out.push_str(&"─".repeat(wide)),
            n => match n.parse::<usize>() {
                Ok(n) => out.push_str(&format!(" {:>w$} ", n + first - 1, w = wide - 2)),
                Err(_) => out.push_str(head),
            },
        }
        out.push_str(tail);
    }
    out
}

/// How many decimal digits `n` has.
fn digits(n: usize) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The lines of a text a span touches, as ariadne is given them: a long line cut to a window
/// around the place (`…` where it is cut), the lines between the first and the last left
/// empty (ariadne does not show them), and the characters ariadne would take for line ends
/// written as spaces.
struct Excerpt {
    text: String,
    /// The span in `text`.
    label: Range<usize>,
    /// The second place in `text`, for [`Excerpt::pair`].
    also: Option<Range<usize>>,
    /// The text's lines that the excerpt's first and last lines are.
    first: usize,
    last: usize,
}

impl Excerpt {
    /// An excerpt of the text's lines `first` to `last`, its text and labels still to come.
    fn lines(first: usize, last: usize) -> Excerpt {
        Excerpt {
            text: String::new(),
            label: 0..0,
            also: None,
            first,
            last,
        }
    }

    fn new(lines: &LineIndex<'_>, span: Span) -> Excerpt {
        let text = lines.text();
        let start = floor(text, span.start);
        let end = ceil(text, span.end.max(start + 1)).max(start);
        let (first, first_line) = line_around(lines, start);
        let (mut last, mut last_line) = line_around(lines, end.saturating_sub(1).max(start));
        if last - first > MAX_LINES {
            (last, last_line) = (first, first_line.clone());
        }
        let mut out = Excerpt::lines(first, last);
        if first == last {
            let end = end.min(first_line.end);
            let shown = window(text, &first_line, start, end);
            let [a, b] = out.push_line(text, &first_line, &shown, [start, end]);
            out.label = a..b;
        } else {
            let shown = window(text, &first_line, start, start + 1);
            let [a, _] = out.push_line(text, &first_line, &shown, [start, start]);
            out.text.push_str(&"\n".repeat(last - first));
            let end = end.min(last_line.end);
            let shown = window(text, &last_line, end.saturating_sub(1), end);
            let [b, _] = out.push_line(text, &last_line, &shown, [end, end]);
            out.label = a..b;
        }
        // ariadne draws a line with its line end one column wider.
        if last_line.end < text.len() {
            out.text.push('\n');
        }
        out
    }

    /// The lines of two places, `a` then `b` (each a character or a few), as ariadne is given
    /// them: the lines between left empty however many they are (ariadne does not show them;
    /// the two lines are what matter).
    fn pair(lines: &LineIndex<'_>, a: Span, b: Span) -> Excerpt {
        let text = lines.text();
        let bounds = |s: Span| {
            let start = floor(text, s.start);
            (start, ceil(text, s.end.max(start + 1)).max(start))
        };
        let ((a0, a1), (b0, b1)) = (bounds(a), bounds(b));
        let (first, first_line) = line_around(lines, a0);
        let (last, last_line) = line_around(lines, b0);
        let mut out = Excerpt::lines(first, last);
        if first == last {
            let shown = window(text, &first_line, a0, b1);
            let [pa, pb] = out.push_line(text, &first_line, &shown, [a0, b1.min(first_line.end)]);
            out.label = pa..pa + (a1 - a0);
            out.also = Some(pb.saturating_sub(b1 - b0)..pb);
        } else {
            let shown = window(text, &first_line, a0, a1);
            let [pa, pa1] = out.push_line(text, &first_line, &shown, [a0, a1.min(first_line.end)]);
            out.label = pa..pa1.max(pa + 1);
            out.text.push_str(&"\n".repeat(last - first));
            let shown = window(text, &last_line, b0, b1);
            let [pb, pb1] = out.push_line(text, &last_line, &shown, [b0, b1.min(last_line.end)]);
            out.also = Some(pb..pb1.max(pb + 1));
        }
        if last_line.end < text.len() {
            out.text.push('\n');
        }
        out
    }

    /// Appends the bytes `window` of the line `line` of `text`, with `…` on each side where
    /// the window cuts the line, and answers where the text offsets `marks` landed (a mark
    /// outside the window at the window's nearer end).
    fn push_line(
        &mut self,
        text: &str,
        line: &Range<usize>,
        window: &Range<usize>,
        marks: [usize; 2],
    ) -> [usize; 2] {
        if window.start > line.start {
            self.text.push('…');
        }
        let mut at = [self.text.len(); 2];
        for (i, c) in text.get(window.clone()).unwrap_or("").char_indices() {
            for (at, &mark) in at.iter_mut().zip(&marks) {
                if mark == window.start + i {
                    *at = self.text.len();
                }
            }
            // Line ends of ariadne's that the reader does not count as such.
            let c = if matches!(c, '\x0B' | '\x0C' | '\u{85}' | '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            };
            self.text.push(c);
        }
        for (at, &mark) in at.iter_mut().zip(&marks) {
            if mark >= window.end {
                *at = self.text.len();
            }
        }
        if window.end < line.end {
            self.text.push('…');
        }
        at
    }

    /// The column ariadne gives the label: its characters before it, plus one.
    fn column(&self) -> usize {
        self.text
            .get(..self.label.start)
            .map_or(0, |s| s.chars().count())
            + 1
    }
}

/// The line that holds `offset`: its number, and its bytes up to its line end; or, when the
/// line goes on for more than [`MAX_LINE`] bytes past `offset`, up to a byte past that (which
/// no window reaches: it is shown cut). So a 60 MB line is not read to its end for each
/// problem.
fn line_around(lines: &LineIndex<'_>, offset: usize) -> (usize, Range<usize>) {
    let (line, start) = lines.line_start(offset);
    let bytes = lines.text().as_bytes();
    let from = offset.clamp(start, bytes.len());
    let reach = (from + MAX_LINE + 1).min(bytes.len());
    let end = bytes
        .get(from..reach)
        .and_then(|b| b.iter().position(|&b| b == b'\n' || b == b'\r'))
        .map_or(reach, |at| from + at);
    (line, start..end)
}

/// The bytes of `line` to show so that `lo..hi` is seen: all of it when it is short, else a
/// window from a little before `lo`, as far past `hi` as the window's size allows.
fn window(text: &str, line: &Range<usize>, lo: usize, hi: usize) -> Range<usize> {
    if line.len() <= MAX_LINE {
        return line.clone();
    }
    let start = floor(text, lo.saturating_sub(CONTEXT).max(line.start));
    let end = (hi.max(lo + 1) + CONTEXT)
        .min(start + MAX_LINE)
        .min(line.end);
    start..ceil(text, end).max(start)
}

/// The nearest character boundary of `text` at or before `i`.
fn floor(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The nearest character boundary of `text` at or after `i`.
fn ceil(text: &str, i: usize) -> usize {
    let mut i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// Problems as a JSON array for editors: file, line and column (1-based, columns in
/// characters) of the start and end, severity, code, message and help. Past [`MAX_SHOWN`]
/// problems, one last item with the code `too-many-problems`, at the first problem left out,
/// counts the others.
pub fn json(origin: &str, text: &str, problems: &[Problem]) -> String {
    let lines = LineIndex::new(text);
    let item = |span: Span, severity: &str, code: &str, message: &str, help: Option<&str>| {
        let start = lines.line_col(span.start);
        let end = lines.line_col(span.end);
        serde_json::json!({
            "file": origin,
            "line": start.line,
            "column": start.col,
            "end_line": end.line,
            "end_column": end.col,
            "severity": severity,
            "code": code,
            "message": message,
            "help": help,
        })
    };
    let (shown, rest) = problems.split_at(problems.len().min(MAX_SHOWN));
    let mut items: Vec<serde_json::Value> = shown
        .iter()
        .map(|p| {
            item(
                p.span,
                p.severity.as_str(),
                p.code,
                &p.message,
                p.help.as_deref(),
            )
        })
        .collect();
    if let Some(first) = rest.first() {
        let worst = rest
            .iter()
            .map(|p| p.severity)
            .min()
            .unwrap_or(first.severity);
        items.push(item(
            first.span,
            worst.as_str(),
            "too-many-problems",
            &not_shown(rest),
            Some(TOO_MANY_HELP),
        ));
    }
    let mut out = serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into());
    out.push('\n');
    out
}

/// The help of the item that counts the problems left out.
const TOO_MANY_HELP: &str = "the first problems are shown; fix them and check again";

/// What is said of the problems left out: "N more problems not shown (E errors, W warnings)".
pub fn not_shown(rest: &[Problem]) -> String {
    let errors = rest
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    format!(
        "{} more problem{} not shown ({})",
        rest.len(),
        plural(rest.len()),
        tally(errors, rest.len() - errors)
    )
}

/// "E errors, W warnings".
pub fn tally(errors: usize, warnings: usize) -> String {
    format!(
        "{errors} error{}, {warnings} warning{}",
        plural(errors),
        plural(warnings)
    )
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn says_the_message_once_then_origin_line_and_column_and_the_line() {
        let text = "(board\n  (dim \"a-\"))\n";
        let out = located("x.game", text, Span::new(14, 18), "bad range", None);
        assert_eq!(
            out,
            "error: bad range\n   ╭─[ x.game:2:8 ]\n   │\n 2 │   (dim \"a-\"))\n   │        ──┬─  \n   │          ╰─── here\n───╯\n"
        );
    }

    #[test]
    fn a_span_over_lines_is_numbered_from_its_first_line() {
        let text = format!("{}(piece\n  (x)\n  (y))\n", "\n".repeat(9));
        let start = text.find('(').unwrap_or(0);
        let out = located("x.game", &text, Span::new(start, text.len() - 1), "m", None);
        assert_eq!(
            out,
            "error: m\n    ╭─[ x.game:10:1 ]\n    │\n 10 │ ╭─▶ (piece\n    ┆ ┆   \n 12 │ ├─▶   (y))\n    │ │            \n    │ ╰──────────── here\n────╯\n"
        );
    }

    #[test]
    fn a_long_line_is_shown_around_the_place() {
        let text = format!(
            "{}é{} x {}",
            "a".repeat(70),
            "b".repeat(200),
            "c".repeat(300)
        );
        let x = text.find('x').unwrap_or(0);
        let out = located("t", &text, Span::new(x, x + 1), "m", None);
        let shown = format!("…{} x {}…", "b".repeat(59), "c".repeat(59));
        assert_eq!(
            out,
            format!("error: m\n   ╭─[ t:1:273 ]\n   │\n 1 │ {shown}\n   │                                                              ┬  \n   │                                                              ╰── here\n───╯\n")
        );
        // Cut inside a character: the window ends before it or after it.
        let near = located("t", &text, Span::new(71 + 60, 71 + 61), "m", None);
        assert!(near.contains(" 1 │ …é"), "{near}");
    }

    /// A line is read only a window's length past the place, not to its end (which, for each
    /// of a hundred problems in a 60 MB line, took seconds).
    #[test]
    fn a_line_is_read_only_a_little_past_the_place() {
        let text = format!("ab\n{}\ncd", "x".repeat(10_000));
        let lines = LineIndex::new(&text);
        assert_eq!(line_around(&lines, 100), (2, 3..100 + MAX_LINE + 1));
        assert_eq!(line_around(&lines, 9_950), (2, 3..10_003));
        assert_eq!(line_around(&lines, 1), (1, 0..2));
        assert_eq!(line_around(&lines, text.len()), (3, 10_004..10_006));
    }

    #[test]
    fn line_ends_only_ariadne_knows_do_not_shift_the_lines() {
        // The reader counts `\n`, `\r\n` and `\r` only; a U+2028 in a comment is no line end.
        let text = "; a\u{2028}b\n  (x)\n";
        let x = text.find('(').unwrap_or(0);
        let out = located("t", text, Span::new(x, x + 3), "m", None);
        assert_eq!(
            out,
            "error: m\n   ╭─[ t:2:3 ]\n   │\n 2 │   (x)\n   │   ─┬─  \n   │    ╰─── here\n───╯\n"
        );
        let out = located("t", text, Span::new(2, 3), "m", None);
        assert!(out.contains(" 1 │ ; a b\n"), "{out}");
    }

    #[test]
    fn columns_count_characters() {
        let text = "; é\n  «x» y\n";
        let y = text.find('y').unwrap_or(0);
        let lines = LineIndex::new(text);
        let out = report("warning", "t", &lines, Span::new(y, y + 1), "w", None);
        assert!(out.starts_with("warning: w\n   ╭─[ t:2:7 ]\n"), "{out}");
    }
}
