//! The test tables of the library the API server applies JSON and merge
//! patches with, `gopkg.in/evanphx/json-patch.v4` (v4.12.0, `patch_test.go`
//! and `merge_test.go`), run against [`apply_json_patch`] and
//! [`apply_merge_patch`]. Documents are compared as JSON values. Where
//! upstream expects an error the engine must refuse the patch; the
//! library's words are not compared: the server's message for a failed JSON
//! patch operation is its generic 422 (`NewGenericServerResponse`), and the
//! engine words the detail itself.
//!
//! The options are the server's: `SupportNegativeIndices` keeps v4's
//! default (true: the apiserver never sets it), and
//! `AccumulatedCopySizeLimit` is armed by the generic API server from
//! `JSONPatchMaxCopyBytes` (3 MiB), not upstream's test value of 100.
//!
//! Not ported: `TestAdd`'s `rejectNegativeIndicies` case (an option the
//! server does not set), the empty document of `Cases[0]` (the server
//! always patches an object), `TestMergePatchReturnsErrorOnBadJSON` (the
//! engine receives parsed values, never bytes), the `CreateMergePatch`,
//! `MergeMergePatches`, `TestResembleJSONArray` and `TestMatchesValue`
//! tests (functions the server's patch handler does not call). `Equal`
//! (`TestEquality`) is not called by the server either; its cases are run
//! through the `test` operation, which compares with the same `equal`.
//!
//! Cases where the engine still differs from v4 are listed in [`KNOWN`]
//! with the reason; a listed case that passes fails the test, so the list
//! stays true.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::{apply_json_patch, apply_merge_patch};
use crate::value::Value;

/// (patch, why the engine differs from v4) of the cases the engine gets
/// wrong.
const KNOWN: &[(&str, &str)] = &[(
    "copy_size_limit",
    "the engine does not count what copies add (`AccumulatedCopySizeLimit`): only a patch whose copies add over 3 MiB reaches it, and the wasm size budget has no room for it",
)];

fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `v` as JSON, cut short for a message.
fn shown(v: &Value) -> String {
    v.to_json().chars().take(200).collect()
}

fn repeated_a(n: usize) -> String {
    "A".repeat(n)
}

/// What one case gave, `Ok(())` when it is what upstream expects.
type Outcome = Result<(), String>;

fn expect_doc(doc: &str, patch: &str, result: &str) -> Outcome {
    match apply_json_patch(&json(doc), &json(patch)) {
        Ok(got) if got == json(result) => Ok(()),
        Ok(got) => Err(format!("gave {}, want {result}", shown(&got))),
        Err(e) => Err(format!("failed: {} {:?}", e.message, e.detail)),
    }
}

fn expect_changed(doc: &str, patch: &str) -> Outcome {
    match apply_json_patch(&json(doc), &json(patch)) {
        Ok(got) if got != json(doc) => Ok(()),
        Ok(_) => Err("left the document as it was".to_string()),
        Err(e) => Err(format!("failed: {} {:?}", e.message, e.detail)),
    }
}

fn expect_error(doc: &str, patch: &str) -> Outcome {
    match apply_json_patch(&json(doc), &json(patch)) {
        Ok(got) => Err(format!("gave {}, want an error", shown(&got))),
        Err(_) => Ok(()),
    }
}

/// Checks every (patch, outcome) against [`KNOWN`].
fn check(outcomes: Vec<(String, Outcome)>) {
    let mut wrong = Vec::new();
    for (patch, outcome) in &outcomes {
        let known = KNOWN.iter().any(|(p, _)| p == patch);
        match outcome {
            Err(e) if !known => wrong.push(format!("{patch}: {e}")),
            Ok(()) if known => wrong.push(format!("{patch}: passes, but is listed in KNOWN")),
            _ => {}
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// `Cases` (`TestAllCases`): the patched document.
#[test]
fn cases() {
    let a48 = repeated_a(48);
    let copy_doc = format!(r#"{{ "foo": ["A", "{a48}"] }}"#);
    let copy_result = format!(r#"{{ "foo": ["A", "{a48}", "{a48}", "{a48}"] }}"#);
    let table: Vec<(&str, &str, &str)> = vec![
        // `Cases[0]`, the empty document, is not run: see the module's notes.
        (
            r#"{ "foo": "bar"}"#,
            r#"[{ "op": "add", "path": "/baz", "value": "qux" }]"#,
            r#"{ "baz": "qux", "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": [ "bar", "baz" ] }"#,
            r#"[{ "op": "add", "path": "/foo/1", "value": "qux" }]"#,
            r#"{ "foo": [ "bar", "qux", "baz" ] }"#,
        ),
        (
            r#"{ "foo": [ "bar", "baz" ] }"#,
            r#"[{ "op": "add", "path": "/foo/-1", "value": "qux" }]"#,
            r#"{ "foo": [ "bar", "baz", "qux" ] }"#,
        ),
        (
            r#"{ "baz": "qux", "foo": "bar" }"#,
            r#"[ { "op": "remove", "path": "/baz" } ]"#,
            r#"{ "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": [ "bar", "qux", "baz" ] }"#,
            r#"[ { "op": "remove", "path": "/foo/1" } ]"#,
            r#"{ "foo": [ "bar", "baz" ] }"#,
        ),
        (
            r#"{ "baz": "qux", "foo": "bar" }"#,
            r#"[ { "op": "replace", "path": "/baz", "value": "boo" } ]"#,
            r#"{ "baz": "boo", "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": { "bar": "baz", "waldo": "fred" }, "qux": { "corge": "grault" } }"#,
            r#"[ { "op": "move", "from": "/foo/waldo", "path": "/qux/thud" } ]"#,
            r#"{ "foo": { "bar": "baz" }, "qux": { "corge": "grault", "thud": "fred" } }"#,
        ),
        (
            r#"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            r#"[ { "op": "move", "from": "/foo/1", "path": "/foo/3" } ]"#,
            r#"{ "foo": [ "all", "cows", "eat", "grass" ] }"#,
        ),
        (
            r#"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            r#"[ { "op": "move", "from": "/foo/1", "path": "/foo/2" } ]"#,
            r#"{ "foo": [ "all", "cows", "grass", "eat" ] }"#,
        ),
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "path": "/child", "value": { "grandchild": { } } } ]"#,
            r#"{ "foo": "bar", "child": { "grandchild": { } } }"#,
        ),
        (
            r#"{ "foo": ["bar"] }"#,
            r#"[ { "op": "add", "path": "/foo/-", "value": ["abc", "def"] } ]"#,
            r#"{ "foo": ["bar", ["abc", "def"]] }"#,
        ),
        (
            r#"{ "foo": "bar", "qux": { "baz": 1, "bar": null } }"#,
            r#"[ { "op": "remove", "path": "/qux/bar" } ]"#,
            r#"{ "foo": "bar", "qux": { "baz": 1 } }"#,
        ),
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "path": "/baz", "value": null } ]"#,
            r#"{ "baz": null, "foo": "bar" }"#,
        ),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[ { "op": "replace", "path": "/foo/0", "value": "baz"}]"#,
            r#"{ "foo": ["baz"]}"#,
        ),
        (
            r#"{ "foo": ["bar","baz"]}"#,
            r#"[ { "op": "replace", "path": "/foo/0", "value": "bum"}]"#,
            r#"{ "foo": ["bum","baz"]}"#,
        ),
        (
            r#"{ "foo": ["bar","qux","baz"]}"#,
            r#"[ { "op": "replace", "path": "/foo/1", "value": "bum"}]"#,
            r#"{ "foo": ["bar", "bum","baz"]}"#,
        ),
        (
            r#"[ {"foo": ["bar","qux","baz"]}]"#,
            r#"[ { "op": "replace", "path": "/0/foo/0", "value": "bum"}]"#,
            r#"[ {"foo": ["bum","qux","baz"]}]"#,
        ),
        // Upstream's `compareJSON` decodes both sides into a map, which a
        // list is not: for a document that is a list it compares nil to
        // nil, and the results of the next two cases were never checked
        // (v4 gives `"bar": ["bar", "qux", "baz"]` and `"bar": "bar"`, as
        // RFC 6902 says, not upstream's `["bar", "baz"]` and
        // `["bar", "qux", "baz"]`). The results here are v4's.
        (
            r#"[ {"foo": ["bar","qux","baz"], "bar": ["qux","baz"]}]"#,
            r#"[ { "op": "copy", "from": "/0/foo/0", "path": "/0/bar/0"}]"#,
            r#"[ {"foo": ["bar","qux","baz"], "bar": ["bar", "qux", "baz"]}]"#,
        ),
        (
            r#"[ {"foo": ["bar","qux","baz"], "bar": ["qux","baz"]}]"#,
            r#"[ { "op": "copy", "from": "/0/foo/0", "path": "/0/bar"}]"#,
            r#"[ {"foo": ["bar","qux","baz"], "bar": "bar"}]"#,
        ),
        (
            r#"[ { "foo": {"bar": ["qux","baz"]}, "baz": {"qux": "bum"}}]"#,
            r#"[ { "op": "copy", "from": "/0/foo/bar", "path": "/0/baz/bar"}]"#,
            r#"[ { "baz": {"bar": ["qux","baz"], "qux":"bum"}, "foo": {"bar": ["qux","baz"]}}]"#,
        ),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[{"op": "copy", "path": "/foo/0", "from": "/foo"}]"#,
            r#"{ "foo": [["bar"], "bar"]}"#,
        ),
        (
            r#"{ "foo": ["bar","qux","baz"]}"#,
            r#"[ { "op": "remove", "path": "/foo/-2"}]"#,
            r#"{ "foo": ["bar", "baz"]}"#,
        ),
        (
            r#"{ "foo": []}"#,
            r#"[ { "op": "add", "path": "/foo/-1", "value": "qux"}]"#,
            r#"{ "foo": ["qux"]}"#,
        ),
        (
            r#"{ "bar": [{"baz": null}]}"#,
            r#"[ { "op": "replace", "path": "/bar/0/baz", "value": 1 } ]"#,
            r#"{ "bar": [{"baz": 1}]}"#,
        ),
        (
            r#"{ "bar": [{"baz": 1}]}"#,
            r#"[ { "op": "replace", "path": "/bar/0/baz", "value": null } ]"#,
            r#"{ "bar": [{"baz": null}]}"#,
        ),
        (
            r#"{ "bar": [null]}"#,
            r#"[ { "op": "replace", "path": "/bar/0", "value": 1 } ]"#,
            r#"{ "bar": [1]}"#,
        ),
        (
            r#"{ "bar": [1]}"#,
            r#"[ { "op": "replace", "path": "/bar/0", "value": null } ]"#,
            r#"{ "bar": [null]}"#,
        ),
        // Upstream runs this one with a copy limit of 100 bytes, which
        // the two copies of 50 bytes reach but do not pass.
        (
            &copy_doc,
            r#"[ { "op": "copy", "path": "/foo/-", "from": "/foo/1" },
                 { "op": "copy", "path": "/foo/-", "from": "/foo/1" }]"#,
            &copy_result,
        ),
        (
            r#"{ "id": "00000000-0000-0000-0000-000000000000",
                 "parentID": "00000000-0000-0000-0000-000000000000" }"#,
            r#"[ { "op": "test", "path": "",
                   "value": { "id": "00000000-0000-0000-0000-000000000000",
                              "parentID": "00000000-0000-0000-0000-000000000000" } },
                 { "op": "replace", "path": "",
                   "value": { "id": "759981e8-ec68-4639-a83e-513225914ecb",
                              "originalID": "bar",
                              "parentID": "00000000-0000-0000-0000-000000000000" } } ]"#,
            r#"{ "id" : "759981e8-ec68-4639-a83e-513225914ecb", "originalID" : "bar",
                 "parentID" : "00000000-0000-0000-0000-000000000000" }"#,
        ),
    ];
    check(
        table
            .into_iter()
            .map(|(doc, patch, result)| (patch.to_string(), expect_doc(doc, patch, result)))
            .collect(),
    );
}

/// `MutationTestCases` (`TestAllCases`): the patch changes the document.
#[test]
fn mutation_cases() {
    let table = [
        (
            r#"{ "foo": "bar", "qux": { "baz": 1, "bar": null } }"#,
            r#"[ { "op": "remove", "path": "/qux/bar" } ]"#,
        ),
        (
            r#"{ "foo": "bar", "qux": { "baz": 1, "bar": null } }"#,
            r#"[ { "op": "replace", "path": "/qux/baz", "value": null } ]"#,
        ),
    ];
    check(
        table
            .into_iter()
            .map(|(doc, patch)| (patch.to_string(), expect_changed(doc, patch)))
            .collect(),
    );
}

/// `BadCases` (`TestAllCases`): the patch fails.
#[test]
fn bad_cases() {
    let table = [
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "path": "/baz/bat", "value": "qux" } ]"#,
        ),
        (
            r#"{ "a": { "b": { "d": 1 } } }"#,
            r#"[ { "op": "remove", "path": "/a/b/c" } ]"#,
        ),
        (
            r#"{ "a": { "b": { "d": 1 } } }"#,
            r#"[ { "op": "move", "from": "/a/b/c", "path": "/a/b/e" } ]"#,
        ),
        (
            r#"{ "a": { "b": [1] } }"#,
            r#"[ { "op": "remove", "path": "/a/b/1" } ]"#,
        ),
        (
            r#"{ "a": { "b": [1] } }"#,
            r#"[ { "op": "move", "from": "/a/b/1", "path": "/a/b/2" } ]"#,
        ),
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "pathz": "/baz", "value": "qux" } ]"#,
        ),
        (
            r#"{ "foo": "bar" }"#,
            r#"[ { "op": "add", "path": "", "value": "qux" } ]"#,
        ),
        (
            r#"{ "foo": ["bar","baz"]}"#,
            r#"[ { "op": "replace", "path": "/foo/2", "value": "bum"}]"#,
        ),
        (
            r#"{ "foo": ["bar","baz"]}"#,
            r#"[ { "op": "add", "path": "/foo/-4", "value": "bum"}]"#,
        ),
        (
            r#"{ "name":{ "foo": "bat", "qux": "bum"}}"#,
            r#"[ { "op": "replace", "path": "/foo/bar", "value":"baz"}]"#,
        ),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[ {"op": "add", "path": "/foo/2", "value": "bum"}]"#,
        ),
        (
            r#"{ "foo": []}"#,
            r#"[ {"op": "remove", "path": "/foo/-"}]"#,
        ),
        (
            r#"{ "foo": []}"#,
            r#"[ {"op": "remove", "path": "/foo/-1"}]"#,
        ),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[ {"op": "remove", "path": "/foo/-2"}]"#,
        ),
        (r#"{}"#, r#"[ {"op":null,"path":""} ]"#),
        (r#"{}"#, r#"[ {"op":"add","path":null} ]"#),
        (r#"{}"#, r#"[ { "op": "copy", "from": null }]"#),
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[{"op": "copy", "path": "/foo/6666666666", "from": "/"}]"#,
        ),
        // Can't copy into an index greater than the size of the array.
        (
            r#"{ "foo": ["bar"]}"#,
            r#"[{"op": "copy", "path": "/foo/2", "from": "/foo/0"}]"#,
        ),
        // Upstream's case of the copy limit (two copies of 51 bytes over
        // its test limit of 100) is run at the server's limit in
        // `copy_size_limit`.
        // Can't move into an index greater than or equal to the size of
        // the array.
        (
            r#"{ "foo": [ "all", "grass", "cows", "eat" ] }"#,
            r#"[ { "op": "move", "from": "/foo/1", "path": "/foo/4" } ]"#,
        ),
    ];
    check(
        table
            .into_iter()
            .map(|(doc, patch)| (patch.to_string(), expect_error(doc, patch)))
            .collect(),
    );
}

/// `AccumulatedCopySizeLimit` at the server's `JSONPatchMaxCopyBytes`
/// (3 MiB): copies that add more than that in all refuse the patch, as
/// upstream's `BadCases` entry does at its test limit.
#[test]
fn copy_size_limit() {
    // Each copy adds the quoted string: 1 MiB + 2 bytes.
    let doc = format!(r#"{{ "foo": ["A", "{}"] }}"#, repeated_a(1 << 20));
    let copy = r#"{ "op": "copy", "path": "/foo/-", "from": "/foo/1" }"#;
    let two = format!("[{copy},{copy}]");
    let three = format!("[{copy},{copy},{copy}]");
    assert!(apply_json_patch(&json(&doc), &json(&two)).is_ok());
    check(vec![(
        "copy_size_limit".to_string(),
        expect_error(&doc, &three),
    )]);
}

/// `TestCases` (`TestAllTest`): `test` operations that pass or fail.
#[test]
fn test_operations() {
    let table = [
        (
            r#"{ "baz": "qux", "foo": [ "a", 2, "c" ] }"#,
            r#"[ { "op": "test", "path": "/baz", "value": "qux" },
                 { "op": "test", "path": "/foo/1", "value": 2 } ]"#,
            true,
        ),
        (
            r#"{ "baz": "qux" }"#,
            r#"[ { "op": "test", "path": "/baz", "value": "bar" } ]"#,
            false,
        ),
        (
            r#"{ "baz": "qux", "foo": ["a", 2, "c"] }"#,
            r#"[ { "op": "test", "path": "/baz", "value": "qux" },
                 { "op": "test", "path": "/foo/1", "value": "c" } ]"#,
            false,
        ),
        (
            r#"{ "baz": "qux" }"#,
            r#"[ { "op": "test", "path": "/foo", "value": 42 } ]"#,
            false,
        ),
        (
            r#"{ "baz": "qux" }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            true,
        ),
        (
            r#"{ "foo": null }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            true,
        ),
        (
            r#"{ "foo": {} }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            false,
        ),
        (
            r#"{ "foo": [] }"#,
            r#"[ { "op": "test", "path": "/foo", "value": null } ]"#,
            false,
        ),
        (
            r#"{ "baz/foo": "qux" }"#,
            r#"[ { "op": "test", "path": "/baz~1foo", "value": "qux"} ]"#,
            true,
        ),
        (
            r#"{ "foo": [] }"#,
            r#"[ { "op": "test", "path": "/foo"} ]"#,
            false,
        ),
    ];
    check(
        table
            .into_iter()
            .map(|(doc, patch, passes)| {
                let outcome = if passes {
                    expect_doc(doc, patch, doc)
                } else {
                    expect_error(doc, patch)
                };
                (patch.to_string(), outcome)
            })
            .collect(),
    );
}

/// `TestAdd`: `partialArray.add` on an empty list, through an `add`
/// operation (the `rejectNegativeIndicies` case is not run: the server
/// keeps `SupportNegativeIndices` on).
#[test]
fn add_to_empty_list() {
    let table = [("0", true), ("1", false), ("-1", true), ("-2", false)];
    check(
        table
            .into_iter()
            .map(|(key, works)| {
                let patch = format!(r#"[{{"op":"add","path":"/a/{key}","value":1}}]"#);
                let outcome = if works {
                    expect_doc(r#"{"a":[]}"#, &patch, r#"{"a":[1]}"#)
                } else {
                    expect_error(r#"{"a":[]}"#, &patch)
                };
                (patch, outcome)
            })
            .collect(),
    );
}

/// `EqualityCases` (`TestEquality`), both ways round, as the `test`
/// operation compares: `b` tested against `{"v": a}`.
#[test]
fn equality() {
    let table = [
        (
            r#"{"foo": "bar"}"#,
            r#"{"foo": "bar", "baz": "qux"}"#,
            false,
        ),
        (
            r#"{ "foo": "bar", "baz": "qux" }"#,
            r#"{"foo": "bar", "baz": "qux"}"#,
            true,
        ),
        (
            r#"{ "baz": "qux", "foo": "bar" }"#,
            r#"{"foo": "bar", "baz": "qux"}"#,
            true,
        ),
        (r#"{"foo": null}"#, r#"{"foo": "bar"}"#, false),
        (r#"{"foo": null}"#, r#"{"foo": null}"#, true),
        (
            r#"["foo", "bar", "baz"]"#,
            r#"["bar", "baz", "foo"]"#,
            false,
        ),
        (r#"["foo", "bar", "baz"]"#, r#"["foo", "bar", "baz"]"#, true),
        (
            r#"{"int": 6, "bool": true, "float": 7.0, "string": "the_string", "null": null}"#,
            r#"{"int": 6, "bool": true, "float": 7.0, "string": "the_string", "null": null}"#,
            true,
        ),
        (
            r#"{"foo": ["an", "array"], "bar": {"an": "object"}}"#,
            r#"{"foo": null, "bar": null}"#,
            false,
        ),
        (r#""foo""#, "null", false),
        ("6", "null", false),
        ("6.01", "null", false),
        ("false", "null", false),
    ];
    let mut outcomes = Vec::new();
    for (a, b, equal) in table {
        for (x, y) in [(a, b), (b, a)] {
            let doc = format!(r#"{{"v": {x}}}"#);
            let patch = format!(r#"[{{"op":"test","path":"/v","value":{y}}}]"#);
            let outcome = if equal {
                expect_doc(&doc, &patch, &doc)
            } else {
                expect_error(&doc, &patch)
            };
            outcomes.push((format!("{doc} {patch}"), outcome));
        }
    }
    check(outcomes);
}

/// The `MergePatch` tests of `merge_test.go`: (target, patch, result).
#[test]
fn merge_patch_cases() {
    let table = [
        // TestMergePatchReplaceKey
        (
            r#"{ "title": "hello" }"#,
            r#"{ "title": "goodbye" }"#,
            r#"{ "title": "goodbye" }"#,
        ),
        // TestMergePatchIgnoresOtherValues
        (
            r#"{ "title": "hello", "age": 18 }"#,
            r#"{ "title": "goodbye" }"#,
            r#"{ "title": "goodbye", "age": 18 }"#,
        ),
        // TestMergePatchNilDoc
        (
            r#"{ "title": null }"#,
            r#"{ "title": {"foo": "bar"} }"#,
            r#"{ "title": {"foo": "bar"} }"#,
        ),
        // TestMergePatchNilArray
        (r#"{"a": [ {"b":"c"} ] }"#, r#"{"a": [1]}"#, r#"{"a": [1]}"#),
        (
            r#"{"a": [ {"b":"c"} ] }"#,
            r#"{"a": [null, 1]}"#,
            r#"{"a": [null, 1]}"#,
        ),
        (r#"["a",null]"#, r#"[null]"#, r#"[null]"#),
        (r#"["a"]"#, r#"[null]"#, r#"[null]"#),
        (r#"["a", "b"]"#, r#"["a", null]"#, r#"["a", null]"#),
        (
            r#"{"a":["b"]}"#,
            r#"{"a": ["b", null]}"#,
            r#"{"a":["b", null]}"#,
        ),
        (
            r#"{"a":[]}"#,
            r#"{"a": ["b", null, null, "a"]}"#,
            r#"{"a":["b", null, null, "a"]}"#,
        ),
        // TestMergePatchRecursesIntoObjects
        (
            r#"{ "person": { "title": "hello", "age": 18 } }"#,
            r#"{ "person": { "title": "goodbye" } }"#,
            r#"{ "person": { "title": "goodbye", "age": 18 } }"#,
        ),
        // TestMergePatchReplacesNonObjectsWholesale
        ("[1]", "[2]", "[2]"),
        (r#"{ "a": 1 }"#, "[2]", "[2]"),
        ("[1]", r#"{ "a": 1 }"#, r#"{ "a": 1 }"#),
        (
            r#"{ "a": 1, "b": 1 }"#,
            r#"{ "a": 2 }"#,
            r#"{ "a": 2, "b": 1 }"#,
        ),
        // TestMergePatchReturnsEmptyArrayOnEmptyArray
        (
            r#"{ "array": ["one", "two"] }"#,
            r#"{ "array": [] }"#,
            r#"{ "array": [] }"#,
        ),
        // rfcTests (TestMergePatchRFCCases)
        (r#"{"a":"b"}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
        (r#"{"a":"b"}"#, r#"{"b":"c"}"#, r#"{"a":"b","b":"c"}"#),
        (r#"{"a":"b"}"#, r#"{"a":null}"#, r#"{}"#),
        (r#"{"a":"b","b":"c"}"#, r#"{"a":null}"#, r#"{"b":"c"}"#),
        (r#"{"a":["b"]}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
        (r#"{"a":"c"}"#, r#"{"a":["b"]}"#, r#"{"a":["b"]}"#),
        (
            r#"{"a":{"b": "c"}}"#,
            r#"{"a": {"b": "d","c": null}}"#,
            r#"{"a":{"b":"d"}}"#,
        ),
        (r#"{"a":[{"b":"c"}]}"#, r#"{"a":[1]}"#, r#"{"a":[1]}"#),
        (r#"["a","b"]"#, r#"["c","d"]"#, r#"["c","d"]"#),
        (r#"{"a":"b"}"#, r#"["c"]"#, r#"["c"]"#),
        (r#"{"e":null}"#, r#"{"a":1}"#, r#"{"a":1,"e":null}"#),
        ("[1,2]", r#"{"a":"b","c":null}"#, r#"{"a":"b"}"#),
        ("{}", r#"{"a":{"bb":{"ccc":null}}}"#, r#"{"a":{"bb":{}}}"#),
    ];
    let mut outcomes = Vec::new();
    for (target, patch, result) in table {
        let outcome = match apply_merge_patch(&json(target), &json(patch)) {
            Ok(got) if got == json(result) => Ok(()),
            Ok(got) => Err(format!("gave {}, want {result}", shown(&got))),
            Err(e) => Err(format!("failed: {}", e.message)),
        };
        outcomes.push((format!("{target} {patch}"), outcome));
    }
    // rfcFailTests (TestMergePatchFailRFCCases): `ErrBadJSONPatch`.
    for (target, patch) in [(r#"{"a":"foo"}"#, "null"), (r#"{"a":"foo"}"#, r#""bar""#)] {
        let outcome = match apply_merge_patch(&json(target), &json(patch)) {
            Err(e) if e.message == "Invalid JSON Patch" => Ok(()),
            Err(e) => Err(format!("failed: {}, want Invalid JSON Patch", e.message)),
            Ok(got) => Err(format!("gave {}, want Invalid JSON Patch", shown(&got))),
        };
        outcomes.push((format!("{target} {patch}"), outcome));
    }
    check(outcomes);
}

/// What `patch.go` does that its tables do not check, read from its code
/// (v4.13.0, the server's, where v4.12.0 differs) and checked against it
/// (`tools/jsonpatch-diff`): a `replace` of a map's missing key sets it
/// (`partialDoc.get` never fails), indices as `strconv.Atoi` reads them,
/// an `add` or `replace` without a value puts `null`, a `copy` from a map's
/// missing key copies `null`, a `test` without a value passes on a missing
/// or null target, a `move` is a remove then an add to the document as it
/// then is, a `copy` from `""` finds no container, and a `replace` of the
/// whole document with neither an object nor a list fails (v4.12.0's
/// `errors.Wrapf` of a nil error was nil: nothing changed).
#[test]
fn v4_behaviours_outside_the_tables() {
    let outcomes = [
        (
            r#"{"a":{"b":1}}"#,
            r#"[{"op":"replace","path":"/a/c","value":2}]"#,
            r#"{"a":{"b":1,"c":2}}"#,
        ),
        (
            r#"{"a":[1,2,3]}"#,
            r#"[{"op":"replace","path":"/a/01","value":9}]"#,
            r#"{"a":[1,9,3]}"#,
        ),
        (
            r#"{"a":[1,2,3]}"#,
            r#"[{"op":"remove","path":"/a/+0"}]"#,
            r#"{"a":[2,3]}"#,
        ),
        (
            r#"{"a":[1,2,3]}"#,
            r#"[{"op":"replace","path":"/a/-1","value":9}]"#,
            r#"{"a":[1,2,9]}"#,
        ),
        (
            r#"{"a":[{"b":1}]}"#,
            r#"[{"op":"add","path":"/a/-1/c","value":2}]"#,
            r#"{"a":[{"b":1,"c":2}]}"#,
        ),
        (
            r#"{"a":1}"#,
            r#"[{"op":"add","path":"/b"}]"#,
            r#"{"a":1,"b":null}"#,
        ),
        (
            r#"{"a":1}"#,
            r#"[{"op":"replace","path":"/a"}]"#,
            r#"{"a":null}"#,
        ),
        (
            r#"{"a":1}"#,
            r#"[{"op":"copy","from":"/x","path":"/b"}]"#,
            r#"{"a":1,"b":null}"#,
        ),
        (r#"{"a":1}"#, r#"[{"op":"test","path":"/b"}]"#, r#"{"a":1}"#),
        (
            r#"{"a":[[1],[2]]}"#,
            r#"[{"op":"move","from":"/a/0","path":"/a/0/-"}]"#,
            r#"{"a":[[2,[1]]]}"#,
        ),
    ]
    .into_iter()
    .map(|(doc, patch, result)| (patch.to_string(), expect_doc(doc, patch, result)))
    .chain(
        [
            (
                r#"{"a":{}}"#,
                r#"[{"op":"replace","path":"/x/c","value":2}]"#,
            ),
            (
                r#"{"a":[1]}"#,
                r#"[{"op":"replace","path":"/a/1","value":2}]"#,
            ),
            (
                r#"{"a":[1]}"#,
                r#"[{"op":"replace","path":"/a/-2","value":2}]"#,
            ),
            (r#"{"a":1}"#, r#"[{"op":"move","from":"/a","path":""}]"#),
            (r#"{"a":1}"#, r#"[{"op":"copy","from":"/a","path":""}]"#),
            (r#"{"a":1}"#, r#"[{"op":"test","path":"/a"}]"#),
            (r#"{"a":1}"#, r#"[{"op":"replace","path":"","value":5}]"#),
            (r#"{"a":1}"#, r#"[{"op":"copy","from":"","path":"/b"}]"#),
            (
                r#"{"a":{"b":1}}"#,
                r#"[{"op":"move","from":"/a","path":"/a/c"}]"#,
            ),
        ]
        .into_iter()
        .map(|(doc, patch)| (patch.to_string(), expect_error(doc, patch))),
    )
    .collect();
    check(outcomes);
}

/// `tools/jsonpatch-diff`'s comparison: the cases `gen.py` wrote
/// (`$JSONPATCH_DIFF/in.jsonl`) against v4's answers (`out.jsonl`), one
/// line each. Run by hand: `JSONPATCH_DIFF=DIR cargo test -p ssa-engine
/// --lib jsonpatch_diff -- --ignored`.
#[test]
#[ignore = "needs the files tools/jsonpatch-diff writes"]
fn jsonpatch_diff_against_v4_answers() {
    crate::upstream_diff::each_case("JSONPATCH_DIFF", |case, answer| {
        if answer.get("panic").is_some() {
            return None;
        }
        let field = |k: &str| case.get(k).cloned().unwrap_or_default();
        let ours = if field("kind") == Value::from("merge") {
            apply_merge_patch(&field("doc"), &field("patch"))
        } else {
            apply_json_patch(&field("doc"), &field("patch"))
        };
        match (ours, answer.get("result")) {
            (Ok(v), Some(r)) if v == *r => None,
            (Err(_), None) => None,
            (ours, _) => Some(format!("ours: {:?}", ours.map(|v| v.to_json()))),
        }
    });
}
