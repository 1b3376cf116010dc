//! The declarations of evaluation and history goals, as a loaded game answers them.

use dagaz_compiler::{HistoryGoal, HistoryRule, Outcome, DEFAULT_MOBILITY};
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
        e.material(
            g.initial_position().to_move(),
            g.initial_position().pieces()
        ),
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
        e.material(
            g.initial_position().to_move(),
            g.initial_position().pieces()
        ),
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
                rule: HistoryRule::Repetition { times: 3 }
            },
            HistoryGoal {
                outcome: Outcome::Draw,
                rule: HistoryRule::QuietMoves {
                    plies: 100,
                    resets: vec![PieceKind(0)]
                }
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
