//! Which object a document names: API group, kind, namespace and name, as
//! kubectl matches a manifest to what the cluster holds (the version does
//! not take part: the server serves every version of one object).

use crate::value::Value;
use std::fmt;

/// The identity of an object.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjectId {
    pub group: String,
    pub kind: String,
    /// `None` for cluster-scoped kinds.
    pub namespace: Option<String>,
    pub name: String,
}

impl ObjectId {
    /// kubectl's name of the object, as `kubectl apply` prints it:
    /// `deployment.apps/checkout`, `configmap/settings`.
    pub fn kubectl_name(&self) -> String {
        // Kinds are ASCII (a CRD's kind must lower-case to a DNS-1035 label), so
        // ASCII lower-casing is Go's strings.ToLower here, without std's Unicode
        // case tables in the page's wasm.
        let kind = self.kind.to_ascii_lowercase();
        if self.group.is_empty() {
            format!("{kind}/{}", self.name)
        } else {
            format!("{kind}.{}/{}", self.group, self.name)
        }
    }
}

impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kubectl_name())?;
        if let Some(ns) = &self.namespace {
            write!(f, " (namespace {ns})")?;
        }
        Ok(())
    }
}

/// The API group of an apiVersion: `apps/v1` is `apps`, `v1` the core
/// group `""`.
pub fn group_of(api_version: &str) -> &str {
    api_version.rsplit_once('/').map_or("", |(group, _)| group)
}

/// Whether a built-in kind is cluster-scoped (the catalogue's
/// `clusterScoped`, generated from k8s.io/api's `+genclient:nonNamespaced`
/// markers by tools/scope/generate.py; the release it was read from is in
/// tools/scope/SOURCE).
pub fn builtin_cluster_scoped(group: &str, kind: &str) -> bool {
    crate::builtin::cluster_scoped(group, kind)
}

/// The scope a CustomResourceDefinition gives its kind: `true` for
/// `spec.scope: Cluster`.
pub fn crd_cluster_scoped(crd: &Value) -> bool {
    crd.get_path(&["spec", "scope"]).and_then(Value::as_str) == Some("Cluster")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kubectl_names_lowercase_the_kind_and_add_the_group() {
        let id = |group: &str, kind: &str| ObjectId {
            group: group.into(),
            kind: kind.into(),
            namespace: None,
            name: "x".into(),
        };
        assert_eq!(id("apps", "Deployment").kubectl_name(), "deployment.apps/x");
        assert_eq!(id("", "ConfigMap").kubectl_name(), "configmap/x");
        assert_eq!(
            id("apiextensions.k8s.io", "CustomResourceDefinition").kubectl_name(),
            "customresourcedefinition.apiextensions.k8s.io/x"
        );
    }

    #[test]
    fn scope_of_built_in_kinds() {
        assert!(builtin_cluster_scoped("", "Namespace"));
        assert!(builtin_cluster_scoped(
            "rbac.authorization.k8s.io",
            "ClusterRole"
        ));
        assert!(builtin_cluster_scoped(
            "apiextensions.k8s.io",
            "CustomResourceDefinition"
        ));
        assert!(!builtin_cluster_scoped("", "ConfigMap"));
        assert!(!builtin_cluster_scoped("rbac.authorization.k8s.io", "Role"));
        assert_eq!(group_of("apps/v1"), "apps");
        assert_eq!(group_of("v1"), "");
    }
}
