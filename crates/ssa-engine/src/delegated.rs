//! Validation asked of another build of the engine. A build without the
//! `crd-validation` or the `rare-kinds` feature (the playground page, whose
//! size budget has no room for them) validates a custom resource, or a
//! built-in kind whose rules `rare-kinds` holds, by asking a front end's
//! delegate: the page hands the request to the JavaScript API package,
//! which has both features (`validateCustomResource`, `validateBuiltin`),
//! once that package is loaded. The request is a JSON list: the kind's
//! identity (`[crd, apiVersion, kind]` or `[apiVersion, kind]`) followed
//! by `old, new, status`; the answer is the server's refusal, or none.

use crate::schema::Validator;
use crate::value::Value;
use std::sync::{Arc, OnceLock};

/// Answers a request to the JavaScript API package's `function` (see the
/// module): `Some(message)` when the write is refused; `None` when it
/// passes, or when the delegate cannot tell yet.
pub type Delegate = fn(function: &str, request: &str) -> Option<String>;

static DELEGATE: OnceLock<Delegate> = OnceLock::new();

/// Sets the delegate (the first call does; without one, what a build
/// leaves out is not validated).
pub fn set_validation_delegate(delegate: Delegate) {
    let _ = DELEGATE.set(delegate);
}

/// The validator that asks `function` about a kind named by `identity`,
/// when a delegate is set.
#[cfg_attr(
    all(feature = "crd-validation", feature = "rare-kinds"),
    allow(dead_code)
)]
pub(crate) fn validator(
    function: &'static str,
    identity: Vec<Value>,
) -> Option<Arc<dyn Validator>> {
    DELEGATE.get()?;
    // The request's identity, written once (a CRD is the largest part of
    // every request): the list without its closing bracket.
    let mut start = Value::List(identity).to_json();
    start.pop();
    Some(Arc::new(Delegated { function, start }))
}

struct Delegated {
    /// The JavaScript API package's function.
    function: &'static str,
    /// The identity's JSON list without the closing bracket.
    start: String,
}

impl Delegated {
    fn ask(&self, old: Option<&Value>, new: &Value, status: bool) -> Result<(), String> {
        let Some(delegate) = DELEGATE.get() else {
            return Ok(());
        };
        let rest = Value::List(vec![
            old.cloned().unwrap_or_default(),
            new.clone(),
            Value::Bool(status),
        ])
        .to_json();
        let request = format!("{},{}", self.start, &rest[1..]);
        delegate(self.function, &request).map_or(Ok(()), Err)
    }
}

impl Validator for Delegated {
    fn validate(&self, old: Option<&Value>, new: &Value) -> Result<(), String> {
        self.ask(old, new, false)
    }

    fn validate_status(&self, old: &Value, new: &Value) -> Result<(), String> {
        self.ask(Some(old), new, true)
    }
}

/// A request's parts after the identity's `n` items: (old, new, status),
/// `old` absent on create.
#[cfg_attr(
    not(any(feature = "crd-validation", feature = "rare-kinds")),
    allow(dead_code)
)]
pub(crate) fn parse_request(
    request: &str,
    n: usize,
) -> Option<(Vec<Value>, Option<Value>, Value, bool)> {
    let Value::List(mut items) = Value::from_json_str(request).ok()? else {
        return None;
    };
    if items.len() != n + 3 {
        return None;
    }
    let status = items.pop()?.as_bool()?;
    let new = items.pop()?;
    let old = items.pop().filter(|old| !old.is_null());
    Some((items, old, new, status))
}

#[cfg(all(test, feature = "rare-kinds", feature = "crd-validation"))]
mod tests {
    use super::*;

    /// The page's build asks, the API package's build answers: a request
    /// written by `validator` is read by the answering side's
    /// `answer_delegated`, and its refusal comes back as the validator's.
    #[test]
    fn a_request_round_trips_to_the_answering_build() {
        set_validation_delegate(|function, request| match function {
            "validateBuiltin" => crate::builtin::answer_delegated(request),
            "validateCustomResource" => crate::crd::answer_delegated(request),
            _ => None,
        });
        let storage_class = validator(
            "validateBuiltin",
            vec![
                Value::from("storage.k8s.io/v1"),
                Value::from("StorageClass"),
            ],
        )
        .expect("a delegate is set");
        let new = crate::yaml::parse(
            "metadata: {name: fast}\nreclaimPolicy: Keep\nvolumeBindingMode: Immediate",
        )
        .expect("YAML")
        .value;
        assert_eq!(
            storage_class.validate(None, &new),
            Err("StorageClass.storage.k8s.io \"fast\" is invalid: [provisioner: Required value, reclaimPolicy: Unsupported value: \"Keep\": supported values: \"Delete\", \"Retain\"]".to_string())
        );
        let fixed = crate::yaml::parse(
            "metadata: {name: fast}\nprovisioner: csi.example.com\nreclaimPolicy: Delete\nvolumeBindingMode: Immediate",
        )
            .expect("YAML")
            .value;
        assert_eq!(storage_class.validate(None, &fixed), Ok(()));
        assert_eq!(storage_class.validate_status(&fixed, &fixed), Ok(()));
        // A Job's status, a CronJob's schedule, a Service's port, an
        // Ingress's host and a StorageVersion's name come back as this
        // build answers them itself.
        for (api_version, kind, old, new) in [
            (
                "batch/v1",
                "Job",
                "metadata: {name: j}\nstatus: {active: 1}",
                "metadata: {name: j}\nstatus: {active: -1}",
            ),
            (
                "batch/v1",
                "CronJob",
                "metadata: {name: c}",
                "metadata: {name: c}\nspec: {schedule: 'TZ=Nowhere/Else * * * * *', jobTemplate: {}}",
            ),
            (
                "v1",
                "Service",
                "metadata: {name: s}",
                "metadata: {name: s}\nspec: {type: ClusterIP, ports: [{port: 0, protocol: TCP}]}",
            ),
            (
                "networking.k8s.io/v1",
                "Ingress",
                "metadata: {name: i}",
                "metadata: {name: i}\nspec: {rules: [{host: 'Bad_Host'}]}",
            ),
            // A rare kind by its name function alone.
            (
                "internal.apiserver.k8s.io/v1alpha1",
                "StorageVersion",
                "metadata: {name: apps.deployments}",
                "metadata: {name: deployments}",
            ),
        ] {
            let parse = |text| crate::yaml::parse(text).expect("YAML").value;
            let (old, new) = (parse(old), parse(new));
            let asked = validator(
                "validateBuiltin",
                vec![Value::from(api_version), Value::from(kind)],
            )
            .expect("a delegate is set");
            // This build validates these kinds itself, delegate or not.
            let own = crate::builtin::lookup(api_version, kind)
                .and_then(|schema| schema.validator)
                .expect("a built-in kind");
            let (asked, own) = if kind == "Job" {
                (
                    asked.validate_status(&old, &new),
                    own.validate_status(&old, &new),
                )
            } else {
                (asked.validate(None, &new), own.validate(None, &new))
            };
            assert!(own.is_err(), "{kind}");
            assert_eq!(asked, own, "{kind}");
        }
    }

    #[test]
    fn requests_are_lists_of_identity_old_new_status() {
        let (identity, old, new, status) =
            parse_request(r#"["v1","Pod",null,{"a":1},false]"#, 2).expect("a request");
        assert_eq!(identity, vec![Value::from("v1"), Value::from("Pod")]);
        assert_eq!((old, status), (None, false));
        assert_eq!(new.to_json(), r#"{"a":1}"#);
        assert!(parse_request(r#"["v1","Pod",null,{},false]"#, 3).is_none());
        assert!(parse_request(r#"["v1","Pod",null,{},"no"]"#, 2).is_none());
        assert!(parse_request("not json", 2).is_none());
    }
}
