//! Go's `regexp/syntax` parser (`parse.go`) with the flags
//! `regexp.Compile` gives it (`syntax.Perl`): the same syntax accepted,
//! the same errors with the same offending text. The tree it builds is
//! the engine's own (no literal strings, no factoring): only what a match
//! needs.

use super::unicode::{self, Table};
use std::fmt;

/// `syntax.Error`: printed as `error parsing regexp: CODE: `EXPR``.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Error {
    code: &'static str,
    expr: String,
}

impl Error {
    fn new(code: &'static str, expr: &str) -> Self {
        Error {
            code,
            expr: expr.to_string(),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

// `syntax.ErrorCode`s.
const INVALID_CHAR_CLASS_RANGE: &str = "invalid character class range";
const INVALID_ESCAPE: &str = "invalid escape sequence";
const INVALID_NAMED_CAPTURE: &str = "invalid named capture";
const INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
const INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
const INVALID_REPEAT_SIZE: &str = "invalid repeat count";
const MISSING_BRACKET: &str = "missing closing ]";
const MISSING_PAREN: &str = "missing closing )";
const MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
const TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
const UNEXPECTED_PAREN: &str = "unexpected )";
const NESTING_DEPTH: &str = "expression nests too deeply";
const LARGE: &str = "expression too large";

/// `maxRepeat`, `maxHeight`, `maxSize`.
const MAX_REPEAT: i32 = 1000;
const MAX_HEIGHT: usize = 1000;
const MAX_SIZE: u64 = (128 << 20) / 40;
const MAX_RUNE: u32 = 0x10ffff;

/// A parsed regular expression.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Node {
    /// `OpEmptyMatch`.
    Empty,
    /// A code point; `fold`: any of its case folding orbit.
    Literal {
        c: u32,
        fold: bool,
    },
    Class(Class),
    BeginLine,
    EndLine,
    BeginText,
    EndText,
    WordBoundary,
    NoWordBoundary,
    Capture(Box<Node>),
    /// `x*`, `x+`, `x?` and `x{min,max}` (`max` -1 for none); `greedy`
    /// unless `?` follows or `(?U)` swaps it. Which match `find` gives
    /// depends on it, not whether there is one.
    Star(Box<Node>, bool),
    Plus(Box<Node>, bool),
    Quest(Box<Node>, bool),
    Repeat {
        sub: Box<Node>,
        min: i32,
        max: i32,
        greedy: bool,
    },
    Concat(Vec<Node>),
    Alternate(Vec<Node>),
}

/// A character class: its ranges (sorted, merged, not negated) and the
/// Unicode properties in it, the whole negated when `negated`.
#[derive(Clone, Debug, PartialEq, Default)]
pub(super) struct Class {
    pub(super) ranges: Vec<(u32, u32)>,
    pub(super) properties: Vec<Property>,
    pub(super) negated: bool,
}

/// A `\p{…}` the host matches: `host` as its `\p{…}` names it, `negated`
/// for `\P{…}`, `fold` when case folding adds to it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Property {
    pub(super) host: String,
    pub(super) negated: bool,
    pub(super) fold: bool,
}

impl Class {
    fn of(ranges: Vec<(u32, u32)>) -> Self {
        Class {
            ranges,
            ..Class::default()
        }
    }

    /// `appendRange` or `appendFoldedRange`.
    fn add(&mut self, lo: u32, hi: u32, fold: bool) {
        self.ranges.push((lo, hi));
        if fold && !(lo <= unicode::MIN_FOLD && hi >= unicode::MAX_FOLD) {
            for member in unicode::folding_members(lo, hi) {
                for c in unicode::orbit(member) {
                    self.ranges.push((c, c));
                }
            }
        }
    }

    /// `appendGroup` of a Perl or POSIX group.
    fn add_group(&mut self, ranges: &[(u32, u32)], negated: bool, fold: bool) {
        let mut group = Class::default();
        for &(lo, hi) in ranges {
            group.add(lo, hi, fold);
        }
        let group = clean(group.ranges);
        self.ranges
            .extend(if negated { complement(&group) } else { group });
    }

    /// `parseUnicodeClass`'s append of a table.
    fn add_table(&mut self, table: Table, positive: bool, fold: bool) {
        match table {
            Table::Any if positive => self.ranges.push((0, MAX_RUNE)),
            Table::Any => {}
            Table::Ascii => {
                let mut ascii = vec![(0, 0x7f)];
                if fold {
                    ascii.extend([(0x17f, 0x17f), (0x212a, 0x212a)]);
                }
                let ascii = clean(ascii);
                self.ranges
                    .extend(if positive { ascii } else { complement(&ascii) });
            }
            Table::Assigned => self.properties.push(Property {
                host: "Cn".to_string(),
                negated: positive,
                fold: false,
            }),
            Table::Property { host, foldable } => self.properties.push(Property {
                host,
                negated: !positive,
                fold: fold && foldable,
            }),
        }
    }

    fn finish(mut self, negated: bool) -> Self {
        self.ranges = clean(self.ranges);
        self.negated = negated;
        self
    }
}

/// `cleanClass`: sorted, overlapping and abutting ranges merged.
fn clean(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(ranges.len());
    for (lo, hi) in ranges {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// `negateClass` of clean ranges.
pub(super) fn complement(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut next = 0u32;
    for &(lo, hi) in ranges {
        if next < lo {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= MAX_RUNE {
        out.push((next, MAX_RUNE));
    }
    out
}

/// The parse flags `regexp.Compile` can change (`(?imsU)`); `PerlX`,
/// `UnicodeGroups` and `ClassNL` are always on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Flags {
    fold_case: bool,
    dot_nl: bool,
    one_line: bool,
    non_greedy: bool,
}

const PERL: Flags = Flags {
    fold_case: false,
    dot_nl: false,
    one_line: true,
    non_greedy: false,
};

/// An entry of the parse stack: an expression (with its height, as
/// `calcHeight` counts it) or a pseudo-operator.
enum Item {
    Node(Node, usize),
    /// `(`, with the flags to restore at its `)`.
    LeftParen {
        flags: Flags,
        capture: bool,
    },
    VerticalBar,
}

struct Parser<'s> {
    whole: &'s str,
    flags: Flags,
    stack: Vec<Item>,
    /// An expression taller than `maxHeight` was built (`checkHeight`):
    /// parsing stops there, before anything walks so deep a tree.
    too_deep: bool,
}

/// `syntax.Parse(s, syntax.Perl)`.
pub(super) fn parse(s: &str) -> Result<Node, Error> {
    let mut p = Parser {
        whole: s,
        flags: PERL,
        stack: Vec::new(),
        too_deep: false,
    };
    let bytes = s.as_bytes();
    let mut t = 0;
    // Where the previous repetition operator began, if the previous
    // token was one.
    let mut last_repeat: Option<usize> = None;
    while t < s.len() {
        let mut repeat = None;
        match bytes[t] {
            b'(' if bytes.get(t + 1) == Some(&b'?') => t = p.perl_flags(t)?,
            b'(' => {
                p.stack.push(Item::LeftParen {
                    flags: p.flags,
                    capture: true,
                });
                t += 1;
            }
            b'|' => {
                p.vertical_bar();
                t += 1;
            }
            b')' => {
                p.right_paren()?;
                t += 1;
            }
            b'^' => {
                p.push(if p.flags.one_line {
                    Node::BeginText
                } else {
                    Node::BeginLine
                });
                t += 1;
            }
            b'$' => {
                p.push(if p.flags.one_line {
                    Node::EndText
                } else {
                    Node::EndLine
                });
                t += 1;
            }
            b'.' => {
                let ranges = if p.flags.dot_nl {
                    vec![(0, MAX_RUNE)]
                } else {
                    vec![(0, 0x09), (0x0b, MAX_RUNE)]
                };
                p.push(Node::Class(Class::of(ranges)));
                t += 1;
            }
            b'[' => t = p.class(t)?,
            op @ (b'*' | b'+' | b'?') => {
                let (min, max) = match op {
                    b'*' => (0, -1),
                    b'+' => (1, -1),
                    _ => (0, 1),
                };
                let before = t;
                t = p.repeat(Some((min, max)), 0, 0, before, before + 1, last_repeat)?;
                repeat = Some(before);
            }
            b'{' => match parse_repeat(s, t) {
                None => {
                    p.literal('{' as u32);
                    t += 1;
                }
                Some((min, max, after)) => {
                    if !(0..=MAX_REPEAT).contains(&min)
                        || max > MAX_REPEAT
                        || (max >= 0 && min > max)
                    {
                        return Err(Error::new(INVALID_REPEAT_SIZE, &s[t..after]));
                    }
                    let before = t;
                    t = p.repeat(None, min, max, before, after, last_repeat)?;
                    repeat = Some(before);
                }
            },
            b'\\' => t = p.backslash(t)?,
            _ => {
                let c = next_char(s, t);
                p.literal(c as u32);
                t += c.len_utf8();
            }
        }
        if p.too_deep {
            return Err(Error::new(NESTING_DEPTH, s));
        }
        last_repeat = repeat;
    }
    p.concat();
    if p.swap_vertical_bar() {
        p.stack.pop();
    }
    p.alternate();
    if p.stack.len() != 1 {
        return Err(Error::new(MISSING_PAREN, s));
    }
    let Some(Item::Node(node, _)) = p.stack.pop() else {
        return Err(Error::new(MISSING_PAREN, s));
    };
    if p.too_deep {
        return Err(Error::new(NESTING_DEPTH, s));
    }
    // `checkSize`, on the whole tree (no taller than `maxHeight`).
    if size(&node) > MAX_SIZE {
        return Err(Error::new(LARGE, s));
    }
    Ok(node)
}

/// The character at byte `t` of `s` (a char boundary).
fn next_char(s: &str, t: usize) -> char {
    s[t..].chars().next().unwrap_or('\u{fffd}')
}

impl Parser<'_> {
    /// A leaf expression.
    fn push(&mut self, node: Node) {
        self.push_tall(node, 1);
    }

    /// An expression of the given height.
    fn push_tall(&mut self, node: Node, height: usize) {
        self.too_deep |= height > MAX_HEIGHT;
        self.stack.push(Item::Node(node, height));
    }

    fn literal(&mut self, c: u32) {
        let fold = self.flags.fold_case && unicode::orbit(c).len() > 1;
        self.push(Node::Literal { c, fold });
    }

    /// `repeat`: the top expression repeated (`star`: `Some((min, max))`
    /// of `*`, `+` or `?`; `None` for a counted `{min,max}`). The operator
    /// is `s[before..after]`; a `?` after it makes it non-greedy. Returns
    /// where parsing goes on.
    fn repeat(
        &mut self,
        star: Option<(i32, i32)>,
        min: i32,
        max: i32,
        before: usize,
        mut after: usize,
        last_repeat: Option<usize>,
    ) -> Result<usize, Error> {
        let s = self.whole;
        let mut greedy = !self.flags.non_greedy;
        if s.as_bytes().get(after) == Some(&b'?') {
            after += 1;
            greedy = !greedy;
        }
        if let Some(last) = last_repeat {
            // Perl does not stack repetitions: `a**` is an error.
            return Err(Error::new(INVALID_REPEAT_OP, &s[last..after]));
        }
        let (sub, height) = match self.stack.pop() {
            Some(Item::Node(node, height)) => (node, height),
            other => {
                if let Some(item) = other {
                    self.stack.push(item);
                }
                return Err(Error::new(MISSING_REPEAT_ARGUMENT, &s[before..after]));
            }
        };
        let sub = Box::new(sub);
        let node = match star {
            Some((0, -1)) => Node::Star(sub, greedy),
            Some((1, -1)) => Node::Plus(sub, greedy),
            Some(_) => Node::Quest(sub, greedy),
            None => Node::Repeat {
                sub,
                min,
                max,
                greedy,
            },
        };
        self.push_tall(node, height + 1);
        if self.too_deep {
            return Err(Error::new(NESTING_DEPTH, s));
        }
        let valid = match self.stack.last() {
            Some(Item::Node(node, _)) => star.is_some() || repeat_is_valid(node, MAX_REPEAT),
            _ => true,
        };
        if !valid && (min >= 2 || max >= 2) {
            return Err(Error::new(INVALID_REPEAT_SIZE, &s[before..after]));
        }
        Ok(after)
    }

    /// `concat`: the expressions above the topmost `|` or `(` joined.
    fn concat(&mut self) {
        let subs = self.pop_nodes();
        match subs.len() {
            0 => self.push(Node::Empty),
            _ => {
                let (node, height) = collapse(subs, false);
                self.push_tall(node, height);
            }
        }
    }

    /// `alternate`: the expressions above the topmost `(` as alternatives.
    fn alternate(&mut self) {
        let subs = self.pop_nodes();
        if !subs.is_empty() {
            let (node, height) = collapse(subs, true);
            self.push_tall(node, height);
        }
    }

    fn pop_nodes(&mut self) -> Vec<(Node, usize)> {
        let start = self
            .stack
            .iter()
            .rposition(|i| !matches!(i, Item::Node(..)))
            .map_or(0, |i| i + 1);
        self.stack
            .drain(start..)
            .filter_map(|i| match i {
                Item::Node(n, h) => Some((n, h)),
                _ => None,
            })
            .collect()
    }

    /// `parseVerticalBar`.
    fn vertical_bar(&mut self) {
        self.concat();
        if !self.swap_vertical_bar() {
            self.stack.push(Item::VerticalBar);
        }
    }

    /// `swapVerticalBar`: an expression above a `|` goes below it.
    fn swap_vertical_bar(&mut self) -> bool {
        let n = self.stack.len();
        if n >= 2 && matches!(self.stack[n - 2], Item::VerticalBar) {
            self.stack.swap(n - 2, n - 1);
            return true;
        }
        false
    }

    /// `parseRightParen`.
    fn right_paren(&mut self) -> Result<(), Error> {
        self.concat();
        if self.swap_vertical_bar() {
            self.stack.pop();
        }
        self.alternate();
        let unexpected = || Error::new(UNEXPECTED_PAREN, self.whole);
        let (Some(Item::Node(inner, height)), Some(Item::LeftParen { flags, capture })) =
            (self.stack.pop(), self.stack.pop())
        else {
            return Err(unexpected());
        };
        self.flags = flags;
        if capture {
            self.push_tall(Node::Capture(Box::new(inner)), height + 1);
        } else {
            self.push_tall(inner, height);
        }
        Ok(())
    }

    /// `parsePerlFlags`: a named capture, or flags and a non-capturing
    /// group, at `t` (`(?`).
    fn perl_flags(&mut self, t: usize) -> Result<usize, Error> {
        let rest = &self.whole[t..];
        let b = rest.as_bytes();
        let starts_with_p = b.len() > 4 && b[2] == b'P' && b[3] == b'<';
        let starts_with_name = b.len() > 3 && b[2] == b'<';
        if starts_with_p || starts_with_name {
            let name_start = if starts_with_p { 4 } else { 3 };
            let Some(end) = rest.find('>') else {
                return Err(Error::new(INVALID_NAMED_CAPTURE, rest));
            };
            let name = &rest[name_start..end];
            let valid =
                !name.is_empty() && name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric());
            if !valid {
                return Err(Error::new(INVALID_NAMED_CAPTURE, &rest[..=end]));
            }
            self.stack.push(Item::LeftParen {
                flags: self.flags,
                capture: true,
            });
            return Ok(t + end + 1);
        }
        let mut flags = self.flags;
        let mut negative = false;
        let mut saw_flag = false;
        let mut i = 2;
        while let Some(c) = rest[i..].chars().next() {
            i += c.len_utf8();
            match c {
                'i' => flags.fold_case = !negative,
                'm' => flags.one_line = negative,
                's' => flags.dot_nl = !negative,
                'U' => flags.non_greedy = !negative,
                '-' if !negative => {
                    negative = true;
                    saw_flag = false;
                    continue;
                }
                ':' | ')' if !negative || saw_flag => {
                    if c == ':' {
                        self.stack.push(Item::LeftParen {
                            flags: self.flags,
                            capture: false,
                        });
                    }
                    self.flags = flags;
                    return Ok(t + i);
                }
                _ => break,
            }
            saw_flag = true;
        }
        Err(Error::new(INVALID_PERL_OP, &rest[..i]))
    }

    /// A backslash at `t`: `\A`, `\b`, `\B`, `\Q…\E`, `\z`, a Unicode or
    /// Perl class, or an escaped character.
    fn backslash(&mut self, t: usize) -> Result<usize, Error> {
        let s = self.whole;
        match s.as_bytes().get(t + 1) {
            Some(b'A') => {
                self.push(Node::BeginText);
                return Ok(t + 2);
            }
            Some(b'b') => {
                self.push(Node::WordBoundary);
                return Ok(t + 2);
            }
            Some(b'B') => {
                self.push(Node::NoWordBoundary);
                return Ok(t + 2);
            }
            Some(b'C') => return Err(Error::new(INVALID_ESCAPE, &s[t..t + 2])),
            Some(b'Q') => {
                let quoted = &s[t + 2..];
                let (literal, after) = match quoted.find(r"\E") {
                    Some(end) => (&quoted[..end], t + 2 + end + 2),
                    None => (quoted, s.len()),
                };
                for c in literal.chars() {
                    self.literal(c as u32);
                }
                return Ok(after);
            }
            Some(b'z') => {
                self.push(Node::EndText);
                return Ok(t + 2);
            }
            _ => {}
        }
        let mut class = Class::default();
        if let Some(after) = self.unicode_class(t, &mut class)? {
            self.push(Node::Class(class.finish(false)));
            return Ok(after);
        }
        if let Some(after) = self.perl_class(t, &mut class) {
            self.push(Node::Class(class.finish(false)));
            return Ok(after);
        }
        let (c, after) = escape(s, t)?;
        self.literal(c);
        Ok(after)
    }

    /// `parsePerlClassEscape`: `\d`, `\s`, `\w` and their negations.
    fn perl_class(&self, t: usize, class: &mut Class) -> Option<usize> {
        let name = self.whole.get(t..t + 2)?;
        if !name.starts_with('\\') {
            return None;
        }
        let (ranges, negated) = unicode::group(name)?;
        class.add_group(ranges, negated, self.flags.fold_case);
        Some(t + 2)
    }

    /// `parseUnicodeClass`: `\pL`, `\p{Greek}`, `\P{…}`, `\p{^…}` at `t`.
    fn unicode_class(&self, t: usize, class: &mut Class) -> Result<Option<usize>, Error> {
        let s = self.whole;
        let b = s.as_bytes();
        if b.get(t) != Some(&b'\\') || !matches!(b.get(t + 1), Some(b'p' | b'P')) {
            return Ok(None);
        }
        let mut positive = b[t + 1] == b'p';
        let (seq, mut name, after) = match s[t + 2..].chars().next() {
            Some('{') => {
                let Some(end) = s[t..].find('}').map(|e| t + e) else {
                    return Err(Error::new(INVALID_CHAR_CLASS_RANGE, &s[t..]));
                };
                (&s[t..=end], &s[t + 3..end], end + 1)
            }
            Some(c) => {
                let end = t + 2 + c.len_utf8();
                (&s[t..end], &s[t + 2..end], end)
            }
            None => (&s[t..], "", s.len()),
        };
        if let Some(rest) = name.strip_prefix('^') {
            positive = !positive;
            name = rest;
        }
        let Some(table) = unicode::table(name) else {
            return Err(Error::new(INVALID_CHAR_CLASS_RANGE, seq));
        };
        class.add_table(table, positive, self.flags.fold_case);
        Ok(Some(after))
    }

    /// `parseClass`: `[…]` at `t`.
    fn class(&mut self, t: usize) -> Result<usize, Error> {
        let s = self.whole;
        let b = s.as_bytes();
        let whole_class = &s[t..];
        let fold = self.flags.fold_case;
        let mut i = t + 1;
        let negated = b.get(i) == Some(&b'^');
        if negated {
            i += 1;
        }
        let mut class = Class::default();
        let mut first = true;
        while i >= s.len() || b[i] != b']' || first {
            first = false;
            // A POSIX class, `[:alnum:]`.
            if s.len() - i.min(s.len()) > 2
                && b[i] == b'['
                && b[i + 1] == b':'
                && let Some(end) = s[i + 2..].find(":]")
            {
                let name = &s[i..i + 2 + end + 2];
                let Some((ranges, group_negated)) = unicode::group(name) else {
                    return Err(Error::new(INVALID_CHAR_CLASS_RANGE, name));
                };
                class.add_group(ranges, group_negated, fold);
                i += name.len();
                continue;
            }
            if let Some(after) = self.unicode_class(i, &mut class)? {
                i = after;
                continue;
            }
            if let Some(after) = self.perl_class(i, &mut class) {
                i = after;
                continue;
            }
            // A character or a range.
            let range_start = i;
            let (lo, after) = class_char(s, i, whole_class)?;
            i = after;
            let mut hi = lo;
            if b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(|c| *c != b']') {
                let (high, after) = class_char(s, i + 1, whole_class)?;
                i = after;
                hi = high;
                if hi < lo {
                    return Err(Error::new(INVALID_CHAR_CLASS_RANGE, &s[range_start..i]));
                }
            }
            class.add(lo, hi, fold);
        }
        self.push(Node::Class(class.finish(negated)));
        Ok(i + 1)
    }
}

/// `parseClassChar`: a character of a class at `t`; past the end, the
/// class is missing its `]`.
fn class_char(s: &str, t: usize, whole_class: &str) -> Result<(u32, usize), Error> {
    match s.as_bytes().get(t) {
        None => Err(Error::new(MISSING_BRACKET, whole_class)),
        Some(b'\\') => escape(s, t),
        Some(_) => {
            let c = next_char(s, t);
            Ok((c as u32, t + c.len_utf8()))
        }
    }
}

/// `parseEscape`: the escaped character at `t` (a backslash) and where
/// parsing goes on.
fn escape(s: &str, t: usize) -> Result<(u32, usize), Error> {
    let mut i = t + 1;
    let Some(c) = s[i..].chars().next() else {
        return Err(Error::new(TRAILING_BACKSLASH, ""));
    };
    i += c.len_utf8();
    let invalid = |end: usize| Error::new(INVALID_ESCAPE, &s[t..end]);
    let octal = |i: usize| s.as_bytes().get(i).filter(|b| (b'0'..=b'7').contains(b));
    match c {
        // Octal: `\0`, or a digit with more (a lone `\1` is a
        // backreference, which Go does not support).
        '1'..='7' if octal(i).is_none() => Err(invalid(i)),
        '0'..='7' => {
            let mut r = c as u32 - '0' as u32;
            for _ in 0..2 {
                let Some(d) = octal(i) else { break };
                r = r * 8 + u32::from(d - b'0');
                i += 1;
            }
            Ok((r, i))
        }
        'x' => {
            let Some(c) = s[i..].chars().next() else {
                return Err(invalid(i));
            };
            i += c.len_utf8();
            if c == '{' {
                let mut r: u32 = 0;
                let mut digits = 0;
                loop {
                    let Some(c) = s[i..].chars().next() else {
                        return Err(invalid(i));
                    };
                    i += c.len_utf8();
                    if c == '}' {
                        break;
                    }
                    let Some(v) = c.to_digit(16) else {
                        return Err(invalid(i));
                    };
                    r = r * 16 + v;
                    if r > MAX_RUNE {
                        return Err(invalid(i));
                    }
                    digits += 1;
                }
                if digits == 0 {
                    return Err(invalid(i));
                }
                return Ok((r, i));
            }
            let x = c.to_digit(16);
            let second = s[i..].chars().next();
            if let Some(d) = second {
                i += d.len_utf8();
            }
            match (x, second.and_then(|d| d.to_digit(16))) {
                (Some(x), Some(y)) => Ok((x * 16 + y, i)),
                _ => Err(invalid(i)),
            }
        }
        'a' => Ok((0x07, i)),
        'f' => Ok((0x0c, i)),
        'n' => Ok((0x0a, i)),
        'r' => Ok((0x0d, i)),
        't' => Ok((0x09, i)),
        'v' => Ok((0x0b, i)),
        // Escaped punctuation is itself (`\_` too); `\q` is an error.
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c as u32, i)),
        _ => Err(invalid(i)),
    }
}

/// `parseRepeat`: `{min}`, `{min,}` or `{min,max}` at `t`, with where
/// parsing goes on; `None` when it is not one (the `{` is a literal).
/// A number too large is -1.
fn parse_repeat(s: &str, t: usize) -> Option<(i32, i32, usize)> {
    let b = s.as_bytes();
    let mut i = t + 1;
    let (mut min, after) = parse_int(b, i)?;
    i = after;
    let max;
    match b.get(i)? {
        b',' => {
            i += 1;
            if *b.get(i)? == b'}' {
                max = -1;
            } else {
                let (m, after) = parse_int(b, i)?;
                i = after;
                max = m;
                if m < 0 {
                    min = -1;
                }
            }
        }
        _ => max = min,
    }
    (*b.get(i)? == b'}').then_some((min, max, i + 1))
}

/// `parseInt`: decimal digits without a leading zero; -1 when too large.
fn parse_int(b: &[u8], t: usize) -> Option<(i32, usize)> {
    let digits = b[t.min(b.len())..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || (digits >= 2 && b[t] == b'0') {
        return None;
    }
    let mut n: i32 = 0;
    for &d in &b[t..t + digits] {
        if n >= 100_000_000 {
            n = -1;
            break;
        }
        n = n * 10 + i32::from(d - b'0');
    }
    Some((n, t + digits))
}

/// `collapse`: a concatenation or an alternation, nested ones of the same
/// kind hoisted into it, with its height (a hoisted one's children are
/// one lower than it).
fn collapse(subs: Vec<(Node, usize)>, alternate: bool) -> (Node, usize) {
    if subs.len() == 1 {
        return subs.into_iter().next().unwrap_or((Node::Empty, 1));
    }
    let mut out = Vec::with_capacity(subs.len());
    let mut height = 0;
    for (sub, h) in subs {
        match (sub, alternate) {
            (Node::Alternate(inner), true) | (Node::Concat(inner), false) => {
                height = height.max(h);
                out.extend(inner);
            }
            (other, _) => {
                height = height.max(h + 1);
                out.push(other);
            }
        }
    }
    let node = if alternate {
        Node::Alternate(out)
    } else {
        Node::Concat(out)
    };
    (node, height)
}

/// `repeatIsValid`: nested counted repetitions multiply to at most `n`.
fn repeat_is_valid(node: &Node, mut n: i32) -> bool {
    if let Node::Repeat { min, max, .. } = node {
        let mut m = *max;
        if m == 0 {
            return true;
        }
        if m < 0 {
            m = *min;
        }
        if m > n {
            return false;
        }
        if m > 0 {
            n /= m;
        }
    }
    children(node).iter().all(|sub| repeat_is_valid(sub, n))
}

fn children(node: &Node) -> &[Node] {
    match node {
        Node::Capture(sub) | Node::Star(sub, _) | Node::Plus(sub, _) | Node::Quest(sub, _) => {
            std::slice::from_ref(&**sub)
        }
        Node::Repeat { sub, .. } => std::slice::from_ref(&**sub),
        Node::Concat(subs) | Node::Alternate(subs) => subs,
        _ => &[],
    }
}

/// `calcSize`: the compiled program's instructions, estimated as Go does.
fn size(node: &Node) -> u64 {
    let sub = |n: &Node| size(n);
    let size = match node {
        Node::Capture(s) | Node::Star(s, _) => 2 + sub(s),
        Node::Plus(s, _) | Node::Quest(s, _) => 1 + sub(s),
        Node::Concat(subs) => subs.iter().map(sub).fold(0, u64::saturating_add),
        Node::Alternate(subs) => subs
            .iter()
            .map(sub)
            .fold(subs.len() as u64 - 1, u64::saturating_add),
        Node::Repeat {
            sub: s, min, max, ..
        } => {
            let inner = sub(s);
            let (min, max) = (u64::try_from(*min).unwrap_or(0), *max);
            match u64::try_from(max) {
                Err(_) if min == 0 => 2 + inner,
                Err(_) => min.saturating_mul(inner).saturating_add(1),
                Ok(max) => max.saturating_mul(inner).saturating_add(max - min.min(max)),
            }
        }
        _ => 1,
    };
    size.max(1)
}
