//! The classics without a referee library (issue #13): the tafl games, konane and halma. Their
//! start-position perft is in `tests/data/games-perft.tsv` (counted by our own move generator,
//! `scripts/classic_referees.py`); here the first two depths are worked out by hand, and small
//! positions built with `--setup` exercise each special rule, through the command line as a
//! player would meet them.

use crate::repo_path;

/// What `dagaz moves GAME --setup SETUP [--moves MOVES]` prints, one line a move; on a finished
/// game (exit code 1), the end's line it writes on standard error.
fn moves(game: &str, setup: &str, played: &[&str]) -> Vec<String> {
    let path = repo_path(&format!("games/{game}.game"));
    let mut argv = vec!["dagaz", "moves", path.to_str().unwrap(), "--setup", setup];
    if !played.is_empty() {
        argv.push("--moves");
        argv.extend_from_slice(played);
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = dagaz_cli::run(argv, &mut out, &mut err, false);
    let printed = match code {
        0 => out,
        1 => err,
        _ => panic!("exit {code}: {}", String::from_utf8_lossy(&err)),
    };
    String::from_utf8(printed)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The start squares of the moves listed (the pieces of the side to move that can move): a
/// move is its start and end squares, each a letter and a number.
fn movers(listed: &[String]) -> Vec<String> {
    let mut out: Vec<String> = listed
        .iter()
        .map(|m| {
            let rank = m[1..].chars().take_while(char::is_ascii_digit).count();
            m[..=rank].to_string()
        })
        .collect();
    out.dedup();
    out
}

fn perft(game: &str, depth: u32) -> u64 {
    let game = crate::load(&format!("games/{game}.game"));
    let mut position = game.initial_position();
    let mut perft = dagaz_engine::Perft::new(
        &game,
        dagaz_engine::MoveGen::default(),
        dagaz_engine::Counting::Bulk,
    );
    perft.count(&mut position, depth).unwrap()
}

// Brandubh from the start. Depth 1, Black: each of the four arms of the cross has a soldier on
// the edge (d1) and one inside it (d2). The edge one slides along the edge two squares each
// way, short of the corners (d1 to b1 c1 e1 f1): 4. The inner one slides along its row three
// squares each way (d2 to a2 b2 c2 e2 f2 g2); ahead stands the defender d3, behind the soldier
// d1: 6. Ten an arm, 40 in all.
//
// Depth 2, White: the king is walled in by its four soldiers; each soldier slides six squares
// along the line across its arm (d3 to a3 ... g3), and neither forward (the king) nor back (the
// attacker) : 24 before Black's move. No first move of Black captures (none lands next to a
// defender). Take the south arm (the others are the same turned): d1 to b1 or f1 changes
// nothing; d1 to c1 or e1 stands on the far end of the line of c4 or e4 (-1 each). d2 leaving
// lets d3 step back to d2 (+1, six moves); d2 to c2 or e2 also cuts c4's or e4's line at c2
// (-2 each: c2 and c1). The arm's ten moves change White's count by -2 + 6 - 4 = 0 in all, so
// depth 2 is 40 x 24 = 960.
#[test]
fn brandubh_perft_by_hand() {
    assert_eq!((perft("brandubh", 1), perft("brandubh", 2)), (40, 960));
}

#[test]
fn brandubh_captures_a_soldier_between_two_enemies_or_against_a_hostile_square() {
    let g = "brandubh";
    // a4c4 closes c2-c4 around c3: White has its king alone left to move.
    let after = moves(
        g,
        "(Black (Soldier c2 a4)) (White (King g6) (Soldier c3)) (turn Black)",
        &["a4c4"],
    );
    assert_eq!(movers(&after), ["g6"]);
    // c5c1 traps b1 against the corner a1.
    let after = moves(
        g,
        "(Black (Soldier c5 a3)) (White (King g6) (Soldier b1)) (turn Black)",
        &["c5c1"],
    );
    assert_eq!(movers(&after), ["g6"]);
    // b6d6 traps d5 against the empty throne d4, but not against the throne holding the king.
    let after = moves(
        g,
        "(Black (Soldier b6 a3)) (White (King g6) (Soldier d5)) (turn Black)",
        &["b6d6"],
    );
    assert_eq!(movers(&after), ["g6"]);
    let after = moves(
        g,
        "(Black (Soldier b6 a3)) (White (King d4) (Soldier d5)) (turn Black)",
        &["b6d6"],
    );
    assert_eq!(movers(&after), ["d4", "d5"]);
    // A soldier may move between two enemies unharmed; it passes over the empty throne (d7d3).
    let after = moves(
        g,
        "(Black (Soldier d7 b7)) (White (King g2) (Soldier c3 e3)) (turn Black)",
        &["d7d3"],
    );
    assert_eq!(movers(&after), ["c3", "e3", "g2"]);
}

#[test]
fn brandubh_soldiers_keep_off_the_throne_and_corners_and_the_king_does_not() {
    let listed = moves(
        "brandubh",
        "(Black (Soldier c4)) (White (King a5) (Soldier d6)) (turn White)",
        &[],
    );
    assert!(
        listed.contains(&"d6d3".to_string()),
        "over the empty throne"
    );
    assert!(!listed.contains(&"d6d4".to_string()), "not onto it");
    assert!(listed.contains(&"a5a7".to_string()) && listed.contains(&"a5a1".to_string()));
    let listed = moves(
        "brandubh",
        "(Black (Soldier b7)) (White (King a5) (Soldier d6)) (turn Black)",
        &[],
    );
    assert!(
        !listed.contains(&"b7a7".to_string()),
        "a soldier may not stop on a corner"
    );
}

#[test]
fn brandubh_king_escapes_or_is_taken_as_the_throne_says() {
    let g = "brandubh";
    let black_wins = ["game over — Black wins: the king captured"];
    // The king reaches a corner.
    let escaped = moves(
        g,
        "(Black (Soldier c4)) (White (King a5) (Soldier f2)) (turn White)",
        &["a5a7"],
    );
    assert_eq!(escaped, ["game over — White wins: the king escaped"]);
    // Away from the throne two attackers take him, or one against a corner.
    let taken = moves(
        g,
        "(Black (Soldier b6 a4)) (White (King b5) (Soldier f6)) (turn Black)",
        &["a4b4"],
    );
    assert_eq!(taken, black_wins);
    let taken = moves(
        g,
        "(Black (Soldier c5)) (White (King a6) (Soldier f2)) (turn Black)",
        &["c5a5"],
    );
    assert_eq!(taken, black_wins);
    // Next to the throne: three attackers and the throne, not two.
    let taken = moves(
        g,
        "(Black (Soldier c5 e7 d6)) (White (King d5) (Soldier f2)) (turn Black)",
        &["e7e5"],
    );
    assert_eq!(taken, black_wins);
    let safe = moves(
        g,
        "(Black (Soldier c5 e7)) (White (King d5) (Soldier f2)) (turn Black)",
        &["e7e5"],
    );
    assert_eq!(movers(&safe), ["d5", "f2"]);
    // On the throne: four attackers, not three.
    let taken = moves(
        g,
        "(Black (Soldier c4 e4 d5 b3)) (White (King d4) (Soldier f2)) (turn Black)",
        &["b3d3"],
    );
    assert_eq!(taken, black_wins);
    let safe = moves(
        g,
        "(Black (Soldier c4 e4 b5)) (White (King d4) (Soldier f2)) (turn Black)",
        &["b5d5"],
    );
    assert_eq!(movers(&safe), ["d4", "f2"]);
}

// Tablut from the start. Depth 1, Black: each of the four groups of four (d1 e1 f1 e2 for the
// south) has 20 moves. d1 slides west to c1 b1 a1 (no corner is restricted) and north to d2 d3
// d4 (d5 is a defender): 6; f1 likewise 6; e1 is shut in: 0; e2 slides four squares each way
// along row 2 and not north (e3): 8. 80 in all.
//
// Depth 2, White: the king is shut in; of each arm of the cross, the outer soldier (e3) slides
// four squares each way along its row (8) and the inner one (e4) three each way (6): 56 before
// Black's move, and no first move of Black captures. For the south group (the others are the
// same turned) the change each move makes to White's count: d1 leaving frees d1 for d5's slide
// south (+1): to b1 or a1 that is all (+1 each); to c1 it also cuts c5's slide at c1 (0); north
// it stands in d5's way instead, at d2 (-1), at d3 (-2, and e3 loses its four squares west:
// -6) or at d4 (-3, and e4 its three: -6). f1 the same: -11 each. e2 leaving frees e2 for e3
// (+1 on each of its 8 moves); at d2 or f2 it cuts d5's or f5's slide (-1), at c2 or g2 c5's
// or g5's (-2): +2 in all. The group changes the count by -11 - 11 + 2 = -20, the four by -80,
// and depth 2 is 80 x 56 - 80 = 4,400.
#[test]
fn tablut_perft_by_hand() {
    assert_eq!((perft("tablut", 1), perft("tablut", 2)), (80, 4400));
}

#[test]
fn tablut_king_escapes_to_the_edge_and_is_strong_only_by_the_throne() {
    let g = "tablut";
    let black_wins = ["game over — Black wins: the king captured"];
    let escaped = moves(
        g,
        "(Black (Soldier a4)) (White (King c3) (Soldier g7)) (turn White)",
        &["c3c1"],
    );
    assert_eq!(escaped, ["game over — White wins: the king escaped"]);
    // Away from the throne two attackers take the king.
    let taken = moves(
        g,
        "(Black (Soldier c7 a5)) (White (King c6) (Soldier g7)) (turn Black)",
        &["a5c5"],
    );
    assert_eq!(taken, black_wins);
    // Next to the throne (e5) three attackers and the throne do; one and the throne do not.
    let taken = moves(
        g,
        "(Black (Soldier d4 c5 d7)) (White (King d5) (Soldier g7)) (turn Black)",
        &["d7d6"],
    );
    assert_eq!(taken, black_wins);
    let safe = moves(
        g,
        "(Black (Soldier a5)) (White (King d5) (Soldier g7)) (turn Black)",
        &["a5c5"],
    );
    assert_eq!(movers(&safe), ["d5", "g7"]);
    // A soldier is trapped against the throne only while it is empty.
    let safe = moves(
        g,
        "(Black (Soldier a5)) (White (King e5) (Soldier d5 g7)) (turn Black)",
        &["a5c5"],
    );
    assert_eq!(movers(&safe), ["d5", "e5", "g7"]);
    let taken = moves(
        g,
        "(Black (Soldier a5)) (White (King c8) (Soldier d5 g7)) (turn Black)",
        &["a5c5"],
    );
    assert_eq!(movers(&taken), ["c8", "g7"]);
}

// Hnefatafl from the start. Depth 1, Black: each group of six (d1 e1 f1 g1 h1 f2 for the south)
// has 29 moves. d1 slides west to c1 b1 (a1 is a corner) and north to d2 ... d5 (d6 is a
// defender): 6; h1 likewise 6; e1 north to e2 e3 e4 (e5): 3; g1 likewise 3; f1 is shut in; f2
// slides five squares each way along row 2 and to f3 (f4): 11. 116 in all.
//
// Depth 2, White: the king and the four soldiers around him are shut in; each tip of the
// diamond (f4) slides four squares each way along its row and one back (f3): 9; each soldier
// on a side of it (e5) three squares along its row and three back along its column: 6. That is
// 4 x 9 + 4 x 6 = 60 before Black's move, and no first move of Black captures. For the south
// group (the others are the same turned), the change each move makes to White's count: d1
// leaving frees d1 for d6's slide south (+1), so to c1 or b1 +1 each; north it stands in d6's
// way instead, at d2 (-1), d3 (-2), d4 (-3, and f4 loses e4 d4 c4 b4 but e4: -3 more) or d5
// (-4, and e5 its three squares west: -3): -14 in all; h1 the same. e1 leaving frees e1 for
// e5's slide south, but its moves stand in that slide, at e2 (-1), e3 (-2) or e4 (-3, and f4
// loses its four squares west: -4): -10; g1 the same. f2 leaving frees f2 for f4 (+1 on each
// of its 11 moves); at d2 e2 g2 h2 it cuts the slide of d6 e5 g5 h6 (-1 each), at f3 it leaves
// f4 nothing south (-2 from the +1): +5 in all. The group: -14 - 14 - 10 - 10 + 5 = -43; the
// four, -172; depth 2 is 116 x 60 - 172 = 6,788.
#[test]
fn hnefatafl_perft_by_hand() {
    assert_eq!((perft("hnefatafl", 1), perft("hnefatafl", 2)), (116, 6788));
}

#[test]
fn hnefatafl_king_needs_four_sides_and_soldiers_keep_off_the_throne() {
    let g = "hnefatafl";
    let black_wins = ["game over — Black wins: the king captured"];
    // Four attackers take the king, three do not; nor can he be taken on the edge.
    let taken = moves(
        g,
        "(Black (Soldier c3 c5 b4 e4)) (White (King c4) (Soldier h8)) (turn Black)",
        &["e4d4"],
    );
    assert_eq!(taken, black_wins);
    let safe = moves(
        g,
        "(Black (Soldier c3 c5 e4)) (White (King c4) (Soldier h8)) (turn Black)",
        &["e4d4"],
    );
    assert_eq!(movers(&safe), ["c4", "h8"]);
    let safe = moves(
        g,
        "(Black (Soldier a5 a7 c6)) (White (King a6) (Soldier h8)) (turn Black)",
        &["c6b6"],
    );
    assert_eq!(movers(&safe), ["h8"]);
    // Next to the throne (f6), three attackers and the throne take him.
    let taken = moves(
        g,
        "(Black (Soldier e7 g7 f9)) (White (King f7) (Soldier h2)) (turn Black)",
        &["f9f8"],
    );
    assert_eq!(taken, black_wins);
    // A soldier may pass over the empty throne but not stop on it.
    let listed = moves(
        g,
        "(Black (Soldier c6 e7 g7)) (White (King f7) (Soldier h2)) (turn Black)",
        &[],
    );
    assert!(listed.contains(&"c6g6".to_string()) && !listed.contains(&"c6f6".to_string()));
    // a5a3 traps a2 against the corner a1; b1, already between c1 and the corner, stays.
    let after = moves(
        g,
        "(Black (Soldier c1 a5)) (White (King f6) (Soldier b1 a2)) (turn Black)",
        &["a5a3"],
    );
    assert_eq!(movers(&after), ["b1", "f6"]);
}

// Konane from the start. Depth 1: Black may lift a1, h8, d4 or e5: 4. Depth 2: White lifts one
// of its stones next to the gap: two next to a corner (a2 b1; g8 h7), four next to the centre
// (d3 d5 c4 e4; e4 e6 d5 f5): 2 + 2 + 4 + 4 = 12. Depth 3: a Black stone jumps a White one
// into a Black gap (a jump keeps a stone on its own colour, so only the first gap can take
// one): after a1 and a2, c1 over b1 (a3 over a2 is over a gap); after a1 and b1, a3 over a2: 1
// each; after d4 and one of its four neighbours, the three stones two squares from d4 whose
// jump passes over a White stone (d6 d2 b4 f4, less the one over the gap): 3 each. So
// 2 x (1 + 1) + 2 x (4 x 3) = 28.
#[test]
fn konane_perft_by_hand() {
    assert_eq!(
        (perft("konane", 1), perft("konane", 2), perft("konane", 3)),
        (4, 12, 28)
    );
}

#[test]
fn konane_opens_with_two_lifts_then_jumps_straight_on() {
    let g = "konane";
    let start = crate::load("games/konane.game");
    let after_lift = |first: &str| {
        let position = crate::play_moves(&start, start.initial_position(), &[first]);
        crate::sorted_notations(&start, &position)
    };
    assert_eq!(after_lift("d4"), ["c4", "d3", "d5", "e4"]);
    assert_eq!(after_lift("h8"), ["g8", "h7"]);
    // A stone jumps one, two or three enemies in a line (a1 north), never turning (a3 to c3
    // over b3), never diagonally, and never over an empty square (e1 west).
    let listed = moves(
        g,
        "(Black (Stone a1 e1)) (White (Stone a2 a4 b3 a6 c1 f2))",
        &[],
    );
    assert_eq!(listed, ["a1a3", "a1a5", "a1a7"]);
    // A player who cannot move loses.
    let stuck = moves(g, "(Black (Stone a1)) (White (Stone c3)) (turn Black)", &[]);
    assert_eq!(stuck, ["game over — Black has no moves and loses"]);
}

// Halma from the start. Depth 1, White (camp a1 b1 c1 d1 a2 b2 c2 a3 b3 a4): the steps onto
// the empty squares round the camp are d1 to d2 e1 e2, c2 to c3 d2 d3, b3 to b4 c3 c4, a4 to
// a5 b4 b5, a3 to b4, b2 to c3, c1 to d2 (15); the jumps, each chain ending where no further
// jump finds a square not stood on yet, are a3 over a4 to a5 and over b3 to c3, b2 over c2 to
// d2 and over b3 to b4, c1 over d1 to e1 and over c2 to c3, a1 over b2 to c3, b1 over c2 to
// d3, a2 over b3 to c4 (9): 24. Depth 2: no square White's first move reaches is next to a
// black piece or to a square Black's moves use, so Black has its own 24 (its camp is White's
// turned half round) after each: 24 x 24 = 576.
#[test]
fn halma_perft_by_hand() {
    assert_eq!((perft("halma", 1), perft("halma", 2)), (24, 576));
}

#[test]
fn halma_jumps_in_chains_without_capture_or_return_and_a_full_camp_wins() {
    let g = "halma";
    let from = |listed: Vec<String>, square: &str| -> Vec<String> {
        listed
            .into_iter()
            .filter(|m| m.starts_with(square))
            .collect()
    };
    // a1 jumps b2 (an enemy) to c3, then turns north over c4 to c5.
    let listed = moves(g, "(White (Man a1 c4)) (Black (Man b2 h8))", &[]);
    assert_eq!(from(listed, "a1"), ["a1a2", "a1b1", "a1c3", "a1c5"]);
    // Round four pieces the chain from c3 comes back to c3 and stops there: e3, e5 and c5 are
    // reached, e5 both ways round (one move), and c3 itself is no landing.
    let ring = "(White (Man c3)) (Black (Man d3 e4 d5 c4 h8))";
    let listed = moves(g, ring, &[]);
    assert_eq!(
        listed,
        ["c3b2", "c3b3", "c3b4", "c3c2", "c3c5", "c3d2", "c3d4", "c3e3", "c3e5"]
    );
    // Nothing is captured: Black still moves all five pieces.
    assert_eq!(
        movers(&moves(g, ring, &["c3e5"])),
        ["c4", "d3", "d5", "e4", "h8"]
    );
    // The tenth piece in the enemy camp wins.
    let full = moves(
        g,
        "(White (Man h8 g8 f8 e8 h7 g7 f7 h6 g6 h4)) (Black (Man a1))",
        &["h4h5"],
    );
    assert_eq!(full, ["game over — White wins: the camp taken"]);
}
