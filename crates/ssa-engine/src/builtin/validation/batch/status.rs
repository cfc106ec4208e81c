//! A Job's `/status` write: `ValidateJobStatusUpdate`
//! (`pkg/apis/batch/validation/validation.go`: `validateJobStatus`, then
//! what may not go back), with the options the status strategy passes
//! (`getStatusValidationOptions`, `pkg/registry/batch/job/strategy.go`).
//! JobManagedBy is GA and locked on since 1.35, so the strengthened rules
//! apply; most of them only when the fields they read changed, so that a
//! write unrelated to a Job's old mistakes still passes.

use super::super::field::{BadValue, Errors, FieldError, index, json_string, non_negative};
use super::super::{at, items, text};
use crate::value::Value;

/// The job's facts that the rules and the options read.
struct Facts<'a> {
    status: Option<&'a Value>,
    complete: bool,
    failed: bool,
    failure_target: bool,
    success_criteria_met: bool,
}

impl<'a> Facts<'a> {
    fn of(job: &'a Value) -> Self {
        let status = job.get("status");
        let conditions = status.and_then(|s| s.get("conditions"));
        // `IsConditionTrue`.
        let is_true = |kind: &str| {
            items(conditions)
                .iter()
                .any(|c| text(c, "type") == kind && text(c, "status") == "True")
        };
        Facts {
            status,
            complete: is_true("Complete"),
            failed: is_true("Failed"),
            failure_target: is_true("FailureTarget"),
            success_criteria_met: is_true("SuccessCriteriaMet"),
        }
    }

    /// `IsJobFinished`.
    fn finished(&self) -> bool {
        self.complete || self.failed
    }

    /// A status field, unless absent or null (a nil pointer).
    fn get(&self, key: &str) -> Option<&'a Value> {
        at(self.status, key)
    }

    fn count(&self, key: &str) -> i64 {
        self.get(key).and_then(Value::as_i64).unwrap_or(0)
    }

    fn text(&self, key: &str) -> &'a str {
        self.get(key).and_then(Value::as_str).unwrap_or("")
    }

    /// `uncountedTerminatedPods` (nil, or its two lists; a missing list
    /// is empty, as `Semantic.DeepEqual` has nil and empty slices equal).
    fn uncounted(&self) -> Option<[&'a [Value]; 2]> {
        let u = self.get("uncountedTerminatedPods")?;
        let list = |key| items(u.get(key));
        Some([list("succeeded"), list("failed")])
    }
}

/// The errors of a `/status` write of `new` over `old`.
pub(in super::super) fn job_status(new: &Value, old: &Value) -> Vec<FieldError> {
    let (n, o) = (Facts::of(new), Facts::of(old));
    let spec = new.get("spec");
    let spec_field = |key| at(spec, key);
    let indexed = spec_field("completionMode").and_then(Value::as_str) == Some("Indexed");
    let completions = spec_field("completions").and_then(Value::as_i64);
    let backoff_limit_per_index = spec_field("backoffLimitPerIndex").is_some();
    let changed = |key| n.get(key) != o.get(key);
    let finished_changed = n.finished() != o.finished();
    let complete_changed = n.complete != o.complete;
    let failed_changed = n.failed != o.failed;
    let completed_changed = n.text("completedIndexes") != o.text("completedIndexes");
    let failed_indexes_changed = changed("failedIndexes");
    let start_changed = changed("startTime");
    let completion_changed = changed("completionTime");
    let active_changed = n.count("active") != o.count("active");
    let failed_indexes = n.get("failedIndexes").and_then(Value::as_str);
    let time = |key| BadValue::Json(json_string(n.text(key)));

    // validateJobStatus.
    let mut errs = non_negative(n.status, "status", &["active", "succeeded", "failed"]);
    errs.extend(non_negative(n.status, "status", &["ready", "terminating"]));
    if let Some(lists) = n.uncounted() {
        let mut seen: Vec<&str> = Vec::new();
        for (key, list) in ["succeeded", "failed"].into_iter().zip(lists) {
            for (i, uid) in list.iter().enumerate() {
                let path = index(&format!("status.uncountedTerminatedPods.{key}"), i);
                let uid = uid.as_str().unwrap_or("");
                let value = BadValue::str(uid);
                if uid.is_empty() {
                    errs.invalid(path, value, "must not be empty");
                } else if seen.contains(&uid) {
                    errs.duplicate(path, value);
                } else {
                    seen.push(uid);
                }
            }
        }
    }
    let conditions = |errs: &mut Vec<FieldError>, detail: &str| {
        errs.invalid_omitted("status.conditions", detail);
    };
    if (complete_changed || failed_changed) && n.complete && n.failed {
        conditions(
            &mut errs,
            "cannot set Complete=True and Failed=true conditions",
        );
    }
    if (complete_changed || n.failure_target != o.failure_target) && n.complete && n.failure_target
    {
        conditions(
            &mut errs,
            "cannot set Complete=True and FailureTarget=true conditions",
        );
    }
    let has_completion_time = n.get("completionTime").is_some();
    if (complete_changed || completion_changed) && has_completion_time && !n.complete {
        errs.invalid(
            "status.completionTime",
            time("completionTime"),
            "cannot set completionTime when there is no Complete=True condition",
        );
    }
    if (complete_changed || completion_changed) && !has_completion_time && n.complete {
        errs.required(
            "status.completionTime",
            "completionTime is required for Complete jobs",
        );
    }
    if (start_changed || completion_changed)
        && n.get("startTime").is_some()
        && has_completion_time
        // Times print in UTC to the second: their texts sort as they do.
        && n.text("completionTime") < n.text("startTime")
    {
        errs.invalid(
            "status.completionTime",
            time("completionTime"),
            "completionTime cannot be set before startTime",
        );
    }
    if (failed_changed || failed_indexes_changed) && n.failed && !n.failure_target {
        conditions(
            &mut errs,
            "cannot set Failed=True condition without the FailureTarget=true condition",
        );
    }
    if (complete_changed || n.success_criteria_met != o.success_criteria_met)
        && n.complete
        && !n.success_criteria_met
    {
        conditions(
            &mut errs,
            "cannot set Complete=True condition without the SuccessCriteriaMet=true condition",
        );
    }
    if (finished_changed || active_changed) && n.count("active") > 0 && n.finished() {
        errs.invalid(
            "status.active",
            BadValue::Int(n.count("active")),
            "active>0 is invalid for finished job",
        );
    }
    if (finished_changed || start_changed) && n.get("startTime").is_none() && n.finished() {
        errs.required("status.startTime", "startTime is required for finished job");
    }
    if (finished_changed || n.uncounted() != o.uncounted())
        && n.finished()
        && n.uncounted()
            .is_some_and(|[s, f]| !s.is_empty() || !f.is_empty())
    {
        errs.invalid(
            "status.uncountedTerminatedPods",
            uncounted_json(n.uncounted()),
            "uncountedTerminatedPods needs to be empty for finished job",
        );
    }
    if completed_changed && let Some(completions) = completions {
        let text = n.text("completedIndexes");
        if let Err(e) = indexes_format(text, completions) {
            errs.invalid(
                "status.completedIndexes",
                BadValue::str(text),
                &format!("error parsing completedIndexes: {e}"),
            );
        }
    }
    if failed_indexes_changed
        && let (Some(completions), true, Some(text)) =
            (completions, backoff_limit_per_index, failed_indexes)
        && let Err(e) = indexes_format(text, completions)
    {
        errs.invalid(
            "status.failedIndexes",
            BadValue::Json(json_string(text)),
            &format!("error parsing failedIndexes: {e}"),
        );
    }
    if completed_changed && !n.text("completedIndexes").is_empty() && !indexed {
        errs.invalid(
            "status.completedIndexes",
            BadValue::str(n.text("completedIndexes")),
            "cannot set non-empty completedIndexes when non-indexed completion mode",
        );
    }
    if failed_indexes_changed
        && !backoff_limit_per_index
        && let Some(text) = failed_indexes
    {
        errs.invalid(
            "status.failedIndexes",
            BadValue::str(text),
            "cannot set non-null failedIndexes when backoffLimitPerIndex is null",
        );
    }
    if (failed_indexes_changed || completed_changed)
        && let (Some(completions), Some(text)) = (completions, failed_indexes)
        && let Some(at) = overlap(n.text("completedIndexes"), text, completions)
    {
        errs.invalid(
            "status.failedIndexes",
            BadValue::str(text),
            &format!("failedIndexes and completedIndexes overlap at index: {at}"),
        );
    }
    let terminating = n.count("terminating");
    if (finished_changed || changed("terminating")) && terminating > 0 && n.finished() {
        errs.invalid(
            "status.terminating",
            BadValue::Int(terminating),
            "terminating>0 is invalid for finished job",
        );
    }
    if (changed("ready") || active_changed)
        && n.get("ready").is_some()
        && n.count("ready") > n.count("active")
    {
        errs.invalid(
            "status.ready",
            BadValue::Int(n.count("ready")),
            "cannot set more ready pods than active",
        );
    }
    // AllowForSuccessCriteriaMetInExtendedScope is set: a NonIndexed Job
    // or one without a success policy may have the condition.
    if n.success_criteria_met && n.failed {
        conditions(
            &mut errs,
            "cannot set SuccessCriteriaMet=True and Failed=true conditions",
        );
    }
    if n.success_criteria_met && n.failure_target {
        conditions(
            &mut errs,
            "cannot set SuccessCriteriaMet=True and FailureTarget=true conditions",
        );
    }
    if spec_field("successPolicy").is_some() && !n.success_criteria_met && n.complete {
        conditions(
            &mut errs,
            "cannot set Complete=True for Job with SuccessPolicy unless SuccessCriteriaMet=True",
        );
    }

    // ValidateJobStatusUpdate: what may not go back.
    for (kind, was, is) in [
        ("Failed", o.failed, n.failed),
        ("Complete", o.complete, n.complete),
        ("FailureTarget", o.failure_target, n.failure_target),
    ] {
        if was && !is {
            conditions(
                &mut errs,
                &format!("cannot disable the terminal {kind}=True condition"),
            );
        }
    }
    if n.count("failed") < o.count("failed") {
        errs.invalid(
            "status.failed",
            BadValue::Int(n.count("failed")),
            "cannot decrease the failed counter",
        );
    }
    // An Indexed Job whose completions equal its parallelism may be
    // scaled down, and its succeeded counter with it.
    let scalable = indexed && spec_field("completions") == spec_field("parallelism");
    if !scalable && n.count("succeeded") < o.count("succeeded") {
        errs.invalid(
            "status.succeeded",
            BadValue::Int(n.count("succeeded")),
            "cannot decrease the succeeded counter",
        );
    }
    if has_completion_time && o.get("completionTime").is_some() && completion_changed {
        errs.invalid(
            "status.completionTime",
            time("completionTime"),
            "completionTime cannot be mutated",
        );
    }
    let suspended = spec_field("suspend") == Some(&Value::Bool(true));
    if start_changed && o.get("startTime").is_some() && !suspended {
        errs.required(
            "status.startTime",
            "startTime cannot be removed for unsuspended job",
        );
    }
    if o.success_criteria_met && !n.success_criteria_met {
        conditions(
            &mut errs,
            "cannot disable the SuccessCriteriaMet=True condition",
        );
    }
    if o.complete && !o.success_criteria_met && n.success_criteria_met {
        conditions(
            &mut errs,
            "cannot set SuccessCriteriaMet=True for Job already has Complete=true conditions",
        );
    }
    errs
}

/// `json.Marshal` of the internal `batch.UncountedTerminatedPods` (no json
/// tags: the Go names; a nil slice `null`).
fn uncounted_json(lists: Option<[&[Value]; 2]>) -> BadValue {
    let [succeeded, failed] = lists.unwrap_or([&[], &[]]);
    let list = |items: &[Value]| {
        if items.is_empty() {
            "null".to_string()
        } else {
            Value::List(items.to_vec()).to_json()
        }
    };
    BadValue::Json(format!(
        "{{\"Succeeded\":{},\"Failed\":{}}}",
        list(succeeded),
        list(failed)
    ))
}

/// `parseIndexInterval`: `x` or `x-y`, each below `completions`.
fn index_interval(interval: &str, completions: i64) -> Result<(i64, i64), String> {
    let limits: Vec<&str> = interval.split('-').collect();
    if limits.len() > 2 {
        return Err(format!(
            "the fragment {} violates the requirement that an index interval can have at most two parts separated by '-'",
            crate::value::go_quote(interval)
        ));
    }
    let parse = |text: &str| {
        // strconv.Atoi: an optional sign, then decimal digits.
        text.parse::<i64>().map_err(|_| {
            format!(
                "cannot convert string to integer for index: {}",
                crate::value::go_quote(text)
            )
        })
    };
    let too_large = |text: &str| format!("too large index: {}", crate::value::go_quote(text));
    let x = parse(limits[0])?;
    if x >= completions {
        return Err(too_large(limits[0]));
    }
    let Some(&last) = limits.get(1) else {
        return Ok((x, x));
    };
    let y = parse(last)?;
    if y >= completions {
        return Err(too_large(last));
    }
    if x >= y {
        return Err(format!("non-increasing order, previous: {x}, current: {y}"));
    }
    Ok((x, y))
}

/// `validateIndexesFormat`'s error: intervals that parse, in increasing
/// order.
fn indexes_format(text: &str, completions: i64) -> Result<(), String> {
    if text.is_empty() {
        return Ok(());
    }
    let mut last: Option<i64> = None;
    for interval in text.split(',') {
        let (x, y) = index_interval(interval, completions)?;
        if let Some(previous) = last
            && previous >= x
        {
            return Err(format!(
                "non-increasing order, previous: {previous}, current: {x}"
            ));
        }
        last = Some(y);
    }
    Ok(())
}

/// `validateFailedIndexesNotOverlapCompleted`: the first index in both
/// (intervals that do not parse are skipped, their format is reported
/// apart).
fn overlap(completed: &str, failed: &str, completions: i64) -> Option<i64> {
    if completed.is_empty() || failed.is_empty() {
        return None;
    }
    let parse = |text: &str| -> Vec<Option<(i64, i64)>> {
        text.split(',')
            .map(|i| index_interval(i, completions).ok())
            .collect()
    };
    let (completed, failed) = (parse(completed), parse(failed));
    let (mut c, mut f) = (0, 0);
    while c < completed.len() && f < failed.len() {
        match (completed[c], failed[f]) {
            (None, _) => c += 1,
            (_, None) => f += 1,
            (Some((cx, cy)), Some((fx, fy))) => {
                if cx <= fy && fx <= cy {
                    return Some(cx.max(fx));
                }
                if cx <= fx {
                    c += 1;
                } else {
                    f += 1;
                }
            }
        }
    }
    None
}
