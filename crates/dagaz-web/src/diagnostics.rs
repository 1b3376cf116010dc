//! The problems `dagaz check` finds in a game text, as the editor marks them: severity, the
//! 1-based line and column (in characters) of the start and the end, and the message.

use dagaz_engine::{Problem, Severity};
use dagaz_sexpr::{LineIndex, Span};
use serde_json::{json, Value as Json};

/// One `Diag`, for a problem at `span` of the text `lines` indexes.
pub fn diag(
    lines: &LineIndex<'_>,
    severity: Severity,
    code: &str,
    span: Span,
    message: &str,
    help: Option<&str>,
) -> Json {
    let start = lines.line_col(span.start);
    let end = lines.line_col(span.end);
    json!({
        "severity": severity.as_str(),
        "line": start.line,
        "col": start.col,
        "endLine": end.line,
        "endCol": end.col,
        "message": message,
        "code": code,
        "help": help,
    })
}

/// Every problem, in the order `check` gives them (the order of the text).
pub fn diags(text: &str, problems: &[Problem]) -> Vec<Json> {
    let lines = LineIndex::new(text);
    problems
        .iter()
        .map(|p| {
            diag(
                &lines,
                p.severity,
                p.code,
                p.span,
                &p.message,
                p.help.as_deref(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_is_located_by_line_and_character() {
        let text = "; é\n(game (name x) (board nowhere))\n";
        let problems = dagaz_engine::check(text);
        let all = diags(text, &problems);
        let first = all.first().unwrap();
        assert_eq!(first["severity"], "error");
        assert_eq!(first["line"], 2, "{first}");
        assert!(first["col"].as_u64().unwrap() >= 1, "{first}");
        assert!(first["endLine"].as_u64().unwrap() >= 2, "{first}");
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "éé\nabc";
        let lines = LineIndex::new(text);
        let d = diag(&lines, Severity::Warning, "x", Span::new(4, 5), "m", None);
        assert_eq!(d["col"], 3);
        assert_eq!(d["line"], 1);
        assert_eq!(d["severity"], "warning");
        let d = diag(
            &lines,
            Severity::Error,
            "x",
            Span::new(6, 7),
            "m",
            Some("h"),
        );
        assert_eq!((d["line"].clone(), d["col"].clone()), (json!(2), json!(2)));
        assert_eq!(d["endCol"], 3);
        assert_eq!(d["help"], "h");
    }
}
