//! The shipped games' command chains, compiled to native code: the native back end.
//!
//! When this crate is built, its build script compiles every game in `games/` and writes each
//! distinct chain as a Rust function (`dagaz-codegen`); [`CHAINS`] lists them with the commands
//! each stands for. `dagaz_engine::Game::attach_native(CHAINS)` makes a game run the compiled
//! function of each of its programs whose commands match an entry exactly (a game file edited
//! since the build, or a game not shipped, runs in the interpreter where its chains differ).
//!
//! The functions do, command by command, what the interpreter does (`dagaz_vm::native`):
//! the tests run every shipped game's perft both ways and compare.

// The generated module: a function per chain, and the table.
include!(concat!(env!("OUT_DIR"), "/chains.rs"));
