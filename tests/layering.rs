//! The layers point one way: the rules know nothing of the network, storage or runtime.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

/// What `src/engine` and `src/games` must never mention.
const FORBIDDEN_IN_RULES: &[&str] =
    &["tonic", "prost", "tokio", "sqlx", "rusqlite", "postgres", "crate::proto", "crate::service", "crate::store"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn check(layer: &str, forbidden: &[&str]) {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(layer), &mut files);
    assert!(!files.is_empty(), "no sources under src/{layer}");
    for file in files {
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for word in forbidden {
                assert!(!code.contains(word), "{}:{}: src/{layer} must not use `{word}`", file.display(), number + 1);
            }
        }
    }
}

#[test]
fn the_engine_is_pure_rules() {
    check("engine", &[FORBIDDEN_IN_RULES, &["crate::games"]].concat());
}

#[test]
fn games_know_nothing_of_the_network_or_storage() {
    check("games", FORBIDDEN_IN_RULES);
}

#[test]
fn storage_knows_nothing_of_the_network() {
    check("store", &["tonic", "crate::proto", "crate::service"]);
}

#[test]
fn the_play_layer_knows_nothing_of_the_wire() {
    check("play", &["tonic", "prost", "crate::proto", "crate::service"]);
}

#[test]
fn the_service_reaches_storage_only_through_the_play_layer() {
    check("service", &["crate::store", ".store()"]);
}

/// A module of the crate: its path from the crate root, and the file it lives in.
struct Module {
    path: Vec<String>,
    file: PathBuf,
}

/// Every module file under `src/` with its module path; `src/cli` belongs to the binary,
/// rooted at `src/main.rs`, the rest to the library at `src/lib.rs`.
fn modules(src: &Path) -> Vec<Module> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(src).ok()?.with_extension("");
            let mut path: Vec<String> = relative.iter().map(|part| part.to_string_lossy().into_owned()).collect();
            if path.last().is_some_and(|last| last == "mod") {
                path.pop();
            }
            if path == ["lib"] || path == ["main"] {
                path.clear();
            }
            Some(Module { path, file })
        })
        .collect()
}

/// The crate a module path belongs to: the binary's modules start with `cli`.
fn crate_of(path: &[String]) -> &'static str {
    if path.first().is_some_and(|first| first == "cli") { "bin" } else { "lib" }
}

/// The `use` trees of `text` (comments dropped), each expanded into its full paths.
fn used_paths(text: &str) -> Vec<String> {
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or(""))
        .filter(|line| !line.trim_start().starts_with("#"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(start) = find_use(rest) {
        let after = &rest[start..];
        let end = after.find(';').unwrap_or(after.len());
        let tree = after[..end].trim();
        // A use tree holds paths, braces, commas, `as` and `*`; anything else was prose.
        let fine = |c: char| c.is_alphanumeric() || "_:{},* \n\t".contains(c);
        if tree.chars().all(fine) {
            expand("", tree, &mut paths);
        }
        rest = &after[end..];
    }
    // Paths written in place (`crate::play::Hub::new`, `super::saved::save(...)`).
    for head in ["crate::", "super::"] {
        for (at, _) in code.match_indices(head) {
            if code[..at].chars().last().is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let word = &code[at..];
            let end = word.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(word.len());
            paths.push(word[..end].trim_end_matches(':').to_owned());
        }
    }
    paths
}

/// Where the next `use` statement's tree starts in `text`.
fn find_use(text: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text[from..].find("use ") {
        let at = from + found;
        let before = text[..at].chars().last();
        if before.is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}') {
            return Some(at + 4);
        }
        from = at + 4;
    }
    None
}

/// The full paths of the use tree `tree` under `prefix`.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    let join = |head: &str| if prefix.is_empty() { head.to_owned() } else { format!("{prefix}::{head}") };
    match tree.find('{') {
        Some(open) => {
            let head = tree[..open].trim().trim_end_matches("::");
            let close = tree.rfind('}').filter(|close| *close > open).unwrap_or(tree.len());
            let inner = &tree[open + 1..close];
            let mut depth = 0;
            let mut start = 0;
            for (index, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        expand(&join(head), &inner[start..index], out);
                        start = index + 1;
                    }
                    _ => {}
                }
            }
            expand(&join(head), &inner[start..], out);
        }
        None => out.push(join(tree.split(" as ").next().unwrap_or(tree).trim())),
    }
}

/// The module a path written in module `from` names: as deep as module files go.
fn resolve(from: &[String], written: &str, known: &HashMap<(String, Vec<String>), usize>) -> Option<usize> {
    let krate = crate_of(from);
    let mut parts = written.split("::").filter(|part| !part.is_empty());
    let mut path: Vec<String> = match parts.next()? {
        "crate" => Vec::new(),
        "super" => from[..from.len().checked_sub(1)?].to_vec(),
        "self" => from.to_vec(),
        _ => return None,
    };
    let mut found = known.get(&(krate.to_owned(), path.clone())).copied();
    for part in parts {
        if part == "super" {
            path.pop();
            found = known.get(&(krate.to_owned(), path.clone())).copied();
            continue;
        }
        path.push(part.to_owned());
        match known.get(&(crate_of(&path).to_owned(), path.clone())) {
            Some(index) if crate_of(&path) == krate || path.len() > 1 => found = Some(*index),
            _ => break,
        }
    }
    found
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    let known: HashMap<(String, Vec<String>), usize> = modules
        .iter()
        .enumerate()
        .map(|(index, module)| ((crate_of(&module.path).to_owned(), module.path.clone()), index))
        .collect();
    // An edge from each module to each module it names, but none to its own ancestors'
    // re-exports of itself nor from a module to its own descendants (declaring and
    // re-exporting children is the tree, not a dependency).
    let mut edges: Vec<HashSet<usize>> = vec![HashSet::new(); modules.len()];
    for (index, module) in modules.iter().enumerate() {
        let text = fs::read_to_string(&module.file).unwrap();
        for written in used_paths(&text) {
            let Some(target) = resolve(&module.path, &written, &known) else { continue };
            let target_path = &modules[target].path;
            let descendant = target_path.starts_with(&module.path);
            let ancestor = module.path.starts_with(target_path);
            if target != index && !descendant && !ancestor {
                edges[index].insert(target);
            }
        }
    }
    // Modules that reach each other are one strongly connected component (Tarjan's).
    struct Tarjan<'a> {
        edges: &'a [HashSet<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        components: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, node: usize) {
            self.index[node] = Some(self.next);
            self.low[node] = self.next;
            self.next += 1;
            self.stack.push(node);
            self.on_stack[node] = true;
            for &target in self.edges[node].iter() {
                match self.index[target] {
                    None => {
                        self.visit(target);
                        self.low[node] = self.low[node].min(self.low[target]);
                    }
                    Some(seen) if self.on_stack[target] => self.low[node] = self.low[node].min(seen),
                    Some(_) => {}
                }
            }
            if Some(self.low[node]) == self.index[node] {
                let mut component = Vec::new();
                while let Some(member) = self.stack.pop() {
                    self.on_stack[member] = false;
                    component.push(member);
                    if member == node {
                        break;
                    }
                }
                self.components.push(component);
            }
        }
    }
    let count = modules.len();
    let mut tarjan = Tarjan {
        edges: &edges,
        index: vec![None; count],
        low: vec![0; count],
        on_stack: vec![false; count],
        stack: Vec::new(),
        next: 0,
        components: Vec::new(),
    };
    for node in 0..count {
        if tarjan.index[node].is_none() {
            tarjan.visit(node);
        }
    }
    let cycles: Vec<String> = tarjan
        .components
        .iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let mut names: Vec<String> =
                component.iter().map(|n| modules[*n].file.strip_prefix(&src).unwrap().display().to_string()).collect();
            names.sort();
            names.join(", ")
        })
        .collect();
    assert!(cycles.is_empty(), "modules that import each other, one group a line:\n{}", cycles.join("\n"));
    assert!(modules.len() > 100, "the walk found the modules ({})", modules.len());
}
