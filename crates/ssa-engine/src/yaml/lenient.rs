//! Texts kubectl reads that yaml-rust2's scanner refuses, rewritten so it
//! reads them as kubectl does.
//!
//! go-yaml v2 is a port of libyaml, whose scanner checks no indentation
//! inside a flow collection (`[ ]`, `{ }`) or a quoted scalar, and takes a
//! tab as the space after a key's `:`. yaml-rust2 checks both, so it
//! refuses manifests written the JSON way that `kubectl apply` takes:
//!
//! ```yaml
//! command: [
//!   "sh", "-c"
//! ]
//! ```
//!
//! yaml-rust2 does not take them on purpose (its issues #30 and #69), and
//! the engine cannot change its scanner. So when a text fails to read,
//! [`rewrite`] indents every line that starts inside a flow collection or
//! a quoted scalar past the collection's or scalar's first column, and
//! turns a tab after a key's `:` into a space; the text is read again.
//! Neither changes the value: a line break and the spaces around it fold
//! the same way however many spaces there are, inside a flow collection
//! and a quoted scalar alike, and a tab or a space after `:` is the same
//! separation. Only the columns move, and [`Rewritten::original`] puts
//! them back.

use super::Location;

/// A text with lines indented and tabs replaced, and how to find a place
/// of it in the text it was made from.
pub(super) struct Rewritten {
    pub(super) text: String,
    /// How many spaces were put before each line (0-based).
    added: Vec<usize>,
}

impl Rewritten {
    /// The place in the original text of a place in the rewritten one.
    pub(super) fn original(&self, at: Location) -> Location {
        let added = self
            .added
            .get(at.line.saturating_sub(1) as usize)
            .map_or(0, |&n| u32::try_from(n).unwrap_or(0));
        Location::new(at.line, at.column.saturating_sub(added).max(1))
    }
}

/// What the scan is inside of, from one line to the next.
#[derive(Default)]
struct Scan {
    /// How deep in flow collections, and the column of the outermost one's
    /// bracket.
    flow: usize,
    flow_column: usize,
    /// The open quoted scalar's quote and its column.
    quote: Option<(char, usize)>,
    /// A block scalar's lines are those indented past this (its key's or
    /// dash's line's indentation).
    block_scalar: Option<usize>,
    /// The line the node being read in a flow collection began on: a key
    /// there must be on one line.
    node_line: Option<usize>,
}

/// The text rewritten, or `None` when no line needed it or the text is
/// one go-yaml refuses in a way yaml-rust2 would then not (a key in a
/// flow collection over two lines, a block scalar in one).
pub(super) fn rewrite(text: &str) -> Option<Rewritten> {
    let mut scan = Scan::default();
    let mut out = String::with_capacity(text.len() + 64);
    let mut added = Vec::new();
    let mut changed = false;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let indent = line.bytes().take_while(|&b| b == b' ').count();
        let blank = line.trim().is_empty();
        if let Some(parent) = scan.block_scalar {
            if blank || indent > parent {
                out.push_str(line);
                added.push(0);
                continue;
            }
            scan.block_scalar = None;
        }
        // A document marker ends whatever was open (go-yaml refuses one
        // inside a flow collection or a quoted scalar, and so it stays).
        if ["---", "..."].iter().any(|m| {
            line.strip_prefix(m)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']))
        }) {
            scan = Scan::default();
            out.push_str(line);
            added.push(0);
            continue;
        }
        let inside = if scan.flow > 0 {
            Some(scan.flow_column)
        } else {
            scan.quote.map(|(_, column)| column)
        };
        let pad = match inside {
            Some(column) if !blank && indent <= column => column + 1 - indent,
            _ => 0,
        };
        changed |= pad > 0;
        out.extend(std::iter::repeat_n(' ', pad));
        added.push(pad);
        changed |= scan.line(number, line, pad, indent, &mut out)?;
    }
    changed.then_some(Rewritten { text: out, added })
}

impl Scan {
    /// Scans line `number` into `out` (whose first `pad` columns are
    /// already written): whether it changed a character, or `None` for a
    /// text not to rewrite.
    fn line(
        &mut self,
        number: usize,
        line: &str,
        pad: usize,
        indent: usize,
        out: &mut String,
    ) -> Option<bool> {
        let mut changed = false;
        // Whether a node may start here: `[`, `{`, a quote, `|` and `>`
        // begin one only there (`a: b[0]` is a plain scalar).
        let mut node_start = true;
        let mut after_space = true;
        let mut chars = line.chars().enumerate().peekable();
        while let Some((i, c)) = chars.next() {
            out.push(c);
            let column = pad + i;
            if let Some((quote, _)) = self.quote {
                match c {
                    '\\' if quote == '"' => {
                        if let Some((_, escaped)) = chars.next() {
                            out.push(escaped);
                        }
                    }
                    '\'' if quote == '\'' && chars.peek().is_some_and(|&(_, n)| n == '\'') => {
                        chars.next();
                        out.push('\'');
                    }
                    c if c == quote => {
                        self.quote = None;
                        node_start = false;
                    }
                    _ => {}
                }
                after_space = false;
                continue;
            }
            let next = chars.peek().map(|&(_, n)| n);
            let blank_next = next.is_none_or(|n| n.is_whitespace());
            match c {
                ' ' | '\t' | '\r' | '\n' => {
                    after_space = true;
                    continue;
                }
                '#' if after_space => {
                    out.extend(chars.map(|(_, c)| c));
                    return Some(changed);
                }
                '[' | '{' if node_start || self.flow > 0 => {
                    if self.flow == 0 {
                        self.flow_column = column;
                    }
                    self.flow += 1;
                    node_start = true;
                    self.node_line = None;
                }
                ']' | '}' if self.flow > 0 => {
                    self.flow -= 1;
                    node_start = false;
                    self.node_line = None;
                }
                ',' if self.flow > 0 => {
                    node_start = true;
                    self.node_line = None;
                }
                '|' | '>' if node_start && self.flow > 0 => return None,
                '|' | '>' if node_start => {
                    self.block_scalar = Some(indent);
                    out.extend(chars.map(|(_, c)| c));
                    return Some(changed);
                }
                ':' if self.flow > 0 || blank_next => {
                    if self.node_line.take().is_some_and(|l| l < number) {
                        return None;
                    }
                    node_start = true;
                    if self.flow == 0 && next == Some('\t') {
                        chars.next();
                        out.push(' ');
                        changed = true;
                        after_space = true;
                        continue;
                    }
                }
                '-' | '?' if node_start && blank_next => {}
                // An anchor or a tag comes before its node.
                '&' | '!' if node_start => {
                    while let Some((_, n)) = chars.next_if(|&(_, n)| !n.is_whitespace()) {
                        out.push(n);
                    }
                }
                _ => {
                    if matches!(c, '"' | '\'') && node_start {
                        self.quote = Some((c, column));
                    }
                    node_start = false;
                    if self.flow > 0 {
                        self.node_line.get_or_insert(number);
                    }
                }
            }
            after_space = false;
        }
        Some(changed)
    }
}
