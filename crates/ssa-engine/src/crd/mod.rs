//! CustomResourceDefinitions as schemas (`schema: {crd: ...}`): the
//! `openAPIV3Schema` of the served version that matches the object's
//! apiVersion, converted as the API server converts it for server-side
//! apply (lists without a list type are atomic; apiVersion, kind and
//! `metadata` are the API server's own, whatever the CRD says; embedded
//! resources get them too), the version's status and scale subresources,
//! and what the server does to every custom resource it decodes: prune
//! unknown fields, drop nulls the schema does not allow, fill in the
//! structural defaults (see [`CustomResourceCoercion`]).

use crate::openapi::{Converter, Dialect};
use crate::schema::{Defaulter, ObjectSchema, Subresources};
use crate::smd::SchemaError;
use crate::value::go_quote;
use crate::value::{Map, Value, ValuePath};
use std::sync::Arc;

#[cfg(feature = "crd-validation")]
mod cel;
#[cfg(feature = "crd-validation")]
mod formats;
#[cfg(feature = "crd-validation")]
mod netip;
#[cfg(feature = "crd-validation")]
pub(crate) mod regexp;
#[cfg(feature = "crd-validation")]
mod validation;
#[cfg(feature = "crd-validation")]
pub use regexp::{CompiledPatterns, PatternMatcher, RegexpDialect};
#[cfg(feature = "crd-validation")]
pub use validation::{answer_delegated, set_pattern_matcher};
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) use validation::{bad as bad_value, schema_errors};

/// Whether `url.ParseRequestURI` takes `text` with a scheme and a host
/// (a CRD's approval annotation, `GetAPIApprovalState`).
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) fn is_absolute_request_uri(text: &str) -> bool {
    formats::url::parts(text).is_some_and(|p| !p.scheme.is_empty() && !p.host.is_empty())
}

/// CEL's reserved words (its grammar's `RESERVED`), which an identifier
/// may not be: the API server escapes a property so named as
/// `__word__` (apiserver `cel.Escape`).
#[cfg(feature = "crd-validation")]
pub(crate) const CEL_RESERVED: [&str; 21] = [
    "true",
    "false",
    "null",
    "in",
    "as",
    "break",
    "const",
    "continue",
    "else",
    "for",
    "function",
    "if",
    "import",
    "let",
    "loop",
    "package",
    "namespace",
    "return",
    "var",
    "void",
    "while",
];
/// A DRA device selector's compilation (see [`cel::compile_device_selector`]).
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) use cel::compile_device_selector as compile_cel_device_selector;
/// An admission expression's compilation (see [`cel::compile_admission`]).
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) use cel::{
    AdmissionEnv as CelAdmissionEnv, VariableType as CelVariableType,
    compile_admission as compile_cel_admission,
};
/// A CRD rule's compilation (see [`cel::compile`]).
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) use cel::{Compiled as CelCompiled, c_escape, compile as compile_cel_rule};
/// The estimated cost of CRD rules (see `cel::cost`).
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) use cel::{
    CostTotal as CelCostTotal, EXPRESSION_LIMIT as CEL_EXPRESSION_COST_LIMIT,
    child_cardinality as cel_child_cardinality, cost_message as cel_cost_message,
    max_cardinality as cel_max_cardinality, replaces_type_meta as cel_replaces_type_meta,
    times as cel_cost_times,
};
/// A webhook's URL as `url.Parse` reads it (see
/// [`formats::url::parse_for_webhook`]).
#[cfg(all(feature = "crd-validation", feature = "rare-kinds"))]
pub(crate) use formats::url::parse_for_webhook as parse_webhook_url;

fn err(path: &ValuePath, message: impl Into<String>) -> SchemaError {
    SchemaError {
        path: path.clone(),
        message: message.into(),
    }
}

/// A CRD's served version: the parts of the CRD a custom resource of it
/// is read, merged and validated with.
struct Served<'a> {
    spec: &'a Value,
    // The validation's name for the kind (`Thing.example.com`).
    #[cfg_attr(not(feature = "crd-validation"), allow(dead_code))]
    group: &'a str,
    #[cfg_attr(not(feature = "crd-validation"), allow(dead_code))]
    kind: &'a str,
    version: &'a Value,
    /// The version's `openAPIV3Schema`, and where it is in the CRD.
    node: &'a Value,
    node_path: ValuePath,
}

/// The CRD's served version matching `api_version` (and `kind`).
fn served<'a>(crd: &'a Value, api_version: &str, kind: &str) -> Result<Served<'a>, SchemaError> {
    let root = ValuePath::root();
    let spec_path = root.key("spec");
    let spec = crd
        .get("spec")
        .ok_or_else(|| err(&root, "a CustomResourceDefinition needs a `spec`"))?;
    let group = spec.get("group").and_then(Value::as_str).unwrap_or("");
    let crd_kind = spec
        .get_path(&["names", "kind"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let (want_group, want_version) = api_version.split_once('/').unwrap_or(("", api_version));
    if !api_version.is_empty()
        && (want_group != group || (!kind.is_empty() && !crd_kind.is_empty() && kind != crd_kind))
    {
        return Err(err(
            &spec_path.key("group"),
            format!("this CRD defines {group} {crd_kind}, not {api_version} {kind}"),
        ));
    }
    let versions = spec
        .get("versions")
        .and_then(Value::as_list)
        .ok_or_else(|| err(&spec_path, "`spec.versions` is missing"))?;
    let (index, version) = versions
        .iter()
        .enumerate()
        .find(|(_, v)| {
            v.get("name").and_then(Value::as_str) == Some(want_version)
                && v.get("served").and_then(Value::as_bool).unwrap_or(true)
        })
        .ok_or_else(|| {
            err(
                &spec_path.key("versions"),
                format!(
                    "no served version {want_version} in this CRD",
                    want_version = go_quote(want_version)
                ),
            )
        })?;
    let version_path = spec_path.key("versions").index(index);
    let (node, node_path) = match version.get_path(&["schema", "openAPIV3Schema"]) {
        Some(n) => (n, version_path.key("schema").key("openAPIV3Schema")),
        None => match spec.get_path(&["validation", "openAPIV3Schema"]) {
            Some(n) => (n, spec_path.key("validation").key("openAPIV3Schema")),
            None => {
                return Err(err(
                    &version_path,
                    "no schema.openAPIV3Schema for this version",
                ));
            }
        },
    };
    Ok(Served {
        spec,
        group,
        kind: crd_kind,
        version,
        node,
        node_path,
    })
}

/// The schema of the CRD's served version matching `api_version`.
pub fn load(crd: &Value, api_version: &str, kind: &str) -> Result<ObjectSchema, SchemaError> {
    let served = served(crd, api_version, kind)?;
    let (spec, version, node) = (served.spec, served.version, served.node);
    // The legacy (v1beta1) switch that keeps unknown fields everywhere.
    let preserve_all = spec
        .get("preserveUnknownFields")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut converter = Converter::new(Dialect::Crd, None);
    let root_type = converter.resource_root(node, &served.node_path, preserve_all)?;
    let subresources = subresources(
        version
            .get("subresources")
            .or_else(|| spec.get("subresources")),
    );
    #[cfg(feature = "crd-validation")]
    let validator = Some(Arc::new(validation::CustomResourceValidation::of(&served))
        as Arc<dyn crate::schema::Validator>);
    #[cfg(not(feature = "crd-validation"))]
    let validator = crate::delegated::validator(
        "validateCustomResource",
        vec![crd.clone(), Value::from(api_version), Value::from(kind)],
    );
    let coercion = CustomResourceCoercion {
        schema: Structural::from_schema(node),
        prune: !preserve_all,
    };
    Ok(ObjectSchema {
        schema: Arc::new(converter.schema),
        root: root_type,
        subresources,
        defaulter: Some(Arc::new(coercion) as Arc<dyn Defaulter>),
        validator,
        omit_empty: false,
    })
}

/// `subresources.status` and `subresources.scale.specReplicasPath`
/// (`.spec.replicas` becomes `["spec", "replicas"]`).
fn subresources(v: Option<&Value>) -> Subresources {
    Subresources {
        status: v
            .and_then(|s| s.get("status"))
            .is_some_and(|s| !s.is_null()),
        scale_replicas_path: v
            .and_then(|s| s.get_path(&["scale", "specReplicasPath"]))
            .and_then(Value::as_str)
            .map(|p| {
                p.trim_start_matches('.')
                    .split('.')
                    .map(str::to_string)
                    .collect()
            }),
    }
}

/// What the API server does to a custom resource every time it decodes
/// one (a request body, the stored object) — the CRD's codec, in order:
/// 1. prune the fields the structural schema does not declare
///    (apiextensions `pruning.Prune`; apiVersion, kind and metadata of the
///    object and of embedded resources are kept; below
///    `x-kubernetes-preserve-unknown-fields` unknown fields stay, declared
///    ones are still pruned by their own schema);
/// 2. drop a null where the schema neither allows null (`nullable`) nor has
///    a default (`PruneNonNullableNullsWithoutDefaults`);
/// 3. fill in the defaults of absent fields, and of nulls where null is not
///    allowed, inside the objects that are there (structural defaulting).
///
/// The field manager sees an apply before this happens, so a field the
/// server prunes can still be listed in managedFields, as upstream.
#[derive(Debug)]
pub struct CustomResourceCoercion {
    schema: Structural,
    /// `false` when the CRD keeps unknown fields everywhere
    /// (`spec.preserveUnknownFields`).
    prune: bool,
}

impl Defaulter for CustomResourceCoercion {
    fn apply_defaults(&self, object: &mut Value, _now: &str) {
        if self.prune {
            // The object's own apiVersion, kind and metadata are the
            // server's, like an embedded resource's.
            prune(object, Some(&self.schema), true);
            prune_disallowed_nulls(object, Some(&self.schema));
        }
        apply_defaults(object, &self.schema);
    }
}

/// The parts of a structural schema that pruning and defaulting read.
#[derive(Clone, Debug, Default, PartialEq)]
struct Structural {
    nullable: bool,
    default: Option<Value>,
    preserve_unknown: bool,
    embedded_resource: bool,
    properties: Vec<(String, Structural)>,
    /// `additionalProperties` (a schema; `true` reads as a node that keeps
    /// everything).
    additional: Option<Box<Structural>>,
    items: Option<Box<Structural>>,
    /// Whether this node or one below it has a default: defaulting skips
    /// the values of a schema that has none (a walk of every value, for
    /// nothing, in most custom resources).
    defaults_below: bool,
}

impl Structural {
    fn from_schema(v: &Value) -> Structural {
        let flag = |k: &str| v.get(k).and_then(Value::as_bool).unwrap_or(false);
        let mut node = Structural {
            nullable: flag("nullable"),
            default: v.get("default").cloned(),
            preserve_unknown: flag("x-kubernetes-preserve-unknown-fields"),
            embedded_resource: flag("x-kubernetes-embedded-resource"),
            ..Structural::default()
        };
        if let Some(Value::Map(props)) = v.get("properties") {
            node.properties = props
                .iter()
                .map(|(k, p)| (k.clone(), Structural::from_schema(p)))
                .collect();
        }
        node.additional = match v.get("additionalProperties") {
            Some(a @ Value::Map(_)) => Some(Box::new(Structural::from_schema(a))),
            Some(Value::Bool(true)) => Some(Box::new(Structural {
                preserve_unknown: true,
                ..Structural::default()
            })),
            _ => None,
        };
        if let Some(items @ Value::Map(_)) = v.get("items") {
            node.items = Some(Box::new(Structural::from_schema(items)));
        }
        node.defaults_below = node.default.is_some()
            || node.properties.iter().any(|(_, p)| p.defaults_below)
            || node.additional.as_ref().is_some_and(|a| a.defaults_below)
            || node.items.as_ref().is_some_and(|i| i.defaults_below);
        node
    }

    fn property(&self, name: &str) -> Option<&Structural> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| p)
    }

    /// The schema of the value under `key`: the property's, else
    /// `additionalProperties`.
    fn field(&self, key: &str) -> Option<&Structural> {
        self.property(key).or(self.additional.as_deref())
    }
}

fn is_type_or_object_meta(key: &str) -> bool {
    matches!(key, "apiVersion" | "kind" | "metadata")
}

/// The JSON names of `metav1.ObjectMeta`'s fields, in its order.
pub(crate) const OBJECT_META: [&str; 15] = [
    "name",
    "generateName",
    "namespace",
    "selfLink",
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "labels",
    "annotations",
    "ownerReferences",
    "finalizers",
    "managedFields",
];

/// A resource's `apiVersion`, `kind` and `metadata` are kept, the metadata
/// without the keys `metav1.ObjectMeta` lacks (the coercer decodes it into
/// that struct and back: `objectmeta.GetObjectMeta`, `SetObjectMeta`).
fn keep_type_or_object_meta(key: &str, value: &mut Value) -> bool {
    if key == "metadata"
        && let Value::Map(meta) = value
    {
        meta.retain(|k, _| OBJECT_META.contains(&k.as_str()));
    }
    is_type_or_object_meta(key)
}

/// Whether pruning by the schema node `schema` would change `value`
/// (`resource`: the value is a Kubernetes object): a CRD's `default` must
/// have no unknown fields (`ValidateDefaults`, `requirePrunedDefaults`).
#[cfg(all(feature = "rare-kinds", feature = "crd-validation"))]
pub(crate) fn prunes(schema: &Value, value: &Value, resource: bool) -> bool {
    let mut pruned = value.clone();
    prune(
        &mut pruned,
        Some(&Structural::from_schema(schema)),
        resource,
    );
    &pruned != value
}

/// Removes what `schema` does not declare (`None`: nothing is declared
/// here, so a map loses every key). `resource`: the value is a Kubernetes
/// object, whose apiVersion, kind and metadata are left alone.
fn prune(value: &mut Value, schema: Option<&Structural>, resource: bool) {
    if let Some(s) = schema
        && s.preserve_unknown
    {
        prune_declared(value, s, resource);
        return;
    }
    match value {
        Value::Map(m) => {
            let Some(s) = schema else {
                *m = Map::new();
                return;
            };
            let resource = resource || s.embedded_resource;
            m.retain(|key, child| {
                if resource && keep_type_or_object_meta(key, child) {
                    return true;
                }
                match s.field(key) {
                    Some(child_schema) => {
                        prune(child, Some(child_schema), false);
                        true
                    }
                    None => false,
                }
            });
        }
        Value::List(items) => {
            let item_schema = schema.and_then(|s| s.items.as_deref());
            for item in items {
                prune(item, item_schema, false);
            }
        }
        _ => {}
    }
}

/// Below `x-kubernetes-preserve-unknown-fields`: unknown fields stay, the
/// declared ones are pruned by their own schema (upstream `skipPrune`).
fn prune_declared(value: &mut Value, s: &Structural, resource: bool) {
    match value {
        Value::Map(m) => {
            let resource = resource || s.embedded_resource;
            for (key, child) in m.iter_mut() {
                if resource && keep_type_or_object_meta(key, child) {
                    continue;
                }
                if let Some(child_schema) = s.field(key) {
                    prune(child, Some(child_schema), false);
                }
            }
        }
        Value::List(items) => {
            if let Some(item_schema) = s.items.as_deref() {
                for item in items {
                    prune_declared(item, item_schema, false);
                }
            }
        }
        _ => {}
    }
}

/// Drops the nulls the schema neither allows nor defaults.
fn prune_disallowed_nulls(value: &mut Value, schema: Option<&Structural>) {
    // Without a schema nothing below is refused.
    if schema.is_none() {
        return;
    }
    match value {
        Value::Map(m) => {
            m.retain(|key, child| {
                let child_schema = schema.and_then(|s| s.field(key));
                if child.is_null()
                    && child_schema.is_some_and(|c| !c.nullable && c.default.is_none())
                {
                    return false;
                }
                prune_disallowed_nulls(child, child_schema);
                true
            });
        }
        Value::List(items) => {
            let item_schema = schema.and_then(|s| s.items.as_deref());
            for item in items {
                prune_disallowed_nulls(item, item_schema);
            }
        }
        _ => {}
    }
}

/// Whether `value` is a null where `schema` does not allow one.
fn is_disallowed_null(value: &Value, schema: &Structural) -> bool {
    value.is_null() && !schema.nullable
}

/// Structural defaulting: a property that is absent, or null where null is
/// not allowed, gets its default; then every value the schema describes
/// (properties, additionalProperties, list items) is defaulted in turn,
/// defaults included.
fn apply_defaults(value: &mut Value, schema: &Structural) {
    if !schema.defaults_below {
        return;
    }
    match value {
        Value::Map(m) => {
            for (name, prop) in &schema.properties {
                let Some(default) = &prop.default else {
                    continue;
                };
                if m.get(name).is_none_or(|v| is_disallowed_null(v, prop)) {
                    m.insert(name.clone(), default.clone());
                }
            }
            for (key, child) in m.iter_mut() {
                if let Some(prop) = schema.property(key) {
                    apply_defaults(child, prop);
                } else if let Some(additional) = schema.additional.as_deref() {
                    default_null(child, additional);
                    apply_defaults(child, additional);
                }
            }
        }
        Value::List(items) => {
            if let Some(item_schema) = schema.items.as_deref() {
                for item in items {
                    default_null(item, item_schema);
                    apply_defaults(item, item_schema);
                }
            }
        }
        _ => {}
    }
}

/// A map value or list item that is null where null is not allowed takes
/// the schema's default, when it has one.
fn default_null(value: &mut Value, schema: &Structural) {
    if is_disallowed_null(value, schema)
        && let Some(default) = &schema.default
    {
        *value = default.clone();
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::openapi::tests::shape;
    use crate::schema::{ElementRelationship, TypeId};

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    /// A CRD for `example.com/v1 Widget` with `schema` as its
    /// openAPIV3Schema and `extra` (indented YAML) beside it in the version.
    fn crd(schema: &str, extra: &str) -> Value {
        let text = format!(
            "spec:\n  group: example.com\n  names: {{kind: Widget}}\n  versions:\n  - name: v1\n    served: true\n{extra}    schema:\n      openAPIV3Schema:\n{}",
            schema
                .lines()
                .map(|l| format!("        {l}\n"))
                .collect::<String>()
        );
        yaml(&text)
    }

    fn load_schema(schema: &str) -> Result<ObjectSchema, SchemaError> {
        load(&crd(schema, ""), "example.com/v1", "Widget")
    }

    /// The type of `.spec.f` when spec's property `f` is `prop`.
    fn spec_field_shape(prop: &str) -> Result<String, SchemaError> {
        let s = load_schema(&format!(
            "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      f: {prop}\n"
        ))?;
        let ty = field_type(&s, &["spec", "f"]);
        Ok(shape(&s.schema, ty))
    }

    fn field_type(s: &ObjectSchema, path: &[&str]) -> TypeId {
        path.iter().fold(s.root, |ty, name| {
            s.schema
                .atom(ty)
                .map
                .as_ref()
                .unwrap()
                .field(name)
                .unwrap_or_else(|| panic!("no field {name}"))
                .ty
        })
    }

    /// Each extension a CRD schema may carry, as the API server converts
    /// it (the OpenAPI rules, except that CRD lists have no patch
    /// strategies).
    #[test]
    fn extensions_become_merge_semantics() {
        let cases = [
            (
                "{type: array, items: {type: string}}",
                "list:Atomic[]<String>",
            ),
            (
                "{type: array, items: {type: string}, x-kubernetes-patch-strategy: merge}",
                "list:Atomic[]<String>",
            ),
            (
                "{type: array, items: {type: integer}, x-kubernetes-list-type: set}",
                "list:Associative[]<Numeric>",
            ),
            (
                "{type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [port, protocol], items: {type: object, properties: {port: {type: integer}, protocol: {type: string, default: TCP}}}}",
                "list:Associative[\"port\", \"protocol\"]<map>",
            ),
            (
                "{type: object, x-kubernetes-map-type: atomic, properties: {host: {type: string}}}",
                "map:Atomic{host}<->",
            ),
            (
                "{type: object, x-kubernetes-map-type: granular, additionalProperties: {type: string}}",
                "map:Separable{}<String>",
            ),
            (
                "{type: object, x-kubernetes-preserve-unknown-fields: true}",
                "map:Separable{}<deduced>",
            ),
            ("{x-kubernetes-preserve-unknown-fields: true}", "deduced"),
            // No type: anything (the CRD's validation refuses a value
            // that is neither an integer nor a string, after the merge).
            ("{x-kubernetes-int-or-string: true}", "deduced"),
            (
                "{x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}",
                "deduced",
            ),
            ("{type: string, format: date-time}", "scalar:Untyped"),
            ("{type: integer, nullable: true}", "scalar:Numeric"),
            ("{type: object}", "map:Separable{}<deduced>"),
            (
                "{type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: object}}}",
                "map:Separable{spec,apiVersion,kind,metadata}<->",
            ),
            (
                "{type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}",
                "map:Separable{apiVersion,kind,metadata}<deduced>",
            ),
        ];
        for (prop, expected) in cases {
            assert_eq!(spec_field_shape(prop).unwrap(), expected, "{prop}");
        }
    }

    /// The object's apiVersion, kind and metadata are the server's: ObjectMeta
    /// with granular labels, a finalizers set, owner references keyed by
    /// uid and atomic managedFields, whatever the CRD declares for them.
    #[test]
    fn root_and_embedded_resources_get_object_meta() {
        let s = load_schema(
            "type: object\nproperties:\n  metadata: {type: object, properties: {name: {type: string, maxLength: 10}}}\n  kind: {type: integer}\n  spec:\n    type: object\n    properties:\n      template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n",
        )
        .unwrap();
        assert_eq!(
            shape(&s.schema, s.root),
            "map:Separable{spec,apiVersion,kind,metadata}<->"
        );
        assert_eq!(shape(&s.schema, field_type(&s, &["kind"])), "scalar:String");
        for meta in [vec!["metadata"], vec!["spec", "template", "metadata"]] {
            let at = |f: &str| {
                let mut p = meta.clone();
                p.push(f);
                shape(&s.schema, field_type(&s, &p))
            };
            assert_eq!(at("labels"), "map:Separable{}<String>");
            assert_eq!(at("annotations"), "map:Separable{}<String>");
            assert_eq!(at("finalizers"), "list:Associative[]<String>");
            assert_eq!(at("ownerReferences"), "list:Associative[\"uid\"]<map>");
            assert_eq!(at("managedFields"), "list:Atomic[]<map>");
        }
    }

    /// Declared properties under x-kubernetes-preserve-unknown-fields keep
    /// their types; objects inlined below it take unknown fields too.
    #[test]
    fn preserve_unknown_fields_with_declared_properties() {
        let s = load_schema(
            "type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-preserve-unknown-fields: true\n    properties:\n      servers: {type: array, x-kubernetes-list-type: map, x-kubernetes-list-map-keys: [name], items: {type: object, properties: {name: {type: string}}}}\n      tls: {type: object, properties: {cert: {type: string}}}\n",
        )
        .unwrap();
        assert_eq!(
            shape(&s.schema, field_type(&s, &["spec"])),
            "map:Separable{servers,tls}<deduced>"
        );
        assert_eq!(
            shape(&s.schema, field_type(&s, &["spec", "servers"])),
            "list:Associative[\"name\"]<map>"
        );
        assert_eq!(
            shape(&s.schema, field_type(&s, &["spec", "tls"])),
            "map:Separable{cert}<deduced>"
        );
    }

    #[test]
    fn root_unknown_fields() {
        let closed = load_schema("type: object\n").unwrap();
        assert_eq!(
            shape(&closed.schema, closed.root),
            "map:Separable{apiVersion,kind,metadata}<->",
            "the server's own properties make the root a closed struct"
        );
        let open =
            load_schema("type: object\nx-kubernetes-preserve-unknown-fields: true\n").unwrap();
        assert_eq!(
            shape(&open.schema, open.root),
            "map:Separable{apiVersion,kind,metadata}<deduced>"
        );
        let mut legacy = crd("type: object\n", "");
        if let Some(Value::Map(spec)) = legacy.as_map_mut().and_then(|m| m.get_mut("spec")) {
            spec.insert("preserveUnknownFields", Value::Bool(true));
        }
        let s = load(&legacy, "example.com/v1", "Widget").unwrap();
        assert_eq!(
            shape(&s.schema, s.root),
            "map:Separable{apiVersion,kind,metadata}<deduced>"
        );
    }

    #[test]
    fn subresources() {
        let cases = [
            ("", false, None),
            ("    subresources: {status: {}}\n", true, None),
            (
                "    subresources: {scale: {specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas}}\n",
                false,
                Some(vec!["spec".to_string(), "replicas".to_string()]),
            ),
            (
                "    subresources: {status: {}, scale: {specReplicasPath: .spec.size.count}}\n",
                true,
                Some(vec![
                    "spec".to_string(),
                    "size".to_string(),
                    "count".to_string(),
                ]),
            ),
        ];
        for (extra, status, scale) in cases {
            let s = load(&crd("type: object\n", extra), "example.com/v1", "Widget").unwrap();
            assert_eq!(s.subresources.status, status, "{extra}");
            assert_eq!(s.subresources.scale_replicas_path, scale, "{extra}");
        }
    }

    /// Errors name the place in the CRD.
    #[test]
    fn errors_are_located() {
        let schema_path = ".spec.versions[0].schema.openAPIV3Schema";
        let cases = [
            (
                "type: object\nproperties:\n  spec: {properties: {a: {type: string}}}\n",
                format!("{schema_path}.properties.spec.type"),
                "non-structural schema",
            ),
            (
                "type: object\nproperties:\n  spec: {type: object, properties: {a: {description: no type}}}\n",
                format!("{schema_path}.properties.spec.properties.a.type"),
                "non-structural schema",
            ),
            (
                "type: array\nitems: {type: string}\n",
                format!("{schema_path}.type"),
                "the root of a CRD schema must be `type: object`",
            ),
            (
                "type: object\nproperties:\n  spec: {type: array}\n",
                format!("{schema_path}.properties.spec"),
                "`items` must be specified on arrays",
            ),
            (
                "type: object\nproperties:\n  spec: {type: array, items: {type: string}, x-kubernetes-list-type: map}\n",
                format!("{schema_path}.properties.spec.x-kubernetes-list-map-keys"),
                "missing map keys",
            ),
        ];
        for (schema, path, message) in cases {
            let e = load_schema(schema).unwrap_err();
            assert_eq!(e.path.to_string(), path, "{schema}");
            assert!(e.message.starts_with(message), "{e}");
        }
        let e = load(&crd("type: object\n", ""), "example.com/v2", "Widget").unwrap_err();
        assert_eq!(e.path.to_string(), ".spec.versions");
        let unserved = crd("type: object\n", "")
            .to_json()
            .replace("\"served\":true", "\"served\":false");
        let e = load(
            &Value::from_json_str(&unserved).unwrap(),
            "example.com/v1",
            "Widget",
        )
        .unwrap_err();
        assert_eq!(e.path.to_string(), ".spec.versions");
        let e = load(&crd("type: object\n", ""), "other.com/v1", "Widget").unwrap_err();
        assert_eq!(e.path.to_string(), ".spec.group");
    }

    const COERCED: &str = "type: object
properties:
  spec:
    type: object
    properties:
      replicas: {type: integer, default: 1}
      tier: {type: string, nullable: true, default: gold}
      note: {type: string}
      maybe: {type: string, nullable: true}
      size: {type: string, default: small}
      ports:
        type: array
        items:
          type: object
          properties:
            port: {type: integer}
            protocol: {type: string, default: TCP}
      labels: {type: object, additionalProperties: {type: string, default: none}}
      free: {type: object, x-kubernetes-preserve-unknown-fields: true, properties: {known: {type: object, properties: {a: {type: string}}}}}
      empty: {type: object}
      nested: {type: object, default: {}, properties: {inner: {type: string, default: deep}}}
      template: {type: object, x-kubernetes-embedded-resource: true, properties: {spec: {type: object, properties: {x: {type: string}}}}}
  status: {type: object, properties: {phase: {type: string}}}
";

    /// What the server does to a custom resource it decodes: prune, drop
    /// disallowed nulls, default. One row per rule: (object, stored object).
    #[test]
    fn coercion_prunes_drops_nulls_and_defaults() {
        let s = load_schema(COERCED).unwrap();
        let coercion = s.defaulter.clone().unwrap();
        let base =
            "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w, labels: {a: b}}\n";
        let defaults = "replicas: 1, tier: gold, size: small, nested: {inner: deep}";
        let cases = [
            // Unknown fields go, at the root and below; apiVersion, kind and
            // metadata stay.
            (
                "spec: {replicas: 3, unknown: 1}\nextra: true",
                "spec: {replicas: 3, tier: gold, size: small, nested: {inner: deep}}",
            ),
            // Defaults fill absent fields and nulls that null does not allow;
            // a nullable field keeps its null; a null without default goes.
            (
                "spec: {tier: null, maybe: null, note: null, replicas: null}",
                "spec: {tier: null, maybe: null, replicas: 1, size: small, nested: {inner: deep}}",
            ),
            // List items are pruned and defaulted one by one.
            (
                "spec: {ports: [{port: 80, junk: x}, {port: 53, protocol: UDP}]}",
                &format!(
                    "spec: {{ports: [{{port: 80, protocol: TCP}}, {{port: 53, protocol: UDP}}], {defaults}}}"
                ),
            ),
            // additionalProperties values: a null takes the default.
            (
                "spec: {labels: {a: x, b: null}}",
                &format!("spec: {{labels: {{a: x, b: none}}, {defaults}}}"),
            ),
            // Below preserve-unknown-fields unknown fields stay, but a
            // declared object is pruned by its own schema.
            (
                "spec: {free: {anything: [1, 2], known: {a: y, b: z}}}",
                &format!("spec: {{free: {{anything: [1, 2], known: {{a: y}}}}, {defaults}}}"),
            ),
            // An object that declares nothing keeps nothing.
            (
                "spec: {empty: {a: 1, b: {c: 2}}}",
                &format!("spec: {{empty: {{}}, {defaults}}}"),
            ),
            // An embedded resource keeps its apiVersion, kind and metadata.
            (
                "spec: {template: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {x: a, y: b}, other: 1}}",
                &format!(
                    "spec: {{template: {{apiVersion: v1, kind: Pod, metadata: {{name: p}}, spec: {{x: a}}}}, {defaults}}}"
                ),
            ),
            // Defaults apply inside objects that are there, not absent ones.
            (
                "status: {phase: Running, junk: 1}",
                "status: {phase: Running}",
            ),
        ];
        for (input, expected) in cases {
            let mut object = yaml(&format!("{base}{input}"));
            coercion.apply_defaults(&mut object, crate::scenario::BASE_TIME);
            assert_eq!(object, yaml(&format!("{base}{expected}")), "{input}");
        }
    }

    #[test]
    fn legacy_preserve_unknown_fields_keeps_everything_and_defaults() {
        let mut legacy = crd(COERCED, "");
        if let Some(Value::Map(spec)) = legacy.as_map_mut().and_then(|m| m.get_mut("spec")) {
            spec.insert("preserveUnknownFields", Value::Bool(true));
        }
        let s = load(&legacy, "example.com/v1", "Widget").unwrap();
        let mut object = yaml("spec: {junk: 1, note: null}\nextra: 2");
        s.defaulter
            .unwrap()
            .apply_defaults(&mut object, crate::scenario::BASE_TIME);
        assert_eq!(
            object,
            yaml(
                "spec: {junk: 1, note: null, replicas: 1, tier: gold, size: small, nested: {inner: deep}}\nextra: 2"
            )
        );
    }

    #[test]
    fn map_list_key_defaults_are_struct_field_defaults() {
        let s = load_schema(COERCED).unwrap();
        let ports = s
            .schema
            .atom(field_type(&s, &["spec", "ports"]))
            .list
            .clone()
            .unwrap();
        assert_eq!(ports.relationship, ElementRelationship::Atomic);
        let item = s.schema.atom(ports.element_type).map.clone().unwrap();
        assert_eq!(
            item.field("protocol").unwrap().default,
            Some(Value::from("TCP"))
        );
    }

    /// An int-or-string node has no type, so the merge takes any value
    /// there (kube-openapi's `schemaconv`); the CRD's validation then
    /// refuses a list or a map with its own words (tools/openapi-diff).
    #[test]
    fn int_or_string_is_refused_by_validation_not_by_the_merge() {
        let scenario = |port: &str| {
            format!(
                "scenario: v1
name: int-or-string
schema:
  crd:
    apiVersion: apiextensions.k8s.io/v1
    kind: CustomResourceDefinition
    metadata: {{name: widgets.example.com}}
    spec:
      group: example.com
      names: {{kind: Widget, plural: widgets}}
      scope: Namespaced
      versions:
      - name: v1
        served: true
        storage: true
        schema:
          openAPIV3Schema:
            type: object
            properties:
              spec:
                type: object
                properties:
                  port: {{x-kubernetes-int-or-string: true}}
steps:
- manager: a
  op: apply
  object:
    apiVersion: example.com/v1
    kind: Widget
    metadata: {{name: w, namespace: default}}
    spec: {{port: {port}}}
"
            )
        };
        let message = |port: &str| {
            let result = crate::scenario::run_scenario_text(&scenario(port)).unwrap();
            result.steps[0].message.clone()
        };
        assert_eq!(
            message("[1, 2]"),
            r#"Widget.example.com "w" is invalid: spec.port: Invalid value: "array": spec.port in body must be of type integer,string: "array""#
        );
        assert_eq!(
            message("{a: 1}"),
            r#"Widget.example.com "w" is invalid: spec.port: Invalid value: "object": spec.port in body must be of type integer,string: "object""#
        );
        assert_eq!(message("\"80%\""), "");
    }

    /// The coercer decodes a resource's metadata into `metav1.ObjectMeta`
    /// and back: keys ObjectMeta lacks go, at the root and in embedded
    /// resources, even below x-kubernetes-preserve-unknown-fields.
    #[test]
    fn unknown_object_meta_keys_are_dropped() {
        let s = load_schema(
            "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      emb: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n",
        )
        .unwrap();
        let mut object = yaml(
            "metadata: {name: t, foo: bar, labels: {a: b}}\nspec: {emb: {kind: Foo, metadata: {name: x, foo: bar}, spec: {r: 1}}}",
        );
        s.defaulter
            .as_ref()
            .unwrap()
            .apply_defaults(&mut object, "");
        assert_eq!(
            object,
            yaml(
                "metadata: {name: t, labels: {a: b}}\nspec: {emb: {kind: Foo, metadata: {name: x}, spec: {r: 1}}}"
            )
        );
    }
}
