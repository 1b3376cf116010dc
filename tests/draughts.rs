//! The draughts family against published perft counts (`tests/data/draughts-perft.tsv`), plus
//! PDN FEN and move notation.
//!
//! Each row runs in CI to the deepest depth whose count is at most `CI_LEAVES`; the start
//! positions always to depth 7. The rest runs on demand:
//! `cargo test --release -p dagaz-tests -- --ignored deep`.

use crate::{load, PerftRow};
use dagaz_engine::{Counting, Game, MoveGen, Perft};
use pretty_assertions::assert_eq;

/// The most leaves a CI perft may count.
const CI_LEAVES: u64 = 1_100_000;
/// The most leaves an on-demand perft may count.
const DEEP_LEAVES: u64 = 300_000_000;

fn rows() -> Vec<PerftRow> {
    crate::perft_table("tests/data/draughts-perft.tsv")
}

fn game(variant: &str) -> Game {
    load(&format!("games/{variant}.game"))
}

/// Checks every depth of every row of `variant` whose count is within `[min, max]` leaves
/// (the start position's first seven depths always count as within); answers how many.
fn check(variant: &str, min: u64, max: u64) -> usize {
    let game = game(variant);
    let mut checked = 0;
    for row in rows().iter().filter(|r| r.name == variant) {
        let start = row.fen == game.to_fen(&game.initial_position()).unwrap_or_default();
        for (depth, &expected) in (1..).zip(&row.counts) {
            let forced = start && depth <= 7 && min == 0;
            if !(forced || (min..=max).contains(&expected)) {
                continue;
            }
            let mut position = game.from_fen(&row.fen).unwrap();
            let mut perft = Perft::new(&game, MoveGen::default(), Counting::Bulk);
            let got = perft.count(&mut position, depth).unwrap();
            assert_eq!(got, expected, "{variant} {} depth {depth}", row.fen);
            checked += 1;
        }
    }
    checked
}

#[test]
fn international_perft() {
    assert!(check("international", 0, CI_LEAVES) >= 40);
}

#[test]
fn english_perft() {
    assert!(check("english", 0, CI_LEAVES) >= 7);
}

#[test]
fn russian_perft() {
    assert!(check("russian", 0, CI_LEAVES) >= 7);
}

#[test]
fn brazilian_perft() {
    assert!(check("brazilian", 0, CI_LEAVES) >= 7);
}

#[test]
fn italian_perft() {
    assert!(check("italian", 0, CI_LEAVES) >= 20);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_italian_perft() {
    check("italian", CI_LEAVES + 1, DEEP_LEAVES);
}

#[test]
fn frisian_perft() {
    assert!(check("frisian", 0, CI_LEAVES) >= 7);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_frisian_perft() {
    check("frisian", CI_LEAVES + 1, DEEP_LEAVES);
}

#[test]
fn frisian_pieces_capture_orthogonally() {
    // White 33 takes 23 straight ahead, landing on 13.
    assert_eq!(notations(&game("frisian"), "W:W33:B23"), vec!["33x13"]);
}

/// The sorted notations of the position reached by playing `moves` from `fen`.
fn notations_after(game: &Game, fen: &str, moves: &[&str]) -> Vec<String> {
    let position = crate::play_moves(game, game.from_fen(fen).unwrap(), moves);
    crate::sorted_notations(game, &position)
}

#[test]
fn frisian_kings_move_at_most_three_times_in_a_row_beside_men() {
    let g = game("frisian");
    // White: a man on 46 and a king on 5; Black: a man on 1 and a king on 50. Each king goes to
    // and fro, three moves each.
    let fen = "W:W46,K5:B1,K50";
    let to_and_fro = ["5-10", "50-45", "10-5", "45-50", "5-10", "50-45"];
    let white_king_free = vec![
        "46-41", "5-10", "5-14", "5-19", "5-23", "5-28", "5-32", "5-37", "5-41",
    ];
    assert_eq!(notations_after(&g, fen, &[]), white_king_free);
    // After two moves each, the kings are still free.
    assert_eq!(notations_after(&g, fen, &to_and_fro[..4]), white_king_free);
    // After its third, White's king may not move again: the man must.
    assert_eq!(notations_after(&g, fen, &to_and_fro), vec!["46-41"]);
    // Black's king, after its third, neither.
    let man_moved = [&to_and_fro[..], &["46-41"]].concat();
    assert_eq!(notations_after(&g, fen, &man_moved), vec!["1-6", "1-7"]);
    // White's man moved, so its king is free again.
    assert_eq!(
        notations_after(&g, fen, &[&man_moved[..], &["1-6"]].concat()),
        vec![
            "10-14", "10-15", "10-19", "10-23", "10-28", "10-32", "10-37", "10-4", "10-5", "41-36",
            "41-37",
        ]
    );
    // A player with kings only is not held: both of White's kings move.
    assert_eq!(
        notations_after(&g, "W:WK46,K5:B1,K50", &to_and_fro).len(),
        17,
        "10 moves of the king on 10 and 7 of the king on 46"
    );
    // After its third move the king may still capture (Black's king came to 28), and a capture
    // sets it free.
    let capture = ["5-10", "50-45", "10-5", "45-50", "5-10", "50-28"];
    assert_eq!(
        notations_after(&g, fen, &capture),
        vec!["10x32", "10x37", "10x41"]
    );
    let after = notations_after(&g, fen, &[&capture[..], &["10x32", "1-6"]].concat());
    assert_eq!(after.iter().filter(|m| m.starts_with("32-")).count(), 14);
}

#[test]
fn turkish_perft() {
    assert!(check("turkish", 0, CI_LEAVES) >= 7);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_turkish_perft() {
    check("turkish", CI_LEAVES + 1, DEEP_LEAVES);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_international_perft() {
    check("international", CI_LEAVES + 1, DEEP_LEAVES);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_english_perft() {
    check("english", CI_LEAVES + 1, DEEP_LEAVES);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_russian_perft() {
    check("russian", CI_LEAVES + 1, DEEP_LEAVES);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_brazilian_perft() {
    check("brazilian", CI_LEAVES + 1, DEEP_LEAVES);
}

fn notations(game: &Game, fen: &str) -> Vec<String> {
    crate::sorted_notations(game, &game.from_fen(fen).unwrap())
}

#[test]
fn start_positions_and_notation() {
    assert_eq!(
        notations(&game("international"), "W:W31-50:B1-20"),
        vec!["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
    );
    assert_eq!(
        notations(&game("english"), "B:W21-32:B1-12"),
        vec!["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
    let russian = game("russian");
    let start = russian.to_fen(&russian.initial_position()).unwrap();
    assert_eq!(
        notations(&russian, &start),
        vec!["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"]
    );
}

#[test]
fn majority_and_flying_kings_in_international() {
    // The white king on 4 flies through two three-piece captures that both end on 15.
    assert_eq!(
        notations(&game("international"), "W:WK4:B13,32,37,20"),
        vec!["4x27x38x15", "4x31x42x15"]
    );
    // The windmill: two paths over the same four pieces from 2 back to 2 are one move.
    assert_eq!(
        notations(&game("international"), "W:WK2:B7,8,17,18").len(),
        1
    );
}

#[test]
fn a_man_is_crowned_only_where_its_move_ends() {
    let g = game("international");
    // White man on 6 steps to 1 and becomes a king.
    let position = crate::play_moves(&g, g.from_fen("W:W6:B50").unwrap(), &["6-1"]);
    assert_eq!(g.to_fen(&position).unwrap(), "B:WK1:B50");
}

#[test]
fn russian_men_crowned_mid_capture_go_on_as_kings() {
    // Black a5 takes b4 and d2, is crowned on e1, and must go on as a king over f2.
    let g = game("russian");
    let got = notations(&g, "B:Wb4,d2,f2,f4:Ba5,h8");
    assert!(got.iter().all(|m| m.starts_with("a5:c3:e1:g3")), "{got:?}");
}

#[test]
fn english_crowning_ends_the_move() {
    let g = game("english");
    // White man on 10 jumps 6 to land on 1 and is crowned; it may not jump on over 5... as a
    // king in the same move.
    let got = notations(&g, "W:W10:B6,5");
    assert_eq!(got, vec!["10x1"]);
}

#[test]
fn fen_round_trips_and_accepts_either_colour_first() {
    let g = game("international");
    for fen in ["W:W31-50:B1-20", "B:BK17,K24:W6,9,10", "W:WK2:B7,8,17,18"] {
        let position = g.from_fen(fen).unwrap();
        let again = g.from_fen(&g.to_fen(&position).unwrap()).unwrap();
        assert_eq!(again, position, "{fen}");
    }
    assert_eq!(
        g.to_fen(&g.from_fen("B:B1,2,K3:W50").unwrap()).unwrap(),
        "B:W50:B1,2,K3"
    );
    let r = game("russian");
    assert_eq!(
        r.to_fen(&r.from_fen("W:WKc3,a1:Bh8.").unwrap()).unwrap(),
        "W:Wa1,Kc3:Bh8"
    );
}

#[test]
fn bad_fens_say_which_field_and_why() {
    let g = game("international");
    let err = |fen: &str| g.from_fen(fen).unwrap_err().to_string();
    assert_eq!(
        err("X:W31:B1"),
        "bad FEN side to move: expected one of WB, found \"X\""
    );
    assert_eq!(
        err("W:W31,51:B1"),
        "bad FEN White list: there is no square \"51\" on this board"
    );
    assert_eq!(
        err("W:W35-31:B1"),
        "bad FEN White list: the range 35-31 runs backwards"
    );
    assert_eq!(
        err("W:W31:B31"),
        "bad FEN Black list: square 31 is given twice"
    );
    assert_eq!(
        err("W:Z31"),
        "bad FEN piece list: expected a colour letter (WB), found 'Z'"
    );
}

#[test]
fn moves_are_matched_exactly_or_by_their_ends() {
    let g = game("international");
    let position = g.from_fen("W:WK4:B13,32,37,20").unwrap();
    let moves = MoveGen::default().moves(&g, &position).unwrap();
    let found = dagaz_engine::match_move(&g, &moves, "4x27x15").unwrap();
    assert_eq!(found.notation(&g), "4x27x38x15");
    let err = dagaz_engine::match_move(&g, &moves, "4x15")
        .unwrap_err()
        .to_string();
    assert_eq!(err, "`4x15` could be any of: 4x27x38x15, 4x31x42x15");
    let err = dagaz_engine::match_move(&g, &moves, "4-10")
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "`4-10` is not a legal move here: a capture is compulsory (moves are written as the game writes them, such as 4x31x42x15); legal moves: 4x27x38x15, 4x31x42x15"
    );
}

#[test]
fn italian_men_may_not_capture_kings() {
    let g = game("italian");
    assert_eq!(notations(&g, "W:W22:BK18"), vec!["22-19"]);
    assert_eq!(notations(&g, "W:W22:B18"), vec!["22x13"]);
}

// The variants of the library (issue #13) built on the files above; their perft is in
// `tests/data/games-perft.tsv` (`library.rs`), the rules that differ are tested here.

/// How the game stands after `moves` from `fen`: `None` while it goes on, else the player the
/// result is said of and the result.
fn ending_after(game: &Game, fen: &str, moves: &[&str]) -> Option<String> {
    let position = crate::play_moves(game, game.from_fen(fen).unwrap(), moves);
    let ended = MoveGen::default().ending(game, &position).unwrap()?;
    Some(format!(
        "{} {:?}",
        game.player_name(ended.player),
        ended.outcome.unwrap()
    ))
}

#[test]
fn antidraughts_a_player_who_cannot_move_wins() {
    let g = game("antidraughts");
    // White's man on 6 is blocked by Black's on 1 and has nothing to take.
    assert_eq!(ending_after(&g, "W:W6:B1", &[]), Some("White Win".into()));
    // Otherwise the moves are International's, captures and majority included.
    assert_eq!(
        notations(&g, "W:WK4:B13,32,37,20"),
        notations(&game("international"), "W:WK4:B13,32,37,20")
    );
}

#[test]
fn breakthrough_draughts_the_first_king_wins() {
    let g = game("breakthrough-draughts");
    assert_eq!(
        notations(&g, "W:W12:B7,8,18"),
        vec!["12x1", "12x23", "12x3"]
    );
    assert_eq!(
        ending_after(&g, "W:W12:B7,8,18", &["12x1"]),
        Some("White Win".into())
    );
    // A man that passes over the far row in a capture is not crowned: the game goes on.
    assert_eq!(notations(&g, "W:W13:B8,7,40"), vec!["13x2x11"]);
    assert_eq!(ending_after(&g, "W:W13:B8,7,40", &["13x2x11"]), None);
    // A position given with a king of the side to move is that side's win.
    assert_eq!(
        ending_after(&g, "W:WK46:B5", &[]),
        Some("Black Loss".into())
    );
}

#[test]
fn canadian_draughts_is_played_on_72_squares() {
    let g = game("canadian");
    // The start: White on 43-72, Black on 1-30, six squares a row, White first.
    assert_eq!(
        notations(&g, "W:W43-72:B1-30"),
        vec![
            "43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40", "47-40", "47-41",
            "48-41", "48-42"
        ]
    );
    // A king on a1 (67) sees the whole long diagonal to l12 (6), and takes a piece at its far
    // end, on k11 (12).
    assert_eq!(notations(&g, "W:WK67:B12"), vec!["67x6"]);
    assert_eq!(
        notations(&g, "W:WK67:B1"),
        vec![
            "67-12", "67-17", "67-23", "67-28", "67-34", "67-39", "67-45", "67-50", "67-56",
            "67-6", "67-61"
        ]
    );
    // The majority rule: the man on a3 (55) takes two, either way; the king on k1 has nothing.
    assert_eq!(
        notations(&g, "W:W55,K72:B49,37,38,66"),
        vec!["55x44x31", "55x44x33"]
    );
}

/// The FEN of the position reached by playing `moves` from `fen`.
fn fen_after(game: &Game, fen: &str, moves: &[&str]) -> String {
    let position = crate::play_moves(game, game.from_fen(fen).unwrap(), moves);
    game.to_fen(&position).unwrap()
}

#[test]
fn pool_men_reach_the_far_row_in_a_capture_and_go_on_as_men() {
    let g = game("pool");
    // The man on b6 (9) takes c7 and lands on d8 (2), on the far row; it must go on, backwards as
    // a man, over e7 to f6 (11), where it stays a man. Russian draughts crowns it on d8, and the
    // king may land on f6, g5 or h4.
    assert_eq!(notations(&g, "W:W9:B6,7,29"), vec!["9x2x11"]);
    assert_eq!(fen_after(&g, "W:W9:B6,7,29", &["9x11"]), "B:W11:B29");
    assert_eq!(
        notations(&game("russian"), "W:Wb6:Bc7,e7"),
        vec!["b6:d8:f6", "b6:d8:g5", "b6:d8:h4"]
    );
    // A man whose capture ends on the far row is crowned.
    assert_eq!(fen_after(&g, "W:W9:B6,29", &["9x2"]), "B:WK2:B29");
    // Any capture may be chosen (no majority rule), taken to its end.
    assert_eq!(
        notations(&g, "W:W22,21:B18,11,17,10"),
        vec!["21x14x23", "21x14x7x16", "22x13", "22x15x6", "22x15x8"]
    );
}

#[test]
fn czech_men_capture_forwards_and_kings_capture_first() {
    let g = game("czech");
    // The king on h2 can take g3 and the man on c3 can take d4: the king must.
    assert_eq!(
        notations(&g, "W:Wc3,Kh2:Bd4,g3"),
        vec!["h2xb8", "h2xc7", "h2xd6", "h2xe5", "h2xf4"]
    );
    // Men do not capture backwards.
    assert_eq!(notations(&g, "W:Wc3:Bb2,d2,h8"), vec!["c3-b4", "c3-d4"]);
    // Any capture may be chosen; a3xc5xe7 ends on e7, where a man may not take f6 backwards.
    assert_eq!(
        notations(&g, "W:Wc3,a3:Bd4,f6,b4,d6"),
        vec!["a3xc5xe7", "c3xa5", "c3xe5xc7", "c3xe5xg7"]
    );
}

#[test]
fn thai_kings_land_right_behind_and_captured_pieces_leave_at_once() {
    let g = game("thai");
    // The king lands on the square right behind the piece it takes (Brazilian's may go on to
    // f6, g7 or h8).
    assert_eq!(notations(&g, "W:WKa1:Bd4"), vec!["a1xe5"]);
    // The piece taken leaves at once: after taking f6 the king turns straight back over f6 and
    // its own start square to take b2, or the other way round.
    assert_eq!(notations(&g, "W:WKd4:Bf6,b2"), vec!["d4xa1xg7", "d4xg7xa1"]);
    // Men capture forwards only.
    assert_eq!(notations(&g, "W:Wc3:Bb2,d2,h8"), vec!["c3-b4", "c3-d4"]);
}

#[test]
fn thai_perft() {
    assert!(check("thai", 0, CI_LEAVES) >= 8);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn deep_thai_perft() {
    check("thai", CI_LEAVES + 1, DEEP_LEAVES);
}

/// Thai draughts' start has no published perft (the published Thai counts, in
/// `tests/data/draughts-perft.tsv`, start from twelve men a side). Its first four depths are
/// counted here by hand. White's first row (a1 c1 e1 g1) is blocked by its second (b2 d2 f2 h2),
/// which has 7 steps: depth 1 is 7, and Black's 7 replies make 49 (the armies are four rows apart).
/// After each of White's first steps White has 8 moves: the man that stepped has two (one from
/// a3), a back man steps into the gap (two, or one behind h2), and the other three men of the
/// second row keep their steps less those onto the square just taken:
///   b2-a3: 1 + 2 + 5;  b2-c3: 2 + 2 + 4;  d2-c3: 2 + 2 + 4;  d2-e3: 2 + 2 + 4;
///   f2-e3: 2 + 2 + 4;  f2-g3: 2 + 2 + 4;  h2-g3: 2 + 1 + 5.
/// So White's two moves make 7 x 8 = 56 lines, and so do Black's: depth 3 is 56 x 7 = 392. No
/// capture is possible before White's third move (White's men reach rank 4 at most, Black's
/// rank 5 only with Black's second move), so depth 4 is 56 x 56 = 3,136.
#[test]
fn thai_start_perft_by_hand() {
    let g = game("thai");
    let lines_of_two = 7 * 8;
    let expected = [7, 7 * 7, lines_of_two * 7, lines_of_two * lines_of_two];
    let start = g.initial_position();
    for (depth, want) in (1..).zip(expected) {
        let mut position = start.clone();
        let mut perft = Perft::new(&g, MoveGen::default(), Counting::Bulk);
        assert_eq!(
            perft.count(&mut position, depth).unwrap(),
            want,
            "depth {depth}"
        );
    }
}
