//! dagaz in the browser: a [`Session`] that loads a game from its text (with every problem
//! `dagaz check` finds, by line and column), lists the legal moves of its position with the
//! squares each passes through, plays and takes back moves, reads FEN and searches, compiled
//! to WebAssembly for the page in `web/` (docs/web.md).
//!
//! The one design decision: every answer is a JSON string. The page calls `JSON.parse`, and
//! the crate is plain Rust behind one thin `#[wasm_bindgen]` class, so the logic (the
//! `session`, `view`, `geometry` and `diagnostics` modules) is tested natively with `cargo
//! test`, and the same calls run under Node with `wasm-bindgen-test`.
//!
//! ```
//! let mut session = dagaz_web::Session::new();
//! let games = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games");
//! // Chess includes the rules it shares with other games: the page registers them.
//! for entry in std::fs::read_dir(format!("{games}/lib"))? {
//!     let path = entry?.path();
//!     let name = format!("lib/{}", path.file_name().unwrap_or_default().to_string_lossy());
//!     session.add_file(&name, &std::fs::read_to_string(&path)?);
//! }
//! let text = std::fs::read_to_string(format!("{games}/chess.game"))?;
//! let loaded: serde_json::Value = serde_json::from_str(&session.load(&text))?;
//! assert_eq!(loaded["ok"], true);
//! let view: serde_json::Value = serde_json::from_str(&session.play_text("e2e4"))?;
//! assert_eq!(view["history"][0], "e2e4");
//! assert_eq!(view["moves"].as_array().map(Vec::len), Some(20));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod diagnostics;
mod geometry;
mod session;
mod view;

// The class the page's worker holds, exported by `#[wasm_bindgen]`.
mod exported {
    use wasm_bindgen::prelude::wasm_bindgen;

    /// A game in the page: load it, view it, play, take back, search. Each method that
    /// answers data answers a JSON string (docs/web.md, "The wasm API").
    #[wasm_bindgen]
    #[derive(Default)]
    pub struct Session {
        inner: crate::session::Session,
    }

    #[wasm_bindgen]
    impl Session {
        /// An empty session: no game, no files.
        #[wasm_bindgen(constructor)]
        pub fn new() -> Session {
            Session::default()
        }

        /// Registers a file that `(include "name")` reads.
        #[wasm_bindgen(js_name = addFile)]
        pub fn add_file(&mut self, name: &str, text: &str) {
            self.inner.add_file(name, text);
        }

        /// Loads a game text: `{"ok", "diagnostics", "missing"?}`.
        pub fn load(&mut self, text: &str) -> String {
            self.inner.load(text).to_string()
        }

        /// The start of a game text for the gallery: a `View` without moves, `{"missing"}` or
        /// `{"error"}`; compiled only (no lints, no moves), the loaded game left as it was.
        pub fn preview(&self, text: &str) -> String {
            self.inner.preview(text).to_string()
        }

        /// The current position: a `View`, or `{"error"}` when no game is loaded.
        pub fn view(&self) -> String {
            self.inner.view().to_string()
        }

        /// Plays legal move number `i` of the last view.
        pub fn play(&mut self, i: u32) -> String {
            self.inner.play(i as usize).to_string()
        }

        /// Plays the move written `notation`.
        #[wasm_bindgen(js_name = playText)]
        pub fn play_text(&mut self, notation: &str) -> String {
            self.inner.play_text(notation).to_string()
        }

        /// One ply back.
        pub fn undo(&mut self) -> String {
            self.inner.undo().to_string()
        }

        /// One ply forward again.
        pub fn redo(&mut self) -> String {
            self.inner.redo().to_string()
        }

        /// Back to the game's start.
        pub fn restart(&mut self) -> String {
            self.inner.restart().to_string()
        }

        /// The position a FEN gives.
        #[wasm_bindgen(js_name = setFen)]
        pub fn set_fen(&mut self, fen: &str) -> String {
            self.inner.set_fen(fen).to_string()
        }

        /// The search's best move within `movetime_ms` milliseconds and `max_nodes` nodes
        /// (0: no limit; with neither, one second), not played.
        pub fn search(&mut self, movetime_ms: f64, max_nodes: f64) -> String {
            self.inner
                .search(whole(movetime_ms), whole(max_nodes))
                .to_string()
        }

        /// Perft of the current position at `depth`, every leaf played; -1 when no game is
        /// loaded or the rules fail.
        pub fn perft(&self, depth: u32) -> f64 {
            self.inner.perft(depth).map_or(-1.0, |n| n as f64)
        }
    }

    /// A JavaScript number as a count: negative, fractional parts and NaN dropped.
    fn whole(n: f64) -> u64 {
        if n.is_finite() && n > 0.0 {
            n as u64
        } else {
            0
        }
    }
}

pub use exported::Session;
