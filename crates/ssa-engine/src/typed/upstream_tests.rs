//! structured-merge-diff's own unit tests of the `typed` package, ported:
//! what a user sees from a value that does not fit its schema, and the
//! field sets the operations produce.
//!
//! Upstream: sigs.k8s.io/structured-merge-diff v6, commit
//! 15d075473efece0367330fd20a7cc2aad2eeb998, files `typed/validate_test.go`,
//! `typed/toset_test.go`, `typed/symdiff_test.go`,
//! `typed/comparison_test.go`, `typed/remove_test.go`,
//! `typed/reconcile_schema_test.go`.
//!
//! Error texts: the Go tests only check that an object fails; here every
//! failing object also pins its full message, as SMD's `validate.go` and
//! `helpers.go` build it, for a value decoded the way the API server
//! decodes an apply body (JSON through `sigs.k8s.io/yaml`: every number a
//! `float64`, every map a `map[string]interface {}`). SMD's tests read
//! YAML with yaml.v2, which gives `int` and `map[interface {}]interface {}`
//! for `%T`; that difference is the test harness's, not the server's.
//! Where one object has several errors in different fields of one map, Go
//! lists them in its (random) map iteration order; the engine lists them in
//! the object's order, which is one of Go's possible orders.
//!
//! Cases: `TestSchemaValidation` 3 schemas, 22 valid, 55 invalid and 4
//! duplicated objects; `TestToFieldSet` 29; `TestSymdiff` 84 (both ways);
//! `TestRemove` 59 (remove and extract); `TestReversibleExtract` 17;
//! `TestReconcileFieldSetWithSchema` 7; `TestComparisonExcludeFields`.
//!
//! Differences found and fixed in the engine: an error at the root printed
//! `: message` (`ValidationError.Error`); a list item whose key repeats
//! kept the first item's fields in its field set (`toFieldSetWalker.
//! visitListItems`: the item alone); a node whose value changed kind
//! under a deduced type was compared on the new kind's side only
//! (`compareWalker.compare`: on both sides).
//!
//! Skipped:
//! - `TestSchemaSchema` (validates SMD's own schema schema; the engine
//!   loads schemas with its own reader, `smd.rs`) and the benchmarks.
//! - `typed/merge_test.go` and `typed/deduced_test.go`: covered by the
//!   merge suite (`tests/smd_suite`, the same cases run through the
//!   Updater).
//! - `typed/parser_test.go`: a benchmark only.
//! - `TestExtractWithKeys` (`remove_test.go`): `ExtractItems` with
//!   `WithAppendKeyFields`, an option of client-go's apply-configuration
//!   extraction that the API server never uses; the engine has no such
//!   option.
//! - `typed/helpers_test.go`: `no type found matching: inlined type`, an
//!   error of a schema with a dangling reference, which `smd.rs` refuses
//!   when it loads the schema.

use super::*;
use crate::fieldpath::{Path, Set};
use crate::schema::{Schema, TypeId};
use crate::value::Value;

/// A parsed SMD schema and the id of `root` in it.
fn parse_schema(yaml: &str, root: &str) -> (Schema, TypeId) {
    let doc = crate::yaml::parse(yaml).expect("schema YAML").value;
    let schema = crate::smd::load_types(&doc).expect("schema loads");
    let id = schema.lookup(root).expect("root type");
    (schema, id)
}

fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// `FromYAML` (then the error's `Error()`), with or without
/// `AllowDuplicates`.
fn check(s: &(Schema, TypeId), object: &str, dup: Duplicates) -> Result<(), String> {
    validate(&s.0, s.1, &json(object), dup).map_err(|e| e.to_string())
}

struct ValidationCase {
    name: &'static str,
    root: &'static str,
    schema: &'static str,
    valid: &'static [&'static str],
    /// The object and the whole error message.
    invalid: &'static [(&'static str, &'static str)],
    /// Valid with `AllowDuplicates`, otherwise failing with the message.
    duplicates: &'static [(&'static str, &'static str)],
}

const UNTYPED_ATOMIC: &str = "- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
";

const STRING_PAIR: &str = "types:
- name: stringPair
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: value
      type:
        namedType: __untyped_atomic_
";

const GRAB_BAG: &str = "types:
- name: myStruct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    - name: bool
      type:
        scalar: boolean
    - name: setStr
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: setBool
      type:
        list:
          elementType:
            scalar: boolean
          elementRelationship: associative
    - name: setNumeric
      type:
        list:
          elementType:
            scalar: numeric
          elementRelationship: associative
";

const ASSOCIATIVE: &str = "types:
- name: myRoot
  map:
    fields:
    - name: list
      type:
        namedType: myList
    - name: atomicList
      type:
        namedType: mySequence
- name: myList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - key
    - id
- name: mySequence
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: myElement
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: id
      type:
        scalar: numeric
    - name: value
      type:
        namedType: myValue
    - name: bv
      type:
        scalar: boolean
    - name: nv
      type:
        scalar: numeric
- name: myValue
  map:
    elementType:
      scalar: string
";

const OMITS_ALL: &str = ".list: element 0: associative list with keys has an element that omits all key fields [\"key\" \"id\"] (and doesn't have default values for any key fields)";

fn validation_cases() -> Vec<ValidationCase> {
    vec![
        ValidationCase {
            name: "simple pair",
            root: "stringPair",
            schema: STRING_PAIR,
            valid: &[
                r#"{"key":"foo","value":1}"#,
                r#"{"key":"foo","value":{}}"#,
                r#"{"key":"foo","value":null}"#,
                r#"{"key":"foo"}"#,
                r#"{"key":"foo","value":true}"#,
                r#"{"key":null}"#,
            ],
            invalid: &[
                (
                    r#"{"key":true,"value":1}"#,
                    ".key: expected string, got &value.valueUnstructured{Value:true}",
                ),
                (
                    r#"{"key":1,"value":{}}"#,
                    ".key: expected string, got &value.valueUnstructured{Value:1}",
                ),
                (
                    r#"{"key":false,"value":null}"#,
                    ".key: expected string, got &value.valueUnstructured{Value:false}",
                ),
                (
                    r#"{"key":[1, 2]}"#,
                    ".key: expected string, got &value.valueUnstructured{Value:[]interface {}{1, 2}}",
                ),
                (
                    r#"{"key":{"foo":true}}"#,
                    ".key: expected string, got &value.valueUnstructured{Value:map[string]interface {}{\"foo\":true}}",
                ),
            ],
            duplicates: &[],
        },
        ValidationCase {
            name: "struct grab bag",
            root: "myStruct",
            schema: GRAB_BAG,
            valid: &[
                r#"{"numeric":null}"#,
                r#"{"numeric":1}"#,
                r#"{"numeric":3.14159}"#,
                r#"{"string":null}"#,
                r#"{"string":"aoeu"}"#,
                r#"{"bool":null}"#,
                r#"{"bool":true}"#,
                r#"{"bool":false}"#,
                r#"{"setStr":["a","b","c"]}"#,
                r#"{"setBool":[true,false]}"#,
                r#"{"setNumeric":[1,2,3,3.14159]}"#,
            ],
            invalid: &[
                (
                    r#"{"numeric":["foo"]}"#,
                    ".numeric: expected numeric (int or float), got []interface {}",
                ),
                (
                    r#"{"numeric":{"a":1}}"#,
                    ".numeric: expected numeric (int or float), got map[string]interface {}",
                ),
                (
                    r#"{"numeric":"foo"}"#,
                    ".numeric: expected numeric (int or float), got string",
                ),
                (
                    r#"{"numeric":true}"#,
                    ".numeric: expected numeric (int or float), got bool",
                ),
                (
                    r#"{"string":1}"#,
                    ".string: expected string, got &value.valueUnstructured{Value:1}",
                ),
                (
                    r#"{"string":3.5}"#,
                    ".string: expected string, got &value.valueUnstructured{Value:3.5}",
                ),
                (
                    r#"{"string":true}"#,
                    ".string: expected string, got &value.valueUnstructured{Value:true}",
                ),
                (
                    r#"{"string":{"a":1}}"#,
                    ".string: expected string, got &value.valueUnstructured{Value:map[string]interface {}{\"a\":1}}",
                ),
                (
                    r#"{"string":["foo"]}"#,
                    ".string: expected string, got &value.valueUnstructured{Value:[]interface {}{\"foo\"}}",
                ),
                (r#"{"bool":1}"#, ".bool: expected boolean, got &{1}"),
                (r#"{"bool":3.5}"#, ".bool: expected boolean, got &{3.5}"),
                (r#"{"bool":"aoeu"}"#, ".bool: expected boolean, got &{aoeu}"),
                (
                    r#"{"bool":{"a":1}}"#,
                    ".bool: expected boolean, got &{map[a:1]}",
                ),
                (
                    r#"{"bool":["foo"]}"#,
                    ".bool: expected boolean, got &{[foo]}",
                ),
                (
                    r#"{"setStr":[1]}"#,
                    ".setStr[=1]: expected string, got &value.valueUnstructured{Value:1}",
                ),
                (
                    r#"{"setStr":[true]}"#,
                    ".setStr[=true]: expected string, got &value.valueUnstructured{Value:true}",
                ),
                (
                    r#"{"setStr":[1.5]}"#,
                    ".setStr[=1.5]: expected string, got &value.valueUnstructured{Value:1.5}",
                ),
                (
                    r#"{"setStr":[null]}"#,
                    ".setStr: element 0: associative list without keys has an element that's an explicit null",
                ),
                (
                    r#"{"setStr":[{}]}"#,
                    ".setStr: element 0: associative list without keys has an element that's a map type",
                ),
                (
                    r#"{"setStr":[[]]}"#,
                    ".setStr: element 0: not supported: associative list with lists as elements",
                ),
                (
                    r#"{"setBool":[1]}"#,
                    ".setBool[=1]: expected boolean, got &{1}",
                ),
                (
                    r#"{"setBool":[1.5]}"#,
                    ".setBool[=1.5]: expected boolean, got &{1.5}",
                ),
                (
                    r#"{"setBool":[null]}"#,
                    ".setBool: element 0: associative list without keys has an element that's an explicit null",
                ),
                (
                    r#"{"setBool":[{}]}"#,
                    ".setBool: element 0: associative list without keys has an element that's a map type",
                ),
                (
                    r#"{"setBool":[[]]}"#,
                    ".setBool: element 0: not supported: associative list with lists as elements",
                ),
                (
                    r#"{"setBool":["a"]}"#,
                    ".setBool[=\"a\"]: expected boolean, got &{a}",
                ),
                (
                    r#"{"setNumeric":[null]}"#,
                    ".setNumeric: element 0: associative list without keys has an element that's an explicit null",
                ),
                (
                    r#"{"setNumeric":[true]}"#,
                    ".setNumeric[=true]: expected numeric (int or float), got bool",
                ),
                (
                    r#"{"setNumeric":["a"]}"#,
                    ".setNumeric[=\"a\"]: expected numeric (int or float), got string",
                ),
                (
                    r#"{"setNumeric":[[]]}"#,
                    ".setNumeric: element 0: not supported: associative list with lists as elements",
                ),
                (
                    r#"{"setNumeric":[{}]}"#,
                    ".setNumeric: element 0: associative list without keys has an element that's a map type",
                ),
            ],
            duplicates: &[
                (
                    r#"{"setStr":["a","a"]}"#,
                    ".setStr: duplicate entries for key [=\"a\"]",
                ),
                (
                    r#"{"setBool":[true,false,true]}"#,
                    ".setBool: duplicate entries for key [=true]",
                ),
                (
                    r#"{"setNumeric":[1,2,3,3.14159,1]}"#,
                    ".setNumeric: duplicate entries for key [=1]",
                ),
            ],
        },
        ValidationCase {
            name: "associative list",
            root: "myRoot",
            schema: ASSOCIATIVE,
            valid: &[
                r#"{"list":[]}"#,
                r#"{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}"#,
                r#"{"list":[{"key":"a","id":1},{"key":"a","id":2},{"key":"b","id":1}]}"#,
                r#"{"atomicList":["a","a","a"]}"#,
                r#"{"list":[{"key":"x","value":{"a":"a"},"bv":true,"nv":3.14}]}"#,
            ],
            invalid: &[
                // SMD stops at the first undeclared field (Go's map order).
                (
                    r#"{"key":true,"value":1}"#,
                    ".key: field not declared in schema",
                ),
                (
                    r#"{"list":{"key":true,"value":1}}"#,
                    ".list: expected list, got &{map[key:true value:1]}",
                ),
                (r#"{"list":true}"#, ".list: expected list, got &{true}"),
                // An error at the root has no path, and no ": " before it.
                ("true", "expected map, got &{true}"),
                (
                    r#"{"list":[{"key":true,"value":1}]}"#,
                    "errors:\n  .list[key=true].key: expected string, got &value.valueUnstructured{Value:true}\n  .list[key=true].value: expected map, got &{1}",
                ),
                (
                    r#"{"list":[{"key":[],"value":1}]}"#,
                    "errors:\n  .list[key=[]].key: expected string, got &value.valueUnstructured{Value:[]interface {}{}}\n  .list[key=[]].value: expected map, got &{1}",
                ),
                (
                    r#"{"list":[{"key":{},"value":1}]}"#,
                    // An empty map as a key value prints as nothing
                    // (`value.ToString` joins its entries; checked with
                    // structured-merge-diff v6.3.3).
                    "errors:\n  .list[key=].key: expected string, got &value.valueUnstructured{Value:map[string]interface {}{}}\n  .list[key=].value: expected map, got &{1}",
                ),
                (
                    r#"{"list":[{"key":1.5,"value":1}]}"#,
                    "errors:\n  .list[key=1.5].key: expected string, got &value.valueUnstructured{Value:1.5}\n  .list[key=1.5].value: expected map, got &{1}",
                ),
                (
                    r#"{"list":[{"key":1,"value":1}]}"#,
                    "errors:\n  .list[key=1].key: expected string, got &value.valueUnstructured{Value:1}\n  .list[key=1].value: expected map, got &{1}",
                ),
                (
                    r#"{"list":[{"key":null,"value":1}]}"#,
                    ".list[key=null].value: expected map, got &{1}",
                ),
                (r#"{"list":[{},{}]}"#, OMITS_ALL),
                (r#"{"list":[{},null]}"#, OMITS_ALL),
                (
                    r#"{"list":[[]]}"#,
                    ".list: element 0: associative list with keys may not have non-map elements",
                ),
                (
                    r#"{"list":[null]}"#,
                    ".list: element 0: associative list with keys may not have a null element",
                ),
                (r#"{"list":[{}]}"#, OMITS_ALL),
                (
                    r#"{"list":[{"value":{"a":"a"},"bv":true,"nv":3.14}]}"#,
                    OMITS_ALL,
                ),
                (
                    r#"{"list":[{"key":"a","id":1,"value":{"a":1}}]}"#,
                    ".list[id=1,key=\"a\"].value.a: expected string, got &value.valueUnstructured{Value:1}",
                ),
                (
                    r#"{"list":[{"key":"a","id":1,"value":{"a":"a"},"bv":"true","nv":3.14}]}"#,
                    ".list[id=1,key=\"a\"].bv: expected boolean, got &{true}",
                ),
                (
                    r#"{"list":[{"key":"a","id":1,"value":{"a":"a"},"bv":true,"nv":false}]}"#,
                    ".list[id=1,key=\"a\"].nv: expected numeric (int or float), got bool",
                ),
            ],
            duplicates: &[(
                r#"{"list":[{"key":"a","id":1},{"key":"a","id":1}]}"#,
                ".list: duplicate entries for key [id=1,key=\"a\"]",
            )],
        },
    ]
}

/// `TestSchemaValidation`.
#[test]
fn schema_validation() {
    let mut failures = Vec::new();
    for case in validation_cases() {
        let s = parse_schema(&format!("{}{UNTYPED_ATOMIC}", case.schema), case.root);
        for (i, v) in case.valid.iter().enumerate() {
            if let Err(e) = check(&s, v, Duplicates::Refuse) {
                failures.push(format!("{}-valid-{i}: {v}: {e}", case.name));
            }
        }
        for (i, (v, want)) in case.invalid.iter().enumerate() {
            match check(&s, v, Duplicates::Refuse) {
                Err(e) if e == *want => {}
                got => failures.push(format!(
                    "{}-invalid-{i}: {v}:\n  got  {got:?}\n  want {want:?}",
                    case.name
                )),
            }
        }
        for (i, (v, want)) in case.duplicates.iter().enumerate() {
            match check(&s, v, Duplicates::Refuse) {
                Err(e) if e == *want => {}
                got => failures.push(format!(
                    "{}-duplicates-{i}: {v}:\n  got  {got:?}\n  want {want:?}",
                    case.name
                )),
            }
            if let Err(e) = check(&s, v, Duplicates::Allow) {
                failures.push(format!("{}-duplicates-{i} (allowed): {v}: {e}", case.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// The tables below are read from `upstream_cases.json`, written by
// `tools/smd-unit-tests/extract.py` from the Go files named above: sets are
// lists of paths, each a list of FieldsV1 element keys.

fn cases() -> Value {
    json(include_str!("upstream_cases.json"))
}

fn field<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key).unwrap_or_else(|| panic!("no {key:?}"))
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    field(v, key)
        .as_str()
        .unwrap_or_else(|| panic!("{key:?} is no string"))
}

fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_list)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// An object as `FromYAML` reads it (the tables' objects are YAML: some
/// have a trailing comma in a flow sequence).
fn yaml(text: &str) -> Value {
    // symdiff_test.go has objects with one closing brace too many
    // (`{"a":{}}}`), which yaml.v2 reads as if it were not there; the
    // engine's reader, as sigs.k8s.io/yaml's, refuses the stray brace.
    let text = if text.matches('}').count() > text.matches('{').count() {
        text.strip_suffix('}').unwrap_or(text)
    } else {
        text
    };
    crate::yaml::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e:?}"))
        .value
}

fn path_of(elements: &Value) -> Vec<crate::fieldpath::PathElement> {
    elements
        .as_list()
        .expect("a path")
        .iter()
        .map(|e| {
            crate::fieldpath::fields_v1::parse_element_key(e.as_str().expect("an element key"))
                .expect("a valid element key")
        })
        .collect()
}

fn set_of(paths: &Value) -> Set {
    let mut s = Set::new();
    for p in paths.as_list().expect("a set") {
        s.insert(&Path(path_of(p)));
    }
    s
}

fn show(s: &Set) -> String {
    let paths: Vec<String> = s.paths().iter().map(Path::to_string).collect();
    format!("{{{}}}", paths.join(" "))
}

fn show_comparison(c: &Comparison) -> String {
    format!(
        "added {} modified {} removed {}",
        show(&c.added),
        show(&c.modified),
        show(&c.removed)
    )
}

/// The schema and root type of a table case.
fn case_schema(case: &Value) -> (Schema, TypeId) {
    parse_schema(text(case, "schema"), text(case, "rootTypeName"))
}

/// `FromYAML`, validated.
fn typed_value(s: &(Schema, TypeId), object: &str, dup: Duplicates) -> Value {
    let v = yaml(object);
    if let Err(e) = validate(&s.0, s.1, &v, dup) {
        panic!("{object}: {e}");
    }
    v
}

/// `TestToFieldSet`.
#[test]
fn to_field_set_table() {
    let mut failures = Vec::new();
    let mut n = 0;
    for case in items(&cases(), "fieldsetCases") {
        let s = case_schema(case);
        for (i, pair) in items(case, "pairs").iter().enumerate() {
            let pair = pair.as_list().expect("object, set");
            let v = typed_value(&s, pair[0].as_str().expect("object"), Duplicates::Allow);
            let want = set_of(&pair[1]);
            n += 1;
            match to_field_set(&s.0, s.1, &v) {
                Ok(got) if got == want => {}
                got => failures.push(format!(
                    "{}-{i}: {:?}\n  got  {}\n  want {}",
                    text(case, "name"),
                    pair[0],
                    got.map(|g| show(&g)).unwrap_or_else(|e| e.to_string()),
                    show(&want)
                )),
            }
        }
    }
    assert_eq!(n, 29);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `TestSymdiff`: both ways, added and removed swapping places.
#[test]
fn symdiff_table() {
    let mut failures = Vec::new();
    let mut n = 0;
    for case in items(&cases(), "symdiffCases") {
        let s = case_schema(case);
        for (i, q) in items(case, "quints").iter().enumerate() {
            let lhs = typed_value(&s, text(q, "lhs"), Duplicates::Allow);
            let rhs = typed_value(&s, text(q, "rhs"), Duplicates::Allow);
            let want = Comparison {
                added: set_of(field(q, "added")),
                modified: set_of(field(q, "modified")),
                removed: set_of(field(q, "removed")),
            };
            n += 1;
            for (way, (l, r), want) in [
                ("", (&lhs, &rhs), want.clone()),
                (
                    " (reversed)",
                    (&rhs, &lhs),
                    Comparison {
                        added: want.removed.clone(),
                        modified: want.modified.clone(),
                        removed: want.added.clone(),
                    },
                ),
            ] {
                match compare(&s.0, s.1, l, r) {
                    Ok(got) if got == want => {}
                    got => failures.push(format!(
                        "{}-valid-{i}{way}: {} -> {}\n  got  {}\n  want {}",
                        text(case, "name"),
                        text(q, "lhs"),
                        text(q, "rhs"),
                        got.map_or_else(|e| e.to_string(), |c| show_comparison(&c)),
                        show_comparison(&want),
                    )),
                }
            }
        }
    }
    assert_eq!(n, 84);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `TestRemove`: `RemoveItems` and `ExtractItems` of each set.
#[test]
fn remove_table() {
    let mut failures = Vec::new();
    let mut n = 0;
    for case in items(&cases(), "removeCases") {
        let s = case_schema(case);
        for (i, q) in items(case, "quadruplets").iter().enumerate() {
            let q = q.as_list().expect("object, set, remove, extract");
            let object = q[0].as_str().expect("object");
            let v = typed_value(&s, object, Duplicates::Refuse);
            let set = set_of(&q[1]);
            n += 1;
            for (op, want, got) in [
                ("RemoveItems", &q[2], remove_items(&s.0, s.1, &v, &set)),
                ("ExtractItems", &q[3], extract_items(&s.0, s.1, &v, &set)),
            ] {
                let want = want.as_str().expect("output");
                if want == "unparseable" {
                    continue;
                }
                let want = typed_value(&s, want, Duplicates::Refuse);
                if got != want {
                    failures.push(format!(
                        "{}-valid-{i} {op}: {object} by {}\n  got  {}\n  want {}",
                        text(case, "name"),
                        show(&set),
                        got.to_json(),
                        want.to_json()
                    ));
                }
            }
        }
    }
    assert_eq!(n, 59);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The paths of `set` with nothing below them (SMD's `Set.Leaves`).
fn leaves(set: &Set) -> Set {
    let paths = set.paths();
    let leaves: Vec<&Path> = paths
        .iter()
        .filter(|p| {
            !paths
                .iter()
                .any(|q| q.len() > p.len() && q.0.starts_with(&p.0))
        })
        .collect();
    Set::from_paths(leaves)
}

/// `TestReversibleExtract`: merging a partial object into another, then
/// extracting the leaves of its field set gives the partial object back.
#[test]
fn reversible_extract_table() {
    let mut failures = Vec::new();
    let mut n = 0;
    for case in items(&cases(), "reversibleExtractCases") {
        let s = case_schema(case);
        for (i, pair) in items(case, "pairs").iter().enumerate() {
            let pair = pair.as_list().expect("object, pso");
            let object = typed_value(&s, pair[0].as_str().expect("object"), Duplicates::Refuse);
            let pso = typed_value(&s, pair[1].as_str().expect("pso"), Duplicates::Refuse);
            n += 1;
            let merged = merge(&s.0, s.1, &object, &pso).expect("merges");
            let set = to_field_set(&s.0, s.1, &pso).expect("has a field set");
            let got = extract_items(&s.0, s.1, &merged, &leaves(&set));
            if got != pso {
                failures.push(format!(
                    "{}-valid-{i}: {:?}\n  got  {}\n  want {}",
                    text(case, "name"),
                    pair[1],
                    got.to_json(),
                    pso.to_json()
                ));
            }
        }
    }
    assert_eq!(n, 17);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `TestReconcileFieldSetWithSchema`: a null `fixedFields` means no change.
#[test]
fn reconcile_table() {
    let mut failures = Vec::new();
    let mut n = 0;
    for case in items(&cases(), "reconcileCases") {
        let s = parse_schema(text(case, "newSchema"), text(case, "rootTypeName"));
        // The live object only has to fit the new schema (as upstream).
        typed_value(&s, text(case, "liveObject"), Duplicates::Refuse);
        let old = set_of(field(case, "oldFields"));
        let want = match field(case, "fixedFields") {
            Value::Null => None,
            paths => Some(set_of(paths)),
        };
        n += 1;
        let got = reconcile_field_set(&s.0, s.1, &old);
        if got != want {
            failures.push(format!(
                "{}:\n  got  {:?}\n  want {:?}",
                text(case, "name"),
                got.as_ref().map(show),
                want.as_ref().map(show)
            ));
        }
    }
    assert_eq!(n, 7);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `TestComparisonExcludeFields`: `ExcludeFields` takes the recursive
/// difference of each of the three sets.
#[test]
fn comparison_exclude_fields() {
    let p = |names: &[&str]| Path::fields(names);
    let c = Comparison {
        added: Set::from_paths([&p(&["a", "aa"])]),
        modified: Set::from_paths([&p(&["b", "ba"])]),
        removed: Set::from_paths([&p(&["c", "ca"])]),
    };
    let exclude = Set::from_paths([&p(&["a"]), &p(&["b"]), &p(&["c"])]);
    for s in [&c.added, &c.modified, &c.removed] {
        assert!(s.recursive_difference(&exclude).is_empty());
        assert_eq!(&s.recursive_difference(&Set::new()), s);
    }
}
