//! `check`: every problem in a game text, not only the first, for `dagaz check` and editors.
//!
//! One compile gives every error: `dagaz-syntax` reports each malformed form and goes on, and
//! the compiler leaves each statement, clause or form it cannot compile out and goes on; a name
//! that a rule reads and that nothing declares or sets (a misspelt `is-emtpy?`) is one of its
//! errors. Then `check` looks for mistakes that compile: `move` clauses that can never
//! complete, piece types that are never placed and that nothing promotes to, and a game whose
//! players can move back and forth forever with no rule to end it. After an error only the
//! misspelt names are looked for, and not the names the erroneous parts declare.

use crate::error::CompileErrorKind;
use crate::model::Game;
use dagaz_ir::Op;
use dagaz_ir::{Clause, Program};
use dagaz_ir::{PieceKind, Value};
use dagaz_sexpr::{Node, NodeKind, Span};
use dagaz_syntax::{Keyword, SyntaxErrorKind};
use std::collections::BTreeSet;

/// How bad a problem is. Both make `dagaz check` fail; a warning does not stop the game from
/// loading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The game does not load.
    Error,
    /// The game loads, but something in it is very likely a mistake.
    Warning,
}

impl Severity {
    /// `"error"` or `"warning"`, as reports and JSON write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem: a stable code (for editors and scripts), what is wrong, where, and a hint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// Whether the game still loads.
    pub severity: Severity,
    /// A stable kebab-case name of the kind of problem (`unknown-name`, `arity`, …).
    pub code: &'static str,
    /// What is wrong, in the words `dagaz` prints.
    pub message: String,
    /// Where in the game text.
    pub span: Span,
    /// What to do about it, when there is something to say.
    pub help: Option<String>,
    /// Another place the problem involves, with what it is there: for a list left open, where
    /// the text ends.
    pub related: Option<(Span, String)>,
}

/// Every problem found in a game text, in the order of the text.
pub fn check(text: &str) -> Vec<Problem> {
    check_with(text, &mut |_| {
        Err("this text was not read from a file, so no other file can be included".into())
    })
}

/// As [`check`], for a text whose `(include "FILE")` forms `read` answers (see
/// [`Game::load_with`]).
pub fn check_with(
    text: &str,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Vec<Problem> {
    check_and_load(text, read).0
}

/// As [`check_with`], and the game too when no problem is an error (warnings allow it): the
/// game [`Game::load_with`] gives, from the same compile, for a front end that shows the
/// problems and plays the game (the web page's editor recompiles at every pause in typing).
pub fn check_and_load(
    text: &str,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> (Vec<Problem>, Option<Game>) {
    let forms = match dagaz_sexpr::read(text) {
        Ok(forms) => forms,
        Err(e) => {
            let problem = Problem {
                severity: Severity::Error,
                code: "syntax",
                message: e.kind.to_string(),
                span: e.span,
                help: None,
                related: e.end_of_text(text).map(|at| (at, END_OF_TEXT.to_string())),
            };
            return (vec![problem], None);
        }
    };
    let (forms, include_errors) = crate::model::resolve_includes(&forms, read);
    check_forms(&forms, include_errors)
}

/// As [`check_and_load`], for variant `variant` of a Zillions rules file: the problems of its
/// translation, or the one reason it does not translate.
pub fn check_and_load_zrf(
    text: &str,
    variant: usize,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> (Vec<Problem>, Option<Game>) {
    match dagaz_zrf::translate(text, variant, read) {
        Ok(forms) => {
            let (mut problems, game) = check_forms(&forms, Vec::new());
            if let Some(span) = dagaz_sexpr::unclosed_at_end(text) {
                problems.insert(0, unclosed_warning(span));
            }
            (problems, game)
        }
        Err(e) => {
            let problem = Problem {
                severity: Severity::Error,
                code: "zrf",
                message: e.kind.to_string(),
                span: e.span,
                help: None,
                related: None,
            };
            (vec![problem], None)
        }
    }
}

/// A ZRF list left open at the end of the text, which the reader closed there.
fn unclosed_warning(span: Span) -> Problem {
    Problem {
        severity: Severity::Warning,
        code: "zrf",
        message: "this list is still open where the text ends: it is read as closed there"
            .to_string(),
        span,
        help: Some("add the missing `)` at the end of the file".to_string()),
        related: None,
    }
}

/// The problems of a game's forms, includes resolved (`include_errors`: those that were not).
fn check_forms(
    forms: &[dagaz_sexpr::Node],
    include_errors: Vec<dagaz_syntax::SyntaxError>,
) -> (Vec<Problem>, Option<Game>) {
    let (game, mut errors) = Game::compile_all(forms);
    if !include_errors.is_empty() {
        errors.extend(
            include_errors
                .into_iter()
                .map(dagaz_compiler::CompileError::from),
        );
        errors.sort_by_key(|e| (e.span.start, e.span.end));
    }
    let spans: Vec<Span> = errors.iter().map(|e| e.span).collect();
    // A name read and never set leaves nothing out of the game: the lints still hold.
    let whole = errors
        .iter()
        .all(|e| matches!(e.kind, CompileErrorKind::Undeclared(_)));
    // Each error is dropped as soon as it is a problem.
    let mut problems: Vec<Problem> = errors.into_iter().map(problem).collect();
    // After errors, only misspelt names, and not those the erroneous parts declare (a board's
    // direction, an attribute): unplaced pieces and dead clauses might be what the errors
    // left out. Misspelt names alone leave nothing out.
    if let Some(game) = &game {
        if whole {
            problems.extend(lint(game, forms));
        } else {
            // Without errors the compile looked for these itself.
            let left_out = left_out(forms, &spans);
            problems.extend(
                dagaz_compiler::undeclared(&game.rules)
                    .into_iter()
                    .filter(|e| {
                        !matches!(&e.kind, CompileErrorKind::Undeclared(name) if left_out.contains(name.as_str()))
                    })
                    .map(problem),
            );
        }
    }
    // The errors come in order: only the warnings added after them need sorting in.
    if !problems.is_sorted_by_key(|p| (p.span.start, p.severity)) {
        problems.sort_by_key(|p| (p.span.start, p.severity));
    }
    // Without an error the compile was `Game::load_with`'s: the same forms, includes
    // resolved, and `compile_all` is what `compile` runs.
    let playable = !problems.iter().any(|p| p.severity == Severity::Error);
    (problems, game.filter(|_| playable))
}

/// The label of the end of a text that leaves a list or a string open.
pub const END_OF_TEXT: &str = "the text ends here, with it still open";

/// A compile error as a problem.
fn problem(e: dagaz_compiler::CompileError) -> Problem {
    Problem {
        severity: Severity::Error,
        code: e.kind.code(),
        help: help(&e.kind),
        message: exact(e.to_string()),
        span: e.span,
        related: None,
    }
}

/// `text` holding no more memory than its length: a formatted message is given room to grow,
/// which a file of a million problems would pay a million times.
fn exact(mut text: String) -> String {
    text.shrink_to_fit();
    text
}

fn help(kind: &CompileErrorKind) -> Option<String> {
    Some(
        match kind {
            CompileErrorKind::Syntax(SyntaxErrorKind::UnknownForm(_)) => {
                "forms are listed in docs/language.md, sections 9 and 10; a macro must be defined with `define`"
            }
            CompileErrorKind::Unknown { .. } => "check the spelling against the board, pieces, players and zones the file declares",
            CompileErrorKind::Undeclared(_) => {
                "check the spelling; a global variable is created by its first use and set with `set!` or `inc!`"
            }
            CompileErrorKind::Syntax(SyntaxErrorKind::Arity { .. }) => "docs/language.md lists each form with the arguments it takes",
            CompileErrorKind::Syntax(SyntaxErrorKind::UnknownGameClause(_)) => "docs/language.md, section 7, lists the clauses of `game`",
            CompileErrorKind::LocalOutOfScope(_) => {
                "declare it with `let` in `pre` to share it between `move` and `post`"
            }
            _ => return None,
        }
        .to_string(),
    )
}

/// Forms whose items are statements or clauses: an error inside one leaves out the item that
/// holds it. Any other list is an expression, left out whole with its statement.
const CONTAINERS: &[Keyword] = &[
    Keyword::Board,
    Keyword::Piece,
    Keyword::Game,
    Keyword::Define,
    Keyword::Pre,
    Keyword::Move,
    Keyword::Post,
    Keyword::Players,
    Keyword::Zone,
    Keyword::Fen,
    Keyword::While,
    Keyword::If,
    Keyword::Seq,
    Keyword::Any,
];

/// The words of the smallest statements, clauses or top-level forms that hold the errors:
/// what the errors leave out. Each form's words are gathered once, and not again for a form
/// inside one already gathered, so that this stays linear in the text however many errors
/// there are.
fn left_out<'a>(forms: &'a [Node], errors: &[Span]) -> BTreeSet<&'a str> {
    let mut items: Vec<&Node> = errors
        .iter()
        .filter_map(|&span| {
            let form = holder(forms, span)?;
            Some(innermost(form, span, false).unwrap_or(form))
        })
        .collect();
    // Outer forms before the forms they hold.
    items.sort_by_key(|n| (n.span.start, std::cmp::Reverse(n.span.end)));
    let mut out = BTreeSet::new();
    let mut gathered: Option<Span> = None;
    for item in items {
        if gathered.is_some_and(|g| holds(g, item.span)) {
            continue;
        }
        words(item, &mut out);
        gathered = Some(item.span);
    }
    out
}

/// The node of `nodes` (in the order of the text, none overlapping) that holds `span`.
fn holder(nodes: &[Node], span: Span) -> Option<&Node> {
    let after = nodes.partition_point(|n| n.span.start <= span.start);
    nodes
        .get(after.checked_sub(1)?)
        .filter(|n| holds(n.span, span))
}

/// In `node`, a container (a form of statements or clauses), the deepest statement or clause
/// that holds `span`.
fn innermost(node: &Node, span: Span, entry: bool) -> Option<&Node> {
    let head = node.head().and_then(Keyword::from_text);
    if !entry && !head.is_some_and(|h| CONTAINERS.contains(&h)) {
        return None;
    }
    let child = holder(node.as_list()?.get(1..)?, span)?;
    // A word inside a statement: the statement is what is left out.
    child.as_list()?;
    // A player's entry in `players` is a container of piece lists.
    let deeper = (child.span != span)
        .then(|| innermost(child, span, head == Some(Keyword::Players)))
        .flatten();
    Some(deeper.unwrap_or(child))
}

/// Every symbol in `node`.
fn words<'a>(node: &'a Node, out: &mut BTreeSet<&'a str>) {
    match &node.kind {
        NodeKind::Symbol(s) => {
            out.insert(s);
        }
        NodeKind::List(items) => items.iter().for_each(|n| words(n, out)),
        _ => {}
    }
}

fn holds(outer: Span, inner: Span) -> bool {
    outer.start <= inner.start && inner.end <= outer.end
}

/// The mistakes that compile.
fn lint(game: &Game, forms: &[Node]) -> Vec<Problem> {
    let mut out: Vec<Problem> = crate::shuffle::endless(game, forms)
        .map(|(moves, span)| Problem {
            severity: Severity::Warning,
            code: "endless",
            message: format!(
                "the game has neither a repetition rule nor a move limit, and its players can move back and forth forever (the moves {moves} bring a position back)"
            ),
            span,
            help: Some(
                "add `(draw (repetition 3))` to the game, or a move limit: `(draw (quiet-moves N))` or a goal on `turn-number`"
                    .into(),
            ),
            related: None,
        })
        .into_iter()
        .collect();
    for (kind, ty) in game.rules.pieces.iter().enumerate() {
        for (clause, span) in never_completing(&ty.program) {
            out.push(Problem {
                severity: Severity::Warning,
                code: "never-completes",
                message: format!(
                    "{clause} of piece {} can never complete a move: every path through it fails",
                    ty.name
                ),
                span,
                help: Some("a `move` clause completes a move when it reaches its end".into()),
                related: None,
            });
        }
        if !placed_or_promoted(game, PieceKind(kind as u8)) {
            out.push(Problem {
                severity: Severity::Warning,
                code: "never-placed",
                message: format!(
                    "piece {} is never placed by `players` and nothing promotes to it",
                    ty.name
                ),
                span: ty.span,
                help: Some("place it in the `players` clause, or remove it".into()),
                related: None,
            });
        }
    }
    out
}

/// The `move` clauses from whose start no path reaches `Complete`, with the clause's span.
fn never_completing(program: &Program) -> Vec<(Clause, Span)> {
    let ops = &program.ops;
    let moves: Vec<(usize, Clause)> = program
        .clauses
        .iter()
        .filter(|(_, c)| matches!(c, Clause::Move(_)))
        .map(|&(start, c)| (start as usize, c))
        .collect();
    let last = moves.len().saturating_sub(1);
    let mut out = Vec::new();
    for (i, &(start, clause)) in moves.iter().enumerate() {
        // Every clause but the last opens with the `Fork` to the next: start past it.
        let body = if i < last { start + 1 } else { start };
        if !reaches_complete(ops, body) {
            out.push((clause, program.span_at(body)));
        }
    }
    out
}

/// Whether some path from `from` reaches `Complete`. A `Check` of a constant false value, a
/// `Fail`, and running off the chain end a path; everything else may go either way. A `Check`
/// that a jump reaches may check another value than the `Push false` before it (an
/// expression's `Push true; Jmp` over its `Push false`).
fn reaches_complete(ops: &[Op], from: usize) -> bool {
    let targets: BTreeSet<usize> = ops.iter().filter_map(jump_target).collect();
    let mut seen = vec![false; ops.len()];
    let mut todo = vec![from];
    while let Some(pc) = todo.pop() {
        let Some(op) = ops.get(pc) else { continue };
        if std::mem::replace(seen.get_mut(pc).unwrap_or(&mut true), true) {
            continue;
        }
        let next = pc + 1;
        match *op {
            Op::Complete => return true,
            Op::Fail => {}
            Op::Jmp(t) | Op::LocalConstJmp(_, _, t) => todo.push(t as usize),
            Op::JmpIfFalse(t) | Op::JmpUnlessLocal(_, _, _, t) | Op::Fork(t) | Op::EndMove(t) => {
                todo.push(t as usize);
                todo.push(next);
            }
            Op::Check => {
                let constant_false = !targets.contains(&pc)
                    && pc
                        .checked_sub(1)
                        .and_then(|p| ops.get(p))
                        .is_some_and(|op| {
                            matches!(op, Op::Push(Value::Bool(false)) | Op::Push(Value::Int(0)))
                        });
                if !constant_false {
                    todo.push(next);
                }
            }
            _ => todo.push(next),
        }
    }
    false
}

/// Where `op` may jump to.
fn jump_target(op: &Op) -> Option<usize> {
    match *op {
        Op::Jmp(t)
        | Op::LocalConstJmp(_, _, t)
        | Op::JmpIfFalse(t)
        | Op::JmpUnlessLocal(_, _, _, t)
        | Op::Fork(t)
        | Op::EndMove(t) => Some(t as usize),
        _ => None,
    }
}

/// Whether a piece type starts on the board or some chain can promote to it.
fn placed_or_promoted(game: &Game, kind: PieceKind) -> bool {
    let start = game.initial_position();
    let in_a_hand = (0..game.player_count())
        .any(|p| start.in_hand(dagaz_ir::PlayerId(p as u8), kind) != Some(0));
    let captured_to_hand = game.rules.to_hand.is_some()
        && game
            .rules
            .pieces
            .get(kind.index())
            .is_some_and(|ty| ty.drops.is_some());
    start.pieces().any(|(_, p)| p.kind == kind)
        || in_a_hand
        || captured_to_hand
        || game.rules.pieces.iter().any(|ty| {
            let drops = ty.drops.iter().flat_map(|d| d.ops.iter());
            ty.program.ops.iter().chain(drops).any(|op| {
                matches!(op, Op::Promote(k) if *k == kind)
                    || matches!(op, Op::Push(Value::Piece(k)) if *k == kind)
                    || matches!(op, Op::LocalConst(_, Value::Piece(k)) if *k == kind)
                    || matches!(op, Op::LocalConstJmp(_, Value::Piece(k), _) if *k == kind)
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn codes(text: &str) -> Vec<(&'static str, String)> {
        check(text)
            .into_iter()
            .map(|p| {
                (
                    p.code,
                    text.get(p.span.start..p.span.end).unwrap_or("").to_string(),
                )
            })
            .collect()
    }

    const BOARD: &str = r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1))"#;

    #[test]
    fn a_clean_game_has_no_problems() {
        let text = format!(
            "{BOARD} (piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))
             (game (name t) (players (White (Man a1)) (Black)))"
        );
        assert_eq!(check(&text), Vec::new());
    }

    #[test]
    fn every_error_is_reported_not_only_the_first() {
        let text = format!(
            "{BOARD} (piece (name Man) (pre (check is-friend?) (take))
                (move (check nw) (frobnicate 1) (check is-empty?))
                (move (set! n 1))
                (post (drop)))
             (game (name t) (players (White (Man a1 z9)) (Black)) (symetry White))"
        );
        let got = codes(&text);
        assert_eq!(
            got,
            vec![
                ("unknown-name", "nw".to_string()),
                ("unknown-form", "frobnicate".to_string()),
                ("not-assignable", "n".to_string()),
                ("unknown-name", "z9".to_string()),
                ("unknown-game-clause", "(symetry White)".to_string()),
            ],
            "{got:?}"
        );
    }

    /// A file may have a million problems: each message holds no spare room (a formatted
    /// one had about twice its length), nor does the description of a form in it.
    #[test]
    fn messages_hold_no_spare_room() {
        let name = "z".repeat(60);
        let text = format!("{BOARD} (game (name t) (players (White))) {name} {name}");
        let problems = check(&text);
        assert_eq!(problems.len(), 2);
        for p in &problems {
            assert_eq!(p.message.capacity(), p.message.len(), "{}", p.message);
        }
        let found = dagaz_sexpr::read(&name).unwrap()[0].describe();
        assert_eq!((found.len(), found.capacity()), (73, 73));
    }

    #[test]
    fn a_syntax_error_is_one_problem() {
        let got = check("(board (name b)");
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].code, "syntax");
    }

    #[test]
    fn a_check_that_a_jump_reaches_is_no_constant_false() {
        // The `and` ends `Push true; Jmp` over `Push false` to its `Check`: it may hold.
        let text = format!(
            "{BOARD} (piece (name Man) (pre (check is-friend?) (take))
                (move (check (and n (or is-empty? is-enemy?))))
                (move (check false))
                (post (drop)))
             (game (name t) (players (White (Man a1)) (Black)))"
        );
        let never: Vec<String> = check(&text)
            .into_iter()
            .filter(|p| p.code == "never-completes")
            .map(|p| p.message)
            .collect();
        assert_eq!(
            never,
            ["clause move #2 of piece Man can never complete a move: every path through it fails"]
        );
    }

    #[test]
    fn a_misspelt_name_is_an_error_and_the_lints_still_run() {
        let text = format!(
            "{BOARD} (piece (name Man) (pre (check is-friend?) (take))
                (move (check is-emtpy?))
                (move (check false))
                (post (drop)))
             (piece (name Ghost))
             (game (name t) (players (White (Man a1)) (Black)))"
        );
        let got = check(&text);
        let summary: Vec<(&str, Severity)> = got.iter().map(|p| (p.code, p.severity)).collect();
        assert_eq!(
            summary,
            vec![
                ("unknown-name", Severity::Error),
                ("never-completes", Severity::Warning),
                ("never-placed", Severity::Warning),
            ]
        );
        assert_eq!(
            got[0].message,
            "`is-emtpy?` is not a name the game declares, nor a global variable that a rule sets; did you mean `is-empty?`?"
        );
        assert!(got[1].message.contains("move #2 of piece Man"));
        assert!(got[2].message.contains("piece Ghost"));
    }

    #[test]
    fn the_shipped_games_are_clean() {
        let dir = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../games"));
        let mut checked = 0;
        let mut found = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "game") {
                continue; // the catalogue, README.md
            }
            let problems = crate::GameSource::read(&path).unwrap().check();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            found.extend(problems.into_iter().map(|p| (name.clone(), p.code)));
            checked += 1;
        }
        found.sort();
        assert_eq!(checked, 76);
        assert_eq!(found, Vec::<(String, &str)>::new());
    }

    /// A name read in `drops` or in a goal that nothing sets is an error there too, and stops
    /// the game from loading.
    #[test]
    fn names_are_read_in_every_program() {
        let drops = format!(
            "{BOARD} (piece (name Man) (drops (check is-emtpy?) (drop)))
             (game (name t) (players (White (hand (Man 3))) (Black)))"
        );
        let goal = format!(
            "{BOARD} (piece (name Man) (drops (check is-empty?) (drop)))
             (game (name t) (players (White (hand (Man 3))) (Black)) (goal win (check capturd)))"
        );
        for (text, name) in [(&drops, "is-emtpy?"), (&goal, "capturd")] {
            let got = codes(text);
            assert_eq!(got, vec![("unknown-name", name.to_string())], "{text}");
            let err = crate::Game::load(text).unwrap_err();
            assert!(
                err.to_string()
                    .starts_with(&format!("`{name}` is not a name")),
                "{err}"
            );
        }
    }

    #[test]
    fn a_global_that_a_rule_sets_is_a_variable() {
        let text = format!(
            "{BOARD} (piece (name Man) (pre (check is-friend?) (take))
                (move (check n) (check is-empty?) (inc! steps)) (post (drop)))
             (game (name t) (players (White (Man a1)) (Black (Man c3))) (goal win (check (> steps 1))))"
        );
        assert_eq!(check(&text), Vec::new());
    }

    #[test]
    fn unknown_names_suggest_the_nearest() {
        let text = format!(
            "{BOARD} (piece (name Man) (pre (check is-friend?) (take))
                (move (check (in-zone? promotoin)) (check n) (check is-empty?)) (post (drop)))
             (game (name t) (players (White (Man a1)) (Black (Man c3)))
                (zone (name promotion) (players White) (positions a3)) (symetry Black (n n)))"
        );
        let messages: Vec<String> = check(&text).into_iter().map(|p| p.message).collect();
        assert_eq!(messages.len(), 2, "{messages:?}");
        assert_eq!(
            messages[0],
            "unknown zone `promotoin`; did you mean `promotion`?"
        );
        assert!(
            messages[1].starts_with("unknown clause `symetry` in `game`")
                && messages[1].ends_with("; did you mean `symmetry`?"),
            "{}",
            messages[1]
        );
    }

    #[test]
    fn an_include_is_reported_where_it_stands() {
        let text = "(include \"nowhere.game\")\n(game (name t))";
        let problems = check_with(text, &mut |_| Err("no such file".into()));
        assert_eq!(problems[0].code, "include");
        assert_eq!(
            problems[0].message,
            "in the included file \"nowhere.game\": no such file"
        );
        assert_eq!(problems[0].span, dagaz_sexpr::Span::new(0, 24));
        let without_files = check(text);
        assert_eq!(without_files[0].code, "include");
    }
}
