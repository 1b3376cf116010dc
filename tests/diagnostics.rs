//! Diagnostics that catch typos, as `dagaz` prints them: a name the rules read that nothing
//! declares or sets stops the game from loading, wherever it is read (moves, drops, goals);
//! a near name is suggested; an unclosed form is shown where it opens and where the text ends;
//! `check` warns of a game that can go on forever; `--help` keeps the limits apart.

use crate::repo_path;
use pretty_assertions::assert_eq;

fn dagaz(args: &[&str]) -> (i32, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("dagaz").chain(args.iter().copied());
    let code = dagaz_cli::run(argv, &mut out, &mut err, false);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// Writes `text` to a file of its own and answers its path.
fn temp_game(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("dagaz-diagnostics-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// The lines, each ended by a newline (ariadne's snippets keep trailing spaces).
fn lines(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Tic-tac-toe with `is-empty?` misspelt in its `drops` clause.
fn misspelt_tic_tac_toe() -> String {
    let text = std::fs::read_to_string(repo_path("games/tic-tac-toe.game")).unwrap();
    assert!(text.contains("      (check is-empty?)\n"));
    temp_game(
        "tic-tac-toe.game",
        &text.replace("      (check is-empty?)\n", "      (check is-emtpy?)\n"),
    )
}

#[test]
fn a_misspelt_name_in_drops_stops_the_game_with_its_place() {
    let path = misspelt_tic_tac_toe();
    let (code, out, err) = dagaz(&["check", &path]);
    assert_eq!((code, err.as_str()), (2, ""));
    assert_eq!(
        out.replace(&path, "GAME"),
        lines(&[
            "error: `is-emtpy?` is not a name the game declares, nor a global variable that a rule sets; did you mean `is-empty?`? [unknown-name]",
            "    ╭─[ GAME:30:14 ]",
            "    │",
            " 30 │       (check is-emtpy?)",
            "    │              ────┬────  ",
            "    │                  ╰────── here",
            "    │ ",
            "    │ Help: check the spelling; a global variable is created by its first use and set with `set!` or `inc!`",
            "────╯",
            "GAME: 1 error, 0 warnings",
        ])
    );
    let (code, out, err) = dagaz(&["moves", &path]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(
            "error: `is-emtpy?` is not a name the game declares, nor a global variable that a rule sets; did you mean `is-empty?`?\n"
        ),
        "{err}"
    );
    assert!(err.contains(&format!("[ {path}:30:14 ]")), "{err}");
}

/// A global that a rule sets is a variable wherever it is read: the seed's `max-captured`.
#[test]
fn globals_that_the_rules_set_stay_variables() {
    let seed = repo_path("tests/fixtures/seed-simple-checkers.game")
        .display()
        .to_string();
    let text = std::fs::read_to_string(&seed).unwrap();
    assert!(text.contains("max-captured"));
    let (code, out, _) = dagaz(&["perft", &seed, "--depth", "3"]);
    assert_eq!((code, out.as_str()), (0, "810\n"));
}

const ZONED: &str = r#"(board (name b) (dim "a-c") (dim "3-1")
   (dir (name n) 0 -1) (dir (name ne) 1 -1))
(piece (name Man)
   (pre (check is-friend?) (take))
   (move (check ne) (check (in-zone? diagpoints)) (check is-empty?))
   (post (drop)))
(game (name t) (board b)
   (players (White (Man a1)) (Black (Man c1)))
   (zone (name diag-points) (players White Black) (positions b2 c3)))
"#;

#[test]
fn an_unknown_name_suggests_the_declared_one_nearest() {
    let path = temp_game("zoned.game", ZONED);
    let (code, out, _) = dagaz(&["check", &path]);
    assert_eq!(code, 2);
    assert_eq!(
        out.replace(&path, "GAME"),
        lines(&[
            "error: unknown zone `diagpoints`; did you mean `diag-points`? [unknown-name]",
            "   ╭─[ GAME:5:38 ]",
            "   │",
            " 5 │    (move (check ne) (check (in-zone? diagpoints)) (check is-empty?))",
            "   │                                      ─────┬────  ",
            "   │                                           ╰────── here",
            "   │ ",
            "   │ Help: check the spelling against the board, pieces, players and zones the file declares",
            "───╯",
            "GAME: 1 error, 0 warnings",
        ])
    );
    // Positions, directions, pieces and players too.
    for (from, to, message) in [
        (
            "(check ne)",
            "(check nee)",
            "`nee` is not a name the game declares, nor a global variable that a rule sets; did you mean `ne`?",
        ),
        (
            "(Man c1)",
            "(Man c7)",
            "unknown position `c7`; did you mean `c3`?",
        ),
        (
            "(check is-empty?))",
            "(check is-empty?) (check (not (= piece Mna))))",
            "`Mna` is not a name the game declares, nor a global variable that a rule sets; did you mean `Man`?",
        ),
        (
            "(players White Black)",
            "(players White Blakc)",
            "unknown player `Blakc`; did you mean `Black`?",
        ),
    ] {
        let spelt = ZONED.replace("diagpoints", "diag-points");
        let path = temp_game("near.game", &spelt.replace(from, to));
        let (code, _, err) = dagaz(&["moves", &path]);
        assert_eq!(code, 2, "{to}");
        assert_eq!(err.lines().next(), Some(format!("error: {message}").as_str()));
    }
}

#[test]
fn an_unclosed_form_is_shown_where_it_opens_and_where_the_text_ends() {
    let text = "(board (name b) (dim \"a-c\") (dim \"3-1\"))\n(piece (name Man)\n   (move (check n))\n\n(game (name t))\n";
    let path = temp_game("unclosed.game", text);
    let expected = lines(&[
        "error: expected `)` to close the list opened here, found the end of the text",
        "   ╭─[ GAME:2:1 ]",
        "   │",
        " 2 │ (piece (name Man)",
        "   │ ┬  ",
        "   │ ╰── here",
        "   │ ",
        " 5 │ (game (name t))",
        "   │               ┬  ",
        "   │               ╰── the text ends here, with it still open",
        "───╯",
    ]);
    let (code, out, err) = dagaz(&["moves", &path]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.replace(&path, "GAME"), expected);
    let (code, out, _) = dagaz(&["check", &path]);
    assert_eq!(code, 2);
    let report = out.replace(&path, "GAME");
    let with_code = expected.replacen("end of the text\n", "end of the text [syntax]\n", 1);
    assert_eq!(report, with_code + "GAME: 1 error, 0 warnings\n");
}

/// Tapatan as a designer would write it from the docs: three pieces each on the nine points,
/// stepping along the lines, and no rule for a game that goes round.
const TAPATAN: &str = r#"(board (name b) (dim "a-c") (dim "3-1")
   (dir (name n) 0 -1) (dir (name s) 0 1) (dir (name e) 1 0) (dir (name w) -1 0)
   (dir (name ne) 1 -1) (dir (name nw) -1 -1) (dir (name se) 1 1) (dir (name sw) -1 1))
(piece (name Man)
   (pre (check is-friend?) (take) (log position))
   (move (check (any n s e w ne nw se sw)) (check is-empty?))
   (post (log position) (drop)))
(game (name tapatan) (board b)
   (players (White (Man a1 b3 c1)) (Black (Man a3 b1 c3)))
   (goal win (check (>= line-length 3))))
"#;

#[test]
fn check_warns_of_a_game_that_can_go_round_forever() {
    let path = temp_game("tapatan.game", TAPATAN);
    let (code, out, _) = dagaz(&["check", &path]);
    assert_eq!(code, 2);
    assert_eq!(
        out.replace(&path, "GAME"),
        lines(&[
            "warning: the game has neither a repetition rule nor a move limit, and its players can move back and forth forever (the moves b3b2 a3a2 b2b3 a2a3 bring a position back) [endless]",
            "   ╭─[ GAME:8:2 ]",
            "   │",
            " 8 │ (game (name tapatan) (board b)",
            "   │  ──┬─  ",
            "   │    ╰─── here",
            "   │ ",
            "   │ Help: add `(draw (repetition 3))` to the game, or a move limit: `(draw (quiet-moves N))` or a goal on `turn-number`",
            "───╯",
            "GAME: 0 errors, 1 warning",
        ])
    );
    // A repetition rule, or a move limit, ends it.
    for rule in ["(draw (repetition 3))", "(draw (quiet-moves 50))"] {
        let ruled = TAPATAN.replace("(goal win", &format!("{rule}\n   (goal win"));
        let path = temp_game("tapatan-ruled.game", &ruled);
        let (code, out, _) = dagaz(&["check", &path]);
        assert_eq!(
            (code, out.replace(&path, "GAME").as_str()),
            (0, "GAME: no problems found\n"),
            "{rule}"
        );
    }
}

#[test]
fn help_shows_the_limits_once_under_their_heading_and_a_short_interpreter_line() {
    let (code, out, _) = dagaz(&["moves", "--help"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.matches("Limits of one move generation:").count(),
        1,
        "{out}"
    );
    let limits = out.split("Limits of one move generation:").nth(1).unwrap();
    for option in [
        "--step-limit",
        "--move-limit",
        "--choice-limit",
        "--action-limit",
        "--notation-limit",
        "--volume-limit",
    ] {
        assert_eq!(out.matches(option).count(), 1, "{option}: {out}");
        assert!(limits.contains(option), "{option}: {out}");
    }
    let interpreter: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("--interpreter"))
        .collect();
    assert_eq!(
        interpreter,
        vec!["      --interpreter          Run the rules in the interpreter, not the compiled code (slower, same moves)"]
    );
    // Every option on one line: the short layout.
    assert!(out.contains("\n      --step-limit <N>      Most commands one move generation may run before it stops with an error [default: 20000000]\n"), "{out}");
}
