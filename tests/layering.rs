//! The layering rules of docs/architecture.md, checked on the source itself:
//!
//! - the crates stand in one order, and each depends only on crates below it (Cargo refuses a
//!   cycle between crates, but not an arrow that skips upwards past the intended order);
//! - no two modules of a crate use each other, directly or round a circle (`crate::a` in `b`
//!   and `crate::b` in `a`): a module that needs a sibling's type, and a sibling that needs it
//!   back, are one concept split in two, or a third module waiting to be named.
//!
//! Test code (from a file's first `#[cfg(test)]` on) is left out: tests may look anywhere.

use crate::repo_path;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The crates, lowest first. A crate may depend only on crates before it.
const LAYERS: &[&str] = &[
    "dagaz-sexpr",
    "dagaz-syntax",
    "dagaz-zrf",
    "dagaz-ir",
    "dagaz-vm",
    "dagaz-compiler",
    "dagaz-codegen",
    "dagaz-native",
    "dagaz-engine",
    "dagaz-search",
    "dagaz-tune",
    "dagaz-cli",
    "dagaz-web",
];

/// The programs on top, side by side: the `dagaz` command and the web page's wasm module.
/// Neither depends on the other, though the order of [`LAYERS`] would let the later one.
const PROGRAMS: &[&str] = &["dagaz-cli", "dagaz-web"];

fn crate_dirs() -> Vec<(String, std::path::PathBuf)> {
    let mut dirs: Vec<_> = std::fs::read_dir(repo_path("crates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("Cargo.toml").is_file())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    dirs.sort();
    dirs
}

/// The `dagaz-*` crates a manifest names in any dependency table: `[dependencies]`,
/// `[build-dependencies]` (dagaz-native's build script runs the compiler, so the compiler
/// stands below it), `[dev-dependencies]` and their `[target.….dependencies]` forms. A test
/// or a build script that reaches upwards is as much a back-arrow as the library itself.
fn dagaz_dependencies(manifest: &str) -> Vec<String> {
    let mut section = "";
    let mut deps = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
            continue;
        }
        if section.ends_with("dependencies]") && line.starts_with("dagaz-") {
            let name = line.split(['.', ' ', '=']).next().unwrap_or("");
            deps.push(name.to_string());
        }
    }
    deps
}

#[test]
fn every_crate_depends_only_on_the_layers_below_it() {
    for (name, dir) in crate_dirs() {
        let Some(layer) = LAYERS.iter().position(|l| *l == name) else {
            panic!(
                "crate {name} has no place in LAYERS (tests/layering.rs and docs/architecture.md)"
            );
        };
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
        for dep in dagaz_dependencies(&manifest) {
            let below = LAYERS.iter().position(|l| *l == dep);
            assert!(
                below.is_some_and(|b| b < layer),
                "{name} depends on {dep}, which is not below it in LAYERS"
            );
            assert!(
                !(PROGRAMS.contains(&name.as_str()) && PROGRAMS.contains(&dep.as_str())),
                "{name} depends on {dep}: the programs stand side by side (PROGRAMS)"
            );
        }
    }
}

/// Module paths (`a/b`, the crate root as ``) of every `.rs` file under `src`.
fn modules(src: &Path) -> BTreeMap<String, std::path::PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            out.insert(parts.join("/"), path);
        }
    }
    out
}

/// The code of a file without its tests and line comments.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths that follow each occurrence of `prefix` (`crate::a::b::C` gives `a::b::C`).
fn paths_after<'t>(code: &'t str, prefix: &str) -> Vec<Vec<&'t str>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        rest = &rest[at + prefix.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        out.push(rest[..end].split("::").filter(|s| !s.is_empty()).collect());
    }
    out
}

/// The longest known module that `segments` (below `base`) names, other than the root.
fn resolve(
    known: &BTreeMap<String, std::path::PathBuf>,
    base: &[&str],
    segments: &[&str],
) -> Option<String> {
    let mut best = None;
    let mut path: Vec<&str> = base.to_vec();
    for s in segments {
        path.push(s);
        let key = path.join("/");
        if known.contains_key(&key) {
            best = Some(key);
        }
    }
    best
}

/// For each module, the other modules of its crate it names.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let known = modules(src);
    let mut out = BTreeMap::new();
    for (module, path) in &known {
        let code = code(&std::fs::read_to_string(path).unwrap());
        let me: Vec<&str> = module.split('/').filter(|s| !s.is_empty()).collect();
        let parent = &me[..me.len().saturating_sub(1)];
        let mut to = BTreeSet::new();
        for segments in paths_after(&code, "crate::") {
            to.extend(resolve(&known, &[], &segments));
        }
        for segments in paths_after(&code, "super::") {
            to.extend(resolve(&known, parent, &segments));
        }
        for segments in paths_after(&code, "self::") {
            to.extend(resolve(&known, &me, &segments));
        }
        // A child module named by itself (`probe::Prober` after `mod probe;`).
        for line in code.lines() {
            let line = line.trim();
            let name = line
                .strip_prefix("pub(crate) mod ")
                .or_else(|| line.strip_prefix("pub mod "))
                .or_else(|| line.strip_prefix("mod "))
                .and_then(|l| l.strip_suffix(';'));
            if let Some(name) = name {
                if code.contains(&format!("{name}::")) {
                    to.extend(resolve(&known, &me, &[name]));
                }
            }
        }
        to.remove(module);
        to.remove("");
        out.insert(module.clone(), to);
    }
    out
}

/// The strongly connected components of more than one module (Tarjan's algorithm).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        out: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let lw = self.low[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(lw);
                } else if self.on_stack.contains(w) {
                    let iw = self.index[w];
                    let lv = self.low.get_mut(v).unwrap();
                    *lv = (*lv).min(iw);
                }
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    component.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.out.push(component);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn no_module_uses_itself_round_a_circle() {
    let mut found = Vec::new();
    for (name, dir) in crate_dirs() {
        for circle in circles(&edges(&dir.join("src"))) {
            found.push(format!("{name}: {}", circle.join(" ↔ ")));
        }
    }
    assert!(found.is_empty(), "module cycles:\n{}", found.join("\n"));
}

#[test]
fn the_circle_finder_finds_circles() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(circles(&graph), vec![vec!["a", "b", "c"]]);
    assert_eq!(
        paths_after("use crate::model::Game; x_crate::no", "crate::"),
        vec![vec!["model", "Game"]]
    );
}
