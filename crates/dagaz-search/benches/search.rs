//! Search benchmarks: a fixed-depth search (fresh table each time) from the chess start, from
//! Kiwipete, and from the English draughts start. Throughput is reported in nodes per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dagaz_search::{GameRecord, SearchLimits, Searcher};

fn load(file: &str) -> Option<dagaz_engine::Game> {
    let dir = format!("{}/../../games", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(format!("{dir}/{file}")).ok()?;
    // Chess includes the rules it shares with other games (games/lib/).
    dagaz_engine::Game::load_with(&text, &mut |name| {
        std::fs::read_to_string(format!("{dir}/{name}")).map_err(|e| e.to_string())
    })
    .ok()
}

fn search(c: &mut Criterion) {
    let cases = [
        ("chess.game", None, 5, "chess start, depth 5"),
        (
            "chess.game",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            4,
            "chess Kiwipete, depth 4",
        ),
        ("english.game", None, 8, "english start, depth 8"),
    ];
    for (file, fen, depth, name) in cases {
        let Some(game) = load(file) else { continue };
        let position = match fen {
            Some(f) => match game.from_fen(f) {
                Ok(p) => p,
                Err(_) => continue,
            },
            None => game.initial_position(),
        };
        let limits = SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        };
        let record = GameRecord::new(position);
        // The node count of one search sets the throughput (it is deterministic).
        let mut probe = Searcher::new(&game, Default::default(), 16);
        let Ok(found) = probe.search(&record, &limits, &mut |_| {}) else {
            continue;
        };
        let mut group = c.benchmark_group(name);
        group.sample_size(10);
        group.throughput(Throughput::Elements(found.info.nodes));
        group.bench_function("search", |b| {
            b.iter(|| {
                let mut searcher = Searcher::new(&game, Default::default(), 16);
                searcher.search(&record, &limits, &mut |_| {})
            })
        });
        group.finish();
    }
}

criterion_group!(benches, search);
criterion_main!(benches);
