//! The sentences of a step's "Why?", kept as data in `why.txt` beside
//! this module: the page fetches the file beside its wasm, as it does the
//! catalogue, so that the explanations cost its download nothing; the CLI
//! and the JavaScript API package compile it in (`embedded-why`).

use std::sync::OnceLock;

#[cfg(feature = "embedded-why")]
const EMBEDDED: Option<&str> = Some(include_str!("../why.txt"));
#[cfg(not(feature = "embedded-why"))]
const EMBEDDED: Option<&str> = None;

/// The text handed over by [`provide`].
static PROVIDED: OnceLock<String> = OnceLock::new();

/// Gives the engine the text of `why.txt` where it is not compiled in.
/// Call it before the first step is explained; `false` when a text was
/// given already or is compiled in (this one is then ignored).
pub fn provide(text: String) -> bool {
    EMBEDDED.is_none() && PROVIDED.set(text).is_ok()
}

/// The text of `why.txt`, once there is one.
fn text() -> Option<&'static str> {
    EMBEDDED.or(PROVIDED.get().map(String::as_str))
}

/// The file's sections: each `[key]` and the lines under it, up to the
/// next key (the comments before the first key are none). Read in the
/// text itself at each use (a few dozen sections in 10 KB), which keeps
/// the page's code smaller than a table.
fn sections() -> impl Iterator<Item = (&'static str, &'static str)> {
    text()
        .into_iter()
        .flat_map(|text| text.split("\n[").skip(1))
        .filter_map(|section| section.split_once("]\n"))
        .map(|(key, body)| (key, body.trim()))
}

/// The `[hint.*]` sentences, in the file's order, one of whose `when:`
/// lines names a text `message` holds (a refusal's way through).
pub(super) fn hints(message: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (_, body) in sections().filter(|(key, _)| key.starts_with("hint.")) {
        let (mut sentence, mut matched) = (body, false);
        while let Some(line) = sentence.strip_prefix("when: ") {
            let (words, rest) = line.split_once('\n').unwrap_or((line, ""));
            matched |= message.contains(words);
            sentence = rest;
        }
        if matched {
            out.push(fill(sentence, &[]));
        }
    }
    out
}

/// The sentence `key` with its lines joined by spaces and its `{slot}`s
/// filled from `slots`. Without the file (the page could not fetch it),
/// the key and the slots' values, so that the facts are still said.
pub(super) fn say(key: &str, slots: &[(&str, &str)]) -> String {
    let Some((_, template)) = sections().find(|(k, _)| *k == key) else {
        return slots
            .iter()
            .map(|(_, value)| value.trim())
            .filter(|value| !value.is_empty())
            .fold(format!("[{key}]"), |text, value| text + " " + value);
    };
    fill(template, slots)
}

/// `template` with its lines joined by spaces and its `{slot}`s filled.
fn fill(template: &str, slots: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find(['{', '\n']) {
        out.push_str(&rest[..open]);
        let inside = &rest[open + 1..];
        if rest.as_bytes()[open] == b'\n' {
            out.push(' ');
            rest = inside;
            continue;
        }
        let filled = inside.find('}').and_then(|close| {
            let value = slots.iter().find(|(name, _)| *name == &inside[..close])?.1;
            Some((value, &inside[close + 1..]))
        });
        match filled {
            Some((value, after)) => {
                out.push_str(value);
                rest = after;
            }
            // Not a slot: a brace of the sentence itself.
            None => {
                out.push('{');
                rest = inside;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(all(test, feature = "embedded-why"))]
#[allow(clippy::unwrap_used, reason = "tests")]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The file as a map of keys to sentences, each line trimmed; `#`
    /// lines (comments) only before the first key.
    fn read(text: &str) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        let mut current: Option<(String, String)> = None;
        for line in text.lines() {
            let heading = line.strip_prefix('[').and_then(|l| l.strip_suffix(']'));
            if let Some(key) = heading {
                out.extend(current.take());
                current = Some((key.to_string(), String::new()));
            } else if let Some((key, sentence)) = &mut current {
                assert!(!line.starts_with('#'), "a comment in [{key}]");
                assert_eq!(line, line.trim(), "spaces around a line of [{key}]");
                if !line.is_empty() {
                    if !sentence.is_empty() {
                        sentence.push(' ');
                    }
                    sentence.push_str(line);
                }
            }
        }
        out.extend(current);
        out
    }

    #[test]
    fn lines_are_joined_and_slots_filled() {
        assert_eq!(
            say("no-op", &[("manager", "\"m\"")]),
            "Nothing changed: \"m\" wrote what the object already holds (values and ownership). The server stores nothing: no managedFields time is stamped, the resourceVersion stays and watchers get no event."
        );
        // A slot's value is not read for slots again.
        assert!(say("changed", &[("field", "{field}")]).starts_with("{field} changed."));
        // A hint for each of its `when:` texts, without them.
        let v1 = hints("x: sideEffects: Required value, y");
        assert_eq!(v1.len(), 1);
        assert!(
            v1[0].starts_with("v1 requires each webhook's sideEffects"),
            "{v1:?}"
        );
        assert_eq!(hints("admissionReviewVersions: Required value"), v1);
        assert!(hints("nothing to say").is_empty());
    }

    /// Every key the code asks for is in `why.txt`, every key there is
    /// asked for, and every slot a sentence has is one the code fills.
    #[test]
    fn the_file_and_the_code_agree() {
        let code = include_str!("../why.rs");
        let mut asked = BTreeMap::new();
        // `say("key", &[("slot", value), ...])`, as rustfmt lays it out.
        for call in code.split("say(").skip(1) {
            let Some(call) = call.trim_start().strip_prefix('"') else {
                continue;
            };
            let key = &call[..call.find('"').unwrap()];
            // The slots named in the call, up to the end of its slice.
            let args = &call[..call.find(']').unwrap()];
            let slots: Vec<&str> = args
                .split('(')
                .skip(1)
                .filter_map(|s| s.trim_start().strip_prefix('"'))
                .map(|s| &s[..s.find('"').unwrap()])
                .collect();
            asked.insert(key.to_string(), slots);
        }
        let file = read(include_str!("../why.txt"));
        // A hint is asked for by its `when:` lines, which come first.
        for (key, sentence) in file.iter().filter(|(k, _)| k.starts_with("hint.")) {
            assert!(sentence.starts_with("when: "), "[{key}] has no when: line");
            assert!(!sentence.contains('{'), "[{key}] has a slot");
        }
        let file_keys: Vec<&String> = file.keys().filter(|k| !k.starts_with("hint.")).collect();
        let asked_keys: Vec<&String> = asked.keys().collect();
        assert_eq!(file_keys, asked_keys, "keys in why.txt and in why.rs");
        for (key, sentence) in &file {
            for slot in sentence
                .split('{')
                .skip(1)
                .filter_map(|s| s.split_once('}'))
            {
                assert!(
                    asked[key].contains(&slot.0),
                    "[{key}] has {{{}}}, which why.rs does not fill",
                    slot.0
                );
            }
        }
    }
}
