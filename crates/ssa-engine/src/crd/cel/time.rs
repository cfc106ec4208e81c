//! CEL's durations and timestamps (cel-go's `common/types/duration.go`
//! and `timestamp.go`): `duration()` and `timestamp()`, comparisons,
//! the arithmetic between them, `string()` of a duration, and the
//! getters (a timestamp's in UTC; one with a time zone argument is not
//! evaluated).

use super::{Eval, Failure, error, tag, tag_of};
use crate::builtin::goencoding::time::{civil_from_days, days_from_civil, rfc3339_unix_offset};
use crate::value::Value;

pub(super) fn duration_value(nanos: i64) -> Value {
    tag(DURATION, Value::Int(nanos))
}

/// A timestamp's value: a map under a key no object has, holding its
/// seconds since the epoch and nanoseconds, and the offset from UTC its
/// text had (Go's `time.Time` keeps its location: `string()` prints it;
/// the getters read UTC, Kubernetes' `DefaultUTCTimeZone`).
const TIMESTAMP: &str = "\u{0}timestamp";

pub(super) fn timestamp_value(secs: i64, nanos: i64) -> Value {
    timestamp_value_at(secs, nanos, 0)
}

pub(super) fn timestamp_value_at(secs: i64, nanos: i64, offset: i64) -> Value {
    let mut parts = vec![Value::Int(secs), Value::Int(nanos)];
    if offset != 0 {
        parts.push(Value::Int(offset));
    }
    tag(TIMESTAMP, Value::List(parts))
}

pub(super) fn timestamp_of(v: &Value) -> Option<(i64, i64)> {
    match tag_of(v, TIMESTAMP)?.as_list()?.as_slice() {
        [Value::Int(s), Value::Int(n)] | [Value::Int(s), Value::Int(n), _] => Some((*s, *n)),
        _ => None,
    }
}

/// A timestamp's offset from UTC, in seconds.
fn offset_of(v: &Value) -> i64 {
    match tag_of(v, TIMESTAMP)
        .and_then(Value::as_list)
        .map(Vec::as_slice)
    {
        Some([_, _, Value::Int(offset)]) => *offset,
        _ => 0,
    }
}

/// `t.Format(time.RFC3339Nano)`: the fraction without its trailing
/// zeros, `Z` for UTC, else the offset.
fn rfc3339_nano(secs: i64, nanos: i64, offset: i64) -> String {
    let local = secs + offset;
    let (days, of_day) = (local.div_euclid(86_400), local.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    let mut text = format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    );
    if nanos != 0 {
        let fraction = format!("{nanos:09}");
        text.push('.');
        text.push_str(fraction.trim_end_matches('0'));
    }
    if offset == 0 {
        text.push('Z');
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        let minutes = offset.abs() / 60;
        text.push_str(&format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60));
    }
    text
}

const NANOS: i64 = 1_000_000_000;

/// Timestamps cel-go accepts: years 1 to 9999 (`timestamp out of range`).
fn checked_timestamp(secs: i64, nanos: i64) -> Eval {
    checked_timestamp_at(secs, nanos, 0)
}

fn checked_timestamp_at(secs: i64, nanos: i64, offset: i64) -> Eval {
    const MIN: i64 = -62_135_596_800; // 0001-01-01T00:00:00Z
    const MAX: i64 = 253_402_300_799; // 9999-12-31T23:59:59Z
    if (MIN..=MAX).contains(&secs) {
        Ok(timestamp_value_at(secs, nanos, offset))
    } else {
        error("timestamp out of range")
    }
}

/// `a op b` where either side is a duration or a timestamp; `None` when
/// neither is.
pub(super) fn arithmetic(op: &str, a: &Value, b: &Value) -> Option<Eval> {
    let overflow = || error("integer overflow");
    let (da, db, ta, tb) = (
        duration_of(a),
        duration_of(b),
        timestamp_of(a),
        timestamp_of(b),
    );
    if da.is_none() && db.is_none() && ta.is_none() && tb.is_none() {
        return None;
    }
    // `t.Add(d)` keeps `t`'s location.
    let offset = if ta.is_some() {
        offset_of(a)
    } else {
        offset_of(b)
    };
    let shifted = |(secs, nanos): (i64, i64), by: i64| {
        let total = i128::from(secs) * i128::from(NANOS) + i128::from(nanos) + i128::from(by);
        let secs = i64::try_from(total.div_euclid(i128::from(NANOS))).ok();
        let nanos = total.rem_euclid(i128::from(NANOS)) as i64;
        secs.map_or_else(overflow, |secs| checked_timestamp_at(secs, nanos, offset))
    };
    Some(match (op, da, db, ta, tb) {
        ("+", Some(x), Some(y), ..) => x
            .checked_add(y)
            .map_or_else(overflow, |d| Ok(duration_value(d))),
        ("-", Some(x), Some(y), ..) => x
            .checked_sub(y)
            .map_or_else(overflow, |d| Ok(duration_value(d))),
        ("+", _, Some(d), Some(t), _) | ("+", Some(d), _, _, Some(t)) => shifted(t, d),
        ("-", _, Some(d), Some(t), _) => match d.checked_neg() {
            Some(d) => shifted(t, d),
            None => overflow(),
        },
        ("-", _, _, Some(x), Some(y)) => {
            let nanos = i128::from(x.0 - y.0) * i128::from(NANOS) + i128::from(x.1 - y.1);
            i64::try_from(nanos).map_or_else(|_| overflow(), |d| Ok(duration_value(d)))
        }
        _ => Err(Failure::Unsupported),
    })
}

/// `duration()`, `timestamp()`, `string()` of a duration and the getters;
/// `None` for another function.
pub(super) fn call(name: &str, subject: &Value, has_zone: bool) -> Option<Eval> {
    let unsupported = || Some(Err(Failure::Unsupported));
    if let Some(nanos) = duration_of(subject) {
        return Some(Ok(match name {
            "duration" => subject.clone(),
            // `strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"`.
            "string" => Value::String(format!("{}s", nanos as f64 / NANOS as f64)),
            "getHours" => Value::Int(nanos / (3600 * NANOS)),
            "getMinutes" => Value::Int(nanos / (60 * NANOS)),
            "getSeconds" => Value::Int(nanos / NANOS),
            "getMilliseconds" => Value::Int(nanos / 1_000_000),
            _ => return unsupported(),
        }));
    }
    if let Some((secs, nanos)) = timestamp_of(subject) {
        if has_zone {
            return unsupported();
        }
        if name == "string" {
            return Some(Ok(Value::String(rfc3339_nano(
                secs,
                nanos,
                offset_of(subject),
            ))));
        }
        let days = secs.div_euclid(86_400);
        let of_day = secs.rem_euclid(86_400);
        let (year, month, day) = civil_from_days(days);
        let day_of_year = days - days_from_civil(year, 1, 1);
        return Some(Ok(Value::Int(match name {
            "timestamp" => return Some(Ok(subject.clone())),
            "getFullYear" => year,
            "getMonth" => month - 1,
            "getDate" => day,
            "getDayOfMonth" => day - 1,
            "getDayOfYear" => day_of_year,
            // 1970-01-01 was a Thursday (4; Sunday is 0).
            "getDayOfWeek" => (days + 4).rem_euclid(7),
            "getHours" => of_day / 3600,
            "getMinutes" => of_day % 3600 / 60,
            "getSeconds" => of_day % 60,
            "getMilliseconds" => nanos / 1_000_000,
            _ => return unsupported(),
        })));
    }
    // cel-go's `String.ConvertToType`: a text Go does not parse is a
    // conversion error.
    let not_converted = |to: &str| error(format!("type conversion error from 'string' to '{to}'"));
    match (name, subject) {
        ("duration", Value::String(text)) => Some(go_duration_nanos(text).map_or_else(
            || not_converted("google.protobuf.Duration"),
            |n| Ok(duration_value(n)),
        )),
        // `time.Parse(time.RFC3339, …)`.
        ("timestamp", Value::String(text)) => Some(match rfc3339_unix_offset(text) {
            Some((s, n, offset)) => checked_timestamp_at(s, n, offset),
            None => not_converted("google.protobuf.Timestamp"),
        }),
        ("timestamp", Value::Int(secs)) => Some(checked_timestamp(*secs, 0)),
        _ => None,
    }
}

/// A `duration()`'s value: a map under a key no object has, holding its
/// nanoseconds.
const DURATION: &str = "\u{0}duration";

pub(super) fn duration_of(v: &Value) -> Option<i64> {
    tag_of(v, DURATION).and_then(Value::as_i64)
}

/// Go's `time.ParseDuration` in nanoseconds: `[-+]`, then numbers (digits,
/// an optional fraction) each with a unit (`ns`, `us`, `µs`, `ms`, `s`,
/// `m`, `h`), or `0` alone; `None` when it does not parse or overflows.
pub(super) fn go_duration_nanos(text: &str) -> Option<i64> {
    let (negative, mut rest) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if rest == "0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: i128 = 0;
    while !rest.is_empty() {
        let whole_len = rest.bytes().take_while(u8::is_ascii_digit).count();
        let whole: i128 = if whole_len == 0 {
            0
        } else {
            rest[..whole_len].parse().ok()?
        };
        rest = &rest[whole_len..];
        let mut fraction = "";
        if let Some(after) = rest.strip_prefix('.') {
            let len = after.bytes().take_while(u8::is_ascii_digit).count();
            fraction = &after[..len];
            rest = &after[len..];
        }
        if whole_len == 0 && fraction.is_empty() {
            return None;
        }
        let (unit, nanos): (&str, i128) = [
            ("ns", 1),
            ("us", 1_000),
            ("µs", 1_000),
            ("μs", 1_000),
            ("ms", 1_000_000),
            ("s", 1_000_000_000),
            ("m", 60_000_000_000),
            ("h", 3_600_000_000_000),
        ]
        .into_iter()
        .filter(|(u, _)| rest.starts_with(u))
        .max_by_key(|(u, _)| u.len())?;
        rest = &rest[unit.len()..];
        total += whole.checked_mul(nanos)?;
        if !fraction.is_empty() {
            let digits = fraction.get(..fraction.len().min(18))?;
            let scale = 10i128.pow(u32::try_from(digits.len()).ok()?);
            total += digits.parse::<i128>().ok()? * nanos / scale;
        }
        if total > i128::from(i64::MAX) {
            return None;
        }
    }
    i64::try_from(if negative { -total } else { total }).ok()
}
