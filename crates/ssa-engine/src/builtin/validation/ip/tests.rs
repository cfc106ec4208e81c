//! Checked against Rust's `std::net`, which reads and prints addresses
//! as Go does but for leading zeros in IPv4 octets (Go's sloppy parser
//! takes them) and IPv4-mapped addresses (Go prints them dotted).

#![allow(clippy::unwrap_used)]

use super::{Ip, parse_sloppy};
#[cfg(feature = "rare-kinds")]
use super::{is_valid_ip, legacy_cidr, legacy_ip};
#[cfg(feature = "rare-kinds")]
use std::net::Ipv6Addr;

/// `ParseIPSloppy`'s IPv4: any number of leading zeros, decimal.
#[test]
fn sloppy_ipv4() {
    assert_eq!(parse_sloppy("010.0.0.0001"), Some(Ip::V4([10, 0, 0, 1])));
    assert_eq!(parse_sloppy("0.0.0.0"), Some(Ip::V4([0; 4])));
    for bad in [
        "256.0.0.1",
        "1.2.3",
        "1.2.3.4.5",
        "1..2.3",
        "1.2.3.-4",
        "+1.2.3.4",
        "9999.1.1.1",
        "",
    ] {
        assert_eq!(parse_sloppy(bad), None, "{bad}");
    }
}

/// Every IPv6 text std reads is read to the same groups, and printed as
/// std prints it (Go's `String()` and RFC 5952 agree) but for IPv4-mapped
/// addresses, which Go prints dotted.
// Go's printing and `IsValidIP`: the Service and Ingress rules', in
// `rare-kinds`.
#[cfg(feature = "rare-kinds")]
#[test]
fn ipv6_matches_std() {
    let mut texts = vec![
        "::".to_string(),
        "::1".to_string(),
        "1::".to_string(),
        "2001:db8::1".to_string(),
        "2001:DB8:0:0:1:0:0:1".to_string(),
        "2001:0db8:0000:0000:0000:0000:0000:0001".to_string(),
        "fe80::1:2:3:4".to_string(),
        "1:0:0:1:0:0:0:1".to_string(),
        "::ffff:10.0.0.1".to_string(),
        "::10.0.0.1".to_string(),
        "64:ff9b::192.0.2.33".to_string(),
    ];
    // Every pattern of zero and non-zero groups.
    for mask in 0u32..256 {
        let groups: Vec<String> = (0..8)
            .map(|i| {
                if mask & (1 << i) != 0 {
                    format!("{:x}", i + 1)
                } else {
                    "0".to_string()
                }
            })
            .collect();
        texts.push(groups.join(":"));
    }
    for text in &texts {
        let std: Ipv6Addr = text.parse().unwrap();
        let Some(Ip::V6(groups)) = parse_sloppy(text) else {
            panic!("{text} not read");
        };
        assert_eq!(groups, std.segments(), "{text}");
        let printed = Ip::V6(groups).go_string();
        match std.to_ipv4_mapped() {
            Some(v4) => assert_eq!(printed, v4.to_string()),
            None => assert_eq!(printed, std.to_string(), "{text}"),
        }
    }
    for bad in [
        ":",
        ":::",
        "1:2:3:4:5:6:7:8:9",
        "1::2::3",
        "12345::",
        "1:2:3:4:5:6:7",
        ":1::",
        "1::2:",
        "::1%eth0",
        "g::",
        "::+1",
        "1:2:3:4:5:6:7::8",
    ] {
        assert_eq!(parse_sloppy(bad), None, "{bad}");
        assert!(bad.parse::<Ipv6Addr>().is_err(), "std reads {bad}");
    }
}

/// `IsValidIP` (apimachinery v0.36.3 `ip.go`): `parseIP`'s error alone
/// when it has one (a leading zero, else an IPv4-mapped address), else the
/// canonical form's.
// Go's printing and `IsValidIP`: the Service and Ingress rules', in
// `rare-kinds`.
#[cfg(feature = "rare-kinds")]
#[test]
fn is_valid_ip_details() {
    assert!(is_valid_ip("10.96.0.1").is_empty());
    assert!(is_valid_ip("2001:db8::1").is_empty());
    assert_eq!(is_valid_ip("10.096.0.1"), ["must not have leading 0s"]);
    assert_eq!(
        is_valid_ip("::ffff:10.0.0.1"),
        ["must not be an IPv4-mapped IPv6 address"]
    );
    // Leading zeros in a mapped address: netip.ParseAddr fails, so the
    // mapping is not looked at.
    assert_eq!(
        is_valid_ip("::ffff:10.0.0.01"),
        ["must not have leading 0s"]
    );
    assert_eq!(
        is_valid_ip("2001:DB8::1"),
        ["must be in canonical form (\"2001:db8::1\")"]
    );
    assert_eq!(
        is_valid_ip("10.96.0.300"),
        ["must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"]
    );
}

/// `IsValidIPForLegacyField` and `IsValidCIDRForLegacyField` with strict
/// validation (StrictIPCIDRValidation, beta and on in 1.36): no canonical
/// form wanted; leading zeros (in a CIDR's prefix length too), an
/// IPv4-mapped address and, for a CIDR, bits past the prefix refused.
#[cfg(feature = "rare-kinds")]
#[test]
fn legacy_fields_are_strict() {
    assert_eq!(legacy_ip("2001:DB8::1"), None);
    assert_eq!(legacy_ip("10.096.0.1"), Some("must not have leading 0s"));
    assert_eq!(
        legacy_ip("::ffff:10.0.0.1"),
        Some("must not be an IPv4-mapped IPv6 address")
    );
    assert_eq!(
        legacy_ip("10.0.0"),
        Some("must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)")
    );
    let detail = |text| legacy_cidr(text).0;
    assert_eq!(detail("10.0.0.0/8"), None);
    assert_eq!(detail("2001:DB8::/32"), None);
    assert_eq!(detail("10.1.2.3/32"), None);
    assert_eq!(detail("::/0"), None);
    assert_eq!(
        detail("10.0.0.1/8"),
        Some("must not have bits set beyond the prefix length")
    );
    assert_eq!(
        detail("2001:db8::1/64"),
        Some("must not have bits set beyond the prefix length")
    );
    assert_eq!(
        detail("010.0.0.0/8"),
        Some("must not have leading 0s in IP or prefix length")
    );
    assert_eq!(
        detail("10.0.0.0/08"),
        Some("must not have leading 0s in IP or prefix length")
    );
    assert_eq!(
        detail("::ffff:10.0.0.0/104"),
        Some("must not have an IPv4-mapped IPv6 address")
    );
    assert_eq!(
        detail("10.0.0.0/33"),
        Some("must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)")
    );
}
