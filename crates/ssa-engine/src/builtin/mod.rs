//! Built-in Kubernetes kinds: their merge semantics, subresources and
//! server-side defaults.
//!
//! The merge semantics come from the generated catalogue (`catalogue.json`,
//! made by `tools/catalogue/generate.py` from the Kubernetes 1.36 JSON
//! schemas), converted once, on first use, by the same OpenAPI converter
//! that reads user-supplied OpenAPI documents. Defaults are code
//! (`defaults`). ObjectMeta for custom resources comes from `meta.yaml`.

mod defaults;
mod validation;

pub use defaults::KindDefaults;
pub use validation::{KindValidation, RULES as VALIDATION_RULES};

use crate::openapi::{Converter, Dialect};
use crate::schema::{Defaulter, ObjectSchema, Schema, Subresources, TypeId, Validator};
use crate::value::{Value, ValuePath};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

const CATALOGUE: &str = include_str!("catalogue.json");
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
}

struct Catalogue {
    schema: Arc<Schema>,
    kinds: Vec<Kind>,
    index: HashMap<(String, String), usize>,
}

fn catalogue() -> Option<&'static Catalogue> {
    static CELL: OnceLock<Option<Catalogue>> = OnceLock::new();
    CELL.get_or_init(load_catalogue).as_ref()
}

fn load_catalogue() -> Option<Catalogue> {
    let doc = Value::from_json_str(CATALOGUE).ok()?;
    let definitions = doc.get("definitions")?.as_map()?;
    let mut converter = Converter::new(
        Dialect::OpenApi,
        Some((definitions, ValuePath::root().key("definitions"))),
    );
    let mut kinds = Vec::new();
    let mut index = HashMap::new();
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
        index.insert((text("apiVersion"), text("kind")), kinds.len());
        kinds.push(Kind {
            api_version: text("apiVersion"),
            kind: text("kind"),
            root,
            subresources,
        });
    }
    Some(Catalogue {
        schema: Arc::new(converter.schema),
        kinds,
        index,
    })
}

/// The schema of a built-in kind, e.g. `lookup("apps/v1", "Deployment")`.
pub fn lookup(api_version: &str, kind: &str) -> Option<ObjectSchema> {
    let catalogue = catalogue()?;
    let k = &catalogue.kinds[*catalogue
        .index
        .get(&(api_version.to_string(), kind.to_string()))?];
    Some(ObjectSchema {
        schema: Arc::clone(&catalogue.schema),
        root: k.root,
        subresources: k.subresources.clone(),
        defaulter: KindDefaults::for_kind(api_version, kind)
            .map(|d| Arc::new(d) as Arc<dyn Defaulter>),
        validator: KindValidation::for_kind(api_version, kind)
            .map(|v| Arc::new(v) as Arc<dyn Validator>),
        omit_empty: true,
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
}
