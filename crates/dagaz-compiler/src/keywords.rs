//! The names of the built-in forms, which macros may not take.

/// Heads of the built-in expression forms.
pub(crate) const EXPRESSION_FORMS: &[&str] = &[
    "any", "and", "or", "not", "+", "-", "*", "/", "mod", "=", "!=", "<", "<=", ">", ">=",
    "in-zone?",
];

/// Heads of the special forms that are statements.
pub(crate) const SPECIAL_STATEMENTS: &[&str] = &[
    "check",
    "let",
    "set!",
    "inc!",
    "dec!",
    "while",
    "if",
    "seq",
    "end-move",
    "take",
    "drop",
    "capture",
    "capture-later",
    "promote",
    "log",
    "set-attr",
    "move-piece",
];
