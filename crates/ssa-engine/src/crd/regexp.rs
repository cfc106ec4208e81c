//! Go's regular expressions, as the API server compiles them: a CRD's
//! `pattern` (`regexp.Compile` in apiextensions-apiserver's structural
//! schema check, `MatchString` in kube-openapi's validation) and CEL's
//! `matches()` (cel-go's `regexp.MatchString`, and the
//! `ValidateRegexLiterals` check Kubernetes adds).
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

/// A regular expression engine a front end gives: whether `text` has a
/// match of `pattern` (written in the dialect's syntax), `None` when it
/// cannot tell (the pattern is beyond its limits).
pub type PatternMatcher = fn(pattern: &str, text: &str) -> Option<bool>;

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
    Ok((host.matcher)(&translated, text))
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
