//! The wasm API as JavaScript calls it, run in Node by `wasm-bindgen-test`:
//!
//! ```sh
//! CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
//!     cargo test -p dagaz-web --target wasm32-unknown-unknown
//! ```
//!
//! The games are compiled in (`include_str!`): the test runs where no file can be read. Each
//! answer is parsed as the page parses it. `cargo test` runs the same tests natively.

// A test helper that fails should fail loudly, as the tests themselves may.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use dagaz_web::Session;
use serde_json::{json, Value};
#[cfg(target_arch = "wasm32")]
use wasm_bindgen_test::wasm_bindgen_test;

const CHESS: &str = include_str!("../../../games/chess.game");
const CRAZYHOUSE: &str = include_str!("../../../games/crazyhouse.game");
const INTERNATIONAL: &str = include_str!("../../../games/international.game");

/// The library the games include (games/lib/), registered in every session as the page's
/// worker registers what a load asks for.
const LIBRARY: &[(&str, &str)] = &[
    (
        "lib/any-capture.game",
        include_str!("../../../games/lib/any-capture.game"),
    ),
    (
        "lib/archbishop-chancellor.game",
        include_str!("../../../games/lib/archbishop-chancellor.game"),
    ),
    (
        "lib/castling.game",
        include_str!("../../../games/lib/castling.game"),
    ),
    (
        "lib/chess-evaluation.game",
        include_str!("../../../games/lib/chess-evaluation.game"),
    ),
    ("lib/hex.game", include_str!("../../../games/lib/hex.game")),
    (
        "lib/knight.game",
        include_str!("../../../games/lib/knight.game"),
    ),
    (
        "lib/moves.game",
        include_str!("../../../games/lib/moves.game"),
    ),
    (
        "lib/plain-king.game",
        include_str!("../../../games/lib/plain-king.game"),
    ),
    (
        "lib/promotion.game",
        include_str!("../../../games/lib/promotion.game"),
    ),
    (
        "lib/square.game",
        include_str!("../../../games/lib/square.game"),
    ),
    (
        "lib/stone.game",
        include_str!("../../../games/lib/stone.game"),
    ),
    (
        "lib/view-chess.game",
        include_str!("../../../games/lib/view-chess.game"),
    ),
    (
        "lib/view-draughts.game",
        include_str!("../../../games/lib/view-draughts.game"),
    ),
    (
        "lib/view-xiangqi.game",
        include_str!("../../../games/lib/view-xiangqi.game"),
    ),
    (
        "lib/xiangqi.game",
        include_str!("../../../games/lib/xiangqi.game"),
    ),
];

/// A session with the library registered.
fn new_session() -> Session {
    let mut session = Session::new();
    for (name, text) in LIBRARY {
        session.add_file(name, text);
    }
    session
}

fn parse(text: String) -> Value {
    serde_json::from_str(&text).unwrap()
}

fn chess() -> Session {
    let mut session = new_session();
    assert_eq!(parse(session.load(CHESS))["ok"], true);
    session
}

fn texts(view: &Value) -> Vec<&str> {
    view["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect()
}

fn find<'v>(view: &'v Value, text: &str) -> &'v Value {
    let moves = view["moves"].as_array().unwrap();
    moves.iter().find(|m| m["text"] == text).unwrap()
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn scholars_mate_ends_in_checkmate() {
    let mut session = chess();
    let mut view = Value::Null;
    for mv in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"] {
        view = parse(session.play_text(mv));
    }
    let text = view["over"]["text"].as_str().unwrap();
    assert!(text.to_lowercase().contains("checkmate"), "{text}");
    assert_eq!(view["over"]["winner"], 0);
    assert_eq!(view["moves"], json!([]));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_include_is_asked_for_then_read_from_add_file() {
    let mut session = new_session();
    let answer = parse(session.load(CRAZYHOUSE));
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["missing"], json!(["chess.game"]));
    session.add_file("chess.game", CHESS);
    assert_eq!(parse(session.load(CRAZYHOUSE))["ok"], true);
    assert_eq!(parse(session.view())["title"], "Crazyhouse");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_pawn_is_dropped_from_the_hand() {
    let mut session = new_session();
    session.add_file("chess.game", CHESS);
    assert_eq!(parse(session.load(CRAZYHOUSE))["ok"], true);
    let mut view = Value::Null;
    for mv in ["e2e4", "d7d5", "e4d5", "d8d5"] {
        view = parse(session.play_text(mv));
    }
    let white = &view["hands"][0];
    assert_eq!(
        (&white["owner"], &white["kind"]),
        (&json!(0), &json!("Pawn"))
    );
    let drop = find(&view, "P@e6");
    assert_eq!(
        (&drop["path"], &drop["hand"]),
        (&json!(["e6"]), &json!("Pawn"))
    );
    let i = drop["i"].as_u64().unwrap() as u32;
    let after = parse(session.play(i));
    assert_eq!(after["history"][4], "P@e6");
    assert!(after["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["at"] == "e6"));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_draughts_path_lands_twice() {
    let mut session = new_session();
    assert_eq!(parse(session.load(INTERNATIONAL))["ok"], true);
    let view = parse(session.set_fen("W:W32:B27,17"));
    let mv = find(&view, "32x21x12");
    assert_eq!(mv["path"].as_array().unwrap().len(), 3, "{mv}");
    assert_eq!(mv["captures"].as_array().unwrap().len(), 2, "{mv}");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn an_error_has_its_line_and_column() {
    let mut session = new_session();
    let answer = parse(session.load("(game (name x)\n  (board nowhere))"));
    assert_eq!(answer["ok"], false);
    let first = &answer["diagnostics"][0];
    assert_eq!(first["severity"], "error");
    assert!(first["line"].as_u64().unwrap() >= 1, "{answer}");
    assert!(first["col"].as_u64().unwrap() >= 1, "{answer}");
    let broken = CHESS.replacen("(capture)", "(capturre)", 1);
    let line = broken
        .lines()
        .position(|l| l.contains("(capturre)"))
        .unwrap()
        + 1;
    let answer = parse(session.load(&broken));
    assert_eq!(answer["diagnostics"][0]["line"], line, "{answer}");
    assert_eq!(parse(session.view())["error"], "no game loaded");
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn the_search_answers_a_legal_move_and_plays_nothing() {
    let mut session = chess();
    let view = parse(session.view());
    let found = parse(session.search(0.0, 3000.0));
    let i = found["best"].as_u64().unwrap() as usize;
    assert_eq!(view["moves"][i]["text"], found["text"]);
    assert!(found["depth"].as_u64().unwrap() >= 1, "{found}");
    let timed = parse(session.search(30.0, 0.0));
    assert!(texts(&view).contains(&timed["text"].as_str().unwrap()));
    assert_eq!(parse(session.view())["history"], json!([]));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn undo_and_redo() {
    let mut session = chess();
    session.play_text("e2e4");
    let back = parse(session.undo());
    assert_eq!((&back["history"], &back["redo"]), (&json!([]), &json!(1)));
    let again = parse(session.redo());
    assert_eq!(
        (&again["history"], &again["redo"]),
        (&json!(["e2e4"]), &json!(0))
    );
    assert_eq!(parse(session.restart())["history"], json!([]));
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn perft_counts_chess() {
    let session = chess();
    assert_eq!(session.perft(2), 400.0);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_hex_board_is_laid_out_in_hexagons() {
    let mut session = new_session();
    let answer = parse(session.load(include_str!("../../../games/hex.game")));
    assert_eq!(answer["ok"], true);
    let view = parse(session.view());
    let board = &view["board"];
    assert_eq!(board["shape"], "hex");
    let cells = board["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 121);
    // Neighbours along a row are one apart; the next row is √3/2 lower and half a cell over.
    let at = |name: &str| {
        let c = cells.iter().find(|c| c["name"] == name).unwrap();
        (c["x"].as_f64().unwrap(), c["y"].as_f64().unwrap())
    };
    let (a1, b1, a2) = (at("a1"), at("b1"), at("a2"));
    assert!((b1.0 - a1.0 - 1.0).abs() < 1e-3 && (b1.1 - a1.1).abs() < 1e-3);
    assert!(((a1.0 - a2.0).abs() - 0.5).abs() < 1e-3, "{a1:?} {a2:?}");
    assert!(((a1.1 - a2.1).abs() - 0.866).abs() < 1e-3, "{a1:?} {a2:?}");
    assert_eq!(view["moves"].as_array().unwrap().len(), 121);
}

#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test)]
#[cfg_attr(not(target_arch = "wasm32"), test)]
fn a_fen_sets_the_position_and_a_bad_one_is_an_error() {
    let mut session = chess();
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let view = parse(session.set_fen(fen));
    assert_eq!(view["fen"], fen);
    assert_eq!(view["pieces"].as_array().unwrap().len(), 3);
    assert!(texts(&view).contains(&"e1g1"));
    let bad = parse(session.set_fen("8/8 w"));
    assert!(bad["error"].is_string(), "{bad}");
    assert_eq!(parse(session.view())["fen"], fen);
    assert_eq!(
        parse(session.restart())["pieces"].as_array().unwrap().len(),
        32
    );
}
