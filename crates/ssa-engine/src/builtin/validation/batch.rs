//! `pkg/apis/batch/validation/validation.go` for a Job: `ValidateJob` on
//! create, `ValidateJobUpdate` on update (the spec checked again, then
//! what may not change), with the options the Job strategy passes
//! (`validationOptionsForJob` in `pkg/registry/batch/job/strategy.go`,
//! 1.36's feature gates: ElasticIndexedJob GA,
//! MutableSchedulingDirectivesForSuspendedJobs and
//! MutablePodResourcesForSuspendedJobs beta and on).

use super::apps::{labels_mismatch, matches, normalized};
use super::field::{
    BadValue, Errors, FieldError, child, invalid, json_label_selector, json_string_map, named,
    non_negative,
};
use super::internal_json;
use super::{at, core, equality, meta};
use crate::value::Value;

/// `ValidateJob`'s spec errors, or `ValidateJobUpdate`'s with `old`.
pub(super) fn job(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let spec = new.get("spec");
    let Some(old) = old else {
        // ValidateJob: the generated selector first. Its uid is known
        // once the store gave the new Job one (`rest.BeforeCreate`, before
        // the strategy generated the selector from it); without, the
        // selector is left to that strategy.
        let uid = new.get_path(&["metadata", "uid"]).and_then(Value::as_str);
        return match uid {
            Some(uid) => {
                let mut errs = generated_selector(new, uid);
                errs.extend(job_spec(spec, false));
                errs
            }
            None => job_spec(spec, true),
        };
    };
    let mut errs = job_spec(spec, false);
    let old_spec = old.get("spec");
    // validateCompletions.
    let indexed = at(spec, "completionMode").and_then(Value::as_str) == Some("Indexed");
    let completions = at(spec, "completions");
    if completions != at(old_spec, "completions") {
        if !indexed {
            errs.push(immutable("spec.completions", pointer(completions)));
        } else if let Some(c) = completions
            && Some(c) != at(spec, "parallelism")
        {
            errs.invalid(
                "spec.completions",
                pointer(Some(c)),
                "can only be modified in tandem with spec.parallelism",
            );
        }
    }
    let selector = at(spec, "selector");
    if normalized(selector) != normalized(at(old_spec, "selector")) {
        errs.push(immutable(
            "spec.selector",
            BadValue::Json(json_label_selector(selector)),
        ));
    }
    errs.extend(pod_template_update(new, old));
    // Pointers, printed through `json.Marshal`; the policies are internal
    // structs, compared as `Semantic.DeepEqual` compares them.
    for key in [
        "completionMode",
        "podFailurePolicy",
        "backoffLimitPerIndex",
        "managedBy",
        "successPolicy",
    ] {
        let (value, was) = (at(spec, key), at(old_spec, key));
        let policy = match key {
            "podFailurePolicy" => Some("PodFailurePolicy"),
            "successPolicy" => Some("SuccessPolicy"),
            _ => None,
        };
        let changed = match policy {
            Some(_) => semantic(value) != semantic(was),
            None => value != was,
        };
        if changed {
            let bad = match policy {
                Some(name) => BadValue::Json(internal_json::batch_pointer_to(name, value)),
                None => pointer(value),
            };
            errs.push(immutable(&format!("spec.{key}"), bad));
        }
    }
    errs
}

/// `validateGeneratedSelector` (with the prefixed labels 1.36 requires of
/// a new Job): unless the selector is manual, the template keeps the
/// job-name and controller-uid labels `generateSelector` gave it, and the
/// selector selects exactly those (a selector of the user's own, without
/// `manualSelector: true`, is not auto-generated).
fn generated_selector(job: &Value, uid: &str) -> Vec<FieldError> {
    let spec = job.get("spec");
    let selector = at(spec, "selector");
    let mut errs = Vec::new();
    if at(spec, "manualSelector") == Some(&Value::Bool(true)) || selector.is_none() {
        return errs;
    }
    let name = job
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    let labels = at(spec, "template").and_then(|t| t.get_path(&["metadata", "labels"]));
    let mut expected = crate::value::Map::new();
    for (key, value) in [
        ("controller-uid", uid),
        ("job-name", name),
        ("batch.kubernetes.io/controller-uid", uid),
        ("batch.kubernetes.io/job-name", name),
    ] {
        // ValidateHasLabel.
        let path = format!("spec.template.metadata.labels[{key}]");
        match labels.and_then(|l| l.get(key)).and_then(Value::as_str) {
            None => errs.required(path, value),
            Some(actual) if actual != value => errs.invalid(
                path,
                BadValue::Json(json_string_map(labels)),
                &format!("must be '{value}'"),
            ),
            Some(_) => {}
        }
        expected.insert(key, Value::from(value));
    }
    let mut pod = crate::value::Map::new();
    pod.child_map_mut("metadata")
        .map(|m| m.insert("labels", Value::Map(expected)));
    if meta::label_selector(selector, "").is_empty() && !matches(selector, Some(&Value::Map(pod))) {
        errs.invalid(
            "spec.selector",
            BadValue::Json(json_label_selector(selector)),
            "`selector` not auto-generated",
        );
    }
    errs
}

/// `ValidateJobSpec`: `validateJobSpec`, then the selector. On create the
/// selector is not looked at unless it is manual: the server generates it
/// in `PrepareForCreate`, from the uid it gives the object after this
/// check runs here.
fn job_spec(spec: Option<&Value>, create: bool) -> Vec<FieldError> {
    let mut errs = validate_job_spec(spec, "spec");
    if create && at(spec, "manualSelector") != Some(&Value::Bool(true)) {
        return errs;
    }
    let selector = at(spec, "selector");
    if selector.is_none() {
        errs.required("spec.selector", "");
    }
    let selector_errs = meta::label_selector(selector, "spec.selector");
    let valid = selector_errs.is_empty();
    errs.extend(selector_errs);
    // The match is checked when `LabelSelectorAsSelector` takes the
    // selector: a missing one matches nothing, an empty one everything.
    let template = at(spec, "template");
    if valid && !matches(selector, template) {
        errs.push(labels_mismatch(template));
    }
    errs
}

/// `validateJobSpec` at `path` (`spec`, or a CronJob's
/// `spec.jobTemplate.spec`): counts not negative, the pod template, and a
/// restart policy of `OnFailure` or `Never`.
fn validate_job_spec(spec: Option<&Value>, path: &str) -> Vec<FieldError> {
    let mut errs = non_negative(
        spec,
        path,
        &[
            "parallelism",
            "completions",
            "activeDeadlineSeconds",
            "backoffLimit",
            "ttlSecondsAfterFinished",
            "backoffLimitPerIndex",
            "maxFailedIndexes",
        ],
    );
    // Defaulted to NonIndexed, so only a wrong value.
    if let Some(mode) = at(spec, "completionMode").and_then(Value::as_str)
        && !matches!(mode, "NonIndexed" | "Indexed")
    {
        errs.not_supported(
            child(path, "completionMode"),
            named(mode),
            &["NonIndexed", "Indexed"],
        );
    }
    let template = spec.and_then(|s| s.get("template"));
    let template_path = child(path, "template");
    errs.extend(core::pod_template_spec(template, &template_path));
    let policy_path = child(&template_path, "spec.restartPolicy");
    // The pod defaults give an unset restartPolicy `Always`.
    match template
        .and_then(|t| t.get_path(&["spec", "restartPolicy"]))
        .and_then(Value::as_str)
        .unwrap_or("")
    {
        "Always" | "" => errs.required(policy_path, "valid values: \"OnFailure\", \"Never\""),
        "OnFailure" | "Never" => {}
        other => errs.not_supported(policy_path, BadValue::str(other), &["OnFailure", "Never"]),
    }
    errs
}

/// `ValidateCronJobCreate` / `ValidateCronJobUpdate`'s spec errors
/// (`validateCronJobSpec`: the schedule through robfig/cron's
/// `ParseStandard`, the time zone through `time.LoadLocation`), then on
/// create the name's 52 characters. A schedule on which robfig panics is
/// [`schedule_panics`]'s.
pub(super) fn cron_job(new: &Value, old: Option<&Value>) -> Vec<FieldError> {
    let create = old.is_none();
    let spec = new.get("spec");
    let old_spec = old.and_then(|o| o.get("spec"));
    let time_zone = at(spec, "timeZone");
    let mut errs = Vec::new();
    match at(spec, "schedule").and_then(Value::as_str) {
        None | Some("") => errs.required("spec.schedule", ""),
        Some(schedule) => {
            // validateScheduleFormat: TZ in a schedule is kept only where
            // the stored one had it, and then not with a timeZone.
            let allow_tz = at(old_spec, "schedule")
                .and_then(Value::as_str)
                .is_some_and(|s| s.contains("TZ"));
            let bad = |detail: &str| invalid("spec.schedule", BadValue::str(schedule), detail);
            if let cron::Parsed::Err(message) = cron::parse_standard(schedule) {
                errs.push(bad(&message));
            }
            if schedule.contains("TZ") {
                if !allow_tz {
                    errs.push(bad(
                        "cannot use TZ or CRON_TZ in schedule, use timeZone field instead",
                    ));
                } else if time_zone.is_some() {
                    errs.push(bad(
                        "cannot use both timeZone field and TZ or CRON_TZ in schedule",
                    ));
                }
            }
        }
    }
    errs.extend(non_negative(spec, "spec", &["startingDeadlineSeconds"]));
    // An unchanged time zone is not looked at again: the zone database
    // may have lost it since it was stored.
    if create || time_zone != at(old_spec, "timeZone") {
        errs.extend(validate_time_zone(time_zone));
    }
    // validateConcurrencyPolicy (the default is `Allow`).
    match at(spec, "concurrencyPolicy").and_then(Value::as_str) {
        None | Some("Allow" | "Forbid" | "Replace") => {}
        Some("") => errs.required("spec.concurrencyPolicy", ""),
        Some(other) => errs.not_supported(
            "spec.concurrencyPolicy",
            BadValue::str(other),
            &["Allow", "Forbid", "Replace"],
        ),
    }
    // ValidateJobTemplateSpec.
    let job_spec = at(spec, "jobTemplate").and_then(|t| t.get("spec"));
    errs.extend(validate_job_spec(job_spec, "spec.jobTemplate.spec"));
    let selector = at(job_spec, "selector");
    if selector.is_some() {
        errs.invalid(
            "spec.jobTemplate.spec.selector",
            BadValue::Json(json_label_selector(selector)),
            "`selector` will be auto-generated",
        );
    }
    if at(job_spec, "manualSelector") == Some(&Value::Bool(true)) {
        errs.not_supported(
            "spec.jobTemplate.spec.manualSelector",
            BadValue::Json("true".to_string()),
            &["nil", "false"],
        );
    }
    errs.extend(non_negative(
        spec,
        "spec",
        &["successfulJobsHistoryLimit", "failedJobsHistoryLimit"],
    ));
    let name = new
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("");
    if create && name.len() > 52 {
        errs.invalid(
            "metadata.name",
            BadValue::str(name),
            "must be no more than 52 characters",
        );
    }
    errs
}

/// `validatePodTemplateUpdate`: the template may not change, but for a
/// Job suspended before it ran (no active pods, and not started or marked
/// `JobSuspended`) its scheduling directives (node affinity, node
/// selector, tolerations, scheduling gates, the template's labels and
/// annotations) and its containers' resources.
fn pod_template_update(new: &Value, old: &Value) -> Vec<FieldError> {
    let template = new.get_path(&["spec", "template"]);
    let comparable = |job: &Value, relaxed: bool| {
        let mut t = job
            .get_path(&["spec", "template"])
            .cloned()
            .unwrap_or(Value::Null);
        if relaxed {
            drop_mutable_while_suspended(&mut t);
        }
        // Upstream sets an Affinity left empty to nil.
        equality::semantic(t, |k| k == "affinity")
    };
    let relaxed = suspended_before_running(old);
    if comparable(new, relaxed) == comparable(old, relaxed) {
        return vec![];
    }
    vec![immutable(
        "spec.template",
        BadValue::Json(internal_json::pod_template_spec(
            template.unwrap_or(&Value::Null),
        )),
    )]
}

/// Whether the stored Job lets its template's scheduling directives and
/// resources change: suspended, no active pods, and never started or
/// marked suspended by the controller.
fn suspended_before_running(old: &Value) -> bool {
    let suspended = old.get_path(&["spec", "suspend"]) == Some(&Value::Bool(true));
    let status = old.get("status");
    let active = status
        .and_then(|s| s.get("active"))
        .and_then(Value::as_i64)
        .unwrap_or(0);
    let started = status
        .and_then(|s| s.get("startTime"))
        .is_some_and(|t| !t.is_null());
    let marked = status
        .and_then(|s| s.get("conditions"))
        .and_then(Value::as_list)
        .is_some_and(|cs| {
            cs.iter().any(|c| {
                c.get("type").and_then(Value::as_str) == Some("JobSuspended")
                    && c.get("status").and_then(Value::as_str) == Some("True")
            })
        });
    suspended && active == 0 && (!started || marked)
}

/// The template without what a suspended Job may change.
fn drop_mutable_while_suspended(template: &mut Value) {
    if let Some(meta) = template.child_map_mut("metadata") {
        meta.remove("labels");
        meta.remove("annotations");
    }
    let Some(spec) = template.child_map_mut("spec") else {
        return;
    };
    for key in ["nodeSelector", "tolerations", "schedulingGates"] {
        spec.remove(key);
    }
    if let Some(affinity) = spec.child_map_mut("affinity") {
        affinity.remove("nodeAffinity");
    }
    for list in ["containers", "initContainers"] {
        if let Some(Value::List(items)) = spec.get_mut(list) {
            for c in items.iter_mut().filter_map(Value::as_map_mut) {
                c.remove("resources");
            }
        }
    }
}

/// `validateTimeZone`: non-empty, each `/`-separated part a plausible
/// file name (`validTimeZoneCharacters`, not `.`, `..` or starting with
/// `-`), not `Local` in any case, and known to `time.LoadLocation`. A
/// time zone that is not a string is left to the schema.
fn validate_time_zone(time_zone: Option<&Value>) -> Vec<FieldError> {
    let Some(zone) = time_zone.and_then(Value::as_str) else {
        return vec![];
    };
    let bad = |detail: &str| invalid("spec.timeZone", BadValue::str(zone), detail);
    if zone.is_empty() {
        return vec![bad("timeZone must be nil or non-empty string")];
    }
    // `^[A-Za-z\.\-_0-9+]{1,14}$`, each part.
    let plausible = |part: &str| {
        (1..=14).contains(&part.len())
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_' | b'+'))
            && part != "."
            && part != ".."
            && !part.starts_with('-')
    };
    if !zone.split('/').all(plausible) {
        return vec![bad(&format!("unknown time zone {zone}"))];
    }
    let mut errs = Vec::new();
    if zone.eq_ignore_ascii_case("Local") {
        errs.push(bad(
            "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones",
        ));
    }
    if let Err(message) = cron::load_location(zone) {
        errs.push(bad(&message));
    }
    errs
}

/// What the API server answers when robfig's parser panics on the
/// schedule (`WithPanicRecovery`'s HTTP 500 body): the request fails
/// whatever else is wrong with the object.
pub(super) const PANIC: &str =
    "This request caused apiserver to panic. Look in the logs for details.";

/// Whether `validateCronJobSpec` reaches robfig's panic: a non-empty
/// schedule starting `TZ=` or `CRON_TZ=` with no space.
pub(super) fn schedule_panics(new: &Value) -> bool {
    at(new.get("spec"), "schedule")
        .and_then(Value::as_str)
        .is_some_and(|s| !s.is_empty() && cron::parse_standard(s) == cron::Parsed::Panic)
}

/// `ValidateImmutableField`'s error.
fn immutable(path: &str, value: BadValue) -> FieldError {
    invalid(path, value, "field is immutable")
}

/// `Semantic.DeepEqual`'s normal form of a pointer to a struct without
/// maps.
fn semantic(value: Option<&Value>) -> Value {
    equality::semantic(value.cloned().unwrap_or(Value::Null), |_| false)
}

/// A pointer field as the error prints it: through `json.Marshal`.
fn pointer(value: Option<&Value>) -> BadValue {
    BadValue::Json(value.map_or("null".to_string(), Value::to_json))
}

mod cron;
mod status;

pub(super) use status::job_status;

#[cfg(test)]
mod tests;
