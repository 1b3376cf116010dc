//! The `dagaz` command line, run in process: exact standard output, exit codes, and messages
//! that name the file, line and column.

use crate::repo_path;
use pretty_assertions::assert_eq;

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn dagaz(args: &[&str]) -> Output {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("dagaz").chain(args.iter().copied());
    let code = dagaz_cli::run(argv, &mut out, &mut err, false);
    Output {
        code,
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
    }
}

fn game_path() -> String {
    repo_path("games/simple-checkers.game")
        .display()
        .to_string()
}

/// The lines, each ended by a newline: a message as the command prints it (ariadne's snippets
/// keep a few trailing spaces, which a raw string would hide).
fn lines(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Writes `text` to a file of its own under the target directory and answers its path.
fn temp_game(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dagaz-cli-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn moves_prints_the_sorted_moves_and_nothing_else() {
    let out = dagaz(&["moves", &game_path()]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "a3 - b4\nc3 - b4\nc3 - d4\ne3 - d4\ne3 - f4\ng3 - f4\ng3 - h4\ni3 - h4\ni3 - j4\n"
    );
    assert_eq!(out.stderr, "");
}

#[test]
fn moves_from_a_setup() {
    let out = dagaz(&[
        "moves",
        &game_path(),
        "--setup",
        "(White (Man c3 i3)) (Black (Man d4 f6 h4)) (turn White)",
    ]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "c3 - g7\ni3 - e7\n"));
}

#[test]
fn perft_prints_the_count_last() {
    let out = dagaz(&["perft", &game_path(), "--depth", "4"]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "4265\n"));
    let out = dagaz(&["perft", &game_path(), "--depth", "4", "--bulk"]);
    assert_eq!(out.stdout, "4265\n");
}

#[test]
fn the_interpreter_and_the_compiled_chains_count_the_same() {
    let chess = repo_path("games/chess.game").display().to_string();
    for flags in [&[][..], &["--interpreter"], &["--native"]] {
        let mut args = flags.to_vec();
        args.extend(["perft", &chess, "--depth", "3"]);
        let out = dagaz(&args);
        assert_eq!((out.code, out.stdout.as_str()), (0, "8902\n"), "{flags:?}");
    }
    // The two ask for opposite things: bad input, not a silent choice.
    let out = dagaz(&["--native", "--interpreter", "perft", &chess, "--depth", "1"]);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.contains("cannot be used with"), "{}", out.stderr);
}

#[test]
fn perft_divide_lists_each_root_move_then_the_total() {
    let out = dagaz(&["perft", &game_path(), "--depth", "3", "--divide"]);
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stdout,
        "a3 - b4: 79\nc3 - b4: 79\nc3 - d4: 70\ne3 - d4: 70\ne3 - f4: 70\ng3 - f4: 70\ng3 - h4: 70\ni3 - h4: 70\ni3 - j4: 80\n658\n"
    );
}

#[test]
fn moves_and_divide_read_numbers_as_numbers() {
    // Text order would put 12-16 before 9-13; people read 9 before 10.
    let english = repo_path("games/english.game").display().to_string();
    let out = dagaz(&["moves", &english]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n")
    );
    let out = dagaz(&["perft", &english, "--depth", "1", "--divide"]);
    assert_eq!(
        out.stdout,
        "9-13: 1\n9-14: 1\n10-14: 1\n10-15: 1\n11-15: 1\n11-16: 1\n12-16: 1\n7\n"
    );
    // Go's points: a9 before a10, and the columns skip i.
    let go = repo_path("games/go-13x13.game").display().to_string();
    let out = dagaz(&["moves", &go]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.get(..3), Some(&["a1", "a2", "a3"][..]), "{lines:?}");
    assert_eq!(lines.get(8..10), Some(&["a9", "a10"][..]), "{lines:?}");
    assert!(
        lines.contains(&"j13") && !lines.contains(&"i1"),
        "{lines:?}"
    );
}

#[test]
fn typed_moves_are_read_as_players_write_them() {
    // Go in any case; the columns skip i.
    let go = repo_path("games/go-9x9.game").display().to_string();
    let out = dagaz(&["moves", &go, "--moves", "E5", "J9"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("e5\n") && !out.stdout.contains("j9\n"));
    // Shogi asks whether a move that may promote does.
    let shogi = repo_path("games/shogi.game").display().to_string();
    let out = dagaz(&["moves", &shogi, "--moves", "7g7f", "3c3d", "8h2b"]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: --moves: move 3 (8h2b): `8h2b` is ambiguous: promotion is optional here: write \
         8h2b+ to promote or 8h2b= not to\n"
    );
    for (typed, white) in [("8h2b+", "3a2b"), ("8h2b=", "3a2b")] {
        let out = dagaz(&["moves", &shogi, "--moves", "7g7f", "3c3d", typed]);
        assert_eq!(out.code, 0, "{typed}: {}", out.stderr);
        assert!(out.stdout.contains(white), "{typed}");
    }
    // Draughts says a capture is compulsory.
    let english = repo_path("games/english.game").display().to_string();
    let out = dagaz(&[
        "moves", &english, "--moves", "9-14", "22-17", "14-18", "23-19",
    ]);
    assert!(
        out.stderr
            .contains("`23-19` is not a legal move here: a capture is compulsory"),
        "{}",
        out.stderr
    );
}

#[test]
fn perft_on_several_threads_counts_the_same() {
    for threads in ["1", "2", "3"] {
        let out = dagaz(&["perft", &game_path(), "--depth", "5", "--threads", threads]);
        assert_eq!((out.code, out.stdout.as_str()), (0, "27123\n"), "{threads}");
        let out = dagaz(&[
            "perft",
            &game_path(),
            "--depth",
            "3",
            "--divide",
            "--bulk",
            "--threads",
            threads,
        ]);
        assert_eq!(
            out.stdout,
            "a3 - b4: 79\nc3 - b4: 79\nc3 - d4: 70\ne3 - d4: 70\ne3 - f4: 70\ng3 - f4: 70\ng3 - h4: 70\ni3 - h4: 70\ni3 - j4: 80\n658\n"
        );
    }
    let out = dagaz(&["perft", &game_path(), "--depth", "2", "--threads", "0"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("invalid value '0' for '--threads"),
        "{}",
        out.stderr
    );
}

#[test]
fn perft_on_threads_shows_its_progress_on_a_terminal() {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = [
        "dagaz",
        "perft",
        &game_path(),
        "--depth",
        "4",
        "--threads",
        "2",
    ];
    let code = dagaz_cli::run(argv, &mut out, &mut err, true);
    assert_eq!(
        (code, String::from_utf8(out).unwrap()),
        (0, "4265\n".to_string())
    );
    let err = String::from_utf8(err).unwrap();
    for depth in ["perft(1) = 9 in", "perft(3) = 658 in", "perft(4) = 4265 in"] {
        assert!(err.contains(depth), "{err}");
    }
}

#[test]
fn the_seed_text_runs_unchanged() {
    let seed = repo_path("tests/fixtures/seed-simple-checkers.game")
        .display()
        .to_string();
    let out = dagaz(&["perft", &seed, "--depth", "3"]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "810\n"));
}

#[test]
fn disasm_lists_the_chain() {
    let out = dagaz(&["disasm", &game_path()]);
    assert_eq!(out.code, 0);
    assert!(
        out.stdout
            .starts_with("piece Man:\n; clause pre\n   0  CheckFriend\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("Invariant 0"));
}

#[test]
fn a_missing_file_is_bad_input() {
    let out = dagaz(&["moves", "no/such.game"]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("error: cannot read no/such.game: "),
        "{}",
        out.stderr
    );
    assert_eq!(out.stdout, "");
}

#[test]
fn a_syntax_error_names_file_line_and_column() {
    let path = temp_game("unclosed.game", "(board (name b)\n  (dim \"a-c\")\n");
    let out = dagaz(&["moves", &path]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        lines(&[
            "error: expected `)` to close the list opened here, found the end of the text",
            &format!("   ╭─[ {path}:1:1 ]"),
            "   │",
            " 1 │ (board (name b)",
            "   │ ┬  ",
            "   │ ╰── here",
            " 2 │   (dim \"a-c\")",
            "   │             ┬  ",
            "   │             ╰── the text ends here, with it still open",
            "───╯",
        ])
    );
}

#[test]
fn a_compile_error_names_file_line_and_column() {
    let text = "(board (name b) (dim \"a-c\") (dim \"3-1\") (dir (name n) 0 -1))\n(piece (name Man)\n  (move (jump n)))\n(game (name t) (players (White (Man a1))))\n";
    let path = temp_game("unknown-form.game", text);
    let out = dagaz(&["moves", &path]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        lines(&[
            "error: unknown form `jump`",
            &format!("   ╭─[ {path}:3:10 ]"),
            "   │",
            " 3 │   (move (jump n)))",
            "   │          ──┬─  ",
            "   │            ╰─── here",
            "───╯",
        ])
    );
}

#[test]
fn a_bad_setup_names_the_setup_column() {
    let out = dagaz(&["moves", &game_path(), "--setup", "(White (Man c3 z9))"]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        lines(&[
            "error: unknown position `z9`",
            "   ╭─[ --setup:1:16 ]",
            "   │",
            " 1 │ (White (Man c3 z9))",
            "   │                ─┬  ",
            "   │                 ╰── here",
            "   │ ",
            "   │ Help: a setup looks like \"(White (Man c3 i3)) (Black (Man d4 f6)) (turn White)\"",
            "───╯",
        ])
    );
}

#[test]
fn a_runaway_rule_stops_with_the_piece_and_clause() {
    let text = "(board (name b) (dim \"a-c\") (dim \"3-1\"))\n(piece (name Man)\n  (move (while true (log 1))))\n(game (name \"loop\") (players (White (Man a1))))\n";
    let path = temp_game("runaway.game", text);
    let out = dagaz(&[
        "moves",
        &path,
        "--step-limit",
        "10000",
        "--notation-limit",
        "100000",
    ]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        lines(&[
            "error: move generation exceeded its step budget of 10000 steps (game \"loop\", piece Man, clause move #1)",
            &format!("   ╭─[ {path}:3:9 ]"),
            "   │",
            " 3 │   (move (while true (log 1))))",
            "   │         ──────────┬─────────  ",
            "   │                   ╰─────────── here",
            "   │ ",
            "   │ Help: a limit stopped the move generation here; --step-limit raises it",
            "───╯",
        ])
    );
    assert_eq!(out.stdout, "");
}

/// A limit on a whole move is checked when the move completes; without a `post` clause that is
/// no statement of the file, and the error is put at the piece's name (it was put at the
/// start of the file).
#[test]
fn a_limit_at_the_end_of_a_move_without_post_points_at_the_piece() {
    let text = "(board (name b) (dim \"a-c\") (dim \"3-1\") (dir (name n) 0 -1))\n(piece (name Man)\n  (pre (check is-friend?) (take) (log position))\n  (move (check n) (log position) (log position)))\n(game (name t) (players (White (Man a1))))\n";
    let path = temp_game("implicit-end.game", text);
    let out = dagaz(&["moves", &path, "--notation-limit", "2"]);
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert_eq!(
        out.stderr,
        lines(&[
            "error: a move's notation holds more than 2 values (game \"t\", piece Man, clause post)",
            &format!("   ╭─[ {path}:2:14 ]"),
            "   │",
            " 2 │ (piece (name Man)",
            "   │              ─┬─  ",
            "   │               ╰─── here",
            "   │ ",
            "   │ Help: a limit stopped the move generation here; --notation-limit raises it",
            "───╯",
        ])
    );
}

#[test]
fn the_default_step_budget_also_stops_a_runaway_rule() {
    let text = "(board (name b) (dim \"a-c\") (dim \"1\"))\n(piece (name Man) (move (while true)))\n(game (name \"loop\") (players (White (Man a1))))\n";
    let path = temp_game("runaway-default.game", text);
    let out = dagaz(&["perft", &path, "--depth", "1"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("step budget"), "{}", out.stderr);
}

#[test]
fn bad_arguments_exit_2_and_help_exits_0() {
    let out = dagaz(&["perft", &game_path()]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--depth"), "{}", out.stderr);
    let out = dagaz(&["frobnicate"]);
    assert_eq!(out.code, 2);
    let out = dagaz(&["--help"]);
    assert_eq!(out.code, 0);
    assert!(
        out.stdout.contains("dagaz moves simple-checkers\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn numbers_outside_an_option_range_exit_2_with_the_range() {
    let game = game_path();
    // (command, option as clap names it, value, range)
    for (command, option, value, range) in [
        ("uci", "--hash <MB>", "0", "1..=4096"),
        ("hub", "--hash <MB>", "999999999", "1..=4096"),
        ("bench", "--repeat <REPEAT>", "0", "1..=4294967295"),
        ("bestmove", "--depth <DEPTH>", "65", "1..=64"),
        (
            "bestmove",
            "--movetime <MS>",
            "99999999999999",
            "0..=31622400000",
        ),
        ("play", "--nodes <N>", "0", "1..=18446744073709551615"),
    ] {
        let flag = option.split(' ').next().unwrap();
        let out = dagaz(&[command, &game, flag, value]);
        assert_eq!(out.code, 2, "{command} {flag} {value}");
        assert_eq!(out.stdout, "");
        assert_eq!(
            out.stderr.lines().next(),
            Some(
                format!("error: invalid value '{value}' for '{option}': {value} is not in {range}")
                    .as_str()
            )
        );
    }
}

fn draughts(variant: &str) -> String {
    repo_path(&format!("games/{variant}.game"))
        .display()
        .to_string()
}

#[test]
fn fen_in_and_out() {
    let out = dagaz(&[
        "perft",
        &draughts("international"),
        "--fen",
        "W:WK1,K50:BK5,K46,23,24",
        "--depth",
        "3",
    ]);
    assert_eq!((out.code, out.stdout.as_str()), (0, "478\n"));
    let out = dagaz(&["fen", &draughts("english")]);
    assert_eq!(
        out.stdout,
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\n"
    );
}

#[test]
fn moves_are_played_before_listing() {
    let out = dagaz(&[
        "fen",
        &draughts("international"),
        "--moves",
        "32-28",
        "19-23",
        "28x19",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        "B:W19,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,20\n"
    );
}

#[test]
fn options_may_follow_the_moves() {
    let out = dagaz(&[
        "perft",
        &draughts("international"),
        "--moves",
        "32-28",
        "--depth",
        "2",
    ]);
    assert_eq!(
        (out.code, out.stdout.as_str()),
        (0, "70\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn an_illegal_move_lists_the_legal_ones() {
    let out = dagaz(&["moves", &draughts("russian"), "--moves", "c3-d4", "a1-b2"]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: --moves: move 2 (a1-b2): `a1-b2` is not a legal move here (moves are written as the game writes them, such as h6-g5); legal moves: b6-a5, b6-c5, d6-c5, d6-e5, f6-e5, f6-g5, h6-g5\n"
    );
    assert_eq!(out.stdout, "");
}

#[test]
fn a_bad_fen_names_the_field_and_column() {
    let out = dagaz(&["moves", &draughts("international"), "--fen", "W:W31,77:B1"]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        lines(&[
            "error: bad FEN White list: there is no square \"77\" on this board",
            "   ╭─[ --fen:1:7 ]",
            "   │",
            " 1 │ W:W31,77:B1",
            "   │       ─┬  ",
            "   │        ╰── here",
            "───╯",
        ])
    );
}

#[test]
fn fen_of_a_game_without_one_is_bad_input() {
    let out = dagaz(&["fen", &game_path()]);
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        format!(
            "error: {}: Simple Checkers declares no FEN; add a `(fen ...)` clause to its game form\n",
            game_path()
        )
    );
    assert_eq!(out.stdout, "");
}

/// A game whose last line holds 100,000 unknown positions (300 KB): `check` shows the first
/// 100 problems, each with a window of the line around its place, counts the others, and
/// answers at once (rendering the whole line for every problem took minutes).
#[test]
fn check_shows_the_first_hundred_problems_and_counts_the_others() {
    let text = format!(
        "{}\n{}\n(game (name t) (players (White (Man a1 {}))))\n",
        r#"(board (name b) (dim "a-c") (dim "3-1") (dir (name n) 0 -1))"#,
        "(piece (name Man) (pre (check is-friend?) (take)) (move (check n)) (post (drop)))",
        "zz ".repeat(100_000)
    );
    let path = temp_game("many-problems.game", &text);
    let out = dagaz(&["check", &path]);
    assert_eq!((out.code, out.stderr.as_str()), (2, ""));
    let report = out.stdout.replace(&path, "GAME");
    assert_eq!(report.matches("error: unknown position `zz`").count(), 100);
    let help = "check the spelling against the board, pieces, players and zones the file declares";
    let first = lines(&[
        "error: unknown position `zz` [unknown-name]",
        "   ╭─[ GAME:3:40 ]",
        "   │",
        " 3 │ (game (name t) (players (White (Man a1 zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz zz…",
        "   │                                        ─┬  ",
        "   │                                         ╰── here",
        "   │ ",
        &format!("   │ Help: {help}"),
        "───╯",
    ]);
    assert!(report.starts_with(&first), "{}", &report[..first.len()]);
    let last = lines(&[
        "error: unknown position `zz` [unknown-name]",
        "   ╭─[ GAME:3:337 ]",
        "   │",
        &format!(" 3 │ …{}zz…", "zz ".repeat(40)),
        "   │                                                              ─┬  ",
        "   │                                                               ╰── here",
        "   │ ",
        &format!("   │ Help: {help}"),
        "───╯",
        "... and 99900 more problems not shown (99900 errors, 0 warnings)",
        "GAME: 100000 errors, 0 warnings",
    ]);
    assert!(
        report.ends_with(&last),
        "{}",
        &report[report.len() - last.len()..]
    );

    let out = dagaz(&["check", &path, "--format", "json"]);
    assert_eq!(out.code, 2);
    let items: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let items = items.as_array().unwrap();
    assert_eq!(items.len(), 101);
    assert_eq!(items[99]["column"], 337);
    let mut more = items[100].clone();
    more["file"] = "GAME".into();
    assert_eq!(
        more,
        serde_json::json!({
            "file": "GAME",
            "line": 3,
            "column": 340,
            "end_line": 3,
            "end_column": 342,
            "severity": "error",
            "code": "too-many-problems",
            "message": "99900 more problems not shown (99900 errors, 0 warnings)",
            "help": "the first problems are shown; fix them and check again",
        })
    );

    // A command that loads the game shows the first problem only, in the same window.
    let out = dagaz(&["moves", &path]);
    assert_eq!(out.code, 2);
    let without_help = first.replace(&format!("   │ \n   │ Help: {help}\n"), "");
    assert_eq!(
        out.stderr.replace(&path, "GAME"),
        without_help.replace(" [unknown-name]", "")
    );
}

#[test]
fn tune_prints_a_clause_and_writes_it_into_a_copy_of_the_game() {
    let english = repo_path("games/english.game");
    let args = [
        "--games",
        "2",
        "--nodes",
        "200",
        "--threads",
        "2",
        "--steps",
        "50",
    ];
    let mut argv = vec!["tune", english.to_str().unwrap()];
    argv.extend(args);
    let out = dagaz(&argv);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines[0].starts_with("; dagaz tune "), "{}", out.stdout);
    assert!(lines[0].contains(": 2 games of self-play at 200 nodes a move after 8 random plies ("));
    assert!(lines[1].starts_with("; K "), "{}", out.stdout);
    assert_eq!(lines[2], "(evaluation");
    assert!(
        lines[3].starts_with("      (piece-values (Man "),
        "{}",
        lines[3]
    );
    assert!(lines.last().unwrap().starts_with("      (mobility "));

    // --write: the copy's evaluation is the clause, the rest of the file as it was.
    let dir = std::env::temp_dir().join(format!("dagaz-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("english.game");
    let text = std::fs::read_to_string(&english).unwrap();
    std::fs::write(&copy, &text).unwrap();
    // With the library it includes (games/lib/any-capture.game).
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    for entry in std::fs::read_dir(repo_path("games/lib")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join("lib").join(path.file_name().unwrap())).unwrap();
    }
    let mut argv = vec!["tune", copy.to_str().unwrap(), "--write"];
    argv.extend(args);
    let out = dagaz(&argv);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let clause = out.stdout.split_once("(evaluation").unwrap().1;
    let written = std::fs::read_to_string(&copy).unwrap();
    assert!(written.contains(&format!("(evaluation{clause}").trim_end().to_string()));
    assert!(!written.contains("(evaluation (piece-values (Man 100) (King 200)) (mobility 2))"));
    let (before, _) = text.split_once("(evaluation").unwrap();
    assert!(written.starts_with(before));
    assert_eq!(dagaz(&["check", copy.to_str().unwrap()]).code, 0);
    // A file that is not a game is refused, and nothing is written.
    std::fs::write(&copy, "(game").unwrap();
    let out = dagaz(&["tune", copy.to_str().unwrap(), "--write", "--games", "1"]);
    assert_eq!(out.code, 2);
    assert_eq!(std::fs::read_to_string(&copy).unwrap(), "(game");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_plays_two_files_of_one_game_and_refuses_two_games() {
    let english = repo_path("games/english.game").display().to_string();
    let out = dagaz(&[
        "match",
        &english,
        &english,
        "--games",
        "2",
        "--nodes",
        "200",
        "--threads",
        "2",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The same file on both sides: each opening's two games are one game, the sides swapped.
    let line = out.stdout.trim_end();
    assert!(
        line.contains(": 2 games at 200 nodes a move after 8 random plies: "),
        "{line}"
    );
    assert!(
        line.contains("+1 =0 -1, score 50.0%, Elo +0")
            || line.contains("+0 =2 -0, score 50.0%, Elo +0"),
        "{line}"
    );
    let chess = repo_path("games/chess.game").display().to_string();
    let out = dagaz(&["match", &english, &chess]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("are not the same game: the pieces or the boards differ"),
        "{}",
        out.stderr
    );
}
