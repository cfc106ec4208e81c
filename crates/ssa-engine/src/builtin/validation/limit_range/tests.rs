//! `ValidateLimitRange` (`pkg/apis/core/validation/validation.go`).

#![allow(clippy::unwrap_used)]

use super::super::tests::errors_of;

/// The validation of a LimitRange with `limits` (YAML), its message's
/// list of errors.
fn check(limits: &str) -> Option<String> {
    let object = crate::yaml::parse(&format!(
        "apiVersion: v1\nkind: LimitRange\nmetadata: {{name: limits, namespace: team}}\nspec: {{limits: {limits}}}"
    ))
    .unwrap()
    .value;
    errors_of("v1", "LimitRange", None, &object)
}

/// The documentation's examples pass.
#[test]
fn documented_limits_pass() {
    assert_eq!(
        check(
            "[{type: Container, default: {cpu: 500m, memory: 512Mi}, defaultRequest: {cpu: 250m}, max: {cpu: '1'}, min: {cpu: 100m}, maxLimitRequestRatio: {cpu: '4'}}, {type: Pod, max: {memory: 2Gi}}, {type: PersistentVolumeClaim, max: {storage: 2Gi}, min: {storage: 1Gi}}]"
        ),
        None
    );
}

/// The type, once; the names each type takes; no defaults for a Pod; a
/// claim's storage bound.
#[test]
fn types_and_names() {
    assert_eq!(
        check("[{type: Containers}, {type: Pod, default: {cpu: '1'}, max: {cpus: '2'}}, {type: Pod}, {type: PersistentVolumeClaim, max: {memory: 1Gi}}]").unwrap(),
        "[spec.limits[0].type: Invalid value: \"Containers\": must be a standard limit type or fully qualified, spec.limits[1].max[cpus]: Invalid value: \"cpus\": must be a standard resource type or fully qualified, spec.limits[1].max[cpus]: Invalid value: \"cpus\": must be a standard resource for containers, spec.limits[1].default: Forbidden: may not be specified when `type` is 'Pod', spec.limits[2].type: Duplicate value: \"Pod\", spec.limits[3].limits: Required value: either minimum or maximum storage value is required, but neither was provided]"
    );
}

/// Each resource's bounds, in upstream's order, with canonical
/// quantities.
#[test]
fn bounds() {
    assert_eq!(
        check("[{type: Container, max: {cpu: 500m}, min: {cpu: '1'}, default: {cpu: '2'}, defaultRequest: {cpu: 1.5}}]").unwrap(),
        "[spec.limits[0].min[cpu]: Invalid value: \"1\": min value 1 is greater than max value 500m, spec.limits[0].defaultRequest[cpu]: Invalid value: \"1500m\": default request value 1500m is greater than max value 500m, spec.limits[0].default[cpu]: Invalid value: \"500m\": default value 2 is greater than max value 500m]"
    );
    assert_eq!(
        check("[{type: Container, max: {memory: 1Gi}, min: {memory: 512Mi}, maxLimitRequestRatio: {memory: '3', cpu: 500m}}]").unwrap(),
        "[spec.limits[0].maxLimitRequestRatio[cpu]: Invalid value: \"500m\": ratio 500m is less than 1, spec.limits[0].maxLimitRequestRatio[memory]: Invalid value: \"3\": ratio 3 is greater than max/min = 2.000000]"
    );
    assert_eq!(
        check("[{type: Container, default: {nvidia.com/gpu: '2'}, defaultRequest: {nvidia.com/gpu: '1'}}]").unwrap(),
        "spec.limits[0].defaultRequest[nvidia.com/gpu]: Invalid value: \"1\": default value 2 must equal to defaultRequest value 1 in nvidia.com/gpu"
    );
}
