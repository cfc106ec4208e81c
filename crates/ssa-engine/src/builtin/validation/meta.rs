//! apimachinery `pkg/api/validation/objectmeta.go` as Kubernetes 1.36
//! (apimachinery v0.36) has it: `ValidateObjectMetaAccessor` — the name by
//! the kind's name function, then `validateObjectMetaAccessorWithOptsCommon`
//! (`ValidateLabels`, `ValidateAnnotations`, `ValidateOwnerReferences`,
//! `ValidateFinalizers`) — and, for kinds whose validation calls
//! `pkg/apis/core/validation`'s `ValidateObjectMeta` /
//! `ValidateObjectMetaUpdate` rather than apimachinery's, the finalizer-name
//! check that wrapper adds (`validateKubeFinalizerName`).
//!
//! On update, `ValidateObjectMetaAccessorUpdate`'s immutable uid. Not
//! modelled, being the engine's to set or the request's: namespace (the
//! request's), generation, resourceVersion, timestamps, managedFields. A
//! `generateName` beside a name is checked (the name function's prefix
//! form) and never used: a scenario's object always has its name.

use super::field::{
    BadValue, Errors, FieldError, child, index, invalid, invalid_each, json_string, named, too_long,
};
use super::{items, names};
use crate::value::{Map, Value, go_quote};

/// A kind's name function (`ValidateNameFunc`), on create.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NameRule {
    /// `NameIsDNSSubdomain`: most kinds.
    Subdomain,
    /// A DNS subdomain by `ValidateObjectMetaWithOpts`, which does not
    /// check a `generateName` (DeviceClass).
    LongName,
    /// `NameIsDNSLabel`: Namespace.
    Label,
    /// `NameIsDNS1035Label`: Service.
    Dns1035,
    /// `path.IsValidPathSegmentName`: RBAC's `ValidateRBACName`, and the
    /// registry's own pass (`rest.BeforeCreate`, `validateCommonFields`).
    PathSegment,
    /// CustomResourceDefinition: a DNS subdomain, `<plural>.<group>`.
    Crd,
    /// APIService: a path segment, `<version>.<group>`.
    ApiService,
    /// LeaseCandidate's `ValidLeaseCandidateName`: `IsConfigMapKey`.
    ConfigMapKey,
    /// StorageVersion's `ValidateStorageVersionName`: `<group>.<resource>`.
    StorageVersion,
    /// ClusterTrustBundle's `ValidateClusterTrustBundleName`: a DNS
    /// subdomain after the prefix its `spec.signerName` asks for.
    TrustBundle,
    /// IPAddress's `ValidateIPAddressName`: `IsValidIP`'s details (an
    /// address in canonical form; the prefix form is the name's).
    Ip,
    /// A name function that accepts every name (CertificateSigningRequest:
    /// `ValidateCertificateRequestName`).
    Any,
}

/// The errors of `metadata` on update: `ValidateObjectMetaAccessorUpdate`'s
/// immutable uid first (`BeforeUpdate` gives an update without one the
/// stored uid, so only a uid that differs is an error), then the rules
/// every write meets (the name as a path segment: `validateCommonFields`).
pub(crate) fn object_meta_update(new: &Value, old: &Value, kube: bool) -> Vec<FieldError> {
    fn uid(v: &Value) -> Option<&str> {
        v.get_path(&["metadata", "uid"])
            .and_then(Value::as_str)
            .filter(|uid| !uid.is_empty())
    }
    let mut errs = Vec::new();
    if let Some(changed) = uid(new).filter(|&u| uid(old) != Some(u)) {
        errs.push(invalid(
            "metadata.uid",
            BadValue::str(changed),
            "field is immutable",
        ));
    }
    errs.extend(object_meta(new, NameRule::PathSegment, kube));
    errs
}

/// The errors of `metadata` by `rule`, in upstream's order; `kube` adds
/// core/validation's finalizer-name check.
pub(crate) fn object_meta(object: &Value, rule: NameRule, kube: bool) -> Vec<FieldError> {
    let metadata = object.get("metadata");
    let meta = |key: &str| metadata.and_then(|m| m.get(key));
    let text = |key: &str| meta(key).and_then(Value::as_str).unwrap_or("");
    let (name, generate_name) = (text("name"), text("generateName"));
    let mut errs = Vec::new();
    // The name function's `prefix` form: a name the server would append
    // random characters to.
    if !generate_name.is_empty() {
        errs.extend(
            name_errors(rule, generate_name, true, object)
                .iter()
                .map(|m| invalid("metadata.generateName", BadValue::str(generate_name), m)),
        );
    }
    if name.is_empty() {
        errs.required("metadata.name", "name or generateName is required");
    } else {
        errs.extend(
            name_errors(rule, name, false, object)
                .iter()
                .map(|m| invalid("metadata.name", BadValue::str(name), m)),
        );
    }
    errs.extend(labels(meta("labels"), "metadata.labels"));
    errs.extend(rest(metadata, kube));
    errs
}

impl NameRule {
    /// The name functions of the `rare-kinds` feature.
    pub(crate) fn is_rare(self) -> bool {
        matches!(
            self,
            NameRule::ConfigMapKey
                | NameRule::StorageVersion
                | NameRule::TrustBundle
                | NameRule::Ip
        )
    }
}

/// The messages of `rule` for `name` (not empty), or with `prefix` for a
/// `generateName`: the DNS rules take it with its trailing dash masked
/// (`maskTrailingDash`: its last two bytes become `a`), the path-segment
/// rule only refuses `/` and `%` (`IsPathSegmentPrefix`).
fn name_errors(rule: NameRule, name: &str, prefix: bool, object: &Value) -> Vec<String> {
    // What the DNS rules check: `maskTrailingDash` in the prefix form.
    let dns = |name: &str| -> String {
        match name.as_bytes() {
            [head @ .., _, b'-'] if prefix => {
                let mut bytes = head.to_vec();
                bytes.push(b'a');
                String::from_utf8_lossy(&bytes).into_owned()
            }
            _ => name.to_string(),
        }
    };
    let masked = dns(name);
    let spec = object.get("spec");
    let text = |path: &[&str]| spec.and_then(|s| s.get_path(path)).and_then(Value::as_str);
    // What CustomResourceDefinition and APIService names must be.
    let required = |first: &[&str]| {
        format!(
            "{}.{}",
            text(first).unwrap_or(""),
            text(&["group"]).unwrap_or("")
        )
    };
    match rule {
        NameRule::Subdomain => names::dns1123_subdomain(&masked),
        NameRule::LongName if prefix => vec![],
        NameRule::LongName => names::dns1123_subdomain(name),
        NameRule::Label => names::dns1123_label(&masked),
        NameRule::Dns1035 => names::dns1035_label(&masked),
        // `IsPathSegmentPrefix`: `.` and `..` are good prefixes.
        NameRule::PathSegment if prefix && (name == "." || name == "..") => vec![],
        NameRule::PathSegment => names::path_segment(name),
        NameRule::Crd => {
            let mut msgs = names::dns1123_subdomain(&masked);
            if name != required(&["names", "plural"]) {
                msgs.push("must be spec.names.plural+\".\"+spec.group".to_string());
            }
            msgs
        }
        NameRule::ApiService => {
            let required = required(&["version"]);
            let msgs = names::path_segment(name);
            if msgs.is_empty() && name != required {
                return vec![format!(
                    "must be `spec.version+\".\"+spec.group`: {}",
                    go_quote(&required)
                )];
            }
            msgs
        }
        NameRule::ConfigMapKey
        | NameRule::StorageVersion
        | NameRule::TrustBundle
        | NameRule::Ip => rare_name_errors(rule, name, &dns, text(&["signerName"]).unwrap_or("")),
        NameRule::Any => vec![],
    }
}

/// The name functions of kinds no lesson or preset writes (LeaseCandidate,
/// StorageVersion, ClusterTrustBundle, IPAddress), the `rare-kinds` feature: the page
/// asks the API package for these kinds (`KindValidation::validator`).
/// `dns` masks a prefix's trailing dash (LeaseCandidate's and
/// StorageVersion's functions take the prefix form as a name).
#[cfg(feature = "rare-kinds")]
fn rare_name_errors(
    rule: NameRule,
    name: &str,
    dns: &dyn Fn(&str) -> String,
    signer: &str,
) -> Vec<String> {
    match rule {
        NameRule::ConfigMapKey => names::config_map_key(name),
        NameRule::StorageVersion => match name.rsplit_once('.') {
            None => vec!["name must be in the form of <group>.<resource>".to_string()],
            Some((group, resource)) => {
                let group = names::dns1123_subdomain(group);
                let resource = names::dns1035_label(resource);
                let group = group.into_iter().map(|m| format!("the group segment {m}"));
                group
                    .chain(
                        resource
                            .into_iter()
                            .map(|m| format!("the resource segment {m}")),
                    )
                    .collect()
            }
        },
        NameRule::TrustBundle => {
            if signer.is_empty() {
                if name.contains(':') {
                    return vec![
                        "ClusterTrustBundle without signer name must not have \":\" in its name"
                            .to_string(),
                    ];
                }
                return names::dns1123_subdomain(&dns(name));
            }
            let required = format!("{}:", signer.replace('/', ":"));
            match name.strip_prefix(&required) {
                None => vec![format!(
                    "ClusterTrustBundle for signerName {signer} must be named with prefix {required}"
                )],
                Some(rest) => names::dns1123_subdomain(&dns(rest)),
            }
        }
        NameRule::Ip => super::ip::is_valid_ip(name),
        _ => vec![],
    }
}

/// Without the `rare-kinds` feature, the registry's pass alone.
#[cfg(not(feature = "rare-kinds"))]
fn rare_name_errors(_: NameRule, _: &str, _: &dyn Fn(&str) -> String, _: &str) -> Vec<String> {
    vec![]
}

/// A map's keys, sorted: upstream walks a Go map (no fixed order).
pub(crate) fn sorted_keys(map: Option<&Map>) -> Vec<&String> {
    let mut keys: Vec<&String> = map.map(|m| m.keys().collect()).unwrap_or_default();
    crate::sort::sort(&mut keys);
    keys
}

/// A string value of `map` (`""` when it is not one).
fn text<'a>(map: &'a Map, key: &str) -> &'a str {
    map.get(key).and_then(Value::as_str).unwrap_or("")
}

/// `ValidateLabels`: every key a qualified name, every value a label
/// value.
pub(crate) fn labels(labels: Option<&Value>, path: &str) -> Vec<FieldError> {
    let map = labels.and_then(Value::as_map);
    let mut errs = Vec::new();
    for key in sorted_keys(map) {
        for m in names::label_key(key) {
            errs.invalid(path, BadValue::Str(key.clone()), &m);
        }
        let value = map.map_or("", |m| text(m, key));
        for m in names::label_value(value) {
            errs.invalid(path, BadValue::str(value), &m);
        }
    }
    errs
}

/// `ValidateLabelSelector` (apimachinery `apis/meta/v1/validation`) as
/// every modelled caller runs it on create, refusing invalid label values:
/// `matchLabels` as labels, then each `matchExpressions` requirement
/// ([`requirement`]). Empty exactly when `LabelSelectorAsSelector`
/// succeeds (its `NewRequirement` checks the same), so callers take errors
/// here for its failure.
#[inline(never)]
pub(crate) fn label_selector(selector: Option<&Value>, path: &str) -> Vec<FieldError> {
    let Some(selector) = selector.filter(|s| !s.is_null()) else {
        return vec![];
    };
    let mut errs = labels(selector.get("matchLabels"), &child(path, "matchLabels"));
    requirements(
        &mut errs,
        selector,
        path,
        "matchExpressions",
        Requirement::Label,
    );
    errs
}

/// Whose requirement [`requirement`] checks.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Requirement {
    /// A label selector's (`ValidateLabelSelectorRequirement`).
    Label,
    /// A node selector term's `matchExpressions`
    /// (`ValidateNodeSelectorRequirement`: also `Gt` and `Lt`, one value
    /// each), the values label values when `true` (a required term's; a
    /// preferred one's may be anything).
    Node(bool),
    /// A node selector term's `matchFields`
    /// (`ValidateNodeFieldSelectorRequirement`: `In` or `NotIn` with one
    /// value, the key `metadata.name`, the values node names).
    Field,
}

/// [`requirement`] for each item of the list at `key` of `parent` (under
/// `path`).
#[inline(never)]
pub(crate) fn requirements(
    errs: &mut Vec<FieldError>,
    parent: &Value,
    path: &str,
    key: &str,
    of: Requirement,
) {
    let list = child(path, key);
    for (i, r) in items(parent.get(key)).iter().enumerate() {
        requirement(errs, r, &index(&list, i), of);
    }
}

/// One requirement at `at`, in upstream's order: the operator and the
/// number of values, the key (`ValidateLabelName`), the values.
fn requirement(errs: &mut Vec<FieldError>, requirement: &Value, at: &str, of: Requirement) {
    let values_path = child(at, "values");
    let values = items(requirement.get("values"));
    let text = |key: &str| requirement.get(key).and_then(Value::as_str).unwrap_or("");
    let field = of == Requirement::Field;
    match (of, text("operator")) {
        (Requirement::Field, "In" | "NotIn") if values.len() != 1 => errs.required(
            values_path.clone(),
            "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
        ),
        (Requirement::Label | Requirement::Node(_), "In" | "NotIn") if values.is_empty() => errs
            .required(
                values_path.clone(),
                "must be specified when `operator` is 'In' or 'NotIn'",
            ),
        (Requirement::Label | Requirement::Node(_), "Exists" | "DoesNotExist")
            if !values.is_empty() =>
        {
            errs.forbidden(
                values_path.clone(),
                "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
            )
        }
        (Requirement::Node(_), "Gt" | "Lt") if values.len() != 1 => errs.required(
            values_path.clone(),
            "must be specified single value when `operator` is 'Lt' or 'Gt'",
        ),
        // Known to this kind of requirement, with its values right.
        (Requirement::Field, "In" | "NotIn")
        | (Requirement::Label | Requirement::Node(_), "In" | "NotIn" | "Exists" | "DoesNotExist")
        | (Requirement::Node(_), "Gt" | "Lt") => {}
        // A `LabelSelectorOperator` or `NodeSelectorOperator`, printed by
        // `json.Marshal`.
        (_, operator) => errs.invalid(
            child(at, "operator"),
            named(operator),
            "not a valid selector operator",
        ),
    }
    let key = text("key");
    if !field {
        invalid_each(errs, &child(at, "key"), key, names::label_key(key));
    } else if key != "metadata.name" {
        return errs.invalid(
            child(at, "key"),
            BadValue::str(key),
            "not a valid field selector key",
        );
    }
    if of == Requirement::Node(false) {
        return;
    }
    // `nodeFieldSelectorValidators`' ValidateNodeName, or label values.
    let rule = if field {
        names::dns1123_subdomain
    } else {
        names::label_value
    };
    for (j, value) in values.iter().enumerate() {
        let value = value.as_str().unwrap_or("");
        invalid_each(errs, &index(&values_path, j), value, rule(value));
    }
}

/// `ValidateAnnotations`' keys, at `path`: each a qualified name once
/// lower-cased (in the map's sorted order, as Go's test order is random).
pub(crate) fn annotations(map: Option<&Value>, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for key in sorted_keys(map.and_then(Value::as_map)) {
        // Go's strings.ToLower; only ASCII letters can pass anyway.
        for m in names::label_key(&key.to_ascii_lowercase()) {
            errs.invalid(path, BadValue::Str(key.clone()), &m);
        }
    }
    // ValidateAnnotationsSize: keys and values together, in bytes (a
    // large object's last-applied annotation meets it).
    let size: usize = map
        .and_then(Value::as_map)
        .into_iter()
        .flatten()
        .map(|(k, v)| k.len() + v.as_str().map_or(0, str::len))
        .sum();
    if size > TOTAL_ANNOTATION_SIZE_LIMIT {
        errs.push(too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT));
    }
    errs
}

/// `TotalAnnotationSizeLimitB`: 256 KiB.
const TOTAL_ANNOTATION_SIZE_LIMIT: usize = 256 * 1024;

/// core/validation's `validateKubeFinalizerName` of `name` at `path`: a
/// name without a domain is one of the finalizers Kubernetes itself
/// defines (`standardFinalizers`).
pub(crate) fn kube_finalizer_name(errs: &mut Vec<FieldError>, name: &str, path: impl Into<String>) {
    if !name.contains('/') && !["kubernetes", "orphan", "foregroundDeletion"].contains(&name) {
        errs.invalid(
            path,
            BadValue::str(name),
            "name is neither a standard finalizer name nor is it fully qualified",
        );
    }
}

/// `ValidateAnnotations` (every key a qualified name once lowercased),
/// `ValidateOwnerReferences` (v0.36: each error at the list's path;
/// apiVersion, kind, name and uid set) and `ValidateFinalizers`
/// (qualified names), then with `kube` core/validation's
/// `validateKubeFinalizerName` at each finalizer's index. A bad value
/// that is an owner reference or the list of them is printed as
/// apimachinery v0.36 prints values that are not scalars, by
/// `json.Marshal`.
fn rest(metadata: Option<&Value>, kube: bool) -> Vec<FieldError> {
    // `json.Marshal` of a `metav1.OwnerReference`, by the table's struct.
    let owner_json = |owner| super::internal_json::pointer_to("OwnerReference", owner);
    let meta = |key: &str| metadata.and_then(|m| m.get(key));
    let mut errs = annotations(meta("annotations"), "metadata.annotations");
    let list = |key: &str| -> &[Value] {
        meta(key)
            .and_then(Value::as_list)
            .map(Vec::as_slice)
            .unwrap_or_default()
    };
    let owners = list("ownerReferences");
    let mut first_controller = None;
    for owner in owners {
        let text = |k: &str| owner.get(k).and_then(Value::as_str).unwrap_or("");
        let api_version = text("apiVersion");
        // `schema.FromAPIVersionAndKind`: "group/version" or "version"; more
        // than one '/' parses to nothing.
        let version = match api_version.split_once('/') {
            None => api_version,
            Some((_, v)) if !v.contains('/') => v,
            _ => "",
        };
        if version.is_empty() {
            errs.invalid(
                "metadata.ownerReferences.apiVersion",
                BadValue::str(api_version),
                "version must not be empty",
            );
        }
        for (key, path) in [
            ("kind", "metadata.ownerReferences.kind"),
            ("name", "metadata.ownerReferences.name"),
            ("uid", "metadata.ownerReferences.uid"),
        ] {
            if text(key).is_empty() {
                errs.invalid(path, BadValue::str(""), "must not be empty");
            }
        }
        // BannedOwners.
        if api_version == "v1" && text("kind") == "Event" {
            errs.invalid(
                "metadata.ownerReferences",
                BadValue::Json(owner_json(Some(owner))),
                "/v1, Kind=Event is disallowed from being an owner",
            );
        }
        if owner.get("controller").and_then(Value::as_bool) == Some(true) {
            let name = [text("kind"), "/", text("name")].concat();
            match &first_controller {
                None => first_controller = Some(name),
                Some(first) => {
                    let all: Vec<String> = owners.iter().map(|o| owner_json(Some(o))).collect();
                    errs.invalid(
                        "metadata.ownerReferences",
                        BadValue::Json(format!("[{}]", all.join(","))),
                        &format!("Only one reference can have Controller set to true. Found \"true\" in references for {first} and {name}"),
                    );
                }
            }
        }
    }
    let finalizers: Vec<&str> = list("finalizers")
        .iter()
        .map(|f| f.as_str().unwrap_or(""))
        .collect();
    for f in &finalizers {
        for m in names::label_key(f) {
            errs.invalid("metadata.finalizers", BadValue::str(f), &m);
        }
    }
    if ["orphan", "foregroundDeletion"]
        .iter()
        .all(|f| finalizers.contains(f))
    {
        let quoted: Vec<String> = finalizers.iter().map(|f| json_string(f)).collect();
        errs.invalid(
            "metadata.finalizers",
            BadValue::Json(format!("[{}]", quoted.join(","))),
            "finalizer orphan and foregroundDeletion cannot be both set",
        );
    }
    if kube {
        for (i, f) in finalizers.iter().enumerate() {
            kube_finalizer_name(&mut errs, f, format!("metadata.finalizers[{i}]"));
        }
    }
    errs
}

#[cfg(feature = "rare-kinds")]
/// metav1 validation's `ValidateConditions` (each `metav1.Condition`: a
/// type given once and a qualified name, a status of True, False or
/// Unknown, an observed generation not negative, a transition time, a
/// reason in its format, at most 1 KiB, and a message of at most 32 KiB).
pub(crate) fn conditions(list: Option<&Value>, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (i, condition) in super::items(list).iter().enumerate() {
        let at = index(path, i);
        let text = |key| super::text(condition, key);
        let kind = text("type");
        if seen.contains(&kind) {
            errs.duplicate(at.clone(), BadValue::str(kind));
        } else {
            seen.push(kind);
        }
        let type_path = child(&at, "type");
        if kind.is_empty() {
            errs.required(type_path, "is required");
        } else {
            invalid_each(&mut errs, &type_path, kind, names::label_key(kind));
        }
        match text("status") {
            "" => errs.required(child(&at, "status"), ""),
            "True" | "False" | "Unknown" => {}
            other => errs.not_supported(
                child(&at, "status"),
                named(other),
                &["False", "True", "Unknown"],
            ),
        }
        if let Some(generation) = condition.get("observedGeneration").and_then(Value::as_i64)
            && generation < 0
        {
            errs.invalid(
                child(&at, "observedGeneration"),
                BadValue::Int(generation),
                "must be greater than or equal to zero",
            );
        }
        // `IsZero`: unset, or the zero time.
        if matches!(text("lastTransitionTime"), "" | "0001-01-01T00:00:00Z") {
            errs.required(child(&at, "lastTransitionTime"), "");
        }
        let reason = text("reason");
        if reason.is_empty() {
            errs.required(child(&at, "reason"), "");
        } else {
            let reason_path = child(&at, "reason");
            invalid_each(
                &mut errs,
                &reason_path,
                reason,
                names::condition_reason(reason),
            );
            if reason.len() > 1024 {
                errs.push(super::field::too_long(&reason_path, 1024));
            }
        }
        if text("message").len() > 32 * 1024 {
            errs.push(super::field::too_long(&child(&at, "message"), 32 * 1024));
        }
    }
    errs
}

/// `tools/meta-diff`'s comparison: random metadata validated by
/// apimachinery's `ValidateObjectMeta` (`$META_DIFF/in.jsonl`, `out.jsonl`)
/// and by [`object_meta`], the errors compared as sets (upstream walks Go
/// maps). Run by hand: `META_DIFF=DIR cargo test -p ssa-engine --lib
/// meta_diff -- --ignored`.
#[cfg(test)]
mod meta_diff {
    use super::*;

    #[test]
    #[ignore = "needs the files tools/meta-diff writes"]
    fn meta_diff_against_apimachinery() {
        use crate::upstream_diff::sorted_set;
        crate::upstream_diff::each_case("META_DIFF", |case, answer| {
            let expected = answer.get("errors").and_then(Value::as_list)?;
            let rule = match case.get("rule").and_then(Value::as_str) {
                Some("Label") => NameRule::Label,
                Some("Dns1035") => NameRule::Dns1035,
                Some("PathSegment") => NameRule::PathSegment,
                _ => NameRule::Subdomain,
            };
            let mut object = Map::new();
            object.insert("metadata", case.get("meta").cloned().unwrap_or_default());
            let ours = sorted_set(
                object_meta(&Value::Map(object), rule, false)
                    .iter()
                    .map(ToString::to_string),
            );
            let theirs = sorted_set(
                expected
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string),
            );
            (ours != theirs).then(|| format!("go:   {theirs:?}\n  ours: {ours:?}"))
        });
    }
}
