//! The declarations of evaluation, history goals and positional superko, as a loaded game answers
//! them and plays them.

use dagaz_compiler::{EvalScore, HistoryGoal, HistoryRule, Outcome, Stage, DEFAULT_MOBILITY};
use dagaz_ir::{PieceKind, PlayerId};

fn game(text: &str) -> crate::Game {
    crate::Game::load(text).unwrap()
}

const BOARD: &str = "(board (name b) (dim \"a-c\") (dim \"2-1\") (dir (name n) 0 -1))
    (piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))
    (piece (name King) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))";

#[test]
fn the_default_counts_every_piece_alike() {
    let g = game(&format!(
        "{BOARD} (game (name t) (board b) (players (White (Man a1 b1)) (Black (King c2))))"
    ));
    let e = g.evaluation();
    assert!(!e.is_declared());
    assert_eq!(
        e.material(g.initial_position().to_move(), &g.initial_position()),
        100
    );
    assert_eq!(e.mobility(), DEFAULT_MOBILITY);
}

#[test]
fn values_and_tables_count_for_the_side_to_move() {
    // Board order is a2 b2 c2 a1 b1 c1; Black's table is White's turned half a turn.
    let g = game(&format!(
        "{BOARD} (game (name t) (board b) (players (White (Man a1 b1)) (Black (King c2)))
           (evaluation (piece-values (Man 100) (King 300))
                       (piece-table Man 1 2 3 4 5 6)
                       (piece-table King Black 10 20 30 40 50 60)
                       (mobility 3)))"
    ));
    let e = g.evaluation();
    assert!(e.is_declared());
    // White: Man a1 (100 + 4) + Man b1 (100 + 5); Black: King c2 (300 + 30).
    assert_eq!(
        e.material(g.initial_position().to_move(), &g.initial_position()),
        209 - 330
    );
    assert_eq!(e.table(PlayerId(1), PieceKind(0), 0), 6);
    assert_eq!(e.table(PlayerId(1), PieceKind(1), 2), 30);
    // White has no King table of its own: it gets Black's turned half a turn.
    assert_eq!(e.table(PlayerId(0), PieceKind(1), 2), 40);
    assert_eq!(e.mobility(), 3);
}

#[test]
fn a_table_of_the_wrong_length_is_an_error_at_the_table() {
    let text = format!(
        "{BOARD} (game (name t) (board b) (players (White (Man a1)) (Black (King c2)))
           (evaluation (piece-table Man 1 2 3)))"
    );
    let err = crate::Game::load(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "`piece-table` takes 6 numbers (one per board position), found 3"
    );
}

#[test]
fn end_goals_leave_the_result_to_the_score() {
    let g = game(&format!(
        "{BOARD} (game (name t) (board b) (players (White (Man a1)) (Black (King c2)))
           (end (repetition 2)) (score pieces))"
    ));
    assert_eq!(
        g.history_goals(),
        &[HistoryGoal {
            outcome: Outcome::Draw,
            by_score: true,
            rule: HistoryRule::Repetition { times: 2 },
            name: None,
        }]
    );
    let g = game(&format!(
        "{BOARD} (game (name t) (board b) (players (White) (Black (King c2))) (end no-moves)
           (score pieces))"
    ));
    let ended = crate::ending::without_moves(&g, &g.initial_position(), false);
    assert_eq!(ended.player, g.player("Black").unwrap());
    assert_eq!(ended.outcome, Some(Outcome::Win));
    assert_eq!(
        ended.reason,
        crate::EndReason::Score {
            scores: vec![0, 2],
            goal: Some(0)
        }
    );
}

#[test]
fn history_goals_are_read_and_quiet_moves_reset_on_captures_and_named_pieces() {
    let g = game(&format!(
        "{BOARD} (game (name t) (board b) (players (White (Man a1)) (Black (King c2)))
           (draw (repetition 3)) (draw (quiet-moves 100 Man)))"
    ));
    assert_eq!(
        g.history_goals(),
        &[
            HistoryGoal {
                outcome: Outcome::Draw,
                by_score: false,
                rule: HistoryRule::Repetition { times: 3 },
                name: None,
            },
            HistoryGoal {
                outcome: Outcome::Draw,
                by_score: false,
                rule: HistoryRule::QuietMoves {
                    plies: 100,
                    resets: vec![PieceKind(0)],
                    material: None,
                },
                name: None,
            }
        ]
    );
    let moves = crate::MoveGen::default()
        .moves(&g, &g.initial_position())
        .unwrap();
    assert_eq!(moves.len(), 1);
    let rule = &g.history_goals()[1].rule;
    assert!(rule.resets_quiet_count(moves[0].actions()));
    assert!(!g.history_goals()[0]
        .rule
        .resets_quiet_count(moves[0].actions()));
}

/// A row of four squares; a man steps one square east or west onto an empty square.
const WALK: &str =
    "(board (name row) (dim \"a-d\") (dim \"1-1\") (dir (name e) 1 0) (dir (name w) -1 0))
    (piece (name Man) (pre (check is-friend?) (take) (log position))
       (move (check (any e w)) (check is-empty?)) (post (log \"-\" position) (drop)))";

fn walk(rules: &str) -> crate::Game {
    game(&format!(
        "{WALK} (game (name walk) (board row) (players (White (Man a1)) (Black (Man d1))) {rules})"
    ))
}

/// The position after `moves` (each matched in the game's notation) and its legal moves, sorted.
fn after(
    g: &crate::Game,
    start: crate::Position,
    moves: &[&str],
) -> (crate::Position, Vec<String>) {
    let mut gen = crate::MoveGen::default();
    let mut position = start;
    for m in moves {
        let legal = gen.moves(g, &position).unwrap();
        let mv = crate::match_move(g, &legal, m).unwrap().clone();
        position.play(g, &mv);
    }
    let mut legal: Vec<String> = gen
        .moves(g, &position)
        .unwrap()
        .iter()
        .map(|m| m.notation(g))
        .collect();
    legal.sort();
    (position, legal)
}

#[test]
fn positional_superko_forbids_a_move_back_to_an_earlier_board() {
    let g = walk("(pass always) (superko positional)");
    assert!(g.positional_superko());
    let start = g.initial_position();
    assert_eq!(start.boards_seen(), Some(1));
    // White a1-b1, Black d1-c1, White b1-a1: Black's c1-d1 would bring back the start.
    let (position, moves) = after(&g, start.clone(), &["a1-b1", "d1-c1", "b1-a1"]);
    assert_eq!(moves, ["c1-b1", "pass"]);
    assert_eq!(position.boards_seen(), Some(4));
    // Without the rule, and from the same board set up afresh, c1-d1 is a move.
    let free = walk("(pass always)");
    let (position, moves) = after(&free, free.initial_position(), &["a1-b1", "d1-c1", "b1-a1"]);
    assert_eq!(moves, ["c1-b1", "c1-d1", "pass"]);
    assert_eq!(position.boards_seen(), None);
    let setup = g
        .setup("(White (Man a1)) (Black (Man c1)) (turn Black)")
        .unwrap();
    assert_eq!(setup.boards_seen(), Some(1));
    assert_eq!(after(&g, setup, &[]).1, ["c1-b1", "c1-d1", "pass"]);
}

#[test]
fn the_board_alone_repeats_and_a_pass_is_always_a_move() {
    let g = walk("(pass always) (superko positional)");
    // White a1-b1, Black passes: a pass brings back the board it found, and stays a move.
    let (position, moves) = after(&g, g.initial_position(), &["a1-b1"]);
    assert_eq!(moves, ["d1-c1", "pass"]);
    let (position, moves) = after(&g, position, &["pass"]);
    assert_eq!(position.boards_seen(), Some(2), "a pass adds no board");
    // b1-a1 would bring back the start's board, with Black to move where White moved then.
    assert_eq!(moves, ["b1-c1", "pass"]);
}

#[test]
fn play_and_unplay_keep_the_boards_seen() {
    let g = walk("(pass always) (superko positional)");
    let (mut position, _) = after(&g, g.initial_position(), &["a1-b1", "d1-c1"]);
    let before = position.clone();
    let mut gen = crate::MoveGen::default();
    for mv in gen.moves(&g, &position).unwrap() {
        let undo = position.play(&g, &mv);
        assert_ne!(position, before);
        position.unplay(&mv, undo);
        assert_eq!(position, before, "{}", mv.notation(&g));
        assert_eq!(position.boards_seen(), Some(3));
    }
    // Perft plays and takes back along every line, and counts what the rule leaves (the
    // counts of a separate brute-force count over the boards seen along each line).
    let count = |g: &crate::Game, counting| -> Vec<u64> {
        let mut perft = crate::Perft::new(g, crate::MoveGen::default(), counting);
        let mut start = g.initial_position();
        let counts = (1..=6)
            .map(|d| perft.count(&mut start, d).unwrap())
            .collect();
        assert_eq!(start, g.initial_position());
        counts
    };
    assert_eq!(count(&g, crate::Counting::Full), [2, 4, 6, 8, 7, 4]);
    assert_eq!(count(&g, crate::Counting::Bulk), [2, 4, 6, 8, 7, 4]);
    let free = walk("(pass always)");
    assert_eq!(count(&free, crate::Counting::Full), [2, 4, 7, 13, 22, 36]);
}

#[test]
fn superko_draw_ends_the_game_with_a_move_back_to_an_earlier_board() {
    let g = walk("(pass always) (superko draw)");
    assert!(g.superko_draws() && !g.positional_superko());
    // White a1-b1, Black d1-c1, White b1-a1: Black's c1-d1 brings back the start, and is a move.
    let (before, moves) = after(&g, g.initial_position(), &["a1-b1", "d1-c1", "b1-a1"]);
    assert_eq!(moves, ["c1-b1", "c1-d1", "pass"]);
    assert!(!before.repeats_board());
    let (drawn, moves) = after(&g, before.clone(), &["c1-d1"]);
    assert!(moves.is_empty(), "the game is over: {moves:?}");
    assert!(drawn.repeats_board());
    let mut gen = crate::MoveGen::default();
    let ending = gen.ending(&g, &drawn).unwrap().unwrap();
    assert_eq!(ending.reason, crate::EndReason::Repetition);
    assert_eq!(ending.outcome, Some(crate::Outcome::Draw));
    // Taking the move back takes the mark back.
    let mut position = before.clone();
    let legal = gen.moves(&g, &position).unwrap();
    let mv = crate::match_move(&g, &legal, "c1-d1").unwrap().clone();
    let undo = position.play(&g, &mv);
    assert!(position.repeats_board());
    position.unplay(&mv, undo);
    assert_eq!(position, before);
    // A pass leaves the board as it is: it brings back nothing.
    let (passed, moves) = after(&g, g.initial_position(), &["pass"]);
    assert!(!passed.repeats_board());
    assert_eq!(moves, ["d1-c1", "pass"]);
}

#[test]
fn a_tapered_evaluation_blends_opening_and_endgame_by_the_phase() {
    // Board order is a2 b2 c2 a1 b1 c1. The start's phase is 2 + 2 + 1 = 5.
    let text = |white: &str| {
        format!(
            "{BOARD} (game (name t) (board b) (players (White {white}) (Black (King c2)))
               (evaluation (piece-values (Man 100) (King 300))
                           (piece-table Man 1 2 3 4 5 6)
                           (phase (Man 2) (King 1))
                           (endgame (piece-values (Man 150))
                                    (piece-table Man 10 20 30 40 50 60))))"
        )
    };
    let g = game(&text("(Man a1 b1)"));
    let e = g.evaluation();
    assert!(e.is_tapered());
    assert_eq!(e.full_phase(), 5);
    assert_eq!(e.value_at(Stage::Endgame, PieceKind(0)), 150);
    // The endgame keeps the opening's King value and King table (none).
    assert_eq!(e.value_at(Stage::Endgame, PieceKind(1)), 300);
    assert_eq!(e.table_at(Stage::Endgame, PlayerId(0), PieceKind(0), 4), 50);
    assert_eq!(e.table_at(Stage::Endgame, PlayerId(1), PieceKind(0), 4), 20);
    let start = g.initial_position();
    // At the start the opening alone counts: 104 + 105 - 300.
    assert_eq!(e.material(start.to_move(), &start), -91);
    assert_eq!(e.opening_share(start.pieces()), 1.0);
    // One man gone (phase 3 of 5): opening 104 - 300 = -196, endgame 190 - 300 = -110;
    // (-196 * 3 + -110 * 2) / 5 = -161.6, rounded towards zero.
    let mut one = start.clone();
    one.put(dagaz_ir::Pos(4), None);
    assert_eq!(e.material(one.to_move(), &one), -161);
    assert!((e.opening_share(one.pieces()) - 0.6).abs() < 1e-9);
    // Black's view of the same position is the opposite.
    assert_eq!(e.material(PlayerId(1), &one), 161);
    // More than the start's phase counts as the opening.
    let more = game(&text("(Man a1 b1 a2)"));
    let p = more.initial_position();
    assert_eq!(more.evaluation().opening_share(p.pieces()), 1.0);
}

#[test]
fn an_untapered_evaluation_is_its_opening() {
    let g = game(&format!(
        "{BOARD} (game (name t) (board b) (players (White (Man a1)) (Black (King c2)))
           (evaluation (piece-values (Man 100) (King 300)) (piece-table Man 1 2 3 4 5 6)))"
    ));
    let e = g.evaluation();
    assert!(!e.is_tapered());
    assert_eq!(e.full_phase(), 1);
    assert_eq!(e.phase_weight(PieceKind(0)), 0);
    assert_eq!(e.value_at(Stage::Endgame, PieceKind(0)), 100);
    assert_eq!(e.table_at(Stage::Endgame, PlayerId(0), PieceKind(0), 3), 4);
}

const SQUARE: &str = "(board (name b) (dim \"a-c\") (dim \"3-1\")
        (dir (name n) 0 -1) (dir (name s) 0 1) (dir (name e) 1 0) (dir (name ne) 1 -1))
    (piece (name Man) (pre (check is-friend?) (take)) (move (check n) (check is-empty?)) (post (drop)))";

#[test]
fn formations_count_pairs_of_a_players_pieces_in_its_own_directions() {
    let text = |eval: &str| {
        format!(
            "{SQUARE} (game (name t) (board b) (symmetry Black (n s) (s n))
               (players (White (Man a1 b1 a2)) (Black (Man a3 b3))) (evaluation {eval}))"
        )
    };
    let g = game(&text("(formation Man (n e) Man 10)"));
    let e = g.evaluation();
    let start = g.initial_position();
    let score = |p: &crate::Position, me: PlayerId| e.material(me, p);
    // White: a1 has a man to its north (a2) and east (b1), 2 pairs; Black reads n as s: a3
    // has one east (b3), and a2 to its south is White's. 300 - 200 + 20 - 10.
    assert_eq!(score(&start, PlayerId(0)), 110);
    assert_eq!(score(&start, PlayerId(1)), -110);
    let f = &e.formations()[0];
    assert_eq!(
        (f.weight(Stage::Opening), f.weight(Stage::Endgame)),
        (10, 10)
    );
    // An endgame formation of the same pieces and directions reweighs the opening's; one of
    // other directions weighs nothing in the opening.
    let tapered = game(&text(
        "(formation Man (n e) Man 10) (phase (Man 1))
         (endgame (formation Man (e n) Man 4) (formation Man (ne) Man 7))",
    ));
    let weights: Vec<(EvalScore, EvalScore)> = tapered
        .evaluation()
        .formations()
        .iter()
        .map(|f| (f.weight(Stage::Opening), f.weight(Stage::Endgame)))
        .collect();
    assert_eq!(weights, vec![(10, 4), (0, 7)]);
    let errors = |eval: &str| crate::Game::load(&text(eval)).unwrap_err().to_string();
    assert_eq!(
        errors("(formation Man (n up) Man 1)"),
        "unknown direction `up`"
    );
    assert_eq!(
        errors("(formation Man (n) Pawn 1)"),
        "unknown piece type `Pawn`"
    );
    assert_eq!(
        errors("(formation Man (n e n) Man 1)"),
        "expected a direction not listed before, found `n` again"
    );
    assert_eq!(
        errors("(formation Man (n e) Man 1) (formation Man (e n) Man 2)"),
        "a second `formation` definition named `Man (e n) Man`"
    );
}
