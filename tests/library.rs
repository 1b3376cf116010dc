//! The library of games (issue #13): each game's start-position perft against the counts of
//! `tests/data/games-perft.tsv` (the published table, or its referee's own count, named in the
//! row), and each played to its end by the engine. The proof games of the language (tic-tac-toe
//! ... shogi) are in `board_games.rs`; the games here are the rest of the library.

use crate::board_games::{check, play_to_the_end};

/// One perft test per game, so that a failure names the game.
macro_rules! perft {
    ($($test:ident => $game:literal,)*) => {
        $(
            #[test]
            fn $test() {
                check($game);
            }
        )*
        /// Every game of this list, for the test that plays them to the end.
        const GAMES: &[&str] = &[$($game,)*];
    };
}

perft! {
    gardner_perft => "gardner",
    los_alamos_perft => "los-alamos",
    giveaway_perft => "giveaway",
    knightmate_perft => "knightmate",
    horde_perft => "horde",
    go_13x13_perft => "go-13x13",
    go_19x19_perft => "go-19x19",
    gomoku_perft => "gomoku",
    minishogi_perft => "minishogi",
    clobber_perft => "clobber",
    fox_and_hounds_perft => "fox-and-hounds",
    makruk_perft => "makruk",
    capablanca_perft => "capablanca",
    grand_perft => "grand",
    chess960_perft => "chess960",
    seirawan_perft => "seirawan",
    frysk_perft => "frysk",
    antidraughts_perft => "antidraughts",
    breakthrough_draughts_perft => "breakthrough-draughts",
    canadian_perft => "canadian",
    pool_perft => "pool",
    czech_perft => "czech",
    thai_perft => "thai",
    ultimate_tic_tac_toe_perft => "ultimate-tic-tac-toe",
    y_5_perft => "y-5",
    havannah_4_perft => "havannah-4",
    pentago_perft => "pentago",
    dots_and_boxes_perft => "dots-and-boxes",
    shatranj_perft => "shatranj",
    chaturanga_perft => "chaturanga",
    extinction_perft => "extinction",
    minixiangqi_perft => "minixiangqi",
    janggi_perft => "janggi",
    dobutsu_perft => "dobutsu",
    losers_perft => "losers",
    brandubh_perft => "brandubh",
    tablut_perft => "tablut",
    hnefatafl_perft => "hnefatafl",
    konane_perft => "konane",
    halma_perft => "halma",
    alquerque_perft => "alquerque",
    fanorona_perft => "fanorona",
    surakarta_perft => "surakarta",
    lines_of_action_perft => "lines-of-action",
    nine_mens_morris_perft => "nine-mens-morris",
    amazons_perft => "amazons",
    chinese_checkers_perft => "chinese-checkers",
    mancala_perft => "mancala",
    oware_perft => "oware",
    racing_kings_perft => "racing-kings",
    ur_perft => "ur",
    backgammon_perft => "backgammon",
    dice_chess_perft => "dice-chess",
}

/// The deeper counts of `tests/data/games-perft-slow.tsv`, more than a second each.
#[test]
#[ignore = "slow: more than a second per row"]
fn slow_perft() {
    let path = crate::repo_path("tests/data/games-perft-slow.tsv");
    let text = std::fs::read_to_string(path).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let parts: Vec<&str> = line.split('\t').collect();
        let (name, depth, count) = (parts[0], parts[1].parse().unwrap(), parts[2]);
        let game = crate::load(&format!("games/{name}.game"));
        let mut position = game.initial_position();
        let mut perft = dagaz_engine::Perft::new(
            &game,
            dagaz_engine::MoveGen::default(),
            dagaz_engine::Counting::Bulk,
        );
        let counted = perft.count(&mut position, depth).unwrap();
        assert_eq!(counted.to_string(), count, "{name} at depth {depth}");
    }
}

/// Horde: Black wins by taking White's last piece; a double step from White's first row is not
/// taken en passant (as Fairy-Stockfish and python-chess have it), one from the second is.
#[test]
fn horde_ends_when_the_horde_is_gone_and_its_long_steps_from_the_first_row_stand() {
    let game = crate::load("games/horde.game");
    let play = |fen: &str, m: &str| crate::play_moves(&game, game.from_fen(fen).unwrap(), &[m]);
    let gone = play("4k3/8/8/8/8/8/3p4/2P5 b - - 0 1", "d2c1q");
    let ended = dagaz_engine::MoveGen::default()
        .ending(&game, &gone)
        .unwrap()
        .unwrap();
    assert_eq!(ended.reason, dagaz_engine::EndReason::Goal(1));
    assert_eq!(game.player_name(ended.player), "Black");
    let moves = |p: &dagaz_engine::Position| crate::sorted_notations(&game, p);
    let from_first = play("4k3/8/8/8/8/3p4/8/2P5 w - - 0 1", "c1c3");
    assert_eq!(
        moves(&from_first),
        ["d3d2", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    let from_second = play("4k3/8/8/8/3p4/8/2P5/8 w - - 0 1", "c2c4");
    assert!(moves(&from_second).contains(&"d4c3".to_string()));
}

/// Chess960: the castling letters name the king and a rook wherever they stand, by the rook's
/// file (Shredder-FEN) or as the outermost rook on a side (X-FEN: K and Q); dagaz writes X-FEN,
/// with a file letter for a rook that is not the outermost. Castling is written as the king
/// taking its rook, and ends with the king and rook where chess puts them.
#[test]
fn chess960_reads_both_castling_letterings_and_castles_from_any_start() {
    let game = crate::load("games/chess960.game");
    let fen = |text: &str| game.to_fen(&game.from_fen(text).unwrap()).unwrap();
    assert_eq!(
        fen("nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w GBgb - 0 1"),
        "nrbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/NRBBQKRN w KQkq - 0 1"
    );
    assert_eq!(
        fen("rr2k3/8/8/8/8/8/8/RR2K3 w ABb - 0 1"),
        "rr2k3/8/8/8/8/8/8/RR2K3 w BQb - 0 1"
    );
    let error = |text: &str| game.from_fen(text).unwrap_err().to_string();
    assert_eq!(
        error("rr2k3/8/8/8/8/8/8/RR2K3 w C - 0 1"),
        "bad FEN castling: 'C' needs a Rook of White on the c file of its King's row"
    );
    assert_eq!(
        error("rr2k3/8/8/8/8/8/8/RR2K3 w K - 0 1"),
        "bad FEN castling: 'K' needs a Rook of White beyond its King towards e"
    );
    assert_eq!(
        error("rr2k3/8/8/8/8/8/8/RR2K3 w Z - 0 1"),
        "bad FEN castling: expected `-`, letters from KQkq or the files' letters, found 'Z'"
    );
    // The king on d1 takes the c1 rook's square and the rook its own; both lose their rights.
    let mut position = game.from_fen("4k3/8/8/8/8/8/8/2RK3R w CH - 0 1").unwrap();
    let moves = crate::sorted_notations(&game, &position);
    assert!(moves.contains(&"d1c1".to_string()) && moves.contains(&"d1h1".to_string()));
    let castle = crate::find_move(&game, &position, "d1c1");
    position.play(&game, &castle);
    assert_eq!(
        game.to_fen(&position).unwrap(),
        "4k3/8/8/8/8/8/8/2KR3R b - - 0 1"
    );
}

/// The legal moves of `setup` in the game `name`, sorted.
fn moves_of(name: &str, setup: &str) -> Vec<String> {
    let game = crate::load(&format!("games/{name}.game"));
    let position = game.setup(setup).unwrap();
    crate::sorted_notations(&game, &position)
}

/// Alquerque has no published perft: its first two plies, counted by hand, and positions that
/// show each rule.
#[test]
fn alquerque_counted_by_hand_and_its_rules() {
    // Depth 1: c3 is the only empty point. No capture: every point two steps from c3 along a
    // line (a1 c1 e1 a3 e3 a5 c5 e5) holds a man of the same side as the point between. The
    // White men next to c3 that may step there forwards or sideways: b2 (north-east, b2 has
    // diagonals), c2 (north), d2 (north-west) and d3 (west). 4 moves.
    let game = crate::load("games/alquerque.game");
    let start = crate::sorted_notations(&game, &game.initial_position());
    assert_eq!(start, ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
    // Depth 2: each step leaves one point empty, and Black must jump into it when it can.
    // After b2-c3: d4xb2 over c3 (no jump from b2 after it). After c2-c3: c4xc2. After d2-c3:
    // b4xd2 over c3 and d4xd2 over d3. After d3-c3: b3xd3 over c3. 1 + 1 + 2 + 1 = 5 (the row
    // `alquerque 2 5` of tests/data/games-perft.tsv).
    let after = |m: &str| {
        let position = crate::play_moves(&game, game.initial_position(), &[m]);
        crate::sorted_notations(&game, &position)
    };
    assert_eq!(after("b2-c3"), ["d4xb2"]);
    assert_eq!(after("c2-c3"), ["c4xc2"]);
    assert_eq!(after("d2-c3"), ["b4xd2", "d4xd2"]);
    assert_eq!(after("d3-c3"), ["b3xd3"]);
    // Steps: forwards and sideways, diagonally only from a point with diagonals (b2, not c2),
    // and none from the far row (d5).
    assert_eq!(
        moves_of("alquerque", "(White (Man b2 c2 d5)) (Black (Man a4))"),
        ["b2-a2", "b2-a3", "b2-b3", "b2-c3", "c2-c3", "c2-d2"]
    );
    // Black's forward is south, and its men step sideways too.
    assert_eq!(
        moves_of(
            "alquerque",
            "(White (Man c1)) (Black (Man b2 d4 c5 e4)) (turn Black)"
        ),
        [
            "b2-a1", "b2-a2", "b2-b1", "b2-c2", "c5-b4", "c5-b5", "c5-c4", "c5-d5", "d4-c3",
            "d4-c4", "d4-d3", "d4-e3", "e4-e3"
        ]
    );
    // Captures are compulsory, go on to their end, turn as they like and may go backwards (a5,
    // stuck on the far row for steps, jumps back over b4); every chain is its own move. c1 takes
    // c2, then d4 (to e5) or d2 (to e1); or d2, d4 and b4 in turn (c1xe3xc5xa3).
    assert_eq!(
        moves_of("alquerque", "(White (Man c1 a5)) (Black (Man c2 d4 b4 d2))"),
        [
            "a5xc3xe1",
            "a5xc3xe5",
            "c1xc3xe1",
            "c1xc3xe5",
            "c1xe3xc5xa3"
        ]
    );
}

/// Fanorona: the opening counted by hand, and positions that show each rule.
#[test]
fn fanorona_captures_by_approach_and_withdrawal_in_chains() {
    // Depth 1: e3 is the only empty point, and its eight neighbours (it has diagonals) are d3,
    // e2, d2, f2 (White) and f3, e4, d4, f4 (Black). d3 east approaches f3 (g3 behind it is
    // White's: one stone) or withdraws from c3 (b3 is White's): two moves. e2 north approaches
    // e4 and e5; d2 north-east approaches f4 and g5; f2 north-west approaches d4 and c5; none
    // of the three can withdraw (e1, c1 and g1 are White's). Every step into e3 captures, so
    // no paika is allowed: 5 moves, the published count.
    let game = crate::load("games/fanorona.game");
    assert_eq!(
        crate::sorted_notations(&game, &game.initial_position()),
        ["d2-e3A", "d3-e3A", "d3-e3W", "e2-e3A", "f2-e3A"]
    );
    // Black's stone on a1 takes c1 by approach at b1, or c3 by approach at b2, and may stop
    // there or go on: from b1 north to b2 (approaching b3); from b2 south to b1 (withdrawing
    // from b3) or north-west to a3 (withdrawing from c1). Never back to a1, its starting
    // point, which from b2 would withdraw from c3 (after b1 and b2, that would be
    // a1-b1A-b2A-a1W); never north-east again after b2 (c3 is empty by then anyway).
    let chains = "(Black (Stone a1)) (White (Stone c1 b3 c3))";
    assert_eq!(
        moves_of("fanorona", &format!("{chains} (turn Black)")),
        ["a1-b1A", "a1-b1A-b2A", "a1-b2A", "a1-b2A-a3W", "a1-b2A-b1W"]
    );
    // The same with White to move in a position with no move played yet: the first move of
    // the game captures once.
    assert_eq!(
        moves_of("fanorona", "(White (Stone a1)) (Black (Stone c1 b3 c3))"),
        ["a1-b1A", "a1-b2A"]
    );
    // Not twice in one direction: b1 east to c1 withdraws from a1; going on east to d1 would
    // approach e1, and is not allowed. And capturing is compulsory: the paika b1-b2 is not a
    // move.
    assert_eq!(
        moves_of(
            "fanorona",
            "(Black (Stone b1)) (White (Stone a1 e1)) (turn Black)"
        ),
        ["b1-c1W"]
    );
    // Without a capture, every step to an empty neighbour is a paika (b1 has no diagonals).
    assert_eq!(
        moves_of(
            "fanorona",
            "(Black (Stone b1)) (White (Stone e5)) (turn Black)"
        ),
        ["b1-a1", "b1-b2", "b1-c1"]
    );
    // Two sequences with the same start, end and stones taken are one move: after these four
    // moves, c2-c3A-b4A-c5W-d5W-d4A and c2-c3A-b4W-c5W-d5W-d4A take the same six stones (at
    // b4 the first approaches a5, and its last step takes d2 with d3; the second withdraws
    // from d2 there, and its withdrawal at d5 takes a5 with b5); so do the two that go on to
    // c4. 52 moves, where the paths are 54 (scripts/fanorona_referee.py).
    let position = crate::play_moves(
        &game,
        game.initial_position(),
        &["d3-e3W", "b4-c3A-d3A-d2A", "f2-e3A-d3W", "d5-d4A-c3A-d3W"],
    );
    let merged = crate::sorted_notations(&game, &position);
    assert_eq!(merged.len(), 52);
    for end in ["d4A", "d4A-c4W"] {
        let listed = ["b4A", "b4W"]
            .iter()
            .filter(|b4| merged.contains(&format!("c2-c3A-{b4}-c5W-d5W-{end}")))
            .count();
        assert_eq!(listed, 1, "one of the two paths that end {end}");
    }
}

/// Surakarta has no published perft: its first two plies, counted by hand, and positions that
/// show each rule.
#[test]
fn surakarta_captures_along_the_circuits_through_a_loop() {
    // Depth 1: no capture is possible (every circuit line leaves the board through a loop at a
    // rank 1, 2, 5 or 6 point, all taken, and the first stone met after it is a friend or no
    // loop has been passed). Only the stones of rank 2 can step, to rank 3: a2 and f2 to two
    // points each, b2 ... e2 to three: 2 + 4 x 3 + 2 = 16. Depth 2: whatever White played,
    // Black still has no capture (its loops lead to its own full ranks 5 and 6, or through
    // rank 2, 1 or the empty ranks back to them), and its rank 5 stones step to rank 4 in 16
    // ways: 16 x 16 = 256.
    let game = crate::load("games/surakarta.game");
    assert_eq!(
        crate::sorted_notations(&game, &game.initial_position()).len(),
        16
    );
    // c4 takes d6 by going east over d4, e4 and f4 and round the large top right loop, which
    // brings it south onto d6; going north, west or south it reaches d6 too (over its own
    // starting point, which counts as empty, or round more loops): one move. Capturing is not
    // compulsory: the steps stand beside it.
    assert_eq!(
        moves_of("surakarta", "(White (Stone c4)) (Black (Stone d6))"),
        ["c4-b3", "c4-b4", "c4-b5", "c4-c3", "c4-c5", "c4-d3", "c4-d4", "c4-d5", "c4xd6"]
    );
    // d4, next to c4 on rank 4, cannot be taken straight away: no loop lies between. Going
    // north, c4 comes round the loop from c6 onto a4, eastwards over b4 and its own starting
    // point to d4: taken. (South and west lead round through d1 and d2, where White's own
    // stone stops them; d2 itself only goes all the way round its circuits.)
    assert_eq!(
        moves_of("surakarta", "(White (Stone c4 d2)) (Black (Stone d4))"),
        [
            "c4-b3", "c4-b4", "c4-b5", "c4-c3", "c4-c5", "c4-d3", "c4-d5", "c4xd4", "d2-c1",
            "d2-c2", "d2-c3", "d2-d1", "d2-d3", "d2-e1", "d2-e2", "d2-e3"
        ]
    );
    // At least one loop: d3 stands next to c3 on rank 3, and every way round the circuits
    // to it is stopped by a White stone (c2 below c3, d5 above d3): no capture at all.
    let blocked = moves_of("surakarta", "(White (Stone c3 c2 d5)) (Black (Stone d3))");
    assert_eq!(blocked.len(), 20);
    assert!(blocked.iter().all(|m| !m.contains('x')), "{blocked:?}");
    // Without d5, c3 goes north round the top left loop and along rank 4 and the top right
    // loop, down the d file onto d3.
    assert!(
        moves_of("surakarta", "(White (Stone c3 c2)) (Black (Stone d3))")
            .contains(&"c3xd3".to_string())
    );
}

/// Lines of Action: a stone moves as far as its line holds stones; a capture that joins the
/// enemy's stones loses, unless it joins the mover's too; a board brought back draws.
#[test]
fn lines_of_action_counts_its_lines_joins_its_stones_and_draws_on_a_board_brought_back() {
    let game = crate::load("games/lines-of-action.game");
    let mut gen = dagaz_engine::MoveGen::default();
    let end_after = |setup: &str, m: &str, gen: &mut dagaz_engine::MoveGen| {
        let position = crate::play_moves(&game, game.setup(setup).unwrap(), &[m]);
        let ended = gen.ending(&game, &position).unwrap().unwrap();
        (
            game.player_name(ended.player).to_string(),
            ended.outcome,
            ended.reason,
        )
    };
    // The diagonal a4-e8 holds c6 and e8: c6 goes two squares, over nothing, and takes e8.
    let lone = "(Black (Stone c6 a1)) (White (Stone a8 b8 e8)) (turn Black)";
    let moves = crate::sorted_notations(&game, &game.setup(lone).unwrap());
    assert!(moves.contains(&"c6e8".to_string()), "{moves:?}");
    // White's a8 and b8 are left joined, Black's stones are not: Black loses (goal #3).
    use dagaz_engine::{EndReason, Outcome};
    assert_eq!(
        end_after(lone, "c6e8", &mut gen),
        ("Black".to_string(), Some(Outcome::Loss), EndReason::Goal(3))
    );
    // With d8, e8 joins Black's stones too: the mover wins (goal #2).
    let both = "(Black (Stone c6 d8)) (White (Stone a8 b8 e8)) (turn Black)";
    assert_eq!(
        end_after(both, "c6e8", &mut gen),
        ("Black".to_string(), Some(Outcome::Win), EndReason::Goal(2))
    );
    // A stone may not jump an enemy stone: from a1 along the first row (a1, c1, d1: three
    // squares) White's c1 is in the way.
    let blocked = "(Black (Stone a1 d1 h8)) (White (Stone c1 a8)) (turn Black)";
    let moves = crate::sorted_notations(&game, &game.setup(blocked).unwrap());
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("a1") && m.ends_with('1')),
        "{moves:?}"
    );
    // b1b3 a2c2 b3b1 c2a2 brings back the start: a draw.
    let position = crate::play_moves(
        &game,
        game.initial_position(),
        &["b1b3", "a2c2", "b3b1", "c2a2"],
    );
    let ended = gen.ending(&game, &position).unwrap().unwrap();
    assert_eq!(
        (ended.outcome, ended.reason),
        (Some(Outcome::Draw), EndReason::Repetition)
    );
}

/// Nine men's morris: a placement or a move that completes a mill removes an enemy man in the
/// same move, outside the mills while there is one; men move only once the hand is empty.
#[test]
fn nine_mens_morris_removes_after_a_mill_and_moves_once_the_hand_is_empty() {
    let game = crate::load("games/nine-mens-morris.game");
    let moves = |setup: &str| crate::sorted_notations(&game, &game.setup(setup).unwrap());
    // g1 completes a1-d1-g1; Black's a7-d7-g7 is a mill, so b6 alone may go.
    let mill = moves(
        "(White (Man a1 d1) (hand (Man 7))) (Black (Man a7 d7 g7 b6) (hand (Man 5))) (turn White)",
    );
    assert!(mill.contains(&"g1xb6".to_string()), "{mill:?}");
    assert!(!mill.iter().any(|m| m == "g1" || m == "g1xa7"), "{mill:?}");
    assert!(mill.contains(&"b2".to_string()), "{mill:?}");
    // With every black man in a mill, any may go; White's men on the board do not move while
    // White has men in hand.
    let all = moves(
        "(White (Man a1 d1) (hand (Man 7))) (Black (Man a7 d7 g7) (hand (Man 6))) (turn White)",
    );
    for m in ["g1xa7", "g1xd7", "g1xg7"] {
        assert!(all.contains(&m.to_string()), "{all:?}");
    }
    assert_eq!(all.len(), 21, "{all:?}");
    // Hands empty: a man steps along a line to the next point, never over the centre (c4 to
    // e4 is no step); a4a1 completes a1-d1-g1 and takes a man outside Black's two mills.
    let board =
        "(White (Man a4 c4 d1 g1 g4 b6 d6 f6 c3)) (Black (Man a7 d7 g7 b2 d2 f2 c5 e5 e3)) \
                 (turn White)";
    let steps = moves(board);
    for m in ["a4a1xc5", "a4a1xe3", "a4a1xe5", "c4b4"] {
        assert!(steps.contains(&m.to_string()), "{steps:?}");
    }
    assert_eq!(steps.len(), 13, "{steps:?}");
    assert!(
        !steps
            .iter()
            .any(|m| m.starts_with("c4e4") || m.contains("d4")),
        "{steps:?}"
    );
}

/// Amazons: the amazon's move and the arrow's flight are one move, the arrow may fly back over
/// or onto the square just left, and a player whose amazons cannot move loses.
#[test]
fn amazons_shoots_from_where_it_lands_and_a_boxed_player_loses() {
    let game = crate::load("games/amazons.game");
    let hands = "(White (hand (Arrow unlimited))) (Black (Amazon j10) (hand (Arrow unlimited)))";
    let moves = |setup: &str| {
        crate::sorted_notations(&game, &game.setup(&format!("{setup} {hands}")).unwrap())
    };
    let corner = moves("(White (Amazon a1) (Arrow a2 b2))");
    // Along the first row only (a2 and b2 are arrows): nine landings, each with its flights.
    assert!(corner
        .iter()
        .all(|m| m.starts_with("a1") && m[2..].starts_with(|c| c != 'a')));
    for m in ["a1b1,b1a1", "a1j1,j1a10", "a1c1,c1c10"] {
        assert!(corner.contains(&m.to_string()), "{corner:?}");
    }
    assert!(!corner.contains(&"a1c1,c1a3".to_string()), "{corner:?}");
    let boxed = game
        .setup(&format!("(White (Amazon a1) (Arrow a2 b2 b1)) {hands}"))
        .unwrap();
    let mut gen = dagaz_engine::MoveGen::default();
    let ended = gen.ending(&game, &boxed).unwrap().unwrap();
    assert_eq!(game.player_name(ended.player), "White");
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Loss));
}

/// Chinese checkers: a chain of hops may stop after any hop and never lands where it has been;
/// filling the opposite point wins.
#[test]
fn chinese_checkers_hops_in_chains_and_fills_the_opposite_point() {
    let game = crate::load("games/chinese-checkers.game");
    // m9 hops over l8 to k7, then over l6 to m5; not back over l8 to m9, nor from m5 back to k7.
    let chain = game
        .setup("(North (Marble m9)) (South (Marble l8 l6 m17)) (turn North)")
        .unwrap();
    assert_eq!(
        crate::sorted_notations(&game, &chain),
        ["m9k7", "m9k7m5", "m9k9", "m9l10", "m9n10", "m9n8", "m9o9"]
    );
    let mut home = game
        .setup("(North (Marble i5 l4 n4 p4 k3 m3 o3 l2 n2 m1)) (South (Marble m17)) (turn North)")
        .unwrap();
    let mut gen = dagaz_engine::MoveGen::default();
    let mv = crate::find_move(&game, &home, "i5j4");
    home.play(&game, &mv);
    let ended = gen.ending(&game, &home).unwrap().unwrap();
    assert_eq!(game.player_name(ended.player), "North");
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Win));
}

/// The games played to their end here besides those of the list above: chess and draughts,
/// whose perft tests are in `chess.rs`, `draughts.rs` and `simple_checkers.rs`.
const ALSO_PLAYED: &[&str] = &[
    "chess",
    "international",
    "brazilian",
    "russian",
    "english",
    "italian",
    "turkish",
    "frisian",
    "simple-checkers",
];

#[test]
fn the_engine_plays_each_library_game_to_its_end() {
    let endings: Vec<(&str, String)> = GAMES
        .iter()
        .chain(ALSO_PLAYED)
        .map(|&name| (name, play_to_the_end(name)))
        .filter(|(_, last)| !last.starts_with("game over"))
        .collect();
    assert_eq!(endings, Vec::<(&str, String)>::new());
}

/// Dobutsu: a lion may be taken, which ends the game, and the SFEN of the position it leaves
/// reads back (the `movegen` fuzz target found it refused: "White has no King").
#[test]
fn dobutsu_a_taken_lion_ends_the_game_and_its_sfen_reads_back() {
    let game = crate::load("games/dobutsu.game");
    let mut position = game.from_fen("3/1l1/1L1/3 b - 1").unwrap();
    let mut gen = dagaz_engine::MoveGen::default();
    let mv = crate::find_move(&game, &position, "2c2b");
    position.play(&game, &mv);
    let fen = game.to_fen(&position).unwrap();
    assert_eq!(fen, "3/1L1/3/3 w L 2");
    let read = game.from_fen(&fen).unwrap();
    assert_eq!(game.to_fen(&read).unwrap(), fen);
    let ended = gen.ending(&game, &read).unwrap().unwrap();
    assert_eq!(game.player_name(ended.player), "Black");
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Win));
}
