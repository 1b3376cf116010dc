//! Random UCI and Hub sessions, fed in memory to the session loops of `dagaz-cli` on the
//! shipped games. The first byte picks the game and the protocol (Hub only for the games that
//! number their squares), the rest is the session's input, bytes that need not be text. Every
//! session ends (searches and counts are capped so that one run is short), nothing panics,
//! and each `isready` (UCI) or `ping` (Hub) before the first `quit` is answered once.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

/// Small enough that the longest session the fuzzer can write ends in well under a second.
const CAPS: dagaz_cli::Caps = dagaz_cli::Caps {
    nodes: 2_000,
    perft_depth: 2,
    hash_mb: 1,
    threads: 2,
};

const SETTINGS: dagaz_cli::Settings = dagaz_cli::Settings {
    hash_mb: 64,
    threads: 1,
};

fuzz_target!(|data: &[u8]| {
    let Some((&which, script)) = data.split_first() else {
        return;
    };
    let games = common::games();
    let game = &games[usize::from(which >> 1) % games.len()];
    let hub = which & 1 == 1;
    let mut out = Vec::new();
    let asked = if hub {
        if dagaz_cli::hub_session(game, common::limits(), SETTINGS, CAPS, &mut &script[..], &mut out)
            .is_err()
        {
            assert!(out.is_empty());
            return;
        }
        answered_once(script, "ping")
    } else {
        dagaz_cli::uci_session(game, common::limits(), SETTINGS, CAPS, &mut &script[..], &mut out);
        answered_once(script, "isready")
    };
    let text = String::from_utf8(out).expect("answers are text");
    let answer = if hub { "pong" } else { "readyok" };
    assert_eq!(text.lines().filter(|l| *l == answer).count(), asked, "{text}");
});

/// How many lines of `script` before its first `quit` say `command` (and so are answered):
/// the lines as the sessions read them, UTF-8 text whose first word is the command.
fn answered_once(script: &[u8], command: &str) -> usize {
    let mut count = 0;
    for line in script.split(|&b| b == b'\n') {
        let Ok(text) = std::str::from_utf8(line) else {
            continue;
        };
        match text.split_whitespace().next() {
            Some("quit") => break,
            Some(word) if word == command => count += 1,
            _ => {}
        }
    }
    count
}
