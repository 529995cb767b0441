//! The layering of the source: no source file depends on itself through
//! others. The rules core, the engine, the protocols and the command line
//! each import downwards; a file that needs something of a file that needs
//! it back says the two belong in one file or the shared part in a third.
//!
//! A file "uses" another when a path in its code (not its comments or its
//! `#[cfg(test)]` module) names an item of the other: `crate::a::b::Item`,
//! `super::b::Item` and, in a `mod.rs`, `child::Item`. A path through a
//! module's `pub use` re-export leads to the file that defines the item;
//! the re-export itself is the module's public face, not a use.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path from the crate root (`["engine", "search"]`).
type ModPath = Vec<String>;

/// One source file: its module path, whether it holds a module's children
/// (`mod.rs`, `lib.rs`, `main.rs`) and its code without tests or comments.
struct SourceFile {
    module: ModPath,
    is_parent: bool,
    code: String,
}

fn source_files(dir: &Path, files: &mut Vec<SourceFile>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .expect("src is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for path in entries {
        if path.is_dir() {
            source_files(&path, files);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(&src).expect("under src");
        let mut module: ModPath = relative
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let stem = module.last().cloned().unwrap_or_default();
        let is_parent = matches!(stem.as_str(), "mod" | "lib" | "main");
        if is_parent {
            module.pop();
        }
        let text = fs::read_to_string(&path).expect("a readable source file");
        let before_tests = text.split("#[cfg(test)]").next().unwrap_or("");
        let code = before_tests
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        files.push(SourceFile {
            module,
            is_parent,
            code,
        });
    }
}

/// The tokens that paths are made of: identifiers, `::`, braces, commas
/// and `;`; everything else is one `?` token (string literals included,
/// so that a path inside a string is not read).
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push("::".into());
            i += 2;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push("?".into());
        } else if "{},;".contains(c) {
            out.push(c.to_string());
            i += 1;
        } else {
            if !c.is_whitespace() {
                out.push("?".into());
            }
            i += 1;
        }
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// Reads the path starting at `tokens[*i]` (an identifier followed by
/// `::`), with `{...}` groups expanded, into `paths`.
fn read_path(tokens: &[String], i: &mut usize, prefix: &[String], paths: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        if *i < tokens.len() && is_ident(&tokens[*i]) {
            path.push(tokens[*i].clone());
            *i += 1;
        }
        if *i + 1 < tokens.len() && tokens[*i] == "::" && tokens[*i + 1] == "{" {
            *i += 2;
            while *i < tokens.len() && tokens[*i] != "}" {
                if tokens[*i] == "," {
                    *i += 1;
                    continue;
                }
                let before = *i;
                read_path(tokens, i, &path, paths);
                if *i == before {
                    *i += 1;
                }
            }
            *i += 1;
            return;
        }
        if *i < tokens.len() && tokens[*i] == "::" {
            *i += 1;
            continue;
        }
        break;
    }
    paths.push(path);
}

/// The paths (of at least two parts) in `code`, and whether each is in a
/// `pub use` statement.
fn paths(code: &str) -> Vec<(Vec<String>, bool)> {
    let tokens = tokens(code);
    let mut out = Vec::new();
    let mut i = 0;
    let mut in_pub_use = false;
    while i < tokens.len() {
        let t = &tokens[i];
        if t == ";" {
            in_pub_use = false;
        }
        if t == "pub" && tokens.get(i + 1).is_some_and(|n| n == "use") {
            in_pub_use = true;
        }
        let starts_path = is_ident(t)
            && tokens.get(i + 1).is_some_and(|n| n == "::")
            && (i == 0 || tokens[i - 1] != "::");
        if starts_path {
            let mut found = Vec::new();
            read_path(&tokens, &mut i, &[], &mut found);
            out.extend(
                found
                    .into_iter()
                    .filter(|p| p.len() >= 2)
                    .map(|p| (p, in_pub_use)),
            );
        } else {
            i += 1;
        }
    }
    out
}

/// Every file's uses of other files, by module path.
fn dependency_graph() -> BTreeMap<ModPath, BTreeSet<ModPath>> {
    let mut files = Vec::new();
    source_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let modules: BTreeSet<ModPath> = files.iter().map(|f| f.module.clone()).collect();
    // `pub use child::Item` in a parent: Item is defined in child.
    let mut reexports: BTreeMap<(ModPath, String), ModPath> = BTreeMap::new();
    for file in files.iter().filter(|f| f.is_parent) {
        for (path, is_pub_use) in paths(&file.code) {
            let child = path[0].as_str();
            let child = if child == "self" {
                path[1].as_str()
            } else {
                child
            };
            let mut module = file.module.clone();
            module.push(child.to_string());
            if is_pub_use && modules.contains(&module) {
                let item = path.last().expect("a path").clone();
                reexports.insert((file.module.clone(), item), module);
            }
        }
    }
    let resolve = |full: &[String]| -> Option<ModPath> {
        (0..=full.len()).rev().find_map(|k| {
            let module = full[..k].to_vec();
            if !modules.contains(&module) {
                return None;
            }
            let through = full
                .get(k)
                .and_then(|item| reexports.get(&(module.clone(), item.clone())));
            Some(through.cloned().unwrap_or(module))
        })
    };
    let mut graph = BTreeMap::new();
    for file in &files {
        let mut uses = BTreeSet::new();
        for (path, is_pub_use) in paths(&file.code) {
            let mut base = file.module.clone();
            let mut rest = &path[..];
            match rest[0].as_str() {
                "crate" => {
                    base.clear();
                    rest = &rest[1..];
                }
                "super" => {
                    while rest.first().is_some_and(|p| p == "super") {
                        base.pop();
                        rest = &rest[1..];
                    }
                }
                "self" => rest = &rest[1..],
                first => {
                    // A child module named from its parent's file.
                    let mut child = base.clone();
                    child.push(first.to_string());
                    if !(file.is_parent && modules.contains(&child)) || is_pub_use {
                        continue;
                    }
                }
            }
            let mut full = base;
            full.extend(rest.iter().cloned());
            if let Some(target) = resolve(&full)
                && target != file.module
                && !target.is_empty()
            {
                uses.insert(target);
            }
        }
        graph.insert(file.module.clone(), uses);
    }
    graph
}

/// A cycle through `start`, if any: the files in order.
fn cycle_from(
    graph: &BTreeMap<ModPath, BTreeSet<ModPath>>,
    start: &ModPath,
) -> Option<Vec<ModPath>> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![(start.clone(), vec![start.clone()])];
    while let Some((at, trail)) = stack.pop() {
        for next in graph.get(&at).into_iter().flatten() {
            if next == start {
                return Some(trail);
            }
            if seen.insert(next.clone()) {
                let mut longer = trail.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

fn name(module: &ModPath) -> String {
    if module.is_empty() {
        "lib".into()
    } else {
        module.join("/")
    }
}

#[test]
fn no_source_file_depends_on_itself_through_others() {
    let graph = dependency_graph();
    assert!(graph.len() > 50, "the source files were not found");
    let cycles: Vec<String> = graph
        .keys()
        .filter_map(|m| cycle_from(&graph, m))
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(name).collect();
            names.push(names[0].clone());
            names.join(" -> ")
        })
        .collect();
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_protocols_know_the_engine_not_each_other() {
    let graph = dependency_graph();
    let module = |s: &str| s.split('/').map(String::from).collect::<ModPath>();
    let uci = &graph[&module("protocol/uci")];
    let xboard = &graph[&module("protocol/xboard")];
    assert!(uci.contains(&module("engine/runner")), "{uci:?}");
    assert!(xboard.contains(&module("engine/runner")), "{xboard:?}");
    assert!(!uci.contains(&module("protocol/xboard")));
    assert!(!xboard.contains(&module("protocol/uci")));
}

#[test]
fn the_reader_finds_a_cycle_when_there_is_one() {
    let a = vec!["a".to_string()];
    let b = vec!["b".to_string()];
    let graph = BTreeMap::from([
        (a.clone(), BTreeSet::from([b.clone()])),
        (b.clone(), BTreeSet::from([a.clone()])),
    ]);
    assert_eq!(cycle_from(&graph, &a), Some(vec![a, b]));
    assert_eq!(
        paths("use crate::x::{y::Z, w};"),
        vec![
            (
                vec!["crate".into(), "x".into(), "y".into(), "Z".into()],
                false
            ),
            (vec!["crate".into(), "x".into(), "w".into()], false),
        ]
    );
}
