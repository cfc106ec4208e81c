//! `pkg/apis/certificates/validation/validation.go` for a
//! CertificateSigningRequest (certificates.k8s.io/v1):
//! `validateCertificateSigningRequest` on create and on every update, and
//! `validateCertificateSigningRequestUpdate`'s rules on the Approved,
//! Denied and Failed conditions. Writes come through the main resource
//! (whose strategy keeps the stored status) or `/status` (whose strategy
//! keeps the stored spec and approval conditions where their count did
//! not change), never `/approval`, so approval conditions cannot be set.
//!
//! The request and the certificate are checked as far as their PEM
//! blocks: a block of the right type is taken to hold a well-formed,
//! well-signed request or certificate (`x509.ParseCertificateRequest`,
//! `CheckSignature` and `x509.ParseCertificates` are not modelled).

use super::field::{BadValue, Errors, FieldError, index, invalid, json_string, named, required};
use super::names;
use crate::value::Value;

/// `allValidUsages`, sorted as `sets.String.List()` gives them.
const USAGES: [&str; 23] = [
    "any",
    "cert sign",
    "client auth",
    "code signing",
    "content commitment",
    "crl sign",
    "data encipherment",
    "decipher only",
    "digital signature",
    "email protection",
    "encipher only",
    "ipsec end system",
    "ipsec tunnel",
    "ipsec user",
    "key agreement",
    "key encipherment",
    "microsoft sgc",
    "netscape sgc",
    "ocsp signing",
    "s/mime",
    "server auth",
    "signing",
    "timestamping",
];

const LEGACY_UNKNOWN_SIGNER: &str = "kubernetes.io/legacy-unknown";

/// The spec and status errors of `new` (replacing `old`), in upstream's
/// order (after the metadata's: `validateCertificateSigningRequest` starts
/// with `ValidateObjectMeta`, on update too).
pub(super) fn csr(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = new.get("spec");
    let text = |k: &str| {
        spec.and_then(|s| s.get(k))
            .and_then(Value::as_str)
            .unwrap_or("")
    };
    let mut errs = Vec::new();
    // A `[]byte`: JSON carries it in base64, which Go's decoder reads
    // across line breaks and `json.Marshal` writes on one line.
    let request: String = text("request")
        .chars()
        .filter(|c| !matches!(c, '\n' | '\r'))
        .collect();
    if let Err(message) = request_block(&request) {
        errs.invalid(
            "spec.request",
            BadValue::Json(json_string(&request)),
            message,
        );
    }
    errs.extend(usages(spec, old));
    let signer = text("signerName");
    let old_signer = old
        .and_then(|o| o.get_path(&["spec", "signerName"]))
        .and_then(Value::as_str);
    if signer == LEGACY_UNKNOWN_SIGNER && old_signer != Some(LEGACY_UNKNOWN_SIGNER) {
        errs.invalid(
            "spec.signerName",
            BadValue::str(signer),
            "the legacy signerName is not allowed via this API version",
        );
    } else {
        errs.extend(signer_name(signer));
    }
    if let Some(seconds) = spec
        .and_then(|s| s.get("expirationSeconds"))
        .and_then(Value::as_i64)
        && seconds < 600
    {
        errs.invalid(
            "spec.expirationSeconds",
            BadValue::Int(seconds),
            "may not specify a duration less than 600 seconds (10 minutes)",
        );
    }
    let conditions = conditions_of(new);
    let old_conditions = old.map(conditions_of).unwrap_or_default();
    errs.extend(condition_errors(
        &conditions,
        &old_conditions,
        old.is_some(),
    ));
    let certificate = |o: &Value| {
        o.get_path(&["status", "certificate"])
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let new_certificate = certificate(new);
    let changed = old.is_none_or(|o| certificate(o) != new_certificate);
    let old_invalid = old.is_some_and(|o| certificate_error(&certificate(o)).is_some());
    if changed
        && !old_invalid
        && let Some(message) = certificate_error(&new_certificate)
    {
        errs.invalid(
            "status.certificate",
            BadValue::str("<certificate data>"),
            &message,
        );
    }
    if let Some(old) = old {
        errs.extend(approval_changes(&conditions, &old_conditions));
        // Through `/status` (the main resource keeps the stored status).
        if changed && !certificate(old).is_empty() {
            errs.forbidden(
                "status.certificate",
                "updates may not modify existing certificate content",
            );
        }
    }
    errs
}

/// `spec.usages`: required, known (unless the stored object already has
/// an unknown one), without duplicates (likewise).
fn usages(spec: Option<&Value>, old: Option<&Value>) -> Vec<FieldError> {
    let list = |s: Option<&Value>| -> Vec<String> {
        s.and_then(|s| s.get("usages"))
            .and_then(Value::as_list)
            .map(|l| {
                l.iter()
                    .map(|u| u.as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    let new = list(spec);
    let old = list(old.and_then(|o| o.get("spec")));
    let mut errs = Vec::new();
    if new.is_empty() {
        errs.required("spec.usages", "");
    }
    let unknown = |u: &String| !USAGES.contains(&u.as_str());
    if !old.iter().any(unknown) {
        for (i, u) in new.iter().enumerate().filter(|(_, u)| unknown(u)) {
            errs.not_supported(index("spec.usages", i), named(u), &USAGES);
        }
    }
    let has_duplicate = |l: &[String]| l.iter().enumerate().any(|(i, u)| l[..i].contains(u));
    if !has_duplicate(&old) {
        for (i, u) in new.iter().enumerate() {
            if new[..i].contains(u) {
                errs.duplicate(index("spec.usages", i), named(u));
            }
        }
    }
    errs
}

/// `apivalidation.ValidateSignerName`: `<domain>/<path>`, the domain of
/// DNS labels with at least one dot, the path of DNS subdomains. (The
/// length limits are not checked.)
fn signer_name(signer: &str) -> Vec<FieldError> {
    const PATH: &str = "spec.signerName";
    if signer.is_empty() {
        return vec![required(PATH, "")];
    }
    let Some((domain, path)) = signer.split_once('/').filter(|(_, p)| !p.contains('/')) else {
        return vec![invalid(
            PATH,
            BadValue::str(signer),
            "must be a fully qualified domain and path of the form 'example.com/signer-name'",
        )];
    };
    let mut errs = Vec::new();
    let labels_errors = |segment: &str, check: fn(&str) -> Vec<String>| -> Vec<FieldError> {
        segment
            .split('.')
            .map(|label| (label, check(label)))
            .find(|(_, msgs)| !msgs.is_empty())
            .map(|(label, msgs)| {
                msgs.iter()
                    .map(|m| {
                        invalid(
                            PATH,
                            BadValue::str(segment),
                            &format!("validating label {}: {m}", crate::value::go_quote(label)),
                        )
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    errs.extend(labels_errors(domain, names::dns1123_label));
    if !domain.contains('.') {
        errs.invalid(
            PATH,
            BadValue::str(domain),
            "should be a domain with at least two segments separated by dots",
        );
    }
    errs.extend(labels_errors(path, names::dns1123_subdomain));
    errs
}

/// One condition: its type and status.
struct Condition {
    kind: String,
    status: String,
}

fn conditions_of(object: &Value) -> Vec<Condition> {
    object
        .get_path(&["status", "conditions"])
        .and_then(Value::as_list)
        .map(|l| {
            l.iter()
                .map(|c| {
                    let text = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                    Condition {
                        kind: text("type"),
                        status: text("status"),
                    }
                })
                .collect()
        })
        .unwrap_or_default()
}

/// `validateConditions`, with the tolerances `getValidationOptions`
/// grants when the stored object already breaks a rule.
fn condition_errors(conditions: &[Condition], old: &[Condition], update: bool) -> Vec<FieldError> {
    let allow_empty_type = old.iter().any(|c| c.kind.is_empty());
    let allow_duplicates = old
        .iter()
        .enumerate()
        .any(|(i, c)| old[..i].iter().any(|o| o.kind == c.kind));
    let has = |t: &str| old.iter().any(|c| c.kind == t);
    let allow_both = update && has("Approved") && has("Denied");
    let mut errs = Vec::new();
    let (mut approved, mut denied) = (false, false);
    for (i, c) in conditions.iter().enumerate() {
        let at = |k: &str| format!("status.conditions[{i}].{k}");
        if !allow_empty_type && c.kind.is_empty() {
            errs.required(at("type"), "");
        }
        let true_only = matches!(c.kind.as_str(), "Approved" | "Denied" | "Failed");
        let allowed: &[&str] = if true_only {
            &["True"]
        } else {
            &["False", "True", "Unknown"]
        };
        if c.status.is_empty() {
            errs.required(at("status"), "");
        } else if !allowed.contains(&c.status.as_str()) {
            errs.not_supported(at("status"), named(&c.status), allowed);
        }
        if !allow_both {
            let clash = match c.kind.as_str() {
                "Approved" => {
                    approved = true;
                    denied
                }
                "Denied" => {
                    denied = true;
                    approved
                }
                _ => false,
            };
            if clash {
                errs.invalid(
                    at("type"),
                    named(&c.kind),
                    "Approved and Denied conditions are mutually exclusive",
                );
            }
        }
        if !allow_duplicates && conditions[..i].iter().any(|o| o.kind == c.kind) {
            errs.duplicate(at("type"), named(&c.kind));
        }
    }
    errs
}

/// `validateCertificateSigningRequestUpdate`: Approved, Denied and Failed
/// conditions cannot be removed, and (outside `/approval`) Approved and
/// Denied ones cannot be added. (A changed instance is not reported: both
/// strategies keep the stored instances where their count is unchanged.)
fn approval_changes(new: &[Condition], old: &[Condition]) -> Vec<FieldError> {
    let count = |list: &[Condition], t: &str| list.iter().filter(|c| c.kind == t).count();
    let mut errs = Vec::new();
    for t in ["Approved", "Denied", "Failed"] {
        if count(new, t) < count(old, t) {
            errs.forbidden(
                "status.conditions",
                &format!(
                    "updates may not remove a condition of type {}",
                    crate::value::go_quote(t)
                ),
            );
        }
    }
    for t in ["Approved", "Denied"] {
        if count(new, t) > count(old, t) {
            errs.forbidden(
                "status.conditions",
                &format!(
                    "updates may not add a condition of type {}",
                    crate::value::go_quote(t)
                ),
            );
        }
    }
    errs
}

/// `certificates.ParseCSR` as far as the PEM block: the request (base64
/// in JSON) must hold a `CERTIFICATE REQUEST` block first.
fn request_block(request: &str) -> Result<(), &'static str> {
    const ERROR: &str = "PEM block type must be CERTIFICATE REQUEST";
    let bytes = crate::yaml::decode_base64(request).unwrap_or_default();
    match pem_blocks(&String::from_utf8_lossy(&bytes)).first() {
        Some(block) if block.kind == "CERTIFICATE REQUEST" => Ok(()),
        _ => Err(ERROR),
    }
}

/// `validateCertificate` as far as the PEM blocks: empty, or only
/// `CERTIFICATE` blocks without headers, at least one.
fn certificate_error(certificate: &str) -> Option<String> {
    if certificate.is_empty() {
        return None;
    }
    let bytes = crate::yaml::decode_base64(certificate).unwrap_or_default();
    let blocks = pem_blocks(&String::from_utf8_lossy(&bytes));
    for block in &blocks {
        if block.kind != "CERTIFICATE" {
            return Some(format!(
                "only CERTIFICATE PEM blocks are allowed, found {}",
                crate::value::go_quote(&block.kind)
            ));
        }
        if block.has_headers {
            return Some("no PEM block headers are permitted".to_string());
        }
    }
    blocks
        .is_empty()
        .then(|| "must contain at least one CERTIFICATE PEM block".to_string())
}

/// A PEM block as Go's `encoding/pem.Decode` finds it.
struct PemBlock {
    kind: String,
    has_headers: bool,
}

/// The blocks `pem.Decode` returns one after the other: a `-----BEGIN
/// TYPE-----` line, optional `Key: value` headers ended by a blank line,
/// a base64 body and the matching `-----END TYPE-----` line; text that is
/// not a block is skipped.
fn pem_blocks(text: &str) -> Vec<PemBlock> {
    let mut blocks = Vec::new();
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.trim_end_matches([' ', '\t', '\r']))
        .collect();
    let mut i = 0;
    while i < lines.len() {
        let Some(kind) = lines[i]
            .strip_prefix("-----BEGIN ")
            .and_then(|rest| rest.strip_suffix("-----"))
        else {
            i += 1;
            continue;
        };
        let end = format!("-----END {kind}-----");
        let Some(offset) = lines[i + 1..].iter().position(|l| *l == end) else {
            i += 1;
            continue;
        };
        let body = &lines[i + 1..i + 1 + offset];
        let headers = body.iter().take_while(|l| l.contains(':')).count();
        let base64: String = body[headers..]
            .iter()
            .flat_map(|l| l.chars())
            .filter(|c| !c.is_whitespace())
            .collect();
        if crate::yaml::decode_base64(&base64).is_ok() {
            blocks.push(PemBlock {
                kind: kind.to_string(),
                has_headers: headers > 0,
            });
            i += offset + 2;
        } else {
            i += 1;
        }
    }
    blocks
}

#[cfg(test)]
mod tests;
