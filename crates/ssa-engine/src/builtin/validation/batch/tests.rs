//! Each test names the upstream function it follows
//! (`pkg/apis/batch/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::schema::Validator;
use crate::value::Value;

/// The validation of a built-in kind, with the catalogue's `objectMeta`.
fn kind(api_version: &str, kind: &str) -> KindValidation {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind(api_version, kind, table).unwrap()
}

fn v(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

/// A Job as the server stores it after create: generated selector and
/// labels, the template defaulted.
fn stored_job(extra_spec: &str, image: &str) -> Value {
    v(&format!(
        r#"
apiVersion: batch/v1
kind: Job
metadata: {{name: pi, uid: u-1}}
spec:
  {extra_spec}
  selector: {{matchLabels: {{batch.kubernetes.io/controller-uid: u-1}}}}
  template:
    metadata:
      labels: {{batch.kubernetes.io/controller-uid: u-1, batch.kubernetes.io/job-name: pi, controller-uid: u-1, job-name: pi}}
    spec:
      restartPolicy: Never
      containers: [{{name: pi, image: {image}, resources: {{requests: {{cpu: 100m}}}}}}]
"#
    ))
}

fn job_err(old: Option<&Value>, new: &Value) -> String {
    kind("batch/v1", "Job").validate(old, new).unwrap_err()
}

/// `validateJobSpec`: a template whose restartPolicy is (defaulted to)
/// `Always` is refused; the generated selector is not looked at on create.
/// A policy no pod may have is refused by `ValidatePodSpec` first.
#[test]
fn a_job_must_not_restart_always() {
    let new = v(
        "metadata: {name: pi}\nspec:\n  template:\n    spec:\n      restartPolicy: Always\n      containers: [{name: pi, image: perl}]\n",
    );
    assert_eq!(
        job_err(None, &new),
        "Job.batch \"pi\" is invalid: spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\""
    );
    let never = v(
        "metadata: {name: pi}\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers: [{name: pi, image: perl}]\n",
    );
    assert!(kind("batch/v1", "Job").validate(None, &never).is_ok());
    let sometimes = v(
        "metadata: {name: pi}\nspec:\n  backoffLimit: -1\n  template:\n    spec:\n      restartPolicy: Sometimes\n      containers: [{name: pi, image: perl}]\n",
    );
    assert_eq!(
        job_err(None, &sometimes),
        "Job.batch \"pi\" is invalid: [spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0, spec.template.spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"Always\", \"OnFailure\", \"Never\", spec.template.spec.restartPolicy: Unsupported value: \"Sometimes\": supported values: \"OnFailure\", \"Never\"]"
    );
}

/// `ValidateJobSpec`: a manual selector must match the template's labels.
#[test]
fn a_manual_selector_must_match_the_template() {
    let new = v(
        "metadata: {name: pi}\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: api}}\n    spec:\n      restartPolicy: Never\n      containers: [{name: pi, image: perl}]\n",
    );
    assert_eq!(
        job_err(None, &new),
        "Job.batch \"pi\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"api\"}: `selector` does not match template `labels`"
    );
}

/// `validatePodTemplateUpdate`: the image of a Job's pod cannot change.
#[test]
fn a_job_template_is_immutable() {
    let old = stored_job("", "perl:5.34");
    assert!(kind("batch/v1", "Job").validate(Some(&old), &old).is_ok());
    let new = stored_job("", "perl:5.36");
    let err = job_err(Some(&old), &new);
    assert!(
        err.starts_with("Job.batch \"pi\" is invalid: spec.template: Invalid value: {"),
        "{err}"
    );
    assert!(err.ends_with("}: field is immutable"), "{err}");
    // Only a null or an empty list apart: the same template.
    let mut same = stored_job("", "perl:5.34");
    same.child_map_mut("spec")
        .unwrap()
        .child_map_mut("template")
        .unwrap()
        .child_map_mut("spec")
        .unwrap()
        .insert("volumes", Value::List(vec![]));
    assert!(kind("batch/v1", "Job").validate(Some(&old), &same).is_ok());
}

/// `validatePodTemplateUpdate` with the suspended-Job options: resources
/// and node selector may change while suspended before running, the image
/// may not; a started Job without the JobSuspended condition is fixed.
#[test]
fn a_suspended_job_may_change_its_resources_and_scheduling() {
    let old = stored_job("suspend: true", "perl");
    let mut resized = stored_job("suspend: true", "perl");
    let spec = resized
        .child_map_mut("spec")
        .unwrap()
        .child_map_mut("template")
        .unwrap()
        .child_map_mut("spec")
        .unwrap();
    spec.insert("nodeSelector", v("{zone: a}"));
    if let Some(Value::List(cs)) = spec.get_mut("containers") {
        cs[0]
            .as_map_mut()
            .unwrap()
            .insert("resources", v("{requests: {cpu: '2'}}"));
    }
    assert!(
        kind("batch/v1", "Job")
            .validate(Some(&old), &resized)
            .is_ok()
    );
    let other_image = stored_job("suspend: true", "ruby");
    assert!(job_err(Some(&old), &other_image).contains("spec.template: Invalid value"));
    let mut started = old.clone();
    started
        .as_map_mut()
        .unwrap()
        .insert("status", v("{startTime: '2024-01-01T00:00:00Z'}"));
    assert!(job_err(Some(&started), &resized).contains("spec.template: Invalid value"));
    started.as_map_mut().unwrap().insert(
        "status",
        v("{startTime: '2024-01-01T00:00:00Z', conditions: [{type: JobSuspended, status: 'True'}]}"),
    );
    assert!(
        kind("batch/v1", "Job")
            .validate(Some(&started), &resized)
            .is_ok()
    );
}

/// `ValidateJobSpecUpdate`: the selector, completions (unless Indexed, in
/// tandem with parallelism) and completionMode are immutable.
#[test]
fn job_fields_that_cannot_change() {
    let old = stored_job("completions: 3\n  parallelism: 3", "perl");
    let new = stored_job("completions: 4\n  parallelism: 3", "perl");
    assert_eq!(
        job_err(Some(&old), &new),
        "Job.batch \"pi\" is invalid: spec.completions: Invalid value: 4: field is immutable"
    );
    let indexed_old = stored_job(
        "completionMode: Indexed\n  completions: 3\n  parallelism: 3",
        "perl",
    );
    let indexed = stored_job(
        "completionMode: Indexed\n  completions: 4\n  parallelism: 4",
        "perl",
    );
    assert!(
        kind("batch/v1", "Job")
            .validate(Some(&indexed_old), &indexed)
            .is_ok()
    );
    let lopsided = stored_job(
        "completionMode: Indexed\n  completions: 4\n  parallelism: 3",
        "perl",
    );
    assert_eq!(
        job_err(Some(&indexed_old), &lopsided),
        "Job.batch \"pi\" is invalid: spec.completions: Invalid value: 4: can only be modified in tandem with spec.parallelism"
    );
    assert_eq!(
        job_err(
            Some(&old),
            &stored_job(
                "completions: 3\n  parallelism: 3\n  completionMode: Indexed",
                "perl"
            )
        ),
        "Job.batch \"pi\" is invalid: spec.completionMode: Invalid value: \"Indexed\": field is immutable"
    );
    let mut reselected = old.clone();
    reselected
        .child_map_mut("spec")
        .unwrap()
        .insert("selector", v("{matchLabels: {app: x}}"));
    let err = job_err(Some(&old), &reselected);
    assert!(
        err.contains(
            "spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"x\"}}: field is immutable"
        ),
        "{err}"
    );
}

/// `ValidateJobSpecUpdate`: `podFailurePolicy` and `successPolicy` are
/// immutable (`ValidateImmutableField`, after `completionMode` and
/// `backoffLimitPerIndex` and `managedBy` between them), compared as
/// `Semantic.DeepEqual` compares them (an empty list is a nil one) and
/// printed as the internal `batch` structs (`json.Marshal`, the Go names).
#[test]
fn job_policies_are_immutable() {
    let indexed = "completionMode: Indexed\n  completions: 3\n  parallelism: 3\n  ";
    let fail_on_42 =
        "podFailurePolicy: {rules: [{action: FailJob, onExitCodes: {operator: In, values: [42]}}]}";
    let old = stored_job(&format!("{indexed}{fail_on_42}"), "perl");
    let new = stored_job(
        &format!(
            "{indexed}podFailurePolicy: {{rules: [{{action: Ignore, onPodConditions: [{{type: DisruptionTarget, status: 'True'}}]}}]}}\n  successPolicy: {{rules: [{{succeededIndexes: '0-1', succeededCount: 1}}]}}\n  backoffLimitPerIndex: 1"
        ),
        "perl",
    );
    assert_eq!(
        job_err(Some(&old), &new),
        "Job.batch \"pi\" is invalid: [\
        spec.podFailurePolicy: Invalid value: {\"Rules\":[{\"Action\":\"Ignore\",\"OnExitCodes\":null,\"OnPodConditions\":[{\"Type\":\"DisruptionTarget\",\"Status\":\"True\"}]}]}: field is immutable, \
        spec.backoffLimitPerIndex: Invalid value: 1: field is immutable, \
        spec.successPolicy: Invalid value: {\"Rules\":[{\"SucceededIndexes\":\"0-1\",\"SucceededCount\":1}]}: field is immutable]"
    );
    // Removing a policy prints the nil pointer.
    assert_eq!(
        job_err(Some(&old), &stored_job(indexed.trim_end(), "perl")),
        "Job.batch \"pi\" is invalid: spec.podFailurePolicy: Invalid value: null: field is immutable"
    );
    // The same policy, an empty list written where the old had none.
    let same = stored_job(
        &format!(
            "{indexed}podFailurePolicy: {{rules: [{{action: FailJob, onExitCodes: {{operator: In, values: [42]}}, onPodConditions: []}}]}}"
        ),
        "perl",
    );
    assert!(kind("batch/v1", "Job").validate(Some(&old), &same).is_ok());
}

/// `ValidateCronJobCreate`: the job template's restart policy, a selector
/// in it, and the name's 52 characters.
#[test]
fn cron_job_rules() {
    let long = "a".repeat(53);
    let new = v(&format!(
        "metadata: {{name: {long}}}\nspec:\n  schedule: '*/5 * * * *'\n  jobTemplate:\n    spec:\n      selector: {{matchLabels: {{a: b}}}}\n      template:\n        spec:\n          restartPolicy: Always\n          containers: [{{name: c, image: busybox}}]\n"
    ));
    assert_eq!(
        kind("batch/v1", "CronJob")
            .validate(None, &new)
            .unwrap_err(),
        format!(
            "CronJob.batch \"{long}\" is invalid: [spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: \"OnFailure\", \"Never\", spec.jobTemplate.spec.selector: Invalid value: {{\"matchLabels\":{{\"a\":\"b\"}}}}: `selector` will be auto-generated, metadata.name: Invalid value: \"{long}\": must be no more than 52 characters]"
        )
    );
    // On update the name's length is not checked.
    let ok = v(&format!(
        "metadata: {{name: {long}}}\nspec:\n  schedule: '@hourly'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: c, image: busybox}}]\n"
    ));
    assert!(kind("batch/v1", "CronJob").validate(Some(&ok), &ok).is_ok());
    let no_schedule = v(
        "metadata: {name: c}\nspec:\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{name: c, image: busybox}]\n",
    );
    assert_eq!(
        kind("batch/v1", "CronJob")
            .validate(None, &no_schedule)
            .unwrap_err(),
        "CronJob.batch \"c\" is invalid: spec.schedule: Required value"
    );
}

/// Through the scenario runner: a Job is created (its selector generated
/// after validation, from the new uid), the same manifest applies again,
/// and a changed image is refused by `validatePodTemplateUpdate`, the
/// template printed as the internal `core.PodTemplateSpec` (labels at the
/// top: the embedded `ObjectMeta` has no json tag).
#[test]
fn a_scenario_changing_a_jobs_image_is_refused() {
    use crate::scenario::{Outcome, run_scenario_text};
    let step = |image: &str| {
        format!(
            "- manager: kubectl\n  op: apply\n  object:\n    apiVersion: batch/v1\n    kind: Job\n    metadata: {{name: pi, namespace: default}}\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{{name: pi, image: '{image}'}}]\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: job\nschema: {{builtin: batch/v1/Job}}\nsteps:\n{}{}{}",
        step("perl:5.34"),
        step("perl:5.34"),
        step("perl:5.36")
    );
    let result = run_scenario_text(&text).unwrap();
    let outcomes: Vec<Outcome> = result.steps.iter().map(|s| s.outcome).collect();
    assert_eq!(
        outcomes,
        [Outcome::Applied, Outcome::Applied, Outcome::Invalid]
    );
    let message = &result.steps[2].message;
    assert!(
        message.starts_with(
            "Job.batch \"pi\" is invalid: spec.template: Invalid value: {\"labels\":{\"batch.kubernetes.io/controller-uid\":"
        ),
        "{message}"
    );
    assert!(
        message.contains(",\"Spec\":{\"Volumes\":null,\"InitContainers\":null,\"Containers\":[{\"Name\":\"pi\",\"Image\":\"perl:5.36\",\"Command\":null,"),
        "{message}"
    );
    assert!(message.ends_with("}}: field is immutable"), "{message}");
}

/// `validateScheduleFormat`: robfig/cron v3's `ParseStandard` counts five
/// fields (its error prints them as Go's `%s` of a `[]string`) and knows
/// its descriptors; a TZ in a new schedule is refused.
#[test]
fn cron_schedules() {
    let cron = |schedule: &str| {
        v(&format!(
            "metadata: {{name: c}}\nspec:\n  schedule: '{schedule}'\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: c, image: busybox}}]\n"
        ))
    };
    let check = |schedule: &str| kind("batch/v1", "CronJob").validate(None, &cron(schedule));
    assert_eq!(
        check("*/5 * * *").unwrap_err(),
        "CronJob.batch \"c\" is invalid: spec.schedule: Invalid value: \"*/5 * * *\": expected exactly 5 fields, found 4: [*/5 * * *]"
    );
    assert_eq!(
        check("@fortnightly").unwrap_err(),
        "CronJob.batch \"c\" is invalid: spec.schedule: Invalid value: \"@fortnightly\": unrecognized descriptor: @fortnightly"
    );
    assert_eq!(
        check("CRON_TZ=UTC 0 * * * *").unwrap_err(),
        "CronJob.batch \"c\" is invalid: spec.schedule: Invalid value: \"CRON_TZ=UTC 0 * * * *\": cannot use TZ or CRON_TZ in schedule, use timeZone field instead"
    );
    for ok in ["*/5 * * * *", "@hourly", "@every 90m", "0 0  1 1 *"] {
        assert_eq!(check(ok), Ok(()), "{ok}");
    }
    // A stored schedule with TZ may keep it.
    let stored = cron("TZ=UTC 0 * * * *");
    assert_eq!(
        kind("batch/v1", "CronJob").validate(Some(&stored), &stored),
        Ok(())
    );
}

/// A CronJob with `schedule` and, when given, `extra` lines in its spec.
fn cron_job(schedule: &str, extra: &str) -> Value {
    v(&format!(
        "metadata: {{name: x}}\nspec:\n  schedule: '{schedule}'\n{extra}  jobTemplate:\n    spec:\n      template:\n        spec:\n          restartPolicy: OnFailure\n          containers: [{{name: c, image: busybox}}]\n"
    ))
}

fn cron_err(old: Option<&Value>, new: &Value) -> Result<(), String> {
    kind("batch/v1", "CronJob").validate(old, new)
}

/// `validateScheduleFormat`: `cron.ParseStandard`'s error as the detail,
/// for each of robfig's checks (see `cron/tests.rs` for all of them).
#[test]
fn cron_schedule_values() {
    for (schedule, detail) in [
        ("61 * * * *", "end of range (61) above maximum (59): 61"),
        (
            "5-3 * * * *",
            "beginning of range (5) beyond end of range (3): 5-3",
        ),
        (
            "1-10/0 * * * *",
            "step of range should be a positive number: 1-10/0",
        ),
        ("0 0 0 * *", "beginning of range (0) below minimum (1): 0"),
        (
            "x * * * *",
            "failed to parse int from x: strconv.Atoi: parsing \"x\": invalid syntax",
        ),
        (
            "@every 1d",
            "failed to parse duration @every 1d: time: unknown unit \"d\" in duration \"1d\"",
        ),
    ] {
        assert_eq!(
            cron_err(None, &cron_job(schedule, "")).unwrap_err(),
            format!(
                "CronJob.batch \"x\" is invalid: spec.schedule: Invalid value: \"{schedule}\": {detail}"
            ),
        );
    }
    for ok in [
        "0 0 * JAN-dec MON-fri",
        "*/5 * * * ?",
        "@every 1h30m",
        "@every -1s",
    ] {
        assert_eq!(cron_err(None, &cron_job(ok, "")), Ok(()), "{ok}");
    }
}

/// `validateScheduleFormat`: the parser's error first, then the TZ rule;
/// a zone robfig accepts is still refused in a new schedule, and a stored
/// TZ schedule may not gain a timeZone.
#[test]
fn cron_schedule_time_zones() {
    assert_eq!(
        cron_err(None, &cron_job("TZ=Europe/Paris 0 * * * *", "")).unwrap_err(),
        "CronJob.batch \"x\" is invalid: spec.schedule: Invalid value: \"TZ=Europe/Paris 0 * * * *\": cannot use TZ or CRON_TZ in schedule, use timeZone field instead"
    );
    assert_eq!(
        cron_err(None, &cron_job("TZ=Foo/Bar 61 * * * *", "")).unwrap_err(),
        "CronJob.batch \"x\" is invalid: [spec.schedule: Invalid value: \"TZ=Foo/Bar 61 * * * *\": provided bad location Foo/Bar: unknown time zone Foo/Bar, spec.schedule: Invalid value: \"TZ=Foo/Bar 61 * * * *\": cannot use TZ or CRON_TZ in schedule, use timeZone field instead]"
    );
    let stored = cron_job("CRON_TZ=UTC 0 * * * *", "");
    let with_zone = cron_job("CRON_TZ=UTC 0 * * * *", "  timeZone: Etc/UTC\n");
    assert_eq!(
        cron_err(Some(&stored), &with_zone).unwrap_err(),
        "CronJob.batch \"x\" is invalid: spec.schedule: Invalid value: \"CRON_TZ=UTC 0 * * * *\": cannot use both timeZone field and TZ or CRON_TZ in schedule"
    );
    // The stored schedule may still be refused for its values.
    assert_eq!(
        cron_err(Some(&stored), &cron_job("CRON_TZ=UTC 60 * * * *", "")).unwrap_err(),
        "CronJob.batch \"x\" is invalid: spec.schedule: Invalid value: \"CRON_TZ=UTC 60 * * * *\": end of range (60) above maximum (59): 60"
    );
}

/// robfig panics on a `TZ=` prefix with no space; the API server's panic
/// recovery answers for the whole request.
#[test]
fn a_schedule_robfig_panics_on() {
    let new = cron_job("TZ=UTC", "  concurrencyPolicy: Sometimes\n");
    assert_eq!(
        cron_err(None, &new).unwrap_err(),
        "This request caused apiserver to panic. Look in the logs for details."
    );
    let stored = cron_job("TZ=UTC 0 * * * *", "");
    assert_eq!(
        cron_err(Some(&stored), &cron_job("CRON_TZ=UTC", "")).unwrap_err(),
        "This request caused apiserver to panic. Look in the logs for details."
    );
}

/// `validateTimeZone`: empty, the character rule (which stops there),
/// `Local` in any case, then `time.LoadLocation`; after
/// `startingDeadlineSeconds` and before `concurrencyPolicy`.
#[test]
fn cron_time_zones() {
    let zone = |tz: &str| cron_job("0 * * * *", &format!("  timeZone: '{tz}'\n"));
    let prefix = "CronJob.batch \"x\" is invalid: ";
    for (tz, errors) in [
        ("", "spec.timeZone: Invalid value: \"\": timeZone must be nil or non-empty string".to_string()),
        ("Foo/Bar", "spec.timeZone: Invalid value: \"Foo/Bar\": unknown time zone Foo/Bar".to_string()),
        // The character rule's own message, LoadLocation not reached.
        ("America/Argentina_Buenos_Aires", "spec.timeZone: Invalid value: \"America/Argentina_Buenos_Aires\": unknown time zone America/Argentina_Buenos_Aires".to_string()),
        ("../etc", "spec.timeZone: Invalid value: \"../etc\": unknown time zone ../etc".to_string()),
        ("America/", "spec.timeZone: Invalid value: \"America/\": unknown time zone America/".to_string()),
        ("Europe/-Paris", "spec.timeZone: Invalid value: \"Europe/-Paris\": unknown time zone Europe/-Paris".to_string()),
        ("Europe/Paris ", "spec.timeZone: Invalid value: \"Europe/Paris \": unknown time zone Europe/Paris ".to_string()),
        ("a..b", "spec.timeZone: Invalid value: \"a..b\": time: invalid location name".to_string()),
        ("local", "[spec.timeZone: Invalid value: \"local\": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones, spec.timeZone: Invalid value: \"local\": unknown time zone local]".to_string()),
        ("Local", "spec.timeZone: Invalid value: \"Local\": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones".to_string()),
    ] {
        assert_eq!(cron_err(None, &zone(tz)).unwrap_err(), format!("{prefix}{errors}"), "{tz:?}");
    }
    for ok in [
        "Europe/Paris",
        "Etc/GMT-14",
        "America/Argentina/Buenos_Aires",
        "UTC",
        "Asia/Kolkata",
    ] {
        assert_eq!(cron_err(None, &zone(ok)), Ok(()), "{ok}");
    }
    let all = cron_job(
        "0 * * * *",
        "  timeZone: Mars/Olympus\n  startingDeadlineSeconds: -1\n  concurrencyPolicy: Sometimes\n",
    );
    assert_eq!(
        cron_err(None, &all).unwrap_err(),
        "CronJob.batch \"x\" is invalid: [spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0, spec.timeZone: Invalid value: \"Mars/Olympus\": unknown time zone Mars/Olympus, spec.concurrencyPolicy: Unsupported value: \"Sometimes\": supported values: \"Allow\", \"Forbid\", \"Replace\"]"
    );
    // An unchanged zone is not looked up again on update; a changed one is.
    let stored = zone("Mars/Olympus");
    assert_eq!(cron_err(Some(&stored), &stored), Ok(()));
    assert_eq!(
        cron_err(Some(&stored), &zone("Mars/Tharsis")).unwrap_err(),
        format!(
            "{prefix}spec.timeZone: Invalid value: \"Mars/Tharsis\": unknown time zone Mars/Tharsis"
        )
    );
}

/// A Job after `status` (flow YAML) is written over its stored status.
fn job_with_status(spec: &str, status: &str) -> Value {
    let mut job = stored_job(spec, "perl");
    if let Value::Map(map) = &mut job {
        map.insert("status".to_string(), v(status));
    }
    job
}

fn status_err(old: &Value, new: &Value) -> Result<(), String> {
    kind("batch/v1", "Job").validate_status(old, new)
}

/// `validateJobStatus` with the status strategy's options (JobManagedBy
/// GA): a Job marked Complete needs its completion time, the
/// SuccessCriteriaMet condition before it and a start time; the Job
/// controller's own sequence passes.
#[test]
fn a_complete_job_needs_its_times_and_success_criteria() {
    let running = job_with_status("", "{active: 1, startTime: '2026-01-01T00:00:00Z'}");
    let bare = job_with_status(
        "",
        "{succeeded: 1, conditions: [{type: Complete, status: 'True'}]}",
    );
    assert_eq!(
        status_err(&stored_job("", "perl"), &bare).unwrap_err(),
        "Job.batch \"pi\" is invalid: [status.completionTime: Required value: completionTime is required for Complete jobs, status.conditions: Invalid value: cannot set Complete=True condition without the SuccessCriteriaMet=true condition, status.startTime: Required value: startTime is required for finished job]"
    );
    let early = job_with_status(
        "",
        "{active: 1, startTime: '2026-01-01T00:00:00Z', completionTime: '2025-12-31T23:59:59Z', succeeded: 1, conditions: [{type: SuccessCriteriaMet, status: 'True'}, {type: Complete, status: 'True'}]}",
    );
    assert_eq!(
        status_err(&running, &early).unwrap_err(),
        "Job.batch \"pi\" is invalid: [status.completionTime: Invalid value: \"2025-12-31T23:59:59Z\": completionTime cannot be set before startTime, status.active: Invalid value: 1: active>0 is invalid for finished job]"
    );
    let done = job_with_status(
        "",
        "{startTime: '2026-01-01T00:00:00Z', completionTime: '2026-01-01T00:01:00Z', succeeded: 1, conditions: [{type: SuccessCriteriaMet, status: 'True'}, {type: Complete, status: 'True'}]}",
    );
    assert_eq!(status_err(&running, &done), Ok(()));
    // Once finished: the terminal condition, the counters and the
    // completion time may not go back.
    let undone = job_with_status(
        "",
        "{startTime: '2026-01-01T00:00:00Z', completionTime: '2026-01-01T00:02:00Z', succeeded: 0}",
    );
    assert_eq!(
        status_err(&done, &undone).unwrap_err(),
        "Job.batch \"pi\" is invalid: [status.completionTime: Invalid value: \"2026-01-01T00:02:00Z\": cannot set completionTime when there is no Complete=True condition, status.conditions: Invalid value: cannot disable the terminal Complete=True condition, status.succeeded: Invalid value: 0: cannot decrease the succeeded counter, status.completionTime: Invalid value: \"2026-01-01T00:02:00Z\": completionTime cannot be mutated, status.conditions: Invalid value: cannot disable the SuccessCriteriaMet=True condition]"
    );
    // A Job failed without the FailureTarget condition the controller
    // sets first.
    let failed = job_with_status(
        "",
        "{startTime: '2026-01-01T00:00:00Z', failed: 1, conditions: [{type: Failed, status: 'True'}]}",
    );
    assert_eq!(
        status_err(&running, &failed).unwrap_err(),
        "Job.batch \"pi\" is invalid: status.conditions: Invalid value: cannot set Failed=True condition without the FailureTarget=true condition"
    );
}

/// The strategy checks most rules only when the fields they read change:
/// a stored Job that already breaks one takes a write that leaves them
/// alone. Counters are never negative.
#[test]
fn job_status_rules_apply_to_what_changed() {
    let legacy = job_with_status(
        "",
        "{succeeded: 1, conditions: [{type: Complete, status: 'True'}]}",
    );
    let relabelled = job_with_status(
        "",
        "{succeeded: 2, conditions: [{type: Complete, status: 'True'}]}",
    );
    assert_eq!(status_err(&legacy, &relabelled), Ok(()));
    let negative = job_with_status("", "{active: -1, ready: 2}");
    assert_eq!(
        status_err(&stored_job("", "perl"), &negative).unwrap_err(),
        "Job.batch \"pi\" is invalid: [status.active: Invalid value: -1: must be greater than or equal to 0, status.ready: Invalid value: 2: cannot set more ready pods than active]"
    );
}

/// `validateIndexesFormat` and `validateFailedIndexesNotOverlapCompleted`
/// for an Indexed Job's completed and failed indexes.
#[test]
fn job_status_indexes() {
    let spec =
        "completionMode: Indexed\n  completions: 5\n  parallelism: 5\n  backoffLimitPerIndex: 1";
    let old = stored_job(spec, "perl");
    let cases = [
        (
            "{completedIndexes: '0-2,1'}",
            "status.completedIndexes: Invalid value: \"0-2,1\": error parsing completedIndexes: non-increasing order, previous: 2, current: 1",
        ),
        (
            "{completedIndexes: '1-9'}",
            "status.completedIndexes: Invalid value: \"1-9\": error parsing completedIndexes: too large index: \"9\"",
        ),
        (
            "{completedIndexes: '1-2-3'}",
            "status.completedIndexes: Invalid value: \"1-2-3\": error parsing completedIndexes: the fragment \"1-2-3\" violates the requirement that an index interval can have at most two parts separated by '-'",
        ),
        (
            "{completedIndexes: '0,x'}",
            "status.completedIndexes: Invalid value: \"0,x\": error parsing completedIndexes: cannot convert string to integer for index: \"x\"",
        ),
        (
            "{completedIndexes: '0-2', failedIndexes: '2,4'}",
            "status.failedIndexes: Invalid value: \"2,4\": failedIndexes and completedIndexes overlap at index: 2",
        ),
    ];
    for (status, error) in cases {
        let new = job_with_status(spec, status);
        assert_eq!(
            status_err(&old, &new).unwrap_err(),
            format!("Job.batch \"pi\" is invalid: {error}"),
            "{status}"
        );
    }
    let fine = job_with_status(spec, "{completedIndexes: '0-2', failedIndexes: '3'}");
    assert_eq!(status_err(&old, &fine), Ok(()));
    // Not Indexed, no per-index backoff limit.
    let plain = stored_job("", "perl");
    let new = job_with_status("", "{completedIndexes: '0', failedIndexes: '1'}");
    assert_eq!(
        status_err(&plain, &new).unwrap_err(),
        "Job.batch \"pi\" is invalid: [status.completedIndexes: Invalid value: \"0\": cannot set non-empty completedIndexes when non-indexed completion mode, status.failedIndexes: Invalid value: \"1\": cannot set non-null failedIndexes when backoffLimitPerIndex is null]"
    );
}
