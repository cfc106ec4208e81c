//! resource.Quantity as the API server reads and prints it
//! (apimachinery `pkg/api/resource/quantity.go`: `ParseQuantity`,
//! `MarshalJSON`, `CanonicalizeBytes`; facts carried over, code our own).
//!
//! A Quantity is always printed as a string (`cpu: 1` is stored as
//! `"1"`, a zero one as `"0"`). A string already in canonical form is
//! printed as it was written; any other is printed canonically: `0.5` as
//! `500m`, `1000m` as `1`, `1024Mi` as `1Gi`, `1.5Gi` as `1536Mi`,
//! `0.1n` rounded up to `1n`. Amounts are kept in 128 bits where Go uses
//! arbitrary precision; a string beyond that (or one the server would
//! refuse) is kept as written.

use crate::value::{Value, format_float};

/// The printed form of `v`, a Quantity field's value; `Some` when it
/// differs from `v`.
pub(super) fn encode(v: &Value) -> Option<Value> {
    let text = match v {
        Value::Null => return Some(Value::from("0")),
        Value::Int(n) => n.to_string(),
        Value::Float(f) => format_float(*f),
        Value::String(s) => s.clone(),
        _ => return None,
    };
    let printed = canonical(text.trim()).unwrap_or(text);
    (Value::String(printed.clone()) != *v).then_some(Value::String(printed))
}

/// `Quantity.RoundUp(-3)`, what `SetDefaults_ResourceList` does to every
/// quantity of a resource list: a value finer than a milli-unit is
/// rounded up (away from zero) to one and printed canonically; `None`
/// when nothing changes (or the value does not parse).
pub(crate) fn round_up_milli(v: &Value) -> Option<Value> {
    let text = match v {
        Value::String(s) => s.trim().to_string(),
        Value::Float(f) => format_float(*f),
        _ => return None,
    };
    let q = parse(&text)?;
    if q.exponent >= -3 {
        return None;
    }
    let unit = 10i128.checked_pow((-3 - q.exponent).unsigned_abs());
    let magnitude = match unit {
        Some(unit) => (q.mantissa.abs() + unit - 1) / unit,
        None => i128::from(q.mantissa != 0),
    };
    let rounded = Quantity {
        mantissa: if q.mantissa < 0 {
            -magnitude
        } else {
            magnitude
        },
        exponent: -3,
        format: q.format,
        kept: None,
    };
    Some(Value::String(print(rounded)?))
}

/// `Quantity.Add` (`a + b`, in `a`'s format unless `a` is zero) when
/// `sum`, else `b` if `Quantity.Cmp(b, a) > 0` (`maxResourceList`), else
/// `a`; printed canonically. `None` when either does not parse.
pub(crate) fn add_or_max(a: &Value, b: &Value, sum: bool) -> Option<Value> {
    let read = |v: &Value| match v {
        Value::Int(n) => parse(&n.to_string()),
        Value::Float(f) => parse(&format_float(*f)),
        Value::String(s) => parse(s.trim()),
        _ => None,
    };
    let (a, b) = (read(a)?, read(b)?);
    let exponent = a.exponent.min(b.exponent);
    let at = |q: &Quantity| {
        q.mantissa
            .checked_mul(10i128.checked_pow((q.exponent - exponent).unsigned_abs())?)
    };
    let (x, y) = (at(&a)?, at(&b)?);
    let (mantissa, format) = match (sum, y > x) {
        (true, _) => (x.checked_add(y)?, if x == 0 { b.format } else { a.format }),
        (false, true) => (y, b.format),
        (false, false) => (x, a.format),
    };
    print(Quantity {
        mantissa,
        exponent,
        format,
        kept: None,
    })
    .map(Value::String)
}

/// `Quantity.IsZero`.
pub(super) fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Int(n) => *n == 0,
        Value::Float(f) => *f == 0.0,
        Value::String(s) => parse(s.trim()).is_some_and(|q| q.mantissa == 0),
        _ => false,
    }
}

/// How a Quantity prints its suffix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    DecimalExponent,
    BinarySi,
    DecimalSi,
}

/// A parsed Quantity: `mantissa × 10^exponent`, and the string it was
/// read from when that string is canonical.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Quantity {
    pub(super) mantissa: i128,
    pub(super) exponent: i32,
    pub(super) format: Format,
    pub(super) kept: Option<String>,
}

/// What `MarshalJSON` prints for the Quantity written `text`; `None`
/// when it does not parse.
pub(crate) fn canonical(text: &str) -> Option<String> {
    print(parse(text)?)
}

/// `MarshalJSON` of a parsed Quantity.
pub(super) fn print(q: Quantity) -> Option<String> {
    if let Some(kept) = q.kept {
        return Some(kept);
    }
    if q.mantissa == 0 {
        return Some("0".to_string());
    }
    let mut format = q.format;
    let mut integer = None;
    if format == Format::BinarySi {
        // Between -1024 and 1024, or not a whole number: decimal.
        integer = whole(q.mantissa, q.exponent);
        if integer.is_none_or(|i| i.abs() < 1024) {
            format = Format::DecimalSi;
        }
    }
    match (format, integer) {
        (Format::BinarySi, Some(value)) => {
            let (amount, times) = remove_factors(value, 1024);
            let suffix = binary_suffix(times.checked_mul(10)?)?;
            Some(decimal(amount) + suffix)
        }
        _ => {
            let (mut amount, times) = remove_factors(q.mantissa, 10);
            let mut exponent = q.exponent.checked_add(times)?;
            while exponent % 3 != 0 {
                amount = amount.checked_mul(10)?;
                exponent -= 1;
            }
            // A decimal exponent without a suffix of its own prints the
            // number alone (`constructBytes` finds nothing), as Go does.
            let suffix = match format {
                Format::DecimalExponent if exponent == 0 => String::new(),
                Format::DecimalExponent => format!("e{exponent}"),
                _ => decimal_suffix(exponent).unwrap_or("").to_string(),
            };
            Some(decimal(amount) + &suffix)
        }
    }
}

/// The value as a whole number, when it is one (`AsScale(0)` exact).
fn whole(mantissa: i128, exponent: i32) -> Option<i128> {
    if exponent >= 0 {
        return mantissa.checked_mul(10i128.checked_pow(exponent.unsigned_abs())?);
    }
    let divisor = 10i128.checked_pow(exponent.unsigned_abs())?;
    (mantissa % divisor == 0).then_some(mantissa / divisor)
}

/// `value` in decimal, as `{}` prints it: std's printer of `i128` was one
/// more routine in the page's wasm for these few short amounts.
fn decimal(value: i128) -> String {
    let mut digits = Vec::new();
    let mut rest = value.unsigned_abs();
    loop {
        digits.push(b'0' + (rest % 10) as u8);
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    if value < 0 {
        digits.push(b'-');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

/// `removeInt64Factors`: `value` without its factors of `base`, and how
/// many there were.
fn remove_factors(value: i128, base: i128) -> (i128, i32) {
    let (mut result, mut times) = (value.abs(), 0);
    while result >= base && result % base == 0 {
        result /= base;
        times += 1;
    }
    (if value < 0 { -result } else { result }, times)
}

const DECIMAL_SUFFIXES: [(&str, i32); 10] = [
    ("n", -9),
    ("u", -6),
    ("m", -3),
    ("", 0),
    ("k", 3),
    ("M", 6),
    ("G", 9),
    ("T", 12),
    ("P", 15),
    ("E", 18),
];
const BINARY_SUFFIXES: [(&str, i32); 7] = [
    ("", 0),
    ("Ki", 10),
    ("Mi", 20),
    ("Gi", 30),
    ("Ti", 40),
    ("Pi", 50),
    ("Ei", 60),
];

fn decimal_suffix(exponent: i32) -> Option<&'static str> {
    DECIMAL_SUFFIXES
        .iter()
        .find(|(_, e)| *e == exponent)
        .map(|(s, _)| *s)
}

fn binary_suffix(exponent: i32) -> Option<&'static str> {
    BINARY_SUFFIXES
        .iter()
        .find(|(_, e)| *e == exponent)
        .map(|(s, _)| *s)
}

/// `quantitySuffixer.interpret`: base, exponent and format of a suffix.
fn interpret(suffix: &str) -> Option<(u32, i32, Format)> {
    if let Some((_, e)) = DECIMAL_SUFFIXES.iter().find(|(s, _)| *s == suffix) {
        return Some((10, *e, Format::DecimalSi));
    }
    if let Some((_, e)) = BINARY_SUFFIXES[1..].iter().find(|(s, _)| *s == suffix) {
        return Some((2, *e, Format::BinarySi));
    }
    let rest = suffix.strip_prefix(['e', 'E'])?;
    if rest.is_empty() {
        return None;
    }
    Some((10, rest.parse::<i32>().ok()?, Format::DecimalExponent))
}

/// The parts `parseQuantityString` finds.
pub(super) struct Parts<'a> {
    pub(super) positive: bool,
    /// The integer digits without leading zeros (`"0"` when none).
    pub(super) num: &'a str,
    /// The fraction digits.
    pub(super) denom: &'a str,
    pub(super) suffix: &'a str,
}

/// `parseQuantityString`: sign, digits, fraction, suffix.
pub(super) fn split(text: &str) -> Option<Parts<'_>> {
    let (positive, rest) = match text.as_bytes().first() {
        Some(b'-') => (false, &text[1..]),
        Some(b'+') => (true, &text[1..]),
        _ => (true, text),
    };
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let rest = rest.trim_start_matches('0');
    let n = digits(rest);
    let num = if n == 0 { "0" } else { &rest[..n] };
    let mut rest = &rest[n..];
    let mut denom = "";
    if let Some(fraction) = rest.strip_prefix('.') {
        let d = digits(fraction);
        denom = &fraction[..d];
        rest = &fraction[d..];
    }
    // The suffix: letters of "eEinumkKMGTP", then an optional sign and
    // digits (an exponent), and nothing after.
    let letters = rest
        .bytes()
        .take_while(|b| b"eEinumkKMGTP".contains(b))
        .count();
    let mut tail = &rest[letters..];
    if let Some(t) = tail.strip_prefix(['+', '-']) {
        tail = t;
    }
    if digits(tail) != tail.len() {
        return None;
    }
    Some(Parts {
        positive,
        num,
        denom,
        suffix: rest,
    })
}

/// `ParseQuantity`.
pub(super) fn parse(text: &str) -> Option<Quantity> {
    if text.is_empty() {
        return None;
    }
    if text == "0" {
        return Some(Quantity {
            mantissa: 0,
            exponent: 0,
            format: Format::DecimalSi,
            kept: Some(text.to_string()),
        });
    }
    let parts = split(text)?;
    let (base, exponent, format) = interpret(parts.suffix)?;
    let digit_count = i32::try_from(parts.num.len() + parts.denom.len()).ok()?;
    let denom_len = i32::try_from(parts.denom.len()).ok()?;
    // The fast path: an int64 amount, its string kept when canonical.
    let (precision, scale, multiplier) = match format {
        Format::BinarySi if exponent >= 0 && parts.denom.is_empty() => {
            let len = i32::try_from(parts.num.len()).ok()?;
            // Go: 15 - len(num) - int32(float32(exponent)*3/10) - 1.
            (15 - len - exponent * 3 / 10 - 1, 0, 1i64 << exponent)
        }
        Format::BinarySi => (-1, 0, 1),
        _ => (18 - digit_count, exponent, 1),
    };
    if precision >= 0 {
        let scale = scale - denom_len;
        if scale >= -9 {
            let shifted = format!("{}{}", parts.num, parts.denom);
            let value: i64 = shifted.parse().ok()?;
            if let Some(result) = value.checked_mul(multiplier) {
                let canonical = match format {
                    Format::BinarySi => exponent % 10 == 0 && value & 0x07 != 0,
                    _ => scale % 3 == 0 && !shifted.ends_with("000") && !shifted.starts_with('0'),
                };
                return Some(Quantity {
                    mantissa: i128::from(if parts.positive { result } else { -result }),
                    exponent: scale,
                    format,
                    kept: canonical.then(|| text.to_string()),
                });
            }
        }
    }
    slow_path(&parts, base, exponent, format)
}

/// `ParseQuantity`'s three errors.
pub(super) const FORMAT_WRONG: &str =
    "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
pub(super) const SUFFIX: &str = "unable to parse quantity's suffix";
pub(super) const NUMERIC: &str = "unable to parse numeric part of quantity";

/// The error of `Quantity.UnmarshalJSON` for `v`, a Quantity field's
/// value, when `ParseQuantity` refuses it (judged on the text alone, so
/// an amount past the 128 bits [`parse`] keeps is not refused): what a
/// server answers when it decodes the object into its Go struct. Numbers
/// (Go's encoder prints them in a form that parses) and `null` pass; a
/// bool, list or map is parsed as its JSON text, which never parses.
pub(crate) fn refusal(v: &Value) -> Option<&'static str> {
    let text = match v {
        Value::String(s) => s.trim(),
        Value::Bool(_) | Value::List(_) | Value::Map(_) => return Some(FORMAT_WRONG),
        _ => return None,
    };
    if text.is_empty() {
        return Some(FORMAT_WRONG);
    }
    let Some(parts) = split(text) else {
        return Some(FORMAT_WRONG);
    };
    // `quantitySuffixer.interpret`: an exponent is any int64, of which
    // Go keeps the low 32 bits (`interpret` here wants an i32).
    let (base, exponent) = match interpret(parts.suffix) {
        Some((base, exponent, _)) => (base, exponent),
        None => match parts.suffix.strip_prefix(['e', 'E']).map(str::parse::<i64>) {
            Some(Ok(e)) if parts.suffix.len() > 1 => (10, e as i32),
            _ => return Some(SUFFIX),
        },
    };
    // Without a digit the amount is 0, read on the int64 path, unless the
    // suffix sends it to the arbitrary-precision one (a binary suffix
    // too large for 15 digits, a decimal exponent below -9), whose
    // `inf.Dec.SetString` wants a digit: `Pi`, `Ei`, `.e-10`.
    let number = &text[..text.len() - parts.suffix.len()];
    let arbitrary = if base == 2 {
        exponent * 3 / 10 > 13
    } else {
        exponent < -9
    };
    (arbitrary && !number.bytes().any(|b| b.is_ascii_digit())).then_some(NUMERIC)
}

/// `helper.IsHugePageResourceValueDivisible`: whether the Quantity
/// written `amount` (its `Value()`, rounded up to a whole unit) is a
/// multiple of the page size written `page`, itself positive and whole;
/// `false` when either does not parse.
pub(crate) fn whole_pages(amount: &str, page: &str) -> bool {
    // Division only (a remainder of 128-bit integers is one more
    // compiler routine in the page's wasm): whether `d` divides `n`.
    let divides = |n: i128, d: i128| d != 0 && (n / d) * d == n;
    // The Quantity's value in whole units, rounded up (`Value()`).
    let units = |q: &Quantity| -> Option<i128> {
        let scale = 10i128.checked_pow(q.exponent.unsigned_abs())?;
        Some(if q.exponent >= 0 {
            q.mantissa.checked_mul(scale)?
        } else {
            q.mantissa / scale + i128::from(!divides(q.mantissa, scale))
        })
    };
    let (Some(amount), Some(page)) = (parse(amount.trim()), parse(page)) else {
        return false;
    };
    // `pageSize.MilliValue()%1000 != 0`: a page of a fraction of a unit.
    let whole = page.exponent >= 0
        || 10i128
            .checked_pow(page.exponent.unsigned_abs())
            .is_some_and(|scale| divides(page.mantissa, scale));
    match (units(&amount), units(&page)) {
        (Some(amount), Some(page)) if whole && page > 0 => divides(amount, page),
        _ => false,
    }
}

/// `Quantity.ScaledValue(-scale)` of the Quantity written `text`:
/// `ceil(q × 10^scale)` (`Value` is scale 0, `MilliValue` scale 3);
/// `None` when it does not parse or fit an int64.
#[cfg(feature = "rare-kinds")]
pub(crate) fn scaled_ceil(text: &str, scale: i32) -> Option<i64> {
    let q = parse(text.trim())?;
    let exponent = q.exponent.checked_add(scale)?;
    let power = 10i128.checked_pow(exponent.unsigned_abs())?;
    let value = if exponent >= 0 {
        q.mantissa.checked_mul(power)?
    } else {
        // Rounded up, towards positive infinity.
        let (quotient, rest) = (q.mantissa / power, q.mantissa % power);
        quotient + i128::from(rest > 0)
    };
    i64::try_from(value).ok()
}

/// The amount of the Quantity written `text`, the same for any two that
/// `Quantity.Cmp` finds equal (`1Gi` and `1073741824`, `1` and `1000m`):
/// what `Semantic.DeepEqual` compares; `None` when it does not parse.
#[cfg(feature = "rare-kinds")]
pub(crate) fn amount(text: &str) -> Option<String> {
    let q = parse(text.trim())?;
    let (mut mantissa, mut exponent) = (q.mantissa, q.exponent);
    if mantissa == 0 {
        return Some("0".to_string());
    }
    while mantissa % 10 == 0 {
        mantissa /= 10;
        exponent += 1;
    }
    Some(format!("{mantissa}e{exponent}"))
}

/// `Quantity.Cmp` of the Quantities written `a` and `b` (`None`: the
/// zero Quantity); `None` when either does not parse.
pub(crate) fn compare(a: Option<&str>, b: Option<&str>) -> Option<std::cmp::Ordering> {
    let read = |t: Option<&str>| match t {
        None => Some((0, 0)),
        Some(t) => parse(t.trim()).map(|q| (q.mantissa, q.exponent)),
    };
    let ((ma, ea), (mb, eb)) = (read(a)?, read(b)?);
    let e = ea.min(eb);
    let at = |m: i128, x: i32| m.checked_mul(10i128.checked_pow((x - e).unsigned_abs())?);
    Some(match (at(ma, ea), at(mb, eb)) {
        (Some(x), Some(y)) => x.cmp(&y),
        // Past 128 bits: larger in magnitude than the other.
        (None, _) => ma.cmp(&0),
        (_, None) => 0.cmp(&mb),
    })
}

/// The arbitrary-precision half of `ParseQuantity`: the amount times its
/// suffix, rounded up to a nano-unit, a binary one capped at the largest
/// int64.
fn slow_path(parts: &Parts<'_>, base: u32, exponent: i32, format: Format) -> Option<Quantity> {
    let digits = format!("{}{}", parts.num, parts.denom);
    let mut mantissa: i128 = digits.parse().ok()?;
    let mut scale = -i32::try_from(parts.denom.len()).ok()?;
    if base == 10 {
        scale = scale.checked_add(exponent)?;
    } else {
        mantissa = mantissa.checked_mul(1i128.checked_shl(exponent.unsigned_abs())?)?;
    }
    if mantissa != 0 && scale < -9 {
        // Round up to 10^-9.
        let places = (-9 - scale).unsigned_abs();
        mantissa = match 10i128.checked_pow(places) {
            Some(divisor) => (mantissa + divisor - 1) / divisor,
            None => 1,
        };
        scale = -9;
    }
    // `ParseQuantity` caps only a BinarySI amount (`maxAllowed`); a
    // decimal one past int64 keeps its value (`TestParseQuantity`:
    // `9223372036854775808` prints as written).
    if format == Format::BinarySi && exceeds_max(mantissa, scale) {
        mantissa = i128::from(i64::MAX);
        scale = 0;
    }
    // A binary amount between 0 and 1 prints as a decimal one.
    let below_one = mantissa > 0
        && scale < 0
        && 10i128
            .checked_pow(scale.unsigned_abs())
            .is_none_or(|unit| mantissa < unit);
    let format = if format == Format::BinarySi && below_one {
        Format::DecimalSi
    } else {
        format
    };
    Some(Quantity {
        mantissa: if parts.positive { mantissa } else { -mantissa },
        exponent: scale,
        format,
        kept: None,
    })
}

/// `mantissa × 10^scale` (not negative) above the largest int64.
fn exceeds_max(mantissa: i128, scale: i32) -> bool {
    let max = i128::from(i64::MAX);
    let Some(unit) = 10i128.checked_pow(scale.unsigned_abs()) else {
        // A power of ten past 10^38: a huge amount, or a tiny one.
        return scale > 0 && mantissa > 0;
    };
    if scale >= 0 {
        mantissa.checked_mul(unit).is_none_or(|v| v > max)
    } else {
        mantissa / unit > max || (mantissa / unit == max && mantissa % unit != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_in_decimal_as_display_prints_them() {
        for v in [
            0,
            1,
            -1,
            9,
            10,
            -10,
            1023,
            123_456_789,
            i128::from(i64::MAX),
            i128::MAX,
            i128::MIN,
            i128::MIN + 1,
        ] {
            assert_eq!(decimal(v), v.to_string());
        }
    }

    fn printed(text: &str) -> String {
        match encode(&Value::from(text)) {
            Some(Value::String(s)) => s,
            _ => text.to_string(),
        }
    }

    /// `Quantity.Add` and `Cmp` as `addResourceList` and
    /// `maxResourceList` (component-helpers) use them: the sum in the
    /// first operand's format unless it is zero, the larger of the two.
    #[test]
    fn sums_and_maxima() {
        let q = |a: &str, b: &str, sum| add_or_max(&Value::from(a), &Value::from(b), sum);
        assert_eq!(q("1Gi", "512Mi", true), Some(Value::from("1536Mi")));
        assert_eq!(q("1", "100m", true), Some(Value::from("1100m")));
        assert_eq!(q("0", "1Gi", true), Some(Value::from("1Gi")));
        assert_eq!(q("500m", "2", false), Some(Value::from("2")));
        assert_eq!(q("1G", "1Gi", false), Some(Value::from("1Gi")));
        assert_eq!(q("x", "1", true), None);
    }

    /// quantity_test.go's canonical forms (TestQuantityParse,
    /// TestQuantityString), as MarshalJSON prints them.
    #[test]
    fn canonical_forms() {
        for (written, stored) in [
            ("0.5", "500m"),
            ("1000m", "1"),
            ("100m", "100m"),
            ("1024Mi", "1Gi"),
            ("1.5Gi", "1536Mi"),
            ("512Mi", "512Mi"),
            ("1Ki", "1Ki"),
            ("2048", "2048"),
            ("1000", "1k"),
            ("0.1n", "1n"),
            ("1e3", "1e3"),
            ("1000e3", "1e6"),
            ("1.5", "1500m"),
            ("-0.5", "-500m"),
            ("+1", "+1"),
            ("0", "0"),
            ("0.0", "0"),
            ("00100", "00100"),
            ("100Ki", "100Ki"),
            ("0.5Ki", "512"),
            ("10E", "10E"),
            ("1e100", "10e99"),
            ("99999999999999999999", "99999999999999999999"),
            ("99999999999999999999Ki", "9223372036854775807"),
            ("-1Ki", "-1Ki"),
            ("1e-3", "1e-3"),
            ("1e-4", "100e-6"),
            (" 2 ", "2"),
            ("128974848", "128974848"),
            ("129e6", "129e6"),
            ("123Mi", "123Mi"),
        ] {
            assert_eq!(printed(written), stored, "{written}");
        }
    }

    /// SetDefaults_ResourceList: Quantity.RoundUp(-3).
    #[test]
    fn resource_lists_round_up_to_milli_units() {
        let round = |t: &str| round_up_milli(&Value::from(t));
        assert_eq!(round("100n"), Some(Value::from("1m")));
        assert_eq!(round("1.0001"), Some(Value::from("1001m")));
        assert_eq!(round("0.5"), None);
        assert_eq!(round("1Gi"), None);
    }

    #[test]
    fn numbers_print_as_strings() {
        assert_eq!(encode(&Value::Int(2)), Some(Value::from("2")));
        assert_eq!(encode(&Value::Float(0.5)), Some(Value::from("500m")));
        assert_eq!(encode(&Value::Null), Some(Value::from("0")));
        assert_eq!(encode(&Value::from("500m")), None);
        // What the server would refuse is kept as written.
        assert_eq!(encode(&Value::from("abc")), None);
        assert_eq!(encode(&Value::from("1Qi")), None);
        assert!(is_zero(&Value::from("0")) && is_zero(&Value::from("0Mi")));
        assert!(!is_zero(&Value::from("1")) && !is_zero(&Value::from("0.1")));
    }

    /// `ParseQuantity`'s errors (apimachinery `pkg/api/resource/quantity.go`):
    /// the regular expression's for a text `parseQuantityString` cannot
    /// split, the suffix's for one `quantitySuffixer.interpret` does not
    /// know, the numeric part's for no digit on the arbitrary-precision
    /// path. Amounts beyond 128 bits are accepted, as Go accepts them.
    #[test]
    fn refusals_as_parse_quantity_words_them() {
        let refused = |t: &str| refusal(&Value::from(t));
        for ok in [
            "1",
            "500m",
            "1Gi",
            "0",
            "-",
            "+",
            ".",
            " 2 ",
            "1e3",
            "1E",
            "1e+2147483648",
            "Ti",
            "99999999999999999999999999999999999999999999999Ei",
        ] {
            assert_eq!(refused(ok), None, "{ok}");
        }
        for wrong in [
            "", "  ", "abc", "1Qi", "1KiB", "512mb", "1x", "1.2.3", "1Gi2i", "1 Gi",
        ] {
            assert_eq!(refused(wrong), Some(FORMAT_WRONG), "{wrong}");
        }
        for suffix in [
            "1iK",
            "1Ki2",
            "1e",
            "1ee5",
            "+-5",
            "1mi",
            "1e99999999999999999999",
            "--1",
            "-.n0",
        ] {
            assert_eq!(refused(suffix), Some(SUFFIX), "{suffix}");
        }
        for numeric in ["Pi", "Ei", ".e-10", "-.e-12"] {
            assert_eq!(refused(numeric), Some(NUMERIC), "{numeric}");
        }
        // Numbers print in a form that parses; a bool does not.
        assert_eq!(refusal(&Value::Float(1e-7)), None);
        assert_eq!(refusal(&Value::Bool(true)), Some(FORMAT_WRONG));
    }
}
