//! A custom resource's validation asked of another build of the engine.
//! A build without the `crd-validation` feature (the playground page,
//! whose size budget has no room for it) validates a custom resource by
//! asking a front end's delegate: the page hands the request to the
//! JavaScript API module (`validateCustomResource`, which has the
//! feature), once that module is loaded. The request is JSON,
//! `[crd, apiVersion, kind, old, new, status]`; the answer is the server's
//! refusal, or none.

use crate::schema::Validator;
use crate::value::Value;
use std::sync::{Arc, OnceLock};

/// Answers a request (see the module): `Some(message)` when the write is
/// refused; `None` when it passes, or when the delegate cannot tell yet.
pub type DelegatedValidation = fn(request: &str) -> Option<String>;

static DELEGATE: OnceLock<DelegatedValidation> = OnceLock::new();

/// Sets the delegate (the first call does; without one, custom resources
/// are not validated).
pub fn set_delegated_validation(delegate: DelegatedValidation) {
    let _ = DELEGATE.set(delegate);
}

/// The validator of a CRD's version, when a delegate is set.
pub(super) fn validator(crd: &Value, api_version: &str, kind: &str) -> Option<Arc<dyn Validator>> {
    DELEGATE.get()?;
    // The request's first three items, written once: the CRD is the
    // largest part of every request.
    let mut start = Value::List(vec![
        crd.clone(),
        Value::from(api_version),
        Value::from(kind),
    ])
    .to_json();
    start.pop();
    Some(Arc::new(Delegated { start }))
}

struct Delegated {
    /// `[crd,"apiVersion","kind"`, without the closing bracket.
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
        delegate(&request).map_or(Ok(()), Err)
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
