//! structured-merge-diff's unit tests of the set algebra, of path element
//! order and of the managers map, ported.
//!
//! Upstream: sigs.k8s.io/structured-merge-diff v6, commit
//! 15d075473efece0367330fd20a7cc2aad2eeb998:
//! - `fieldpath/set_test.go`: `TestSetInsertHas` (11 lookups and the
//!   empty path), `TestSetString`, `TestSetIterSize`, `TestSetEquals` (8),
//!   `TestSetUnion`, `TestSetIntersectionDifference` (4 subtests),
//!   `TestSetDifference` (7, `Difference` and `RecursiveDifference`),
//!   `TestSetNodeMapIterate` (through a node's members),
//!   `TestEnsureNamedFieldsAreMembers` (5).
//! - `fieldpath/element_test.go`: `TestPathElementLess` (16 of 17) and the
//!   order part of `TestPathElementSet` (through a node's members).
//! - `fieldpath/managers_test.go`: `TestManagersDifference` (7 cases; it
//!   tests `ManagedFields.Equals`, the derived `PartialEq` here).
//!
//! The tables are short Go literals of paths; they are written out here
//! rather than extracted.
//!
//! No difference found.
//!
//! Skipped:
//! - `TestSetLeaves` (`Set.Leaves`), `TestFilterByPattern` (`SetMatcher`,
//!   `NewIncludeMatcherFilter`): operations the engine never needs. SMD's
//!   own Updater does not call `Leaves` (its test fixture does), and the
//!   include filter serves the API server's `pods/resize` reset fields,
//!   a subresource the engine does not model (its reset fields are
//!   subtracted whole, `Set::recursive_difference`).
//! - `TestManagersEquals` (which tests `ManagedFields.Difference`):
//!   SMD calls `Difference` only from its merge-test fixture; the suite's
//!   runner (`tests/smd.rs`, `compare_final`) compares managers its own
//!   way, and the engine has no such operation.
//! - `TestPathElementSet`'s `Copy`/`Equals` of a `PathElementSet`, and
//!   `TestPathElementLess`'s `FieldName-0`: both use the zero
//!   `PathElement{}` (no kind set), which has no counterpart in the
//!   engine's enum.
//! - `pathelementmap_test.go` (`PathElementValueMap`, a helper of SMD's
//!   merge that the engine's merge does without) and `fromvalue_test.go`
//!   (`SetFromValue`, a set from a schema-less value, which neither the
//!   engine nor SMD's Updater uses).
//! - `path_test.go`: `TestPathString` is ported in `upstream_tests.rs`.
//! - The benchmarks.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use super::*;
use crate::merge::{ManagedFields, VersionedSet};
use crate::value::Value;

/// What `MakePathOrDie` takes: a field name, an index or an element.
trait Part {
    fn pe(self) -> PathElement;
}
impl Part for &str {
    fn pe(self) -> PathElement {
        PathElement::Field(self.into())
    }
}
impl Part for i32 {
    fn pe(self) -> PathElement {
        PathElement::Index(usize::try_from(self).expect("an index"))
    }
}
impl Part for PathElement {
    fn pe(self) -> PathElement {
        self
    }
}

/// `MakePathOrDie`.
macro_rules! p {
    ($($part:expr),* $(,)?) => { Path(vec![$(Part::pe($part)),*]) };
}

/// `NewSet`.
fn ns(paths: &[Path]) -> Set {
    Set::from_paths(paths)
}

/// `KeyByFields` (one field).
fn kbf(name: &str, value: impl Into<Value>) -> PathElement {
    PathElement::Key(KeyFields::new([(name, value.into())]))
}

fn kbfs(fields: &[(&str, Value)]) -> PathElement {
    PathElement::Key(KeyFields::new(fields.iter().cloned()))
}

fn v(value: impl Into<Value>) -> PathElement {
    PathElement::Value(value.into())
}

/// A set's paths one a line, for failure messages.
fn show(s: &Set) -> String {
    s.paths()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[track_caller]
fn assert_set(got: &Set, want: &Set, what: &str) {
    assert!(
        got == want,
        "{what}: expected\n{}\ngot\n{}",
        show(want),
        show(got)
    );
}

/// `TestSetInsertHas`.
#[test]
fn set_insert_has() {
    let first = || kbf("name", "first");
    let second = || kbf("name", "second");
    let letters = ["a", "b", "c", "d", "e", "f"];
    let canonical = |order: &[&str]| {
        let fields: Vec<(&str, Value)> = order.iter().map(|n| (*n, Value::from("a"))).collect();
        kbfs(&fields)
    };
    let s1 = ns(&[
        p!("foo", 0, "bar", "baz"),
        p!("foo", 0, "bar"),
        p!("foo", 0),
        p!("foo", 1, "bar", "baz"),
        p!("foo", 1, "bar"),
        p!("qux", first()),
        p!("qux", first(), "bar"),
        p!("qux", second(), "bar"),
        p!("canonicalOrder", canonical(&letters)),
    ]);
    let mut reversed = letters;
    reversed.reverse();
    let table = [
        (p!("qux", second()), false),
        (p!("qux", second(), "bar"), true),
        (p!("qux", first()), true),
        (p!("xuq", first()), false),
        (p!("foo", 0), true),
        (p!("foo", 0, "bar"), true),
        (p!("foo", 0, "bar", "baz"), true),
        (p!("foo", 1), false),
        (p!("foo", 1, "bar"), true),
        (p!("foo", 1, "bar", "baz"), true),
        // A key's fields in any order name the same item.
        (p!("canonicalOrder", canonical(&reversed)), true),
    ];
    for (path, want) in table {
        assert_eq!(s1.has(&path), want, "{path}");
    }
    // No one owns the entire object.
    assert!(!Set::new().has(&Path::root()));
    assert!(!ns(&[Path::root()]).has(&Path::root()));
    assert!(ns(&[Path::root()]).is_empty());
}

/// `TestSetString`: a set prints as its paths, one a line (SMD's
/// `Set.String`), so a one-path set prints as the path.
#[test]
fn set_string() {
    let path = p!("foo", kbf("name", "first"));
    assert_eq!(show(&ns(std::slice::from_ref(&path))), path.to_string());
}

/// `TestSetIterSize`: iterating yields every path once; size and
/// emptiness follow insertion. `Iterate` and `All` are
/// `for_each_path`/`paths` and `paths_in_tree_order` here.
#[test]
fn set_iter_size() {
    let first = || kbf("name", "first");
    let s1 = ns(&[
        p!("foo", 0, "bar", "baz"),
        p!("foo", 0, "bar", "zot"),
        p!("foo", 0, "bar"),
        p!("foo", 0),
        p!("foo", 1, "bar", "baz"),
        p!("foo", 1, "bar"),
        p!("qux", first()),
        p!("qux", first(), "bar"),
        p!("qux", kbf("name", "second"), "bar"),
    ]);
    assert_eq!(s1.len(), 9);
    let mut iterated = Vec::new();
    s1.for_each_path(|p| iterated.push(p.clone()));
    for paths in [iterated, s1.paths_in_tree_order()] {
        let mut s2 = Set::new();
        for (added, path) in paths.iter().enumerate() {
            assert_eq!(s2.len(), added);
            assert_eq!(s2.is_empty(), added == 0);
            s2.insert(path);
        }
        assert_set(&s2, &s1, "iterate missed something");
    }
}

/// `TestSetEquals`.
#[test]
fn set_equals() {
    let table = [
        (ns(&[p!("foo")]), ns(&[p!("bar")]), false),
        (ns(&[p!("foo")]), ns(&[p!("foo")]), true),
        (ns(&[]), ns(&[p!(0, "foo")]), false),
        (ns(&[p!(1, "foo")]), ns(&[p!(0, "foo")]), false),
        (ns(&[p!(1, "foo")]), ns(&[p!(1, "foo", "bar")]), false),
        (ns(&[p!(0), p!(1)]), ns(&[p!(1), p!(0)]), true),
        (
            ns(&[p!("foo", 0), p!("foo", 1)]),
            ns(&[p!("foo", 1), p!("foo", 0)]),
            true,
        ),
        (
            ns(&[
                p!("foo", 0),
                p!("foo"),
                p!("bar", "baz"),
                p!("qux", kbf("name", "first")),
            ]),
            ns(&[
                p!("foo", 1),
                p!("bar", "baz"),
                p!("bar"),
                p!("qux", kbf("name", "second")),
            ]),
            false,
        ),
    ];
    for (a, b, equal) in table {
        assert_eq!(a == b, equal, "a=\n{}\nb=\n{}", show(&a), show(&b));
    }
}

/// `TestSetUnion`.
#[test]
fn set_union() {
    let s1 = ns(&[
        p!("foo", 0),
        p!("foo"),
        p!("bar", "baz"),
        p!("qux", kbf("name", "first")),
        p!("parent", "child", "grandchild"),
    ]);
    let s2 = ns(&[
        p!("foo", 1),
        p!("bar", "baz"),
        p!("bar"),
        p!("qux", kbf("name", "second")),
        p!("parent", "child"),
    ]);
    let u = ns(&[
        p!("foo", 0),
        p!("foo", 1),
        p!("foo"),
        p!("bar", "baz"),
        p!("bar"),
        p!("qux", kbf("name", "first")),
        p!("qux", kbf("name", "second")),
        p!("parent", "child"),
        p!("parent", "child", "grandchild"),
    ]);
    assert_set(&s1.union(&s2), &u, "union");
    assert_set(&s2.union(&s1), &u, "union, reversed");
}

/// `TestSetIntersectionDifference`.
#[test]
fn set_intersection_difference() {
    let nf = || kbf("name", "first");
    let s1 = ns(&[
        p!("a0"),
        p!("a1"),
        p!("foo", 0),
        p!("foo", 1),
        p!("b0", nf()),
        p!("b1", nf()),
        p!("bar", "c0"),
        p!("cp", nf(), "child"),
    ]);
    let s2 = ns(&[
        p!("a1"),
        p!("a2"),
        p!("foo", 1),
        p!("foo", 2),
        p!("b1", nf()),
        p!("b2", nf()),
        p!("bar", "c2"),
        p!("cp", nf()),
    ]);
    let i = ns(&[p!("a1"), p!("foo", 1), p!("b1", nf())]);
    assert_set(&s1.intersection(&s2), &i, "intersection");
    let s1_minus_s2 = ns(&[
        p!("a0"),
        p!("foo", 0),
        p!("b0", nf()),
        p!("bar", "c0"),
        p!("cp", nf(), "child"),
    ]);
    assert_set(&s1.difference(&s2), &s1_minus_s2, "s1 - s2");
    let s2_minus_s1 = ns(&[
        p!("a2"),
        p!("foo", 2),
        p!("b2", nf()),
        p!("bar", "c2"),
        p!("cp", nf()),
    ]);
    assert_set(&s2.difference(&s1), &s2_minus_s1, "s2 - s1");
    // Intersection the hard way: two unions and three differences.
    let u = s1.union(&s2);
    let not_intersection = s2.difference(&s1).union(&s1.difference(&s2));
    assert_set(
        &u.difference(&not_intersection),
        &i,
        "intersection (the hard way)",
    );
}

/// `TestSetDifference`: `Difference` and `RecursiveDifference`.
#[test]
fn set_difference() {
    let table = [
        (
            "removes simple path",
            ns(&[p!("a")]),
            ns(&[p!("a")]),
            ns(&[]),
            ns(&[]),
        ),
        (
            "removes direct path",
            ns(&[p!("a", "b", "c")]),
            ns(&[p!("a", "b", "c")]),
            ns(&[]),
            ns(&[]),
        ),
        (
            "only removes matching child",
            ns(&[p!("a", "b", "c"), p!("b", "b", "c")]),
            ns(&[p!("a", "b", "c")]),
            ns(&[p!("b", "b", "c")]),
            ns(&[p!("b", "b", "c")]),
        ),
        (
            "does not remove parent of specific path",
            ns(&[p!("a")]),
            ns(&[p!("a", "aa")]),
            ns(&[p!("a")]),
            ns(&[p!("a")]),
        ),
        (
            "RecursiveDifference removes nested path",
            ns(&[p!("a", "b", "c")]),
            ns(&[p!("a")]),
            ns(&[p!("a", "b", "c")]),
            ns(&[]),
        ),
        (
            "RecursiveDifference only removes nested path for matching children",
            ns(&[p!("a", "aa", "aab"), p!("a", "ab", "aba")]),
            ns(&[p!("a", "aa")]),
            ns(&[p!("a", "aa", "aab"), p!("a", "ab", "aba")]),
            ns(&[p!("a", "ab", "aba")]),
        ),
        (
            "RecursiveDifference removes all matching children",
            ns(&[p!("a", "aa", "aab"), p!("a", "ab", "aba")]),
            ns(&[p!("a")]),
            ns(&[p!("a", "aa", "aab"), p!("a", "ab", "aba")]),
            ns(&[]),
        ),
    ];
    for (name, a, b, difference, recursive) in table {
        assert_set(&a.difference(&b), &difference, name);
        assert_set(&a.recursive_difference(&b), &recursive, name);
    }
}

/// `TestSetNodeMapIterate`: a node's elements, five indices here, are
/// each iterated once.
#[test]
fn set_node_iterate() {
    let mut set = Set::new();
    for i in 0..5 {
        set.insert_member(Part::pe(i));
    }
    let members: Vec<String> = set.members().map(ToString::to_string).collect();
    assert_eq!(members, ["[0]", "[1]", "[2]", "[3]", "[4]"]);
    assert_eq!(set.node_len(), 5);
}

/// `TestPathElementSet`, its order part: a node iterates its elements
/// sorted, whatever the insertion order.
#[test]
fn path_element_set_order() {
    let mut s = Set::new();
    s.insert_member("asdf".pe());
    assert!(s.has_member(&"asdf".pe()));
    assert!(!s.has_member(&"aoeu".pe()));
    s.insert_member("aoeu".pe());
    let names: Vec<&str> = s.members().filter_map(PathElement::field_name).collect();
    assert_eq!(names, ["aoeu", "asdf"]);
}

/// `TestPathElementLess`: `a < b` (and not `b < a`) unless equal.
#[test]
#[allow(clippy::approx_constant)]
fn path_element_less() {
    let k = |fields: &[(&str, i64)]| {
        let f: Vec<(&str, Value)> = fields.iter().map(|(n, i)| (*n, Value::Int(*i))).collect();
        kbfs(&f)
    };
    let table: Vec<(&str, PathElement, PathElement, bool)> = vec![
        // FieldName-0 compares two zero `PathElement{}`: no counterpart.
        ("FieldName-1", "anteater".pe(), "zebra".pe(), false),
        ("FieldName-2", "bee".pe(), "bee".pe(), true),
        ("FieldName-3", "capybara".pe(), k(&[("dog", 3)]), false),
        ("FieldName-4", "elephant".pe(), v(Value::Int(4)), false),
        ("FieldName-5", "falcon".pe(), Part::pe(5), false),
        ("Key-1", k(&[("goat", 1)]), k(&[("goat", 1)]), true),
        ("Key-2", k(&[("horse", 1)]), k(&[("horse", 2)]), false),
        ("Key-3", k(&[("ibex", 1)]), k(&[("jay", 1)]), false),
        (
            "Key-4",
            k(&[("kite", 1)]),
            k(&[("kite", 1), ("kite-2", 1)]),
            false,
        ),
        ("Key-5", k(&[("kite", 1)]), v(Value::Int(1)), false),
        ("Key-6", k(&[("kite", 1)]), Part::pe(5), false),
        ("Value-1", v(Value::Int(1)), v(Value::Int(2)), false),
        ("Value-2", v(Value::Int(1)), v(Value::Int(1)), true),
        ("Value-3", v(Value::Int(1)), Part::pe(1), false),
        ("Index-1", Part::pe(1), Part::pe(2), false),
        ("Index-2", Part::pe(1), Part::pe(1), true),
    ];
    for (name, a, b, eq) in table {
        if eq {
            assert!(a >= b, "{name}: {a} < {b}");
        } else {
            assert!(a < b, "{name}: {a} >= {b}");
        }
        assert!(b >= a, "{name}: {b} < {a}");
        assert!(b >= b, "{name}: {b} < itself");
    }
}

fn vs(paths: &[Path], version: &str) -> VersionedSet {
    VersionedSet {
        set: ns(paths),
        api_version: version.into(),
        applied: false,
    }
}

/// `TestManagersDifference` (which tests `ManagedFields.Equals`): a
/// different manager, version or set makes the managers differ.
#[test]
fn managers_equals() {
    let nsb = || [p!("numeric"), p!("string"), p!("bool")];
    let one = |name: &str, paths: &[Path], version: &str| -> ManagedFields {
        [(name.to_string(), vs(paths, version))]
            .into_iter()
            .collect()
    };
    let table = [
        (
            "Empty sets",
            ManagedFields::new(),
            ManagedFields::new(),
            true,
        ),
        (
            "Same everything",
            one("one", &nsb(), "v1"),
            one("one", &nsb(), "v1"),
            true,
        ),
        (
            "Empty RHS",
            one("default", &nsb(), "v1"),
            ManagedFields::new(),
            false,
        ),
        (
            "Empty LHS",
            ManagedFields::new(),
            one("default", &nsb(), "v1"),
            false,
        ),
        (
            "Different managers",
            one("one", &nsb(), "v1"),
            one("two", &nsb(), "v1"),
            false,
        ),
        (
            "Same manager, different version",
            one("one", &[p!("numeric"), p!("string"), p!("integer")], "v1"),
            one("one", &nsb(), "v2"),
            false,
        ),
        (
            "Set difference",
            one("one", &[p!("numeric"), p!("string")], "v1"),
            one("one", &[p!("string"), p!("bool")], "v1"),
            false,
        ),
    ];
    for (name, lhs, rhs, equal) in table {
        assert_eq!(lhs == rhs, equal, "{name}");
        assert_eq!(rhs == lhs, equal, "{name}, reversed");
    }
    // `Equals` also compares `Applied`, and only the version, not the set,
    // tells two same-set entries apart.
    let mut applied = one("one", &nsb(), "v1");
    if let Some(e) = applied.get_mut("one") {
        e.applied = true;
    }
    assert_ne!(applied, one("one", &nsb(), "v1"));
    assert_ne!(one("one", &nsb(), "v2"), one("one", &nsb(), "v1"));
    // `Copy` is a shallow copy: an equal map.
    let original = one("one", &nsb(), "v1");
    assert_eq!(original.clone(), original);
}

mod named_fields {
    use super::*;
    use crate::schema::{Schema, TypeId};

    const NESTED: &str = r#"types:
- name: type
  map:
    elementType:
      namedType: type
    fields:
      - name: keyAStr
        type:
          scalar: string
      - name: keyBInt
        type:
          scalar: numeric
      - name: named
        type:
          namedType: type
      - name: list
        type:
          list:
            elementRelationship: associative
            keys: ["keyAStr", "keyBInt"]
            elementType:
              namedType: type
      - name: a
        type:
          namedType: type
      - name: value
        type:
          scalar: numeric
"#;

    const ASSOCIATIVE: &str = r#"types:
- name: type
  map:
    fields:
      - name: values
        type:
          list:
            elementRelationship: associative
            keys: ["keyAStr", "keyBInt"]
            elementType:
              map:
                fields:
                  - name: keyAStr
                    type:
                      scalar: string
                  - name: keyBInt
                    type:
                      scalar: numeric
                  - name: value
                    type:
                      scalar: numeric
"#;

    /// No keyBInt yet.
    const OLD_ASSOCIATIVE: &str = r#"types:
- name: type
  map:
    fields:
      - name: values
        type:
          list:
            elementRelationship: associative
            keys: ["keyAStr"]
            elementType:
              map:
                fields:
                  - name: keyAStr
                    type:
                      scalar: string
                  - name: value
                    type:
                      scalar: numeric
"#;

    fn parse(yaml: &str) -> (Schema, TypeId) {
        let doc = crate::yaml::parse(yaml).expect("schema YAML").value;
        let schema = crate::smd::load_types(&doc).expect("schema loads");
        let id = schema.lookup("type").expect("root type");
        (schema, id)
    }

    /// `TestEnsureNamedFieldsAreMembers`: the value's field set from one
    /// schema, then made to own its named fields under another (or the
    /// same).
    #[test]
    fn ensure_named_fields_are_members() {
        let k = || kbfs(&[("keyAStr", Value::from("a")), ("keyBInt", Value::Int(1))]);
        let ka = || kbf("keyAStr", "a");
        let table: Vec<(&str, Option<&str>, &str, Set, Set)> = vec![
            (
                NESTED,
                None,
                r#"{"named": {"named": {"value": 0}}}"#,
                ns(&[p!("named", "named", "value")]),
                ns(&[
                    p!("named", "named", "value"),
                    p!("named", "named"),
                    p!("named"),
                ]),
            ),
            (
                NESTED,
                None,
                r#"{"named": {"a": {"named": {"value": 42}}}, "a": {"named": {"value": 1}}}"#,
                ns(&[
                    p!("named", "a", "named", "value"),
                    p!("a", "named", "value"),
                ]),
                ns(&[
                    p!("named", "a", "named", "value"),
                    p!("named", "a", "named"),
                    p!("named", "a"),
                    p!("named"),
                    p!("a", "named", "value"),
                    p!("a", "named"),
                    p!("a"),
                ]),
            ),
            (
                NESTED,
                None,
                r#"{"named": {"list": [{"keyAStr": "a", "keyBInt": 1, "named": {"value": 0}}]}}"#,
                ns(&[
                    p!("named", "list", k(), "keyAStr"),
                    p!("named", "list", k(), "keyBInt"),
                    p!("named", "list", k(), "named", "value"),
                    p!("named", "list", k()),
                ]),
                ns(&[
                    p!("named", "list", k(), "keyAStr"),
                    p!("named", "list", k(), "keyBInt"),
                    p!("named", "list", k(), "named", "value"),
                    p!("named", "list", k(), "named"),
                    p!("named", "list", k()),
                    p!("named", "list"),
                    p!("named"),
                ]),
            ),
            // The set of the old schema (no keyBInt) under the new one.
            (
                OLD_ASSOCIATIVE,
                Some(ASSOCIATIVE),
                r#"{"values": [{"keyAStr": "a", "value": 0}]}"#,
                ns(&[
                    p!("values", ka(), "keyAStr"),
                    p!("values", ka(), "value"),
                    p!("values", ka()),
                ]),
                ns(&[
                    p!("values", ka(), "keyAStr"),
                    p!("values", ka(), "value"),
                    p!("values", ka()),
                    p!("values"),
                ]),
            ),
            // A value without the new key under the new schema: the key
            // stays without it.
            (
                ASSOCIATIVE,
                None,
                r#"{"values": [{"keyAStr": "a", "value": 1}]}"#,
                ns(&[
                    p!("values", ka(), "keyAStr"),
                    p!("values", ka(), "value"),
                    p!("values", ka()),
                ]),
                ns(&[
                    p!("values", ka(), "keyAStr"),
                    p!("values", ka(), "value"),
                    p!("values", ka()),
                    p!("values"),
                ]),
            ),
        ];
        for (schema, new_schema, object, before, after) in table {
            let (s, ty) = parse(schema);
            let value = Value::from_json_str(object).expect("JSON");
            let set = crate::typed::to_field_set(&s, ty, &value).expect("field set");
            assert_set(&set, &before, object);
            let (s, ty) = new_schema.map_or((s, ty), parse);
            assert_set(
                &set.ensure_named_fields_are_members(&s, Some(ty)),
                &after,
                object,
            );
        }
    }
}
