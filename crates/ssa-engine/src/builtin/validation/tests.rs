//! One test per rule, each naming the upstream function it follows.

#![allow(clippy::unwrap_used)]

use super::*;

/// An object as the server validates it: defaulted.
fn defaulted(kind: crate::builtin::defaults::KindDefaults, text: &str) -> Value {
    use crate::schema::Defaulter;
    let mut object = v(text);
    kind.apply_defaults(&mut object, "");
    object
}

/// A Service as the server validates it (`SetDefaults_Service`).
fn service(text: &str) -> Value {
    defaulted(crate::builtin::defaults::KindDefaults::Service, text)
}

fn v(text: &str) -> Value {
    crate::yaml::parse(text).unwrap().value
}

/// The catalogue's `objectMeta` table.
pub(super) fn table() -> Option<&'static Value> {
    crate::builtin::catalogue().and_then(|c| c.object_meta.as_ref())
}

/// The validation of a built-in kind.
fn kind(api_version: &str, kind: &str) -> KindValidation {
    KindValidation::for_kind(api_version, kind, table()).unwrap()
}

fn deploy() -> KindValidation {
    kind("apps/v1", "Deployment")
}

/// A Deployment that passes every rule here, with the defaults' strategy
/// unless `extra` has one.
fn deployment(name: &str, selector: &str, labels: &str, extra: &str) -> Value {
    let strategy = if extra.contains("strategy:") {
        ""
    } else {
        "  strategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 25%, maxSurge: 25%}}\n"
    };
    v(&format!(
        "metadata: {{name: {name}}}\nspec:\n  selector: {selector}\n  template:\n    metadata: {{labels: {labels}}}\n    spec: {{restartPolicy: Always, containers: [{{name: app, image: nginx}}]}}\n{strategy}{extra}"
    ))
}

/// `ValidateObjectMeta` with `NameIsDNSSubdomain`: the name on create.
#[test]
fn an_invalid_name_is_refused_on_create() {
    let d = deployment("My_App", "{matchLabels: {app: web}}", "{app: web}", "");
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"My_App\" is invalid: metadata.name: Invalid value: \"My_App\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
    );
    let ok = deployment("web", "{matchLabels: {app: web}}", "{app: web}", "");
    assert!(deploy().validate(None, &ok).is_ok());
    // A Service's name is a DNS label (`NameIsDNSLabel` with
    // RelaxedServiceNameValidation, beta and on since 1.36: a digit may
    // start it, as `NameIsDNS1035Label` refused before).
    let svc = kind("v1", "Service");
    let named = |name: &str| {
        service(&format!(
            "metadata: {{name: {name}}}\nspec: {{ports: [{{port: 80, protocol: TCP}}]}}"
        ))
    };
    assert_eq!(
        svc.validate(None, &named("Web")).unwrap_err(),
        "Service \"Web\" is invalid: metadata.name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"
    );
    assert_eq!(svc.validate(None, &named("1web")), Ok(()));
    // `ValidateObjectMeta`: a name is required.
    assert_eq!(
        kind("v1", "ConfigMap")
            .validate(None, &v("data: {a: b}"))
            .unwrap_err(),
        "ConfigMap \"\" is invalid: metadata.name: Required value: name or generateName is required"
    );
}

/// `ValidateLabels` (metadata) and `ValidatePodTemplateSpec` (template
/// labels at `spec.template.labels`); several errors are bracketed.
#[test]
fn invalid_label_values_are_refused() {
    let cm = v("metadata: {name: c, labels: {tier: 'front end'}}");
    assert_eq!(
        kind("v1", "ConfigMap").validate(None, &cm).unwrap_err(),
        "ConfigMap \"c\" is invalid: metadata.labels: Invalid value: \"front end\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
    );
    let d = deployment(
        "web",
        "{matchLabels: {app: web}}",
        "{app: web, v: '-1'}",
        "",
    );
    let e = deploy().validate(None, &d).unwrap_err();
    assert!(
        e.starts_with("Deployment.apps \"web\" is invalid: spec.template.labels: Invalid value: \"-1\": a valid label"),
        "{e}"
    );
    let both = v("metadata: {name: c, labels: {a: '-', b: '-'}}");
    let e = kind("v1", "ConfigMap").validate(None, &both).unwrap_err();
    // The same message twice is listed once (`ToAggregate`).
    assert!(
        e.starts_with("ConfigMap \"c\" is invalid: metadata.labels: Invalid value: \"-\""),
        "{e}"
    );
    assert!(!e.contains("is invalid: ["), "{e}");
}

/// `ValidateDeploymentSpec`: a selector is required; missing, it matches
/// nothing, so the template check fails too.
#[test]
fn a_missing_selector_is_required() {
    let d = v(
        "metadata: {name: web}\nspec:\n  strategy: {type: Recreate}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {restartPolicy: Always, containers: [{name: app, image: nginx}]}\n",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: {\"app\":\"web\"}: `selector` does not match template `labels`]"
    );
    let empty = deployment("web", "{}", "{app: web}", "");
    assert_eq!(
        deploy().validate(None, &empty).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for deployment"
    );
}

/// `ValidatePodTemplateSpecForReplicaSet`: the selector must match the
/// template's labels (value printed as JSON since Kubernetes 1.34).
#[test]
fn selector_must_match_labels() {
    let d = deployment("web", "{matchLabels: {app: web}}", "{app: api}", "");
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"api\"}: `selector` does not match template `labels`"
    );
    let exprs = deployment(
        "web",
        "{matchExpressions: [{key: app, operator: In, values: [web, api]}]}",
        "{app: api}",
        "",
    );
    assert!(deploy().validate(None, &exprs).is_ok());
    let ds = kind("apps/v1", "DaemonSet");
    let d = workload(
        crate::builtin::defaults::KindDefaults::DaemonSet,
        &deployment("agent", "{matchLabels: {app: agent}}", "{app: other}", ""),
    );
    assert!(
        ds.validate(None, &d)
            .unwrap_err()
            .starts_with("DaemonSet.apps \"agent\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"other\"}")
    );
}

/// `ValidateLabelSelector` then `LabelSelectorAsSelector`: a
/// Deployment's selector with a lower-case operator and a bad label value
/// is refused requirement by requirement, then as a whole ("invalid label
/// selector"), and its template is not checked against it.
#[test]
fn an_invalid_selector_is_refused_before_the_template() {
    let d = deployment(
        "web",
        "{matchLabels: {app: web}, matchExpressions: [{key: tier, operator: in, values: [a]}, {key: env, operator: In}, {key: -x, operator: Exists, values: [b/c]}]}",
        "{app: other}",
        "",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        concat!(
            "Deployment.apps \"web\" is invalid: [",
            "spec.selector.matchExpressions[0].operator: Invalid value: \"in\": not a valid selector operator, ",
            "spec.selector.matchExpressions[1].values: Required value: must be specified when `operator` is 'In' or 'NotIn', ",
            "spec.selector.matchExpressions[2].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist', ",
            "spec.selector.matchExpressions[2].key: Invalid value: \"-x\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
            ", spec.selector.matchExpressions[2].values[0]: Invalid value: \"b/c\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
            ", spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"web\"},\"matchExpressions\":[{\"key\":\"tier\",\"operator\":\"in\",\"values\":[\"a\"]},{\"key\":\"env\",\"operator\":\"In\"},{\"key\":\"-x\",\"operator\":\"Exists\",\"values\":[\"b/c\"]}]}: invalid label selector]"
        )
    );
    // A StatefulSet reports the selector `LabelSelectorAsSelector` refuses
    // with no detail; a missing one is required and matches nothing.
    let sts = kind("apps/v1", "StatefulSet");
    let bad = stateful_set(&deployment(
        "db",
        "{matchLabels: {app: \"a b\"}}",
        "{app: db}",
        "",
    ));
    let e = sts.validate(None, &bad).unwrap_err();
    assert!(
        e.ends_with(", spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"a b\"}}]"),
        "{e}"
    );
    assert!(
        e.contains("spec.selector.matchLabels: Invalid value: \"a b\""),
        "{e}"
    );
    let missing = defaulted(
        crate::builtin::defaults::KindDefaults::StatefulSet,
        "metadata: {name: db}\nspec:\n  template:\n    metadata: {labels: {app: db}}\n    spec: {containers: [{name: db, image: postgres}]}\n",
    );
    assert_eq!(
        sts.validate(None, &missing).unwrap_err(),
        "StatefulSet.apps \"db\" is invalid: [spec.selector: Required value, spec.template.metadata.labels: Invalid value: {\"app\":\"db\"}: `selector` does not match template `labels`]"
    );
    let empty = stateful_set(&deployment("db", "{}", "{app: db}", ""));
    assert_eq!(
        sts.validate(None, &empty).unwrap_err(),
        "StatefulSet.apps \"db\" is invalid: spec.selector: Invalid value: {}: empty selector is invalid for statefulset"
    );
}

/// `ValidatePodDisruptionBudgetStatusUpdate`: `ValidateConditions` on the
/// status's `metav1.Condition`s (what the disruption controller writes
/// passes), then the counts; `ValidateHorizontalPodAutoscalerStatusUpdate`:
/// the replica counts.
#[test]
fn status_counts_and_conditions_of_budgets_and_autoscalers() {
    let pdb = kind("policy/v1", "PodDisruptionBudget");
    let old = v("metadata: {name: web}\nspec: {minAvailable: 1}\n");
    let written = v(
        "metadata: {name: web}\nspec: {minAvailable: 1}\nstatus: {disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2, conditions: [{type: DisruptionAllowed, status: 'True', reason: SufficientPods, message: '', lastTransitionTime: '2026-01-01T00:00:00Z'}]}\n",
    );
    assert_eq!(pdb.validate_status(&old, &written), Ok(()));
    let bad = v(
        "metadata: {name: web}\nspec: {minAvailable: 1}\nstatus: {disruptionsAllowed: -1, conditions: [{type: DisruptionAllowed, status: 'yes', reason: 'not ok', observedGeneration: -1}, {type: DisruptionAllowed, lastTransitionTime: '2026-01-01T00:00:00Z', reason: Fine}, {type: 'a b', status: Unknown, lastTransitionTime: '2026-01-01T00:00:00Z'}]}\n",
    );
    assert_eq!(
        pdb.validate_status(&old, &bad).unwrap_err(),
        "PodDisruptionBudget.policy \"web\" is invalid: [status.conditions[0].status: Unsupported value: \"yes\": supported values: \"False\", \"True\", \"Unknown\", status.conditions[0].observedGeneration: Invalid value: -1: must be greater than or equal to zero, status.conditions[0].lastTransitionTime: Required value, status.conditions[0].reason: Invalid value: \"not ok\": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?'), status.conditions[1]: Duplicate value: \"DisruptionAllowed\", status.conditions[1].status: Required value, status.conditions[2].type: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), status.conditions[2].reason: Required value, status.disruptionsAllowed: Invalid value: -1: must be greater than or equal to 0]"
    );
    let hpa = kind("autoscaling/v2", "HorizontalPodAutoscaler");
    let old = v("metadata: {name: web}\nspec: {maxReplicas: 3}\n");
    let negative = v(
        "metadata: {name: web}\nspec: {maxReplicas: 3}\nstatus: {currentReplicas: -1, desiredReplicas: 2}\n",
    );
    assert_eq!(
        hpa.validate_status(&old, &negative).unwrap_err(),
        "HorizontalPodAutoscaler.autoscaling \"web\" is invalid: status.currentReplicas: Invalid value: -1: must be greater than or equal to 0"
    );
}

/// `ValidatePodDisruptionBudgetSpec`: both bounds set (the internal spec
/// printed by `json.Marshal`), each bound a count or percentage of at
/// most 100%, the selector as `ValidateLabelSelector` has it, a known
/// unhealthy-pod eviction policy.
#[test]
fn pod_disruption_budgets_take_one_bound_and_known_policies() {
    let pdb = kind("policy/v1", "PodDisruptionBudget");
    let both = v(
        "metadata: {name: web}\nspec: {minAvailable: 1, maxUnavailable: 50%, selector: {matchLabels: {app: web}}}\n",
    );
    assert_eq!(
        pdb.validate(None, &both).unwrap_err(),
        "PodDisruptionBudget.policy \"web\" is invalid: spec: Invalid value: {\"MinAvailable\":1,\"Selector\":{\"matchLabels\":{\"app\":\"web\"}},\"MaxUnavailable\":\"50%\",\"UnhealthyPodEvictionPolicy\":null}: minAvailable and maxUnavailable cannot be both set"
    );
    let bounds = v(
        "metadata: {name: web}\nspec: {minAvailable: 120%, unhealthyPodEvictionPolicy: Always}\n",
    );
    assert_eq!(
        pdb.validate(None, &bounds).unwrap_err(),
        "PodDisruptionBudget.policy \"web\" is invalid: [spec.minAvailable: Invalid value: \"120%\": must not be greater than 100%, spec.unhealthyPodEvictionPolicy: Unsupported value: \"Always\": supported values: \"AlwaysAllow\", \"IfHealthyBudget\"]"
    );
    let negative = v(
        "metadata: {name: web}\nspec: {maxUnavailable: -1, selector: {matchExpressions: [{key: app, operator: Exists}]}}\n",
    );
    assert_eq!(
        pdb.validate(None, &negative).unwrap_err(),
        "PodDisruptionBudget.policy \"web\" is invalid: spec.maxUnavailable: Invalid value: -1: must be greater than or equal to 0"
    );
    let ok = v(
        "metadata: {name: web}\nspec: {maxUnavailable: 25%, unhealthyPodEvictionPolicy: AlwaysAllow, selector: {matchLabels: {app: web}}}\n",
    );
    assert!(pdb.validate(None, &ok).is_ok());
    assert!(
        pdb.validate(Some(&ok), &both).is_err(),
        "updates are validated too"
    );
}

/// `ValidatePriorityClass`: a user class's value at most a billion, the
/// `system-` prefix kept for the system classes as they are, a known
/// preemption policy; `ValidatePriorityClassUpdate`: the value and the
/// policy immutable.
#[test]
fn priority_classes_keep_their_value() {
    let pc = kind("scheduling.k8s.io/v1", "PriorityClass");
    let high = v("metadata: {name: batch-high}\nvalue: 1000000001\npreemptionPolicy: Always\n");
    assert_eq!(
        pc.validate(None, &high).unwrap_err(),
        "PriorityClass.scheduling.k8s.io \"batch-high\" is invalid: [value: Forbidden: maximum allowed value of a user defined priority is 1000000000, preemptionPolicy: Unsupported value: \"Always\": supported values: \"PreemptLowerPriority\", \"Never\"]"
    );
    let system = v("metadata: {name: system-node-critical}\nvalue: 1000\n");
    assert_eq!(
        pc.validate(None, &system).unwrap_err(),
        "PriorityClass.scheduling.k8s.io \"system-node-critical\" is invalid: metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: value of system-node-critical PriorityClass must be 2000001000"
    );
    let unknown = v("metadata: {name: system-mine}\nvalue: 1\n");
    assert!(
        pc.validate(None, &unknown)
            .unwrap_err()
            .ends_with("error: system-mine is not a known system priority class")
    );
    let ok = v("metadata: {name: batch}\nvalue: 1000\npreemptionPolicy: PreemptLowerPriority\n");
    assert!(pc.validate(None, &ok).is_ok());
    let changed = v("metadata: {name: batch}\nvalue: 2000\npreemptionPolicy: Never\n");
    assert_eq!(
        pc.validate(Some(&ok), &changed).unwrap_err(),
        "PriorityClass.scheduling.k8s.io \"batch\" is invalid: [value: Forbidden: may not be changed in an update., preemptionPolicy: Invalid value: \"Never\": field is immutable]"
    );
}

/// `validateContainers`, `validateContainerCommon`,
/// `validateContainerPorts`: in container order, name then image then
/// ports, then the duplicate name.
#[test]
fn containers_need_names_images_and_unique_names() {
    let d = v(
        "metadata: {name: web}\nspec:\n  strategy: {type: Recreate}\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec:\n      restartPolicy: Always\n      containers:\n      - {name: app, image: nginx, ports: [{name: http, containerPort: 80, protocol: TCP}, {name: http, containerPort: 81, protocol: TCP}]}\n      - {name: app}\n",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: [spec.template.spec.containers[0].ports[1].name: Duplicate value: \"http\", spec.template.spec.containers[1].image: Required value, spec.template.spec.containers[1].name: Duplicate value: \"app\"]"
    );
    let pod = v("metadata: {name: p}\nspec: {containers: []}");
    assert_eq!(
        kind("v1", "Pod").validate(None, &pod).unwrap_err(),
        "Pod \"p\" is invalid: spec.containers: Required value"
    );
}

/// `ValidatePodTemplateSpecForReplicaSet`: pods of a workload restart always.
#[test]
fn workload_pods_restart_always() {
    let d = v(
        "metadata: {name: web}\nspec:\n  strategy: {type: Recreate}\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {restartPolicy: Never, containers: [{name: app, image: nginx}]}\n",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\""
    );
}

/// `ValidateDeploymentStrategy`: rollingUpdate parameters with Recreate.
#[test]
fn recreate_with_rolling_update_is_refused() {
    let d = deployment(
        "web",
        "{matchLabels: {app: web}}",
        "{app: web}",
        "  strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}\n",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"
    );
}

/// `ValidateRollingUpdateDeployment`, `ValidateDeploymentStrategy` and
/// the counts of `ValidateDeploymentSpec`, in upstream's order.
#[test]
fn deployment_strategy_and_counts() {
    let zero = deployment(
        "web",
        "{matchLabels: {app: web}}",
        "{app: web}",
        "  strategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 0, maxSurge: 0%}}\n  replicas: -1\n  minReadySeconds: 30\n  progressDeadlineSeconds: 30\n",
    );
    assert_eq!(
        deploy().validate(None, &zero).unwrap_err(),
        "Deployment.apps \"web\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0, spec.progressDeadlineSeconds: Invalid value: 30: must be greater than minReadySeconds]"
    );
    let odd = deployment(
        "web",
        "{matchLabels: {app: web}}",
        "{app: web}",
        "  strategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 150%, maxSurge: 'x1'}}\n",
    );
    assert_eq!(
        deploy().validate(None, &odd).unwrap_err(),
        "Deployment.apps \"web\" is invalid: [spec.strategy.rollingUpdate.maxSurge: Invalid value: \"x1\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%'), spec.strategy.rollingUpdate.maxUnavailable: Invalid value: \"150%\": must not be greater than 100%]"
    );
    let blue = deployment(
        "web",
        "{matchLabels: {app: web}}",
        "{app: web}",
        "  strategy: {type: BlueGreen}\n",
    );
    assert_eq!(
        deploy().validate(None, &blue).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.strategy: Unsupported value: {\"Type\":\"BlueGreen\",\"RollingUpdate\":null}: supported values: \"Recreate\", \"RollingUpdate\""
    );
}

/// `deploymentStrategy.ValidateUpdate`: `ValidateImmutableField` of the
/// selector, printing the new one.
#[test]
fn selector_is_immutable() {
    let old = deployment("web", "{matchLabels: {app: web}}", "{app: web, v: '1'}", "");
    let new = deployment("web", "{matchLabels: {v: '1'}}", "{app: web, v: '1'}", "");
    assert_eq!(
        deploy().validate(Some(&old), &new).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"v\":\"1\"}}: field is immutable"
    );
    assert!(deploy().validate(Some(&old), &old).is_ok());
    // The name is not checked again on update.
    let rs = kind("apps/v1", "ReplicaSet");
    assert!(rs.validate(Some(&old), &old).is_ok());
}

/// `ValidatePodUpdate`: most of a Pod's spec cannot change once created.
#[test]
fn pod_spec_is_mostly_immutable() {
    let old = v(
        "metadata: {name: p}\nspec: {containers: [{name: a, image: x:1, env: [{name: A, value: '1'}]}]}",
    );
    let image = v(
        "metadata: {name: p}\nspec: {containers: [{name: a, image: x:2, env: [{name: A, value: '1'}]}]}",
    );
    assert!(kind("v1", "Pod").validate(Some(&old), &image).is_ok());
    let env = v(
        "metadata: {name: p}\nspec: {containers: [{name: a, image: x:1, env: [{name: A, value: '2'}]}]}",
    );
    assert!(
        kind("v1", "Pod")
            .validate(Some(&old), &env)
            .unwrap_err()
            .starts_with(
                "Pod \"p\" is invalid: spec: Forbidden: pod updates may not change fields"
            )
    );
    // The new spec is validated as on create (`validatePodMetadataAndSpec`)
    // before what changed is looked at.
    let policy = v(
        "metadata: {name: p}\nspec: {restartPolicy: never, containers: [{name: a, image: x:2, env: [{name: A, value: '1'}]}]}",
    );
    assert!(
        kind("v1", "Pod")
            .validate(Some(&old), &policy)
            .unwrap_err()
            .starts_with(
                "Pod \"p\" is invalid: [spec.restartPolicy: Unsupported value: \"never\": supported values: \"Always\", \"OnFailure\", \"Never\", spec: Forbidden: pod updates may not change fields"
            )
    );
}

/// `ValidateStatefulSetUpdate`: a StatefulSet's serviceName (or selector,
/// or volumeClaimTemplates) cannot change; its replicas can.
#[test]
fn statefulset_spec_is_mostly_immutable() {
    let sts = kind("apps/v1", "StatefulSet");
    let make = |service: &str, replicas: i64| {
        defaulted(
            crate::builtin::defaults::KindDefaults::StatefulSet,
            &format!(
                "metadata: {{name: db}}\nspec:\n  serviceName: {service}\n  replicas: {replicas}\n  selector: {{matchLabels: {{app: db}}}}\n  template:\n    metadata: {{labels: {{app: db}}}}\n    spec: {{containers: [{{name: db, image: postgres}}]}}\n"
            ),
        )
    };
    let old = make("db", 1);
    assert!(sts.validate(Some(&old), &make("db", 3)).is_ok());
    assert_eq!(
        sts.validate(Some(&old), &make("other", 1)).unwrap_err(),
        "StatefulSet.apps \"db\" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"
    );
}

/// A Deployment-shaped object as another workload the server validates:
/// without the Deployment's strategy, defaulted as `kind`.
fn workload(kind: crate::builtin::defaults::KindDefaults, deployment: &Value) -> Value {
    use crate::schema::Defaulter;
    let mut object = deployment.clone();
    if let Some(spec) = object.child_map_mut("spec") {
        spec.remove("strategy");
    }
    kind.apply_defaults(&mut object, "");
    object
}

fn stateful_set(deployment: &Value) -> Value {
    workload(
        crate::builtin::defaults::KindDefaults::StatefulSet,
        deployment,
    )
}

/// `ValidateStatefulSetSpec`: the pod management policy, the update
/// strategy (`validateRollingUpdateStatefulSet`), the claim retention
/// policy, the counts, then the selector and template, whose pod spec is
/// not validated but for its restart policy and deadline.
#[test]
fn statefulset_policies_and_counts() {
    let sts = kind("apps/v1", "StatefulSet");
    let with_pod = |pod: &str, extra: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::StatefulSet,
            &format!(
                "metadata: {{name: db}}\nspec:\n  selector: {{matchLabels: {{app: db}}}}\n  template:\n    metadata: {{labels: {{app: db}}}}\n    spec: {pod}\n{extra}"
            ),
        )
    };
    let make = |extra: &str| with_pod("{containers: [{name: db}]}", extra);
    // A container without an image passes: the template's pod spec is
    // not validated (upstream's TODO in ValidatePodTemplateSpecForStatefulSet).
    assert!(sts.validate(None, &make("")).is_ok());
    assert_eq!(
        sts.validate(
            None,
            &make("  podManagementPolicy: parallel\n  updateStrategy: {type: Rolling}\n  persistentVolumeClaimRetentionPolicy: {whenDeleted: delete}\n  replicas: -1\n  ordinals: {start: -2}\n")
        )
        .unwrap_err(),
        concat!(
            "StatefulSet.apps \"db\" is invalid: [",
            "spec.podManagementPolicy: Invalid value: \"parallel\": must be 'OrderedReady' or 'Parallel', ",
            "spec.updateStrategy: Invalid value: {\"Type\":\"Rolling\",\"RollingUpdate\":null}: must be 'RollingUpdate' or 'OnDelete', ",
            "spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: \"delete\": supported values: \"Retain\", \"Delete\", ",
            "spec.replicas: Invalid value: -1: must be greater than or equal to 0, ",
            "spec.ordinals.start: Invalid value: -2: must be greater than or equal to 0]"
        )
    );
    assert_eq!(
        sts.validate(
            None,
            &make("  updateStrategy: {type: OnDelete, rollingUpdate: {maxUnavailable: 2}}\n")
        )
        .unwrap_err(),
        "StatefulSet.apps \"db\" is invalid: spec.updateStrategy.rollingUpdate: Invalid value: {\"Partition\":0,\"MaxUnavailable\":2}: only allowed for updateStrategy 'RollingUpdate'"
    );
    assert_eq!(
        sts.validate(
            None,
            &make("  updateStrategy: {rollingUpdate: {partition: -1, maxUnavailable: 0}}\n")
        )
        .unwrap_err(),
        concat!(
            "StatefulSet.apps \"db\" is invalid: [",
            "spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0, ",
            "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0]"
        )
    );
    let deadline = with_pod(
        "{containers: [{name: db}], restartPolicy: Never, activeDeadlineSeconds: 5}",
        "",
    );
    assert_eq!(
        sts.validate(None, &deadline).unwrap_err(),
        concat!(
            "StatefulSet.apps \"db\" is invalid: [",
            "spec.template.spec.restartPolicy: Unsupported value: \"Never\": supported values: \"Always\", ",
            "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported]"
        )
    );
}

/// `ValidateDaemonSetSpec`'s last checks: `ValidateDaemonSetUpdateStrategy`
/// and `ValidateRollingUpdateDaemonSet`, the counts, and the template's
/// deadline.
#[test]
fn daemonset_update_strategy() {
    let ds = kind("apps/v1", "DaemonSet");
    let make = |extra: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::DaemonSet,
            &format!(
                "metadata: {{name: agent}}\nspec:\n  selector: {{matchLabels: {{app: agent}}}}\n  template:\n    metadata: {{labels: {{app: agent}}}}\n    spec: {{containers: [{{name: agent, image: fluentd}}]}}\n{extra}"
            ),
        )
    };
    assert!(ds.validate(None, &make("")).is_ok());
    assert!(ds.validate(None, &make("  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 0, maxSurge: 10%}}\n")).is_ok());
    let refused = |extra: &str| ds.validate(None, &make(extra)).unwrap_err();
    assert_eq!(
        refused("  updateStrategy: {rollingUpdate: {maxUnavailable: 0}}\n"),
        "DaemonSet.apps \"agent\" is invalid: spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0"
    );
    assert_eq!(
        refused("  updateStrategy: {rollingUpdate: {maxUnavailable: 1, maxSurge: 1}}\n"),
        "DaemonSet.apps \"agent\" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero"
    );
    assert_eq!(
        refused(
            "  updateStrategy: {rollingUpdate: {maxUnavailable: 150%}}\n  minReadySeconds: -1\n  revisionHistoryLimit: -1\n"
        ),
        concat!(
            "DaemonSet.apps \"agent\" is invalid: [",
            "spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0, ",
            "spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: \"150%\": must not be greater than 100%, ",
            "spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0]"
        )
    );
    assert_eq!(
        refused("  updateStrategy: {type: Rolling, rollingUpdate: {maxSurge: 1}}\n"),
        "DaemonSet.apps \"agent\" is invalid: spec.updateStrategy: Unsupported value: {\"Type\":\"Rolling\",\"RollingUpdate\":{\"MaxUnavailable\":0,\"MaxSurge\":1}}: supported values: \"RollingUpdate\", \"OnDelete\""
    );
    // ValidatePodTemplateSpecForReplicaSet names a ReplicaSet.
    let d = defaulted(
        crate::builtin::defaults::KindDefaults::Deployment,
        "metadata: {name: web}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: app, image: nginx}], activeDeadlineSeconds: 30}\n",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported"
    );
}

/// `ValidateService`: ports are required but for headless and
/// ExternalName services.
#[test]
fn a_service_needs_ports() {
    let svc = kind("v1", "Service");
    assert_eq!(
        svc.validate(
            None,
            &service("metadata: {name: web}\nspec: {selector: {app: web}}")
        )
        .unwrap_err(),
        "Service \"web\" is invalid: spec.ports: Required value"
    );
    assert!(
        svc.validate(
            None,
            &service("metadata: {name: web}\nspec: {clusterIP: None}")
        )
        .is_ok()
    );
    assert!(
        svc.validate(
            None,
            &service("metadata: {name: web}\nspec: {type: ExternalName, externalName: a.example}")
        )
        .is_ok()
    );
}

/// `validateServicePort`: several ports need names, unique DNS labels; a
/// port number in range, a supported protocol, a valid target port.
#[test]
fn service_ports_are_named_and_valid() {
    let svc = kind("v1", "Service");
    let ports = service(
        "metadata: {name: web}\nspec:\n  ports:\n  - {port: 80, protocol: TCP, targetPort: 8080}\n  - {name: metrics, port: 70000, protocol: HTTP, targetPort: metrics-port-long}\n  - {name: metrics, port: 9090, protocol: TCP, targetPort: 70000}\n  - {name: Web, port: 443, protocol: TCP}",
    );
    assert_eq!(
        svc.validate(None, &ports).unwrap_err(),
        "Service \"web\" is invalid: [spec.ports[0].name: Required value, spec.ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[1].protocol: Unsupported value: \"HTTP\": supported values: \"SCTP\", \"TCP\", \"UDP\", spec.ports[1].targetPort: Invalid value: \"metrics-port-long\": must be no more than 15 characters, spec.ports[2].name: Duplicate value: \"metrics\", spec.ports[2].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[3].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]"
    );
    let one = service(
        "metadata: {name: web}\nspec: {ports: [{port: 80, protocol: TCP, targetPort: http}]}",
    );
    assert!(svc.validate(None, &one).is_ok());
}

/// `ValidateConfigMap` and `ValidateSecret`: at most `core.MaxSecretSize`
/// (1 MiB) of data: a ConfigMap's strings and decoded binaryData (the
/// error the whole object's, at an empty path), a Secret's decoded data.
#[test]
fn data_is_at_most_one_mebibyte() {
    let big = "x".repeat(1024 * 1024);
    let cm = |data: &str, binary: &str| {
        v(&format!(
            "metadata: {{name: c}}\ndata: {{a: {data}}}\nbinaryData: {{b: {binary}}}"
        ))
    };
    assert_eq!(
        kind("v1", "ConfigMap")
            .validate(None, &cm(&big, "QQ=="))
            .unwrap_err(),
        "ConfigMap \"c\" is invalid: : Too long: may not be more than 1048576 bytes"
    );
    // One byte less than the limit in all.
    assert!(
        kind("v1", "ConfigMap")
            .validate(None, &cm(&big[2..], "QQ=="))
            .is_ok()
    );
    // 1 MiB + 1 decoded bytes: 349,526 groups of four characters, the
    // last with one padding character.
    let encoded = format!("{}QUE=", "QUFB".repeat(349_525));
    let secret = v(&format!("metadata: {{name: s}}\ndata: {{a: {encoded}}}"));
    assert_eq!(
        kind("v1", "Secret").validate(None, &secret).unwrap_err(),
        "Secret \"s\" is invalid: data: Too long: may not be more than 1048576 bytes"
    );
    let exactly = v(&format!(
        "metadata: {{name: s}}\ndata: {{a: {}QQ==}}",
        "QUFB".repeat(349_525)
    ));
    assert!(kind("v1", "Secret").validate(None, &exactly).is_ok());
}

/// `ValidateConfigMap` (`IsConfigMapKey`, keys in both maps) and
/// `ValidateConfigMapUpdate` (an immutable ConfigMap keeps its data and
/// its mark; an empty map is not an absent one).
#[test]
fn config_map_keys_and_immutability() {
    let cm = kind("v1", "ConfigMap");
    let bad = v("metadata: {name: c}\ndata: {'a b': x, '..x': y, ok: z}\nbinaryData: {ok: eA==}");
    assert_eq!(
        cm.validate(None, &bad).unwrap_err(),
        "ConfigMap \"c\" is invalid: [data[..x]: Invalid value: \"..x\": must not start with '..', data[a b]: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+'), data[ok]: Invalid value: \"ok\": duplicate of key present in binaryData]"
    );
    let old = v("metadata: {name: c}\nimmutable: true\ndata: {a: '1'}");
    assert!(cm.validate(Some(&old), &old).is_ok());
    let changed = v("metadata: {name: c}\nimmutable: true\ndata: {a: '2'}");
    assert_eq!(
        cm.validate(Some(&old), &changed).unwrap_err(),
        "ConfigMap \"c\" is invalid: data: Forbidden: field is immutable when `immutable` is set"
    );
    let unmarked = v("metadata: {name: c}\ndata: {a: '1'}\nbinaryData: {}");
    assert_eq!(
        cm.validate(Some(&old), &unmarked).unwrap_err(),
        "ConfigMap \"c\" is invalid: [immutable: Forbidden: field is immutable when `immutable` is set, binaryData: Forbidden: field is immutable when `immutable` is set]"
    );
}

/// `ValidateSecret` (required keys by type) and `ValidateSecretUpdate`
/// (the type cannot change).
#[test]
fn secret_types_and_updates() {
    let secret = kind("v1", "Secret");
    let tls = v("metadata: {name: s}\ntype: kubernetes.io/tls\ndata: {tls.crt: YQ==}");
    assert_eq!(
        secret.validate(None, &tls).unwrap_err(),
        "Secret \"s\" is invalid: data[tls.key]: Required value"
    );
    let basic = v("metadata: {name: s}\ntype: kubernetes.io/basic-auth\ndata: {}");
    assert_eq!(
        secret.validate(None, &basic).unwrap_err(),
        "Secret \"s\" is invalid: [data[username]: Required value, data[password]: Required value]"
    );
    let token = v("metadata: {name: s}\ntype: kubernetes.io/service-account-token");
    assert_eq!(
        secret.validate(None, &token).unwrap_err(),
        "Secret \"s\" is invalid: metadata.annotations[kubernetes.io/service-account.name]: Required value"
    );
    let opaque = v("metadata: {name: s}\ntype: Opaque\ndata: {tls.crt: YQ==}");
    assert!(secret.validate(None, &opaque).is_ok());
    let retyped =
        v("metadata: {name: s}\ntype: kubernetes.io/tls\ndata: {tls.crt: YQ==, tls.key: YQ==}");
    assert_eq!(
        secret.validate(Some(&opaque), &retyped).unwrap_err(),
        "Secret \"s\" is invalid: type: Invalid value: \"kubernetes.io/tls\": field is immutable"
    );
}

/// `Convert_v1_Secret_To_core_Secret` before `ValidateSecret`: the rules
/// see `stringData`'s values in `data`, over data's own (its keys, the
/// keys a type requires, the size, an immutable Secret's data).
#[test]
fn secret_string_data_is_validated_as_data() {
    let secret = kind("v1", "Secret");
    let tls = v(
        "metadata: {name: s}\ntype: kubernetes.io/tls\ndata: {tls.crt: YQ==}\nstringData: {tls.key: k}",
    );
    assert!(secret.validate(None, &tls).is_ok());
    let bad_key = v("metadata: {name: s}\nstringData: {a b: v}");
    assert_eq!(
        secret.validate(None, &bad_key).unwrap_err(),
        "Secret \"s\" is invalid: data[a b]: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')"
    );
    let too_big = v(&format!(
        "metadata: {{name: s}}\nstringData: {{k: {}}}",
        "x".repeat(1024 * 1024 + 1)
    ));
    assert_eq!(
        secret.validate(None, &too_big).unwrap_err(),
        "Secret \"s\" is invalid: data: Too long: may not be more than 1048576 bytes"
    );
    // The same data, written once through stringData: not a change.
    let old = v("metadata: {name: s}\nimmutable: true\ndata: {k: dg==}");
    let same = v("metadata: {name: s}\nimmutable: true\nstringData: {k: v}");
    assert!(secret.validate(Some(&old), &same).is_ok());
    let other = v("metadata: {name: s}\nimmutable: true\ndata: {k: dg==}\nstringData: {k: w}");
    assert_eq!(
        secret.validate(Some(&old), &other).unwrap_err(),
        "Secret \"s\" is invalid: data: Forbidden: field is immutable when `immutable` is set"
    );
}

/// `ValidateSecret`'s docker configs: `json.Unmarshal` into a map must
/// take them, and its error is the detail; the value is redacted.
#[test]
fn secret_docker_configs_are_json_objects() {
    let secret = kind("v1", "Secret");
    let config = |kind: &str, key: &str, config: &str| {
        let text = format!(
            "metadata: {{name: s}}\ntype: kubernetes.io/{kind}\nstringData: {{{key}: '{config}'}}"
        );
        secret.validate(None, &v(&text))
    };
    assert!(config("dockerconfigjson", ".dockerconfigjson", r#"{"auths":{}}"#).is_ok());
    assert_eq!(
        config(
            "dockerconfigjson",
            ".dockerconfigjson",
            r#"{"auths":{"r":{}}"#
        )
        .unwrap_err(),
        "Secret \"s\" is invalid: data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": unexpected end of JSON input"
    );
    assert_eq!(
        config("dockercfg", ".dockercfg", "[]").unwrap_err(),
        "Secret \"s\" is invalid: data[.dockercfg]: Invalid value: \"<secret contents redacted>\": json: cannot unmarshal array into Go value of type map[string]interface {}"
    );
    // `e30=` is `{}`; `Ww==` is `[`.
    let data = v(
        "metadata: {name: s}\ntype: kubernetes.io/dockerconfigjson\ndata: {.dockerconfigjson: Ww==}",
    );
    assert_eq!(
        secret.validate(None, &data).unwrap_err(),
        "Secret \"s\" is invalid: data[.dockerconfigjson]: Invalid value: \"<secret contents redacted>\": unexpected end of JSON input"
    );
    let missing = v("metadata: {name: s}\ntype: kubernetes.io/dockercfg\ndata: {other: e30=}");
    assert_eq!(
        secret.validate(None, &missing).unwrap_err(),
        "Secret \"s\" is invalid: data[.dockercfg]: Required value"
    );
}

fn pvc() -> KindValidation {
    kind("v1", "PersistentVolumeClaim")
}

/// A claim as the server stores it (volumeMode defaulted).
fn claim(spec: &str, status: &str) -> Value {
    v(&format!(
        "metadata: {{name: local-pvc}}\nspec: {{accessModes: [ReadWriteOnce], volumeMode: Filesystem, {spec}}}\nstatus: {status}"
    ))
}

/// The start of `ValidatePersistentVolumeClaimUpdate`'s message for a
/// changed spec (upstream appends go-cmp's diff of the specs, not printed
/// here).
const PVC_IMMUTABLE: &str = "PersistentVolumeClaim \"local-pvc\" is invalid: spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims";

/// `ValidatePersistentVolumeClaimUpdate`: the spec cannot change, but for
/// the volume's name once and a class from nil.
#[test]
fn pvc_spec_is_immutable() {
    let old = claim(
        "resources: {requests: {storage: 500Mi}}, storageClassName: local-path",
        "{phase: Bound, capacity: {storage: 500Mi}}",
    );
    let new = claim(
        "resources: {requests: {storage: 500Mi}}, storageClassName: local-storage",
        "{phase: Bound, capacity: {storage: 500Mi}}",
    );
    assert_eq!(pvc().validate(Some(&old), &new).unwrap_err(), PVC_IMMUTABLE);
    // The volume's name once, a class from nil: allowed.
    let unnamed = claim("resources: {requests: {storage: 1Gi}}", "{phase: Pending}");
    let named = claim(
        "resources: {requests: {storage: 1Gi}}, volumeName: pv-1, storageClassName: fast",
        "{phase: Pending}",
    );
    assert!(pvc().validate(Some(&unnamed), &named).is_ok());
    // Both dropped again (a client that does not send them).
    let gp2 = claim(
        "resources: {requests: {storage: 30Gi}}, volumeName: pvc-1ca14d89-cd6b-45c2-a0f9-f23d8aadab87, storageClassName: gp2",
        "{phase: Bound}",
    );
    let dropped = claim("resources: {requests: {storage: 30Gi}}", "{phase: Bound}");
    assert_eq!(
        pvc().validate(Some(&gp2), &dropped).unwrap_err(),
        PVC_IMMUTABLE
    );
    // The same request written otherwise, an empty list: the same spec.
    let written = claim(
        "resources: {requests: {storage: 30720Mi}}, volumeName: pvc-1ca14d89-cd6b-45c2-a0f9-f23d8aadab87, storageClassName: gp2, dataSource: null",
        "{phase: Pending}",
    );
    assert_eq!(pvc().validate(Some(&gp2), &written), Ok(()));
}

/// The storage request of an unbound claim cannot change; a bound one's
/// can, down to its capacity.
#[test]
fn pvc_storage_request() {
    let at = |size: &str, status: &str| {
        claim(
            &format!("resources: {{requests: {{storage: {size}}}}}"),
            status,
        )
    };
    let pending = "{phase: Pending}";
    assert_eq!(
        pvc()
            .validate(Some(&at("500Mi", pending)), &at("1Gi", pending))
            .unwrap_err(),
        PVC_IMMUTABLE
    );
    let bound = "{phase: Bound, capacity: {storage: 1Gi}}";
    assert!(
        pvc()
            .validate(Some(&at("1Gi", bound)), &at("2Gi", bound))
            .is_ok()
    );
    assert_eq!(
        pvc()
            .validate(Some(&at("2Gi", bound)), &at("1Gi", bound))
            .unwrap_err(),
        "PersistentVolumeClaim \"local-pvc\" is invalid: spec.resources.requests.storage: Forbidden: field can not be less than status.capacity"
    );
    assert!(
        pvc()
            .validate(Some(&at("2Gi", bound)), &at("1536Mi", bound))
            .is_ok()
    );
}

/// A changed volumeMode: the spec, then `ValidateImmutableField` (at
/// `volumeMode`, as upstream's path reads); an added selector.
#[test]
fn pvc_volume_mode_and_selector() {
    let old = claim(
        "resources: {requests: {storage: 1Gi}}, storageClassName: local-path",
        "{phase: Pending}",
    );
    let block = v(&old.to_json().replace("Filesystem", "Block"));
    assert_eq!(
        pvc().validate(Some(&old), &block).unwrap_err(),
        "PersistentVolumeClaim \"local-pvc\" is invalid: [spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims, volumeMode: Invalid value: \"Block\": field is immutable]"
    );
    let old = claim("resources: {requests: {storage: 1Gi}}", "{phase: Pending}");
    let selected = claim(
        "resources: {requests: {storage: 1Gi}}, selector: {matchLabels: {app: web}}",
        "{phase: Pending}",
    );
    assert_eq!(
        pvc().validate(Some(&old), &selected).unwrap_err(),
        PVC_IMMUTABLE
    );
}

/// `ValidatePersistentVolumeClaimSpec`, on create (and again on update).
#[test]
fn pvc_spec_values() {
    assert_eq!(
        pvc()
            .validate(None, &v("metadata: {name: c}\nspec: {}"))
            .unwrap_err(),
        "PersistentVolumeClaim \"c\" is invalid: [spec.accessModes: Required value: at least 1 access mode is required, spec.resources[storage]: Required value]"
    );
    assert_eq!(
        pvc().validate(
            None,
            &v("metadata: {name: c}\nspec: {accessModes: [ReadWriteSometimes], resources: {requests: {storage: '0'}}, volumeMode: Raw}")
        )
        .unwrap_err(),
        "PersistentVolumeClaim \"c\" is invalid: [spec.accessModes: Unsupported value: \"ReadWriteSometimes\": supported values: \"ReadOnlyMany\", \"ReadWriteMany\", \"ReadWriteOnce\", \"ReadWriteOncePod\", spec.resources[storage]: Invalid value: \"0\": must be greater than zero, spec.volumeMode: Unsupported value: \"Raw\": supported values: \"Block\", \"Filesystem\"]"
    );
    assert!(
        pvc()
            .validate(
                None,
                &claim("resources: {requests: {storage: 1Gi}}", "{phase: Pending}")
            )
            .is_ok()
    );
}

/// A claim's label selector (after the missing access modes) and data
/// sources (`validateDataSource`, `validateDataSourceRef`, as the strategy
/// normalizes them: each filled from the other), then their agreement;
/// a snapshot restore passes; on update, the API groups a stored claim's
/// data sources had are not checked again.
#[test]
fn pvc_selector_and_data_sources() {
    let refused = |spec: &str| {
        pvc()
            .validate(None, &claim(spec, "{}"))
            .unwrap_err()
            .split_once("is invalid: ")
            .unwrap()
            .1
            .to_string()
    };
    let storage = "resources: {requests: {storage: 1Gi}}";
    assert_eq!(
        pvc()
            .validate(None, &v("metadata: {name: c}\nspec: {selector: {matchExpressions: [{key: tier, operator: In}]}, resources: {requests: {storage: 1Gi}}}"))
            .unwrap_err(),
        "PersistentVolumeClaim \"c\" is invalid: [spec.accessModes: Required value: at least 1 access mode is required, spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn']"
    );
    let snapshot =
        "{apiGroup: snapshot.storage.k8s.io, kind: VolumeSnapshot, name: new-snapshot-test}";
    let restore = format!("{storage}, dataSource: {snapshot}, dataSourceRef: {snapshot}");
    assert!(pvc().validate(None, &claim(&restore, "{}")).is_ok());
    let bare = "{kind: VolumeSnapshot, name: snap}";
    assert_eq!(
        refused(&format!(
            "{storage}, dataSource: {bare}, dataSourceRef: {bare}"
        )),
        "[spec.dataSource: Invalid value: \"VolumeSnapshot\": must be 'PersistentVolumeClaim' when referencing the default apiGroup, spec.dataSourceRef: Invalid value: \"VolumeSnapshot\": must be 'PersistentVolumeClaim' when referencing the default apiGroup]"
    );
    assert_eq!(
        refused(&format!(
            "{storage}, dataSource: {{apiGroup: Snapshots, kind: ''}}, dataSourceRef: {{apiGroup: Snapshots, kind: VolumeSnapshot, name: snap, namespace: Other}}"
        )),
        format!(
            "[spec.dataSource.name: Required value, spec.dataSource.kind: Required value, spec.dataSource.apiGroup: Invalid value: \"Snapshots\": {SUBDOMAIN_MSG}, spec.dataSourceRef.apiGroup: Invalid value: \"Snapshots\": {SUBDOMAIN_MSG}, spec.dataSourceRef.namespace: Invalid value: \"Other\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec: Invalid value: {{}}: may not be specified when dataSourceRef.namespace is specified]"
        )
    );
    let other = "{apiGroup: snapshot.storage.k8s.io, kind: VolumeSnapshot, name: other}";
    assert_eq!(
        refused(&format!(
            "{storage}, dataSource: {snapshot}, dataSourceRef: {other}"
        )),
        "spec: Invalid value: {}: must match dataSourceRef"
    );
    let bad_group = "{apiGroup: Snapshots, kind: VolumeSnapshot, name: snap}";
    let grouped = claim(
        &format!("{storage}, dataSource: {bad_group}, dataSourceRef: {bad_group}"),
        "{}",
    );
    assert!(pvc().validate(Some(&grouped), &grouped).is_ok());
}

/// The subdomain message `NameIsDNSSubdomain` gives a name such as
/// `My_Job`.
const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// The create of `object` (YAML) as a `kind_name` of `api_version`: the
/// server's message when it is refused.
fn create(api_version: &str, kind_name: &str, object: &str) -> Result<(), String> {
    kind(api_version, kind_name).validate(None, &v(object))
}

/// The list of errors a refusal's message ends with (after "is
/// invalid: "), for the rule tests beside each kind's module.
#[cfg(feature = "rare-kinds")]
pub(super) fn listed(result: Result<(), String>) -> Option<String> {
    result
        .err()
        .map(|e| e.split_once("is invalid: ").unwrap().1.to_string())
}

/// The validation of `new` replacing `old` as a `kind_name` of
/// `api_version`: the list of errors when it is refused.
#[cfg(feature = "rare-kinds")]
pub(super) fn errors_of(
    api_version: &str,
    kind_name: &str,
    old: Option<&Value>,
    new: &Value,
) -> Option<String> {
    listed(kind(api_version, kind_name).validate(old, new))
}

/// A scenario's step applying `object` (YAML lines, indented by four) as
/// a `kind` of `api_version`: its message, or `Applied` and the stored
/// object.
#[cfg(feature = "rare-kinds")]
pub(super) fn apply_one(api_version: &str, kind: &str, object: &str) -> (String, Option<Value>) {
    let text = format!(
        "scenario: v1\nname: t\nschema: {{builtin: {api_version}/{kind}}}\nsteps:\n- manager: m\n  op: apply\n  object:\n    apiVersion: {api_version}\n    kind: {kind}\n{object}"
    );
    let result = crate::scenario::run_scenario_text(&text).unwrap();
    let step = &result.steps[0];
    match step.outcome {
        crate::scenario::Outcome::Applied => ("Applied".to_string(), step.object.clone()),
        _ => (step.message.clone(), None),
    }
}

/// Each kind's `ValidateObjectMeta` (name function; apimachinery's or
/// core/validation's) as the catalogue's `objectMeta` has it, for the
/// whole 1.36 catalogue. Sources: tools/objectmeta/generate.py.
#[test]
fn every_catalogue_kind_has_its_metadata_rule() {
    use NameRule::*;
    // (name function, core/validation's), and the kinds that have it.
    type Rule = Option<(NameRule, bool)>;
    let expected: &[(Rule, &[&str])] = &[
        (
            Some((Subdomain, true)),
            &[
                "/ConfigMap",
                "/Endpoints",
                "/LimitRange",
                "/Node",
                "/PersistentVolume",
                "/PersistentVolumeClaim",
                "/Pod",
                "/PodTemplate",
                "/ReplicationController",
                "/ResourceQuota",
                "/Secret",
                "/ServiceAccount",
                "apps/ControllerRevision",
                "apps/DaemonSet",
                "apps/Deployment",
                "apps/ReplicaSet",
                "apps/StatefulSet",
                "autoscaling/HorizontalPodAutoscaler",
                "batch/CronJob",
                "batch/Job",
                "certificates.k8s.io/PodCertificateRequest",
                "discovery.k8s.io/EndpointSlice",
                "events.k8s.io/Event",
                "flowcontrol.apiserver.k8s.io/FlowSchema",
                "flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration",
                "networking.k8s.io/Ingress",
                "networking.k8s.io/IngressClass",
                "networking.k8s.io/NetworkPolicy",
                "networking.k8s.io/ServiceCIDR",
                "resource.k8s.io/DeviceTaintRule",
                "resource.k8s.io/ResourceClaim",
                "resource.k8s.io/ResourceClaimTemplate",
                "resource.k8s.io/ResourcePoolStatusRequest",
                "resource.k8s.io/ResourceSlice",
                "scheduling.k8s.io/PodGroup",
                "scheduling.k8s.io/PriorityClass",
                "scheduling.k8s.io/Workload",
                "storage.k8s.io/CSIDriver",
                "storage.k8s.io/CSINode",
                "storage.k8s.io/CSIStorageCapacity",
                "storage.k8s.io/StorageClass",
                "storage.k8s.io/VolumeAttachment",
                "storage.k8s.io/VolumeAttributesClass",
                "storagemigration.k8s.io/StorageVersionMigration",
            ],
        ),
        (
            Some((Subdomain, false)),
            &[
                "admissionregistration.k8s.io/MutatingWebhookConfiguration",
                "admissionregistration.k8s.io/ValidatingWebhookConfiguration",
                "admissionregistration.k8s.io/ValidatingAdmissionPolicy",
                "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding",
                "admissionregistration.k8s.io/MutatingAdmissionPolicy",
                "admissionregistration.k8s.io/MutatingAdmissionPolicyBinding",
                "coordination.k8s.io/Lease",
                "node.k8s.io/RuntimeClass",
            ],
        ),
        // A Service's name by NameIsDNSLabel: RelaxedServiceNameValidation,
        // beta and on since 1.36.
        (Some((Label, true)), &["/Namespace", "/Service"]),
        (
            Some((PathSegment, true)),
            &[
                "rbac.authorization.k8s.io/Role",
                "rbac.authorization.k8s.io/ClusterRole",
                "rbac.authorization.k8s.io/RoleBinding",
                "rbac.authorization.k8s.io/ClusterRoleBinding",
            ],
        ),
        (
            Some((Crd, false)),
            &["apiextensions.k8s.io/CustomResourceDefinition"],
        ),
        (
            Some((ApiService, false)),
            &["apiregistration.k8s.io/APIService"],
        ),
        (
            Some((Any, true)),
            &["certificates.k8s.io/CertificateSigningRequest"],
        ),
        (Some((Ip, true)), &["networking.k8s.io/IPAddress"]),
        (Some((LongName, true)), &["resource.k8s.io/DeviceClass"]),
        (
            Some((TrustBundle, true)),
            &["certificates.k8s.io/ClusterTrustBundle"],
        ),
        (
            Some((ConfigMapKey, false)),
            &["coordination.k8s.io/LeaseCandidate"],
        ),
        (
            Some((StorageVersion, false)),
            &["internal.apiserver.k8s.io/StorageVersion"],
        ),
        (None, &["/Event", "policy/PodDisruptionBudget"]),
    ];
    let not_stored = [
        "APIGroup",
        "APIVersions",
        "Binding",
        "ComponentStatus",
        "DeleteOptions",
        "Status",
        "WatchEvent",
        "Scale",
        "Eviction",
        "SelfSubjectReview",
        "TokenRequest",
        "TokenReview",
        "LocalSubjectAccessReview",
        "SelfSubjectAccessReview",
        "SelfSubjectRulesReview",
        "SubjectAccessReview",
    ];
    let mut checked = 0;
    for (api_version, kind_name) in crate::builtin::kinds() {
        let group = api_version.rsplit_once('/').map_or("", |(g, _)| g);
        let key = format!("{group}/{kind_name}");
        let got = KindValidation::for_kind(api_version, kind_name, table()).map(|v| v.meta);
        let want = if kind_name.ends_with("List") || not_stored.contains(&kind_name) {
            None
        } else {
            let found = expected
                .iter()
                .find(|(_, kinds)| kinds.contains(&key.as_str()));
            Some(found.unwrap_or_else(|| panic!("{key} not researched")).0)
        };
        assert_eq!(got, want, "{key}");
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

/// `NameIsDNSSubdomain` for kinds that had no validation before: a Job
/// (`ValidateJob` → `ValidateReplicationControllerName`), an Ingress.
#[test]
fn subdomain_names_for_every_kind() {
    assert_eq!(
        create("batch/v1", "Job", "metadata: {name: My_Job}\nspec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}}").unwrap_err(),
        format!(
            "Job.batch \"My_Job\" is invalid: metadata.name: Invalid value: \"My_Job\": {SUBDOMAIN_MSG}"
        )
    );
    assert!(create("batch/v1", "Job", "metadata: {name: my-job}\nspec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}}").is_ok());
    assert!(
        create("networking.k8s.io/v1", "Ingress", "metadata: {name: a_b}\nspec: {defaultBackend: {service: {name: web, port: {number: 80}}}}")
            .unwrap_err()
            .starts_with("Ingress.networking.k8s.io \"a_b\" is invalid: metadata.name: Invalid value: \"a_b\": a lowercase RFC 1123 subdomain")
    );
    // NameIsDNSLabel: a Namespace name has no dots.
    assert_eq!(
        create("v1", "Namespace", "metadata: {name: a.b}").unwrap_err(),
        "Namespace \"a.b\" is invalid: metadata.name: Invalid value: \"a.b\": must not contain dots"
    );
}

/// `ValidateRBACName` (`IsValidPathSegmentName`): ':' and capitals are
/// fine, '/', '%', "." and ".." are not.
#[test]
fn rbac_names_are_path_segments() {
    let rbac = "rbac.authorization.k8s.io/v1";
    assert!(
        create(
            rbac,
            "ClusterRole",
            "metadata: {name: 'system:aggregate-to-edit'}"
        )
        .is_ok()
    );
    // A binding's role reference (`ValidateRoleBinding`) is valid.
    let role_ref = "roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: view}";
    assert!(
        create(
            rbac,
            "RoleBinding",
            &format!("metadata: {{name: My_Binding}}\n{role_ref}")
        )
        .is_ok()
    );
    assert_eq!(
        create(rbac, "Role", "metadata: {name: a/b}").unwrap_err(),
        "Role.rbac.authorization.k8s.io \"a/b\" is invalid: metadata.name: Invalid value: \"a/b\": may not contain '/'"
    );
    assert_eq!(
        create(
            rbac,
            "ClusterRoleBinding",
            &format!("metadata: {{name: '..'}}\n{role_ref}")
        )
        .unwrap_err(),
        "ClusterRoleBinding.rbac.authorization.k8s.io \"..\" is invalid: metadata.name: Invalid value: \"..\": may not be '..'"
    );
    assert_eq!(
        create(rbac, "Role", "metadata: {name: '%/x'}").unwrap_err(),
        "Role.rbac.authorization.k8s.io \"%/x\" is invalid: [metadata.name: Invalid value: \"%/x\": may not contain '/', metadata.name: Invalid value: \"%/x\": may not contain '%']"
    );
}

/// A CronJob's spec that passes `validateCronJobSpec`.
const CRON_SPEC: &str = "\nspec: {schedule: '@daily', jobTemplate: {spec: {template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}}}}";

/// `ValidateCronJobCreate`: a DNS subdomain of at most 52 characters.
#[test]
fn cronjob_names_leave_room_for_the_job_suffix() {
    let long = "a".repeat(53);
    assert_eq!(
        create(
            "batch/v1",
            "CronJob",
            &format!("metadata: {{name: {long}}}{CRON_SPEC}")
        )
        .unwrap_err(),
        format!(
            "CronJob.batch \"{long}\" is invalid: metadata.name: Invalid value: \"{long}\": must be no more than 52 characters"
        )
    );
    assert!(
        create(
            "batch/v1",
            "CronJob",
            &format!("metadata: {{name: {}}}{CRON_SPEC}", "a".repeat(52))
        )
        .is_ok()
    );
}

/// The name functions of `ValidateCustomResourceDefinition` and
/// `ValidateAPIService`.
#[test]
fn names_built_from_the_spec() {
    let crd = |name: &str| {
        create(
            "apiextensions.k8s.io/v1",
            "CustomResourceDefinition",
            &format!(
                "metadata: {{name: {name}}}\nspec: {{group: example.com, scope: Namespaced, names: {{plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}}, versions: [{{name: v1, served: true, storage: true, schema: {{openAPIV3Schema: {{type: object}}}}}}]}}\nstatus: {{storedVersions: [v1]}}"
            ),
        )
    };
    assert!(crd("widgets.example.com").is_ok());
    assert_eq!(
        crd("widget.example.com").unwrap_err(),
        "CustomResourceDefinition.apiextensions.k8s.io \"widget.example.com\" is invalid: metadata.name: Invalid value: \"widget.example.com\": must be spec.names.plural+\".\"+spec.group"
    );
    let api_service = |name: &str| {
        create(
            "apiregistration.k8s.io/v1",
            "APIService",
            &format!(
                "metadata: {{name: {name}}}\nspec: {{group: example.com, version: v1, groupPriorityMinimum: 1000, versionPriority: 15}}"
            ),
        )
    };
    assert!(api_service("v1.example.com").is_ok());
    assert_eq!(
        api_service("v2.example.com").unwrap_err(),
        "APIService.apiregistration.k8s.io \"v2.example.com\" is invalid: metadata.name: Invalid value: \"v2.example.com\": must be `spec.version+\".\"+spec.group`: \"v1.example.com\""
    );
    // ValidLeaseCandidateName: a config map key, dots and capitals too.
    let candidate = |name: &str| {
        create(
            "coordination.k8s.io/v1beta1",
            "LeaseCandidate",
            &format!("metadata: {{name: '{name}'}}"),
        )
    };
    assert!(candidate("Kube_Scheduler.a").is_ok());
    assert!(
        candidate("a b")
            .unwrap_err()
            .starts_with("LeaseCandidate.coordination.k8s.io \"a b\" is invalid: metadata.name: Invalid value: \"a b\": a valid config key must consist of alphanumeric characters")
    );
    // ValidateStorageVersionName: <group>.<resource>, each part by its rule.
    let storage_version = |name: &str| {
        create(
            "internal.apiserver.k8s.io/v1alpha1",
            "StorageVersion",
            &format!("metadata: {{name: '{name}'}}"),
        )
    };
    assert!(storage_version("apps.deployments").is_ok());
    assert_eq!(
        storage_version("deployments").unwrap_err(),
        "StorageVersion.internal.apiserver.k8s.io \"deployments\" is invalid: metadata.name: Invalid value: \"deployments\": name must be in the form of <group>.<resource>"
    );
    assert_eq!(
        storage_version("apps.1pods").unwrap_err(),
        "StorageVersion.internal.apiserver.k8s.io \"apps.1pods\" is invalid: metadata.name: Invalid value: \"apps.1pods\": the resource segment a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"
    );
    // ValidateDeviceClass: ValidateObjectMetaWithOpts leaves generateName
    // to the registry's pass (a path segment prefix).
    let class = |generate_name: &str| {
        create(
            "resource.k8s.io/v1",
            "DeviceClass",
            &format!("metadata: {{name: gpu, generateName: '{generate_name}'}}"),
        )
    };
    assert!(class("GPU-").is_ok());
    assert_eq!(
        class("a/").unwrap_err(),
        "DeviceClass.resource.k8s.io \"gpu\" is invalid: metadata.generateName: Invalid value: \"a/\": may not contain '/'"
    );
    // ValidateIPAddressName: IsValidIP's details.
    let address = |name: &str| {
        create(
            "networking.k8s.io/v1",
            "IPAddress",
            &format!(
                "metadata: {{name: '{name}'}}\nspec: {{parentRef: {{resource: services, name: s}}}}"
            ),
        )
    };
    assert!(address("10.96.0.10").is_ok());
    assert!(address("2001:db8::1").is_ok());
    assert_eq!(
        address("2001:DB8::1").unwrap_err(),
        "IPAddress.networking.k8s.io \"2001:DB8::1\" is invalid: metadata.name: Invalid value: \"2001:DB8::1\": must be in canonical form (\"2001:db8::1\")"
    );
    assert_eq!(
        address("web").unwrap_err(),
        "IPAddress.networking.k8s.io \"web\" is invalid: metadata.name: Invalid value: \"web\": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)"
    );
    // ValidateClusterTrustBundleName: the signer's prefix, then a subdomain.
    let bundle = |name: &str, signer: &str| {
        create(
            "certificates.k8s.io/v1beta1",
            "ClusterTrustBundle",
            &format!(
                "metadata: {{name: '{name}'}}\nspec: {{signerName: '{signer}', trustBundle: x}}"
            ),
        )
    };
    assert!(bundle("example.com:signer:roots", "example.com/signer").is_ok());
    assert!(bundle("roots", "").is_ok());
    assert_eq!(
        bundle("roots", "example.com/signer").unwrap_err(),
        "ClusterTrustBundle.certificates.k8s.io \"roots\" is invalid: metadata.name: Invalid value: \"roots\": ClusterTrustBundle for signerName example.com/signer must be named with prefix example.com:signer:"
    );
    assert_eq!(
        bundle("a:b", "").unwrap_err(),
        "ClusterTrustBundle.certificates.k8s.io \"a:b\" is invalid: metadata.name: Invalid value: \"a:b\": ClusterTrustBundle without signer name must not have \":\" in its name"
    );
}

/// Kinds whose strategy checks no name (a PodDisruptionBudget, a core/v1
/// Event) or accepts any (`ValidateCertificateRequestName`): the
/// registry's own pass (`rest.BeforeCreate`) still wants a path segment.
#[test]
fn kinds_without_a_name_function_get_the_registry_pass() {
    assert!(
        create(
            "policy/v1",
            "PodDisruptionBudget",
            "metadata: {name: My_PDB}"
        )
        .is_ok()
    );
    // (An Event's own rules want its namespace, which a request has.)
    assert!(
        create(
            "v1",
            "Event",
            "metadata: {name: My.Event_1, namespace: default}"
        )
        .is_ok()
    );
    // (The spec's errors, of a request without one, aside.)
    assert!(
        create(
            "certificates.k8s.io/v1",
            "CertificateSigningRequest",
            "metadata: {name: My_CSR}"
        )
        .is_err_and(|e| !e.contains("metadata.name"))
    );
    assert_eq!(
        create("policy/v1", "PodDisruptionBudget", "metadata: {name: a/b}").unwrap_err(),
        "PodDisruptionBudget.policy \"a/b\" is invalid: metadata.name: Invalid value: \"a/b\": may not contain '/'"
    );
    // Not stored kinds are not validated here.
    assert!(KindValidation::for_kind("v1", "ConfigMapList", table()).is_none());
    assert!(KindValidation::for_kind("authentication.k8s.io/v1", "TokenReview", table()).is_none());
}

/// `ValidateAnnotations`, `ValidateOwnerReferences` (v0.36: errors at the
/// list's path) and `ValidateFinalizers`, in that order.
#[test]
fn annotations_owner_references_and_finalizers() {
    let key_msg = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    assert_eq!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, annotations: {'Example.com/Key': x, 'bad key': y}}"
        )
        .unwrap_err(),
        format!(
            "ConfigMap \"c\" is invalid: metadata.annotations: Invalid value: \"bad key\": name part {key_msg}"
        )
    );
    assert_eq!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, ownerReferences: [{apiVersion: apps/, kind: ReplicaSet, name: r}]}"
        )
        .unwrap_err(),
        "ConfigMap \"c\" is invalid: [metadata.ownerReferences.apiVersion: Invalid value: \"apps/\": version must not be empty, metadata.ownerReferences.uid: Invalid value: \"\": must not be empty]"
    );
    assert!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, ownerReferences: [{apiVersion: v1, kind: A, name: a, uid: '1'}]}"
        )
        .is_ok()
    );
    assert_eq!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, labels: {a: b/c}, finalizers: [orphan, a/b/c]}"
        )
        .unwrap_err(),
        format!(
            "ConfigMap \"c\" is invalid: [metadata.labels: Invalid value: \"b/c\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), metadata.finalizers: Invalid value: \"a/b/c\": a valid label key {key_msg} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')]"
        )
    );
}

/// core/validation's `ValidateObjectMeta` / `ValidateObjectMetaUpdate`
/// add `validateKubeFinalizerName`; apimachinery's (a Lease's) do not.
#[test]
fn unqualified_finalizers_for_core_validated_kinds() {
    let cm = v("metadata: {name: c, finalizers: [kubernetes, cleanup]}");
    let msg = "ConfigMap \"c\" is invalid: metadata.finalizers[1]: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified";
    let configmap = kind("v1", "ConfigMap");
    assert_eq!(configmap.validate(None, &cm).unwrap_err(), msg);
    // On update too, after the registry's pass.
    let old = v("metadata: {name: c}");
    assert_eq!(configmap.validate(Some(&old), &cm).unwrap_err(), msg);
    let lease = kind("coordination.k8s.io/v1", "Lease");
    let l = v("metadata: {name: l, finalizers: [cleanup]}");
    assert!(lease.validate(None, &l).is_ok());
    assert!(lease.validate(Some(&l), &l).is_ok());
    // The registry's pass on update: labels are checked whatever the kind.
    let bad = v("metadata: {name: l, labels: {a: '-'}}");
    assert!(lease.validate(Some(&l), &bad).unwrap_err().starts_with(
        "Lease.coordination.k8s.io \"l\" is invalid: metadata.labels: Invalid value: \"-\""
    ));
}

/// `Convert_v1_PodSpec_To_core_PodSpec` before `ValidatePodSpec`: the
/// deprecated `serviceAccount` stands for an empty `serviceAccountName`,
/// and is checked at the name's path; the name wins when both are set.
#[test]
fn deprecated_service_account_is_checked_as_the_name() {
    let pod = |spec: &str| {
        kind("v1", "Pod").validate(
            None,
            &v(&format!(
                "metadata: {{name: p}}\nspec: {{containers: [{{name: app, image: nginx, terminationMessagePolicy: File, imagePullPolicy: Always}}], restartPolicy: Always, dnsPolicy: ClusterFirst, {spec}}}"
            )),
        )
    };
    let err = pod("serviceAccount: Bad_Name").unwrap_err();
    assert!(
        err.starts_with("Pod \"p\" is invalid: spec.serviceAccountName: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain"),
        "{err}"
    );
    assert!(pod("serviceAccount: Bad_Name, serviceAccountName: builder").is_ok());
    assert!(pod("serviceAccount: builder").is_ok());
}

/// `ValidateObjectMetaAccessor`: a `generateName` beside the name is
/// checked by the kind's name function in its prefix form, before the
/// name: a DNS rule masks the trailing dash (`maskTrailingDash`: the last
/// two characters become `a`), the registry's path-segment rule only
/// refuses `/` and `%`, so `..` passes.
#[test]
fn generate_name_is_checked_as_a_prefix() {
    let config_map = |generate_name: &str| {
        kind("v1", "ConfigMap").validate(
            None,
            &v(&format!(
                "metadata: {{name: web, generateName: '{generate_name}'}}"
            )),
        )
    };
    assert!(config_map("web-").is_ok());
    // `a.-` is masked as `aa`.
    assert!(config_map("a.-").is_ok());
    assert_eq!(
        config_map("Web-").unwrap_err(),
        "ConfigMap \"web\" is invalid: metadata.generateName: Invalid value: \"Web-\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"
    );
    let role = |generate_name: &str| {
        kind("rbac.authorization.k8s.io/v1", "Role").validate(
            None,
            &v(&format!(
                "metadata: {{name: r, generateName: '{generate_name}'}}"
            )),
        )
    };
    assert!(role("..").is_ok());
    assert_eq!(
        role("a/").unwrap_err(),
        "Role.rbac.authorization.k8s.io \"r\" is invalid: metadata.generateName: Invalid value: \"a/\": may not contain '/'"
    );
}

/// Through a scenario: a ConfigMap and a ClusterRole with a ':' in its name
/// apply; a Role named with a '/' and a ConfigMap with an unqualified
/// finalizer are refused with the server's words (HTTP 422).
#[test]
fn scenario_applies_refuse_invalid_metadata() {
    use crate::scenario::{Outcome, run_scenario_text};
    let run = |schema: &str, object: &str| {
        let text = format!(
            "scenario: v1\nname: meta\nschema: {{builtin: {schema}}}\nsteps:\n- manager: m\n  op: apply\n  object: {object}\n"
        );
        let result = run_scenario_text(&text).unwrap();
        let step = &result.steps[0];
        (step.outcome, step.message.clone())
    };
    let (outcome, _) = run(
        "v1/ConfigMap",
        "{apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: d}, data: {a: b}}",
    );
    assert_eq!(outcome, Outcome::Applied);
    let (outcome, _) = run(
        "rbac.authorization.k8s.io/v1/ClusterRole",
        "{apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole, metadata: {name: 'system:aggregate-to-edit'}}",
    );
    assert_eq!(outcome, Outcome::Applied);
    let (outcome, message) = run(
        "rbac.authorization.k8s.io/v1/Role",
        "{apiVersion: rbac.authorization.k8s.io/v1, kind: Role, metadata: {name: a/b, namespace: d}}",
    );
    assert_eq!(outcome, Outcome::Invalid);
    assert_eq!(
        message,
        "Role.rbac.authorization.k8s.io \"a/b\" is invalid: metadata.name: Invalid value: \"a/b\": may not contain '/'"
    );
    let (outcome, message) = run(
        "v1/ConfigMap",
        "{apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: d, finalizers: [cleanup]}}",
    );
    assert_eq!(outcome, Outcome::Invalid);
    assert_eq!(
        message,
        "ConfigMap \"c\" is invalid: metadata.finalizers[0]: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified"
    );
}

/// `ValidateVolumes` and `ValidateVolumeMounts`: a mount names a volume
/// of the pod (a volume with errors does not count), at a path given
/// once; a volume has one type.
#[test]
fn volumes_and_their_mounts() {
    let pod = |volumes: &str, mounts: &str| {
        v(&format!(
            "metadata: {{name: p}}\nspec:\n  volumes: {volumes}\n  containers: [{{name: app, image: nginx, volumeMounts: {mounts}}}]\n"
        ))
    };
    let err = |volumes: &str, mounts: &str| {
        kind("v1", "Pod")
            .validate(None, &pod(volumes, mounts))
            .unwrap_err()
    };
    assert_eq!(
        err(
            "[{name: data, emptyDir: {}}]",
            "[{name: date, mountPath: /data}]"
        ),
        "Pod \"p\" is invalid: spec.containers[0].volumeMounts[0].name: Not found: \"date\""
    );
    assert_eq!(
        err(
            "[{name: data, emptyDir: {}}]",
            "[{name: data, mountPath: /d}, {name: data, mountPath: /d}]"
        ),
        "Pod \"p\" is invalid: spec.containers[0].volumeMounts[1].mountPath: Invalid value: \"/d\": must be unique"
    );
    assert_eq!(
        err(
            "[{name: data, emptyDir: {}, configMap: {name: c}, secret: {secretName: s}}]",
            "[{name: data, mountPath: /d}]"
        ),
        "Pod \"p\" is invalid: [spec.volumes[0].secret: Forbidden: may not specify more than 1 volume type, spec.volumes[0].configMap: Forbidden: may not specify more than 1 volume type, spec.containers[0].volumeMounts[0].name: Not found: \"data\"]"
    );
    assert_eq!(
        err(
            "[{name: Data}, {name: x, emptyDir: {}}, {name: x, emptyDir: {}}]",
            "[]"
        ),
        "Pod \"p\" is invalid: [spec.volumes[0]: Required value: must specify a volume type, spec.volumes[0].name: Invalid value: \"Data\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), spec.volumes[2].name: Duplicate value: \"x\"]"
    );
    assert!(
        kind("v1", "Pod")
            .validate(
                None,
                &pod(
                    "[{name: data, configMap: {name: c}}]",
                    "[{name: data, mountPath: /d}]"
                )
            )
            .is_ok()
    );
}

/// `validateResourceRequirements`: a request no greater than its limit;
/// a resource that may not be overcommitted (an extended resource,
/// hugepages) needs a limit equal to the request. Quantities print in
/// canonical form.
#[test]
fn requests_within_limits() {
    let pod = |resources: &str| {
        v(&format!(
            "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx, resources: {resources}}}]\n"
        ))
    };
    let check = |resources: &str| kind("v1", "Pod").validate(None, &pod(resources));
    assert_eq!(
        check("{requests: {cpu: '1', memory: 256Mi}, limits: {cpu: 500m, memory: 1Gi}}")
            .unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].resources.requests: Invalid value: \"1\": must be less than or equal to cpu limit of 500m"
    );
    assert_eq!(
        check("{requests: {example.com/gpu: '1'}}").unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources"
    );
    assert_eq!(
        check("{requests: {example.com/gpu: '1'}, limits: {example.com/gpu: '2'}}").unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to example.com/gpu limit of 2"
    );
    assert!(check("{requests: {cpu: 500m, example.com/gpu: '1'}, limits: {cpu: '0.5', example.com/gpu: '1'}}").is_ok());
    assert!(check("{requests: {memory: 1Gi}}").is_ok());
}

/// `validateContainerResourceName` (`validateResourceName`: a qualified
/// name, a standard one without a domain, one for containers) and
/// `ValidateResourceQuantityValue` (not negative; an extended resource
/// whole), each limit's, then each request's before its comparison.
#[test]
fn resource_names_and_values() {
    let pod = |resources: &str| {
        v(&format!(
            "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx, resources: {resources}}}]\n"
        ))
    };
    let check = |resources: &str| kind("v1", "Pod").validate(None, &pod(resources));
    assert_eq!(
        check("{limits: {cpus: '1', pods: '1'}}").unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].resources.limits[cpus]: Invalid value: \"cpus\": must be a standard resource type or fully qualified, spec.containers[0].resources.limits[cpus]: Invalid value: \"cpus\": must be a standard resource for containers, spec.containers[0].resources.limits[pods]: Invalid value: \"pods\": must be a standard resource for containers]"
    );
    assert_eq!(
        check("{limits: {memory: -1Gi, example.com/gpu: 500m}, requests: {example.com/gpu: '0.5', cpu: -0.5}}").unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].resources.limits[example.com/gpu]: Invalid value: \"500m\": must be an integer, spec.containers[0].resources.limits[memory]: Invalid value: \"-1Gi\": must be greater than or equal to 0, spec.containers[0].resources.requests[cpu]: Invalid value: \"-500m\": must be greater than or equal to 0, spec.containers[0].resources.requests[example.com/gpu]: Invalid value: \"500m\": must be an integer]"
    );
    assert!(check("{limits: {cpu: '2', memory: 1Gi, ephemeral-storage: 1Gi, hugepages-2Mi: 4Mi, nvidia.com/gpu: '1'}, requests: {cpu: 1500m, memory: 512Mi, hugepages-2Mi: 4Mi, nvidia.com/gpu: '1'}}").is_ok());
    // `storage` is a standard resource, not a container's.
    assert_eq!(
        check("{limits: {storage: 1Gi}}").unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].resources.limits[storage]: Invalid value: \"storage\": must be a standard resource for containers"
    );
    // A name that is not a qualified one is not a container's either:
    // `validateContainerResourceName` adds its error to
    // `validateResourceName`'s, whatever they were.
    assert_eq!(
        check("{limits: {'cpu ': '1'}}").unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].resources.limits[cpu ]: Invalid value: \"cpu \": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), spec.containers[0].resources.limits[cpu ]: Invalid value: \"cpu \": must be a standard resource for containers]"
    );
}

/// `validateLivenessProbe`, `validateReadinessProbe`,
/// `validateStartupProbe` on defaulted probes: one handler, a port, a
/// liveness or startup probe that succeeds once.
#[test]
fn probes_have_one_handler_and_succeed_once() {
    let pod = |probes: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::Pod,
            &format!(
                "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx, {probes}}}]\n"
            ),
        )
    };
    let check = |probes: &str| kind("v1", "Pod").validate(None, &pod(probes));
    assert!(check("livenessProbe: {httpGet: {port: 8080}}, readinessProbe: {tcpSocket: {port: http}}, startupProbe: {exec: {command: [true]}}").is_ok());
    assert_eq!(
        check("livenessProbe: {httpGet: {port: 8080}, successThreshold: 2}").unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1"
    );
    assert_eq!(
        check("readinessProbe: {periodSeconds: 5}").unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].readinessProbe: Required value: must specify a handler type"
    );
    assert_eq!(
        check("startupProbe: {exec: {command: []}, tcpSocket: {port: 70000}}").unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].startupProbe.exec.command: Required value, spec.containers[0].startupProbe.tcpSocket: Forbidden: may not specify more than 1 handler type]"
    );
    assert_eq!(
        check("readinessProbe: {httpGet: {port: 0, scheme: http}}").unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].readinessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive, spec.containers[0].readinessProbe.httpGet.scheme: Unsupported value: \"http\": supported values: \"HTTP\", \"HTTPS\"]"
    );
}

/// `validatePullPolicy` and `validateContainerPorts`' protocol on
/// defaulted containers: only a wrong value is left to refuse.
#[test]
fn pull_policy_and_port_protocol() {
    let pod = defaulted(
        crate::builtin::defaults::KindDefaults::Pod,
        "metadata: {name: p}\nspec:\n  containers: [{name: app, image: nginx, imagePullPolicy: always, ports: [{containerPort: 53, protocol: udp, hostPort: 70000}]}]\n",
    );
    assert_eq!(
        kind("v1", "Pod").validate(None, &pod).unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].ports[0].hostPort: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.containers[0].ports[0].protocol: Unsupported value: \"udp\": supported values: \"SCTP\", \"TCP\", \"UDP\", spec.containers[0].imagePullPolicy: Unsupported value: \"always\": supported values: \"Always\", \"IfNotPresent\", \"Never\"]"
    );
}

/// `ValidateEnv` (`validateEnvVarValueFrom`): what two managers' applies
/// can merge into one variable, a value beside a valueFrom, is refused;
/// names are printable ASCII without '='.
#[test]
fn env_values_and_names() {
    let pod = |env: &str| {
        v(&format!(
            "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx, env: {env}}}]\n"
        ))
    };
    let check = |env: &str| kind("v1", "Pod").validate(None, &pod(env));
    assert_eq!(
        check("[{name: MODE, value: fast, valueFrom: {configMapKeyRef: {name: c, key: mode}}}]")
            .unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].env[0].valueFrom: Invalid value: \"\": may not be specified when `value` is not empty"
    );
    assert_eq!(
        check("[{name: A, valueFrom: {configMapKeyRef: {name: c, key: a}, secretKeyRef: {name: s, key: a}}}, {name: 'B=1', value: x}, {value: y}]").unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].env[0].valueFrom: Invalid value: \"\": may not have more than one field specified at a time, spec.containers[0].env[1].name: Invalid value: \"B=1\": a valid environment variable name must consist only of printable ASCII characters other than '=', spec.containers[0].env[2].name: Required value]"
    );
    assert!(check("[{name: my.var-1, value: x}, {name: B, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]").is_ok());
}

/// `validateInitContainers`: the common container rules, after the
/// regular containers, and names unique among both.
#[test]
fn init_containers() {
    let pod = v(
        "metadata: {name: p}\nspec:\n  containers: [{name: app, image: nginx}]\n  initContainers: [{name: app, image: busybox}, {name: wait, volumeMounts: [{name: x, mountPath: /x}]}]\n",
    );
    assert_eq!(
        kind("v1", "Pod").validate(None, &pod).unwrap_err(),
        "Pod \"p\" is invalid: [spec.initContainers[0].name: Duplicate value: \"app\", spec.initContainers[1].image: Required value, spec.initContainers[1].volumeMounts[0].name: Not found: \"x\"]"
    );
}

/// `ValidatePodSpec`'s pod-level fields after the containers, in its
/// order: restart and DNS policies (defaulted, so a wrong value),
/// node selector labels, a `None` DNS policy's config, DNS names of the
/// service account and node, the active deadline, host names,
/// `ValidateTolerations` and the priority class.
#[test]
fn pod_level_fields() {
    let check = |fields: &str| {
        let pod = defaulted(
            crate::builtin::defaults::KindDefaults::Pod,
            &format!(
                "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx}}]\n{fields}"
            ),
        );
        kind("v1", "Pod").validate(None, &pod)
    };
    assert_eq!(
        check("  restartPolicy: never\n  dnsPolicy: None\n  nodeSelector: {disk: fast ssd}\n")
            .unwrap_err(),
        "Pod \"p\" is invalid: [spec.restartPolicy: Unsupported value: \"never\": supported values: \"Always\", \"OnFailure\", \"Never\", spec.nodeSelector: Invalid value: \"fast ssd\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?'), spec.dnsConfig: Required value: must provide `dnsConfig` when `dnsPolicy` is None]"
    );
    assert_eq!(
        check("  dnsPolicy: ClusterFirstWithHostNetwork\n  serviceAccountName: my_sa\n  activeDeadlineSeconds: 0\n  hostname: Web\n  priorityClassName: high\n").unwrap_err(),
        "Pod \"p\" is invalid: [spec.dnsPolicy: Unsupported value: \"ClusterFirstWithHostNetwork\": supported values: \"ClusterFirstWithHostNet\", \"ClusterFirst\", \"Default\", \"None\", spec.serviceAccountName: Invalid value: \"my_sa\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive, spec.hostname: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]"
    );
    assert_eq!(
        check("  tolerations:\n  - {operator: Equal, value: x}\n  - {key: gpu, operator: Exists, value: 'true', effect: NoExecut}\n  - {key: gpu, value: a b, tolerationSeconds: 60}\n").unwrap_err(),
        "Pod \"p\" is invalid: [spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, which means \"match all values and all keys\", spec.tolerations[1].operator: Invalid value: {\"Key\":\"gpu\",\"Operator\":\"Exists\",\"Value\":\"true\",\"Effect\":\"NoExecut\",\"TolerationSeconds\":null}: value must be empty when `operator` is 'Exists', spec.tolerations[1].effect: Unsupported value: \"NoExecut\": supported values: \"NoSchedule\", \"PreferNoSchedule\", \"NoExecute\", spec.tolerations[2].effect: Invalid value: \"\": effect must be 'NoExecute' when `tolerationSeconds` is set, spec.tolerations[2].operator: Invalid value: \"a b\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')]"
    );
    // The operators: `Lt` and `Gt` behind their gate (off in 1.36) with
    // the four listed, anything else with the two.
    assert_eq!(
        check("  tolerations:\n  - {key: sla, operator: Gt, value: '950'}\n  - {key: gpu, operator: In, value: a}\n").unwrap_err(),
        "Pod \"p\" is invalid: [spec.tolerations[0].operator: Unsupported value: \"Gt\": supported values: \"Equal\", \"Exists\", \"Lt\", \"Gt\", spec.tolerations[1].operator: Unsupported value: \"In\": supported values: \"Equal\", \"Exists\"]"
    );
    assert!(
        check("  restartPolicy: OnFailure\n  dnsPolicy: None\n  dnsConfig: {nameservers: [1.1.1.1]}\n  nodeSelector: {kubernetes.io/os: linux}\n  serviceAccountName: builder\n  activeDeadlineSeconds: 600\n  hostname: web-0\n  subdomain: web\n  tolerations: [{operator: Exists}, {key: gpu, value: a100, effect: NoSchedule}, {key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 300}]\n  priorityClassName: system-node-critical\n").is_ok()
    );
    // A workload's template: the value the pod spec refuses, then the
    // one its kind refuses.
    let d = deployment("web", "{matchLabels: {app: web}}", "{app: web}", "")
        .to_json()
        .replace("\"Always\"", "\"never\"");
    assert_eq!(
        deploy().validate(None, &v(&d)).unwrap_err(),
        "Deployment.apps \"web\" is invalid: [spec.template.spec.restartPolicy: Unsupported value: \"never\": supported values: \"Always\", \"OnFailure\", \"Never\", spec.template.spec.restartPolicy: Unsupported value: \"never\": supported values: \"Always\"]"
    );
}

/// storage/validation `ValidateStorageClassUpdate` (after
/// `ValidateObjectMetaUpdate`): parameters, provisioner and reclaim policy
/// forbidden to change, the binding mode immutable; a create and an
/// update that changes only labels pass.
#[test]
fn storage_class_updates() {
    let class = |extra: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::StorageClass,
            &format!(
                "metadata: {{name: fast}}\nprovisioner: ebs.csi.aws.com\nparameters: {{type: gp3}}\n{extra}"
            ),
        )
    };
    let sc = kind("storage.k8s.io/v1", "StorageClass");
    let old = class("");
    assert!(sc.validate(None, &old).is_ok());
    assert!(sc.validate(Some(&old), &class("")).is_ok());
    let changed = v(
        &class("reclaimPolicy: Retain\nvolumeBindingMode: WaitForFirstConsumer\n")
            .to_json()
            .replace("gp3", "gp2")
            .replace("ebs.csi", "efs.csi"),
    );
    assert_eq!(
        sc.validate(Some(&old), &changed).unwrap_err(),
        "StorageClass.storage.k8s.io \"fast\" is invalid: [parameters: Forbidden: updates to parameters are forbidden., provisioner: Forbidden: updates to provisioner are forbidden., reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden., volumeBindingMode: Invalid value: \"WaitForFirstConsumer\": field is immutable]"
    );
}

/// storage/validation `ValidateStorageClass` (validateProvisioner,
/// validateParameters, validateReclaimPolicy, validateVolumeBindingMode),
/// on create and before the update's rules.
#[test]
fn storage_class_creates() {
    let sc = kind("storage.k8s.io/v1", "StorageClass");
    let class = |text: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::StorageClass,
            &format!("metadata: {{name: fast}}\n{text}"),
        )
    };
    assert!(
        sc.validate(None, &class("provisioner: Ebs.CSI.aws.com\n"))
            .is_ok()
    );
    assert_eq!(
        sc.validate(
            None,
            &class("parameters: {\"\": x}\nreclaimPolicy: Recycle\nvolumeBindingMode: Lazy\n")
        )
        .unwrap_err(),
        concat!(
            "StorageClass.storage.k8s.io \"fast\" is invalid: [",
            "provisioner: Required value, ",
            "parameters: Invalid value: \"\": field can not be empty., ",
            "reclaimPolicy: Unsupported value: \"Recycle\": supported values: \"Delete\", \"Retain\", ",
            "volumeBindingMode: Unsupported value: \"Lazy\": supported values: \"Immediate\", \"WaitForFirstConsumer\"]"
        )
    );
    assert_eq!(
        sc.validate(None, &class("provisioner: kubernetes.io/AWS EBS\n"))
            .unwrap_err(),
        "StorageClass.storage.k8s.io \"fast\" is invalid: provisioner: Invalid value: \"kubernetes.io/aws ebs\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
    );
}

/// A status strategy's `ValidateUpdate` (apps/validation
/// `ValidateDeploymentStatusUpdate`, `ValidateStatefulSetStatusUpdate`,
/// `ValidateDaemonSetStatusUpdate`): the status counts and the collision
/// count, not the spec (a stored spec without defaults passes).
#[test]
fn workload_status_writes() {
    let undefaulted = v(
        "metadata: {name: web}\nspec: {selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: app}]}}}\nstatus: {collisionCount: 2}",
    );
    let with_status = |status: &str| {
        let mut object = undefaulted.clone();
        if let Some(map) = object.as_map_mut() {
            map.insert("status", v(status));
        }
        object
    };
    assert!(deploy().validate(None, &undefaulted).is_err());
    assert!(
        deploy()
            .validate_status(
                &undefaulted,
                &with_status(
                    "{replicas: 2, readyReplicas: 2, availableReplicas: 1, collisionCount: 2}"
                )
            )
            .is_ok()
    );
    assert_eq!(
        deploy()
            .validate_status(
                &undefaulted,
                &with_status("{readyReplicas: 3, availableReplicas: 4, unavailableReplicas: -1}")
            )
            .unwrap_err(),
        concat!(
            "Deployment.apps \"web\" is invalid: [",
            "status.unavailableReplicas: Invalid value: -1: must be greater than or equal to 0, ",
            "status.readyReplicas: Invalid value: 3: cannot be greater than status.replicas, ",
            "status.availableReplicas: Invalid value: 4: cannot be greater than status.replicas, ",
            "status.availableReplicas: Invalid value: 4: cannot be greater than readyReplicas, ",
            "status.collisionCount: Invalid value: 0: cannot be decremented]"
        )
    );
    assert_eq!(
        kind("apps/v1", "StatefulSet")
            .validate_status(
                &undefaulted,
                &with_status(
                    "{replicas: 1, readyReplicas: 1, availableReplicas: 2, collisionCount: 1}"
                )
            )
            .unwrap_err(),
        concat!(
            "StatefulSet.apps \"web\" is invalid: [",
            "status.availableReplicas: Invalid value: 2: cannot be greater than status.replicas, ",
            "status.availableReplicas: Invalid value: 2: cannot be greater than status.readyReplicas, ",
            "status.collisionCount: Invalid value: 1: cannot be decremented]"
        )
    );
    assert_eq!(
        kind("apps/v1", "DaemonSet")
            .validate_status(
                &undefaulted,
                &with_status("{numberReady: -1, collisionCount: 2}")
            )
            .unwrap_err(),
        "DaemonSet.apps \"web\" is invalid: status.numberReady: Invalid value: -1: must be greater than or equal to 0"
    );
}

/// Objects of any shape, with the field names the rules read: no kind's
/// validation panics (a panic would kill the page), on create, update or
/// status write.
mod generated {
    use super::*;
    use proptest::prelude::*;

    const KEYS: &[&str] = &[
        "spec",
        "status",
        "metadata",
        "template",
        "labels",
        "selector",
        "matchLabels",
        "matchExpressions",
        "key",
        "operator",
        "values",
        "containers",
        "initContainers",
        "name",
        "image",
        "securityContext",
        "ports",
        "port",
        "endPort",
        "protocol",
        "ingress",
        "egress",
        "from",
        "to",
        "ipBlock",
        "cidr",
        "except",
        "podSelector",
        "namespaceSelector",
        "policyTypes",
        "updateStrategy",
        "rollingUpdate",
        "maxUnavailable",
        "maxSurge",
        "partition",
        "type",
        "replicas",
        "readyReplicas",
        "availableReplicas",
        "collisionCount",
        "podManagementPolicy",
        "persistentVolumeClaimRetentionPolicy",
        "whenDeleted",
        "ordinals",
        "start",
        "runAsUser",
        "allowPrivilegeEscalation",
        "privileged",
        "capabilities",
        "add",
        "seccompProfile",
        "appArmorProfile",
        "localhostProfile",
        "sysctls",
        "provisioner",
        "parameters",
        "reclaimPolicy",
        "volumeBindingMode",
        "restartPolicy",
        "activeDeadlineSeconds",
        "strategy",
        "minAvailable",
        "conditions",
        "completions",
        "completionMode",
        "backoffLimitPerIndex",
        "completedIndexes",
        "failedIndexes",
        "uncountedTerminatedPods",
        "succeeded",
        "failed",
        "active",
        "startTime",
        "completionTime",
        "loadBalancer",
        "ip",
        "ipMode",
        "hostname",
        "limited",
        "exempt",
        "limitResponse",
        "queuing",
        "queues",
        "handSize",
        "rules",
        "subjects",
        "nonResourceURLs",
        "distinguisherMethod",
        "attacher",
        "source",
        "inlineVolumeSpec",
        "persistentVolumeName",
        "csi",
        "attachError",
        "errorCode",
        "drivers",
        "topologyKeys",
        "allocatable",
        "nodeTopology",
        "capacity",
    ];

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            prop::sample::select(vec![-1i64, 0, 1, 5432, 70000, i64::MAX, i64::MIN])
                .prop_map(Value::Int),
            prop::sample::select(vec![
                "",
                "10.0.0.0/8",
                "10.1.0.0/16",
                "::ffff:10.0.0.0/104",
                "fd00::/8",
                "1.2.3.4/33",
                "x/",
                "/",
                "TCP",
                "Ingress",
                "RollingUpdate",
                "OnDelete",
                "Localhost",
                "50%",
                "150%",
                "CAP_SYS_ADMIN",
                "a b",
                "é",
                "Indexed",
                "True",
                "Complete",
                "Failed",
                "0-2,1",
                "3-1,9",
                "LoadBalancer",
                "VIP",
                "2026-01-01T00:00:00Z",
            ])
            .prop_map(Value::from),
        ];
        leaf.prop_recursive(5, 64, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::List),
                prop::collection::vec((prop::sample::select(KEYS), inner), 0..6).prop_map(
                    |entries| {
                        let mut map = crate::value::Map::new();
                        for (k, v) in entries {
                            map.insert(k, v);
                        }
                        Value::Map(map)
                    }
                ),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        #[test]
        fn no_kind_panics(
            which in 0usize..22,
            new in value(),
            old in value(),
        ) {
            let (api_version, name) = [
                ("apps/v1", "Deployment"), ("apps/v1", "StatefulSet"), ("apps/v1", "DaemonSet"),
                ("v1", "Pod"), ("networking.k8s.io/v1", "NetworkPolicy"),
                ("storage.k8s.io/v1", "StorageClass"), ("batch/v1", "Job"),
                ("policy/v1", "PodDisruptionBudget"), ("v1", "Service"),
                ("networking.k8s.io/v1", "Ingress"), ("v1", "ReplicationController"),
                ("v1", "Namespace"), ("flowcontrol.apiserver.k8s.io/v1", "FlowSchema"),
                ("flowcontrol.apiserver.k8s.io/v1", "PriorityLevelConfiguration"),
                ("storage.k8s.io/v1", "VolumeAttachment"), ("storage.k8s.io/v1", "CSINode"),
                ("storage.k8s.io/v1", "CSIStorageCapacity"),
                ("resource.k8s.io/v1", "DeviceClass"), ("resource.k8s.io/v1", "ResourceClaim"),
                ("resource.k8s.io/v1beta1", "ResourceClaimTemplate"),
                ("resource.k8s.io/v1", "ResourceSlice"), ("resource.k8s.io/v1beta1", "ResourceSlice"),
            ][which];
            let k = kind(api_version, name);
            let _ = k.validate(None, &new);
            let _ = k.validate(Some(&old), &new);
            let _ = k.validate_status(&old, &new);
        }
    }
}

/// `ValidateReplicationControllerSpec`: a plain selector map that may not
/// be empty and must match the template's labels; pods restart always;
/// the selector may change on update.
#[test]
fn replication_controller_spec() {
    let rc = kind("v1", "ReplicationController");
    let object = |selector: &str, labels: &str, pod: &str| {
        v(&format!(
            "metadata: {{name: rc}}\nspec:\n  replicas: 1\n  selector: {selector}\n  template:\n    metadata: {{labels: {labels}}}\n    spec: {{restartPolicy: Always, containers: [{{name: c, image: nginx}}]{pod}}}\n"
        ))
    };
    let ok = object("{app: x}", "{app: x, tier: web}", "");
    assert!(rc.validate(None, &ok).is_ok());
    assert_eq!(
        rc.validate(None, &object("{app: x}", "{app: z}", ""))
            .unwrap_err(),
        "ReplicationController \"rc\" is invalid: spec.template.metadata.labels: Invalid value: {\"app\":\"z\"}: `selector` does not match template `labels`"
    );
    assert_eq!(
        rc.validate(None, &object("{}", "{}", ", activeDeadlineSeconds: 5"))
            .unwrap_err(),
        "ReplicationController \"rc\" is invalid: [spec.selector: Required value, spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicationController is not Supported]"
    );
    let no_template = v("metadata: {name: rc}\nspec: {replicas: -1, selector: {app: x}}\n");
    assert_eq!(
        rc.validate(None, &no_template).unwrap_err(),
        "ReplicationController \"rc\" is invalid: [spec.replicas: Invalid value: -1: must be greater than or equal to 0, spec.template: Required value]"
    );
    let moved = object("{tier: web}", "{app: x, tier: web}", "");
    assert!(rc.validate(Some(&ok), &moved).is_ok());
}

/// `ValidateReplicationControllerStatus`: a ReplicaSet's status rules.
#[test]
fn replication_controller_status() {
    let rc = kind("v1", "ReplicationController");
    let old = v("metadata: {name: rc}\nstatus: {replicas: 1}\n");
    let new = v("metadata: {name: rc}\nstatus: {replicas: 1, readyReplicas: 2}\n");
    assert_eq!(
        rc.validate_status(&old, &new).unwrap_err(),
        "ReplicationController \"rc\" is invalid: status.readyReplicas: Invalid value: 2: cannot be greater than status.replicas"
    );
}

/// `ValidateNamespace` with `validateFinalizerName`: the spec's
/// finalizers, each error at `spec.finalizers`; an update checks only the
/// metadata.
#[test]
fn namespace_spec_finalizers() {
    let ns = kind("v1", "Namespace");
    let good = v("metadata: {name: team}\nspec: {finalizers: [kubernetes, example.com/cleanup]}\n");
    assert!(ns.validate(None, &good).is_ok());
    let bad = v("metadata: {name: team}\nspec: {finalizers: [cleanup, 'a b/c']}\n");
    assert_eq!(
        ns.validate(None, &bad).unwrap_err(),
        "Namespace \"team\" is invalid: [spec.finalizers: Invalid value: \"cleanup\": name is neither a standard finalizer name nor is it fully qualified, spec.finalizers: Invalid value: \"a b/c\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')]"
    );
    assert!(ns.validate(Some(&good), &bad).is_ok());
}

/// `ValidateNamespaceStatusUpdate`: Active without a deletionTimestamp,
/// Terminating with one.
#[test]
fn namespace_status_phase() {
    let ns = kind("v1", "Namespace");
    let old = v("metadata: {name: team}\nstatus: {phase: Active}\n");
    assert!(ns.validate_status(&old, &old).is_ok());
    let terminating = v("metadata: {name: team}\nstatus: {phase: Terminating}\n");
    assert_eq!(
        ns.validate_status(&old, &terminating).unwrap_err(),
        "Namespace \"team\" is invalid: status.Phase: Invalid value: \"Terminating\": may only be 'Active' if `deletionTimestamp` is empty"
    );
    let deleting = v(
        "metadata: {name: team, deletionTimestamp: '2024-01-01T00:00:00Z'}\nstatus: {phase: Active}\n",
    );
    assert_eq!(
        ns.validate_status(&old, &deleting).unwrap_err(),
        "Namespace \"team\" is invalid: status.Phase: Invalid value: \"Active\": may only be 'Terminating' if `deletionTimestamp` is not empty"
    );
}

/// `ValidatePodUpdate`: a container added or removed stops the checks
/// (`ValidateContainerUpdates`); the active deadline may only be set or
/// shortened; a stored toleration may change only its seconds; scheduling
/// gates may only go; the grace period only from negative to 1.
#[test]
fn pod_updates_follow_validate_pod_update() {
    let pod = kind("v1", "Pod");
    let p = |spec: &str| v(&format!("metadata: {{name: p}}\nspec: {{{spec}}}"));
    let refused = |old: &str, new: &str| pod.validate(Some(&p(old)), &p(new)).unwrap_err();
    let one = "containers: [{name: a, image: x}]";
    assert_eq!(
        refused(
            one,
            "containers: [{name: a, image: x}, {name: b, image: busybox}]"
        ),
        "Pod \"p\" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers"
    );
    assert_eq!(
        refused(
            &format!("{one}, activeDeadlineSeconds: 30"),
            &format!("{one}, activeDeadlineSeconds: 60")
        ),
        "Pod \"p\" is invalid: spec.activeDeadlineSeconds: Invalid value: 60: must be less than or equal to previous value"
    );
    assert!(
        pod.validate(
            Some(&p(&format!("{one}, activeDeadlineSeconds: 60"))),
            &p(&format!("{one}, activeDeadlineSeconds: 30"))
        )
        .is_ok()
    );
    let toleration =
        "tolerations: [{key: k, operator: Exists, effect: NoExecute, tolerationSeconds: 10}]";
    assert!(
        pod.validate(
            Some(&p(&format!("{one}, {toleration}"))),
            &p(&format!("{one}, {}", toleration.replace("10", "20")))
        )
        .is_ok(),
        "only the seconds changed"
    );
    assert_eq!(
        refused(&format!("{one}, {toleration}"), one),
        "Pod \"p\" is invalid: spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds"
    );
    assert_eq!(
        refused(
            &format!("{one}, schedulingGates: [{{name: a}}]"),
            &format!("{one}, schedulingGates: [{{name: a}}, {{name: b}}]")
        ),
        "Pod \"p\" is invalid: spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'b'"
    );
    assert!(
        refused(
            &format!("{one}, terminationGracePeriodSeconds: 30"),
            &format!("{one}, terminationGracePeriodSeconds: 60")
        )
        .starts_with("Pod \"p\" is invalid: spec: Forbidden: pod updates may not change fields")
    );
    assert!(
        pod.validate(
            Some(&p(&format!("{one}, terminationGracePeriodSeconds: -1"))),
            &p(&format!("{one}, terminationGracePeriodSeconds: 1"))
        )
        .is_ok()
    );
}

/// `validateContainersOnlyForPod` (a Pod's images, not a template's, have
/// no surrounding whitespace) and `ValidatePodCreate` (no ephemeral
/// containers, no node name beside scheduling gates).
#[test]
fn pod_only_rules() {
    let pod = kind("v1", "Pod");
    let padded = v("metadata: {name: p}\nspec: {containers: [{name: a, image: ' nginx'}]}");
    assert_eq!(
        pod.validate(None, &padded).unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].image: Invalid value: \" nginx\": must not have leading or trailing whitespace"
    );
    let template = deployment("web", "{matchLabels: {app: web}}", "{app: web}", "")
        .to_json()
        .replace("\"nginx\"", "\" nginx\"");
    assert!(
        deploy()
            .validate(None, &Value::from_json_str(&template).unwrap())
            .is_ok()
    );
    let gated = v(
        "metadata: {name: p}\nspec: {nodeName: node-1, schedulingGates: [{name: g}], containers: [{name: a, image: x}]}",
    );
    assert_eq!(
        pod.validate(None, &gated).unwrap_err(),
        "Pod \"p\" is invalid: spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared"
    );
}

/// `validateContainerCommon`'s terminationMessagePolicy,
/// `ValidateTolerations`' Exists with a value (the internal toleration
/// printed), `validateJobSpec`'s completionMode.
#[test]
fn termination_policy_toleration_value_and_completion_mode() {
    let pod = v(
        "metadata: {name: p}\nspec: {containers: [{name: a, image: x, terminationMessagePolicy: x}], tolerations: [{key: k, operator: Exists, value: v}]}",
    );
    assert_eq!(
        kind("v1", "Pod").validate(None, &pod).unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].terminationMessagePolicy: Unsupported value: \"x\": supported values: \"File\", \"FallbackToLogsOnError\", spec.tolerations[0].operator: Invalid value: {\"Key\":\"k\",\"Operator\":\"Exists\",\"Value\":\"v\",\"Effect\":\"\",\"TolerationSeconds\":null}: value must be empty when `operator` is 'Exists']"
    );
    let job = v(
        "metadata: {name: j}\nspec: {completionMode: Foo, template: {spec: {restartPolicy: Never, containers: [{name: a, image: x}]}}}",
    );
    assert_eq!(
        kind("batch/v1", "Job").validate(None, &job).unwrap_err(),
        "Job.batch \"j\" is invalid: spec.completionMode: Unsupported value: \"Foo\": supported values: \"NonIndexed\", \"Indexed\""
    );
}

/// `ValidatePodTemplateSpec` and `ValidatePodTemplateSpecForStatefulSet`:
/// the template's annotations; a label key's prefix too long in bytes
/// (api/validate/content's `IsDNS1123Subdomain`).
#[test]
fn template_annotations_and_label_key_prefixes() {
    let d = deployment(
        "web",
        "{matchLabels: {app: web}}",
        "{app: web}, annotations: {'bad key': v}",
        "",
    );
    assert_eq!(
        deploy().validate(None, &d).unwrap_err(),
        "Deployment.apps \"web\" is invalid: spec.template.annotations: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
    );
    let long = format!("{}/k", "p".repeat(254));
    let labelled = v(&format!("metadata: {{name: c, labels: {{'{long}': v}}}}"));
    assert!(
        kind("v1", "ConfigMap")
            .validate(None, &labelled)
            .unwrap_err()
            .contains("prefix part must be no more than 253 bytes")
    );
}

/// `ValidatePolicyRule`: non-resource URLs only in a ClusterRole's rules,
/// and not beside resources.
#[test]
fn non_resource_urls() {
    let rule = "{verbs: [get], nonResourceURLs: [/metrics]";
    let role = v(&format!("metadata: {{name: r}}\nrules: [{rule}}}]"));
    assert_eq!(
        kind("rbac.authorization.k8s.io/v1", "Role")
            .validate(None, &role)
            .unwrap_err(),
        "Role.rbac.authorization.k8s.io \"r\" is invalid: rules[0].nonResourceURLs: Invalid value: [\"/metrics\"]: namespaced rules cannot apply to non-resource URLs"
    );
    let cluster = kind("rbac.authorization.k8s.io/v1", "ClusterRole");
    assert!(cluster.validate(None, &role).is_ok());
    let both = v(&format!(
        "metadata: {{name: r}}\nrules: [{rule}, resources: [pods]}}]"
    ));
    assert_eq!(
        cluster.validate(None, &both).unwrap_err(),
        "ClusterRole.rbac.authorization.k8s.io \"r\" is invalid: rules[0].nonResourceURLs: Invalid value: [\"/metrics\"]: rules cannot apply to both regular resources and non-resource URLs"
    );
}

/// `validateGeneratedSelector` on a new Job whose selector the strategy
/// generated from its uid: a selector of the user's own without
/// `manualSelector: true` is not auto-generated; a job-name label the
/// user set otherwise is refused.
#[test]
fn a_new_jobs_selector_is_generated() {
    let job = kind("batch/v1", "Job");
    let make = |selector: &str, labels: &str| {
        v(&format!(
            "metadata: {{name: pi, uid: u1}}\nspec:\n  selector: {{matchLabels: {selector}}}\n  template:\n    metadata: {{labels: {labels}}}\n    spec: {{restartPolicy: Never, containers: [{{name: a, image: perl}}]}}\n"
        ))
    };
    let generated = "{controller-uid: u1, job-name: pi, batch.kubernetes.io/controller-uid: u1, batch.kubernetes.io/job-name: pi}";
    assert!(
        job.validate(
            None,
            &make("{batch.kubernetes.io/controller-uid: u1}", generated)
        )
        .is_ok()
    );
    assert_eq!(
        job.validate(
            None,
            &make(
                "{app: pi, batch.kubernetes.io/controller-uid: u1}",
                &generated.replace("{", "{app: pi, ")
            )
        )
        .unwrap_err(),
        "Job.batch \"pi\" is invalid: spec.selector: Invalid value: {\"matchLabels\":{\"app\":\"pi\",\"batch.kubernetes.io/controller-uid\":\"u1\"}}: `selector` not auto-generated"
    );
    assert!(
        job.validate(
            None,
            &make("{batch.kubernetes.io/controller-uid: u1}", &generated.replace("job-name: pi}", "job-name: other}"))
        )
        .unwrap_err()
        .starts_with("Job.batch \"pi\" is invalid: spec.template.metadata.labels[batch.kubernetes.io/job-name]: Invalid value: {")
    );
}

/// `ValidateAnnotationsSize`: keys and values together at most 256 KiB,
/// then `metadata.annotations: Too long` (a template's annotations too).
#[test]
fn annotations_are_at_most_256_kib_in_all() {
    let with = |value_len: usize| {
        format!(
            "metadata: {{name: c, annotations: {{k: '{}'}}}}",
            "x".repeat(value_len)
        )
    };
    assert!(create("v1", "ConfigMap", &with(262_143)).is_ok());
    assert_eq!(
        create("v1", "ConfigMap", &with(262_144)).unwrap_err(),
        "ConfigMap \"c\" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes"
    );
}

/// `validateOwnerReference`'s banned owner, `ValidateOwnerReferences`'
/// one controller and `ValidateFinalizers`' orphan beside
/// foregroundDeletion; their bad values printed by `json.Marshal`
/// (apimachinery v0.36's `ErrorBody` for values that are not scalars).
#[test]
fn banned_owners_two_controllers_and_contradicting_finalizers() {
    assert_eq!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, ownerReferences: [{apiVersion: v1, kind: Event, name: e, uid: '1', blockOwnerDeletion: false}]}"
        )
        .unwrap_err(),
        "ConfigMap \"c\" is invalid: metadata.ownerReferences: Invalid value: {\"apiVersion\":\"v1\",\"kind\":\"Event\",\"name\":\"e\",\"uid\":\"1\",\"blockOwnerDeletion\":false}: /v1, Kind=Event is disallowed from being an owner"
    );
    // An events.k8s.io Event may own.
    assert!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, ownerReferences: [{apiVersion: events.k8s.io/v1, kind: Event, name: e, uid: '1'}]}"
        )
        .is_ok()
    );
    assert_eq!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: a, uid: '1', controller: true}, {apiVersion: apps/v1, kind: ReplicaSet, name: b, uid: '2', controller: true}]}"
        )
        .unwrap_err(),
        "ConfigMap \"c\" is invalid: metadata.ownerReferences: Invalid value: [{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"a\",\"uid\":\"1\",\"controller\":true},{\"apiVersion\":\"apps/v1\",\"kind\":\"ReplicaSet\",\"name\":\"b\",\"uid\":\"2\",\"controller\":true}]: Only one reference can have Controller set to true. Found \"true\" in references for ReplicaSet/a and ReplicaSet/b"
    );
    assert_eq!(
        create(
            "v1",
            "ConfigMap",
            "metadata: {name: c, finalizers: [example.com/f, foregroundDeletion, orphan]}"
        )
        .unwrap_err(),
        "ConfigMap \"c\" is invalid: metadata.finalizers: Invalid value: [\"example.com/f\",\"foregroundDeletion\",\"orphan\"]: finalizer orphan and foregroundDeletion cannot be both set"
    );
}

/// `validateResourceQuantityHugePageValue` (a whole number of pages, on a
/// create) and the cpu or memory huge pages need beside them, in
/// `ValidateContainerResourceRequirements`' order.
#[test]
fn huge_pages_are_whole_pages_beside_cpu_or_memory() {
    let pod = |resources: &str| {
        v(&format!(
            "metadata: {{name: p}}\nspec:\n  containers: [{{name: app, image: nginx, resources: {resources}}}]\n"
        ))
    };
    let check = |resources: &str| kind("v1", "Pod").validate(None, &pod(resources));
    assert_eq!(
        check("{limits: {hugepages-2Mi: 3Mi, memory: 1Gi}, requests: {hugepages-2Mi: 3Mi}}")
            .unwrap_err(),
        "Pod \"p\" is invalid: [spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi, spec.containers[0].resources.requests[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple of hugepages-2Mi]"
    );
    assert_eq!(
        check("{limits: {hugepages-1Gi: 2Gi}, requests: {hugepages-1Gi: 2Gi}}").unwrap_err(),
        "Pod \"p\" is invalid: spec.containers[0].resources: Forbidden: HugePages require cpu or memory"
    );
    assert!(
        check("{limits: {hugepages-2Mi: 4Mi, cpu: '1'}, requests: {hugepages-2Mi: 4Mi}}").is_ok()
    );
    assert!(check("{limits: {hugepages-2Mi: '0', memory: 1Gi}}").is_ok());
}

/// The page's build leaves the Windows options' own rules, the
/// host-process pod's, the sysctls' and the restart rules' fields to the
/// API package: a kind with a pod spec asks its delegate about a write
/// that sets `windowsOptions`, `sysctls` or `restartPolicyRules`
/// anywhere, and validates any other write, and every `/status` write,
/// itself.
#[test]
fn rare_pod_fields_ask_the_delegate() {
    struct Asked;
    impl Validator for Asked {
        fn validate(&self, _: Option<&Value>, _: &Value) -> Result<(), String> {
            Err("asked".to_string())
        }
    }
    let pods = super::RarePodFields {
        local: kind("apps/v1", "Deployment"),
        delegated: std::sync::Arc::new(Asked),
    };
    let deployment = |security: &str| {
        v(&format!(
            "metadata: {{name: web}}\nspec:\n  strategy: {{type: Recreate}}\n  selector: {{matchLabels: {{app: web}}}}\n  template:\n    metadata: {{labels: {{app: web}}}}\n    spec:\n      containers: [{{name: web, image: nginx, securityContext: {security}, terminationMessagePolicy: File, imagePullPolicy: Always}}]\n      restartPolicy: Always\n      dnsPolicy: ClusterFirst"
        ))
    };
    let windows = deployment("{windowsOptions: {runAsUserName: ContainerUser}}");
    assert_eq!(pods.validate(None, &windows), Err("asked".to_string()));
    assert_eq!(pods.validate_status(&windows, &windows), Ok(()));
    let rules = deployment("{}, restartPolicy: Never, restartPolicyRules: [{action: Restart}]");
    assert_eq!(pods.validate(None, &rules), Err("asked".to_string()));
    let sysctls = v(
        "metadata: {name: p}\nspec: {securityContext: {sysctls: [{name: net.core.somaxconn, value: '1'}]}}",
    );
    assert_eq!(pods.validate(None, &sysctls), Err("asked".to_string()));
    let linux = deployment("{runAsUser: -1}");
    assert_eq!(
        pods.validate(None, &linux),
        pods.local.validate(None, &linux)
    );
    assert!(pods.validate(None, &linux).is_err());
    // Unset (null) options are not Windows options.
    assert_eq!(
        pods.validate(None, &deployment("{windowsOptions: null}")),
        Ok(())
    );
}

/// storage/validation `validateAllowedTopologies` with core/validation's
/// `ValidateTopologySelectorTerm`: values required and unique, keys label
/// names and unique in a term, terms unique; a term without expressions
/// is a duplicate even alone, as upstream's nil-filled list of earlier
/// terms makes it (its repeats are printed once, as `ToAggregate` does).
#[test]
fn storage_class_allowed_topologies() {
    let sc = kind("storage.k8s.io/v1", "StorageClass");
    let class = |topologies: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::StorageClass,
            &format!(
                "metadata: {{name: zonal}}\nprovisioner: ebs.csi.aws.com\nallowedTopologies: {topologies}"
            ),
        )
    };
    let zones = "[{matchLabelExpressions: [{key: topology.ebs.csi.aws.com/zone, values: [us-east-1a, us-east-1b]}]}]";
    assert!(sc.validate(None, &class(zones)).is_ok());
    assert_eq!(
        sc.validate(
            None,
            &class("[{matchLabelExpressions: [{key: zone, values: [a, a]}, {key: 'bad key', values: []}, {key: zone, values: [b]}]}, {matchLabelExpressions: [{key: zone, values: [b]}, {key: 'bad key', values: []}]}]")
        )
        .unwrap_err(),
        "StorageClass.storage.k8s.io \"zonal\" is invalid: [allowedTopologies[0].matchLabelExpressions[0].values[1]: Duplicate value: \"a\", allowedTopologies[0].matchLabelExpressions[1].values: Required value, allowedTopologies[0].matchLabelExpressions[1].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), allowedTopologies[0].matchLabelExpressions[2].key: Duplicate value: \"zone\", allowedTopologies[1].matchLabelExpressions[1].values: Required value, allowedTopologies[1].matchLabelExpressions[1].key: Invalid value: \"bad key\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'), allowedTopologies[1].matchLabelExpressions: Duplicate value: \"\"]"
    );
    assert_eq!(
        sc.validate(None, &class("[{}]")).unwrap_err(),
        "StorageClass.storage.k8s.io \"zonal\" is invalid: allowedTopologies[0].matchLabelExpressions: Duplicate value: \"\""
    );
}

/// storage/validation `ValidateCSIDriver` (defaulted, as a server has it)
/// and `ValidateCSIDriverUpdate`.
#[test]
fn csi_drivers() {
    let driver = |spec: &str| {
        defaulted(
            crate::builtin::defaults::KindDefaults::CsiDriver,
            &format!("metadata: {{name: ebs.csi.aws.com}}\nspec: {spec}"),
        )
    };
    let sc = kind("storage.k8s.io/v1", "CSIDriver");
    let old = driver("{attachRequired: true, podInfoOnMount: false}");
    assert!(sc.validate(None, &old).is_ok());
    assert_eq!(
        sc.validate(
            None,
            &driver("{fsGroupPolicy: Always, volumeLifecycleModes: [Persistent, Inline], tokenRequests: [{audience: vault, expirationSeconds: 60}, {audience: vault}], nodeAllocatableUpdatePeriodSeconds: 5}")
        )
        .unwrap_err(),
        "CSIDriver.storage.k8s.io \"ebs.csi.aws.com\" is invalid: [spec.fsGroupPolicy: Unsupported value: \"Always\": supported values: \"File\", \"None\", \"ReadWriteOnceWithFSType\", spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes, spec.tokenRequests[1].audience: Duplicate value: \"vault\", spec.volumeLifecycleModes: Unsupported value: \"Inline\": supported values: \"Persistent\", \"Ephemeral\", spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 5: must be greater than or equal to 10 seconds]"
    );
    assert_eq!(
        sc.validate(
            Some(&old),
            &driver(
                "{attachRequired: false, podInfoOnMount: true, volumeLifecycleModes: [Ephemeral]}"
            )
        )
        .unwrap_err(),
        "CSIDriver.storage.k8s.io \"ebs.csi.aws.com\" is invalid: [spec.attachedRequired: Invalid value: false: field is immutable, spec.volumeLifecycleModes: Invalid value: [\"Ephemeral\"]: field is immutable]"
    );
}

/// storage/validation `ValidateVolumeAttributesClass` and its update.
#[test]
fn volume_attributes_classes() {
    let class = |fields: &str| v(&format!("metadata: {{name: gold}}\n{fields}"));
    let vac = kind("storage.k8s.io/v1", "VolumeAttributesClass");
    let old = class("driverName: ebs.csi.aws.com\nparameters: {iops: '3000'}");
    assert!(vac.validate(None, &old).is_ok());
    assert_eq!(
        vac.validate(None, &class("driverName: ''")).unwrap_err(),
        "VolumeAttributesClass.storage.k8s.io \"gold\" is invalid: [driverName: Required value, parameters: Required value: must contain at least one key/value pair]"
    );
    assert_eq!(
        vac.validate(
            Some(&old),
            &class("driverName: efs.csi.aws.com\nparameters: {iops: '4000'}")
        )
        .unwrap_err(),
        "VolumeAttributesClass.storage.k8s.io \"gold\" is invalid: [driverName: Forbidden: updates to driverName are forbidden., parameters: Forbidden: updates to parameters are forbidden.]"
    );
}
