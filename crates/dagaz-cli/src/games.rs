//! The shipped games by name: every command takes `chess` as well as a path, anywhere (the
//! games' texts are compiled into the program: `SOURCES`, written by `build.rs`), and
//! `dagaz games` lists them by family, with the names and lines of the catalogue
//! `games/README.md`.

use dagaz_engine::{GameSource, ReadFileError};
use std::fmt::Write as _;
use std::path::{Component, Path};

// `SOURCES` and `CATALOGUE`.
include!(concat!(env!("OUT_DIR"), "/sources.rs"));

/// The game a command line names: the file at `spec` when there is one (its `include`s read
/// beside it, then from the shipped library), else the shipped game of that name (`chess`,
/// `chess.game`, or `games/chess.game` run outside the repository).
pub(crate) fn source(spec: &Path) -> Result<GameSource, String> {
    with_chosen_variant(find_source(spec)?)
}

thread_local! {
    /// The `--variant` of this thread's command line, if it gave one.
    static VARIANT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Which variant of a Zillions file the games loaded on this thread open (`--variant`).
pub(crate) fn choose_variant(choice: Option<String>) {
    VARIANT.with(|v| *v.borrow_mut() = choice);
}

/// `source` opening the variant `--variant` chose: an error for a `.game` file, or a variant
/// the file does not have.
pub(crate) fn with_chosen_variant(source: GameSource) -> Result<GameSource, String> {
    let Some(choice) = VARIANT.with(|v| v.borrow().clone()) else {
        return Ok(source);
    };
    if !source.is_zrf() {
        return Err(format!(
            "error: --variant {choice}: {} is not a Zillions file (.zrf), which alone has variants\n",
            source.origin()
        ));
    }
    match source.variant_named(&choice) {
        Ok(n) => Ok(source.with_variant(n)),
        Err(e) => Err(format!(
            "error: --variant {choice}: {e}\nhelp: `dagaz info {}` lists its variants\n",
            source.origin()
        )),
    }
}

/// The game file or shipped game `spec` names.
fn find_source(spec: &Path) -> Result<GameSource, String> {
    if spec.exists() {
        return GameSource::read(spec)
            .map(|s| s.with_library(SOURCES))
            .map_err(read_error);
    }
    let Some(name) = as_name(spec) else {
        return GameSource::read(spec).map_err(read_error);
    };
    let file = format!("{name}.game");
    if let Some(source) = shipped(&file).and_then(|f| GameSource::embedded(SOURCES, f)) {
        return Ok(source);
    }
    let near = dagaz_engine::nearest(name, names());
    let mut message = format!("error: no game file or shipped game is named `{name}`\n");
    match near {
        Some(near) => {
            let _ = writeln!(
                message,
                "help: did you mean `{near}`? `dagaz games` lists the shipped games"
            );
        }
        None => message.push_str("help: `dagaz games` lists the shipped games\n"),
    }
    Err(message)
}

/// The name `spec` stands for, when it can be a shipped game's: a bare word, with or without
/// `.game`, or a file directly under a directory named `games`.
fn as_name(spec: &Path) -> Option<&str> {
    let parts: Vec<Component> = spec.components().collect();
    let file = match parts.as_slice() {
        [Component::Normal(file)] => file,
        [.., Component::Normal(dir), Component::Normal(file)] if dir.to_str() == Some("games") => {
            file
        }
        _ => return None,
    };
    let file = file.to_str()?;
    Some(file.strip_suffix(".game").unwrap_or(file))
}

/// The shipped game file `file` (`chess.game`), when there is one: a game, not a fragment of
/// the library.
fn shipped(file: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .map(|(name, _)| *name)
        .find(|name| *name == file && !name.starts_with("lib/"))
}

/// The names of the shipped games (`chess`), in the order of their files.
fn names() -> impl Iterator<Item = &'static str> {
    SOURCES
        .iter()
        .filter(|(name, _)| !name.starts_with("lib/"))
        .filter_map(|(name, _)| name.strip_suffix(".game"))
}

/// A game file that did not read, as the command line says it.
pub(crate) fn read_error(e: ReadFileError) -> String {
    match &e {
        ReadFileError::NotUtf8 { path, text, at, .. } => crate::diagnostics::located(
            path,
            text,
            // The text up to the bad byte is valid, so the rendering points at the right
            // place: at the replacement character that stands for it.
            dagaz_sexpr::Span::new(*at, at + char::REPLACEMENT_CHARACTER.len_utf8()),
            &e.to_string(),
            Some("save the file as UTF-8"),
        ),
        e => format!("error: {e}\n"),
    }
}

/// One shipped game in the catalogue.
#[derive(Debug, PartialEq, Eq)]
struct Entry {
    family: String,
    name: String,
    line: String,
}

/// The games of the catalogue's tables, in its order, each under the heading of its section
/// (`## Chess family`): rows `| [chess](chess.game) | ... | The FIDE game |`.
fn catalogue() -> Vec<Entry> {
    let mut family = String::new();
    let mut out = Vec::new();
    for line in CATALOGUE.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            family = heading.trim().to_string();
            continue;
        }
        let Some(row) = line.strip_prefix("| [") else {
            continue;
        };
        let Some((name, _)) = row.split_once(']') else {
            continue;
        };
        let cells: Vec<&str> = row.trim_end_matches('|').split('|').collect();
        let one_line = cells.last().map_or("", |c| c.trim());
        out.push(Entry {
            family: family.clone(),
            name: name.to_string(),
            line: one_line.to_string(),
        });
    }
    out
}

/// `dagaz games`: each family, then its games, one a line: the name and a line on it. A
/// shipped game the catalogue misses comes last, under "Other", with its file's first line.
pub(crate) fn list() -> String {
    let mut entries: Vec<Entry> = catalogue()
        .into_iter()
        .filter(|e| shipped(&format!("{}.game", e.name)).is_some())
        .collect();
    for name in names() {
        if !entries.iter().any(|e| e.name == name) {
            let text = SOURCES
                .iter()
                .find(|(f, _)| f.strip_suffix(".game") == Some(name))
                .map_or("", |(_, t)| t);
            let first = text.lines().next().unwrap_or("");
            entries.push(Entry {
                family: "Other".into(),
                name: name.into(),
                line: first.trim_start_matches(';').trim().into(),
            });
        }
    }
    let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0) + 2;
    let mut out = String::new();
    let mut family = None;
    for e in &entries {
        if family != Some(&e.family) {
            if family.is_some() {
                out.push('\n');
            }
            let _ = writeln!(out, "{}", e.family);
            family = Some(&e.family);
        }
        let _ = writeln!(out, "  {:width$}{}", e.name, e.line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_words_or_files_under_games() {
        assert_eq!(as_name(Path::new("chess")), Some("chess"));
        assert_eq!(as_name(Path::new("chess.game")), Some("chess"));
        assert_eq!(as_name(Path::new("games/chess.game")), Some("chess"));
        assert_eq!(as_name(Path::new("./games/chess.game")), Some("chess"));
        assert_eq!(as_name(Path::new("elsewhere/chess.game")), None);
        assert_eq!(as_name(Path::new("/tmp/chess.game")), None);
    }

    #[test]
    fn every_shipped_game_is_in_the_catalogue_once() {
        let entries = catalogue();
        for name in names() {
            let found = entries.iter().filter(|e| e.name == name).count();
            assert_eq!(found, 1, "{name}");
        }
        assert_eq!(names().count(), 76);
        let chess = entries.iter().find(|e| e.name == "chess").unwrap();
        assert_eq!(
            (chess.family.as_str(), chess.line.as_str()),
            ("Chess family", "The FIDE game")
        );
        assert!(shipped("lib/moves.game").is_none());
    }
}
