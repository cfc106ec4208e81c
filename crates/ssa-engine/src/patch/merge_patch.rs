//! JSON merge patch as the API server applies it: evanphx/json-patch v4's
//! `MergePatch` (`handlers/patch.go` imports `gopkg.in/evanphx/json-patch.v4`),
//! RFC 7386 but for one thing. Maps merge key by key, `null` deletes a key,
//! anything else (lists included) replaces; a value the patch brings in
//! where the target has no map (a new key, a list, a scalar) has its nulls
//! pruned as v4's `pruneNulls` prunes them: in its maps at any depth, the
//! maps inside lists too (RFC 7386 leaves a list as written). A list put
//! where the target has a map is taken as written (`merge`).

use super::PatchError;
use crate::value::{Map, Value};

/// `target` with `patch` merged into it (`MergePatch`).
pub fn apply_merge_patch(target: &Value, patch: &Value) -> Result<Value, PatchError> {
    Ok(match (target, patch) {
        (Value::Map(doc), Value::Map(p)) => {
            let mut doc = doc.clone();
            merge_docs(&mut doc, p);
            Value::Map(doc)
        }
        // Not both documents: the patch, its nulls pruned; a patch that is
        // neither a document nor a list is v4's `ErrBadJSONPatch`, which the
        // handler returns as a 400.
        (_, Value::Map(_) | Value::List(_)) => pruned(patch),
        _ => return Err(PatchError::new("Invalid JSON Patch")),
    })
}

/// v4's `mergeDocs`.
fn merge_docs(doc: &mut Map, patch: &Map) {
    for (key, value) in patch {
        if value.is_null() {
            doc.remove(key);
            continue;
        }
        let merged = match doc.get(key).filter(|cur| !cur.is_null()) {
            // v4's `merge`: a map into a map merges; anything else into a
            // map replaces it as written; into anything else, pruned.
            Some(Value::Map(cur)) => match value {
                Value::Map(p) => {
                    let mut cur = cur.clone();
                    merge_docs(&mut cur, p);
                    Value::Map(cur)
                }
                _ => value.clone(),
            },
            _ => pruned(value),
        };
        doc.insert(key.clone(), merged);
    }
}

/// `value` without the nulls of its maps, at any depth (v4's `pruneNulls`:
/// a list keeps its null items, its maps lose theirs).
fn pruned(value: &Value) -> Value {
    match value {
        Value::Map(m) => {
            let mut out = Map::new();
            for (k, v) in m {
                if !v.is_null() {
                    out.insert(k.clone(), pruned(v));
                }
            }
            Value::Map(out)
        }
        Value::List(items) => Value::List(items.iter().map(pruned).collect()),
        _ => value.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each (target, patch, expected) as JSON.
    fn check(cases: &[(&str, &str, &str)]) {
        for (target, patch, expected) in cases {
            let got = apply_merge_patch(
                &Value::from_json_str(target).unwrap(),
                &Value::from_json_str(patch).unwrap(),
            )
            .unwrap();
            assert_eq!(
                got,
                Value::from_json_str(expected).unwrap(),
                "{target} + {patch}"
            );
        }
    }

    /// The examples of RFC 7386, appendix A.
    #[test]
    fn rfc_7386_examples() {
        let cases = [
            (r#"{"a":"b"}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
            (r#"{"a":"b"}"#, r#"{"b":"c"}"#, r#"{"a":"b","b":"c"}"#),
            (r#"{"a":"b"}"#, r#"{"a":null}"#, r#"{}"#),
            (r#"{"a":"b","b":"c"}"#, r#"{"a":null}"#, r#"{"b":"c"}"#),
            (r#"{"a":["b"]}"#, r#"{"a":"c"}"#, r#"{"a":"c"}"#),
            (r#"{"a":"c"}"#, r#"{"a":["b"]}"#, r#"{"a":["b"]}"#),
            (
                r#"{"a":{"b":"c"}}"#,
                r#"{"a":{"b":"d","c":null}}"#,
                r#"{"a":{"b":"d"}}"#,
            ),
            (r#"{"a":[{"b":"c"}]}"#, r#"{"a":[1]}"#, r#"{"a":[1]}"#),
            (r#"["a","b"]"#, r#"["c","d"]"#, r#"["c","d"]"#),
            (r#"{"a":"b"}"#, r#"["c"]"#, r#"["c"]"#),
            (r#"{"e":null}"#, r#"{"a":1}"#, r#"{"e":null,"a":1}"#),
            (r#"[1,2]"#, r#"{"a":"b","c":null}"#, r#"{"a":"b"}"#),
            (
                r#"{}"#,
                r#"{"a":{"bb":{"ccc":null}}}"#,
                r#"{"a":{"bb":{}}}"#,
            ),
        ];
        check(&cases);
    }

    /// RFC 7386's patches `null` and `"bar"` replace the document; v4
    /// refuses them (`ErrBadJSONPatch`).
    #[test]
    fn patches_that_are_no_document_refused() {
        for patch in ["null", r#""bar""#, "1"] {
            let err = apply_merge_patch(
                &Value::from_json_str(r#"{"a":"foo"}"#).unwrap(),
                &Value::from_json_str(patch).unwrap(),
            )
            .unwrap_err();
            assert_eq!(err.message, "Invalid JSON Patch", "{patch}");
        }
    }

    /// Where evanphx/json-patch v4 differs from RFC 7386: a value brought
    /// in where the target has no map loses the nulls of the maps in its
    /// lists too; a list put over a map is taken as written.
    #[test]
    fn nulls_pruned_as_json_patch_v4_prunes_them() {
        let cases = [
            (
                r#"{}"#,
                r#"{"a":[{"b":null,"c":1},null]}"#,
                r#"{"a":[{"c":1},null]}"#,
            ),
            (r#"{"a":"x"}"#, r#"{"a":[{"b":null}]}"#, r#"{"a":[{}]}"#),
            (
                r#"{"a":null}"#,
                r#"{"a":{"l":[{"b":null}]}}"#,
                r#"{"a":{"l":[{}]}}"#,
            ),
            (
                r#"{"a":{"k":1}}"#,
                r#"{"a":[{"b":null}]}"#,
                r#"{"a":[{"b":null}]}"#,
            ),
            (
                r#"{"a":{"k":1}}"#,
                r#"{"a":{"l":[{"b":null}]}}"#,
                r#"{"a":{"k":1,"l":[{}]}}"#,
            ),
        ];
        check(&cases);
    }
}
