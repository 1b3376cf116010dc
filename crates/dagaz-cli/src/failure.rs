//! Why a command printed no answer: what standard error says, and the exit code that goes
//! with it.

use crate::{EXIT_BAD_INPUT, EXIT_GAME_OVER};

/// A command that ends without its answer on standard output.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Bad input of any kind (arguments, a game file, a rule failing at run time).
    BadInput(String),
    /// The game is over: there is no move to list or choose, and that is not an error. The
    /// text is the end's line, `game over — ...`.
    GameOver(String),
}

impl Failure {
    /// The process's exit code.
    pub(crate) fn code(&self) -> i32 {
        match self {
            Failure::BadInput(_) => EXIT_BAD_INPUT,
            Failure::GameOver(_) => EXIT_GAME_OVER,
        }
    }

    /// What goes to standard error, ending in a newline.
    pub(crate) fn message(&self) -> &str {
        match self {
            Failure::BadInput(text) | Failure::GameOver(text) => text,
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::BadInput(message)
    }
}
