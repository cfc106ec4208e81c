//! Go's regular expressions, as the API server compiles them: a CRD's
//! `pattern` (`regexp.Compile` in apiextensions-apiserver's structural
//! schema check, `MatchString` in kube-openapi's validation), CEL's
//! `matches()` (cel-go's `regexp.MatchString`, and the
//! `ValidateRegexLiterals` check Kubernetes adds) and Kubernetes' regex
//! library (`find()` and `findAll()`: `FindString`, `FindAllString`).
//!
//! The syntax is Go's own (`parse`, a port of `regexp/syntax`): what Go
//! refuses is refused with Go's message, and what Go takes means what it
//! means in Go, whichever engine then matches it. The engine has no
//! matcher of its own: the pattern is rewritten for the front end's
//! (`host`: the `regex` crate natively, JavaScript's `RegExp` in the
//! browser), so that the CLI, the page and the JavaScript API agree with
//! the server and with each other.

mod host;
mod parse;
mod unicode;

pub use host::RegexpDialect;
pub(crate) use parse::Error;

use std::cell::RefCell;

/// A regular expression engine a front end gives: the first match of
/// `pattern` (written in the dialect's syntax) in `text` that starts at
/// or after the byte `start` (a char boundary), as byte offsets; the
/// text before `start` is seen by `^`, `\b` and lookbehinds, as Go's
/// search from a position sees it. `Some(None)` when there is none,
/// `None` when the engine cannot tell (the pattern is beyond its limits).
pub type PatternMatcher =
    fn(pattern: &str, text: &str, start: usize) -> Option<Option<(usize, usize)>>;

/// A front end's engine and the syntax it reads.
#[derive(Clone, Copy)]
pub(crate) struct Host {
    pub(crate) dialect: RegexpDialect,
    pub(crate) matcher: PatternMatcher,
}

/// `regexp.Compile(pattern)`'s error, if Go's parser refuses it.
pub(crate) fn compile_error(pattern: &str) -> Option<Error> {
    parse::parse(pattern).err()
}

/// `regexp.MatchString(pattern, text)`: Go's error when the pattern does
/// not compile; `Ok(None)` when the host cannot tell.
pub(crate) fn match_string(host: Host, pattern: &str, text: &str) -> Result<Option<bool>, Error> {
    let translated = translate(pattern, host.dialect)?;
    Ok((host.matcher)(&translated, text, 0).map(|found| found.is_some()))
}

/// `Regexp.FindString`: the first match, `""` when there is none.
pub(crate) fn find_string(host: Host, pattern: &str, text: &str) -> Result<Option<String>, Error> {
    Ok(find_all_string(host, pattern, text, 1)?
        .map(|found| found.into_iter().next().unwrap_or_default()))
}

/// `Regexp.FindAllString(text, n)`: the successive non-overlapping
/// matches, at most `n` (all when `n` is negative), as Go's
/// `allMatches` walks them: an empty match right after a match is
/// skipped, and after an empty match the search moves on by a character.
pub(crate) fn find_all_string(
    host: Host,
    pattern: &str,
    text: &str,
    n: i64,
) -> Result<Option<Vec<String>>, Error> {
    let translated = translate(pattern, host.dialect)?;
    let limit = usize::try_from(n).unwrap_or(usize::MAX);
    let mut found = Vec::new();
    let (mut pos, mut previous_end) = (0, None);
    while found.len() < limit && pos <= text.len() {
        let Some(next) = (host.matcher)(&translated, text, pos) else {
            return Ok(None);
        };
        let Some((start, end)) = next else { break };
        let mut accept = true;
        if end == pos {
            // An empty match, not taken right after a match.
            accept = previous_end != Some(start);
            pos += text
                .get(pos..)
                .and_then(|rest| rest.chars().next())
                .map_or(1, char::len_utf8);
        } else {
            pos = end;
        }
        previous_end = Some(end);
        if accept {
            found.push(text.get(start..end).unwrap_or_default().to_string());
        }
    }
    Ok(Some(found))
}

/// `pattern` in the host's syntax, kept for the next values a schema
/// checks with it.
fn translate(pattern: &str, dialect: RegexpDialect) -> Result<String, Error> {
    type Translated = CompiledPatterns<Result<String, Error>>;
    thread_local! {
        static RUST: RefCell<Translated> = const { RefCell::new(CompiledPatterns::new()) };
        static JAVASCRIPT: RefCell<Translated> = const { RefCell::new(CompiledPatterns::new()) };
    }
    let cache = match dialect {
        RegexpDialect::Rust => &RUST,
        RegexpDialect::JavaScript => &JAVASCRIPT,
    };
    cache.with_borrow_mut(|cache| {
        cache.get_or_compile(pattern, |p| {
            parse::parse(p).map(|node| host::write(&node, dialect))
        })
    })
}

/// Patterns compiled once and kept by their text, for the next values a
/// schema checks with them (a few patterns, many values): at most 256,
/// then they are all dropped. Front ends keep their engine's compiled
/// patterns here too.
#[derive(Debug)]
pub struct CompiledPatterns<T>(Vec<(String, T)>);

impl<T: Clone> CompiledPatterns<T> {
    pub const fn new() -> Self {
        CompiledPatterns(Vec::new())
    }

    /// `pattern` compiled by `compile`, the first time it is asked.
    pub fn get_or_compile(&mut self, pattern: &str, compile: impl FnOnce(&str) -> T) -> T {
        if let Some((_, compiled)) = self.0.iter().find(|(p, _)| p == pattern) {
            return compiled.clone();
        }
        if self.0.len() >= 256 {
            self.0.clear();
        }
        let compiled = compile(pattern);
        self.0.push((pattern.to_string(), compiled.clone()));
        compiled
    }
}

impl<T: Clone> Default for CompiledPatterns<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests;
