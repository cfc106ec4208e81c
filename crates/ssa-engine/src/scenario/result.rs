//! The result document of a run.

use crate::field_manager::ConflictReport;
use crate::value::{Map, Value};

/// How a step ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The write happened (even if it changed nothing).
    Applied,
    /// HTTP 409: nothing changed.
    Conflict,
    /// The server refused the write for another reason.
    Invalid,
    /// The step could not be sent.
    Error,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Applied => "applied",
            Outcome::Conflict => "conflict",
            Outcome::Invalid => "invalid",
            Outcome::Error => "error",
        }
    }
}

/// One step's result.
#[derive(Clone, Debug, PartialEq)]
pub struct StepResult {
    pub outcome: Outcome,
    pub message: String,
    pub conflicts: Vec<ConflictReport>,
    /// The live object after the step; `None` once deleted (or never created).
    pub object: Option<Value>,
    /// Extra requests the client made, in words.
    pub notes: Vec<String>,
    /// Whether the stored object changed.
    pub changed: bool,
    /// Where the step's `expect` block disagrees with what happened.
    pub expectation_failures: Vec<String>,
    /// Whether `blame` and `changes` were built (see
    /// [`super::run_scenario_with`]).
    pub has_views: bool,
    /// The object as YAML lines with the owners of each (for the
    /// playground's ownership gutter); empty without an object.
    pub blame: Vec<super::BlameLine>,
    /// What this step changed, in words (for the playground).
    pub changes: super::Changes,
    /// Why the step ended as it did (built with the views).
    pub why: Vec<super::Reason>,
    /// The object's managers, decoded from its `managedFields` (built
    /// with the views, which decode them anyway: the playground lists
    /// each manager's fields from them without decoding them again).
    pub managed: Option<crate::managed_fields::Managed>,
    /// The watch event the write produced, if the stored object changed.
    pub event: Option<crate::lifecycle::WatchEvent>,
    /// The Deployment rollout the write started, if any.
    pub rollout: Option<crate::lifecycle::Rollout>,
}

/// A whole run.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioResult {
    pub scenario: String,
    /// The live object the scenario started from, as stored (what the
    /// first step's changes are measured against).
    pub stored: Option<Value>,
    pub steps: Vec<StepResult>,
}

impl ScenarioResult {
    /// The result document of scenario-format.md.
    pub fn to_value(&self) -> Value {
        let mut doc = Map::new();
        doc.insert("scenario", Value::from(self.scenario.clone()));
        doc.insert(
            "steps",
            Value::List(self.steps.iter().map(StepResult::to_value).collect()),
        );
        Value::Map(doc)
    }

    /// The result document as pretty JSON.
    pub fn to_json_pretty(&self) -> String {
        // `Value`'s own `Serialize` writes what a `serde_json::Value` made
        // from it writes (non-finite floats as null, keys in order),
        // without building that copy.
        serde_json::to_string_pretty(&self.to_value()).unwrap_or_default()
    }
}

impl StepResult {
    /// A step that left the stored `object` as it was.
    pub fn refused(
        outcome: Outcome,
        message: String,
        conflicts: Vec<crate::field_manager::ConflictReport>,
        object: Option<Value>,
    ) -> Self {
        StepResult {
            outcome,
            message,
            conflicts,
            object,
            notes: vec![],
            changed: false,
            expectation_failures: vec![],
            has_views: false,
            blame: vec![],
            changes: super::Changes::default(),
            why: vec![],
            managed: None,
            event: None,
            rollout: None,
        }
    }

    pub fn to_value(&self) -> Value {
        let mut s = Map::new();
        s.insert("outcome", Value::from(self.outcome.as_str()));
        s.insert("message", Value::from(self.message.clone()));
        s.insert(
            "conflicts",
            Value::List(
                self.conflicts
                    .iter()
                    .map(|c| {
                        let mut m = Map::new();
                        m.insert("manager", Value::from(c.manager.clone()));
                        if let Some(sub) = &c.subresource {
                            m.insert("subresource", Value::from(sub.clone()));
                        }
                        m.insert("field", Value::from(c.field.clone()));
                        Value::Map(m)
                    })
                    .collect(),
            ),
        );
        if let Some(o) = &self.object {
            s.insert("object", o.clone());
        }
        if let Some(event) = &self.event {
            let mut e = Map::new();
            e.insert("type", Value::from(event.kind.as_str()));
            e.insert(
                "resourceVersion",
                Value::from(event.resource_version.clone()),
            );
            e.insert("kubeRs", Value::from(event.kind.kube_rs()));
            s.insert("events", Value::List(vec![Value::Map(e)]));
        }
        if let Some(rollout) = &self.rollout {
            let mut r = Map::new();
            r.insert("revision", Value::Int(rollout.revision as i64));
            r.insert(
                "podTemplateHash",
                Value::from(rollout.pod_template_hash.clone()),
            );
            r.insert("name", Value::from(rollout.name.clone()));
            s.insert("rollout", Value::Map(r));
        }
        if !self.notes.is_empty() {
            s.insert(
                "notes",
                Value::List(self.notes.iter().map(|n| Value::from(n.clone())).collect()),
            );
        }
        Value::Map(s)
    }
}
