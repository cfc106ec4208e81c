//! The Kubernetes CEL environment's IP and CIDR libraries
//! (`k8s.io/apiserver/pkg/cel/library/ip.go` and `cidr.go`, in the
//! environment since 1.30): `isIP()`, `ip()`, `ip.isCanonical()`,
//! `family()`, the address class predicates, `isCIDR()`, `cidr()`,
//! `containsIP()`, `containsCIDR()`, `prefixLength()`, `masked()`, a
//! CIDR's `ip()`, and `string()` of either. Both parse with Go's
//! `net/netip` (`ParseAddr`, `ParsePrefix`), which this module follows,
//! error messages too: a rule's `ip(self)` on a bad address fails with
//! the words the API server reports.

use crate::crd::netip::{Addr, Prefix, parse_addr, parse_prefix};
use crate::value::go_quote;

/// The library's `parseIPAddr`: `ParseAddr`, refusing zones and
/// IPv4-mapped IPv6 addresses.
pub(super) fn parse_ip(raw: &str) -> Result<Addr, String> {
    let (addr, zone) = parse_addr(raw).map_err(|e| {
        format!(
            "IP Address {} parse error during conversion from string: {e}",
            go_quote(raw)
        )
    })?;
    if !zone.is_empty() {
        return Err(format!(
            "IP address {} with zone value is not allowed",
            go_quote(raw)
        ));
    }
    if addr.is_4in6() {
        return Err(format!(
            "IPv4-mapped IPv6 address {} is not allowed",
            go_quote(raw)
        ));
    }
    Ok(addr)
}

/// The library's `parseCIDR`: `ParsePrefix`, refusing IPv4-mapped IPv6
/// addresses.
pub(super) fn parse_cidr(raw: &str) -> Result<Prefix, String> {
    let prefix = parse_prefix(raw)
        .map_err(|e| format!("network address parse error during conversion from string: {e}"))?;
    if prefix.addr.is_4in6() {
        return Err(format!(
            "IPv4-mapped IPv6 address {} is not allowed",
            go_quote(raw)
        ));
    }
    Ok(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &str) -> String {
        parse_ip(raw).map_or_else(|e| e, |a| a.go_string())
    }

    #[test]
    fn addresses_as_netip_parses_and_prints_them() {
        assert_eq!(text("192.168.0.1"), "192.168.0.1");
        assert_eq!(text("2001:DB8:0:0:1:0:0:1"), "2001:db8::1:0:0:1");
        assert_eq!(text("::1.2.3.4"), "::102:304");
        assert_eq!(text("::"), "::");
        assert_eq!(text("1:0:1:1:1:1:1:1"), "1:0:1:1:1:1:1:1");
        assert_eq!(
            text("01.2.3.4"),
            "IP Address \"01.2.3.4\" parse error during conversion from string: ParseAddr(\"01.2.3.4\"): IPv4 field has octet with leading zero"
        );
        assert_eq!(
            text("foo"),
            "IP Address \"foo\" parse error during conversion from string: ParseAddr(\"foo\"): unable to parse IP"
        );
        assert_eq!(
            text("1..2.3"),
            "IP Address \"1..2.3\" parse error during conversion from string: ParseAddr(\"1..2.3\"): IPv4 field must have at least one digit (at \".2.3\")"
        );
        assert_eq!(
            text("1:2"),
            "IP Address \"1:2\" parse error during conversion from string: ParseAddr(\"1:2\"): address string too short"
        );
        assert_eq!(
            text("::ffff:1.2.3.4"),
            "IPv4-mapped IPv6 address \"::ffff:1.2.3.4\" is not allowed"
        );
        assert_eq!(
            text("fe80::1%eth0"),
            "IP address \"fe80::1%eth0\" with zone value is not allowed"
        );
        assert_eq!(
            text("1::2::3"),
            "IP Address \"1::2::3\" parse error during conversion from string: ParseAddr(\"1::2::3\"): multiple :: in address (at \":3\")"
        );
        assert_eq!(
            text("1:2:3:4:5:6:7:8::"),
            "IP Address \"1:2:3:4:5:6:7:8::\" parse error during conversion from string: ParseAddr(\"1:2:3:4:5:6:7:8::\"): the :: must expand to at least one field of zeros"
        );
        assert_eq!(
            text("1:2:3:4:5:6:7:8:9"),
            "IP Address \"1:2:3:4:5:6:7:8:9\" parse error during conversion from string: ParseAddr(\"1:2:3:4:5:6:7:8:9\"): trailing garbage after address (at \"9\")"
        );
        assert!(parse_ip("12345::").is_err());
        assert!(parse_ip("1:2:3:4:5:6:1.2.3.4").is_ok());
        assert!(parse_ip("1:2:3:4:5:1.2.3.4").is_err());
    }

    #[test]
    fn address_classes_as_netip_has_them() {
        let ip = |s: &str| parse_ip(s).unwrap();
        assert!(ip("127.0.0.5").is_loopback() && ip("::1").is_loopback());
        assert!(ip("0.0.0.0").is_unspecified() && ip("::").is_unspecified());
        assert!(ip("224.0.0.251").is_link_local_multicast());
        assert!(ip("ff02::fb").is_link_local_multicast());
        assert!(ip("169.254.1.1").is_link_local_unicast() && ip("fe80::1").is_link_local_unicast());
        assert!(ip("10.0.0.1").is_global_unicast() && ip("fd00::1").is_global_unicast());
        assert!(!ip("255.255.255.255").is_global_unicast() && !ip("239.1.1.1").is_global_unicast());
        assert_eq!((ip("1.2.3.4").family(), ip("::2").family()), (4, 6));
    }

    #[test]
    fn prefixes_as_netip_parses_and_compares_them() {
        let p = |s: &str| parse_cidr(s).unwrap();
        assert_eq!(p("10.1.2.3/8").go_string(), "10.1.2.3/8");
        assert_eq!(p("10.1.2.3/8").masked().go_string(), "10.0.0.0/8");
        assert_eq!(p("2001:db8::ff/120").masked().go_string(), "2001:db8::/120");
        assert!(p("10.0.0.0/8").contains(&parse_ip("10.200.0.1").unwrap()));
        assert!(!p("10.0.0.0/8").contains(&parse_ip("11.0.0.1").unwrap()));
        assert!(!p("::/0").contains(&parse_ip("1.2.3.4").unwrap()));
        assert!(p("10.0.0.0/8").contains_prefix(&p("10.1.0.0/16")));
        assert!(!p("10.1.0.0/16").contains_prefix(&p("10.0.0.0/8")));
        assert_eq!(
            parse_cidr("10.0.0.0/08").unwrap_err(),
            "network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0.0/08\"): bad bits after slash: \"08\""
        );
        assert_eq!(
            parse_cidr("10.0.0.0").unwrap_err(),
            "network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0.0\"): no '/'"
        );
        assert_eq!(
            parse_cidr("10.0.0.0/33").unwrap_err(),
            "network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0.0/33\"): prefix length out of range"
        );
        assert_eq!(
            parse_cidr("10.0.0/8").unwrap_err(),
            "network address parse error during conversion from string: netip.ParsePrefix(\"10.0.0/8\"): ParseAddr(\"10.0.0\"): IPv4 address too short"
        );
    }
}
