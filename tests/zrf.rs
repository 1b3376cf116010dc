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

/// The standard output of `dagaz moves PATH [--setup SETUP] [--moves PLAYED ...]`.
fn moves_after(path: &str, setup: Option<&str>, played: &[&str]) -> String {
    let mut args = vec!["moves", path];
    if let Some(setup) = setup {
        args.extend(["--setup", setup]);
    }
    if !played.is_empty() {
        args.push("--moves");
        args.extend(played);
    }
    dagaz(&args).1
}

/// The path of a file of the repository, as a command-line argument.
fn path_of(relative: &str) -> String {
    repo_path(relative).display().to_string()
}

/// A list of moves, one a line, on one line.
fn spaced(lines: &str) -> String {
    lines.lines().collect::<Vec<_>>().join(" ")
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
    let path = path_of("tests/data/zrf/graph.zrf");
    assert_eq!(
        dagaz(&["moves", &path]),
        (0, "a1-a2\na1-b1\nc1-b1\nh-b1\n".into(), String::new())
    );
}

/// `--variant` opens a variant by number or title (any case) on every command; `dagaz info`
/// lists them; a variant the file lacks, or `--variant` on a `.game` file, is bad input.
#[test]
fn variants_are_listed_and_opened_by_number_or_title() {
    let path = path_of("tests/data/zrf/graph.zrf");
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
    // A variant that does not load is named with the first line of the reason and its place.
    let dir = scratch("info");
    let broken = dir.join("broken.zrf");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &broken,
        text.replacen("(players White Black)", "(players)", 1),
    )
    .unwrap();
    let (code, out, _) = dagaz(&["info", &broken.display().to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("variant 0 does not load: error: unknown player `White` (at ")
            && last.ends_with("broken.zrf:13:16)"),
        "{out}"
    );
    let game = path_of("tests/data/zrf/graph.game");
    let (code, _, err) = dagaz(&["moves", &game, "--variant", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("is not a Zillions file (.zrf), which alone has variants"),
        "{err}"
    );
}

/// `(pieces-remaining 0)` for both players: White's last man taken, Black wins (the goal for
/// the player who moved, on the other's count). Variant 1 says it of Black only: White without
/// a man then just cannot move.
#[test]
fn a_player_left_without_pieces_loses() {
    let path = path_of("tests/data/zrf/last.zrf");
    let moves = ["moves", &path, "--moves", "a1-b1", "c1-b1"];
    assert_eq!(
        dagaz(&moves),
        (1, String::new(), "game over — Black wins: goal #2\n".into())
    );
    let (code, _, err) = dagaz(&[&moves[..], &["--variant", "1"]].concat());
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "game over — White cannot move (the game declares no goal for this)\n"
    );
    assert_eq!(perft("tests/data/zrf/last.zrf", 1..=3), [1, 1, 0]);
    // An `and` of counts: no man and no piece at all.
    assert_eq!(
        dagaz(&[&moves[..], &["--variant", "2"]].concat()),
        (1, String::new(), "game over — Black wins: goal #2\n".into())
    );
}

/// Hops: `add-partial` chains are one move, taken to their end (a shorter chain stands only when
/// no longer one completes), under `move-priorities`; the same perft as the twin, which writes
/// the chain as a loop of `end-move`s and `(check no-moves?)`. A chain is written by its path.
#[test]
fn add_partial_chains_are_one_move_taken_to_their_end() {
    let zrf = perft("tests/data/zrf/hops.zrf", 1..=8);
    assert_eq!(zrf, [5, 25, 106, 369, 1271, 4104, 12499, 37604]);
    assert_eq!(perft("tests/data/zrf/hops.game", 1..=8), zrf);
    let path = path_of("tests/data/zrf/hops.zrf");
    let setup = "(White (Man a1 c1)) (Black (Man b2 d4 f6))";
    assert_eq!(
        dagaz(&["moves", &path, "--setup", setup]),
        (0, "a1-c3-e5\nc1-a3\n".into(), String::new())
    );
}

#[test]
fn a_zrf_file_goes_through_every_command() {
    let path = path_of("tests/data/zrf/march.zrf");
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
         (piece (name M) (moves (move-type normal) (n (verify (not-attacked? normal)) add)))\n\
         (board-setup (A (M a1)) (B (M b2))))",
    )
    .unwrap();
    let path = file.display().to_string();
    let (code, out, err) = dagaz(&["moves", &path]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with("error: unsupported ZRF keyword `not-attacked? (of one move type)`"),
        "{err}"
    );
    assert!(err.contains("partial.zrf:3:54"), "{err}");
    // Zillions' own text, Latin-1, reads as well as UTF-8.
    let latin = dir.join("latin.zrf");
    let mut bytes = std::fs::read(&file).unwrap();
    let at = bytes.iter().position(|&b| b == b'P').unwrap();
    bytes[at] = 0xe9;
    std::fs::write(&latin, bytes).unwrap();
    let (code, _, err) = dagaz(&["moves", &latin.display().to_string()]);
    assert_eq!(code, 2);
    assert!(err.contains("not-attacked?"), "{err}");
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

/// The message `dagaz moves` gives for a copy of the file at `path` with `from` replaced by
/// `to`, which must be refused as bad input (exit code 2).
fn refused_with(path: &str, from: &str, to: &str) -> String {
    let name = std::path::Path::new(path)
        .file_stem()
        .unwrap()
        .to_string_lossy();
    let dir = scratch(&format!("refused-{name}"));
    let file = dir.join("edited.zrf");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{path} lacks {from}");
    std::fs::write(&file, text.replace(from, to)).unwrap();
    let (code, _, err) = dagaz(&["moves", &file.display().to_string()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 2, "{err}");
    err
}

/// A scratch directory of this test process for ZRF files written by a test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dagaz-zrf-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `(checkmated King)`: the king is royal (a move may not leave it attacked), a player without
/// a move whose king is attacked loses, and the ZRF `stalemated` is then the stalemate of
/// chess, a draw, whichever of the two conditions the file writes first (regicide.zrf writes
/// the draw first).
#[test]
fn checkmated_makes_a_royal_piece() {
    let zrf = perft("tests/data/zrf/regicide.zrf", 1..=6);
    assert_eq!(zrf, [7, 35, 208, 1313, 7970, 46521]);
    assert_eq!(perft("tests/data/zrf/regicide.game", 1..=6), zrf);
    let path = path_of("tests/data/zrf/regicide.zrf");
    let end = |moves: &[&str]| {
        let mut args = vec!["moves", path.as_str(), "--moves"];
        args.extend(moves);
        let (code, _, err) = dagaz(&args);
        (code, err)
    };
    let mate = ["a1-a2", "d4-c3", "a2-a1", "c4-a4"];
    let stalemate = ["b1-b3", "c4-b4", "b3-c3", "b4-b2", "a1-b2"];
    assert_eq!(
        end(&mate),
        (1, "game over — Checkmate: Black wins\n".into())
    );
    assert_eq!(end(&stalemate), (1, "game over — Stalemate: draw\n".into()));
    // The option "chess invariant" makes the King royal too. Without a `checkmated` condition
    // the ZRF `stalemated` is any position without a move: here a loss, in check or not.
    let text = std::fs::read_to_string(&path).unwrap();
    let text = text
        .replace(
            "(loss-condition (White Black) (checkmated King))",
            "(option \"chess invariant\" true)",
        )
        .replace(
            "(draw-condition (White Black) stalemated)",
            "(loss-condition (White Black) stalemated)",
        );
    let dir = scratch("royal");
    let file = dir.join("invariant.zrf");
    std::fs::write(&file, text).unwrap();
    let invariant = file.display().to_string();
    let (_, out, _) = dagaz(&["perft", &invariant, "--depth", "6"]);
    assert_eq!(out, "46521\n");
    for (moves, loser) in [(&mate[..], "White"), (&stalemate[..], "Black")] {
        let mut args = vec!["moves", invariant.as_str(), "--moves"];
        args.extend(moves);
        let err = dagaz(&args).2;
        assert_eq!(err, format!("game over — {loser} has no moves and loses\n"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `last-from?`, `last-to?` and their `not-` forms read the move before the one being made (two
/// turn variables that each move sets in `post`, and that it still reads as the move before it
/// left them): en passant only right after the double step, a guard that may not step where the
/// enemy came from nor take the piece that has just moved.
#[test]
fn last_from_and_last_to_read_the_move_before() {
    let zrf = perft("tests/data/zrf/passant.zrf", 1..=6);
    assert_eq!(zrf, [10, 87, 761, 6164, 50971, 398683]);
    assert_eq!(perft("tests/data/zrf/passant.game", 1..=6), zrf);
    let path = path_of("tests/data/zrf/passant.zrf");
    let moves = |played: &[&str]| moves_after(&path, None, played);
    // En passant, c3xd4 taking d3, right after d5-d3 ...
    assert!(moves(&["c2-c3", "d5-d3"]).contains("c3-d4\n"));
    // ... not after two single steps, nor a move later.
    assert!(!moves(&["c2-c3", "d5-d4", "a2-a3", "d4-d3"]).contains("c3-d4"));
    let later = moves(&["c2-c3", "d5-d3", "a2-a3", "a5-a4"]);
    assert_eq!(
        later, "b3-a2\nb3-b4\nb3-c2\nb3-c4\n",
        "nor b3xa4, the pawn that just moved"
    );
    // The guard on b3 may not step to c4, which Black's guard has just left.
    assert!(!moves(&["c2-c3", "c4-d4"]).contains("b3-c4"));
}

/// A drop is the last move to where it puts the piece down (`last-to?`): here a stone may not go
/// just south of the last one, nor on the north rank. 6 first drops (ranks 2 and 1); then, after
/// one on rank 2, 4 of the 5 squares left there (not the one south of it); after one on rank 1,
/// all 5: 3·4 + 3·5 = 27.
#[test]
fn a_drop_is_the_last_move_to_its_square() {
    let dir = scratch("last-drop");
    let file = dir.join("shade.zrf");
    std::fs::write(
        &file,
        "(game (title \"Shade\") (players X O)\n\
         (board (grid (dimensions (\"a/b/c\" (1 0)) (\"3/2/1\" (0 1)))\n\
            (directions (n 0 -1) (s 0 1))))\n\
         (piece (name Stone) (drops ((verify empty?) mark n (verify not-last-to?) back add)))\n\
         (board-setup (X) (O)))",
    )
    .unwrap();
    let path = file.display().to_string();
    let counts: Vec<String> = (1..=2)
        .map(|d| dagaz(&["perft", &path, "--depth", &d.to_string()]).1)
        .collect();
    assert_eq!(counts, ["6\n", "27\n"]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `(move-priorities capture-type normal-type)`: a man or rook that can take must take. The
/// twin makes capture compulsory with dagaz's own idiom, a global that says a capture exists;
/// the ZRF translation ranks the move types instead. A move type the list leaves out (the
/// men's step back) is never played, as in the referee's interpreter.
#[test]
fn move_priorities_keep_the_first_type_that_moves() {
    let zrf = perft("tests/data/zrf/takers.zrf", 1..=8);
    assert_eq!(zrf, [7, 27, 92, 300, 967, 3090, 9845, 31622]);
    assert_eq!(perft("tests/data/zrf/takers.game", 1..=8), zrf);
    let path = path_of("tests/data/zrf/takers.zrf");
    let moves = |setup: &str| {
        let (_, out, err) = dagaz(&["moves", &path, "--setup", setup]);
        out + &err
    };
    // The rook's capture comes first: the man's step and the rook's glides are not moves.
    assert_eq!(
        moves("(White (Man a2) (Rook d1)) (Black (Man a4) (Rook d5))"),
        "d1-d5\n"
    );
    // A man that can neither step nor take has no move: its step back is of no listed type.
    assert_eq!(
        moves("(White (Man a3)) (Black (Man a4))"),
        "game over — White has no moves and loses\n"
    );
}

/// Priorities over drops: `drop-type` first, so a player drops while a stone is in hand. X and
/// O hold one stone each besides the one on the board: 7 drops on the empty squares (the stone
/// on a1 may not step), then 6 for O: 7·6 = 42. Drops of a lower rank that dagaz would make
/// before those of a higher rank are refused.
#[test]
fn move_priorities_rank_drops() {
    let dir = scratch("priority-drops");
    let file = dir.join("settle.zrf");
    let text = |pieces: &str| {
        format!(
            "(game (title \"Settle\") (players X O)\n\
             (move-priorities drop-type normal-type)\n\
             (board (grid (dimensions (\"a/b/c\" (1 0)) (\"3/2/1\" (0 1)))\n\
                (directions (n 0 -1) (s 0 1) (e 1 0) (w -1 0))))\n\
             {pieces}\n\
             (board-setup (X (Stone a1) (Stone off 1)) (O (Stone c3) (Stone off 1))))"
        )
    };
    let stone = "(piece (name Stone)\n\
                 (drops (move-type drop-type) ((verify empty?) add))\n\
                 (moves (move-type normal-type) (n (verify empty?) add) (s (verify empty?) add)\n\
                    (e (verify empty?) add) (w (verify empty?) add)))";
    std::fs::write(&file, text(stone)).unwrap();
    let path = file.display().to_string();
    let counts: Vec<String> = (1..=2)
        .map(|d| dagaz(&["perft", &path, "--depth", &d.to_string()]).1)
        .collect();
    assert_eq!(counts, ["7\n", "42\n"]);
    let late = "(piece (name Pebble) (drops (move-type normal-type) ((verify empty?) add)))";
    std::fs::write(&file, text(&format!("{late}\n{stone}"))).unwrap();
    let (code, _, err) = dagaz(&["moves", &path]);
    assert_eq!(code, 2);
    assert!(
        err.contains("move-priorities (over drops that dagaz cannot order by rank)"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Flags: the cannon of cannons.zrf keeps in `(set-flag screen not-empty?)` whether it has met
/// its screen and in `done` whether it has taken, and tests them with `flag?` and `not-flag?`;
/// the twin walks the same lines with two loops. A flag is a local of the move, false until set.
#[test]
fn flags_are_locals_of_the_move() {
    let zrf = perft("tests/data/zrf/cannons.zrf", 1..=6);
    assert_eq!(zrf, [8, 64, 446, 3007, 19539, 123993]);
    assert_eq!(perft("tests/data/zrf/cannons.game", 1..=6), zrf);
    let path = path_of("tests/data/zrf/cannons.zrf");
    let setup = "(White (Cannon a1) (Man a2)) (Black (Man a4) (Cannon d5))";
    let (_, out, _) = dagaz(&["moves", &path, "--setup", setup]);
    // Over its own man on a2 onto the enemy on a4; along the empty first rank.
    assert_eq!(out, "a1-a4\na1-b1\na1-c1\na1-d1\na2-a3\n");
}

/// `(option "maximal captures" true)`: only the moves that take the most pieces (a man or king
/// of sweep.zrf takes a whole line of enemies at once). The twin keeps the most with dagaz's
/// own majority rule. With `2`, a move that takes the most kings (pieces of any type but the
/// first) stands, whatever else it takes: the twin scores it 1000 a king.
#[test]
fn maximal_captures_keep_the_moves_that_take_the_most() {
    let zrf = perft("tests/data/zrf/sweep.zrf", 1..=7);
    assert_eq!(zrf, [7, 20, 68, 238, 868, 3012, 9874]);
    assert_eq!(perft("tests/data/zrf/sweep.game", 1..=7), zrf);
    let dir = scratch("maximal");
    let read = |name: &str| std::fs::read_to_string(repo_path(name)).unwrap();
    let write = |name: &str, text: String| {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        file.display().to_string()
    };
    let perft_of = |path: &str| -> Vec<String> {
        (1..=7)
            .map(|d| dagaz(&["perft", path, "--depth", &d.to_string()]).1)
            .collect()
    };
    let zrf = read("tests/data/zrf/sweep.zrf");
    let kings_zrf = write(
        "kings.zrf",
        zrf.replace(
            "   (option \"maximal captures\" true)",
            "   (option \"maximal captures\" 2)",
        ),
    );
    let kings_game = write(
        "kings.game",
        read("tests/data/zrf/sweep.game")
            .replace(
                "(while is-enemy? (capture)",
                "(while is-enemy? (if (!= piece Man) (inc! kings)) (capture)",
            )
            .replace("(let captured 0))", "(let captured 0) (let kings 0))")
            .replace(
                "(check (<= most captured)) (set! most captured)",
                "(let score captured) (if (> kings 0) (set! score (* 1000 kings)))\n\
                 (check (<= most score)) (set! most score)",
            ),
    );
    let kings = perft_of(&kings_zrf);
    let expected = ["7", "20", "68", "238", "868", "3006", "9788"].map(|n| format!("{n}\n"));
    assert_eq!(kings, expected);
    assert_eq!(perft_of(&kings_game), kings);
    // With move priorities too, the priorities come first, then the most captures among the
    // moves of the type they keep: the king's one capture, not the man's two.
    let ranked = write(
        "ranked.zrf",
        zrf.replace(
            "   (board\n",
            "   (move-priorities royal-type common-type)\n   (board\n",
        )
        .replace(
            "(moves (shift n) (sweep n)",
            "(moves (move-type common-type) (shift n) (sweep n)",
        )
        .replace(
            "(moves (shift n) (shift s)",
            "(moves (move-type royal-type) (shift n) (shift s)",
        ),
    );
    let setup = "(White (King a1) (Man e1)) (Black (Man b2 e2 e3) (King a5))";
    assert_eq!(dagaz(&["moves", &ranked, "--setup", setup]).1, "a1-c3\n");
    // dagaz would count captures that leave a royal piece attacked; the script does not.
    let royal = write(
        "royal.zrf",
        zrf.replace(
            "   (loss-condition (White Black) stalemated)",
            "   (loss-condition (White Black) (checkmated King))",
        ),
    );
    let (code, _, err) = dagaz(&["moves", &royal]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`option \"maximal captures\" (with royal pieces)`"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Crown: `(add-partial King jump-type)` crowns a man midway through its captures and goes on
/// with the king's blocks (a king flies); the prefix that ends on the crowning square crowns
/// too. With `(option "deferred captures" true)` a piece captured by an earlier part stays on
/// the board until the move is played: a king cannot fly over it again. Two paths to the same
/// end taking the same pieces are two moves (at ply 8, twice), as two sequences of parts are.
#[test]
fn a_part_may_change_the_piece_and_captures_may_wait() {
    let path = path_of("tests/data/zrf/crown.zrf");
    assert_eq!(
        perft("tests/data/zrf/crown.zrf", 1..=8),
        [5, 25, 106, 369, 1271, 4096, 12355, 36675]
    );
    // b4 over c5 to d6, crowned, then on as a king over e5 to f4; the king then steps back.
    let crowning = "(White (Man b4)) (Black (Man c5 e5 a3))";
    let moves = |path: &str, setup: &str, played: &[&str]| moves_after(path, Some(setup), played);
    assert_eq!(moves(&path, crowning, &[]), "b4-d6-f4\n");
    assert_eq!(
        moves(&path, crowning, &["b4-d6-f4", "a3-b2"]),
        "f4-e3\nf4-e5\n"
    );
    // a1 over c3 to d4, over c5 to b6, back over c5 (gone) and e3 to f2 — or, deferred, c5
    // still stands in the way and the chain stops at b6 with e3 left.
    let king = "(White (King a1)) (Black (Man c3 e3 c5 a5))";
    assert_eq!(moves(&path, king, &["a1-b6"]), "a5-b4\n");
    let text = std::fs::read_to_string(&path).unwrap();
    let deferred = scratch("deferred").join("deferred.zrf");
    let option = "(turn-order White Black)\n   (option \"deferred captures\" true)";
    std::fs::write(&deferred, text.replace("(turn-order White Black)", option)).unwrap();
    let deferred = deferred.display().to_string();
    assert_eq!(moves(&deferred, king, &[]), "a1-d4-b6\na1-d4-f2\n");
    assert_eq!(moves(&deferred, king, &["a1-b6"]), "a5-b4\ne3-d2\ne3-f2\n");
}

/// Turns: relay.zrf's `(turn-order White repeat Black Black White White)` with N, a player of
/// no turn, owning the block: White 3, Black 2 then 1, White 2 then 1, then Black has no square
/// left and loses. Variant 1, each player once in turn, counts otherwise.
#[test]
fn turn_order_repeats_and_leaves_out_players() {
    assert_eq!(
        perft("tests/data/zrf/relay.zrf", 1..=7),
        [3, 6, 6, 12, 12, 0, 0]
    );
    let path = path_of("tests/data/zrf/relay.zrf");
    let line = ["Stone@a1", "Stone@a2", "Stone@c2", "Stone@b1", "Stone@c1"];
    let run = dagaz(&[&["moves", path.as_str(), "--moves"][..], &line[..]].concat());
    assert_eq!(
        run,
        (
            1,
            String::new(),
            "game over — Black has no moves and loses\n".into()
        )
    );
    let counts: Vec<String> = (1..=6)
        .map(|d| dagaz(&["perft", &path, "--variant", "1", "--depth", &d.to_string()]).1)
        .collect();
    assert_eq!(counts, ["3\n", "6\n", "12\n", "12\n", "12\n", "0\n"]);
}

/// Castle: `to` moves the king at once and `cascade` makes the rook the mover (castling both
/// ways, written from the king's start to its landing); `cascade` in a loop pushes a line of
/// friends one square along (the piece pushed becomes the mover, none is lost).
#[test]
fn to_and_cascade_move_more_than_one_piece() {
    let path = path_of("tests/data/zrf/castle.zrf");
    assert_eq!(
        perft("tests/data/zrf/castle.zrf", 1..=5),
        [13, 41, 502, 1619, 19385]
    );
    let moves = |setup: Option<&str>, played: &[&str]| spaced(&moves_after(&path, setup, played));
    assert_eq!(
        moves(None, &[]),
        "a1-a2 a1-a3 a1-b1 a1-c1 d1-b1 d1-c1 d1-d2 d1-e1 d1-f1 g1-e1 g1-f1 g1-g2 g1-g3"
    );
    // Castled short: the king on f1, the rook on e1.
    assert_eq!(
        moves(None, &["d1-f1", "d3-e3"]),
        "a1-a2 a1-a3 a1-b1 a1-c1 a1-d1 e1-b1 e1-c1 e1-d1 e1-e2 e1-e3 f1-f2 f1-g1"
    );
    // The ram on a1 pushes the rook on a2 to a3 (written by its own step, a1-a2).
    let ram = "(White (Ram a1) (Rook a2 b1)) (Black (King d3))";
    assert!(moves(Some(ram), &[]).starts_with("a1-a2 a1-b1 a2-a3"));
    assert_eq!(
        moves(Some(ram), &["a1-a2", "d3-d2"]),
        "a3-b3 a3-c3 a3-d3 a3-e3 a3-f3 a3-g3 b1-a1 b1-b2 b1-b3 b1-c1 b1-d1 b1-e1 b1-f1 b1-g1"
    );
}

/// Lenient: names the board or the game lacks, in a zone, a symmetry, the setup or `piece?`,
/// change no move, and are let pass as Zillions and the Dagaz project's converter let them;
/// a setup names positions in any case, a position given twice holds the later piece, and
/// `off N` may follow positions.
#[test]
fn names_the_game_lacks_change_no_move() {
    let path = path_of("tests/data/zrf/lenient.zrf");
    let (code, out, err) = dagaz(&["moves", &path]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        // B1 holds the king the setup names last, which has no moves.
        ["A1-A2", "Man@A2", "Man@A3", "Man@B2", "Man@B3", "Man@C1", "Man@C2"]
    );
    let (_, out, _) = dagaz(&["moves", &path, "--moves", "A1-A2"]);
    assert!(out.starts_with("C3-C2\nMan@A1\n"), "{out}");
}

/// Tiles: `(option "sliding-puzzle" true)`, a block of squares dragged by any of its squares
/// (a move each, told apart by their notation), each square onto an empty one or one the block
/// leaves; values 1 and `A` are blocks, value 0 a square on its own. Perft 1 and 2 by hand:
/// the 2x2 block goes east by each of its four squares, the single square north (5); after the
/// block, only the block back west (4 x 4); after the single square, the domino east by either
/// square and the single square north or back south (4). Deeper, as a brute force of the rule
/// counts, and as the twin written with `(tile N)` and `move-tile`.
#[test]
fn sliding_puzzle_blocks_move_as_one() {
    let zrf = perft("tests/data/zrf/tiles.zrf", 1..=7);
    assert_eq!(zrf, [5, 20, 94, 372, 1704, 6708, 30372]);
    assert_eq!(perft("tests/data/zrf/tiles.game", 1..=7), zrf);
    let path = path_of("tests/data/zrf/tiles.zrf");
    assert_eq!(
        dagaz(&["moves", &path, "--moves", "c1-c2"]),
        (0, "a1-b1\nb1-c1\nc2-c1\nc2-c3\n".into(), String::new())
    );
    // Another value of the option is not translated.
    let err = refused_with(
        &path,
        "\"sliding-puzzle\" true",
        "\"sliding-puzzle\" distinct",
    );
    assert!(
        err.starts_with("error: unsupported ZRF keyword `option \"sliding-puzzle\"`"),
        "{err}"
    );
}

/// Trail: `(create Stone)` leaves a stone where the man started, made when the move is played
/// (after the man has left, so the man is not lifted with it); a stone then blocks.
#[test]
fn create_makes_a_piece_when_the_move_is_played() {
    assert_eq!(
        perft("tests/data/zrf/trail.zrf", 1..=8),
        [2, 4, 8, 10, 12, 6, 4, 0]
    );
    let path = path_of("tests/data/zrf/trail.zrf");
    let (_, out, _) = dagaz(&["moves", &path, "--moves", "a1-a2", "c3-b3"]);
    // Not a2-a1: the stone stands there.
    assert_eq!(out, "a2-a3\na2-b2\n");
}

/// Turncoat: `flip` turns the piece here to the other side and `change-owner` makes it the
/// mover's, at once; `marked?` and `(not-position? P)` test where the block stands.
#[test]
fn pieces_change_sides() {
    let path = path_of("tests/data/zrf/turncoat.zrf");
    let moves = |played: &[&str]| spaced(&moves_after(&path, None, played));
    // Not a1-a2: the man never steps onto a2. a1-a1 flips b1, a3-a3 takes b3 over.
    assert_eq!(moves(&[]), "a1-a1 a3-a3");
    // b1 is White's now; c3 is still Black's.
    assert_eq!(moves(&["a1-a1"]), "c3-c2");
    assert_eq!(moves(&["a1-a1", "c3-c2"]), "a3-a3 b1-b2");
    // After a3-a3 the king on b3 is White's, and Black has the man on c3 only to move.
    assert_eq!(moves(&["a3-a3"]), "c3-c2");
    assert_eq!(
        perft("tests/data/zrf/turncoat.zrf", 1..=6),
        [2, 2, 3, 3, 5, 0]
    );
}

/// Peek: a test of another position (`(on-board? next)`, `(empty? up)`, `(not-empty? c1)`)
/// looks without moving, through directions that links make and no grid step undoes. The
/// walker steps a3, b3, c3, then `next`'s links to a2 ... c2, a1, b1, c1 and adds on each empty
/// square (not a1, which it has not left, nor b1, the lifter's); the lifter goes up its one-way
/// links, once on a test and once to where they end.
#[test]
fn tests_of_another_position_look_without_moving() {
    let path = path_of("tests/data/zrf/peek.zrf");
    assert_eq!(
        spaced(&moves_after(&path, None, &[])),
        "a1-a2 a1-a3 a1-b2 a1-b3 a1-c2 a1-c3 b1-b2 b1-b3"
    );
}

/// Jumps: a friend taken by an earlier part of a chain is no friend in the next (no a1-c3-c4,
/// the eater's step that needs a friend south-west of c3, where b2 was taken), and a chain lands
/// on no square twice, its start included (no d1-b1-d1, the leaper jumping back over c1).
#[test]
fn a_chain_sees_what_its_earlier_parts_left() {
    let path = path_of("tests/data/zrf/jumps.zrf");
    assert_eq!(spaced(&moves_after(&path, None, &[])), "a1-c3 d1-b1");
}

/// Hop: a chain whose parts capture nothing must still be taken on while a part can go on (the
/// Zillions player must go on), a1-c1-e1 alone; with `"pass partial"` a1-c1 is a move too.
#[test]
fn a_chain_goes_on_while_it_can_unless_pass_partial() {
    let path = path_of("tests/data/zrf/hop.zrf");
    assert_eq!(spaced(&moves_after(&path, None, &[])), "a1-c1-e1");
    let (_, out, _) = dagaz(&["moves", &path, "--variant", "1"]);
    assert_eq!(spaced(&out), "a1-c1 a1-c1-e1");
    let (_, out, _) = dagaz(&["moves", &path, "--interpreter"]);
    assert_eq!(spaced(&out), "a1-c1-e1");
}

/// Phases: turns of one move type, `(White place)`, run only the blocks of that type. By hand:
/// each side places a man on one of its three home squares (3, 9), then the men step while the
/// hands still hold a man (9: one step each; Black's step is blocked on White's file, 6; then
/// 6, 6, and at 7 plies White's man stands on the far row). With every turn open to any move
/// (the variant) White may also place its second man on the two free home squares: 27.
#[test]
fn a_typed_turn_moves_only_its_type() {
    assert_eq!(
        perft("tests/data/zrf/phases.zrf", 1..=7),
        [3, 9, 9, 6, 6, 6, 0]
    );
    let path = path_of("tests/data/zrf/phases.zrf");
    assert_eq!(moves_after(&path, None, &["Man@b1", "Man@a3"]), "b1-b2\n");
    let any = dagaz(&["perft", &path, "--depth", "3", "--variant", "Any move"]);
    assert_eq!(any, (0, "27\n".into(), String::new()));
    let any = dagaz(&[
        "moves",
        &path,
        "--variant",
        "1",
        "--moves",
        "Man@b1",
        "Man@a3",
    ]);
    assert_eq!(spaced(&any.1), "Man@a1 Man@c1 b1-b2");
}

/// Shared: with `"shared pieces"` White moves its own man (a1-a2) or Black's (c1-c2), each
/// north as White's direction reads; Black then moves the one man that can go south (2, 2),
/// which takes the board back to the start (4, 4). Without the option Black's man, on its last
/// row, has no move: White 1, Black 0.
#[test]
fn shared_pieces_move_for_either_player() {
    assert_eq!(perft("tests/data/zrf/shared.zrf", 1..=4), [2, 2, 4, 4]);
    let path = path_of("tests/data/zrf/shared.zrf");
    assert_eq!(moves_after(&path, None, &[]), "a1-a2\nc1-c2\n");
    assert_eq!(moves_after(&path, None, &["c1-c2"]), "c2-c1\n");
    let own = dagaz(&["perft", &path, "--variant", "Own pieces", "--depth", "2"]);
    assert_eq!(own, (0, "0\n".into(), String::new()));
}

/// Boom: `capture add` takes the man off the board. By hand: White's two men each take
/// themselves off or step (4); Black's man the same (8); then White has 2 moves after a man
/// went off, 3 after it stepped, whatever Black did (4 + 6 + 4 + 6 = 20).
#[test]
fn a_move_that_captures_where_it_began_takes_the_piece_off() {
    assert_eq!(perft("tests/data/zrf/boom.zrf", 1..=3), [4, 8, 20]);
    let path = path_of("tests/data/zrf/boom.zrf");
    let after = moves_after(&path, None, &["a1-a1", "c2-c2"]);
    assert_eq!(spaced(&after), "b1-b1 b1-b2");
}

/// Copy: `add-copy` leaves the blob where it was and a copy where it lands, `(add-copy Tower)`
/// a tower there and the blob still a blob; `add-copy-partial` leaves a seeder at the start of
/// each part. Perft by hand: White's blob a1-a2 (clone), a1-a3 (jump), a1-b1 (bud); Black's
/// c3-c2 and c3-c1 (6); then after a1-a2 both blobs move twice, after a1-a3 one move, after
/// a1-b1 the blob stays and the tower blocks it east (2 × (4 + 1 + 2) = 14).
#[test]
fn add_copy_leaves_the_piece_where_it_started() {
    assert_eq!(perft("tests/data/zrf/copy.zrf", 1..=3), [3, 6, 14]);
    let path = path_of("tests/data/zrf/copy.zrf");
    let after = |played: &[&str]| spaced(&moves_after(&path, None, played));
    assert_eq!(after(&["a1-a2", "c3-c2"]), "a1-a3 a1-b1 a2-a3 a2-b2");
    assert_eq!(after(&["a1-b1", "c3-c2"]), "a1-a2 a1-a3");
    let seeds = |played: &[&str]| {
        let mut args = vec!["moves", "--variant", "1", path.as_str()];
        if !played.is_empty() {
            args.push("--moves");
            args.extend(played);
        }
        spaced(&dagaz(&args).1)
    };
    // One move: the seeder must go on while it can.
    assert_eq!(seeds(&[]), "a2-a3 a2-b2-c2");
    assert_eq!(seeds(&["a2-b2-c2", "c3-c1"]), "a2-a3 b2-b3 c2-c3");
}

/// Attributes: per-type defaults (the king and the rook have not moved, the man has no such
/// attribute and reads false), `set-attribute` made on the piece that stands on the square
/// when the move is played (the castling's landing square is empty while it is generated), and
/// a value kept through `(add Rook)`. Perft by hand: White's king a1-a2, a1-b1 and castles
/// a1-c1, the rook e1-d1 (its first move) and e1-e2, the man d2-d1 (6); Black's king c2-b2,
/// and after d2-d1 also c2-d2 and its own castling c2-e2 (the rook on e1 has not moved): 8.
#[test]
fn attributes_have_type_defaults_and_change_when_the_move_is_played() {
    assert_eq!(perft("tests/data/zrf/attributes.zrf", 1..=2), [6, 8]);
    let path = path_of("tests/data/zrf/attributes.zrf");
    let after = |played: &[&str]| spaced(&moves_after(&path, None, played));
    assert_eq!(after(&[]), "a1-a2 a1-b1 a1-c1 d2-d1 e1-d1 e1-e2");
    // The rook made from the man has not the rook's default: no first move west.
    assert_eq!(after(&["d2-d1", "c2-b2"]), "a1-a2 a1-b1 a1-c1 d1-d2 e1-e2");
    // Castled, then back by steps west (which set nothing): the king has moved.
    let back = ["a1-c1", "c2-b2", "c1-b1", "b2-c2", "b1-a1", "c2-b2"];
    assert_eq!(after(&back), "a1-a2 a1-b1 d2-d1 e1-d1 e1-e2");
    // The rook has moved: no castling, no second first move.
    assert_eq!(after(&["e1-d1", "c2-b2"]), "a1-a2 a1-b1");
}

/// Count: `(count-condition (White Black) stalemated)`, the player who cannot move ends the
/// game and more pieces win (`(end no-moves)` and `(score pieces)`). Black's one man has two
/// steps, so every line ends when Black is to move at ply 6.
#[test]
fn count_condition_ends_the_game_and_counts_pieces() {
    assert_eq!(perft("tests/data/zrf/count.zrf", 1..=6), [2, 2, 4, 4, 6, 0]);
    let path = path_of("tests/data/zrf/count.zrf");
    let played = ["a1-a2", "c3-c2", "a2-a3", "c2-c1", "b1-b2"];
    let end = |variant: &str| {
        let args = [
            &["moves", "--variant", variant, path.as_str(), "--moves"],
            &played[..],
        ];
        let (code, _, err) = dagaz(&args.concat());
        (code, err.trim().to_string())
    };
    let won = "game over — White wins, counting pieces: White 2, Black 1";
    assert_eq!(end("0"), (1, won.to_string()));
    let drawn = "game over — Draw, counting pieces: White 2, Black 2";
    assert_eq!(end("1"), (1, drawn.to_string()));
}

/// Row: tic-tac-toe by `relative-config` (three in a row anywhere, in an `or`), counted as the
/// game's published perft (9, 72, 504, ... 127872: every game ends by ply 9). The variants: a
/// stone with no stone of one's own east (`(not Stone)`: an empty square meets it, the east
/// edge does not), 6 of X's 9 first drops winning; a stone with the opponent's east
/// (`(opponent Stone)`), O winning at once west of X's stone on the b and c files.
#[test]
fn relative_config_finds_a_pattern_anywhere() {
    let counts = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    assert_eq!(perft("tests/data/zrf/row.zrf", 1..=9), counts);
    let path = path_of("tests/data/zrf/row.zrf");
    let (code, _, err) = dagaz(&[
        "moves", &path, "--moves", "Stone@a1", "Stone@a2", "Stone@b1", "Stone@b2", "Stone@c1",
    ]);
    assert_eq!((code, err.trim()), (1, "game over — X wins: goal #1"));
    let perft_of = |variant: &str| {
        (1..=3)
            .map(|d| {
                let depth = d.to_string();
                let args = ["perft", "--variant", variant, "--depth", &depth, &path];
                let out = dagaz(&args).1;
                out.lines().last().unwrap_or_default().to_string()
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(perft_of("1"), ["9", "24", "42"]);
    assert_eq!(perft_of("2"), ["9", "72", "462"]);
}

/// Goals: `goal-position?` holds on every side's `absolute-config` squares (c1, White's; b3 by
/// Black's zone `home`, which an `absolute-config` may name). By hand: White's runner b1-c1
/// (east onto a goal square, which wins) and b1-b2; then Black c3-c2, and White's runner on b2
/// stays put (b3, north of it, is a goal square; it may not step there). Black wins by
/// stepping into its zone.
#[test]
fn goal_position_is_a_square_of_any_absolute_config() {
    assert_eq!(perft("tests/data/zrf/goals.zrf", 1..=4), [2, 1, 1, 1]);
    let path = path_of("tests/data/zrf/goals.zrf");
    let moves = |setup: Option<&str>, played: &[&str]| spaced(&moves_after(&path, setup, played));
    assert_eq!(moves(None, &[]), "b1-b2 b1-c1");
    assert_eq!(moves(None, &["b1-b2", "c3-c2"]), "b2-b2");
    let setup = "(White (Runner a1)) (Black (Runner a3))";
    assert_eq!(moves(Some(setup), &["a1-a2"]), "a3-b3");
    let (code, _, err) = dagaz(&[
        "moves", &path, "--setup", setup, "--moves", "a1-a2", "a3-b3",
    ]);
    assert_eq!((code, err.trim()), (1, "game over — Black wins: goal #2"));
}

/// Flags: a position flag set in a block is read there (north of a1, after coming back: the
/// step east a1-b1), not on a square it was not set on (no a1-a3), and not by the next block
/// (a1-a2). Black's man steps south. What dagaz does not translate is refused: two flags in
/// one block, a flag set to other than true (a `visit` mark is not cleared).
#[test]
fn position_flags_last_while_the_block_runs() {
    let path = path_of("tests/data/zrf/flags.zrf");
    assert_eq!(spaced(&moves_after(&path, None, &[])), "a1-a2 a1-b1");
    assert_eq!(perft("tests/data/zrf/flags.zrf", 1..=2), [2, 2]);
    let two = refused_with(&path, "(position-flag? seen e)", "(position-flag? other e)");
    assert!(
        two.contains("`set-position-flag (of two flags in one block)`"),
        "{two}"
    );
    let cleared = refused_with(
        &path,
        "(n (set-position-flag seen true) s (verify (position-flag? seen e))",
        "(n (set-position-flag seen false) s (verify (position-flag? seen e))",
    );
    assert!(
        cleared.contains("`set-position-flag (to other than true)`"),
        "{cleared}"
    );
}

/// Recycle: with `(option "recycle captures" true)` a man taken goes to its owner's store (dagaz's
/// `(captures-to-hand to-owner)`): after White a1-a2 and Black takes it (a3-a2), White may drop
/// it on any of the 8 empty squares, and Black, whose store is still empty, only steps.
#[test]
fn recycled_captures_go_to_their_owner() {
    assert_eq!(perft("tests/data/zrf/recycle.zrf", 1..=4), [1, 1, 8, 8]);
    let path = path_of("tests/data/zrf/recycle.zrf");
    let moves = |played: &[&str]| spaced(&moves_after(&path, None, played));
    let drops = "Man@a1 Man@a3 Man@b1 Man@b2 Man@b3 Man@c1 Man@c2 Man@c3";
    assert_eq!(moves(&["a1-a2", "a3-a2"]), drops);
    assert_eq!(moves(&["a1-a2", "a3-a2", "Man@c1"]), "a2-a1");
}

/// Capture the King: `(loss-condition (White Black) (captured King))`, a player whose king is
/// captured loses, counted as its twin counts "the enemy has no king left" (each side has one
/// king, which no move changes). Perft 1 and 2 by hand: White's king a1-a2, its man b1-b2 and
/// b1-c1 (3); after each, Black's king c3-c2 and man b3-a3 and b3-b2, and after b1-b2 the man
/// also takes on b2 by stepping and by shooting, b3-b2 and b3-b3 (3 + 4 + 3 = 10). The
/// condition holds right after a capture of a king, however it is taken (the man's step, its
/// shot) and however many kings the player has (variant 1, two each); not when a setup has no
/// king (as `(pieces-remaining 0 King)` would); for White only in variant 2; never with a type
/// the game lacks (variant 3: the perft of no ends).
#[test]
fn captured_is_a_capture_of_a_listed_type_by_the_last_move() {
    let zrf = perft("tests/data/zrf/capture-king.zrf", 1..=7);
    assert_eq!(zrf, [3, 10, 50, 240, 889, 3231, 12990]);
    assert_eq!(perft("tests/data/zrf/capture-king.game", 1..=7), zrf);
    let path = path_of("tests/data/zrf/capture-king.zrf");
    let end = |extra: &[&str]| {
        let (code, out, err) = dagaz(&[&["moves", path.as_str()], extra].concat());
        (code, if code == 1 { err } else { spaced(&out) })
    };
    let white_takes = ["--moves", "b1-b2", "c3-c2", "b2-c2"];
    let black_takes = ["--moves", "a1-a2", "b3-a3", "b1-b2", "a3-a2"];
    let won = |who: &str, goal: u8| (1, format!("game over — {who} wins: goal #{goal}\n"));
    assert_eq!(end(&white_takes), won("White", 4));
    assert_eq!(end(&black_takes), won("Black", 2));
    let shot = [
        "--setup",
        "(White (King a1) (Man b2)) (Black (King c2) (Man a3))",
    ];
    assert_eq!(
        end(&[&shot[..], &["--moves", "b2-b2"]].concat()),
        won("White", 4)
    );
    assert_eq!(
        end(&[&["--variant", "1"], &white_takes[..]].concat()),
        won("White", 4)
    );
    let no_king = ["--setup", "(White (Man b1)) (Black (King c3))"];
    assert_eq!(end(&no_king), (0, "b1-a1 b1-b2 b1-c1".into()));
    let whites = ["--variant", "2"];
    assert_eq!(
        end(&[&whites[..], &white_takes[..]].concat()),
        (0, "b3-a3 b3-b2 b3-c3".into())
    );
    assert_eq!(
        end(&[&whites[..], &black_takes[..]].concat()),
        won("Black", 2)
    );
    let (_, out, _) = dagaz(&["perft", &path, "--variant", "3", "--depth", "4"]);
    assert_eq!(out, "253\n");
}

/// Totals: `(total-piece-count N [PIECE])`, the pieces of both players together. After a1-b1
/// c1-b1 two men are left: a draw for both; a win for the player who moved (Black) without a
/// list of players; a loss for Black when the condition lists Black only, and a win for White
/// when White's move leaves two (b1's man taken from a setup). Both players winning at once is
/// refused.
#[test]
fn total_piece_count_counts_every_player_s_pieces() {
    let path = path_of("tests/data/zrf/totals.zrf");
    let over = |extra: &[&str]| {
        let (code, _, err) = dagaz(&[&["moves", path.as_str()], extra].concat());
        (code, err)
    };
    let played = ["--moves", "a1-b1", "c1-b1"];
    let said = |words: &str| (1, format!("game over — {words}\n"));
    assert_eq!(over(&played), said("Draw: goal #1"));
    assert_eq!(
        over(&[&["--variant", "1"], &played[..]].concat()),
        said("Black wins: goal #1")
    );
    assert_eq!(
        over(&[&["--variant", "2"], &played[..]].concat()),
        said("White wins: goal #1")
    );
    let setup = [
        "--setup",
        "(White (Man a1)) (Black (Man b1 d1))",
        "--moves",
        "a1-b1",
    ];
    assert_eq!(
        over(&[&["--variant", "2"], &setup[..]].concat()),
        said("White wins: goal #2")
    );
    let (code, err) = over(&["--variant", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: unsupported ZRF keyword `total-piece-count (a win or loss"),
        "{err}"
    );
    assert!(err.contains("totals.zrf:"), "{err}");
}

/// Guard: `not-attacked?` keeps a king off the squares an enemy could take on; `defended?`
/// lets a pawn onto a square where a friend could take an enemy. By hand at the start: the king
/// a1 to a2 or b1 (b2 its pawn; c1..c3, b4 and d4 are the black rook's, and the black king,
/// whose moves test attacks themselves, attacks nothing in dagaz); the rook d2 to d1, d3, d4,
/// c2; the pawn not north (nothing defends b3) but east to c2, which the rook defends: 7. After
/// a1-a2, Black: the king a4 to a3, b3, b4 (the white rook reaches d1, d3, d4, c2 only), the
/// rook c4 to b4, c1..c3, d4: 8. Deeper, as the twin written with dagaz's `not-attacked?` and
/// `is-defended?`, counted here depth after depth by one generator: a remembered attack answer
/// must not outlive an enemy that stood on the square asked about and has moved off.
#[test]
fn attacked_and_defended_ask_the_attack_test() {
    let path = path_of("tests/data/zrf/guard.zrf");
    assert_eq!(
        spaced(&moves_after(&path, None, &[])),
        "a1-a2 a1-b1 b2-c2 d2-c2 d2-d1 d2-d3 d2-d4"
    );
    assert_eq!(
        spaced(&moves_after(&path, None, &["a1-a2"])),
        "a4-a3 a4-b3 a4-b4 c4-b4 c4-c1 c4-c2 c4-c3 c4-d4"
    );
    let zrf = perft("tests/data/zrf/guard.zrf", 1..=5);
    assert_eq!(zrf, [7, 52, 357, 2725, 19535]);
    assert_eq!(perft("tests/data/zrf/guard.game", 1..=5), zrf);
    // An attack by the moves of one type is not dagaz's attack test.
    let err = refused_with(&path, "(defended? e)", "(defended? step)");
    assert!(
        err.contains("unsupported ZRF keyword `defended? (of one move type)`"),
        "{err}"
    );
}

/// Neighbors: `not-adjacent-to-enemy?` keeps a man off the eight squares round the black man on
/// c3, `(adjacent-to-enemy? n)` lets the scout onto d2, next to it (not onto c1). By hand:
/// White a1-a2, a1-b1, d1-d2; Black answers a1-a2 with c3-c4 and c3-d3 (c2 is next to the scout
/// on d1, b3 to the man on a2), a1-b1 with c3-b3, c3-c4, c3-d3, and d1-d2 with c3-b3 and c3-c4
/// (c2 and d3 are next to the scout): 7 at depth 2.
#[test]
fn adjacent_to_enemy_looks_all_round() {
    let path = path_of("tests/data/zrf/neighbors.zrf");
    assert_eq!(spaced(&moves_after(&path, None, &[])), "a1-a2 a1-b1 d1-d2");
    assert_eq!(spaced(&moves_after(&path, None, &["a1-a2"])), "c3-c4 c3-d3");
    assert_eq!(perft("tests/data/zrf/neighbors.zrf", 1..=2), [3, 7]);
}

/// Neutral: Rock, a player of no turn, owns the blocks, Zillions' neutral pieces. The man takes
/// the block on a2 (`neutral?`) or steps to b1; the scout steps to d2 but not onto c1, where a
/// block stands (`(not-neutral? w)`). Black's men take the block on c4 but not the white man.
#[test]
fn neutral_pieces_belong_to_a_player_of_no_turn() {
    let path = path_of("tests/data/zrf/neutral.zrf");
    assert_eq!(spaced(&moves_after(&path, None, &[])), "a1-a2 a1-b1 d1-d2");
    assert_eq!(
        spaced(&moves_after(&path, None, &["a1-a2"])),
        "b3-a3 b3-b2 b3-b4 b3-c3 d4-c4 d4-d3"
    );
}

/// Changeling: `(change-type Stone)` turns the piece where the man's block stands, `(change-type
/// King n)` the one north of the priest, `(change-owner e)` gives the piece east of the king to
/// the mover, each at once, the block going on where it stood. By hand: after c1-c1 (the man on
/// c2 crowned) and b1-b1 (the priest on c1 turned to stone), c2 steps west as a king and c1 has
/// no move. Perft 2 by hand: Black answers a1-a1 with b3-b2 (b1 is a stone), a1-a2 with b1-b1
/// and b3-b2, a3-a3 with b1-b1 (b3 is White's), c1-c1 with b1-b1 and b3-b2, c2-c3 with b1-b1,
/// b3-b2 and b3-b3: 9.
#[test]
fn change_type_and_owner_change_a_piece_in_place() {
    let path = path_of("tests/data/zrf/changeling.zrf");
    let moves = |played: &[&str]| spaced(&moves_after(&path, None, played));
    assert_eq!(moves(&[]), "a1-a1 a1-a2 a3-a3 c1-c1 c2-c3");
    assert_eq!(moves(&["c1-c1"]), "b1-b1 b3-b2");
    assert_eq!(moves(&["c1-c1", "b1-b1"]), "a1-a1 a1-a2 a3-a3 c2-b2");
    assert_eq!(moves(&["a3-a3"]), "b1-b1");
    assert_eq!(perft("tests/data/zrf/changeling.zrf", 1..=2), [5, 9]);
}

/// Goback: `(go from)` and `(go mark)` take a block back to its start or its mark after it has
/// looked ahead; `(go last-to)` goes where the last move landed (nowhere on the first move). By
/// hand: White a1-b1 (a2 is empty) and a1-a2 (c1, two east, is Black's); the hunter on b3 has no
/// last move to go to and no square north. Black's hunter then takes the runner where it went,
/// or steps to c2. A place `go` does not know is a located error.
#[test]
fn go_returns_to_a_known_square() {
    let path = path_of("tests/data/zrf/goback.zrf");
    let moves = |played: &[&str]| spaced(&moves_after(&path, None, played));
    assert_eq!(moves(&[]), "a1-a2 a1-b1");
    assert_eq!(moves(&["a1-b1"]), "c3-b1 c3-c2");
    assert_eq!(moves(&["a1-a2"]), "c3-a2 c3-c2");
    let err = refused_with(&path, "(go from)", "(go start)");
    assert!(
        err.contains("expected `(go from|to|mark|last-from|last-to)`"),
        "{err}"
    );
}

/// Goto: `(go to)` after a `to` goes where it put the mover (the scout a1-a2 comes back to a2
/// from a3 and goes on east to b2, written from its start to its first landing as every move
/// with `to` is); before any `to` it stays (the scout's step a1-b1). By hand: after a1-a2,
/// a2 is empty for Black's man, and the scout on b2 steps east.
#[test]
fn go_to_returns_where_the_last_to_went() {
    let path = path_of("tests/data/zrf/goto.zrf");
    let moves = |played: &[&str]| spaced(&moves_after(&path, None, played));
    assert_eq!(moves(&[]), "a1-a2 a1-b1");
    assert_eq!(moves(&["a1-a2"]), "a3-a2");
    assert_eq!(moves(&["a1-a2", "a3-a2"]), "b2-c2");
    assert_eq!(moves(&["a1-b1", "a3-a2"]), "b1-c1");
}

/// Layers: a direction with fewer offsets than the grid's dimensions stays in its layer, links
/// join the layers, a piece restated with the same rules is one piece (restated with other
/// moves, the compiler's "a second `piece`" error), and the game left open at the end of the
/// text is closed there, which `dagaz check` warns of. Perft by hand: White's a1A goes n, e or
/// up, Black's b2B s, w or down, to squares apart (3, 9).
#[test]
fn a_loosely_written_file_reads_as_zillions_reads_it() {
    assert_eq!(perft("tests/data/zrf/layers.zrf", 1..=2), [3, 9]);
    let path = path_of("tests/data/zrf/layers.zrf");
    assert_eq!(
        spaced(&moves_after(&path, None, &[])),
        "a1A-a1B a1A-a2A a1A-b1A"
    );
    let (code, out, _) = dagaz(&["check", &path]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.starts_with("warning: this list is still open where the text ends"),
        "{out}"
    );
    assert!(out.contains("layers.zrf:9:1 ]"), "{out}");
    let err = refused_with(
        &path,
        "(image Black \"black-man.bmp\")\n      (moves (step n)",
        "(moves (step n) (step n)",
    );
    assert!(
        err.starts_with("error: a second `piece` definition named `Man`"),
        "{err}"
    );
}

/// A random player (`?Dice`) moves by chance, each of its moves as likely: dagaz's `(chance
/// ?Dice)`. Perft by hand: a One or a Two (2), White's one step (2), again (4); of the four
/// pairs of rolls only Two then Two runs off the board (3, expected 3/4).
#[test]
fn a_random_player_moves_by_chance() {
    let path = path_of("tests/data/zrf/dice.zrf");
    assert_eq!(moves_after(&path, None, &[]), "One@a2  1/2\nTwo@a2  1/2\n");
    assert_eq!(moves_after(&path, None, &["Two@a2"]), "a1-c1\n");
    assert_eq!(perft("tests/data/zrf/dice.zrf", 1..=5), [2, 2, 4, 3, 6]);
    let (code, out, _) = dagaz(&["perft", &path, "--depth", "4", "--expected"]);
    assert_eq!((code, out.as_str()), (0, "0.75\n"));
}
