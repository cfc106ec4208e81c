//! The reader against serde_json: the same value, or the same message.

use super::*;
use proptest::prelude::*;

/// What serde_json reads `text` as, converted as before this reader.
fn serde(text: &str) -> std::result::Result<Value, String> {
    serde_json::from_str::<serde_json::Value>(text)
        .map(Value::from)
        .map_err(|e| e.to_string())
}

#[track_caller]
fn same(text: &str) {
    let ours = from_str(text).map_err(|e| e.to_string());
    let theirs = serde(text);
    match (&ours, &theirs) {
        // Map equality ignores order: compare the text too.
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b, "{text:?}");
            assert_eq!(a.to_json(), b.to_json(), "{text:?}");
        }
        _ => assert_eq!(ours, theirs, "{text:?}"),
    }
}

#[test]
fn values_and_errors_as_serde_json() {
    for text in [
        "",
        " ",
        "null",
        "true",
        "false",
        "nul",
        "tru",
        "fals",
        "nulx",
        "n",
        "[",
        "]",
        "{",
        "}",
        "[]",
        "{}",
        "[1]",
        "[1,]",
        "[,1]",
        "[1 2]",
        "[1,,2]",
        "{\"a\":1}",
        "{\"a\" 1}",
        "{\"a\":}",
        "{\"a\":1,}",
        "{,}",
        "{1:2}",
        "{\"a\":1 \"b\":2}",
        "{\"a\"",
        "{\"a\":",
        "{\"a\":1",
        "[1",
        "[1,",
        "{\"a\":1,\"a\":2,\"b\":3}",
        "1 2",
        "1x",
        "[1]x",
        "{}x",
        " \n [ \n 1 , \n 2 ] \n ",
        "\"\"",
        "\"abc\"",
        "\"a\\\"b\"",
        "\"\\\\\\/\\b\\f\\n\\r\\t\"",
        "\"\\u00e9\"",
        "\"\\u00E9x\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud83d\"",
        "\"\\ud83dx\"",
        "\"\\ud83d\\x\"",
        "\"\\ud83d\\u0041\"",
        "\"\\ude00\"",
        "\"\\u12\"",
        "\"\\u12g4\"",
        "\"\\q\"",
        "\"\\",
        "\"abc",
        "\"a\tb\"",
        "\"a\nb\"",
        "\"é ü 😀\"",
        "\"\\u0000\"",
        "0",
        "-0",
        "00",
        "01",
        "-",
        "-x",
        "-01",
        "1.",
        "1.x",
        "1.e5",
        ".5",
        "1e",
        "1e+",
        "1e-",
        "1ex",
        "1E5",
        "1e-5",
        "1.5e+3",
        "-1.5E-3",
        "0.0",
        "-0.0",
        "0e0",
        "0.000e99999999999",
        "1e99999999999",
        "1e-99999999999",
        "-1e99999999999",
        "1e2147483647",
        "1e2147483648",
        "1e400",
        "-1e400",
        "1e-400",
        "4.9e-324",
        "2.5e-324",
        "1.7976931348623157e308",
        "1.7976931348623159e308",
        "9223372036854775807",
        "9223372036854775808",
        "-9223372036854775808",
        "-9223372036854775809",
        "18446744073709551615",
        "18446744073709551616",
        "123456789012345678901234567890",
        "123456789012345678901234567890.5",
        "123456789012345678901234567890e5",
        "123456789012345678901234567890.",
        "123456789012345678901234567890e",
        "0.1234567890123456789012345678901234567890",
        "1.00000000000000011102230246251565404",
        "1.000000000000000111022302462515654042363166809082031250000000001",
        "3.0000000000000000000000000000000000000000001e-5",
        "[1.5,-2,3e2,{\"x\":[null]}]",
        "\u{feff}1",
        "[1]\n\n x",
        "{\n\"a\" :\n x}",
    ] {
        same(text);
    }
}

#[test]
fn nesting_up_to_the_recursion_limit() {
    for depth in [127, 128, 129] {
        same(&format!("{}{}", "[".repeat(depth), "]".repeat(depth)));
        same(&format!(
            "{}1{}",
            "{\"a\":".repeat(depth),
            "}".repeat(depth)
        ));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Texts made of JSON's pieces, valid or not.
    #[test]
    fn generated_texts_as_serde_json(pieces in prop::collection::vec(prop::sample::select(vec![
        "{", "}", "[", "]", ",", ":", " ", "\n", "\"", "\"k\"", "\"v\"", "\\", "\\u", "d83d",
        "\\ude00", "00e9", "\\n", "1", "0", "-", ".", "e", "E", "+", "5", "9", "123",
        "18446744073709551616", "null", "true", "fa", "x", "\t", "é",
    ]), 0..24)) {
        same(&pieces.concat());
    }

    /// Numbers of every shape, in range or not.
    #[test]
    fn generated_numbers_as_serde_json(
        minus in any::<bool>(),
        int in "[0-9]{1,30}",
        frac in prop::option::of("[0-9]{0,30}"),
        exp in prop::option::of(("[eE]", "[+-]?", "[0-9]{0,12}")),
    ) {
        let mut text = String::new();
        if minus { text.push('-'); }
        text.push_str(&int);
        if let Some(f) = frac { text.push('.'); text.push_str(&f); }
        if let Some((e, s, d)) = exp { text.push_str(&e); text.push_str(&s); text.push_str(&d); }
        same(&text);
    }
}

/// Reading JSON straight into a `Value` gives what reading a
/// `serde_json::Value` and converting it gave: numbers at the int64
/// edges, `-0`, repeated keys (first place, last value), nesting.
#[test]
fn json_read_directly_matches_the_serde_json_value_path() {
    for text in [
        r#"{"a":1,"b":[1,2.5,-3,null,true,"x"],"c":{}}"#,
        r#"{"k":1,"j":2,"k":{"z":[]}}"#,
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "-9223372036854775808",
        "-0",
        "-0.0",
        "0.0",
        "1e400",
        "1.5e-7",
        "123456789012345678901234567890",
        r#""\u00e9\n""#,
        "[[],[[{}]]]",
    ] {
        let old = serde_json::from_str::<serde_json::Value>(text).map(Value::from);
        let new = from_str(text);
        match (old, new) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{text}");
                assert_eq!(a.to_json(), b.to_json(), "{text}");
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{text}"),
            (a, b) => panic!("{text}: {a:?} against {b:?}"),
        }
    }
    for text in ["{", "[1,]", r#"{"a" 1}"#, "1 2", "nul", r#"{"a":1,}"#] {
        let old = serde_json::from_str::<serde_json::Value>(text).map(Value::from);
        let new = from_str(text);
        assert_eq!(
            old.map_err(|e| e.to_string()),
            new.map_err(|e| e.to_string()),
            "{text}"
        );
    }
}

/// Reading straight into a Value gives what reading through
/// serde_json's own Value gives: numbers (Go's integer 0 for `-0`,
/// floats beyond int64), key order, a repeated key's place and value.
#[test]
fn direct_reading_matches_reading_through_serde_json_value() {
    let text = r#"{"z":-0,"a":[0.0,1.0,-5,1e3,18446744073709551615,9223372036854775807],
        "m":{"k":1,"j":null,"k":true},"s":"\u00e9\n","b":false,"e":{},"l":[]}"#;
    let direct = from_str(text).unwrap();
    let through = Value::from(serde_json::from_str::<serde_json::Value>(text).unwrap());
    assert_eq!(direct, through);
    assert_eq!(direct.to_json(), through.to_json(), "same key order");
    assert_eq!(
        direct.to_json(),
        r#"{"z":0,"a":[0,1,-5,1000,18446744073709552000,9223372036854775807],"m":{"k":true,"j":null},"s":"é\n","b":false,"e":{},"l":[]}"#
    );
    for bad in ["{", "[1,]", "{\"a\" 1}", "nul", ""] {
        assert!(from_str(bad).is_err(), "{bad}");
    }
}
