//! What the API server does to a built-in object between the request and
//! storage: it decodes the object into its Go struct, runs the kind's
//! defaulters on it and encodes it with encoding/json. This is the
//! defaulter every built-in kind's schema carries, so every write path
//! that defaults an object (apply, update, patch, the subresources) also
//! stores it as Go prints it.

use super::defaults::KindDefaults;
use super::goencoding::{self, Pass, table::GoTable};
use crate::schema::Defaulter;
use crate::value::Value;

#[derive(Debug)]
pub struct GoRoundTrip {
    /// The kind's defaulting functions, if it has any.
    pub(super) defaults: Option<KindDefaults>,
    /// The kind's Go struct, if the table has it.
    pub(super) go: Option<(&'static GoTable, usize)>,
}

impl Defaulter for GoRoundTrip {
    fn apply_defaults(&self, object: &mut Value, now: &str) {
        if let Some((table, root)) = self.go {
            goencoding::run(table, root, object, Pass::Decode);
        }
        if let Some(defaults) = &self.defaults {
            defaults.apply_defaults(object, now);
        }
        if let Some((table, root)) = self.go {
            goencoding::run(table, root, object, Pass::Encode);
        }
    }

    fn convert_applied(&self, object: &mut Value) -> Result<(), String> {
        match self.go {
            Some((table, root)) => goencoding::from_unstructured(table, root, object),
            None => Ok(()),
        }
    }

    fn decode_json(&self, object: &Value) -> Result<(), String> {
        match self.go {
            Some((table, root)) => goencoding::decode_numbers(table, root, object),
            None => Ok(()),
        }
    }

    /// The registry's status for a new object (what its strategy sets),
    /// printed as the Go status struct prints it.
    fn initial_status(&self, object: &Value, now: &str) -> Option<Value> {
        let status = self.defaults.and_then(|d| d.initial_status(object, now));
        match self.go {
            Some((table, root)) => goencoding::encode_field(table, root, "status", status.as_ref()),
            None => status,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::value::Value;

    fn defaulter(api_version: &str, kind: &str) -> std::sync::Arc<dyn crate::schema::Defaulter> {
        crate::builtin::lookup(api_version, kind)
            .and_then(|s| s.defaulter)
            .unwrap()
    }

    fn yaml(text: &str) -> Value {
        crate::yaml::parse(text).unwrap().value
    }

    #[test]
    fn new_objects_start_with_the_status_struct_printed() {
        // apps/v1 StatefulSetStatus: replicas and availableReplicas have no
        // omitempty; a Pod's status has its strategy's phase and QoS class.
        let sts = defaulter("apps/v1", "StatefulSet");
        assert_eq!(
            sts.initial_status(&yaml("{}"), ""),
            Some(yaml("{replicas: 0, availableReplicas: 0}"))
        );
        let pod = defaulter("v1", "Pod");
        assert_eq!(
            pod.initial_status(&yaml("spec: {containers: [{name: a}]}"), ""),
            Some(yaml("{phase: Pending, qosClass: BestEffort}"))
        );
        // applySchedulingGatedCondition's condition, as the PodCondition
        // struct prints it: a zero lastProbeTime is null.
        assert_eq!(
            pod.initial_status(
                &yaml("spec: {schedulingGates: [{name: g}], containers: [{name: a}]}"),
                "2024-01-01T00:00:00Z"
            ),
            Some(yaml(
                "{phase: Pending, qosClass: BestEffort, conditions: [{type: PodScheduled, status: 'False', lastProbeTime: null, lastTransitionTime: '2024-01-01T00:00:00Z', reason: SchedulingGated, message: Scheduling is blocked due to non-empty scheduling gates}]}"
            ))
        );
        // A kind without defaulting functions is still printed as Go does.
        let pdb = defaulter("policy/v1", "PodDisruptionBudget");
        assert_eq!(
            pdb.initial_status(&yaml("{}"), ""),
            Some(yaml(
                "{disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0}"
            ))
        );
    }

    #[test]
    fn defaults_run_between_decoding_and_encoding() {
        // An empty imagePullPolicy is unset for SetDefaults_Container (Go
        // reads "" as the zero value); the container's resources struct
        // and the pod condition's lastProbeTime are printed by encoding.
        let mut pod = yaml(
            "{apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {containers: [{name: a, image: nginx, imagePullPolicy: ''}]}, status: {conditions: [{type: Ready, status: 'True'}]}}",
        );
        defaulter("v1", "Pod").apply_defaults(&mut pod, crate::scenario::BASE_TIME);
        let container = &pod
            .get_path(&["spec", "containers"])
            .unwrap()
            .as_list()
            .unwrap()[0];
        assert_eq!(
            container.get("imagePullPolicy"),
            Some(&Value::from("Always"))
        );
        assert_eq!(container.get("resources"), Some(&yaml("{}")));
        let condition = &pod
            .get_path(&["status", "conditions"])
            .unwrap()
            .as_list()
            .unwrap()[0];
        assert_eq!(condition.get("lastProbeTime"), Some(&Value::Null));
    }
}
