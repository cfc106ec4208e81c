//! Built-in Kubernetes kinds: their merge semantics, subresources and
//! server-side defaults.
//!
//! The merge semantics come from the generated catalogue (`catalogue.json`,
//! made by `tools/catalogue/generate.py` from the Kubernetes 1.36 JSON
//! schemas), converted once, on first use, by the same OpenAPI converter
//! that reads user-supplied OpenAPI documents. The same file carries how
//! each kind's Go struct prints (`goEncoding`, made by
//! `tools/goencoding/generate.py`, applied by `goencoding`), which kinds
//! are cluster-scoped (`clusterScoped`, made by `tools/scope/generate.py`,
//! read by the review), how each kind's metadata is validated
//! (`objectMeta`, made by `tools/objectmeta/generate.py`, read by
//! `validation`) and the internal pod template types as validation errors
//! print them (`internalTypes`, made by `tools/internal-types/generate.py`).
//! Defaults are code (`defaults`); every kind's defaulter (`round_trip`)
//! decodes, defaults and encodes as the server does. ObjectMeta for custom
//! resources comes from `meta.yaml`.
//!
//! The catalogue is compiled in with the `embedded-catalogue` feature (the
//! CLI, the JS API, the tests). The web app leaves it out of its wasm,
//! whose size is budgeted, and hands the text over with
//! [`provide_catalogue`] before its first run (the page fetches
//! `catalogue.json` while the wasm loads).

mod defaults;
pub(crate) mod goencoding;
mod round_trip;
pub(crate) mod validation;

pub use defaults::KindDefaults;
pub(crate) use defaults::storage_version;
#[cfg(feature = "rare-kinds")]
pub use validation::answer_delegated;
pub use validation::{KindValidation, RULES as VALIDATION_RULES};

use crate::openapi::{Converter, Dialect};
use crate::schema::{Defaulter, ObjectSchema, Schema, Subresources, TypeId};
use crate::value::{Value, ValuePath};
use std::sync::{Arc, OnceLock};

#[cfg(feature = "embedded-catalogue")]
const EMBEDDED_CATALOGUE: Option<&str> = Some(include_str!("catalogue.json"));
#[cfg(not(feature = "embedded-catalogue"))]
const EMBEDDED_CATALOGUE: Option<&str> = None;
const META: &str = include_str!("meta.yaml");
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// The Kubernetes release the catalogue was generated from.
pub const RELEASE: &str = "1.36.0";

/// One kind of the catalogue.
#[derive(Clone, Debug)]
struct Kind {
    api_version: String,
    kind: String,
    root: TypeId,
    subresources: Subresources,
    /// The kind's Go struct in `Catalogue::go`.
    go_struct: Option<usize>,
}

struct Catalogue {
    schema: Arc<Schema>,
    /// Looked up by a walk (a few hundred kinds, once per kind a run or a
    /// review meets) rather than through a hash table keyed by both
    /// names: a table of its own key type is a copy of the hash table's
    /// code in the page's wasm.
    kinds: Vec<Kind>,
    /// How the kinds' Go structs print (`goEncoding`); `None` in a
    /// catalogue without the table, whose objects are then stored as merged.
    go: Option<goencoding::table::GoTable>,
    /// The cluster-scoped kinds (`clusterScoped`, `GROUP/KIND`), made by
    /// `tools/scope/generate.py`.
    cluster_scoped: Vec<(String, String)>,
    /// The internal pod template types (`internalTypes`), read by
    /// `validation::internal_json` when it first prints a template.
    internal_types: Option<Value>,
    /// How each stored kind's metadata is validated (`objectMeta`,
    /// `GROUP/KIND` to a code), made by `tools/objectmeta/generate.py`.
    object_meta: Option<Value>,
    /// The time zone names of the API server's zone database
    /// (`timeZones`, sorted), made by `tools/timezones/generate.py`: a
    /// CronJob's (`rare-kinds`).
    #[cfg(feature = "rare-kinds")]
    time_zones: Option<Vec<String>>,
}

/// The catalogue text handed over by [`provide_catalogue`].
static PROVIDED: OnceLock<String> = OnceLock::new();

/// Gives the engine the catalogue's text (`catalogue.json`) where it is not
/// compiled in. Call it before the first lookup; `false` when a catalogue
/// was given already or is compiled in (the text is then ignored).
pub fn provide_catalogue(text: String) -> bool {
    EMBEDDED_CATALOGUE.is_none() && PROVIDED.set(text).is_ok()
}

/// Whether the built-in kinds are known: the catalogue is compiled in or
/// was provided, and reads.
pub fn catalogue_available() -> bool {
    catalogue().is_some()
}

fn catalogue() -> Option<&'static Catalogue> {
    static CELL: OnceLock<Option<Catalogue>> = OnceLock::new();
    if let Some(loaded) = CELL.get() {
        return loaded.as_ref();
    }
    // Not decided until there is a text: a lookup before the page provided
    // it must not make "no catalogue" permanent.
    let text = EMBEDDED_CATALOGUE.or(PROVIDED.get().map(String::as_str))?;
    CELL.get_or_init(|| load_catalogue(text)).as_ref()
}

fn load_catalogue(text: &str) -> Option<Catalogue> {
    let doc = Value::from_json_str(text).ok()?;
    let definitions = doc.get("definitions")?.as_map()?;
    let mut converter = Converter::new(
        Dialect::OpenApi,
        Some((definitions, ValuePath::root().key("definitions"))),
    );
    let go = doc
        .get("goEncoding")
        .and_then(|v| goencoding::table::GoTable::from_value(v).ok());
    let mut kinds = Vec::new();
    for entry in doc.get("kinds")?.as_list()? {
        let text = |k: &str| {
            entry
                .get(k)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        let Ok(root) = converter.reference_named(&text("definition")) else {
            continue;
        };
        let subresources = Subresources {
            status: entry
                .get("status")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            scale_replicas_path: entry.get("scale").and_then(Value::as_list).map(|p| {
                p.iter()
                    .filter_map(|s| s.as_str().map(str::to_string))
                    .collect()
            }),
        };
        kinds.push(Kind {
            api_version: text("apiVersion"),
            kind: text("kind"),
            root,
            subresources,
            go_struct: go.as_ref().and_then(|g| g.struct_of(&text("definition"))),
        });
    }
    let cluster_scoped = doc
        .get("clusterScoped")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str()?.split_once('/'))
        .map(|(group, kind)| (group.to_string(), kind.to_string()))
        .collect();
    Some(Catalogue {
        schema: Arc::new(converter.schema),
        kinds,
        go,
        cluster_scoped,
        internal_types: doc.get("internalTypes").cloned(),
        object_meta: doc.get("objectMeta").cloned(),
        #[cfg(feature = "rare-kinds")]
        time_zones: doc.get("timeZones").and_then(Value::as_list).map(|zones| {
            zones
                .iter()
                .filter_map(|z| z.as_str().map(str::to_string))
                .collect()
        }),
    })
}

/// The catalogue's time zone names (sorted); `None` without the table.
#[cfg(feature = "rare-kinds")]
pub(crate) fn time_zones() -> Option<&'static [String]> {
    catalogue()?.time_zones.as_deref()
}

/// The schema of a built-in kind, e.g. `lookup("apps/v1", "Deployment")`.
pub fn lookup(api_version: &str, kind: &str) -> Option<ObjectSchema> {
    let catalogue = catalogue()?;
    // The last entry of a kind, as the hash table it replaces kept.
    let k = catalogue
        .kinds
        .iter()
        .rfind(|k| k.api_version == api_version && k.kind == kind)?;
    Some(ObjectSchema {
        schema: Arc::clone(&catalogue.schema),
        root: k.root,
        subresources: k.subresources.clone(),
        defaulter: round_trip(catalogue, k),
        validator: KindValidation::for_kind(api_version, kind, catalogue.object_meta.as_ref())
            .map(|v| v.validator(api_version, kind)),
        omit_empty: true,
    })
}

/// A built-in kind's defaulter: its Go struct's decoding and encoding
/// around its defaulting functions.
fn round_trip(catalogue: &'static Catalogue, k: &Kind) -> Option<Arc<dyn Defaulter>> {
    let defaults = KindDefaults::for_kind(&k.api_version, &k.kind);
    let go = catalogue.go.as_ref().zip(k.go_struct);
    if defaults.is_none() && go.is_none() {
        return None;
    }
    Some(Arc::new(round_trip::GoRoundTrip { defaults, go }))
}

/// Whether the catalogue lists a built-in kind as cluster-scoped; `false`
/// without a catalogue.
pub fn cluster_scoped(group: &str, kind: &str) -> bool {
    catalogue().is_some_and(|c| {
        c.cluster_scoped
            .iter()
            .any(|(g, k)| g == group && k == kind)
    })
}

/// Every (apiVersion, kind) the catalogue knows.
pub fn kinds() -> impl Iterator<Item = (&'static str, &'static str)> {
    catalogue().into_iter().flat_map(|c| {
        c.kinds
            .iter()
            .map(|k| (k.api_version.as_str(), k.kind.as_str()))
    })
}

/// Adds ObjectMeta (and the types it uses) to `schema` and returns its id.
/// Custom resources get the same metadata semantics as built-in kinds.
pub fn add_object_meta(schema: &mut Schema) -> TypeId {
    if let Some(id) = schema.lookup(OBJECT_META) {
        return id;
    }
    let loaded = crate::yaml::parse(META)
        .ok()
        .and_then(|doc| crate::smd::load_types_into(std::mem::take(schema), &doc.value).ok());
    match loaded {
        Some(s) => *schema = s,
        // The embedded text always loads (a test checks it); fall back to
        // the deduced type rather than panic.
        None => return schema.untyped_deduced(),
    }
    schema
        .lookup(OBJECT_META)
        .unwrap_or_else(|| schema.untyped_deduced())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::ElementRelationship;

    #[test]
    fn every_kind_loads() {
        let all: Vec<_> = kinds().collect();
        assert!(all.len() > 150, "{} kinds", all.len());
        for (av, k) in &all {
            assert!(lookup(av, k).is_some(), "{av}/{k}");
        }
        for (av, k) in [
            ("v1", "ConfigMap"),
            ("apps/v1", "Deployment"),
            ("v1", "Service"),
            ("batch/v1", "CronJob"),
            ("networking.k8s.io/v1", "Ingress"),
            ("rbac.authorization.k8s.io/v1", "Role"),
            ("autoscaling/v2", "HorizontalPodAutoscaler"),
        ] {
            assert!(all.contains(&(av, k)), "{av}/{k}");
        }
        assert!(lookup("v1", "Nope").is_none());
        let mut s = Schema::new();
        assert_ne!(
            add_object_meta(&mut s),
            s.untyped_deduced(),
            "meta.yaml loads"
        );
    }

    /// The type at a path of field names below a kind's root.
    fn at(o: &ObjectSchema, path: &[&str]) -> TypeId {
        let mut ty = o.root;
        for name in path {
            let atom = o.schema.atom(ty);
            ty = match (&atom.map, &atom.list) {
                (Some(m), _) if m.type_of(name).is_some() => m.type_of(name).unwrap(),
                (_, Some(l)) => {
                    let m = o.schema.atom(l.element_type).map.as_ref().unwrap();
                    m.type_of(name).unwrap()
                }
                _ => panic!("no {name}"),
            };
        }
        ty
    }

    #[test]
    fn semantics_match_the_source() {
        let d = lookup("apps/v1", "Deployment").unwrap();
        let containers = d
            .schema
            .atom(at(&d, &["spec", "template", "spec", "containers"]))
            .list
            .clone()
            .unwrap();
        assert_eq!(containers.keys, vec!["name"]);
        let ports = d
            .schema
            .atom(at(&d, &["spec", "template", "spec", "containers", "ports"]))
            .list
            .clone()
            .unwrap();
        assert_eq!(ports.keys, vec!["containerPort", "protocol"]);
        let port = d.schema.atom(ports.element_type).map.clone().unwrap();
        assert_eq!(
            port.field("protocol").unwrap().default,
            Some(Value::from("TCP"))
        );
        let selector = d
            .schema
            .atom(at(&d, &["spec", "selector"]))
            .map
            .clone()
            .unwrap();
        assert_eq!(
            selector.relationship,
            ElementRelationship::Atomic,
            "LabelSelector is atomic"
        );
        let node_selector = d
            .schema
            .atom(at(&d, &["spec", "template", "spec", "nodeSelector"]))
            .map
            .clone()
            .unwrap();
        assert_eq!(node_selector.relationship, ElementRelationship::Atomic);
        let finalizers = d
            .schema
            .atom(at(&d, &["metadata", "finalizers"]))
            .list
            .clone()
            .unwrap();
        assert_eq!(
            (finalizers.relationship, finalizers.keys.len()),
            (ElementRelationship::Associative, 0),
            "a set"
        );
        assert!(d.subresources.status);
        assert_eq!(
            d.subresources.scale_replicas_path,
            Some(vec!["spec".to_string(), "replicas".to_string()])
        );
        let s = lookup("v1", "Service").unwrap();
        let sp = s
            .schema
            .atom(at(&s, &["spec", "ports"]))
            .list
            .clone()
            .unwrap();
        assert_eq!(sp.keys, vec!["port", "protocol"]);
        let cm = lookup("v1", "ConfigMap").unwrap();
        assert!(!cm.subresources.status);
    }

    /// The default of a map list's key field: the one kube-openapi's
    /// openapi-gen writes into the API server's schema (its `+default=`
    /// marker, else the zero value of a field that is neither a pointer
    /// nor `omitempty`: `generateDefault`, `mustEnforceDefault`), which
    /// structured-merge-diff gives an item lacking the field.
    #[test]
    fn key_defaults_follow_openapi_gen() {
        let key_default = |av: &str, kind: &str, path: &[&str], key: &str| {
            let o = lookup(av, kind).unwrap();
            let list = o.schema.atom(at(&o, path)).list.clone().unwrap();
            assert!(list.keys.iter().any(|k| k == key), "{kind} {path:?} keys");
            let item = o.schema.atom(list.element_type).map.clone().unwrap();
            item.field(key).unwrap().default.clone()
        };
        // `+default="TCP"` on an omitempty field.
        assert_eq!(
            key_default("v1", "Service", &["spec", "ports"], "protocol"),
            Some(Value::from("TCP"))
        );
        // `json:"name"`, a string: "".
        assert_eq!(
            key_default("v1", "Pod", &["spec", "containers"], "name"),
            Some(Value::from(""))
        );
        // `json:"type"`, a named string type (DeploymentConditionType): "".
        assert_eq!(
            key_default("apps/v1", "Deployment", &["status", "conditions"], "type"),
            Some(Value::from(""))
        );
        // `json:"name,omitempty"`: none (ObjectReference in `secrets`).
        assert_eq!(
            key_default("v1", "ServiceAccount", &["secrets"], "name"),
            None
        );
        // `*string`: none.
        assert_eq!(
            key_default(
                "resource.k8s.io/v1",
                "ResourceClaim",
                &["status", "devices"],
                "shareID"
            ),
            None
        );
    }

    /// An item without a key field that has no default is keyed by the
    /// other key fields (structured-merge-diff v6's
    /// `keyedAssociativeListItemToPathElement`); without any, it is
    /// refused.
    #[test]
    fn items_lacking_a_key_without_default() {
        let claim = r#"
scenario: v1
name: device-status-without-share-id
steps:
- manager: user
  op: apply
  object:
    apiVersion: resource.k8s.io/v1
    kind: ResourceClaim
    metadata: {name: claim, namespace: default}
    spec:
      devices:
        requests:
        - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
- manager: driver
  op: apply
  subresource: status
  object:
    apiVersion: resource.k8s.io/v1
    kind: ResourceClaim
    metadata: {name: claim, namespace: default}
    status:
      # The device is the allocation's: a status of another device is
      # refused (validateDeviceStatus).
      allocation:
        devices:
          results:
          - {request: gpu, driver: gpu.example.com, pool: pool-a, device: gpu-0}
      devices:
      - {driver: gpu.example.com, pool: pool-a, device: gpu-0}
"#;
        let result = crate::scenario::run_scenario_text(claim).unwrap();
        let fields = result.steps[1]
            .object
            .as_ref()
            .and_then(|o| o.get_path(&["metadata", "managedFields"]))
            .unwrap()
            .to_json();
        assert!(
            fields.contains(
                r#"k:{\"device\":\"gpu-0\",\"driver\":\"gpu.example.com\",\"pool\":\"pool-a\"}"#
            ),
            "{fields}"
        );
        let account = r#"
scenario: v1
name: secret-reference-without-name
steps:
- manager: sa
  op: apply
  object:
    apiVersion: v1
    kind: ServiceAccount
    metadata: {name: sa, namespace: default}
    secrets:
    - namespace: default
"#;
        let result = crate::scenario::run_scenario_text(account).unwrap();
        assert_eq!(
            result.steps[0].message,
            "failed to create typed patch object (default/sa; /v1, Kind=ServiceAccount): .secrets: element 0: associative list with keys has an element that omits all key fields [\"name\"] (and doesn't have default values for any key fields)"
        );
    }
}
