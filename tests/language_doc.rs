//! The language reference, `docs/language.md`, checked against the code and the games.
//!
//! - **Every word has an entry.** An entry is a `###` heading made only of code spans, such as
//!   ``### `(check ...)` `` or ``### `is-empty?`, `not-empty?` ``. A span written as a list,
//!   `(w ...)` or `(w)`, is the entry of the form headed by `w`; a bare span `w` is the entry of
//!   the name `w`. Every keyword of the keyword table (`crates/dagaz-syntax/src/keyword.rs`)
//!   needs one: as a form when its `///` line writes it as the head of a list, else as a name.
//!   Every built-in name the compiler resolves (the tables of `resolve` in
//!   `crates/dagaz-vm/src/env/state.rs` and `players.rs`) needs a name entry. A missing entry
//!   fails with a stub made from the table's `///` line.
//! - **"Used by" is what the games use.** Each entry has one line `Used by: ...`, listing the
//!   shipped games (`games/*.game`) whose own text, outside strings and comments, writes a list
//!   headed by one of the entry's forms or one of its names anywhere but at the head of a list
//!   (all of them up to [`LISTED`], else all but those that do not, else the count and the
//!   first [`SAMPLE`] by name).
//! - **Every example runs.** A ```` ```lisp file ```` block is a whole game file; a
//!   ```` ```lisp fragment ```` block is forms added to the harness game [`HARNESS`] (which the
//!   reference shows, and which this test checks it shows verbatim). Each is written as
//!   `example.game` and must load with `dagaz_engine::Game::load_with` (or must fail to, when its
//!   info string ends with `error`). The ```` ```text ```` block right after it holds one or more
//!   `$ dagaz ...` command lines, each followed by what the command prints (standard output, then
//!   standard error, trailing blanks dropped); the test runs each through `dagaz_cli::run` and
//!   compares. Every other `text` block with `$ dagaz` lines (about the shipped games) is run
//!   the same way. A `lisp` block that is neither is refused.
//!
//! `UPDATE_DOCS=1 cargo test --profile tests -p dagaz-tests --test language_doc` rewrites the
//! "Used by" lines and the commands' output in the file instead of failing, expect-test style;
//! review the diff.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Held by the tests that may rewrite the document, so that they do not write it at once.
static DOCUMENT: Mutex<()> = Mutex::new(());

/// The game a ```` ```lisp fragment ```` is added to: a 5x5 board with eight directions, two
/// players without pieces, and Black's directions turned round. `docs/language.md` shows it.
const HARNESS: &str = r#"(board (name board) (dim "a-e") (dim "5-1")
   (dir (name n) 0 -1) (dir (name s) 0 1) (dir (name e) 1 0) (dir (name w) -1 0)
   (dir (name ne) 1 -1) (dir (name nw) -1 -1) (dir (name se) 1 1) (dir (name sw) -1 1))
(game (name "Example") (board board) (players (White) (Black))
   (symmetry Black (n s) (s n) (ne se) (nw sw) (se ne) (sw nw)))
"#;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap()
}

/// The keyword table: each keyword's text and its `///` line(s), joined.
fn keywords() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(repo().join("crates/dagaz-syntax/src/keyword.rs")).unwrap();
    let start = text.find("keywords! {").expect("the keywords! table");
    let end = start + text[start..].find("\n}\n").unwrap();
    let mut out = Vec::new();
    let mut doc = String::new();
    for line in text[start..end].lines().map(str::trim) {
        if let Some(d) = line.strip_prefix("///") {
            if !doc.is_empty() {
                doc.push(' ');
            }
            doc.push_str(d.trim());
        } else if let Some((_, rest)) = line.split_once(" = \"") {
            let word = rest.trim_end_matches("\",").to_string();
            out.push((word, std::mem::take(&mut doc)));
        } else {
            doc.clear();
        }
    }
    assert!(out.len() > 100, "read only {} keywords", out.len());
    out
}

/// Whether the keyword's `///` line writes it as the head of a list: then its entry is a form.
fn is_form(word: &str, doc: &str) -> bool {
    doc.contains(&format!("`({word} ")) || doc.contains(&format!("`({word})`"))
}

/// The names the compiler resolves itself: the string patterns of `resolve` in the State and
/// Players environments.
fn builtin_names() -> Vec<String> {
    let mut out = Vec::new();
    for file in [
        "crates/dagaz-vm/src/env/state.rs",
        "crates/dagaz-vm/src/env/players.rs",
    ] {
        let text = std::fs::read_to_string(repo().join(file)).unwrap();
        let start = text.find("pub fn resolve(").expect("resolve");
        let end = start + text[start..].find("\n}\n").unwrap();
        for line in text[start..end].lines() {
            let line = line.trim();
            if let Some(rest) = line.strip_prefix('"') {
                if let Some((name, tail)) = rest.split_once('"') {
                    if tail.trim_start().starts_with("=>") {
                        out.push(name.to_string());
                    }
                }
            }
        }
    }
    assert!(out.len() > 25, "read only {} built-in names", out.len());
    out
}

/// What one game's text writes: the heads of its lists, and its other symbols.
struct Words {
    heads: BTreeSet<String>,
    others: BTreeSet<String>,
}

fn words(text: &str) -> Words {
    let mut heads = BTreeSet::new();
    let mut others = BTreeSet::new();
    let mut chars = text.chars().peekable();
    let mut after_open = false;
    while let Some(c) = chars.next() {
        match c {
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                after_open = false;
            }
            '"' => {
                while let Some(c) = chars.next() {
                    if c == '\\' {
                        chars.next();
                    } else if c == '"' {
                        break;
                    }
                }
                after_open = false;
            }
            '(' => after_open = true,
            ')' => after_open = false,
            c if c.is_whitespace() => {}
            c => {
                let mut word = String::from(c);
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || "();\"".contains(n) {
                        break;
                    }
                    word.push(n);
                    chars.next();
                }
                if after_open {
                    heads.insert(word);
                } else {
                    others.insert(word);
                }
                after_open = false;
            }
        }
    }
    Words { heads, others }
}

/// The shipped games by name (`chess` for `games/chess.game`), with their words: those of
/// their own text and of the library files (`games/lib/`) they include, which are their
/// rules written once for several games. (A game another includes is not counted in: a
/// variant writes only what differs.)
fn games() -> BTreeMap<String, Words> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(repo().join("games")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "game") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let mut text = std::fs::read_to_string(&path).unwrap();
            let mut seen = BTreeSet::new();
            let mut i = 0;
            while let Some(file) = library_includes(&text).into_iter().nth(i) {
                i += 1;
                if seen.insert(file.clone()) {
                    let lib = std::fs::read_to_string(repo().join("games").join(&file)).unwrap();
                    text.push('\n');
                    text.push_str(&lib);
                }
            }
            out.insert(name, words(&text));
        }
    }
    out
}

/// The library files `text` includes, `lib/moves.game` for `(include "lib/moves.game")`, in
/// order (comments left out).
fn library_includes(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.split(';').next().unwrap_or_default().trim())
        .filter_map(|line| line.strip_prefix("(include \""))
        .filter_map(|rest| rest.split('"').next())
        .filter(|file| file.starts_with("lib/"))
        .map(str::to_string)
        .collect()
}

/// One item of an entry's heading.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Item {
    Form(String),
    Name(String),
}

/// The items of a `###` heading made only of code spans, or `None` for another heading.
fn entry_items(heading: &str) -> Option<Vec<Item>> {
    let mut items = Vec::new();
    for part in heading.split(", ") {
        let span = part.strip_prefix('`')?.strip_suffix('`')?;
        if span.is_empty() || span.contains('`') {
            return None;
        }
        let item = match span.strip_prefix('(') {
            Some(list) => {
                let list = list.strip_suffix(')')?;
                let word = list.strip_suffix(" ...").unwrap_or(list);
                if word.contains(' ') {
                    return None;
                }
                Item::Form(word.to_string())
            }
            None => Item::Name(span.to_string()),
        };
        items.push(item);
    }
    Some(items)
}

/// How many games a "Used by" line names at most: a list of all games but a few names those
/// few instead, and a longer list is cut to its first [`SAMPLE`] by name, after the count.
const LISTED: usize = 16;

/// How many games a cut "Used by" list names.
const SAMPLE: usize = 8;

/// The "Used by" line an entry should have.
fn used_by(items: &[Item], games: &BTreeMap<String, Words>) -> String {
    let users: Vec<&str> = games
        .iter()
        .filter(|(_, w)| {
            items.iter().any(|item| match item {
                Item::Form(word) => w.heads.contains(word),
                Item::Name(word) => w.others.contains(word),
            })
        })
        .map(|(name, _)| name.as_str())
        .collect();
    let others: Vec<&str> = games
        .keys()
        .map(String::as_str)
        .filter(|g| !users.contains(g))
        .collect();
    if users.is_empty() {
        "Used by: no shipped game.".to_string()
    } else if others.is_empty() {
        "Used by: every shipped game.".to_string()
    } else if users.len() <= LISTED {
        format!("Used by: {}.", users.join(", "))
    } else if others.len() <= LISTED {
        format!("Used by: every shipped game but {}.", others.join(", "))
    } else {
        format!(
            "Used by: {} shipped games, such as {}.",
            users.len(),
            users[..SAMPLE].join(", ")
        )
    }
}

/// A fenced block of the document: its info string and the line numbers (0-based) of its
/// opening and closing fences.
struct Block {
    info: String,
    open: usize,
    close: usize,
}

fn blocks(lines: &[String]) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in lines.iter().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            match open.take() {
                None => open = Some((i, info.trim().to_string())),
                Some((start, info)) => out.push(Block {
                    info,
                    open: start,
                    close: i,
                }),
            }
        }
    }
    assert!(open.is_none(), "a code block is not closed");
    out
}

/// A command line's words, with double quotes grouping.
fn shell_words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            c => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// Runs `dagaz ARGS` as the document writes it, with `example.game` and the games in `dir`
/// and `games/...` in the repository; answers what it prints, as the document shows it.
fn run(args: &[String], dir: &Path) -> String {
    let root = repo();
    let argv: Vec<String> = args
        .iter()
        .map(|a| {
            if a.starts_with("games/") {
                root.join(a).display().to_string()
            } else if a.ends_with(".game") {
                dir.join(a).display().to_string()
            } else {
                a.clone()
            }
        })
        .collect();
    let mut out = Vec::new();
    let mut err = Vec::new();
    dagaz_cli::run(
        std::iter::once("dagaz".to_string()).chain(argv),
        &mut out,
        &mut err,
        false,
    );
    let text = String::from_utf8(out).unwrap() + &String::from_utf8(err).unwrap();
    let text = text
        .replace(&format!("{}/", dir.display()), "")
        .replace(&format!("{}/", root.display()), "");
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.join("\n")
}

/// The document's lines, its path, and whether to rewrite it.
fn document() -> (PathBuf, Vec<String>) {
    let path = repo().join("docs/language.md");
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text.lines().map(str::to_string).collect())
}

fn update() -> bool {
    std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1")
}

#[test]
fn every_keyword_and_built_in_name_has_an_entry() {
    let (_, lines) = document();
    let mut seen: BTreeMap<Item, usize> = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(items) = line.strip_prefix("### ").and_then(entry_items) {
            for item in items {
                if let Some(first) = seen.insert(item.clone(), i + 1) {
                    panic!("{item:?} has two entries, on lines {first} and {}", i + 1);
                }
            }
        }
    }
    let mut wanted: BTreeMap<Item, String> = BTreeMap::new();
    for (word, doc) in keywords() {
        let item = if is_form(&word, &doc) {
            Item::Form(word.clone())
        } else {
            Item::Name(word.clone())
        };
        wanted.insert(item, doc);
    }
    for name in builtin_names() {
        wanted
            .entry(Item::Name(name.clone()))
            .or_insert_with(|| format!("The built-in name `{name}`."));
    }
    let games = games();
    let mut missing = Vec::new();
    for (item, doc) in &wanted {
        if !seen.contains_key(item) {
            let heading = match item {
                Item::Form(w) => format!("`({w} ...)`"),
                Item::Name(w) => format!("`{w}`"),
            };
            missing.push(format!(
                "### {heading}\n\n{doc}\n\n{}\n",
                used_by(std::slice::from_ref(item), &games)
            ));
        }
    }
    let stray: Vec<&Item> = seen.keys().filter(|i| !wanted.contains_key(i)).collect();
    assert!(
        missing.is_empty(),
        "docs/language.md has no entry for these; add them where they belong:\n\n{}",
        missing.join("\n")
    );
    assert!(
        stray.is_empty(),
        "entries for words that are neither keywords nor built-in names: {stray:?}"
    );
}

#[test]
fn used_by_lines_list_the_games_that_use_each_entry() {
    let _guard = DOCUMENT.lock().unwrap_or_else(|e| e.into_inner());
    let (path, mut lines) = document();
    let games = games();
    let mut wrong = Vec::new();
    let headings: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with('#'))
        .collect();
    for (h, &start) in headings.iter().enumerate() {
        let Some(items) = lines[start].strip_prefix("### ").and_then(entry_items) else {
            continue;
        };
        let end = headings.get(h + 1).copied().unwrap_or(lines.len());
        let found: Vec<usize> = (start..end)
            .filter(|&i| lines[i].starts_with("Used by:"))
            .collect();
        assert_eq!(
            found.len(),
            1,
            "the entry on line {} needs exactly one `Used by:` line",
            start + 1
        );
        let expected = used_by(&items, &games);
        if lines[found[0]] != expected {
            wrong.push(format!(
                "line {}, {}:\n  expected: {expected}\n  found:    {}",
                found[0] + 1,
                lines[start],
                lines[found[0]]
            ));
            lines[found[0]] = expected;
        }
    }
    if update() && !wrong.is_empty() {
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    } else {
        assert!(
            wrong.is_empty(),
            "\"Used by\" lines out of date (UPDATE_DOCS=1 rewrites them):\n{}",
            wrong.join("\n")
        );
    }
}

#[test]
fn every_example_loads_and_prints_what_the_document_says() {
    let _guard = DOCUMENT.lock().unwrap_or_else(|e| e.into_inner());
    let (path, lines) = document();
    let text = lines.join("\n");
    assert!(
        text.contains(&format!("```lisp file\n{HARNESS}```")),
        "docs/language.md must show the harness game as a `lisp file` block:\n{HARNESS}"
    );
    let dir = std::env::temp_dir().join(format!("dagaz-language-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The shipped games, and the library they include (games/lib/), as the examples include
    // them.
    for sub in ["", "lib"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        for entry in std::fs::read_dir(repo().join("games").join(sub)).unwrap() {
            let p = entry.unwrap().path();
            if p.extension().is_some_and(|e| e == "game") {
                std::fs::copy(&p, dir.join(sub).join(p.file_name().unwrap())).unwrap();
            }
        }
    }
    std::fs::write(dir.join("harness.game"), HARNESS).unwrap();

    let mut wrong = Vec::new();
    let mut problems = Vec::new();
    // The new output of each command: (first output line, end of the output, the lines).
    let mut rewrites: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let all = blocks(&lines);
    let mut example_pending: Option<usize> = None;
    for block in &all {
        let body = &lines[block.open + 1..block.close];
        let mut info = block.info.split_whitespace();
        match info.next() {
            Some("lisp") => {
                assert!(
                    example_pending.is_none(),
                    "the example on line {} has no transcript after it",
                    example_pending.unwrap() + 1
                );
                let kind = info.next();
                let error = info.next() == Some("error");
                let source = body.join("\n") + "\n";
                let source = match kind {
                    Some("file") => source,
                    // At the end, so that the lines are numbered as the block shows them.
                    Some("fragment") => source + "(include \"harness.game\")\n",
                    _ => panic!(
                        "line {}: a `lisp` block must be `lisp file` or `lisp fragment`",
                        block.open + 1
                    ),
                };
                std::fs::write(dir.join("example.game"), &source).unwrap();
                let loaded = dagaz_engine::Game::load_with(&source, &mut |name| {
                    std::fs::read_to_string(dir.join(name)).map_err(|e| e.to_string())
                });
                match (loaded, error) {
                    (Ok(_), false) | (Err(_), true) => {}
                    (Ok(_), true) => problems.push(format!(
                        "line {}: the example marked `error` loads",
                        block.open + 1
                    )),
                    (Err(e), false) => problems.push(format!(
                        "line {}: the example does not load: {e}",
                        block.open + 1
                    )),
                }
                example_pending = Some(block.open);
            }
            Some("text") => {
                let commands: Vec<usize> = (block.open + 1..block.close)
                    .filter(|&i| lines[i].starts_with("$ dagaz "))
                    .collect();
                if commands.is_empty() {
                    continue;
                }
                if let Some(open) = example_pending.take() {
                    assert!(
                        commands.iter().any(|&i| lines[i].contains("example.game")),
                        "the transcript after the example on line {} never runs example.game",
                        open + 1
                    );
                }
                for (k, &c) in commands.iter().enumerate() {
                    let end = commands.get(k + 1).copied().unwrap_or(block.close);
                    let args = shell_words(&lines[c]["$ dagaz ".len()..]);
                    let got = run(&args, &dir);
                    let shown = lines[c + 1..end].join("\n");
                    if got != shown {
                        wrong.push(format!(
                            "line {}: {}\n--- the document shows:\n{shown}\n--- the command prints:\n{got}",
                            c + 1,
                            lines[c]
                        ));
                        rewrites.push((c + 1, end, got.lines().map(str::to_string).collect()));
                    }
                }
            }
            _ => {}
        }
    }
    assert!(
        example_pending.is_none(),
        "the last example has no transcript after it"
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    if update() && !rewrites.is_empty() {
        let mut lines = lines;
        for (from, to, new) in rewrites.into_iter().rev() {
            lines.splice(from..to, new);
        }
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    } else {
        assert!(
            wrong.is_empty(),
            "{} example(s) differ from the document (UPDATE_DOCS=1 rewrites the output):\n\n{}",
            wrong.len(),
            wrong.join("\n\n")
        );
    }
}
