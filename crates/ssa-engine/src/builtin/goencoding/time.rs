//! metav1.Time and MicroTime as the API server reads and prints them
//! (apimachinery `pkg/apis/meta/v1/time.go`, `micro_time.go`): parsed as
//! RFC 3339 (`time.RFC3339`, which also takes a fraction of a second;
//! MicroTime's layout has exactly six fraction digits), printed in UTC,
//! Time to the second, MicroTime to the microsecond. A string that does
//! not parse is one the server would refuse; it is kept as written.

/// The printed form of a Time (`micro`: MicroTime) written `text`; `None`
/// when it does not parse.
pub(super) fn reprint(text: &str, micro: bool) -> Option<String> {
    let t = parse(text, micro)?;
    // Seconds since 0000-03-01, shifted to UTC.
    let local = days_from_civil(t.year, t.month, t.day) * 86_400
        + t.hour * 3_600
        + t.minute * 60
        + t.second;
    let utc = local - t.offset_seconds;
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

/// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, ranges checked as Go's
/// `time.Parse` checks them.
fn parse(text: &str, micro: bool) -> Option<Parsed> {
    let b = text.as_bytes();
    let number = |from: usize, len: usize| -> Option<i64> {
        let digits = b.get(from..from + len)?;
        digits
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| digits.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
    };
    let at = |i: usize, c: u8| b.get(i) == Some(&c);
    if !(at(4, b'-') && at(7, b'-') && at(10, b'T') && at(13, b':') && at(16, b':')) {
        return None;
    }
    let (year, month, day) = (number(0, 4)?, number(5, 2)?, number(8, 2)?);
    let (hour, minute, second) = (number(11, 2)?, number(14, 2)?, number(17, 2)?);
    let mut i = 19;
    let mut nanos = 0;
    if at(i, b'.') || at(i, b',') {
        let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 || (micro && digits != 6) {
            return None;
        }
        let kept = digits.min(9);
        nanos = number(i + 1, kept)? * 10i64.pow(u32::try_from(9 - kept).ok()?);
        i += 1 + digits;
    } else if micro {
        return None;
    }
    let offset_seconds = match b.get(i..)? {
        b"Z" => 0,
        [sign @ (b'+' | b'-'), ..] if b.len() == i + 6 && at(i + 3, b':') => {
            let (h, m) = (number(i + 1, 2)?, number(i + 4, 2)?);
            if h > 23 || m > 59 {
                return None;
            }
            let seconds = h * 3_600 + m * 60;
            if *sign == b'-' { -seconds } else { seconds }
        }
        _ => return None,
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let valid = (1..=12).contains(&month)
        && day >= 1
        && usize::try_from(month - 1)
            .ok()
            .and_then(|m| month_days.get(m))
            .is_some_and(|&d| day <= d)
        && hour < 24
        && minute < 60
        && second < 60;
    valid.then_some(Parsed {
        year,
        month,
        day,
        hour,
        minute,
        second,
        nanos,
        offset_seconds,
    })
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date of a day count since 1970-01-01 (`civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
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
        for bad in [
            "2024-01-01",
            "2024-13-01T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:00:00+1:00",
        ] {
            assert_eq!(reprint(bad, false), None, "{bad}");
        }
    }

    /// MicroTime: exactly six fraction digits, printed with them.
    #[test]
    fn micro_times_keep_microseconds() {
        assert_eq!(
            reprint("2024-01-01T02:00:00.123456+02:00", true).as_deref(),
            Some("2024-01-01T00:00:00.123456Z")
        );
        assert_eq!(reprint("2024-01-01T00:00:00Z", true), None);
        assert_eq!(reprint("2024-01-01T00:00:00.5Z", true), None);
    }
}
