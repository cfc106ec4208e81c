//! Ready-made steps for the writers users meet most: the autoscaler, the
//! deployment controller, an operator, and GitOps tools with their usual
//! manager names and force habits. Adding one appends it to the scenario.

use ssa_engine::value::{Map, Value};
use ssa_engine::yaml;

/// One ready-made step.
pub struct StepTemplate {
    pub title: &'static str,
    /// The step, given the object the scenario writes (its first manifest)
    /// and the stored object after the last step (`Null` when none).
    pub make: fn(&Value, &Value) -> Value,
}

fn parse(text: &str) -> Value {
    yaml::parse(text).map(|d| d.value).unwrap_or(Value::Null)
}

/// apiVersion, kind and metadata (name, namespace) of `object`.
pub fn identity(object: &Value) -> Map {
    let mut m = Map::new();
    for key in ["apiVersion", "kind"] {
        if let Some(v) = object.get(key) {
            m.insert(key, v.clone());
        }
    }
    let mut meta = Map::new();
    for key in ["name", "namespace"] {
        if let Some(v) = object.get_path(&["metadata", key]) {
            meta.insert(key, v.clone());
        }
    }
    m.insert("metadata", Value::Map(meta));
    m
}

fn with(mut step: Value, key: &str, value: Value) -> Value {
    if let Some(m) = step.as_map_mut() {
        m.insert(key, value);
    }
    step
}

pub const STEP_TEMPLATES: &[StepTemplate] = &[
    StepTemplate {
        title: "HorizontalPodAutoscaler scales to 5 (/scale)",
        make: |_, _| {
            parse(
                "manager: horizontal-pod-autoscaler\nop: update\nsubresource: scale\nname: the HPA scales to 5\nobject: {spec: {replicas: 5}}",
            )
        },
    },
    StepTemplate {
        title: "Deployment controller reports status (/status)",
        make: |object, current| {
            // A status write sends the whole object, as controllers do.
            let mut body = current
                .as_map()
                .cloned()
                .unwrap_or_else(|| identity(object));
            body.remove("status");
            body.insert("status", parse("{observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1}"));
            with(
                parse(
                    "manager: kube-controller-manager\nop: update\nsubresource: status\nname: the controller reports status",
                ),
                "object",
                Value::Map(body),
            )
        },
    },
    StepTemplate {
        title: "An operator annotates the object (Update)",
        make: |_, _| {
            parse(
                "manager: example-operator\nop: patch\npatchType: merge\nname: the operator marks it reconciled\npatch: {metadata: {annotations: {operator.example.com/reconciled: \"true\"}}}",
            )
        },
    },
    StepTemplate {
        title: "Flux kustomize-controller applies (forced)",
        make: |object, _| {
            with(
                parse(
                    "manager: kustomize-controller\nop: apply\nclient: api\nforce: true\nname: Flux applies from Git",
                ),
                "object",
                object.clone(),
            )
        },
    },
    StepTemplate {
        title: "Argo CD applies (server-side)",
        make: |object, _| {
            with(
                parse("manager: argocd-controller\nop: apply\nclient: api\nname: Argo CD syncs"),
                "object",
                object.clone(),
            )
        },
    },
    StepTemplate {
        title: "helm upgrade (a patch by helm)",
        make: |object, _| {
            with(
                parse("manager: helm\nop: patch\npatchType: strategic\nname: helm upgrade"),
                "patch",
                object.clone(),
            )
        },
    },
];

/// The scenario text with template `index` appended as a step.
pub fn add_step(text: &str, index: usize) -> Result<String, String> {
    let template = STEP_TEMPLATES.get(index).ok_or("no such step template")?;
    let mut doc = yaml::parse(text).map_err(|e| e.to_string())?.value;
    let object = doc
        .get("steps")
        .and_then(Value::as_list)
        .and_then(|steps| {
            steps
                .iter()
                .find_map(|s| s.get("object").filter(|o| o.get("kind").is_some()))
        })
        .or_else(|| doc.get("live"))
        .cloned()
        .unwrap_or(Value::Null);
    // The stored object after the last step, without its bookkeeping.
    let mut current = ssa_engine::scenario::run_scenario_text(text)
        .ok()
        .and_then(|r| r.steps.iter().rev().find_map(|s| s.object.clone()))
        .unwrap_or(Value::Null);
    if let Some(meta) = current
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        for key in [
            "managedFields",
            "uid",
            "resourceVersion",
            "generation",
            "creationTimestamp",
        ] {
            meta.remove(key);
        }
    }
    let step = (template.make)(&object, &current);
    let steps = doc
        .as_map_mut()
        .and_then(|m| m.get_mut("steps"))
        .and_then(Value::as_list_mut)
        .ok_or("the scenario has no list of steps")?;
    steps.push(step);
    Ok(yaml::to_yaml_string(&doc))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::presets;

    #[test]
    fn every_template_makes_a_step_that_runs() {
        // The HPA preset: a Deployment.
        let base = presets()
            .iter()
            .find(|p| p.text.contains("hpa-takes-replicas"))
            .unwrap()
            .text;
        for (i, t) in STEP_TEMPLATES.iter().enumerate() {
            let text = add_step(base, i).unwrap();
            let result = ssa_engine::scenario::run_scenario_text(&text).unwrap();
            let last = result.steps.last().unwrap();
            assert_ne!(
                last.outcome.as_str(),
                "error",
                "{}: {}",
                t.title,
                last.message
            );
        }
        // The status write keeps the object's metadata.
        let status = ssa_engine::scenario::run_scenario_text(&add_step(base, 1).unwrap()).unwrap();
        let after = status.steps.last().unwrap().object.clone().unwrap();
        assert_eq!(
            after.get_path(&["status", "availableReplicas"]),
            Some(&Value::Int(1))
        );
        assert_eq!(
            after
                .get_path(&["spec", "template", "spec", "containers"])
                .and_then(|c| c.as_list())
                .map(Vec::len),
            Some(1)
        );
        let scaled = ssa_engine::scenario::run_scenario_text(&add_step(base, 0).unwrap()).unwrap();
        assert_eq!(
            scaled
                .steps
                .last()
                .unwrap()
                .object
                .as_ref()
                .unwrap()
                .get_path(&["spec", "replicas"]),
            Some(&Value::Int(5))
        );
    }
}
