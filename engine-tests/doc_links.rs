//! The documentation's links: in `README.md` and every `*.md` under
//! `docs/` and `src/`, each relative Markdown link (`[text](target)`, an
//! image's `![alt](target)`, a reference definition `[name]: target`) must
//! name a file or folder that exists, relative to the file holding it (or
//! to the repository's root when it starts with `/`). Web and mail links
//! and links to an anchor of the same file are not checked; an `#anchor`
//! after a path is dropped. Code blocks and code spans hold no links.

use crate::support::scratch::Scratch;
use std::fs;
use std::path::{Component, Path, PathBuf};

/// A link found in a Markdown text.
#[derive(Debug, PartialEq, Eq)]
struct Link {
    /// The line it starts on, from 1.
    line: usize,
    /// The link as written, `[text](target)`, on one line, for messages.
    written: String,
    /// The target.
    target: String,
}

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `README.md` and the `*.md` files under `docs/` and `src/`, sorted.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = vec![root().join("README.md")];
    walk(&root().join("docs"), &mut files);
    walk(&root().join("src"), &mut files);
    files.sort();
    files
}

/// `text` with its code blocks (fenced by ``` or ~~~) and code spans
/// blanked out, newlines kept so that line numbers stay right.
fn without_code(text: &str) -> Vec<char> {
    let mut out: Vec<char> = Vec::with_capacity(text.len());
    let mut fence: Option<String> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let marker: String = trimmed
            .chars()
            .take_while(|&c| c == '`' || c == '~')
            .collect();
        let opens = indent <= 3
            && marker.len() >= 3
            && marker
                .chars()
                .all(|c| c == marker.chars().next().unwrap_or(' '));
        let blank = |out: &mut Vec<char>| {
            out.extend(line.chars().map(|c| if c == '\n' { c } else { ' ' }));
        };
        match &fence {
            Some(open) => {
                if opens && marker.starts_with(open.as_str()) {
                    fence = None;
                }
                blank(&mut out);
            }
            None if opens => {
                fence = Some(marker);
                blank(&mut out);
            }
            None => out.extend(line.chars()),
        }
    }
    // Code spans: a run of backticks up to the next run of the same length.
    let mut i = 0;
    while i < out.len() {
        if out[i] != '`' {
            i += 1;
            continue;
        }
        let run = out[i..].iter().take_while(|&&c| c == '`').count();
        let mut j = i + run;
        let mut close = None;
        while j < out.len() {
            if out[j] == '`' {
                let other = out[j..].iter().take_while(|&&c| c == '`').count();
                if other == run {
                    close = Some(j + other);
                    break;
                }
                j += other;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                for c in &mut out[i..end] {
                    if *c != '\n' {
                        *c = ' ';
                    }
                }
                i = end;
            }
            None => i += run,
        }
    }
    out
}

/// The index just past the bracket or parenthesis that closes the one at
/// `start`, if any (nested pairs allowed, backslash escapes skipped).
fn closing(chars: &[char], start: usize, open: char, close: char) -> Option<usize> {
    let mut depth = 0;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 1,
            c if c == open => depth += 1,
            c if c == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The links of a Markdown text.
fn links(text: &str) -> Vec<Link> {
    let chars = without_code(text);
    let line_of = |i: usize| chars[..i].iter().filter(|&&c| c == '\n').count() + 1;
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\\' {
            i += 2;
            continue;
        }
        if chars[i] != '[' {
            i += 1;
            continue;
        }
        let Some(text_end) = closing(&chars, i, '[', ']') else {
            i += 1;
            continue;
        };
        let at_line_start = chars[..i]
            .iter()
            .rev()
            .take_while(|&&c| c != '\n')
            .all(|c| c.is_whitespace());
        let target = if chars.get(text_end) == Some(&'(') {
            closing(&chars, text_end, '(', ')').map(|end| {
                let inside: String = chars[text_end + 1..end - 1].iter().collect();
                let inside = inside.trim();
                let target = match inside.strip_prefix('<') {
                    Some(rest) => rest.split('>').next().unwrap_or(""),
                    None => inside.split_whitespace().next().unwrap_or(""),
                };
                (end, target.to_string())
            })
        } else if at_line_start && chars.get(text_end) == Some(&':') && chars[i + 1] != '^' {
            // A reference definition: `[name]: target`.
            let rest: String = chars[text_end + 1..]
                .iter()
                .take_while(|&&c| c != '\n')
                .collect();
            let target = rest.split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            Some((text_end + 1 + rest.chars().count(), target.to_string()))
        } else {
            None
        };
        if let Some((end, target)) = target {
            let start = if i > 0 && chars[i - 1] == '!' {
                i - 1
            } else {
                i
            };
            let written: String = chars[start..end].iter().collect();
            found.push(Link {
                line: line_of(i),
                written: written.split_whitespace().collect::<Vec<_>>().join(" "),
                target,
            });
        }
        // Link text may hold a link (an image in a link): the search goes
        // on inside it.
        i += 1;
    }
    found
}

/// The path a relative link names, without its `#anchor`; `None` for web
/// and mail links and links to an anchor of the same file.
fn relative_path(target: &str) -> Option<String> {
    let lower = target.to_ascii_lowercase();
    if target.is_empty()
        || target.starts_with('#')
        || lower.starts_with("http:")
        || lower.starts_with("https:")
        || lower.starts_with("mailto:")
        || lower.contains("://")
    {
        return None;
    }
    let path = target.split('#').next().unwrap_or("");
    let path = path.split('?').next().unwrap_or("").replace("%20", " ");
    (!path.is_empty()).then_some(path)
}

/// `path` with its `.` and `..` steps taken, without asking the file
/// system (the path need not exist).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The links of `file` (a Markdown file under `root`) that name nothing,
/// one line each: where, the link, and the path it should name.
fn broken_links(root: &Path, file: &Path) -> Vec<String> {
    let text =
        fs::read_to_string(file).unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    let shown = file
        .strip_prefix(root)
        .unwrap_or(file)
        .display()
        .to_string();
    let dir = file.parent().expect("a file has a folder");
    links(&text)
        .into_iter()
        .filter_map(|link| {
            let path = relative_path(&link.target)?;
            let resolved = match path.strip_prefix('/') {
                Some(from_root) => root.join(from_root),
                None => dir.join(&path),
            };
            (!resolved.exists()).then(|| {
                let resolved = lexical(&resolved);
                format!(
                    "{shown}:{}: {} names no file or folder ({})",
                    link.line,
                    link.written,
                    resolved.strip_prefix(root).unwrap_or(&resolved).display()
                )
            })
        })
        .collect()
}

#[test]
fn every_relative_link_names_a_file_or_folder() {
    let files = markdown_files();
    assert!(files.len() > 1, "no Markdown files found: {files:?}");
    let broken: Vec<String> = files
        .iter()
        .flat_map(|file| broken_links(root(), file))
        .collect();
    assert!(
        broken.is_empty(),
        "{} broken link(s) in the documentation:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

/// The link reader finds what a reader of the rendered page would click,
/// and a link to nothing is reported with its file, line and target.
#[test]
fn the_link_reader_finds_links_and_reports_broken_ones() {
    let text = "# Title\n\
        See [the rules](rules.md#castling) and\n\
        ![a picture](pictures/board.png \"title\"), [a\n\
        wrapped link](missing.md), [web](https://example.com), [anchor](#title),\n\
        [mail](mailto:someone@example.com).\n\
        `[not a link](nowhere.md)` and\n\
        ```\n\
        [not a link](nowhere.md)\n\
        ```\n\
        [![badge](pictures/missing.png)](/rules.md), [folder](pictures/)\n\
        [ref]: <pictures/missing.txt>\n";
    let found: Vec<(usize, String)> = links(text)
        .into_iter()
        .map(|l| (l.line, l.target))
        .collect();
    let expected: Vec<(usize, String)> = [
        (2, "rules.md#castling"),
        (3, "pictures/board.png"),
        (3, "missing.md"),
        (4, "https://example.com"),
        (4, "#title"),
        (5, "mailto:someone@example.com"),
        (10, "/rules.md"),
        (10, "pictures/missing.png"),
        (10, "pictures/"),
        (11, "pictures/missing.txt"),
    ]
    .into_iter()
    .map(|(line, target)| (line, target.to_string()))
    .collect();
    assert_eq!(found, expected);

    // The same text in a folder holding rules.md and pictures/board.png.
    let dir = Scratch::new("doc-links");
    fs::create_dir_all(dir.join("pictures")).unwrap();
    fs::write(dir.join("rules.md"), "# Rules\n").unwrap();
    fs::write(dir.join("pictures/board.png"), "").unwrap();
    fs::write(dir.join("sample.md"), text).unwrap();
    let broken = broken_links(&dir, &dir.join("sample.md"));
    assert_eq!(
        broken,
        [
            "sample.md:3: [a wrapped link](missing.md) names no file or folder (missing.md)",
            "sample.md:10: ![badge](pictures/missing.png) names no file or folder \
             (pictures/missing.png)",
            "sample.md:11: [ref]: <pictures/missing.txt> names no file or folder \
             (pictures/missing.txt)",
        ]
    );
}
