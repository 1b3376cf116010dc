//! `dagaz uci` and `dagaz hub`: scripted sessions run in process through `run_with_input`,
//! and one through the real binary with a pipe (a `stop` that must interrupt `go infinite`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use dagaz_engine::{Game, MoveGen, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

fn game_path(name: &str) -> String {
    format!("{}/../../games/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A shipped game, its includes (the library, games/lib/, or a base game) read from games/.
fn load(name: &str) -> Game {
    dagaz_engine::Game::load_with(
        &std::fs::read_to_string(game_path(name)).unwrap(),
        &mut |file| std::fs::read_to_string(game_path(file)).map_err(|e| e.to_string()),
    )
    .unwrap()
}

/// Runs `dagaz PROTOCOL GAME` in process on `script`; its exit code and output lines.
fn session(protocol: &str, game: &str, script: impl AsRef<[u8]>) -> (i32, Vec<String>) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = dagaz_cli::run_with_input(
        ["dagaz", protocol, &game_path(game)],
        &mut script.as_ref(),
        &mut out,
        &mut err,
        false,
    );
    let text = String::from_utf8(out).unwrap();
    assert!(
        code != 0 || err.is_empty(),
        "{}",
        String::from_utf8_lossy(&err)
    );
    (code, text.lines().map(str::to_string).collect())
}

/// The position after `moves` (in the game's notation) from the start.
fn after(game: &Game, moves: &[&str]) -> Position {
    let mut position = game.initial_position();
    for text in moves {
        let legal = MoveGen::default().moves(game, &position).unwrap();
        let mv = dagaz_engine::match_move(game, &legal, text)
            .unwrap()
            .clone();
        position.play(game, &mv);
    }
    position
}

fn legal_notations(game: &Game, position: &Position) -> Vec<String> {
    MoveGen::default()
        .moves(game, position)
        .unwrap()
        .iter()
        .map(|m| m.notation(game))
        .collect()
}

fn last(lines: &[String]) -> &str {
    lines.last().map(String::as_str).unwrap_or("")
}

#[test]
fn uci_handshake_then_a_legal_bestmove_after_moves() {
    let (code, lines) = session(
        "uci",
        "chess.game",
        "uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 3\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        lines[..6],
        [
            "id name dagaz Chess",
            "id author the dagaz authors",
            "option name Hash type spin default 64 min 1 max 4096",
            "option name Threads type spin default 1 min 1 max 256",
            "uciok",
            "readyok"
        ]
    );
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    for (i, info) in infos.iter().enumerate() {
        assert!(
            info.starts_with(&format!("info depth {} seldepth ", i + 1)),
            "{info}"
        );
        assert!(
            info.contains(" score cp ") && info.contains(" pv "),
            "{info}"
        );
    }
    let best = last(&lines).strip_prefix("bestmove ").unwrap();
    let game = load("chess.game");
    let legal = legal_notations(&game, &after(&game, &["e2e4", "e7e5"]));
    assert!(legal.iter().any(|m| m == best), "{best} not in {legal:?}");
}

#[test]
fn uci_go_perft_3_divides_and_counts_8902() {
    let (code, lines) = session("uci", "chess.game", "position startpos\ngo perft 3\n");
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 22, "{lines:?}");
    assert_eq!(lines[0], "a2a3: 380");
    assert!(lines.contains(&"e2e4: 600".to_string()));
    assert!(lines.contains(&"g1f3: 440".to_string()));
    assert_eq!(lines[19], "h2h4: 420");
    assert_eq!(lines[20], "");
    assert_eq!(lines[21], "Nodes searched: 8902");
    let mut sorted = lines[..20].to_vec();
    sorted.sort();
    assert_eq!(sorted, lines[..20]);
}

/// `go perft` counts on the search thread: `isready` is answered while it counts, and `stop`,
/// `quit` or another `go` end it (before, the command thread counted perft(9) for hours and
/// read nothing meanwhile).
#[test]
fn uci_go_perft_is_stopped_by_stop_quit_or_go_and_isready_is_answered_meanwhile() {
    let stopped = "info string perft stopped before the end";
    let (code, lines) = session(
        "uci",
        "chess.game",
        "go perft 9
isready
stop
isready
go perft 1
",
    );
    assert_eq!(code, 0);
    assert_eq!(lines[..3], ["readyok", stopped, "readyok"]);
    assert_eq!(lines.last().unwrap(), "Nodes searched: 20");
    let (code, lines) = session(
        "uci",
        "chess.game",
        "go perft 9
quit
",
    );
    assert_eq!((code, lines), (0, vec![stopped.to_string()]));
    let (code, lines) = session(
        "uci",
        "chess.game",
        "go perft 9
go depth 1
",
    );
    assert_eq!(code, 0);
    assert_eq!(lines[0], stopped);
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

#[test]
fn uci_mate_in_one_scores_mate_1() {
    let (_, lines) = session(
        "uci",
        "chess.game",
        "position fen r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 1\ngo depth 2\n",
    );
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(last(&lines), "bestmove h5f7");
}

#[test]
fn uci_a_mated_side_answers_bestmove_0000() {
    // Fool's mate: White is mated.
    let (_, lines) = session(
        "uci",
        "chess.game",
        "position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo depth 2\n",
    );
    assert_eq!(
        lines,
        [
            "info string game over — Checkmate: Black wins",
            "bestmove 0000"
        ]
    );
}

#[test]
fn uci_and_hub_say_how_a_game_ended_by_a_goal_or_without_moves() {
    // Tic-tac-toe after X's row: no move, and the goal's name.
    let (_, lines) = session(
        "uci",
        "tic-tac-toe.game",
        "position startpos moves a1 a3 b1 b3 c1\ngo depth 1\n",
    );
    assert_eq!(
        lines,
        [
            "info string game over — X wins: three in a row",
            "bestmove 0000"
        ]
    );
    // International draughts, White to move with no man left to move.
    let (_, lines) = session(
        "hub",
        "international.game",
        format!("pos pos=W{}\ngo think\n", "b".repeat(50)),
    );
    assert_eq!(
        lines,
        [
            "error message=\"game over — White has no moves and loses\"",
            "done move=0-0"
        ]
    );
}

#[test]
fn uci_a_bad_move_or_fen_is_reported_and_the_position_kept() {
    let (code, lines) = session(
        "uci",
        "chess.game",
        "position startpos moves e2e4\nposition startpos moves e2e4 e7e6 e1e3\nposition fen 8/8/8 w\nfrobnicate\ndebug on\nsetoption name Hash value 8\ngo depth 1\n",
    );
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].starts_with("info string error: move 3 (e1e3): `e1e3` is not a legal move here"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("info string error: position fen 8/8/8 w: "),
        "{}",
        lines[1]
    );
    // Still after 1. e4: Black to move.
    let best = last(&lines).strip_prefix("bestmove ").unwrap();
    let game = load("chess.game");
    let legal = legal_notations(&game, &after(&game, &["e2e4"]));
    assert!(legal.iter().any(|m| m == best), "{best} not in {legal:?}");
}

/// The protocols speak the game's own notation: USI's bare `8h2b` is the bishop that does not
/// promote, which a person at `play` or `--moves` has to write `8h2b=`.
#[test]
fn uci_reads_a_bare_shogi_move_as_not_promoting() {
    let (code, lines) = session(
        "uci",
        "shogi.game",
        "position startpos moves 7g7f 3c3d 8h2b\ngo perft 1\n",
    );
    assert_eq!(code, 0);
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:?}");
    assert!(lines.contains(&"3a2b: 1".to_string()), "{lines:?}");
}

/// A `position ... moves ...` plays its moves through the positions' record of boards, so Go's
/// positional superko holds there as in `dagaz moves`: after White j8 takes j7 and Black j7
/// takes back j8 and j9, White j9 would bring back the board before j8.
#[test]
fn uci_go_moves_keep_positional_superko() {
    let moves = "h9 j9 h8 h7 j7 j6 a1 j8 j7";
    let (code, lines) = session(
        "uci",
        "go-9x9.game",
        format!(
            "position startpos moves {moves} j9\nposition startpos moves {moves}\ngo perft 1\n"
        ),
    );
    assert_eq!(code, 0);
    assert!(
        lines[0].starts_with("info string error: move 10 (j9): `j9` is not a legal move here"),
        "{}",
        lines[0]
    );
    assert!(lines.contains(&"j8: 1".to_string()), "{lines:?}");
    assert!(!lines.contains(&"j9: 1".to_string()), "{lines:?}");
    // 81 points, 6 stones, j9 forbidden, and the pass.
    assert_eq!(last(&lines), "Nodes searched: 75");
}

#[test]
fn uci_a_go_during_a_search_stops_it_and_each_go_is_answered_once() {
    let (_, lines) = session(
        "uci",
        "chess.game",
        "go movetime 60000\ngo perft 1\ngo depth 1\n",
    );
    let answers: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("bestmove "))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(answers.len(), 2, "{lines:?}");
    // The first search answers before the perft starts, the second after it.
    let perft = lines.iter().position(|l| l == "a2a3: 1").unwrap();
    assert!(answers[0] < perft, "{lines:?}");
    assert!(lines.contains(&"Nodes searched: 20".to_string()));
    assert!(lines[lines.len() - 2].starts_with("info depth 1 seldepth "));
    assert_eq!(answers[1], lines.len() - 1);
}

#[test]
fn uci_numbers_out_of_range_are_refused_with_the_range() {
    let (code, lines) = session(
        "uci",
        "chess.game",
        "setoption name Hash value 999999999\nsetoption name Hash value 0\nsetoption name Threads value 0\n\
         setoption name Threads value 257\ngo depth 0\ngo depth 65\n\
         go movetime 1e3\ngo movetime 99999999999999\ngo wtime -1\ngo movestogo 0\ngo nodes 0\n\
         go perft 65\ngo mate 33\ngo depth\nposition fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\ngo depth 1\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "info string error: setoption Hash: expected a number from 1 to 4096, found \"999999999\"",
            "info string error: setoption Hash: expected a number from 1 to 4096, found \"0\"",
            "info string error: setoption Threads: expected a number from 1 to 256, found \"0\"",
            "info string error: setoption Threads: expected a number from 1 to 256, found \"257\"",
            "info string error: go depth: expected a number from 1 to 64, found \"0\"",
            "info string error: go depth: expected a number from 1 to 64, found \"65\"",
            "info string error: go movetime: expected a number from 0 to 31622400000, found \"1e3\"",
            "info string error: go movetime: expected a number from 0 to 31622400000, found \"99999999999999\"",
            "info string error: go wtime: expected a number from 0 to 31622400000, found \"-1\"",
            "info string error: go movestogo: expected a number from 1 to 1000, found \"0\"",
            "info string error: go nodes: expected a number from 1 to 18446744073709551615, found \"0\"",
            "info string error: go perft: expected a number from 0 to 64, found \"65\"",
            "info string error: go mate: expected a number from 1 to 32, found \"33\"",
            "info string error: go depth: expected a number from 1 to 64, found nothing",
            "info string game over — Checkmate: Black wins",
            "bestmove 0000",
        ]
    );
}

#[test]
fn a_line_longer_than_1_mib_is_an_error_and_the_session_goes_on() {
    let long = vec![0u8; 3 << 20];
    let script = [&b"isready\n"[..], &long, b"\nisready\n"].concat();
    let (code, lines) = session("uci", "chess.game", &script);
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "readyok",
            "info string error: the line is longer than 1 MiB",
            "readyok"
        ]
    );
    let script = [&b"ping\n"[..], &long, b"\nping\n"].concat();
    let (code, lines) = session("hub", "international.game", &script);
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "pong",
            "error message=\"the line is longer than 1 MiB\"",
            "pong"
        ]
    );
}

#[test]
fn a_line_that_is_not_utf8_is_an_error_and_the_session_goes_on() {
    let (code, lines) = session("uci", "chess.game", b"isready\n\xff\xfeisready\nisready\n");
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "readyok",
            "info string error: the line is not UTF-8 text",
            "readyok"
        ]
    );
    let (code, lines) = session("hub", "international.game", b"ping\n\xc3(\nping\n");
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "pong",
            "error message=\"the line is not UTF-8 text\"",
            "pong"
        ]
    );
}

#[test]
fn uci_moves_of_simple_checkers_are_single_words() {
    // Simple checkers writes `a3 - b4`; the protocol writes and reads `a3-b4`.
    let (code, lines) = session(
        "uci",
        "simple-checkers.game",
        "position startpos moves a3-b4\ngo perft 1\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        lines,
        [
            "b6-a5: 1",
            "b6-c5: 1",
            "d6-c5: 1",
            "d6-e5: 1",
            "f6-e5: 1",
            "f6-g5: 1",
            "h6-g5: 1",
            "h6-i5: 1",
            "j6-i5: 1",
            "",
            "Nodes searched: 9"
        ]
    );
    let (_, lines) = session(
        "uci",
        "simple-checkers.game",
        "position startpos moves a3-b4 b6-c5 b4-a5\ngo depth 2\n",
    );
    let game = load("simple-checkers.game");
    let legal: Vec<String> = legal_notations(&game, &after(&game, &["a3-b4", "b6-c5", "b4-a5"]))
        .iter()
        .map(|m| m.replace(' ', ""))
        .collect();
    let best = last(&lines).strip_prefix("bestmove ").unwrap();
    assert!(legal.iter().any(|m| m == best), "{best} not in {legal:?}");
    for info in lines.iter().filter(|l| l.starts_with("info ")) {
        let pv = info.split(" pv ").nth(1).unwrap();
        assert!(pv.split(' ').all(|m| m.contains('-')), "{info}");
    }
}

#[test]
fn uci_go_infinite_ends_with_the_input() {
    let (code, lines) = session("uci", "chess.game", "go infinite\n");
    assert_eq!(code, 0);
    assert!(last(&lines).starts_with("bestmove "), "{lines:?}");
}

/// The real binary, its standard input and a channel of its output lines.
struct Piped {
    child: std::process::Child,
    lines: mpsc::Receiver<String>,
}

impl Piped {
    fn start(args: &[&str]) -> Piped {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dagaz"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Piped { child, lines }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => panic!("no line starting with {prefix:?} within {within:?}: {seen:?}"),
            }
        }
    }
}

#[test]
fn uci_stop_interrupts_go_infinite_and_isready_is_answered_meanwhile() {
    let mut engine = Piped::start(&["uci", &game_path("chess.game")]);
    engine.send("uci");
    engine.until("uciok", Duration::from_secs(10));
    engine.send("position startpos moves e2e4");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    let before = engine.until("readyok", Duration::from_secs(5));
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "{before:?}"
    );
    // An infinite search holds its answer back until told to stop.
    std::thread::sleep(Duration::from_millis(200));
    assert!(engine.lines.try_iter().all(|l| !l.starts_with("bestmove")));
    engine.send("stop");
    let lines = engine.until("bestmove", Duration::from_secs(10));
    let best = last(&lines).strip_prefix("bestmove ").unwrap().to_string();
    let game = load("chess.game");
    let legal = legal_notations(&game, &after(&game, &["e2e4"]));
    assert!(legal.contains(&best), "{best} not in {legal:?}");
    engine.send("quit");
    let status = engine.child.wait().unwrap();
    assert_eq!(status.code(), Some(0));
}

/// International draughts' start as a Hub position.
fn hub_start() -> String {
    format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20))
}

/// Whether `hub_move` (`32-28`, `28x19x23`) is a legal move of `position`: a legal move
/// from and to the same squares that, played, empties exactly the captured squares.
fn hub_move_is_legal(game: &Game, position: &Position, hub_move: &str) -> bool {
    let squares: Vec<u32> = hub_move
        .split(['-', 'x'])
        .map(|s| s.parse().unwrap())
        .collect();
    let (from, to, captured) = (squares[0], squares[1], &squares[2..]);
    let board = game.board();
    let occupied = |p: &Position, n: u32| p.piece_at(board.numbered(n).unwrap()).is_some();
    MoveGen::default()
        .moves(game, position)
        .unwrap()
        .iter()
        .any(|mv| {
            let notation = mv.notation(game);
            let parts: Vec<&str> = notation.split(['-', 'x']).collect();
            if parts.first() != Some(&from.to_string().as_str())
                || parts.last() != Some(&to.to_string().as_str())
            {
                return false;
            }
            let mut after = position.clone();
            after.play(game, mv);
            let emptied: Vec<u32> = (1..=50)
                .filter(|&n| occupied(position, n) && !occupied(&after, n) && n != from)
                .collect();
            let mut wanted = captured.to_vec();
            wanted.sort_unstable();
            emptied == wanted
        })
}

#[test]
fn hub_handshake_then_a_legal_move() {
    let script = format!(
        "hub\ninit\nping\nnew-game\npos pos={} moves=\"32-28 19-23\"\nlevel depth=3\ngo think\n",
        hub_start()
    );
    let (code, lines) = session("hub", "international.game", &script);
    assert_eq!(code, 0);
    assert_eq!(
        lines[..6],
        [
            format!(
                "id name=dagaz version={} author=\"the dagaz authors\"",
                env!("CARGO_PKG_VERSION")
            ),
            "param name=hash value=64 type=int min=1 max=4096".to_string(),
            "param name=threads value=1 type=int min=1 max=256".to_string(),
            "wait".to_string(),
            "ready".to_string(),
            "pong".to_string(),
        ]
    );
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 3, "{lines:?}");
    assert!(infos[0].starts_with("info depth=1 score="), "{}", infos[0]);
    // White must take: the one capture goes from 28 over 23 to 19.
    let done = last(&lines);
    assert!(done.starts_with("done move=28x19x23"), "{done}");
}

#[test]
fn uci_searches_on_several_threads_and_answers_a_legal_move() {
    let (code, lines) = session(
        "uci",
        "chess.game",
        // (A command after `go` would stop the search: the script ends with it, and the end
        // of the input waits for a search that ends by itself.)
        "setoption name Threads value 3\nposition startpos moves e2e4 e7e5\ngo depth 5\n",
    );
    assert_eq!(code, 0);
    let game = load("chess.game");
    let legal = legal_notations(&game, &after(&game, &["e2e4", "e7e5"]));
    let answers: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove "))
        .collect();
    assert_eq!(answers.len(), 1, "{lines:?}");
    for answer in answers {
        let mv = answer.strip_prefix("bestmove ").unwrap();
        assert!(legal.iter().any(|l| l == mv), "{mv}: {lines:?}");
    }
    // Every iteration is reported once, by the main thread.
    let depths: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(depths, ["1", "2", "3", "4", "5"], "{lines:?}");
}

#[test]
fn hub_searches_on_several_threads() {
    let (code, lines) = session(
        "hub",
        "international.game",
        "set-param name=threads value=2\nhub\npos moves=\"32-28 19-23\"\nlevel depth=4\ngo think\n",
    );
    assert_eq!(code, 0);
    assert!(
        lines.contains(&"param name=threads value=2 type=int min=1 max=256".to_string()),
        "{lines:?}"
    );
    // White must take: the one capture goes from 28 over 23 to 19.
    let done = last(&lines);
    assert!(done.starts_with("done move=28x19x23"), "{done}");
}

#[test]
fn hub_moves_in_both_directions_and_the_answer_is_legal() {
    let (_, lines) = session(
        "hub",
        "international.game",
        "pos moves=\"32-28 19-23 28x19x23 13x24x19 37-32\"\nlevel depth=4\ngo think\n",
    );
    let done = last(&lines);
    let mv = done
        .strip_prefix("done move=")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    let game = load("international.game");
    let position = after(&game, &["32-28", "19-23", "28x19", "13x24", "37-32"]);
    assert!(hub_move_is_legal(&game, &position, mv), "{mv}: {lines:?}");
}

#[test]
fn hub_reports_bad_positions_and_moves_and_keeps_the_last() {
    let (code, lines) = session(
        "hub",
        "international.game",
        "pos moves=\"32-28\"\npos pos=Wbbb\npos moves=\"32-28 19-30\"\nbogus\nlevel depth=1\ngo think\n",
    );
    assert_eq!(code, 0);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(
        lines[0],
        "error message=\"pos: expected 50 squares after the side to move, found 3\""
    );
    assert!(
        lines[1].starts_with("error message=\"pos: move 2 (19-30): `19-30` is not a legal move"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "error message=\"unknown command: bogus\"");
    let mv = last(&lines).strip_prefix("done move=").unwrap();
    let game = load("international.game");
    assert!(
        hub_move_is_legal(&game, &after(&game, &["32-28"]), mv),
        "{mv}"
    );
}

#[test]
fn hub_analyze_answers_when_stopped() {
    let (code, lines) = session(
        "hub",
        "international.game",
        "go analyze\nping\nstop\nping\n",
    );
    assert_eq!(code, 0);
    let done = lines
        .iter()
        .position(|l| l.starts_with("done move="))
        .unwrap();
    assert_eq!(lines.iter().filter(|l| *l == "pong").count(), 2);
    assert_eq!(last(&lines), "pong");
    assert!(done < lines.len() - 1);
}

#[test]
fn hub_plays_english_draughts_and_refuses_boards_without_numbers() {
    let (code, lines) = session("hub", "english.game", "level depth=2\ngo think\n");
    assert_eq!(code, 0);
    let mv = last(&lines).strip_prefix("done move=").unwrap();
    let mv = mv.split_whitespace().next().unwrap();
    let game = load("english.game");
    let legal = legal_notations(&game, &game.initial_position());
    assert!(legal.iter().any(|m| m == mv), "{mv} not in {legal:?}");
    let (code, _) = session("hub", "russian.game", "go think\n");
    assert_eq!(code, 2);
}

#[test]
fn hub_levels_out_of_range_are_refused_and_the_last_level_kept() {
    let (code, lines) = session(
        "hub",
        "international.game",
        "level depth=1\nlevel time=1 inc=1e30\nlevel move-time=1e19\nlevel move-time=1e300\n\
         level time=-1\nlevel depth=65\nlevel nodes=2.5\nlevel moves=0 time=60\nset-param name=hash value=0\n\
         set-param name=hash value=999999999\nset-param name=threads value=0\ngo think\n",
    );
    assert_eq!(code, 0);
    assert_eq!(
        lines[..10],
        [
            "error message=\"level inc: expected seconds from 0 to 31622400, found '1e30'\"",
            "error message=\"level move-time: expected seconds from 0 to 31622400, found '1e19'\"",
            "error message=\"level move-time: expected seconds from 0 to 31622400, found '1e300'\"",
            "error message=\"level time: expected seconds from 0 to 31622400, found '-1'\"",
            "error message=\"level depth: expected a number from 1 to 64, found '65'\"",
            "error message=\"level nodes: expected a number from 1 to 18446744073709551615, found '2.5'\"",
            "error message=\"level moves: expected a number from 1 to 1000, found '0'\"",
            "error message=\"set-param hash: expected a number from 1 to 4096, found '0'\"",
            "error message=\"set-param hash: expected a number from 1 to 4096, found '999999999'\"",
            "error message=\"set-param threads: expected a number from 1 to 256, found '0'\"",
        ]
    );
    // `level depth=1` is still the level.
    assert_eq!(lines.len(), 12, "{lines:?}");
    assert!(lines[10].starts_with("info depth=1 score="), "{lines:?}");
    assert!(lines[11].starts_with("done move="), "{lines:?}");
}

#[test]
fn hub_the_longest_times_search_without_overflow() {
    let (code, lines) = session(
        "hub",
        "international.game",
        "level depth=1 move-time=31622400\ngo think\nlevel depth=1 time=31622400 inc=31622400 moves=1\ngo think\n",
    );
    assert_eq!(code, 0);
    let done = lines.iter().filter(|l| l.starts_with("done move=")).count();
    // The second `go think` may stop the first before its first iteration.
    assert_eq!(done, 2, "{lines:?}");
    assert!(last(&lines).starts_with("done move="), "{lines:?}");
}

#[test]
fn uci_a_second_go_stops_a_long_search_and_the_input_is_still_read() {
    let mut engine = Piped::start(&["uci", &game_path("chess.game")]);
    engine.send("go movetime 60000");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("go depth 1");
    engine.send("isready");
    // Not a minute: the first search is stopped and answers at once.
    let lines = engine.until("readyok", Duration::from_secs(20));
    let answers = lines.iter().filter(|l| l.starts_with("bestmove ")).count();
    assert!((1..=2).contains(&answers), "{lines:?}");
    if answers == 1 {
        engine.until("bestmove", Duration::from_secs(20));
    }
    engine.send("quit");
    assert_eq!(engine.child.wait().unwrap().code(), Some(0));
}

#[test]
fn hub_a_second_go_think_stops_a_long_search_and_ping_is_answered() {
    let mut engine = Piped::start(&["hub", &game_path("international.game")]);
    engine.send("level move-time=60");
    engine.send("go think");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("go think");
    engine.send("ping");
    let lines = engine.until("pong", Duration::from_secs(20));
    assert_eq!(
        lines.iter().filter(|l| l.starts_with("done ")).count(),
        1,
        "{lines:?}"
    );
    engine.send("stop");
    engine.until("done move=", Duration::from_secs(20));
    engine.send("quit");
    assert_eq!(engine.child.wait().unwrap().code(), Some(0));
}

/// The sessions as a library runs them, on a game already loaded, within caps that bound
/// whatever the commands ask (as the `protocol` fuzz target runs them).
#[test]
fn sessions_run_in_memory_within_caps() {
    let caps = dagaz_cli::Caps {
        nodes: 300,
        perft_depth: 2,
        hash_mb: 1,
        threads: 2,
    };
    let settings = dagaz_cli::Settings {
        hash_mb: 64,
        threads: 1,
    };
    let chess = load("chess.game");
    let uci = |script: &str| {
        let mut out = Vec::new();
        let limits = Default::default();
        dagaz_cli::uci_session(
            &chess,
            limits,
            settings,
            caps,
            &mut script.as_bytes(),
            &mut out,
        );
        String::from_utf8(out).unwrap()
    };
    let text = uci("setoption name Hash value 4096\ngo perft 9\n");
    assert!(text.ends_with("\n\nNodes searched: 400\n"), "{text}");
    let text = uci("setoption name Threads value 256\ngo depth 64\n");
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("bestmove "), "{text}");

    let international = load("international.game");
    let mut out = Vec::new();
    let script = "level depth=64\ngo think\nping\n";
    let result = dagaz_cli::hub_session(
        &international,
        Default::default(),
        settings,
        caps,
        &mut script.as_bytes(),
        &mut out,
    );
    assert_eq!(result, Ok(()));
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("pong\n"), "{text}");
    assert!(text.contains("done move="), "{text}");
    let mut out = Vec::new();
    let refused = dagaz_cli::hub_session(
        &chess,
        Default::default(),
        settings,
        caps,
        &mut "ping\n".as_bytes(),
        &mut out,
    );
    assert_eq!(
        refused,
        Err("the Hub protocol needs a board that numbers its squares (`numbers` in the board clause)".into())
    );
    assert!(out.is_empty());
}
