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
//! a quoted scalar past the collection's or scalar's first column, turns
//! a tab after a key's `:` into a space, and blanks a comment written
//! right after a closing quote or bracket (`"b"# c`, which go-yaml takes
//! too); the text is read again. None changes the value: a line break and
//! the spaces around it fold the same way however many spaces there are,
//! inside a flow collection and a quoted scalar alike, a tab or a space
//! after `:` is the same separation, and a comment is nothing. go-yaml
//! also takes `\'` in a double-quoted scalar (an apostrophe), which
//! yaml-rust2 does not know: it becomes `\x27`. Only the columns move,
//! and [`Rewritten::original`] puts them back.

use super::Location;

/// A text with lines indented, tabs and comments replaced, and how to find a place
/// of it in the text it was made from.
pub(super) struct Rewritten {
    pub(super) text: String,
    /// How many spaces were put before each line (0-based).
    added: Vec<usize>,
    /// (line, 0-based column in the rewritten text) of each `\'` made
    /// `\x27`, two characters longer.
    escapes: Vec<(usize, usize)>,
}

impl Rewritten {
    /// The place in the original text of a place in the rewritten one.
    pub(super) fn original(&self, at: Location) -> Location {
        let line = at.line.saturating_sub(1) as usize;
        let added = self.added.get(line).copied().unwrap_or(0)
            + 2 * self
                .escapes
                .iter()
                .filter(|&&(l, column)| l == line && column + 1 < at.column as usize)
                .count();
        let added = u32::try_from(added).unwrap_or(0);
        Location::new(at.line, at.column.saturating_sub(added).max(1))
    }
}

/// What the scan is inside of, from one line to the next. Columns count
/// bytes: where a line has wider characters before a bracket, it is only
/// indented further than it needs.
#[derive(Default)]
struct Scan {
    /// How deep in flow collections, and the column of the outermost one's
    /// bracket.
    flow: usize,
    flow_column: usize,
    /// The open quoted scalar's quote and its column.
    quote: Option<(u8, usize)>,
    /// A block scalar's lines are those indented past this (its key's or
    /// dash's line's indentation).
    block_scalar: Option<usize>,
    /// The line the node being read in a flow collection began on: a key
    /// there must be on one line.
    node_line: Option<usize>,
    /// Where in the line being scanned each `'` of a `\'` is.
    apostrophes: Vec<usize>,
}

/// The text rewritten, or `None` when no line needed it or the text is
/// one go-yaml refuses in a way yaml-rust2 would then not (a key in a
/// flow collection over two lines, a block scalar in one).
pub(super) fn rewrite(text: &str) -> Option<Rewritten> {
    let mut scan = Scan::default();
    let mut out = Vec::with_capacity(text.len() + 64);
    let mut added = Vec::new();
    let mut escapes = Vec::new();
    for (number, line) in text.as_bytes().split_inclusive(|&b| b == b'\n').enumerate() {
        let indent = line.iter().take_while(|&&b| b == b' ').count();
        let blank = line.iter().all(u8::is_ascii_whitespace);
        let mut pad = 0;
        if scan
            .block_scalar
            .is_some_and(|parent| blank || indent > parent)
        {
            out.extend_from_slice(line);
        } else if (line.starts_with(b"---") || line.starts_with(b"..."))
            && line.get(3).is_none_or(u8::is_ascii_whitespace)
        {
            // A document marker ends whatever was open (go-yaml refuses
            // one inside a flow collection or a quoted scalar, and so it
            // stays).
            scan = Scan::default();
            out.extend_from_slice(line);
        } else {
            scan.block_scalar = None;
            let inside = if scan.flow > 0 {
                Some(scan.flow_column)
            } else {
                scan.quote.map(|(_, column)| column)
            };
            if let Some(column) = inside.filter(|&c| !blank && indent <= c) {
                pad = column + 1 - indent;
            }
            out.resize(out.len() + pad, b' ');
            let start = out.len();
            out.extend_from_slice(line);
            scan.line(number, &mut out[start..], pad, indent)?;
            if !scan.apostrophes.is_empty() {
                // Each `'` of a `\'` becomes `x27`.
                let line = out.split_off(start);
                let mut from = 0;
                for at in scan.apostrophes.drain(..) {
                    out.extend_from_slice(line.get(from..at)?);
                    out.extend_from_slice(b"x27");
                    escapes.push((number, pad + at));
                    from = at + 1;
                }
                out.extend_from_slice(line.get(from..)?);
            }
        }
        added.push(pad);
    }
    if out == text.as_bytes() {
        return None;
    }
    // Only spaces went in, for spaces and tabs.
    let text = String::from_utf8(out).ok()?;
    Some(Rewritten {
        text,
        added,
        escapes,
    })
}

impl Scan {
    /// Scans line `number` (after the `pad` spaces put before it), turning
    /// a tab after a key's `:` into a space and noting the `'` of each
    /// `\'` in a double-quoted scalar; `None` for a text not to rewrite.
    fn line(&mut self, number: usize, line: &mut [u8], pad: usize, indent: usize) -> Option<()> {
        // Whether a node may start here: `[`, `{`, a quote, `|` and `>`
        // begin one only there (`a: b[0]` is a plain scalar).
        let mut node_start = true;
        let mut after_space = true;
        let mut i = 0;
        while let Some(&c) = line.get(i) {
            let column = pad + i;
            let next = line.get(i + 1).copied();
            i += 1;
            if let Some((quote, _)) = self.quote {
                if c == b'\\' && quote == b'"' || c == b'\'' && quote == c && next == Some(c) {
                    if c == b'\\' && next == Some(b'\'') {
                        self.apostrophes.push(i);
                    }
                    i += 1;
                } else if c == quote {
                    self.quote = None;
                    node_start = false;
                    blank_comment(line, i);
                }
                continue;
            }
            let blank_next = next.is_none_or(|n| n.is_ascii_whitespace());
            match c {
                b' ' | b'\t' | b'\r' | b'\n' => {
                    after_space = true;
                    continue;
                }
                b'#' if after_space => return Some(()),
                b'[' | b'{' if node_start || self.flow > 0 => {
                    if self.flow == 0 {
                        self.flow_column = column;
                    }
                    self.flow += 1;
                    node_start = true;
                    self.node_line = None;
                }
                b']' | b'}' | b',' if self.flow > 0 => {
                    if c != b',' {
                        self.flow -= 1;
                        blank_comment(line, i);
                    }
                    node_start = c == b',';
                    self.node_line = None;
                }
                b'|' | b'>' if node_start => {
                    if self.flow > 0 {
                        return None;
                    }
                    self.block_scalar = Some(indent);
                    // Its indicators, then maybe a comment.
                    while line.get(i).is_some_and(|b| b"+-0123456789".contains(b)) {
                        i += 1;
                    }
                    blank_comment(line, i);
                    return Some(());
                }
                b':' if self.flow > 0 || blank_next => {
                    if self.node_line.take().is_some_and(|l| l < number) {
                        return None;
                    }
                    node_start = true;
                    if self.flow == 0 && next == Some(b'\t') {
                        line[i] = b' ';
                    }
                }
                b'-' | b'?' if node_start && blank_next => {}
                // An anchor or a tag comes before its node.
                b'&' | b'!' if node_start => {
                    while line.get(i).is_some_and(|b| !b.is_ascii_whitespace()) {
                        i += 1;
                    }
                }
                _ => {
                    if matches!(c, b'"' | b'\'') && node_start {
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
        Some(())
    }
}

/// A comment right after a closing quote or bracket or a block scalar's
/// indicators, which go-yaml takes and yaml-rust2 wants a space before,
/// made spaces: a comment is nothing, and no node follows it on the line.
fn blank_comment(line: &mut [u8], at: usize) {
    if line.get(at) == Some(&b'#') {
        for b in line.iter_mut().skip(at) {
            if !matches!(*b, b'\r' | b'\n') {
                *b = b' ';
            }
        }
    }
}
