//! flowcontrol.apiserver.k8s.io/v1 (upstream
//! `pkg/apis/flowcontrol/v1/defaults.go`).

use super::set;
use crate::value::{Map, Value};

/// `SetDefaults_FlowSchemaSpec`: matching precedence 1000 when unset
/// (zero: the field is a plain int32).
pub(super) fn flow_schema(root: &mut Map) {
    if let Some(spec) = root.child_map_mut("spec") {
        set(spec, "matchingPrecedence", Value::Int(1000));
    }
}

/// `SetObjectDefaults_PriorityLevelConfiguration`: the exempt or limited
/// configuration's defaults, then the limited one's queuing.
pub(super) fn priority_level(root: &mut Map) {
    let Some(spec) = root.child_map_mut("spec") else {
        return;
    };
    if let Some(Value::Map(exempt)) = spec.get_mut("exempt") {
        // SetDefaults_ExemptPriorityLevelConfiguration.
        set(exempt, "nominalConcurrencyShares", Value::Int(0));
        set(exempt, "lendablePercent", Value::Int(0));
    }
    if let Some(Value::Map(limited)) = spec.get_mut("limited") {
        // SetDefaults_LimitedPriorityLevelConfiguration: 30 shares (a
        // pointer in v1: an explicit 0 stays), nothing lent.
        set(limited, "nominalConcurrencyShares", Value::Int(30));
        set(limited, "lendablePercent", Value::Int(0));
        if let Some(Value::Map(queuing)) = limited
            .get_mut("limitResponse")
            .and_then(Value::as_map_mut)
            .and_then(|r| r.get_mut("queuing"))
        {
            // SetDefaults_QueuingConfiguration.
            set(queuing, "handSize", Value::Int(8));
            set(queuing, "queues", Value::Int(64));
            set(queuing, "queueLengthLimit", Value::Int(50));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::yaml_map as map;

    /// SetDefaults_FlowSchemaSpec.
    #[test]
    fn flow_schemas() {
        let mut root = map("{spec: {priorityLevelConfiguration: {name: p}}}");
        flow_schema(&mut root);
        assert_eq!(
            root.get("spec").unwrap().get("matchingPrecedence"),
            Some(&Value::Int(1000))
        );
    }

    /// SetDefaults_LimitedPriorityLevelConfiguration,
    /// SetDefaults_QueuingConfiguration,
    /// SetDefaults_ExemptPriorityLevelConfiguration.
    #[test]
    fn priority_levels() {
        let mut root = map(
            "{spec: {type: Limited, limited: {limitResponse: {type: Queue, queuing: {queues: 16}}}}}",
        );
        priority_level(&mut root);
        assert_eq!(
            root,
            map(
                "{spec: {type: Limited, limited: {limitResponse: {type: Queue, queuing: {queues: 16, handSize: 8, queueLengthLimit: 50}}, nominalConcurrencyShares: 30, lendablePercent: 0}}}"
            )
        );
        let mut root = map("{spec: {type: Exempt, exempt: {}}}");
        priority_level(&mut root);
        assert_eq!(
            root,
            map(
                "{spec: {type: Exempt, exempt: {nominalConcurrencyShares: 0, lendablePercent: 0}}}"
            )
        );
    }
}
