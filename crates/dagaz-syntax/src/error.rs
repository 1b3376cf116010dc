//! Shape errors: a form written in a way the language does not allow, and where.

use crate::keyword::Keyword;
use dagaz_sexpr::{Node, Span};
use thiserror::Error;

/// A form that could not be lowered: what is wrong and where. Its message is the one the
/// compiler has always given for the same mistake.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{kind}")]
pub struct SyntaxError {
    /// What is wrong.
    pub kind: SyntaxErrorKind,
    /// The bytes of the game text at fault.
    pub span: Span,
}

impl SyntaxError {
    /// An error of `kind` at `span`.
    pub fn new(kind: SyntaxErrorKind, span: Span) -> SyntaxError {
        SyntaxError { kind, span }
    }

    /// "expected WHAT, found" a description of `node`, at `node`.
    pub fn expected(what: &str, node: &Node) -> SyntaxError {
        SyntaxError::new(
            SyntaxErrorKind::Expected {
                expected: what.to_string(),
                found: node.describe(),
            },
            node.span,
        )
    }

    /// "`FORM` takes EXPECTED, found N", at `span`.
    pub fn arity(form: &str, expected: String, found: usize, span: Span) -> SyntaxError {
        SyntaxError::new(
            SyntaxErrorKind::Arity {
                form: form.to_string(),
                expected,
                found,
            },
            span,
        )
    }
}

/// What is wrong with a form.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxErrorKind {
    /// Something else stands where a kind of form or value was expected.
    #[error("expected {expected}, found {found}")]
    Expected {
        /// What the language expects here.
        expected: String,
        /// A description of what is there instead.
        found: String,
    },
    /// A form with the wrong number of arguments.
    #[error("`{form}` takes {expected}, found {found}")]
    Arity {
        /// The form's head.
        form: String,
        /// How many it takes ("1 argument", "at least 1 argument", ...).
        expected: String,
        /// How many it was given.
        found: usize,
    },
    /// A list headed by a name that is neither a built-in form nor a macro.
    #[error("unknown form `{0}`")]
    UnknownForm(String),
    /// A top-level form other than `board`, `piece`, `define` and `game`.
    #[error("unknown top-level form `{0}` (expected {list})", list = Keyword::list(Keyword::TOP_LEVEL))]
    UnknownTopLevel(String),
    /// A clause of `game` that the language does not know.
    #[error("unknown clause `{0}` in `game` (expected {list})", list = Keyword::list(Keyword::GAME_CLAUSES))]
    UnknownGameClause(String),
    /// A second form where one is allowed: the form's head and the name it defines (empty for
    /// forms without a name).
    #[error("a second `{0}` {what}", what = duplicate_what(.1))]
    Duplicate(String, String),
    /// A file without a `(game ...)` form.
    #[error("no `(game ...)` form: a game file needs exactly one")]
    NoGame,
    /// A `(players)` clause that lists nobody.
    #[error("the game has no players")]
    NoPlayers,
    /// A macro named like a built-in form.
    #[error("`{0}` is a built-in form; a macro may not take its name")]
    BuiltinName(String),
    /// Macro uses nested inside one another too deep.
    #[error("macros expand more than {0} deep (does a macro use itself?)")]
    MacroTooDeep(usize),
    /// Macro expansion produced too many forms.
    #[error("macros expand to more than {0} forms (does a macro use itself?)")]
    MacroTooLarge(usize),
    /// Statements and expressions nested too deep once macros are expanded.
    #[error("forms nest more than {0} deep once macros are expanded (does a macro use itself?)")]
    NestedTooDeep(usize),
    /// `(end-move)` outside a `move` clause.
    #[error("`end-move` may only stand in a `move` clause")]
    EndMoveOutsideMove,
    /// `no-moves?` other than as `(check no-moves?)` in `post`.
    #[error("`no-moves?` is a deferred check: it may only stand as `(check no-moves?)` in `post`")]
    NoMovesOutsidePost,
    /// An `(include "FILE")` that could not be taken: the file and why.
    #[error("in the included file {0:?}: {1}")]
    Include(String, String),
    /// An `(include ...)` in a text read without a file system (`Game::load`).
    #[error(
        "`include` needs the game to be read from a file, whose directory holds the included one"
    )]
    IncludeWithoutFiles,
    /// An `if` with more than one `else`.
    #[error("`else` may appear once in an `if`, after at least the condition")]
    BadElse,
    /// More of something than the language allows.
    #[error("too many {what} (at most {max})")]
    TooMany {
        /// What there are too many of.
        what: &'static str,
        /// The most allowed.
        max: usize,
    },
}

impl SyntaxErrorKind {
    /// A stable, kebab-case code for the kind of error (for `dagaz check` and editors).
    pub fn code(&self) -> &'static str {
        match self {
            SyntaxErrorKind::Expected { .. } => "expected",
            SyntaxErrorKind::Arity { .. } => "arity",
            SyntaxErrorKind::UnknownForm(_) => "unknown-form",
            SyntaxErrorKind::UnknownTopLevel(_) => "unknown-top-level",
            SyntaxErrorKind::UnknownGameClause(_) => "unknown-game-clause",
            SyntaxErrorKind::Duplicate(..) => "duplicate",
            SyntaxErrorKind::NoGame => "no-game",
            SyntaxErrorKind::NoPlayers => "no-players",
            SyntaxErrorKind::BuiltinName(_) => "builtin-name",
            SyntaxErrorKind::MacroTooDeep(_) => "macro-too-deep",
            SyntaxErrorKind::MacroTooLarge(_) => "macro-too-large",
            SyntaxErrorKind::NestedTooDeep(_) => "nested-too-deep",
            SyntaxErrorKind::EndMoveOutsideMove => "end-move-outside-move",
            SyntaxErrorKind::NoMovesOutsidePost => "no-moves-outside-post",
            SyntaxErrorKind::BadElse => "bad-else",
            SyntaxErrorKind::Include(..) => "include",
            SyntaxErrorKind::IncludeWithoutFiles => "include-without-files",
            SyntaxErrorKind::TooMany { .. } => "too-many",
        }
    }
}

/// "definition named `X`", or "form" for forms that have no name (`game`, `fen`).
fn duplicate_what(name: &str) -> String {
    if name.is_empty() {
        "form".to_string()
    } else {
        format!("definition named `{name}`")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn messages_are_the_compilers() {
        let say = |kind: SyntaxErrorKind| kind.to_string();
        assert_eq!(
            say(SyntaxErrorKind::UnknownGameClause("symetry".into())),
            "unknown clause `symetry` in `game` (expected `name`, `board`, `players`, \
             `symmetry`, `zone`, `fen`, `notation`, `unique-moves`, `attribute`, `turn-variable`, `royal`, `chance`, \
             `attacks`, `win`, `loss`, `draw`, `evaluation`, `goal`, `captures-to-hand`, `pass`, `score`, `komi`, `superko`, `turns`, `seeds`, `end` or `search`)"
        );
        assert_eq!(
            say(SyntaxErrorKind::UnknownTopLevel("rules".into())),
            "unknown top-level form `rules` (expected `board`, `piece`, `define`, `game`, `include` or `view`)"
        );
        assert_eq!(
            say(SyntaxErrorKind::Duplicate("define".into(), "step".into())),
            "a second `define` definition named `step`"
        );
        assert_eq!(
            say(SyntaxErrorKind::Duplicate("fen".into(), String::new())),
            "a second `fen` form"
        );
        assert_eq!(SyntaxErrorKind::BadElse.code(), "bad-else");
    }
}
