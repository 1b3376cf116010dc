//! The real `dagaz` executable: exit codes and streams as a shell sees them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

fn dagaz(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dagaz"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .unwrap()
}

#[test]
fn lists_the_nine_opening_moves() {
    let out = dagaz(&["moves", "games/simple-checkers.game"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 9);
    assert!(out.stderr.is_empty());
}

#[test]
fn bad_input_exits_with_code_2_and_prints_nothing_on_stdout() {
    let out = dagaz(&[
        "perft",
        "games/simple-checkers.game",
        "--depth",
        "2",
        "--setup",
        "(White (Man q1))",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err,
        [
            "error: unknown position `q1`",
            "   ╭─[ --setup:1:13 ]",
            "   │",
            " 1 │ (White (Man q1))",
            "   │             ─┬  ",
            "   │              ╰── here",
            "   │ ",
            "   │ Help: a setup looks like \"(White (Man c3 i3)) (Black (Man d4 f6)) (turn White)\"",
            "───╯",
            "",
        ]
        .join("\n")
    );
}

#[test]
fn usage_errors_exit_with_code_2() {
    let out = dagaz(&["moves"]);
    assert_eq!(out.status.code(), Some(2));
}
