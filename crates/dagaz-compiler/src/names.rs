//! Names that nothing declares: globals that the rules read but no rule sets (a misspelt
//! `is-emtpy?`, which would read 0 forever), and, for every unknown name, the declared name
//! nearest it ("did you mean `is-empty?`?").
//!
//! A global is created by its first use, as the language says: a name that some rule sets
//! with `set!` or `inc!` (the seed's `max-captured`) is a variable wherever it is read. One
//! that is only read is a mistake. Every program of the game counts: each piece's `pre`,
//! `move` and `post` chain, its `drops`, and the goals.

use crate::error::{CompileError, CompileErrorKind};
use crate::near::nearest;
use crate::rules::Rules;
use dagaz_ir::{Dir, Op, Program};
use dagaz_sexpr::Node;
use dagaz_syntax::{Keyword, SyntaxErrorKind};
use std::collections::BTreeSet;

/// The names every game has, besides what it declares: the board queries, attack tests and
/// measures of `dagaz_vm::env::state`, the players queries of `dagaz_vm::env::players`, and
/// the literals.
const BUILT_IN: &[&str] = &[
    "true",
    "false",
    "position",
    "is-empty?",
    "not-empty?",
    "is-friend?",
    "not-friend?",
    "is-enemy?",
    "not-enemy?",
    "player",
    "piece",
    "is-captured?",
    "not-captured?",
    "is-visited?",
    "not-visited?",
    "is-attacked?",
    "not-attacked?",
    "is-defended?",
    "not-defended?",
    "gives-check?",
    "gives-mate?",
    "in-check?",
    "can-answer?",
    "friend-count",
    "enemy-count",
    "line-length",
    "group-size",
    "liberties",
    "encircles?",
    "seeds",
    "current-player",
    "next-player",
    "turn-number",
    "turn-order",
];

/// Every program of the game: each piece's chain and `drops`, then the goals.
fn programs(rules: &Rules) -> impl Iterator<Item = &Program> {
    rules
        .pieces
        .iter()
        .flat_map(|ty| std::iter::once(&ty.program).chain(&ty.drops))
        .chain(rules.goal_programs.iter().map(|g| &g.program))
}

/// An error for each global that some program reads and none sets, at its first read, with
/// the near name when there is one: the names the rules read but nothing declares.
pub fn undeclared(rules: &Rules) -> Vec<CompileError> {
    let set: BTreeSet<u16> = programs(rules)
        .flat_map(|p| &p.ops)
        .filter_map(|op| match op {
            Op::GlobalSet(s) | Op::GlobalAdd(s, _) => Some(*s),
            _ => None,
        })
        .collect();
    let mut reported = BTreeSet::new();
    let mut out = Vec::new();
    for program in programs(rules) {
        for (pc, op) in program.ops.iter().enumerate() {
            let Op::GlobalGet(s) = op else { continue };
            if set.contains(s) || !reported.insert(*s) {
                continue;
            }
            let name = rules.global_name(*s).to_string();
            let mut error =
                CompileError::new(CompileErrorKind::Undeclared(name), program.span_at(pc));
            error.near = near_readable(rules, &set, rules.global_name(*s));
            out.push(error);
        }
    }
    out
}

/// The name a rule may read that is nearest `name`: a built-in name, a position, a direction,
/// a piece type, a player, an attribute, a turn variable or a global that is set.
fn near_readable(rules: &Rules, set: &BTreeSet<u16>, name: &str) -> Option<String> {
    let board = &rules.board;
    let globals = set.iter().map(|&s| rules.global_name(s));
    let candidates = BUILT_IN
        .iter()
        .copied()
        .chain(board.positions().map(|p| board.position_name(p)))
        .chain(directions(rules))
        .chain(rules.pieces.iter().map(|p| p.name.as_str()))
        .chain(rules.players.iter().map(String::as_str))
        .chain(rules.attributes.iter().map(String::as_str))
        .chain(rules.turn_variables.iter().map(String::as_str))
        .chain(globals);
    nearest(name, candidates).map(str::to_string)
}

fn directions(rules: &Rules) -> impl Iterator<Item = &str> {
    let board = &rules.board;
    (0..board.direction_count())
        .filter_map(Dir::from_index)
        .map(|d| board.direction_name(d))
}

/// Gives each error about an unknown name (a zone, a position, a direction, a piece type, a
/// player, an attribute, a turn variable, a form or a game clause) the declared name nearest
/// it, when one is near enough. Without rules (no board or no players could be built) only
/// forms and clauses are suggested.
pub(crate) fn suggest(rules: Option<&Rules>, forms: &[Node], errors: &mut [CompileError]) {
    for error in errors.iter_mut().filter(|e| e.near.is_none()) {
        let near = match (&error.kind, rules) {
            (CompileErrorKind::Unknown { what, name }, Some(rules)) => {
                nearest(name, declared(rules, what))
            }
            (CompileErrorKind::Syntax(SyntaxErrorKind::UnknownForm(name)), _) => {
                let words = Keyword::ALL.iter().map(|k| k.text());
                nearest(name, words.chain(macros(forms)))
            }
            (CompileErrorKind::Syntax(SyntaxErrorKind::UnknownGameClause(name)), _) => {
                nearest(name, Keyword::GAME_CLAUSES.iter().map(|k| k.text()))
            }
            _ => None,
        };
        error.near = near.map(str::to_string);
    }
}

/// The names the game declares of the kind `what` (as [`CompileErrorKind::Unknown`] names it).
fn declared<'a>(rules: &'a Rules, what: &str) -> Box<dyn Iterator<Item = &'a str> + 'a> {
    let board = &rules.board;
    let pieces = rules.pieces.iter().map(|p| p.name.as_str());
    let attributes = rules.attributes.iter().map(String::as_str);
    match what {
        "zone" | "zones" => Box::new((0..rules.zones.count()).map(|z| rules.zones.name(z))),
        "position" => Box::new(board.positions().map(|p| board.position_name(p))),
        "direction" => Box::new(directions(rules)),
        "piece type" => Box::new(pieces),
        "piece type or attribute" => Box::new(pieces.chain(attributes)),
        "attribute" => Box::new(attributes),
        "player" => Box::new(rules.players.iter().map(String::as_str)),
        "turn variable" => Box::new(rules.turn_variables.iter().map(String::as_str)),
        _ => Box::new(std::iter::empty()),
    }
}

/// The names of the macros the forms define.
fn macros(forms: &[Node]) -> impl Iterator<Item = &str> {
    forms.iter().filter_map(|form| {
        let items = form.as_list()?;
        (form.head()? == Keyword::Define.text())
            .then(|| items.get(1)?.as_symbol())
            .flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::BUILT_IN;
    use dagaz_ir::Board;
    use dagaz_vm::env::{players, state};
    use indexmap::IndexSet;

    #[test]
    fn every_built_in_name_is_one() {
        let board = Board::new("b", vec![vec!["a".into()]]).unwrap();
        let none = IndexSet::new();
        let names = state::GameNames {
            pieces: &none,
            attributes: &none,
            turn_variables: &none,
        };
        for name in &BUILT_IN[2..] {
            let known = state::resolve(&board, names, name).is_some()
                || players::resolve(&none, name).is_some();
            assert!(known, "{name}");
        }
    }
}
