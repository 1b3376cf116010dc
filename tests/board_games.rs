//! Placement, flipping, goal and pass games (tic-tac-toe, Connect Four, Othello, Breakthrough,
//! Hex) against published perft counts (`tests/data/games-perft.tsv`), and each played to its
//! end by the engine.

use crate::{load, repo_path};
use dagaz_engine::{Counting, MoveGen, Perft};
use pretty_assertions::assert_eq;

struct Row {
    game: String,
    depth: u32,
    count: u64,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(repo_path("tests/data/games-perft.tsv")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let parts: Vec<&str> = l.split('\t').collect();
            Row {
                game: parts[0].to_string(),
                depth: parts[1].parse().unwrap(),
                count: parts[2].parse().unwrap(),
            }
        })
        .collect()
}

pub(crate) fn check(name: &str) {
    let game = load(&format!("games/{name}.game"));
    let rows: Vec<Row> = rows().into_iter().filter(|r| r.game == name).collect();
    assert!(!rows.is_empty(), "no perft rows for {name}");
    for row in rows {
        let mut position = game.initial_position();
        let mut perft = Perft::new(&game, MoveGen::default(), Counting::Bulk);
        let counted = perft.count(&mut position, row.depth).unwrap();
        assert_eq!(
            (name, row.depth, counted),
            (name, row.depth, row.count),
            "perft of {name} at depth {}",
            row.depth
        );
        assert_eq!(
            position,
            game.initial_position(),
            "perft left the position changed"
        );
    }
}

#[test]
fn tic_tac_toe_perft() {
    check("tic-tac-toe");
}

#[test]
fn connect_four_perft() {
    check("connect-four");
}

#[test]
fn othello_perft() {
    check("othello");
}

#[test]
fn breakthrough_perft() {
    check("breakthrough");
}

#[test]
fn hex_perft() {
    check("hex");
}

#[test]
fn crazyhouse_perft() {
    check("crazyhouse");
}

#[test]
fn crazyhouse_hands_read_and_write_in_fen() {
    let game = load("games/crazyhouse.game");
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNB~QKB1R[PQp] w KQkq - 2 3";
    let position = game.from_fen(fen).unwrap();
    let white = game.player("White").unwrap();
    let pawn = game.piece_kind("Pawn").unwrap();
    assert_eq!(position.in_hand(white, pawn), Some(1));
    assert_eq!(game.to_fen(&position).unwrap(), fen.replace(" 2 3", " 0 3"));
    let moves = crate::sorted_notations(&game, &position);
    assert!(moves.contains(&"Q@e2".to_string()), "{moves:?}");
    assert!(moves.contains(&"P@d3".to_string()), "{moves:?}");
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("P@") && m.ends_with('8')));
    let bad = game.from_fen("8/8/8/8/8/8/8/K6k[Z] w - - 0 1").unwrap_err();
    assert_eq!(bad.field, "hands");
}

#[test]
fn a_captured_promoted_piece_goes_back_to_the_hand_as_a_pawn() {
    let game = load("games/crazyhouse.game");
    // White's queen on d8 was a pawn; Black takes it.
    let position = game.from_fen("3Q~k3/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
    let take = crate::find_move(&game, &position, "e8d8");
    let mut after = position.clone();
    let undo = after.play(&game, &take);
    let black = game.player("Black").unwrap();
    assert_eq!(
        after.in_hand(black, game.piece_kind("Pawn").unwrap()),
        Some(1)
    );
    assert_eq!(
        after.in_hand(black, game.piece_kind("Queen").unwrap()),
        Some(0)
    );
    assert_eq!(
        game.to_fen(&after).unwrap(),
        "3k4/8/8/8/8/8/8/4K3[p] w - - 0 2"
    );
    after.unplay(&take, undo);
    assert_eq!(after, position);
}

#[test]
fn three_check_perft() {
    check("three-check");
}

/// A random game the referee script played: White's third check is a promotion to a queen, a
/// type White had no more of (an attack test remembered from before must not answer for it).
#[test]
fn the_third_check_wins_even_by_a_new_queen() {
    let game = load("games/three-check.game");
    let moves = "\
        g1h3 g8h6 f2f3 h8g8 d2d3 f7f5 g2g3 b7b5 c1h6 c8a6 e1d2 g7g5 e2e3 f5f4 c2c4 g8g7 d1e2
        b5b4 h1g1 g7f7 d3d4 e7e5 d4e5 a6b7 f1g2 d8e7 e2f1 b4b3 f1e1 e8d8 e1f1 d8c8 d2d3 a7a6
        f1d1 b7f3 g2f3 e7e6 a2a4 f8a3 a4a5 a3d6 e3f4 e6c4 d3e3 d6f8 f3h1 c4e6 d1d4 e6e7 g3g4
        c7c6 h6f8 e7a3 f8a3 f7f6 d4b4 h7h6 g1f1 c8d8 a1a2 a8a7 e3f3 f6f7 f3g3 d8e8 f1c1 d7d6
        b4d6 c6c5 d6d2 a7d7 h1d5 h6h5 d5a8 f7g7 h3f2 d7c7 a8c6 c7c6 g3f3 c5c4 b1c3 c6g6 f2d1
        e8f7 a3b4 f7e6 f3g2 g7f7 c3b5 a6b5 d1f2 b8c6 c1c4 f7f8 g2g1 h5h4 f2h3 c6b8 c4d4 g6f6
        d2g2 f6f7 d4d8 f8e8 d8c8 b8d7 a5a6 e8c8 g2f2 c8b8 b4d6 d7f8 f2d4 f8d7 g1g2 f7f8 h3f2
        b5b4 d4d5 e6d5 d6b4 f8e8 f4g5 e8f8 h2h3 f8h8 b4e7 h8d8 e7d6 d7c5 g5g6 d8d6 g2f3 b8e8
        f2h1 e8a8 a2a1 d6g6 g4g5 c5a4 a1f1 g6d6 h1f2 d5c4 e5d6 a4b2 g5g6 a8c8 f2g4 c8a8 f1g1
        c4c5 g1d1 b2d1 d6d7 c5b5 d7d8b b5a4 a6a7 b3b2 d8e7 b2b1b e7c5 a8f8 c5f8 b1g6";
    let mut gen = MoveGen::default();
    let mut position = game.initial_position();
    for m in moves.split_whitespace().chain(["a7a8q"]) {
        let mv = crate::find_move(&game, &position, m);
        position.play(&game, &mv);
    }
    let ended = gen.ending(&game, &position).unwrap().unwrap();
    assert_eq!(ended.reason, dagaz_engine::EndReason::Goal(1));
    assert_eq!(game.player_name(ended.player), "White");
}

#[test]
fn xiangqi_perft() {
    check("xiangqi");
}

/// `(turns X repeat O O X X)` on tic-tac-toe's grid. The counts by hand: 9·8·7·6·5 to depth
/// 5; X's three marks (plies 1, 4, 5) make a row in 8 rows · 3! orders · 6·5 places of O's
/// two, 1440 games, so depth 6 is (15120 − 1440)·4 = 54720; O's three (plies 2, 3, 6) make a
/// row in 5328 of those (a row or column of O: 3!·(6·5·4 − 2 rows of X·3!), 648 each of six;
/// a diagonal: 3!·120, 720 each of two), so depth 7 is (54720 − 5328)·3 = 148176.
#[test]
fn a_schedule_of_two_marks_a_turn_perft() {
    let game = load("tests/fixtures/tic-tac-toe-two-marks.game");
    let counts = [9, 72, 504, 3024, 15120, 54720, 148176];
    for (depth, expected) in (1..).zip(counts) {
        for counting in [Counting::Bulk, Counting::Full] {
            let mut position = game.initial_position();
            let mut perft = Perft::new(&game, MoveGen::default(), counting);
            let counted = perft.count(&mut position, depth).unwrap();
            assert_eq!((depth, counted), (depth, expected));
            assert_eq!(position, game.initial_position());
        }
    }
}

/// O's two turns are two places of the schedule: boards alike but for that hash apart (for
/// repetition); a setup's `(turn O)` is O's first turn; the last move's maker wins.
#[test]
fn a_schedule_place_is_part_of_the_position() {
    let game = load("tests/fixtures/tic-tac-toe-two-marks.game");
    let [x, o] = ["X", "O"].map(|p| game.player(p).unwrap());
    let mut line = game.initial_position();
    let mut places = Vec::new();
    for text in ["b2", "a1", "c1", "b1", "b3"] {
        places.push((line.to_move(), line.turn().place));
        let mv = crate::find_move(&game, &line, text);
        line.play(&game, &mv);
    }
    assert_eq!(places, [(x, 0), (o, 1), (o, 2), (x, 3), (x, 4)]);
    let first_o = game.setup("(turn O)").unwrap();
    assert_eq!((first_o.to_move(), first_o.turn().place), (o, 1));
    let mut second_o = first_o.clone();
    second_o.play(&game, &crate::find_move(&game, &first_o, "a1"));
    assert_eq!(
        (second_o.to_move(), second_o.turn().place),
        (o, 2),
        "O moves twice"
    );
    let set_up = game.setup("(O (Mark a1)) (turn O)").unwrap();
    assert_eq!(set_up.board_key(), second_o.board_key());
    assert_ne!(set_up.zobrist(), second_o.zobrist());
    // X's b2 b1 b3 is made on X's second turn of the round: X wins.
    let ending = MoveGen::default().ending(&game, &line).unwrap().unwrap();
    assert_eq!(
        (ending.player, ending.outcome),
        (x, Some(dagaz_engine::Outcome::Win))
    );
}

#[test]
fn go_perft() {
    check("go-9x9");
}

#[test]
fn go_captures_forbids_suicide_and_retaking_a_ko_at_once() {
    // Positional superko (games/go-9x9.game) forbids the ko's retake as simple ko, written as a
    // turn variable, does (tests/fixtures/go-simple-ko.game).
    for file in ["games/go-9x9.game", "tests/fixtures/go-simple-ko.game"] {
        let game = load(file);
        // White e5 has one liberty, e4; Black takes it there.
        let position = game
            .setup("(Black (Stone d5 f5 e6 d4 f4 e3)) (White (Stone e5)) (turn Black)")
            .unwrap();
        let take = crate::find_move(&game, &position, "e4");
        let mut after = position.clone();
        after.play(&game, &take);
        assert_eq!(after.piece_at(game.board().position("e5").unwrap()), None);
        // e5 is now White's suicide (no ko: Black's e4 group has more liberties).
        let white = crate::sorted_notations(&game, &after);
        assert!(!white.contains(&"e5".to_string()), "{file}: {white:?}");
        // A ko: Black d5 f5 e6 e4-side, White d4 f4 e3 e5; Black takes e5 at e4.
        let ko = game
            .setup("(Black (Stone d5 f5 e6)) (White (Stone e5 d4 f4 e3)) (turn Black)")
            .unwrap();
        let take = crate::find_move(&game, &ko, "e4");
        let mut after = ko.clone();
        after.play(&game, &take);
        let white = crate::sorted_notations(&game, &after);
        assert!(
            !white.contains(&"e5".to_string()),
            "{file}: the ko point: {white:?}"
        );
        assert!(white.contains(&"pass".to_string()));
    }
}

/// The position after `moves` from `setup`, and its legal moves sorted.
fn go_after(file: &str, setup: &str, moves: &[&str]) -> Vec<String> {
    let game = load(file);
    let position = crate::play_moves(&game, game.setup(setup).unwrap(), moves);
    crate::sorted_notations(&game, &position)
}

#[test]
fn go_superko_forbids_bringing_back_a_board_that_simple_ko_allows() {
    // In the top right corner, White j9 and Black j7 each have j8 as their last liberty. White
    // j8 takes j7; Black j7 takes back two stones, j8 and j9 (no ko: two stones). White j9
    // would then bring back the board of the setup: positional superko forbids it, simple ko
    // does not. (Met in a random game against OpenSpiel, which ends the game there as a draw.)
    let setup = "(Black (Stone h9 h8 j7)) (White (Stone j9 h7 j6)) (turn White)";
    let stones = ["h9", "h8", "j7", "h7", "j6"];
    let points: Vec<String> = "abcdefghj"
        .chars()
        .flat_map(|f| (1..=9).map(move |r| format!("{f}{r}")))
        .filter(|p| !stones.contains(&p.as_str()))
        .collect();
    let with = |point: bool| -> Vec<String> {
        let mut moves: Vec<String> = points
            .iter()
            .filter(|p| point || p.as_str() != "j9")
            .cloned()
            .chain(["pass".to_string()])
            .collect();
        moves.sort();
        moves
    };
    assert_eq!(
        go_after("games/go-9x9.game", setup, &["j8", "j7"]),
        with(false)
    );
    assert_eq!(
        go_after("tests/fixtures/go-simple-ko.game", setup, &["j8", "j7"]),
        with(true)
    );
    // Played elsewhere first, White j9 makes a board the game has not had.
    let later = go_after("games/go-9x9.game", setup, &["j8", "j7", "a1", "b1"]);
    assert!(later.contains(&"j9".to_string()), "{later:?}");
}

#[test]
fn ataxx_perft() {
    check("ataxx");
}

#[test]
fn antichess_perft() {
    check("antichess");
}

#[test]
fn king_of_the_hill_perft() {
    check("king-of-the-hill");
}

#[test]
fn shogi_perft() {
    check("shogi");
}

/// Shogi's drops, promotions and SFEN; each move list as python-shogi 1.1.1 gives it.
#[test]
fn shogi_drops_promotions_and_sfen() {
    let game = load("games/shogi.game");
    let moves = |sfen: &str| crate::sorted_notations(&game, &game.from_fen(sfen).unwrap());
    let pawn_drops = |sfen: &str| -> Vec<String> {
        moves(sfen)
            .into_iter()
            .filter(|m| m.starts_with("P*1"))
            .collect()
    };
    // The king on 1a may escape to 2b: the pawn dropped on 1b (guarded by the knight) checks
    // without mating, and is a move.
    let escape = "7lk/9/9/7N1/9/9/9/9/4K4 b P 1";
    assert_eq!(
        pawn_drops(escape),
        ["P*1b", "P*1c", "P*1d", "P*1e", "P*1f", "P*1g", "P*1h", "P*1i"]
    );
    assert_eq!(moves(escape).len(), 77);
    // With 2b taken by White's own knight the same drop would mate: not a move.
    let mate = "7lk/7n1/9/7N1/9/9/9/9/4K4 b P 1";
    assert_eq!(
        pawn_drops(mate),
        ["P*1c", "P*1d", "P*1e", "P*1f", "P*1g", "P*1h", "P*1i"]
    );
    assert_eq!(moves(mate).len(), 75);
    // No second unpromoted pawn on a file: Black's pawn on 9h keeps pawns off file 9.
    let file = "7lk/7n1/7G1/9/9/9/9/P8/4K4 b P 1";
    assert!(!moves(file).iter().any(|m| m.starts_with("P*9")));
    assert_eq!(moves(file).len(), 72);
    // The bishop takes the bishop and promotes, or not; the capture joins Black's hand
    // unpromoted, and the position reads back as written.
    let start = game.initial_position();
    let mut position = crate::play_moves(&game, start.clone(), &["7g7f", "3c3d"]);
    let here = crate::sorted_notations(&game, &position);
    assert!(here.contains(&"8h2b+".to_string()) && here.contains(&"8h2b".to_string()));
    let mv = crate::find_move(&game, &position, "8h2b+");
    position.play(&game, &mv);
    let sfen = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
    assert_eq!(game.to_fen(&position).unwrap(), sfen);
    let read = game.from_fen(sfen).unwrap();
    assert_eq!(game.to_fen(&read).unwrap(), sfen);
    let black = game.player("Black").unwrap();
    assert_eq!(
        read.in_hand(black, game.piece_kind("Bishop").unwrap()),
        Some(1)
    );
    // Hands with counts, for both players.
    let counted = "lnsgkgsnl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b 2B3p 5";
    assert_eq!(
        game.to_fen(&game.from_fen(counted).unwrap()).unwrap(),
        counted
    );
    for bad in [
        "9/9/9/9/9/9/9/9/4K4 b 0P 1",
        "9/9/9/9/9/9/9/9/4K4 b 2 1",
        "9/9/9/9/9/9/9/9/4K4 b X 1",
    ] {
        assert_eq!(game.from_fen(bad).unwrap_err().field, "hands", "{bad}");
    }
}

#[test]
fn atomic_perft() {
    check("atomic");
}

/// Atomic chess's rules about kings, each move list as Fairy-Stockfish (pyffish 0.0.90) gives it.
#[test]
fn atomic_kings_explode_and_do_not_capture() {
    let game = load("games/atomic.game");
    let moves = |fen: &str| crate::sorted_notations(&game, &game.from_fen(fen).unwrap());
    // In check from the rook, White may still blow up the black king beside d7.
    let check = "4k3/3p4/8/8/8/7Q/8/r3K3 w - - 0 1";
    assert_eq!(moves(check), ["e1d2", "e1e2", "e1f2", "h3d7"]);
    // Kings side by side: the rook on the first rank gives no check, and d2 is open.
    assert_eq!(
        moves("8/8/8/8/3k4/3K4/8/7r w - - 0 1"),
        ["d3c2", "d3c3", "d3c4", "d3d2", "d3e2", "d3e3", "d3e4"]
    );
    // A king never captures (it would blow itself up): not d3d4.
    assert_eq!(
        moves("8/8/8/3k4/3p4/3K4/8/8 w - - 0 1"),
        ["d3c2", "d3c4", "d3d2", "d3e2", "d3e4"]
    );
    // After h3d7 the queen, the pawn and the black king are gone, and White has won.
    let mut gen = MoveGen::default();
    let position = crate::play_moves(&game, game.from_fen(check).unwrap(), &["h3d7"]);
    assert_eq!(
        game.to_fen(&position).unwrap(),
        "8/8/8/8/8/8/8/r3K3 b - - 0 1"
    );
    let ended = gen.ending(&game, &position).unwrap().unwrap();
    assert_eq!(ended.reason, dagaz_engine::EndReason::Goal(1));
    assert_eq!(game.player_name(ended.player), "White");
}

/// `dagaz play --human none` at depth 1, in process: the line that says how the game ended
/// (the last but the summary of the moves).
pub(crate) fn play_to_the_end(name: &str) -> String {
    play_to_the_end_with(name, &[])
}

/// [`play_to_the_end`] with more arguments for `dagaz play`.
fn play_to_the_end_with(name: &str, more: &[&str]) -> String {
    let path = repo_path(&format!("games/{name}.game"))
        .display()
        .to_string();
    let mut argv = vec!["dagaz", "play", &path, "--human", "none", "--depth", "1"];
    argv.extend_from_slice(more);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = dagaz_cli::run_with_input(argv, &mut &b""[..], &mut out, &mut err, false);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    out.lines()
        .rfind(|line| !line.starts_with("moves: "))
        .unwrap_or("")
        .to_string()
}

#[test]
fn the_engine_plays_each_game_to_its_end() {
    let endings: Vec<(&str, bool)> = [
        "tic-tac-toe",
        "connect-four",
        "othello",
        "breakthrough",
        "hex",
        "king-of-the-hill",
        "crazyhouse",
        "antichess",
        "ataxx",
        "go-9x9",
        "xiangqi",
        "three-check",
        "atomic",
        "shogi",
    ]
    .into_iter()
    .map(|name| {
        // Hex chooses Monte Carlo tree search, whose `--depth 1` is a thousand random games a
        // move: a minute for a game. Its own end is tested with alpha-beta; a game it plays
        // by its own choice below.
        //
        // Shogi starts after a pawn exchange on the 2nd file: from the start position, at depth
        // 1 both sides shuffle pieces whose moves score alike by mobility, and whether a pawn
        // ever goes forward is a matter of ties (265 plies to the end while mobility counted
        // the legal moves; no end in 9,000 plies once it counted the moves before the royal
        // rule's test, see docs/search.md). From here the game is forty plies.
        let more: &[&str] = match name {
            "hex" => &["--search", "alphabeta"],
            "shogi" => &[
                "--moves", "2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d",
            ],
            _ => &[],
        };
        (
            name,
            play_to_the_end_with(name, more).starts_with("game over"),
        )
    })
    .collect();
    assert!(endings.iter().all(|&(_, over)| over), "{endings:?}");
}

#[test]
fn goals_and_scores_say_who_won() {
    let mut gen = MoveGen::default();
    let ttt = load("games/tic-tac-toe.game");
    let won = ttt.initial_position();
    let won = ["b2", "a1", "a2", "c1", "c2"].iter().fold(won, |mut p, m| {
        let mv = crate::find_move(&ttt, &p, m);
        p.play(&ttt, &mv);
        p
    });
    let ended = gen.ending(&ttt, &won).unwrap().unwrap();
    assert_eq!(ended.reason, dagaz_engine::EndReason::Goal(1));
    assert_eq!(ttt.player_name(ended.player), "X");
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Win));
    assert_eq!(
        ended.outcome_for(ttt.player("O").unwrap()),
        Some(dagaz_engine::Outcome::Loss)
    );

    // Othello: a full board, Black 40 to White 24.
    let othello = load("games/othello.game");
    let black: Vec<String> = (0..40).map(square).collect();
    let white: Vec<String> = (40..64).map(square).collect();
    let full = othello
        .setup(&format!(
            "(Black (Disc {})) (White (Disc {}))",
            black.join(" "),
            white.join(" ")
        ))
        .unwrap();
    let ended = gen.ending(&othello, &full).unwrap().unwrap();
    assert_eq!(
        ended.reason,
        dagaz_engine::EndReason::Score {
            scores: vec![80, 48],
            goal: None
        }
    );
    assert_eq!(othello.player_name(ended.player), "Black");
}

/// The i-th square of an 8x8 board in board order: a1, b1, ..., h8.
fn square(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

/// A hexagon of seven cells drawn on a 3x3 rhombus with two corners taken out, and three
/// players who take turns filling it.
const HEXAGON: &str = r#"
    (board (name hexagon) (dim "a-c") (dim "3-1")
       (dir (name n) 0 -1) (dir (name s) 0 1) (dir (name e) 1 0) (dir (name w) -1 0)
       (dir (name ne) 1 -1) (dir (name sw) -1 1)
       (holes a3 c1))
    (piece (name Stone) (drops (check is-empty?) (log position) (drop)))
    (game (name "hexagon") (board hexagon)
       (players (Red (hand (Stone unlimited))) (Green (hand (Stone unlimited)))
                (Blue (hand (Stone unlimited))))
       (goal win (check (>= line-length 3))))"#;

#[test]
fn a_board_with_holes_and_three_players() {
    let game = dagaz_engine::Game::load(HEXAGON).unwrap();
    assert_eq!(game.board().len(), 7);
    assert_eq!(game.board().position("a3"), None);
    let mut start = game.initial_position();
    let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
    assert_eq!(perft.count(&mut start, 1).unwrap(), 7);
    assert_eq!(perft.count(&mut start, 3).unwrap(), 7 * 6 * 5);
    // Red a1, Green b3, Blue c3, Red b1: Green to move again, on the three cells left.
    let p = crate::play_moves(&game, start.clone(), &["a1", "b3", "c3", "b1"]);
    assert_eq!(
        game.player_name(p.to_move()),
        "Green",
        "the turn goes round three players"
    );
    let line = crate::sorted_notations(&game, &p);
    assert_eq!(line, ["a2", "b2", "c2"]);
}

/// `dagaz play` between two people, given `input`: what it printed.
fn play(name: &str, moves: &[&str], input: &str) -> String {
    let path = repo_path(&format!("games/{name}.game"))
        .display()
        .to_string();
    let mut argv = vec!["dagaz", "play", &path, "--human", "both"];
    if !moves.is_empty() {
        argv.push("--moves");
        argv.extend_from_slice(moves);
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = dagaz_cli::run_with_input(argv, &mut input.as_bytes(), &mut out, &mut err, false);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    String::from_utf8(out).unwrap()
}

#[test]
fn boards_are_drawn_with_the_glyphs_the_game_declares_and_the_hands() {
    // The last move's cell is between brackets.
    let ttt = play("tic-tac-toe", &["b2", "a1"], "quit\n");
    assert!(
        ttt.starts_with("3  . . .\n2  . X .\n1 [O]. .\n   a b c\nX:  X Mark\nO:  O Mark\n"),
        "{ttt}"
    );
    let bt = play("breakthrough", &[], "quit\n");
    assert!(
        bt.contains("\n6  . : . : . : . :\n5  : . : . : . : .\n"),
        "{bt}"
    );
    let zh = play("crazyhouse", &["e2e4", "d7d5", "e4d5", "d8d5"], "quit\n");
    assert!(zh.contains("White holds: ♙\nBlack holds: ♟\n"), "{zh}");
}

/// Found by fuzzing (a mutated connect-four.game): a direction with no offset made
/// `line-length` step on the spot for ever once a piece stood there.
#[test]
fn a_line_along_a_direction_that_stays_put_ends() {
    let game = dagaz_engine::Game::load(
        r#"(board (name b) (dim "a-c") (dim "1") (dir (name e) 0 0) (dir (name w) -1 0))
           (piece (name Disc) (drops (check is-empty?) (log position) (drop)))
           (game (name t) (board b)
              (players (Red (hand (Disc unlimited))) (Yellow (hand (Disc unlimited))))
              (goal win (check (>= line-length 4))))"#,
    )
    .unwrap();
    let mut start = game.initial_position();
    let mut perft = Perft::new(&game, MoveGen::default(), Counting::Full);
    // Every first disc makes a "line" of 1 + 3 (capped at the board's length): the game ends.
    assert_eq!(perft.count(&mut start, 2).unwrap(), 0);
    assert_eq!(perft.count(&mut start, 1).unwrap(), 3);
}
