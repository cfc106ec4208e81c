//! A CustomResourceDefinition's `openAPIV3Schema`, as
//! `validateCustomResourceDefinitionValidation` checks it
//! (apiextensions-apiserver v0.36.3): `nullable` at the root; the
//! structural schema's invariants and completeness (`pkg/apiserver/schema`
//! `ValidateStructural`, its errors sorted by their text) when the schema
//! converts to one (`NewStructural`); then
//! `ValidateCustomResourceDefinitionOpenAPISchema`'s rules, node by node.
//!
//! The schema is read as the v1 JSON it is written in: `items` a schema
//! or a list, `additionalProperties` a schema or a boolean.
//!
//! Then, when the schema is structural, its defaults (`ValidateDefaults`:
//! pruned and validated against their node, through the custom resource
//! validation of `crate::crd`).
//!
//! A `pattern` must compile as Go's regexp (`crate::crd::regexp`, with
//! the CRD validation feature).
//!
//! Not modelled: the defaults of object metadata and their CEL rules, CEL rules outside the engine's
//! subset (their compilation and cost), the cost of a rule the estimator
//! does not model (`crd::cel::cost`), and at a root whose status
//! subresource is enabled, the fields other than `type` that are not
//! allowed there.
//! Upstream walks `properties` in Go's map order (random when several
//! fail); the engine walks them in the written order.

use super::super::field::{BadValue, Errors, FieldError, child, index};
use crate::value::{Map, Value};

/// `validateCustomResourceDefinitionValidation` of the schema at `path`
/// (`…openAPIV3Schema`), whose status subresource is `status_enabled`;
/// `budgeted`: each rule is held to the per-expression cost budget (not
/// when an update leaves the version's schema unchanged; the schema's
/// total budget holds anyway).
pub(super) fn openapi_v3_schema(
    schema: &Value,
    path: &str,
    status_enabled: bool,
    budgeted: bool,
) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let Some(map) = schema.as_map() else {
        return errs;
    };
    let type_ = text(map, "type");
    if status_enabled && !type_.is_empty() && type_ != "object" {
        errs.invalid(
            child(path, "type"),
            BadValue::str(type_),
            r#"only "object" is allowed as the type at the root of the schema if the status subresource is enabled"#,
        );
    }
    if map.get("nullable") == Some(&Value::Bool(true)) {
        errs.forbidden(
            child(path, "nullable"),
            "nullable cannot be true at the root",
        );
    }
    let conversion = convert(schema);
    // RootCELContext: the rules compile only in a structural schema whose
    // defaults are valid.
    let mut compiles = false;
    if conversion.is_ok() {
        let mut structural = Vec::new();
        invariants(&mut structural, map, Level::Root, path);
        completeness(&mut structural, Some(map), map, path, path);
        structural.sort_by_key(|e| e.to_string());
        // ValidateDefaults, once the schema is structural.
        if structural.is_empty() {
            defaults(&mut structural, map, path, true, false);
            compiles = structural.is_empty();
        }
        errs.extend(structural);
    }
    let validator = Validator {
        allow_defaults: true,
        defaults_reason: "",
        inside_resource_meta: false,
    };
    let walked = errs.len();
    openapi(&mut errs, map, path, validator, true);
    // The rules' compile errors (`CELErrors`) follow the schema's; then,
    // when the rules' estimated costs add up to more than the schema's
    // budget, the most expensive rules and the schema.
    if compiles {
        let mut cel = Vec::new();
        let mut costs = crate::crd::CelCostTotal::new();
        let context = RuleContext {
            root: true,
            within: None,
            cardinality: Some(1),
            estimated: true,
            budgeted,
        };
        compile_rules(&mut cel, &mut costs, map, path, context, &errs[walked..]);
        errs.extend(cel);
        if let Some((expensive, message)) = costs.exceeded() {
            for at in expensive {
                errs.forbidden(
                    at,
                    "contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema",
                );
            }
            errs.forbidden(path, &message);
        }
    }
    if errs.is_empty()
        && let Err(message) = conversion
    {
        errs.invalid(path, BadValue::str(""), message);
    }
    errs
}

/// `ValidateDefaults`' walk (`defaulting/validation.go`): each `default`
/// must lose nothing to pruning (`must not have unknown fields`) and pass
/// its node's schema, then those of the items and properties below. The
/// root counts as an embedded resource, whose `apiVersion`, `kind` and
/// `metadata` hold object metadata: their defaults (checked as metadata
/// upstream) are left out here, as are CEL rules.
fn defaults(errs: &mut Vec<FieldError>, s: &Map, path: &str, resource: bool, inside_meta: bool) {
    let resource = resource || flag(s, "x-kubernetes-embedded-resource");
    let inside_meta = inside_meta && !flag(s, "x-kubernetes-embedded-resource");
    if let Some(default) = s.get("default").filter(|d| !d.is_null())
        && !inside_meta
    {
        let node = Value::Map(s.clone());
        let at = child(path, "default");
        if crate::crd::prunes(&node, default, resource) {
            errs.invalid(
                &at,
                crate::crd::bad_value(default),
                "must not have unknown fields",
            );
        }
        errs.extend(crate::crd::schema_errors(&node, default, &at));
    }
    if let Some(items) = s.get("items").and_then(Value::as_map) {
        defaults(errs, items, &child(path, "items"), false, inside_meta);
    }
    for (key, field) in schemas(s, "properties") {
        let meta = resource && matches!(key.as_str(), "metadata" | "apiVersion" | "kind");
        defaults(
            errs,
            field,
            &property(path, key),
            false,
            inside_meta || meta,
        );
    }
}

fn text<'a>(map: &'a Map, key: &str) -> &'a str {
    map.get(key).and_then(Value::as_str).unwrap_or("")
}

fn flag(map: &Map, key: &str) -> bool {
    map.get(key) == Some(&Value::Bool(true))
}

fn schemas<'a>(map: &'a Map, key: &str) -> impl Iterator<Item = (&'a String, &'a Map)> {
    map.get(key)
        .and_then(Value::as_map)
        .into_iter()
        .flat_map(|m| m.iter().filter_map(|(k, v)| Some((k, v.as_map()?))))
}

fn schema_list<'a>(map: &'a Map, key: &str) -> impl Iterator<Item = &'a Map> {
    map.get(key)
        .and_then(Value::as_list)
        .into_iter()
        .flat_map(|l| l.iter().filter_map(Value::as_map))
}

/// `path.properties[key]`.
fn property(path: &str, key: &str) -> String {
    format!("{path}.properties[{key}]")
}

/// `NewStructural`'s refusals, the first one met (the unsupported
/// fields, `items` as a list, `x-kubernetes-preserve-unknown-fields:
/// false`); shown only when nothing else is wrong.
fn convert(schema: &Value) -> Result<(), &'static str> {
    let Some(map) = schema.as_map() else {
        return Ok(());
    };
    // validateUnsupportedFields, in its order.
    for (key, message) in [
        ("id", "OpenAPIV3Schema 'id' is not supported"),
        ("$schema", "OpenAPIV3Schema 'schema' is not supported"),
        ("$ref", "OpenAPIV3Schema '$ref' is not supported"),
        (
            "patternProperties",
            "OpenAPIV3Schema 'patternProperties' is not supported",
        ),
        (
            "dependencies",
            "OpenAPIV3Schema 'dependencies' is not supported",
        ),
        (
            "additionalItems",
            "OpenAPIV3Schema 'additionalItems' is not supported",
        ),
        (
            "definitions",
            "OpenAPIV3Schema 'definitions' is not supported",
        ),
    ] {
        if map.get(key).is_some_and(|v| !is_zero(v)) {
            return Err(message);
        }
    }
    if let Some(not) = map.get("not") {
        convert(not)?;
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for v in map.get(key).and_then(Value::as_list).into_iter().flatten() {
            convert(v)?;
        }
    }
    if map.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(false)) {
        return Err(
            "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined",
        );
    }
    match map.get("items") {
        Some(Value::List(l)) if !l.is_empty() => {
            return Err("OpenAPIV3Schema 'items' must be a schema, but is an array");
        }
        Some(v) => convert(v)?,
        None => {}
    }
    for (_, v) in map
        .get("properties")
        .and_then(Value::as_map)
        .into_iter()
        .flatten()
    {
        convert(v)?;
    }
    if let Some(v @ Value::Map(_)) = map.get("additionalProperties") {
        convert(v)?;
    }
    Ok(())
}

/// Go's zero value of a field as the v1 JSON holds it.
fn is_zero(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::String(s) => s.is_empty(),
        Value::Map(m) => m.is_empty(),
        Value::List(l) => l.is_empty(),
        _ => false,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Level {
    Root,
    Item,
    Field,
}

/// `validateStructuralInvariants` of the node `s` at `path`.
fn invariants(errs: &mut Vec<FieldError>, s: &Map, level: Level, path: &str) {
    let type_ = text(s, "type");
    let items = s.get("items").and_then(Value::as_map);
    if type_ == "array" && items.is_none() {
        errs.required(child(path, "items"), "must be specified");
    }
    if let Some(items) = items {
        invariants(errs, items, Level::Item, &child(path, "items"));
    }
    for (key, field) in schemas(s, "properties") {
        invariants(errs, field, Level::Field, &property(path, key));
    }
    let additional = s.get("additionalProperties").filter(|v| !v.is_null());
    if let Some(additional) = additional {
        if level == Level::Root {
            errs.forbidden(
                child(path, "additionalProperties"),
                "must not be used at the root",
            );
        }
        if let Some(schema) = additional.as_map() {
            invariants(
                errs,
                schema,
                Level::Field,
                &child(path, "additionalProperties"),
            );
        }
    }
    let int_or_string = flag(s, "x-kubernetes-int-or-string");
    let preserve = flag(s, "x-kubernetes-preserve-unknown-fields");
    let embedded = flag(s, "x-kubernetes-embedded-resource");
    // validateExtensions.
    if int_or_string && preserve {
        errs.invalid(
            child(path, "x-kubernetes-preserve-unknown-fields"),
            BadValue::Json("true".into()),
            "must be false if x-kubernetes-int-or-string is true",
        );
    }
    if int_or_string && embedded {
        errs.invalid(
            child(path, "x-kubernetes-embedded-resource"),
            BadValue::Json("true".into()),
            "must be false if x-kubernetes-int-or-string is true",
        );
    }
    value_validation(
        errs,
        s,
        is_int_or_string_any_of(s),
        is_int_or_string_all_of(s),
        path,
    );
    let check_metadata = level == Level::Root || embedded;
    if embedded && type_ != "object" {
        let detail = "must be object if x-kubernetes-embedded-resource is true";
        if type_.is_empty() {
            errs.required(child(path, "type"), detail);
        } else {
            errs.invalid(child(path, "type"), BadValue::str(type_), detail);
        }
    } else if type_.is_empty() && !int_or_string && !preserve {
        let detail = match level {
            Level::Root => "must not be empty at the root",
            Level::Item => "must not be empty for specified array items",
            Level::Field => "must not be empty for specified object fields",
        };
        errs.required(child(path, "type"), detail);
    }
    if embedded && additional.is_some() {
        errs.forbidden(
            child(path, "additionalProperties"),
            "must not be used if x-kubernetes-embedded-resource is set",
        );
    }
    if level == Level::Root && !type_.is_empty() && type_ != "object" {
        errs.invalid(
            child(path, "type"),
            BadValue::str(type_),
            "must be object at the root",
        );
    }
    let properties = s.get("properties").and_then(Value::as_map);
    for key in ["kind", "apiVersion"] {
        if let Some(field) = properties.and_then(|p| p.get(key)).and_then(Value::as_map)
            && check_metadata
        {
            let field_type = text(field, "type");
            if field_type != "string" {
                let at = child(&property(path, key), "type");
                errs.invalid(at, BadValue::str(field_type), "must be string");
            }
        }
    }
    if let Some(metadata) = properties
        .and_then(|p| p.get("metadata"))
        .and_then(Value::as_map)
    {
        metadata_invariants(
            errs,
            metadata,
            check_metadata,
            level,
            &property(path, "metadata"),
        );
    }
    if embedded && !preserve && properties.is_none_or(Map::is_empty) {
        errs.required(
            child(path, "properties"),
            "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
        );
    }
}

/// `validateStructuralMetadataInvariants`: at the root, `metadata` may
/// say no more than `type: object` and properties `name` and
/// `generateName` (and a default, checked elsewhere).
fn metadata_invariants(errs: &mut Vec<FieldError>, s: &Map, check: bool, level: Level, path: &str) {
    let type_ = text(s, "type");
    if check && type_ != "object" {
        errs.invalid(child(path, "type"), BadValue::str(type_), "must be object");
    }
    if level != Level::Root {
        return;
    }
    let properties = s.get("properties").and_then(Value::as_map);
    let only_names =
        properties.is_none_or(|p| p.keys().all(|k| k == "name" || k == "generateName"));
    let anything_else = s.iter().any(|(key, value)| match key.as_str() {
        "type" | "default" => false,
        "properties" => !only_names,
        // Zero values of the Go struct are nothing.
        "nullable"
        | "uniqueItems"
        | "exclusiveMaximum"
        | "exclusiveMinimum"
        | "x-kubernetes-embedded-resource"
        | "x-kubernetes-int-or-string" => value == &Value::Bool(true),
        // Pointers: set whatever they hold.
        "x-kubernetes-list-type" | "x-kubernetes-map-type" => !value.is_null(),
        _ => !is_zero(value),
    });
    if anything_else {
        errs.forbidden(
            path,
            "must not specify anything other than name and generateName, but metadata is implicitly specified",
        );
    }
}

/// `intOrStringAnyOf`: `anyOf: [{type: integer}, {type: string}]` and
/// nothing else in either.
fn int_or_string_pair(list: Option<&Value>) -> bool {
    let Some(items) = list.and_then(Value::as_list) else {
        return false;
    };
    let only_type = |item: &Value, ty: &str| {
        item.as_map().is_some_and(|m| {
            text(m, "type") == ty && m.iter().all(|(k, v)| k == "type" || is_zero(v))
        })
    };
    items.len() == 2 && only_type(&items[0], "integer") && only_type(&items[1], "string")
}

fn is_int_or_string_any_of(s: &Map) -> bool {
    int_or_string_pair(s.get("anyOf"))
}

fn is_int_or_string_all_of(s: &Map) -> bool {
    s.get("allOf")
        .and_then(Value::as_list)
        .and_then(|l| l.first())
        .is_some_and(|first| int_or_string_pair(first.get("anyOf")))
}

/// `validateValueValidation` of the node `v` (its logical junctors).
fn value_validation(
    errs: &mut Vec<FieldError>,
    v: &Map,
    skip_any_of: bool,
    skip_first_all_of_any_of: bool,
    path: &str,
) {
    if !skip_any_of {
        for (i, clause) in schema_list(v, "anyOf").enumerate() {
            nested(errs, clause, false, &index(&child(path, "anyOf"), i));
        }
    }
    for (i, clause) in schema_list(v, "allOf").enumerate() {
        let skip = skip_first_all_of_any_of && i == 0;
        nested(errs, clause, skip, &index(&child(path, "allOf"), i));
    }
    for (i, clause) in schema_list(v, "oneOf").enumerate() {
        nested(errs, clause, false, &index(&child(path, "oneOf"), i));
    }
    if let Some(not) = v.get("not").and_then(Value::as_map) {
        nested(errs, not, false, &child(path, "not"));
    }
    // The pattern compiles as Go's regexp.
    #[cfg(feature = "crd-validation")]
    if let Some(e) = crate::crd::regexp::compile_error(text(v, "pattern")) {
        let detail = format!("must be a valid regular expression, but isn't: {e}");
        errs.invalid(
            child(path, "pattern"),
            BadValue::str(text(v, "pattern")),
            &detail,
        );
    }
}

/// `validateNestedValueValidation`: inside a junctor, only value
/// validations; the structure and the generic fields are the
/// structural schema's.
fn nested(errs: &mut Vec<FieldError>, v: &Map, skip_any_of: bool, path: &str) {
    value_validation(errs, v, skip_any_of, false, path);
    if let Some(items) = v.get("items").and_then(Value::as_map) {
        nested(errs, items, false, &child(path, "items"));
    }
    for (key, field) in schemas(v, "properties") {
        nested(errs, field, false, &property(path, key));
    }
    if !text(v, "type").is_empty() {
        errs.forbidden(child(path, "type"), "must be empty to be structural");
    }
    // An `additionalProperties: false` converts to none.
    if matches!(
        v.get("additionalProperties"),
        Some(Value::Map(_) | Value::Bool(true))
    ) {
        errs.forbidden(
            child(path, "additionalProperties"),
            "must be undefined to be structural",
        );
    }
    let checks: [(&str, &str); 11] = [
        ("default", "must be undefined to be structural"),
        ("title", "must be empty to be structural"),
        ("description", "must be empty to be structural"),
        ("nullable", "must be false to be structural"),
        (
            "x-kubernetes-preserve-unknown-fields",
            "must be false to be structural",
        ),
        (
            "x-kubernetes-embedded-resource",
            "must be false to be structural",
        ),
        (
            "x-kubernetes-int-or-string",
            "must be false to be structural",
        ),
        (
            "x-kubernetes-list-map-keys",
            "must be empty to be structural",
        ),
        (
            "x-kubernetes-list-type",
            "must be undefined to be structural",
        ),
        (
            "x-kubernetes-map-type",
            "must be undefined to be structural",
        ),
        ("x-kubernetes-validations", "must be empty to be structural"),
    ];
    for (key, detail) in checks {
        let set = match v.get(key) {
            None | Some(Value::Null) => false,
            // Pointers: set whatever they hold.
            Some(_) if key == "default" || key.ends_with("-type") => true,
            Some(Value::Bool(b)) => *b,
            Some(other) => !is_zero(other),
        };
        if set {
            errs.forbidden(child(path, key), detail);
        }
    }
    if v.get("properties")
        .and_then(Value::as_map)
        .is_some_and(|p| p.contains_key("metadata"))
    {
        errs.forbidden(
            property(path, "metadata"),
            "must not be specified in a nested context",
        );
    }
}

/// `validateValueValidationCompleteness` of the junctors of `v` against
/// the structural node `s`: what they name must be in the structure.
fn completeness(errs: &mut Vec<FieldError>, s: Option<&Map>, v: &Map, s_path: &str, v_path: &str) {
    if let Some(not) = v.get("not").and_then(Value::as_map) {
        nested_completeness(errs, not, s, s_path, &child(v_path, "not"));
    }
    for key in ["allOf", "anyOf", "oneOf"] {
        for (i, clause) in schema_list(v, key).enumerate() {
            nested_completeness(errs, clause, s, s_path, &index(&child(v_path, key), i));
        }
    }
}

fn nested_completeness(
    errs: &mut Vec<FieldError>,
    v: &Map,
    s: Option<&Map>,
    s_path: &str,
    v_path: &str,
) {
    let Some(s) = s else {
        errs.required(s_path, &format!("because it is defined in {v_path}"));
        return;
    };
    completeness(errs, Some(s), v, s_path, v_path);
    if let Some(items) = v.get("items").and_then(Value::as_map) {
        let s_items = s.get("items").and_then(Value::as_map);
        nested_completeness(
            errs,
            items,
            s_items,
            &child(s_path, "items"),
            &child(v_path, "items"),
        );
    }
    let s_properties = s.get("properties").and_then(Value::as_map);
    for (key, field) in schemas(v, "properties") {
        match s_properties
            .and_then(|p| p.get(key))
            .and_then(Value::as_map)
        {
            None => errs.required(
                property(s_path, key),
                &format!("because it is defined in {}", property(v_path, key)),
            ),
            Some(s_field) => {
                nested_completeness(
                    errs,
                    field,
                    Some(s_field),
                    &property(s_path, key),
                    &property(v_path, key),
                );
            }
        }
    }
}

/// `specStandardValidatorV3`'s state along the walk.
#[derive(Clone, Copy)]
struct Validator<'a> {
    allow_defaults: bool,
    defaults_reason: &'a str,
    inside_resource_meta: bool,
}

/// `ValidateCustomResourceDefinitionOpenAPISchema` of the node `s`.
fn openapi(errs: &mut Vec<FieldError>, s: &Map, path: &str, v: Validator, is_root: bool) {
    standard(errs, s, path, v);
    let type_ = text(s, "type");
    if flag(s, "uniqueItems") {
        errs.forbidden(
            child(path, "uniqueItems"),
            "uniqueItems cannot be set to true since the runtime complexity becomes quadratic",
        );
    }
    let properties = s
        .get("properties")
        .and_then(Value::as_map)
        .filter(|p| !p.is_empty());
    if let Some(additional) = s.get("additionalProperties").filter(|a| !a.is_null()) {
        if properties.is_some() && additional != &Value::Bool(true) {
            errs.forbidden(
                child(path, "additionalProperties"),
                "additionalProperties and properties are mutual exclusive",
            );
        }
        if let Some(schema) = additional.as_map() {
            let sub = if v.inside_resource_meta {
                Validator {
                    allow_defaults: false,
                    defaults_reason: "inside additionalProperties applying to object metadata",
                    ..v
                }
            } else {
                v
            };
            openapi(
                errs,
                schema,
                &child(path, "additionalProperties"),
                sub,
                false,
            );
        }
    }
    let embedded = flag(s, "x-kubernetes-embedded-resource");
    for (key, field) in schemas(s, "properties") {
        let mut sub = v;
        if (is_root || embedded) && matches!(key.as_str(), "metadata" | "kind" | "apiVersion") {
            sub.inside_resource_meta = true;
            if is_root {
                sub.allow_defaults = false;
                sub.defaults_reason = match key.as_str() {
                    "metadata" => "in top-level metadata",
                    "kind" => "in top-level kind",
                    _ => "in top-level apiVersion",
                };
            }
        }
        openapi(errs, field, &property(path, key), sub, false);
    }
    if let Some(not) = s.get("not").and_then(Value::as_map) {
        openapi(errs, not, &child(path, "not"), v, false);
    }
    for key in ["allOf", "oneOf", "anyOf"] {
        for (i, clause) in schema_list(s, key).enumerate() {
            openapi(errs, clause, &index(&child(path, key), i), v, false);
        }
    }
    for (key, definition) in schemas(s, "definitions") {
        openapi(
            errs,
            definition,
            &format!("{path}.definitions[{key}]"),
            v,
            false,
        );
    }
    match s.get("items") {
        Some(Value::Map(items)) => openapi(errs, items, &child(path, "items"), v, false),
        Some(Value::List(items)) => {
            for (i, item) in items.iter().filter_map(Value::as_map).enumerate() {
                openapi(errs, item, &index(&child(path, "items"), i), v, false);
            }
        }
        _ => {}
    }
    for (key, dependency) in schemas(s, "dependencies") {
        openapi(
            errs,
            dependency,
            &format!("{path}.dependencies[{key}]"),
            v,
            false,
        );
    }
    if s.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(false)) {
        errs.invalid(
            child(path, "x-kubernetes-preserve-unknown-fields"),
            BadValue::Json("false".into()),
            "must be true or undefined",
        );
    }
    let map_type = s.get("x-kubernetes-map-type").and_then(Value::as_str);
    if map_type.is_some() && type_ != "object" {
        type_must_be(
            errs,
            path,
            type_,
            "must be object if x-kubernetes-map-type is specified",
        );
    }
    if let Some(map_type) = map_type.filter(|t| !matches!(*t, "atomic" | "granular")) {
        errs.not_supported(
            child(path, "x-kubernetes-map-type"),
            BadValue::str(map_type),
            &["atomic", "granular"],
        );
    }
    let list_type = s.get("x-kubernetes-list-type").and_then(Value::as_str);
    let items = s.get("items").and_then(Value::as_map);
    if list_type.is_some() && type_ != "array" {
        type_must_be(
            errs,
            path,
            type_,
            "must be array if x-kubernetes-list-type is specified",
        );
    } else if list_type == Some("set")
        && let Some(items) = items
    {
        // requireAtomicSetType.
        let item_type = text(items, "type");
        let detail = "must be atomic as item of a list with x-kubernetes-list-type=set";
        let item_list_type = items.get("x-kubernetes-list-type").and_then(Value::as_str);
        let item_map_type = items.get("x-kubernetes-map-type").and_then(Value::as_str);
        let printed = |v: Option<&str>| {
            BadValue::Json(v.map_or_else(|| "null".to_string(), super::super::field::json_string))
        };
        if item_type == "array" && item_list_type.is_some_and(|t| t != "atomic") {
            errs.invalid(
                format!("{path}.items.x-kubernetes-list-type"),
                printed(item_list_type),
                detail,
            );
        }
        // Upstream prints the items' list type here, not the map type.
        if item_type == "object" && item_map_type != Some("atomic") {
            errs.invalid(
                format!("{path}.items.x-kubernetes-map-type"),
                printed(item_list_type),
                detail,
            );
        }
    }
    if let Some(list_type) = list_type.filter(|t| !matches!(*t, "atomic" | "set" | "map")) {
        errs.not_supported(
            child(path, "x-kubernetes-list-type"),
            BadValue::str(list_type),
            &["atomic", "set", "map"],
        );
    }
    let keys: Vec<&str> = s
        .get("x-kubernetes-list-map-keys")
        .and_then(Value::as_list)
        .map(|l| l.iter().map(|k| k.as_str().unwrap_or("")).collect())
        .unwrap_or_default();
    let keys_value =
        || BadValue::Json(Value::List(keys.iter().map(|k| Value::from(*k)).collect()).to_json());
    if !keys.is_empty() {
        match list_type {
            None => errs.required(
                child(path, "x-kubernetes-list-type"),
                "must be map if x-kubernetes-list-map-keys is non-empty",
            ),
            Some("map") => {}
            Some(other) => errs.invalid(
                child(path, "x-kubernetes-list-type"),
                BadValue::str(other),
                "must be map if x-kubernetes-list-map-keys is non-empty",
            ),
        }
    }
    if list_type == Some("map") {
        if keys.is_empty() {
            errs.required(
                child(path, "x-kubernetes-list-map-keys"),
                "must not be empty if x-kubernetes-list-type is map",
            );
        }
        match s.get("items") {
            None | Some(Value::Null) => errs.required(
                child(path, "items"),
                "must have a schema if x-kubernetes-list-type is map",
            ),
            Some(list @ Value::List(_)) => errs.invalid(
                child(path, "items"),
                BadValue::Json(list.to_json_sorted()),
                "must only have a single schema if x-kubernetes-list-type is map",
            ),
            _ => {}
        }
        if let Some(items) = items {
            let item_type = text(items, "type");
            if item_type != "object" {
                errs.invalid(
                    format!("{path}.items.type"),
                    BadValue::str(item_type),
                    "must be object if parent array's x-kubernetes-list-type is map",
                );
            } else {
                let item_properties = items.get("properties").and_then(Value::as_map);
                let mut seen: Vec<&str> = Vec::new();
                for key in &keys {
                    match item_properties
                        .and_then(|p| p.get(key))
                        .and_then(Value::as_map)
                    {
                        Some(field) => {
                            if matches!(text(field, "type"), "array" | "object") {
                                // Upstream prints the items' type here.
                                errs.invalid(
                                    child(&property(&child(path, "items"), key), "type"),
                                    BadValue::str(item_type),
                                    "must be a scalar type if parent array's x-kubernetes-list-type is map",
                                );
                            }
                        }
                        None => errs.invalid(
                            child(path, "x-kubernetes-list-map-keys"),
                            keys_value(),
                            "entries must all be names of item properties",
                        ),
                    }
                    if seen.contains(key) {
                        errs.invalid(
                            child(path, "x-kubernetes-list-map-keys"),
                            keys_value(),
                            "must not contain duplicate entries",
                        );
                    }
                    seen.push(key);
                }
            }
        }
    }
    map_list_keys_map_set(errs, s, path, list_type, &keys);
    validation_rules(errs, s, path);
}

/// `field.Required` when the type is empty, else `field.Invalid`.
fn type_must_be(errs: &mut Vec<FieldError>, path: &str, type_: &str, detail: &str) {
    if type_.is_empty() {
        errs.required(child(path, "type"), detail);
    } else {
        errs.invalid(child(path, "type"), BadValue::str(type_), detail);
    }
}

/// `specStandardValidatorV3.validate`.
fn standard(errs: &mut Vec<FieldError>, s: &Map, path: &str, v: Validator) {
    let type_ = text(s, "type");
    const TYPES: [&str; 6] = ["array", "boolean", "integer", "number", "object", "string"];
    if !type_.is_empty() && !TYPES.contains(&type_) {
        errs.not_supported(child(path, "type"), BadValue::str(type_), &TYPES);
    }
    if s.get("default").is_some_and(|d| !d.is_null()) && !v.allow_defaults {
        let mut detail = "must not be set".to_string();
        if !v.defaults_reason.is_empty() {
            detail.push(' ');
            detail.push_str(v.defaults_reason);
        }
        errs.forbidden(child(path, "default"), &detail);
    }
    if !text(s, "id").is_empty() {
        errs.forbidden(child(path, "id"), "id is not supported");
    }
    if s.get("additionalItems").is_some_and(|a| !a.is_null()) {
        errs.forbidden(
            child(path, "additionalItems"),
            "additionalItems is not supported",
        );
    }
    for key in ["patternProperties", "definitions"] {
        if s.get(key).is_some_and(|v| !is_zero(v)) {
            errs.forbidden(child(path, key), &format!("{key} is not supported"));
        }
    }
    if s.get("dependencies").is_some_and(|d| !d.is_null()) {
        errs.forbidden(child(path, "dependencies"), "dependencies is not supported");
    }
    if s.get("$ref").is_some_and(|r| !r.is_null()) {
        errs.forbidden(child(path, "$ref"), "$ref is not supported");
    }
    if type_ == "null" {
        errs.forbidden(
            child(path, "type"),
            "type cannot be set to null, use nullable as an alternative",
        );
    }
    if s.get("items")
        .and_then(Value::as_list)
        .is_some_and(|l| !l.is_empty())
    {
        errs.forbidden(
            child(path, "items"),
            "items must be a schema object and not an array",
        );
    }
    if v.inside_resource_meta && flag(s, "x-kubernetes-embedded-resource") {
        errs.forbidden(
            child(path, "x-kubernetes-embedded-resource"),
            "must not be used inside of resource meta",
        );
    }
}

/// `validateMapListKeysMapSet`: a set's or map's items are not nullable;
/// a map's keys are required or defaulted, and not nullable.
fn map_list_keys_map_set(
    errs: &mut Vec<FieldError>,
    s: &Map,
    path: &str,
    list_type: Option<&str>,
    keys: &[&str],
) {
    let (Some(items), Some(list_type @ ("set" | "map"))) =
        (s.get("items").and_then(Value::as_map), list_type)
    else {
        return;
    };
    if flag(items, "nullable") {
        errs.forbidden(
            format!("{path}.items.nullable"),
            &format!("cannot be nullable when x-kubernetes-list-type is {list_type}"),
        );
    }
    if list_type != "map" {
        return;
    }
    let required: Vec<&str> = items
        .get("required")
        .and_then(Value::as_list)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let properties = items.get("properties").and_then(Value::as_map);
    for key in keys {
        let Some(field) = properties.and_then(|p| p.get(key)).and_then(Value::as_map) else {
            continue;
        };
        let at = property(&child(path, "items"), key);
        if !required.contains(key) && field.get("default").is_none_or(Value::is_null) {
            errs.required(
                child(&at, "default"),
                "this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property",
            );
        }
        if flag(field, "nullable") {
            errs.forbidden(
                child(&at, "nullable"),
                "this property is in x-kubernetes-list-map-keys, so it cannot be nullable",
            );
        }
    }
}

/// Where a node's rules compile: at the resource's root or not, the
/// highest node above whose old values cannot be correlated, how many
/// times the node may appear (`CELSchemaContext.MaxCardinality`: the
/// product of the `maxItems` and `maxProperties` above, `None` where a
/// list or map above has none), and whether the rules' costs are
/// estimated (not below the `kind`, `apiVersion` and `metadata` that
/// `WithTypeAndObjectMeta` replaces at a resource's root, whose types
/// the rules there take).
#[derive(Clone, Copy)]
struct RuleContext<'a> {
    root: bool,
    within: Option<&'a str>,
    cardinality: Option<u64>,
    estimated: bool,
    /// Each rule held to the per-expression budget.
    budgeted: bool,
}

/// Each node's rules compiled, as `ValidateCustomResourceDefinitionOpenAPISchema`
/// compiles them with the node's CEL context (its additional properties',
/// properties' and items' first, then its own), unless a schema error was
/// found at the node or below: a rule's compile error (`undefined field`,
/// see `crd::cel::check`), then a transition rule (one that reads
/// `oldSelf`) where old values cannot be correlated (`within` names the
/// highest such node), or an `optionalOldSelf` on a rule that does not
/// read `oldSelf`. A rule that compiles has its `messageExpression`
/// compiled the same way. A rule outside the engine's CEL subset is not
/// compiled.
///
/// Each compiled rule's estimated cost (`crd::cel::cost`) times the
/// node's cardinality (else the most the node's smallest value could
/// repeat in a request) is held to `StaticEstimatedCostLimit` (`Forbidden`
/// at the rule, before its compile errors), as a message expression's
/// cost is (at the message expression), and added to `costs`, the
/// schema's total; a rule or message expression whose cost the engine
/// does not estimate leaves the total unknown.
fn compile_rules(
    cel: &mut Vec<FieldError>,
    costs: &mut crate::crd::CelCostTotal,
    s: &Map,
    path: &str,
    context: RuleContext<'_>,
    found: &[FieldError],
) {
    let RuleContext {
        root,
        within,
        cardinality,
        estimated,
        budgeted,
    } = context;
    let children = RuleContext {
        root: false,
        within,
        cardinality: crate::crd::cel_child_cardinality(s, cardinality),
        estimated,
        budgeted,
    };
    let replaced = (root || flag(s, "x-kubernetes-embedded-resource"))
        && crate::crd::cel_replaces_type_meta(s);
    if let Some(additional) = s.get("additionalProperties").and_then(Value::as_map) {
        let at = child(path, "additionalProperties");
        compile_rules(cel, costs, additional, &at, children, found);
    }
    // `withForbidOldSelfValidations`: below an object whose map type is
    // neither granular nor atomic (`MapIsCorrelatable`), or a list's
    // items unless it is a map list, old values cannot be correlated; the
    // highest such node is named.
    let map_type = text(s, "x-kubernetes-map-type");
    let properties_within =
        within.or((!matches!(map_type, "" | "granular" | "atomic")).then_some(path));
    for (key, field) in schemas(s, "properties") {
        let context = RuleContext {
            within: properties_within,
            estimated: estimated
                && !(replaced && matches!(key.as_str(), "kind" | "apiVersion" | "metadata")),
            ..children
        };
        compile_rules(cel, costs, field, &property(path, key), context, found);
    }
    if let Some(items) = s.get("items").and_then(Value::as_map) {
        let items_within = within.or((text(s, "x-kubernetes-list-type") != "map").then_some(path));
        let context = RuleContext {
            within: items_within,
            ..children
        };
        compile_rules(cel, costs, items, &child(path, "items"), context, found);
    }
    let below = |e: &FieldError| {
        e.path
            .strip_prefix(path)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
    };
    let rules: Vec<&Map> = schema_list(s, "x-kubernetes-validations").collect();
    if rules.is_empty() || found.iter().any(below) {
        return;
    }
    // The rules' type is this node's schema (a copy only where there are
    // rules to compile).
    let node = Value::Map(s.clone());
    // getExpressionCost's cardinality: the node's, else the rules' own.
    let rule_cardinality = cardinality.or_else(|| crate::crd::cel_max_cardinality(&node, root));
    for (i, rule) in rules.into_iter().enumerate() {
        let at = index(&child(path, "x-kubernetes-validations"), i);
        let optional = rule.get("optionalOldSelf").and_then(Value::as_bool);
        let Some(compiled) =
            crate::crd::compile_cel_rule(text(rule, "rule"), &node, root, optional == Some(true))
        else {
            costs.observe(child(&at, "rule"), None);
            continue;
        };
        let estimate = |compiled: &crate::crd::CelCompiled, output: &str| {
            estimated
                .then(|| compiled.estimated_cost(&node, root, optional == Some(true), output))
                .flatten()
        };
        // compileRule: the rule's issues, else a result other than a
        // bool, else its message expression's, or a result other than
        // a string.
        let message = |expression: &str| {
            crate::crd::compile_cel_rule(expression, &node, root, optional == Some(true))
        };
        let rule_fails = compiled.error.is_some()
            || compiled.output.as_deref().is_some_and(|t| t != "bool")
            || compiled.program_error.is_some();
        // A rule that fails to compile costs nothing; another, its
        // estimate times the cardinality.
        let rule_cost = if rule_fails {
            Some(0)
        } else {
            estimate(&compiled, "bool")
                .zip(rule_cardinality)
                .map(|(cost, cardinality)| crate::crd::cel_cost_times(cost, cardinality))
        };
        let over_budget = |cost: Option<u64>| {
            cost.filter(|c| budgeted && *c > crate::crd::CEL_EXPRESSION_COST_LIMIT)
        };
        if let Some(cost) = over_budget(rule_cost) {
            cel.forbidden(
                child(&at, "rule"),
                &crate::crd::cel_cost_message(
                    "estimated rule cost",
                    cost,
                    crate::crd::CEL_EXPRESSION_COST_LIMIT,
                ),
            );
        }
        costs.observe(child(&at, "rule"), rule_cost);
        let message_expression = text(rule, "messageExpression");
        let detail = match (&compiled.error, compiled.output.as_deref()) {
            (Some(issues), _) => Some(("rule", ["compilation failed: ", issues].concat())),
            (None, Some(t)) if t != "bool" => {
                Some(("rule", "cel expression must evaluate to a bool".to_string()))
            }
            (None, _) if let Some(e) = &compiled.program_error => {
                Some(("rule", format!("program instantiation failed: {e}")))
            }
            _ => match message(message_expression) {
                Some(crate::crd::CelCompiled {
                    error: Some(issues),
                    ..
                }) => Some((
                    "messageExpression",
                    ["messageExpression compilation failed: ", &issues].concat(),
                )),
                Some(crate::crd::CelCompiled {
                    output: Some(t), ..
                }) if t != "string" => Some((
                    "messageExpression",
                    "messageExpression must evaluate to a string".to_string(),
                )),
                Some(crate::crd::CelCompiled {
                    program_error: Some(e),
                    ..
                }) => Some((
                    "messageExpression",
                    format!("messageExpression instantiation failed: {e}"),
                )),
                // A message expression that compiles: its own estimated
                // cost, not multiplied by the cardinality.
                compiled_message if !message_expression.is_empty() => {
                    let cost = compiled_message.and_then(|m| estimate(&m, "string"));
                    let at = child(&at, "messageExpression");
                    if let Some(cost) = over_budget(cost) {
                        cel.forbidden(
                            &at,
                            &crate::crd::cel_cost_message(
                                "estimated messageExpression cost",
                                cost,
                                crate::crd::CEL_EXPRESSION_COST_LIMIT,
                            ),
                        );
                    }
                    costs.observe(at, cost);
                    None
                }
                _ => None,
            },
        };
        if let Some((key, detail)) = detail {
            cel.invalid(child(&at, key), rule_value(rule), &detail);
        }
        if let Some(uncorrelatable) = within.filter(|_| compiled.uses_old_self) {
            cel.invalid(
                child(&at, "rule"),
                BadValue::str(text(rule, "rule")),
                &format!(
                    "oldSelf cannot be used on the uncorrelatable portion of the schema within {uncorrelatable}"
                ),
            );
        } else if let Some(optional) = optional.filter(|_| !compiled.uses_old_self) {
            cel.invalid(
                child(&at, "optionalOldSelf"),
                BadValue::Json(optional.to_string()),
                "may not be set if oldSelf is not used in rule",
            );
        }
    }
}

/// A rule as the error prints it: `json.Marshal` of the internal
/// `apiextensions.ValidationRule`, whose fields have no json tags.
fn rule_value(rule: &Map) -> BadValue {
    let string = |key: &str| super::super::field::json_string(text(rule, key));
    let or_null = |key: &str| {
        rule.get(key)
            .filter(|v| !v.is_null())
            .map_or_else(|| "null".to_string(), Value::to_json)
    };
    BadValue::Json(format!(
        "{{\"Rule\":{},\"Message\":{},\"MessageExpression\":{},\"Reason\":{},\"FieldPath\":{},\"OptionalOldSelf\":{}}}",
        string("rule"),
        string("message"),
        string("messageExpression"),
        or_null("reason"),
        string("fieldPath"),
        or_null("optionalOldSelf"),
    ))
}

/// The static checks of `x-kubernetes-validations` (their compilation is
/// [`compile_rules`]').
fn validation_rules(errs: &mut Vec<FieldError>, s: &Map, path: &str) {
    let has_newlines = |t: &str| t.contains('\n') || t.contains('\r');
    for (i, rule) in schema_list(s, "x-kubernetes-validations").enumerate() {
        let at = index(&child(path, "x-kubernetes-validations"), i);
        let (expression, message) = (text(rule, "rule"), text(rule, "message"));
        let (trimmed_rule, trimmed_message) = (expression.trim(), message.trim());
        if trimmed_rule.is_empty() {
            errs.required(child(&at, "rule"), "rule is not specified");
        } else if !message.is_empty() && trimmed_message.is_empty() {
            errs.invalid(
                child(&at, "message"),
                BadValue::str(message),
                "must be non-empty if specified",
            );
        } else if has_newlines(trimmed_message) {
            errs.invalid(
                child(&at, "message"),
                BadValue::str(message),
                "must not contain line breaks",
            );
        } else if has_newlines(trimmed_rule) && trimmed_message.is_empty() {
            errs.required(
                child(&at, "message"),
                "message must be specified if rule contains line breaks",
            );
        }
        let message_expression = text(rule, "messageExpression");
        if !message_expression.is_empty() && message_expression.trim().is_empty() {
            errs.required(
                child(&at, "messageExpression"),
                "messageExpression must be non-empty if specified",
            );
        }
        if let Some(reason) = rule.get("reason").and_then(Value::as_str) {
            const REASONS: [&str; 4] = [
                "FieldValueDuplicate",
                "FieldValueForbidden",
                "FieldValueInvalid",
                "FieldValueRequired",
            ];
            if !REASONS.contains(&reason) {
                errs.not_supported(child(&at, "reason"), BadValue::str(reason), &REASONS);
            }
        }
        let field_path = text(rule, "fieldPath");
        if !field_path.is_empty() && field_path.trim().is_empty() {
            errs.invalid(
                child(&at, "fieldPath"),
                BadValue::str(field_path),
                "must be non-empty if specified",
            );
        }
        if has_newlines(field_path) {
            errs.invalid(
                child(&at, "fieldPath"),
                BadValue::str(field_path),
                "must not contain line breaks",
            );
        }
        if !field_path.is_empty() && !valid_field_path(s, field_path) {
            errs.invalid(
                child(&at, "fieldPath"),
                BadValue::str(field_path),
                "must be a valid path",
            );
        }
    }
}

/// `pathValid`: whether `ValidFieldPath` finds the field `path` names
/// below the node `s` (`.name` or `['name']` steps, each through the
/// properties, or a map's values; not into a list's items).
fn valid_field_path(s: &Map, path: &str) -> bool {
    let mut node = s;
    let mut tokens = field_path_tokens(path).into_iter();
    while let Some(token) = tokens.next() {
        let name = match token.as_str() {
            "[" => {
                let Some(quoted) = tokens.next() else {
                    return false;
                };
                let inner = quoted
                    .strip_prefix('\'')
                    .and_then(|q| q.strip_suffix('\''))
                    .filter(|_| quoted.len() >= 2);
                let Some(name) = inner.and_then(unescape_single_quoted) else {
                    return false;
                };
                if tokens.next().as_deref() != Some("]") {
                    return false;
                }
                name
            }
            "." => match tokens.next() {
                Some(name) => name,
                None => return false,
            },
            _ => return false,
        };
        if let Some(properties) = node.get("properties").and_then(Value::as_map) {
            match properties.get(&name).and_then(Value::as_map) {
                Some(property) => node = property,
                None => return false,
            }
        } else if let Some(additional) = node.get("additionalProperties").filter(|a| !a.is_null()) {
            match additional.as_map() {
                Some(values) => node = values,
                // A boolean's values have no schema to go on with
                // (upstream dereferences nil there): no claim.
                None => return true,
            }
        } else {
            return false;
        }
    }
    true
}

/// `ValidFieldPath`'s scanner: `.`, `[` and `]` alone, a single-quoted
/// string whole (to its first quote not after a backslash), other text
/// up to the next delimiter.
fn field_path_tokens(path: &str) -> Vec<String> {
    let chars: Vec<char> = path.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        if chars[i] == '\'' {
            i += 1;
            while i < chars.len() && !(chars[i] == '\'' && chars[i - 1] != '\\') {
                i += 1;
            }
            i = (i + 1).min(chars.len());
        } else if matches!(chars[i], '.' | '[' | ']') {
            i += 1;
        } else {
            while i < chars.len() && !matches!(chars[i], '.' | '[' | ']') {
                i += 1;
            }
        }
        tokens.push(chars[start..i].iter().collect());
    }
    tokens
}

/// `unescapeSingleQuote`: `\\` and the next character, C's escapes and
/// `\'`; `None` for another.
fn unescape_single_quoted(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(d) = chars.next() else {
            out.push(c);
            break;
        };
        match d {
            '\'' | '\\' => out.push(d),
            // Go's `.` does not match a line break: a backslash before
            // one stays as it is.
            '\n' => out.extend([c, d]),
            _ => out.push(crate::crd::c_escape(d)?),
        }
    }
    Some(out)
}
