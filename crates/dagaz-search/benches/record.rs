//! The record of a 200-ply chess game handed to a search thread, and a ply played after that,
//! three ways: the `im`-backed `GameRecord` (positions, moves, hashes), the same contents in a
//! `Vec` that is copied to hand it over, and what the command line copied before the record
//! existed (the current position and a `Vec` of hashes and quiet counts, with no moves and no
//! earlier positions, so undo had to be kept apart).
//!
//! `cargo bench -p dagaz-search --bench record`

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use dagaz_engine::{Game, Move, MoveGen, Position};
use dagaz_search::GameRecord;
use std::hint::black_box;

const PLIES: usize = 200;

/// A record of the game as a front end keeps it.
trait Record: Clone {
    fn play(&mut self, game: &Game, mv: &Move);
}

impl Record for GameRecord {
    fn play(&mut self, game: &Game, mv: &Move) {
        GameRecord::play(self, game, mv);
    }
}

/// The same contents as a `GameRecord`, in a `Vec`.
#[derive(Clone)]
struct VecRecord {
    start: Position,
    plies: Vec<(Move, Position, u64, u32)>,
}

impl Record for VecRecord {
    fn play(&mut self, game: &Game, mv: &Move) {
        let mut position = self.plies.last().map_or(&self.start, |p| &p.1).clone();
        position.play(game, mv);
        let hash = position.zobrist();
        let quiet = self.plies.last().map_or(0, |p| p.3) + 1;
        self.plies.push((mv.clone(), position, hash, quiet));
    }
}

/// What was handed over before: the position and the hashes with quiet counts.
#[derive(Clone)]
struct Copied {
    position: Position,
    hashes: Vec<(u64, u32)>,
}

impl Record for Copied {
    fn play(&mut self, game: &Game, mv: &Move) {
        self.position.play(game, mv);
        let quiet = self.hashes.last().map_or(0, |h| h.1) + 1;
        self.hashes.push((self.position.zobrist(), quiet));
    }
}

fn load() -> Option<Game> {
    let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(format!("{dir}/chess.game")).ok()?;
    // Chess includes the rules it shares with other games (games/lib/).
    dagaz_engine::Game::load_with(&text, &mut |name| {
        std::fs::read_to_string(format!("{dir}/{name}")).map_err(|e| e.to_string())
    })
    .ok()
}

/// A game of `PLIES` plies by a seeded random mover, and one more legal move after it.
fn random_game(game: &Game) -> Option<(Vec<Move>, Move)> {
    let mut gen = MoveGen::default();
    for seed in 1..100u64 {
        let mut state = seed;
        let mut position = game.initial_position();
        let mut moves = Vec::new();
        loop {
            let legal = gen.moves(game, &position).ok()?;
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let Some(mv) = legal.get((state >> 33) as usize % legal.len().max(1)) else {
                break;
            };
            if moves.len() == PLIES {
                return Some((moves, mv.clone()));
            }
            position.play(game, mv);
            moves.push(mv.clone());
        }
    }
    None
}

/// Each way's benchmarks: handing over `record`, and handing it over then playing `next`.
fn bench<R: Record>(c: &mut Criterion, name: &str, game: &Game, record: &R, next: &Move) {
    c.benchmark_group("hand over a 200-ply record")
        .bench_function(name, |b| b.iter(|| black_box(record).clone()));
    // The copy handed over is still alive when the next ply is played, as while a protocol's
    // search runs: the im record then copies the chunk it writes to.
    c.benchmark_group("hand over, then play a ply")
        .bench_function(name, |b| {
            b.iter_batched(
                || record.clone(),
                |mut record| {
                    let handed = record.clone();
                    record.play(game, next);
                    (handed, record)
                },
                BatchSize::SmallInput,
            )
        });
}

fn record(c: &mut Criterion) {
    let Some(game) = load() else { return };
    let Some((moves, next)) = random_game(&game) else {
        return;
    };
    let start = game.initial_position();
    let mut im_record = GameRecord::new(start.clone());
    let mut vec_record = VecRecord {
        start: start.clone(),
        plies: Vec::new(),
    };
    let mut copied = Copied {
        hashes: vec![(start.zobrist(), 0)],
        position: start,
    };
    for mv in &moves {
        im_record.play(&game, mv);
        vec_record.play(&game, mv);
        copied.play(&game, mv);
    }
    bench(c, "im GameRecord", &game, &im_record, &next);
    bench(c, "Vec record", &game, &vec_record, &next);
    bench(c, "before: position + hashes", &game, &copied, &next);
}

criterion_group!(benches, record);
criterion_main!(benches);
