//! `pkg/apis/core/validation/validation.go`'s `ValidateVolumes` (a pod's
//! volumes: a DNS-label name, once, one volume type, and that type's own
//! rules, `validateVolumeSource`) and `ValidateVolumeMounts` (a
//! container's mounts: of a volume the pod has, at a path given once).
//!
//! Each volume type's rules follow its upstream function, in upstream's
//! order (Kubernetes 1.36, default feature gates): an emptyDir's size
//! limit, a hostPath's path and type, a gitRepo's repository and
//! directory, secret, configMap, downwardAPI and projected sources (file
//! modes, items' keys and local paths, field and resource selectors,
//! service account tokens, duplicate paths), a claim's name, nfs, csi
//! (driver name, secret reference), ephemeral (the claim template's
//! metadata, then `pvc`'s claim spec rules, its selector and data
//! sources among them), image (reference and pull
//! policy), and the required fields of the in-tree plugins. Their other
//! rules (disk partitions, iscsi's name formats and LUN, fc, flocker,
//! quobyte, azureDisk, storageos, cinder, flexVolume's options) are the
//! `rare-kinds` feature: the page asks the API package about a pod that
//! has such a volume (`RarePodFields`).
//!
//! Not modelled: what needs the pod's name (an ephemeral volume's claim
//! name, a claim of one), projected `clusterTrustBundle` and
//! `podCertificate` sources (their gates, ClusterTrustBundleProjection
//! and PodCertificateRequest, are off in 1.36: the strategy drops them),
//! and `strings.ToLower`'s folding of non-ASCII letters (a csi driver, an
//! annotation subscript, a flexVolume option are lower-cased as ASCII).

use super::field::{
    BadValue, Errors, FieldError, child, duplicate, forbidden, index, invalid_each, named,
    not_found, required, too_long,
};
use super::{at, items, names, pvc, text};
use crate::builtin::goencoding::quantity;
use crate::value::{Map, Value};

/// `ValidateVolumes` at `path`: the errors, and the names of the volumes
/// without errors (upstream's map of volumes, which the mounts are
/// checked against).
pub(super) fn volumes(list: Option<&Value>, path: &str) -> (Vec<FieldError>, Vec<String>) {
    let mut errs = Vec::new();
    let mut valid: Vec<String> = Vec::new();
    for (i, volume) in items(list).iter().enumerate() {
        let vol_path = index(path, i);
        let name = text(volume, "name");
        // validateVolumeSource: the first type set counts (its rules
        // run), each further one is refused at its own path.
        let mut el = Vec::new();
        let mut found = false;
        for key in VOLUME_TYPES {
            let Some(source) = at(Some(volume), key) else {
                continue;
            };
            if found {
                // Upstream's own spelling of two of them.
                let spelled = match key {
                    "cephfs" => "cephFS",
                    "downwardAPI" => "downwarAPI",
                    key => key,
                };
                el.push(forbidden(
                    child(&vol_path, spelled),
                    "may not specify more than 1 volume type",
                ));
            } else {
                found = true;
                // validateGCEPersistentDiskVolumeSource's path.
                let spelled = if key == "gcePersistentDisk" {
                    "persistentDisk"
                } else {
                    key
                };
                source_rules(&mut el, key, source, &child(&vol_path, spelled));
            }
            // An iSCSI initiator's name is <volume>:<portal>, refused
            // even when iscsi is not the first type.
            #[cfg(feature = "rare-kinds")]
            if key == "iscsi"
                && at(Some(source), "initiatorName").is_some()
                && name.len() + 1 + text(source, "targetPortal").len() > 64
            {
                el.invalid(
                    child(&vol_path, "name"),
                    BadValue::str(name),
                    ISCSI_NAME_TOO_LONG,
                );
            }
        }
        if !found {
            el.push(required(vol_path.as_str(), "must specify a volume type"));
        }
        let name_path = child(&vol_path, "name");
        if name.is_empty() {
            el.push(required(name_path.as_str(), ""));
        } else {
            invalid_each(&mut el, &name_path, name, names::dns1123_label(name));
        }
        if valid.iter().any(|v| v == name) {
            el.push(duplicate(name_path, BadValue::str(name)));
        }
        if el.is_empty() {
            valid.push(name.to_string());
        }
        errs.extend(el);
    }
    (errs, valid)
}

/// The fields each volume type requires (`len(x) == 0`: an empty string
/// or list), checked first, in its function's order; the rest of its
/// rules are [`source_rules`]'.
const REQUIRED: [(&str, &str); 21] = [
    ("gitRepo", "repository"),
    ("gcePersistentDisk", "pdName"),
    ("awsElasticBlockStore", "volumeID"),
    ("secret", "secretName"),
    ("nfs", "server path"),
    ("iscsi", "targetPortal"),
    ("glusterfs", "endpoints path"),
    ("persistentVolumeClaim", "claimName"),
    ("rbd", "monitors image"),
    ("cinder", "volumeID"),
    ("cephfs", "monitors"),
    ("flexVolume", "driver"),
    ("configMap", "name"),
    ("azureFile", "secretName shareName"),
    ("vsphereVolume", "volumePath"),
    ("photonPersistentDisk", "pdID"),
    ("portworxVolume", "volumeID"),
    ("azureDisk", "diskName diskURI"),
    ("storageos", "volumeName"),
    ("scaleIO", "gateway system volumeName"),
    ("image", "reference"),
];

/// Whether a field is Go's zero length (absent, null, `""`, `[]`).
fn blank(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(Value::List(l)) => l.is_empty(),
        _ => false,
    }
}

/// The rules of the volume source `key` (`s`) at `at`, after its
/// required fields: `validate<Type>VolumeSource`.
pub(super) fn source_rules(errs: &mut Vec<FieldError>, key: &str, s: &Value, at: &str) {
    let path = |k: &str| child(at, k);
    let str_of = |k: &str| text(s, k);
    for (_, fields) in REQUIRED.iter().filter(|(k, _)| *k == key) {
        for field in fields.split(' ') {
            if blank(s.get(field)) {
                errs.required(path(field), "");
            }
        }
    }
    match key {
        "emptyDir" => {
            let negative = s
                .get("sizeLimit")
                .filter(|v| !v.is_null())
                .and_then(super::resources::quantity_text)
                .and_then(|q| quantity::compare(Some(&q), None))
                == Some(std::cmp::Ordering::Less);
            if negative {
                errs.forbidden(
                    path("sizeLimit"),
                    "SizeLimit field must be a valid resource quantity",
                );
            }
        }
        "hostPath" => {
            let host = str_of("path");
            if host.is_empty() {
                return errs.required(path("path"), "");
            }
            no_backsteps(errs, host, &path("path"));
            // validateHostPathType (defaulted to "").
            if let Some(kind) = s.get("type").and_then(Value::as_str)
                && !HOST_PATH_TYPES.contains(&kind)
            {
                errs.not_supported(path("type"), named(kind), &HOST_PATH_TYPES);
            }
        }
        "gitRepo" => local_descending(errs, str_of("directory"), &path("directory")),
        "secret" | "configMap" => {
            file_mode(errs, s, "defaultMode", at);
            let items_path = path("items");
            for (i, kp) in items(s.get("items")).iter().enumerate() {
                key_to_path(errs, kp, &index(&items_path, i));
            }
        }
        "nfs" => {
            let p = str_of("path");
            if !p.starts_with('/') {
                errs.invalid(path("path"), BadValue::str(p), "must be an absolute path");
            }
        }
        "downwardAPI" => {
            file_mode(errs, s, "defaultMode", at);
            for file in items(s.get("items")) {
                downward_file(errs, file, at);
            }
        }
        "projected" => projected(errs, s, at),
        "csi" => {
            csi_driver_name(errs, str_of("driver"), &path("driver"));
            csi_secret(errs, s, at);
        }
        "ephemeral" => ephemeral(errs, s, at),
        "image" => pull_policy(errs, s.get("pullPolicy"), &path("pullPolicy")),
        #[cfg(feature = "rare-kinds")]
        _ => in_tree(errs, key, s, at),
        #[cfg(not(feature = "rare-kinds"))]
        _ => {}
    }
}

/// The in-tree plugins' own rules after their required fields (the
/// `rare-kinds` feature: the page leaves them out for its size budget).
#[cfg(feature = "rare-kinds")]
fn in_tree(errs: &mut Vec<FieldError>, key: &str, s: &Value, at: &str) {
    let path = |k: &str| child(at, k);
    let str_of = |k: &str| text(s, k);
    match key {
        "gcePersistentDisk" | "awsElasticBlockStore" => {
            let n = s.get("partition").and_then(Value::as_i64).unwrap_or(0);
            if !(0..=255).contains(&n) {
                errs.invalid(
                    path("partition"),
                    BadValue::Int(n),
                    "must be between 1 and 255, inclusive",
                );
            }
        }
        "iscsi" => iscsi(errs, s, at, false),
        "flocker" => {
            let (name, uuid) = (str_of("datasetName"), str_of("datasetUUID"));
            if name.is_empty() && uuid.is_empty() {
                errs.required(at, "one of datasetName and datasetUUID is required");
            }
            if !name.is_empty() && !uuid.is_empty() {
                errs.invalid(
                    at,
                    BadValue::str("resource"),
                    "datasetName and datasetUUID can not be specified simultaneously",
                );
            }
            if name.contains('/') {
                errs.invalid(
                    path("datasetName"),
                    BadValue::str(name),
                    "must not contain '/'",
                );
            }
        }
        "cinder" | "storageos" => {
            // validateStorageOSVolumeSource: DNS labels.
            if key == "storageos" && !str_of("volumeName").is_empty() {
                dns_label(errs, s, "volumeName", at);
            }
            if key == "storageos" && !str_of("volumeNamespace").is_empty() {
                dns_label(errs, s, "volumeNamespace", at);
            }
            if at_key(s, "secretRef").is_some_and(|r| text(r, "name").is_empty()) {
                errs.required(child(&path("secretRef"), "name"), "");
            }
        }
        "quobyte" => quobyte(errs, s, at),
        "fc" => fc(errs, s, at),
        "flexVolume" => {
            // Go walks the map at random; sorted here.
            for k in super::meta::sorted_keys(s.get("options").and_then(Value::as_map)) {
                let ns = k.split_once('/').map_or(k.as_str(), |(ns, _)| ns);
                let normalized = [".", &ns.to_ascii_lowercase()].concat();
                if normalized.ends_with(".kubernetes.io") || normalized.ends_with(".k8s.io") {
                    errs.invalid(
                        format!("{}[{k}]", path("options")),
                        BadValue::str(k),
                        "kubernetes.io and k8s.io namespaces are reserved",
                    );
                }
            }
        }
        "azureDisk" => azure_disk(errs, s, at),
        _ => {}
    }
}

#[cfg(feature = "rare-kinds")]
/// `ValidateDNS1123Label` of the string `key` of `s`, at `at.key`.
fn dns_label(errs: &mut Vec<FieldError>, s: &Value, key: &str, at: &str) {
    let v = text(s, key);
    invalid_each(errs, &child(at, key), v, names::dns1123_label(v));
}

/// The field `key` of `s` unless absent or null (`at`, which the
/// functions here name their path).
fn at_key<'a>(s: &'a Value, key: &str) -> Option<&'a Value> {
    at(Some(s), key)
}

/// `HostPathType`s, sorted as `sets.List` prints them.
const HOST_PATH_TYPES: [&str; 8] = [
    "",
    "BlockDevice",
    "CharDevice",
    "Directory",
    "DirectoryOrCreate",
    "File",
    "FileOrCreate",
    "Socket",
];

/// `ValidateCSIDriverName`: set, at most 63 bytes, a DNS subdomain once
/// lower-cased (an empty name fails both the first and the last).
pub(super) fn csi_driver_name(errs: &mut Vec<FieldError>, driver: &str, at: &str) {
    if driver.is_empty() {
        errs.required(at, "");
    }
    if driver.len() > 63 {
        errs.push(too_long(at, 63));
    }
    let lower = driver.to_ascii_lowercase();
    invalid_each(errs, at, driver, names::dns1123_subdomain(&lower));
}

/// `validateCSIVolumeSource`'s secret reference: a name, a DNS subdomain
/// (refused at `csi.name`, as upstream has it).
fn csi_secret(errs: &mut Vec<FieldError>, s: &Value, at: &str) {
    if let Some(r) = at_key(s, "nodePublishSecretRef") {
        let name = text(r, "name");
        if name.is_empty() {
            errs.required(child(&child(at, "nodePublishSecretRef"), "name"), "");
        } else {
            invalid_each(
                errs,
                &child(at, "name"),
                name,
                names::dns1123_subdomain(name),
            );
        }
    }
}

/// `validatePullPolicy`.
fn pull_policy(errs: &mut Vec<FieldError>, policy: Option<&Value>, at: &str) {
    match policy.and_then(Value::as_str).unwrap_or("") {
        "Always" | "IfNotPresent" | "Never" => {}
        "" => errs.required(at, ""),
        other => errs.not_supported(at, named(other), &["Always", "IfNotPresent", "Never"]),
    }
}

/// A file mode `key` of `s` (`defaultMode`, `mode`) outside 0..=0777.
fn file_mode(errs: &mut Vec<FieldError>, s: &Value, key: &str, at: &str) {
    if let Some(mode) = s.get(key).and_then(Value::as_i64)
        && !(0..=0o777).contains(&mode)
    {
        errs.invalid(
            child(at, key),
            BadValue::Int(mode),
            "must be a number between 0 and 0777 (octal), both inclusive",
        );
    }
}

/// `validateKeyToPath`: a key and a local path, a file mode.
fn key_to_path(errs: &mut Vec<FieldError>, kp: &Value, at: &str) {
    if text(kp, "key").is_empty() {
        errs.required(child(at, "key"), "");
    }
    let p = text(kp, "path");
    let path = child(at, "path");
    if p.is_empty() {
        errs.required(path.as_str(), "");
    }
    local_non_reserved(errs, p, &path);
    file_mode(errs, kp, "mode", at);
}

/// `validatePathNoBacksteps`: no `..` element.
pub(super) fn no_backsteps(errs: &mut Vec<FieldError>, p: &str, at: &str) {
    if p.split('/').any(|e| e == "..") {
        errs.invalid(at, BadValue::str(p), "must not contain '..'");
    }
}

/// `validateLocalDescendingPath`: relative, without backsteps.
fn local_descending(errs: &mut Vec<FieldError>, p: &str, at: &str) {
    if p.starts_with('/') {
        errs.invalid(at, BadValue::str(p), "must be a relative path");
    }
    no_backsteps(errs, p, at);
}

/// `ValidateLocalNonReservedPath`: a local descending path not starting
/// with `..`.
fn local_non_reserved(errs: &mut Vec<FieldError>, p: &str, at: &str) {
    local_descending(errs, p, at);
    if p.starts_with("..") && !p.starts_with("../") {
        errs.invalid(at, BadValue::str(p), "must not start with '..'");
    }
}

/// `validateDownwardAPIVolumeFile` at `at` (the source's path, not the
/// item's, as upstream has it).
fn downward_file(errs: &mut Vec<FieldError>, file: &Value, at: &str) {
    let p = text(file, "path");
    let path = child(at, "path");
    if p.is_empty() {
        errs.required(path.as_str(), "");
    }
    local_non_reserved(errs, p, &path);
    let resource = at_key(file, "resourceFieldRef");
    if let Some(field_ref) = at_key(file, "fieldRef") {
        object_field_selector(errs, field_ref, &child(at, "fieldRef"));
        if resource.is_some() {
            errs.invalid(
                at,
                BadValue::str("resource"),
                "fieldRef and resourceFieldRef can not be specified simultaneously",
            );
        }
    } else if let Some(r) = resource {
        resource_field_selector(errs, r, &child(at, "resourceFieldRef"));
    } else {
        errs.required(at, "one of fieldRef and resourceFieldRef is required");
    }
    file_mode(errs, file, "mode", at);
}

/// `validObjectFieldSelector`'s paths of a volume file
/// (`validVolumeDownwardAPIFieldPathExpressions`, sorted).
const VOLUME_FIELD_PATHS: [&str; 5] = [
    "metadata.annotations",
    "metadata.labels",
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
];

/// The other labels `ConvertDownwardAPIFieldLabel` converts.
const OTHER_FIELD_LABELS: &str = "spec.nodeName spec.restartPolicy spec.serviceAccountName spec.schedulerName status.phase status.hostIP status.hostIPs status.podIP status.podIPs";

/// `validateObjectFieldSelector` with a volume file's paths: an API
/// version and a path given, that `ConvertDownwardAPIFieldLabel`
/// converts; a label's or annotation's subscript a qualified name.
fn object_field_selector(errs: &mut Vec<FieldError>, fs: &Value, at: &str) {
    let (version, field_path) = (text(fs, "apiVersion"), text(fs, "fieldPath"));
    let path_at = child(at, "fieldPath");
    if version.is_empty() {
        return errs.required(child(at, "apiVersion"), "");
    }
    if field_path.is_empty() {
        return errs.required(path_at, "");
    }
    // fieldpath.SplitMaybeSubscriptedPath.
    let subscripted = field_path
        .strip_suffix("']")
        .and_then(|s| s.split_once("['"))
        .filter(|(p, _)| !p.is_empty());
    // ConvertDownwardAPIFieldLabel's refusal: why, and of what.
    let known =
        |p: &str| VOLUME_FIELD_PATHS.contains(&p) || OTHER_FIELD_LABELS.split(' ').any(|l| l == p);
    let refused = match (version, subscripted) {
        ("v1", Some(("metadata.annotations" | "metadata.labels", _))) => None,
        ("v1", Some(_)) => Some(("field label does not support subscript: ", field_path)),
        ("v1", None) if field_path == "spec.host" || known(field_path) => None,
        ("v1", None) => Some(("field label not supported: ", field_path)),
        (v, _) => Some(("unsupported pod version: ", v)),
    };
    if let Some((why, what)) = refused {
        let detail = ["error converting fieldPath: ", why, what].concat();
        return errs.invalid(path_at, BadValue::str(field_path), &detail);
    }
    match subscripted {
        // ValidateQualifiedName of the subscript (an annotation's
        // lower-cased), at the selector's path.
        Some((p, subscript)) => {
            let key = if p == "metadata.annotations" {
                subscript.to_ascii_lowercase()
            } else {
                subscript.to_string()
            };
            invalid_each(errs, at, &key, names::label_key(&key));
        }
        // The old clients' spec.host is spec.nodeName.
        None if !VOLUME_FIELD_PATHS.contains(&field_path) => {
            let p = if field_path == "spec.host" {
                "spec.nodeName"
            } else {
                field_path
            };
            errs.not_supported(path_at, BadValue::str(p), &VOLUME_FIELD_PATHS)
        }
        None => {}
    }
}

/// `validateContainerResourceFieldSelector` for a volume (a container
/// named), then `validateContainerResourceDivisor`.
fn resource_field_selector(errs: &mut Vec<FieldError>, fs: &Value, at: &str) {
    let resource = text(fs, "resource");
    if text(fs, "containerName").is_empty() {
        errs.required(child(at, "containerName"), "");
    } else if resource.is_empty() {
        errs.required(child(at, "resource"), "");
    } else if !super::core::RESOURCE_FIELD_PATHS.contains(&resource)
        && !resource.starts_with("requests.hugepages-")
        && !resource.starts_with("limits.hugepages-")
    {
        errs.not_supported(
            child(at, "resource"),
            BadValue::str(resource),
            &super::core::RESOURCE_FIELD_PATHS,
        );
    }
    // The divisor's String(); an unset or zero one is not checked.
    let Some(divisor) = fs
        .get("divisor")
        .filter(|v| !v.is_null())
        .and_then(super::resources::quantity_text)
        .and_then(|q| quantity::canonical(q.trim()))
        .filter(|d| d != "0")
    else {
        return;
    };
    let kind = match resource.split_once('.').map_or("", |(_, r)| r) {
        "cpu" if ["limits.cpu", "requests.cpu"].contains(&resource) => {
            if divisor != "1m" && divisor != "1" {
                errs.invalid(
                    child(at, "divisor"),
                    BadValue::str(resource),
                    "only divisor's values 1m and 1 are supported with the cpu resource",
                );
            }
            return;
        }
        "memory" => "memory",
        "ephemeral-storage" => "local ephemeral storage",
        r if r.starts_with("hugepages-") => "hugepages",
        _ => return,
    };
    let unit = divisor.strip_prefix('1').unwrap_or("-");
    if ![
        "", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
    ]
    .contains(&unit)
    {
        errs.invalid(
            child(at, "divisor"),
            BadValue::str(resource),
            &["only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the ", kind, " resource"].concat(),
        );
    }
}

/// `validateProjectedVolumeSource` and `validateProjectionSources`: each
/// source of one type (secret, configMap, downwardAPI,
/// serviceAccountToken), their paths once.
fn projected(errs: &mut Vec<FieldError>, s: &Value, at: &str) {
    file_mode(errs, s, "defaultMode", at);
    let mut all_paths: Vec<&str> = Vec::new();
    let sources_path = child(at, "sources");
    for (i, source) in items(s.get("sources")).iter().enumerate() {
        let src_path = index(&sources_path, i);
        let mut count = 0;
        for key in ["secret", "configMap"] {
            let Some(src) = at_key(source, key) else {
                continue;
            };
            count += 1;
            let proj_path = child(&src_path, key);
            let name = text(src, "name");
            if name.is_empty() {
                errs.required(child(&proj_path, "name"), "");
            }
            let items_path = child(&proj_path, "items");
            for (j, kp) in items(src.get("items")).iter().enumerate() {
                key_to_path(errs, kp, &index(&items_path, j));
                let p = text(kp, "path");
                if !p.is_empty() {
                    seen(errs, &mut all_paths, p, name, at);
                }
            }
        }
        if let Some(src) = at_key(source, "downwardAPI") {
            count += 1;
            let proj_path = child(&src_path, "downwardAPI");
            for file in items(src.get("items")) {
                downward_file(errs, file, &proj_path);
                let p = text(file, "path");
                if !p.is_empty() {
                    seen(errs, &mut all_paths, p, p, at);
                }
            }
        }
        if let Some(token) = at_key(source, "serviceAccountToken") {
            count += 1;
            let seconds_path = child(
                &child(&src_path, "serviceAccountToken"),
                "expirationSeconds",
            );
            let seconds = token
                .get("expirationSeconds")
                .and_then(Value::as_i64)
                .unwrap_or(0);
            if seconds < 600 {
                errs.invalid(
                    seconds_path.as_str(),
                    BadValue::Int(seconds),
                    "may not specify a duration less than 10 minutes",
                );
            }
            if seconds > 1 << 32 {
                errs.invalid(
                    seconds_path,
                    BadValue::Int(seconds),
                    "may not specify a duration larger than 2^32 seconds",
                );
            }
            // At the projection's path, as upstream has it.
            let p = text(token, "path");
            if p.is_empty() {
                errs.required(child(at, "path"), "");
            } else {
                local_non_reserved(errs, p, &child(at, "path"));
            }
        }
        if count > 1 {
            errs.forbidden(
                src_path,
                "may not specify more than 1 volume type per source",
            );
        }
    }
}

/// A projected path once: a second is refused at the projection's path
/// with `value` (the source's name, or the path).
fn seen<'a>(errs: &mut Vec<FieldError>, all: &mut Vec<&'a str>, p: &'a str, value: &str, at: &str) {
    if all.contains(&p) {
        errs.invalid(at, BadValue::str(value), "conflicting duplicate paths");
    } else {
        all.push(p);
    }
}

/// `validateEphemeralVolumeSource`: a claim template, whose metadata has
/// labels and annotations only (`ValidateTemplateObjectMeta`) and whose
/// spec is a claim's (`ValidatePersistentVolumeClaimSpec`, `pvc`'s).
fn ephemeral(errs: &mut Vec<FieldError>, s: &Value, at: &str) {
    let template_path = child(at, "volumeClaimTemplate");
    let Some(template) = at_key(s, "volumeClaimTemplate") else {
        return errs.required(template_path, "");
    };
    template_object_meta(
        errs,
        at_key(template, "metadata"),
        &child(&template_path, "metadata"),
    );
    let mut claim = Map::new();
    if let Some(spec) = template.get("spec") {
        claim.insert("spec", spec.clone());
    }
    for mut e in pvc::errors(None, &Value::Map(claim)) {
        e.path = child(&template_path, &e.path);
        errs.push(e);
    }
}

/// `ValidateTemplateObjectMeta` of a template's `meta` at `meta_path`:
/// its annotations and labels, and nothing else of ObjectMeta set
/// (`validateFieldAllowList`: the other fields in the struct's order,
/// named by their Go names lower-cased at the first letter). An
/// ephemeral volume's claim template and a ResourceClaimTemplate's.
pub(super) fn template_object_meta(
    errs: &mut Vec<FieldError>,
    meta: Option<&Value>,
    meta_path: &str,
) {
    errs.extend(super::meta::annotations(
        meta.and_then(|m| m.get("annotations")),
        &child(meta_path, "annotations"),
    ));
    errs.extend(super::meta::labels(
        meta.and_then(|m| m.get("labels")),
        &child(meta_path, "labels"),
    ));
    for key in crate::crd::OBJECT_META
        .into_iter()
        .filter(|k| !matches!(*k, "labels" | "annotations"))
    {
        let set = match meta.and_then(|m| m.get(key)) {
            None | Some(Value::Null) => false,
            Some(Value::String(v)) => !v.is_empty(),
            Some(Value::Int(n)) => *n != 0,
            Some(_) => true,
        };
        if set {
            let name = if key == "uid" { "uID" } else { key };
            errs.forbidden(child(meta_path, name), "cannot be set");
        }
    }
}

#[cfg(feature = "rare-kinds")]
/// `validateISCSIVolumeSource` after the portal: an IQN of one of the
/// three formats, a LUN in 0..=255, a secret for CHAP, an initiator name
/// of the formats (at `initiatorname`, as upstream spells it). A
/// PersistentVolume's (`validateISCSIPersistentVolumeSource`, when
/// `persistent`) words a missing prefix as any bad format, and also
/// requires its secret reference's name.
pub(super) fn iscsi(errs: &mut Vec<FieldError>, s: &Value, at: &str, persistent: bool) {
    const FORMAT: &str = "must be valid format";
    let prefixes = if persistent {
        FORMAT
    } else {
        "must be valid format starting with iqn, eui, or naa"
    };
    let iqn = text(s, "iqn");
    let iqn_path = child(at, "iqn");
    if iqn.is_empty() {
        errs.required(iqn_path, "");
    } else if !["iqn", "eui", "naa"].iter().any(|p| iqn.starts_with(p)) {
        errs.invalid(iqn_path, BadValue::str(iqn), prefixes);
    } else if !iscsi_name(iqn) {
        errs.invalid(iqn_path, BadValue::str(iqn), FORMAT);
    }
    let lun = s.get("lun").and_then(Value::as_i64).unwrap_or(0);
    if !(0..=255).contains(&lun) {
        errs.invalid(child(at, "lun"), BadValue::Int(lun), LUN_RANGE);
    }
    let chap = |k: &str| s.get(k) == Some(&Value::Bool(true));
    if (chap("chapAuthDiscovery") || chap("chapAuthSession")) && at_key(s, "secretRef").is_none() {
        errs.required(child(at, "secretRef"), "");
    }
    if persistent && at_key(s, "secretRef").is_some_and(|r| text(r, "name").is_empty()) {
        errs.required(child(&child(at, "secretRef"), "name"), "");
    }
    if let Some(name) = at_key(s, "initiatorName").and_then(Value::as_str) {
        let path = child(at, "initiatorname");
        let prefixed = ["iqn", "eui", "naa"].iter().any(|p| name.starts_with(p));
        if !prefixed {
            errs.invalid(path.as_str(), BadValue::str(name), prefixes);
        } else if !iscsi_name(name) {
            errs.invalid(path, BadValue::str(name), FORMAT);
        }
    }
}

#[cfg(feature = "rare-kinds")]
pub(super) const ISCSI_NAME_TOO_LONG: &str = "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.";

#[cfg(feature = "rare-kinds")]
const LUN_RANGE: &str = "must be between 0 and 255, inclusive";

#[cfg(feature = "rare-kinds")]
/// An iSCSI name of its prefix's format: `iscsiInitiatorIqnRegex`
/// (`iqn\.\d{4}-\d{2}\.([[:alnum:]-.]+)(:[^,;*&$|\s]+)$`, not anchored
/// at the start), `iscsiInitiatorEuiRegex` (`^eui.[[:alnum:]]{16}$`) or
/// `iscsiInitiatorNaaRegex` (`^naa.[[:alnum:]]{32}$`).
fn iscsi_name(name: &str) -> bool {
    let fixed = |rest: &str, n: usize| {
        let mut chars = rest.chars();
        chars.next().is_some_and(|c| c != '\n') && {
            let t = chars.as_str();
            t.len() == n && t.bytes().all(|b| b.is_ascii_alphanumeric())
        }
    };
    if let Some(rest) = name.strip_prefix("eui") {
        return fixed(rest, 16);
    }
    if let Some(rest) = name.strip_prefix("naa") {
        return fixed(rest, 32);
    }
    name.match_indices("iqn.").any(|(i, _)| {
        let r = name.get(i + 4..).unwrap_or("").as_bytes();
        let digits = |a: usize, b: usize| {
            r.get(a..b)
                .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
        };
        let tail = name.get(i + 12..).unwrap_or("");
        digits(0, 4)
            && r.get(4) == Some(&b'-')
            && digits(5, 7)
            && r.get(7) == Some(&b'.')
            && tail.split_once(':').is_some_and(|(a, b)| {
                !a.is_empty()
                    && a.bytes()
                        .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'.')
                    && !b.is_empty()
                    && !b.contains([',', ';', '*', '&', '$', '|', ' ', '\t', '\n', '\r', '\x0c'])
            })
    })
}

#[cfg(feature = "rare-kinds")]
/// `validateQuobyteVolumeSource`: a registry of host:port pairs
/// (`net.SplitHostPort`), a tenant of at most 64 characters, a volume.
fn quobyte(errs: &mut Vec<FieldError>, s: &Value, at: &str) {
    const PAIRS: &str = "must be a host:port pair or multiple pairs separated by commas";
    let registry = text(s, "registry");
    if registry.is_empty() {
        errs.required(child(at, "registry"), PAIRS);
    } else if text(s, "tenant").len() >= 65 {
        errs.required(
            child(at, "tenant"),
            "must be a UUID and may not exceed a length of 64 characters",
        );
    } else {
        for pair in registry.split(',') {
            if !host_port(pair) {
                errs.invalid(child(at, "registry"), BadValue::str(registry), PAIRS);
            }
        }
    }
    if text(s, "volume").is_empty() {
        errs.required(child(at, "volume"), "");
    }
}

#[cfg(feature = "rare-kinds")]
/// Whether Go's `net.SplitHostPort` splits `hp`.
fn host_port(hp: &str) -> bool {
    let Some(i) = hp.rfind(':') else {
        return false;
    };
    let (j, k) = if hp.starts_with('[') {
        match hp.find(']') {
            Some(end) if end + 1 == i => (1, end + 1),
            _ => return false,
        }
    } else if hp.get(..i).unwrap_or("").contains(':') {
        return false;
    } else {
        (0, 0)
    };
    !hp.get(j..).unwrap_or("").contains('[') && !hp.get(k..).unwrap_or("").contains(']')
}

#[cfg(feature = "rare-kinds")]
/// `validateFCVolumeSource`: one of targetWWNs and wwids, and with
/// targetWWNs a LUN in 0..=255.
fn fc(errs: &mut Vec<FieldError>, s: &Value, at: &str) {
    let wwns = s.get("targetWWNs");
    let (has_wwns, has_wwids) = (!blank(wwns), !blank(s.get("wwids")));
    let wwns_path = child(at, "targetWWNs");
    if !has_wwns && !has_wwids {
        errs.required(
            wwns_path.as_str(),
            "must specify either targetWWNs or wwids, but not both",
        );
    }
    if has_wwns && has_wwids {
        errs.invalid(
            wwns_path,
            BadValue::Json(wwns.map_or_else(String::new, Value::to_json)),
            "targetWWNs and wwids can not be specified simultaneously",
        );
    }
    if has_wwns {
        match at_key(s, "lun").and_then(Value::as_i64) {
            None => errs.required(
                child(at, "lun"),
                "lun is required if targetWWNs is specified",
            ),
            Some(lun) if !(0..=255).contains(&lun) => {
                errs.invalid(child(at, "lun"), BadValue::Int(lun), LUN_RANGE)
            }
            Some(_) => {}
        }
    }
}

#[cfg(feature = "rare-kinds")]
/// `validateAzureDisk` after the name and URI: a supported caching mode
/// and kind, a URI of the kind's form.
fn azure_disk(errs: &mut Vec<FieldError>, s: &Value, at: &str) {
    let field = |k: &str| at_key(s, k).and_then(Value::as_str);
    if let Some(mode) = field("cachingMode")
        && !["None", "ReadOnly", "ReadWrite"].contains(&mode)
    {
        errs.not_supported(
            child(at, "cachingMode"),
            named(mode),
            &["None", "ReadOnly", "ReadWrite"],
        );
    }
    let kind = field("kind");
    if let Some(kind) = kind
        && !["Dedicated", "Managed", "Shared"].contains(&kind)
    {
        errs.not_supported(
            child(at, "kind"),
            named(kind),
            &["Dedicated", "Managed", "Shared"],
        );
    }
    let uri = text(s, "diskURI");
    let (prefix, form) = match kind {
        None => return,
        Some("Managed") => (
            "/subscriptions/",
            "/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}",
        ),
        Some(_) => (
            "https://",
            "https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd",
        ),
    };
    if !uri.starts_with(prefix) {
        errs.not_supported(child(at, "diskURI"), BadValue::str(uri), &[form]);
    }
}

/// `ValidateVolumeMounts` at `path` against the pod's valid `volumes`
/// (`volumeDevices`, image volumes, propagation and recursive read-only
/// modes not modelled).
pub(super) fn volume_mounts(
    list: Option<&Value>,
    volumes: &[String],
    path: &str,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut mount_points: Vec<&str> = Vec::new();
    for (i, mount) in items(list).iter().enumerate() {
        let item = index(path, i);
        let at = |k: &str| child(&item, k);
        let name = text(mount, "name");
        if name.is_empty() {
            errs.required(at("name"), "");
        }
        if !volumes.iter().any(|v| v == name) {
            errs.push(not_found(at("name"), BadValue::str(name)));
        }
        let mount_path = text(mount, "mountPath");
        if mount_path.is_empty() {
            errs.required(at("mountPath"), "");
        }
        if mount_points.contains(&mount_path) {
            errs.invalid(at("mountPath"), BadValue::str(mount_path), "must be unique");
        }
        mount_points.push(mount_path);
        let expr = text(mount, "subPathExpr");
        if !expr.is_empty() && !text(mount, "subPath").is_empty() {
            errs.invalid(
                at("subPathExpr"),
                BadValue::str(expr),
                "subPathExpr and subPath are mutually exclusive",
            );
        }
    }
    errs
}

/// The volume types in the order `validateVolumeSource` looks at them.
const VOLUME_TYPES: [&str; 30] = [
    "emptyDir",
    "hostPath",
    "gitRepo",
    "gcePersistentDisk",
    "awsElasticBlockStore",
    "secret",
    "nfs",
    "iscsi",
    "glusterfs",
    "flocker",
    "persistentVolumeClaim",
    "rbd",
    "cinder",
    "cephfs",
    "quobyte",
    "downwardAPI",
    "fc",
    "flexVolume",
    "configMap",
    "azureFile",
    "vsphereVolume",
    "photonPersistentDisk",
    "portworxVolume",
    "azureDisk",
    "storageos",
    "projected",
    "scaleIO",
    "csi",
    "ephemeral",
    "image",
];

#[cfg(test)]
mod tests;
