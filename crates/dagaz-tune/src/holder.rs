//! Which file holds a game's `(evaluation ...)` clause, for `tune --write`: the game file
//! itself, or a fragment it includes (chess's evaluation lives in
//! `games/lib/chess-evaluation.game`, which `chess.game` includes).

use crate::RewriteError;
use dagaz_sexpr::{Node, NodeKind};

/// The included fragment that holds the evaluation of the game whose text is `text`, as its
/// `include` names it, with its text; `None` when the clause belongs in `text` itself: when
/// `text`'s own `game` form writes one, or no fragment it includes does. `read` gives the text
/// of an included file by the name the `include` writes (as the game's loader reads it).
///
/// A fragment is an included file whose `game` form, if it has one, has no `(name ...)`: a
/// piece of rules, not a game. An included whole game (a variant's base, such as `chess.game`
/// for King of the Hill) is not followed: its evaluation is that game's, and a variant tuned
/// gets a clause of its own. Of several includes, the last that holds a clause wins, as it
/// does when the includes are merged; a fragment's own clause wins over its includes'.
pub fn evaluation_holder(
    text: &str,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Option<(String, String)>, RewriteError> {
    let nodes = dagaz_sexpr::read(text).map_err(|e| RewriteError(e.to_string()))?;
    if game_clause(&nodes, "evaluation").is_some() {
        return Ok(None);
    }
    in_fragments(&nodes, read, 0)
}

/// The fragment among the includes of `nodes` (and theirs) whose own forms hold the
/// evaluation, the last include first.
fn in_fragments(
    nodes: &[Node],
    read: &mut dyn FnMut(&str) -> Result<String, String>,
    depth: usize,
) -> Result<Option<(String, String)>, RewriteError> {
    if depth >= dagaz_syntax::MAX_INCLUDE_DEPTH {
        return Ok(None);
    }
    for name in includes(nodes).iter().rev() {
        let text = read(name).map_err(|e| RewriteError(format!("{name}: {e}")))?;
        let forms = dagaz_sexpr::read(&text).map_err(|e| RewriteError(format!("{name}: {e}")))?;
        let whole_game = forms
            .iter()
            .any(|f| f.head() == Some("game") && list(f).iter().any(|c| c.head() == Some("name")));
        if whole_game {
            continue;
        }
        if game_clause(&forms, "evaluation").is_some() {
            return Ok(Some((name.clone(), text)));
        }
        if let Some(found) = in_fragments(&forms, read, depth + 1)? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// The file names of the top-level `(include "FILE" ...)` forms, in order.
fn includes(nodes: &[Node]) -> Vec<String> {
    nodes
        .iter()
        .filter(|n| n.head() == Some("include"))
        .filter_map(|n| match &list(n).get(1)?.kind {
            NodeKind::Str(name) => Some(name.clone()),
            _ => None,
        })
        .collect()
}

/// The first clause headed `head` of the top-level `game` form.
fn game_clause<'a>(nodes: &'a [Node], head: &str) -> Option<&'a Node> {
    nodes
        .iter()
        .filter(|n| n.head() == Some("game"))
        .flat_map(list)
        .find(|c| c.head() == Some(head))
}

fn list(node: &Node) -> &[Node] {
    node.as_list().unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn files(name: &str) -> Result<String, String> {
        Ok(match name {
            "lib/eval.game" => "(game (evaluation (mobility 1)))",
            "lib/moves.game" => "(define lift () (take))",
            "lib/both.game" => "(include \"lib/eval.game\") (define x () (take))",
            "base.game" => "(game (name \"Base\") (evaluation (mobility 2)))",
            _ => return Err("no such file".into()),
        }
        .to_string())
    }

    fn holder(text: &str) -> Option<String> {
        evaluation_holder(text, &mut files)
            .unwrap()
            .map(|(name, _)| name)
    }

    #[test]
    fn the_clause_is_where_the_game_or_a_fragment_it_includes_writes_it() {
        // Its own clause, or none anywhere: the game file itself.
        assert_eq!(
            holder("(include \"lib/eval.game\") (game (name g) (evaluation))"),
            None
        );
        assert_eq!(holder("(include \"lib/moves.game\") (game (name g))"), None);
        // A fragment's, directly or through another fragment.
        assert_eq!(
            holder("(include \"lib/moves.game\") (include \"lib/eval.game\") (game (name g))"),
            Some("lib/eval.game".to_string())
        );
        assert_eq!(
            holder("(include \"lib/both.game\") (game (name g))"),
            Some("lib/eval.game".to_string())
        );
        // A whole game included is another game's evaluation: the variant gets its own.
        assert_eq!(holder("(include \"base.game\") (game (name v))"), None);
        let (_, text) = evaluation_holder("(include \"lib/eval.game\")", &mut files)
            .unwrap()
            .unwrap();
        assert_eq!(text, "(game (evaluation (mobility 1)))");
        assert!(evaluation_holder("(include \"nowhere.game\")", &mut files).is_err());
    }
}
