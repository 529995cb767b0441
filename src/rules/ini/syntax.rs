//! The lines of a `variants.ini` file: sections and their `key = value`
//! entries, read the way Fairy-Stockfish reads them.
//!
//! Lines before the first section are ignored. A section starts with a
//! line `[name]` or `[name:parent]` (anything after the `]` is ignored).
//! Inside a section, lines starting with `;` or `#` are comments, empty
//! lines are skipped, and every other line is `key = value`, both trimmed.
//! A later entry of the same key replaces the earlier one.

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The key, trimmed.
    pub key: String,
    /// The value, trimmed.
    pub value: String,
    /// The 1-based line number.
    pub line: usize,
}

/// A line inside a section that is not `key = value`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLine {
    /// The 1-based line number.
    pub line: usize,
    /// The line's text (at most 60 characters of it).
    pub text: String,
}

/// One `[name]` or `[name:parent]` section and its lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The game's name.
    pub name: String,
    /// The game it starts from, if named.
    pub parent: Option<String>,
    /// The 1-based line of the header.
    pub line: usize,
    /// Its entries, in file order.
    pub entries: Vec<Entry>,
    /// Lines that are neither entries nor comments.
    pub bad_lines: Vec<BadLine>,
    /// Whether the header's `]` was missing.
    pub unclosed: bool,
}

/// At most this many characters of a line are quoted in an error.
const QUOTE_CHARS: usize = 60;

/// The first characters of a line, for an error message.
pub fn quote(text: &str) -> String {
    let mut quoted: String = text.chars().take(QUOTE_CHARS).collect();
    if text.chars().count() > QUOTE_CHARS {
        quoted.push_str("...");
    }
    quoted
}

/// Splits a file into its sections.
pub fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if let Some(header) = trimmed.strip_prefix('[') {
            let (inside, unclosed) = match header.find(']') {
                Some(end) => (&header[..end], false),
                None => (header, true),
            };
            let (name, parent) = match inside.split_once(':') {
                Some((name, parent)) => (name.trim(), Some(parent.trim().to_string())),
                None => (inside.trim(), None),
            };
            out.push(Section {
                name: name.to_string(),
                parent,
                line,
                entries: Vec::new(),
                bad_lines: Vec::new(),
                unclosed,
            });
            continue;
        }
        let Some(section) = out.last_mut() else {
            continue;
        };
        if trimmed.is_empty() || trimmed.starts_with(';') || trimmed.starts_with('#') {
            continue;
        }
        match trimmed.split_once('=') {
            Some((key, value)) if !key.trim().is_empty() => section.entries.push(Entry {
                key: key.trim().to_string(),
                value: value.trim().to_string(),
                line,
            }),
            _ => section.bad_lines.push(BadLine {
                line,
                text: quote(trimmed),
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_entries_and_comments_are_read() {
        let text = "# a file\nignored = before any section\n[one]\nmaxFile = j\n; comment\n\n  maxRank=10 \r\n[two:one] trailing\n# c\ncastling = false\nnot an entry\n";
        let s = sections(text);
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].name.as_str(), s[0].parent.as_deref(), s[0].line),
            ("one", None, 3)
        );
        assert_eq!(
            s[0].entries,
            vec![
                Entry {
                    key: "maxFile".into(),
                    value: "j".into(),
                    line: 4
                },
                Entry {
                    key: "maxRank".into(),
                    value: "10".into(),
                    line: 7
                },
            ]
        );
        assert_eq!(
            (s[1].name.as_str(), s[1].parent.as_deref()),
            ("two", Some("one"))
        );
        assert_eq!(s[1].entries.len(), 1);
        assert_eq!(
            s[1].bad_lines,
            vec![BadLine {
                line: 11,
                text: "not an entry".into()
            }]
        );
        assert!(!s[1].unclosed);
    }

    #[test]
    fn an_unclosed_header_and_an_empty_key_are_kept_as_faults() {
        let s = sections("[open\n= value\n");
        assert!(s[0].unclosed);
        assert_eq!(s[0].name, "open");
        assert_eq!(s[0].bad_lines.len(), 1);
        assert_eq!(quote(&"x".repeat(100)).len(), 63);
    }
}
