//! Scalars resolved as go-yaml v2 resolves them (YAML 1.1 plain scalars),
//! then turned into JSON values and keys as sigs.k8s.io/yaml does before
//! kubectl sends an object to the API server.

use crate::value::Value;
use yaml_rust2::parser::Tag;
use yaml_rust2::scanner::TScalarStyle;

const YAML_TAG_PREFIX: &str = "tag:yaml.org,2002:";

/// A scalar node as go-yaml v2 hands it to sigs.k8s.io/yaml: still typed
/// as YAML types it (an unsigned integer, a float that may be infinite).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Scalar {
    Null,
    Bool(bool),
    Int(i64),
    /// An integer above `i64::MAX` that fits 64 unsigned bits.
    Uint(u64),
    Float(f64),
    Str(String),
}

impl Scalar {
    /// The YAML tag go-yaml reports for the value, short form.
    fn tag_name(&self) -> &'static str {
        match self {
            Scalar::Null => "null",
            Scalar::Bool(_) => "bool",
            Scalar::Int(_) | Scalar::Uint(_) => "int",
            Scalar::Float(_) => "float",
            Scalar::Str(_) => "str",
        }
    }

    /// The value as JSON carries it to the API server: Go's encoder writes
    /// an integral float without a fraction (`1.0` → `1`) and the server
    /// reads back every number that fits int64 as an integer. JSON has no
    /// infinity or NaN, so sigs.k8s.io/yaml fails on them.
    pub(super) fn into_value(self) -> Result<Value, String> {
        Ok(match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(b),
            Scalar::Int(i) => Value::Int(i),
            Scalar::Uint(u) => Value::Float(u as f64),
            Scalar::Float(f) if !f.is_finite() => {
                return Err(format!(
                    "{} cannot be converted to JSON (JSON has no infinity or NaN)",
                    go_format_g(f, false)
                ));
            }
            Scalar::Float(f) => float_as_json_number(f),
            Scalar::Str(s) => Value::String(s),
        })
    }

    /// The JSON object key sigs.k8s.io/yaml makes of a map key: strings as
    /// they are, `true`/`false`, integers in decimal, floats in Go's
    /// shortest 32-bit `%g` form; null and uint64 keys are refused.
    pub(super) fn into_key(self) -> Result<String, String> {
        match self {
            Scalar::Str(s) => Ok(s),
            Scalar::Bool(b) => Ok(b.to_string()),
            Scalar::Int(i) => Ok(i.to_string()),
            Scalar::Float(f) => Ok(float_key(f)),
            Scalar::Uint(u) => Err(format!("unsupported map key of type uint64: {u}")),
            Scalar::Null => Err("unsupported map key: null".to_string()),
        }
    }
}

/// The key a value that an alias stands for makes.
pub(super) fn value_key(value: &Value) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Int(i) => Ok(i.to_string()),
        Value::Float(f) => Ok(float_key(*f)),
        Value::Null => Err("unsupported map key: null".to_string()),
        Value::List(_) | Value::Map(_) => Err("a map or list cannot be a map key".to_string()),
    }
}

/// sigs.k8s.io/yaml's name for a float key: `FormatFloat(f, 'g', -1, 32)`
/// (past float32's range the key is infinite).
fn float_key(f: f64) -> String {
    match go_format_g(f, true).as_str() {
        "+Inf" => ".inf".to_string(),
        "-Inf" => "-.inf".to_string(),
        "NaN" => ".nan".to_string(),
        s => s.to_string(),
    }
}

/// Whether a key node is go-yaml v2's merge key (`isMerge`): the text
/// `<<`, plain or tagged `!!merge`.
pub(super) fn is_merge_key(text: &str, style: TScalarStyle, tag: Option<&Tag>) -> bool {
    text == "<<"
        && match tag.map(long_tag) {
            None => style == TScalarStyle::Plain,
            Some(t) => t == format!("{YAML_TAG_PREFIX}merge"),
        }
}

/// `!!int` and `!<tag:yaml.org,2002:int>` both as the long tag.
fn long_tag(tag: &Tag) -> String {
    format!("{}{}", tag.handle, tag.suffix)
}

/// The value of one scalar node, as go-yaml v2 decodes it into an
/// `interface{}`. The text is taken, not copied: most scalars are strings,
/// and they keep it.
pub(super) fn resolve(
    text: String,
    style: TScalarStyle,
    tag: Option<&Tag>,
) -> Result<Scalar, String> {
    let Some(tag) = tag else {
        // Quoted and block scalars without a tag are always strings.
        return Ok(if style == TScalarStyle::Plain {
            resolve_plain(text)
        } else {
            Scalar::Str(text)
        });
    };
    let long = long_tag(tag);
    let Some(short) = long.strip_prefix(YAML_TAG_PREFIX) else {
        // `!`, `!foo` and other local tags: go-yaml keeps the text.
        return Ok(Scalar::Str(text));
    };
    match short {
        "str" => Ok(Scalar::Str(text)),
        "binary" => decode_base64(&text)
            .ok()
            .map(|bytes| Scalar::Str(String::from_utf8_lossy(&bytes).into_owned()))
            .ok_or_else(|| "!!binary value contains invalid base64 data".to_string()),
        "timestamp" if is_timestamp(&text) => Ok(Scalar::Str(text)),
        "bool" | "int" | "float" | "null" | "timestamp" => {
            let resolved = plain_value(&text);
            match (short, resolved) {
                ("float", Some(Scalar::Int(i))) => Ok(Scalar::Float(i as f64)),
                ("float", Some(Scalar::Uint(u))) => {
                    Err(format!("cannot decode !!int `{u}` as a !!float"))
                }
                (want, Some(got)) if got.tag_name() == want => Ok(got),
                (want, got) => Err(format!(
                    "cannot decode !!{} `{text}` as a !!{want}",
                    got.map_or("str", |got| got.tag_name())
                )),
            }
        }
        // Tags go-yaml does not resolve (`!!map` on a scalar, `!!set`, …)
        // leave the text as it is.
        _ => Ok(Scalar::Str(text)),
    }
}

/// go-yaml v2's `resolve("", text)`: the first character hints at the
/// type; a few words are looked up; numbers follow Go's `strconv`.
pub(super) fn resolve_plain(text: String) -> Scalar {
    plain_value(&text).unwrap_or(Scalar::Str(text))
}

/// [`resolve_plain`] of a text that is not a string (`None` for one that
/// is), without copying the text: the emitter asks this of every string
/// it writes.
pub(super) fn plain_value(text: &str) -> Option<Scalar> {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Some(Scalar::Null),
        "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" | "true" | "True" | "TRUE" => {
            return Some(Scalar::Bool(true));
        }
        "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" | "false" | "False" | "FALSE" => {
            return Some(Scalar::Bool(false));
        }
        ".nan" | ".NaN" | ".NAN" => return Some(Scalar::Float(f64::NAN)),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Some(Scalar::Float(f64::INFINITY));
        }
        "-.inf" | "-.Inf" | "-.INF" => return Some(Scalar::Float(f64::NEG_INFINITY)),
        _ => {}
    }
    match text.as_bytes().first() {
        // Not in go-yaml's hint table as a number: a float only.
        Some(b'.') => parse_finite_float(text).map(Scalar::Float),
        Some(b'0'..=b'9' | b'+' | b'-') => {
            // Underscores are dropped before the integer and float tries
            // (a copy only for a text that has some).
            let plain: std::borrow::Cow<'_, str> = if text.contains('_') {
                text.chars()
                    .filter(|&c| c != '_')
                    .collect::<String>()
                    .into()
            } else {
                text.into()
            };
            if let Some(i) = go_parse_int(&plain) {
                Some(Scalar::Int(i))
            } else if let Some(u) = go_parse_uint(&plain) {
                Some(Scalar::Uint(u))
            } else if is_yaml_float(&plain)
                && let Some(f) = parse_finite_float(&plain)
            {
                Some(Scalar::Float(f))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Go's `strconv.ParseFloat` on text of the YAML float pattern: a value
/// out of range is an error there, so the scalar stays a string.
fn parse_finite_float(text: &str) -> Option<f64> {
    if !is_yaml_float(text) {
        return None;
    }
    crate::float::parse(text).filter(|f| f.is_finite())
}

/// Go's `strconv.ParseUint(s, 0, 64)`: `0b`, `0o`, `0x` prefixes, a
/// leading `0` for octal, no sign.
fn go_parse_uint(s: &str) -> Option<u64> {
    let bytes = s.as_bytes();
    let (radix, digits) = match bytes {
        [] => return None,
        [b'0', p, _, ..] if p.eq_ignore_ascii_case(&b'b') => (2, &s[2..]),
        [b'0', p, _, ..] if p.eq_ignore_ascii_case(&b'o') => (8, &s[2..]),
        [b'0', p, _, ..] if p.eq_ignore_ascii_case(&b'x') => (16, &s[2..]),
        [b'0', ..] => (8, &s[1..]),
        _ => (10, s),
    };
    let mut n: u64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        n = n.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
    }
    Some(n)
}

/// Go's `strconv.ParseInt(s, 0, 64)`: an optional sign, then as
/// [`go_parse_uint`], within int64.
fn go_parse_int(s: &str) -> Option<i64> {
    let (negative, magnitude) = match s.as_bytes().first()? {
        b'-' => (true, go_parse_uint(s.get(1..)?)?),
        b'+' => (false, go_parse_uint(s.get(1..)?)?),
        _ => (false, go_parse_uint(s)?),
    };
    if negative {
        0i64.checked_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).ok()
    }
}

/// go-yaml's float pattern: `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`.
fn is_yaml_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    let at = |i: usize| b.get(i).copied();
    let digits = |i: &mut usize| {
        let start = *i;
        while at(*i).is_some_and(|c| c.is_ascii_digit()) {
            *i += 1;
        }
        *i > start
    };
    if matches!(at(i), Some(b'-' | b'+')) {
        i += 1;
    }
    if at(i) == Some(b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    } else {
        if !digits(&mut i) {
            return false;
        }
        if at(i) == Some(b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(at(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(at(i), Some(b'-' | b'+')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// Go's JSON encoder writes an integral float below 1e21 without a
/// fraction or exponent, and the API server reads such a number back as an
/// integer when it fits int64.
fn float_as_json_number(f: f64) -> Value {
    const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;
    if f == f.trunc() && (-TWO_POW_63..TWO_POW_63).contains(&f) {
        Value::Int(f as i64)
    } else {
        Value::Float(f)
    }
}

/// Go's `strconv.FormatFloat(f, 'g', -1, 64 or 32)`: the shortest digits
/// that read back, in exponent form when the exponent is below -4 or at
/// least 6 (`1e+06`, `1.5e-05`), otherwise positional.
pub(crate) fn go_format_g(f: f64, single: bool) -> String {
    // `bitSize` 32 rounds to a float32 first: past its range, infinite.
    let f = if single { f64::from(f as f32) } else { f };
    if f.is_nan() {
        return "NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_string();
    }
    // The shortest round-tripping digits, as Rust's `{:e}` has them: `1.5e-5`.
    let (negative, digits, exp) = crate::float::shortest(f, single);
    let mut out = String::from(if negative { "-" } else { "" });
    if (-4..6).contains(&exp) {
        crate::value::write_positional(&mut out, &digits, exp);
    } else {
        crate::value::write_mantissa(&mut out, &digits);
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", exp.unsigned_abs()));
    }
    out
}

/// Whether go-yaml reads the text as a timestamp: Go's `time.Parse` with
/// one of `2006-1-2T15:4:5.999999999Z07:00` (also with `t` or a space and
/// no zone) or `2006-1-2`.
pub(super) fn is_timestamp(s: &str) -> bool {
    let mut r = Reader { s: s.as_bytes() };
    let Some(year) = r.fixed_digits(4) else {
        return false;
    };
    let date = r.literal(b'-')
        && r.short_number().is_some_and(|m| {
            (1..=12).contains(&m)
                && r.literal(b'-')
                && r.short_number()
                    .is_some_and(|d| d >= 1 && d <= days_in_month(year, m))
        });
    if !date {
        return false;
    }
    if r.s.is_empty() {
        return true;
    }
    let zoned = match r.s.first() {
        Some(b'T' | b't') => true,
        Some(b' ') => false,
        _ => return false,
    };
    r.s = r.s.get(1..).unwrap_or_default();
    let time = r.short_number().is_some_and(|h| h < 24)
        && r.literal(b':')
        && r.short_number().is_some_and(|m| m < 60)
        && r.literal(b':')
        && r.short_number().is_some_and(|s| s < 60);
    if !time {
        return false;
    }
    // An optional fraction: `.` or `,` then digits.
    if matches!(r.s, [b'.' | b',', d, ..] if d.is_ascii_digit()) {
        r.s = r.s.get(1..).unwrap_or_default();
        while r.s.first().is_some_and(u8::is_ascii_digit) {
            r.s = r.s.get(1..).unwrap_or_default();
        }
    }
    if zoned {
        if r.literal(b'Z') {
            return r.s.is_empty();
        }
        if !matches!(r.s.first(), Some(b'+' | b'-')) {
            return false;
        }
        r.s = r.s.get(1..).unwrap_or_default();
        let zone = r.fixed_digits(2).is_some_and(|h| h <= 24)
            && r.literal(b':')
            && r.fixed_digits(2).is_some_and(|m| m <= 60);
        return zone && r.s.is_empty();
    }
    r.s.is_empty()
}

struct Reader<'a> {
    s: &'a [u8],
}

impl Reader<'_> {
    fn literal(&mut self, c: u8) -> bool {
        match self.s.split_first() {
            Some((&first, rest)) if first == c => {
                self.s = rest;
                true
            }
            _ => false,
        }
    }

    fn fixed_digits(&mut self, n: usize) -> Option<u32> {
        let head = self.s.get(..n)?;
        if !head.iter().all(u8::is_ascii_digit) {
            return None;
        }
        self.s = self.s.get(n..)?;
        Some(head.iter().fold(0, |acc, d| acc * 10 + u32::from(d - b'0')))
    }

    /// One or two digits, as Go's layouts `1`, `2`, `15`, `4`, `5` read.
    fn short_number(&mut self) -> Option<u32> {
        let two = self.s.get(1).is_some_and(u8::is_ascii_digit);
        self.fixed_digits(if two { 2 } else { 1 })
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// go-yaml's base-60 float pattern, which it quotes on the way out:
/// `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`.
pub(super) fn is_base60_float(s: &str) -> bool {
    let s = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (body, fraction) = s.split_once('.').unwrap_or((s, ""));
    if !fraction.bytes().all(|c| c.is_ascii_digit() || c == b'_') {
        return false;
    }
    let mut parts = body.split(':');
    let head = parts.next().unwrap_or_default();
    let head_ok = head.as_bytes().first().is_some_and(u8::is_ascii_digit)
        && head.bytes().all(|c| c.is_ascii_digit() || c == b'_');
    let mut sixties = 0;
    for part in parts {
        let ok = match part.as_bytes() {
            [d] => d.is_ascii_digit(),
            [t, d] => (b'0'..=b'5').contains(t) && d.is_ascii_digit(),
            _ => false,
        };
        if !ok {
            return false;
        }
        sixties += 1;
    }
    head_ok && sixties > 0
}

/// Go's `base64.StdEncoding.EncodeToString`: how a `[]byte` is printed.
pub(crate) fn encode_base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let at = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let bits = at(0) << 16 | at(1) << 8 | at(2);
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(ALPHABET[(bits >> (18 - 6 * i) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

/// Go's `base64.StdEncoding.DecodeString` (line breaks skipped): the
/// bytes, or the offset its `CorruptInputError` reports ("illegal base64
/// data at input byte N"), found as its `decodeQuantum` finds it.
pub(crate) fn decode_base64(text: &str) -> Result<Vec<u8>, usize> {
    decode_base64_alphabet(text, b'+', b'/')
}

/// The same with `base64.URLEncoding`'s alphabet (`-` and `_`), padded,
/// as go-openapi's `strfmt.Base64` decodes a `byte` formatted string.
#[cfg(feature = "crd-validation")]
pub(crate) fn decode_base64_url(text: &str) -> Result<Vec<u8>, usize> {
    decode_base64_alphabet(text, b'-', b'_')
}

/// Go's padded base64 decoding, with `c62` and `c63` as the alphabet's
/// last two characters.
fn decode_base64_alphabet(text: &str, c62: u8, c63: u8) -> Result<Vec<u8>, usize> {
    let src = text.as_bytes();
    let value = |c: u8| -> Option<u32> {
        Some(u32::from(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            _ if c == c62 => 62,
            _ if c == c63 => 63,
            _ => return None,
        }))
    };
    let skip_breaks = |mut at: usize| {
        while src.get(at).is_some_and(|c| matches!(c, b'\n' | b'\r')) {
            at += 1;
        }
        at
    };
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    while si < src.len() {
        let mut quad = [0u32; 4];
        let mut len = 4;
        let mut garbage = None;
        let mut j = 0;
        while j < 4 {
            let Some(&c) = src.get(si) else {
                return if j == 0 { Ok(out) } else { Err(si - j) };
            };
            si += 1;
            if let Some(v) = value(c) {
                quad[j] = v;
                j += 1;
                continue;
            }
            if c == b'\n' || c == b'\r' {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(si - 1);
            }
            if j == 2 {
                // "==" is expected: the second `=`, after any line breaks.
                si = skip_breaks(si);
                match src.get(si) {
                    None => return Err(src.len()),
                    Some(b'=') => si += 1,
                    Some(_) => return Err(si - 1),
                }
            }
            si = skip_breaks(si);
            if si < src.len() {
                garbage = Some(si);
            }
            len = j;
            break;
        }
        let bits = quad[0] << 18 | quad[1] << 12 | quad[2] << 6 | quad[3];
        out.extend_from_slice(bits.to_be_bytes().get(1..len).unwrap_or_default());
        if let Some(at) = garbage {
            return Err(at);
        }
    }
    Ok(out)
}
