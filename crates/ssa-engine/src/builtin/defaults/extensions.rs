//! The kinds served from outside k8s.io/api: apiextensions.k8s.io/v1
//! (apiextensions-apiserver `pkg/apis/apiextensions/v1/defaults.go`) and
//! apiregistration.k8s.io/v1 (kube-aggregator
//! `pkg/apis/apiregistration/v1/defaults.go`), both read at v0.36.0.

use super::set;
use crate::value::{Map, Value};

/// `SetObjectDefaults_CustomResourceDefinition`:
/// `SetDefaults_CustomResourceDefinition` (the spec's defaults, the stored
/// versions), then the conversion webhook's service reference.
pub(super) fn custom_resource_definition(root: &mut Map) {
    let Some(spec) = root.child_map_mut("spec") else {
        return;
    };
    crd_spec(spec);
    if let Some(Value::Map(service)) = spec
        .get_mut("conversion")
        .and_then(Value::as_map_mut)
        .and_then(|c| c.get_mut("webhook"))
        .and_then(Value::as_map_mut)
        .and_then(|w| w.get_mut("clientConfig"))
        .and_then(Value::as_map_mut)
        .and_then(|c| c.get_mut("service"))
    {
        // SetDefaults_ServiceReference.
        set(service, "port", Value::Int(443));
    }
    let stored = storage_version(root.get("spec")).map(|name| Value::List(vec![name]));
    if let Some(status) = root.child_map_mut("status")
        && status
            .get("storedVersions")
            .and_then(Value::as_list)
            .is_none_or(Vec::is_empty)
        && let Some(stored) = stored
    {
        status.insert("storedVersions", stored);
    }
}

/// `SetDefaults_CustomResourceDefinitionSpec`: the singular name is the
/// kind in lower case, the list kind the kind with `List`, no conversion.
fn crd_spec(spec: &mut Map) {
    let Some(names) = spec.child_map_mut("names") else {
        return;
    };
    let kind = names
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    // Kinds are ASCII (a CRD's kind must lower-case to a DNS-1035 label), so
    // ASCII lower-casing is Go's strings.ToLower here, without std's Unicode
    // case tables in the page's wasm.
    set(names, "singular", Value::String(kind.to_ascii_lowercase()));
    if !kind.is_empty() {
        set(names, "listKind", Value::String(format!("{kind}List")));
    }
    if spec.get("conversion").is_none_or(Value::is_null) {
        let mut conversion = Map::new();
        conversion.insert("strategy", Value::from("None"));
        spec.insert("conversion", Value::Map(conversion));
    }
}

/// The name of a CustomResourceDefinition's first version marked
/// `storage: true`, given its `spec`: `v.Name` of a Go struct, `""` when
/// left out.
pub(crate) fn storage_version(spec: Option<&Value>) -> Option<Value> {
    let version = spec?
        .get("versions")?
        .as_list()?
        .iter()
        .find(|v| v.get("storage") == Some(&Value::Bool(true)))?;
    Some(
        version
            .get("name")
            .cloned()
            .unwrap_or_else(|| Value::from("")),
    )
}

/// apiregistration `SetDefaults_ServiceReference`: port 443.
pub(super) fn api_service(root: &mut Map) {
    if let Some(Value::Map(service)) = root
        .get_mut("spec")
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("service"))
    {
        set(service, "port", Value::Int(443));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::yaml_map as map;

    /// SetDefaults_CustomResourceDefinition(Spec), SetDefaults_ServiceReference.
    #[test]
    fn custom_resource_definitions() {
        let mut root = map(
            "{spec: {group: g, names: {kind: Widget, plural: widgets}, versions: [{name: v1, storage: false}, {name: v2, storage: true}]}}",
        );
        custom_resource_definition(&mut root);
        let spec = root.get("spec").unwrap();
        assert_eq!(
            spec.get("names"),
            Some(
                &map("{kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}")
                    .into()
            )
        );
        assert_eq!(
            spec.get("conversion"),
            Some(&map("{strategy: None}").into())
        );
        assert_eq!(
            root.get("status").unwrap().get("storedVersions"),
            Some(&Value::List(vec![Value::from("v2")]))
        );
        // SetDefaults_CustomResourceDefinition appends `v.Name`, "" for a
        // storage version without a name.
        let mut root = map("{spec: {versions: [{storage: true}]}, status: {}}");
        custom_resource_definition(&mut root);
        assert_eq!(
            root.get("status").unwrap().get("storedVersions"),
            Some(&Value::List(vec![Value::from("")]))
        );
        let mut root = map(
            "{spec: {names: {kind: W}, conversion: {strategy: Webhook, webhook: {clientConfig: {service: {name: s, namespace: n}}}}}}",
        );
        custom_resource_definition(&mut root);
        assert_eq!(
            root.get_path_value(&[
                "spec",
                "conversion",
                "webhook",
                "clientConfig",
                "service",
                "port"
            ]),
            Some(Value::Int(443))
        );
    }

    /// apiregistration SetDefaults_ServiceReference.
    #[test]
    fn api_services() {
        let mut root = map("{spec: {service: {name: s, namespace: n}, group: g}}");
        api_service(&mut root);
        assert_eq!(
            root.get_path_value(&["spec", "service", "port"]),
            Some(Value::Int(443))
        );
    }
}
