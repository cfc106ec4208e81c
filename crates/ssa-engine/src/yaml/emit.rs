//! Writing a value as block YAML the way `kubectl get -o yaml` prints an
//! object (sigs.k8s.io/yaml over go-yaml v2's emitter): two-space indents,
//! lists inside maps not indented, maps inside lists starting after `- `,
//! empty maps and lists as `{}` and `[]`, strings plain when they read
//! back as the same string, else single-quoted, else double-quoted with
//! escapes, multi-line strings as `|` blocks, and long lines folded at
//! spaces past column 80. Keys keep the map's order.

use super::scalar;
use crate::value::{Map, PathSeg, Value, ValuePath};

/// go-yaml's line width: a space after this column becomes a line break.
const BEST_WIDTH: usize = 80;
/// go-yaml's indent step.
const BEST_INDENT: i32 = 2;
/// The longest key written as `key:`; longer keys are written `? key`.
const MAX_SIMPLE_KEY_BYTES: usize = 128;

/// The YAML text of `value`, ending with a newline.
pub fn to_yaml_string(value: &Value) -> String {
    emit(value, None)
}

/// [`to_yaml_string`] and, for each line of the text, the path of the
/// deepest node that starts on it (`None` for a line that continues a
/// multi-line scalar): what reading the text back would say, without
/// reading it.
pub fn to_yaml_string_with_lines(value: &Value) -> (String, Vec<Option<ValuePath>>) {
    let (text, tree) = to_yaml_string_with_nodes(value);
    let paths = tree.lines.iter().map(|n| n.map(|n| tree.path(n))).collect();
    (text, paths)
}

/// [`to_yaml_string_with_lines`] with the nodes as a tree (each node
/// names its parent and the segment from it) instead of a full path per
/// line: the ownership view needs every line of an object, and a path per
/// line grew with the square of the object's depth.
pub fn to_yaml_string_with_nodes(value: &Value) -> (String, LineNodes) {
    let mut lines = Lines {
        current: 0,
        line: 0,
        tree: LineNodes {
            nodes: vec![LineNode {
                parent: 0,
                seg: None,
                depth: 0,
            }],
            lines: Vec::new(),
        },
    };
    let text = emit(value, Some(&mut lines));
    let count = text.lines().count();
    lines.tree.lines.resize(count, None);
    (text, lines.tree)
}

/// The nodes of an emitted value, parents before children (node 0 is the
/// root), and for each line of the text the deepest node that starts on
/// it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LineNodes {
    pub nodes: Vec<LineNode>,
    pub lines: Vec<Option<usize>>,
}

/// One node of [`LineNodes`]: its parent's index and the segment that
/// leads from the parent to it (`None` for the root), and its depth.
#[derive(Clone, Debug, PartialEq)]
pub struct LineNode {
    pub parent: usize,
    pub seg: Option<PathSeg>,
    pub depth: usize,
}

impl LineNodes {
    /// The full path of node `n`.
    pub fn path(&self, mut n: usize) -> ValuePath {
        let mut segs = Vec::new();
        while let Some(LineNode {
            parent,
            seg: Some(seg),
            ..
        }) = self.nodes.get(n)
        {
            segs.push(seg.clone());
            n = *parent;
        }
        segs.reverse();
        ValuePath(segs)
    }

    fn depth(&self, n: usize) -> usize {
        self.nodes.get(n).map_or(0, |node| node.depth)
    }
}

fn emit(value: &Value, lines: Option<&mut Lines>) -> String {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        whitespace: true,
        indention: true,
        lines,
    };
    e.node(value, -1, Context::Root);
    if e.column > 0 {
        e.put_break();
    }
    e.out
}

/// Where each node is written: the current node and line, and the nodes
/// so far with the deepest that starts on each line.
struct Lines {
    current: usize,
    line: usize,
    tree: LineNodes,
}

/// Where a node stands, which decides its indent and layout.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Root,
    /// A map's value (a list there is not indented).
    MapValue,
    /// A map's key written after `? `.
    ComplexKey,
    ListItem,
}

/// The facts of go-yaml's `yaml_emitter_analyze_scalar` that choose a style.
struct Analysis {
    multiline: bool,
    block_plain_allowed: bool,
    single_quoted_allowed: bool,
    block_allowed: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
}

struct Emitter<'a> {
    out: String,
    /// Characters written on the current line.
    column: usize,
    /// The last thing written was whitespace (or nothing).
    whitespace: bool,
    /// Only indentation has been written on the current line.
    indention: bool,
    /// Records where each node starts, when asked.
    lines: Option<&'a mut Lines>,
}

impl Emitter<'_> {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
        if let Some(lines) = self.lines.as_deref_mut() {
            lines.line += 1;
        }
    }

    /// The current node starts on the current line.
    fn mark(&mut self) {
        let Some(lines) = self.lines.as_deref_mut() else {
            return;
        };
        let tree = &mut lines.tree;
        if tree.lines.len() <= lines.line {
            tree.lines.resize(lines.line + 1, None);
        }
        let depth = tree.depth(lines.current);
        let deeper = match tree.lines.get(lines.line) {
            Some(Some(n)) => tree.depth(*n) < depth,
            _ => true,
        };
        if deeper && let Some(slot) = tree.lines.get_mut(lines.line) {
            *slot = Some(lines.current);
        }
    }

    /// Enters the node at `seg` below the current one.
    fn enter(&mut self, seg: PathSeg) {
        if let Some(lines) = self.lines.as_deref_mut() {
            let depth = lines.tree.depth(lines.current) + 1;
            lines.tree.nodes.push(LineNode {
                parent: lines.current,
                seg: Some(seg),
                depth,
            });
            lines.current = lines.tree.nodes.len() - 1;
        }
    }

    fn leave(&mut self) {
        if let Some(lines) = self.lines.as_deref_mut() {
            lines.current = lines.tree.nodes.get(lines.current).map_or(0, |n| n.parent);
        }
    }

    /// Starts a line at `indent` unless the current one is still blank up
    /// to there (as after `- `).
    fn write_indent(&mut self, indent: i32) {
        let indent = usize::try_from(indent).unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        // At once, not a space at a time: a deep value's indents are most
        // of its text. Copied in blocks from a run of spaces: a string
        // extended by a char at a time checks its capacity and encodes
        // each one.
        const SPACES: &str = "                                                                ";
        let spaces = indent.saturating_sub(self.column);
        let mut left = spaces;
        while left > 0 {
            let block = left.min(SPACES.len());
            self.out.push_str(SPACES.get(..block).unwrap_or_default());
            left -= block;
        }
        self.column += spaces;
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(
        &mut self,
        indicator: &str,
        need_whitespace: bool,
        is_whitespace: bool,
        is_indention: bool,
    ) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        indicator.chars().for_each(|c| self.put(c));
        self.whitespace = is_whitespace;
        self.indention = self.indention && is_indention;
    }

    /// Writes `value`, whose parent's indent is `parent_indent` (-1 for
    /// the root).
    fn node(&mut self, value: &Value, parent_indent: i32, context: Context) {
        // Reading back places a collection at its first entry, a block
        // scalar at its first line of text, any other value where it is.
        if !matches!(value, Value::Map(m) if !m.is_empty())
            && !matches!(value, Value::List(l) if !l.is_empty())
            && !matches!(value, Value::String(_))
        {
            self.mark();
        }
        match value {
            Value::Map(m) if !m.is_empty() => self.block_map(m, parent_indent),
            Value::List(items) if !items.is_empty() => {
                self.block_list(items, parent_indent, context)
            }
            Value::Map(_) => self.empty_flow("{}"),
            Value::List(_) => self.empty_flow("[]"),
            Value::String(s) => self.string(s, parent_indent, false),
            scalar => {
                let text = scalar_text(scalar);
                self.scalar(&text, Style::Plain, scalar_indent(parent_indent), false);
            }
        }
    }

    fn empty_flow(&mut self, text: &str) {
        self.write_indicator(text, true, false, false);
    }

    fn block_map(&mut self, map: &Map, parent_indent: i32) {
        let indent = if parent_indent < 0 {
            0
        } else {
            parent_indent + BEST_INDENT
        };
        for (key, value) in map {
            self.write_indent(indent);
            self.enter(PathSeg::Key(key.clone()));
            self.mark();
            if is_simple_key(key) {
                self.string(key, indent, true);
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.node(&Value::String(key.clone()), indent, Context::ComplexKey);
                self.write_indent(indent);
                self.write_indicator(":", true, false, true);
            }
            self.node(value, indent, Context::MapValue);
            self.leave();
        }
    }

    fn block_list(&mut self, items: &[Value], parent_indent: i32, context: Context) {
        // go-yaml does not indent a list that is a map's value.
        let indentless =
            matches!(context, Context::MapValue | Context::ComplexKey) && !self.indention;
        let indent = if parent_indent < 0 {
            0
        } else if indentless {
            parent_indent
        } else {
            parent_indent + BEST_INDENT
        };
        for (i, item) in items.iter().enumerate() {
            self.write_indent(indent);
            if i == 0 {
                self.mark();
            }
            self.enter(PathSeg::Index(i));
            self.write_indicator("-", true, false, true);
            self.node(item, indent, Context::ListItem);
            self.leave();
        }
    }

    /// A string, in the style go-yaml picks for it.
    fn string(&mut self, s: &str, parent_indent: i32, simple_key: bool) {
        let analysis = analyze(s);
        let requested = if s.contains('\n') {
            Style::Literal
        } else if reads_back_as_string(s) {
            Style::Plain
        } else {
            Style::DoubleQuoted
        };
        let style = select_style(requested, &analysis, s, simple_key);
        if style != Style::Literal {
            self.mark();
        }
        self.scalar(s, style, scalar_indent(parent_indent), simple_key);
    }

    fn scalar(&mut self, s: &str, style: Style, indent: i32, simple_key: bool) {
        let allow_breaks = !simple_key;
        match style {
            Style::Plain => self.plain(s, indent, allow_breaks),
            Style::SingleQuoted => self.single_quoted(s, indent, allow_breaks),
            Style::DoubleQuoted => self.double_quoted(s, indent, allow_breaks),
            Style::Literal => self.literal(s, indent),
        }
    }

    fn plain(&mut self, s: &str, indent: i32, allow_breaks: bool) {
        if !self.whitespace {
            self.put(' ');
        }
        let mut spaces = false;
        for (_, c, next) in with_next(s) {
            if c == ' ' {
                let next_is_space = next == Some(' ');
                if allow_breaks && !spaces && self.column > BEST_WIDTH && !next_is_space {
                    self.write_indent(indent);
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                self.indention = false;
                spaces = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn single_quoted(&mut self, s: &str, indent: i32, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let mut spaces = false;
        for (i, c, next) in with_next(s) {
            if c == ' ' {
                let next_is_space = next == Some(' ');
                if allow_breaks
                    && !spaces
                    && self.column > BEST_WIDTH
                    && i != 0
                    && next.is_some()
                    && !next_is_space
                {
                    self.write_indent(indent);
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                if c == '\'' {
                    self.put('\'');
                }
                self.put(c);
                self.indention = false;
                spaces = false;
            }
        }
        self.write_indicator("'", false, false, false);
    }

    fn double_quoted(&mut self, s: &str, indent: i32, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let mut spaces = false;
        for (i, c, next) in with_next(s) {
            if needs_escape(c) {
                self.escape(c);
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i != 0 && next.is_some() {
                    self.write_indent(indent);
                    if next == Some(' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
    }

    fn escape(&mut self, c: char) {
        self.put('\\');
        let short = match c {
            '\0' => Some('0'),
            '\u{7}' => Some('a'),
            '\u{8}' => Some('b'),
            '\t' => Some('t'),
            '\n' => Some('n'),
            '\u{b}' => Some('v'),
            '\u{c}' => Some('f'),
            '\r' => Some('r'),
            '\u{1b}' => Some('e'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            '\u{85}' => Some('N'),
            '\u{a0}' => Some('_'),
            '\u{2028}' => Some('L'),
            '\u{2029}' => Some('P'),
            _ => None,
        };
        if let Some(e) = short {
            self.put(e);
            return;
        }
        let v = u32::from(c);
        let (letter, width) = match v {
            0..=0xFF => ('x', 2),
            0x100..=0xFFFF => ('u', 4),
            _ => ('U', 8),
        };
        self.put(letter);
        for k in (0..width).rev() {
            let digit = (v >> (k * 4)) & 0xF;
            self.put(char::from_digit(digit, 16).map_or('0', |d| d.to_ascii_uppercase()));
        }
    }

    fn literal(&mut self, s: &str, indent: i32) {
        self.write_indicator("|", true, false, false);
        if s.starts_with([' ', '\n']) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.write_indicator(chomping(s), false, false, false);
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        let mut first = true;
        for c in s.chars() {
            if c == '\n' {
                self.put_break();
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent(indent);
                }
                if first {
                    first = false;
                    self.mark();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

/// A scalar's indent: one step below its parent (the root's scalars too).
fn scalar_indent(parent_indent: i32) -> i32 {
    if parent_indent < 0 {
        BEST_INDENT
    } else {
        parent_indent + BEST_INDENT
    }
}

/// `|-` strips the last line break (there is none), `|` keeps one, `|+`
/// keeps several.
fn chomping(s: &str) -> &'static str {
    match s.strip_suffix('\n') {
        None => "-",
        Some("") => "+",
        Some(rest) if rest.ends_with('\n') => "+",
        Some(_) => "",
    }
}

fn scalar_text(v: &Value) -> String {
    match v {
        Value::Null => "null".to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => match scalar::go_format_g(*f, false).as_str() {
            "+Inf" => ".inf".to_string(),
            "-Inf" => "-.inf".to_string(),
            "NaN" => ".nan".to_string(),
            s => s.to_string(),
        },
        Value::String(s) => s.clone(),
        Value::List(_) | Value::Map(_) => String::new(),
    }
}

/// go-yaml writes a string plain only when reading it back unquoted gives
/// the same string (not `yes`, `1`, `null`, a timestamp, a base-60 float).
fn reads_back_as_string(s: &str) -> bool {
    scalar::plain_value(s).is_none()
        && s != "<<"
        && !scalar::is_timestamp(s)
        && !scalar::is_base60_float(s)
}

fn is_simple_key(key: &str) -> bool {
    key.len() <= MAX_SIMPLE_KEY_BYTES && !analyze(key).multiline
}

/// go-yaml's `yaml_emitter_select_scalar_style` in block context.
fn select_style(requested: Style, a: &Analysis, s: &str, simple_key: bool) -> Style {
    let mut style = requested;
    if style == Style::Plain && (!a.block_plain_allowed || (s.is_empty() && simple_key)) {
        style = Style::SingleQuoted;
    }
    if style == Style::SingleQuoted && !a.single_quoted_allowed {
        style = Style::DoubleQuoted;
    }
    if style == Style::Literal && (!a.block_allowed || simple_key) {
        style = Style::DoubleQuoted;
    }
    style
}

/// YAML's printable set, as go-yaml's emitter tests it.
fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7E}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        && c != '\u{FEFF}'
}

/// Line breaks as YAML 1.1 knows them.
fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn needs_escape(c: char) -> bool {
    !is_printable(c) || c == '\u{FEFF}' || is_break(c) || c == '"' || c == '\\'
}

/// Each character of `s` with its index (in characters) and the character
/// after it: the emitter's rules look one ahead, and collecting every
/// scalar into a `Vec<char>` first cost an allocation per scalar, which
/// stood out in the blame of a large object.
fn with_next(s: &str) -> impl Iterator<Item = (usize, char, Option<char>)> + '_ {
    let mut after = s.chars();
    after.next();
    s.chars()
        .zip(after.map(Some).chain(std::iter::once(None)))
        .enumerate()
        .map(|(i, (c, next))| (i, c, next))
}

/// go-yaml's `yaml_emitter_analyze_scalar`, for block context.
fn analyze(s: &str) -> Analysis {
    if s.is_empty() {
        return Analysis {
            multiline: false,
            block_plain_allowed: true,
            single_quoted_allowed: true,
            block_allowed: false,
        };
    }
    let mut block_indicators = s.starts_with("---") || s.starts_with("...");
    let mut special_characters = false;
    let (mut leading_space, mut leading_break) = (false, false);
    let (mut trailing_space, mut trailing_break) = (false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut previous_space, mut previous_break) = (false, false);
    let mut line_breaks = false;
    let mut preceded_by_whitespace = true;
    for (i, c, next) in with_next(s) {
        let followed_by_whitespace = next.is_none_or(|n| n == ' ' || n == '\t');
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => block_indicators = true,
                '?' | ':' | '-' if followed_by_whitespace => block_indicators = true,
                _ => {}
            }
        } else {
            match c {
                ':' if followed_by_whitespace => block_indicators = true,
                '#' if preceded_by_whitespace => block_indicators = true,
                _ => {}
            }
        }
        // The 4-byte characters (emoji) are outside go-yaml's printable
        // test, so they are escaped.
        if !is_printable(c) {
            special_characters = true;
        }
        let last = next.is_none();
        if c == ' ' {
            leading_space |= i == 0;
            trailing_space |= last;
            break_space |= previous_break;
            previous_space = true;
            previous_break = false;
        } else if is_break(c) {
            line_breaks = true;
            leading_break |= i == 0;
            trailing_break |= last;
            space_break |= previous_space;
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = c == ' ' || c == '\t' || is_break(c) || c == '\0';
    }
    let mut a = Analysis {
        multiline: line_breaks,
        block_plain_allowed: true,
        single_quoted_allowed: true,
        block_allowed: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.block_plain_allowed = false;
    }
    if trailing_space {
        a.block_allowed = false;
    }
    if break_space {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
    }
    if space_break || special_characters {
        a.block_plain_allowed = false;
        a.single_quoted_allowed = false;
        a.block_allowed = false;
    }
    if line_breaks {
        a.block_plain_allowed = false;
        // A break other than `\n` in single quotes would fold on reading.
        a.single_quoted_allowed = false;
    }
    if block_indicators {
        a.block_plain_allowed = false;
    }
    a
}
