//! Each command run on its own or in a short hand-written chain, on a 3x3 board
//! (a3 b3 c3 / a2 b2 c2 / a1 b1 c1) with White to move.

use super::*;
use crate::env::players::Players;
use dagaz_ir::{Clause, Invariant, PieceKind, StrId};

/// White's man, on b2 at the start.
const WHITE: Piece = Piece {
    owner: PlayerId(0),
    kind: PieceKind(0),
    attrs: 0,
};
/// Black's man, on b3 at the start.
const BLACK: Piece = Piece {
    owner: PlayerId(1),
    kind: PieceKind(0),
    attrs: 0,
};

/// Collects what `Complete` hands over.
#[derive(Default)]
struct Collect {
    moves: Vec<(Vec<Action>, Vec<Value>)>,
    invariants: Vec<Vec<(u16, Vec<Value>)>>,
    cancelled: Vec<u64>,
}

impl Sink for Collect {
    fn cancel(&mut self, serial: u64) {
        self.cancelled.push(serial);
    }

    fn complete(&mut self, _: &mut Globals, done: Completed<'_>) -> Result<u64, GenErrorKind> {
        self.moves.push((done.actions.to_vec(), done.log.to_vec()));
        let locals = |at: u32| done.invariant_locals[at as usize..].to_vec();
        self.invariants.push(
            done.invariants
                .iter()
                .map(|&(i, at)| (i, locals(at)))
                .collect(),
        );
        Ok(self.moves.len() as u64 - 1)
    }
}

/// A 3x3 board with directions n and s, a zone `top` (a3 b3 c3) for White, White's man
/// on b2 and Black's on b3.
struct Rig {
    board: Board,
    zones: Zones,
    strings: IndexSet<String>,
    processor: Processor,
}

fn rig() -> Rig {
    let names = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let mut board = Board::new("b", vec![names("a b c"), names("3 2 1")]).unwrap();
    board.add_direction("n", &[0, -1]).unwrap();
    board.add_direction("s", &[0, 1]).unwrap();
    let mut zones = Zones::new(2, board.len());
    let top = zones.declare("top");
    for name in ["a3", "b3", "c3"] {
        zones.add(top, PlayerId(0), board.position(name).unwrap());
    }
    let mut processor = Processor::default();
    processor.globals.reset(2);
    processor.state.cells = vec![None; board.len()];
    processor.state.cells[board.position("b2").unwrap().index()] = Some(WHITE);
    processor.state.cells[board.position("b3").unwrap().index()] = Some(BLACK);
    processor.state.captured = vec![false; processor.state.cells.len()];
    processor.state.turn_values = [Value::Bool(false); MAX_TURN_VARIABLES];
    Rig {
        board,
        zones,
        strings: IndexSet::new(),
        processor,
    }
}

fn players() -> Players {
    Players::new(PlayerId(0), PlayerId(1), 0)
}

fn pos(r: &Rig, name: &str) -> Pos {
    r.board.position(name).unwrap()
}

fn dir(r: &Rig, name: &str) -> Dir {
    r.board.direction(name).unwrap()
}

/// A program of one `pre` clause holding `ops`, with `locals` slots and the given guards; its
/// one invariant spans the first three commands.
fn program(ops: Vec<Op>, locals: usize, guards: Vec<dagaz_ir::Guard>) -> Program {
    Program {
        spans: vec![Default::default(); ops.len()],
        run: crate::fuse::fuse(&ops),
        ops,
        clauses: vec![(0, Clause::Pre)],
        locals: vec!["x".to_string(); locals],
        invariants: vec![Invariant { start: 0, end: 3 }],
        guards,
        post_stays: false,
        parts: Default::default(),
        reach: Default::default(),
        tiles: Vec::new(),
    }
}

/// Runs `ops` (with `locals` slots) from `start`; answers the completed moves' logs.
fn run(r: &mut Rig, ops: Vec<Op>, locals: usize, start: &str) -> Result<Collect, GenErrorKind> {
    run_program(r, &program(ops, locals, Vec::new()), start)
}

/// Runs `program` from `start` under small limits, so that runaway tests stop soon.
fn run_program(r: &mut Rig, program: &Program, start: &str) -> Result<Collect, GenErrorKind> {
    let players = players();
    let cx = Context {
        board: &r.board,
        zones: &r.zones,
        strings: &r.strings,
        program,
        players: &players,
        symmetry: &[],
        limits: StepLimits {
            steps: 1000,
            moves: 10,
            choices: 8,
            actions: 6,
            notation: 100,
            volume: 10_000,
        },
        native: None,
    };
    let start = pos(r, start);
    let mut sink = Collect::default();
    r.processor.steps = 0;
    r.processor.run(&cx, start, &mut sink).map_err(|f| f.kind)?;
    Ok(sink)
}

/// The logs of the completed moves.
fn logs(r: &mut Rig, ops: Vec<Op>, start: &str) -> Vec<Vec<Value>> {
    run(r, ops, 2, start)
        .unwrap()
        .moves
        .into_iter()
        .map(|(_, log)| log)
        .collect()
}

fn int(n: Int) -> Value {
    Value::Int(n)
}

#[test]
fn seeds_are_read_and_set_here_and_undone_by_backtracking() {
    let mut r = rig();
    let (b2, b3) = (pos(&r, "b2"), pos(&r, "b3"));
    r.processor.state.seeds = vec![0; r.board.len()];
    r.processor.state.seeds[b2.index()] = 4;
    // Two moves: sow b2's seeds into b3 (4 then 0 left), or leave b2 with one more.
    let ops = vec![
        Op::Seeds,
        Op::Fork(9),
        Op::Push(int(0)),
        Op::SetSeeds,
        Op::Nav(dir(&r, "n")),
        Op::Seeds,
        Op::Add(2),
        Op::SetSeeds,
        Op::Complete,
        Op::Push(int(1)),
        Op::Add(2),
        Op::SetSeeds,
        Op::Seeds,
        Op::Log(1),
        Op::Complete,
    ];
    let done = run(&mut r, ops, 0, "b2").unwrap();
    let sow = |at, from, to| Action::Seeds { at, from, to };
    assert_eq!(
        done.moves,
        vec![
            (vec![sow(b2, 4, 0), sow(b3, 0, 4)], vec![]),
            (vec![sow(b2, 4, 5)], vec![int(5)]),
        ]
    );
    // Backtracking put every count back.
    assert_eq!(r.processor.state.seeds[b2.index()], 4);
    assert_eq!(r.processor.state.seeds[b3.index()], 0);
}

#[test]
fn setting_the_seeds_a_position_has_records_nothing() {
    let mut r = rig();
    r.processor.state.seeds = vec![2; r.board.len()];
    let ops = vec![Op::Push(int(2)), Op::SetSeeds, Op::Complete];
    assert_eq!(
        run(&mut r, ops, 0, "b2").unwrap().moves,
        vec![(vec![], vec![])]
    );
}

#[test]
fn seeds_out_of_range_or_of_the_wrong_kind_are_errors() {
    let mut r = rig();
    r.processor.state.seeds = vec![0; r.board.len()];
    let set = |v| vec![Op::Push(v), Op::SetSeeds, Op::Complete];
    assert_eq!(
        run(&mut r, set(int(-1)), 0, "b2").err(),
        Some(GenErrorKind::SeedsOutOfRange(-1))
    );
    assert_eq!(
        run(&mut r, set(int(65_536)), 0, "b2").err(),
        Some(GenErrorKind::SeedsOutOfRange(65_536))
    );
    assert_eq!(
        run(&mut r, set(Value::Player(PlayerId(0))), 0, "b2").err(),
        Some(GenErrorKind::NotANumber(dagaz_ir::ValueType::Player))
    );
    // Without seeds every position holds none, and none can be set.
    r.processor.state.seeds.clear();
    let read = vec![Op::Seeds, Op::Log(1), Op::Complete];
    assert_eq!(logs(&mut r, read, "b2"), vec![vec![int(0)]]);
    assert_eq!(
        run(&mut r, set(int(1)), 0, "b2").err(),
        Some(GenErrorKind::NoSeeds)
    );
}

#[test]
fn turn_to_records_the_player_and_wants_one() {
    let mut r = rig();
    let to = |v| vec![Op::Push(v), Op::TurnTo, Op::Complete];
    let done = run(&mut r, to(Value::Player(PlayerId(1))), 0, "b2").unwrap();
    let expected = Action::TurnTo {
        player: PlayerId(1),
    };
    assert_eq!(done.moves, vec![(vec![expected], vec![])]);
    assert_eq!(
        run(&mut r, to(int(1)), 0, "b2").err(),
        Some(GenErrorKind::WrongType {
            expected: "a player",
            found: dagaz_ir::ValueType::Int,
        })
    );
}

#[test]
fn weights_are_recorded_per_path_and_undone_by_backtracking() {
    let mut r = rig();
    // Two moves: one of weight 3 (twice, each a factor), one without.
    let ops = vec![
        Op::Fork(6),
        Op::Push(int(3)),
        Op::Weight,
        Op::Push(int(2)),
        Op::Weight,
        Op::Complete,
        Op::Complete,
    ];
    let done = run(&mut r, ops, 0, "b2").unwrap();
    let w = |weight| Action::Weight { weight };
    assert_eq!(
        done.moves,
        vec![(vec![w(3), w(2)], vec![]), (vec![], vec![])]
    );
    let weigh = |v| vec![Op::Push(v), Op::Weight, Op::Complete];
    assert_eq!(
        run(&mut r, weigh(int(0)), 0, "b2").err(),
        Some(GenErrorKind::WeightOutOfRange(0))
    );
    assert_eq!(
        run(&mut r, weigh(int(1_000_001)), 0, "b2").err(),
        Some(GenErrorKind::WeightOutOfRange(1_000_001))
    );
    assert_eq!(
        run(&mut r, weigh(Value::Bool(true)), 0, "b2").err(),
        Some(GenErrorKind::NotANumber(dagaz_ir::ValueType::Bool))
    );
}

#[test]
fn another_turn_is_recorded_once() {
    let mut r = rig();
    let ops = vec![Op::AnotherTurn, Op::AnotherTurn, Op::Complete];
    let done = run(&mut r, ops, 0, "b2").unwrap();
    assert_eq!(done.moves, vec![(vec![Action::AnotherTurn], vec![])]);
}

#[test]
fn attributes_are_read_here_and_set_in_the_hand() {
    let mut r = rig();
    let ops = vec![
        Op::AttrAt(0),
        Op::Take,
        Op::AttrAt(0),
        Op::Push(Value::Bool(true)),
        Op::SetAttr(0),
        Op::Drop,
        Op::AttrAt(0),
        Op::Log(3),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    let t = Value::Bool(true);
    let f = Value::Bool(false);
    assert_eq!(got.moves[0].1, vec![f, f, t]);
    let Action::Drop { piece, .. } = got.moves[0].0[1] else {
        panic!("a drop")
    };
    assert!(piece.attr(0), "the dropped piece carries the new value");
    assert_eq!(
        run(&mut r, vec![Op::Push(t), Op::SetAttr(0)], 0, "b2").err(),
        Some(GenErrorKind::SetAttrEmptyHand)
    );
}

#[test]
fn a_turn_variable_is_set_for_the_next_turn_only() {
    let mut r = rig();
    let a1 = Value::Pos(pos(&r, "a1"));
    let ops = vec![
        Op::TurnGet(0),
        Op::Push(a1),
        Op::TurnSet(0),
        Op::TurnGet(0),
        Op::Log(2),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    let f = Value::Bool(false);
    assert_eq!(got.moves[0].1, vec![f, f], "reads still see the old value");
    assert_eq!(got.moves[0].0, vec![Action::SetTurn { slot: 0, value: a1 }]);
}

#[test]
fn move_piece_moves_another_piece_and_stays() {
    let mut r = rig();
    let n = Value::Dir(dir(&r, "n"));
    let ops = vec![
        Op::Push(n),
        Op::MovePiece,
        Op::Position,
        Op::Log(1),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    let (b2, b3) = (pos(&r, "b2"), pos(&r, "b3"));
    assert_eq!(got.moves[0].1, vec![Value::Pos(b2)]);
    let white = WHITE;
    let black = Some(BLACK);
    assert_eq!(
        got.moves[0].0,
        vec![
            Action::Take {
                at: b2,
                piece: white
            },
            Action::Drop {
                at: b3,
                piece: white,
                replaced: black
            }
        ]
    );
    // Off the board it fails; from an empty square it is an error.
    assert!(run(
        &mut r,
        vec![Op::Push(n), Op::MovePiece, Op::Complete],
        0,
        "b3"
    )
    .unwrap()
    .moves
    .is_empty());
    assert_eq!(
        run(&mut r, vec![Op::Push(n), Op::MovePiece], 0, "a1").err(),
        Some(GenErrorKind::MoveEmpty)
    );
}

#[test]
fn cycle_pieces_moves_each_piece_one_place_along_the_list() {
    let mut r = rig();
    let (a1, b2, b3) = (pos(&r, "a1"), pos(&r, "b2"), pos(&r, "b3"));
    // b2 -> b3 -> a1 -> b2: White's man goes to b3, Black's to a1, a1's emptiness to b2.
    let ops = vec![
        Op::Push(Value::Pos(b2)),
        Op::Push(Value::Pos(b3)),
        Op::Push(Value::Pos(a1)),
        Op::CyclePieces(3),
        Op::Position,
        Op::Log(1),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "c1").unwrap();
    assert_eq!(got.moves[0].1, vec![Value::Pos(pos(&r, "c1"))], "it stays");
    let (white, black) = (WHITE, BLACK);
    assert_eq!(
        got.moves[0].0,
        vec![
            Action::Take {
                at: b2,
                piece: white
            },
            Action::Take {
                at: b3,
                piece: black
            },
            Action::Drop {
                at: b3,
                piece: white,
                replaced: None
            },
            Action::Drop {
                at: a1,
                piece: black,
                replaced: None
            },
        ]
    );
    let cells = &r.processor.state.cells;
    assert_eq!(
        (cells[b2.index()], cells[b3.index()]),
        (Some(WHITE), Some(BLACK)),
        "undone"
    );
    let twice = vec![
        Op::Push(Value::Pos(b2)),
        Op::Push(Value::Pos(b2)),
        Op::CyclePieces(2),
    ];
    assert_eq!(
        run(&mut r, twice, 0, "c1").err(),
        Some(GenErrorKind::CycleTwice)
    );
    let number = vec![
        Op::Push(Value::Pos(b2)),
        Op::Push(Value::Int(1)),
        Op::CyclePieces(2),
    ];
    assert!(matches!(
        run(&mut r, number, 0, "c1").err(),
        Some(GenErrorKind::WrongType { .. })
    ));
}

/// `MoveTile` along `d` from `start`, with the tile table `tiles`: the moves' actions.
fn move_tile(
    r: &mut Rig,
    tiles: &[u16],
    d: &str,
    start: &str,
) -> Result<Vec<Vec<Action>>, GenErrorKind> {
    let ops = vec![Op::Push(Value::Dir(dir(r, d))), Op::MoveTile, Op::Complete];
    let program = Program {
        tiles: tiles.to_vec(),
        ..program(ops, 0, Vec::new())
    };
    let got = run_program(r, &program, start)?;
    Ok(got.moves.into_iter().map(|(actions, _)| actions).collect())
}

#[test]
fn move_tile_moves_the_whole_tile_or_nothing() {
    let mut r = rig();
    let (b1, b2, b3) = (pos(&r, "b1"), pos(&r, "b2"), pos(&r, "b3"));
    let take = |at, piece| Action::Take { at, piece };
    let drop = |at, piece| Action::Drop {
        at,
        piece,
        replaced: None,
    };
    // Type 0 is tile 1: both men (b2, b3) are one tile, which may step onto its own cell.
    let south = move_tile(&mut r, &[1], "s", "b3").unwrap();
    let expected = vec![
        take(b3, BLACK),
        take(b2, WHITE),
        drop(b2, BLACK),
        drop(b1, WHITE),
    ];
    assert_eq!(south, vec![expected]);
    assert_eq!(r.processor.state.cells[b3.index()], Some(BLACK), "undone");
    // b3 would leave the board.
    assert_eq!(
        move_tile(&mut r, &[1], "n", "b2").unwrap(),
        Vec::<Vec<Action>>::new()
    );
    // Without a tile the man moves alone, onto an empty position only.
    let alone = move_tile(&mut r, &[], "s", "b2").unwrap();
    assert_eq!(alone, vec![vec![take(b2, WHITE), drop(b1, WHITE)]]);
    assert!(move_tile(&mut r, &[], "n", "b2").unwrap().is_empty());
    // A piece of another tile blocks.
    let other = Piece {
        kind: PieceKind(1),
        ..WHITE
    };
    r.processor.state.cells[b1.index()] = Some(other);
    assert!(move_tile(&mut r, &[1, 2], "s", "b3").unwrap().is_empty());
    assert_eq!(
        move_tile(&mut r, &[1], "s", "a1").err(),
        Some(GenErrorKind::TileEmpty)
    );
    let number = vec![Op::Push(Value::Int(1)), Op::MoveTile];
    assert!(matches!(
        run(&mut r, number, 0, "b2").err(),
        Some(GenErrorKind::WrongType { .. })
    ));
}

#[test]
fn promote_to_takes_the_type_from_the_stack() {
    let mut r = rig();
    let king = Value::Piece(PieceKind(1));
    let ops = vec![
        Op::Take,
        Op::Push(king),
        Op::PromoteTo,
        Op::Drop,
        Op::PieceAt,
        Op::Log(1),
        Op::Complete,
    ];
    assert_eq!(logs(&mut r, ops, "b2"), vec![vec![king]]);
    assert_eq!(
        run(
            &mut r,
            vec![Op::Take, Op::Push(int(1)), Op::PromoteTo],
            0,
            "b2"
        )
        .err(),
        Some(GenErrorKind::WrongType {
            expected: "a piece type",
            found: dagaz_ir::ValueType::Int
        })
    );
}

#[test]
fn push_log_complete() {
    let mut r = rig();
    let got = logs(
        &mut r,
        vec![Op::Push(int(7)), Op::Push(int(8)), Op::Log(2), Op::Complete],
        "a1",
    );
    assert_eq!(got, vec![vec![int(7), int(8)]]);
}

#[test]
fn pop_discards() {
    let mut r = rig();
    let got = logs(
        &mut r,
        vec![
            Op::Push(int(1)),
            Op::Push(int(2)),
            Op::Pop,
            Op::Log(1),
            Op::Complete,
        ],
        "a1",
    );
    assert_eq!(got, vec![vec![int(1)]]);
}

#[test]
fn fork_tries_every_alternative_in_order_and_restores_locals() {
    let mut r = rig();
    // x = 1; fork { x += 10; log x } | { log x }
    let ops = vec![
        Op::LocalConst(0, int(1)),
        Op::Fork(6),
        Op::LocalAdd(0, 10),
        Op::LocalGet(0),
        Op::Log(1),
        Op::Complete,
        Op::LocalGet(0),
        Op::Log(1),
        Op::Complete,
    ];
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(11)], vec![int(1)]]);
}

#[test]
fn local_set_and_get() {
    let mut r = rig();
    let ops = vec![
        Op::Push(int(5)),
        Op::LocalSet(1),
        Op::LocalGet(1),
        Op::Log(1),
        Op::Complete,
    ];
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(5)]]);
}

#[test]
fn globals_survive_backtracking() {
    let mut r = rig();
    // fork { g += 1; fail } | { log g }
    let ops = vec![
        Op::Fork(3),
        Op::GlobalAdd(0, 1),
        Op::Fail,
        Op::GlobalGet(0),
        Op::Push(int(4)),
        Op::GlobalSet(1),
        Op::GlobalGet(1),
        Op::Log(2),
        Op::Complete,
    ];
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(1), int(4)]]);
}

#[test]
fn state_queries() {
    let mut r = rig();
    let ops = vec![
        Op::Position,
        Op::IsEmpty,
        Op::NotEmpty,
        Op::IsFriend,
        Op::NotFriend,
        Op::IsEnemy,
        Op::NotEnemy,
        Op::PlayerAt,
        Op::PieceAt,
        Op::Log(9),
        Op::Complete,
    ];
    let b2 = pos(&r, "b2");
    let t = Value::Bool(true);
    let f = Value::Bool(false);
    let white = Value::Player(PlayerId(0));
    let man = Value::Piece(PieceKind(0));
    assert_eq!(
        logs(&mut r, ops.clone(), "b2"),
        vec![vec![Value::Pos(b2), f, t, t, f, f, t, white, man]]
    );
    let b3 = pos(&r, "b3");
    let black = Value::Player(PlayerId(1));
    assert_eq!(
        logs(&mut r, ops.clone(), "b3"),
        vec![vec![Value::Pos(b3), f, t, f, t, t, f, black, man]]
    );
    let a1 = pos(&r, "a1");
    assert_eq!(
        logs(&mut r, ops, "a1"),
        vec![vec![Value::Pos(a1), t, f, f, t, f, t, f, f]]
    );
}

#[test]
fn check_commands_pass_or_fail() {
    let mut r = rig();
    let complete_if = |op: Op| vec![op, Op::Push(int(1)), Op::Log(1), Op::Complete];
    for (op, at, passes) in [
        (Op::CheckEmpty, "a1", true),
        (Op::CheckEmpty, "b2", false),
        (Op::CheckNotEmpty, "b2", true),
        (Op::CheckFriend, "b2", true),
        (Op::CheckFriend, "b3", false),
        (Op::CheckNotFriend, "b3", true),
        (Op::CheckEnemy, "b3", true),
        (Op::CheckEnemy, "a1", false),
        (Op::CheckNotEnemy, "a1", true),
    ] {
        let got = logs(&mut r, complete_if(op), at);
        assert_eq!(got.len(), usize::from(passes), "{op:?} at {at}");
    }
}

#[test]
fn nav_and_goto_move_the_current_position() {
    let mut r = rig();
    let (n, s) = (dir(&r, "n"), dir(&r, "s"));
    let c1 = pos(&r, "c1");
    let ops = vec![
        Op::Nav(n),
        Op::Position,
        Op::Goto(c1),
        Op::Position,
        Op::Log(2),
        Op::Complete,
    ];
    let (a2, a1) = (pos(&r, "a2"), pos(&r, "a1"));
    assert_eq!(
        logs(&mut r, ops, "a1"),
        vec![vec![Value::Pos(a2), Value::Pos(c1)]]
    );
    // Off the board: the step fails.
    assert!(logs(&mut r, vec![Op::Nav(s), Op::Complete], "a1").is_empty());
    let _ = a1;
}

#[test]
fn check_of_a_link_navigates_and_of_a_value_tests_truth() {
    let mut r = rig();
    let n = dir(&r, "n");
    let ops = vec![
        Op::Push(Value::Dir(n)),
        Op::Check,
        Op::Position,
        Op::Log(1),
        Op::Complete,
    ];
    let a2 = pos(&r, "a2");
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![Value::Pos(a2)]]);
    assert!(logs(
        &mut r,
        vec![Op::Push(Value::Dir(n)), Op::Check, Op::Complete],
        "a3"
    )
    .is_empty());
    let falsy = [int(0), Value::Bool(false)];
    for v in falsy {
        assert!(
            logs(&mut r, vec![Op::Push(v), Op::Check, Op::Complete], "a1").is_empty(),
            "{v:?}"
        );
    }
    for v in [int(2), Value::Bool(true), Value::Player(PlayerId(1))] {
        assert_eq!(
            logs(&mut r, vec![Op::Push(v), Op::Check, Op::Complete], "a1").len(),
            1,
            "{v:?}"
        );
    }
}

#[test]
fn strings_zero_and_empty_are_false() {
    let mut r = rig();
    r.strings = ["", "0", "x"].into_iter().map(String::from).collect();
    for (id, truth) in [(0, false), (1, false), (2, true)] {
        let ops = vec![Op::Push(Value::Str(StrId(id))), Op::Check, Op::Complete];
        assert_eq!(logs(&mut r, ops, "a1").len(), usize::from(truth));
    }
}

#[test]
fn players_environment() {
    let mut r = rig();
    let ops = vec![
        Op::CurrentPlayer,
        Op::NextPlayer,
        Op::TurnNumber,
        Op::TurnOrder,
        Op::Log(4),
        Op::Complete,
    ];
    let (w, b) = (Value::Player(PlayerId(0)), Value::Player(PlayerId(1)));
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![w, b, int(1), int(1)]]);
}

#[test]
fn not_and_conditional_jumps() {
    let mut r = rig();
    // if (not 0) log 1 else log 2
    let ops = vec![
        Op::Push(int(0)),
        Op::Not,
        Op::JmpIfFalse(6),
        Op::Push(int(1)),
        Op::Log(1),
        Op::Jmp(8),
        Op::Push(int(2)),
        Op::Log(1),
        Op::Complete,
    ];
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(1)]]);
}

#[test]
fn arithmetic_runs_in_the_processor() {
    let mut r = rig();
    let ops = vec![
        Op::Push(int(2)),
        Op::Push(int(3)),
        Op::Mul(2),
        Op::Neg,
        Op::Log(1),
        Op::Complete,
    ];
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![int(-6)]]);
}

#[test]
fn take_capture_drop_record_actions_and_restore_the_board() {
    let mut r = rig();
    let (n, s) = (dir(&r, "n"), dir(&r, "s"));
    let before = r.processor.state.cells.clone();
    // From b2: take, step n to b3, capture, step s twice to b1, drop.
    let ops = vec![
        Op::Take,
        Op::Nav(n),
        Op::Capture,
        Op::Nav(s),
        Op::Nav(s),
        Op::Drop,
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    let white = Piece::new(PlayerId(0), PieceKind(0));
    let black = Piece::new(PlayerId(1), PieceKind(0));
    let (b1, b2, b3) = (pos(&r, "b1"), pos(&r, "b2"), pos(&r, "b3"));
    assert_eq!(
        got.moves[0].0,
        vec![
            Action::Take {
                at: b2,
                piece: white
            },
            Action::Capture {
                at: b3,
                piece: black
            },
            Action::Drop {
                at: b1,
                piece: white,
                replaced: None
            },
        ]
    );
    assert_eq!(
        r.processor.state.cells, before,
        "the run leaves the board as it found it"
    );
}

#[test]
fn action_errors() {
    let mut r = rig();
    assert_eq!(
        run(&mut r, vec![Op::Take], 0, "a1").err(),
        Some(GenErrorKind::TakeEmpty)
    );
    assert_eq!(
        run(&mut r, vec![Op::Capture], 0, "a1").err(),
        Some(GenErrorKind::CaptureEmpty)
    );
    assert_eq!(
        run(&mut r, vec![Op::Drop], 0, "a1").err(),
        Some(GenErrorKind::DropEmptyHand)
    );
    assert_eq!(
        run(&mut r, vec![Op::Take, Op::Take], 0, "b2").err(),
        Some(GenErrorKind::HandFull)
    );
}

#[test]
fn invariant_passes_records_the_locals_or_fails() {
    let mut r = rig();
    // x = 3; check (<= g x) as invariant 0.
    let chain = vec![
        Op::LocalConst(0, int(3)),
        Op::GlobalGet(0),
        Op::LocalGet(0),
        Op::Le,
        Op::Invariant(0),
        Op::Complete,
    ];
    let got = run(&mut r, chain.clone(), 1, "a1").unwrap();
    assert_eq!(got.invariants, vec![vec![(0, vec![int(3)])]]);
    r.processor.globals.set(0, int(4));
    let got = run(&mut r, chain, 1, "a1").unwrap();
    assert!(got.moves.is_empty(), "4 <= 3 fails");
}

#[test]
fn eval_invariant_reevaluates_with_saved_locals() {
    let r = rig();
    let program = Program {
        ops: vec![Op::GlobalGet(0), Op::LocalGet(0), Op::Le, Op::Invariant(0)],
        invariants: vec![Invariant { start: 0, end: 3 }],
        ..Program::default()
    };
    let mut globals = Globals::default();
    globals.reset(1);
    let mut stack = Vec::new();
    assert_eq!(
        eval_invariant(&r.strings, &program, 0, &[int(2)], &globals, &mut stack),
        Ok(true)
    );
    globals.set(0, int(3));
    assert_eq!(
        eval_invariant(&r.strings, &program, 0, &[int(2)], &globals, &mut stack),
        Ok(false)
    );
}

#[test]
fn limits_stop_runaway_chains() {
    let mut r = rig();
    assert_eq!(
        run(&mut r, vec![Op::Jmp(0)], 0, "a1").err(),
        Some(GenErrorKind::StepLimit(1000))
    );
    assert_eq!(
        run(&mut r, vec![Op::Fork(0), Op::Jmp(0)], 0, "a1").err(),
        Some(GenErrorKind::TooManyChoices(8))
    );
}

#[test]
fn local_const_jmp_and_check_local() {
    let mut r = rig();
    let n = dir(&r, "n");
    // x = n, jump over a Fail; check x navigates north.
    let ops = vec![
        Op::LocalConstJmp(0, Value::Dir(n), 2),
        Op::Fail,
        Op::CheckLocal(0),
        Op::Position,
        Op::Log(1),
        Op::Complete,
    ];
    let a2 = pos(&r, "a2");
    assert_eq!(logs(&mut r, ops, "a1"), vec![vec![Value::Pos(a2)]]);
    let ops = vec![Op::LocalConst(0, int(0)), Op::CheckLocal(0), Op::Complete];
    assert!(
        logs(&mut r, ops, "a1").is_empty(),
        "a local holding 0 fails"
    );
}

#[test]
fn capture_later_keeps_the_piece_and_marks_it() {
    let mut r = rig();
    let n = dir(&r, "n");
    let ops = vec![
        Op::Nav(n),
        Op::CheckNotCaptured,
        Op::CaptureLater,
        Op::CheckCaptured,
        Op::IsCaptured,
        Op::NotCaptured,
        Op::IsEnemy,
        Op::Log(3),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    let black = Piece::new(PlayerId(1), PieceKind(0));
    assert_eq!(
        got.moves[0].0,
        vec![Action::Capture {
            at: pos(&r, "b3"),
            piece: black
        }]
    );
    let t = Value::Bool(true);
    assert_eq!(
        got.moves[0].1,
        vec![t, Value::Bool(false), t],
        "still there, still an enemy"
    );
    assert!(
        !r.processor.state.captured.iter().any(|&m| m),
        "the mark is undone"
    );
    let twice = vec![Op::Nav(n), Op::CaptureLater, Op::CaptureLater];
    assert_eq!(
        run(&mut r, twice, 0, "b2").err(),
        Some(GenErrorKind::CapturedTwice)
    );
}

#[test]
fn visit_marks_until_backtracking_and_records_no_action() {
    let mut r = rig();
    let ops = vec![
        Op::Fork(4),
        Op::Visit,
        Op::Visit,
        Op::Jmp(4),
        Op::IsVisited,
        Op::Log(1),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "a1").unwrap();
    let logs: Vec<_> = got.moves.iter().map(|(_, log)| log.clone()).collect();
    assert_eq!(
        logs,
        vec![vec![Value::Bool(true)], vec![Value::Bool(false)]],
        "the second alternative starts without the first one's mark"
    );
    assert!(got.moves.iter().all(|(actions, _)| actions.is_empty()));
    assert!(!r.processor.state.visited.iter().any(|&m| m));
}

#[test]
fn promote_changes_the_dropped_piece() {
    let mut r = rig();
    let s = dir(&r, "s");
    let ops = vec![
        Op::Take,
        Op::Nav(s),
        Op::Promote(PieceKind(1)),
        Op::Drop,
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    let king = Piece::new(PlayerId(0), PieceKind(1));
    assert_eq!(
        got.moves[0].0[1],
        Action::Drop {
            at: pos(&r, "b1"),
            piece: king,
            replaced: None
        }
    );
    assert_eq!(
        run(&mut r, vec![Op::Promote(PieceKind(1))], 0, "a1").err(),
        Some(GenErrorKind::PromoteEmptyHand)
    );
}

#[test]
fn in_zone_is_for_the_player_to_move() {
    let mut r = rig();
    let ops = vec![Op::InZone(0), Op::Log(1), Op::Complete];
    assert_eq!(
        logs(&mut r, ops.clone(), "a3"),
        vec![vec![Value::Bool(true)]]
    );
    assert_eq!(logs(&mut r, ops, "a2"), vec![vec![Value::Bool(false)]]);
}

#[test]
fn no_moves_withdraws_a_capture_that_could_go_on() {
    let mut r = rig();
    // Capture b3 (a mark), then either finish (with NoMoves) or capture again and finish:
    // the longer move withdraws the shorter.
    let n = dir(&r, "n");
    let ops = vec![
        Op::Nav(n),
        Op::CaptureLater,
        Op::Fork(5),
        Op::NoMoves,
        Op::Complete,
        Op::Goto(pos(&r, "b2")),
        Op::Capture,
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    assert_eq!(got.moves.len(), 2);
    assert_eq!(
        got.cancelled,
        vec![0],
        "the one-capture move was not the end"
    );
    // The other order: the longer move first, then the shorter is never recorded.
    let ops = vec![
        Op::Nav(n),
        Op::CaptureLater,
        Op::Fork(6),
        Op::Goto(pos(&r, "b2")),
        Op::Capture,
        Op::Complete,
        Op::NoMoves,
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    assert_eq!(got.moves.len(), 1);
    assert!(got.cancelled.is_empty());
}

#[test]
fn a_part_counts_for_no_moves_as_a_capture_does() {
    let mut r = rig();
    // A part ends (a mark, no capture), then either finish (with NoMoves) or end another part
    // and finish: the longer move withdraws the shorter.
    let ops = vec![
        Op::Part,
        Op::Fork(4),
        Op::NoMoves,
        Op::Complete,
        Op::Part,
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    assert_eq!(got.moves.len(), 2);
    assert_eq!(got.cancelled, vec![0]);
    // Without the second part the other move makes no more: both stand.
    let ops = vec![
        Op::Part,
        Op::Fork(4),
        Op::NoMoves,
        Op::Complete,
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    assert_eq!(got.moves.len(), 2);
    assert!(got.cancelled.is_empty());
}

#[test]
fn any_guarded_skips_constants_whose_guard_fails_and_keeps_the_rest() {
    let mut r = rig();
    let (n, s) = (dir(&r, "n"), dir(&r, "s"));
    // From b2: try n (b3, an enemy: passes), s (b1, empty: fails), n again (passes).
    r.processor.state.captured = vec![false; 9];
    let guard = dagaz_ir::Guard {
        slot: 0,
        values: vec![Value::Dir(n), Value::Dir(s), Value::Dir(n)],
        len: 2,
    };
    let ops = vec![
        Op::AnyGuarded(0),
        Op::CheckLocal(0),
        Op::CheckEnemy,
        Op::Position,
        Op::LocalGet(0),
        Op::Log(2),
        Op::Complete,
    ];
    let sink = run_program(&mut r, &program(ops, 1, vec![guard]), "b2").unwrap();
    let b3 = Value::Pos(pos(&r, "b3"));
    let logs: Vec<Vec<Value>> = sink.moves.into_iter().map(|(_, l)| l).collect();
    assert_eq!(logs, vec![vec![b3, Value::Dir(n)], vec![b3, Value::Dir(n)]]);
}

#[test]
fn jmp_unless_local_compares_numbers_and_booleans() {
    let mut r = rig();
    let chain = |v: Value| {
        vec![
            Op::LocalConst(0, v),
            Op::JmpUnlessLocal(0, dagaz_ir::Cmp::Ge, 1, 4),
            Op::Push(int(7)),
            Op::Log(1),
            Op::Complete,
        ]
    };
    assert_eq!(logs(&mut r, chain(int(2)), "a1"), vec![vec![int(7)]]);
    assert_eq!(logs(&mut r, chain(int(0)), "a1"), vec![Vec::<Value>::new()]);
    assert_eq!(
        logs(&mut r, chain(Value::Bool(true)), "a1"),
        vec![vec![int(7)]]
    );
    let a1 = Value::Pos(pos(&r, "a1"));
    let err = run(&mut r, chain(a1), 2, "a1").err();
    assert_eq!(
        err,
        Some(GenErrorKind::NotANumber(dagaz_ir::ValueType::Pos))
    );
}

#[test]
fn running_off_the_end_fails_quietly() {
    let mut r = rig();
    assert!(logs(&mut r, vec![Op::Push(int(1))], "a1").is_empty());
}

#[test]
fn create_puts_a_new_piece_here_replacing_what_stood() {
    let mut r = rig();
    let b2 = pos(&r, "b2");
    let king = Piece {
        owner: PlayerId(1),
        kind: PieceKind(1),
        attrs: 3,
    };
    let ops = vec![
        Op::Push(Value::Piece(PieceKind(1))),
        Op::Push(Value::Player(PlayerId(1))),
        Op::Create(3),
        Op::Complete,
    ];
    let got = run(&mut r, ops, 0, "b2").unwrap();
    assert_eq!(
        got.moves[0].0,
        vec![Action::Drop {
            at: b2,
            piece: king,
            replaced: Some(WHITE)
        }]
    );
    assert_eq!(r.processor.state.cells[b2.index()], Some(WHITE), "undone");
    let wrong = vec![
        Op::Push(Value::Player(PlayerId(1))),
        Op::Push(Value::Player(PlayerId(1))),
        Op::Create(0),
    ];
    assert!(matches!(
        run(&mut r, wrong, 0, "b2").err(),
        Some(GenErrorKind::WrongType { .. })
    ));
}
