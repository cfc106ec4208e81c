//! The comparison the `tools/*-diff` checks share: a directory (named by
//! an environment variable) holds the generated cases (`in.jsonl`) and the
//! upstream Go code's answers (`out.jsonl`), one JSON document per line;
//! each pair is handed to the check, and every difference it reports is
//! listed when the test fails (the first 30, or `$DIFF_SHOW`). The tests
//! that call this are ignored: they run by hand, after a tool has written
//! the files.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::value::Value;

/// Runs `check` on every (case, answer) pair of `$var/in.jsonl` and
/// `$var/out.jsonl`; `check` returns a description of a difference, or
/// `None` when the engine agrees (or the case is left out).
pub(crate) fn each_case(var: &str, mut check: impl FnMut(&Value, &Value) -> Option<String>) {
    let dir = std::env::var(var).unwrap_or_else(|_| panic!("{var} names the directory"));
    let read = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
    let (ins, outs) = (read("in.jsonl"), read("out.jsonl"));
    let differ: Vec<String> = ins
        .lines()
        .zip(outs.lines())
        .filter_map(|(input, output)| {
            let parse = |t: &str| Value::from_json_str(t).unwrap();
            check(&parse(input), &parse(output)).map(|d| format!("{input}\n  {d}"))
        })
        .collect();
    let shown = std::env::var("DIFF_SHOW")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(30);
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ
            .iter()
            .take(shown)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// `list`'s strings sorted and without repeats: field errors compared as
/// sets (upstream walks Go maps; an aggregate drops repeated messages).
pub(crate) fn sorted_set(list: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut items: Vec<String> = list.into_iter().collect();
    items.sort();
    items.dedup();
    items
}
