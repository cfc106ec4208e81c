//! Each test names the upstream function it follows
//! (`pkg/apis/certificates/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::Validator;
use crate::value::Value;

/// A request made with `openssl req -new` (EC P-256, CN=alice), base64.
const REQUEST: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIS01ISUNBUUF3RURFT01Bd0dBMVVFQXd3RllXeHBZMlV3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQgpCd05DQUFRdXU2R2s1TDVDWVdGb1h0UDZQT2JkT2l5K2dON1c2anU5NVVyWHpiWmFpdEJabUVnMkNVbUtFbFpkCk9ZSXRMVnF1NElNVXo3dVJnUFArRDQ2TytSRFZvQUF3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUloQVBUd01Sam0KcUhiV2R3TzhkbG13dWhtSGYxVmtpR1JTTHlON2t2d3hlTGJ6QWlCZkttUGdyQ1ZQRE5oVkh3ZWlNL1BDeGhOaApwVnB2QWhKYWFDNEdaS2haVXc9PQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K";
/// A self-signed certificate for the same key, base64.
const CERTIFICATE: &str = "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJkakNDQVJ1Z0F3SUJBZ0lVTjhESlVBY3pUQkNDdUwwSnNQWXRFVkl5eHprd0NnWUlLb1pJemowRUF3SXcKRURFT01Bd0dBMVVFQXd3RllXeHBZMlV3SGhjTk1qWXhNVEkyTURVME1ERTVXaGNOTWpZeE1USTNNRFUwTURFNQpXakFRTVE0d0RBWURWUVFEREFWaGJHbGpaVEJaTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEEwSUFCQzY3Cm9hVGt2a0poWVdoZTAvbzg1dDA2TEw2QTN0YnFPNzNsU3RmTnRscUswRm1ZU0RZSlNZb1NWbDA1Z2kwdFdxN2cKZ3hUUHU1R0E4LzRQam83NUVOV2pVekJSTUIwR0ExVWREZ1FXQkJRMWhDZ29vN083dkxqODJHOTF2aFRKd05nWApVakFmQmdOVkhTTUVHREFXZ0JRMWhDZ29vN083dkxqODJHOTF2aFRKd05nWFVqQVBCZ05WSFJNQkFmOEVCVEFECkFRSC9NQW9HQ0NxR1NNNDlCQU1DQTBrQU1FWUNJUURBMHQ0eTl1a21jUWFITHNIZEpnVEZud3FRNG9XVWVoc2QKVFB3UXdBandJUUloQU4wNlFVZE1HcWIwbFlKNnFtN1dRbWVhMm1qSGpzclA2YTFXT1J0RXNQYlYKLS0tLS1FTkQgQ0VSVElGSUNBVEUtLS0tLQo=";

fn csr_kind() -> KindValidation {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind("certificates.k8s.io/v1", "CertificateSigningRequest", table).unwrap()
}

fn csr(spec: &str, status: &str) -> Value {
    crate::yaml::parse(&format!(
        "apiVersion: certificates.k8s.io/v1\nkind: CertificateSigningRequest\nmetadata: {{name: alice}}\nspec: {spec}\nstatus: {status}\n"
    ))
    .unwrap()
    .value
}

fn good_spec() -> String {
    format!(
        "{{request: {REQUEST}, signerName: kubernetes.io/kube-apiserver-client, usages: [client auth]}}"
    )
}

/// `validateCertificateSigningRequest`: a well-formed request passes; one
/// that is not a PEM `CERTIFICATE REQUEST` is refused with ParseCSR's words.
#[test]
fn the_request_must_be_a_pem_certificate_request() {
    assert!(csr_kind().validate(None, &csr(&good_spec(), "{}")).is_ok());
    let fake = csr(
        "{request: aGVsbG8=, signerName: example.com/signer, usages: [client auth]}",
        "{}",
    );
    assert_eq!(
        csr_kind().validate(None, &fake).unwrap_err(),
        "CertificateSigningRequest.certificates.k8s.io \"alice\" is invalid: spec.request: Invalid value: \"aGVsbG8=\": PEM block type must be CERTIFICATE REQUEST"
    );
    // A certificate is not a request.
    let cert = csr(
        &format!(
            "{{request: {CERTIFICATE}, signerName: example.com/signer, usages: [client auth]}}"
        ),
        "{}",
    );
    assert!(
        csr_kind()
            .validate(None, &cert)
            .unwrap_err()
            .contains("PEM block type must be CERTIFICATE REQUEST")
    );
}

/// `validateCertificateSigningRequest` and `ValidateSignerName`: usages,
/// the signer and the expiration, in upstream's order.
#[test]
fn usages_signer_and_expiration() {
    let bad = csr(
        &format!(
            "{{request: {REQUEST}, signerName: example, expirationSeconds: 60, usages: [client auth, flying, client auth]}}"
        ),
        "{}",
    );
    assert_eq!(
        csr_kind().validate(None, &bad).unwrap_err(),
        "CertificateSigningRequest.certificates.k8s.io \"alice\" is invalid: [spec.usages[1]: Unsupported value: \"flying\": supported values: \"any\", \"cert sign\", \"client auth\", \"code signing\", \"content commitment\", \"crl sign\", \"data encipherment\", \"decipher only\", \"digital signature\", \"email protection\", \"encipher only\", \"ipsec end system\", \"ipsec tunnel\", \"ipsec user\", \"key agreement\", \"key encipherment\", \"microsoft sgc\", \"netscape sgc\", \"ocsp signing\", \"s/mime\", \"server auth\", \"signing\", \"timestamping\", spec.usages[2]: Duplicate value: \"client auth\", spec.signerName: Invalid value: \"example\": must be a fully qualified domain and path of the form 'example.com/signer-name', spec.expirationSeconds: Invalid value: 60: may not specify a duration less than 600 seconds (10 minutes)]"
    );
    let none = csr(&format!("{{request: {REQUEST}}}"), "{}");
    assert_eq!(
        csr_kind().validate(None, &none).unwrap_err(),
        "CertificateSigningRequest.certificates.k8s.io \"alice\" is invalid: [spec.usages: Required value, spec.signerName: Required value]"
    );
    let legacy = csr(
        &format!("{{request: {REQUEST}, signerName: kubernetes.io/legacy-unknown, usages: [any]}}"),
        "{}",
    );
    assert!(csr_kind().validate(None, &legacy).unwrap_err().ends_with(
        "spec.signerName: Invalid value: \"kubernetes.io/legacy-unknown\": the legacy signerName is not allowed via this API version"
    ));
    let one_label = csr(
        &format!("{{request: {REQUEST}, signerName: signer/x, usages: [any]}}"),
        "{}",
    );
    assert!(csr_kind().validate(None, &one_label).unwrap_err().ends_with(
        "spec.signerName: Invalid value: \"signer\": should be a domain with at least two segments separated by dots"
    ));
}

/// `validateCertificateSigningRequestUpdate`: a `/status` write may not add
/// an Approved condition (only `/approval` may) nor remove one.
#[test]
fn approval_conditions_cannot_be_added_or_removed() {
    let pending = csr(&good_spec(), "{}");
    let approved = csr(
        &good_spec(),
        "{conditions: [{type: Approved, status: 'True', reason: R}]}",
    );
    assert_eq!(
        csr_kind().validate(Some(&pending), &approved).unwrap_err(),
        "CertificateSigningRequest.certificates.k8s.io \"alice\" is invalid: status.conditions: Forbidden: updates may not add a condition of type \"Approved\""
    );
    assert_eq!(
        csr_kind().validate(Some(&approved), &pending).unwrap_err(),
        "CertificateSigningRequest.certificates.k8s.io \"alice\" is invalid: status.conditions: Forbidden: updates may not remove a condition of type \"Approved\""
    );
    // A signer's Failed condition and the certificate may be added.
    let issued = csr(
        &good_spec(),
        &format!(
            "{{certificate: {CERTIFICATE}, conditions: [{{type: Approved, status: 'True'}}, {{type: Failed, status: 'True'}}]}}"
        ),
    );
    assert!(csr_kind().validate(Some(&approved), &issued).is_ok());
    // But an issued certificate stays.
    let reissued = csr(
        &good_spec(),
        &format!(
            "{{certificate: {REQUEST}, conditions: [{{type: Approved, status: 'True'}}, {{type: Failed, status: 'True'}}]}}"
        ),
    );
    assert_eq!(
        csr_kind().validate(Some(&issued), &reissued).unwrap_err(),
        "CertificateSigningRequest.certificates.k8s.io \"alice\" is invalid: [status.certificate: Invalid value: \"<certificate data>\": only CERTIFICATE PEM blocks are allowed, found \"CERTIFICATE REQUEST\", status.certificate: Forbidden: updates may not modify existing certificate content]"
    );
}

/// `validateConditions`: Approved only True, not beside Denied, no type twice.
#[test]
fn condition_rules() {
    let pending = csr(&good_spec(), "{}");
    let bad = csr(
        &good_spec(),
        "{conditions: [{type: Approved, status: 'False'}, {type: Denied, status: 'True'}, {type: Custom, status: Maybe}, {type: Custom, status: 'True'}]}",
    );
    let err = csr_kind().validate(Some(&pending), &bad).unwrap_err();
    assert!(
        err.contains(
            "status.conditions[0].status: Unsupported value: \"False\": supported values: \"True\""
        ),
        "{err}"
    );
    assert!(err.contains("status.conditions[1].type: Invalid value: \"Denied\": Approved and Denied conditions are mutually exclusive"), "{err}");
    assert!(err.contains("status.conditions[2].status: Unsupported value: \"Maybe\": supported values: \"False\", \"True\", \"Unknown\""), "{err}");
    assert!(
        err.contains("status.conditions[3].type: Duplicate value: \"Custom\""),
        "{err}"
    );
}
