//! Client-side vs server-side: the same scenario with every apply sent as
//! `kubectl apply` (client-side) and as `kubectl apply --server-side`, so
//! the two can be shown side by side.

use ssa_engine::scenario::{ScenarioResult, run_scenario_text};
use ssa_engine::value::Value;
use ssa_engine::yaml;

/// The scenario with every apply step turned into `op` (`apply` or
/// `client-side-apply`); `force` and `client` only exist for server-side.
pub fn variant(text: &str, op: &str) -> Result<String, String> {
    let mut doc = yaml::parse(text).map_err(|e| e.to_string())?.value;
    let steps = doc
        .as_map_mut()
        .and_then(|m| m.get_mut("steps"))
        .and_then(Value::as_list_mut)
        .ok_or("the scenario has no list of steps")?;
    for step in steps.iter_mut().filter_map(Value::as_map_mut) {
        let is_apply = matches!(
            step.get("op").and_then(Value::as_str),
            Some("apply" | "client-side-apply")
        );
        if !is_apply || step.contains_key("subresource") {
            continue;
        }
        step.insert("op", Value::from(op));
        step.remove("expect");
        if op == "client-side-apply" {
            step.remove("force");
            step.remove("client");
        }
    }
    Ok(yaml::to_yaml_string(&doc))
}

/// Both runs: (client-side, server-side).
pub fn both(text: &str) -> Result<(ScenarioResult, ScenarioResult), String> {
    let run =
        |op: &str| variant(text, op).and_then(|t| run_scenario_text(&t).map_err(|e| e.to_string()));
    Ok((run("client-side-apply")?, run("apply")?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::presets::presets;

    #[test]
    fn the_ghost_field_differs() {
        let text = presets()
            .iter()
            .find(|p| p.text.contains("csa-to-ssa-ghost-field"))
            .unwrap()
            .text;
        let (csa, ssa) = both(text).unwrap();
        let data = |r: &ScenarioResult| {
            r.steps
                .last()
                .unwrap()
                .object
                .as_ref()
                .unwrap()
                .get("data")
                .cloned()
                .unwrap()
        };
        // Client-side, the key dropped from the manifest is deleted; server-side
        // (a bare API client) it stays, owned by the old client-side entry.
        assert_eq!(data(&csa).get("legacy-flag"), None);
        assert_eq!(data(&ssa).get("legacy-flag"), Some(&Value::from("on")));
        let forced = variant("scenario: v1\nsteps:\n- {manager: a, op: apply, force: true, object: {kind: ConfigMap}}\n", "client-side-apply").unwrap();
        assert!(!forced.contains("force"), "{forced}");
    }
}
