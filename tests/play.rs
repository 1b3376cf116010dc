//! `dagaz bestmove` and `dagaz play`, run in process with scripted input.

use crate::repo_path;
use pretty_assertions::assert_eq;

struct Output {
    code: i32,
    stdout: String,
    stderr: String,
}

fn dagaz(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let argv = std::iter::once("dagaz").chain(args.iter().copied());
    let code = dagaz_cli::run_with_input(argv, &mut input.as_ref(), &mut out, &mut err, false);
    Output {
        code,
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
    }
}

fn game(name: &str) -> String {
    repo_path(&format!("games/{name}")).display().to_string()
}

#[test]
fn bestmove_prints_iterations_then_the_move_last() {
    let chess = game("chess.game");
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let out = dagaz(&["bestmove", &chess, "--fen", fen, "--depth", "2"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"a1a8"));
    assert_eq!(lines.len(), 3);
    assert!(
        lines[0].starts_with("info depth 1 seldepth 1 score mate 1 nodes "),
        "{}",
        lines[0]
    );
    assert!(lines[0].ends_with(" pv a1a8"), "{}", lines[0]);
}

#[test]
fn bestmove_on_several_threads_and_by_monte_carlo() {
    let chess = game("chess.game");
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let out = dagaz(
        &[
            "bestmove",
            &chess,
            "--fen",
            fen,
            "--depth",
            "4",
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.last(), Some(&"a1a8"));
    assert!(lines[0].contains(" score mate 1 "), "{}", lines[0]);
    // Tic-tac-toe: X (to move) has two in a row on the top line, O has nothing: the playouts
    // find the win at once.
    let ttt = game("tic-tac-toe.game");
    let out = dagaz(
        &[
            "bestmove", &ttt, "--moves", "a3", "a1", "b3", "b1", "--search", "mcts", "--nodes",
            "2000",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().last(), Some("c3"), "{}", out.stdout);
    let out = dagaz(&["bestmove", &chess, "--threads", "0"], "");
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("0 is not in 1..=256"), "{}", out.stderr);
}

#[test]
fn bestmove_help_says_where_the_info_lines_go() {
    let out = dagaz(&["bestmove", "--help"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with(
            "Search the position and print on standard output an `info` line per finished \
             iteration (depth, score, nodes, principal variation), then the move the engine would \
             play as the last line. On a finished game: nothing, how it ended on standard error, \
             exit code 1\n"
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn bestmove_after_moves_and_at_a_fixed_depth_is_repeatable() {
    let english = game("english.game");
    let args = ["bestmove", &english, "--moves", "11-15", "--depth", "5"];
    let first = dagaz(&args, "");
    assert_eq!(first.code, 0, "{}", first.stderr);
    let second = dagaz(&args, "");
    assert_eq!(first.stdout.lines().last(), second.stdout.lines().last());
}

#[test]
fn bestmove_without_a_legal_move_says_how_the_game_ended() {
    let chess = game("chess.game");
    let out = dagaz(
        &[
            "bestmove", &chess, "--moves", "f2f3", "e7e5", "g2g4", "d8h4",
        ],
        "",
    );
    // Exit code 1: no move, and no error either.
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (1, "", "game over — Checkmate: Black wins\n")
    );
}

#[test]
fn play_between_two_people_ends_in_checkmate() {
    let chess = game("chess.game");
    let out = dagaz(
        &["play", &chess, "--human", "both"],
        "f2f3\ne7e5\ng2g4\nd8h4\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.ends_with(
            "   a b c d e f g h\ngame over — Checkmate: Black wins\nmoves: 1. f3 e5 2. g4 Qh4#\n"
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn play_refuses_an_illegal_move_with_the_legal_ones_and_quits() {
    let simple = game("simple-checkers.game");
    let out = dagaz(&["play", &simple], "a3 - c5\nquit\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(
            "White to move> a3 - c5: `a3 - c5` is not a legal move here (moves are written as the game writes them, such as i3 - j4); legal moves: a3 - b4, c3 - b4, c3 - d4, e3 - d4, e3 - f4, g3 - f4, g3 - h4, i3 - h4, i3 - j4\n"
        ),
        "{}",
        out.stdout
    );
    assert!(out
        .stdout
        .ends_with("White to move> game left unfinished\n"));
    assert!(!out.stdout.contains("\nmoves: "), "{}", out.stdout);
}

#[test]
fn a_line_that_is_not_utf8_or_too_long_is_an_error_and_the_game_goes_on() {
    let simple = game("simple-checkers.game");
    let long = "x".repeat(2 << 20);
    let input = [&b"\xff\xfe\n"[..], long.as_bytes(), b"\na3 - b4\nquit\n"].concat();
    let out = dagaz(&["play", &simple, "--human", "both"], input);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert!(
        out.stdout.contains(
            "White to move> error: the line is not UTF-8 text\nWhite to move> error: the line is longer than 1 MiB\nWhite to move> "
        ),
        "{}",
        out.stdout
    );
    assert!(out
        .stdout
        .ends_with("Black to move> game left unfinished\nmoves: 1. a3 - b4\n"));
}

#[test]
fn the_engine_answers_and_undo_takes_back_both_moves() {
    let chess = game("chess.game");
    let out = dagaz(&["play", &chess, "--depth", "2"], "e2e4\nundo\nfen\nquit\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout.matches("Black plays ").count(),
        1,
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("White to move> rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn undo_takes_back_only_the_moves_played_in_the_game() {
    let chess = game("chess.game");
    let out = dagaz(
        &["play", &chess, "--moves", "e2e4", "--human", "both"],
        "e7e5\nundo\nundo\nfen\nquit\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(
            "Black to move> nothing to take back\n\
             Black to move> rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn the_third_repetition_is_a_draw() {
    let chess = game("chess.game");
    let shuffle = "g1f3\ng8f6\nf3g1\nf6g8\n";
    let out = dagaz(&["play", &chess, "--human", "both"], shuffle.repeat(2));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.ends_with(
            "game over — Draw: threefold repetition\n\
                 moves: 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8\n"
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn the_engine_plays_itself_to_a_ply_limit() {
    let english = game("english.game");
    let out = dagaz(
        &[
            "play",
            &english,
            "--human",
            "none",
            "--depth",
            "2",
            "--max-plies",
            "4",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.stdout.matches(" plays ").count(), 4);
    assert!(out
        .stdout
        .contains("game stopped after 4 plies (--max-plies): no result\nmoves: 1. "));
}

#[test]
fn play_lists_the_moves_in_reading_order() {
    let english = game("english.game");
    let out = dagaz(&["play", &english], "moves\nquit\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("9-13 9-14 10-14 10-15 11-15 11-16 12-16\n"),
        "{}",
        out.stdout
    );
}

#[test]
fn draughts_boards_carry_a_key_of_square_numbers() {
    let international = game("international.game");
    let out = dagaz(&["play", &international], "quit\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let first = out.stdout.lines().next().unwrap();
    assert_eq!(
        first,
        "10    m   m   m   m   m         1     2     3     4     5"
    );
}

#[test]
fn a_key_under_the_board_says_whose_piece_each_figure_or_letter_is() {
    let chess = game("chess.game");
    let out = dagaz(&["play", &chess], "quit\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(
            "   a b c d e f g h\n\
             White:  ♙ Pawn  ♘ Knight  ♗ Bishop  ♖ Rook  ♕ Queen  ♔ King\n\
             Black:  ♟ Pawn  ♞ Knight  ♝ Bishop  ♜ Rook  ♛ Queen  ♚ King\n\
             White to move> "
        ),
        "{}",
        out.stdout
    );
    // English draughts: Black moves first, so its men are the capital letters; they start at
    // the top, so the board is turned for a person who plays Black.
    let english = game("english.game");
    let out = dagaz(&["play", &english, "--human", "black"], "quit\n");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(
            "   h g f e d c b a\n\
             Black:  M Man  K King\n\
             White:  m Man  k King\n\
             Black to move> "
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn an_unknown_human_is_bad_input() {
    let chess = game("chess.game");
    let out = dagaz(&["play", &chess, "--human", "green"], "");
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "error: --human: expected white, black, both, none or a player of the game, found \"green\"\n"
    );
}

#[test]
fn every_shipped_game_can_be_played() {
    for name in [
        "simple-checkers.game",
        "chess.game",
        "international.game",
        "english.game",
        "russian.game",
        "brazilian.game",
        "italian.game",
        "turkish.game",
        "frisian.game",
    ] {
        let out = dagaz(
            &[
                "play",
                &game(name),
                "--human",
                "none",
                "--depth",
                "2",
                "--max-plies",
                "6",
            ],
            "",
        );
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        assert_eq!(out.stdout.matches(" plays ").count(), 6, "{name}");
        assert!(
            out.stdout
                .contains("game stopped after 6 plies (--max-plies): no result\nmoves: 1. "),
            "{name}"
        );
    }
}

#[test]
fn a_game_ends_in_the_words_of_the_rule_that_ended_it() {
    let ttt = game("tic-tac-toe.game");
    // X's row, then a full grid, played by two people: the goals' names.
    let row = dagaz(&["play", &ttt, "--human", "both"], "a1\na3\nb1\nb3\nc1\n");
    assert!(
        row.stdout
            .ends_with("game over — X wins: three in a row\nmoves: 1. a1 a3 2. b1 b3 3. c1\n"),
        "{}",
        row.stdout
    );
    let full = dagaz(
        &["play", &ttt, "--human", "both"],
        "b2\na1\na2\nc2\nb1\nb3\na3\nc1\nc3\n",
    );
    assert!(
        full.stdout
            .contains("game over — Draw: the board is full\nmoves: 1. b2 a1 "),
        "{}",
        full.stdout
    );
    // `bestmove` on a game that is over says why, on each kind of end.
    for (file, args, words) in [
        (
            "connect-four.game",
            &["--moves", "a1", "b1", "a2", "b2", "a3", "b3", "a4"][..],
            "Red wins: four in a row",
        ),
        (
            "international.game",
            &["--fen", "W:W:B1"][..],
            "White has no moves and loses",
        ),
        (
            "chess.game",
            &["--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"][..],
            "Stalemate: draw",
        ),
        (
            "go-9x9.game",
            &["--moves", "pass", "pass"][..],
            "White wins, counting area: Black 0, White 7.5",
        ),
    ] {
        let path = game(file);
        let argv: Vec<&str> = ["bestmove", path.as_str()]
            .into_iter()
            .chain(args.iter().copied())
            .collect();
        let out = dagaz(&argv, "");
        assert_eq!(out.code, 1, "{file}");
        assert_eq!(out.stderr, format!("game over — {words}\n"), "{file}");
    }
}

#[test]
fn the_terminal_game_marks_the_last_move_says_check_once_and_lists_the_moves() {
    let chess = game("chess.game");
    let out = dagaz(
        &["play", &chess, "--human", "both"],
        "e4\nf5\nhistory\nQh5\nquit\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The last move's start and end between brackets; the status line is the prompt alone.
    assert!(
        out.stdout.contains(
            "7  ♟ ♟ ♟ ♟ ♟[.]♟ ♟\n6  . . . . . . . .\n5  . . . . .[♟]. .\n4  . . . . ♙ . . .\n"
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("   a b c d e f g h\nWhite to move> 1. e4 f5\nWhite to move> "),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("to move\n"), "{}", out.stdout);
    assert!(
        out.stdout.ends_with(
            "   a b c d e f g h\nBlack to move, in check> game left unfinished\nmoves: 1. e4 f5 2. Qh5+\n"
        ),
        "{}",
        out.stdout
    );
}

#[test]
fn a_person_playing_the_side_whose_pieces_start_on_top_sees_the_board_turned() {
    let chess = game("chess.game");
    let out = dagaz(
        &["play", &chess, "--human", "black", "--depth", "1"],
        "quit\n",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    // The engine (White) opens; Black's men are at the bottom, the files run h to a.
    let board: Vec<&str> = out.stdout.lines().skip(1).take(9).collect();
    assert_eq!(board[0], "1  ♖ ♘ ♗ ♔ ♕ ♗[.]♖", "{}", out.stdout);
    assert_eq!(board[7], "8  ♜ ♞ ♝ ♚ ♛ ♝ ♞ ♜");
    assert_eq!(board[8], "   h g f e d c b a");
    let white = dagaz(&["play", &chess, "--human", "white"], "quit\n");
    assert!(
        white.stdout.starts_with("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"),
        "{}",
        white.stdout
    );
}

#[test]
fn moves_on_a_finished_game_prints_nothing_and_exits_1() {
    let chess = game("chess.game");
    let out = dagaz(
        &["moves", &chess, "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"],
        "",
    );
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (1, "", "game over — Stalemate: draw\n")
    );
}
