//! Perft benchmarks: simple checkers from the start, depth 6 (167,180 leaves), with every leaf
//! played and with bulk counting. Throughput is reported in leaves per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dagaz_engine::{Counting, MoveGen, Perft};

fn simple_checkers(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/simple-checkers.game"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let Ok(game) = dagaz_engine::Game::load(&text) else {
        return;
    };
    let depth = 6;
    let mut group = c.benchmark_group("simple-checkers perft(6)");
    group.sample_size(10);
    group.throughput(Throughput::Elements(167_180));
    for (name, counting) in [("full", Counting::Full), ("bulk", Counting::Bulk)] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut position = game.initial_position();
                Perft::new(&game, MoveGen::default(), counting).count(&mut position, depth)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, simple_checkers);
criterion_main!(benches);
