//! A container's lifecycle hooks and probes, as `validateContainers`
//! checks them after the container's common rules
//! (`pkg/apis/core/validation/validation.go`): `validateLifecycle` (each
//! hook one handler, `validateHandler`), then `validateLivenessProbe`,
//! `validateReadinessProbe` and `validateStartupProbe`, each
//! `validateProbe` (one handler; counts not negative) and its own rule.
//! Of the handlers' own rules, a command for `exec`, a port (and a
//! scheme) for the others, and `validateSleepAction`'s range. (A hook's
//! `stopSignal`, behind the ContainerStopSignals gate, off in 1.36, is
//! not modelled.)

use super::core::port_num_or_name;
use super::field::{BadValue, Errors, FieldError, child, named, non_negative};
use crate::value::Value;

/// The probes of the container `c` at `path`.
pub(super) fn probes(c: &Value, path: &str) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for key in ["livenessProbe", "readinessProbe", "startupProbe"] {
        let Some(probe) = c.get(key).filter(|p| !p.is_null()) else {
            continue;
        };
        let at = child(path, key);
        errs.extend(handler(probe, &at, PROBE_HANDLERS, None));
        errs.extend(non_negative(
            Some(probe),
            &at,
            &[
                "initialDelaySeconds",
                "timeoutSeconds",
                "periodSeconds",
                "successThreshold",
                "failureThreshold",
            ],
        ));
        let grace = probe
            .get("terminationGracePeriodSeconds")
            .and_then(Value::as_i64);
        let grace_path = child(&at, "terminationGracePeriodSeconds");
        if let Some(g) = grace.filter(|g| *g <= 0) {
            errs.invalid(
                grace_path.as_str(),
                BadValue::Int(g),
                "must be greater than 0",
            );
        }
        if key == "readinessProbe" {
            if let Some(g) = grace {
                errs.invalid(
                    grace_path,
                    BadValue::Int(g),
                    "must not be set for readinessProbes",
                );
            }
        } else {
            // Liveness and startup probes succeed once.
            let threshold = probe
                .get("successThreshold")
                .and_then(Value::as_i64)
                .unwrap_or(0);
            if threshold != 1 {
                errs.invalid(
                    child(&at, "successThreshold"),
                    BadValue::Int(threshold),
                    "must be 1",
                );
            }
        }
    }
    errs
}

/// `validateLifecycle` of the container `c` at `path`: its `postStart`
/// and `preStop` hooks, a sleep of 0 up to the pod's `grace` period.
pub(super) fn lifecycle(c: &Value, path: &str, grace: Option<i64>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    for hook in ["postStart", "preStop"] {
        if let Some(handlers) = c.get("lifecycle").and_then(|l| l.get(hook)) {
            let at = child(&child(path, "lifecycle"), hook);
            errs.extend(handler(handlers, &at, LIFECYCLE_HANDLERS, grace));
        }
    }
    errs
}

/// The handlers a probe (`handlerFromProbe`) and a hook
/// (`handlerFromLifecycle`) may have, in `validateHandler`'s order.
const PROBE_HANDLERS: &[&str] = &["exec", "httpGet", "tcpSocket", "grpc"];
const LIFECYCLE_HANDLERS: &[&str] = &["exec", "httpGet", "tcpSocket", "sleep"];

/// `validateHandler` of the `kinds` of handler `holder` may have: the
/// first one set is checked, each further one refused; none at all is
/// required.
fn handler(holder: &Value, path: &str, kinds: &[&str], grace: Option<i64>) -> Vec<FieldError> {
    let mut errs = Vec::new();
    let mut found = false;
    for &key in kinds {
        let Some(action) = holder.get(key).filter(|a| !a.is_null()) else {
            continue;
        };
        let at = child(path, key);
        if found {
            errs.forbidden(at, "may not specify more than 1 handler type");
            continue;
        }
        found = true;
        if key == "sleep" {
            // validateSleepAction (a zero sleep allowed: the
            // PodLifecycleSleepActionAllowZero gate, GA in 1.34).
            let seconds = action.get("seconds").and_then(Value::as_i64).unwrap_or(0);
            if let Some(grace) = grace.filter(|g| seconds < 0 || seconds > *g) {
                errs.invalid(
                    at,
                    BadValue::Int(seconds),
                    &format!(
                        "must be non-negative and less than terminationGracePeriodSeconds ({grace})"
                    ),
                );
            }
            continue;
        }
        if key == "exec" {
            if action
                .get("command")
                .and_then(Value::as_list)
                .is_none_or(Vec::is_empty)
            {
                errs.required(child(&at, "command"), "");
            }
            continue;
        }
        let port = action.get("port").cloned().unwrap_or(Value::Int(0));
        errs.extend(port_num_or_name(&port, &child(&at, "port")));
        if key == "httpGet" {
            let scheme = action.get("scheme").and_then(Value::as_str).unwrap_or("");
            if scheme != "HTTP" && scheme != "HTTPS" {
                errs.not_supported(child(&at, "scheme"), named(scheme), &["HTTP", "HTTPS"]);
            }
        }
    }
    if !found {
        errs.required(path, "must specify a handler type");
    }
    errs
}
