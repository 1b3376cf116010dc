//! Each shipped game's default engine (the algorithm of its `(search ...)` clause, else
//! alpha-beta) against a player that picks uniformly among the legal moves: ten games, the
//! engine taking each side in turn, through `dagaz match GAME --random` in process. Every
//! move is searched to a fixed node budget (playouts for Monte Carlo tree search), so the
//! games are the same on every machine; the engine must win at least six of the ten, except
//! in the game listed in [`NOT_WON`], where random moves can keep the engine from winning and
//! it must only not lose.

use crate::repo_path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Games each engine plays against random moves.
const GAMES: usize = 10;

/// The wins out of [`GAMES`] the engine must reach.
const MUST_WIN: usize = 6;

/// Nodes a move, and the plies after which an unfinished game ends (by its score, where it
/// keeps one, else drawn), for every
/// game not listed in [`BUDGETS`].
const DEFAULT_BUDGET: (u64, usize) = (1_000, 300);

/// The games that need another budget: a bigger one where a thousand nodes do not win, a
/// smaller one where a node is slow (Monte Carlo tree search counts playouts, each a random
/// game to its end), a longer ply limit where random moves take long to lose.
const BUDGETS: &[(&str, u64, usize)] = &[
    // Monte Carlo tree search: its nodes are playouts.
    ("antichess", 50, 300),
    ("clobber", 100, 300),
    ("connect-four", 100, 300),
    ("giveaway", 50, 300),
    ("havannah-4", 100, 300),
    ("hex", 40, 300),
    ("konane", 100, 300),
    ("ultimate-tic-tac-toe", 20, 300),
    ("y-5", 100, 300),
    // Alpha-beta where a node is slow.
    ("amazons", 300, 300),
    ("go-13x13", 300, 400),
    ("janggi", 300, 300),
    // Random moves keep a 19x19 board going for hundreds of plies: the game is cut at 200 and
    // decided by its area count; below 300 nodes a move alpha-beta does not finish one ply.
    ("go-19x19", 300, 200),
    ("halma", 100, 300),
    // Not won most of the time (docs/search.md): this must not lose. A player wins only with
    // the opposite point full of its own marbles, and a random marble that stays in its own
    // point blocks it for ever.
    ("chinese-checkers", 100, 300),
    // Seven pieces a side round a track of fourteen, and every throw a ply of its own: a
    // game runs to some 300 plies, more with a random player.
    ("ur", 300, 1000),
    // Backgammon: a roll and a whole turn a ply each, and random play keeps checkers on the
    // bar for long.
    ("backgammon", 1000, 1000),
    // Dice chess: a roll before every move, and a random player's king runs for long.
    ("dice-chess", 1000, 600),
];

/// The game of [`BUDGETS`] the engine does not win most of the time against random moves:
/// it must not lose one.
const NOT_WON: &[&str] = &["chinese-checkers"];

/// The engine's wins, draws and losses against random moves in `name`.
fn against_random(name: &str) -> (usize, usize, usize) {
    let (nodes, max_plies) = BUDGETS
        .iter()
        .find(|(game, _, _)| *game == name)
        .map_or(DEFAULT_BUDGET, |&(_, nodes, plies)| (nodes, plies));
    let path = repo_path(&format!("games/{name}.game"))
        .display()
        .to_string();
    let (nodes, max_plies, games) = (nodes.to_string(), max_plies.to_string(), GAMES.to_string());
    let argv = [
        "dagaz",
        "match",
        &path,
        "--random",
        "--games",
        &games,
        "--nodes",
        &nodes,
        "--max-plies",
        &max_plies,
        "--random-plies",
        "0",
    ];
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = dagaz_cli::run_with_input(argv, &mut &b""[..], &mut out, &mut err, false);
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0, "{name}: {}", String::from_utf8_lossy(&err));
    // `... random plies: +W =D -L, score ...`
    let tally = out.split(": +").nth(1).unwrap();
    let mut counts = tally
        .split([' ', ',', '+', '=', '-'])
        .filter_map(|n| n.parse::<usize>().ok());
    let mut next = || counts.next().unwrap();
    (next(), next(), next())
}

/// The shipped games: every `.game` file directly under `games/`.
fn shipped_games() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo_path("games"))
        .unwrap()
        .filter_map(|entry| {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".game").map(str::to_string)
        })
        .collect();
    names.sort();
    names
}

#[test]
fn every_shipped_game_s_default_engine_beats_random_moves() {
    let games = shipped_games();
    assert!(games.len() > 70, "{games:?}");
    for (name, _, _) in BUDGETS {
        assert!(games.iter().any(|g| g == name), "{name}: no such game");
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                while let Some(name) = games.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let start = std::time::Instant::now();
                    let tally = against_random(name);
                    let seconds = start.elapsed().as_secs_f64();
                    results.lock().unwrap().push((name.clone(), tally, seconds));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by(|a, b| a.0.cmp(&b.0));
    let table: Vec<String> = results
        .iter()
        .map(|(name, (w, d, l), s)| format!("{name}: +{w} ={d} -{l} ({s:.1} s)"))
        .collect();
    eprintln!("{}", table.join("\n"));
    assert_eq!(results.len(), games.len());
    let losing: Vec<&String> = results
        .iter()
        .zip(&table)
        .filter(|((name, (wins, _, losses), _), _)| {
            if NOT_WON.contains(&name.as_str()) {
                *losses > 0
            } else {
                *wins < MUST_WIN
            }
        })
        .map(|(_, line)| line)
        .collect();
    assert!(
        losing.is_empty(),
        "won fewer than {MUST_WIN} of {GAMES} against random moves (or, in {NOT_WON:?}, lost): \
         {losing:?}"
    );
}
