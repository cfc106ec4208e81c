//! The object's namespace and name against the request's, which the
//! create, update and patch handlers check before the store sees the
//! object: apiserver `pkg/registry/rest/meta.go`, then `checkName` of
//! `pkg/endpoints/handlers/rest.go`.

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

/// The handlers' `checkName`, once the namespace is ensured: the object
/// must have the name the request's URL names.
pub fn check_name(request_name: &str, object: &Value) -> Result<(), String> {
    let name = object
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    if name == request_name {
        Ok(())
    } else {
        Err(format!(
            "the name of the object ({name}) does not match the name on the URL ({request_name})"
        ))
    }
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

    #[test]
    fn the_object_must_have_the_urls_name() {
        assert_eq!(check_name("a", &object("{name: a}")), Ok(()));
        assert_eq!(
            check_name("a", &object("{generateName: a-}")).unwrap_err(),
            "the name of the object () does not match the name on the URL (a)"
        );
    }
}
