//! The string formats a custom resource's schema may name, as kube-openapi's
//! `strfmt.Default` registry checks them (`pkg/validation/strfmt`:
//! `default.go`, `time.go`, `date.go`, `duration.go`,
//! `kubernetes-extensions.go`, and the govalidator functions it calls).
//! A value that fails is refused as `<field> in body must be of type
//! <format>: "<value>"`.

use crate::builtin::validation::ip;

/// Whether `text` is valid for `format` (a name apiextensions keeps, its
/// dashes removed: `datetime`); `None` for the formats not modelled here
/// (`uri`, `email`, `hostname`, `isbn`, `isbn10`, `isbn13`, `creditcard`,
/// `rgbcolor`), which pass.
pub(super) fn valid(format: &str, text: &str) -> Option<bool> {
    let hex = |s: &str| s.bytes().all(|b| b.is_ascii_hexdigit());
    Some(match format {
        "datetime" => is_date_time(text),
        "date" => is_date(text),
        "uuid" => is_uuid(text, None),
        "uuid3" => is_uuid(text, Some(b'3')),
        "uuid4" => is_uuid(text, Some(b'4')),
        "uuid5" => is_uuid(text, Some(b'5')),
        "byte" => is_base64(text),
        "password" => true,
        "duration" => is_duration(text),
        "ipv4" => ip::parse_sloppy(text).is_some() && text.contains('.'),
        "ipv6" => ip::parse_sloppy(text).is_some() && text.contains(':'),
        "cidr" => ip::parse_cidr_sloppy(text).is_some(),
        "mac" => is_mac(text),
        "bsonobjectid" => text.len() == 24 && hex(text),
        // govalidator's `^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`.
        "hexcolor" => {
            let digits = text.strip_prefix('#').unwrap_or(text);
            matches!(digits.len(), 3 | 6) && hex(digits)
        }
        // govalidator's `IsSSN`: eleven characters, `^\d{3}[- ]?\d{2}[- ]?\d{4}$`.
        "ssn" => {
            let b = text.as_bytes();
            let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
            b.len() == 11
                && digits(0..3)
                && matches!(b[3], b'-' | b' ')
                && digits(4..6)
                && matches!(b[6], b'-' | b' ')
                && digits(7..11)
        }
        "k8sshortname" => is_dns_label(text, 63),
        "k8slongname" => {
            text.len() <= 253 && text.split('.').all(|label| is_dns_label(label, usize::MAX))
        }
        _ => return None,
    })
}

/// `IsDateTime`: a full date, `t` (either case), then
/// `^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$`
/// on the lowercased text, the hour at most 23, the minute and second at
/// most 59.
fn is_date_time(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let mut parts = lower.split('t');
    let (Some(date), Some(time)) = (parts.next(), parts.next()) else {
        return false;
    };
    if text.len() < 4 || !is_date(date) {
        return false;
    }
    let b = time.as_bytes();
    let two = |at: usize| {
        b.get(at..at + 2)
            .filter(|d| d.iter().all(u8::is_ascii_digit))
    };
    let (Some(hour), Some(minute), Some(second)) = (two(0), two(3), two(6)) else {
        return false;
    };
    if b.get(2) != Some(&b':') || b.get(5) != Some(&b':') {
        return false;
    }
    // `.` in the pattern is any character, then one or more digits.
    let mut rest = &time[8..];
    if let Some(c) = rest.chars().next()
        && c != 'z'
        && c != '+'
        && c != '-'
    {
        let after = &rest[c.len_utf8()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return false;
        }
        rest = &after[digits..];
    }
    let zone_ok = rest == "z"
        || (rest.len() == 6
            && matches!(rest.as_bytes()[0], b'+' | b'-')
            && rest.as_bytes()[3] == b':'
            && [1, 2, 4, 5]
                .iter()
                .all(|&i| rest.as_bytes()[i].is_ascii_digit()));
    zone_ok && hour <= &b"23"[..] && minute <= &b"59"[..] && second <= &b"59"[..]
}

/// `time.Parse("2006-01-02", text)`: four digits, two, two, a month of
/// the year and a day of that month.
fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let number = |r: std::ops::Range<usize>| {
        b[r].iter().try_fold(0u32, |n, d| {
            d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
        })
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// The UUID patterns: `(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?V[0-9a-f]{3}-?...`,
/// each dash optional; `version` the third group's first digit (and then
/// the fourth group starts with 8, 9, a or b), if any.
fn is_uuid(text: &str, version: Option<u8>) -> bool {
    let mut b = text.as_bytes();
    for (i, len) in [8usize, 4, 4, 4, 12].into_iter().enumerate() {
        if i > 0 && b.first() == Some(&b'-') {
            b = &b[1..];
        }
        let Some(group) = b.get(..len) else {
            return false;
        };
        if !group.iter().all(u8::is_ascii_hexdigit) {
            return false;
        }
        let first = group[0].to_ascii_lowercase();
        match (i, version) {
            (2, Some(v)) if first != v => return false,
            (3, Some(b'4' | b'5')) if !matches!(first, b'8' | b'9' | b'a' | b'b') => return false,
            _ => {}
        }
        b = &b[len..];
    }
    b.is_empty()
}

/// govalidator's `IsBase64`: groups of four of the standard alphabet, the
/// last one possibly padded.
fn is_base64(text: &str) -> bool {
    let b = text.as_bytes();
    let alphabet = |c: &u8| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/';
    if b.is_empty() || !b.len().is_multiple_of(4) {
        return false;
    }
    let body = b.len() - 4;
    let last = &b[body..];
    b[..body].iter().all(alphabet)
        && match last {
            [a, b2, b'=', b'='] => alphabet(a) && alphabet(b2),
            [a, b2, c, b'='] => alphabet(a) && alphabet(b2) && alphabet(c),
            _ => last.iter().all(alphabet),
        }
}

/// strfmt's `ParseDuration`: Go's `time.ParseDuration`, else any
/// `<digits><space>*<letters>` in the text whose word is a unit or
/// starts with a unit's longest name (`5 days`, `2wk`).
fn is_duration(text: &str) -> bool {
    if go_duration(text) {
        return true;
    }
    const UNITS: [&[&str]; 8] = [
        &["ns", "nano"],
        &["us", "µs", "micro"],
        &["ms", "milli"],
        &["s", "sec"],
        &["m", "min"],
        &["h", "hr", "hour"],
        &["d", "day"],
        &["w", "wk", "week"],
    ];
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        let mut k = j;
        while k < chars.len() && chars[k].is_whitespace() {
            k += 1;
        }
        let start = k;
        while k < chars.len() && (chars[k].is_ascii_alphabetic() || chars[k] == 'µ') {
            k += 1;
        }
        if k > start {
            let unit: String = chars[start..k].iter().collect::<String>().to_lowercase();
            let known = UNITS.iter().any(|variants| {
                variants.iter().enumerate().any(|(n, v)| {
                    (n == variants.len() - 1 && unit.starts_with(v)) || unit.eq_ignore_ascii_case(v)
                })
            });
            if known {
                return true;
            }
            i = k;
        } else {
            i = j;
        }
    }
    false
}

/// Go's `time.ParseDuration` syntax: `[-+]`, then numbers (digits, an
/// optional fraction) each with a unit, or `0` alone.
fn go_duration(text: &str) -> bool {
    let s = text.strip_prefix(['-', '+']).unwrap_or(text);
    if s == "0" {
        return true;
    }
    let mut rest = s;
    if rest.is_empty() {
        return false;
    }
    while !rest.is_empty() {
        let whole = rest.bytes().take_while(u8::is_ascii_digit).count();
        let mut at = whole;
        let mut fraction = 0;
        if rest.as_bytes().get(at) == Some(&b'.') {
            at += 1;
            fraction = rest[at..].bytes().take_while(u8::is_ascii_digit).count();
            at += fraction;
        }
        if whole == 0 && fraction == 0 {
            return false;
        }
        rest = &rest[at..];
        let unit = ["ns", "us", "µs", "μs", "ms", "s", "m", "h"]
            .into_iter()
            .filter(|u| rest.starts_with(u))
            .max_by_key(|u| u.len());
        match unit {
            Some(u) => rest = &rest[u.len()..],
            None => return false,
        }
    }
    true
}

/// Go's `net.ParseMAC`: 6, 8 or 20 octets of two hex digits separated by
/// `:` or `-`, or groups of four hex digits separated by `.`.
fn is_mac(text: &str) -> bool {
    let hex = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_hexdigit());
    let octets = |groups: usize| matches!(groups, 6 | 8 | 20);
    for separator in [':', '-'] {
        if text.contains(separator) {
            let parts: Vec<&str> = text.split(separator).collect();
            return octets(parts.len()) && parts.iter().all(|p| hex(p, 2));
        }
    }
    let parts: Vec<&str> = text.split('.').collect();
    octets(parts.len() * 2) && parts.iter().all(|p| hex(p, 4))
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?` of at most `max` bytes.
fn is_dns_label(text: &str, max: usize) -> bool {
    let b = text.as_bytes();
    let edge = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    !b.is_empty()
        && b.len() <= max
        && b.first().is_some_and(edge)
        && b.last().is_some_and(edge)
        && b.iter().all(|c| edge(c) || *c == b'-')
}

#[cfg(test)]
mod tests {
    use super::valid;

    /// Cases from kube-openapi's strfmt tests (`default_test.go`,
    /// `time_test.go`, `duration_test.go`) and Go's `net.ParseMAC`.
    #[test]
    fn formats_as_strfmt_checks_them() {
        for (format, text, ok) in [
            ("datetime", "2024-01-02T15:04:05Z", true),
            ("datetime", "2024-01-02t15:04:05.123+02:00", true),
            ("datetime", "2024-01-02T24:00:00Z", false),
            ("datetime", "2024-01-02T15:04:05", false),
            ("datetime", "2024-02-30T15:04:05Z", false),
            ("date", "2024-02-29", true),
            ("date", "2023-02-29", false),
            ("date", "2024-1-02", false),
            ("uuid", "a8098c1a-f86e-11da-bd1a-00112444be1e", true),
            ("uuid", "A8098C1AF86E11DABD1A00112444BE1E", true),
            ("uuid", "a8098c1a-f86e-11da-bd1a-00112444be1", false),
            ("uuid4", "a8098c1a-f86e-41da-8d1a-00112444be1e", true),
            ("uuid4", "a8098c1a-f86e-11da-8d1a-00112444be1e", false),
            ("byte", "aGVsbG8=", true),
            ("byte", "aGVsbG8", false),
            ("duration", "1h30m", true),
            ("duration", "3 days", true),
            ("duration", "soon", false),
            ("ipv4", "10.0.0.1", true),
            ("ipv4", "::1", false),
            ("ipv6", "2001:db8::1", true),
            ("cidr", "10.0.0.0/8", true),
            ("cidr", "10.0.0.0", false),
            ("mac", "00:1a:2b:3c:4d:5e", true),
            ("mac", "001a.2b3c.4d5e", true),
            ("mac", "00:1a:2b", false),
            ("hexcolor", "#fff", true),
            ("hexcolor", "#ffff", false),
            ("ssn", "123-45-6789", true),
            ("ssn", "123456789", false),
            ("k8sshortname", "web-1", true),
            ("k8sshortname", "Web", false),
            ("k8slongname", "a.b-c.d", true),
            ("k8slongname", "a..b", false),
        ] {
            assert_eq!(valid(format, text), Some(ok), "{format} {text}");
        }
        assert_eq!(valid("email", "not an email"), None);
    }
}
