//! robfig/cron v3.0.1's `parser.go` (the version Kubernetes vendors), as
//! `ParseStandard` runs it: the options Minute | Hour | Dom | Month | Dow
//! | Descriptor, so five fields, no seconds, descriptors allowed. Laid out
//! in parser.go's order, each function under its Go name; then the bits
//! of Go's `strconv` and `time` whose error texts reach the message
//! (`Atoi`, `ParseDuration`, `LoadLocation`).
//!
//! Every error is the `err.Error()` text the API server puts in
//! `field.Invalid(spec.schedule, schedule, ...)`, byte for byte. The
//! parser works on the user's text, so nothing here may panic: numbers
//! are checked as Go checks them (a field beyond `int` is strconv's
//! "value out of range"), and slicing goes through `get`.

use crate::value::go_quote;

/// What `ParseStandard` does with a spec.
#[derive(Debug, PartialEq)]
pub(in crate::builtin::validation) enum Parsed {
    Ok(Schedule),
    /// The error's text.
    Err(String),
    /// robfig panics: a `TZ=` or `CRON_TZ=` prefix with no space after it
    /// slices `spec[eq+1 : -1]` (robfig/cron issues #470, #554, unfixed in
    /// v3.0.1).
    Panic,
}

/// A parsed schedule: `SpecSchedule`'s bit sets (bit 63 is `starBit`), or
/// `@every`'s duration in nanoseconds, before `Every` rounds it.
#[derive(Debug, PartialEq)]
pub(in crate::builtin::validation) enum Schedule {
    Spec {
        minute: u64,
        hour: u64,
        dom: u64,
        month: u64,
        dow: u64,
    },
    Every(i64),
}

/// spec.go's `bounds`: a field's range and the names it takes.
struct Bounds {
    min: u64,
    max: u64,
    names: &'static [&'static str],
}

const MINUTES: Bounds = Bounds {
    min: 0,
    max: 59,
    names: &[],
};
const HOURS: Bounds = Bounds {
    min: 0,
    max: 23,
    names: &[],
};
const DOM: Bounds = Bounds {
    min: 1,
    max: 31,
    names: &[],
};
/// `jan` is 1: a name's value is its index plus `min`.
const MONTHS: Bounds = Bounds {
    min: 1,
    max: 12,
    names: &[
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ],
};
const DOW: Bounds = Bounds {
    min: 0,
    max: 6,
    names: &["sun", "mon", "tue", "wed", "thu", "fri", "sat"],
};

/// spec.go's `starBit`: set when a field was `*` or `?` (with no step
/// above 1).
const STAR_BIT: u64 = 1 << 63;

/// `ParseStandard(spec)`.
pub(in crate::builtin::validation) fn parse_standard(spec: &str) -> Parsed {
    match parse(spec) {
        Ok(Some(schedule)) => Parsed::Ok(schedule),
        Ok(None) => Parsed::Panic,
        Err(message) => Parsed::Err(message),
    }
}

/// `Parser.Parse`; `Ok(None)` where Go would panic.
fn parse(spec: &str) -> Result<Option<Schedule>, String> {
    if spec.is_empty() {
        return Err("empty spec string".to_string());
    }
    let mut spec = spec;
    // Extract timezone if present. The zone ends at the first space (not
    // any white space); none at all panics in Go.
    if spec.starts_with("TZ=") || spec.starts_with("CRON_TZ=") {
        let (Some(i), Some(eq)) = (spec.find(' '), spec.find('=')) else {
            return Ok(None);
        };
        let zone = spec.get(eq + 1..i).unwrap_or_default();
        if let Err(err) = load_location(zone) {
            return Err(format!("provided bad location {zone}: {err}"));
        }
        spec = spec.get(i..).unwrap_or_default().trim();
    }
    // Handle named schedules (descriptors): ParseStandard allows them.
    if spec.starts_with('@') {
        return parse_descriptor(spec).map(Some);
    }
    let fields: Vec<&str> = spec.split_whitespace().collect();
    let fields = normalize_fields(&fields)?;
    // The second is always "0" (not among the options); as in Go, the
    // first field in error stops the rest.
    let [minute, hour, dom, month, dow] = fields;
    Ok(Some(Schedule::Spec {
        minute: get_field(minute, &MINUTES)?,
        hour: get_field(hour, &HOURS)?,
        dom: get_field(dom, &DOM)?,
        month: get_field(month, &MONTHS)?,
        dow: get_field(dow, &DOW)?,
    }))
}

/// `normalizeFields` for ParseStandard's options: no optional field, so
/// exactly five, printed as Go's `%s` prints a `[]string`.
fn normalize_fields<'a>(fields: &[&'a str]) -> Result<[&'a str; 5], String> {
    <[&str; 5]>::try_from(fields).map_err(|_| {
        format!(
            "expected exactly 5 fields, found {}: [{}]",
            fields.len(),
            fields.join(" ")
        )
    })
}

/// `getField`: the bits of a comma-separated list of ranges (empty items
/// skipped, as `strings.FieldsFunc` skips them).
fn get_field(field: &str, r: &Bounds) -> Result<u64, String> {
    let mut bits = 0;
    for expr in field.split(',').filter(|e| !e.is_empty()) {
        bits |= get_range(expr, r)?;
    }
    Ok(bits)
}

/// `getRange`: `number | number "-" number [ "/" number ]`, or `*`/`?`
/// for the whole range; the checks in upstream's order.
fn get_range(expr: &str, r: &Bounds) -> Result<u64, String> {
    let range_and_step: Vec<&str> = expr.split('/').collect();
    let low_and_high: Vec<&str> = range_and_step
        .first()
        .copied()
        .unwrap_or_default()
        .split('-')
        .collect();
    let single_digit = low_and_high.len() == 1;
    let low = low_and_high.first().copied().unwrap_or_default();
    let (start, mut end, mut extra);
    if low == "*" || low == "?" {
        (start, end, extra) = (r.min, r.max, STAR_BIT);
    } else {
        start = parse_int_or_name(low, r)?;
        end = match low_and_high.get(1..).unwrap_or_default() {
            [] => start,
            [high] => parse_int_or_name(high, r)?,
            _ => return Err(format!("too many hyphens: {expr}")),
        };
        extra = 0;
    }
    let step = match range_and_step.as_slice() {
        [_] => 1,
        [_, step] => {
            let step = must_parse_int(step)?;
            // Special handling: "N/step" means "N-max/step".
            if single_digit {
                end = r.max;
            }
            if step > 1 {
                extra = 0;
            }
            step
        }
        _ => return Err(format!("too many slashes: {expr}")),
    };
    if start < r.min {
        return Err(format!(
            "beginning of range ({start}) below minimum ({}): {expr}",
            r.min
        ));
    }
    if end > r.max {
        return Err(format!(
            "end of range ({end}) above maximum ({}): {expr}",
            r.max
        ));
    }
    if start > end {
        return Err(format!(
            "beginning of range ({start}) beyond end of range ({end}): {expr}"
        ));
    }
    if step == 0 {
        return Err(format!("step of range should be a positive number: {expr}"));
    }
    Ok(get_bits(start, end, step) | extra)
}

/// `parseIntOrName`: a name matched after Go's `strings.ToLower`, else a
/// number.
fn parse_int_or_name(expr: &str, r: &Bounds) -> Result<u64, String> {
    let lower: String = expr.chars().map(go_to_lower).collect();
    if let Some(i) = r.names.iter().position(|n| *n == lower) {
        return Ok(i as u64 + r.min);
    }
    must_parse_int(expr)
}

/// `unicode.ToLower` as far as it can turn a character into one of the
/// names' ASCII letters: ASCII, and the two non-ASCII letters whose simple
/// lower case is ASCII (U+0130 `İ` to `i`, where Rust's full mapping adds
/// a combining dot, and U+212A, the Kelvin sign, to `k`).
fn go_to_lower(c: char) -> char {
    match c {
        '\u{130}' => 'i',
        '\u{212A}' => 'k',
        c => c.to_ascii_lowercase(),
    }
}

/// `mustParseInt`: `strconv.Atoi`, then no negatives.
fn must_parse_int(expr: &str) -> Result<u64, String> {
    let num = atoi(expr).map_err(|err| format!("failed to parse int from {expr}: {err}"))?;
    u64::try_from(num).map_err(|_| format!("negative number ({num}) not allowed: {expr}"))
}

/// `getBits`: the bits from `min` to `max` every `step`; the callers have
/// checked `min <= max <= 63` and `step > 0`.
fn get_bits(min: u64, max: u64, step: u64) -> u64 {
    let mut bits = 0u64;
    let mut i = min;
    while i <= max && i < 64 {
        bits |= 1 << i;
        i = i.saturating_add(step);
    }
    bits
}

/// `all`: every bit of the range, and the star bit.
fn all(r: &Bounds) -> u64 {
    get_bits(r.min, r.max, 1) | STAR_BIT
}

/// `parseDescriptor`: the predefined schedules (second, minute and hour
/// are 0 in each), or `@every <duration>`.
fn parse_descriptor(descriptor: &str) -> Result<Schedule, String> {
    let spec = |minute, hour, dom, month, dow| Schedule::Spec {
        minute,
        hour,
        dom,
        month,
        dow,
    };
    let first = |r: &Bounds| 1u64 << r.min;
    Ok(match descriptor {
        "@yearly" | "@annually" => spec(1, 1, first(&DOM), first(&MONTHS), all(&DOW)),
        "@monthly" => spec(1, 1, first(&DOM), all(&MONTHS), all(&DOW)),
        "@weekly" => spec(1, 1, all(&DOM), all(&MONTHS), first(&DOW)),
        "@daily" | "@midnight" => spec(1, 1, all(&DOM), all(&MONTHS), all(&DOW)),
        "@hourly" => spec(1, all(&HOURS), all(&DOM), all(&MONTHS), all(&DOW)),
        _ => match descriptor.strip_prefix("@every ") {
            Some(duration) => Schedule::Every(
                parse_duration(duration)
                    .map_err(|err| format!("failed to parse duration {descriptor}: {err}"))?,
            ),
            None => return Err(format!("unrecognized descriptor: {descriptor}")),
        },
    })
}

// Go's strconv and time, as far as the parser reaches them
// (`strconv.Quote` is the crate's `go_quote`).

/// `strconv.Atoi` on a 64-bit server: `Ok`, or its `NumError` text.
pub(in crate::builtin::validation) fn atoi(s: &str) -> Result<i64, String> {
    let syntax = || format!("strconv.Atoi: parsing {}: invalid syntax", go_quote(s));
    let range = || format!("strconv.Atoi: parsing {}: value out of range", go_quote(s));
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, s.get(1..).unwrap_or_default()),
        Some(b'+') => (false, s.get(1..).unwrap_or_default()),
        _ => (false, s),
    };
    if digits.is_empty() {
        return Err(syntax());
    }
    // ParseUint's loop: a bad digit or an overflow of uint64 stops it
    // where it is met, whichever comes first.
    let mut n: u64 = 0;
    let mut overflow = false;
    for b in digits.bytes() {
        if !b.is_ascii_digit() {
            return Err(syntax());
        }
        match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
        {
            Some(next) => n = next,
            None => {
                overflow = true;
                break;
            }
        }
    }
    // ParseInt's range for int64.
    let cutoff = 1u64 << 63;
    if overflow || (!neg && n >= cutoff) || (neg && n > cutoff) {
        return Err(range());
    }
    Ok(if neg {
        0i64.wrapping_sub_unsigned(n)
    } else {
        n as i64
    })
}

/// `time.ParseDuration`: nanoseconds, or its error text. Follows Go's
/// algorithm step by step (`[-+]?([0-9]*(\.[0-9]*)?[a-z]+)+`), in u64
/// with Go's overflow checks.
pub(in crate::builtin::validation) fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(orig));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c @ (b'-' | b'+')) = s.first() {
        neg = c == b'-';
        s = s.get(1..).unwrap_or_default();
    }
    // Special case: if all that is left is "0", this is zero.
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut d: u64 = 0;
    while let Some(&first) = s.first() {
        // The next character must be [0-9.]
        if !(first == b'.' || first.is_ascii_digit()) {
            return Err(invalid());
        }
        // leadingInt: [0-9]*, an overflow of 1<<63 invalid.
        let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
        let mut v: u64 = 0;
        for &c in s.get(..digits).unwrap_or_default() {
            if v > (1 << 63) / 10 {
                return Err(invalid());
            }
            v = v * 10 + u64::from(c - b'0');
            if v > 1 << 63 {
                return Err(invalid());
            }
        }
        let pre = digits > 0;
        s = s.get(digits..).unwrap_or_default();
        // leadingFraction: (\.[0-9]*)?, digits past overflow dropped.
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if s.first() == Some(&b'.') {
            s = s.get(1..).unwrap_or_default();
            let digits = s.iter().take_while(|c| c.is_ascii_digit()).count();
            let mut overflow = false;
            for &c in s.get(..digits).unwrap_or_default() {
                if overflow {
                    continue;
                }
                if f > (1 << 63) / 10 {
                    overflow = true;
                    continue;
                }
                let y = f * 10 + u64::from(c - b'0');
                if y > 1 << 63 {
                    overflow = true;
                    continue;
                }
                f = y;
                scale *= 10.0;
            }
            post = digits > 0;
            s = s.get(digits..).unwrap_or_default();
        }
        if !pre && !post {
            // no digits (e.g. ".s" or "-.s")
            return Err(invalid());
        }
        // Consume unit: up to the next '.' or digit.
        let i = s
            .iter()
            .take_while(|&&c| c != b'.' && !c.is_ascii_digit())
            .count();
        if i == 0 {
            return Err(format!(
                "time: missing unit in duration {}",
                time_quote(orig)
            ));
        }
        let u = s.get(..i).unwrap_or_default();
        s = s.get(i..).unwrap_or_default();
        let unit: u64 = match u {
            b"ns" => 1,
            // "µs" (U+00B5, micro sign) and "μs" (U+03BC, Greek mu).
            b"us" | b"\xc2\xb5s" | b"\xce\xbcs" => 1_000,
            b"ms" => 1_000_000,
            b"s" => 1_000_000_000,
            b"m" => 60_000_000_000,
            b"h" => 3_600_000_000_000,
            _ => {
                return Err(format!(
                    "time: unknown unit {} in duration {}",
                    time_quote(&String::from_utf8_lossy(u)),
                    time_quote(orig)
                ));
            }
        };
        if v > (1 << 63) / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            // As Go: through float64, truncated toward zero.
            v = v.saturating_add((f as f64 * (unit as f64 / scale)) as u64);
            if v > 1 << 63 {
                return Err(invalid());
            }
        }
        // Go's uint64 wraps here (2^63 twice is 0) and then passes.
        d = d.wrapping_add(v);
        if d > 1 << 63 {
            return Err(invalid());
        }
    }
    if neg {
        return Ok(0i64.wrapping_sub_unsigned(d));
    }
    i64::try_from(d).map_err(|_| invalid())
}

/// The `time` package's own `quote`: ASCII as is but `"` and `\`
/// escaped, every byte of anything else (and of control characters) as
/// `\xNN`.
fn time_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        if c.is_ascii() && c >= ' ' {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
    }
    out.push('"');
    out
}

/// `time.LoadLocation(name)`'s error, if any, on a server whose zone
/// database is the one it embeds (`time/tzdata`: kube-apiserver imports
/// it). Its names ride in the catalogue (`timeZones`,
/// `tools/timezones`); without them every name is taken.
pub(in crate::builtin::validation) fn load_location(name: &str) -> Result<(), String> {
    if name.is_empty() || name == "UTC" || name == "Local" {
        return Ok(());
    }
    if name.contains("..") || name.starts_with('/') || name.starts_with('\\') {
        return Err("time: invalid location name".to_string());
    }
    let Some(zones) = crate::builtin::time_zones() else {
        return Ok(());
    };
    if zones
        .binary_search_by(|zone| zone.as_str().cmp(name))
        .is_ok()
    {
        return Ok(());
    }
    // A folder's own entry (`America/`) is found, but empty: not TZif.
    if let Some(dir) = name.strip_suffix('/') {
        let prefix = format!("{dir}/");
        if zones.iter().any(|zone| zone.starts_with(&prefix)) {
            return Err("malformed time zone information".to_string());
        }
    }
    Err(format!("unknown time zone {name}"))
}

#[cfg(test)]
mod tests;
