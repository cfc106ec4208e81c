//! What `pkg/registry/core/pod/strategy.go` does to a Pod beyond the
//! status split of `status` (followed at kubernetes/kubernetes
//! 008b3652959ca58af8be3fb5b6ecfe9ae7638282, with the 1.36 feature gates
//! of `pkg/features/kube_features.go`):
//!
//! - `PrepareForCreate`'s changes to the spec ([`prepare_for_create`]):
//!   `mutatePodAffinity` (gate MatchLabelKeysInPodAffinity, GA and locked
//!   on since 1.33), `mutateTopologySpreadConstraints`
//!   (MatchLabelKeysInPodTopologySpread, beta and on since 1.27, and
//!   MatchLabelKeysInPodTopologySpreadSelectorMerge, beta and on since
//!   1.34) and `applyAppArmorVersionSkew`. Its status, with the
//!   `PodScheduled` condition of `applySchedulingGatedCondition`, is the
//!   Pod's initial status (`builtin::defaults`).
//! - `podStatusStrategy.PrepareForUpdate`'s `preserveOldObservedGeneration`
//!   for the conditions ([`preserve_old_condition_generations`]; the
//!   status's own `observedGeneration` is a backfill of `status`'s table).
//!
//! The Pod row of `status`'s strategy table names both. The store calls
//! them after the handler's field manager, so what they
//! add is owned by nobody (unless a manager already owned the field: an
//! atomic `labelSelector` the writer sent is the writer's, merged keys
//! and all).

use crate::value::{Map, Value};

/// `api.DeprecatedAppArmorAnnotationKeyPrefix`.
const APPARMOR_KEY_PREFIX: &str = "container.apparmor.security.beta.kubernetes.io/";
/// `api.DeprecatedAppArmorAnnotationValueLocalhostPrefix`.
const APPARMOR_LOCALHOST_PREFIX: &str = "localhost/";
/// `ValidateAppArmorProfileField`'s `maxLocalhostProfileLength` (PATH_MAX - 1).
const MAX_LOCALHOST_PROFILE_LENGTH: usize = 4095;

/// `podStrategy.PrepareForCreate` after the status: the label-key merges
/// and the AppArmor fields from annotations, in upstream's order.
pub(super) fn prepare_for_create(pod: &mut Value) {
    let labels = pod
        .get_path(&["metadata", "labels"])
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    let annotations = pod
        .get_path(&["metadata", "annotations"])
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    let Some(spec) = pod
        .as_map_mut()
        .and_then(|p| p.get_mut("spec"))
        .and_then(Value::as_map_mut)
    else {
        return;
    };
    mutate_pod_affinity(spec, &labels);
    mutate_topology_spread_constraints(spec, &labels);
    apply_app_armor_version_skew(spec, &annotations);
}

/// `mutatePodAffinity`: every term of the pod affinity and anti-affinity
/// (required, and the preferred ones' `podAffinityTerm`) gets its
/// `matchLabelKeys` and `mismatchLabelKeys` merged into its selector.
fn mutate_pod_affinity(spec: &mut Map, labels: &Map) {
    let Some(affinity) = spec.get_mut("affinity").and_then(Value::as_map_mut) else {
        return;
    };
    for kind in ["podAffinity", "podAntiAffinity"] {
        let Some(terms) = affinity.get_mut(kind).and_then(Value::as_map_mut) else {
            continue;
        };
        if let Some(preferred) = terms
            .get_mut("preferredDuringSchedulingIgnoredDuringExecution")
            .and_then(Value::as_list_mut)
        {
            for weighted in preferred {
                if let Some(term) = weighted
                    .as_map_mut()
                    .and_then(|w| w.get_mut("podAffinityTerm"))
                    .and_then(Value::as_map_mut)
                {
                    apply_match_label_keys_and_mismatch_label_keys(term, labels);
                }
            }
        }
        if let Some(required) = terms
            .get_mut("requiredDuringSchedulingIgnoredDuringExecution")
            .and_then(Value::as_list_mut)
        {
            for term in required.iter_mut().filter_map(Value::as_map_mut) {
                apply_match_label_keys_and_mismatch_label_keys(term, labels);
            }
        }
    }
}

/// `applyMatchLabelKeysAndMismatchLabelKeys`: `key In (value)` for each
/// of `matchLabelKeys`, `key NotIn (value)` for each of
/// `mismatchLabelKeys`, where the Pod has the label. A term without a
/// selector (which matches nothing) is left alone.
fn apply_match_label_keys_and_mismatch_label_keys(term: &mut Map, labels: &Map) {
    let match_keys = string_list(term.get("matchLabelKeys"));
    let mismatch_keys = string_list(term.get("mismatchLabelKeys"));
    if match_keys.is_empty() && mismatch_keys.is_empty() {
        return;
    }
    let Some(selector) = term.get_mut("labelSelector").and_then(Value::as_map_mut) else {
        return;
    };
    apply_label_keys_to_label_selector(selector, &match_keys, "In", labels);
    apply_label_keys_to_label_selector(selector, &mismatch_keys, "NotIn", labels);
}

/// `mutateTopologySpreadConstraints` and `applyMatchLabelKeys`: each
/// constraint's `matchLabelKeys` merged into its selector as `key In
/// (value)`.
fn mutate_topology_spread_constraints(spec: &mut Map, labels: &Map) {
    let Some(constraints) = spec
        .get_mut("topologySpreadConstraints")
        .and_then(Value::as_list_mut)
    else {
        return;
    };
    for constraint in constraints.iter_mut().filter_map(Value::as_map_mut) {
        let keys = string_list(constraint.get("matchLabelKeys"));
        if keys.is_empty() {
            continue;
        }
        if let Some(selector) = constraint
            .get_mut("labelSelector")
            .and_then(Value::as_map_mut)
        {
            apply_label_keys_to_label_selector(selector, &keys, "In", labels);
        }
    }
}

/// `applyLabelKeysToLabelSelector`: for each key the Pod has a label for,
/// in the keys' order, a requirement `{key, operator, values: [value]}`
/// appended to the selector's `matchExpressions`.
fn apply_label_keys_to_label_selector(
    selector: &mut Map,
    keys: &[String],
    operator: &str,
    labels: &Map,
) {
    for key in keys {
        let Some(value) = labels.get(key).and_then(Value::as_str) else {
            continue;
        };
        let mut requirement = Map::new();
        requirement.insert("key", Value::from(key.as_str()));
        requirement.insert("operator", Value::from(operator));
        requirement.insert("values", Value::List(vec![Value::from(value)]));
        match selector.get_mut("matchExpressions") {
            Some(Value::List(expressions)) => expressions.push(Value::Map(requirement)),
            None | Some(Value::Null) => {
                selector.insert(
                    "matchExpressions",
                    Value::List(vec![Value::Map(requirement)]),
                );
            }
            // Not a list: the decoder would have refused the body.
            Some(_) => return,
        }
    }
}

/// `applyAppArmorVersionSkew` (the annotation-to-field half; 1.36 no
/// longer writes annotations from fields): for a Pod not on Windows, each
/// container (init, regular, ephemeral) without an `appArmorProfile` that
/// has a `container.apparmor.security.beta.kubernetes.io/<name>`
/// annotation gets the profile the annotation names, unless it is not
/// valid or equals the Pod's own profile. The deprecation warning the
/// server also sends is not modelled.
fn apply_app_armor_version_skew(spec: &mut Map, annotations: &Map) {
    if spec
        .get_path_value(&["os", "name"])
        .as_ref()
        .and_then(Value::as_str)
        == Some("windows")
    {
        return;
    }
    let pod_profile = spec
        .get_path_value(&["securityContext", "appArmorProfile"])
        .filter(|p| !p.is_null());
    for list in ["initContainers", "containers", "ephemeralContainers"] {
        let Some(containers) = spec.get_mut(list).and_then(Value::as_list_mut) else {
            continue;
        };
        for container in containers.iter_mut().filter_map(Value::as_map_mut) {
            let name = container.get("name").and_then(Value::as_str).unwrap_or("");
            let Some(annotation) = annotations
                .get(&format!("{APPARMOR_KEY_PREFIX}{name}"))
                .and_then(Value::as_str)
            else {
                continue;
            };
            let has_profile = container
                .get_path_value(&["securityContext", "appArmorProfile"])
                .is_some_and(|p| !p.is_null());
            if has_profile {
                continue;
            }
            let Some(profile) = apparmor_field_for_annotation(annotation) else {
                continue;
            };
            if pod_profile.as_ref() == Some(&profile) {
                continue;
            }
            if let Some(context) = container.child_map_mut("securityContext") {
                context.insert("appArmorProfile", profile);
            }
        }
    }
}

/// `podutil.ApparmorFieldForAnnotation`, less what
/// `ValidateAppArmorProfileField` refuses (a localhost profile padded
/// with whitespace or longer than 4095 bytes): the profile an annotation
/// names, as the Go struct prints it (`type`, then `localhostProfile`).
fn apparmor_field_for_annotation(annotation: &str) -> Option<Value> {
    let mut profile = Map::new();
    match annotation {
        "unconfined" => {
            profile.insert("type", Value::from("Unconfined"));
        }
        "runtime/default" => {
            profile.insert("type", Value::from("RuntimeDefault"));
        }
        _ => {
            let localhost = annotation.strip_prefix(APPARMOR_LOCALHOST_PREFIX)?;
            if localhost.is_empty()
                || localhost.trim() != localhost
                || localhost.len() > MAX_LOCALHOST_PROFILE_LENGTH
            {
                return None;
            }
            profile.insert("type", Value::from("Localhost"));
            profile.insert("localhostProfile", Value::from(localhost));
        }
    }
    Some(Value::Map(profile))
}

/// `preserveOldObservedGeneration`'s conditions: a condition the write
/// sends without an `observedGeneration` (Go's zero) takes the one of the
/// stored condition of its type, matched in order among the conditions
/// of that type (validation lets a type repeat).
pub(super) fn preserve_old_condition_generations(pod: &mut Value, old: &Value) {
    let mut old_generations: Vec<(Value, Vec<Value>)> = Vec::new();
    for condition in conditions(old) {
        let kind = condition.get("type").cloned().unwrap_or(Value::Null);
        let generation = condition
            .get("observedGeneration")
            .cloned()
            .unwrap_or(Value::Int(0));
        match old_generations.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, generations)) => generations.push(generation),
            None => old_generations.push((kind, vec![generation])),
        }
    }
    for (_, generations) in &mut old_generations {
        generations.reverse();
    }
    let Some(new) = pod
        .as_map_mut()
        .and_then(|p| p.get_mut("status"))
        .and_then(Value::as_map_mut)
        .and_then(|s| s.get_mut("conditions"))
        .and_then(Value::as_list_mut)
    else {
        return;
    };
    for condition in new.iter_mut().filter_map(Value::as_map_mut) {
        let kind = condition.get("type").cloned().unwrap_or(Value::Null);
        let old_generation = old_generations
            .iter_mut()
            .find(|(k, _)| *k == kind)
            .and_then(|(_, generations)| generations.pop());
        let unset = condition
            .get("observedGeneration")
            .is_none_or(|g| matches!(g, Value::Null | Value::Int(0)));
        if unset
            && let Some(generation) = old_generation
            && !matches!(generation, Value::Null | Value::Int(0))
        {
            // Where the Go struct prints it: after `type`.
            let mut ordered = Map::with_capacity(condition.len() + 1);
            for (key, value) in condition.iter() {
                if key != "observedGeneration" {
                    ordered.insert(key.as_str(), value.clone());
                }
                if key == "type" {
                    ordered.insert("observedGeneration", generation.clone());
                }
            }
            if !ordered.contains_key("observedGeneration") {
                ordered.insert("observedGeneration", generation);
            }
            *condition = ordered;
        }
    }
}

/// The status conditions of a Pod (none when absent or malformed).
fn conditions(pod: &Value) -> impl Iterator<Item = &Map> {
    pod.get_path(&["status", "conditions"])
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
        .filter_map(Value::as_map)
}

/// The strings of a list of strings (`matchLabelKeys`); anything else
/// counts as none.
fn string_list(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    fn created(text: &str) -> Value {
        let mut pod = yaml(text);
        prepare_for_create(&mut pod);
        pod
    }

    /// `mutatePodAffinity` → `applyMatchLabelKeysAndMismatchLabelKeys` →
    /// `applyLabelKeysToLabelSelector`: `In` for matchLabelKeys, then
    /// `NotIn` for mismatchLabelKeys, only for keys the Pod has a label
    /// for, appended after the selector's own expressions; the preferred
    /// terms' `podAffinityTerm` too, in affinity and anti-affinity alike.
    #[test]
    fn affinity_terms_get_their_label_keys_merged() {
        let pod = created(
            "metadata: {labels: {app: web, tier: ''}}
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchExpressions: [{key: x, operator: Exists}]}
        matchLabelKeys: [tier, missing]
        mismatchLabelKeys: [app]
        topologyKey: zone
    podAntiAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        podAffinityTerm:
          labelSelector: {}
          matchLabelKeys: [app]
          topologyKey: zone",
        );
        assert_eq!(
            pod.get_path(&["spec", "affinity", "podAffinity"]),
            Some(&yaml(
                "requiredDuringSchedulingIgnoredDuringExecution:
- labelSelector:
    matchExpressions:
    - {key: x, operator: Exists}
    - {key: tier, operator: In, values: ['']}
    - {key: app, operator: NotIn, values: [web]}
  matchLabelKeys: [tier, missing]
  mismatchLabelKeys: [app]
  topologyKey: zone"
            ))
        );
        assert_eq!(
            pod.get_path(&["spec", "affinity", "podAntiAffinity"]),
            Some(&yaml(
                "preferredDuringSchedulingIgnoredDuringExecution:
- weight: 1
  podAffinityTerm:
    labelSelector: {matchExpressions: [{key: app, operator: In, values: [web]}]}
    matchLabelKeys: [app]
    topologyKey: zone"
            ))
        );
    }

    /// `applyMatchLabelKeysAndMismatchLabelKeys` and `applyMatchLabelKeys`:
    /// a term or constraint without a selector (null, which matches none)
    /// is left alone, and so is a Pod without labels or the keys.
    #[test]
    fn terms_without_a_selector_or_labels_are_left_alone() {
        for text in [
            "metadata: {labels: {app: web}}
spec: {affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{matchLabelKeys: [app], topologyKey: z}]}}}",
            "metadata: {labels: {app: web}}
spec: {affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: null, matchLabelKeys: [app], topologyKey: z}]}}}",
            "spec: {affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {}, matchLabelKeys: [app], topologyKey: z}]}}}",
            "metadata: {labels: {app: web}}
spec: {topologySpreadConstraints: [{maxSkew: 1, topologyKey: z, whenUnsatisfiable: DoNotSchedule, matchLabelKeys: [app]}]}",
            "metadata: {labels: {app: web}}
spec: {topologySpreadConstraints: [{maxSkew: 1, topologyKey: z, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}]}",
            // Not what the decoder lets through, and no panic either.
            "metadata: {labels: {app: web}}
spec: {affinity: {podAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: {matchExpressions: 3}, matchLabelKeys: [app]}, 7]}}}",
            "metadata: {labels: [app]}
spec: {affinity: 3, topologySpreadConstraints: {a: b}}",
            "spec: 3",
            "[]",
        ] {
            assert_eq!(created(text), yaml(text), "{text}");
        }
    }

    /// `mutateTopologySpreadConstraints` → `applyMatchLabelKeys`: each
    /// constraint's matchLabelKeys as `In` requirements (the two gates it
    /// checks are on by default in 1.36).
    #[test]
    fn topology_spread_constraints_get_their_label_keys_merged() {
        let pod = created(
            "metadata: {labels: {app: web, pod-template-hash: abc}}
spec:
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule,
     labelSelector: {matchLabels: {app: web}, matchExpressions: null},
     matchLabelKeys: [pod-template-hash, app]}",
        );
        assert_eq!(
            pod.get_path(&["spec", "topologySpreadConstraints"]),
            Some(&yaml(
                "- {maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule,
   labelSelector: {matchLabels: {app: web}, matchExpressions: [
     {key: pod-template-hash, operator: In, values: [abc]},
     {key: app, operator: In, values: [web]}]},
   matchLabelKeys: [pod-template-hash, app]}"
            ))
        );
    }

    /// `applyAppArmorVersionSkew` with `podutil.ApparmorFieldForAnnotation`
    /// and `ValidateAppArmorProfileField`: each container (init, regular,
    /// ephemeral) without a profile gets the one its annotation names;
    /// invalid or unknown values, a profile equal to the Pod's, a
    /// container that has its own and Windows Pods are left alone.
    #[test]
    fn apparmor_fields_from_annotations() {
        let key = |name: &str| format!("'{APPARMOR_KEY_PREFIX}{name}'");
        let long = "p".repeat(MAX_LOCALHOST_PROFILE_LENGTH + 1);
        let text = format!(
            "metadata:
  annotations:
    {}: runtime/default
    {}: unconfined
    {}: localhost/prof
    {}: localhost/
    {}: 'localhost/ padded'
    {}: localhost/{long}
    {}: bogus
    {}: unconfined
    {}: runtime/default
spec:
  securityContext: {{appArmorProfile: {{type: RuntimeDefault}}}}
  initContainers: [{{name: init}}]
  containers:
  - {{name: a}}
  - {{name: b, securityContext: {{runAsUser: 1}}}}
  - {{name: empty}}
  - {{name: padded}}
  - {{name: long}}
  - {{name: bogus}}
  - {{name: own, securityContext: {{appArmorProfile: {{type: Localhost, localhostProfile: x}}}}}}
  - {{name: same}}
  ephemeralContainers: [{{name: debug}}]",
            key("init"),
            key("a"),
            key("b"),
            key("empty"),
            key("padded"),
            key("long"),
            key("bogus"),
            key("own"),
            key("same")
        );
        let pod = created(&text);
        let profile = |list: &str, i: usize| {
            pod.get_path(&["spec", list]).unwrap().as_list().unwrap()[i]
                .get_path(&["securityContext", "appArmorProfile"])
                .cloned()
        };
        // RuntimeDefault is the Pod's own profile: nothing to copy.
        assert_eq!(profile("initContainers", 0), None);
        assert_eq!(profile("containers", 0), Some(yaml("{type: Unconfined}")));
        assert_eq!(
            pod.get_path(&["spec", "containers"])
                .unwrap()
                .as_list()
                .unwrap()[1],
            yaml(
                "{name: b, securityContext: {runAsUser: 1, appArmorProfile: {type: Localhost, localhostProfile: prof}}}"
            )
        );
        for i in 2..=5 {
            assert_eq!(profile("containers", i), None, "container {i}");
        }
        assert_eq!(
            profile("containers", 6),
            Some(yaml("{type: Localhost, localhostProfile: x}"))
        );
        assert_eq!(profile("containers", 7), None);
        assert_eq!(profile("ephemeralContainers", 0), None);

        let with_debug = text.replace(
            "ephemeralContainers: [{name: debug}]",
            "ephemeralContainers: [{name: debug}]\n  os: {name: linux}",
        ) + "\n";
        let annotated = with_debug.replacen(
            "metadata:\n  annotations:\n",
            &format!(
                "metadata:\n  annotations:\n    {}: unconfined\n",
                key("debug")
            ),
            1,
        );
        let pod = created(&annotated);
        assert_eq!(
            pod.get_path(&["spec", "ephemeralContainers"])
                .unwrap()
                .as_list()
                .unwrap()[0]
                .get_path(&["securityContext", "appArmorProfile"]),
            Some(&yaml("{type: Unconfined}"))
        );
        let windows = text.replace(
            "  initContainers:",
            "  os: {name: windows}\n  initContainers:",
        );
        assert_eq!(created(&windows), yaml(&windows));
    }

    /// `preserveOldObservedGeneration`: a condition written without an
    /// observedGeneration (absent or 0) keeps the stored one of its type,
    /// the n-th of a type the n-th; one written with its own keeps it.
    #[test]
    fn conditions_keep_their_observed_generation() {
        let old = yaml(
            "status:
  conditions:
  - {type: Ready, observedGeneration: 3}
  - {type: PodScheduled, observedGeneration: 2}
  - {type: Ready, observedGeneration: 4}
  - {type: Initialized}",
        );
        let mut new = yaml(
            "status:
  conditions:
  - {type: PodScheduled, status: 'True'}
  - {type: Ready, status: 'False', observedGeneration: 0}
  - {type: Ready, status: 'True'}
  - {type: Ready, status: 'True'}
  - {type: Initialized, status: 'True'}
  - {type: ContainersReady, status: 'True', observedGeneration: 5}
  - {type: Other}",
        );
        preserve_old_condition_generations(&mut new, &old);
        assert_eq!(
            new,
            yaml(
                "status:
  conditions:
  - {type: PodScheduled, observedGeneration: 2, status: 'True'}
  - {type: Ready, observedGeneration: 3, status: 'False'}
  - {type: Ready, observedGeneration: 4, status: 'True'}
  - {type: Ready, status: 'True'}
  - {type: Initialized, status: 'True'}
  - {type: ContainersReady, status: 'True', observedGeneration: 5}
  - {type: Other}"
            )
        );
        // Nothing to keep, or nothing to keep it in: no change, no panic.
        for (old, new) in [
            ("{}", "status: {conditions: [{type: Ready}]}"),
            (
                "status: {conditions: 3}",
                "status: {conditions: [{type: Ready}, 4]}",
            ),
            (
                "status: {conditions: [{type: Ready, observedGeneration: 1}]}",
                "status: {conditions: 3}",
            ),
            (
                "status: {conditions: [{type: Ready, observedGeneration: 1}]}",
                "status: 3",
            ),
        ] {
            let mut written = yaml(new);
            preserve_old_condition_generations(&mut written, &yaml(old));
            assert_eq!(written, yaml(new), "{old} / {new}");
        }
    }
}
