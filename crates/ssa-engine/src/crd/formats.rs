//! The string formats a custom resource's schema may name, as kube-openapi's
//! `strfmt.Default` registry checks them (`pkg/validation/strfmt`:
//! `default.go`, `time.go`, `date.go`, `duration.go`,
//! `kubernetes-extensions.go`, and the govalidator functions it calls from
//! `pkg/internal/third_party/govalidator`), with the Go 1.26 standard
//! library a Kubernetes 1.36 API server is built with (`net/url`,
//! `net/mail`, `net/netip`, `mime`'s encoded words, `unicode`'s tables).
//! Every check is written out by hand: no regular expressions, which the
//! JavaScript API's build has no engine for.
//! A value that fails is refused as `<field> in body must be of type
//! <format>: "<value>"`.

use crate::builtin::validation::ip;

mod hostname;
mod mail;
pub(super) mod url;

use hostname::is_hostname;
use mail::is_email;
use url::is_request_uri;

/// Whether `text` is valid for `format` (a name apiextensions keeps, its
/// dashes removed: `datetime`); `None` for a name the registry does not
/// know, which passes.
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
        "uri" => is_request_uri(text),
        "email" => is_email(text),
        "hostname" => is_hostname(text),
        // strfmt's own `IsISBN10(str) || IsISBN13(str)`.
        "isbn" => is_isbn10(text) || is_isbn13(text),
        "isbn10" => is_isbn10(text),
        "isbn13" => is_isbn13(text),
        "creditcard" => is_credit_card(text),
        "rgbcolor" => is_rgb_color(text),
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

fn is_date(text: &str) -> bool {
    full_date(text).is_some()
}

/// `time.Parse("2006-01-02", text)`: four digits, two, two, a month of
/// the year and a day of that month; the year, month and day.
pub(super) fn full_date(text: &str) -> Option<(i64, i64, i64)> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let number = |r: std::ops::Range<usize>| {
        b[r].iter().try_fold(0i64, |n, d| {
            d.is_ascii_digit().then(|| n * 10 + i64::from(d - b'0'))
        })
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    (1..=days).contains(&day).then_some((year, month, day))
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

/// govalidator's `IsISBN(str, 10)`: the text without `[\s-]+` (Go's `\s`
/// is `[\t\n\f\r ]`), then `^(?:[0-9]{9}X|[0-9]{10})$`, and the digits
/// weighted 1 to 10 (`X` counting 10) adding up to a multiple of 11.
fn is_isbn10(text: &str) -> bool {
    let d = isbn_sanitized(text);
    let Some((&last, first)) = d.split_last() else {
        return false;
    };
    if d.len() != 10 || !first.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let check = match last {
        b'X' => 10,
        b'0'..=b'9' => u32::from(last - b'0'),
        _ => return false,
    };
    let sum: u32 = first
        .iter()
        .zip(1..)
        .map(|(c, w)| w * u32::from(c - b'0'))
        .sum();
    (sum + 10 * check).is_multiple_of(11)
}

/// govalidator's `IsISBN(str, 13)`: the text without `[\s-]+`, then
/// `^(?:[0-9]{13})$`, the first twelve digits weighted 1, 3, 1, ... and
/// the last one `(10 - sum % 10) % 10`.
fn is_isbn13(text: &str) -> bool {
    let d = isbn_sanitized(text);
    if d.len() != 13 || !d.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let digit = |i: usize| u32::from(d[i] - b'0');
    let sum: u32 = (0..12)
        .map(|i| digit(i) * if i % 2 == 0 { 1 } else { 3 })
        .sum();
    digit(12) == (10 - sum % 10) % 10
}

/// govalidator's `whiteSpacesAndMinus` (`[\s-]+`) replaced by nothing.
fn isbn_sanitized(text: &str) -> Vec<u8> {
    text.bytes()
        .filter(|&b| !is_go_space(b) && b != b'-')
        .collect()
}

/// Go's regexp `\s`: `[\t\n\f\r ]` (no vertical tab, nothing beyond ASCII).
fn is_go_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0c | b'\r' | b' ')
}

/// govalidator's `IsCreditCard`: every non-digit removed
/// (`notNumberRegexp`, `[^0-9]+`), the digits matching its `CreditCard`
/// pattern, and Luhn's checksum.
fn is_credit_card(text: &str) -> bool {
    let d: Vec<u8> = text.bytes().filter(u8::is_ascii_digit).collect();
    card_pattern(&d) && luhn(&d)
}

/// `^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|
/// 3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35\d{3})\d{11})$`
/// on digits only: a prefix and a length.
fn card_pattern(d: &[u8]) -> bool {
    let starts = |prefix: &[u8]| d.starts_with(prefix);
    let second = |range: std::ops::RangeInclusive<u8>| d.get(1).is_some_and(|c| range.contains(c));
    let third = |range: std::ops::RangeInclusive<u8>| d.get(2).is_some_and(|c| range.contains(c));
    match d.len() {
        13 => starts(b"4"),
        14 => (starts(b"30") && third(b'0'..=b'5')) || starts(b"36") || starts(b"38"),
        15 => starts(b"34") || starts(b"37") || starts(b"2131") || starts(b"1800"),
        16 => {
            starts(b"4")
                || (starts(b"5") && second(b'1'..=b'5'))
                || starts(b"6011")
                || starts(b"65")
                || starts(b"35")
        }
        _ => false,
    }
}

/// `IsCreditCard`'s loop: from the last digit on, every second one
/// doubled (less 9 past 9), the sum a multiple of 10.
fn luhn(d: &[u8]) -> bool {
    let sum: u32 = d
        .iter()
        .rev()
        .enumerate()
        .map(|(i, c)| {
            let n = u32::from(c - b'0');
            match (i % 2 == 1, n * 2) {
                (true, twice) if twice >= 10 => twice % 10 + 1,
                (true, twice) => twice,
                (false, _) => n,
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// govalidator's `RGBcolor`: `^rgb\(\s*N\s*,\s*N\s*,\s*N\s*\)$`, each `N`
/// `(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])`: 0 to 255 without a leading zero.
fn is_rgb_color(text: &str) -> bool {
    let Some(inner) = text.strip_prefix("rgb(").and_then(|s| s.strip_suffix(')')) else {
        return false;
    };
    let parts: Vec<&str> = inner.split(',').collect();
    let number = |part: &str| {
        let n = part.trim_matches(|c: char| u8::try_from(c).is_ok_and(is_go_space));
        let digits = n.bytes().all(|b| b.is_ascii_digit());
        let value = n.parse::<u16>().unwrap_or(u16::MAX);
        digits && (n == "0" || (!n.starts_with('0') && (1..=255).contains(&value)))
    };
    parts.len() == 3 && parts.into_iter().all(number)
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
        assert_eq!(valid("email", "not an email"), Some(false));
        assert_eq!(valid("int32", "1"), None);
    }

    proptest::proptest! {
        /// Every format takes any text without a panic.
        #[test]
        fn any_text_any_format(text in "\\PC{0,40}", urlish in "[a-z0-9:/@%.\\[\\]<>\"() _-]{0,40}") {
            for format in [
                "datetime", "date", "uuid", "uuid4", "byte", "duration", "ipv4", "ipv6", "cidr",
                "mac", "hexcolor", "ssn", "k8sshortname", "k8slongname", "uri", "email",
                "hostname", "isbn", "creditcard", "rgbcolor",
            ] {
                let _ = valid(format, &text);
                let _ = valid(format, &urlish);
            }
        }
    }

    /// Asserts `valid(format, text)` for each case.
    fn check(format: &str, cases: &[(&str, bool)]) {
        for &(text, ok) in cases {
            assert_eq!(valid(format, text), Some(ok), "{format} {text:?}");
        }
    }

    /// `url.ParseRequestURI` (Go 1.26): answers checked against it.
    #[test]
    fn uri_as_parse_request_uri() {
        check(
            "uri",
            &[
                ("http://example.com/a/b?c=d#e", true),
                ("/absolute/path", true),
                ("*", true),
                ("", false),
                // Relative: "invalid URI for request".
                ("relative/path", false),
                ("//host/path", true),
                ("1http://x/", false),
                // "missing protocol scheme".
                (":foo", false),
                // Opaque after the scheme: not checked at all.
                ("mailto:bob@example.com", true),
                ("mailto:%zz", true),
                ("http://example.com/%zz", false),
                ("http://example.com/%4", false),
                // The query is never read.
                ("/a?%zz", true),
                ("http://example.com/a b", true),
                ("http://exa mple.com/", false),
                ("http://example.com/\u{1}", false),
                ("http://example.com/\u{7f}", false),
                ("http://[::1]:8080/", true),
                ("http://[fe80::1%25en0]/", true),
                ("http://[1.2.3.4]/", false),
                ("http://[::ffff:1.2.3.4]/", true),
                ("http://[example.com]/", false),
                ("http://x[::1]/", false),
                ("http://[::1]x/", false),
                // Colons: strict for http and https, the last one for others.
                ("http://::1/", false),
                ("http://localhost:80:80/", false),
                ("mongodb://a:1,b:2/", true),
                ("http://host:port/", false),
                ("http://user:p@ss@host/", true),
                ("http://us er@host/", false),
                // A host escapes only non-ASCII bytes.
                ("http://%41/", false),
                ("http://a%20b/", false),
                ("http://%C3%BC/", true),
                ("http://ü.de/", true),
                ("http://a{b}/", false),
                ("http://a#b/", false),
                ("http://", true),
                ("http:///path", true),
            ],
        );
    }

    /// `mail.ParseAddress` (Go 1.26): answers checked against it.
    #[test]
    fn email_as_parse_address() {
        check(
            "email",
            &[
                ("bob@example.com", true),
                ("bob@example", true),
                ("Bob <bob@example.com>", true),
                ("Bob<bob@example.com>", true),
                ("<bob@example.com>", true),
                ("\"Bob Smith\" <bob@example.com>", true),
                ("\"john doe\"@example.com", true),
                ("\"a\\\"b\"@example.com", true),
                ("\"\"@example.com", false),
                ("üser@exämple.de", true),
                ("a!#$%&'*+/=?^_`{|}~@b", true),
                ("bob@exam_ple.com", true),
                ("bob", false),
                ("bob@", false),
                ("@example.com", false),
                ("", false),
                ("bob.@example.com", false),
                (".bob@example.com", false),
                ("b..ob@example.com", false),
                ("bob@example..com", false),
                // Spaces after the `@` are skipped, not before it.
                ("bob @example.com", false),
                ("bob@ example.com", true),
                (" bob@example.com ", true),
                ("bob@example.com\n", false),
                ("bob@example.com (Bob)", true),
                ("bob@example.com (Bob", false),
                ("bob@example.com Bob", false),
                ("bob@[1.2.3.4]", true),
                ("bob@[::1]", true),
                ("bob@[IPv6:::1]", false),
                ("bob@[01.2.3.4]", false),
                ("bob@[fe80::1%en0]", false),
                // A group of exactly one address.
                ("Group: bob@example.com;", true),
                ("Group:;", false),
                ("Group: a@b.c, d@e.f;", false),
                ("a@b.c, d@e.f", false),
                // A comment only after the display name's first word.
                ("(c) Bob <bob@example.com>", false),
                ("Bob (c) <bob@example.com>", true),
                // Encoded words: an unknown charset is an error unless a
                // word came before it; one decoding to nothing is no word.
                ("=?utf-8?q?B=C3=B6b?= <bob@example.com>", true),
                ("=?koi8-r?q?a?= <bob@example.com>", false),
                ("Bob =?koi8-r?q?a?= <bob@example.com>", true),
                ("bob@example.com (=?koi8-r?q?a?=)", false),
                ("=?utf-8?q??= <bob@example.com>", false),
                ("=?iſo-8859-1?q?a?= <bob@example.com>", true),
                ("=?x?b?QQ?= <bob@example.com>", true),
            ],
        );
    }

    /// `IsHostname`: `HostnamePattern` and the byte lengths; answers
    /// checked against Go's regexp.
    #[test]
    fn hostname_as_strfmt_checks_it() {
        check(
            "hostname",
            &[
                ("example.com", true),
                ("a", true),
                ("12345", true),
                // Without a dot, a dash only second.
                ("a-", true),
                ("1-", true),
                ("a-b", true),
                ("my-host", false),
                ("my-host.com", true),
                ("a--b.com", true),
                ("-a.com", false),
                ("a-.com", false),
                ("example.com.", false),
                ("a.b", false),
                ("a.b1", false),
                ("example.c0m", false),
                ("1.2.3.4", false),
                ("_srv.example.com", false),
                ("under_score", false),
                ("ex ample.com", false),
                ("", false),
                (".com", false),
                ("a..com", false),
                ("münchen.de", true),
                ("example.中国", true),
                ("😀.com", true),
                ("€$+", true),
                ("example.😀", false),
                // A combining mark is neither a letter nor a symbol.
                ("a\u{300}.com", false),
            ],
        );
        let x = |n: usize| "x".repeat(n);
        let a = |n: usize| "a".repeat(n);
        let long = |last: usize| format!("{0}.{0}.{0}.{1}.cc", a(63), a(last));
        check(
            "hostname",
            &[
                (&x(63), true),
                (&x(64), false),
                (&format!("{}.com", x(63)), true),
                (&format!("{}.com", x(64)), false),
                // 31 and 32 characters of two bytes each.
                (&"é".repeat(31), true),
                (&"é".repeat(32), false),
                (&format!("{}.com", "é".repeat(40)), false),
                // 255 and 256 bytes.
                (&long(60), true),
                (&long(61), false),
            ],
        );
    }

    /// govalidator's `IsISBN10` and `IsISBN13`.
    #[test]
    fn isbn_as_govalidator_checks_it() {
        check(
            "isbn10",
            &[
                ("0321751043", true),
                ("0-321-75104-3", true),
                ("0 321 75104 3", true),
                ("\t0321751043\n", true),
                ("080442957X", true),
                ("080442957x", false),
                ("0321751044", false),
                // Go's `\s` has no vertical tab.
                ("0\u{b}321751043", false),
                ("0.321751043", false),
            ],
        );
        check(
            "isbn13",
            &[
                ("978-0321751041", true),
                ("9780321751041", true),
                ("978 0 321 75104 1", true),
                ("9780321751042", false),
                ("97803217510410", false),
                ("0321751043", false),
            ],
        );
        check(
            "isbn",
            &[
                ("0321751043", true),
                ("978-0321751041", true),
                ("978-0321751042", false),
                ("", false),
            ],
        );
    }

    /// govalidator's `IsCreditCard`: non-digits dropped, the issuer
    /// pattern, Luhn.
    #[test]
    fn credit_card_as_govalidator_checks_it() {
        check(
            "creditcard",
            &[
                ("4111111111111111", true),
                ("4111-1111-1111-1111", true),
                ("4111 1111 1111 1111", true),
                ("card: 4111111111111111!", true),
                ("4111١111111111111", true),
                ("4222222222222", true),
                ("5500000000000004", true),
                ("340000000000009", true),
                ("30000000000004", true),
                ("6011000000000004", true),
                ("3530111333300000", true),
                ("4111111111111112", false),
                ("5600000000000003", false),
                ("0000000000000000", false),
                ("", false),
            ],
        );
    }

    /// govalidator's `RGBcolor` pattern.
    #[test]
    fn rgb_color_as_govalidator_checks_it() {
        check(
            "rgbcolor",
            &[
                ("rgb(255,0,0)", true),
                ("rgb( 255 , 0 , 0 )", true),
                ("rgb(\t1,\n2,\r3)", true),
                ("rgb(199,249,250)", true),
                ("rgb(1,\u{b}2,3)", false),
                ("rgb(256,0,0)", false),
                ("rgb(05,0,0)", false),
                ("rgb(00,0,0)", false),
                ("rgb(-1,2,3)", false),
                ("rgb(+1,2,3)", false),
                ("rgb(0,0)", false),
                ("rgb(1,2,3,4)", false),
                ("rgb(1, 2 ,)", false),
                ("RGB(1,2,3)", false),
                ("rgb (1,2,3)", false),
                (" rgb(1,2,3)", false),
                ("rgb(1,2,3) ", false),
                ("rgb(1,2,3)\n", false),
            ],
        );
    }
}
