//! Go's `net/netip` (`netip.go`, Go 1.26): `ParseAddr` and `ParsePrefix`
//! with their error messages, `Addr.String()`, the address classes and a
//! prefix's `Masked`, `Contains` and `Overlaps`. The CEL IP and CIDR
//! libraries (`cel/net.rs`) and the `uri` and `email` formats
//! (`formats/url.rs`, `formats/mail.rs`) read addresses with it, as their
//! upstream code does.

use crate::value::go_quote;

/// An address as `netip.Addr` holds it: sixteen bytes, and whether it is
/// an IPv4 address (its bytes are then the IPv4-mapped form).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::crd) struct Addr {
    bytes: [u8; 16],
    is4: bool,
}

/// `netip.ParseAddr`: the address and its zone (empty for none), or the
/// error `ParseAddr("…"): …` as Go words it.
pub(in crate::crd) fn parse_addr(s: &str) -> Result<(Addr, &str), String> {
    for b in s.bytes() {
        match b {
            b'.' => return parse_ipv4(s).map(|a| (a, "")).map_err(|e| e.render(s)),
            b':' => return parse_ipv6(s).map_err(|e| e.render(s)),
            b'%' => return Err(AddrError::new("missing IPv6 address").render(s)),
            _ => {}
        }
    }
    Err(AddrError::new("unable to parse IP").render(s))
}

/// `parseAddrError`: a message and, optionally, the unparsed rest.
struct AddrError {
    msg: String,
    at: String,
}

impl AddrError {
    fn new(msg: &str) -> Self {
        AddrError {
            msg: msg.to_string(),
            at: String::new(),
        }
    }

    fn at(msg: &str, at: &str) -> Self {
        AddrError {
            msg: msg.to_string(),
            at: at.to_string(),
        }
    }

    fn render(&self, input: &str) -> String {
        let mut text = format!("ParseAddr({}): {}", go_quote(input), self.msg);
        if !self.at.is_empty() {
            text.push_str(&format!(" (at {})", go_quote(&self.at)));
        }
        text
    }
}

/// `parseIPv4`: four decimal fields, none with a leading zero or above 255.
fn parse_ipv4(s: &str) -> Result<Addr, AddrError> {
    let b = s.as_bytes();
    let mut fields = [0u8; 4];
    let (mut val, mut pos, mut digits) = (0u32, 0usize, 0usize);
    for (i, &c) in b.iter().enumerate() {
        if c.is_ascii_digit() {
            if digits == 1 && val == 0 {
                return Err(AddrError::new("IPv4 field has octet with leading zero"));
            }
            val = val * 10 + u32::from(c - b'0');
            digits += 1;
            if val > 255 {
                return Err(AddrError::new("IPv4 field has value >255"));
            }
        } else if c == b'.' {
            if i == 0 || i == b.len() - 1 || b[i - 1] == b'.' {
                return Err(AddrError::at(
                    "IPv4 field must have at least one digit",
                    &s[i..],
                ));
            }
            if pos == 3 {
                return Err(AddrError::new("IPv4 address too long"));
            }
            fields[pos] = val as u8;
            pos += 1;
            val = 0;
            digits = 0;
        } else {
            return Err(AddrError::at("unexpected character", &s[i..]));
        }
    }
    if pos < 3 {
        return Err(AddrError::new("IPv4 address too short"));
    }
    fields[3] = val as u8;
    let mut bytes = [0u8; 16];
    bytes[10] = 0xff;
    bytes[11] = 0xff;
    bytes[12..].copy_from_slice(&fields);
    Ok(Addr { bytes, is4: true })
}

/// `parseIPv6`: hex fields, one `::`, an embedded IPv4 address at the
/// end, and a zone after `%`.
fn parse_ipv6(input: &str) -> Result<(Addr, &str), AddrError> {
    let (mut s, zone) = match input.find('%') {
        Some(i) if i + 1 == input.len() => {
            return Err(AddrError::new("zone must be a non-empty string"));
        }
        Some(i) => (&input[..i], &input[i + 1..]),
        None => (input, ""),
    };
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.starts_with("::") {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Ok((
                Addr {
                    bytes: ip,
                    is4: false,
                },
                zone,
            ));
        }
    }
    let mut i = 0;
    while i < 16 {
        let digits = s.bytes().take_while(u8::is_ascii_hexdigit).count();
        if digits > 4 {
            return Err(AddrError::at("each group must have 4 or less digits", s));
        }
        let acc = s[..digits].bytes().fold(0u32, |acc, c| {
            (acc << 4) + (c as char).to_digit(16).unwrap_or(0)
        });
        if digits == 0 {
            return Err(AddrError::at(
                "each colon-separated field must have at least one digit",
                s,
            ));
        }
        if s.as_bytes().get(digits) == Some(&b'.') {
            if ellipsis.is_none() && i != 12 {
                return Err(AddrError::at(
                    "embedded IPv4 address must replace the final 2 fields of the address",
                    s,
                ));
            }
            if i + 4 > 16 {
                return Err(AddrError::at(
                    "too many hex fields to fit an embedded IPv4 at the end of the address",
                    s,
                ));
            }
            // `parseIPv4Fields` on the rest: its errors are the whole
            // address's.
            let v4 = parse_ipv4(s)?;
            ip[i..i + 4].copy_from_slice(&v4.bytes[12..]);
            s = "";
            i += 4;
            break;
        }
        ip[i] = (acc >> 8) as u8;
        ip[i + 1] = acc as u8;
        i += 2;
        s = &s[digits..];
        if s.is_empty() {
            break;
        }
        if !s.starts_with(':') {
            return Err(AddrError::at("unexpected character, want colon", s));
        } else if s.len() == 1 {
            return Err(AddrError::at(
                "colon must be followed by more characters",
                s,
            ));
        }
        s = &s[1..];
        if s.starts_with(':') {
            if ellipsis.is_some() {
                return Err(AddrError::at("multiple :: in address", s));
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return Err(AddrError::at("trailing garbage after address", s));
    }
    if i < 16 {
        let Some(at) = ellipsis else {
            return Err(AddrError::new("address string too short"));
        };
        let n = 16 - i;
        ip.copy_within(at..i, at + n);
        ip[at..at + n].fill(0);
    } else if ellipsis.is_some() {
        return Err(AddrError::new(
            "the :: must expand to at least one field of zeros",
        ));
    }
    Ok((
        Addr {
            bytes: ip,
            is4: false,
        },
        zone,
    ))
}

/// A prefix as `netip.Prefix` holds it: the address as written (host
/// bits kept) and the prefix length.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::crd) struct Prefix {
    pub(in crate::crd) addr: Addr,
    pub(in crate::crd) bits: u8,
}

/// `netip.ParsePrefix`, its errors as `parsePrefixError` words them.
pub(in crate::crd) fn parse_prefix(s: &str) -> Result<Prefix, String> {
    let fail = |msg: &str| Err(format!("netip.ParsePrefix({}): {msg}", go_quote(s)));
    let Some(slash) = s.rfind('/') else {
        return fail("no '/'");
    };
    let (addr, zone) = match parse_addr(&s[..slash]) {
        Ok(parsed) => parsed,
        Err(e) => return fail(&e),
    };
    if !addr.is4 && !zone.is_empty() {
        return fail("IPv6 zones cannot be present in a prefix");
    }
    let bits_text = &s[slash + 1..];
    let bad_bits = || format!("bad bits after slash: {}", go_quote(bits_text));
    // Atoi's sign and leading zeros are refused.
    if bits_text.len() > 1 && !(b'1'..=b'9').contains(&bits_text.as_bytes()[0]) {
        return fail(&bad_bits());
    }
    let Ok(bits) = bits_text.parse::<i64>() else {
        return fail(&bad_bits());
    };
    let max = if addr.is4 { 32 } else { 128 };
    if !(0..=max).contains(&bits) {
        return fail("prefix length out of range");
    }
    Ok(Prefix {
        addr,
        bits: bits as u8,
    })
}

impl Addr {
    pub(in crate::crd) fn is4(&self) -> bool {
        self.is4
    }

    fn v4(&self, i: usize) -> u8 {
        self.bytes[12 + i]
    }

    fn v6u16(&self, i: usize) -> u16 {
        u16::from_be_bytes([self.bytes[2 * i], self.bytes[2 * i + 1]])
    }

    pub(in crate::crd) fn is_4in6(&self) -> bool {
        !self.is4 && self.bytes[..10].iter().all(|&b| b == 0) && self.bytes[10..12] == [0xff, 0xff]
    }

    pub(in crate::crd) fn family(&self) -> i64 {
        if self.is4 { 4 } else { 6 }
    }

    fn bit_len(&self) -> u32 {
        if self.is4 { 32 } else { 128 }
    }

    pub(in crate::crd) fn is_unspecified(&self) -> bool {
        if self.is4 {
            self.bytes[12..] == [0; 4]
        } else {
            self.bytes == [0; 16]
        }
    }

    pub(in crate::crd) fn is_loopback(&self) -> bool {
        if self.is4 {
            self.v4(0) == 127
        } else {
            self.bytes[..15].iter().all(|&b| b == 0) && self.bytes[15] == 1
        }
    }

    fn is_multicast(&self) -> bool {
        if self.is4 {
            self.v4(0) & 0xf0 == 0xe0
        } else {
            self.bytes[0] == 0xff
        }
    }

    pub(in crate::crd) fn is_link_local_multicast(&self) -> bool {
        if self.is4 {
            self.v4(0) == 224 && self.v4(1) == 0 && self.v4(2) == 0
        } else {
            self.v6u16(0) & 0xff0f == 0xff02
        }
    }

    pub(in crate::crd) fn is_link_local_unicast(&self) -> bool {
        if self.is4 {
            self.v4(0) == 169 && self.v4(1) == 254
        } else {
            self.v6u16(0) & 0xffc0 == 0xfe80
        }
    }

    /// `IsGlobalUnicast`, which counts private IPv4 and unique local
    /// IPv6 addresses in.
    pub(in crate::crd) fn is_global_unicast(&self) -> bool {
        if self.is4 && self.bytes[12..] == [255; 4] {
            return false;
        }
        !self.is_unspecified()
            && !self.is_loopback()
            && !self.is_multicast()
            && !self.is_link_local_unicast()
    }

    /// `Addr.String()`: dotted IPv4, or RFC 5952 IPv6 (the longest run of
    /// two or more zero fields, the first of equals, as `::`).
    pub(in crate::crd) fn go_string(&self) -> String {
        if self.is4 {
            let [a, b, c, d] = [self.v4(0), self.v4(1), self.v4(2), self.v4(3)];
            return format!("{a}.{b}.{c}.{d}");
        }
        let mut octets = [0u8; 16];
        octets.copy_from_slice(&self.bytes);
        std::net::Ipv6Addr::from(octets).to_string()
    }

    /// The address with all but its first `bits` bits cleared.
    fn masked(&self, bits: u8) -> Addr {
        let offset = if self.is4 { 96 } else { 0 };
        let keep = offset + u32::from(bits);
        let mut out = *self;
        for (i, byte) in out.bytes.iter_mut().enumerate() {
            let start = 8 * i as u32;
            if start >= keep {
                *byte = 0;
            } else if start + 8 > keep {
                *byte &= 0xffu8 << (start + 8 - keep);
            }
        }
        out
    }
}

impl Prefix {
    pub(in crate::crd) fn go_string(&self) -> String {
        format!("{}/{}", self.addr.go_string(), self.bits)
    }

    pub(in crate::crd) fn masked(&self) -> Prefix {
        Prefix {
            addr: self.addr.masked(self.bits),
            bits: self.bits,
        }
    }

    /// `Prefix.Contains`: an address of the same family whose first bits
    /// match.
    pub(in crate::crd) fn contains(&self, ip: &Addr) -> bool {
        self.addr.bit_len() == ip.bit_len() && self.addr.masked(self.bits) == ip.masked(self.bits)
    }

    /// The library's `containsCIDR`: `Overlaps`, and no shorter.
    pub(in crate::crd) fn contains_prefix(&self, other: &Prefix) -> bool {
        if self.addr.is4 != other.addr.is4 || self.bits > other.bits {
            return false;
        }
        self.addr.masked(self.bits) == other.addr.masked(self.bits)
    }
}
