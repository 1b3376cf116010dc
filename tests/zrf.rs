//! Zillions rules files (issue #58): a `.zrf` file is opened as a `.game` file is, through the
//! same commands. `tests/data/zrf/` holds ZRF files written for these tests (the Zillions
//! corpus itself is measured by `scripts/zrf_corpus.py`, not copied here), each with a twin in
//! dagaz's own language that must count the same perft.

use crate::{load, repo_path};
use dagaz_engine::{Counting, MoveGen, Perft};
use pretty_assertions::assert_eq;

fn perft(relative: &str, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let game = load(relative);
    let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
    let mut start = game.initial_position();
    depths
        .map(|d| perft.count(&mut start, d).unwrap())
        .collect()
}

/// Runs the command line in process: (exit code, stdout, stderr).
fn dagaz(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = std::iter::once("dagaz").chain(args.iter().copied());
    let code = dagaz_cli::run(argv, &mut out, &mut err, false);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// March: macros with pasted arguments, slides that may end at every square (`add` in a
/// `while`), a capture read ZRF's way (the captured piece stays until the move is played), a
/// promotion by `(add Rook)` in a zone, a goal by `absolute-config` for one player, stalemate.
#[test]
fn march_counts_as_its_twin_in_dagaz_s_language() {
    let zrf = perft("tests/data/zrf/march.zrf", 1..=7);
    assert_eq!(zrf, [2, 4, 10, 29, 123, 534, 3192]);
    assert_eq!(perft("tests/data/zrf/march.game", 1..=7), zrf);
}

/// Graph: two grids, a loose position, links between them and a direction only links give,
/// an `unlink` and a killed position, translated as a dagaz board given as a graph. Perft 1
/// by hand: a1 to a2 or b1, c1 to b1 (its step north is cut), h to b1 by `jump`.
#[test]
fn a_board_of_two_grids_and_links_counts_as_its_twin() {
    let zrf = perft("tests/data/zrf/graph.zrf", 1..=6);
    assert_eq!(zrf, [4, 4, 12, 32, 152, 178]);
    assert_eq!(perft("tests/data/zrf/graph.game", 1..=6), zrf);
    let path = repo_path("tests/data/zrf/graph.zrf").display().to_string();
    assert_eq!(
        dagaz(&["moves", &path]),
        (0, "a1-a2\na1-b1\nc1-b1\nh-b1\n".into(), String::new())
    );
}

/// `--variant` opens a variant by number or title (any case) on every command; `dagaz info`
/// lists them; a variant the file lacks, or `--variant` on a `.game` file, is bad input.
#[test]
fn variants_are_listed_and_opened_by_number_or_title() {
    let path = repo_path("tests/data/zrf/graph.zrf").display().to_string();
    let info = dagaz(&["info", &path, "--variant", "1"]);
    assert_eq!(
        info,
        (
            0,
            "variants (--variant N or TITLE):\n   0  Graph (the game itself)\n   1  Graph Without Jumps (opened; Zillions opens it first)\n\
             name: Graph Without Jumps\nplayers: White, Black\nboard: 10 positions; directions n s e w jump\npieces: Stone\n"
                .into(),
            String::new()
        )
    );
    for choice in ["1", "graph without JUMPS"] {
        let run = dagaz(&["perft", &path, "--variant", choice, "--depth", "3"]);
        assert_eq!(run, (0, "8\n".into(), String::new()), "{choice}");
    }
    let (code, out, err) = dagaz(&["moves", &path, "--variant", "2"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("error: --variant 2: no variant 2: the file has 2 (0 is the game itself)\nhelp: `dagaz info "), "{err}");
    let game = repo_path("tests/data/zrf/graph.game").display().to_string();
    let (code, _, err) = dagaz(&["moves", &game, "--variant", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("is not a Zillions file (.zrf), which alone has variants"),
        "{err}"
    );
}

#[test]
fn a_zrf_file_goes_through_every_command() {
    let path = repo_path("tests/data/zrf/march.zrf").display().to_string();
    assert_eq!(
        dagaz(&["moves", &path, "--moves", "a2-a3", "c3-c2"]),
        (0, "a1-a2\na3-a4\nb2-b3\n".into(), String::new())
    );
    assert_eq!(
        dagaz(&["check", &path]).0,
        0,
        "a translated game has no problem"
    );
    let (code, out, _) = dagaz(&["bestmove", &path, "--depth", "3"]);
    assert_eq!(code, 0);
    assert!(out.lines().last().is_some_and(|m| m.contains('-')), "{out}");
}

/// What does not translate yet stops the file with a located message, never a game that plays
/// otherwise.
#[test]
fn an_unsupported_keyword_is_a_located_error() {
    let dir = std::env::temp_dir().join(format!("dagaz-zrf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("partial.zrf");
    std::fs::write(
        &file,
        "(game (title \"P\") (players A B)\n\
         (board (grid (dimensions (\"a/b\" (1 0)) (\"2/1\" (0 1))) (directions (n 0 -1))))\n\
         (piece (name M) (moves (n (verify empty?) (add-partial x))))\n\
         (board-setup (A (M a1)) (B (M b2))))",
    )
    .unwrap();
    let path = file.display().to_string();
    let (code, out, err) = dagaz(&["moves", &path]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: unsupported ZRF keyword `add-partial`"),
        "{err}"
    );
    assert!(err.contains("partial.zrf:3:43"), "{err}");
    // Zillions' own text, Latin-1, reads as well as UTF-8.
    let latin = dir.join("latin.zrf");
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.iter().position(|&b| b == b'P').unwrap();
    bytes[at] = 0xe9;
    std::fs::write(&latin, bytes).unwrap();
    let (code, _, err) = dagaz(&["moves", &latin.display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("add-partial"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Drops: a piece type with `drops` is in every player's hand, unlimited unless the setup
/// counts it (`(Stone off 1)`); an `add` puts it down where the block stands.
#[test]
fn drops_come_from_the_hand_that_board_setup_counts() {
    let dir = std::env::temp_dir().join(format!("dagaz-zrf-drops-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("place.zrf");
    let text = |setup: &str| {
        format!(
            "(game (title \"Place\") (players X O)\n\
             (board (grid (dimensions (\"a/b/c\" (1 0)) (\"3/2/1\" (0 1))) (directions (n 0 -1))))\n\
             (piece (name Stone) (drops ((verify empty?) add)))\n\
             (board-setup {setup})\n\
             (loss-condition (X O) stalemated))"
        )
    };
    let path = file.display().to_string();
    let counts = |setup: &str| -> Vec<String> {
        std::fs::write(&file, text(setup)).unwrap();
        (1..=3)
            .map(|d| dagaz(&["perft", &path, "--depth", &d.to_string()]).1)
            .collect()
    };
    // Unlimited stones: 9, 9·8, 9·8·7 ways.
    assert_eq!(counts("(X) (O)"), ["9\n", "72\n", "504\n"]);
    // X holds one stone: after it and O's answer X has no move, and stalemate ends the game.
    assert_eq!(counts("(X (Stone off 1)) (O)"), ["9\n", "72\n", "0\n"]);
    assert_eq!(
        dagaz(&["moves", &path, "--moves", "Stone@b2"])
            .1
            .lines()
            .next(),
        Some("Stone@a1")
    );
    let _ = std::fs::remove_dir_all(&dir);
}
