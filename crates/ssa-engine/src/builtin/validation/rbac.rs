//! `pkg/apis/rbac/validation/validation.go` (kubernetes/kubernetes
//! 1dc8b4f20f8c; 1.36's declarative tags on rbac/v1 are all alpha, run
//! only in the shadow, so these handwritten rules decide), after the
//! `ValidateObjectMeta` that `meta` does: `ValidateRole` /
//! `ValidateClusterRole` (each rule by `ValidatePolicyRule`) and
//! `ValidateRoleBinding` / `ValidateClusterRoleBinding` (the role
//! reference, each subject by `ValidateRoleBindingSubject`), with their
//! `...Update`, which add "cannot change roleRef". The strategies
//! (`pkg/registry/rbac/*/strategy.go`) run the create function on update
//! too, so an update is checked as a create is, then for the roleRef.
//! The defaults (`SetDefaults_RoleBinding`, `SetDefaults_Subject`) have
//! filled an empty `apiGroup`: an explicit wrong one is what is refused.
//!
//! Not modelled: the leave a ClusterRole's update has to keep an
//! aggregation selector's invalid label values when the stored one had
//! some (`AllowInvalidLabelValueInSelector`); they are refused, as on a
//! create.

use super::field::{BadValue, Errors, FieldError, child, index, invalid_each};
use super::{items, meta, names, text};
use crate::value::{Value, write_json_string};

const GROUP: &str = "rbac.authorization.k8s.io";

/// The errors of the Role, ClusterRole, RoleBinding or ClusterRoleBinding
/// `new` (`group_kind` says which), replacing `old`.
pub(super) fn errors(group_kind: &str, new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let (kind, namespaced) = match group_kind.strip_prefix("Cluster") {
        Some(kind) => (kind, false),
        None => (group_kind, true),
    };
    if kind.starts_with("RoleBinding") {
        binding(new, old, namespaced)
    } else {
        role(new, namespaced)
    }
}

/// What `ValidatePolicyRule` requires of every rule (the first) and of a
/// resource rule, one without non-resource URLs (all three).
static RULE_NEEDS: [(&str, &str); 3] = [
    ("verbs", "verbs must contain at least one value"),
    (
        "apiGroups",
        "resource rules must supply at least one api group",
    ),
    (
        "resources",
        "resource rules must supply at least one resource",
    ),
];

/// `ValidateRole` / `ValidateClusterRole`: each rule by
/// `ValidatePolicyRule`. Non-resource URLs are for a ClusterRole's rules
/// alone, without API groups, resources or resource names.
fn role(new: &Value, namespaced: bool) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for (i, rule) in items(new.get("rules")).iter().enumerate() {
        let at = index("rules", i);
        let urls = rule
            .get("nonResourceURLs")
            .filter(|u| !items(Some(u)).is_empty());
        for (key, detail) in RULE_NEEDS.iter().take(if urls.is_none() { 3 } else { 1 }) {
            if items(rule.get(key)).is_empty() {
                errs.required(child(&at, key), detail);
            }
        }
        let Some(urls) = urls else {
            continue;
        };
        let mut refuse = |detail: &str| {
            errs.invalid(
                child(&at, "nonResourceURLs"),
                BadValue::Json(urls.to_json()),
                detail,
            );
        };
        if namespaced {
            refuse("namespaced rules cannot apply to non-resource URLs");
        }
        if ["apiGroups", "resources", "resourceNames"]
            .iter()
            .any(|key| !items(rule.get(key)).is_empty())
        {
            refuse("rules cannot apply to both regular resources and non-resource URLs");
        }
    }
    if let Some(aggregation) = new.get("aggregationRule").filter(|a| !a.is_null()) {
        errs.extend(aggregation_rule(aggregation));
    }
    errs
}

/// `ValidateClusterRole`'s aggregation rule: selectors, each a valid
/// label selector (`ValidateLabelSelector`); one it refuses fails
/// `LabelSelectorAsSelector` too, whose nil selector is the bad value.
fn aggregation_rule(aggregation: &Value) -> Vec<FieldError> {
    let path = "aggregationRule.clusterRoleSelectors";
    let selectors = items(aggregation.get("clusterRoleSelectors"));
    let mut errs = Vec::new();
    if selectors.is_empty() {
        errs.required(
            path,
            "at least one clusterRoleSelector required if aggregationRule is non-nil",
        );
    }
    for (i, selector) in selectors.iter().enumerate() {
        let at = index(path, i);
        let selector_errs = meta::label_selector(Some(selector), &at);
        if !selector_errs.is_empty() {
            errs.extend(selector_errs);
            errs.invalid(at, BadValue::Json("null".into()), "invalid label selector.");
        }
    }
    errs
}

/// `ValidateRoleBinding` / `ValidateClusterRoleBinding` and, with `old`,
/// their `...Update`'s roleRef check.
fn binding(new: &Value, old: Option<&Value>, namespaced: bool) -> Vec<FieldError> {
    fn role_ref<'a>(object: &'a Value, key: &str) -> &'a str {
        object.get("roleRef").map_or("", |r| text(r, key))
    }
    let kinds: &[&str] = if namespaced {
        &["Role", "ClusterRole"]
    } else {
        &["ClusterRole"]
    };
    let mut errs = Vec::new();
    for (key, valid) in [("apiGroup", &[GROUP][..]), ("kind", kinds)] {
        one_of(&mut errs, child("roleRef", key), role_ref(new, key), valid);
    }
    let name = role_ref(new, "name");
    if name.is_empty() {
        errs.required("roleRef.name", "");
    }
    invalid_each(&mut errs, "roleRef.name", name, names::path_segment(name)); // ValidateRBACName
    for (i, subject) in items(new.get("subjects")).iter().enumerate() {
        // ValidateRoleBindingSubject: a name; a known kind with its own
        // API group; a ClusterRoleBinding's service account's namespace.
        let at = index("subjects", i);
        let field = |key: &str| text(subject, key);
        if field("name").is_empty() {
            errs.required(child(&at, "name"), "");
        }
        let kind = field("kind");
        if kind == "ServiceAccount" && !field("name").is_empty() {
            let name = field("name"); // ValidateServiceAccountName
            invalid_each(
                &mut errs,
                &child(&at, "name"),
                name,
                names::dns1123_subdomain(name),
            );
        }
        // A known kind's apiGroup, else the kind itself.
        let (key, valid) = match kind {
            "ServiceAccount" => ("apiGroup", &[""][..]),
            "User" | "Group" => ("apiGroup", &[GROUP][..]),
            _ => ("kind", &["ServiceAccount", "User", "Group"][..]),
        };
        one_of(&mut errs, child(&at, key), field(key), valid);
        if kind == "ServiceAccount" && !namespaced && field("namespace").is_empty() {
            errs.required(child(&at, "namespace"), "");
        }
    }
    // `Value` equality ignores the order of the fields, as comparing the
    // structs does (an absent field and "" differ here, not there; none
    // is left out of a stored roleRef: no `omitempty`).
    if old.is_some_and(|old| old.get("roleRef") != new.get("roleRef")) {
        // The internal `rbac.RoleRef` (no json tags), as `json.Marshal`
        // prints it.
        let mut printed = String::new();
        for (go, key) in [
            ("{\"APIGroup\":", "apiGroup"),
            (",\"Kind\":", "kind"),
            (",\"Name\":", "name"),
        ] {
            printed.push_str(go);
            write_json_string(role_ref(new, key), &mut printed);
        }
        printed.push('}');
        errs.invalid("roleRef", BadValue::Json(printed), "cannot change roleRef");
    }
    errs
}

/// `field.NotSupported` (the value a string, `%q`) unless `value` is one
/// of `valid`.
fn one_of(errs: &mut Vec<FieldError>, path: String, value: &str, valid: &[&str]) {
    if !valid.contains(&value) {
        errs.not_supported(path, BadValue::str(value), valid);
    }
}

#[cfg(test)]
mod tests;
