//! IP addresses as the API server reads them: `k8s.io/utils/net`
//! `ParseIPSloppy` (Go's `net.ParseIP` of before Go 1.17, which reads
//! IPv4 octets with leading zeros as decimal), printed as Go's
//! `net.IP.String()`, and apimachinery's `IsValidIP`
//! (`pkg/util/validation/ip.go`). Hand-written rather than `std::net`,
//! whose parser and printer cost the page's wasm about 2 KB gzipped for
//! the little this needs.

/// A parsed address. An IPv4-mapped IPv6 address stays IPv6 here; Go's
/// `To4` view of it is [`Ip::to4`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Ip {
    V4([u8; 4]),
    V6([u16; 8]),
}

/// `ParseIPSloppy`.
pub(crate) fn parse_sloppy(text: &str) -> Option<Ip> {
    if text.contains(':') {
        parse_v6(text).map(Ip::V6)
    } else {
        parse_v4(text).map(Ip::V4)
    }
}

/// Four decimal octets; Go's `dtoi` reads any number of digits.
fn parse_v4(text: &str) -> Option<[u8; 4]> {
    let mut octets = [0u8; 4];
    let mut parts = text.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = part.trim_start_matches('0');
        *octet = if digits.is_empty() {
            0
        } else if digits.len() > 3 {
            return None;
        } else {
            u8::try_from(digits.parse::<u16>().ok()?).ok()?
        };
    }
    parts.next().is_none().then_some(octets)
}

/// Groups of one to four hex digits, at most one `::` standing for one
/// or more zero groups, the last 32 bits optionally an IPv4 address; no
/// zone.
fn parse_v6(text: &str) -> Option<[u16; 8]> {
    let (head, tail) = match text.split_once("::") {
        Some((head, tail)) => (head, Some(tail)),
        None => (text, None),
    };
    let head = groups(head, tail.is_none())?;
    let Some(tail) = tail else {
        return <[u16; 8]>::try_from(head).ok();
    };
    let tail = groups(tail, true)?;
    if head.len() + tail.len() > 7 {
        return None;
    }
    let mut out = [0u16; 8];
    out[..head.len()].copy_from_slice(&head);
    out[8 - tail.len()..].copy_from_slice(&tail);
    Some(out)
}

/// The groups of one side of `::` (none when it is empty).
fn groups(text: &str, ipv4_last: bool) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    if text.is_empty() {
        return Some(out);
    }
    let parts: Vec<&str> = text.split(':').collect();
    for (i, part) in parts.iter().enumerate() {
        if ipv4_last && i + 1 == parts.len() && part.contains('.') {
            let [a, b, c, d] = parse_v4(part)?;
            out.extend([u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d])]);
        } else if (1..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_hexdigit()) {
            out.push(u16::from_str_radix(part, 16).ok()?);
        } else {
            return None;
        }
    }
    Some(out)
}

impl Ip {
    /// Go's `To4`: IPv4, or IPv6 in `::ffff:0:0/96`.
    pub(super) fn to4(self) -> Option<[u8; 4]> {
        match self {
            Ip::V4(v4) => Some(v4),
            Ip::V6([0, 0, 0, 0, 0, 0xffff, hi, lo]) => {
                let [a, b] = hi.to_be_bytes();
                let [c, d] = lo.to_be_bytes();
                Some([a, b, c, d])
            }
            Ip::V6(_) => None,
        }
    }

    /// Go's `net.IP.String()`: dotted IPv4 where `To4` works; else
    /// lower-case hex groups with the first longest run of two or more
    /// zero groups written `::`.
    #[cfg(feature = "rare-kinds")]
    pub(super) fn go_string(self) -> String {
        let groups = match (self.to4(), self) {
            (Some([a, b, c, d]), _) => return format!("{a}.{b}.{c}.{d}"),
            (None, Ip::V6(groups)) => groups,
            (None, Ip::V4(_)) => return String::new(),
        };
        let (mut run_start, mut run_len) = (8, 0);
        let mut i = 0;
        while i < 8 {
            let zeros = groups[i..].iter().take_while(|g| **g == 0).count();
            if zeros > run_len {
                (run_start, run_len) = (i, zeros);
            }
            i += zeros.max(1);
        }
        if run_len < 2 {
            run_start = 8;
        }
        let hex = |gs: &[u16]| {
            gs.iter()
                .map(|g| format!("{g:x}"))
                .collect::<Vec<_>>()
                .join(":")
        };
        if run_start == 8 {
            return hex(&groups);
        }
        format!(
            "{}::{}",
            hex(&groups[..run_start]),
            hex(&groups[run_start + run_len..])
        )
    }

    #[cfg(feature = "rare-kinds")]
    /// The address's bits as `To4` views it, and how many (32 or 128).
    fn bits(self) -> (u128, u32) {
        match (self.to4(), self) {
            (Some(v4), _) => (u128::from(u32::from_be_bytes(v4)), 32),
            (None, Ip::V6(groups)) => (
                groups.iter().fold(0, |bits, g| bits << 16 | u128::from(*g)),
                128,
            ),
            (None, Ip::V4(_)) => (0, 0),
        }
    }

    /// An IPv4-mapped IPv6 address.
    fn is_4in6(self) -> bool {
        matches!(self, Ip::V6(_)) && self.to4().is_some()
    }

    /// The address's bits as written (an IPv6 address as 128 bits even
    /// when it maps an IPv4 one), left-aligned in a `u128`: what lies
    /// past a prefix of `n` bits is `bits << n`.
    #[cfg(feature = "rare-kinds")]
    fn bits_as_written(self) -> u128 {
        match self {
            Ip::V4(octets) => u128::from(u32::from_be_bytes(octets)) << 96,
            Ip::V6(groups) => groups.iter().fold(0, |bits, g| bits << 16 | u128::from(*g)),
        }
    }

    /// Go's IPv6 test in `netutils.IsIPv6String`: no `To4` view.
    pub(super) fn is_v6(self) -> bool {
        self.to4().is_none()
    }
}

#[cfg(any(feature = "rare-kinds", feature = "crd-validation"))]
/// `ParseCIDRSloppy`: an address (as `ParseIPSloppy` reads it) and a
/// prefix length of decimal digits, at most the address's bits.
pub(crate) fn parse_cidr_sloppy(text: &str) -> Option<(Ip, u32)> {
    let (addr, len) = text.split_once('/')?;
    let ip = parse_sloppy(addr)?;
    if len.is_empty() || !len.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let bits = if matches!(ip, Ip::V4(_)) { 32 } else { 128 };
    len.parse().ok().filter(|n| *n <= bits).map(|n| (ip, n))
}

#[cfg(feature = "rare-kinds")]
/// `ValidateIPBlock`'s test of an except: `cidr.Contains(except.IP)` (Go's
/// `IPNet.Contains`, which views both addresses through `To4`) with a
/// longer prefix than the cidr's.
pub(super) fn strict_subset(cidr: (Ip, u32), except: (Ip, u32)) -> bool {
    let ((a, width), (b, except_width)) = (cidr.0.bits(), except.0.bits());
    // A 16-byte mask over a 4-byte view keeps its last 32 bits.
    let prefix = match cidr.0 {
        Ip::V6(_) if width == 32 => cidr.1.saturating_sub(96),
        _ => cidr.1,
    };
    width == except_width
        && cidr.1 < except.1
        && (a ^ b)
            .checked_shr(width.saturating_sub(prefix))
            .unwrap_or(0)
            == 0
}

/// apimachinery's detail for an address `ParseIPSloppy` refuses.
pub(super) const NOT_AN_IP: &str = "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)";

/// Whether `text`, which `ParseIPSloppy` read as `ip`, has an IPv4 octet
/// with a leading zero: all that `netip.ParseAddr` refuses of what the
/// sloppy parser takes.
fn leading_zeros(text: &str, ip: Ip) -> bool {
    let octets = |v4: &str| v4.split('.').any(|o| o.len() > 1 && o.starts_with('0'));
    let v4_part = text.rsplit(':').next().unwrap_or("");
    (matches!(ip, Ip::V4(_)) && octets(text)) || (v4_part.contains('.') && octets(v4_part))
}

/// `parseIP` with strict validation: the details of `IsValidIPForLegacyField`
/// for a value the stored object did not have. StrictIPCIDRValidation is
/// beta and on in 1.36 (kube_features.go of the 1.37 cycle): an IPv4
/// octet with a leading zero or an IPv4-mapped IPv6 address is refused.
pub(crate) fn legacy_ip(text: &str) -> Option<&'static str> {
    parse_strict(text).err()
}

/// `parseIP` with strict validation: the address, or the detail of its
/// one error.
fn parse_strict(text: &str) -> Result<Ip, &'static str> {
    let ip = parse_sloppy(text).ok_or(NOT_AN_IP)?;
    // netip.ParseAddr fails on the leading zero, so its address is not
    // also looked at as IPv4-mapped.
    if leading_zeros(text, ip) {
        Err("must not have leading 0s")
    } else if ip.is_4in6() {
        Err("must not be an IPv4-mapped IPv6 address")
    } else {
        Ok(ip)
    }
}

/// What `IsValidIP` says of `text`: `parseIP`'s detail, or else the
/// canonical form's.
#[cfg(feature = "rare-kinds")]
pub(super) fn is_valid_ip(text: &str) -> Vec<String> {
    let canonical = match parse_strict(text) {
        Ok(ip) => ip.go_string(),
        Err(detail) => return vec![detail.to_string()],
    };
    if canonical == text {
        return Vec::new();
    }
    vec![format!(
        "must be in canonical form ({})",
        super::field::json_string(&canonical)
    )]
}

/// `parseCIDR` with strict validation: the detail of
/// `IsValidCIDRForLegacyField` for a value the stored object did not have
/// (StrictIPCIDRValidation on, as for `legacy_ip`), and the CIDR as
/// `ParseCIDRSloppy` reads it.
#[cfg(feature = "rare-kinds")]
pub(crate) fn legacy_cidr(text: &str) -> (Option<&'static str>, Option<(Ip, u32)>) {
    let Some((ip, prefix)) = parse_cidr_sloppy(text) else {
        return (
            Some("must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"),
            None,
        );
    };
    let (addr, length) = text.split_once('/').unwrap_or_default();
    let detail = if leading_zeros(addr, ip) || length.len() > 1 && length.starts_with('0') {
        Some("must not have leading 0s in IP or prefix length")
    } else if ip.is_4in6() {
        Some("must not have an IPv4-mapped IPv6 address")
    } else if ip.bits_as_written().checked_shl(prefix).unwrap_or(0) != 0 {
        Some("must not have bits set beyond the prefix length")
    } else {
        None
    };
    (detail, Some((ip, prefix)))
}

#[cfg(test)]
mod tests;
