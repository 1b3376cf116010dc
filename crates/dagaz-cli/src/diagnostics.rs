//! Error messages for people: `error: message`, then where (`origin:line:col`), the source
//! line with a caret and an optional help line, rendered by `ariadne` (without colour, so the
//! text is the same in a terminal and a log).

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use dagaz_sexpr::{LineIndex, Span};

/// One error located in a text: the message, then `origin:line:col` and the snippet.
pub fn located(origin: &str, text: &str, span: Span, message: &str, help: Option<&str>) -> String {
    report("error", origin, text, span, message, help)
}

/// One problem (`severity` is "error" or "warning") located in a text, as [`located`].
pub fn report(
    severity: &str,
    origin: &str,
    text: &str,
    span: Span,
    message: &str,
    help: Option<&str>,
) -> String {
    let kind = if severity == "warning" {
        ReportKind::Warning
    } else {
        ReportKind::Error
    };
    let end = span
        .end
        .max(span.start + 1)
        .min(text.len())
        .max(span.start.min(text.len()));
    let range = span.start.min(text.len())..end;
    let mut report = Report::build(kind, (origin, range.clone()))
        .with_config(
            Config::default()
                .with_color(false)
                .with_index_type(IndexType::Byte),
        )
        .with_message(message)
        .with_label(Label::new((origin, range)).with_message("here"));
    if let Some(help) = help {
        report = report.with_help(help);
    }
    let mut buf = Vec::new();
    let ok = report
        .finish()
        .write((origin, Source::from(text)), &mut buf)
        .is_ok();
    let rendered = String::from_utf8_lossy(&buf);
    // ariadne capitalises the kind (`Error:`), and a kind of our own spelling would be written
    // in colour; the command's other messages begin `error:`, so the first word is lowered.
    match rendered.split_once(':') {
        Some((kind, rest)) if ok && kind.eq_ignore_ascii_case(severity) => {
            format!("{severity}:{rest}")
        }
        // Not rendered: the message and its place on one line still say it all.
        _ => {
            let at = LineIndex::new(text).line_col(span.start);
            format!("{severity}: {origin}:{at}: {message}\n")
        }
    }
}

/// Problems as a JSON array for editors: file, line and column (1-based, columns in
/// characters) of the start and end, severity, code, message and help.
pub fn json(origin: &str, text: &str, problems: &[dagaz_engine::Problem]) -> String {
    let lines = LineIndex::new(text);
    let items: Vec<serde_json::Value> = problems
        .iter()
        .map(|p| {
            let start = lines.line_col(p.span.start);
            let end = lines.line_col(p.span.end);
            serde_json::json!({
                "file": origin,
                "line": start.line,
                "column": start.col,
                "end_line": end.line,
                "end_column": end.col,
                "severity": p.severity.as_str(),
                "code": p.code,
                "message": p.message,
                "help": p.help,
            })
        })
        .collect();
    let mut out = serde_json::to_string_pretty(&items).unwrap_or_else(|_| "[]".into());
    out.push('\n');
    out
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
    fn columns_count_characters() {
        let text = "; é\n  «x» y\n";
        let y = text.find('y').unwrap_or(0);
        let out = report("warning", "t", text, Span::new(y, y + 1), "w", None);
        assert!(out.starts_with("warning: w\n   ╭─[ t:2:7 ]\n"), "{out}");
    }
}
