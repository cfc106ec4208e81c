//! metav1.Time and MicroTime as the API server reads and prints them
//! (apimachinery `pkg/apis/meta/v1/time.go`, `micro_time.go`): read by Go's
//! `time.Parse` with `time.RFC3339` (MicroTime: `RFC3339Micro`, exactly six
//! fraction digits), printed in UTC, Time to the second, MicroTime to the
//! microsecond. A text that does not parse is refused with `time.Parse`'s
//! own error ([`refusal`]).

use crate::value::Value;

/// The printed form of a Time (`micro`: MicroTime) written `text`; `None`
/// when it does not parse, or when its year is one `MarshalJSON` cannot
/// print.
pub(super) fn reprint(text: &str, micro: bool) -> Option<String> {
    let t = parse(text, micro).ok()?;
    let utc = t.utc_seconds();
    let (days, seconds) = (utc.div_euclid(86_400), utc.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    if !(0..=9999).contains(&year) {
        return None;
    }
    let (h, m, s) = (seconds / 3_600, seconds / 60 % 60, seconds % 60);
    let mut out = format!("{year:04}-{month:02}-{day:02}T{h:02}:{m:02}:{s:02}");
    if micro {
        out.push_str(&format!(".{:06}", t.nanos / 1_000));
    }
    out.push('Z');
    Some(out)
}

/// `time.Parse`'s error for a Time's (`micro`: MicroTime's) string `v`,
/// which `UnmarshalJSON` returns as it is; `None` for anything that parses
/// or is no string (the schema refuses those first).
pub(super) fn refusal(v: &Value, micro: bool) -> Option<String> {
    parse(v.as_str()?, micro).err()
}

/// Go's `time.Parse(time.RFC3339, text)` as seconds since the epoch,
/// nanoseconds and the text's offset from UTC in seconds, which a Go
/// `time.Time` keeps and prints again (CEL's `timestamp()` and a
/// `date-time` value); `None` when it does not parse.
#[cfg(feature = "crd-validation")]
pub(crate) fn rfc3339_unix_offset(text: &str) -> Option<(i64, i64, i64)> {
    let t = parse(text, false).ok()?;
    Some((t.utc_seconds(), t.nanos, t.offset_seconds))
}

struct Parsed {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    nanos: i64,
    offset_seconds: i64,
}

impl Parsed {
    /// Seconds since the epoch, shifted to UTC.
    fn utc_seconds(&self) -> i64 {
        let local = days_from_civil(self.year, self.month, self.day) * 86_400
            + self.hour * 3_600
            + self.minute * 60
            + self.second;
        local - self.offset_seconds
    }
}

/// The elements of the layouts, as Go's `nextStdChunk` splits them: a
/// literal prefix, then a value element and its spelling in the layout.
#[derive(Clone, Copy, PartialEq)]
enum Element {
    LongYear,
    ZeroMonth,
    ZeroDay,
    Hour,
    ZeroMinute,
    ZeroSecond,
    /// `.000000`: exactly six digits.
    Micros,
    ColonZone,
}

const RFC3339: &[(&str, Element, &str)] = &[
    ("", Element::LongYear, "2006"),
    ("-", Element::ZeroMonth, "01"),
    ("-", Element::ZeroDay, "02"),
    ("T", Element::Hour, "15"),
    (":", Element::ZeroMinute, "04"),
    (":", Element::ZeroSecond, "05"),
    ("", Element::ColonZone, "Z07:00"),
];

/// Go's `time.Parse` of `text` with `time.RFC3339` (`micro`: MicroTime's
/// `2006-01-02T15:04:05.000000Z07:00`), element by element as its generic
/// `parse` reads them (the RFC 3339 fast path accepts less and falls back
/// to it), and its `ParseError` text on failure.
fn parse(text: &str, micro: bool) -> Result<Parsed, String> {
    let layout = if micro {
        "2006-01-02T15:04:05.000000Z07:00"
    } else {
        "2006-01-02T15:04:05Z07:00"
    };
    let cannot = |value: &str, element: &str| {
        format!(
            "parsing time {} as {}: cannot parse {} as {}",
            quote(text),
            quote(layout),
            quote(value),
            quote(element)
        )
    };
    let out_of_range = |what: &str| format!("parsing time {}: {what} out of range", quote(text));
    let mut t = Parsed {
        year: 0,
        month: 0,
        day: 0,
        hour: 0,
        minute: 0,
        second: 0,
        nanos: 0,
        offset_seconds: 0,
    };
    let mut value = text;
    let micros = [("", Element::Micros, ".000000")];
    let elements = RFC3339[..6]
        .iter()
        .chain(if micro { &micros[..] } else { &[] })
        .chain(&RFC3339[6..]);
    for &(prefix, element, spelling) in elements {
        // `skip`: the literal must match byte for byte.
        for p in prefix.bytes() {
            match value.as_bytes().first() {
                Some(&c) if c == p => value = &value[1..],
                _ => return Err(cannot(value, prefix)),
            }
        }
        let hold = value;
        let digit = |i: usize| {
            value
                .as_bytes()
                .get(i)
                .filter(|c| c.is_ascii_digit())
                .map(|c| i64::from(c - b'0'))
        };
        // `getnum`: one or two digits; `fixed`, exactly two.
        let number = |fixed: bool| -> Option<(i64, usize)> {
            let first = digit(0)?;
            match digit(1) {
                Some(second) => Some((first * 10 + second, 2)),
                None if fixed => None,
                None => Some((first, 1)),
            }
        };
        let mut range = None;
        let read = match element {
            Element::LongYear => value
                .get(..4)
                .filter(|y| y.bytes().all(|c| c.is_ascii_digit()))
                .and_then(|y| y.parse().ok())
                .map(|y| (t.year = y, 4).1),
            Element::ZeroMonth => number(true).map(|(n, len)| {
                t.month = n;
                if !(1..=12).contains(&n) {
                    range = Some("month");
                }
                len
            }),
            Element::ZeroDay => number(true).map(|(n, len)| (t.day = n, len).1),
            Element::Hour => number(false).map(|(n, len)| {
                t.hour = n;
                if n >= 24 {
                    range = Some("hour");
                }
                len
            }),
            Element::ZeroMinute => number(true).map(|(n, len)| {
                t.minute = n;
                if n >= 60 {
                    range = Some("minute");
                }
                len
            }),
            Element::ZeroSecond => number(true).map(|(n, len)| {
                t.second = n;
                if n >= 60 {
                    range = Some("second");
                    return len;
                }
                // A fraction the layout does not spell is read anyway
                // (`parseNanoseconds`), up to nine digits.
                let rest = &value.as_bytes()[len..];
                if !micro
                    && matches!(rest.first(), Some(b'.' | b','))
                    && rest.get(1).is_some_and(u8::is_ascii_digit)
                {
                    let digits = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
                    t.nanos = fraction(&rest[1..1 + digits.min(9)]);
                    return len + 1 + digits;
                }
                len
            }),
            Element::Micros => {
                let b = value.as_bytes();
                (b.len() >= 7
                    && matches!(b[0], b'.' | b',')
                    && b[1..7].iter().all(u8::is_ascii_digit))
                .then(|| (t.nanos = fraction(&b[1..7]), 7).1)
            }
            Element::ColonZone => {
                let b = value.as_bytes();
                if b.first() == Some(&b'Z') {
                    Some(1)
                } else if b.len() < 6 || b[3] != b':' {
                    None
                } else {
                    let two = |i: usize| {
                        (b[i].is_ascii_digit() && b[i + 1].is_ascii_digit())
                            .then(|| i64::from(b[i] - b'0') * 10 + i64::from(b[i + 1] - b'0'))
                    };
                    // Go reads the minutes only once the hours read, tests
                    // the ranges (with `>`: offsets of 24 hours or 60
                    // minutes pass; the minutes' test last) before the
                    // sign, and reports a range first.
                    let hours = two(1);
                    let minutes = hours.and(two(4));
                    let (h, m) = (hours.unwrap_or(0), minutes.unwrap_or(0));
                    if h > 24 {
                        range = Some("time zone offset hour");
                    }
                    if m > 60 {
                        range = Some("time zone offset minute");
                    }
                    let seconds = (h * 60 + m) * 60;
                    t.offset_seconds = if b[0] == b'-' { -seconds } else { seconds };
                    (minutes.is_some() && matches!(b[0], b'+' | b'-')).then_some(6)
                }
            }
        };
        if let Some(what) = range {
            return Err(out_of_range(what));
        }
        match read {
            Some(len) => value = &value[len..],
            None => return Err(cannot(hold, spelling)),
        }
    }
    if !value.is_empty() {
        return Err(format!(
            "parsing time {}: extra text: {}",
            quote(text),
            quote(value)
        ));
    }
    let leap = t.year % 4 == 0 && (t.year % 100 != 0 || t.year % 400 == 0);
    let days_in_month = match t.month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=days_in_month).contains(&t.day) {
        return Err(out_of_range("day"));
    }
    Ok(t)
}

/// Nanoseconds of a fraction's digits (at most nine).
fn fraction(digits: &[u8]) -> i64 {
    let n = digits.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0'));
    n * 10i64.pow(9 - digits.len().min(9) as u32)
}

/// The `time` package's own `quote`: bytes outside printable ASCII as
/// `\x..`, a quote or backslash escaped.
fn quote(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        if c < ' ' || !c.is_ascii() {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
/// `days_from_civil`).
pub(crate) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01 (`civil_from_days`).
pub(crate) fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Time.UnmarshalJSON / MarshalJSON: RFC 3339 in, UTC to the second out.
    #[test]
    fn times_print_in_utc_to_the_second() {
        for (written, stored) in [
            ("2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z"),
            ("2024-01-01T00:00:00.75Z", "2024-01-01T00:00:00Z"),
            ("2024-01-01T01:30:00+01:00", "2024-01-01T00:30:00Z"),
            ("2023-12-31T23:30:00-01:00", "2024-01-01T00:30:00Z"),
            ("2024-03-01T00:00:00+00:01", "2024-02-29T23:59:00Z"),
        ] {
            assert_eq!(
                reprint(written, false).as_deref(),
                Some(stored),
                "{written}"
            );
        }
        // time.Parse's generic reader (which RFC 3339's fast path falls
        // back to) takes a one-digit hour and a comma before a fraction.
        assert_eq!(
            reprint("2024-01-01T1:02:03,5+24:00", false).as_deref(),
            Some("2023-12-31T01:02:03Z")
        );
    }

    /// `time.Parse(time.RFC3339, ...)`'s errors, which Time.UnmarshalJSON
    /// returns: the element that did not read (the rest of the text from
    /// there, and the layout's spelling of it), a value out of range, or
    /// extra text.
    #[test]
    fn times_that_do_not_parse_are_refused_with_go_words() {
        let layout = "\"2006-01-02T15:04:05Z07:00\"";
        for (bad, words) in [
            (
                "2024-01-01",
                format!("parsing time \"2024-01-01\" as {layout}: cannot parse \"\" as \"T\""),
            ),
            (
                "yesterday",
                format!(
                    "parsing time \"yesterday\" as {layout}: cannot parse \"yesterday\" as \"2006\""
                ),
            ),
            (
                "2024-1-01T00:00:00Z",
                format!(
                    "parsing time \"2024-1-01T00:00:00Z\" as {layout}: cannot parse \"1-01T00:00:00Z\" as \"01\""
                ),
            ),
            (
                "2024-01-01 00:00:00Z",
                format!(
                    "parsing time \"2024-01-01 00:00:00Z\" as {layout}: cannot parse \" 00:00:00Z\" as \"T\""
                ),
            ),
            (
                "2024-01-01T00:00:00",
                format!(
                    "parsing time \"2024-01-01T00:00:00\" as {layout}: cannot parse \"\" as \"Z07:00\""
                ),
            ),
            (
                "2024-01-01T00:00:00+1:00",
                format!(
                    "parsing time \"2024-01-01T00:00:00+1:00\" as {layout}: cannot parse \"+1:00\" as \"Z07:00\""
                ),
            ),
            (
                "2024-13-01T00:00:00Z",
                "parsing time \"2024-13-01T00:00:00Z\": month out of range".to_string(),
            ),
            (
                "2024-01-01T24:00:00Z",
                "parsing time \"2024-01-01T24:00:00Z\": hour out of range".to_string(),
            ),
            (
                "2024-01-01T00:60:00Z",
                "parsing time \"2024-01-01T00:60:00Z\": minute out of range".to_string(),
            ),
            (
                "2023-02-29T00:00:00Z",
                "parsing time \"2023-02-29T00:00:00Z\": day out of range".to_string(),
            ),
            (
                "2024-01-01T00:00:00+25:00",
                "parsing time \"2024-01-01T00:00:00+25:00\": time zone offset hour out of range"
                    .to_string(),
            ),
            (
                "2024-01-01T00:00:00Zs",
                "parsing time \"2024-01-01T00:00:00Zs\": extra text: \"s\"".to_string(),
            ),
            (
                "2024-01-01T00:00:00Z\n",
                "parsing time \"2024-01-01T00:00:00Z\\x0a\": extra text: \"\\x0a\"".to_string(),
            ),
        ] {
            assert_eq!(reprint(bad, false), None, "{bad}");
            assert_eq!(refusal(&Value::from(bad), false), Some(words), "{bad}");
        }
        assert_eq!(refusal(&Value::from("2024-01-01T00:00:00Z"), false), None);
        assert_eq!(refusal(&Value::Null, false), None);
    }

    /// MicroTime: exactly six fraction digits, printed with them.
    #[test]
    fn micro_times_keep_microseconds() {
        assert_eq!(
            reprint("2024-01-01T02:00:00.123456+02:00", true).as_deref(),
            Some("2024-01-01T00:00:00.123456Z")
        );
        assert_eq!(
            refusal(&Value::from("2024-01-01T00:00:00Z"), true).as_deref(),
            Some(
                "parsing time \"2024-01-01T00:00:00Z\" as \"2006-01-02T15:04:05.000000Z07:00\": cannot parse \"Z\" as \".000000\""
            )
        );
        assert_eq!(reprint("2024-01-01T00:00:00.5Z", true), None);
    }
}
