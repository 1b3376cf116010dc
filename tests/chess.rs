//! Chess (`games/chess.game`) against published perft counts (`tests/data/chess-perft.tsv`),
//! plus FEN, UCI notation, the royal rule and the goals.
//!
//! In CI: every row to depth 3, the six standard positions to depth 4 and the start position
//! to depth 5. The deeper published depths up to `DEEP_LEAVES` run on demand:
//! `cargo test --release -p dagaz-tests -- --ignored chess_deep`.

use crate::{load, PerftRow};
use dagaz_engine::{Counting, Game, MoveGen, Perft, Position};
use pretty_assertions::assert_eq;
use std::sync::OnceLock;

/// The most leaves an on-demand perft may count.
const DEEP_LEAVES: u64 = 200_000_000;

fn rows() -> &'static [PerftRow] {
    static ROWS: OnceLock<Vec<PerftRow>> = OnceLock::new();
    ROWS.get_or_init(|| crate::perft_table("tests/data/chess-perft.tsv"))
}

fn chess() -> &'static Game {
    static GAME: OnceLock<Game> = OnceLock::new();
    GAME.get_or_init(|| load("games/chess.game"))
}

fn perft(game: &Game, fen: &str, depth: u32) -> u64 {
    let mut position = game.from_fen(fen).unwrap();
    Perft::new(game, MoveGen::default(), Counting::Bulk)
        .count(&mut position, depth)
        .unwrap()
}

fn row(name: &str) -> &'static PerftRow {
    rows().iter().find(|r| r.name == name).unwrap()
}

/// Checks the named row at depths `1..=depth`.
fn check(name: &str, depth: u32) {
    let r = row(name);
    for d in 1..=depth {
        let expected = r.counts[d as usize - 1];
        assert_eq!(perft(chess(), &r.fen, d), expected, "{name} depth {d}");
    }
}

#[test]
fn every_row_to_depth_3() {
    let mut checked = 0;
    for r in rows() {
        for d in 1..=3u32 {
            assert_eq!(
                perft(chess(), &r.fen, d),
                r.counts[d as usize - 1],
                "{} ({}) depth {d}",
                r.name,
                r.fen
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 3 * rows().len());
    assert_eq!(rows().len(), 134, "127 EPD lines and 7 named positions");
}

#[test]
fn start_to_depth_5() {
    check("start", 5);
}

#[test]
fn kiwipete_to_depth_4() {
    check("kiwipete", 4);
}

#[test]
fn counted_on_several_threads_the_published_counts_stand() {
    for (name, depth) in [("kiwipete", 3), ("position-3", 4), ("position-4", 3)] {
        let r = row(name);
        let position = chess().from_fen(&r.fen).unwrap();
        for (threads, counting) in [(2, Counting::Full), (3, Counting::Bulk)] {
            let parallel = dagaz_engine::ParallelPerft {
                game: chess(),
                limits: dagaz_engine::StepLimits::default(),
                counting,
                threads,
            };
            let n = parallel.count(&position, depth).unwrap();
            assert_eq!(
                n,
                r.counts[depth as usize - 1],
                "{name} on {threads} threads"
            );
        }
    }
}

#[test]
fn unchecked_moves_that_keep_the_royal_rule_are_the_legal_moves() {
    let mut gen = MoveGen::default();
    let mut compared = 0;
    for r in rows() {
        let mut position = chess().from_fen(&r.fen).unwrap();
        let legal = gen.moves(chess(), &position).unwrap();
        let mut unchecked = Vec::new();
        gen.generate_unchecked(chess(), &mut position, &mut unchecked)
            .unwrap();
        let mut kept = Vec::new();
        for mv in unchecked {
            if gen.is_legal(chess(), &mut position, &mv).unwrap() {
                kept.push(mv);
            }
        }
        assert_eq!(kept, legal, "{}", r.fen);
        assert_eq!(position, chess().from_fen(&r.fen).unwrap());
        compared += legal.len();
    }
    let published: u64 = rows().iter().map(|r| r.counts[0]).sum();
    assert_eq!(compared as u64, published);
    // A pinned knight's moves are generated unchecked and refused by the test.
    let mut pinned = chess()
        .from_fen("4k3/8/8/8/4r3/8/4N3/4K3 w - - 0 1")
        .unwrap();
    let mut unchecked = Vec::new();
    gen.generate_unchecked(chess(), &mut pinned, &mut unchecked)
        .unwrap();
    let knight: Vec<_> = unchecked
        .iter()
        .filter(|m| m.notation(chess()).starts_with("e2"))
        .collect();
    assert_eq!(knight.len(), 6);
    for mv in knight {
        assert!(!gen.is_legal(chess(), &mut pinned, mv).unwrap());
    }
}

#[test]
fn position_3_to_depth_4() {
    check("position-3", 4);
}

#[test]
fn position_4_and_its_mirror_to_depth_4() {
    check("position-4", 4);
    check("position-4-mirrored", 4);
}

#[test]
fn position_5_to_depth_4() {
    check("position-5", 4);
}

#[test]
fn position_6_to_depth_4() {
    check("position-6", 4);
}

#[test]
#[ignore = "deep: minutes in release mode"]
fn chess_deep() {
    for r in rows() {
        let ci = match r.name.as_str() {
            "start" => 5,
            n if !n.starts_with("epd-") => 4,
            _ => 3,
        };
        for (d, &expected) in (1..).zip(&r.counts) {
            if d > ci && expected <= DEEP_LEAVES {
                assert_eq!(perft(chess(), &r.fen, d), expected, "{} depth {d}", r.name);
            }
        }
    }
}

/// `(attacks reversible)` is a promise the game makes; the exact forward test must agree.
#[test]
fn the_reversible_attack_test_agrees_with_the_forward_one() {
    let text = std::fs::read_to_string(crate::repo_path("games/chess.game")).unwrap();
    assert!(text.contains("(attacks reversible)"));
    let forward = dagaz_engine::Game::load_with(
        &text.replace("(attacks reversible)", "(attacks forward)"),
        &mut |name| {
            std::fs::read_to_string(crate::repo_path(&format!("games/{name}")))
                .map_err(|e| e.to_string())
        },
    )
    .unwrap();
    assert_eq!(forward.attack_test(), dagaz_engine::AttackTest::Forward);
    for r in rows() {
        let depth = if r.name.starts_with("epd-") { 2 } else { 3 };
        assert_eq!(
            perft(&forward, &r.fen, depth),
            r.counts[depth as usize - 1],
            "{} depth {depth} with forward attack tests",
            r.name
        );
    }
}

fn notations(game: &Game, position: &Position) -> Vec<String> {
    crate::sorted_notations(game, position)
}

#[test]
fn moves_are_written_in_uci_long_algebraic() {
    let game = chess();
    let start = notations(game, &game.initial_position());
    assert_eq!(start.len(), 20);
    assert!(start.contains(&"e2e4".to_string()) && start.contains(&"g1f3".to_string()));
    // Castling is the king's move; promotion names the piece.
    let castle = game
        .from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let moves = notations(game, &castle);
    assert!(moves.contains(&"e1g1".to_string()) && moves.contains(&"e1c1".to_string()));
    let promote = game.from_fen("8/P7/8/8/8/8/8/k1K5 w - - 0 1").unwrap();
    assert_eq!(
        notations(game, &promote),
        ["a7a8b", "a7a8n", "a7a8q", "a7a8r", "c1c2", "c1d1", "c1d2"]
    );
}

#[test]
fn castling_moves_the_rook_and_clears_the_rights() {
    let game = chess();
    let mut position = game
        .from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        .unwrap();
    let moves = MoveGen::default().moves(game, &position).unwrap();
    let castle = moves.iter().find(|m| m.notation(game) == "e1g1").unwrap();
    position.play(game, castle);
    assert_eq!(
        game.to_fen(&position).unwrap(),
        "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 0 1"
    );
}

#[test]
fn en_passant_lives_for_one_turn() {
    let game = chess();
    let fen = |moves: &[&str]| crate::play_moves(game, game.initial_position(), moves);
    let after = fen(&["e2e4", "a7a6", "e4e5", "d7d5"]);
    assert_eq!(
        game.to_fen(&after).unwrap(),
        "rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"
    );
    assert!(notations(game, &after).contains(&"e5d6".to_string()));
    let later = fen(&["e2e4", "a7a6", "e4e5", "d7d5", "h2h3", "h7h6"]);
    assert!(!notations(game, &later).contains(&"e5d6".to_string()));
}

#[test]
fn a_move_that_leaves_the_king_attacked_is_not_legal() {
    let game = chess();
    // The e2 knight is pinned by the rook on e8.
    let pinned = game.from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1").unwrap();
    let moves = notations(game, &pinned);
    assert!(moves.iter().all(|m| !m.starts_with("e2")), "{moves:?}");
    assert_eq!(moves, ["e1d1", "e1d2", "e1f1", "e1f2"]);
}

#[test]
fn checkmate_loses_and_stalemate_draws() {
    let game = chess();
    let mut gen = MoveGen::default();
    let mated = game
        .from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
        .unwrap();
    let ended = gen.ending(game, &mated).unwrap().unwrap();
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Loss));
    assert_eq!(
        ended.reason,
        dagaz_engine::EndReason::NoMoves(dagaz_engine::GoalCondition::Checkmated)
    );
    assert_eq!(game.player_name(ended.player), "White");
    let stalemate = game.from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    let ended = gen.ending(game, &stalemate).unwrap().unwrap();
    assert_eq!(ended.outcome, Some(dagaz_engine::Outcome::Draw));
    assert!(gen
        .ending(game, &game.initial_position())
        .unwrap()
        .is_none());
    assert!(gen.in_check(game, &mated).unwrap());
    assert!(!gen.in_check(game, &stalemate).unwrap());
}

#[test]
fn fen_round_trips_and_accepts_the_four_field_form() {
    let game = chess();
    for r in rows() {
        let position = game.from_fen(&r.fen).unwrap();
        let written = game.to_fen(&position).unwrap();
        // The half-move clock is not kept; everything else comes back as written.
        let fields: Vec<&str> = r.fen.split(' ').collect();
        let back: Vec<&str> = written.split(' ').collect();
        assert_eq!(back[..4], fields[..4], "{}", r.name);
        assert_eq!(back[5], fields[5], "{}", r.name);
        assert_eq!(game.from_fen(&written).unwrap(), position);
    }
    let four = game
        .from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")
        .unwrap();
    assert_eq!(
        game.to_fen(&four).unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn a_bad_fen_names_the_field_and_the_reason() {
    let game = chess();
    let error = |fen: &str| game.from_fen(fen).unwrap_err().to_string();
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
        "bad FEN placement: expected 8 rows separated by `/`, found 7"
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "bad FEN placement: row 3 has more than 8 squares"
    );
    assert_eq!(
        error("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        "bad FEN placement: expected a piece letter (PNBRQKpnbrqk) or a digit, found 'x'"
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        "bad FEN side to move: expected one of wb, found \"x\""
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KX - 0 1"),
        "bad FEN castling: expected `-` or letters from KQkq, found 'X'"
    );
    assert_eq!(
        error("rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w k - 0 1"),
        "bad FEN castling: 'k' needs a piece on h8, which is empty"
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
        "bad FEN en passant: expected `-` or a square, found \"e9\""
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
        "bad FEN half-move clock: expected a number of half-moves from 0 to 1000000, found \"x\""
    );
    assert_eq!(
        error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
        "bad FEN move number: expected a move number from 1 to 1000000, found \"0\""
    );
}
