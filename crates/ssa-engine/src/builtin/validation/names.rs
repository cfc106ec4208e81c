//! The name and label formats of apimachinery `pkg/util/validation`
//! (`IsDNS1123Subdomain`, `IsDNS1123Label`, `IsDNS1035Label`) and
//! `pkg/api/validate/content` (`IsLabelKey`, `IsLabelValue`,
//! `IsPathSegmentName`), each returning upstream's messages. The regular expressions are matched by
//! hand; the messages quote them as upstream does.

const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
const DNS1123_LABEL_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
const DNS1123_SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_MSG: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_KEY_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

#[cfg(feature = "rare-kinds")]
const CONDITION_REASON_FMT: &str = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?";
#[cfg(feature = "rare-kinds")]
const CONDITION_REASON_MSG: &str = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";

/// `RegexError`.
fn regex_error(msg: &str, fmt: &str, examples: &[&str]) -> String {
    if examples.is_empty() {
        return format!("{msg} (regex used for validation is '{fmt}')");
    }
    let quoted: Vec<String> = examples.iter().map(|e| format!("'{e}', ")).collect();
    format!(
        "{msg} (e.g. {}regex used for validation is '{fmt}')",
        quoted.join(" or ")
    )
}

fn is_lower_alnum(c: u8) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit()
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`
fn dns1123_label_matches(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        (Some(&f), Some(&l)) => {
            is_lower_alnum(f)
                && is_lower_alnum(l)
                && b.iter().all(|&c| is_lower_alnum(c) || c == b'-')
        }
        _ => false,
    }
}

fn dns1123_subdomain_matches(s: &str) -> bool {
    s.split('.').all(dns1123_label_matches)
}

/// `IsDNS1123Label`.
pub(crate) fn dns1123_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    if !dns1123_label_matches(value) {
        if dns1123_subdomain_matches(value) {
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(
                DNS1123_LABEL_MSG,
                DNS1123_LABEL_FMT,
                &["my-name", "123-abc"],
            ));
        }
    }
    errs
}

/// util/validation's `MaxLenError(253)` (api/validate/content's counts
/// bytes).
const MAX_253: &str = "must be no more than 253 characters";

/// `IsDNS1123Subdomain`.
pub(crate) fn dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(MAX_253.to_string());
    }
    if !dns1123_subdomain_matches(value) {
        errs.push(regex_error(
            DNS1123_SUBDOMAIN_MSG,
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        ));
    }
    errs
}

/// api/validation's `maskTrailingDash`: a name a value may be appended to
/// (`NameIsDNSSubdomain` with `prefix`) has its last two bytes replaced by
/// `a` when it ends in a dash. A multi-byte character it cuts in two is
/// invalid either way: its bytes become DEL, as many, as invalid.
pub(crate) fn mask_trailing_dash(name: &str) -> String {
    let Some(kept) = name.strip_suffix('-').filter(|_| name.len() > 1) else {
        return name.to_string();
    };
    let mut bytes = kept.as_bytes()[..kept.len() - 1].to_vec();
    bytes.push(b'a');
    String::from_utf8(bytes).unwrap_or_else(|e| {
        let ascii = |b: &u8| if b.is_ascii() { char::from(*b) } else { '\x7f' };
        e.into_bytes().iter().map(ascii).collect()
    })
}

/// `IsDNS1123SubdomainWithUnderscore`: a subdomain whose labels may
/// start with `_` and hold `_`.
pub(super) fn dns1123_subdomain_with_underscore(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(MAX_253.to_string());
    }
    let label = |l: &str| {
        let l = l.strip_prefix('_').unwrap_or(l);
        l.bytes()
            .all(|c| is_lower_alnum(c) || c == b'-' || c == b'_')
            && l.bytes().next().is_some_and(is_lower_alnum)
            && l.bytes().last().is_some_and(is_lower_alnum)
    };
    if !value.split('.').all(label) {
        const LABEL: &str = "_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?";
        errs.push(regex_error(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character",
            &format!("{LABEL}(\\.{LABEL})*"),
            &["example.com"],
        ));
    }
    errs
}

/// `content.IsPathSegmentName`: the registry's rule for every name
/// (`rest.BeforeCreate`), and RBAC's (`ValidateRBACName`).
pub(super) fn path_segment(value: &str) -> Vec<String> {
    if value == "." || value == ".." {
        return vec![format!("may not be '{value}'")];
    }
    let mut errs = Vec::new();
    if value.contains('/') {
        errs.push("may not contain '/'".to_string());
    }
    if value.contains('%') {
        errs.push("may not contain '%'".to_string());
    }
    errs
}

/// `IsDNS1035Label`.
pub(crate) fn dns1035_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push("must be no more than 63 characters".to_string());
    }
    let starts_alpha = value.as_bytes().first().is_some_and(u8::is_ascii_lowercase);
    if !(starts_alpha && dns1123_label_matches(value)) {
        errs.push(regex_error(
            DNS1035_LABEL_MSG,
            DNS1035_LABEL_FMT,
            &["my-name", "abc-123"],
        ));
    }
    errs
}

/// `([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]`
fn label_key_matches(s: &str) -> bool {
    let b = s.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) => {
            f.is_ascii_alphanumeric()
                && l.is_ascii_alphanumeric()
                && b.iter()
                    .all(|&c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_' || c == b'.')
        }
        _ => false,
    }
}

/// `content.IsLabelKey` (`IsQualifiedName`).
pub(crate) fn label_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let parts: Vec<&str> = value.split('/').collect();
    let name = match parts.as_slice() {
        [name] => *name,
        [prefix, name] => {
            if prefix.is_empty() {
                errs.push("prefix part must be non-empty".to_string());
            } else {
                // api/validate/content's own IsDNS1123Subdomain, whose
                // length error counts bytes.
                errs.extend(dns1123_subdomain(prefix).into_iter().map(|m| {
                    if m == MAX_253 {
                        "prefix part must be no more than 253 bytes".to_string()
                    } else {
                        format!("prefix part {m}")
                    }
                }));
            }
            *name
        }
        _ => {
            errs.push(format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_MSG, LABEL_KEY_FMT, &["MyName", "my.name", "123-abc"])
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push("name part must be non-empty".to_string());
    } else if name.len() > 63 {
        errs.push("name part must be no more than 63 bytes".to_string());
    }
    if !label_key_matches(name) {
        errs.push(format!(
            "name part {}",
            regex_error(
                LABEL_KEY_MSG,
                LABEL_KEY_FMT,
                &["MyName", "my.name", "123-abc"]
            )
        ));
    }
    errs
}

/// `content.IsLabelValue`.
pub(crate) fn label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 63 {
        errs.push("must be no more than 63 bytes".to_string());
    }
    if !(value.is_empty() || label_key_matches(value)) {
        errs.push(regex_error(
            LABEL_VALUE_MSG,
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        ));
    }
    errs
}

/// `IsValidPercent`.
pub(super) fn percent(value: &str) -> Vec<String> {
    let digits = value.strip_suffix('%').unwrap_or("");
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return vec![];
    }
    vec![regex_error(
        "a valid percent string must be a numeric string followed by an ending '%'",
        "[0-9]+%",
        &["1%", "93%"],
    )]
}

/// `IsConfigMapKey`: a ConfigMap's or a Secret's data key.
pub(super) fn config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(MAX_253.to_string());
    }
    let valid = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_');
    if value.is_empty() || !value.bytes().all(valid) {
        errs.push(regex_error(
            "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
            "[-._a-zA-Z0-9]+",
            &["key.name", "KEY_NAME", "key-name"],
        ));
    }
    // hasChDirPrefix.
    match value {
        "." => errs.push("must not be '.'".to_string()),
        ".." => errs.push("must not be '..'".to_string()),
        v if v.starts_with("..") => errs.push("must not start with '..'".to_string()),
        _ => {}
    }
    errs
}

/// `IsWildcardDNS1123Subdomain`: `*.` and a DNS subdomain.
#[cfg(feature = "rare-kinds")]
pub(super) fn wildcard_dns1123_subdomain(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(MAX_253.to_string());
    }
    if !value
        .strip_prefix("*.")
        .is_some_and(dns1123_subdomain_matches)
    {
        errs.push(regex_error(
            "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character",
            &format!("\\*\\.{DNS1123_SUBDOMAIN_FMT}"),
            &["*.example.com"],
        ));
    }
    errs
}

/// metav1 validation's `IsValidConditionReason`.
#[cfg(feature = "rare-kinds")]
pub(super) fn condition_reason(value: &str) -> Vec<String> {
    let b = value.as_bytes();
    let valid = match (b.first(), b.last()) {
        (Some(f), Some(&l)) => {
            f.is_ascii_alphabetic()
                && (l.is_ascii_alphanumeric() || l == b'_')
                && b.iter()
                    .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b',' | b':'))
        }
        _ => false,
    };
    if valid {
        return Vec::new();
    }
    vec![regex_error(
        CONDITION_REASON_MSG,
        CONDITION_REASON_FMT,
        &[
            "my_name",
            "MY_NAME",
            "MyName",
            "ReasonA,ReasonB",
            "ReasonA:ReasonB",
        ],
    )]
}

/// `content.IsCIdentifier`: a C identifier (the length is the
/// caller's).
#[cfg(feature = "rare-kinds")]
pub(super) fn c_identifier(value: &str) -> Vec<String> {
    let b = value.as_bytes();
    let valid = b
        .first()
        .is_some_and(|f| f.is_ascii_alphabetic() || *f == b'_')
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
    if valid {
        return Vec::new();
    }
    vec![regex_error(
        "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'",
        "[A-Za-z_][A-Za-z0-9_]*",
        &["my_name", "MY_NAME", "MyName"],
    )]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// apimachinery `validation_test.go` cases, and `RegexError`'s wording.
    #[test]
    fn formats_as_upstream() {
        for ok in ["a", "ab", "a-1", "0", "a.b", "abc.def-9"] {
            assert!(dns1123_subdomain(ok).is_empty(), "{ok}");
        }
        for bad in ["", "A", "a_b", "-a", "a-", "a..b", ".a"] {
            assert_eq!(dns1123_subdomain(bad).len(), 1, "{bad}");
        }
        assert_eq!(
            dns1123_subdomain("My_App"),
            [
                "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
            ]
        );
        assert_eq!(dns1123_label("a.b"), ["must not contain dots"]);
        assert!(dns1035_label("1abc").len() == 1 && dns1035_label("abc").is_empty());
        assert_eq!(
            label_value("bad value"),
            [
                "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
            ]
        );
        assert!(label_value("").is_empty());
        assert!(label_key("example.com/name").is_empty());
        assert_eq!(label_key("/name"), ["prefix part must be non-empty"]);
        assert_eq!(label_key("a/b/c").len(), 1);
        // content path_test.go.
        assert!(path_segment("system:a..b").is_empty());
        assert_eq!(path_segment("."), ["may not be '.'"]);
        assert_eq!(path_segment("a%b"), ["may not contain '%'"]);
    }
}
