//! Each test names the upstream function it follows
//! (`pkg/apis/autoscaling/validation/validation.go`); objects are
//! defaulted as the server defaults them before it validates.

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use crate::builtin::defaults::KindDefaults;
use crate::schema::{Defaulter, Validator};
use crate::value::Value;

const INVALID: &str = "HorizontalPodAutoscaler.autoscaling \"web\" is invalid: ";

/// A HorizontalPodAutoscaler named `web` of `api_version` with `spec` (a
/// YAML flow mapping), defaulted.
fn object(api_version: &str, spec: &str) -> Value {
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: {api_version}\nkind: HorizontalPodAutoscaler\nmetadata: {{name: web}}\nspec: {spec}\n"
    ))
    .unwrap()
    .value;
    let defaults = KindDefaults::for_kind(api_version, "HorizontalPodAutoscaler").unwrap();
    defaults.apply_defaults(&mut object, "");
    object
}

/// An autoscaling/v2 object whose scale target is a Deployment, with the
/// other fields of the spec in `rest`.
fn hpa(rest: &str) -> Value {
    object(
        "autoscaling/v2",
        &format!(
            "{{scaleTargetRef: {{apiVersion: apps/v1, kind: Deployment, name: web}}, {rest}}}"
        ),
    )
}

fn check(old: Option<&Value>, new: &Value) -> Result<(), String> {
    let table = crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref());
    KindValidation::for_kind("autoscaling/v2", "HorizontalPodAutoscaler", table)
        .unwrap()
        .validate(old, new)
}

/// The message for a create of `hpa(rest)`.
fn refused(rest: &str) -> String {
    check(None, &hpa(rest)).unwrap_err()
}

/// `validateHorizontalPodAutoscalerSpec`: maxReplicas is required, at least
/// 1 and not below minReplicas (defaulted to 1).
#[test]
fn max_replicas() {
    assert!(check(None, &hpa("maxReplicas: 3")).is_ok());
    assert_eq!(
        refused("minReplicas: 5, maxReplicas: 2"),
        format!(
            "{INVALID}spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`"
        )
    );
    assert_eq!(
        refused("minReplicas: 2"),
        format!(
            "{INVALID}[spec.maxReplicas: Required value: must be set and greater than 0, spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`]"
        )
    );
    assert_eq!(
        refused("maxReplicas: -2"),
        format!(
            "{INVALID}[spec.maxReplicas: Invalid value: -2: must be greater than or equal to 1, spec.maxReplicas: Invalid value: -2: must be greater than or equal to `minReplicas`]"
        )
    );
}

/// `validateHorizontalPodAutoscalerSpec` and `validateMetrics`:
/// minReplicas is at least 1 (HPAScaleToZero is off in 1.36), and 0 needs
/// an Object or External metric (the defaulted CPU metric is neither).
#[test]
fn min_replicas() {
    assert_eq!(
        refused("minReplicas: 0, maxReplicas: 2"),
        format!(
            "{INVALID}[spec.minReplicas: Invalid value: 0: must be greater than or equal to 1, spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas]"
        )
    );
    assert_eq!(
        refused("minReplicas: -1, maxReplicas: 2"),
        format!("{INVALID}spec.minReplicas: Invalid value: -1: must be greater than or equal to 1")
    );
}

/// `validationOptionsForHorizontalPodAutoscaler`: an object stored with
/// minReplicas 0 may keep it (given an Object or External metric), one
/// stored with 1 may not go to 0.
#[test]
fn scaled_to_zero_stays_allowed_on_update() {
    let external = "metrics: [{type: External, external: {metric: {name: queue}, target: {type: Value, value: 10}}}]";
    let zero = hpa(&format!("minReplicas: 0, maxReplicas: 2, {external}"));
    let one = hpa(&format!("minReplicas: 1, maxReplicas: 2, {external}"));
    assert!(check(Some(&zero), &zero).is_ok());
    assert!(check(Some(&zero), &one).is_ok());
    assert_eq!(
        check(Some(&one), &zero).unwrap_err(),
        format!("{INVALID}spec.minReplicas: Invalid value: 0: must be greater than or equal to 1")
    );
}

/// `ValidateCrossVersionObjectReference` and `ValidateAPIVersion`: a kind
/// and a name; an apiVersion with a group (a ReplicationController's may
/// lack one), not checked again by an update that keeps apiVersion and
/// kind.
#[test]
fn scale_target_reference() {
    let with_target = |target: &str| {
        object(
            "autoscaling/v2",
            &format!("{{scaleTargetRef: {target}, maxReplicas: 3}}"),
        )
    };
    assert_eq!(
        check(None, &with_target("{}")).unwrap_err(),
        format!(
            "{INVALID}[spec.scaleTargetRef.kind: Required value, spec.scaleTargetRef.name: Required value, spec.scaleTargetRef.apiVersion: Invalid value: \"\": apiVersion must specify API group]"
        )
    );
    let core_group = with_target("{apiVersion: v1, kind: Deployment, name: web}");
    assert_eq!(
        check(None, &core_group).unwrap_err(),
        format!(
            "{INVALID}spec.scaleTargetRef.apiVersion: Invalid value: \"v1\": apiVersion must specify API group"
        )
    );
    assert!(check(Some(&core_group), &core_group).is_ok());
    assert_eq!(
        check(
            None,
            &with_target("{apiVersion: apps/v1/x, kind: a/b, name: \"%\"}")
        )
        .unwrap_err(),
        format!(
            "{INVALID}[spec.scaleTargetRef.kind: Invalid value: \"a/b\": may not contain '/', spec.scaleTargetRef.name: Invalid value: \"%\": may not contain '%', spec.scaleTargetRef.apiVersion: Invalid value: \"apps/v1/x\": unexpected GroupVersion string: apps/v1/x]"
        )
    );
    let controller = with_target("{apiVersion: v1, kind: ReplicationController, name: web}");
    assert!(check(None, &controller).is_ok());
    // An update that changes the kind is checked.
    assert_eq!(
        check(Some(&controller), &core_group).unwrap_err(),
        format!(
            "{INVALID}spec.scaleTargetRef.apiVersion: Invalid value: \"v1\": apiVersion must specify API group"
        )
    );
}

/// `validateMetricSpec`: a metric's type is given and supported.
#[test]
fn metric_types() {
    let cpu = "resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}";
    assert!(
        check(
            None,
            &hpa(&format!(
                "maxReplicas: 3, metrics: [{{type: Resource, {cpu}}}]"
            ))
        )
        .is_ok()
    );
    assert_eq!(
        refused(&format!(
            "maxReplicas: 3, metrics: [{{type: Resource, {cpu}}}, {{type: resource, {cpu}}}]"
        )),
        format!(
            "{INVALID}spec.metrics[1].type: Unsupported value: \"resource\": supported values: \"ContainerResource\", \"External\", \"Object\", \"Pods\", \"Resource\""
        )
    );
    assert_eq!(
        refused(&format!("maxReplicas: 3, metrics: [{{{cpu}}}]")),
        format!(
            "{INVALID}[spec.metrics[0].type: Required value: must specify a metric source type, spec.metrics[0].type: Unsupported value: \"\": supported values: \"ContainerResource\", \"External\", \"Object\", \"Pods\", \"Resource\"]"
        )
    );
}

/// The message for a create with the one metric `metric`.
fn metric_refused(metric: &str) -> String {
    refused(&format!("maxReplicas: 3, metrics: [{metric}]"))
}

/// `validateMetricSpec`: the source of the metric's type is given, and no
/// other; only the first given (in upstream's order) is validated.
#[test]
fn metric_sources() {
    let cpu = "resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}";
    assert_eq!(
        metric_refused(&format!("{{type: Pods, {cpu}}}")),
        format!(
            "{INVALID}spec.metrics[0].pods: Required value: must populate information for the given metric source"
        )
    );
    // pods comes before resource: it is the one validated.
    assert_eq!(
        metric_refused(&format!(
            "{{type: Resource, {cpu}, pods: {{metric: {{name: qps}}}}}}"
        )),
        format!(
            "{INVALID}[spec.metrics[0].pods.target.type: Required value: must specify a metric target type, spec.metrics[0].pods.target.type: Invalid value: \"\": must be either Utilization, Value, or AverageValue, spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue, spec.metrics[0].pods: Forbidden: must populate the given metric source only]"
        )
    );
}

/// `validateResourceSource` and `validateMetricTarget`: a resource name, a
/// known target type, a utilization or an average value (not both), each
/// positive.
#[test]
fn resource_metric_targets() {
    let resource = |target: &str| {
        metric_refused(&format!(
            "{{type: Resource, resource: {{name: cpu, target: {target}}}}}"
        ))
    };
    assert!(check(None, &hpa("maxReplicas: 3, metrics: [{type: Resource, resource: {name: memory, target: {type: AverageValue, averageValue: 500Mi}}}]")).is_ok());
    assert_eq!(
        resource("{type: Utilization}"),
        format!(
            "{INVALID}spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization"
        )
    );
    assert_eq!(
        resource("{type: Utilization, averageUtilization: 50, averageValue: 100m}"),
        format!(
            "{INVALID}spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization"
        )
    );
    assert_eq!(
        resource("{type: AverageValue, averageValue: \"-0.5\"}"),
        format!(
            "{INVALID}spec.metrics[0].resource.target.averageValue: Invalid value: \"-500m\": must be positive"
        )
    );
    assert_eq!(
        resource("{type: Percent, averageUtilization: 0}"),
        format!(
            "{INVALID}[spec.metrics[0].resource.target.type: Invalid value: \"Percent\": must be either Utilization, Value, or AverageValue, spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0]"
        )
    );
    assert_eq!(
        metric_refused(
            "{type: ContainerResource, containerResource: {name: cpu, container: App, target: {type: Utilization, averageUtilization: 60}}}"
        ),
        format!(
            "{INVALID}spec.metrics[0].containerResource.container: Invalid value: \"App\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
        )
    );
    assert_eq!(
        metric_refused(
            "{type: ContainerResource, containerResource: {target: {type: Utilization, averageUtilization: 60}}}"
        ),
        format!(
            "{INVALID}[spec.metrics[0].containerResource.name: Required value: must specify a resource name, spec.metrics[0].containerResource.container: Required value: must specify a container]"
        )
    );
}

/// `validateObjectSource`, `validateExternalSource`, `validatePodsSource`
/// and `validateMetricIdentifier`: a metric name that is a path segment,
/// the values each source needs; a described object's apiVersion may lack
/// a group but must parse.
#[test]
fn object_external_and_pods_metric_targets() {
    let object = |version: &str, target: &str| {
        format!(
            "{{type: Object, object: {{describedObject: {{apiVersion: {version}, kind: Service, name: web}}, metric: {{name: hits}}, target: {target}}}}}"
        )
    };
    assert!(
        check(
            None,
            &hpa(&format!(
                "maxReplicas: 3, metrics: [{}]",
                object("v1", "{type: Value, value: 10}")
            ))
        )
        .is_ok()
    );
    assert_eq!(
        metric_refused(&object("a/b/c", "{type: Value}")),
        format!(
            "{INVALID}[spec.metrics[0].object.describedObject.apiVersion: Invalid value: \"a/b/c\": unexpected GroupVersion string: a/b/c, spec.metrics[0].object.target.averageValue: Required value: must set either a target value or averageValue]"
        )
    );
    // An update of an object whose described object was already invalid.
    let bad = hpa(&format!(
        "maxReplicas: 3, metrics: [{}]",
        object("a/b/c", "{type: Value, value: 1}")
    ));
    assert!(check(Some(&bad), &bad).is_ok());
    assert_eq!(
        metric_refused(
            "{type: External, external: {metric: {name: a/b}, target: {type: Value, value: 0, averageValue: 2}}}"
        ),
        format!(
            "{INVALID}[spec.metrics[0].external.metric.name: Invalid value: \"a/b\": may not contain '/', spec.metrics[0].external.target.value: Invalid value: \"0\": must be positive, spec.metrics[0].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target]"
        )
    );
    assert_eq!(
        metric_refused(
            "{type: External, external: {metric: {name: queue}, target: {type: Value}}}"
        ),
        format!(
            "{INVALID}spec.metrics[0].external.target.averageValue: Required value: must set either a target value for metric or a per-pod target"
        )
    );
    assert_eq!(
        metric_refused("{type: Pods, pods: {metric: {}, target: {type: AverageValue, value: 1}}}"),
        format!(
            "{INVALID}[spec.metrics[0].pods.metric.name: Required value: must specify a metric name, spec.metrics[0].pods.target.averageValue: Required value: must specify a positive target averageValue]"
        )
    );
}

/// autoscaling/v1's `targetCPUUtilizationPercentage` is validated as the
/// utilization of the Resource metric its conversion makes
/// (`validateMetricTarget`), at that metric's path.
#[test]
fn v1_cpu_target_is_the_converted_metric() {
    let v1 = |percent: i64| {
        object(
            "autoscaling/v1",
            &format!(
                "{{scaleTargetRef: {{apiVersion: apps/v1, kind: Deployment, name: web}}, maxReplicas: 3, targetCPUUtilizationPercentage: {percent}}}"
            ),
        )
    };
    assert!(check(None, &v1(80)).is_ok());
    assert_eq!(
        check(None, &v1(0)).unwrap_err(),
        format!(
            "{INVALID}spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0"
        )
    );
}

/// Through a scenario: an HPA applied with maxReplicas below minReplicas
/// is refused with the server's words (HTTP 422); fixed, it applies.
#[test]
fn scenario_refuses_max_below_min() {
    use crate::scenario::{Outcome, run_scenario_text};
    let apply = |replicas: &str| {
        format!(
            "- manager: m\n  op: apply\n  object: {{apiVersion: autoscaling/v2, kind: HorizontalPodAutoscaler, metadata: {{name: web, namespace: d}}, spec: {{scaleTargetRef: {{apiVersion: apps/v1, kind: Deployment, name: web}}, {replicas}}}}}\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: hpa\nschema: {{builtin: autoscaling/v2/HorizontalPodAutoscaler}}\nsteps:\n{}{}",
        apply("minReplicas: 4, maxReplicas: 2"),
        apply("minReplicas: 2, maxReplicas: 4"),
    );
    let result = run_scenario_text(&text).unwrap();
    assert_eq!(result.steps[0].outcome, Outcome::Invalid);
    assert_eq!(
        result.steps[0].message,
        format!(
            "{INVALID}spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`"
        )
    );
    assert_eq!(result.steps[1].outcome, Outcome::Applied);
}

/// `validateBehavior`, after the metrics: each side's
/// `validateScalingRules` on the defaulted rules (a side left out gets the
/// defaults, which pass): the stabilization window, the select policy (the
/// set's sorted list), at least one policy, each policy's type, value and
/// period, a tolerance not negative.
#[test]
fn behavior() {
    assert!(
        check(
            None,
            &hpa("maxReplicas: 3, behavior: {scaleDown: {stabilizationWindowSeconds: 300, policies: [{type: Percent, value: 50, periodSeconds: 60}]}}")
        )
        .is_ok()
    );
    assert_eq!(
        refused(
            "maxReplicas: 3, behavior: {scaleUp: {stabilizationWindowSeconds: 3601, selectPolicy: Maximum, policies: [{type: Replicas, value: 0, periodSeconds: 1801}]}, scaleDown: {stabilizationWindowSeconds: -1, policies: [], tolerance: -0.1}}"
        ),
        format!(
            "{INVALID}[spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600, \
             spec.behavior.scaleUp.selectPolicy: Unsupported value: \"Maximum\": supported values: \"Disabled\", \"Max\", \"Min\", \
             spec.behavior.scaleUp.policies[0].type: Unsupported value: \"Replicas\": supported values: \"Percent\", \"Pods\", \
             spec.behavior.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero, \
             spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800, \
             spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero, \
             spec.behavior.scaleDown.policies: Required value: must specify at least one Policy, \
             spec.behavior.scaleDown.tolerance: Invalid value: \"-100m\": must be greater than or equal to 0]"
        )
    );
}
