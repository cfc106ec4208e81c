use super::*;
use crate::value::Value;

fn v(text: &str) -> Value {
    parse(text).unwrap().value
}

fn j(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

#[test]
fn yaml_1_1_scalars_as_kubectl_reads_them() {
    let cases = [
        ("a: yes", r#"{"a":true}"#),
        ("a: No", r#"{"a":false}"#),
        ("a: on", r#"{"a":true}"#),
        ("a: OFF", r#"{"a":false}"#),
        ("a: y", r#"{"a":true}"#),
        ("a: n", r#"{"a":false}"#),
        ("a: 'yes'", r#"{"a":"yes"}"#),
        ("a: ~", r#"{"a":null}"#),
        ("a:", r#"{"a":null}"#),
        ("a: 0x1F", r#"{"a":31}"#),
        ("a: 017", r#"{"a":15}"#),
        ("a: 0o17", r#"{"a":15}"#),
        ("a: 0b101", r#"{"a":5}"#),
        ("a: 1_000", r#"{"a":1000}"#),
        ("a: -42", r#"{"a":-42}"#),
        ("a: 1.5", r#"{"a":1.5}"#),
        ("a: 1.0", r#"{"a":1}"#),
        ("a: 1e3", r#"{"a":1000}"#),
        ("a: 2024-01-01", r#"{"a":"2024-01-01"}"#),
        ("a: 1.2.3", r#"{"a":"1.2.3"}"#),
        ("a: !!str 12", r#"{"a":"12"}"#),
        ("a: \"12\"", r#"{"a":"12"}"#),
        (
            "on: 1\n3: x\nnull key: 2",
            r#"{"true":1,"3":"x","null key":2}"#,
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(v(text), j(expected), "{text}");
    }
}

#[test]
fn json_is_yaml_and_order_is_kept() {
    let value = v(r#"{"z": 1, "a": [1, 2.5, "x", null, true]}"#);
    assert_eq!(value.to_json(), r#"{"z":1,"a":[1,2.5,"x",null,true]}"#);
}

#[test]
fn anchors_aliases_and_merge_keys() {
    let text = "base: &b {x: 1, w: 2}\nother:\n  <<: *b\n  w: 3\nlist: [*b]\n";
    assert_eq!(
        v(text),
        j(r#"{"base":{"x":1,"w":2},"other":{"w":3,"x":1},"list":[{"x":1,"w":2}]}"#)
    );
    // `y` is a YAML 1.1 boolean, also as a key: kubectl sends it as "true".
    assert_eq!(v("y: 1"), j(r#"{"true":1}"#));
}

#[test]
fn source_map_points_at_nodes_and_keys() {
    let doc = parse("a:\n  b: [1, 2]\n  c: x\n").unwrap();
    let path = |segs: &[PathSeg]| ValuePath(segs.to_vec());
    let key = |k: &str| PathSeg::Key(k.to_string());
    assert_eq!(
        doc.source_map.location(&path(&[key("a"), key("c")])),
        Some(Location { line: 3, column: 6 })
    );
    assert_eq!(
        doc.source_map.key_location(&path(&[key("a"), key("c")])),
        Some(Location { line: 3, column: 3 })
    );
    assert_eq!(
        doc.source_map
            .location(&path(&[key("a"), key("b"), PathSeg::Index(1)])),
        Some(Location {
            line: 2,
            column: 10
        })
    );
    // A path that is not there maps to its nearest ancestor.
    assert_eq!(
        doc.source_map.nearest(&path(&[key("a"), key("nope")])).line,
        2
    );
}

#[test]
fn errors_are_located() {
    let err = parse("a: [1, 2\nb: 3\n").unwrap_err();
    assert_eq!(err.location.line, 2, "{err}");
    let err = parse("a: 1\n b: 2\n").unwrap_err();
    assert_eq!(err.location.line, 2, "{err}");
    let err = parse("a: .inf\n").unwrap_err();
    assert!(err.message.contains("JSON"), "{err}");
    assert!(parse("---\na: 1\n---\nb: 2\n").is_err());
    assert_eq!(parse_all("---\na: 1\n---\nb: 2\n").unwrap().len(), 2);
    assert_eq!(parse("").unwrap().value, Value::Null);
}

#[test]
fn limits_refuse_gracefully() {
    let deep = "[".repeat(MAX_DEPTH + 5) + &"]".repeat(MAX_DEPTH + 5);
    let err = parse(&deep).unwrap_err();
    assert!(err.message.starts_with("nesting deeper than"), "{err}");
    assert_eq!(err.location.line, 1);
    let mut block = String::new();
    for depth in 0..=MAX_DEPTH {
        block.push_str(&" ".repeat(depth));
        block.push_str("- \n");
    }
    let err = parse(&block).unwrap_err();
    assert!(err.message.starts_with("nesting deeper than"), "{err}");
    let mut laughs = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 0..9 {
        laughs.push_str(&format!(
            "{}: &{} [*{}, *{}, *{}, *{}, *{}, *{}, *{}, *{}, *{}, *{}]\n",
            (b'b' + i) as char,
            (b'b' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char,
            (b'a' + i) as char
        ));
    }
    let err = parse(&laughs).unwrap_err();
    assert!(err.message.contains("aliases expand"), "{err}");
}

#[test]
fn emitter_round_trips() {
    let cases = [
        r#"{"apiVersion":"v1","data":{"yes":"no","n":"1","e":"","s":" lead","multi":"a\nb\n"},"list":[{"a":1,"b":[]},"x",[1,2]],"m":{}}"#,
        r#"{"k":{"nested":{"deep":[{"name":"c","ports":[{"p":80}]}]}},"f":1.5,"t":true,"z":null}"#,
    ];
    for c in cases {
        let value = j(c);
        let text = to_yaml_string(&value);
        assert_eq!(v(&text), value, "{text}");
    }
    assert_eq!(
        to_yaml_string(&j(r#"{"a":{"b":"yes"},"l":[{"x":1,"y":2}]}"#)),
        "a:\n  b: \"yes\"\nl:\n- x: 1\n  \"y\": 2\n"
    );
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::Int),
            "[ -~\n]{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::List),
                prop::collection::vec(("[a-z ]{1,6}", inner), 0..4)
                    .prop_map(|kv| Value::Map(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn emit_then_parse_is_identity(v in value()) {
            let text = to_yaml_string(&v);
            prop_assert_eq!(parse(&text).map(|d| d.value), Ok(v), "{}", text);
        }

        #[test]
        fn never_panics(text in "\\PC{0,64}") {
            let _ = parse(&text);
        }
    }
}
