//! The search on small positions of shipped games.

use crate::history::{Mark, Path};
use crate::{GameRecord, Score, SearchLimits, Searcher};
use dagaz_engine::{Game, Position};
use pretty_assertions::assert_eq;

fn game(file: &str) -> Game {
    let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
    // A variant includes the game it builds on.
    dagaz_engine::Game::load_with(&text, &mut |name| {
        std::fs::read_to_string(format!("{dir}/{name}")).map_err(|e| e.to_string())
    })
    .unwrap()
}

/// The legal move of `position` written `notation`; the test fails without one.
fn named_move(game: &Game, position: &Position, notation: &str) -> dagaz_engine::Move {
    let moves = dagaz_engine::MoveGen::default()
        .moves(game, position)
        .unwrap();
    moves
        .into_iter()
        .find(|m| m.notation(game) == notation)
        .unwrap_or_else(|| panic!("no move {notation}"))
}

/// The best move's notation and the score, searching `depth` plies from a FEN.
fn best(game: &Game, fen: &str, depth: u32) -> (String, Score) {
    let position = game.from_fen(fen).unwrap();
    best_from(game, &position, depth)
}

fn best_from(game: &Game, position: &Position, depth: u32) -> (String, Score) {
    let mut searcher = Searcher::new(game, Default::default(), 8);
    let limits = SearchLimits {
        depth: Some(depth),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(position.clone()), &limits, &mut |_| {})
        .unwrap();
    (found.best.unwrap().notation(game), found.info.score)
}

#[test]
fn mate_in_one_is_found_at_depth_one() {
    let chess = game("chess.game");
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    assert_eq!(best(&chess, fen, 1), ("a1a8".into(), Score::Mate(1)));
}

#[test]
fn mate_in_two_is_found_at_depth_three_not_before() {
    let chess = game("chess.game");
    // 1. Kb6 Kb8 2. Rh8#, or 1. Kc7 Ka7 2. Ra1#.
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    let (mv, score) = best(&chess, fen, 3);
    assert_eq!(score, Score::Mate(2));
    assert!(mv == "c6b6" || mv == "c6c7", "{mv}");
    assert!(matches!(best(&chess, fen, 2).1, Score::Cp(_)));
}

#[test]
fn the_mated_side_sees_the_mate_coming() {
    let chess = game("chess.game");
    // Black's only move is Kb8, and Rh8 mates.
    let fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1";
    let (_, score) = best(&chess, fen, 3);
    assert_eq!(score, Score::Mate(-1));
}

#[test]
fn a_hanging_queen_is_taken() {
    let chess = game("chess.game");
    let fen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1";
    let (mv, score) = best(&chess, fen, 2);
    assert_eq!(mv, "d1d5");
    assert!(matches!(score, Score::Cp(cp) if cp > 300), "{score:?}");
}

#[test]
fn a_defended_piece_is_not_taken_with_the_queen() {
    let chess = game("chess.game");
    // Qxd5 would lose the queen to exd5: quiescence sees the recapture.
    let fen = "4k3/8/4p3/3n4/8/8/8/3QK3 w - - 0 1";
    let (mv, _) = best(&chess, fen, 1);
    assert_ne!(mv, "d1d5");
}

#[test]
fn a_check_at_the_horizon_is_searched_a_ply_deeper() {
    let chess = game("chess.game");
    // Ne7+ forks king and queen: at depth 1 the king's reply and the knight's capture are
    // seen only because the check is answered a ply deeper.
    let position = chess.from_fen("6k1/8/2q5/3N4/8/8/8/6K1 w - - 0 1").unwrap();
    let mut searcher = Searcher::new(&chess, Default::default(), 8);
    let limits = SearchLimits {
        depth: Some(1),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(position), &limits, &mut |_| {})
        .unwrap();
    let pv: Vec<String> = found.info.pv.iter().map(|m| m.notation(&chess)).collect();
    assert_eq!(pv.len(), 3, "{pv:?}");
    assert_eq!((pv[0].as_str(), pv[2].as_str()), ("d5e7", "e7c6"));
}

#[test]
fn a_null_move_is_tried_only_where_zugzwang_is_unlikely() {
    let chess = game("chess.game");
    let searcher = Searcher::new(&chess, Default::default(), 1);
    let may_pass = |fen: &str| searcher.may_pass(&chess.from_fen(fen).unwrap());
    assert!(may_pass(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    ));
    assert!(may_pass("4k3/8/8/8/8/8/4P3/3RK3 w - - 0 1"));
    assert!(may_pass("4k3/8/8/8/8/8/8/3RK3 w - - 0 1"));
    // King and pawns, or a king alone: passing could be the only thing that holds.
    assert!(!may_pass("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1"));
    assert!(!may_pass("4k3/8/8/8/8/8/8/3RK3 b - - 0 1"));
    // Draughts, where taking is compulsory and waiting moves decide endings, never passes.
    let draughts = game("english.game");
    let searcher = Searcher::new(&draughts, Default::default(), 1);
    assert!(!searcher.may_pass(&draughts.initial_position()));
}

/// Moves are tested against the royal rule only when tried: in check, with one legal reply
/// among the knight's and the pawns' moves, the search plays that one at every depth.
#[test]
fn the_one_legal_move_among_many_is_played() {
    let chess = game("chess.game");
    let fen = "4k3/8/8/8/8/4N3/3PPP2/r3K3 w - - 0 1";
    for depth in 1..=4 {
        assert_eq!(best(&chess, fen, depth).0, "e3d1", "depth {depth}");
    }
}

/// Delta pruning weighs a capture by what it takes and what a promotion adds: a pawn that
/// takes a knight and becomes a queen gains the knight and the queen less the pawn.
#[test]
fn a_promotion_gains_the_new_piece_less_the_pawn() {
    let chess = game("chess.game");
    let position = chess.from_fen("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let gain = |notation: &str| {
        let mv = named_move(&chess, &position, notation);
        (
            chess.evaluation().captured_value(mv.actions()),
            crate::search::promotion_gain(&chess, &mv),
        )
    };
    let value = |name: &str| chess.evaluation().value(chess.piece_kind(name).unwrap());
    assert_eq!(
        gain("a7b8q"),
        (value("Knight"), value("Queen") - value("Pawn"))
    );
    assert_eq!(gain("e1d2"), (0, 0));
}

#[test]
fn stalemate_scores_as_a_draw() {
    let chess = game("chess.game");
    // Black to move has no legal move and is not in check.
    let position = chess.from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    let mut searcher = Searcher::new(&chess, Default::default(), 1);
    let found = searcher
        .search(
            &GameRecord::new(position),
            &SearchLimits::default(),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(found.best, None);
    assert_eq!(found.info.score, Score::Cp(0));
}

#[test]
fn draughts_takes_every_piece_and_wins() {
    let international = game("international.game");
    // A white king that takes two men on its long diagonal.
    let (mv, score) = best(&international, "W:WK46:B37,19", 1);
    assert!(mv.starts_with("46x"), "{mv}");
    // Black is left without a piece, and so without a move: a loss.
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn the_same_search_gives_the_same_answer() {
    let checkers = game("simple-checkers.game");
    let start = checkers.initial_position();
    let first = best_from(&checkers, &start, 5);
    assert_eq!(best_from(&checkers, &start, 5), first);
    let english = game("english.game");
    let start = english.initial_position();
    let first = best_from(&english, &start, 6);
    assert_eq!(best_from(&english, &start, 6), first);
}

#[test]
fn limits_by_nodes_and_time_stop_the_search_with_a_legal_move() {
    let chess = game("chess.game");
    let start = chess.initial_position();
    let mut searcher = Searcher::new(&chess, Default::default(), 8);
    let limits = SearchLimits {
        nodes: Some(2_000),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(start.clone()), &limits, &mut |_| {})
        .unwrap();
    let legal = dagaz_engine::MoveGen::default()
        .moves(&chess, &start)
        .unwrap();
    assert!(legal.contains(found.best.as_ref().unwrap()));
    assert!(found.info.nodes <= 2_000);
    let limits = SearchLimits {
        movetime: Some(std::time::Duration::from_millis(50)),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(start.clone()), &limits, &mut |_| {})
        .unwrap();
    assert!(legal.contains(found.best.as_ref().unwrap()));
}

#[test]
fn a_time_too_long_for_the_clock_is_no_deadline() {
    let checkers = game("simple-checkers.game");
    let record = GameRecord::new(checkers.initial_position());
    let mut searcher = Searcher::new(&checkers, Default::default(), 1);
    let limits = SearchLimits {
        depth: Some(2),
        movetime: Some(std::time::Duration::MAX),
        ..SearchLimits::default()
    };
    let found = searcher.search(&record, &limits, &mut |_| {}).unwrap();
    assert_eq!(found.info.depth, 2);
}

#[test]
fn history_counts_repetitions_and_quiet_moves() {
    let chess = game("chess.game");
    let mut record = GameRecord::new(chess.initial_position());
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    for notation in shuffle.iter().chain(&shuffle) {
        let mv = named_move(&chess, record.position(), notation);
        record.play(&chess, &mv);
    }
    assert_eq!(record.occurrences(), 3);
    assert_eq!(record.quiet(), 8);
    let verdict = record.verdict(&chess).unwrap();
    assert_eq!(verdict.outcome, dagaz_engine::Outcome::Draw);
    // One ply back: the position after 1. Nf3 Nf6 2. Ng1, for the second time.
    assert_eq!(record.undo().unwrap().notation(&chess), "f6g8");
    assert_eq!(record.occurrences(), 2);
    assert!(record.verdict(&chess).is_none());
}

#[test]
fn a_record_keeps_every_position_and_a_copy_is_unaffected_by_the_original() {
    let chess = game("chess.game");
    let start = chess.initial_position();
    let mut record = GameRecord::with_quiet(start.clone(), 7);
    let mut expected = start.clone();
    for notation in ["e2e4", "e7e5", "g1f3"] {
        let mv = named_move(&chess, record.position(), notation);
        record.play(&chess, &mv);
        expected.play(&chess, &mv);
        assert_eq!(record.position(), &expected);
    }
    // Pawn moves restart the quiet count (the rule names Pawn); the knight move counts.
    assert_eq!(record.quiet(), 1);
    let copy = record.clone();
    record.undo();
    record.undo();
    assert_eq!(record.len(), 1);
    assert_eq!(record.quiet(), 0);
    let notations: Vec<String> = copy.moves().map(|m| m.notation(&chess)).collect();
    assert_eq!(notations, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(copy.position(), &expected);
    record.truncate(0);
    assert_eq!(record.position(), &start);
    assert_eq!(record.quiet(), 7);
    assert_eq!(record.undo(), None);
    assert_eq!(record.start(), copy.start());
}

#[test]
fn a_repeated_position_in_the_search_is_a_draw() {
    let chess = game("chess.game");
    // White is a queen down but can repeat; the search must not believe in a long line.
    let position = chess.from_fen("4k3/8/8/8/8/8/8/q3K2R w K - 0 1").unwrap();
    let mut path = Path::default();
    path.reset(GameRecord::new(position.clone()).marks());
    assert!(!path.repeats());
    path.push(Mark {
        hash: position.zobrist(),
        quiet: 1,
    });
    assert!(path.repeats());
}

/// The move Monte Carlo tree search chooses in a tic-tac-toe setup, with `playouts`.
fn mcts_move(setup: &str, playouts: u64) -> (Option<String>, u64) {
    let game = game("tic-tac-toe.game");
    let position = game.setup(setup).unwrap();
    let mut searcher = Searcher::new(&game, Default::default(), 1);
    searcher.set_algorithm(crate::Algorithm::Mcts);
    let limits = SearchLimits {
        nodes: Some(playouts),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(position), &limits, &mut |_| {})
        .unwrap();
    (found.best.map(|m| m.notation(&game)), found.info.nodes)
}

#[test]
fn monte_carlo_takes_a_win_and_blocks_a_loss() {
    // X completes the first row.
    let (mv, playouts) = mcts_move("(X (Mark a1 b1)) (O (Mark a2 b2)) (turn X)", 3000);
    assert_eq!((mv.as_deref(), playouts), (Some("c1"), 3000));
    // O threatens the second row: X blocks it.
    let (mv, _) = mcts_move("(X (Mark a1 b3)) (O (Mark a2 b2)) (turn X)", 3000);
    assert_eq!(mv.as_deref(), Some("c2"));
    // O wins at once rather than block.
    let (mv, _) = mcts_move("(X (Mark a1 c1 b3)) (O (Mark a2 b2)) (turn O)", 3000);
    assert_eq!(mv.as_deref(), Some("c2"));
}

#[test]
fn monte_carlo_with_one_move_or_none() {
    // One empty square: the move is played without weighing it.
    let (mv, playouts) = mcts_move(
        "(X (Mark a1 b1 c2 a3)) (O (Mark c1 a2 b2 b3)) (turn X)",
        1000,
    );
    assert_eq!((mv.as_deref(), playouts), (Some("c3"), 1));
    // A full board: no move.
    let (mv, _) = mcts_move(
        "(X (Mark a1 b1 c2 a3 c3)) (O (Mark c1 a2 b2 b3)) (turn O)",
        1000,
    );
    assert_eq!(mv, None);
}

#[test]
fn a_game_may_ask_for_monte_carlo() {
    let path = format!(
        "{}/../../games/tic-tac-toe.game",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let at = text.rfind("(game").unwrap();
    let asking = format!("{}(game (search mcts){}", &text[..at], &text[at + 5..]);
    let game = Game::load(&asking).unwrap();
    assert_eq!(
        Searcher::new(&game, Default::default(), 1).algorithm(),
        crate::Algorithm::Mcts
    );
    let asking = format!("{}(game (search mcts-rave){}", &text[..at], &text[at + 5..]);
    let game = Game::load(&asking).unwrap();
    assert_eq!(
        Searcher::new(&game, Default::default(), 1).algorithm(),
        crate::Algorithm::MctsRave
    );
    let plain = Game::load(&text).unwrap();
    let mut searcher = Searcher::new(&plain, Default::default(), 1);
    assert_eq!(searcher.algorithm(), crate::Algorithm::AlphaBeta);
    searcher.set_algorithm(crate::Algorithm::Mcts);
    assert_eq!(searcher.algorithm(), crate::Algorithm::Mcts);
}

#[test]
fn several_threads_find_what_one_finds_and_count_all_their_nodes() {
    let chess = game("chess.game");
    // A mate in one, then the start, where every answer must be legal.
    let mate = chess
        .from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
        .unwrap();
    let mut searcher = Searcher::new(&chess, Default::default(), 8);
    searcher.set_threads(3);
    assert_eq!(searcher.threads(), 3);
    let limits = SearchLimits {
        depth: Some(4),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(mate), &limits, &mut |_| {})
        .unwrap();
    assert_eq!(found.best.unwrap().notation(&chess), "a1a8");
    assert_eq!(found.info.score, Score::Mate(1));

    let start = chess.initial_position();
    let legal = dagaz_engine::MoveGen::default()
        .moves(&chess, &start)
        .unwrap();
    let mut depths = Vec::new();
    let found = searcher
        .search(&GameRecord::new(start.clone()), &limits, &mut |info| {
            depths.push(info.depth)
        })
        .unwrap();
    assert!(legal.contains(found.best.as_ref().unwrap()));
    // The main thread reports every iteration, and stops the helpers when it is done.
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(found.info.depth, 4);
    // A node limit counts every thread's nodes (the helpers report theirs in batches).
    let limits = SearchLimits {
        nodes: Some(5_000),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(start.clone()), &limits, &mut |_| {})
        .unwrap();
    assert!(legal.contains(found.best.as_ref().unwrap()));
    assert!(found.info.nodes >= 5_000);
    // Back to one thread: the same search as a searcher made with one.
    searcher.set_threads(1);
    searcher.new_game();
    assert_eq!(searcher.threads(), 1);
    let found = searcher
        .search(
            &GameRecord::new(start.clone()),
            &SearchLimits {
                depth: Some(3),
                ..SearchLimits::default()
            },
            &mut |_| {},
        )
        .unwrap();
    let (alone, score) = best_from(&chess, &start, 3);
    assert_eq!(
        (found.best.unwrap().notation(&chess), found.info.score),
        (alone, score)
    );
}

#[test]
fn monte_carlo_completes_a_chain_in_hex() {
    let game = game("hex.game");
    let position = game
        .setup(
            "(Black (Stone a11 a10 a9 a8 a7 a6 a5 a4 a3 a2)) \
             (White (Stone k1 k2 k3 k4 k5 k6 k7 k8 k9 k10)) (turn Black)",
        )
        .unwrap();
    for algorithm in [crate::Algorithm::Mcts, crate::Algorithm::MctsRave] {
        let mut searcher = Searcher::new(&game, Default::default(), 1);
        searcher.set_algorithm(algorithm);
        let limits = SearchLimits {
            nodes: Some(2000),
            ..SearchLimits::default()
        };
        let found = searcher
            .search(&GameRecord::new(position.clone()), &limits, &mut |_| {})
            .unwrap();
        let best = found.best.map(|m| m.notation(&game));
        assert_eq!(best.as_deref(), Some("a1"), "{algorithm:?}");
    }
}

/// The search keeps the board key and the material along its line from the moves' actions;
/// in this crate's tests every node checks them against the whole board (`Worker::zobrist`,
/// `Worker::material`). Here on games whose moves do what chess's do not: drops from a hand,
/// pieces changed in place, explosions, gating, seeds, another turn, more than two players,
/// positional superko.
#[test]
fn the_kept_board_key_and_material_agree_with_the_board_in_every_kind_of_game() {
    for file in [
        "shogi.game",
        "crazyhouse.game",
        "othello.game",
        "ataxx.game",
        "atomic.game",
        "seirawan.game",
        "mancala.game",
        "dots-and-boxes.game",
        "chinese-checkers.game",
        "go-9x9.game",
    ] {
        let game = game(file);
        let mut searcher = Searcher::new(&game, Default::default(), 1);
        // Whatever the game prefers.
        searcher.set_algorithm(crate::Algorithm::AlphaBeta);
        let limits = SearchLimits {
            depth: Some(4),
            nodes: Some(2_000),
            ..SearchLimits::default()
        };
        let record = GameRecord::new(game.initial_position());
        let found = searcher.search(&record, &limits, &mut |_| {}).unwrap();
        assert!(found.best.is_some(), "{file}");
    }
}

#[test]
fn the_known_move_first_changes_nothing_but_the_work() {
    // With and without searching the table's move before generating: the same iterations,
    // node for node. Chess and its variants (hands, explosions), draughts (a global, the
    // majority rule), shogi, sowing, and Go (positional superko, where the kept moves are
    // not used).
    for (file, fen, depth) in [
        (
            "chess.game",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            5,
        ),
        ("chess.game", None, 6),
        ("international.game", None, 6),
        ("english.game", None, 8),
        ("shogi.game", None, 3),
        ("crazyhouse.game", None, 4),
        ("atomic.game", None, 4),
        ("mancala.game", None, 6),
        ("go-9x9.game", None, 2),
    ] {
        let game = game(file);
        let position = match fen {
            Some(fen) => game.from_fen(fen).unwrap(),
            None => game.initial_position(),
        };
        let limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        let run = |known_first: bool| {
            let mut searcher = Searcher::new(&game, Default::default(), 8);
            searcher.set_algorithm(crate::Algorithm::AlphaBeta);
            searcher.set_known_first(known_first);
            let mut lines = Vec::new();
            searcher
                .search(&GameRecord::new(position.clone()), &limits, &mut |info| {
                    let pv: Vec<String> = info.pv.iter().map(|m| m.notation(&game)).collect();
                    lines.push((info.depth, info.score, info.nodes, pv));
                })
                .unwrap();
            lines
        };
        assert_eq!(run(true), run(false), "{file}");
    }
}

/// From `fen`, reached after `quiet` quiet plies and not over, the move written `notation`:
/// the quiet count after it, and whether a history goal draws the game there.
fn drawn_after(game: &Game, fen: &str, quiet: u32, notation: &str) -> (u32, bool) {
    let mut record = GameRecord::with_quiet(game.from_fen(fen).unwrap(), quiet);
    assert!(record.verdict(game).is_none(), "{fen} is over already");
    let mv = named_move(game, record.position(), notation);
    record.play(game, &mv);
    let outcome = record.verdict(game).map(|v| v.outcome);
    assert!(outcome.is_none_or(|o| o == dagaz_engine::Outcome::Draw));
    (record.quiet(), outcome.is_some())
}

#[test]
fn international_draughts_is_drawn_after_25_moves_of_kings_alone() {
    // FMJD article 8.3, as `games/international.game` declares it: 50 plies without a
    // capture or a man's move. A man's move starts the count again. Two pieces a side:
    // neither the 16- nor the 5-move rule applies.
    let international = game("international.game");
    let fen = "W:WK46,35:BK5,K1";
    assert_eq!(drawn_after(&international, fen, 49, "46-41"), (50, true));
    assert_eq!(drawn_after(&international, fen, 49, "35-30"), (0, false));
}

#[test]
fn brazilian_and_russian_draughts_are_drawn_after_15_moves_of_kings_alone() {
    // pydraughts' count for both: 30 plies without a capture or a man's move, in place of
    // International's 25 moves and its rules for a lone king (three pieces against one here).
    for file in ["brazilian.game", "russian.game"] {
        let variant = game(file);
        let fen = "W:WKa1,e3,g3:BKh8";
        for (before, notation, after) in [
            (29, "a1-b2", (30, true)),
            (28, "a1-b2", (29, false)),
            (29, "e3-d4", (0, false)),
        ] {
            let got = drawn_after(&variant, fen, before, notation);
            assert_eq!(got, after, "{file}: {notation} after {before} quiet plies");
        }
    }
}

#[test]
fn pool_czech_and_thai_draughts_are_drawn_by_repetition_alone() {
    // They include Brazilian draughts, whose count of king moves is not theirs.
    for file in ["pool.game", "czech.game", "thai.game"] {
        let rules: Vec<_> = game(file)
            .history_goals()
            .iter()
            .map(|g| g.rule.clone())
            .collect();
        assert_eq!(
            rules,
            vec![dagaz_engine::HistoryRule::Repetition { times: 3 }],
            "{file}"
        );
    }
}

#[test]
fn international_draughts_draws_a_lone_king_against_three_pieces_after_16_moves() {
    // FMJD articles 8.4 and 8.5 as `games/international.game` declares them: against a lone
    // king, three pieces with a king draw after 32 quiet plies, two or one after 10; four
    // pieces do not, nor three men. Either side may have the lone king.
    let international = game("international.game");
    let cases = [
        ("W:WK46,35,36:BK5", 31, "46-41", true),
        ("W:WK46,35,36:BK5", 30, "46-41", false),
        ("B:WK36:BK5,K1,2", 31, "5-10", true),
        ("W:WK46,35,36,37:BK5", 31, "46-41", false),
        ("W:WK46,35:BK5", 9, "46-41", true),
        ("W:WK46,35:BK5", 8, "46-41", false),
        ("W:WK46:BK5", 9, "46-41", true),
        ("W:W46,35:BK5", 9, "35-30", false),
        ("W:WK46,35:BK5,1", 9, "46-41", false),
    ];
    for (fen, quiet, notation, drawn) in cases {
        assert_eq!(
            drawn_after(&international, fen, quiet, notation).1,
            drawn,
            "{fen} after {quiet} quiet plies and {notation}"
        );
    }
}

#[test]
fn the_search_sees_the_16_move_rule_coming() {
    // Three kings against a lone king, one quiet ply short of the draw: whatever White
    // plays without a capture, the game is drawn, and White's mate in two (from a quiet
    // count of 0) comes too late.
    let international = game("international.game");
    let position = international.from_fen("W:WK46,K35,K36:BK5").unwrap();
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let score = |quiet: u32| {
        let mut searcher = Searcher::new(&international, Default::default(), 8);
        let record = GameRecord::with_quiet(position.clone(), quiet);
        searcher
            .search(&record, &limits, &mut |_| {})
            .unwrap()
            .info
            .score
    };
    assert_eq!(score(31), Score::Cp(0));
    assert_eq!(score(0), Score::Mate(2));
}

/// White's man may step to a1, where chance drops a bomb one time in a hundred, or to c1,
/// onto its own pawn (worth 10), where no bomb falls. Expectimax weighs the outcomes: a1
/// (about 109 expected) over c1 (100); a search that let chance choose would fear the bomb.
const GAMBLE: &str = r#"
(board (name b) (dim "a-c") (dim "2-1") (dir (name e) 1 0) (dir (name w) -1 0))
(piece (name Man) (pre (check is-friend?) (take) (log position))
   (move (any w e) (check (or is-empty? is-friend?)))
   (post (log "-" position) (drop)))
(piece (name Pawn))
(piece (name Bomb)
   (drops (any (seq (check (= position a1)) (weight 1)) (seq (check (= position b2)) (weight 99)))
      (log "bomb " position) (drop)))
(game (name "Gamble") (board b)
   (players (White (Man b1) (Pawn c1)) (Dice (hand (Bomb unlimited))))
   (chance Dice)
   (evaluation (piece-values (Man 100) (Pawn 10) (Bomb 0)) (mobility 0)))
"#;

#[test]
fn chance_nodes_are_worth_their_outcomes_mean() {
    let gamble = Game::load(GAMBLE).unwrap();
    let start = gamble.initial_position();
    for depth in [2, 3] {
        let (mv, score) = best_from(&gamble, &start, depth);
        assert_eq!(mv, "b1-a1", "depth {depth}");
        let Score::Cp(cp) = score else {
            panic!("{score:?}")
        };
        assert!((100..=110).contains(&cp), "depth {depth}: {cp}");
    }
    // At a chance node nothing is searched: chance's move is drawn.
    let rolled = named_move(&gamble, &start, "b1-a1");
    let mut at_chance = start.clone();
    at_chance.play(&gamble, &rolled);
    let mut searcher = Searcher::new(&gamble, Default::default(), 8);
    let found = searcher
        .search(
            &GameRecord::new(at_chance),
            &SearchLimits::default(),
            &mut |_| {},
        )
        .unwrap();
    assert_eq!(found.info.nodes, 0);
}

/// *-minimax's probing (Star2) fails a roll low on one reply an outcome where the full
/// search would find the same: backgammon at depth 3 after 8/5 6/5 and a roll of 3-1 keeps the
/// expectimax answer (move and score, as found without the probe, in 3,230,309 nodes) in
/// far fewer nodes.
#[test]
fn probing_the_rolls_keeps_the_expectimax_answer() {
    let backgammon = game("backgammon.game");
    let mut position = backgammon.initial_position();
    for notation in ["White 3, Black 1", "8/5 6/5", "roll 3-1"] {
        let mv = named_move(&backgammon, &position, notation);
        position.play(&backgammon, &mv);
    }
    let mut searcher = Searcher::new(&backgammon, Default::default(), 8);
    let limits = SearchLimits {
        depth: Some(3),
        ..SearchLimits::default()
    };
    let found = searcher
        .search(&GameRecord::new(position), &limits, &mut |_| {})
        .unwrap();
    assert_eq!(found.best.unwrap().notation(&backgammon), "8/5 6/5");
    assert_eq!(found.info.score, Score::Cp(-11));
    assert!(found.info.nodes < 1_000_000, "{}", found.info.nodes);
}

#[test]
fn monte_carlo_draws_chance_s_moves() {
    let gamble = Game::load(GAMBLE).unwrap();
    let mut searcher = Searcher::new(&gamble, Default::default(), 8);
    searcher.set_algorithm(crate::Algorithm::Mcts);
    let limits = SearchLimits {
        nodes: Some(500),
        ..SearchLimits::default()
    };
    let start = GameRecord::new(gamble.initial_position());
    let found = searcher.search(&start, &limits, &mut |_| {}).unwrap();
    let best = found.best.unwrap().notation(&gamble);
    assert!(["b1-a1", "b1-c1"].contains(&best.as_str()), "{best}");
}
