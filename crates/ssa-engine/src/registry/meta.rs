//! The object's namespace against the request's (apiserver
//! `pkg/registry/rest/meta.go`), which the create, update and patch
//! handlers check before the store sees the object.

use crate::value::Value;

/// `rest.EnsureObjectNamespaceMatchesRequestNamespace` with the expected
/// namespace (`ExpectedNamespaceForResource`: `""` for a cluster-scoped
/// kind): an object that names no namespace gets the request's, a
/// cluster-scoped object loses its own, any other difference is a bad
/// request (400).
pub fn ensure_namespace(request_namespace: &str, object: &mut Value) -> Result<(), &'static str> {
    let Some(meta) = object.child_map_mut("metadata") else {
        return Ok(());
    };
    match meta.get("namespace").and_then(Value::as_str).unwrap_or("") {
        own if own == request_namespace => {}
        "" => {
            meta.insert("namespace", Value::from(request_namespace));
        }
        _ if request_namespace.is_empty() => {
            meta.remove("namespace");
        }
        _ => {
            return Err(
                "the namespace of the provided object does not match the namespace sent on the request",
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn object(meta: &str) -> Value {
        crate::yaml::parse(&format!(
            "{{apiVersion: v1, kind: ConfigMap, metadata: {meta}}}"
        ))
        .unwrap()
        .value
    }

    fn namespace(object: &Value) -> Option<&str> {
        object
            .get_path(&["metadata", "namespace"])
            .and_then(Value::as_str)
    }

    #[test]
    fn an_object_without_namespace_takes_the_requests() {
        let mut o = object("{name: a}");
        ensure_namespace("shop", &mut o).unwrap();
        assert_eq!(namespace(&o), Some("shop"));
    }

    #[test]
    fn a_cluster_scoped_object_loses_its_namespace() {
        let mut o = object("{name: a, namespace: shop}");
        ensure_namespace("", &mut o).unwrap();
        assert_eq!(namespace(&o), None);
    }

    #[test]
    fn another_namespace_is_a_bad_request() {
        let mut o = object("{name: a, namespace: shop}");
        let e = ensure_namespace("default", &mut o).unwrap_err();
        assert!(e.starts_with("the namespace of the provided object does not match"));
        assert_eq!(namespace(&o), Some("shop"));
        ensure_namespace("shop", &mut o).unwrap();
        assert_eq!(namespace(&o), Some("shop"));
    }
}
