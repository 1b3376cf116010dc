//! `cargo xtask web`: the browser page, built into `target/web` (or `--out DIR`):
//!
//! ```text
//! index.html style.css app.js worker.js ...   copied from web/
//! pkg/dagaz_web.js pkg/dagaz_web_bg.wasm       wasm-bindgen --target web --no-typescript
//! games/*.game games/index.json                the shipped games, and their index
//! games/lib/*.game                             the rules they include (not listed as games)
//! ```
//!
//! The tools are found or installed first, so that a fresh clone needs only rustup and cargo:
//! the `wasm32-unknown-unknown` target (`rustup target add`), and `wasm-bindgen-cli` at exactly
//! the version of the `wasm-bindgen` crate in Cargo.lock, since the CLI refuses a wasm built
//! with another version. A `wasm-bindgen` on the PATH is used when its version is the one;
//! otherwise the one in the tools' cache ([`tools_dir`]), installed there by `cargo install`
//! when it is missing.
//!
//! Every shipped game is loaded natively (with dagaz-engine, its includes read from games/)
//! to write the index, so a game that does not load fails the build here, not in the page.

use crate::XtaskError;
use flate2::write::GzEncoder;
use flate2::Compression;
use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The compilation target of the page's engine.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The folder of games/ that holds the rules games share (`(include "lib/moves.game")`):
/// fragments, not games, so copied for the includes but left out of the index.
const LIBRARY: &str = "lib";

/// The most the gzip-compressed wasm may weigh (issue #14: under 1 MB).
const GZIP_LIMIT: usize = 1_000_000;

/// Builds the page into `out` (default: `target/web` in the workspace).
pub(crate) fn build(out: Option<PathBuf>) -> Result<(), XtaskError> {
    let root = workspace()?;
    let out = out.unwrap_or_else(|| root.join("target/web"));
    // Before anything slow: a game that does not load, or no page, stops the build at once.
    let games = games_index(&root.join("games"))?;
    let web = root.join("web");
    if !web.join("index.html").is_file() {
        return Err(XtaskError::Missing(format!(
            "{} is missing: the page's files live in {}",
            web.join("index.html").display(),
            web.display()
        )));
    }

    ensure_wasm_target()?;
    let version = locked_version(&root.join("Cargo.lock"), "wasm-bindgen")?;
    let bindgen = wasm_bindgen(&root, &version)?;

    step(&format!("building dagaz-web for {WASM_TARGET} (release)"));
    run(cargo().current_dir(&root).args([
        "build",
        "-p",
        "dagaz-web",
        "--lib",
        "--target",
        WASM_TARGET,
        "--release",
    ]))?;
    let wasm = target_dir(&root)?.join(format!("{WASM_TARGET}/release/dagaz_web.wasm"));

    let pkg = out.join("pkg");
    remove_dir(&pkg)?;
    step(&format!("binding it with {} {version}", bindgen.display()));
    run(Command::new(&bindgen)
        .args(["--target", "web", "--no-typescript", "--out-dir"])
        .arg(&pkg)
        .arg(&wasm))?;

    copy_dir(&web, &out)?;
    let games_out = out.join("games");
    remove_dir(&games_out)?;
    create_dir(&games_out)?;
    for game in &games {
        copy(
            &root.join("games").join(&game.file),
            &games_out.join(&game.file),
        )?;
    }
    write(&games_out.join("index.json"), &index_json(&games))?;
    // The library the games include (games/lib/): the page's editor reads it for `include`,
    // and it is not a game of the gallery.
    let library = root.join("games").join(LIBRARY);
    if library.is_dir() {
        copy_dir(&library, &games_out.join(LIBRARY))?;
    }

    let bound = pkg.join("dagaz_web_bg.wasm");
    let bytes = std::fs::read(&bound).map_err(io_error(&bound))?;
    let gzip = gzip_len(&bytes).map_err(io_error(&bound))?;
    println!(
        "page written to {} ({} games)\npkg/dagaz_web_bg.wasm: {} bytes, {} gzip-compressed (limit {})",
        out.display(),
        games.len(),
        thousands(bytes.len()),
        thousands(gzip),
        thousands(GZIP_LIMIT)
    );
    if gzip > GZIP_LIMIT {
        return Err(XtaskError::TooBig {
            gzip,
            limit: GZIP_LIMIT,
        });
    }
    Ok(())
}

/// The workspace's root: this crate lives in its `xtask/` directory.
fn workspace() -> Result<PathBuf, XtaskError> {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .ok_or_else(|| XtaskError::Missing("the xtask crate has no parent directory".into()))
}

/// The cargo that runs this task (cargo sets `CARGO`), else the one on the PATH.
fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// A line on standard error that says what comes next.
fn step(what: &str) {
    eprintln!("xtask web: {what}");
}

/// How a command is shown in messages: the program and its arguments.
fn shown(command: &Command) -> String {
    std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(OsStr::to_string_lossy)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `command` with the terminal's streams; an error unless it succeeds.
fn run(command: &mut Command) -> Result<(), XtaskError> {
    let status = command.status().map_err(|source| XtaskError::Spawn {
        command: shown(command),
        source,
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(XtaskError::Failed {
            command: shown(command),
            status: status.to_string(),
        })
    }
}

/// What `command` prints on standard output, when it runs and succeeds.
fn output(command: &mut Command) -> Result<String, XtaskError> {
    let out = command.output().map_err(|source| XtaskError::Spawn {
        command: shown(command),
        source,
    })?;
    if !out.status.success() {
        return Err(XtaskError::Failed {
            command: shown(command),
            status: format!(
                "{}: {}",
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Adds the wasm target with rustup when `rustup target list --installed` lacks it. Without
/// rustup (a toolchain from elsewhere) the target is assumed to be there; the build says so
/// clearly if it is not.
fn ensure_wasm_target() -> Result<(), XtaskError> {
    let installed = match output(Command::new("rustup").args(["target", "list", "--installed"])) {
        Ok(list) => list,
        Err(e) => {
            step(&format!(
                "{e}; assuming the {WASM_TARGET} target is installed"
            ));
            return Ok(());
        }
    };
    if installed.lines().any(|l| l.trim() == WASM_TARGET) {
        return Ok(());
    }
    step(&format!("adding the {WASM_TARGET} target with rustup"));
    run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
}

/// The version Cargo.lock gives the package `name`; an error when it has none or several.
pub(crate) fn locked_version(lock: &Path, name: &str) -> Result<String, XtaskError> {
    let text = std::fs::read_to_string(lock).map_err(io_error(lock))?;
    let versions = lock_versions(&text, name);
    match versions.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(XtaskError::Missing(format!(
            "{} has no `{name}` package (dagaz-web depends on it)",
            lock.display()
        ))),
        several => Err(XtaskError::Missing(format!(
            "{} has several versions of `{name}` ({}); wasm-bindgen-cli must match the one \
             dagaz-web uses",
            lock.display(),
            several.join(", ")
        ))),
    }
}

/// The versions of the package `name` in a Cargo.lock's text (its `[[package]]` entries write
/// `name = "..."` and then `version = "..."`).
fn lock_versions(text: &str, name: &str) -> Vec<String> {
    let wanted = format!("name = \"{name}\"");
    let mut versions = Vec::new();
    let mut lines = text.lines().map(str::trim);
    while let Some(line) = lines.next() {
        if line != wanted {
            continue;
        }
        let version = lines
            .next()
            .and_then(|l| l.strip_prefix("version = \""))
            .and_then(|l| l.strip_suffix('"'));
        if let Some(version) = version {
            if !versions.iter().any(|v| v == version) {
                versions.push(version.to_string());
            }
        }
    }
    versions
}

/// The version a `wasm-bindgen` program says it is (`wasm-bindgen 0.2.130`), or `None` when it
/// cannot be run.
fn version_of(program: &Path) -> Option<String> {
    let out = output(Command::new(program).arg("--version")).ok()?;
    out.split_whitespace().nth(1).map(str::to_string)
}

/// Where `wasm-bindgen-cli` of `version` is installed: `$XDG_CACHE_HOME/dagaz/wasm-bindgen-X`
/// (else `~/.cache/...`), outside the work tree, so that a fresh clone on the same machine
/// (CI's is one each run) does not build it again; `target/tools` where no home is known.
/// `scripts/web-test` looks for the test runner in the same place.
fn tools_dir(root: &Path, version: &str) -> PathBuf {
    tools_dir_in(
        std::env::var_os("XDG_CACHE_HOME"),
        std::env::var_os("HOME"),
        root,
        version,
    )
}

/// [`tools_dir`] given the values of `XDG_CACHE_HOME` and `HOME`.
fn tools_dir_in(
    xdg_cache: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
    root: &Path,
    version: &str,
) -> PathBuf {
    let cache = xdg_cache
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            home.filter(|home| !home.is_empty())
                .map(|home| PathBuf::from(home).join(".cache"))
        });
    match cache {
        Some(cache) => cache.join("dagaz").join(format!("wasm-bindgen-{version}")),
        None => root.join("target/tools"),
    }
}

/// A `wasm-bindgen` of exactly `version`: the one on the PATH, else the tools' cache's
/// ([`tools_dir`]), installed there with `cargo install` when it is missing.
fn wasm_bindgen(root: &Path, version: &str) -> Result<PathBuf, XtaskError> {
    let exe = format!("wasm-bindgen{}", std::env::consts::EXE_SUFFIX);
    let on_path = PathBuf::from(&exe);
    if version_of(&on_path).as_deref() == Some(version) {
        return Ok(on_path);
    }
    let tools = tools_dir(root, version);
    let local = tools.join("bin").join(&exe);
    if version_of(&local).as_deref() == Some(version) {
        return Ok(local);
    }
    step(&format!(
        "installing wasm-bindgen-cli {version} into {} (several minutes, once)",
        tools.display()
    ));
    let install = |locked: bool| {
        let mut command = cargo();
        command
            .args(["install", "wasm-bindgen-cli", "--version"])
            .arg(format!("={version}"))
            .arg("--root")
            .arg(&tools);
        if locked {
            command.arg("--locked");
        }
        run(&mut command)
    };
    if let Err(e) = install(true) {
        // The CLI's own lockfile can name a dependency version that a registry mirror does
        // not carry; the unlocked build takes the newest compatible ones instead.
        step(&format!(
            "{e}; installing again without --locked (with the newest compatible dependencies)"
        ));
        install(false)?;
    }
    match version_of(&local) {
        Some(found) if found == version => Ok(local),
        found => Err(XtaskError::Missing(format!(
            "{} is version {}, not {version} after `cargo install`",
            local.display(),
            found.as_deref().unwrap_or("unknown")
        ))),
    }
}

/// The directory cargo builds into (`CARGO_TARGET_DIR` or the configuration may move it).
fn target_dir(root: &Path) -> Result<PathBuf, XtaskError> {
    let metadata =
        output(
            cargo()
                .current_dir(root)
                .args(["metadata", "--format-version", "1", "--no-deps"]),
        )?;
    let json: serde_json::Value = serde_json::from_str(&metadata)
        .map_err(|e| XtaskError::Missing(format!("cargo metadata: {e}")))?;
    json.get("target_directory")
        .and_then(serde_json::Value::as_str)
        .map(PathBuf::from)
        .ok_or_else(|| XtaskError::Missing("cargo metadata gives no target_directory".into()))
}

/// A shipped game as the index lists it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct GameEntry {
    /// The file name in games/: `chess.game`.
    pub file: String,
    /// The file name without `.game`: `chess`.
    pub name: String,
    /// The name the game gives itself in `(game (name ...))`: `Chess`.
    pub title: String,
}

/// Every `*.game` file in `dir`, loaded, sorted by name; the first that does not load is the
/// error.
pub(crate) fn games_index(dir: &Path) -> Result<Vec<GameEntry>, XtaskError> {
    let mut games = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io_error(dir))? {
        let path = entry.map_err(io_error(dir))?.path();
        let (Some(name), Some(file)) = (
            path.file_stem().and_then(OsStr::to_str),
            path.file_name().and_then(OsStr::to_str),
        ) else {
            continue;
        };
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let text = std::fs::read_to_string(&path).map_err(io_error(&path))?;
        let mut include = |included: &str| {
            std::fs::read_to_string(dir.join(included))
                .map_err(|e| format!("cannot read {included}: {e}"))
        };
        let game = dagaz_engine::Game::load_with(&text, &mut include).map_err(|e| {
            let before = text.get(..e.span().start).unwrap_or_default();
            XtaskError::Game {
                file: path.display().to_string(),
                line: before.matches('\n').count() + 1,
                message: e.to_string(),
            }
        })?;
        games.push(GameEntry {
            file: file.to_string(),
            name: name.to_string(),
            title: game.name().to_string(),
        });
    }
    games.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(games)
}

/// `games/index.json`: `[{"file":"chess.game","name":"chess","title":"Chess"}, ...]`.
pub(crate) fn index_json(games: &[GameEntry]) -> String {
    let list: Vec<_> = games
        .iter()
        .map(|g| serde_json::json!({"file": g.file, "name": g.name, "title": g.title}))
        .collect();
    let mut text = serde_json::Value::Array(list).to_string();
    text.push('\n');
    text
}

/// The length of `bytes` compressed with gzip at its best level.
fn gzip_len(bytes: &[u8]) -> std::io::Result<usize> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes)?;
    Ok(encoder.finish()?.len())
}

/// `1234567` as `1,234,567`.
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn io_error(path: &Path) -> impl Fn(std::io::Error) -> XtaskError + '_ {
    move |source| XtaskError::Io {
        path: path.display().to_string(),
        source,
    }
}

fn create_dir(dir: &Path) -> Result<(), XtaskError> {
    std::fs::create_dir_all(dir).map_err(io_error(dir))
}

/// Removes `dir` and what it holds, if it is there: the parts of the page this task writes
/// whole (`pkg/`, `games/`), so that nothing stale stays behind.
fn remove_dir(dir: &Path) -> Result<(), XtaskError> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_error(dir)(e)),
        _ => Ok(()),
    }
}

fn copy(from: &Path, to: &Path) -> Result<(), XtaskError> {
    std::fs::copy(from, to).map(|_| ()).map_err(io_error(from))
}

fn write(path: &Path, text: &str) -> Result<(), XtaskError> {
    std::fs::write(path, text).map_err(io_error(path))
}

/// Copies the files of `from` into `to`, subdirectories included.
fn copy_dir(from: &Path, to: &Path) -> Result<(), XtaskError> {
    if !from.is_dir() {
        return Err(XtaskError::Missing(format!(
            "{} is missing: the page's files live there",
            from.display()
        )));
    }
    create_dir(to)?;
    for entry in std::fs::read_dir(from).map_err(io_error(from))? {
        let path = entry.map_err(io_error(from))?.path();
        let Some(name) = path.file_name() else {
            continue;
        };
        if path.is_dir() {
            copy_dir(&path, &to.join(name))?;
        } else {
            copy(&path, &to.join(name))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wasm_bindgen_is_kept_outside_the_work_tree_by_version() {
        let root = Path::new("/repo");
        let dir = |xdg: Option<&str>, home: Option<&str>| {
            super::tools_dir_in(xdg.map(Into::into), home.map(Into::into), root, "0.2.130")
        };
        assert_eq!(
            dir(Some("/c"), Some("/h")),
            PathBuf::from("/c/dagaz/wasm-bindgen-0.2.130")
        );
        assert_eq!(
            dir(Some(""), Some("/h")),
            PathBuf::from("/h/.cache/dagaz/wasm-bindgen-0.2.130")
        );
        assert_eq!(dir(None, None), PathBuf::from("/repo/target/tools"));
    }

    #[test]
    fn the_lockfile_names_each_version_once() {
        let lock = "version = 4\n\n[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n\
                    source = \"registry+https://github.com/rust-lang/crates.io-index\"\n\n\
                    [[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.130\"\n";
        assert_eq!(lock_versions(lock, "wasm-bindgen"), ["0.2.130"]);
        assert!(lock_versions(lock, "js-sys").is_empty());
        let two = format!("{lock}\n[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.99\"\n");
        assert_eq!(lock_versions(&two, "wasm-bindgen"), ["0.2.130", "0.2.99"]);
    }

    #[test]
    fn every_shipped_game_is_in_the_index_with_its_title() {
        let games = workspace().unwrap().join("games");
        let index = games_index(&games).unwrap();
        let files = std::fs::read_dir(&games)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "game")
            })
            .count();
        assert_eq!(index.len(), files);
        let names: Vec<_> = index.iter().map(|g| g.name.clone()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
        let chess = index.iter().find(|g| g.name == "chess").unwrap();
        assert_eq!(chess.file, "chess.game");
        // Russian draughts includes another file: the include was read from games/; chess
        // includes the library, games/lib/, whose fragments are no games of the index.
        assert!(index.iter().any(|g| g.name == "russian"));
        assert!(index.iter().all(|g| !g.file.contains('/')));
        assert!(games.join(LIBRARY).join("moves.game").is_file());
        let json: serde_json::Value = serde_json::from_str(&index_json(&index)).unwrap();
        assert_eq!(json[0]["file"], format!("{}.game", names[0]));
        assert_eq!(
            json.as_array().unwrap().len(),
            files,
            "one entry per game file"
        );
    }

    #[test]
    fn a_game_that_does_not_load_is_an_error_with_its_line() {
        let dir = std::env::temp_dir().join(format!("dagaz-xtask-bad-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("bad.game"),
            "; a comment\n(game (name x) (board nowhere))\n",
        )
        .unwrap();
        let e = games_index(&dir).unwrap_err().to_string();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(e.contains("bad.game:2: "), "{e}");
        assert!(e.ends_with("(every shipped game must load)"), "{e}");
    }

    #[test]
    fn sizes_are_written_with_thousands_separators() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn gzip_makes_repetition_small() {
        let n = gzip_len(&[0u8; 100_000]).unwrap();
        assert!(n < 1_000, "{n}");
    }
}
