//! Writes `$OUT_DIR/sources.rs`, which `src/games.rs` includes: every shipped game of the
//! repository's `games/` folder and of `games/lib/`, its text compiled in with `include_str!`
//! (`SOURCES`), and the catalogue `games/README.md` (`CATALOGUE`). So `dagaz play chess`
//! opens the game wherever the program runs, from the texts `dagaz-native`'s chains were
//! compiled from.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
    let mut out =
        String::from("/// Every shipped game file by its name under `games/`, with its text.\n");
    out.push_str("pub(crate) static SOURCES: &[(&str, &str)] = &[\n");
    for (prefix, dir) in [("", games.clone()), ("lib/", games.join("lib"))] {
        println!("cargo:rerun-if-changed={}", dir.display());
        for file in game_files(&dir) {
            println!("cargo:rerun-if-changed={}", file.display());
            let name = file.file_name().map(|n| n.to_string_lossy().into_owned());
            let name = format!("{prefix}{}", name.unwrap_or_default());
            let _ = writeln!(
                out,
                "    ({name:?}, include_str!({:?})),",
                file.display().to_string()
            );
        }
    }
    out.push_str("];\n");
    let readme = games.join("README.md");
    println!("cargo:rerun-if-changed={}", readme.display());
    out.push_str("/// `games/README.md`: the catalogue of the shipped games, by family.\n");
    let _ = writeln!(
        out,
        "pub(crate) static CATALOGUE: &str = include_str!({:?});",
        readme.display().to_string()
    );
    let target = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("sources.rs");
    if let Err(e) = std::fs::write(&target, out) {
        println!("cargo:warning=cannot write {}: {e}", target.display());
        std::process::exit(1);
    }
}

/// The `.game` files of `dir`, sorted.
fn game_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "game"));
    files.sort();
    files
}
