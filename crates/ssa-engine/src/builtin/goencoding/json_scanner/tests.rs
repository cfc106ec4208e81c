#![allow(clippy::unwrap_used, reason = "a test fails loudly")]

use super::unmarshal_map_error;

/// What Go 1.26's `json.Unmarshal` into a `map[string]interface{}`
/// answered for each text (`tools/json-scan-diff/main.go`).
#[test]
fn errors_are_encoding_json_words() {
    let cases: [(&[u8], Option<&str>); 29] = [
        (br#"{"auths":{}}"#, None),
        (b"null", None),
        (b" {} ", None),
        (b"", Some("unexpected end of JSON input")),
        (b"   ", Some("unexpected end of JSON input")),
        (
            br#"{"auths":{"r":{"auth":"x"}}"#,
            Some("unexpected end of JSON input"),
        ),
        (
            br#"{"auths":{}}}"#,
            Some("invalid character '}' after top-level value"),
        ),
        (
            b"{'auths':{}}",
            Some(r"invalid character '\'' looking for beginning of object key string"),
        ),
        (
            br#"{"a" "b"}"#,
            Some(r#"invalid character '"' after object key"#),
        ),
        (
            br#"{"a":"b" "c":1}"#,
            Some(r#"invalid character '"' after object key:value pair"#),
        ),
        (b"[1 2]", Some("invalid character '2' after array element")),
        (
            br#"{"a":[1}"#,
            Some("invalid character '}' after array element"),
        ),
        (
            br#"{"a":1]"#,
            Some("invalid character ']' after object key:value pair"),
        ),
        (
            b"[1,]",
            Some("invalid character ']' looking for beginning of value"),
        ),
        (
            br#"{"a":1,}"#,
            Some("invalid character '}' looking for beginning of object key string"),
        ),
        (
            b"\"a\nb\"",
            Some(r"invalid character '\n' in string literal"),
        ),
        (
            br#""\x""#,
            Some("invalid character 'x' in string escape code"),
        ),
        (
            br#""\u12g4""#,
            Some(r"invalid character 'g' in \u hexadecimal character escape"),
        ),
        // The end of the text is stepped as a space.
        (b"-", Some("invalid character ' ' in numeric literal")),
        (
            b"1.",
            Some("invalid character ' ' after decimal point in numeric literal"),
        ),
        (
            b"1e+",
            Some("invalid character ' ' in exponent of numeric literal"),
        ),
        (b"01", Some("invalid character '1' after top-level value")),
        (
            b"tru",
            Some("invalid character ' ' in literal true (expecting 'e')"),
        ),
        (
            b"nul",
            Some("invalid character ' ' in literal null (expecting 'l')"),
        ),
        // A byte is quoted as the rune of the same number.
        (
            b"\xef\xbb\xbf{}",
            Some("invalid character '\u{ef}' looking for beginning of value"),
        ),
        (
            b"{\"a\":1}\x00",
            Some(r"invalid character '\x00' after top-level value"),
        ),
        (
            b"\xc2\xa0",
            Some("invalid character '\u{c2}' looking for beginning of value"),
        ),
        // Valid, but not an object.
        (
            b"[1]",
            Some("json: cannot unmarshal array into Go value of type map[string]interface {}"),
        ),
        (
            b" -1.5e3",
            Some("json: cannot unmarshal number into Go value of type map[string]interface {}"),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(
            unmarshal_map_error(text).as_deref(),
            want,
            "{}",
            String::from_utf8_lossy(text)
        );
    }
    // A map's values are interface{}: a number is a float64, and the
    // first that does not fit one is refused (one too small is 0).
    assert_eq!(
        unmarshal_map_error(br#"{"a": [1e-999, "1e999", -2.5e+410, 1e999]}"#).as_deref(),
        Some("json: cannot unmarshal number -2.5e+410 into Go value of type float64")
    );
    let string = unmarshal_map_error(br#""s""#).unwrap();
    assert!(
        string.starts_with("json: cannot unmarshal string into"),
        "{string}"
    );
    let bool = unmarshal_map_error(b"false").unwrap();
    assert!(
        bool.starts_with("json: cannot unmarshal bool into"),
        "{bool}"
    );
}

/// `maxNestingDepth` is 10,000: one more opening bracket is refused at
/// that bracket.
#[test]
fn nesting_past_ten_thousand_is_refused() {
    let nested = |depth: usize| [b"[".repeat(depth), b"]".repeat(depth)].concat();
    assert_eq!(
        unmarshal_map_error(&nested(10_000)).as_deref(),
        Some("json: cannot unmarshal array into Go value of type map[string]interface {}")
    );
    assert_eq!(
        unmarshal_map_error(&nested(10_001)).as_deref(),
        Some("invalid character '[' exceeded max depth")
    );
}

/// The texts of `tools/json-scan-diff` (`JSON_SCAN_DIFF` names the
/// directory of its `in.jsonl` and `out.jsonl`), each answered as Go
/// answers it.
#[test]
#[ignore = "needs tools/json-scan-diff's output"]
fn json_scan_diff_against_go() {
    crate::upstream_diff::each_case("JSON_SCAN_DIFF", |input, output| {
        let text = crate::yaml::decode_base64(input.as_str().unwrap()).unwrap();
        let ours = unmarshal_map_error(&text);
        (ours.as_deref() != output.as_str()).then(|| format!("go {output:?}, here {ours:?}"))
    });
}
