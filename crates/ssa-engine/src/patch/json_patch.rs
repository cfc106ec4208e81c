//! JSON patch (RFC 6902): a list of operations on JSON pointers (RFC 6901),
//! applied as the API server's patch handler applies it
//! (`k8s.io/apiserver/pkg/endpoints/handlers/patch.go`, `applyJSPatch`):
//! the body is first decoded strictly into a list of `jsonPatchOp`
//! (`error decoding patch: ...`, 400), then applied by
//! `gopkg.in/evanphx/json-patch.v4`; an operation that fails refuses the
//! whole patch with a generic 422 whose message drops the library's words
//! (`NewGenericServerResponse`), so what failed is kept as the detail.

use super::PatchError;
use crate::value::Value;
use crate::value::go_quote;

/// `maxJSONPatchOperations`: longer patches are refused (413).
const MAX_OPERATIONS: usize = 10_000;

/// The message of `NewGenericServerResponse(422, ...)`.
const APPLY_FAILED: &str = "the server rejected our request due to an error in our request";

/// `target` after every operation of `patch`, in order.
pub fn apply_json_patch(target: &Value, patch: &Value) -> Result<Value, PatchError> {
    let ops = decode(patch).map_err(|e| PatchError::new(format!("error decoding patch: {e}")))?;
    if ops.len() > MAX_OPERATIONS {
        return Err(PatchError::new(format!(
            "Request entity too large: The allowed maximum operations in a JSON patch is {MAX_OPERATIONS}, got {}",
            ops.len()
        )));
    }
    let mut doc = target.clone();
    for (i, op) in ops.iter().enumerate() {
        apply_op(&mut doc, op).map_err(|e| PatchError {
            message: APPLY_FAILED.to_string(),
            detail: Some(format!("json patch operation {i}: {e}")),
        })?;
    }
    Ok(doc)
}

/// Go's `encoding/json` name of a JSON value's kind, as its
/// `UnmarshalTypeError` prints it.
fn go_json_kind(v: &Value) -> &'static str {
    match v {
        Value::Map(_) => "object",
        Value::List(_) => "array",
        Value::String(_) => "string",
        Value::Bool(_) => "bool",
        Value::Null => "null",
        _ => "number",
    }
}

/// The operations of a patch as `sigs.k8s.io/json`'s `UnmarshalStrict`
/// into `[]jsonPatchOp` reads them: `null` is no operation, `null` fields
/// are their zero value, and the first value of the wrong type is the
/// error, in Go's words.
fn decode(patch: &Value) -> Result<&[Value], String> {
    let ops = match patch {
        Value::Null => return Ok(&[]),
        Value::List(ops) => ops,
        other => {
            return Err(format!(
                "json: cannot unmarshal {} into Go value of type []handlers.jsonPatchOp",
                go_json_kind(other)
            ));
        }
    };
    for op in ops {
        match op {
            Value::Null => {}
            Value::Map(fields) => {
                for (name, value) in fields.iter() {
                    if ["op", "path", "from"].contains(&name.as_str())
                        && !matches!(value, Value::String(_) | Value::Null)
                    {
                        return Err(format!(
                            "json: cannot unmarshal {} into Go struct field jsonPatchOp.{name} of type string",
                            go_json_kind(value)
                        ));
                    }
                }
            }
            other => {
                return Err(format!(
                    "json: cannot unmarshal {} into Go value of type handlers.jsonPatchOp",
                    go_json_kind(other)
                ));
            }
        }
    }
    Ok(ops)
}

fn field<'a>(op: &'a Value, name: &str) -> Result<&'a Value, String> {
    op.get(name)
        .ok_or_else(|| format!("missing {name}", name = go_quote(name)))
}

fn text<'a>(op: &'a Value, name: &str) -> Result<&'a str, String> {
    field(op, name)?
        .as_str()
        .ok_or_else(|| format!("{name} must be a string", name = go_quote(name)))
}

fn apply_op(doc: &mut Value, op: &Value) -> Result<(), String> {
    let kind = text(op, "op")?;
    let path = text(op, "path")?;
    let pointer = parse_pointer(path)?;
    // v4's `Operation.value`: an `add` or `replace` without a value puts
    // `null`.
    let value = op.get("value").cloned().unwrap_or_default();
    match kind {
        "add" => add(doc, &pointer, value).map_err(|e| format!("add {path}: {e}")),
        "remove" => remove(doc, &pointer)
            .map(|_| ())
            .map_err(|e| format!("remove {path}: {e}")),
        // v4's `replace`: the whole document only by an object or a list,
        // and a map's missing key is set (`partialDoc.get` finds no key
        // missing).
        "replace" => {
            let failed = |e| format!("replace {path}: {e}");
            match pointer.split_last() {
                None if matches!(value, Value::Map(_) | Value::List(_)) => *doc = value,
                None => return Err(failed("the value must be an object or a list".into())),
                Some((last, parent)) => match get_mut(doc, parent).map_err(failed)? {
                    Value::Map(m) => {
                        m.insert(last.clone(), value);
                    }
                    other => *get_mut(other, std::slice::from_ref(last)).map_err(failed)? = value,
                },
            }
            Ok(())
        }
        // v4's `move`: a remove, then an add to the path as the document
        // then is (a list's later items shifted down), with no check that
        // the path is inside the value moved.
        "move" => {
            let from = text(op, "from")?;
            let value =
                remove(doc, &parse_pointer(from)?).map_err(|e| format!("move from {from}: {e}"))?;
            add(doc, &pointer, value).map_err(|e| format!("move to {path}: {e}"))
        }
        // v4's `copy` from `""`: `findObject` finds no container.
        "copy" => {
            let from = text(op, "from")?;
            let from_pointer = parse_pointer(from)?;
            if from_pointer.is_empty() {
                return Err(format!("copy from {from}: no such path"));
            }
            let value = get(doc, &from_pointer)
                .map_err(|e| format!("copy from {from}: {e}"))?
                .clone();
            add(doc, &pointer, value).map_err(|e| format!("copy to {path}: {e}"))
        }
        // v4's `test`: a missing value compares as `null` (a missing or
        // null target passes).
        "test" => {
            let actual = get(doc, &pointer).map_err(|e| format!("test {path}: {e}"))?;
            if *actual == value {
                Ok(())
            } else {
                Err(format!("test {path}: the value is {actual}, not {value}"))
            }
        }
        other => Err(format!(
            "unknown operation {other}",
            other = go_quote(other)
        )),
    }
}

/// RFC 6901 as v4's `findObject` splits it: `/a/b~1c/0` → `["a", "b/c",
/// "0"]`. The first segment is dropped whatever it holds, so a path that
/// forgot its leading `/` (`data/b`) is read as `/b`, and one without any
/// `/` (`b`) has no container; `""` is the whole document.
fn parse_pointer(path: &str) -> Result<Vec<String>, String> {
    if path.is_empty() {
        return Ok(vec![]);
    }
    let Some((_, rest)) = path.split_once('/') else {
        return Err(format!("the document is missing the path {path}"));
    };
    Ok(rest
        .split('/')
        .map(|t| t.replace("~1", "/").replace("~0", "~"))
        .collect())
}

/// A list index as v4's `partialArray` reads it: `strconv.Atoi` (a sign,
/// leading zeros), a negative index counting from the end
/// (`SupportNegativeIndices`, on in the server), and for `add` one past the
/// end (or `-`).
fn index(token: &str, len: usize, allow_end: bool) -> Result<usize, String> {
    if token == "-" && allow_end {
        return Ok(len);
    }
    let i: i64 = token
        .parse()
        .map_err(|_| format!("invalid index {token}", token = go_quote(token)))?;
    let n = len as i64 + i64::from(allow_end);
    let j = if i < 0 { i + n } else { i };
    if !(0..n).contains(&j) {
        return Err(format!("index {i} is out of range (length {len})"));
    }
    Ok(j as usize)
}

fn get<'a>(doc: &'a Value, pointer: &[String]) -> Result<&'a Value, String> {
    let mut node = doc;
    for token in pointer {
        node = match node {
            // v4's `partialDoc.get`: a missing key reads as `null` (a `test`
            // of it against `null` passes, a `copy` of it copies `null`).
            Value::Map(m) => m.get(token).unwrap_or(&Value::Null),
            Value::List(l) => &l[index(token, l.len(), false)?],
            _ => {
                return Err(format!(
                    "cannot look up {token} in a {}",
                    node.kind_name(),
                    token = go_quote(token)
                ));
            }
        };
    }
    Ok(node)
}

fn get_mut<'a>(doc: &'a mut Value, pointer: &[String]) -> Result<&'a mut Value, String> {
    let mut node = doc;
    for token in pointer {
        node = match node {
            Value::Map(m) => m
                .get_mut(token)
                .ok_or_else(|| format!("no key {token}", token = go_quote(token)))?,
            Value::List(l) => {
                let i = index(token, l.len(), false)?;
                &mut l[i]
            }
            other => {
                return Err(format!(
                    "cannot look up {token} in a {}",
                    other.kind_name(),
                    token = go_quote(token)
                ));
            }
        };
    }
    Ok(node)
}

fn add(doc: &mut Value, pointer: &[String], value: Value) -> Result<(), String> {
    // v4's `add` (and `move`, `copy`) to the whole document: `findObject`
    // finds no container.
    let Some((last, parent)) = pointer.split_last() else {
        return Err("the document is missing the path".to_string());
    };
    match get_mut(doc, parent)? {
        Value::Map(m) => {
            m.insert(last.clone(), value);
            Ok(())
        }
        Value::List(l) => {
            let i = index(last, l.len(), true)?;
            l.insert(i, value);
            Ok(())
        }
        other => Err(format!("cannot add to a {}", other.kind_name())),
    }
}

fn remove(doc: &mut Value, pointer: &[String]) -> Result<Value, String> {
    let Some((last, parent)) = pointer.split_last() else {
        return Err("cannot remove the whole document".to_string());
    };
    match get_mut(doc, parent)? {
        Value::Map(m) => m
            .remove(last)
            .ok_or_else(|| format!("no key {last}", last = go_quote(last))),
        Value::List(l) => {
            let i = index(last, l.len(), false)?;
            Ok(l.remove(i))
        }
        other => Err(format!("cannot remove from a {}", other.kind_name())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(doc: &str, patch: &str) -> Result<Value, PatchError> {
        apply_json_patch(
            &Value::from_json_str(doc).unwrap(),
            &Value::from_json_str(patch).unwrap(),
        )
    }

    /// v4's `findObject` drops a path's first segment whatever it holds:
    /// `data/b` is `/b`, `x/data/b` is `/data/b`, and a path with no `/`
    /// has no container (every operation fails, `test` included).
    #[test]
    fn paths_without_a_leading_slash_as_v4_reads_them() {
        let doc = r#"{"data":{"a":"1"}}"#;
        let value = |v: &str| Value::from_json_str(v).unwrap();
        let add = |path: &str| format!(r#"[{{"op":"add","path":"{path}","value":"2"}}]"#);
        assert_eq!(
            run(doc, &add("data/b")).unwrap(),
            value(r#"{"data":{"a":"1"},"b":"2"}"#)
        );
        assert_eq!(
            run(doc, &add("x/data/b")).unwrap(),
            value(r#"{"data":{"a":"1","b":"2"}}"#)
        );
        assert!(run(doc, &add("b")).is_err());
        assert!(run(doc, r#"[{"op":"test","path":"data","value":{"a":"1"}}]"#).is_err());
        assert!(run(doc, r#"[{"op":"remove","path":"a"}]"#).is_err());
    }

    /// The examples of RFC 6902, appendix A.
    #[test]
    fn rfc_6902_examples() {
        let ok = [
            (
                r#"{"foo":"bar"}"#,
                r#"[{"op":"add","path":"/baz","value":"qux"}]"#,
                r#"{"baz":"qux","foo":"bar"}"#,
            ),
            (
                r#"{"foo":["bar","baz"]}"#,
                r#"[{"op":"add","path":"/foo/1","value":"qux"}]"#,
                r#"{"foo":["bar","qux","baz"]}"#,
            ),
            (
                r#"{"baz":"qux","foo":"bar"}"#,
                r#"[{"op":"remove","path":"/baz"}]"#,
                r#"{"foo":"bar"}"#,
            ),
            (
                r#"{"foo":["bar","qux","baz"]}"#,
                r#"[{"op":"remove","path":"/foo/1"}]"#,
                r#"{"foo":["bar","baz"]}"#,
            ),
            (
                r#"{"baz":"qux","foo":"bar"}"#,
                r#"[{"op":"replace","path":"/baz","value":"boo"}]"#,
                r#"{"baz":"boo","foo":"bar"}"#,
            ),
            (
                r#"{"foo":{"bar":"baz","waldo":"fred"},"qux":{"corge":"grault"}}"#,
                r#"[{"op":"move","from":"/foo/waldo","path":"/qux/thud"}]"#,
                r#"{"foo":{"bar":"baz"},"qux":{"corge":"grault","thud":"fred"}}"#,
            ),
            (
                r#"{"foo":["all","grass","cows","eat"]}"#,
                r#"[{"op":"move","from":"/foo/1","path":"/foo/3"}]"#,
                r#"{"foo":["all","cows","eat","grass"]}"#,
            ),
            (
                r#"{"baz":"qux","foo":["a",2,"c"]}"#,
                r#"[{"op":"test","path":"/baz","value":"qux"},{"op":"test","path":"/foo/1","value":2}]"#,
                r#"{"baz":"qux","foo":["a",2,"c"]}"#,
            ),
            (
                r#"{"foo":"bar"}"#,
                r#"[{"op":"add","path":"/child","value":{"grandchild":{}}}]"#,
                r#"{"foo":"bar","child":{"grandchild":{}}}"#,
            ),
            (
                r#"{"foo":["bar"]}"#,
                r#"[{"op":"add","path":"/foo/-","value":["abc","def"]}]"#,
                r#"{"foo":["bar",["abc","def"]]}"#,
            ),
            (
                r#"{"/":9,"~1":10}"#,
                r#"[{"op":"test","path":"/~01","value":10}]"#,
                r#"{"/":9,"~1":10}"#,
            ),
            (
                r#"{"foo":1}"#,
                r#"[{"op":"copy","from":"/foo","path":"/bar"}]"#,
                r#"{"foo":1,"bar":1}"#,
            ),
        ];
        for (doc, patch, expected) in ok {
            assert_eq!(
                run(doc, patch).unwrap(),
                Value::from_json_str(expected).unwrap(),
                "{patch}"
            );
        }
        let failing = [
            (
                r#"{"baz":"qux"}"#,
                r#"[{"op":"test","path":"/baz","value":"bar"}]"#,
                "json patch operation 0: test /baz",
            ),
            (
                r#"{"foo":"bar"}"#,
                r#"[{"op":"add","path":"/baz/bat","value":"qux"}]"#,
                "json patch operation 0: add /baz/bat: no key \"baz\"",
            ),
            (
                r#"{"/":9,"~1":10}"#,
                r#"[{"op":"test","path":"/~01","value":"10"}]"#,
                "json patch operation 0: test /~01",
            ),
            (
                r#"{"foo":["bar"]}"#,
                r#"[{"op":"add","path":"/foo/1","value":1},{"op":"remove","path":"/foo/5"}]"#,
                "json patch operation 1: remove /foo/5: index 5 is out of range (length 2)",
            ),
        ];
        for (doc, patch, prefix) in failing {
            let err = run(doc, patch).unwrap_err();
            assert_eq!(err.message, APPLY_FAILED, "{patch}");
            let detail = err.detail.unwrap_or_default();
            assert!(detail.starts_with(prefix), "{patch}: {detail}");
        }
    }

    /// apiserver `patch.go` `applyJSPatch`: the strict decode into
    /// `[]jsonPatchOp` words type errors as Go's `encoding/json` does.
    #[test]
    fn bodies_that_are_no_list_of_operations() {
        let table = [
            (
                r#"{"op":"add"}"#,
                "error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp",
            ),
            (
                r#"["add"]"#,
                "error decoding patch: json: cannot unmarshal string into Go value of type handlers.jsonPatchOp",
            ),
            (
                r#"[{"op":"add","path":5,"value":1}]"#,
                "error decoding patch: json: cannot unmarshal number into Go struct field jsonPatchOp.path of type string",
            ),
        ];
        for (patch, message) in table {
            let err = run(r#"{"a":1}"#, patch).unwrap_err();
            assert_eq!(err.message, message);
            assert_eq!(err.detail, None);
        }
        let many = format!(
            "[{}]",
            vec![r#"{"op":"test","path":"/a","value":1}"#; 10_001].join(",")
        );
        assert_eq!(
            run(r#"{"a":1}"#, &many).unwrap_err().message,
            "Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001"
        );
        // `null` holds no operation: nothing changes.
        assert_eq!(
            run(r#"{"a":1}"#, "null").unwrap(),
            Value::from_json_str(r#"{"a":1}"#).unwrap()
        );
    }
}
