//! strfmt's `uri` format: govalidator's `IsRequestURI`, which is Go's
//! `url.ParseRequestURI` (`net/url/url.go`, Go 1.26) succeeding.

use crate::crd::netip::parse_addr;

/// govalidator's `IsRequestURI`: Go's `url.ParseRequestURI` (`net/url`'s
/// `parse(rawURL, true)`) succeeds. An absolute path, or a scheme and
/// anything; what it checks is the control characters, the `%` escapes
/// of the path and userinfo, and the host.
pub(in crate::crd) fn is_request_uri(text: &str) -> bool {
    let b = text.as_bytes();
    // `stringContainsCTLByte`, then "empty url".
    if b.is_empty() || b.iter().any(|&c| c < b' ' || c == 0x7f) {
        return false;
    }
    if text == "*" {
        return true;
    }
    let Some((scheme, rest)) = url_scheme(b) else {
        return false;
    };
    // The query is cut off, and not read.
    let rest = rest.split(|&c| c == b'?').next().unwrap_or_default();
    if !rest.starts_with(b"/") {
        // A scheme makes the rest opaque, unchecked; without one it is
        // "invalid URI for request".
        return !scheme.is_empty();
    }
    let mut path = rest;
    if !scheme.is_empty()
        && let Some(after) = rest.strip_prefix(b"//")
    {
        let slash = after.iter().position(|&c| c == b'/').unwrap_or(after.len());
        let (authority, tail) = after.split_at(slash);
        if !url_authority(scheme, authority) {
            return false;
        }
        path = tail;
    }
    // `setPath`: `unescape(p, encodePath)`.
    url_unescape(path, Escape::Plain).is_some()
}

/// Go's words for `url.ParseRequestURI` refusing `text`, where they are
/// modelled: the checks `parse` makes before the authority and the path
/// (a control character, an empty text, a colon first, no scheme and no
/// absolute path), as `*url.Error` prints them; `None` for a text it
/// takes, or refuses with other words (a host's, an escape's).
pub(in crate::crd) fn request_uri_error(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let inner = if b.iter().any(|&c| c < b' ' || c == 0x7f) {
        "net/url: invalid control character in URL"
    } else if b.is_empty() {
        "empty url"
    } else if text == "*" {
        return None;
    } else {
        match url_scheme(b) {
            None => "missing protocol scheme",
            Some(([], rest)) if !rest.split(|&c| c == b'?').next()?.starts_with(b"/") => {
                "invalid URI for request"
            }
            Some(_) => return None,
        }
    };
    Some(format!("parse {}: {inner}", crate::value::go_quote(text)))
}

/// What the CEL URL library's getters read of the URL `url.Parse` makes:
/// the scheme, lowercased, and `URL.Host` (unescaped, with its port).
pub(in crate::crd) struct Parts {
    pub(in crate::crd) scheme: String,
    pub(in crate::crd) host: String,
}

impl Parts {
    /// `splitHostPort`: the port after the last colon, if it is one; the
    /// host without its IPv6 brackets.
    pub(in crate::crd) fn host_port(&self) -> (&str, &str) {
        let (mut host, mut port) = (self.host.as_str(), "");
        if let Some(colon) = host.rfind(':')
            && valid_optional_port(&host.as_bytes()[colon..])
        {
            (host, port) = (&self.host[..colon], &self.host[colon + 1..]);
        }
        if host.len() >= 2 && host.starts_with('[') && host.ends_with(']') {
            host = &host[1..host.len() - 1];
        }
        (host, port)
    }
}

/// The parts of a URL `ParseRequestURI` accepts, as `url.Parse` splits
/// them (the fragment cut off first); `None` for a URL it refuses.
pub(in crate::crd) fn parts(text: &str) -> Option<Parts> {
    if !is_request_uri(text) {
        return None;
    }
    let text = text.split('#').next().unwrap_or_default();
    let (scheme, rest) = url_scheme(text.as_bytes())?;
    let rest = rest.split(|&c| c == b'?').next().unwrap_or_default();
    let host = match rest.strip_prefix(b"//") {
        Some(after) if !scheme.is_empty() || !rest.starts_with(b"///") => {
            let slash = after.iter().position(|&c| c == b'/').unwrap_or(after.len());
            let authority = &after[..slash];
            let host = match authority.iter().rposition(|&c| c == b'@') {
                Some(at) => &authority[at + 1..],
                None => authority,
            };
            let unescaped = url_unescape(host, Escape::Host).unwrap_or_else(|| host.to_vec());
            String::from_utf8_lossy(&unescaped).into_owned()
        }
        _ => String::new(),
    };
    Some(Parts {
        scheme: String::from_utf8_lossy(scheme).to_ascii_lowercase(),
        host,
    })
}

/// `getScheme`: `[a-zA-Z][a-zA-Z0-9+.-]*` before the first `:` is the
/// scheme; a leading `:` is "missing protocol scheme" (`None`); anything
/// else means no scheme (an empty one).
fn url_scheme(b: &[u8]) -> Option<(&[u8], &[u8])> {
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return None,
            b':' => return Some((&b[..i], &b[i + 1..])),
            _ => break,
        }
    }
    Some((&[], b))
}

/// `parseAuthority`: the host after the last `@` (`parseHost`), and the
/// userinfo before it (`validUserinfo`, then its escapes).
fn url_authority(scheme: &[u8], authority: &[u8]) -> bool {
    let (userinfo, host) = match authority.iter().rposition(|&c| c == b'@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    url_host(scheme, host)
        && userinfo.is_none_or(|u| {
            u.iter()
                .all(|&c| c.is_ascii_alphanumeric() || b"-._:~!$&'()*+,;=%@".contains(&c))
                && url_unescape(u, Escape::Plain).is_some()
        })
}

/// `parseHost`: `[` only first, opening an IP literal; otherwise an
/// optional `:port` of digits (after the first colon for `http` and
/// `https`, as Go 1.26's default `urlstrictcolons=1` has it; after the
/// last for other schemes), and the host's escapes.
fn url_host(scheme: &[u8], host: &[u8]) -> bool {
    match host.iter().rposition(|&c| c == b'[') {
        Some(0) => url_ip_literal(host).is_some(),
        Some(_) => false,
        None => {
            if let Some(first) = host.iter().position(|&c| c == b':') {
                let strict =
                    scheme.eq_ignore_ascii_case(b"http") || scheme.eq_ignore_ascii_case(b"https");
                let colon = match host.iter().rposition(|&c| c == b':') {
                    Some(last) if !strict => last,
                    _ => first,
                };
                if !valid_optional_port(&host[colon..]) {
                    return false;
                }
            }
            url_unescape(host, Escape::Host).is_some()
        }
    }
}

/// `parseHost`'s IP literal (RFC 3986 and RFC 6874): `[`, an IPv6 address
/// (`%25` starting its zone) up to the last `]`, an optional `:port`. The
/// unescaped address must be one `netip.ParseAddr` reads, not IPv4.
fn url_ip_literal(host: &[u8]) -> Option<()> {
    let close = host.iter().rposition(|&c| c == b']')?;
    if !valid_optional_port(&host[close + 1..]) {
        return None;
    }
    let inside = &host[1..close];
    let address = match inside.windows(3).position(|w| w == b"%25") {
        Some(zone) => {
            let mut address = url_unescape(&inside[..zone], Escape::Host)?;
            address.extend(url_unescape(&inside[zone..], Escape::Zone)?);
            address
        }
        None => url_unescape(inside, Escape::Host)?,
    };
    let (addr, _zone) = parse_addr(std::str::from_utf8(&address).ok()?).ok()?;
    (!addr.is4()).then_some(())
}

/// `validOptionalPort`: empty, or `:` and digits.
fn valid_optional_port(port: &[u8]) -> bool {
    port.is_empty()
        || port
            .split_first()
            .is_some_and(|(&c, digits)| c == b':' && digits.iter().all(u8::is_ascii_digit))
}

/// The `net/url` encoding modes whose `unescape` checks differ.
#[derive(Clone, Copy, PartialEq)]
enum Escape {
    /// `encodePath`, `encodeUserPassword`: only the escapes.
    Plain,
    /// `encodeHost`: no escaped ASCII but `%25`, and only the host's
    /// ASCII characters as they are.
    Host,
    /// `encodeZone`: the host's characters, escaped or not (and a space).
    Zone,
}

/// `unescape`: every `%` followed by two hex digits, and the mode's own
/// rules; the unescaped bytes.
fn url_unescape(s: &[u8], mode: Escape) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(&c) = s.get(i) {
        if c != b'%' {
            if mode != Escape::Plain && c < 0x80 && !is_host_byte(c) {
                return None; // InvalidHostError
            }
            out.push(c);
            i += 1;
            continue;
        }
        let high = hex_value(*s.get(i + 1)?)?;
        let byte = high << 4 | hex_value(*s.get(i + 2)?)?;
        let percent = byte == b'%';
        let refused = match mode {
            Escape::Plain => false,
            Escape::Host => high < 8 && !percent,
            Escape::Zone => !percent && byte != b' ' && !is_host_byte(byte),
        };
        if refused {
            return None; // EscapeError
        }
        out.push(byte);
        i += 3;
    }
    Some(out)
}

/// `ishex`/`unhex`.
fn hex_value(c: u8) -> Option<u8> {
    char::from(c)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// `!shouldEscape(c, encodeHost)` for ASCII: letters, digits, RFC 3986's
/// sub-delims, `:`, `[`, `]`, `<`, `>`, `"`, and the unreserved marks.
fn is_host_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!$&'()*+,;=:[]<>\"-_.~".contains(&c)
}

/// What a webhook's URL check (apiserver `webhook.ValidateWebhookURL`)
/// reads of the URL `url.Parse` makes.
#[cfg(feature = "rare-kinds")]
#[derive(Debug, Default, PartialEq)]
pub(crate) struct WebhookUrl {
    /// Lowercased.
    pub(crate) scheme: String,
    pub(crate) host: String,
    /// `URL.User.String()`, when the URL has userinfo.
    pub(crate) user: Option<String>,
    /// Unescaped.
    pub(crate) fragment: String,
    pub(crate) raw_query: String,
}

/// Go's `url.Parse`: the parts a webhook's URL check reads, or its error
/// (`*url.Error`'s text). `Err(None)` for a URL `url.Parse` refuses with
/// an error whose words are not modelled (a host's or an escape's), and
/// for userinfo whose `String()` would escape something: the URL is then
/// not checked, rather than checked wrongly.
#[cfg(feature = "rare-kinds")]
pub(crate) fn parse_for_webhook(text: &str) -> Result<WebhookUrl, Option<String>> {
    // The fragment is cut off first; the error names the rest.
    let (before, fragment) = match text.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (text, None),
    };
    let fail = |inner: &str| {
        Err(Some(format!(
            "parse {}: {inner}",
            crate::value::go_quote(before)
        )))
    };
    let b = before.as_bytes();
    if b.iter().any(|&c| c < b' ' || c == 0x7f) {
        return fail("net/url: invalid control character in URL");
    }
    let mut url = WebhookUrl::default();
    if let Some(fragment) = fragment {
        let unescaped = url_unescape(fragment.as_bytes(), Escape::Plain).ok_or(None)?;
        url.fragment = String::from_utf8_lossy(&unescaped).into_owned();
    }
    if before == "*" {
        return Ok(url);
    }
    let Some((scheme, rest)) = url_scheme(b) else {
        return fail("missing protocol scheme");
    };
    url.scheme = String::from_utf8_lossy(scheme).to_ascii_lowercase();
    // A lone `?` at the end is `ForceQuery`, with an empty query.
    let rest = match rest.iter().position(|&c| c == b'?') {
        Some(q) if q + 1 == rest.len() => &rest[..q],
        Some(q) => {
            url.raw_query = String::from_utf8_lossy(&rest[q + 1..]).into_owned();
            &rest[..q]
        }
        None => rest,
    };
    if !rest.starts_with(b"/") {
        if !scheme.is_empty() {
            return Ok(url); // opaque
        }
        let segment = rest.split(|&c| c == b'/').next().unwrap_or_default();
        if segment.contains(&b':') {
            return fail("first path segment in URL cannot contain colon");
        }
    }
    let mut path = rest;
    if (!scheme.is_empty() || !rest.starts_with(b"///")) && rest.starts_with(b"//") {
        let after = &rest[2..];
        let slash = after.iter().position(|&c| c == b'/').unwrap_or(after.len());
        let authority = &after[..slash];
        if !url_authority(scheme, authority) {
            return Err(None);
        }
        let host = match authority.iter().rposition(|&c| c == b'@') {
            Some(at) => {
                let userinfo = &authority[..at];
                // Printed back unchanged only when nothing in it is escaped
                // (`escape(..., encodeUserPassword)`), and one colon at most.
                let plain = |c: &u8| c.is_ascii_alphanumeric() || b"-._~$&+,;=:".contains(c);
                if !userinfo.iter().all(plain)
                    || userinfo.iter().filter(|&&c| c == b':').count() > 1
                {
                    return Err(None);
                }
                url.user = Some(String::from_utf8_lossy(userinfo).into_owned());
                &authority[at + 1..]
            }
            None => authority,
        };
        let host = url_unescape(host, Escape::Host).ok_or(None)?;
        url.host = String::from_utf8_lossy(&host).into_owned();
        path = &after[slash..];
    }
    url_unescape(path, Escape::Plain).ok_or(None)?;
    Ok(url)
}
