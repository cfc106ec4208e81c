//! A parsed Go regular expression written in the syntax of the engine
//! that matches it: Rust's `regex` crate natively, JavaScript's `RegExp`
//! (with the `u` flag) in the browser. Both match what Go matches, and
//! prefer the match Go prefers (leftmost, then in a backtracking
//! engine's order of preference, greedy or lazy as written: Go's
//! leftmost-first matching):
//! - every character outside ASCII letters and digits is written
//!   `\u{…}`, which both read alike;
//! - `.`, `\d`, `\s`, `\w` and the POSIX classes become explicit ranges
//!   (Go's are ASCII; `.` stops only at `\n`);
//! - case folding is expanded into classes of each character's orbit;
//! - `^` and `$` after `(?m)` stop only at `\n` (JavaScript's `m` flag
//!   would stop at `\r` too): `(?m:^)` natively, lookarounds in
//!   JavaScript; `\b` is ASCII's (`(?-u:\b)` natively);
//! - `\p{…}` keeps its property, by the name both know (`Script=Greek`).
//!
//! Not exact: case folding of a `\p{…}` in JavaScript (natively `(?i:…)`
//! folds it as Go does).

use super::parse::{Class, Node, complement};
use super::unicode;

/// The regular expression engine a front end gives the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegexpDialect {
    /// The `regex` crate.
    Rust,
    /// ECMAScript's `RegExp`, given the pattern with the `u` flag (and
    /// `g`, to search from a position).
    JavaScript,
}

/// Never matches: an empty class.
const NEVER: &str = r"[^\u{0}-\u{10FFFF}]";
const SURROGATES: (u32, u32) = (0xd800, 0xdfff);

/// `node` in `dialect`'s syntax.
pub(super) fn write(node: &Node, dialect: RegexpDialect) -> String {
    let mut out = String::new();
    emit(node, dialect, &mut out);
    out
}

fn emit(node: &Node, dialect: RegexpDialect, out: &mut String) {
    let js = dialect == RegexpDialect::JavaScript;
    match node {
        Node::Empty => out.push_str("(?:)"),
        Node::Literal { c, fold: false } => literal(*c, out),
        Node::Literal { c, fold: true } => {
            let orbit: Vec<(u32, u32)> = unicode::orbit(*c).into_iter().map(|c| (c, c)).collect();
            class(
                &Class {
                    ranges: orbit,
                    ..Class::default()
                },
                dialect,
                out,
            );
        }
        Node::Class(c) => class(c, dialect, out),
        Node::BeginLine if js => out.push_str(r"(?<![^\u{A}])"),
        Node::BeginLine => out.push_str("(?m:^)"),
        Node::EndLine if js => out.push_str(r"(?![^\u{A}])"),
        Node::EndLine => out.push_str("(?m:$)"),
        Node::BeginText => out.push('^'),
        Node::EndText => out.push('$'),
        Node::WordBoundary if js => out.push_str(r"\b"),
        Node::WordBoundary => out.push_str(r"(?-u:\b)"),
        Node::NoWordBoundary if js => out.push_str(r"\B"),
        Node::NoWordBoundary => out.push_str(r"(?-u:\B)"),
        Node::Capture(sub) => group(sub, dialect, out),
        Node::Star(sub, greedy) => repeat(sub, "*", *greedy, dialect, out),
        Node::Plus(sub, greedy) => repeat(sub, "+", *greedy, dialect, out),
        Node::Quest(sub, greedy) => repeat(sub, "?", *greedy, dialect, out),
        Node::Repeat {
            sub,
            min,
            max,
            greedy,
        } => {
            let count = match *max {
                -1 => format!("{{{min},}}"),
                max if max == *min => format!("{{{min}}}"),
                max => format!("{{{min},{max}}}"),
            };
            repeat(sub, &count, *greedy, dialect, out);
        }
        Node::Concat(subs) => {
            for sub in subs {
                emit(sub, dialect, out);
            }
        }
        Node::Alternate(subs) => {
            out.push_str("(?:");
            for (i, sub) in subs.iter().enumerate() {
                if i > 0 {
                    out.push('|');
                }
                emit(sub, dialect, out);
            }
            out.push(')');
        }
    }
}

/// `sub` repeated by `operator`, lazily (`*?`) unless `greedy`: both
/// engines, like Go, prefer the same matches (leftmost, then by the
/// repetitions' preferences and the alternatives' order).
fn repeat(sub: &Node, operator: &str, greedy: bool, dialect: RegexpDialect, out: &mut String) {
    group(sub, dialect, out);
    out.push_str(operator);
    if !greedy {
        out.push('?');
    }
}

fn group(node: &Node, dialect: RegexpDialect, out: &mut String) {
    out.push_str("(?:");
    emit(node, dialect, out);
    out.push(')');
}

/// A code point: ASCII letters and digits as they are, others escaped.
/// A surrogate (Go reads `\x{D800}`) is in no text.
fn literal(c: u32, out: &mut String) {
    if (SURROGATES.0..=SURROGATES.1).contains(&c) {
        out.push_str(NEVER);
    } else {
        code_point(c, out);
    }
}

fn code_point(c: u32, out: &mut String) {
    match char::from_u32(c) {
        Some(ch) if ch.is_ascii_alphanumeric() => out.push(ch),
        _ => out.push_str(&format!(r"\u{{{c:X}}}")),
    }
}

/// A class: its ranges without surrogates, then its properties.
fn class(c: &Class, dialect: RegexpDialect, out: &mut String) {
    let ranges = without_surrogates(&c.ranges);
    if c.properties.is_empty() && ranges.is_empty() {
        out.push_str(if c.negated {
            r"[\u{0}-\u{10FFFF}]"
        } else {
            NEVER
        });
        return;
    }
    // Natively, `(?i:…)` folds a property as Go's fold tables do.
    let fold = dialect == RegexpDialect::Rust && c.properties.iter().any(|p| p.fold);
    if fold {
        out.push_str("(?i:");
    }
    out.push('[');
    if c.negated {
        out.push('^');
    }
    for (lo, hi) in ranges {
        code_point(lo, out);
        if hi > lo {
            out.push('-');
            code_point(hi, out);
        }
    }
    for p in &c.properties {
        let letter = if p.negated { 'P' } else { 'p' };
        out.push_str(&format!(r"\{letter}{{{}}}", p.host));
    }
    out.push(']');
    if fold {
        out.push(')');
    }
}

/// `ranges` less the surrogates, which no text holds.
fn without_surrogates(ranges: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let gap = complement(&[SURROGATES]);
    let mut out = Vec::new();
    for &(lo, hi) in ranges {
        for &(glo, ghi) in &gap {
            let (a, b) = (lo.max(glo), hi.min(ghi));
            if a <= b {
                out.push((a, b));
            }
        }
    }
    out
}
