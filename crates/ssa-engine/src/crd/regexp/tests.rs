//! Go's `regexp.Compile` and `regexp.MatchString`, recorded: the tables
//! below are what go1.19.8 printed for each pattern (`tools/go-regexp`
//! has the programs). Where Go changed since (named groups `(?<n>…)` in
//! 1.22, case-insensitive `\p{…}` names and `\p{ASCII}` in 1.25), the
//! cases follow the newer `parse_test.go`.

use super::parse::parse;
use super::*;

/// `regexp.Compile`'s error for each pattern, `""` when it compiles.
const COMPILED: &[(&str, &str)] = &[
    (r#"("#, r#"error parsing regexp: missing closing ): `(`"#),
    (r#")"#, r#"error parsing regexp: unexpected ): `)`"#),
    (r#"(a"#, r#"error parsing regexp: missing closing ): `(a`"#),
    (r#"a)"#, r#"error parsing regexp: unexpected ): `a)`"#),
    (r#"(a))"#, r#"error parsing regexp: unexpected ): `(a))`"#),
    (
        r#"(a|b|"#,
        r#"error parsing regexp: missing closing ): `(a|b|`"#,
    ),
    (r#"a|b|)"#, r#"error parsing regexp: unexpected ): `a|b|)`"#),
    (
        r#"(a|b|))"#,
        r#"error parsing regexp: unexpected ): `(a|b|))`"#,
    ),
    (
        r#"[a-z"#,
        r#"error parsing regexp: missing closing ]: `[a-z`"#,
    ),
    (
        r#"([a-z)"#,
        r#"error parsing regexp: missing closing ]: `[a-z)`"#,
    ),
    (
        r#"[a-z)"#,
        r#"error parsing regexp: missing closing ]: `[a-z)`"#,
    ),
    (
        r#"([a-z]))"#,
        r#"error parsing regexp: unexpected ): `([a-z]))`"#,
    ),
    (
        r#"x{1001}"#,
        r#"error parsing regexp: invalid repeat count: `{1001}`"#,
    ),
    (
        r#"x{9876543210}"#,
        r#"error parsing regexp: invalid repeat count: `{9876543210}`"#,
    ),
    (
        r#"x{2,1}"#,
        r#"error parsing regexp: invalid repeat count: `{2,1}`"#,
    ),
    (
        r#"x{1,9876543210}"#,
        r#"error parsing regexp: invalid repeat count: `{1,9876543210}`"#,
    ),
    (
        r#"(?P<name>a"#,
        r#"error parsing regexp: missing closing ): `(?P<name>a`"#,
    ),
    (
        r#"(?P<name>"#,
        r#"error parsing regexp: missing closing ): `(?P<name>`"#,
    ),
    (
        r#"(?P<name"#,
        r#"error parsing regexp: invalid named capture: `(?P<name`"#,
    ),
    (
        r#"(?P<x y>a)"#,
        r#"error parsing regexp: invalid named capture: `(?P<x y>`"#,
    ),
    (
        r#"(?P<>a)"#,
        r#"error parsing regexp: invalid named capture: `(?P<>`"#,
    ),
    (
        r#"[a-Z]"#,
        r#"error parsing regexp: invalid character class range: `a-Z`"#,
    ),
    (
        r#"(?i)[a-Z]"#,
        r#"error parsing regexp: invalid character class range: `a-Z`"#,
    ),
    (
        r#"\Q\E*"#,
        r#"error parsing regexp: missing argument to repetition operator: `*`"#,
    ),
    (
        r#"a{100000}"#,
        r#"error parsing regexp: invalid repeat count: `{100000}`"#,
    ),
    (
        r#"a{100000,}"#,
        r#"error parsing regexp: invalid repeat count: `{100000,}`"#,
    ),
    (
        r#"((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}){2})"#,
        r#"error parsing regexp: invalid repeat count: `{2}`"#,
    ),
    (
        r#"(?:[a-z]{4}){0,251}"#,
        r#"error parsing regexp: invalid repeat count: `{0,251}`"#,
    ),
    (
        r#"a**"#,
        r#"error parsing regexp: invalid nested repetition operator: `**`"#,
    ),
    (
        r#"a++"#,
        r#"error parsing regexp: invalid nested repetition operator: `++`"#,
    ),
    (
        r#"a?*"#,
        r#"error parsing regexp: invalid nested repetition operator: `?*`"#,
    ),
    (
        r#"a+*"#,
        r#"error parsing regexp: invalid nested repetition operator: `+*`"#,
    ),
    (
        r#"a{1}*"#,
        r#"error parsing regexp: invalid nested repetition operator: `{1}*`"#,
    ),
    (
        r#".{1}{2}.{3}"#,
        r#"error parsing regexp: invalid nested repetition operator: `{1}{2}`"#,
    ),
    (
        r#"a*??"#,
        r#"error parsing regexp: invalid nested repetition operator: `*??`"#,
    ),
    (
        r#"a{2}{3}"#,
        r#"error parsing regexp: invalid nested repetition operator: `{2}{3}`"#,
    ),
    (
        r#"*"#,
        r#"error parsing regexp: missing argument to repetition operator: `*`"#,
    ),
    (
        r#"(*)"#,
        r#"error parsing regexp: missing argument to repetition operator: `*`"#,
    ),
    (
        r#"a|*"#,
        r#"error parsing regexp: missing argument to repetition operator: `*`"#,
    ),
    (r#"^*"#, r#""#),
    (
        r#"\8"#,
        r#"error parsing regexp: invalid escape sequence: `\8`"#,
    ),
    (
        r#"\1"#,
        r#"error parsing regexp: invalid escape sequence: `\1`"#,
    ),
    (
        r#"\q"#,
        r#"error parsing regexp: invalid escape sequence: `\q`"#,
    ),
    (
        r#"\"#,
        r#"error parsing regexp: trailing backslash at end of expression: ``"#,
    ),
    (r#"a\\"#, r#""#),
    (
        r#"[\b]"#,
        r#"error parsing regexp: invalid escape sequence: `\b`"#,
    ),
    (
        r#"\C"#,
        r#"error parsing regexp: invalid escape sequence: `\C`"#,
    ),
    (
        r#"\x"#,
        r#"error parsing regexp: invalid escape sequence: `\x`"#,
    ),
    (
        r#"\x4"#,
        r#"error parsing regexp: invalid escape sequence: `\x4`"#,
    ),
    (
        r#"\xg1"#,
        r#"error parsing regexp: invalid escape sequence: `\xg1`"#,
    ),
    (
        r#"\x{"#,
        r#"error parsing regexp: invalid escape sequence: `\x{`"#,
    ),
    (
        r#"\x{}"#,
        r#"error parsing regexp: invalid escape sequence: `\x{}`"#,
    ),
    (
        r#"\x{110000}"#,
        r#"error parsing regexp: invalid escape sequence: `\x{110000`"#,
    ),
    (
        r#"\x{41"#,
        r#"error parsing regexp: invalid escape sequence: `\x{41`"#,
    ),
    (
        r#"\x{4g}"#,
        r#"error parsing regexp: invalid escape sequence: `\x{4g`"#,
    ),
    (
        r#"(?=a)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?=`"#,
    ),
    (
        r#"(?!a)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?!`"#,
    ),
    (
        r#"(?i"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?i`"#,
    ),
    (
        r#"(?i-)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?i-)`"#,
    ),
    (
        r#"(?-)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?-)`"#,
    ),
    (r#"(?)"#, r#""#),
    (
        r#"(?x)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?x`"#,
    ),
    (
        r#"(?P=n)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?P`"#,
    ),
    (r#"(?ims-U:a)"#, r#""#),
    (
        r#"\p{Foo}"#,
        r#"error parsing regexp: invalid character class range: `\p{Foo}`"#,
    ),
    (
        r#"\pX"#,
        r#"error parsing regexp: invalid character class range: `\pX`"#,
    ),
    (
        r#"\p"#,
        r#"error parsing regexp: invalid character class range: `\p`"#,
    ),
    (
        r#"\p{"#,
        r#"error parsing regexp: invalid character class range: `\p{`"#,
    ),
    (
        r#"\p{Greek"#,
        r#"error parsing regexp: invalid character class range: `\p{Greek`"#,
    ),
    (
        r#"[\p{Foo}]"#,
        r#"error parsing regexp: invalid character class range: `\p{Foo}`"#,
    ),
    (
        r#"[[:foo:]]"#,
        r#"error parsing regexp: invalid character class range: `[:foo:]`"#,
    ),
    (
        r#"[[:alpha:]"#,
        r#"error parsing regexp: missing closing ]: `[[:alpha:]`"#,
    ),
    (
        r#"[[:alpha:"#,
        r#"error parsing regexp: missing closing ]: `[[:alpha:`"#,
    ),
    (r#"[]"#, r#"error parsing regexp: missing closing ]: `[]`"#),
    (r#"[]a]"#, r#""#),
    (r#"[^]a]"#, r#""#),
    (r#"[a-]"#, r#""#),
    (r#"[-a]"#, r#""#),
    (
        r#"[z-a]"#,
        r#"error parsing regexp: invalid character class range: `z-a`"#,
    ),
    (r#"[\d-z]"#, r#""#),
    (
        r#"[a-\d]"#,
        r#"error parsing regexp: invalid escape sequence: `\d`"#,
    ),
    (r#"\pL"#, r#""#),
    (r#"\p{Greek}"#, r#""#),
    (r#"\p{^Greek}"#, r#""#),
    (r#"\PL"#, r#""#),
    (r#"[\P{L}]"#, r#""#),
    (r#"\p{Old_Italic}"#, r#""#),
    (r#"\p{Lu}"#, r#""#),
    (r#"\p{Any}"#, r#""#),
    (
        r#"\p{L&}"#,
        r#"error parsing regexp: invalid character class range: `\p{L&}`"#,
    ),
    (r#"\p{Han}"#, r#""#),
    (
        r#"x{2}{3}"#,
        r#"error parsing regexp: invalid nested repetition operator: `{2}{3}`"#,
    ),
    (r#"x{,3}"#, r#""#),
    (r#"x{01}"#, r#""#),
    (r#"x{1,2"#, r#""#),
    (r#"{"#, r#""#),
    (r#"a{"#, r#""#),
    (r#"a{1"#, r#""#),
    (r#"a{1,"#, r#""#),
    (r#"a{1,2}"#, r#""#),
    (r#"\z\A"#, r#""#),
    (
        r#"[\Q]\E]"#,
        r#"error parsing regexp: invalid escape sequence: `\Q`"#,
    ),
    (r#"\Qab"#, r#""#),
    (r#"[\x{10FFFF}]"#, r#""#),
    (r#"a{1000}"#, r#""#),
    (
        r#"a{1001,}"#,
        r#"error parsing regexp: invalid repeat count: `{1001,}`"#,
    ),
    (r#"(a{500}){2}"#, r#""#),
    (
        r#"(a{500}){3}"#,
        r#"error parsing regexp: invalid repeat count: `{3}`"#,
    ),
    (r#"^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"#, r#""#),
    (r#"^(?i)[a-z]+$"#, r#""#),
    (r#"(?i)^abc$"#, r#""#),
    (r#"\d+\.\d+"#, r#""#),
    (r#"[[:^alpha:]]"#, r#""#),
    (r#"[\w-]"#, r#""#),
    (r#"[a-z&&[^aeiou]]"#, r#""#),
    (r#"\<word\>"#, r#""#),
    (
        r#"\k<n>"#,
        r#"error parsing regexp: invalid escape sequence: `\k`"#,
    ),
    (r#"a{,}"#, r#""#),
    (
        r#"\G"#,
        r#"error parsing regexp: invalid escape sequence: `\G`"#,
    ),
    (
        r#"\Z"#,
        r#"error parsing regexp: invalid escape sequence: `\Z`"#,
    ),
    (
        r#"\R"#,
        r#"error parsing regexp: invalid escape sequence: `\R`"#,
    ),
    (
        r#"\h"#,
        r#"error parsing regexp: invalid escape sequence: `\h`"#,
    ),
    (
        r#"\X"#,
        r#"error parsing regexp: invalid escape sequence: `\X`"#,
    ),
    (
        r#"(?#comment)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?#`"#,
    ),
    (
        r#"(?>a)"#,
        r#"error parsing regexp: invalid or unsupported Perl syntax: `(?>`"#,
    ),
    (
        r#"a{1,2}{3}"#,
        r#"error parsing regexp: invalid nested repetition operator: `{1,2}{3}`"#,
    ),
    (
        r#"\Qa\E{2}{3}"#,
        r#"error parsing regexp: invalid nested repetition operator: `{2}{3}`"#,
    ),
    (r#"[\pN-z]"#, r#""#),
];

#[test]
fn compile_errors_are_gos() {
    for (pattern, error) in COMPILED {
        let got = compile_error(pattern)
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert_eq!(&got, error, "{pattern}");
    }
}

/// `parse_test.go`'s `invalidRegexps` (Perl), its limits on nesting and
/// size among them, and its valid deep nestings.
#[test]
fn limits_are_gos() {
    let deep = |open: &str, close: &str, n: usize| open.repeat(n) + &close.repeat(n);
    let error = |p: &str| compile_error(p).map(|e| e.to_string());
    let whole = |code: &str, p: &str| Some(format!("error parsing regexp: {code}: `{p}`"));
    for p in [deep("(", ")", 1000), deep("(?:", ")*", 1000)] {
        assert_eq!(error(&p), whole("expression nests too deeply", &p));
    }
    for p in [
        format!("({}){{1000}}", "(xx?)".repeat(1000)),
        "(xx?){1000}".repeat(1000),
    ] {
        assert_eq!(error(&p), whole("expression too large", &p));
    }
    // Far deeper: refused as soon as it is too deep, never walked (no
    // stack overflow); groups that only group build nothing to nest.
    let p = deep("(", ")", 100_000);
    assert_eq!(error(&p), whole("expression nests too deeply", &p));
    let p = deep("(", ")*", 100_000);
    assert_eq!(error(&p), whole("expression nests too deeply", &p));
    for p in [
        deep("(?:", ")", 100_000),
        deep("(", ")", 999),
        deep("(?:", ")*", 999),
        format!("({})", "|".repeat(12345)),
        "((((((((((x{2}){2}){2}){2}){2}){2}){2}){2}){2}))".to_string(),
        "(?:[a-z]{4}){0,250}".to_string(),
    ] {
        assert_eq!(error(&p), None, "{p}");
    }
}

/// What Go took after go1.19: `(?<name>…)` (1.22), `\p{…}` names matched
/// without case, spaces, underscores or hyphens, `Any`, `ASCII`,
/// `Assigned`, `LC`, `Cn` and the long category names (1.25).
#[test]
fn newer_syntax() {
    for p in [
        r"(?<name>a)",
        r"\p{Uppercase_Letter}",
        r"\p{upper case-let ter}",
        r"\p{__upper case-let ter}",
        r"\p{Canadian_Aboriginal}",
        r"\p{greek}",
        r"\p{lu}",
        r"(?i)\p{ascii}",
        r"\p{Assigned}",
        r"\p{^Any}",
        r"\p{LC}",
        r"\p{Cn}",
        r"\p{Kawi}",
    ] {
        assert_eq!(compile_error(p), None, "{p}");
    }
    let error = |p: &str| compile_error(p).map(|e| e.to_string()).unwrap_or_default();
    assert_eq!(
        error(r"(?<x y>a)"),
        "error parsing regexp: invalid named capture: `(?<x y>`"
    );
    // A lookbehind starts like a named group, and has no `>`.
    assert_eq!(
        error(r"(?<=a)b"),
        "error parsing regexp: invalid named capture: `(?<=a)b`"
    );
    assert_eq!(
        error(r"\p{Garay}"),
        "error parsing regexp: invalid character class range: `\\p{Garay}`"
    );
}

/// `regexp.MatchString(pattern, text)` for each case.
const MATCHED: &[(&str, &str, bool)] = &[
    ("^a.c$", "a\u{a}c", false),
    ("^a.c$", "abc", true),
    ("(?s)^a.c$", "a\u{a}c", true),
    ("\\d", "٣", false),
    ("\\d", "7", true),
    ("\\w", "é", false),
    ("\\s", " ", false),
    ("\\s", "\u{b}", false),
    ("[[:space:]]", "\u{b}", true),
    ("\\bfoo\\b", "éfooé", true),
    ("\\bfoo\\b", "afoob", false),
    ("\\Bfoo", "éfoo", false),
    ("(?m)^b", "a\u{d}b", false),
    ("(?m)^b", "a\u{a}b", true),
    ("(?m)a$", "a\u{a}b", true),
    ("(?m)a$", "a\u{d}b", false),
    ("a$", "a\u{a}", false),
    ("(?i)k", "K", true),
    ("(?i)s", "ſ", true),
    ("(?i)i", "ı", false),
    ("(?i)I", "ı", false),
    ("(?i)straße", "STRASSE", false),
    ("(?i)straße", "STRAẞE", true),
    ("[^a]", "\u{a}", true),
    (".", "\u{a}", false),
    (".", "\u{d}", true),
    (".", " ", true),
    ("a{2,3}", "aaaa", true),
    ("^a{2,3}$", "aaaa", false),
    ("^$", "", true),
    ("^$", "\u{a}", false),
    ("\\Aab\\z", "ab", true),
    ("\\Aab\\z", "ab\u{a}", false),
    ("x*", "", true),
    ("\\pL+", "日本", true),
    ("^\\p{Greek}+$", "αβγ", true),
    ("^\\p{Greek}+$", "abc", false),
    ("^\\p{Lu}$", "É", true),
    ("[\\p{L}\\d]", "5", true),
    ("\\PL", "5", true),
    ("^\\PL$", "a", false),
    ("[[:^alpha:]]", "5", true),
    ("^[[:^alpha:]]$", "a", false),
    ("\\Q.*\\E", ".*", true),
    ("\\Q.*\\E", "ab", false),
    ("\\x{1F600}", "😀", true),
    ("[😀-😂]", "😁", true),
    ("(?U)a+", "aaa", true),
    ("a|b|", "c", true),
    ("(?i)[k]", "K", true),
    ("(?i)[^k]", "K", false),
    ("(?i)^[^k]$", "K", false),
    ("\\p{Any}", "", false),
    ("\\p{Any}", "x", true),
    ("\\P{Any}", "x", false),
    ("[^\\x00-\\x{10FFFF}]", "a", false),
    ("[\\w-]+", "a-b", true),
    ("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "my-name", true),
    ("^[a-z0-9]([-a-z0-9]*[a-z0-9])?$", "-x", false),
    ("\\.", "a.b", true),
    ("(?i)Σ", "ς", true),
    ("[\\x{D800}]", "a", false),
    ("\\x{D800}", "a", false),
    ("(?m)^", "", true),
    ("(?-m)^b", "a\u{a}b", false),
    ("^(?i)[a-z]+$", "ABC", true),
    ("(?i:a)b", "Ab", true),
    ("(?i:a)b", "AB", false),
    ("a(?i)b|c", "aB", true),
    ("a(?i)b|c", "C", true),
    ("(a)|b", "b", true),
    ("(?P<n>x)y", "xy", true),
    ("[[:word:]]+$", "a_1", true),
    ("^[[:punct:]]+$", "!@#", true),
    ("^\\x41\\101\\0101$", "AAA", false),
    ("^[\\-a]$", "-", true),
    ("^[a-]$", "-", true),
    ("^[]a]$", "]", true),
    ("^[^]a]$", "b", true),
    ("^\\p{Nd}$", "٣", true),
    ("^[\\p{Nd}]$", "٣", true),
    ("^\\p{Han}$", "日", true),
    ("\\p{Old_Italic}", "a", false),
    ("^\\p{Lu}$", "a", false),
    ("^[^\\p{Lu}]$", "a", true),
    ("^[^\\P{Lu}]$", "A", true),
    ("(?i)^[a-f]+$", "ABCDEF", true),
    ("(?i)^\\w+$", "ſ", true),
    ("^\\W$", "ſ", true),
    ("^.{3}$", "日本語", true),
    ("^...$", "😀😀😀", true),
    ("^[\\d\\s]+$", "1 2", true),
    ("(?s:.)", "\u{a}", true),
    ("a\\nb", "a\u{a}b", true),
    ("^\\t$", "\u{9}", true),
    ("^\\f\\v\\a$", "\u{c}\u{b}\u{7}", true),
    ("^$", "", true),
];

/// Natively, through the `regex` crate: each case as Go answers it.
#[cfg(feature = "regex")]
#[test]
fn matches_are_gos_natively() {
    let host = crate::crd::validation::pattern_matcher().expect("the regex feature's");
    for (pattern, text, matched) in MATCHED {
        assert_eq!(
            match_string(host, pattern, text),
            Ok(Some(*matched)),
            "{pattern} on {text:?}: {}",
            host::write(&parse(pattern).expect("compiles"), host.dialect)
        );
    }
    let ascii = [(r"\p{ASCII}", "é", false), (r"(?i)\p{ASCII}", "ſ", true)];
    for (pattern, text, matched) in ascii {
        assert_eq!(
            match_string(host, pattern, text),
            Ok(Some(matched)),
            "{pattern}"
        );
    }
}

/// The JavaScript rewriting of each case, kept in
/// `javascript-cases.json` for `tests/node/regexp.test.mjs`, which checks
/// that `RegExp(…, "u")` gives Go's answer to each: `[Go pattern,
/// JavaScript pattern, text, Go's answer]`. The file must be the
/// rewriting's current output; `BLESS=1` rewrites it.
#[test]
fn javascript_cases_are_current() {
    let cases: Vec<serde_json::Value> = MATCHED
        .iter()
        .map(|(pattern, text, matched)| {
            let node = parse(pattern).expect("compiles");
            let translated = host::write(&node, RegexpDialect::JavaScript);
            serde_json::json!([pattern, translated, text, matched])
        })
        .collect();
    let mut current = serde_json::to_string_pretty(&cases).expect("JSON");
    current.push('\n');
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/crd/regexp/javascript-cases.json"
    );
    if std::env::var_os("BLESS").is_some() {
        std::fs::write(path, &current).expect("writes the cases");
    }
    assert_eq!(
        include_str!("javascript-cases.json"),
        current,
        "javascript-cases.json is stale: rerun with BLESS=1"
    );
}

/// `FindString`, `FindAllString(text, -1)` and `FindAllString(text, 2)`
/// for each case (go1.19.8): which match Go prefers, and how its
/// `allMatches` steps over empty ones.
#[cfg(feature = "regex")]
type Found = (
    &'static str,
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);
#[cfg(feature = "regex")]
const FOUND: &[Found] = &[
    ("^[^@]+", "al2023@v1", "al2023", &["al2023"], &["al2023"]),
    (
        "^([^/]+)",
        "karpenter.sh/nodepool",
        "karpenter.sh",
        &["karpenter.sh"],
        &["karpenter.sh"],
    ),
    (
        "^([^/]+)",
        "nodepool",
        "nodepool",
        &["nodepool"],
        &["nodepool"],
    ),
    ("a*", "baaab", "", &["", "aaa", ""], &["", "aaa"]),
    ("a*?", "baaab", "", &["", "", "", "", "", ""], &["", ""]),
    ("a+?", "baaab", "a", &["a", "a", "a"], &["a", "a"]),
    ("x*", "abc", "", &["", "", "", ""], &["", ""]),
    ("", "abc", "", &["", "", "", ""], &["", ""]),
    ("b|", "abc", "", &["", "b", ""], &["", "b"]),
    ("|b", "abc", "", &["", "", "", ""], &["", ""]),
    ("(a|ab)(c|bcd)", "abcd", "abcd", &["abcd"], &["abcd"]),
    ("a(?U)b*", "abbb", "a", &["a"], &["a"]),
    ("a(?U)b*?", "abbb", "abbb", &["abbb"], &["abbb"]),
    (
        "[0-9]+",
        "a1b22c333",
        "1",
        &["1", "22", "333"],
        &["1", "22"],
    ),
    ("\\d+", "x😀12😀345", "12", &["12", "345"], &["12", "345"]),
    ("😀+", "a😀😀b😀", "😀😀", &["😀😀", "😀"], &["😀😀", "😀"]),
    (".", "😀é", "😀", &["😀", "é"], &["😀", "é"]),
    ("(?i)k", "KKk", "K", &["K", "K", "k"], &["K", "K"]),
    (
        "-----BEGIN CERTIFICATE-----",
        "-----BEGIN CERTIFICATE-----\u{a}abc\u{a}-----BEGIN CERTIFICATE-----\u{a}",
        "-----BEGIN CERTIFICATE-----",
        &["-----BEGIN CERTIFICATE-----", "-----BEGIN CERTIFICATE-----"],
        &["-----BEGIN CERTIFICATE-----", "-----BEGIN CERTIFICATE-----"],
    ),
    (
        "(?m)^\\w+$",
        "one\u{a}two\u{d}\u{a}three",
        "one",
        &["one", "three"],
        &["one", "three"],
    ),
    ("\\b", "ab cd", "", &["", "", "", ""], &["", ""]),
    ("$", "ab", "", &[""], &[""]),
    ("^", "ab", "", &[""], &[""]),
    ("a|ab", "ab", "a", &["a"], &["a"]),
    ("ab|a", "ab", "ab", &["ab"], &["ab"]),
    ("#(.+)$", "repo#tag", "#tag", &["#tag"], &["#tag"]),
    ("@", "a@b@c", "@", &["@", "@"], &["@", "@"]),
    ("\\B", "abc", "", &["", ""], &["", ""]),
    ("(?s).+", "a\u{a}b", "a\u{a}b", &["a\u{a}b"], &["a\u{a}b"]),
    (".+", "a\u{a}b", "a", &["a", "b"], &["a", "b"]),
    ("x{2,3}?", "xxxxx", "xx", &["xx", "xx"], &["xx", "xx"]),
    ("[^/]*", "a//b", "a", &["a", "", "b"], &["a", ""]),
];

/// Natively, through the `regex` crate: each case's matches as Go's.
#[cfg(feature = "regex")]
#[test]
fn finds_are_gos_natively() {
    let host = crate::crd::validation::pattern_matcher().expect("the regex feature's");
    for (pattern, text, first, all, two) in FOUND {
        let owned = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            find_string(host, pattern, text),
            Ok(Some(first.to_string())),
            "{pattern} on {text:?}"
        );
        assert_eq!(
            find_all_string(host, pattern, text, -1),
            Ok(Some(owned(all))),
            "{pattern} on {text:?}"
        );
        assert_eq!(
            find_all_string(host, pattern, text, 2),
            Ok(Some(owned(two))),
            "{pattern} on {text:?}"
        );
    }
}

/// Case folding follows Go's orbits: the Kelvin sign with `k`, the long
/// `s` with `s`, but not the dotless `ı` with `i`.
#[test]
fn folding_orbits() {
    assert_eq!(unicode::orbit('k' as u32), vec![0x4b, 0x6b, 0x212a]);
    assert_eq!(unicode::orbit('s' as u32), vec![0x53, 0x73, 0x17f]);
    assert_eq!(unicode::orbit('i' as u32), vec![0x49, 0x69]);
    assert_eq!(unicode::orbit(0x131), vec![0x131]);
    assert_eq!(unicode::orbit(0x3c3), vec![0x3a3, 0x3c2, 0x3c3]);
    assert_eq!(unicode::orbit('1' as u32), vec![0x31]);
}

/// Any text: parsing never panics, and what parses is written as a
/// pattern the `regex` crate compiles.
#[cfg(feature = "regex")]
#[test]
fn any_pattern_parses_without_panic() {
    use proptest::prelude::*;
    let config = proptest::test_runner::Config::with_cases(2000);
    proptest::proptest!(config, |(pattern in r"[-a-z0-9()\[\]{}|*+?^$.\\:<>PpQEdswbBAzxi,_ ]{0,16}")| {
        if let Ok(node) = parse(&pattern) {
            let written = host::write(&node, RegexpDialect::Rust);
            prop_assert!(
                regex::RegexBuilder::new(&written).size_limit(128 << 20).build().is_ok(),
                "{} as {}", pattern, written
            );
        }
    });
}
