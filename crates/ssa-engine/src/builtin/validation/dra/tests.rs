//! Dynamic resource allocation's rules (`dra.rs`, `dra/claim.rs`,
//! `dra/slice.rs`) with the server's messages: each test names the
//! functions of `pkg/apis/resource/validation/validation.go` it checks.
//! Objects are defaulted first (`pkg/apis/resource/v1/defaults.go`), as
//! the server validates them; the scenario test goes through a whole
//! write.

#![allow(clippy::unwrap_used)]

use super::super::KindValidation;
use super::super::tests::{apply_one, errors_of};
use crate::schema::{Defaulter, Validator};
use crate::value::Value;

const V1: &str = "resource.k8s.io/v1";
const V1BETA1: &str = "resource.k8s.io/v1beta1";
const V1BETA2: &str = "resource.k8s.io/v1beta2";

/// `IsDNS1123Label`'s message.
const LABEL: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

/// `IsDNS1123Subdomain`'s message.
const SUBDOMAIN: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/// `IsQualifiedName`'s message for a bad name part.
const NAME_PART: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

/// `IsValidLabelValue`'s message.
const LABEL_VALUE: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

/// `IsCIdentifier`'s message.
const C_IDENTIFIER: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";

/// `validateRequestNameRef`'s message.
const NOT_A_REQUEST: &str = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

/// A `kind` of `api` with `body` (YAML lines after the metadata),
/// defaulted; claims and templates in the default namespace.
fn object(api: &str, kind: &str, body: &str) -> Value {
    let meta = match kind {
        "DeviceClass" => "{name: gpu.example.com}",
        "ResourceSlice" => "{name: node-1-gpu.example.com-x7k2p}",
        _ => "{name: gpu-claim, namespace: default}",
    };
    let mut object = crate::yaml::parse(&format!(
        "apiVersion: {api}\nkind: {kind}\nmetadata: {meta}\n{body}"
    ))
    .unwrap()
    .value;
    if let Some(defaults) = crate::builtin::defaults::KindDefaults::for_kind(api, kind) {
        defaults.apply_defaults(&mut object, "2026-01-01T00:00:00Z");
    }
    object
}

/// The errors of creating a `kind` of `api` with `body`.
fn create(api: &str, kind: &str, body: &str) -> Option<String> {
    errors_of(api, kind, None, &object(api, kind, body))
}

/// The errors of replacing a `kind` of `api` with `old` by one with
/// `new`.
fn update(api: &str, kind: &str, old: &str, new: &str) -> Option<String> {
    errors_of(
        api,
        kind,
        Some(&object(api, kind, old)),
        &object(api, kind, new),
    )
}

/// The errors of a v1 ResourceClaim with `devices` (a YAML flow mapping).
fn claim(devices: &str) -> Option<String> {
    create(
        V1,
        "ResourceClaim",
        &format!("spec: {{devices: {devices}}}\n"),
    )
}

/// The errors of a v1 ResourceClaim with one request `gpu` whose
/// `exactly` is `exactly` (a YAML flow mapping).
fn exactly(exactly: &str) -> Option<String> {
    claim(&format!(
        "{{requests: [{{name: gpu, exactly: {exactly}}}]}}"
    ))
}

/// The errors of a v1 ResourceSlice with `spec` (a YAML flow mapping).
fn slice(spec: &str) -> Option<String> {
    create(V1, "ResourceSlice", &format!("spec: {spec}\n"))
}

/// A slice's spec on `node-1` of the `gpu.example.com` driver with
/// `devices` (a YAML flow list).
fn node_slice(devices: &str) -> String {
    format!(
        "{{driver: gpu.example.com, nodeName: node-1, pool: {{name: node-1, generation: 0, resourceSliceCount: 1}}, devices: {devices}}}"
    )
}

/// What the documentation and the drivers write passes: the DRA
/// concept page's class, claim and template (kubernetes.io), the DRA
/// tutorial's, the example driver's (kubernetes-sigs/dra-example-driver:
/// a class with a config, shared claims, prioritized alternatives,
/// consumable capacity, admin access, binding conditions, tolerations),
/// NVIDIA k8s-dra-driver-gpu's (opaque GpuConfig parameters, CEL
/// selectors), each in v1 and in the older shapes of v1beta1 and v1beta2.
#[test]
fn written_objects_pass() {
    let cases: &[(&str, &str, &str)] = &[
        (
            V1BETA2,
            "DeviceClass",
            "spec:\n  selectors:\n  - cel:\n      expression: |-\n        device.driver == \"driver.example.com\"\n",
        ),
        (
            V1,
            "DeviceClass",
            "spec:\n  selectors:\n  - cel:\n      expression: \"device.driver == 'gpu.example.com'\"\n  extendedResourceName: example.com/gpu\n",
        ),
        (
            V1,
            "DeviceClass",
            "spec:\n  selectors:\n  - cel: {expression: \"device.driver == 'gpu.nvidia.com' && device.attributes['gpu.nvidia.com'].type == 'gpu'\"}\n  config:\n  - opaque:\n      driver: gpu.nvidia.com\n      parameters: {apiVersion: resource.nvidia.com/v1beta1, kind: GpuConfig, sharing: {strategy: TimeSlicing, timeSlicingConfig: {interval: Long}}}\n",
        ),
        (
            V1,
            "ResourceClaimTemplate",
            "spec:\n  spec:\n    devices:\n      requests:\n      - name: gpu-claim\n        exactly:\n          deviceClassName: example-device-class\n          selectors:\n            - cel:\n                expression: |-\n                  device.attributes[\"driver.example.com\"].type == \"gpu\" &&\n                  device.capacity[\"driver.example.com\"].memory == quantity(\"64Gi\")\n",
        ),
        (
            V1,
            "ResourceClaim",
            "spec:\n  devices:\n    requests:\n    - name: some-gpu\n      exactly:\n        deviceClassName: gpu.example.com\n        selectors:\n        - cel: {expression: \"device.capacity['gpu.example.com'].memory.compareTo(quantity('10Gi')) >= 0\"}\n",
        ),
        // All devices of a class: the count stays unset.
        (
            V1,
            "ResourceClaim",
            "spec: {devices: {requests: [{name: all-gpus, exactly: {deviceClassName: gpu.example.com, allocationMode: All}}]}}\n",
        ),
        (
            V1,
            "ResourceClaimTemplate",
            "metadata: {name: prioritized-gpu, namespace: prioritized-alternatives}\nspec:\n  spec:\n    devices:\n      requests:\n      - name: gpu\n        firstAvailable:\n        - name: bleeding-edge-gpu\n          deviceClassName: gpu.example.com\n          selectors:\n          - cel: {expression: \"device.attributes['gpu.example.com'].model == 'BLEEDING-EDGE-GPU'\"}\n        - name: huge-gpu\n          deviceClassName: gpu.example.com\n          selectors:\n          - cel: {expression: \"device.capacity['gpu.example.com'].memory.compareTo(quantity('1Ti')) >= 0\"}\n        - name: older-gpu\n          deviceClassName: gpu.example.com\n      config:\n      - requests: [gpu/huge-gpu]\n        opaque: {driver: gpu.example.com, parameters: {apiVersion: gpu.resource.example.com/v1alpha1, kind: GpuConfig}}\n",
        ),
        (
            V1,
            "ResourceClaimTemplate",
            "spec:\n  metadata:\n    labels: {app: inference}\n    annotations: {example.com/owner: ml}\n  spec:\n    devices:\n      requests:\n      - name: nic\n        exactly:\n          deviceClassName: net.example.com\n          capacity:\n            requests: {ingressBandwidth: \"10G\", egressBandwidth: \"5G\"}\n          tolerations:\n          - {key: example.com/maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 60}\n          - {key: example.com/zone, value: a}\n",
        ),
        (
            V1,
            "ResourceClaim",
            "spec:\n  devices:\n    requests:\n    - name: gpu\n      exactly: {deviceClassName: gpu.example.com, adminAccess: true}\n    - name: nic\n      exactly: {deviceClassName: net.example.com, count: 2}\n    constraints:\n    - requests: [gpu, nic]\n      matchAttribute: resource.kubernetes.io/pcieRoot\n    - distinctAttribute: gpu.example.com/uuid\n",
        ),
        (
            V1,
            "ResourceClaimTemplate",
            "spec:\n  spec:\n    devices:\n      requests:\n      - name: gpu\n        exactly:\n          deviceClassName: gpu.nvidia.com\n          selectors:\n          - cel:\n              expression: |\n                device.attributes['gpu.nvidia.com'].productName.lowerAscii().matches('^.*a100.*$')\n      config:\n      - requests: [\"gpu\"]\n        opaque:\n          driver: gpu.nvidia.com\n          parameters:\n            apiVersion: resource.nvidia.com/v1beta1\n            kind: GpuConfig\n            sharing:\n              strategy: MPS\n              mpsConfig: {defaultActiveThreadPercentage: 50, defaultPinnedDeviceMemoryLimit: 10Gi}\n",
        ),
        // v1beta1: a request holds its class itself.
        (
            V1BETA1,
            "ResourceClaim",
            "spec:\n  devices:\n    requests:\n    - name: gpu\n      deviceClassName: gpu.example.com\n",
        ),
        (
            V1BETA1,
            "ResourceClaimTemplate",
            "spec:\n  spec:\n    devices:\n      requests:\n      - name: ts-gpu\n        deviceClassName: gpu.nvidia.com\n      - name: mps-gpu\n        deviceClassName: gpu.nvidia.com\n        firstAvailable: []\n      config:\n      - requests: [\"ts-gpu\"]\n        opaque:\n          driver: gpu.nvidia.com\n          parameters: {apiVersion: resource.nvidia.com/v1beta1, kind: GpuConfig, sharing: {strategy: TimeSlicing}}\n",
        ),
        (
            V1BETA1,
            "ResourceClaim",
            "spec:\n  devices:\n    requests:\n    - name: gpu\n      firstAvailable:\n      - {name: big, deviceClassName: gpu.example.com, count: 2}\n      - {name: small, deviceClassName: gpu.example.com}\n",
        ),
        (
            V1BETA2,
            "ResourceClaim",
            "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n",
        ),
        // The example driver's slice (`kubectl get resourceslice`).
        (
            V1,
            "ResourceSlice",
            "spec:\n  driver: gpu.example.com\n  nodeName: dra-example-driver-cluster-worker\n  pool: {generation: 0, name: dra-example-driver-cluster-worker, resourceSliceCount: 1}\n  devices:\n  - attributes:\n      driverVersion: {version: 1.0.0}\n      index: {int: 0}\n      model: {string: LATEST-GPU-MODEL}\n      uuid: {string: gpu-18db0e85-99e9-c746-8531-ffeb86328b39}\n    capacity:\n      memory: {value: 80Gi}\n    name: gpu-0\n",
        ),
        (
            V1BETA1,
            "ResourceSlice",
            "spec:\n  driver: gpu.example.com\n  nodeName: node-1\n  pool: {generation: 0, name: node-1, resourceSliceCount: 1}\n  devices:\n  - name: gpu-0\n    basic:\n      attributes:\n        driverVersion: {version: 1.0.0-rc.1+build.5}\n        model: {string: LATEST-GPU-MODEL}\n      capacity:\n        memory: {value: 80Gi}\n",
        ),
        // v1beta1: an empty nodeName and a false allNodes are unset.
        (
            V1BETA1,
            "ResourceSlice",
            "spec:\n  driver: fabric.example.com\n  nodeName: ''\n  allNodes: false\n  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: topology.kubernetes.io/rack, operator: In, values: [rack-1]}]}]}\n  pool: {generation: 1, name: rack-1, resourceSliceCount: 1}\n  devices: [{name: switch-0}]\n",
        ),
        // The partitionable devices of the DRA concept page.
        (
            V1,
            "ResourceSlice",
            "spec:\n  driver: resource-driver.example.com\n  nodeName: dra-example-driver\n  pool: {generation: 1, name: my-pool, resourceSliceCount: 2}\n  sharedCounters:\n  - name: gpu-0-counter-set\n    counters:\n      memory: {value: 40Gi}\n",
        ),
        (
            V1,
            "ResourceSlice",
            "spec:\n  driver: resource-driver.example.com\n  nodeName: my-node\n  pool: {generation: 1, name: my-pool, resourceSliceCount: 2}\n  devices:\n  - name: gpu-0\n    capacity: {memory: {value: 40Gi}}\n    consumesCounters:\n    - counterSet: gpu-0-counter-set\n      counters: {memory: {value: 40Gi}}\n  - name: gpu-0-partition-0\n    capacity: {memory: {value: 20Gi}}\n    consumesCounters:\n    - counterSet: gpu-0-counter-set\n      counters: {memory: {value: 20Gi}}\n",
        ),
        // Consumable capacity (KEP-5075's example), taints, binding
        // conditions, per-device node selection.
        (
            V1,
            "ResourceSlice",
            "spec:\n  driver: guaranteed-cni.dra.networking.x-k8s.io\n  perDeviceNodeSelection: true\n  pool: {name: worker/nics, generation: 1, resourceSliceCount: 1}\n  devices:\n  - name: eth1\n    nodeName: worker-1\n    allowMultipleAllocations: true\n    attributes:\n      name: {string: eth1}\n      kubernetes.io/pcieRoot: {string: pci0000:00}\n    capacity:\n      bandwidth:\n        value: 10Gi\n        requestPolicy: {default: 1Mi, validRange: {min: 1Mi, step: \"8\"}}\n      slots:\n        value: \"16\"\n        requestPolicy: {default: \"1\", validValues: [\"1\", \"2\", \"4\", \"8\"]}\n    taints:\n    - {key: example.com/maintenance, value: planned, effect: NoSchedule}\n    bindsToNode: true\n    bindingConditions: [dra.example.com/is-prepared]\n    bindingFailureConditions: [dra.example.com/preparing-failed]\n  - name: eth2\n    allNodes: true\n",
        ),
    ];
    for (api, kind, body) in cases {
        assert_eq!(create(api, kind, body), None, "{api} {kind}\n{body}");
    }
}

/// `validateDeviceRequest`: a name that is a DNS label, exactly one of
/// `exactly` and `firstAvailable` (a request given both is printed as
/// null); `validateSet`: at most 32 requests and 8 subrequests, names
/// once (the duplicate at its index).
#[test]
fn requests_and_subrequests() {
    assert_eq!(
        claim("{requests: [{name: Gpu_1}]}").unwrap(),
        format!(
            "[spec.devices.requests[0].name: Invalid value: \"Gpu_1\": {LABEL}, spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required]"
        )
    );
    assert_eq!(
        claim("{requests: [{name: gpu, exactly: {deviceClassName: a}, firstAvailable: [{name: b, deviceClassName: b}]}]}").unwrap(),
        "spec.devices.requests[0]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"
    );
    assert_eq!(
        claim("{requests: [{name: gpu, exactly: {deviceClassName: a}}, {name: gpu, exactly: {deviceClassName: b}}]}").unwrap(),
        "spec.devices.requests[1]: Duplicate value: \"gpu\""
    );
    let many: Vec<String> = (0..33)
        .map(|i| format!("{{name: r{i}, exactly: {{deviceClassName: c}}}}"))
        .collect();
    assert_eq!(
        claim(&format!("{{requests: [{}]}}", many.join(", "))).unwrap(),
        "spec.devices.requests: Too many: 33: must have at most 32 items"
    );
    let subs: Vec<String> = (0..9)
        .map(|i| format!("{{name: s{i}, deviceClassName: c}}"))
        .collect();
    assert_eq!(
        claim(&format!(
            "{{requests: [{{name: gpu, firstAvailable: [{}]}}]}}",
            subs.join(", ")
        ))
        .unwrap(),
        "spec.devices.requests[0].firstAvailable: Too many: 9: must have at most 8 items"
    );
    assert_eq!(
        claim("{requests: [{name: gpu, firstAvailable: [{name: a, deviceClassName: ''}, {name: a, deviceClassName: c, allocationMode: All, count: 3}]}]}").unwrap(),
        "[spec.devices.requests[0].firstAvailable[0].deviceClassName: Required value, spec.devices.requests[0].firstAvailable[1].count: Invalid value: 3: must not be specified when allocationMode is 'All', spec.devices.requests[0].firstAvailable[1]: Duplicate value: \"a\"]"
    );
}

/// `validateExactDeviceRequest`: `validateDeviceClass`,
/// `validateSelectorSlice` (a CEL selector required, its expression at
/// most 10 KiB), `validateDeviceAllocationMode` (after the defaults: an
/// empty mode is ExactCount, a zero count 1), `validateDeviceToleration`.
#[test]
fn exact_requests() {
    assert_eq!(
        exactly("{allocationMode: ExactCount}").unwrap(),
        "spec.devices.requests[0].exactly.deviceClassName: Required value"
    );
    assert_eq!(
        exactly("{deviceClassName: GPU}").unwrap(),
        format!(
            "spec.devices.requests[0].exactly.deviceClassName: Invalid value: \"GPU\": {SUBDOMAIN}"
        )
    );
    // Go cannot tell a zero count from none: the defaulter makes it 1.
    assert_eq!(exactly("{deviceClassName: c, count: 0}"), None);
    assert_eq!(
        exactly("{deviceClassName: c, count: -1}").unwrap(),
        "spec.devices.requests[0].exactly.count: Invalid value: -1: must be greater than zero"
    );
    assert_eq!(
        exactly("{deviceClassName: c, allocationMode: Any}").unwrap(),
        "spec.devices.requests[0].exactly.allocationMode: Unsupported value: \"Any\": supported values: \"All\", \"ExactCount\""
    );
    let long = "a".repeat(10 * 1024 + 1);
    assert_eq!(
        exactly(&format!(
            "{{deviceClassName: c, selectors: [{{}}, {{cel: {{expression: {long}}}}}]}}"
        ))
        .unwrap(),
        "[spec.devices.requests[0].exactly.selectors[0].cel: Required value, spec.devices.requests[0].exactly.selectors[1].cel.expression: Too long: may not be more than 10240 bytes]"
    );
    let selectors = vec!["{cel: {expression: 'true'}}"; 33].join(", ");
    assert_eq!(
        exactly(&format!("{{deviceClassName: c, selectors: [{selectors}]}}")).unwrap(),
        "spec.devices.requests[0].exactly.selectors: Too many: 33: must have at most 32 items"
    );
    assert_eq!(
        exactly("{deviceClassName: c, tolerations: [{key: 'bad key', operator: Exists, value: x, effect: Sometimes}, {operator: In}, {key: k, value: 'a b'}]}").unwrap(),
        format!(
            "[spec.devices.requests[0].exactly.tolerations[0].key: Invalid value: \"bad key\": {NAME_PART}, spec.devices.requests[0].exactly.tolerations[0].value: Invalid value: \"x\": must be empty for operator `Exists`, spec.devices.requests[0].exactly.tolerations[0].effect: Unsupported value: \"Sometimes\": supported values: \"NoExecute\", \"NoSchedule\", \"None\", spec.devices.requests[0].exactly.tolerations[1].operator: Unsupported value: \"In\": supported values: \"Equal\", \"Exists\", spec.devices.requests[0].exactly.tolerations[2].value: Invalid value: \"a b\": {LABEL_VALUE}]"
        )
    );
}

/// `validateDeviceConstraint` and `validateDeviceClaimConfiguration`:
/// `validateRequestNameRef` (a request, or a request and one of its
/// subrequests), `validateFullyQualifiedName` (`validateQualifiedName`,
/// `validateCIdentifier`), one of matchAttribute and distinctAttribute
/// (DRAConsumableCapacity's wording), `validateDeviceConfiguration`,
/// `validateOpaqueConfiguration`, `validateRawExtension`.
#[test]
fn constraints_and_configurations() {
    let requests = "requests: [{name: gpu, exactly: {deviceClassName: c}}, {name: alt, firstAvailable: [{name: big, deviceClassName: c}]}]";
    let with = |rest: &str| claim(&format!("{{{requests}, {rest}}}"));
    assert_eq!(
        with("constraints: [{requests: [gpu, alt/big, nope, gpu/big, a/b/c, Alt, gpu], matchAttribute: example.com/numa}]").unwrap(),
        format!(
            "[spec.devices.constraints[0].requests[2]: Invalid value: \"nope\": {NOT_A_REQUEST}, spec.devices.constraints[0].requests[3]: Invalid value: \"gpu/big\": {NOT_A_REQUEST}, spec.devices.constraints[0].requests[4]: Invalid value: \"a/b/c\": {NOT_A_REQUEST}, spec.devices.constraints[0].requests[5]: Invalid value: \"Alt\": {LABEL}, spec.devices.constraints[0].requests[5]: Invalid value: \"Alt\": {NOT_A_REQUEST}, spec.devices.constraints[0].requests[6]: Duplicate value: \"gpu\"]"
        )
    );
    assert_eq!(
        with("constraints: [{requests: [gpu]}, {matchAttribute: numa}, {matchAttribute: example.com/}, {distinctAttribute: /9lives}, {matchAttribute: Example.com/a/b}]").unwrap(),
        format!(
            "[spec.devices.constraints[0]: Required value: exactly one of \"matchAttribute\" or \"distinctAttribute\" is required, but multiple fields are set, spec.devices.constraints[1].matchAttribute: Invalid value: \"numa\": a fully qualified name must be a domain and a name separated by a slash, spec.devices.constraints[2].matchAttribute: Invalid value: \"\": the name must not be empty, spec.devices.constraints[3].distinctAttribute: Invalid value: \"\": the domain must not be empty, spec.devices.constraints[3].distinctAttribute: Invalid value: \"9lives\": {C_IDENTIFIER}]"
        )
    );
    let big = "x".repeat(10 * 1024);
    assert_eq!(
        with(&format!("config: [{{requests: [gpu]}}, {{opaque: {{driver: Gpu_Example}}}}, {{opaque: {{driver: gpu.example.com, parameters: 5}}}}, {{opaque: {{driver: gpu.example.com, parameters: {{big: {big}}}}}}}]")).unwrap(),
        format!(
            "[spec.devices.config[0].opaque: Required value, spec.devices.config[1].opaque.driver: Invalid value: \"Gpu_Example\": {SUBDOMAIN}, spec.devices.config[1].opaque.parameters: Required value, spec.devices.config[2].opaque.parameters: Invalid value: \"<value omitted>\": must be a valid JSON object, spec.devices.config[3].opaque.parameters: Too long: may not be more than 10240 bytes]"
        )
    );
}

/// A ResourceClaimTemplate: `ValidateTemplateObjectMeta` (labels and
/// annotations only), then the claim spec at `spec.spec`, on create and
/// on update alike (`ValidateResourceClaimTemplate` runs again), and on
/// update then `ValidateResourceClaimTemplateUpdate`'s immutable spec:
/// the whole internal `ResourceClaimTemplateSpec`, its `metav1.ObjectMeta`
/// embedded (its fields inline, under their json names, `omitempty`).
#[test]
fn claim_templates() {
    let body = "spec:\n  metadata: {name: x, labels: {'a b': c}}\n  spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: ''}}]}}\n";
    let expected = format!(
        "[spec.metadata.labels: Invalid value: \"a b\": {NAME_PART}, spec.metadata.name: Forbidden: cannot be set, spec.spec.devices.requests[0].exactly.deviceClassName: Required value]"
    );
    assert_eq!(create(V1, "ResourceClaimTemplate", body).unwrap(), expected);
    assert_eq!(
        update(V1, "ResourceClaimTemplate", body, body).unwrap(),
        expected
    );
    let old = "spec:\n  metadata: {labels: {team: ml}}\n  spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}\n";
    let new = "spec:\n  metadata: {labels: {team: ml}}\n  spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: ''}}]}}\n";
    assert_eq!(update(V1, "ResourceClaimTemplate", old, old), None);
    assert_eq!(
        update(V1, "ResourceClaimTemplate", old, new).unwrap(),
        "[spec.spec.devices.requests[0].exactly.deviceClassName: Required value, spec: Invalid value: {\"labels\":{\"team\":\"ml\"},\"Spec\":{\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":{\"DeviceClassName\":\"\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"AdminAccess\":null,\"Tolerations\":null,\"Capacity\":null},\"FirstAvailable\":null}],\"Constraints\":null,\"Config\":null}}}: field is immutable]"
    );
    // The template's metadata is part of the spec.
    let relabelled = old.replace("team: ml", "team: ai");
    assert_eq!(
        update(V1, "ResourceClaimTemplate", old, &relabelled).unwrap(),
        "spec: Invalid value: {\"labels\":{\"team\":\"ai\"},\"Spec\":{\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":{\"DeviceClassName\":\"gpu.example.com\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"AdminAccess\":null,\"Tolerations\":null,\"Capacity\":null},\"FirstAvailable\":null}],\"Constraints\":null,\"Config\":null}}}: field is immutable"
    );
}

/// A ResourceClaim's update runs `ValidateResourceClaimUpdate` alone:
/// the metadata, and the immutable spec (`ValidateImmutableField`), whose
/// refusal prints the whole new internal `ResourceClaimSpec`: Go field
/// names in declaration order, zero values included, `null` for a nil
/// pointer or slice, an inline `DeviceConfiguration`, raw parameters.
#[test]
fn claim_updates_check_the_metadata_and_an_immutable_spec() {
    let old = "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c}}]}}\n";
    let relabelled = "metadata: {name: gpu-claim, namespace: default, labels: {team: ml}}\nspec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c}}]}}\n";
    assert_eq!(update(V1, "ResourceClaim", old, relabelled), None);
    // The create's rules are not run again on update.
    let broken = "spec: {devices: {requests: [{name: gpu}]}}\n";
    assert_eq!(update(V1, "ResourceClaim", broken, broken), None);
    let reclassed = "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c2}}]}}\n";
    assert_eq!(
        update(V1, "ResourceClaim", old, reclassed).unwrap(),
        "spec: Invalid value: {\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":{\"DeviceClassName\":\"c2\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"AdminAccess\":null,\"Tolerations\":null,\"Capacity\":null},\"FirstAvailable\":null}],\"Constraints\":null,\"Config\":null}}: field is immutable"
    );
    // What Semantic.DeepEqual finds alike is no change: an empty list and
    // none, an empty map and none, quantities of the same amount.
    let stored = "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c, selectors: [], capacity: {requests: {memory: 1Gi}}}}], constraints: []}}\n";
    let same = "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c, capacity: {requests: {memory: '1073741824'}}}}]}}\n";
    assert_eq!(update(V1, "ResourceClaim", stored, same), None);
    // A pointer to false is not a nil one; a configuration is inline, its
    // parameters printed as the raw JSON they are.
    let configured = "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c, adminAccess: false, capacity: {requests: {memory: 1Gi}}}}], config: [{opaque: {driver: gpu.example.com, parameters: {b: 1, a: [x]}}}]}}\n";
    assert_eq!(
        update(V1, "ResourceClaim", stored, configured).unwrap(),
        "spec: Invalid value: {\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":{\"DeviceClassName\":\"c\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"AdminAccess\":false,\"Tolerations\":null,\"Capacity\":{\"Requests\":{\"memory\":\"1Gi\"}}},\"FirstAvailable\":null}],\"Constraints\":null,\"Config\":[{\"Requests\":null,\"Opaque\":{\"Driver\":\"gpu.example.com\",\"Parameters\":{\"a\":[\"x\"],\"b\":1}}}]}}: field is immutable"
    );
    // v1beta1 (and v1beta2) are read in v1's shape: the request's own
    // class becomes its `exactly`.
    let beta = |class: &str| {
        format!(
            "spec: {{devices: {{requests: [{{name: gpu, deviceClassName: {class}}}], constraints: [{{requests: [gpu], matchAttribute: gpu.example.com/numa}}]}}}}\n"
        )
    };
    assert_eq!(
        update(V1BETA1, "ResourceClaim", &beta("c"), &beta("c")),
        None
    );
    assert_eq!(
        update(V1BETA1, "ResourceClaim", &beta("c"), &beta("d")).unwrap(),
        "spec: Invalid value: {\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":{\"DeviceClassName\":\"d\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"AdminAccess\":null,\"Tolerations\":null,\"Capacity\":null},\"FirstAvailable\":null}],\"Constraints\":[{\"Requests\":[\"gpu\"],\"MatchAttribute\":\"gpu.example.com/numa\",\"DistinctAttribute\":null}],\"Config\":null}}: field is immutable"
    );
    let beta2 = |class: &str| {
        format!(
            "spec: {{devices: {{requests: [{{name: gpu, firstAvailable: [{{name: a, deviceClassName: {class}, tolerations: [{{key: k, operator: Exists}}]}}]}}]}}}}\n"
        )
    };
    assert_eq!(
        update(V1BETA2, "ResourceClaim", &beta2("c"), &beta2("d")).unwrap(),
        "spec: Invalid value: {\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":null,\"FirstAvailable\":[{\"Name\":\"a\",\"DeviceClassName\":\"d\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"Tolerations\":[{\"Key\":\"k\",\"Operator\":\"Exists\",\"Value\":\"\",\"Effect\":\"\",\"TolerationSeconds\":null}],\"Capacity\":null}]}],\"Constraints\":null,\"Config\":null}}: field is immutable"
    );
}

/// resource.k8s.io/v1beta1 (`Convert_v1beta1_DeviceRequest_To_resource_DeviceRequest`,
/// `Convert_v1beta1_Device_To_resource_Device`,
/// `Convert_v1beta1_ResourceSliceSpec_To_resource_ResourceSliceSpec`):
/// the errors name the internal paths, `exactly` and no `basic`.
#[test]
fn v1beta1_objects_are_checked_in_v1s_shape() {
    assert_eq!(
        create(
            V1BETA1,
            "ResourceClaim",
            "spec: {devices: {requests: [{name: gpu, deviceClassName: GPU}, {name: b}, {name: c, deviceClassName: c, firstAvailable: [{name: d, deviceClassName: d}]}]}}\n"
        )
        .unwrap(),
        format!(
            "[spec.devices.requests[0].exactly.deviceClassName: Invalid value: \"GPU\": {SUBDOMAIN}, spec.devices.requests[1]: Required value: exactly one of `exactly` or `firstAvailable` is required, spec.devices.requests[2]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set]"
        )
    );
    // Without a class, the v1beta1 defaulter leaves the mode unset: a
    // count alone makes an `exactly` without a class or a mode.
    assert_eq!(
        create(
            V1BETA1,
            "ResourceClaimTemplate",
            "spec: {spec: {devices: {requests: [{name: gpu, count: 2}]}}}\n"
        )
        .unwrap(),
        "[spec.spec.devices.requests[0].exactly.deviceClassName: Required value, spec.spec.devices.requests[0].exactly.allocationMode: Unsupported value: \"\": supported values: \"All\", \"ExactCount\"]"
    );
    assert_eq!(
        create(
            V1BETA1,
            "ResourceSlice",
            "spec: {driver: d.example.com, nodeName: '', pool: {name: p, resourceSliceCount: 1}, devices: [{name: a, basic: {attributes: {'9x': {int: 1}}}}]}\n"
        )
        .unwrap(),
        format!(
            "[spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, spec.devices[0].attributes: Invalid value: \"9x\": {C_IDENTIFIER}]"
        )
    );
}

/// `validateCELSelector`: a selector compiles in DRA's environment
/// (`device` of `kubernetes.DRADevice`, cel-go's `cel.bind`) and gives a
/// bool or an attribute's unknown type.
#[test]
fn device_selectors_compile() {
    let class = |expression: &str| {
        create(
            V1,
            "DeviceClass",
            &format!("spec: {{selectors: [{{cel: {{expression: {expression:?}}}}}]}}\n"),
        )
    };
    assert_eq!(
        class("device.drivr == 'gpu.example.com'").unwrap(),
        "spec.selectors[0].cel.expression: Invalid value: \"device.drivr == 'gpu.example.com'\": compilation failed: ERROR: <input>:1:7: undefined field 'drivr'\n | device.drivr == 'gpu.example.com'\n | ......^"
    );
    assert_eq!(
        class("driver == 'gpu.example.com'").unwrap(),
        "spec.selectors[0].cel.expression: Invalid value: \"driver == 'gpu.example.com'\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'driver' (in container '')\n | driver == 'gpu.example.com'\n | ^"
    );
    assert_eq!(
        class("device.driver").unwrap(),
        "spec.selectors[0].cel.expression: Invalid value: \"device.driver\": must evaluate to bool or the unknown type, not string"
    );
    for good in [
        "device.driver == 'gpu.example.com' && device.attributes['gpu.example.com'].model == 'a'",
        "device.attributes['gpu.example.com'].enabled",
        "cel.bind(gpu, device.attributes['gpu.example.com'], gpu.model == 'a' && gpu.memory > 1)",
        "device.capacity['gpu.example.com'].memory.compareTo(quantity('10Gi')) >= 0",
        "device.allowMultipleAllocations",
    ] {
        assert_eq!(class(good), None, "{good}");
    }
}

/// `validateCELSelector`: a selector whose estimated cost exceeds
/// `CELSelectorExpressionMaxCost` is forbidden (dynamic-resource-allocation
/// `cel/compile_test.go`'s "expensive" case, estimated at 85,555,551).
#[test]
fn device_selectors_over_the_cost_limit() {
    let ten = "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]";
    let expensive = format!(
        "{ten}.all(x, {ten}.all(y, {ten}.all(z, {ten}.all(z2, {ten}.all(z3, {ten}.all(z4, {ten}.all(z5, int('1'.find('[0-9]*')) < 100)))))))"
    );
    let class = create(
        V1,
        "DeviceClass",
        &format!("spec: {{selectors: [{{cel: {{expression: {expensive:?}}}}}]}}\n"),
    );
    assert_eq!(
        class.unwrap(),
        "spec.selectors[0].cel.expression: Forbidden: too complex, exceeds cost limit"
    );
    // Upstream's "check_attribute_domains", estimated at 164: taken.
    let class = create(
        V1,
        "DeviceClass",
        "spec: {selectors: [{cel: {expression: 'device.attributes.exists_one(x, x == \"dra.example.com\")'}}]}\n",
    );
    assert_eq!(class, None);
}

/// `validateDeviceClassSpec`: the selectors and configurations as a
/// claim's, an extended resource name (`IsExtendedResourceName`: not
/// native, not `requests.`, a qualified name with that prefix).
#[test]
fn device_classes() {
    let class = |spec: &str| create(V1, "DeviceClass", &format!("spec: {spec}\n"));
    assert_eq!(
        class("{selectors: [{cel: {expression: 'device.driver == \"a.example.com\"'}}], config: [{opaque: {parameters: {a: 1}}}], extendedResourceName: cpu}").unwrap(),
        format!(
            "[spec.config[0].opaque.driver: Required value, spec.config[0].opaque.driver: Invalid value: \"\": {SUBDOMAIN}, spec.extendedResourceName: Invalid value: \"cpu\": must be a valid extended resource name]"
        )
    );
    for name in [
        "requests.example.com/gpu",
        "kubernetes.io/gpu",
        "example.com/a b",
    ] {
        assert_eq!(
            class(&format!("{{extendedResourceName: '{name}'}}")).unwrap(),
            format!(
                "spec.extendedResourceName: Invalid value: \"{name}\": must be a valid extended resource name"
            )
        );
    }
    assert_eq!(class("{extendedResourceName: example.com/gpu}"), None);
    // An update is validated as a create is.
    let old = "spec: {selectors: [{cel: {expression: 'true'}}]}\n";
    let new = "spec: {selectors: [{}]}\n";
    assert_eq!(
        update(V1, "DeviceClass", old, new).unwrap(),
        "spec.selectors[0].cel: Required value"
    );
}

/// `validateResourceSliceSpec`: the driver, `validateResourcePool`
/// (`validatePoolName`), exactly one node selection (each valid), not
/// both devices and shared counters, the devices and counter sets.
#[test]
fn slice_specs() {
    assert_eq!(
        slice("{driver: Gpu_Driver, pool: {name: 'a/B', generation: -1, resourceSliceCount: 0}, nodeName: '', allNodes: false}").unwrap(),
        format!(
            "[spec.driver: Invalid value: \"Gpu_Driver\": {SUBDOMAIN}, spec.pool.name: Invalid value: \"B\": {SUBDOMAIN}, spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero, spec.pool.generation: Invalid value: -1: must be greater than or equal to zero, spec.nodeName: Invalid value: \"\": must be either unset or set to a non-empty string, spec.allNodes: Invalid value: false: must be either unset or set to true, spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required]"
        )
    );
    assert_eq!(
        slice("{driver: d.example.com, pool: {name: p, resourceSliceCount: 1}, nodeName: Node_1, allNodes: true, nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: a, operator: In, values: [x]}]}, {matchFields: [{key: metadata.name, operator: In, values: [node-2]}]}]}, devices: [], sharedCounters: []}").unwrap(),
        format!(
            "[spec.nodeName: Invalid value: \"Node_1\": {SUBDOMAIN}, spec.nodeSelector.nodeSelectorTerms: Invalid value: [{{\"MatchExpressions\":[{{\"Key\":\"a\",\"Operator\":\"In\",\"Values\":[\"x\"]}}],\"MatchFields\":null}},{{\"MatchExpressions\":null,\"MatchFields\":[{{\"Key\":\"metadata.name\",\"Operator\":\"In\",\"Values\":[\"node-2\"]}}]}}]: must have exactly one node selector term, spec: Invalid value: \"{{`nodeName`, `nodeSelector`, `allNodes`}}\": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set, spec: Invalid value: \"\": only one of `sharedCounters` or `devices` is allowed]"
        )
    );
    assert_eq!(
        slice("{driver: d.example.com, pool: {name: p, resourceSliceCount: 1}, nodeSelector: {nodeSelectorTerms: []}}").unwrap(),
        "[spec.nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term, spec.nodeSelector.nodeSelectorTerms: Invalid value: []: must have exactly one node selector term]"
    );
    assert_eq!(
        slice(&format!(
            "{{driver: d.example.com, pool: {{name: '{}', resourceSliceCount: 1}}, allNodes: true}}",
            "a".repeat(254)
        ))
        .unwrap(),
        format!(
            "[spec.pool.name: Too long: may not be more than 253 bytes, spec.pool.name: Invalid value: \"{}\": must be no more than 253 characters]",
            "a".repeat(254)
        )
    );
}

/// `validateDevice`: the name, the counts of attributes and capacities
/// and of attribute values, each attribute's name (at the map's path)
/// and value (`validateDeviceAttribute`: exactly one, strings at most 64
/// bytes, versions semver), capacities and their request policies.
#[test]
fn devices_and_attributes() {
    assert_eq!(
        slice(&node_slice("[{name: GPU-0, attributes: {example.com/: {int: 1}, model: {}, both: {int: 1, bool: true}, long: {string: '%s'}, version: {version: '1.02.3'}, strings: {strings: []}}}]".replace("%s", &"s".repeat(65)).as_str())).unwrap(),
        format!(
            "[spec.devices[0].name: Invalid value: \"GPU-0\": {LABEL}, spec.devices[0].attributes[both]: Invalid value: {{\"IntValue\":1,\"BoolValue\":true,\"StringValue\":null,\"VersionValue\":null,\"IntValues\":null,\"BoolValues\":null,\"StringValues\":null,\"VersionValues\":null}}: exactly one value must be specified, spec.devices[0].attributes: Invalid value: \"\": the name must not be empty, spec.devices[0].attributes[long].string: Too long: may not be more than 64 bytes, spec.devices[0].attributes[model]: Invalid value: \"\": exactly one value must be specified, spec.devices[0].attributes[strings].strings: Invalid value: []: must not be empty if specified, spec.devices[0].attributes[version].version: Invalid value: \"1.02.3\": must be a string compatible with semver.org spec 2.0.0]"
        )
    );
    let attributes: Vec<String> = (0..33).map(|i| format!("a{i}: {{int: {i}}}")).collect();
    assert_eq!(
        slice(&node_slice(&format!(
            "[{{name: d, attributes: {{{}}}}}]",
            attributes.join(", ")
        )))
        .unwrap(),
        "spec.devices[0]: Invalid value: 33: the total number of attributes and capacities must not exceed 32"
    );
    assert_eq!(
        slice(&node_slice("[{name: d, capacity: {memory: {value: 1Gi, requestPolicy: {default: 1Gi}}}}, {name: d}]")).unwrap(),
        "[spec.devices[0].capacity[memory].requestPolicy: Forbidden: allowMultipleAllocations must be true, spec.devices[1]: Duplicate value: \"d\"]"
    );
}

/// `validateRequestPolicy`, `validateValidRequestValues`,
/// `validateRequestPolicyValidValues`, `validateRequestPolicyRange`,
/// `validateRequestPolicyRangeStep` (quantities printed canonically).
#[test]
fn request_policies() {
    let policy = |policy: &str| {
        slice(&node_slice(&format!(
            "[{{name: nic, allowMultipleAllocations: true, capacity: {{bw: {{value: 10Gi, requestPolicy: {policy}}}}}}}]"
        )))
    };
    const AT: &str = "spec.devices[0].capacity[bw].requestPolicy";
    assert_eq!(
        policy("{default: 1Gi, validValues: [1Gi], validRange: {min: 1Gi}}").unwrap(),
        format!(
            "{AT}: Forbidden: exactly one policy can be specified, cannot specify \"validValues\" and \"validRange\" at the same time"
        )
    );
    assert_eq!(
        policy("{validValues: [1Gi]}").unwrap(),
        format!("{AT}.default: Required value: required when validValues is defined")
    );
    assert_eq!(
        policy("{default: 3Gi, validValues: [2Gi, 1Gi, 20Gi, 1024Mi]}").unwrap(),
        format!(
            "[{AT}.validValues[1]: Invalid value: \"1Gi\": values must be sorted in ascending order, {AT}.validValues[3]: Invalid value: \"1Gi\": values must be sorted in ascending order, {AT}.validValues[2]: Invalid value: \"20Gi\": option is larger than capacity value: 10Gi, {AT}.validValues[3]: Duplicate value: \"1073741824\", {AT}.validValues: Invalid value: \"3Gi\": default value is not valid according to the requestPolicy]"
        )
    );
    assert_eq!(
        policy("{default: 1Gi, validRange: {max: 2Gi}}").unwrap(),
        format!("{AT}.validRange.min: Required value: required when validRange is defined")
    );
    assert_eq!(
        policy("{default: 1Gi, validRange: {min: 20Gi, max: 12Gi, step: 3Gi}}").unwrap(),
        format!(
            "[{AT}.validRange.min: Invalid value: \"20Gi\": min is larger than capacity value: 10Gi, {AT}.validRange.min: Invalid value: \"1Gi\": default is less than min: 20Gi, {AT}.validRange.max: Invalid value: \"20Gi\": min is larger than max: 12Gi, {AT}.validRange.max: Invalid value: \"12Gi\": max is larger than capacity value: 10Gi, {AT}.validRange.step: Invalid value: \"3Gi\": one step 23Gi is larger than capacity value: 10Gi, {AT}.validRange.step: Invalid value: \"1Gi\": value is not a multiple of a given step (3Gi) from (20Gi), {AT}.validRange.step: Invalid value: \"12Gi\": value is not a multiple of a given step (3Gi) from (20Gi)]"
        )
    );
    assert_eq!(
        policy("{default: 1Gi, validRange: {min: 1Gi, step: '0'}}").unwrap(),
        format!("{AT}.validRange.step: Invalid value: \"0\": must be greater than zero")
    );
}

/// `validateDeviceTaint` (unless a device keeps its stored taints),
/// `validateDeviceCounterConsumption`, `validateCounterSet`, per-device
/// node selection, `validateDeviceBindingParameters`.
#[test]
fn taints_counters_and_node_selection() {
    let taints = "[{name: d, taints: [{key: 'a b', value: 'x y', effect: Sometimes}, {key: k}]}]";
    let expected = format!(
        "[spec.devices[0].taints[0].key: Invalid value: \"a b\": {NAME_PART}, spec.devices[0].taints[0].value: Invalid value: \"x y\": {LABEL_VALUE}, spec.devices[0].taints[0].effect: Unsupported value: \"Sometimes\": supported values: \"NoExecute\", \"NoSchedule\", \"None\", spec.devices[0].taints[1].effect: Required value]"
    );
    assert_eq!(slice(&node_slice(taints)).unwrap(), expected);
    let body = format!("spec: {}\n", node_slice(taints));
    assert_eq!(update(V1, "ResourceSlice", &body, &body), None);
    assert_eq!(
        slice(&node_slice("[{name: d, consumesCounters: [{counterSet: '', counters: {}}, {counterSet: Set, counters: {Mem: {value: 1Gi}}}, {counterSet: Set, counters: {a: {value: '1'}}}]}]")).unwrap(),
        "spec.devices[0].consumesCounters: Too many: 3: must have at most 2 items"
    );
    assert_eq!(
        slice(&node_slice("[{name: d, consumesCounters: [{counterSet: '', counters: {}}, {counterSet: Set, counters: {Mem: {value: 1Gi}}}]}]")).unwrap(),
        format!(
            "[spec.devices[0].consumesCounters[0].counterSet: Required value, spec.devices[0].consumesCounters[0].counters: Required value, spec.devices[0].consumesCounters[1].counterSet: Invalid value: \"Set\": {LABEL}, spec.devices[0].consumesCounters[1].counters: Invalid value: \"Mem\": {LABEL}]"
        )
    );
    assert_eq!(
        slice("{driver: d.example.com, nodeName: node-1, pool: {name: p, resourceSliceCount: 1}, sharedCounters: [{name: s, counters: {m: {value: 1}}}, {name: s}]}").unwrap(),
        "[spec.sharedCounters[1].counters: Required value, spec.sharedCounters[1]: Duplicate value: \"s\"]"
    );
    assert_eq!(
        slice(&node_slice("[{name: d, nodeName: node-1}]")).unwrap(),
        "spec.devices[0]: Invalid value: null: `nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec"
    );
    assert_eq!(
        slice("{driver: d.example.com, perDeviceNodeSelection: true, pool: {name: p, resourceSliceCount: 1}, devices: [{name: a}, {name: b, nodeName: '', allNodes: false}, {name: c, nodeName: node-1, allNodes: true}]}").unwrap(),
        "[spec.devices[0]: Required value: exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec, spec.devices[1].nodeName: Invalid value: \"\": must not be empty, spec.devices[1].allNodes: Invalid value: false: must be either unset or set to true, spec.devices[1]: Required value: exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec, spec.devices[2]: Invalid value: \"{`nodeName`, `allNodes`}\": exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec]"
    );
    assert_eq!(
        slice(&node_slice("[{name: a, bindingConditions: [x.example.com/ready, x.example.com/ready, 'b c']}, {name: b, bindingFailureConditions: [f]}, {name: c, bindingConditions: [f], bindingFailureConditions: [f]}]")).unwrap(),
        format!(
            "[spec.devices[0].bindingConditions[2]: Invalid value: \"b c\": {NAME_PART}, spec.devices[0].bindingConditions[1]: Duplicate value: \"x.example.com/ready\", spec.devices[0].bindingFailureConditions: Invalid value: null: bindingFailureConditions are required to use bindingConditions, spec.devices[1].bindingConditions: Invalid value: null: bindingConditions are required to use bindingFailureConditions, spec.devices[2].bindingFailureConditions[0]: Invalid value: \"f\": bindingFailureConditions must not overlap with bindingConditions]"
        )
    );
}

/// `ValidateResourceSliceUpdate`: `ValidateImmutableField` of the pool
/// name, the driver and the node name (a `*string`: null when unset).
#[test]
fn slice_updates() {
    let old =
        "spec: {driver: a.example.com, nodeName: n, pool: {name: p, resourceSliceCount: 1}}\n";
    let new =
        "spec: {driver: b.example.com, allNodes: true, pool: {name: q, resourceSliceCount: 1}}\n";
    assert_eq!(
        update(V1, "ResourceSlice", old, new).unwrap(),
        "[spec.pool.name: Invalid value: \"q\": field is immutable, spec.driver: Invalid value: \"b.example.com\": field is immutable, spec.nodeName: Invalid value: null: field is immutable]"
    );
}

/// A ResourceClaim's `/status` write (`ValidateResourceClaimStatusUpdate`):
/// `validateResourceClaimUserReference`, reservations only with an
/// allocation, `validateAllocationResult` of a new allocation (a stored
/// one is immutable: the whole new internal `AllocationResult` printed,
/// its node selector the core one), `validateDeviceStatus`
/// (`validateUID`, `validateNetworkDeviceData`).
#[test]
fn claim_status_writes() {
    let validation =
        KindValidation::for_kind(V1, "ResourceClaim", super::super::tests::table()).unwrap();
    let spec = "spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: c}}]}}\n";
    let old = object(V1, "ResourceClaim", spec);
    let status = |status: &str| {
        let new = object(V1, "ResourceClaim", &format!("{spec}status: {status}\n"));
        super::super::tests::listed(validation.validate_status(&old, &new))
    };
    assert_eq!(
        status("{reservedFor: [{resource: pods, name: p, uid: u1}, {uid: u1}]}").unwrap(),
        "[status.reservedFor[1].resource: Required value, status.reservedFor[1].name: Required value, status.reservedFor[1]: Duplicate value: \"u1\", status.reservedFor: Forbidden: may not be specified when `allocated` is not set]"
    );
    let allocation = "allocation: {devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]}, nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-1]}]}]}}";
    assert_eq!(
        status(&format!(
            "{{{allocation}, reservedFor: [{{resource: pods, name: p, uid: u1}}], devices: [{{driver: gpu.example.com, pool: node-1, device: gpu-0, conditions: [{{type: Ready, status: 'True', reason: Ready, lastTransitionTime: '2026-01-01T00:00:00Z'}}], networkData: {{interfaceName: eth0, ips: [10.0.0.5/24, '2001:db8::5/64'], hardwareAddress: '00:11:22:33:44:55'}}}}]}}"
        )),
        None
    );
    assert_eq!(
        status("{allocation: {devices: {results: [{request: gpu/x, driver: '', pool: 'a//b', device: GPU, shareID: 6BA7B810-9DAD-11D1-80B4-00C04FD430C8, tolerations: [{key: k, operator: Exists, value: v}]}], config: [{source: FromPod, opaque: {driver: d.example.com, parameters: {}}}]}}}").unwrap(),
        format!(
            "[status.allocation.devices.results[0].request: Invalid value: \"gpu/x\": {NOT_A_REQUEST}, status.allocation.devices.results[0].driver: Required value, status.allocation.devices.results[0].driver: Invalid value: \"\": {SUBDOMAIN}, status.allocation.devices.results[0].pool: Invalid value: \"\": {SUBDOMAIN}, status.allocation.devices.results[0].device: Invalid value: \"GPU\": {LABEL}, status.allocation.devices.results[0].tolerations[0].value: Invalid value: \"v\": must be empty for operator `Exists`, status.allocation.devices.results[0].shareID: Invalid value: \"6BA7B810-9DAD-11D1-80B4-00C04FD430C8\": uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters, status.allocation.devices.config[0].source: Unsupported value: \"FromPod\": supported values: \"FromClaim\", \"FromClass\"]"
        )
    );
    assert_eq!(
        status(&format!("{{{allocation}, devices: [{{driver: gpu.example.com, pool: node-1, device: gpu-1, shareID: abc, data: [1], networkData: {{ips: [10.0.0.5, 10.0.0.5/8, '2001:DB8::5/64', 10.0.0.5/24, 10.0.0.5/24]}}}}]}}")).unwrap(),
        "[status.devices[0].shareID: Invalid value: \"abc\": error validating uid: invalid UUID length: 3, status.devices[0]: Invalid value: {\"Driver\":\"gpu.example.com\",\"Pool\":\"node-1\",\"Device\":\"gpu-1\",\"ShareID\":\"abc\"}: must be an allocated device in the claim, status.devices[0].data: Invalid value: \"<value omitted>\": must be a valid JSON object, status.devices[0].networkData.ips[0]: Invalid value: \"10.0.0.5\": must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64), status.devices[0].networkData.ips[2]: Invalid value: \"2001:DB8::5/64\": must be in canonical form (\"2001:db8::5/64\"), status.devices[0].networkData.ips[4]: Duplicate value: \"10.0.0.5/24\"]"
    );
    // A stored allocation: the same one passes (and is not validated
    // again), another is immutable.
    let allocated = object(
        V1,
        "ResourceClaim",
        &format!("{spec}status: {{{allocation}}}\n"),
    );
    let write = |status: &str| {
        let new = object(V1, "ResourceClaim", &format!("{spec}status: {status}\n"));
        super::super::tests::listed(validation.validate_status(&allocated, &new))
    };
    assert_eq!(
        write(&format!(
            "{{{allocation}, reservedFor: [{{resource: pods, name: p, uid: u1}}]}}"
        )),
        None
    );
    assert_eq!(
        write(&format!("{{{}}}", allocation.replace("gpu-0", "gpu-1"))).unwrap(),
        "status.allocation: Invalid value: {\"Devices\":{\"Results\":[{\"Request\":\"gpu\",\"Driver\":\"gpu.example.com\",\"Pool\":\"node-1\",\"Device\":\"gpu-1\",\"AdminAccess\":null,\"Tolerations\":null,\"BindingConditions\":null,\"BindingFailureConditions\":null,\"ShareID\":null,\"ConsumedCapacity\":null}],\"Config\":null},\"NodeSelector\":{\"NodeSelectorTerms\":[{\"MatchExpressions\":null,\"MatchFields\":[{\"Key\":\"metadata.name\",\"Operator\":\"In\",\"Values\":[\"node-1\"]}]}]},\"AllocationTimestamp\":null}: field is immutable"
    );
    // After the reservations' errors; a removed allocation is not checked.
    assert_eq!(
        write("{allocation: {devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0, shareID: 6ba7b810-9dad-11d1-80b4-00c04fd430c8, consumedCapacity: {memory: 1Gi}}], config: [{source: FromClaim, opaque: {driver: gpu.example.com, parameters: {a: 1}}}]}, allocationTimestamp: '2026-01-01T00:00:00Z'}, reservedFor: [{uid: u1}]}").unwrap(),
        "[status.reservedFor[0].resource: Required value, status.reservedFor[0].name: Required value, status.allocation: Invalid value: {\"Devices\":{\"Results\":[{\"Request\":\"gpu\",\"Driver\":\"gpu.example.com\",\"Pool\":\"node-1\",\"Device\":\"gpu-0\",\"AdminAccess\":null,\"Tolerations\":null,\"BindingConditions\":null,\"BindingFailureConditions\":null,\"ShareID\":\"6ba7b810-9dad-11d1-80b4-00c04fd430c8\",\"ConsumedCapacity\":{\"memory\":\"1Gi\"}}],\"Config\":[{\"Source\":\"FromClaim\",\"Requests\":null,\"Opaque\":{\"Driver\":\"gpu.example.com\",\"Parameters\":{\"a\":1}}}]},\"NodeSelector\":null,\"AllocationTimestamp\":\"2026-01-01T00:00:00Z\"}: field is immutable]"
    );
    assert_eq!(write("{}"), None);
}

/// Through whole writes: a claim re-applied as it is stays, one whose
/// class changes is refused with the whole internal spec, and the first
/// allocation a `/status` write sets cannot change.
#[test]
fn scenario_claims_are_immutable() {
    use crate::scenario::{Outcome, run_scenario_text};
    let claim = |class: &str| {
        format!(
            "- manager: kubectl\n  op: apply\n  object:\n    apiVersion: resource.k8s.io/v1\n    kind: ResourceClaim\n    metadata: {{name: gpu-claim, namespace: default}}\n    spec: {{devices: {{requests: [{{name: gpu, exactly: {{deviceClassName: {class}, capacity: {{requests: {{memory: 16Gi}}}}}}}}], config: [{{opaque: {{driver: gpu.example.com, parameters: {{sharing: {{strategy: TimeSlicing}}, apiVersion: v1}}}}}}]}}}}\n"
        )
    };
    let allocate = |device: &str| {
        format!(
            "- manager: scheduler\n  op: apply\n  subresource: status\n  object:\n    apiVersion: resource.k8s.io/v1\n    kind: ResourceClaim\n    metadata: {{name: gpu-claim, namespace: default}}\n    status: {{allocation: {{devices: {{results: [{{request: gpu, driver: gpu.example.com, pool: node-1, device: {device}}}]}}}}}}\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: claim\nschema: {{builtin: resource.k8s.io/v1/ResourceClaim}}\nsteps:\n{}{}{}{}{}",
        claim("gpu.example.com"),
        claim("gpu.example.com"),
        claim("tpu.example.com"),
        allocate("gpu-0"),
        allocate("gpu-1"),
    );
    let result = run_scenario_text(&text).unwrap();
    let outcomes: Vec<_> = result.steps.iter().map(|s| s.outcome).collect();
    assert_eq!(
        outcomes,
        [
            Outcome::Applied,
            Outcome::Applied,
            Outcome::Invalid,
            Outcome::Applied,
            Outcome::Invalid
        ]
    );
    assert_eq!(
        result.steps[2].message,
        "ResourceClaim.resource.k8s.io \"gpu-claim\" is invalid: spec: Invalid value: {\"Devices\":{\"Requests\":[{\"Name\":\"gpu\",\"Exactly\":{\"DeviceClassName\":\"tpu.example.com\",\"Selectors\":null,\"AllocationMode\":\"ExactCount\",\"Count\":1,\"AdminAccess\":null,\"Tolerations\":null,\"Capacity\":{\"Requests\":{\"memory\":\"16Gi\"}}},\"FirstAvailable\":null}],\"Constraints\":null,\"Config\":[{\"Requests\":null,\"Opaque\":{\"Driver\":\"gpu.example.com\",\"Parameters\":{\"apiVersion\":\"v1\",\"sharing\":{\"strategy\":\"TimeSlicing\"}}}}]}}: field is immutable"
    );
    assert_eq!(
        result.steps[4].message,
        "ResourceClaim.resource.k8s.io \"gpu-claim\" is invalid: status.allocation: Invalid value: {\"Devices\":{\"Results\":[{\"Request\":\"gpu\",\"Driver\":\"gpu.example.com\",\"Pool\":\"node-1\",\"Device\":\"gpu-1\",\"AdminAccess\":null,\"Tolerations\":null,\"BindingConditions\":null,\"BindingFailureConditions\":null,\"ShareID\":null,\"ConsumedCapacity\":null}],\"Config\":null},\"NodeSelector\":null,\"AllocationTimestamp\":null}: field is immutable"
    );
}

/// Through a whole write: a broken claim and slice are refused with the
/// server's message.
#[test]
fn scenario_writes_are_validated() {
    let (message, _) = apply_one(
        V1,
        "ResourceClaim",
        "    metadata: {name: single-gpu, namespace: default}\n    spec:\n      devices:\n        requests:\n        - name: gpu\n          exactly: {deviceClassName: gpu.example.com, allocationMode: All, count: 2}\n",
    );
    assert_eq!(
        message,
        "ResourceClaim.resource.k8s.io \"single-gpu\" is invalid: spec.devices.requests[0].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'"
    );
    let (message, _) = apply_one(
        V1BETA1,
        "ResourceSlice",
        "    metadata: {name: s}\n    spec:\n      driver: gpu.example.com\n      nodeName: node-1\n      pool: {name: node-1, resourceSliceCount: 1}\n      devices:\n      - name: gpu-0\n        basic:\n          attributes:\n            driverVersion: {version: v1.0.0}\n",
    );
    assert_eq!(
        message,
        "ResourceSlice.resource.k8s.io \"s\" is invalid: spec.devices[0].attributes[driverVersion].version: Invalid value: \"v1.0.0\": must be a string compatible with semver.org spec 2.0.0"
    );
}
