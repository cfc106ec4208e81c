//! Upstream's own tests, ported as data against this module's models.
//!
//! Sources (tables copied, assertions restated for what the engine
//! models; facts carried over, code our own):
//! - k8s.io/apimachinery at eed236ceee2c19c2753a3d93ac0631dc20750454
//!   (v0.37.0-beta.0 and later; the tables read the same at v0.36.0):
//!   - `pkg/runtime/converter_test.go` (FromUnstructured): [`converter`]
//!   - `pkg/api/resource/quantity_test.go`, `amount_test.go`: [`quantity`]
//!   - `pkg/apis/meta/v1/time_test.go`, `micro_time_test.go`: [`time`]
//! - sigs.k8s.io/json at cfa47c3a1cc8ff0eff148aa9ec5b0226d0909e87:
//!   `internal/golang/encoding/json/decode_test.go`, the
//!   `UnmarshalTypeError` context cases: [`json_context`]
//!
//! Skipped, with the reason:
//! - converter_test.go: `TestRoundTrip`, `TestCustomToUnstructured*`,
//!   `TestInline`, `TestDeepCopyJSON`, `TestUnknownFields` (ToUnstructured
//!   and strict unknown-field errors: the engine has no typed->unstructured
//!   converter, and the printing side is [`super::run`]'s encode pass);
//!   `TestUnrecognized`'s type-mismatch rows (`{"fa":123}`, `{"ff":123}`,
//!   `{"fh":["abc"]}`, ...: a string where a number belongs and the like is
//!   refused by the schema's typed validation before the converter runs,
//!   and [`super::convert`] models numbers only). Its `{"fg":[3.5]}` row is
//!   ported with int64 for Go's `int` (the API types have no `int`), so the
//!   message names int64.
//! - quantity_test.go: `TestQuantityAsApproximateFloat64`,
//!   `TestQuantityAsFloat64Slow`, `TestStringQuantityAs*`, `TestScaledValue`,
//!   `TestMul`, `TestSub`, `TestNeg` (Quantity's Go methods the server's
//!   encoding never calls); the CBOR, proto, DeepCopy, `TestJSON` fuzz and
//!   `QuantityValue` tests (other codecs, Go memory); `TestDec`,
//!   `TestBigDec` (inf.Dec's own printing); `TestQuantityParse`'s `AsDec`
//!   and `AsInt64` halves and `TestParseQuantity`'s `wantAsInt64` (which
//!   representation Go picks is not modelled, only the value and print);
//!   `TestQuantityRoundUp` at scales other than -3 (only
//!   `SetDefaults_ResourceList`'s `RoundUp(-3)` is modelled);
//!   `TestQuantityCmpInt64AndDec`'s rows at scales below -9 (an
//!   `int64Amount` no text parses to: ParseQuantity rounds up to nano);
//!   `TestMilliNewSet`/`TestNewSet`'s "invalidFormatDefaultsToExponent"
//!   rows (no such format reaches the printer here).
//! - amount_test.go: all but `TestInt64AsCanonicalString`
//!   (int64Amount's arithmetic, not modelled apart from printing).
//! - time_test.go, micro_time_test.go: YAML (same values as JSON), CBOR,
//!   proto, `Equal`/`Before`/`IsZero` of Go values, local-zone round trips.
//! - decode_test.go: everything but the `UnmarshalTypeError` context rows,
//!   which are ported with numbers an int32/int64 field refuses in place
//!   of the strings of the originals (the decoder model reports numbers).

use super::quantity::{
    self, FORMAT_WRONG, Format, NUMERIC, Quantity, SUFFIX, canonical, compare, parse, print,
    refusal, split,
};
use super::table::GoTable;
use super::{Pass, decode_numbers, from_unstructured, run};
use crate::value::Value;
use std::cmp::Ordering;

fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

fn table(types: &str) -> GoTable {
    GoTable::from_value(&json(&format!(r#"{{"types":{types}}}"#))).unwrap()
}

mod converter {
    use super::*;

    /// converter_test.go's `F` and `A` (`D`/`E`'s interfaces as `fk`).
    const F: &str = r#"[["F","fa::s fb::{s fc::[@1 fd::i fe::f ff::[s fg::[i fh::[b fi::[f fj::y fk::a"],
        ["A","aa:e:i ab:e:s ac:e:b ad:e:i"]]"#;

    fn convert(object: &str) -> Result<Value, String> {
        let t = table(F);
        let mut v = json(object);
        from_unstructured(&t, 0, &mut v).map(|()| v)
    }

    /// `TestUnrecognized`: what decodes without error converts unchanged.
    #[test]
    fn unrecognized_rows_that_convert() {
        for data in [
            r#"{"fk":[3.5,4,"3.0",null]}"#,
            r#"{"fk":[null,null,null]}"#,
            r#"{"fk":[[],[null]]}"#,
            r#"{"fk":{"a":[],"b":null}}"#,
            r#"{"fa":"fa","fb":{"a":"a"}}"#,
            r#"{"fa":"fa","fb":{"a":null}}"#,
            r#"{"fc":[null]}"#,
            r#"{"fc":[{"aa":123,"ab":"bbb"}]}"#,
            r#"{"fx":[{"aa":123,"ab":"bbb"}],"fz":123}"#,
            r#"{"fd":123,"fe":3.5}"#,
            r#"{"ff":["abc"],"fg":[123],"fh":[true,false]}"#,
            r#"{"fj":""}"#,
        ] {
            assert_eq!(convert(data), Ok(json(data)), "{data}");
        }
    }

    /// `TestUnrecognized`'s `{"fg":[3.5]}`: a float with a fraction in an
    /// integer field (`fromUnstructured`: `cannot convert float64 to ...`).
    #[test]
    fn a_fraction_in_an_integer_field_is_refused() {
        assert_eq!(
            convert(r#"{"fg":[3.5]}"#),
            Err("cannot convert float64 to int64".to_string())
        );
    }

    /// `TestFloatIntConversion`: float64(3) into an int field is 3, as
    /// json.Unmarshal reads it; `TestIntFloatConversion`: int64(3) into a
    /// float field stays 3.
    #[test]
    fn integral_floats_and_integers_cross_over() {
        assert_eq!(
            convert(r#"{"fd":3.0}"#),
            Ok(Value::from_json_str(r#"{"fd":3}"#).unwrap())
        );
        assert_eq!(
            convert(r#"{"fd":3.0}"#).unwrap().get("fd"),
            Some(&Value::Int(3))
        );
        assert_eq!(convert(r#"{"fe":3}"#), Ok(json(r#"{"fe":3}"#)));
    }

    /// `TestOmitempty`: a field whose json *name* is "omitempty" has no
    /// option and prints its zero value.
    #[test]
    fn a_field_named_omitempty_is_printed() {
        let t = table(r#"[["OmitemptyNameField","omitempty::i"]]"#);
        let mut v = json("{}");
        run(&t, 0, &mut v, Pass::Encode);
        assert_eq!(v, json(r#"{"omitempty":0}"#));
    }
}

mod quantity_tests {
    use super::*;
    use Format::{BinarySi as B, DecimalExponent as X, DecimalSi as D};

    const MAX: i128 = i64::MAX as i128;

    fn q(mantissa: i128, exponent: i32, format: Format) -> Quantity {
        Quantity {
            mantissa,
            exponent,
            format,
            kept: None,
        }
    }

    /// `a.Cmp(b) == 0` on (mantissa, exponent) pairs.
    fn same_value(a: &Quantity, m: i128, e: i32) -> bool {
        let low = a.exponent.min(e);
        let at = |m: i128, x: i32| m.checked_mul(10i128.pow((x - low).unsigned_abs()));
        at(a.mantissa, a.exponent) == at(m, e)
    }

    /// `TestQuantityParse`'s table: the value and format ParseQuantity
    /// gives, with a `-` and with a `+` in front, and the text rebuilt from
    /// `parseQuantityString`'s parts parses to the same value.
    #[test]
    fn quantity_parse() {
        #[rustfmt::skip]
        let table: &[(&str, i128, i32, Format)] = &[
            ("0", 0, 0, D),
            ("0n", 0, 0, D),
            ("0u", 0, 0, D),
            ("0m", 0, 0, D),
            ("0Ki", 0, 0, B),
            ("0k", 0, 0, D),
            ("0Mi", 0, 0, B),
            ("0M", 0, 0, D),
            ("0Gi", 0, 0, B),
            ("0G", 0, 0, D),
            ("0Ti", 0, 0, B),
            ("0T", 0, 0, D),
            // Quantity less numbers are allowed
            ("1", 1, 0, D),
            // Binary suffixes
            ("1Ki", 1024, 0, B),
            ("8Ki", 8*1024, 0, B),
            ("7Mi", 7*1024*1024, 0, B),
            ("6Gi", 6*1024*1024*1024, 0, B),
            ("5Ti", 5*1024*1024*1024*1024, 0, B),
            ("4Pi", 4*1024*1024*1024*1024*1024, 0, B),
            ("3Ei", 3*1024*1024*1024*1024*1024*1024, 0, B),
            ("10Ti", 10*1024*1024*1024*1024, 0, B),
            ("100Ti", 100*1024*1024*1024*1024, 0, B),
            // Decimal suffixes
            ("5n", 5, -9, D),
            ("4u", 4, -6, D),
            ("3m", 3, -3, D),
            ("9", 9, 0, D),
            ("8k", 8, 3, D),
            ("50k", 5, 4, D),
            ("7M", 7, 6, D),
            ("6G", 6, 9, D),
            ("5T", 5, 12, D),
            ("40T", 4, 13, D),
            ("300T", 3, 14, D),
            ("2P", 2, 15, D),
            ("1E", 1, 18, D),
            // Decimal exponents
            ("1E-3", 1, -3, X),
            ("1e3", 1, 3, X),
            ("1E6", 1, 6, X),
            ("1e9", 1, 9, X),
            ("1E12", 1, 12, X),
            ("1e15", 1, 15, X),
            ("1E18", 1, 18, X),
            // Nonstandard but still parsable
            ("1e14", 1, 14, X),
            ("1e13", 1, 13, X),
            ("1e3", 1, 3, X),
            ("100.035k", 100035, 0, D),
            // Things that look like floating point
            ("0.001", 1, -3, D),
            ("0.0005k", 5, -1, D),
            ("0.005", 5, -3, D),
            ("0.05", 5, -2, D),
            ("0.5", 5, -1, D),
            ("0.00050k", 5, -1, D),
            ("0.00500", 5, -3, D),
            ("0.05000", 5, -2, D),
            ("0.50000", 5, -1, D),
            ("0.5e0", 5, -1, X),
            ("0.5e-1", 5, -2, X),
            ("0.5e-2", 5, -3, X),
            ("0.5e0", 5, -1, X),
            ("10.035M", 10035, 3, D),
            ("1.2e3", 12, 2, X),
            ("1.3E+6", 13, 5, X),
            ("1.40e9", 14, 8, X),
            ("1.53E12", 153, 10, X),
            ("1.6e15", 16, 14, X),
            ("1.7E18", 17, 17, X),
            ("9.01", 901, -2, D),
            ("8.1k", 81, 2, D),
            ("7.123456M", 7123456, 0, D),
            ("6.987654321G", 6987654321, 0, D),
            ("5.444T", 5444, 9, D),
            ("40.1T", 401, 11, D),
            ("300.2T", 3002, 11, D),
            ("2.5P", 25, 14, D),
            ("1.01E", 101, 16, D),
            // Things that saturate/round
            ("3.001n", 4, -9, D),
            ("1.1E-9", 2, -9, X),
            ("0.0000000001", 1, -9, D),
            ("0.0000000005", 1, -9, D),
            ("0.00000000050", 1, -9, D),
            ("0.5e-9", 1, -9, X),
            ("0.9n", 1, -9, D),
            ("0.00000012345", 124, -9, D),
            ("0.00000012354", 124, -9, D),
            ("9Ei", MAX, 0, B),
            ("9223372036854775807Ki", MAX, 0, B),
            ("12E", 12, 18, D),
            // We'll accept fractional binary stuff, too.
            ("100.035Ki", 10243584, -2, B),
            ("0.5Mi", 1024 * 1024 / 2, 0, B),
            ("0.05Gi", 536870912, -1, B),
            ("0.025Ti", 274877906944, -1, B),
            // Things written by trolls
            ("0.000000000001Ki", 2, -9, D), // rounds up, changes format
            (".001", 1, -3, D),
            (".0001k", 100, -3, D),
            ("1.", 1, 0, D),
            ("1.G", 1, 9, D),
        ];
        for &(input, m, e, format) in table {
            for (text, sign) in [
                (input.to_string(), 1),
                (format!("-{input}"), -1),
                (format!("+{input}"), 1),
            ] {
                let got = parse(&text).unwrap_or_else(|| panic!("{text}: refused"));
                assert!(
                    same_value(&got, sign * m, e),
                    "{text}: {}e{} is not {}e{e}",
                    got.mantissa,
                    got.exponent,
                    sign * m
                );
                assert_eq!(got.format, format, "{text}");
            }
            let parts = split(input).unwrap();
            let mut rebuilt = String::from(if parts.positive { "" } else { "-" });
            rebuilt.push_str(parts.num);
            if !parts.denom.is_empty() {
                rebuilt = format!("{rebuilt}.{}", parts.denom);
            }
            rebuilt.push_str(parts.suffix);
            let again = parse(&rebuilt).unwrap();
            assert!(same_value(&again, m, e), "{input} rebuilt as {rebuilt}");
        }
        // TestQuantityParseZero.
        assert_eq!(canonical("0").as_deref(), Some("0"));
    }

    /// `TestQuantityParse`'s invalid texts (and `""`,
    /// `TestQuantityParseNonNumericPanic`'s), with the error ParseQuantity
    /// returns for each (quantity.go: `parseQuantityString` returns
    /// `ErrFormatWrong`, `quantitySuffixer.interpret` failing `ErrSuffix`).
    #[test]
    fn quantity_parse_invalid() {
        for (text, error) in [
            ("", FORMAT_WRONG),
            ("1.1.M", FORMAT_WRONG),
            ("1+1.0M", FORMAT_WRONG),
            ("0.1mi", SUFFIX),
            ("0.1am", FORMAT_WRONG),
            ("aoeu", FORMAT_WRONG),
            (".5i", SUFFIX),
            ("1i", SUFFIX),
            ("-3.01i", SUFFIX),
            ("-3.01e-", SUFFIX),
            ("Non-Numeric", FORMAT_WRONG),
        ] {
            assert_eq!(parse(text), None, "{text}");
            assert_eq!(refusal(&Value::from(text)), Some(error), "{text}");
        }
        // `inf.Dec.SetString` without a digit, on the arbitrary-precision
        // path: ErrNumeric.
        assert_eq!(refusal(&Value::from("-.Ei")), Some(NUMERIC));
        // Trailing whitespace is forbidden to ParseQuantity, but
        // `UnmarshalJSON` trims it first (`TestJSONWhitespace`).
        for text in [" 1", "1 ", " -1"] {
            assert_eq!(parse(text), None, "{text}");
            assert_eq!(refusal(&Value::from(text)), None, "{text}");
            let printed = quantity::encode(&Value::from(text));
            assert_eq!(printed, Some(Value::from(text.trim())), "{text}");
        }
        assert_eq!(quantity::encode(&Value::Int(1)), Some(Value::from("1")));
        assert_eq!(quantity::encode(&Value::Int(10)), Some(Value::from("10")));
        assert_eq!(quantity::encode(&Value::Int(-1)), Some(Value::from("-1")));
    }

    /// `TestParseQuantityString`: sign, numerator, denominator, suffix.
    #[test]
    fn parse_quantity_string() {
        for (input, positive, num, denom, suffix) in [
            ("0.025Ti", true, "0", "025", "Ti"),
            ("1.025Ti", true, "1", "025", "Ti"),
            ("-1.025Ti", false, "1", "025", "Ti"),
            (".", true, "0", "", ""),
            ("-.", false, "0", "", ""),
            ("1E-3", true, "1", "", "E-3"),
        ] {
            let p = split(input).unwrap();
            assert_eq!(
                (p.positive, p.num, p.denom, p.suffix),
                (positive, num, denom, suffix),
                "{input}"
            );
        }
    }

    /// `TestQuantityString`: the canonical print of a value; the canonical
    /// text parses keeping its string, the alternate prints canonically;
    /// negated, the same with a `-`.
    #[test]
    fn quantity_string() {
        #[rustfmt::skip]
        let table: &[(i128, i32, Format, &str, &str)] = &[
            (1024 * 1024 * 1024, 0, B, "1Gi", "1024Mi"),
            (300 * 1024 * 1024, 0, B, "300Mi", "307200Ki"),
            (6 * 1024, 0, B, "6Ki", ""),
            (1001 * 1024 * 1024 * 1024, 0, B, "1001Gi", "1025024Mi"),
            (1024 * 1024 * 1024 * 1024, 0, B, "1Ti", "1024Gi"),
            (5, 0, B, "5", "5000m"),
            (500, -3, B, "500m", "0.5"),
            (1, 9, D, "1G", "1000M"),
            (1000, 6, D, "1G", "0.001T"),
            (1000000, 3, D, "1G", ""),
            (1000000000, 0, D, "1G", ""),
            (1, -3, D, "1m", "1000u"),
            (80, -3, D, "80m", ""),
            (1080, -3, D, "1080m", "1.08"),
            (108, -2, D, "1080m", "1080000000n"),
            (10800, -4, D, "1080m", ""),
            (300, 6, D, "300M", ""),
            (1, 12, D, "1T", ""),
            (1234567, 6, D, "1234567M", ""),
            (1234567, -3, B, "1234567m", ""),
            (3, 3, D, "3k", ""),
            (1025, 0, B, "1025", ""),
            (0, 0, D, "0", ""),
            (0, 0, B, "0", ""),
            (1, 9, X, "1e9", ".001e12"),
            (1, -3, X, "1e-3", "0.001e0"),
            (1, -9, X, "1e-9", "1000e-12"),
            (80, -3, X, "80e-3", ""),
            (300, 6, X, "300e6", ""),
            (1, 12, X, "1e12", ""),
            (1, 3, X, "1e3", ""),
            (3, 3, X, "3e3", ""),
            (3, 3, D, "3k", ""),
            (0, 0, X, "0", "00"),
            (1, -9, D, "1n", ""),
            (80, -9, D, "80n", ""),
            (1080, -9, D, "1080n", ""),
            (108, -8, D, "1080n", ""),
            (10800, -10, D, "1080n", ""),
            (1, -6, D, "1u", ""),
            (80, -6, D, "80u", ""),
            (1080, -6, D, "1080u", ""),
        ];
        for &(m, e, format, expect, alternate) in table {
            assert_eq!(print(q(m, e, format)).as_deref(), Some(expect), "{m}e{e}");
            let parsed = parse(expect).unwrap();
            assert_eq!(
                parsed.kept.as_deref(),
                Some(expect),
                "{expect} is canonical"
            );
            if !alternate.is_empty() {
                assert_eq!(parse(alternate).unwrap().kept, None, "{alternate}");
                assert_eq!(canonical(alternate).as_deref(), Some(expect), "{alternate}");
            }
            if m != 0 {
                let negated = print(q(-m, e, format));
                assert_eq!(negated, Some(format!("-{expect}")), "-{m}e{e}");
            }
        }
    }

    /// `TestQuantityParseEmit`, also negated.
    #[test]
    fn quantity_parse_emit() {
        for (input, expect) in [
            ("1Ki", "1Ki"),
            ("1Mi", "1Mi"),
            ("1Gi", "1Gi"),
            ("1024Mi", "1Gi"),
            ("1000M", "1G"),
            (".001Ki", "1024m"),
            (".000001Ki", "1024u"),
            (".000000001Ki", "1024n"),
            (".000000000001Ki", "2n"),
        ] {
            assert_eq!(canonical(input).as_deref(), Some(expect), "{input}");
            let negative = canonical(&format!("-{input}"));
            assert_eq!(negative, Some(format!("-{expect}")), "-{input}");
        }
    }

    /// `TestParseQuantity`: numbers around the 18 digits of the int64 path
    /// and int64's bounds print as written or in the canonical form given;
    /// no cap for a decimal amount past int64 (only BinarySI is capped).
    #[test]
    fn parse_quantity_around_int64() {
        #[rustfmt::skip]
        let table: &[(&str, &str)] = &[
            ("-999999999999999999", "-999999999999999999"),
            ("999999999999999999", "999999999999999999"),
            ("-999999999999999999.0", "-999999999999999999"),
            ("999999999999999999.0", "999999999999999999"),
            ("-999999999999999999.1", "-999999999999999999100m"),
            ("999999999999999999.1", "999999999999999999100m"),
            ("-9999999999999999999", "-9999999999999999999"),
            ("9999999999999999999", "9999999999999999999"),
            ("-1E", "-1E"),
            ("1E", "1E"),
            ("-1000000000000000000", "-1E"),
            ("1000000000000000000", "1E"),
            ("-9999999999999999999.0", "-9999999999999999999"),
            ("9999999999999999999.0", "9999999999999999999"),
            ("-1.0E", "-1E"),
            ("1.0E", "1E"),
            ("-1000000000000000000.0", "-1E"),
            ("1000000000000000000.0", "1E"),
            ("-9999999999999999999000m", "-9999999999999999999"),
            ("9999999999999999999000m", "9999999999999999999"),
            ("-9999999999999999999.1", "-9999999999999999999100m"),
            ("9999999999999999999.1", "9999999999999999999100m"),
            ("-1.0000000000000000001E", "-1000000000000000000100m"),
            ("1.0000000000000000001E", "1000000000000000000100m"),
            ("-1000000000000000000.1", "-1000000000000000000100m"),
            ("1000000000000000000.1", "1000000000000000000100m"),
            ("-1.000000000000000001E", "-1000000000000000001"),
            ("1.000000000000000001E", "1000000000000000001"),
            ("-1000000000000000001", "-1000000000000000001"),
            ("1000000000000000001", "1000000000000000001"),
            ("-10E", "-10E"),
            ("10E", "10E"),
            ("-10000000000000000000", "-10E"),
            ("10000000000000000000", "10E"),
            ("-10.0E", "-10E"),
            ("10.0E", "10E"),
            ("-10000000000000000000.0", "-10E"),
            ("10000000000000000000.0", "10E"),
            ("-10000000000000000000000m", "-10E"),
            ("10000000000000000000000m", "10E"),
            ("-10.0000000000000000001E", "-10000000000000000000100m"),
            ("10.0000000000000000001E", "10000000000000000000100m"),
            ("-10000000000000000000.1", "-10000000000000000000100m"),
            ("10000000000000000000.1", "10000000000000000000100m"),
            ("-10.000000000000000001E", "-10000000000000000001"),
            ("10.000000000000000001E", "10000000000000000001"),
            ("-10000000000000000001", "-10000000000000000001"),
            ("10000000000000000001", "10000000000000000001"),
            ("-9223372036854775809", "-9223372036854775809"),
            ("9223372036854775806", "9223372036854775806"),
            ("-9223372036854775809.0", "-9223372036854775809"),
            ("9223372036854775806.0", "9223372036854775806"),
            ("-9223372036854775809000m", "-9223372036854775809"),
            ("9223372036854775806000m", "9223372036854775806"),
            ("-9223372036854775809.1", "-9223372036854775809100m"),
            ("9223372036854775806.1", "9223372036854775806100m"),
            ("-9223372036854775808", "-9223372036854775808"),
            ("9223372036854775807", "9223372036854775807"),
            ("-9223372036854775808.0", "-9223372036854775808"),
            ("9223372036854775807.0", "9223372036854775807"),
            ("-9223372036854775808000m", "-9223372036854775808"),
            ("9223372036854775807000m", "9223372036854775807"),
            ("-9223372036854775808.1", "-9223372036854775808100m"),
            ("9223372036854775807.1", "9223372036854775807100m"),
            ("-9223372036854775807", "-9223372036854775807"),
            ("9223372036854775808", "9223372036854775808"),
            ("-9223372036854775807.0", "-9223372036854775807"),
            ("9223372036854775808.0", "9223372036854775808"),
            ("-9223372036854775807000m", "-9223372036854775807"),
            ("9223372036854775808000m", "9223372036854775808"),
            ("-9223372036854775807.1", "-9223372036854775807100m"),
            ("9223372036854775808.1", "9223372036854775808100m"),
        ];
        for &(input, expect) in table {
            assert_eq!(canonical(input).as_deref(), Some(expect), "{input}");
        }
    }

    /// `TestQuantityCmp`, and `TestQuantityCmpInt64AndDec`'s rows a text
    /// can give (both ways round); `None` is the zero Quantity.
    #[test]
    fn quantity_cmp() {
        use Ordering::{Equal, Greater, Less};
        let max = i64::MAX;
        let min = i64::MIN;
        let rows: Vec<(Option<String>, Option<String>, Ordering)> = [
            ("0", "0", Equal),
            ("100m", "50m", Greater),
            ("50m", "100m", Less),
            ("10000T", "100Gi", Greater),
            ("901e-2", "901e-2", Equal),
            ("90e-1", "901e-2", Less),
            ("901e-2", "900e-2", Greater),
            ("0e0", "0e0", Equal),
            ("0e1", "0e-1", Equal),
            ("0e-1", "0e1", Equal),
            ("800e-3", "1e0", Less),
            ("800e-3", "79e-2", Greater),
            (&format!("{max}e0"), "1e-1", Greater),
            (&format!("{max}e1"), "1e0", Greater),
            (&format!("{max}e1"), "1e1", Greater),
            (&format!("{max}e1"), "0e1", Greater),
            (&format!("{min}e0"), "0e0", Less),
        ]
        .iter()
        .map(|(a, b, o)| (Some(a.to_string()), Some(b.to_string()), *o))
        .chain([
            (Some("0".into()), Some("0".into()), Equal),
            (None, Some("0".into()), Equal),
            (Some("0".into()), None, Equal),
            (None, None, Equal),
            (None, Some("10".into()), Less),
            (None, Some("-10".into()), Greater),
            (Some("10".into()), None, Greater),
            (Some("-10".into()), None, Less),
        ])
        .collect();
        for (a, b, order) in rows {
            assert_eq!(
                compare(a.as_deref(), b.as_deref()),
                Some(order),
                "{a:?} {b:?}"
            );
            let reverse = compare(b.as_deref(), a.as_deref());
            assert_eq!(reverse, Some(order.reverse()), "{b:?} {a:?}");
        }
    }

    /// `TestQuantityRoundUp` at scale -3 (`SetDefaults_ResourceList`'s
    /// `RoundUp(-3)`): 9.01 is already exact, nothing changes.
    #[test]
    fn quantity_round_up_to_milli() {
        assert_eq!(quantity::round_up_milli(&Value::from("9.01")), None);
        assert_eq!(quantity::round_up_milli(&Value::from("-9.01")), None);
    }

    /// `TestQuantityNeg`, `TestQuantityCanocicalizeZero`, amount_test.go's
    /// `TestInt64AsCanonicalString` (the digits and exponent, printed with
    /// their DecimalSI suffix), and the prints of `TestMilliNewSet`,
    /// `TestNewSet`, `TestNewScaledSet` (each reparsed to its value).
    #[test]
    fn constructed_quantities_print() {
        assert_eq!(print(q(-901, -2, D)).as_deref(), Some("-9010m"));
        assert_eq!(print(q(0, -3, D)).as_deref(), Some("0"));
        #[rustfmt::skip]
        let table: &[(i128, i32, Format, &str)] = &[
            // TestInt64AsCanonicalString: 100 (0), 1 (3), 10 (0), 1080 (-9).
            (100, 0, D, "100"),
            (100, 1, D, "1k"),
            (100, -1, D, "10"),
            (10800, -10, D, "1080n"),
            // TestMilliNewSet.
            (1, -3, D, "1m"),
            (1000, -3, D, "1"),
            (1234000, -3, D, "1234"),
            (1024, -3, B, "1024m"),
            (1024 * 1024, -3, B, "1048576m"),
            // TestNewSet.
            (1, 0, D, "1"),
            (1000, 0, D, "1k"),
            (1234000, 0, D, "1234k"),
            (1024, 0, B, "1Ki"),
            (1024 * 1024, 0, B, "1Mi"),
            // TestNewScaledSet.
            (1, -9, D, "1n"),
            (1000, -9, D, "1u"),
            (1, -6, D, "1u"),
            (1000, -6, D, "1m"),
            (1, -3, D, "1m"),
            (1000, -3, D, "1"),
            (1, 0, D, "1"),
            (0, -9, D, "0"),
            (0, -6, D, "0"),
            (0, -3, D, "0"),
            (0, 0, D, "0"),
        ];
        for &(m, e, format, expect) in table {
            assert_eq!(print(q(m, e, format)).as_deref(), Some(expect), "{m}e{e}");
            assert!(same_value(&parse(expect).unwrap(), m, e), "{expect}");
        }
    }

    /// `TestAdd` and `TestQuantityAddZeroPreservesSuffix`
    /// (`addResourceList`'s `Quantity.Add`).
    #[test]
    fn quantity_add() {
        let add = |a: &str, b: &str| {
            let sum = quantity::add_or_max(&Value::from(a), &Value::from(b), true);
            sum.and_then(|v| v.as_str().map(str::to_string))
        };
        for (a, b, sum) in [
            ("10", "10", "20"),
            ("10", "1", "11"),
            ("0", "50", "50"),
            ("50", "0", "50"),
            ("0", "0", "0"),
        ] {
            let got = add(a, b).unwrap();
            assert_eq!(
                compare(Some(&got), Some(sum)),
                Some(Ordering::Equal),
                "{a}+{b}"
            );
        }
        for value in ["100m", "1Gi"] {
            assert_eq!(add(value, "0").as_deref(), Some(value));
            assert_eq!(add("0", value).as_deref(), Some(value));
        }
    }
}

mod time {
    use super::super::time::{refusal, reprint};
    use super::*;

    /// `TestTimeMarshalJSON`/`TestTimeMarshalYAML`/`TestTimeUnmarshalJSON`
    /// and the CBOR tests' values: RFC 3339 read, printed in UTC to the
    /// second (fractions dropped); `TestMicroTime*`: to the microsecond.
    #[test]
    fn times_print_in_utc() {
        for (written, micro, printed) in [
            ("1998-05-05T05:05:05Z", false, "1998-05-05T05:05:05Z"),
            (
                "1998-05-05T05:05:05.00000005Z",
                false,
                "1998-05-05T05:05:05Z",
            ),
            (
                "1998-05-05T01:05:05.00000005-04:00",
                false,
                "1998-05-05T05:05:05Z",
            ),
            (
                "1998-05-05T05:05:05.123456789Z",
                false,
                "1998-05-05T05:05:05Z",
            ),
            ("1970-01-01T00:00:00Z", false, "1970-01-01T00:00:00Z"),
            ("1960-01-01T00:00:00Z", false, "1960-01-01T00:00:00Z"),
            (
                "1998-05-05T05:05:05.000000Z",
                true,
                "1998-05-05T05:05:05.000000Z",
            ),
            (
                "1998-05-05T01:05:05.000000-04:00",
                true,
                "1998-05-05T05:05:05.000000Z",
            ),
            (
                "1998-05-05T05:05:05.000005Z",
                true,
                "1998-05-05T05:05:05.000005Z",
            ),
        ] {
            assert_eq!(refusal(&Value::from(written), micro), None, "{written}");
            assert_eq!(
                reprint(written, micro).as_deref(),
                Some(printed),
                "{written}"
            );
        }
    }

    /// The CBOR tests' "malformed timestamp": `time.Parse`'s error as it is.
    #[test]
    fn malformed_times_are_refused() {
        assert_eq!(
            refusal(&Value::from("hello"), false).as_deref(),
            Some(
                r#"parsing time "hello" as "2006-01-02T15:04:05Z07:00": cannot parse "hello" as "2006""#
            )
        );
        assert_eq!(
            refusal(&Value::from("hello"), true).as_deref(),
            Some(
                r#"parsing time "hello" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "hello" as "2006""#
            )
        );
    }

    /// `{"t":null}` both ways: the zero Time and MicroTime print `null`.
    #[test]
    fn zero_times_print_null() {
        for ty in ["t", "u"] {
            let t = table(&format!(r#"[["TimeHolder","t::{ty}"]]"#));
            for object in ["{}", r#"{"t":null}"#] {
                let mut v = json(object);
                run(&t, 0, &mut v, Pass::Encode);
                assert_eq!(v, json(r#"{"t":null}"#), "{ty} {object}");
            }
        }
    }
}

/// sigs.k8s.io/json's `UnmarshalTypeError` context (`addErrorContext`):
/// `Struct` the struct holding the field, `Field` the json names from the
/// root, no list index or map key; a field stack left again is unwound.
mod json_context {
    use super::*;

    fn decode(types: &str, root: usize, object: &str) -> Result<(), String> {
        decode_numbers(&table(types), root, &json(object))
    }

    fn error(number: &str, context: &str, ty: &str) -> Result<(), String> {
        Err(format!(
            "json: cannot unmarshal number {number} into Go struct field {context} of type {ty}"
        ))
    }

    #[test]
    fn nested_structs_name_the_field_path() {
        // VOuter{V V}; V{F1 any; F2 int32; F3 Number; F4 *VOuter}.
        let v = r#"[["VOuter","V::@1"],["V","F1::a F2::w F3::s F4::*@0"]]"#;
        let want = error("4294967297", "V.V.F2", "int32");
        assert_eq!(decode(v, 0, r#"{"V": {"F2": 4294967297}}"#), want);
        assert_eq!(decode(v, 0, r#"{"V": {"F4": {}, "F2": 4294967297}}"#), want);
        assert_eq!(
            decode(v, 0, r#"{"V": {"F4": {"V": {"F2": 1.5}}}}"#),
            error("1.5", "V.V.F4.V.F2", "int32")
        );
        // P{PP PP}; PP{T T; Ts []T}; T{X string; Y int} (int64 here).
        let p = r#"[["P","PP::@1"],["PP","T::@2 Ts::[@2"],["T","X::s Y::i"]]"#;
        assert_eq!(
            decode(p, 0, r#"{"PP": {"T": {"Y": 1.5}}}"#),
            error("1.5", "T.PP.T.Y", "int64")
        );
        assert_eq!(
            decode(p, 1, r#"{"Ts": [{"Y": 1}, {"Y": 2}, {"Y": 1.5}]}"#),
            error("1.5", "T.Ts.Y", "int64")
        );
        // The first error is kept, decoding goes on.
        assert_eq!(
            decode(p, 1, r#"{"T": {"Y": 2.5}, "Ts": [{"Y": 1.5}]}"#),
            error("2.5", "T.T.Y", "int64")
        );
    }

    /// Issue 26444: a map's value names the struct holding the map.
    #[test]
    fn map_values_name_the_map_field() {
        let m = r#"[["mapStringToStringData","data::{w"]]"#;
        let want = error("4294967297", "mapStringToStringData.data", "int32");
        assert_eq!(
            decode(m, 0, r#"{"data":{"test1": 1, "test2": 4294967297}}"#),
            want
        );
        assert_eq!(
            decode(m, 0, r#"{"data":{"test1": 4294967297, "test2": 1}}"#),
            want
        );
    }
}
