//! Built-in Kubernetes kinds: their merge semantics (and, for kinds that
//! have them, server-side defaults and subresources).
//!
//! The catalogue is a structured-merge-diff schema embedded in the binary
//! and loaded once. It holds, for now, the kinds that the API server does
//! not default: ConfigMap and Secret (with ObjectMeta). Other built-in
//! kinds fall back to the deduced schema until the generated 1.36
//! catalogue lands (see the issue tracker).

use crate::schema::{ObjectSchema, Schema, Subresources};
use std::sync::{Arc, OnceLock};

const META: &str = include_str!("meta.yaml");
const CORE: &str = include_str!("core.yaml");
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/// (apiVersion, kind, type name) of every kind in the catalogue.
const KINDS: &[(&str, &str, &str)] = &[
    ("v1", "ConfigMap", "io.k8s.api.core.v1.ConfigMap"),
    ("v1", "Secret", "io.k8s.api.core.v1.Secret"),
];

fn catalogue() -> Option<&'static Arc<Schema>> {
    static CATALOGUE: OnceLock<Option<Arc<Schema>>> = OnceLock::new();
    CATALOGUE
        .get_or_init(|| {
            let mut schema = Schema::new();
            add_object_meta(&mut schema);
            let doc = crate::yaml::parse(CORE).ok()?;
            crate::smd::load_types_into(schema, &doc.value)
                .ok()
                .map(Arc::new)
        })
        .as_ref()
}

/// The schema of a built-in kind, e.g. `lookup("v1", "ConfigMap")`.
pub fn lookup(api_version: &str, kind: &str) -> Option<ObjectSchema> {
    let (_, _, type_name) = KINDS
        .iter()
        .find(|(av, k, _)| *av == api_version && *k == kind)?;
    let schema = catalogue()?;
    let root = schema.lookup(type_name)?;
    Some(ObjectSchema {
        schema: Arc::clone(schema),
        root,
        subresources: Subresources::default(),
        defaulter: None,
        omit_empty: true,
    })
}

/// Adds ObjectMeta (and the types it uses) to `schema` and returns its id.
/// Custom resources get the same metadata semantics as built-in kinds.
pub fn add_object_meta(schema: &mut Schema) -> crate::schema::TypeId {
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

/// Every (apiVersion, kind) the catalogue knows.
pub fn kinds() -> impl Iterator<Item = (&'static str, &'static str)> {
    KINDS.iter().map(|(av, k, _)| (*av, *k))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::ElementRelationship;

    #[test]
    fn every_kind_loads() {
        for (av, k) in kinds() {
            assert!(lookup(av, k).is_some(), "{av}/{k}");
        }
        assert!(lookup("v1", "Nope").is_none());
    }

    #[test]
    fn object_meta_semantics() {
        let cm = lookup("v1", "ConfigMap").unwrap();
        let s = &cm.schema;
        let meta = s
            .atom(
                s.atom(cm.root)
                    .map
                    .as_ref()
                    .unwrap()
                    .field("metadata")
                    .unwrap()
                    .ty,
            )
            .map
            .as_ref()
            .unwrap();
        let list = |name: &str| s.atom(meta.field(name).unwrap().ty).list.clone().unwrap();
        assert_eq!(
            list("finalizers").relationship,
            ElementRelationship::Associative
        );
        assert!(list("finalizers").keys.is_empty(), "finalizers are a set");
        assert_eq!(list("ownerReferences").keys, vec!["uid"]);
        assert_eq!(
            list("managedFields").relationship,
            ElementRelationship::Atomic
        );
        let labels = s
            .atom(meta.field("labels").unwrap().ty)
            .map
            .as_ref()
            .unwrap();
        assert_eq!(labels.relationship, ElementRelationship::Separable);
    }
}
