//! Error messages for people: `file:line:col: error: ...` followed by the source line with a
//! caret, rendered by `ariadne` (without colour, so the text is the same in a terminal and a log).

use ariadne::{Config, IndexType, Label, Report, ReportKind, Source};
use dagaz_sexpr::{LineIndex, Span};

/// One error located in a text: the first line names `origin:line:col`, then the snippet.
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
    let at = LineIndex::new(text).line_col(span.start);
    let mut out = format!("{severity}: {origin}:{at}: {message}\n");
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
    if report
        .finish()
        .write((origin, Source::from(text)), &mut buf)
        .is_ok()
    {
        out.push_str(&String::from_utf8_lossy(&buf));
    }
    out
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
    fn names_origin_line_and_column_then_shows_the_line() {
        let text = "(board\n  (dim \"a-\"))\n";
        let out = located("x.game", text, Span::new(14, 18), "bad range", None);
        let first = out.lines().next().unwrap_or("");
        assert_eq!(first, "error: x.game:2:8: bad range");
        assert!(out.contains("(dim \"a-\")"), "{out}");
    }
}
