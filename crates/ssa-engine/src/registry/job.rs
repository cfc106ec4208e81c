//! `pkg/registry/batch/job/strategy.go`, `PrepareForCreate` →
//! `generateSelectorIfNeeded`: unless the Job asks for a manual selector,
//! its pod template is labelled with the Job's name and uid (legacy and
//! `batch.kubernetes.io/` keys, labels already set are kept) and its
//! selector matches the uid. It needs the uid the server has just given
//! the object, so it runs where the uid is stamped (`crate::lifecycle`).

use crate::value::Value;

const JOB_NAME_LABELS: [&str; 2] = ["job-name", "batch.kubernetes.io/job-name"];
const CONTROLLER_UID_LABELS: [&str; 2] = ["controller-uid", "batch.kubernetes.io/controller-uid"];
const CONTROLLER_UID_LABEL: &str = "batch.kubernetes.io/controller-uid";

/// Upstream `generateSelectorIfNeeded` on a new Job with `uid`.
pub(super) fn generate_selector_if_needed(job: &mut Value, uid: &str) {
    if job.get_path(&["spec", "manualSelector"]) == Some(&Value::Bool(true)) {
        return;
    }
    let name = job
        .get_path(&["metadata", "name"])
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let Some(spec) = job.child_map_mut("spec") else {
        return;
    };
    if let Some(labels) = spec
        .child_map_mut("template")
        .and_then(|t| t.child_map_mut("metadata"))
        .and_then(|m| m.child_map_mut("labels"))
    {
        for key in JOB_NAME_LABELS {
            if labels.get(key).is_none() {
                labels.insert(key, Value::from(name.as_str()));
            }
        }
        for key in CONTROLLER_UID_LABELS {
            if labels.get(key).is_none() {
                labels.insert(key, Value::from(uid));
            }
        }
    }
    if let Some(match_labels) = spec
        .child_map_mut("selector")
        .and_then(|s| s.child_map_mut("matchLabels"))
        && match_labels.get(CONTROLLER_UID_LABEL).is_none()
    {
        match_labels.insert(CONTROLLER_UID_LABEL, Value::from(uid));
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// batch/job `strategy.go` `generateSelector`.
    #[test]
    fn a_new_job_selects_its_pods_by_uid() {
        let mut job = Value::from_json_str(
            r#"{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"pi"},"spec":{"template":{"metadata":{"labels":{"job-name":"mine"}},"spec":{}}}}"#,
        )
        .unwrap();
        generate_selector_if_needed(&mut job, "u-1");
        assert_eq!(
            job.get_path(&["spec", "template", "metadata", "labels"])
                .unwrap()
                .to_json_sorted(),
            r#"{"batch.kubernetes.io/controller-uid":"u-1","batch.kubernetes.io/job-name":"pi","controller-uid":"u-1","job-name":"mine"}"#
        );
        assert_eq!(
            job.get_path(&["spec", "selector"])
                .unwrap()
                .to_json_sorted(),
            r#"{"matchLabels":{"batch.kubernetes.io/controller-uid":"u-1"}}"#
        );
        let mut manual = Value::from_json_str(
            r#"{"metadata":{"name":"pi"},"spec":{"manualSelector":true,"selector":{"matchLabels":{"a":"b"}},"template":{"metadata":{"labels":{"a":"b"}}}}}"#,
        )
        .unwrap();
        let before = manual.clone();
        generate_selector_if_needed(&mut manual, "u-1");
        assert_eq!(manual, before);
    }
}
