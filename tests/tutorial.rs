//! The tutorial's own test: every step of `docs/tutorial.md` loads, and counts the perft
//! figures the tutorial prints under it; the last step of each game agrees with the shipped game
//! it rebuilds and with the published counts.
//!
//! The conventions of the tutorial, which this test reads:
//!
//! - A **step** is a fenced code block whose info string is `game` and a file name, such as
//!   `game tutorial/tic-tac-toe-1.game`; it holds the complete game file of that step.
//! - The step's **figures** are the next fenced block, whose info string is `perft`. Each line
//!   of it names a position, then a colon, then the perft counts at depth 1, 2, 3, … separated
//!   by spaces:
//!   - `start: 9 72 504 3024`: the game's start position;
//!   - `after b2 a1 a2: 6 30`: the start position, then these moves, in the game's notation;
//!   - `fen W:WKe5:Bg7,c3: 3 6 28`: a position in the FEN the game declares (the counts follow
//!     the last colon, so a FEN may hold colons).
//! - Every other fenced block (`sh`, `text`, …) is prose and is not read.
//!
//! The test fails when the tutorial has no step, when a step has no figures (or a `perft`
//! block no step, or a line of it no count), when two steps share a file name, when `dagaz
//! check` finds a problem in a step's file, and when any count differs: from the tutorial's, or,
//! for the last step of each game (`FINAL_STEPS`), from the shipped game's at the same position
//! and depth, or from the published counts at the start of its figures.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use dagaz_engine::{Counting, Game, MoveGen, Perft, Position};
use pretty_assertions::assert_eq;
use std::path::PathBuf;

/// The last step of each game in the tutorial, the shipped game it rebuilds, and published
/// counts its figures must begin with.
struct FinalStep {
    /// The step's file name.
    step: &'static str,
    /// The shipped game, which must count the same as the step at every line of its figures.
    shipped: &'static str,
    /// Positions, written as in a `perft` block, and the counts their figures begin with.
    published: &'static [(&'static str, &'static [u64])],
}

const FINAL_STEPS: &[FinalStep] = &[
    FinalStep {
        step: "tutorial/tic-tac-toe-3.game",
        shipped: "games/tic-tac-toe.game",
        // tests/data/games-perft.tsv: the complete game tree.
        published: &[("start", &[9, 72, 504, 3024])],
    },
    FinalStep {
        step: "tutorial/draughts-5.game",
        shipped: "games/brazilian.game",
        // tests/data/draughts-perft.tsv, Brazilian draughts (py-draughts).
        published: &[("start", &[7, 49, 302, 1469, 7473])],
    },
    FinalStep {
        step: "tutorial/chess-5.game",
        shipped: "games/chess.game",
        // tests/data/chess-perft.tsv: the start position and Kiwipete.
        published: &[
            ("start", &[20, 400, 8902, 197_281]),
            (
                "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                &[48, 2039],
            ),
        ],
    },
];

/// A path under the repository root.
fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

/// One step of the tutorial: a game file and its figures.
#[derive(Debug)]
struct Step {
    /// The file name in the block's info string.
    file: String,
    /// The line of the tutorial where the block opens.
    line: usize,
    /// The game file.
    text: String,
    figures: Vec<Figure>,
}

/// One line of a `perft` block.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Figure {
    /// The position as the line names it: `start`, `after …` or `fen …`.
    position: String,
    /// The counts at depth 1, 2, 3, …
    counts: Vec<u64>,
}

/// A fenced code block: its info string, its text and the line where it opens.
struct Block {
    info: String,
    body: String,
    line: usize,
}

/// The fenced code blocks of a Markdown text. A fence is three or more backticks at the start
/// of a line (after any indentation); the block ends at a line of at least as many backticks.
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((number, line)) = lines.next() {
        let trimmed = line.trim_start();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        if ticks < 3 {
            continue;
        }
        let info = trimmed[ticks..].trim().to_string();
        let mut body = String::new();
        let mut closed = false;
        for (_, inner) in lines.by_ref() {
            let t = inner.trim();
            if t.len() >= ticks && t.chars().all(|c| c == '`') {
                closed = true;
                break;
            }
            body.push_str(inner);
            body.push('\n');
        }
        if !closed {
            return Err(format!(
                "the block opened on line {} is never closed",
                number + 1
            ));
        }
        out.push(Block {
            info,
            body,
            line: number + 1,
        });
    }
    Ok(out)
}

/// The lines of a `perft` block.
fn figures(body: &str, line: usize) -> Result<Vec<Figure>, String> {
    let mut out = Vec::new();
    for (i, text) in body.lines().enumerate() {
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let at = line + 1 + i;
        let (position, counts) = text
            .rsplit_once(':')
            .ok_or_else(|| format!("line {at}: `{text}` has no colon before its counts"))?;
        let position = position.trim().to_string();
        let known =
            position == "start" || position.starts_with("after ") || position.starts_with("fen ");
        if !known {
            return Err(format!(
                "line {at}: `{position}` is not `start`, `after MOVES` or `fen FEN`"
            ));
        }
        let counts = counts
            .split_whitespace()
            .map(|n| {
                n.parse()
                    .map_err(|_| format!("line {at}: `{n}` is not a count"))
            })
            .collect::<Result<Vec<u64>, String>>()?;
        if counts.is_empty() {
            return Err(format!("line {at}: `{position}` has no counts"));
        }
        out.push(Figure { position, counts });
    }
    if out.is_empty() {
        return Err(format!("the perft block on line {line} is empty"));
    }
    Ok(out)
}

/// The steps of a tutorial text, each with its figures.
fn steps(text: &str) -> Result<Vec<Step>, String> {
    let mut out: Vec<Step> = Vec::new();
    let mut waiting = false;
    for block in blocks(text)? {
        let mut words = block.info.split_whitespace();
        match words.next() {
            Some("game") => {
                if waiting {
                    let last = out.last().unwrap();
                    return Err(format!(
                        "step {} (line {}) has no perft block before the next step",
                        last.file, last.line
                    ));
                }
                let file = match (words.next(), words.next()) {
                    (Some(file), None) if file.ends_with(".game") => file.to_string(),
                    _ => {
                        return Err(format!(
                            "line {}: a game block's info string is `game` and one file name \
                             ending in .game, found `{}`",
                            block.line, block.info
                        ))
                    }
                };
                if let Some(same) = out.iter().find(|s| s.file == file) {
                    return Err(format!(
                        "line {}: {file} is already the step on line {}",
                        block.line, same.line
                    ));
                }
                out.push(Step {
                    file,
                    line: block.line,
                    text: block.body,
                    figures: Vec::new(),
                });
                waiting = true;
            }
            Some("perft") => {
                if !waiting {
                    return Err(format!(
                        "line {}: a perft block that follows no step (or a second one)",
                        block.line
                    ));
                }
                out.last_mut().unwrap().figures = figures(&block.body, block.line)?;
                waiting = false;
            }
            _ => {}
        }
    }
    if let (true, Some(last)) = (waiting, out.last()) {
        return Err(format!(
            "step {} (line {}) has no perft block",
            last.file, last.line
        ));
    }
    if out.is_empty() {
        return Err("the tutorial has no steps (```game FILE blocks)".into());
    }
    Ok(out)
}

/// The tutorial's steps.
fn tutorial() -> Vec<Step> {
    let text = std::fs::read_to_string(repo_path("docs/tutorial.md")).unwrap();
    steps(&text).unwrap_or_else(|e| panic!("docs/tutorial.md: {e}"))
}

/// Loads a shipped game, reading the files it includes from its directory.
fn load_shipped(relative: &str) -> Game {
    Game::open(repo_path(relative)).unwrap_or_else(|e| panic!("{e}"))
}

/// The position a `perft` line names.
fn position(game: &Game, named: &str) -> Position {
    if named == "start" {
        return game.initial_position();
    }
    if let Some(fen) = named.strip_prefix("fen ") {
        return game
            .from_fen(fen.trim())
            .unwrap_or_else(|e| panic!("{named}: {e}"));
    }
    let moves = named.strip_prefix("after ").unwrap();
    let mut position = game.initial_position();
    for text in moves.split_whitespace() {
        let legal = MoveGen::default().moves(game, &position).unwrap();
        let mv = dagaz_engine::match_move(game, &legal, text)
            .unwrap_or_else(|e| panic!("{named}: {text}: {e}"))
            .clone();
        position.play(game, &mv);
    }
    position
}

/// Perft of the position a line names, at depths 1 to `depth`.
fn counts(game: &Game, named: &str, depth: usize) -> Vec<u64> {
    let mut start = position(game, named);
    let mut perft = Perft::new(game, MoveGen::default(), Counting::Bulk);
    (1..=depth as u32)
        .map(|d| perft.count(&mut start, d).unwrap())
        .collect()
}

#[test]
fn every_step_loads_and_counts_its_figures() {
    let steps = tutorial();
    for step in &steps {
        let where_ = format!("docs/tutorial.md line {}: {}", step.line, step.file);
        // The tutorial's games leave out the draws by repetition and by quiet moves, which
        // the shipped games add (it says so): that their players can shuffle forever is the
        // one thing `check` may say of them.
        let problems: Vec<String> = dagaz_engine::check(&step.text)
            .iter()
            .filter(|p| p.code != "endless")
            .map(|p| format!("{}: {}", p.code, p.message))
            .collect();
        assert_eq!(problems, Vec::<String>::new(), "{where_}: dagaz check");
        let game = Game::load(&step.text).unwrap_or_else(|e| panic!("{where_}: {e}"));
        for figure in &step.figures {
            let got = counts(&game, &figure.position, figure.counts.len());
            assert_eq!(got, figure.counts, "{where_}, {}", figure.position);
        }
    }
}

#[test]
fn the_last_steps_rebuild_the_shipped_games() {
    let steps = tutorial();
    for &FinalStep {
        step: file,
        shipped,
        published,
    } in FINAL_STEPS
    {
        let step = steps
            .iter()
            .find(|s| s.file == file)
            .unwrap_or_else(|| panic!("docs/tutorial.md has no step {file}"));
        // The tutorial's figures start with the published counts ...
        for &(named, expected) in published {
            let figure = step
                .figures
                .iter()
                .find(|f| f.position == named)
                .unwrap_or_else(|| panic!("{file}: no figures for {named}"));
            let shown = &figure.counts[..expected.len().min(figure.counts.len())];
            assert_eq!(shown, expected, "{file}, {named}: the published counts");
        }
        // ... and the shipped game counts the same at every position and depth.
        let game = load_shipped(shipped);
        for figure in &step.figures {
            let got = counts(&game, &figure.position, figure.counts.len());
            assert_eq!(
                got, figure.counts,
                "{shipped} against {file}, {}",
                figure.position
            );
        }
    }
}

#[test]
fn the_tutorial_has_its_three_games() {
    let steps = tutorial();
    for prefix in [
        "tutorial/tic-tac-toe-",
        "tutorial/draughts-",
        "tutorial/chess-",
    ] {
        assert!(
            steps.iter().filter(|s| s.file.starts_with(prefix)).count() >= 3,
            "fewer than three steps named {prefix}N.game"
        );
    }
}

#[test]
fn steps_and_figures_are_read_as_the_conventions_say() {
    let one = "Text.\n\n```game t/a.game\n(board)\n```\n\n```perft\nstart: 1 2\n\
               fen W:WKe5:Bg7,c3: 3 0\nafter a1 b2: 4\n```\n";
    let read = steps(one).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(read[0].file, "t/a.game");
    assert_eq!(read[0].text, "(board)\n");
    assert_eq!(
        read[0].figures,
        vec![
            Figure {
                position: "start".into(),
                counts: vec![1, 2]
            },
            Figure {
                position: "fen W:WKe5:Bg7,c3".into(),
                counts: vec![3, 0]
            },
            Figure {
                position: "after a1 b2".into(),
                counts: vec![4]
            },
        ]
    );
    // Other blocks are prose.
    assert_eq!(
        steps("```sh\ndagaz perft\n```\n```lisp\n(x)\n```\n").unwrap_err(),
        "the tutorial has no steps (```game FILE blocks)"
    );
    // Every failure the test relies on is one.
    for bad in [
        "",
        "no blocks at all\n",
        "```game t/a.game\n(x)\n```\n",
        "```game t/a.game\n(x)\n```\n```game t/b.game\n(x)\n```\n```perft\nstart: 1\n```\n",
        "```perft\nstart: 1\n```\n",
        "```game t/a.game\n(x)\n```\n```perft\n```\n",
        "```game t/a.game\n(x)\n```\n```perft\nstart:\n```\n",
        "```game t/a.game\n(x)\n```\n```perft\nstart 1 2\n```\n",
        "```game t/a.game\n(x)\n```\n```perft\nstart: 1 two\n```\n",
        "```game t/a.game\n(x)\n```\n```perft\nmiddle: 1\n```\n",
        "```game\n(x)\n```\n```perft\nstart: 1\n```\n",
        "```game t/a.game\n(x)\n```\n```perft\nstart: 1\n```\n```game t/a.game\n(x)\n```\n\
         ```perft\nstart: 1\n```\n",
        "```game t/a.game\n(x)\n",
    ] {
        assert!(steps(bad).is_err(), "accepted: {bad:?}");
    }
}
