//! apiextensions-apiserver `pkg/apis/apiextensions/validation`: a
//! CustomResourceDefinition's own rules, on create
//! (`ValidateCustomResourceDefinition`), update
//! (`ValidateCustomResourceDefinitionUpdate`) and `/status` write
//! (`ValidateUpdateCustomResourceDefinitionStatus`), after its metadata
//! (the name function is `objectMeta`'s `c`).
//!
//! Upstream validates the internal type the v1 object converts to
//! (`pkg/apis/apiextensions/v1/conversion.go`): `spec.version` is the first
//! version's name, and a schema, subresources, printer columns or
//! selectable fields that every version has alike move to the spec's top
//! level (`spec.subresources`, `spec.additionalPrinterColumns`), which
//! decides the paths of their errors.
//!
//! Modelled: the group, scope, names, versions (names, the one storage
//! version, deprecation warnings), that every version has a schema, the
//! schema's own rules (`schema`), a schema's `default` beside
//! `preserveUnknownFields`, subresources'
//! paths, printer columns, the conversion's strategy and its webhook's
//! presence, the stored versions (the upgrade that drops a version still
//! in `status.storedVersions`), the approval annotation of the protected
//! groups, and on update the immutable group and plural (and scope and
//! kind once the stored object is `Established`). Not modelled: what
//! `schema` lists, selectable fields, the webhook's CA bundle (its URL
//! and service are checked as a webhook configuration's, `admission`).

use super::field::{BadValue, Errors, FieldError, child, index, json_string, named};
use super::names::dns1035_label;
use super::{items, text};
use crate::value::Value;

/// `printerColumnDatatypes`, sorted as `sets.String.List()` returns them.
const COLUMN_TYPES: &str = "boolean,date,integer,number,string";
/// `customResourceColumnDefinitionFormats`, sorted.
const COLUMN_FORMATS: &str = "byte,date,date-time,double,float,int32,int64,password";
/// `apiextensionsv1.KubeAPIApprovedAnnotation`.
const APPROVAL: &str = "api-approved.kubernetes.io";

/// `ValidateCustomResourceDefinition` (`old` `None`) and
/// `ValidateCustomResourceDefinitionUpdate`, after the metadata.
pub(super) fn custom_resource_definition(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = new.get("spec");
    let old_spec = old.map(|o| o.get("spec"));
    let require_schema = old_spec.is_none_or(all_versions_have_schema);
    // requireRecognizedConversionReviewVersion: unless the stored CRD
    // already lacked one.
    let require_review = old_spec.is_none_or(|s| {
        let versions = s
            .and_then(|s| s.get_path(&["conversion", "webhook"]))
            .map_or(&[][..], |w| items(w.get("conversionReviewVersions")));
        versions.is_empty()
            || versions
                .iter()
                .any(|v| matches!(v.as_str(), Some("v1" | "v1beta1")))
    });
    let unchanged = old_spec
        .flatten()
        .map(|old_spec| versions_with_unchanged_schemas(spec, old_spec))
        .unwrap_or_default();
    let mut errs = crd_spec(spec, require_schema, require_review, &unchanged);
    if let (Some(old), Some(old_spec)) = (old, old_spec) {
        spec_update(&mut errs, spec, old_spec, is_established(old));
    }
    errs.extend(accepted_names(new));
    stored_versions(&mut errs, new);
    api_approval(&mut errs, new, old);
    // validatePreserveUnknownFields: true may stay, not be newly set.
    let preserves = |o: &Value| o.get_path(&["spec", "preserveUnknownFields"]) == Some(&TRUE);
    if preserves(new) && !old.is_some_and(preserves) {
        errs.invalid(
            "spec.preserveUnknownFields",
            BadValue::Json("true".into()),
            "cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead",
        );
    }
    errs
}

/// `ValidateUpdateCustomResourceDefinitionStatus`, after the metadata:
/// the accepted names alone (a status write may drop a stored version).
pub(super) fn custom_resource_definition_status(new: &Value) -> Vec<FieldError> {
    accepted_names(new)
}

const TRUE: Value = Value::Bool(true);

/// `text` and `items` of a value that may be absent.
fn str_of<'a>(value: Option<&'a Value>, key: &str) -> &'a str {
    value.map_or("", |v| text(v, key))
}

fn list_of<'a>(value: Option<&'a Value>, key: &str) -> &'a [Value] {
    items(value.and_then(|v| v.get(key)))
}

/// A v1 field as the internal struct holds it: unset, `null` and (for a
/// slice) empty are alike (`Semantic.DeepEqual`).
fn set<'a>(version: &'a Value, key: &str) -> Option<&'a Value> {
    version.get(key).filter(|v| match v {
        Value::Null => false,
        Value::List(l) => !l.is_empty(),
        _ => true,
    })
}

/// The per-version fields the conversion moves to the spec when every
/// version has them alike.
const HOISTED: [&str; 4] = [
    "schema",
    "subresources",
    "additionalPrinterColumns",
    "selectableFields",
];

/// Whether the conversion moves per-version field `key` to the spec.
fn hoisted(versions: &[Value], key: &str) -> bool {
    let first = versions.first().and_then(|v| set(v, key));
    versions.iter().all(|v| set(v, key) == first)
}

/// `validateCustomResourceDefinitionSpec`, in upstream's order.
/// `findVersionsWithUnchangedSchemas`: the versions of an update whose
/// schema is the stored version's (a version the stored CRD lacks is
/// not), whose rules are held to no per-expression cost budget
/// (`suppressExpressionCostForUnchangedSchema`: a control plane upgrade
/// must not refuse what an older one took).
fn versions_with_unchanged_schemas<'a>(spec: Option<&'a Value>, old_spec: &Value) -> Vec<&'a str> {
    let schema = |version: &Value| version.get_path(&["schema", "openAPIV3Schema"]).cloned();
    let old_versions = items(old_spec.get("versions"));
    items(spec.and_then(|s| s.get("versions")))
        .iter()
        .filter(|version| {
            let name = text(version, "name");
            old_versions
                .iter()
                .find(|old| text(old, "name") == name)
                .is_some_and(|old| schema(old) == schema(version))
        })
        .map(|version| text(version, "name"))
        .collect()
}

/// The spec's rules; `unchanged`, the versions whose schemas an update
/// leaves as they were.
fn crd_spec(
    spec: Option<&Value>,
    require_schema: bool,
    require_review: bool,
    unchanged: &[&str],
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let group = str_of(spec, "group");
    if group.is_empty() {
        errs.required("spec.group", "");
    } else {
        let problems = super::names::dns1123_subdomain(group);
        if !problems.is_empty() {
            errs.invalid("spec.group", BadValue::str(group), &problems.join(","));
        } else if !group.contains('.') {
            errs.invalid(
                "spec.group",
                BadValue::str(group),
                "should be a domain with at least one dot",
            );
        }
    }
    enum_string(
        &mut errs,
        "spec.scope",
        str_of(spec, "scope"),
        &["Cluster", "Namespaced"],
    );
    let versions = list_of(spec, "versions");
    let preserve = spec.and_then(|s| s.get("preserveUnknownFields")) == Some(&TRUE);
    if require_schema {
        for (i, version) in versions.iter().enumerate() {
            if set(version, "schema")
                .and_then(|s| s.get("openAPIV3Schema"))
                .is_none_or(Value::is_null)
            {
                errs.required(format!("spec.versions[{i}].schema.openAPIV3Schema"), "");
            }
        }
    } else if !preserve {
        for (i, version) in versions.iter().enumerate() {
            let served = version.get("served") == Some(&TRUE);
            if served
                && set(version, "schema")
                    .and_then(|s| s.get("openAPIV3Schema"))
                    .is_none_or(Value::is_null)
            {
                errs.required(
                    format!("spec.versions[{i}].schema.openAPIV3Schema"),
                    "because otherwise all fields are pruned",
                );
            }
        }
    }
    let has_defaults = versions.iter().any(|v| {
        v.get_path(&["schema", "openAPIV3Schema"])
            .is_some_and(schema_has_default)
    });
    if has_defaults && preserve {
        errs.invalid(
            "spec.preserveUnknownFields",
            BadValue::Json("true".into()),
            "must be false in order to use defaults in the schema",
        );
    }
    let [schema_hoisted, subresources_hoisted, columns_hoisted, _] =
        HOISTED.map(|k| hoisted(versions, k));
    let mut storage = 0;
    let mut names: Vec<&str> = Vec::new();
    let mut unique = true;
    for (i, version) in versions.iter().enumerate() {
        let path = format!("spec.versions[{i}]");
        if version.get("storage") == Some(&TRUE) {
            storage += 1;
        }
        let name = text(version, "name");
        if names.contains(&name) {
            unique = false;
        } else {
            names.push(name);
        }
        let problems = dns1035_label(name);
        if !problems.is_empty() {
            errs.invalid(
                child(&path, "name"),
                BadValue::str(name),
                &problems.join(","),
            );
        }
        // validateCustomResourceDefinitionVersion.
        deprecation_warning(&mut errs, version, &path);
        if !schema_hoisted && let Some(schema) = version.get_path(&["schema", "openAPIV3Schema"]) {
            let status = has_status(version);
            let at = format!("{path}.schema.openAPIV3Schema");
            let budgeted = !unchanged.contains(&name);
            errs.extend(schema::openapi_v3_schema(schema, &at, status, budgeted));
        }
        if !subresources_hoisted {
            subresources(
                &mut errs,
                version.get("subresources"),
                &child(&path, "subresources"),
            );
        }
        if !columns_hoisted {
            columns(&mut errs, version, &path);
        }
    }
    if !unique {
        errs.invalid(
            "spec.versions",
            versions_value(versions),
            "must contain unique version names",
        );
    }
    if storage != 1 {
        errs.invalid(
            "spec.versions",
            versions_value(versions),
            "must have exactly one version marked as storage version",
        );
    }
    // `spec.version`, the first version's name, checked again.
    if let Some(first) = versions.first() {
        let name = text(first, "name");
        if !name.is_empty() {
            let problems = dns1035_label(name);
            if !problems.is_empty() {
                errs.invalid("spec.version", BadValue::str(name), &problems.join(","));
            }
        }
    }
    let names_value = spec.and_then(|s| s.get("names"));
    for key in ["plural", "singular", "kind", "listKind"] {
        if str_of(names_value, key).is_empty() {
            errs.required(format!("spec.names.{key}"), "");
        }
    }
    errs.extend(crd_names(names_value, "spec.names"));
    // The schema every version has alike, at `spec.validation`.
    if schema_hoisted
        && let Some(schema) = versions
            .first()
            .and_then(|v| v.get_path(&["schema", "openAPIV3Schema"]))
    {
        let status = versions.iter().any(has_status);
        // `spec.version`, the first version, decides.
        let first = versions.first().map_or("", |v| text(v, "name"));
        errs.extend(schema::openapi_v3_schema(
            schema,
            "spec.validation.openAPIV3Schema",
            status,
            !unchanged.contains(&first),
        ));
    }
    if subresources_hoisted && let Some(first) = versions.first() {
        subresources(&mut errs, first.get("subresources"), "spec.subresources");
    }
    if columns_hoisted && let Some(first) = versions.first() {
        columns(&mut errs, first, "spec");
    }
    conversion(
        &mut errs,
        spec.and_then(|s| s.get("conversion")),
        preserve,
        require_review,
    );
    errs
}

/// `hasStatusEnabled` of a version's subresources.
fn has_status(version: &Value) -> bool {
    version
        .get_path(&["subresources", "status"])
        .is_some_and(|s| !s.is_null())
}

/// `validateEnumStrings`, required.
fn enum_string(errs: &mut Vec<FieldError>, path: &str, value: &str, accepted: &[&str]) {
    if value.is_empty() {
        errs.required(path, "");
    } else if !accepted.contains(&value) {
        errs.not_supported(path, BadValue::str(value), accepted);
    }
}

/// `SchemaHas(s, Default != nil)`: a `default` in any schema below.
fn schema_has_default(schema: &Value) -> bool {
    let Some(map) = schema.as_map() else {
        return false;
    };
    if map.get("default").is_some_and(|d| !d.is_null()) {
        return true;
    }
    let nested = |key: &str| map.get(key);
    let schemas_in = |v: Option<&Value>| -> bool {
        match v {
            Some(Value::Map(m)) => m.values().any(schema_has_default),
            Some(Value::List(l)) => l.iter().any(schema_has_default),
            _ => false,
        }
    };
    [
        "properties",
        "patternProperties",
        "definitions",
        "dependencies",
    ]
    .into_iter()
    .any(|k| schemas_in(nested(k)))
        || ["allOf", "oneOf", "anyOf"]
            .into_iter()
            .any(|k| schemas_in(nested(k)))
        || ["not", "items", "additionalProperties", "additionalItems"]
            .into_iter()
            .any(|k| match nested(k) {
                Some(Value::List(l)) => l.iter().any(schema_has_default),
                Some(v) => schema_has_default(v),
                None => false,
            })
}

/// `validateDeprecationWarning`.
fn deprecation_warning(errs: &mut Vec<FieldError>, version: &Value, path: &str) {
    let Some(warning) = version.get("deprecationWarning").and_then(Value::as_str) else {
        return;
    };
    let path = child(path, "deprecationWarning");
    // The bad value is the *string: `json.Marshal` prints it.
    let value = || BadValue::Json(json_string(warning));
    if version.get("deprecated") != Some(&TRUE) {
        errs.invalid(&path, value(), "can only be set for deprecated versions");
        return;
    }
    if warning.len() > 256 {
        errs.invalid(&path, value(), "must be <= 256 characters long");
    }
    if warning.is_empty() {
        errs.invalid(&path, value(), "must not be an empty string");
    }
    // unicode.IsPrint (the same as strconv.IsPrint), then IsControl,
    // which never fails after it; a Rust string is valid UTF-8.
    for (i, c) in warning.char_indices() {
        if !crate::value::go_printable(c) {
            let kind = "non-printable";
            errs.invalid(&path, value(), &format!("must only contain printable UTF-8 characters; {kind} character found at index {i}"));
            break;
        }
    }
}

/// `ValidateCustomResourceDefinitionSubresources`.
fn subresources(errs: &mut Vec<FieldError>, subresources: Option<&Value>, path: &str) {
    let Some(scale) = subresources
        .and_then(|s| s.get("scale"))
        .filter(|s| !s.is_null())
    else {
        return;
    };
    for (key, under) in [
        ("specReplicasPath", ".spec."),
        ("statusReplicasPath", ".status."),
    ] {
        let at = format!("{path}.scale.{key}");
        let value = text(scale, key);
        if value.is_empty() {
            errs.required(at, "");
        } else if !simple_json_path(errs, value, &at) && !value.starts_with(under) {
            let part = &under[..under.len() - 1];
            errs.invalid(
                &at,
                BadValue::str(value),
                &format!("should be a json path under {part}"),
            );
        }
    }
    let selector = text(scale, "labelSelectorPath");
    if !selector.is_empty() {
        let at = format!("{path}.scale.labelSelectorPath");
        if !simple_json_path(errs, selector, &at)
            && !selector.starts_with(".spec.")
            && !selector.starts_with(".status.")
        {
            // The bad value is the *string.
            errs.invalid(
                &at,
                BadValue::Json(json_string(selector)),
                "should be a json path under either .spec or .status",
            );
        }
    }
}

/// `validateSimpleJSONPath`: whether it found an error (the path is not
/// empty here).
fn simple_json_path(errs: &mut Vec<FieldError>, value: &str, path: &str) -> bool {
    if !value.starts_with('.') {
        errs.invalid(
            path,
            BadValue::str(value),
            "must be a simple json path starting with .",
        );
        return true;
    }
    false
}

/// `ValidateCustomResourceColumnDefinition` of each of `holder`'s
/// printer columns (a version's, or the spec's at `spec`).
fn columns(errs: &mut Vec<FieldError>, holder: &Value, path: &str) {
    for (i, column) in items(holder.get("additionalPrinterColumns"))
        .iter()
        .enumerate()
    {
        let at = index(&child(path, "additionalPrinterColumns"), i);
        if text(column, "name").is_empty() {
            errs.required(child(&at, "name"), "");
        }
        let ty = text(column, "type");
        let types_detail = format!("must be one of {COLUMN_TYPES}");
        if ty.is_empty() {
            errs.required(child(&at, "type"), &types_detail);
        } else if !COLUMN_TYPES.split(',').any(|t| t == ty) {
            errs.invalid(child(&at, "type"), BadValue::str(ty), &types_detail);
        }
        let format = text(column, "format");
        if !format.is_empty() && !COLUMN_FORMATS.split(',').any(|f| f == format) {
            errs.invalid(
                child(&at, "format"),
                BadValue::str(format),
                &format!("must be one of {COLUMN_FORMATS}"),
            );
        }
        let json_path = text(column, "jsonPath");
        if json_path.is_empty() {
            errs.required(child(&at, "JSONPath"), "");
        } else {
            simple_json_path(errs, json_path, &child(&at, "JSONPath"));
        }
    }
}

/// `ValidateCustomResourceDefinitionNames` of the names at `path`.
fn crd_names(names: Option<&Value>, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for key in ["plural", "singular"] {
        let value = str_of(names, key);
        let problems = dns1035_label(value);
        if !value.is_empty() && !problems.is_empty() {
            errs.invalid(child(path, key), BadValue::str(value), &problems.join(","));
        }
    }
    for key in ["kind", "listKind"] {
        let value = str_of(names, key);
        let problems = dns1035_label(&value.to_lowercase());
        if !value.is_empty() && !problems.is_empty() {
            let detail = format!(
                "may have mixed case, but should otherwise match: {}",
                problems.join(",")
            );
            errs.invalid(child(path, key), BadValue::str(value), &detail);
        }
    }
    let each = |errs: &mut Vec<FieldError>, key: &str| {
        for (i, item) in list_of(names, key).iter().enumerate() {
            let item = item.as_str().unwrap_or("");
            let problems = dns1035_label(item);
            if !problems.is_empty() {
                let at = index(&child(path, key), i);
                errs.invalid(at, BadValue::str(item), &problems.join(","));
            }
        }
    };
    each(&mut errs, "shortNames");
    let (kind, list_kind) = (str_of(names, "kind"), str_of(names, "listKind"));
    if !kind.is_empty() && kind == list_kind {
        errs.invalid(
            child(path, "listKind"),
            BadValue::str(list_kind),
            "kind and listKind may not be the same",
        );
    }
    each(&mut errs, "categories");
    errs
}

/// `ValidateCustomResourceDefinitionStatus`: the accepted names.
fn accepted_names(crd: &Value) -> Vec<FieldError> {
    crd_names(
        crd.get_path(&["status", "acceptedNames"]),
        "status.acceptedNames",
    )
}

/// The conversion's checks: `spec.conversion.strategy` beside
/// `preserveUnknownFields`, then `validateCustomResourceConversion`
/// (without the webhook's CA bundle rule).
fn conversion(
    errs: &mut Vec<FieldError>,
    conversion: Option<&Value>,
    preserve: bool,
    require_review: bool,
) {
    let Some(conversion) = conversion.filter(|c| !c.is_null()) else {
        return;
    };
    let strategy = text(conversion, "strategy");
    if strategy != "None" && preserve {
        errs.invalid(
            "spec.conversion.strategy",
            named(strategy),
            "must be None if spec.preserveUnknownFields is true",
        );
    }
    enum_string(
        errs,
        "spec.conversion.strategy",
        strategy,
        &["None", "Webhook"],
    );
    let webhook = conversion.get("webhook").filter(|w| !w.is_null());
    let client_config = webhook
        .and_then(|w| w.get("clientConfig"))
        .filter(|c| !c.is_null());
    let review_versions = webhook.map_or(&[][..], |w| items(w.get("conversionReviewVersions")));
    if strategy == "Webhook" {
        match client_config {
            None => errs.required(
                "spec.conversion.webhookClientConfig",
                "required when strategy is set to Webhook",
            ),
            // Exactly one of a URL and a service, each checked as a
            // webhook configuration's (its CA bundle is not).
            Some(config) => super::admission::client_config(
                errs,
                Some(config),
                "spec.conversion.webhookClientConfig",
            ),
        }
        super::admission::review_versions(
            errs,
            review_versions,
            require_review,
            "spec.conversion.conversionReviewVersions",
            "",
        );
    } else {
        if client_config.is_some() {
            errs.forbidden(
                "spec.conversion.webhookClientConfig",
                "should not be set when strategy is not set to Webhook",
            );
        }
        if !review_versions.is_empty() {
            errs.forbidden(
                "spec.conversion.conversionReviewVersions",
                "should not be set when strategy is not set to Webhook",
            );
        }
    }
}

/// `validateCustomResourceDefinitionSpecUpdate`'s own checks.
fn spec_update(
    errs: &mut Vec<FieldError>,
    spec: Option<&Value>,
    old: Option<&Value>,
    established: bool,
) {
    let immutable = |errs: &mut Vec<FieldError>, keys: &[&str], path: &str| {
        let new = spec
            .and_then(|s| s.get_path(keys))
            .and_then(Value::as_str)
            .unwrap_or("");
        let stored = old
            .and_then(|s| s.get_path(keys))
            .and_then(Value::as_str)
            .unwrap_or("");
        if new != stored {
            // A named string type (scope) prints as JSON; the others are
            // strings: the same text.
            errs.invalid(path, BadValue::str(new), "field is immutable");
        }
    };
    if established {
        immutable(errs, &["scope"], "spec.scope");
        immutable(errs, &["names", "kind"], "spec.names.kind");
    }
    immutable(errs, &["group"], "spec.group");
    immutable(errs, &["names", "plural"], "spec.names.plural");
}

/// `IsCRDConditionTrue(old, Established)`.
fn is_established(crd: &Value) -> bool {
    list_of(crd.get("status"), "conditions")
        .iter()
        .any(|c| text(c, "type") == "Established" && text(c, "status") == "True")
}

/// `requireOpenAPISchema` of the stored spec: every version has one.
fn all_versions_have_schema(spec: Option<&Value>) -> bool {
    list_of(spec, "versions").iter().all(|v| {
        v.get_path(&["schema", "openAPIV3Schema"])
            .is_some_and(|s| !s.is_null())
    })
}

/// `ValidateCustomResourceDefinitionStoredVersions`: the stored versions
/// (after the strategy added the storage version) must each be in
/// `spec.versions`, and hold the storage version.
fn stored_versions(errs: &mut Vec<FieldError>, crd: &Value) {
    let path = "status.storedVersions";
    let stored = list_of(crd.get("status"), "storedVersions");
    if stored.is_empty() {
        let printed = crd
            .get_path(&["status", "storedVersions"])
            .filter(|v| !v.is_null())
            .map_or_else(|| "null".to_string(), Value::to_json);
        errs.invalid(
            path,
            BadValue::Json(printed),
            "must have at least one stored version",
        );
        return;
    }
    let stored: Vec<&str> = stored.iter().map(|v| v.as_str().unwrap_or("")).collect();
    // Go's map of stored names to their last index.
    let mut missing: Vec<(&str, usize)> = Vec::new();
    for (i, name) in stored.iter().enumerate() {
        missing.retain(|(n, _)| n != name);
        missing.push((name, i));
    }
    for version in list_of(crd.get("spec"), "versions") {
        let name = text(version, "name");
        let found = missing.iter().position(|(n, _)| *n == name);
        if version.get("storage") == Some(&TRUE) && !stored.contains(&name) {
            let printed = Value::List(stored.iter().map(|s| Value::from(*s)).collect()).to_json();
            errs.invalid(
                path,
                BadValue::Json(printed),
                &format!("must have the storage version {name}"),
            );
        }
        if let Some(found) = found {
            missing.remove(found);
        }
    }
    // Upstream ranges over a Go map here: with several, its order is
    // random; the engine gives them in index order.
    missing.sort_by_key(|(_, i)| *i);
    for (name, i) in missing {
        errs.invalid(
            index(path, i),
            BadValue::str(name),
            &format!("missing from spec.versions; {name} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in {name} and removes {name} from status.storedVersions"),
        );
    }
}

/// `validateAPIApproval`: a group under `k8s.io` or `kubernetes.io` needs
/// the approval annotation, unless its state did not change.
fn api_approval(errs: &mut Vec<FieldError>, new: &Value, old: Option<&Value>) {
    let group = new
        .get_path(&["spec", "group"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let protected = ["k8s.io", "kubernetes.io"]
        .iter()
        .any(|g| group == *g || group.strip_suffix(g).is_some_and(|p| p.ends_with('.')));
    if !protected {
        return;
    }
    let annotation = |o: &Value| {
        o.get_path(&["metadata", "annotations", APPROVAL])
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let value = annotation(new);
    let state = approval_state(&value);
    if old.is_some_and(|o| approval_state(&annotation(o)) == state) {
        return;
    }
    let path = format!("metadata.annotations[{APPROVAL}]");
    match state {
        Approval::Missing => errs.required(
            path,
            &format!("protected groups must have approval annotation {}, see https://github.com/kubernetes/enhancements/pull/1111", json_string(APPROVAL)),
        ),
        Approval::Invalid => errs.invalid(
            path,
            BadValue::str(&value),
            &format!("protected groups must have approval annotation {} with either a URL or a reason starting with \"unapproved\", see https://github.com/kubernetes/enhancements/pull/1111", json_string(APPROVAL)),
        ),
        Approval::Approved | Approval::Bypassed => {}
    }
}

#[derive(PartialEq)]
enum Approval {
    Invalid,
    Approved,
    Bypassed,
    Missing,
}

/// `GetAPIApprovalState`: approved is a URL `url.ParseRequestURI` takes
/// with a scheme and a host.
fn approval_state(annotation: &str) -> Approval {
    if annotation.is_empty() {
        Approval::Missing
    } else if annotation.starts_with("unapproved") {
        Approval::Bypassed
    } else if crate::crd::is_absolute_request_uri(annotation) {
        Approval::Approved
    } else {
        Approval::Invalid
    }
}

/// `spec.Versions`, the internal `[]CustomResourceDefinitionVersion`, as
/// `json.Marshal` prints it (`internal_json`); a per-version field that
/// the conversion moved to the spec is `null`.
fn versions_value(versions: &[Value]) -> BadValue {
    let moved = HOISTED.map(|key| hoisted(versions, key));
    let internal: Vec<Value> = versions
        .iter()
        .map(|version| {
            let mut version = version.clone();
            if let Some(map) = version.as_map_mut() {
                for (key, moved) in HOISTED.iter().zip(moved) {
                    if moved {
                        map.remove(key);
                    }
                }
            }
            version
        })
        .collect();
    BadValue::Json(super::internal_json::crd_versions(&internal))
}

mod schema;
#[cfg(test)]
mod tests;
