//! `cargo xtask TASK`: the project's build tasks that are more than one cargo command, written
//! in Rust so that they need nothing but a Rust toolchain (the alias is in `.cargo/config.toml`).
//!
//! - `cargo xtask web [--out DIR]` builds the browser page into `target/web`: the `dagaz-web`
//!   crate compiled to WebAssembly and bound with `wasm-bindgen`, the page's files from `web/`,
//!   and the shipped games with their index (see `web.rs` and docs/web.md).

mod web;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "The dagaz workspace's build tasks.")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Debug, Subcommand)]
enum Task {
    /// Build the browser page into target/web: installs the wasm32-unknown-unknown target
    /// (rustup) and wasm-bindgen-cli at the Cargo.lock's wasm-bindgen version (into
    /// ~/.cache/dagaz/wasm-bindgen-VERSION) when missing, compiles dagaz-web to WebAssembly (release), binds it into
    /// pkg/, copies web/, games/*.game and the library they include (games/lib/), writes
    /// games/index.json, and prints the wasm's size
    /// raw and gzip-compressed (it must stay under 1 MB compressed). Serve it with
    /// `dagaz serve`.
    Web {
        /// Where to write the page (default: target/web in the workspace).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
    },
}

/// Why a task failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum XtaskError {
    /// A program could not be started.
    #[error("cannot run `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    /// A program ran and failed.
    #[error("`{command}` failed ({status})")]
    Failed { command: String, status: String },
    /// A file or directory could not be read or written.
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    /// Something this task needs is not where it should be, or not as it should be.
    #[error("{0}")]
    Missing(String),
    /// A shipped game does not load.
    #[error("{file}:{line}: {message} (every shipped game must load)")]
    Game {
        file: String,
        line: usize,
        message: String,
    },
    /// The compressed wasm is over the budget of issue #14.
    #[error("the compressed wasm is {gzip} bytes, over the limit of {limit}")]
    TooBig { gzip: usize, limit: usize },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Web { out } => web::build(out),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
