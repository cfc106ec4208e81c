//! Tables for the typed operations, on a small hand-built schema:
//! `root { data: map[string]string, spec { replicas: int, labels: atomic
//! map, args: atomic list, finalizers: set, containers: list keyed by name
//! { name, image, ports: list keyed by containerPort+protocol (protocol
//! defaults to TCP) { containerPort, protocol, name } } } }`.

use super::*;
use crate::fieldpath::{Path, Set};
use crate::schema::{
    Atom, ElementRelationship as ER, ListType, MapType, ScalarKind, Schema, StructField, TypeId,
};
use crate::value::Value;

pub(crate) fn test_schema() -> (Schema, TypeId) {
    let mut s = Schema::new();
    let string = s.push(Atom {
        scalar: Some(ScalarKind::String),
        ..Atom::default()
    });
    let int = s.push(Atom {
        scalar: Some(ScalarKind::Numeric),
        ..Atom::default()
    });
    let string_map = s.push(Atom {
        map: Some(MapType {
            element_type: Some(string),
            ..MapType::default()
        }),
        ..Atom::default()
    });
    let atomic_map = s.push(Atom {
        map: Some(MapType {
            element_type: Some(string),
            relationship: ER::Atomic,
            ..MapType::default()
        }),
        ..Atom::default()
    });
    let atomic_list = s.push(Atom {
        list: Some(ListType {
            element_type: string,
            relationship: ER::Atomic,
            keys: vec![],
        }),
        ..Atom::default()
    });
    let set = s.push(Atom {
        list: Some(ListType {
            element_type: string,
            relationship: ER::Associative,
            keys: vec![],
        }),
        ..Atom::default()
    });
    let mut port = MapType::default();
    port.push_field(StructField::new("containerPort", int));
    port.push_field(StructField {
        default: Some(Value::from("TCP")),
        ..StructField::new("protocol", string)
    });
    port.push_field(StructField::new("name", string));
    let port = s.push(Atom {
        map: Some(port),
        ..Atom::default()
    });
    let ports = s.push(Atom {
        list: Some(ListType {
            element_type: port,
            relationship: ER::Associative,
            keys: vec!["containerPort".into(), "protocol".into()],
        }),
        ..Atom::default()
    });
    let mut container = MapType::default();
    container.push_field(StructField::new("name", string));
    container.push_field(StructField::new("image", string));
    container.push_field(StructField::new("ports", ports));
    let container = s.push(Atom {
        map: Some(container),
        ..Atom::default()
    });
    let containers = s.push(Atom {
        list: Some(ListType {
            element_type: container,
            relationship: ER::Associative,
            keys: vec!["name".into()],
        }),
        ..Atom::default()
    });
    let mut spec = MapType::default();
    spec.push_field(StructField::new("replicas", int));
    spec.push_field(StructField::new("labels", atomic_map));
    spec.push_field(StructField::new("args", atomic_list));
    spec.push_field(StructField::new("finalizers", set));
    spec.push_field(StructField::new("containers", containers));
    let spec = s.push(Atom {
        map: Some(spec),
        ..Atom::default()
    });
    let mut root = MapType::default();
    root.push_field(StructField::new("data", string_map));
    root.push_field(StructField::new("spec", spec));
    let root = s.push(Atom {
        map: Some(root),
        ..Atom::default()
    });
    (s, root)
}

pub(crate) fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

fn paths(set: &Set) -> Vec<String> {
    set.paths().iter().map(Path::to_string).collect()
}

#[test]
fn field_set_leaves() {
    let (s, root) = test_schema();
    let v = json(
        r#"{"data":{"a":"1"},"spec":{"replicas":1,"labels":{"x":"y"},"args":["a"],"finalizers":["f"],
            "containers":[{"name":"c","ports":[{"containerPort":80}]}]}}"#,
    );
    let set = to_field_set(&s, root, &v).unwrap();
    assert_eq!(
        paths(&set),
        vec![
            ".data.a",
            ".spec.args",
            ".spec.labels",
            ".spec.replicas",
            ".spec.containers[name=\"c\"]",
            ".spec.containers[name=\"c\"].name",
            ".spec.containers[name=\"c\"].ports[containerPort=80,protocol=\"TCP\"]",
            ".spec.containers[name=\"c\"].ports[containerPort=80,protocol=\"TCP\"].containerPort",
            ".spec.finalizers[=\"f\"]",
        ]
    );
    // Empty maps and nulls of struct fields are leaves too.
    let set = to_field_set(&s, root, &json(r#"{"data":{},"spec":null}"#)).unwrap();
    assert_eq!(paths(&set), vec![".data", ".spec"]);
    // An empty granular list under a named field names nothing.
    let set = to_field_set(&s, root, &json(r#"{"spec":{"containers":[]}}"#)).unwrap();
    assert!(set.is_empty(), "{:?}", set.paths());
    // Built bottom-up or path by path, the set is the same.
    let v = json(
        r#"{"data":{"b":"1","a":"2"},"spec":{"finalizers":["z","y"],"containers":[{"name":"q"},{"name":"p"}]}}"#,
    );
    let set = to_field_set(&s, root, &v).unwrap();
    let rebuilt = Set::from_path_elements(set.paths().into_iter().map(|p| p.0).collect());
    assert_eq!(rebuilt, set);
    assert_eq!(Set::from_paths(set.paths().iter()), set);
}

#[test]
fn validation_errors_name_the_path() {
    let (s, root) = test_schema();
    let cases = [
        (
            r#"{"spec":{"nope":1}}"#,
            ".spec.nope: field not declared in schema",
        ),
        (
            r#"{"spec":{"replicas":"x"}}"#,
            ".spec.replicas: expected numeric (int or float), got string",
        ),
        (
            r#"{"spec":{"containers":[{"name":"a"},{"name":"a"}]}}"#,
            r#".spec.containers: duplicate entries for key [name="a"]"#,
        ),
        (
            r#"{"spec":{"containers":[{"image":"a"}]}}"#,
            r#".spec.containers: element 0: associative list with keys has an element that omits all key fields ["name"] (and doesn't have default values for any key fields)"#,
        ),
        (
            r#"{"spec":{"containers":[null]}}"#,
            ".spec.containers: element 0: associative list with keys may not have a null element",
        ),
        (
            r#"{"spec":{"containers":["a"]}}"#,
            ".spec.containers: element 0: associative list with keys may not have non-map elements",
        ),
        (r#"{"spec":[]}"#, ".spec: expected map, got &{[]}"),
        // SMD's `validateScalar` prints a `*value.valueUnstructured`.
        (
            r#"{"spec":{"containers":[{"name":"a","image":7}]}}"#,
            r#".spec.containers[name="a"].image: expected string, got &value.valueUnstructured{Value:7}"#,
        ),
        (
            r#"{"spec":{"args":{"a":[1.5,true]}}}"#,
            ".spec.args: expected list, got &{map[a:[1.5 true]]}",
        ),
    ];
    for (input, expected) in cases {
        let err = validate(&s, root, &json(input), Duplicates::Refuse).unwrap_err();
        assert_eq!(err.to_string(), expected, "for {input}");
    }
    assert!(
        validate(
            &s,
            root,
            &json(r#"{"spec":{"containers":[{"name":"a"},{"name":"a"}]}}"#),
            Duplicates::Allow
        )
        .is_ok()
    );
}

#[test]
fn merge_table() {
    let (s, root) = test_schema();
    let cases = [
        // Config wins on scalars, live-only fields stay.
        (
            r#"{"data":{"a":"1","b":"2"}}"#,
            r#"{"data":{"a":"9"}}"#,
            r#"{"data":{"a":"9","b":"2"}}"#,
        ),
        // Atomic map and list replaced whole.
        (
            r#"{"spec":{"labels":{"a":"1"},"args":["x","y"]}}"#,
            r#"{"spec":{"labels":{"b":"2"},"args":["z"]}}"#,
            r#"{"spec":{"labels":{"b":"2"},"args":["z"]}}"#,
        ),
        // Map lists merge by key: shared items in config order, live-only items kept in place.
        (
            r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"b"},{"name":"c"}]}}"#,
            r#"{"spec":{"containers":[{"name":"c","image":"3"},{"name":"a"},{"name":"d"}]}}"#,
            r#"{"spec":{"containers":[{"name":"b"},{"name":"c","image":"3"},{"name":"a","image":"1"},{"name":"d"}]}}"#,
        ),
        // Sets union.
        (
            r#"{"spec":{"finalizers":["a","b"]}}"#,
            r#"{"spec":{"finalizers":["c","a"]}}"#,
            r#"{"spec":{"finalizers":["c","a","b"]}}"#,
        ),
        // Empty stays empty, distinct from null.
        (r#"{}"#, r#"{"data":{}}"#, r#"{"data":{}}"#),
    ];
    for (live, config, expected) in cases {
        let got = merge(&s, root, &json(live), &json(config)).unwrap();
        assert_eq!(got, json(expected), "{live} + {config}: got {got}");
        assert_eq!(
            got.to_json(),
            json(expected).to_json(),
            "order of {live} + {config}"
        );
        // A configuration known to have unique keys copies what live
        // lacks instead of walking it: the same result.
        let copied = super::merge::merge_typed(&s, root, &json(live), &json(config), true).unwrap();
        assert_eq!(copied.to_json(), got.to_json(), "{live} + {config}");
    }
}

#[test]
fn merge_walks_duplicated_keys_of_a_config_not_known_unique() {
    let (s, root) = test_schema();
    let config = json(r#"{"spec":{"containers":[{"name":"a"},{"name":"a"}]}}"#);
    let got = merge(&s, root, &json("{}"), &config).unwrap();
    assert_eq!(got.to_json(), r#"{"spec":{"containers":[null,null]}}"#);
}

#[test]
fn compare_table() {
    let (s, root) = test_schema();
    let c = compare(
        &s,
        root,
        &json(r#"{"data":{"a":"1","b":"2"},"spec":{"containers":[{"name":"x"}]}}"#),
        &json(r#"{"data":{"a":"9","c":"3"},"spec":{"containers":[{"name":"y"}]}}"#),
    )
    .unwrap();
    assert_eq!(paths(&c.modified), vec![".data.a"]);
    assert_eq!(
        paths(&c.added),
        vec![
            ".data.c",
            ".spec.containers[name=\"y\"]",
            ".spec.containers[name=\"y\"].name"
        ]
    );
    assert_eq!(
        paths(&c.removed),
        vec![
            ".data.b",
            ".spec.containers[name=\"x\"]",
            ".spec.containers[name=\"x\"].name"
        ]
    );
    assert!(
        compare(
            &s,
            root,
            &json(r#"{"data":{"a":"1"}}"#),
            &json(r#"{"data":{"a":"1"}}"#)
        )
        .unwrap()
        .is_same()
    );
}

#[test]
fn remove_and_extract() {
    let (s, root) = test_schema();
    let v = json(
        r#"{"data":{"a":"1","b":"2"},"spec":{"replicas":2,"containers":[{"name":"x","image":"i"},{"name":"y"}]}}"#,
    );
    let set = to_field_set(
        &s,
        root,
        &json(r#"{"data":{"a":"1"},"spec":{"containers":[{"name":"x"}]}}"#),
    )
    .unwrap();
    assert_eq!(
        remove_items(&s, root, &v, &set),
        json(r#"{"data":{"b":"2"},"spec":{"replicas":2,"containers":[{"name":"y"}]}}"#)
    );
    let only_a = Set::from_paths([Path::fields(&["data", "a"])].iter());
    assert_eq!(
        extract_items(&s, root, &v, &only_a),
        json(r#"{"data":{"a":"1"}}"#)
    );
    // A granular map named whole is extracted without its keys (SMD walks it
    // again with the same set); a named list item comes out whole.
    let whole_data = Set::from_paths([Path::fields(&["data"])].iter());
    assert_eq!(
        extract_items(&s, root, &v, &whole_data),
        json(r#"{"data":null}"#)
    );
    let container_x =
        to_field_set(&s, root, &json(r#"{"spec":{"containers":[{"name":"x"}]}}"#)).unwrap();
    let item_x = Set::from_paths(container_x.paths().iter().filter(|p| p.len() == 3));
    assert_eq!(
        extract_items(&s, root, &v, &item_x),
        json(r#"{"spec":{"containers":[{"name":"x","image":"i"}]}}"#)
    );
    // Removing every key leaves null, as upstream does.
    let all = Set::from_paths([Path::fields(&["data", "a"]), Path::fields(&["data", "b"])].iter());
    assert_eq!(
        remove_items(&s, root, &json(r#"{"data":{"a":"1","b":"2"}}"#), &all),
        json(r#"{"data":null}"#)
    );
}

#[test]
fn reconcile_granular_to_atomic() {
    let (s, root) = test_schema();
    // `.spec.labels` is atomic: a set recorded when it was granular owns it whole.
    let old = Set::from_paths(
        [
            Path::fields(&["spec", "labels", "a"]),
            Path::fields(&["spec", "replicas"]),
        ]
        .iter(),
    );
    let got = reconcile_field_set(&s, root, &old).unwrap();
    assert_eq!(paths(&got), vec![".spec.labels", ".spec.replicas"]);
    assert_eq!(reconcile_field_set(&s, root, &got), None);
}

#[test]
fn compare_names_a_duplicated_key_once_and_nothing_below_it() {
    let (s, root) = test_schema();
    let dup = r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"a","image":"2"},{"name":"b","image":"3"}]}}"#;
    let c = compare(&s, root, &json("{}"), &json(dup)).unwrap();
    assert_eq!(
        paths(&c.added),
        vec![
            ".spec",
            ".spec.containers",
            ".spec.containers[name=\"a\"]",
            ".spec.containers[name=\"b\"]",
            ".spec.containers[name=\"b\"].image",
            ".spec.containers[name=\"b\"].name",
        ]
    );
    // Old items are walked as themselves: every field of either.
    let c = compare(&s, root, &json(dup), &json("{}")).unwrap();
    assert_eq!(
        paths(&c.removed),
        vec![
            ".spec",
            ".spec.containers",
            ".spec.containers[name=\"a\"]",
            ".spec.containers[name=\"b\"]",
            ".spec.containers[name=\"a\"].image",
            ".spec.containers[name=\"a\"].name",
            ".spec.containers[name=\"b\"].image",
            ".spec.containers[name=\"b\"].name",
        ]
    );
}

#[test]
fn merge_keeps_old_items_with_a_duplicated_key_as_they_are() {
    let (s, root) = test_schema();
    let live = json(
        r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"a","image":"2"},{"name":"b"}]}}"#,
    );
    let got = merge(
        &s,
        root,
        &live,
        &json(r#"{"spec":{"containers":[{"name":"b","image":"3"}]}}"#),
    )
    .unwrap();
    assert_eq!(
        got.to_json(),
        r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"a","image":"2"},{"name":"b","image":"3"}]}}"#
    );
}

#[test]
fn merge_keeps_live_key_order_and_config_values() {
    let (s, root) = test_schema();
    // Same content, another order: live's order stays, as SMD's merge
    // walks live's keys first.
    let got = merge(
        &s,
        root,
        &json(r#"{"data":{"b":"2","a":"1"},"spec":{"labels":{"x":"1"}}}"#),
        &json(r#"{"spec":{"labels":{"x":"1"}},"data":{"a":"1","b":"2"}}"#),
    )
    .unwrap();
    assert_eq!(
        got.to_json(),
        r#"{"data":{"b":"2","a":"1"},"spec":{"labels":{"x":"1"}}}"#
    );
    // Equal and in the same order: the config itself.
    let config = json(r#"{"data":{"a":"1","b":"2"},"spec":{"labels":{"x":"1"}}}"#);
    let got = merge(&s, root, &config.clone(), &config).unwrap();
    assert_eq!(got.to_json(), config.to_json());
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// An object of the test schema as JSON; `unique` keeps container
    /// names unique (a configuration), otherwise they may repeat (live).
    fn object(unique: bool) -> impl Strategy<Value = String> {
        let data = prop::collection::btree_map("[a-c]", "[0-1]", 0..3);
        let containers = prop::collection::vec(("[a-c]", prop::option::of("[0-1]")), 0..4);
        let finalizers = prop::collection::btree_set("[a-c]", 0..3);
        (data, containers, finalizers).prop_map(move |(data, mut containers, finalizers)| {
            if unique {
                let mut seen = std::collections::BTreeSet::new();
                containers.retain(|(name, _)| seen.insert(name.clone()));
            }
            let data: Vec<String> = data
                .iter()
                .map(|(k, v)| format!("\"{k}\":\"{v}\""))
                .collect();
            let containers: Vec<String> = containers
                .iter()
                .map(|(name, image)| match image {
                    Some(image) => format!(r#"{{"name":"{name}","image":"{image}"}}"#),
                    None => format!(r#"{{"name":"{name}"}}"#),
                })
                .collect();
            let finalizers: Vec<String> = finalizers.iter().map(|f| format!("\"{f}\"")).collect();
            format!(
                r#"{{"data":{{{}}},"spec":{{"containers":[{}],"finalizers":[{}]}}}}"#,
                data.join(","),
                containers.join(","),
                finalizers.join(",")
            )
        })
    }

    proptest! {
        #[test]
        fn copying_what_live_lacks_merges_as_walking_does(live in object(false), config in object(true)) {
            let (s, root) = test_schema();
            let (live, config) = (json(&live), json(&config));
            let walked = merge(&s, root, &live, &config).unwrap();
            let copied = crate::typed::merge::merge_typed(&s, root, &live, &config, true).unwrap();
            prop_assert_eq!(copied.to_json(), walked.to_json());
            // Comparing with an unshared copy and with the value itself agree.
            let fresh = Value::from_json_str(&walked.to_json()).unwrap();
            prop_assert_eq!(
                compare(&s, root, &live, &walked).unwrap(),
                compare(&s, root, &live, &fresh).unwrap()
            );
            prop_assert!(compare(&s, root, &walked, &fresh).unwrap().is_same());
        }
    }
}
