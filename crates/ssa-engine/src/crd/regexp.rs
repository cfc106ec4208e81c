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
/// checks with it (a few patterns, many values).
fn translate(pattern: &str, dialect: RegexpDialect) -> Result<String, Error> {
    type Cache = Vec<(String, RegexpDialect, Result<String, Error>)>;
    thread_local! {
        static TRANSLATED: RefCell<Cache> = const { RefCell::new(Vec::new()) };
    }
    TRANSLATED.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some((.., translated)) = cache.iter().find(|(p, d, _)| p == pattern && *d == dialect)
        {
            return translated.clone();
        }
        if cache.len() >= 256 {
            cache.clear();
        }
        let translated = parse::parse(pattern).map(|node| host::write(&node, dialect));
        cache.push((pattern.to_string(), dialect, translated.clone()));
        translated
    })
}

#[cfg(test)]
mod tests;
