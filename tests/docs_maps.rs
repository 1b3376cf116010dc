//! The maps the documentation keeps, checked against the repository so that they cannot drift:
//!
//! - `docs/architecture.md` is at most 15 KiB;
//! - its code map has an entry for every crate under `crates/` (and `xtask`, `tests`), and no
//!   entry for a crate that is gone;
//! - each entry's `Depends on:` / `Build:` / `Dev:` lists are exactly the crate's
//!   `[dependencies]`, `[build-dependencies]` and `[dev-dependencies]`, and none of its
//!   `Never:` names is among its `[dependencies]` (so a new dependency fails here until the map
//!   says so; the order of the layers is `tests/layering.rs`'s business);
//! - its testing section names every test file: `tests/*.rs`, each module of
//!   `tests/integration.rs`, each crate's `tests/` and `benches/` files, each fuzz target;
//! - its scripts section names every file in `scripts/`;
//! - `games/README.md` names every `games/*.game`.
//!
//! Each failure names what is missing or wrong, and where to write it.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most `docs/architecture.md` may weigh, in bytes.
const MAX_ARCHITECTURE_BYTES: usize = 15_000;

fn repo_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(relative)
}

fn read(relative: &str) -> String {
    std::fs::read_to_string(repo_path(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

/// The names of the entries of a directory (sorted), files or directories as asked; hidden
/// ones (`.venv`) left out.
fn entries(relative: &str, dirs: bool) -> Vec<String> {
    let dir = repo_path(relative);
    let Ok(read) = std::fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<String> = read
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() == dirs)
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.'))
        .collect();
    out.sort();
    out
}

/// The files of `relative` whose name ends with `suffix`.
fn files_ending(relative: &str, suffix: &str) -> Vec<String> {
    entries(relative, false)
        .into_iter()
        .filter(|n| n.ends_with(suffix))
        .collect()
}

/// The text of the `## heading` section of a Markdown page, up to the next `## `.
fn section<'t>(page: &'t str, heading: &str) -> &'t str {
    let start = page
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("docs/architecture.md has no `## {heading}` section"));
    let body = &page[start + 1..];
    let end = body[3..].find("\n## ").map_or(body.len(), |e| e + 3);
    &body[..end]
}

/// The `code` spans of a text (what stands between backticks).
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// Whether `name` occurs in `text` as a word: not preceded by a letter, digit, `-`, `_` or
/// `/`, not followed by a letter, digit, `-` or `_` (so `chess.game` is not found in
/// `antichess.game`, nor `perft.rs` in `xperft.rs`).
fn names(text: &str, name: &str) -> bool {
    let inner = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    text.match_indices(name).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + name.len()..].chars().next();
        !before.is_some_and(|c| inner(c) || c == '/') && !after.is_some_and(inner)
    })
}

/// The kinds of dependency a manifest lists.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Normal,
    Build,
    Dev,
}

/// The dependencies a `Cargo.toml` lists, each with its kind. The manifest is read as plain
/// text: a `[...dependencies]` section's `name = ...` or `name.workspace = ...` lines, and
/// `[dependencies.name]` tables.
fn manifest_dependencies(manifest: &str) -> Vec<(Kind, String)> {
    let mut kind = None;
    let mut out = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_start_matches('[').trim_end_matches(']');
            // `dependencies`, `build-dependencies`, `target.'cfg(..)'.dependencies`, or a table
            // `dependencies.NAME`.
            let (table, name) = match header.rsplit_once("dependencies.") {
                Some((before, name)) if !name.contains(']') => {
                    (format!("{before}dependencies"), Some(name))
                }
                _ => (header.to_string(), None),
            };
            kind = if table.ends_with("dev-dependencies") {
                Some(Kind::Dev)
            } else if table.ends_with("build-dependencies") {
                Some(Kind::Build)
            } else if table.ends_with("dependencies") {
                Some(Kind::Normal)
            } else {
                None
            };
            if let (Some(k), Some(name)) = (kind, name) {
                out.push((k, name.trim_matches('"').to_string()));
                kind = None;
            }
            continue;
        }
        let Some(k) = kind else { continue };
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name = line.split(['.', ' ', '=']).next().unwrap_or("");
        if !name.is_empty() {
            out.push((k, name.trim_matches('"').to_string()));
        }
    }
    out
}

/// One entry of the code map: its name and what its dependency paragraph says.
#[derive(Debug, Default)]
struct Entry {
    name: String,
    normal: BTreeSet<String>,
    build: BTreeSet<String>,
    dev: BTreeSet<String>,
    never: Vec<String>,
    has_dependencies: bool,
}

/// The code map's entries: each `### ` heading whose first code span names it, with the
/// paragraph that starts `Depends on:` under it (`Build:`, `Dev:` and `Never:` in the same
/// paragraph; `Depends on: nothing.` for none).
fn code_map(page: &str) -> Vec<Entry> {
    let map = section(page, "Code map");
    let mut out = Vec::new();
    for block in map.split("\n### ").skip(1) {
        let heading = block.lines().next().unwrap_or("");
        let Some(name) = code_spans(heading).first().map(|s| s.to_string()) else {
            continue;
        };
        let mut entry = Entry {
            name,
            ..Entry::default()
        };
        if let Some(at) = block.find("\nDepends on:") {
            entry.has_dependencies = true;
            let paragraph = block[at + 1..].split("\n\n").next().unwrap_or("");
            let mut rest = paragraph;
            let mut label = "";
            // Split the paragraph at its labels, in the order they may come.
            loop {
                let next = ["Depends on:", "Build:", "Dev:", "Never:"]
                    .iter()
                    .filter_map(|l| rest.find(l).map(|i| (i, *l)))
                    .min();
                let (text, following) = match next {
                    Some((i, l)) => (&rest[..i], Some((i, l))),
                    None => (rest, None),
                };
                let spans = code_spans(text).into_iter().map(str::to_string);
                match label {
                    "Depends on:" => entry.normal.extend(spans),
                    "Build:" => entry.build.extend(spans),
                    "Dev:" => entry.dev.extend(spans),
                    "Never:" => entry.never.extend(spans),
                    _ => {}
                }
                let Some((i, l)) = following else { break };
                label = l;
                rest = &rest[i + l.len()..];
            }
        }
        out.push(entry);
    }
    out
}

/// The manifests the code map must cover: every crate under `crates/`, `xtask` and `tests`.
fn manifests() -> Vec<(String, PathBuf)> {
    let mut out: Vec<(String, PathBuf)> = entries("crates", true)
        .into_iter()
        .map(|name| {
            let path = repo_path(&format!("crates/{name}/Cargo.toml"));
            (name, path)
        })
        .filter(|(_, path)| path.is_file())
        .collect();
    out.push(("xtask".to_string(), repo_path("xtask/Cargo.toml")));
    out.push(("tests".to_string(), repo_path("tests/Cargo.toml")));
    out
}

fn architecture() -> String {
    read("docs/architecture.md")
}

#[test]
fn the_architecture_page_stays_short() {
    let size = architecture().len();
    assert!(
        size <= MAX_ARCHITECTURE_BYTES,
        "docs/architecture.md is {size} bytes, more than {MAX_ARCHITECTURE_BYTES}: move the detail \
         into docs/vm.md or the page of its subject, and measurements into docs/performance.md"
    );
}

#[test]
fn the_code_map_has_every_crate_and_its_dependencies() {
    let page = architecture();
    let map = code_map(&page);
    let mut problems = Vec::new();
    let known: Vec<(String, PathBuf)> = manifests();
    for (name, manifest) in &known {
        let Some(entry) = map.iter().find(|e| &e.name == name) else {
            problems.push(format!(
                "{name}: no `### `{name}` — ...` entry in the code map"
            ));
            continue;
        };
        if !entry.has_dependencies {
            problems.push(format!(
                "{name}: its code-map entry has no `Depends on:` paragraph"
            ));
            continue;
        }
        let text = std::fs::read_to_string(manifest).unwrap();
        let deps = manifest_dependencies(&text);
        let of = |kind: Kind| -> BTreeSet<String> {
            deps.iter()
                .filter(|(k, _)| *k == kind)
                .map(|(_, n)| n.clone())
                .collect()
        };
        for (kind, label, listed) in [
            (Kind::Normal, "Depends on:", &entry.normal),
            (Kind::Build, "Build:", &entry.build),
            (Kind::Dev, "Dev:", &entry.dev),
        ] {
            let actual = of(kind);
            let missing: Vec<_> = actual.difference(listed).cloned().collect();
            let extra: Vec<_> = listed.difference(&actual).cloned().collect();
            if !missing.is_empty() {
                problems.push(format!(
                    "{name}: Cargo.toml has {missing:?} that the code map's `{label}` does not list"
                ));
            }
            if !extra.is_empty() {
                problems.push(format!(
                    "{name}: the code map's `{label}` lists {extra:?}, which Cargo.toml does not have"
                ));
            }
        }
        for never in &entry.never {
            let forbidden = |dep: &str| match never.strip_suffix('*') {
                Some(prefix) => dep.starts_with(prefix),
                None => dep == never,
            };
            for dep in of(Kind::Normal).iter().filter(|d| forbidden(d)) {
                problems.push(format!(
                    "{name}: depends on {dep}, which its code-map entry says it never may ({never})"
                ));
            }
        }
    }
    for entry in map.iter().filter(|e| e.has_dependencies) {
        if !known.iter().any(|(name, _)| name == &entry.name) {
            problems.push(format!(
                "{}: in the code map, but there is no such crate",
                entry.name
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "docs/architecture.md, `## Code map`:\n{}",
        problems.join("\n")
    );
}

/// The test files the testing section must name: `tests/*.rs`, the modules of
/// `tests/integration.rs` (a `#[path]` module by its path), each crate's `tests/` and
/// `benches/` files, and the fuzz targets.
fn test_files() -> Vec<String> {
    let mut out = files_ending("tests", ".rs");
    let integration = read("tests/integration.rs");
    let mut path = None;
    for line in integration.lines().map(str::trim) {
        if let Some(p) = line
            .strip_prefix("#[path = \"")
            .and_then(|l| l.strip_suffix("\"]"))
        {
            path = Some(p.to_string());
            continue;
        }
        let module = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|l| l.strip_suffix(';'));
        if let Some(module) = module {
            out.push(path.take().unwrap_or_else(|| format!("{module}.rs")));
        } else {
            path = None;
        }
    }
    for name in entries("crates", true) {
        for dir in ["tests", "benches"] {
            out.extend(files_ending(&format!("crates/{name}/{dir}"), ".rs"));
        }
    }
    out.extend(files_ending("fuzz/fuzz_targets", ".rs"));
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_testing_section_names_every_test_file() {
    let page = architecture();
    let testing = section(&page, "Testing");
    let files = test_files();
    assert!(files.iter().any(|f| f == "integration.rs"), "{files:?}");
    assert!(
        files.iter().any(|f| f == "support/reference_checkers.rs"),
        "{files:?}"
    );
    let missing: Vec<_> = files.iter().filter(|f| !names(testing, f)).collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md, `## Testing`, does not name {missing:?}"
    );
}

#[test]
fn the_scripts_section_names_every_script() {
    let page = architecture();
    let scripts = section(&page, "Scripts");
    let files = entries("scripts", false);
    assert!(!files.is_empty());
    let missing: Vec<_> = files.iter().filter(|f| !names(scripts, f)).collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md, `## Scripts`, does not name {missing:?}"
    );
}

#[test]
fn the_games_readme_names_every_game() {
    let readme = read("games/README.md");
    let games = files_ending("games", ".game");
    assert!(games.len() > 1);
    let missing: Vec<_> = games.iter().filter(|g| !names(&readme, g)).collect();
    assert!(
        missing.is_empty(),
        "games/README.md does not name {missing:?}"
    );
}

#[test]
fn the_readers_of_this_test_read_what_they_should() {
    let manifest = "[package]\nname = \"x\"\n\n[dependencies]\ndagaz-ir.workspace = true\n\
        foldhash = \"0.2\"\n# a comment\nrayon = { workspace = true, optional = true }\n\n\
        [features]\nparallel = [\"dep:rayon\"]\n\n[build-dependencies]\ndagaz-codegen = { path = \"x\" }\n\n\
        [dev-dependencies]\npretty_assertions.workspace = true\n\n[dependencies.serde]\nversion = \"1\"\n";
    assert_eq!(
        manifest_dependencies(manifest),
        vec![
            (Kind::Normal, "dagaz-ir".to_string()),
            (Kind::Normal, "foldhash".to_string()),
            (Kind::Normal, "rayon".to_string()),
            (Kind::Build, "dagaz-codegen".to_string()),
            (Kind::Dev, "pretty_assertions".to_string()),
            (Kind::Normal, "serde".to_string()),
        ]
    );
    let page = "# t\n\n## Code map\n\n### `a` — one\n\nText `x`.\n\nDepends on: `b`, `c`. Build: \
        `d`.\nDev: `e`. Never: `f-*`.\n\n### `g`\n\nDepends on: nothing.\n\n## Next\n";
    let map = code_map(page);
    assert_eq!(map.len(), 2);
    assert_eq!(map[0].name, "a");
    assert_eq!(map[0].normal, BTreeSet::from(["b".into(), "c".into()]));
    assert_eq!(map[0].build, BTreeSet::from(["d".into()]));
    assert_eq!(map[0].dev, BTreeSet::from(["e".into()]));
    assert_eq!(map[0].never, vec!["f-*".to_string()]);
    assert!(map[1].has_dependencies && map[1].normal.is_empty());
    assert!(names("see `chess.game`", "chess.game"));
    assert!(!names("see antichess.game", "chess.game"));
    assert!(!names("see crates/x/perft.rs", "perft.rs"));
    assert!(names("see (chess.game)", "chess.game"));
    assert!(Path::new(&repo_path("docs")).is_dir());
}

const MAX_README_BYTES: usize = 12 * 1024;

#[test]
fn the_readme_is_a_short_front_door_without_commit_ids() {
    let readme = read("README.md");
    assert!(
        readme.len() <= MAX_README_BYTES,
        "README.md is {} bytes, over {MAX_README_BYTES}: measured history belongs in docs/",
        readme.len()
    );
    // A commit id is a word of 7 to 40 hex digits with at least one letter and one digit
    // (so that plain numbers and words such as `deadbeef`-free prose do not count).
    let ids: Vec<&str> = readme
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| (7..=40).contains(&w.len()))
        .filter(|w| {
            w.chars()
                .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
        })
        .filter(|w| w.chars().any(|c| c.is_ascii_digit()) && w.chars().any(|c| c.is_alphabetic()))
        .collect();
    assert!(ids.is_empty(), "README.md names commits: {ids:?}");
}

#[test]
fn the_readme_runs_the_test_suite_as_ci_does() {
    let readme = read("README.md");
    let ci = read(".ci/run");
    let command = "cargo test --workspace --profile tests --locked";
    let first_block = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap_or_default();
    assert!(
        first_block.lines().any(|l| l.trim() == command),
        "the README's first commands must include `{command}`:\n{first_block}"
    );
    assert!(
        ci.lines().any(|l| l.trim() == command),
        ".ci/run must run `{command}`, the README's test command"
    );
}

/// The relative links of a Markdown page: the targets of `](target)`, each split into the
/// file (empty for the page itself) and the anchor (empty when there is none); links to the web
/// left out.
fn relative_links(page: &str) -> Vec<(&str, &str)> {
    page.split("](")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter(|t| !t.is_empty() && !t.contains("://") && !t.starts_with("mailto:"))
        .map(|t| t.split_once('#').unwrap_or((t, "")))
        .collect()
}

/// The anchors GitHub gives a page's headings: lower case, punctuation dropped but `-` and
/// `_`, spaces turned into `-`, and `-1`, `-2` … after a repeated one. Headings inside fenced
/// code blocks are not headings.
fn anchors(page: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_code = false;
    for line in page.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        let Some(title) = line.trim_start_matches('#').strip_prefix(' ') else {
            continue;
        };
        if in_code || !line.starts_with('#') {
            continue;
        }
        let slug: String = title
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut unique = slug.clone();
        let mut n = 0;
        while out.contains(&unique) {
            n += 1;
            unique = format!("{slug}-{n}");
        }
        out.insert(unique);
    }
    out
}

#[test]
fn every_relative_link_of_the_docs_resolves() {
    let mut pages = vec!["README.md".to_string(), "games/README.md".to_string()];
    pages.extend(
        files_ending("docs", ".md")
            .into_iter()
            .map(|f| format!("docs/{f}")),
    );
    let mut broken = Vec::new();
    for page in &pages {
        let dir = repo_path(page).parent().unwrap().to_path_buf();
        let text = read(page);
        for (file, anchor) in relative_links(&text) {
            let target = if file.is_empty() {
                repo_path(page)
            } else {
                dir.join(file)
            };
            if !target.exists() {
                broken.push(format!("{page}: {file}"));
            } else if !anchor.is_empty() && (file.is_empty() || file.ends_with(".md")) {
                let heads = anchors(&std::fs::read_to_string(&target).unwrap());
                if !heads.contains(anchor) {
                    broken.push(format!("{page}: {file}#{anchor}"));
                }
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to nothing:\n{}",
        broken.join("\n")
    );
}
