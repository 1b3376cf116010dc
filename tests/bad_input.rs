//! The corpus of bad inputs in `tests/bad/`, each with the exact message dagaz gives:
//!
//! - `bad/games/NAME.game`: `dagaz check` prints every problem, exactly as in
//!   `bad/games/NAME.expected` (the file's path written as `GAME`), and exits with code 2 —
//!   or 0 for a file with no problem. Set `DAGAZ_BLESS=1` to write the expected files anew
//!   after a deliberate change of wording, and review the diff.
//! - `bad/fen.tsv`: a game, a `--fen` text, where the message of `dagaz moves` points
//!   (`--fen:LINE:COL`) and its first line.
//! - `bad/moves.tsv`: a game, `--moves` and the message.
//!
//! Every case must also fail cleanly: exit code 2, nothing on standard output, and the game
//! file or `--fen`/`--moves` named in the message.

use crate::repo_path;
use pretty_assertions::assert_eq;

/// Runs the command line in process: (exit code, stdout, stderr).
fn dagaz(args: &[&str]) -> (i32, String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let mut all = vec!["dagaz"];
    all.extend_from_slice(args);
    let code = dagaz_cli::run(all, &mut out, &mut err, false);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn every_bad_game_gives_its_exact_report() {
    let dir = repo_path("tests/bad/games");
    let bless = std::env::var_os("DAGAZ_BLESS").is_some();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    names.sort();
    assert!(names.len() >= 19, "{}", names.len());
    for path in names {
        let shown = path.to_str().unwrap();
        let (code, out, err) = dagaz(&["check", shown]);
        assert_eq!(err, "", "{shown}");
        let report = out.replace(shown, "GAME");
        let expected_path = path.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &report).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|_| panic!("missing {}", expected_path.display()));
        assert_eq!(report, expected, "{shown}");
        assert_eq!(code, 2, "{shown}");
        // The same file given to a command that loads it: exit 2, nothing on stdout (unless it
        // only has warnings, and loads).
        let (code, out, err) = dagaz(&["moves", shown]);
        if report.contains("\nerror: ") || report.starts_with("error: ") {
            assert_eq!((code, out.as_str()), (2, ""), "{shown}");
            assert!(err.starts_with("error: "), "{shown}: {err}");
            assert!(
                located_at(&err).is_some_and(|at| at.starts_with(&format!("{shown}:"))),
                "{shown}: {err}"
            );
        }
    }
}

/// Where a message points: `ORIGIN:LINE:COL` from the line under its first, `╭─[ ... ]`.
fn located_at(message: &str) -> Option<&str> {
    message
        .lines()
        .nth(1)?
        .trim_start()
        .strip_prefix("╭─[ ")?
        .strip_suffix(" ]")
}

/// The rows of a table of cases: the fields of each line that is not blank or a comment.
fn rows(file: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(repo_path(file))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn every_bad_fen_gives_its_exact_message() {
    let rows = rows("tests/bad/fen.tsv");
    assert!(rows.len() >= 19);
    for row in rows {
        let [game, fen, at, expected] = row.as_slice() else {
            panic!("expected 4 fields: {row:?}");
        };
        let path = repo_path(&format!("games/{game}.game"));
        let (code, out, err) = dagaz(&["moves", path.to_str().unwrap(), "--fen", fen]);
        assert_eq!((code, out.as_str()), (2, ""), "{game} {fen}");
        assert_eq!(err.lines().next().unwrap_or(""), expected, "{game} {fen}");
        assert_eq!(located_at(&err), Some(at.as_str()), "{game} {fen}");
    }
}

#[test]
fn every_bad_move_gives_its_exact_message() {
    let rows = rows("tests/bad/moves.tsv");
    assert!(rows.len() >= 4);
    for row in rows {
        let [game, moves, expected] = row.as_slice() else {
            panic!("expected 3 fields: {row:?}");
        };
        let path = repo_path(&format!("games/{game}.game"));
        let mut args = vec!["moves", path.to_str().unwrap(), "--moves"];
        args.extend(moves.split(' '));
        let (code, out, err) = dagaz(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{game} {moves}");
        assert_eq!(err.trim_end(), expected, "{game} {moves}");
    }
}
