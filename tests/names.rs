//! Games opened by name (`dagaz perft chess`), wherever `dagaz` runs: the shipped games are
//! compiled into it; `dagaz games` lists them; an unknown name suggests the nearest.

use crate::repo_path;
use pretty_assertions::assert_eq;

/// Runs the command line in process, with `input` for `play`: (exit code, stdout, stderr).
fn dagaz(args: &[&str], input: &str) -> (i32, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("dagaz").chain(args.iter().copied());
    let code = dagaz_cli::run_with_input(argv, &mut input.as_bytes(), &mut out, &mut err, false);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn a_shipped_game_is_opened_by_its_name() {
    let by_path = repo_path("games/chess.game").display().to_string();
    for game in ["chess", "chess.game", by_path.as_str()] {
        let (code, out, err) = dagaz(&["perft", game, "--depth", "3"], "");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (0, "8902\n", ""),
            "{game}"
        );
    }
    // A game that includes others (crazyhouse includes chess.game, which includes lib/).
    let (code, out, _) = dagaz(&["perft", "crazyhouse", "--depth", "2"], "");
    assert_eq!((code, out.as_str()), (0, "400\n"));
    let (code, out, _) = dagaz(&["moves", "tic-tac-toe"], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "a1\na2\na3\nb1\nb2\nb3\nc1\nc2\nc3\n")
    );
    let (code, out, _) = dagaz(&["check", "tic-tac-toe"], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "tic-tac-toe.game: no problems found\n")
    );
}

/// Outside the repository `games/chess.game` is no file: it still names the shipped game.
#[test]
fn a_path_into_a_games_directory_that_is_not_there_opens_the_shipped_game() {
    let nowhere = std::env::temp_dir().join(format!("dagaz-names-{}", std::process::id()));
    let path = nowhere.join("games/chess.game").display().to_string();
    let (code, out, err) = dagaz(&["perft", &path, "--depth", "2"], "");
    assert_eq!((code, out.as_str(), err.as_str()), (0, "400\n", ""));
}

#[test]
fn play_takes_a_name() {
    let (code, out, err) = dagaz(&["play", "chess", "--human", "both"], "quit\n");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"), "{out}");
}

#[test]
fn an_unknown_name_suggests_the_nearest_and_is_bad_input() {
    let (code, out, err) = dagaz(&["play", "chss"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: no game file or shipped game is named `chss`\n\
         help: did you mean `chess`? `dagaz games` lists the shipped games\n"
    );
    let (code, _, err) = dagaz(&["perft", "games/tic-tac-tox.game", "--depth", "1"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: no game file or shipped game is named `tic-tac-tox`\n\
         help: did you mean `tic-tac-toe`? `dagaz games` lists the shipped games\n"
    );
    let (code, _, err) = dagaz(&["moves", "parcheesi"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: no game file or shipped game is named `parcheesi`\n\
         help: `dagaz games` lists the shipped games\n"
    );
    // A fragment of the library is no game.
    let (code, _, err) = dagaz(&["moves", "moves"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: no game file or shipped game is named `moves`\n"),
        "{err}"
    );
}

#[test]
fn games_lists_every_shipped_game_by_family() {
    let (code, out, err) = dagaz(&["games"], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let head: Vec<&str> = out.lines().take(4).collect();
    assert_eq!(
        head,
        vec![
            "Chess family",
            "  chess                  The FIDE game",
            "  crazyhouse             Captured pieces change sides and come back",
            "  antichess              Lose all your pieces to win",
        ]
    );
    let families: Vec<&str> = out
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' '))
        .collect();
    assert_eq!(
        families,
        vec![
            "Chess family",
            "Shogi family",
            "Xiangqi family",
            "Draughts",
            "Placement and connection",
            "Territory",
            "Race, hunt and capture",
            "Sowing",
            "Classics without a library referee",
        ]
    );
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  ")?.split_whitespace().next())
        .collect();
    let mut files: Vec<String> = std::fs::read_dir(repo_path("games"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().into_string().unwrap();
            Some(name.strip_suffix(".game")?.to_string())
        })
        .collect();
    files.sort();
    let mut listed: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    listed.sort();
    assert_eq!(listed, files);
    // Each name the list gives opens its game.
    for name in names {
        let (code, _, err) = dagaz(&["moves", name], "");
        assert_eq!((code, err.as_str()), (0, ""), "{name}");
    }
}
