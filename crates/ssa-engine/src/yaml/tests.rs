#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::value::{Map, PathSeg};

fn v(text: &str) -> Value {
    match parse(text) {
        Ok(doc) => doc.value,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

fn j(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

/// The value of `a` in `a: <scalar>`.
fn scalar(text: &str) -> Value {
    v(&format!("a: {text}\n")).get("a").cloned().unwrap()
}

fn err(text: &str) -> YamlError {
    match parse(text) {
        Ok(doc) => panic!("{text:?} read as {}", doc.value),
        Err(e) => e,
    }
}

fn path(segs: &[&str]) -> ValuePath {
    ValuePath(
        segs.iter()
            .map(|s| match s.parse::<usize>() {
                Ok(i) => PathSeg::Index(i),
                Err(_) => PathSeg::Key(s.to_string()),
            })
            .collect(),
    )
}

fn at(line: u32, column: u32) -> Location {
    Location::new(line, column)
}

#[test]
fn booleans_are_yaml_1_1_words() {
    for t in [
        "y", "Y", "yes", "Yes", "YES", "on", "On", "ON", "true", "True", "TRUE",
    ] {
        assert_eq!(scalar(t), Value::Bool(true), "{t}");
        assert_eq!(v(&format!("{t}: 1")), j(r#"{"true":1}"#), "key {t}");
    }
    for t in [
        "n", "N", "no", "No", "NO", "off", "Off", "OFF", "false", "False", "FALSE",
    ] {
        assert_eq!(scalar(t), Value::Bool(false), "{t}");
        assert_eq!(v(&format!("{t}: 1")), j(r#"{"false":1}"#), "key {t}");
    }
    for t in ["yES", "oN", "t", "f", "'yes'", "\"on\"", "!!str no"] {
        assert!(matches!(scalar(t), Value::String(_)), "{t}");
    }
}

#[test]
fn nulls() {
    for t in ["~", "null", "Null", "NULL", "", "!!null ~", "!!null null"] {
        assert_eq!(scalar(t), Value::Null, "{t:?}");
    }
    for t in ["nULL", "'~'", "\"null\"", "''"] {
        assert!(matches!(scalar(t), Value::String(_)), "{t}");
    }
    assert_eq!(v("- \n- ~\n"), j("[null, null]"));
}

#[test]
fn integers_follow_go_strconv() {
    let cases: &[(&str, Value)] = &[
        ("0", Value::Int(0)),
        ("-0", Value::Int(0)),
        ("+42", Value::Int(42)),
        ("-42", Value::Int(-42)),
        ("1_000", Value::Int(1000)),
        ("1__0_", Value::Int(10)),
        ("0x1F", Value::Int(31)),
        ("0X1f", Value::Int(31)),
        ("-0x1F", Value::Int(-31)),
        ("017", Value::Int(15)),
        ("0o17", Value::Int(15)),
        ("0b101", Value::Int(5)),
        ("-0b101", Value::Int(-5)),
        // Not octal: read by the float pattern, sent as JSON `8`.
        ("08", Value::Int(8)),
        ("9223372036854775807", Value::Int(i64::MAX)),
        ("-9223372036854775808", Value::Int(i64::MIN)),
        // Beyond int64: go-yaml's uint64, then float; the API server reads
        // a JSON number beyond int64 as a float.
        (
            "9223372036854775808",
            Value::Float(9.223_372_036_854_776e18),
        ),
        (
            "0xFFFFFFFFFFFFFFFF",
            Value::Float(1.844_674_407_370_955_2e19),
        ),
        (
            "18446744073709551616",
            Value::Float(1.844_674_407_370_955_2e19),
        ),
        // A float go-yaml reads, which Go's JSON writes as an integer.
        ("-9223372036854775809", Value::Int(i64::MIN)),
    ];
    for (t, want) in cases {
        assert_eq!(&scalar(t), want, "{t}");
    }
    // Hex beyond uint64 matches no number pattern: a string.
    for t in [
        "0x10000000000000000",
        "0x",
        "0b",
        "_1",
        "+",
        "1-2",
        "0x1p3",
        "12:30:00",
    ] {
        assert_eq!(scalar(t), Value::String(t.to_string()), "{t}");
    }
}

#[test]
fn floats_as_json_carries_them() {
    let cases: &[(&str, Value)] = &[
        ("1.5", Value::Float(1.5)),
        ("-1.5e-3", Value::Float(-0.0015)),
        (".5", Value::Float(0.5)),
        ("-.5", Value::Float(-0.5)),
        ("+.5", Value::Float(0.5)),
        ("1_0.5", Value::Float(10.5)),
        // Integral floats are written `1` in JSON and read back as integers.
        ("1.0", Value::Int(1)),
        ("1.", Value::Int(1)),
        ("1e3", Value::Int(1000)),
        ("1E+18", Value::Int(1_000_000_000_000_000_000)),
        ("-0.0", Value::Int(0)),
        ("1e20", Value::Float(1e20)),
        ("!!float 1", Value::Int(1)),
        ("!!float 2.5", Value::Float(2.5)),
    ];
    for (t, want) in cases {
        assert_eq!(&scalar(t), want, "{t}");
    }
    // Out of float range, or not the YAML float pattern: strings.
    for t in ["1e400", ".5_0", ".e5", "1.2.3", "1e", "2024-01-01", "1.5GB"] {
        assert_eq!(scalar(t), Value::String(t.to_string()), "{t}");
    }
    // JSON has no infinity or NaN: sigs.k8s.io/yaml fails to convert.
    for t in [".inf", "-.Inf", "+.INF", ".nan", ".NaN", "!!float .inf"] {
        let e = err(&format!("a: {t}"));
        // A tagged scalar is placed at its text, after the tag.
        let column = if t.starts_with('!') { 12 } else { 4 };
        assert_eq!(e.location, at(1, column), "{t}");
        assert!(
            e.message.contains("JSON has no infinity or NaN"),
            "{t}: {e}"
        );
    }
}

#[test]
fn keys_become_json_object_keys_as_sigs_k8s_io_yaml_makes_them() {
    let cases = [
        ("on: 1", r#"{"true":1}"#),
        ("3: x", r#"{"3":"x"}"#),
        ("0x10: x", r#"{"16":"x"}"#),
        ("-7: x", r#"{"-7":"x"}"#),
        // Floats in Go's shortest 32-bit %g.
        ("1.5: x", r#"{"1.5":"x"}"#),
        ("0.1: x", r#"{"0.1":"x"}"#),
        ("1.0: x", r#"{"1":"x"}"#),
        ("1e6: x", r#"{"1e+06":"x"}"#),
        ("3.14159265358979: x", r#"{"3.1415927":"x"}"#),
        ("0.00001: x", r#"{"1e-05":"x"}"#),
        (".inf: x", r#"{".inf":"x"}"#),
        ("-.inf: x", r#"{"-.inf":"x"}"#),
        (".NaN: x", r#"{".nan":"x"}"#),
        ("'on': 1", r#"{"on":1}"#),
        ("\"null\": 1", r#"{"null":1}"#),
        ("\"\": 1", r#"{"":1}"#),
        ("2024-01-01: x", r#"{"2024-01-01":"x"}"#),
        ("!!str 3: x", r#"{"3":"x"}"#),
        ("{a: 1, b}", r#"{"a":1,"b":null}"#),
    ];
    for (text, want) in cases {
        assert_eq!(v(text), j(want), "{text}");
    }
    let refused = [
        ("null: 1", at(1, 1), "unsupported map key: null"),
        ("a:\n  ~: 1", at(2, 3), "unsupported map key: null"),
        (
            "18446744073709551615: x",
            at(1, 1),
            "unsupported map key of type uint64: 18446744073709551615",
        ),
        ("? [a]\n: 1", at(1, 3), "a map or list cannot be a map key"),
        ("{[a]: 1}", at(1, 2), "a map or list cannot be a map key"),
    ];
    for (text, location, message) in refused {
        assert_eq!(err(text), YamlError::new(message, location), "{text}");
    }
}

#[test]
fn repeated_keys_keep_the_last_value_as_kubectl_does() {
    assert_eq!(v("a: 1\nb: 2\na: 3\n"), j(r#"{"a":3,"b":2}"#));
    let doc = parse("a: {x: 1}\na:\n  z: 2\n").unwrap();
    assert_eq!(doc.value, j(r#"{"a":{"z":2}}"#));
    // The places of the replaced value are forgotten.
    assert_eq!(doc.source_map.location(&path(&["a", "x"])), None);
    assert_eq!(doc.source_map.location(&path(&["a"])), Some(at(3, 3)));
    assert_eq!(doc.source_map.key_location(&path(&["a"])), Some(at(2, 1)));
    // A merge that replaces a key does the same.
    let doc = parse("a:\n  r: {x: 1}\n  <<: {r: 2}\n").unwrap();
    assert_eq!(doc.value, j(r#"{"a":{"r":2}}"#));
    assert_eq!(doc.source_map.location(&path(&["a", "r", "x"])), None);
    assert_eq!(doc.source_map.location(&path(&["a", "r"])), Some(at(3, 3)));
}

#[test]
fn anchors_aliases_and_merge_keys() {
    let cases = [
        (
            "base: &b {x: 1, w: 2}\nother:\n  <<: *b\n  w: 3\nlist: [*b]\n",
            r#"{"base":{"x":1,"w":2},"other":{"x":1,"w":3},"list":[{"x":1,"w":2}]}"#,
        ),
        // go-yaml v2 sets the merged keys where `<<` stands: over keys set
        // before it, under keys set after it.
        (
            "b: &b {w: 2}\no: {w: 3, <<: *b}",
            r#"{"b":{"w":2},"o":{"w":2}}"#,
        ),
        // From a list, earlier maps win.
        (
            "a: &a {x: 1}\nb: &b {x: 2, z: 2}\nc:\n  <<: [*a, *b]\n",
            r#"{"a":{"x":1},"b":{"x":2,"z":2},"c":{"x":1,"z":2}}"#,
        ),
        ("c:\n  <<: {x: 1}\n  z: 2\n", r#"{"c":{"x":1,"z":2}}"#),
        ("c:\n  !!merge <<: {x: 1}\n", r#"{"c":{"x":1}}"#),
        // Only a plain `<<` merges.
        ("c:\n  \"<<\": {x: 1}\n", r#"{"c":{"<<":{"x":1}}}"#),
        ("a: <<\n", r#"{"a":"<<"}"#),
        (
            "k: &k name\nm: {*k : 1}\n",
            r#"{"k":"name","m":{"name":1}}"#,
        ),
        ("&k on: x\nm: {*k : 1}\n", r#"{"true":"x","m":{"true":1}}"#),
        ("l: &l [1, 2]\nm: *l\n", r#"{"l":[1,2],"m":[1,2]}"#),
        ("a: &s yes\nb: *s\n", r#"{"a":true,"b":true}"#),
    ];
    for (text, want) in cases {
        assert_eq!(v(text), j(want), "{text}");
    }
    let refused = [
        ("a:\n  <<: 1\n", at(2, 3)),
        ("a:\n  <<: [{x: 1}, 2]\n", at(2, 3)),
        ("s: &s x\na:\n  <<: *s\n", at(3, 3)),
    ];
    for (text, location) in refused {
        let e = err(text);
        assert_eq!(e.location, location, "{text}: {e}");
        assert!(e.message.starts_with("map merge requires"), "{text}: {e}");
    }
    assert_eq!(
        err("a: *nope\n").location,
        at(1, 4),
        "an unknown anchor is refused"
    );
}

#[test]
fn tags() {
    let cases: &[(&str, Value)] = &[
        ("!!str 12", Value::from("12")),
        ("!!str", Value::from("")),
        ("!!int \"12\"", Value::Int(12)),
        ("!<tag:yaml.org,2002:int> \"7\"", Value::Int(7)),
        ("!!bool yes", Value::Bool(true)),
        (
            "!!timestamp 2001-12-14t21:59:43.10-05:00",
            Value::from("2001-12-14t21:59:43.10-05:00"),
        ),
        ("!!binary aGVsbG8=", Value::from("hello")),
        // Tags go-yaml does not resolve keep the text.
        ("!foo 12", Value::from("12")),
        ("! 12", Value::from("12")),
        ("!!map 12", Value::from("12")),
        ("!!seq [1]", j("[1]")),
    ];
    for (t, want) in cases {
        assert_eq!(&scalar(t), want, "{t}");
    }
    let refused = [
        ("!!int x", "cannot decode !!str `x` as a !!int"),
        ("!!int 1.5", "cannot decode !!float `1.5` as a !!int"),
        ("!!bool 1", "cannot decode !!int `1` as a !!bool"),
        ("!!null x", "cannot decode !!str `x` as a !!null"),
        (
            "!!timestamp 2001-13-01",
            "cannot decode !!str `2001-13-01` as a !!timestamp",
        ),
        ("!!binary a", "!!binary value contains invalid base64 data"),
    ];
    for (t, message) in refused {
        let column = t.find(' ').map_or(4, |space| space as u32 + 5);
        assert_eq!(
            err(&format!("a: {t}")),
            YamlError::new(message, at(1, column)),
            "{t}"
        );
    }
}

#[test]
fn quoted_and_block_scalars_are_strings() {
    let cases = [
        ("a: 'yes'", r#"{"a":"yes"}"#),
        ("a: \"1\"", r#"{"a":"1"}"#),
        ("a: 'it''s'", r#"{"a":"it's"}"#),
        ("a: \"tab\\tnl\\n\\u00e9\"", r#"{"a":"tab\tnl\né"}"#),
        ("a: |\n  x\n   y\n", r#"{"a":"x\n y\n"}"#),
        ("a: |-\n  1\n", r#"{"a":"1"}"#),
        ("a: >\n  folded\n  text\n", r#"{"a":"folded text\n"}"#),
        ("a: plain\n  continued\n", r#"{"a":"plain continued"}"#),
        ("\u{feff}a: 1", r#"{"a":1}"#),
    ];
    for (text, want) in cases {
        assert_eq!(v(text), j(want), "{text}");
    }
}

#[test]
fn json_is_yaml_and_order_is_kept() {
    let value = v(r#"{"z": 1, "a": [1, 2.5, "x", null, true, {"k": "on"}]}"#);
    assert_eq!(
        value.to_json(),
        r#"{"z":1,"a":[1,2.5,"x",null,true,{"k":"on"}]}"#
    );
}

#[test]
fn documents() {
    assert_eq!(v(""), Value::Null);
    assert_eq!(v("# only a comment\n"), Value::Null);
    assert_eq!(v("---\n"), Value::Null);
    // Empty and null documents are skipped, as kubectl skips them.
    assert_eq!(v("a: 1\n---\n"), j(r#"{"a":1}"#));
    assert_eq!(v("---\nnull\n---\na: 1\n...\n"), j(r#"{"a":1}"#));
    let e = err("---\na: 1\n---\nb: 2\n");
    assert_eq!(e.location, at(3, 1), "{e}");
    let all = parse_all("a: 1\n---\n---\nb: 2\n...\n---\n~\n").unwrap();
    let values: Vec<Value> = all.into_iter().map(|d| d.value).collect();
    assert_eq!(values, vec![j(r#"{"a":1}"#), j(r#"{"b":2}"#)]);
    // Each document's places are its own, in the stream's lines.
    let docs = parse_all("a: 1\n---\nb: 2\n").unwrap();
    assert_eq!(
        docs.get(1)
            .and_then(|d| d.source_map.location(&path(&["b"]))),
        Some(at(3, 4))
    );
}

#[test]
fn source_map_points_at_values_and_keys() {
    let text = "a:\n  b: [1, 2]\n  c: x\nl:\n- p: 1\n  m: {k: v}\n-   q\n";
    let doc = parse(text).unwrap();
    let map = &doc.source_map;
    let values = [
        (vec![], at(1, 1)),
        (vec!["a"], at(2, 3)),
        (vec!["a", "b"], at(2, 6)),
        (vec!["a", "b", "1"], at(2, 10)),
        (vec!["a", "c"], at(3, 6)),
        (vec!["l"], at(5, 1)),
        (vec!["l", "0"], at(5, 3)),
        (vec!["l", "0", "p"], at(5, 6)),
        (vec!["l", "0", "m"], at(6, 6)),
        (vec!["l", "0", "m", "k"], at(6, 10)),
        (vec!["l", "1"], at(7, 5)),
    ];
    for (segs, want) in values {
        assert_eq!(map.location(&path(&segs)), Some(want), "{segs:?}");
    }
    let keys = [
        (vec!["a"], at(1, 1)),
        (vec!["a", "c"], at(3, 3)),
        (vec!["l", "0", "m"], at(6, 3)),
        (vec!["l", "0", "m", "k"], at(6, 7)),
    ];
    for (segs, want) in keys {
        assert_eq!(map.key_location(&path(&segs)), Some(want), "{segs:?}");
    }
    assert_eq!(map.location(&path(&["nope"])), None);
    // A path that is not there maps to its nearest ancestor.
    assert_eq!(map.nearest(&path(&["a", "nope", "deeper"])), at(2, 3));
    assert_eq!(map.nearest(&path(&["l", "0", "m", "z"])), at(6, 6));
    assert_eq!(map.nearest(&path(&["zz"])), at(1, 1));
    // Flow maps and lists start at their bracket.
    let doc = parse("x: {a: [1]}\n").unwrap();
    assert_eq!(doc.source_map.location(&path(&["x"])), Some(at(1, 4)));
    assert_eq!(doc.source_map.location(&path(&["x", "a"])), Some(at(1, 8)));
    // Lines in document order, values before keys.
    let lines: Vec<(String, u32)> = parse("a:\n  b: 1\n")
        .unwrap()
        .source_map
        .lines()
        .map(|(p, l)| (p.to_string(), l))
        .collect();
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines.first().map(|l| l.1), Some(1));
}

#[test]
fn columns_count_characters_and_utf16_units() {
    let text = "é: \"😀\"\nk: [ü, x]\n";
    let doc = parse(text).unwrap();
    let x = doc.source_map.location(&path(&["k", "1"])).unwrap();
    assert_eq!(x, at(2, 8));
    assert_eq!(x.utf16_column(text), 8);
    let emoji = doc.source_map.location(&path(&["é"])).unwrap();
    assert_eq!(emoji, at(1, 4));
    let after_emoji = Location::new(1, 6);
    // `😀` is two UTF-16 units.
    assert_eq!(after_emoji.utf16_column(text), 7);
    assert_eq!(Location::new(9, 3).utf16_column(text), 3);
}

#[test]
fn malformed_input_is_located() {
    let cases = [
        ("a: [1, 2\nb: 3\n", at(2, 2)),
        ("a: 1\n b: 2\n", at(2, 3)),
        ("a: b: c\n", at(1, 5)),
        ("a: 'unterminated\n", at(1, 4)),
        ("- a\nb: 1\n", at(2, 1)),
        ("a: {b: 1\n", at(2, 1)),
        ("a: \"\\q\"\n", at(1, 4)),
        ("a: 1\n... junk\n", at(2, 5)),
        ("a:\n  b: !!int x\n", at(2, 12)),
    ];
    for (text, location) in cases {
        let e = err(text);
        assert_eq!(e.location, location, "{text:?}: {e}");
        assert_eq!(
            e.to_string(),
            format!(
                "line {}, column {}: {}",
                location.line, location.column, e.message
            )
        );
    }
}

fn laughs(levels: u8) -> String {
    let mut text = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 0..levels {
        let name = char::from(b'b' + i);
        let prev = char::from(b'a' + i);
        let refs = vec![format!("*{prev}"); 10].join(", ");
        text.push_str(&format!("{name}: &{name} [{refs}]\n"));
    }
    text
}

#[test]
fn limits_refuse_gracefully() {
    // Block nesting past the limit: an error, not a stack overflow.
    let mut block = String::new();
    for depth in 0..=MAX_DEPTH {
        block.push_str(&" ".repeat(depth));
        block.push_str("a:\n");
    }
    let e = err(&block);
    assert_eq!(e.message, "nesting deeper than 1000 levels at line 1001");
    assert_eq!(e.location.line, 1001);
    let mut list = String::new();
    for depth in 0..=MAX_DEPTH {
        list.push_str(&" ".repeat(depth));
        list.push_str("- \n");
    }
    assert_eq!(
        err(&list).message,
        "nesting deeper than 1000 levels at line 1001"
    );
    // Exactly the limit is fine.
    let ok = "[".repeat(200) + &"]".repeat(200);
    assert!(parse(&ok).is_ok());
    // The reader counts `[`/`{` levels in a byte.
    let flow = "[".repeat(300) + &"]".repeat(300);
    assert_eq!(
        err(&flow).message,
        "nesting deeper than 255 levels of [ ] or { } at line 1"
    );
    // Aliases: a billion laughs stops at the budget.
    let e = err(&laughs(9));
    assert!(
        e.message
            .starts_with("aliases expand to more than 1000000 nodes"),
        "{e}"
    );
    assert!(parse(&laughs(4)).is_ok());
    // Input size.
    let big = "#".repeat(MAX_INPUT_BYTES + 1);
    let e = err(&big);
    assert_eq!(e.location, at(1, 1));
    assert!(e.message.contains("more than the 16777216 accepted"), "{e}");
}

#[test]
fn emitter_prints_as_kubectl_does() {
    let cases = [
        (
            r#"{"a":{"b":"yes"},"l":[{"x":1,"y":2}]}"#,
            "a:\n  b: \"yes\"\nl:\n- x: 1\n  \"y\": 2\n",
        ),
        (
            r#"{"e":{},"f":[],"n":null,"t":true,"i":-3}"#,
            "e: {}\nf: []\n\"n\": null\nt: true\ni: -3\n",
        ),
        (r#"[["a","b"],[]]"#, "- - a\n  - b\n- []\n"),
        (
            r#"{"f":1.5,"g":1e-7,"h":123456789.5}"#,
            "f: 1.5\ng: 1e-07\nh: 1.234567895e+08\n",
        ),
        (
            r#"{"s":["","1","null","~","true","2024-01-01","2024-01-01T10:00:00Z","1:20","0x1F","1e3","<<"]}"#,
            "s:\n- \"\"\n- \"1\"\n- \"null\"\n- \"~\"\n- \"true\"\n- \"2024-01-01\"\n- \"2024-01-01T10:00:00Z\"\n- \"1:20\"\n- \"0x1F\"\n- \"1e3\"\n- \"<<\"\n",
        ),
        (
            r##"{"q":[" lead","trail ","a: b","a #c","#c","- a","-a","*","it's","a:b","a#b","---x"]}"##,
            "q:\n- ' lead'\n- 'trail '\n- 'a: b'\n- 'a #c'\n- '#c'\n- '- a'\n- -a\n- '*'\n- it's\n- a:b\n- a#b\n- '---x'\n",
        ),
        (
            r#"{"d":["tab\there","bell\u0007","emoji 😀","é ok","quote\"s","back\\slash"]}"#,
            "d:\n- \"tab\\there\"\n- \"bell\\a\"\n- \"emoji \\U0001F600\"\n- é ok\n- quote\"s\n- back\\slash\n",
        ),
        (
            r#"{"m":"line1\nline2\n","n":"no newline\nat end","k":"keep\n\n","l":" lead\nx","t":"trail \nx"}"#,
            "m: |\n  line1\n  line2\n\"n\": |-\n  no newline\n  at end\nk: |+\n  keep\n\nl: |2-\n   lead\n  x\nt: \"trail \\nx\"\n",
        ),
        (r#"[{"a":{"b":[{"c":"d"}]}}]"#, "- a:\n    b:\n    - c: d\n"),
        (r#"{"multi\nkey":1}"#, "? |-\n  multi\n  key\n: 1\n"),
        ("\"top\"", "top\n"),
        ("{}", "{}\n"),
        ("[]", "[]\n"),
        ("null", "null\n"),
    ];
    for (json, want) in cases {
        let value = j(json);
        let text = to_yaml_string(&value);
        assert_eq!(text, want, "{json}");
        assert_eq!(v(&text), value, "read back {text}");
    }
}

#[test]
fn emitter_folds_long_lines_past_column_80() {
    let words = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore";
    let value = Value::Map(Map::from_iter([(
        "description".to_string(),
        Value::from(words),
    )]));
    let text = to_yaml_string(&value);
    assert_eq!(
        text,
        "description: Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod\n  tempor incididunt ut labore\n"
    );
    assert_eq!(v(&text), value);
    // Quoted strings fold too; keys never do.
    let quoted = format!("{words}: with a colon");
    let value = Value::Map(Map::from_iter([(
        quoted.clone(),
        Value::from(quoted.as_str()),
    )]));
    let text = to_yaml_string(&value);
    assert_eq!(text.lines().count(), 3, "{text}");
    assert_eq!(v(&text), value);
}

mod props {
    use super::*;
    use proptest::prelude::*;

    /// Strings made of the characters that make YAML quoting hard.
    fn tricky_string() -> impl Strategy<Value = String> {
        prop_oneof![
            "[ -~]{0,12}",
            "[a-z :#'\"\\-?\n\t|>&*!%@,\\[\\]{}.0-9yYnN~éü😀]{0,16}",
            "([a-z]{1,9} ){8,14}[a-z]{1,9}",
            prop::collection::vec(any::<char>(), 0..12).prop_map(String::from_iter),
            prop::sample::select(vec![
                "yes",
                "No",
                "on",
                "null",
                "~",
                "",
                "1",
                "0x1F",
                "1e3",
                ".inf",
                "1:20",
                "2024-01-01",
                "<<",
                "- a",
                "a: b",
                " ",
                "\n",
                "a\n",
                "\n\n",
                "---",
                "...",
            ])
            .prop_map(str::to_string),
        ]
    }

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::Int),
            prop_oneof![-1e9f64..1e9, -1e-3f64..1e-3]
                .prop_map(|f| Value::Float(if f.fract() == 0.0 { f + 0.25 } else { f })),
            tricky_string().prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::List),
                prop::collection::vec((tricky_string(), inner), 0..5)
                    .prop_map(|kv| Value::Map(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn emit_then_parse_is_identity(v in value()) {
            let text = to_yaml_string(&v);
            prop_assert_eq!(parse(&text).map(|d| d.value), Ok(v), "{}", text);
        }

        #[test]
        fn never_panics_on_any_text(text in "\\PC{0,64}") {
            let _ = parse(&text);
        }

        #[test]
        fn never_panics_on_yaml_like_text(
            text in "[-:?,\\[\\]{}#&*!|>'\"%@` \n\tab01.~<=+xe_é]{0,96}"
        ) {
            let _ = parse_all(&text);
            if let Ok(doc) = parse(&text) {
                let _ = doc.source_map.nearest(&ValuePath::root());
                let _ = to_yaml_string(&doc.value);
            }
        }
    }
}

#[test]
fn large_inputs_read_in_linear_time() {
    // One long line of JSON with many lists, and a long block list.
    let items: Vec<String> = (0..50_000)
        .map(|i| format!("[{i}, {{\"k\": [\"v\"]}}]"))
        .collect();
    let json = format!("{{\"items\": [{}]}}", items.join(", "));
    let started = std::time::Instant::now();
    let doc = parse(&json).unwrap();
    assert_eq!(
        doc.source_map
            .location(&path(&["items", "49999", "1", "k"]))
            .map(|l| l.line),
        Some(1)
    );
    let block: String = (0..50_000).map(|i| format!("- n{i}:\n  - x\n")).collect();
    let doc = parse(&format!("l:\n{block}")).unwrap();
    assert_eq!(
        doc.source_map.location(&path(&["l", "49999", "n49999"])),
        Some(at(100_001, 3))
    );
    let merges: String = (0..2_000)
        .map(|i| format!("m{i}:\n  <<: *b\n  k0: x\n"))
        .collect();
    let keys: String = (0..200).map(|i| format!("k{i}: {i}, ")).collect();
    parse(&format!("b: &b {{{keys}}}\n{merges}")).unwrap();
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

#[test]
fn list_items_places_record_objects_of_lists_and_no_fields() {
    let text = "\
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {name: a}
  data: {items: x}
- kind: List
  items:
  - {kind: ConfigMap, metadata: {name: b}}
";
    let doc = parse_places(text, Places::ListItems).unwrap();
    let root = ValuePath::root();
    let at = |path: &ValuePath| doc.source_map.location(path);
    assert_eq!(at(&root), Some(Location::new(1, 1)));
    assert_eq!(at(&root.key("items")), Some(Location::new(4, 1)));
    assert_eq!(at(&root.key("items").index(0)), Some(Location::new(4, 3)));
    let nested = root.key("items").index(1).key("items").index(0);
    assert_eq!(at(&nested), Some(Location::new(10, 5)));
    // Fields are not recorded (a key named `items` inside an object's
    // data is not a List's either); they report the object's place.
    let field = root.key("items").index(0).key("metadata");
    assert_eq!(at(&field), None);
    assert_eq!(doc.source_map.nearest(&field), Location::new(4, 3));
    assert_eq!(at(&root.key("kind")), None);
    assert_eq!(doc.source_map.key_location(&root.key("kind")), None);
    // The value is read in full all the same.
    assert_eq!(doc.value, parse(text).unwrap().value);
}

/// `tools/emit-diff`'s comparison: random documents printed by kubectl's
/// YAML printer (`$EMIT_DIFF/in.jsonl`, `out.jsonl`: sigs.k8s.io/yaml's
/// `JSONToYAML` over go-yaml v2, keys in go-yaml's order) and by
/// [`to_yaml_string`] of the keys sorted as `review::sorted_keys`
/// sorts them, byte for byte.
/// Run by hand: `EMIT_DIFF=DIR cargo test -p ssa-engine --lib emit_diff --
/// --ignored`.
#[test]
#[ignore = "needs the files tools/emit-diff writes"]
fn emit_diff_against_kubectl() {
    crate::upstream_diff::each_case("EMIT_DIFF", |case, answer| {
        let expected = answer.get("yaml").and_then(Value::as_str)?;
        let ours = crate::yaml::to_yaml_string(&crate::review::sorted_keys(case.clone()));
        (ours != expected).then(|| format!("go:   {expected:?}\n  ours: {ours:?}"))
    });
}

/// go-yaml checks no indentation inside a flow collection or a quoted
/// scalar, and takes a tab after a key's `:`; yaml-rust2 needs the text
/// rewritten (`lenient.rs`) to read these as kubectl does.
#[test]
fn flows_and_quoted_scalars_may_be_indented_less_as_kubectl_reads_them() {
    for (text, json) in [
        (
            "args: [\n  \"--foo\",\n  \"--bar\"\n]\n",
            r#"{"args":["--foo","--bar"]}"#,
        ),
        ("x: {\n  \"a\": \"b\"\n}\n", r#"{"x":{"a":"b"}}"#),
        ("a:\n  b: {c: 1,\n  d: 2}\n", r#"{"a":{"b":{"c":1,"d":2}}}"#),
        (
            "a:\n  b: [\n  {\"x\": 1,\n  \"y\": [2,\n3]}\n  ]\n  c: d\n",
            r#"{"a":{"b":[{"x":1,"y":[2,3]}],"c":"d"}}"#,
        ),
        (
            "a:\n  key: \"line one\nline two\"\n",
            r#"{"a":{"key":"line one line two"}}"#,
        ),
        ("a:\n  key: 'it''s\nnot'\n", r#"{"a":{"key":"it's not"}}"#),
        ("a: \"x\\\n y\"\nb: [\n1]\n", r#"{"a":"xy","b":[1]}"#),
        // A block scalar's text, a comment and a plain scalar hold
        // brackets that open nothing.
        ("a: |\n  [x\nb: [\n1]\n", r#"{"a":"[x\n","b":[1]}"#),
        ("a: b # [\nc: [\n1]\n", r#"{"a":"b","c":[1]}"#),
        ("a: b[0]\nc: [\n1]\n", r#"{"a":"b[0]","c":[1]}"#),
        ("a: &x [1,\n2]\nb: *x\n", r#"{"a":[1,2],"b":[1,2]}"#),
        ("a:\tb\n", r#"{"a":"b"}"#),
        // A comment right after a closing quote or bracket, or after a
        // block scalar's indicators.
        ("a: \"b\"# c\n", r#"{"a":"b"}"#),
        ("- 'b'#c\n", r#"["b"]"#),
        ("a: {x: [1]}#c\nb: 2\n", r#"{"a":{"x":[1]},"b":2}"#),
        ("a: |-#c\n  x\n", r#"{"a":"x"}"#),
        ("a: b#c\nc: [\n1]\n", r#"{"a":"b#c","c":[1]}"#),
        ("a:\n  b:\tc\n  d: e\n", r#"{"a":{"b":"c","d":"e"}}"#),
    ] {
        assert_eq!(v(text), j(json), "{text:?}");
    }
}

#[test]
fn a_rewritten_text_keeps_the_places_the_user_wrote() {
    let doc = parse("a: [\n\"x\",\n  \"y\"\n]\nb:\tc\n").unwrap();
    let map = &doc.source_map;
    assert_eq!(map.location(&path(&["a", "0"])), Some(at(2, 1)));
    assert_eq!(map.location(&path(&["a", "1"])), Some(at(3, 3)));
    assert_eq!(map.location(&path(&["b"])), Some(at(5, 4)));
    // An error in a line moved is at its place in the user's text.
    assert_eq!(err("a: [\n 1,\n@\n]\n").location, at(3, 1));
}

#[test]
fn what_go_yaml_refuses_inside_a_flow_stays_refused() {
    for text in [
        // A key in a flow collection over two lines.
        "a:\n  b: {ap\np: web}\n",
        "a:\n  b: {\"k\n2\": 1}\n",
        // A block scalar in a flow collection.
        "a:\n  b: [>-\n1]\n",
        // A document marker.
        "a: [\n---\n]\n",
    ] {
        err(text);
    }
}

/// kubectl's document reader ends the last line with a line break too: a
/// last line of spaces is no empty line of a block scalar.
#[test]
fn a_last_line_of_spaces_ends_as_kubectl_ends_it() {
    assert_eq!(v("a:\n  b: |\n    x\n    "), j(r#"{"a":{"b":"x\n"}}"#));
    assert_eq!(v("a: |\n  x\n  "), j(r#"{"a":"x\n"}"#));
    assert_eq!(v("a: |+\n  x\n  "), j(r#"{"a":"x\n\n"}"#));
    assert_eq!(v("a: |\n  x\n    "), j(r#"{"a":"x\n  \n"}"#));
}

/// `parse_all` against kubectl's reading of the same text (the documents
/// its resource builder gets: `tools/yaml-diff`), value for value, or both
/// refusing it. The differences README's Limitations lists are counted by
/// kind ([`known_yaml_difference`]) and printed; any other fails the test.
/// Run by hand: `YAML_DIFF=DIR cargo test -p ssa-engine --lib yaml_diff --
/// --ignored --nocapture`.
#[test]
#[ignore = "needs the files tools/yaml-diff writes"]
fn yaml_diff_against_kubectl() {
    let mut known: std::collections::BTreeMap<&str, usize> = Default::default();
    crate::upstream_diff::each_case("YAML_DIFF", |case, answer| {
        if answer.get("nondeterministic").is_some() {
            return None;
        }
        let text = case.get("text").and_then(Value::as_str)?;
        let go: Result<Vec<Value>, &str> = match answer.get("documents_error") {
            Some(e) => Err(e.as_str().unwrap_or("")),
            None => Ok(answer
                .get("documents")
                .and_then(Value::as_list)
                .map(|docs| {
                    docs.iter()
                        .filter_map(|d| Value::from_json_str(d.as_str()?).ok())
                        .collect()
                })
                .unwrap_or_default()),
        };
        let ours =
            parse_all(text).map(|docs| docs.into_iter().map(|d| d.value).collect::<Vec<_>>());
        let same = match (&go, &ours) {
            (Ok(a), Ok(b)) => a == b,
            (Err(_), Err(_)) => true,
            _ => false,
        };
        if same {
            return None;
        }
        let ours = ours.map_err(|e| e.to_string());
        if let Some(kind) = known_yaml_difference(text, &go, &ours) {
            *known.entry(kind).or_default() += 1;
            return None;
        }
        let show = |r: Result<&Vec<Value>, &str>| match r {
            Ok(docs) => docs
                .iter()
                .map(Value::to_json)
                .collect::<Vec<_>>()
                .join(" | "),
            Err(e) => format!("error: {e}"),
        };
        Some(format!(
            "kubectl: {}\n  ours:    {}",
            show(go.as_ref().map_err(|e| *e)),
            show(ours.as_ref().map_err(String::as_str))
        ))
    });
    #[allow(clippy::print_stderr)]
    {
        eprintln!("known differences (README, Limitations): {known:?}");
    }
}

/// Which of README's listed differences from kubectl's reading a case
/// shows, if one: the shapes where yaml-rust2's scanner or the engine's
/// reading knowingly differs from go-yaml v2's and apimachinery's.
fn known_yaml_difference(
    text: &str,
    go: &Result<Vec<Value>, &str>,
    ours: &Result<Vec<Value>, String>,
) -> Option<&'static str> {
    let go_error = go.as_ref().err().copied().unwrap_or("");
    let our_error = ours.as_ref().err().map_or("", String::as_str);
    let lines = || text.lines();
    // The first line of content, past separators, tags and anchors.
    let first_node = lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("---"))
        .unwrap_or("");
    let first_node = first_node
        .split(' ')
        .find(|token| !token.starts_with(['!', '&']))
        .unwrap_or("");
    let checks: [(&str, bool); 23] = [
        // apimachinery's reader refuses a separator line with content.
        (
            "separator with content",
            go_error.starts_with("invalid Yaml document separator"),
        ),
        ("document end marker", lines().any(|l| l.starts_with("..."))),
        // apimachinery's reader takes `---#c` as a separator.
        (
            "separator with a comment right after it",
            lines().any(|l| l.starts_with("---#")),
        ),
        (
            "anchor or non-specific tag on an empty node",
            go.is_ok() && text.trim_start().starts_with('&') || text.contains("! "),
        ),
        (
            "directive",
            lines().any(|l| l.starts_with("%YAML") || l.starts_with("%TAG")),
        ),
        ("byte order mark", text.contains('\u{feff}')),
        (
            "control character or line separator",
            text.chars().any(|c| {
                c.is_control() && !matches!(c, '\n' | '\r' | '\t')
                    || matches!(
                        c,
                        '\u{2028}' | '\u{2029}' | '\u{85}' | '\u{fffe}' | '\u{ffff}'
                    )
            }),
        ),
        // go-yaml v2 reads a document's first node and never looks at
        // what follows it.
        (
            "text after a document's first node",
            go.is_ok()
                && (our_error.contains("did not find expected <document start>")
                    || our_error.contains("invalid trailing content")
                    || first_node.starts_with(['{', '[', '\'', '"', '&'])),
        ),
        (
            "tab go-yaml refuses",
            go_error.contains("tab character")
                || (go_error.contains("found character that cannot start any token")
                    || our_error.contains("followed by a valid YAML whitespace"))
                    && text.contains('\t'),
        ),
        (
            "anchor name yaml-rust2 takes",
            go_error.contains("did not find expected alphabetic or numeric character")
                || go_error.contains("unsupported map key") && text.contains('&')
                || text.contains("&a:"),
        ),
        (
            "block scalar's blank lines indented past its text",
            go.is_ok() && our_error.contains("wrongly indented line in block scalar"),
        ),
        ("top-level block scalar", first_node.starts_with(['|', '>'])),
        (
            "tag yaml-rust2 refuses",
            go.is_ok() && our_error.contains("tag"),
        ),
        (
            "the escape \\/, which go-yaml v2 refuses",
            go_error.contains("unknown escape character")
                || our_error.contains("unknown escape character"),
        ),
        (
            "flow collection go-yaml refuses",
            go_error.contains("did not find expected ',' or")
                || go_error.contains("did not find expected node content"),
        ),
        (
            "plain scalar in a flow collection yaml-rust2 refuses",
            go.is_ok()
                && [
                    "plain scalar cannot start with",
                    "only valid inside a block",
                    "flow mapping",
                    "simple key expect",
                ]
                .iter()
                .any(|m| our_error.contains(m)),
        ),
        (
            "key go-yaml v2 reads as null or uint64",
            go_error.starts_with("unsupported map key"),
        ),
        // go-yaml refuses `|` and `>` as the start of a node in a flow
        // collection; yaml-rust2 reads a plain scalar.
        (
            "`|` or `>` starting a node in a flow collection",
            go_error.contains("found character that cannot start any token")
                && text.contains(['|', '>'])
                && text.contains(['[', '{']),
        ),
        // A tag with no suffix (`!a` where a value follows, `!#c`).
        (
            "tag go-yaml reads otherwise",
            go_error.contains("did not find expected whitespace or line break")
                || text.contains("!a") && go.is_ok(),
        ),
        // A float an anchor names stays a float where its alias is a key;
        // the engine's values keep a whole float as an integer.
        (
            "float key through an alias",
            text.contains('&') && text.contains('*') && go.is_ok(),
        ),
        (
            "directive go-yaml refuses",
            go_error.contains("unknown directive")
                || go_error.contains("mapping values are not allowed"),
        ),
        // kubectl turns an integer beyond int64 into a float.
        (
            "integer beyond int64",
            text.split(|c: char| !c.is_ascii_digit())
                .any(|digits| digits.len() >= 19),
        ),
        (
            "`?` or `:` in a flow collection",
            ["[?", "{?", ", ?", ",?", ":]", ":}", ":,"]
                .iter()
                .any(|s| text.contains(s))
                || go_error.contains("did not find expected key") && text.contains('?'),
        ),
    ];
    checks
        .into_iter()
        .find(|(_, shows)| *shows)
        .map(|(kind, _)| kind)
}

/// apimachinery's document reader refuses a separator line with content.
#[test]
fn a_separator_with_content_is_refused_as_kubectl_refuses_it() {
    let e = err("a: 1\n--- b: 2\n");
    assert_eq!(e.message, "invalid Yaml document separator: b: 2");
    assert_eq!(e.location, at(2, 1));
    assert_eq!(err("----\n").message, "invalid Yaml document separator: -");
    assert_eq!(v("--- # first\na: 1\n"), j(r#"{"a": 1}"#));
}

/// An empty block scalar that ends the text is empty (`+` keeps its
/// empty lines' breaks), as libyaml reads it.
#[test]
fn an_empty_block_scalar_at_the_end_is_empty() {
    assert_eq!(v("a: |\n"), j(r#"{"a": ""}"#));
    assert_eq!(v("a: >\n\n\n"), j(r#"{"a": ""}"#));
    assert_eq!(v("a: |+\n"), j(r#"{"a": ""}"#));
    assert_eq!(v("a: |+\n\n\n"), j(r#"{"a": "\n\n"}"#));
    assert_eq!(v("- |\n  x\n- |\n\n"), j(r#"["x\n", ""]"#));
    assert_eq!(v("a: |\n\nb: 1\n"), j(r#"{"a": "", "b": 1}"#));
    assert_eq!(v("- >\n  >x\n"), j(r#"[">x\n"]"#));
}

/// sigs.k8s.io/yaml names a float key as a float32
/// (`strconv.FormatFloat(f, 'g', -1, 32)`): past float32's range it is
/// infinite, and a negative zero keeps its sign.
#[test]
fn float_keys_are_named_as_float32s() {
    assert_eq!(v("1.5e300: a\n"), j(r#"{".inf": "a"}"#));
    assert_eq!(v("-1.5e300: a\n"), j(r#"{"-.inf": "a"}"#));
    assert_eq!(v("-0.0: a\n"), j(r#"{"-0": "a"}"#));
    assert_eq!(v("1.5: a\n"), j(r#"{"1.5": "a"}"#));
}

/// go-yaml v2's merge key is the text `<<` (plain, or tagged `!!merge`),
/// and an alias merges only a map.
#[test]
fn merges_as_go_yaml_reads_them() {
    assert_eq!(v("!!merge a: b\n"), j(r#"{"a": "b"}"#));
    assert_eq!(v("\"<<\": b\n"), j(r#"{"<<": "b"}"#));
    assert_eq!(
        v("x: &x {a: 1}\nz:\n  !!merge <<: *x\n"),
        j(r#"{"x": {"a": 1}, "z": {"a": 1}}"#)
    );
    assert_eq!(
        v("x: &x {a: 1}\nz:\n  <<: [*x, {b: 2}]\n"),
        j(r#"{"x": {"a": 1}, "z": {"a": 1, "b": 2}}"#)
    );
    let e = err("x: &x [{a: 1}]\nz:\n  <<: *x\n");
    assert_eq!(
        e.message,
        "map merge requires map or sequence of maps as the value"
    );
}

/// go-yaml takes `\'` in a double-quoted scalar as an apostrophe;
/// yaml-rust2 reads it rewritten as `\x27`, its places where they were.
#[test]
fn an_escaped_apostrophe_reads_as_kubectl_reads_it() {
    assert_eq!(v("a: \"Don\\'t\"\n"), j(r#"{"a": "Don't"}"#));
    assert_eq!(
        v("a: \"\\'x\\'\"\nb: 'it''s'\n"),
        j(r#"{"a": "'x'", "b": "it's"}"#)
    );
    let doc = parse("a: {x: \"\\'\", w: z}\n").unwrap();
    assert_eq!(doc.source_map.location(&path(&["a", "w"])), Some(at(1, 17)));
    assert_eq!(err("a: \"\\'\" @\n").location, at(1, 9));
}
