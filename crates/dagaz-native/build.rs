//! Compiles every game in the repository's `games/` folder and writes its chains as Rust
//! (`dagaz-codegen`) into `$OUT_DIR/chains.rs`, which `src/lib.rs` includes.
//!
//! A game that does not compile is left out (its programs run in the interpreter), with a
//! warning: the engine's own tests report its errors.

use std::path::{Path, PathBuf};

fn main() {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
    println!("cargo:rerun-if-changed={}", games.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&games)
        .map(|dir| {
            dir.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "game"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    let mut compiled = Vec::new();
    let only = std::env::var("DAGAZ_NATIVE_ONLY").ok();
    println!("cargo:rerun-if-env-changed=DAGAZ_NATIVE_ONLY");
    for file in &files {
        if only
            .as_deref()
            .is_some_and(|o| !file_name(file).starts_with(o))
        {
            continue;
        }
        println!("cargo:rerun-if-changed={}", file.display());
        match rules_of(&games, file) {
            Ok(rules) => compiled.push((file_name(file), rules)),
            Err(why) => println!(
                "cargo:warning={}: left to the interpreter: {why}",
                file.display()
            ),
        }
    }
    let programs = compiled.iter().flat_map(|(name, rules)| {
        rules.pieces.iter().flat_map(move |ty| {
            std::iter::once((format!("{name}: {}", ty.name), &ty.program)).chain(
                ty.drops
                    .iter()
                    .map(move |d| (format!("{name}: {} (drops)", ty.name), d)),
            )
        })
    });
    let source = match dagaz_codegen::library_source(programs) {
        Ok(source) => source,
        Err(e) => {
            println!("cargo:warning=no chain compiled: {e}");
            dagaz_codegen::library_source(std::iter::empty()).unwrap_or_default()
        }
    };
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("chains.rs");
    if let Err(e) = std::fs::write(&out, source) {
        println!("cargo:warning=cannot write {}: {e}", out.display());
        std::process::exit(1);
    }
}

fn file_name(file: &Path) -> String {
    file.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The compiled rules of one game file, its `include`s read from `games`.
fn rules_of(games: &Path, file: &Path) -> Result<dagaz_compiler::Rules, String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let forms = dagaz_sexpr::read(&text).map_err(|e| e.kind.to_string())?;
    let (forms, errors) = dagaz_syntax::resolve_includes(&forms, &mut |name| {
        let path = games.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
        dagaz_sexpr::read(&text).map_err(|e| e.kind.to_string())
    });
    if let Some(e) = errors.first() {
        return Err(e.to_string());
    }
    dagaz_compiler::compile(&forms).map_err(|e| e.to_string())
}
