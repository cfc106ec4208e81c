"""Random request bodies of built-in kinds for tools/decode-diff: a valid
object of one of a dozen kinds with one to three values replaced by a
value of another JSON type (a string in an integer field, a number in a
string field, a list for a map, a map for a list, a bool, a null, a
number with a fraction or past int32, text that is not base64 in a
[]byte, a time or a quantity that does not parse) or keys added.

  python3 gen.py SEED COUNT > cases.jsonl
"""
import json
import random
import sys

seed, count = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)

POD_SPEC = {
    "containers": [{
        "name": "app", "image": "nginx:1.27", "imagePullPolicy": "IfNotPresent",
        "args": ["--port", "80"], "env": [{"name": "A", "value": "1"}],
        "ports": [{"containerPort": 80, "protocol": "TCP", "name": "http"}],
        "resources": {"limits": {"cpu": "500m", "memory": "128Mi"}, "requests": {"cpu": "100m"}},
        "livenessProbe": {"httpGet": {"path": "/", "port": 80}, "periodSeconds": 10},
        "securityContext": {"runAsUser": 1000, "readOnlyRootFilesystem": True,
                            "capabilities": {"drop": ["ALL"]}},
        "volumeMounts": [{"name": "data", "mountPath": "/data", "readOnly": True}],
    }],
    "volumes": [{"name": "data", "emptyDir": {"sizeLimit": "1Gi"}}],
    "nodeSelector": {"disk": "ssd"},
    "tolerations": [{"key": "k", "operator": "Exists", "effect": "NoSchedule", "tolerationSeconds": 60}],
    "terminationGracePeriodSeconds": 30, "hostNetwork": False, "priority": 5,
}
TEMPLATE = {"metadata": {"labels": {"app": "a"}, "annotations": {"note": "x"}}, "spec": POD_SPEC}
META = {"name": "x", "namespace": "default", "labels": {"app": "a"},
        "annotations": {"a": "b"}, "finalizers": ["f/x"]}
KINDS = [
    ("apps/v1", "Deployment", {"spec": {"replicas": 3, "selector": {"matchLabels": {"app": "a"}},
                                        "strategy": {"type": "RollingUpdate", "rollingUpdate": {"maxSurge": "25%", "maxUnavailable": 1}},
                                        "minReadySeconds": 5, "paused": False, "template": TEMPLATE}}),
    ("apps/v1", "StatefulSet", {"spec": {"replicas": 2, "serviceName": "s", "selector": {"matchLabels": {"app": "a"}},
                                         "template": TEMPLATE, "volumeClaimTemplates": [
                                             {"metadata": {"name": "data"}, "spec": {"accessModes": ["ReadWriteOnce"],
                                                                                   "resources": {"requests": {"storage": "1Gi"}}}}]}}),
    ("apps/v1", "DaemonSet", {"spec": {"selector": {"matchLabels": {"app": "a"}}, "template": TEMPLATE,
                                       "updateStrategy": {"rollingUpdate": {"maxUnavailable": "10%"}}}}),
    ("v1", "Pod", {"spec": POD_SPEC, "status": {"phase": "Running", "startTime": "2024-01-01T00:00:00Z",
                                                 "podIP": "10.0.0.1", "conditions": [{"type": "Ready", "status": "True",
                                                 "lastTransitionTime": "2024-01-01T00:00:00Z"}]}}),
    ("v1", "Service", {"spec": {"type": "NodePort", "selector": {"app": "a"}, "ports": [
        {"name": "http", "port": 80, "targetPort": "http", "nodePort": 30080, "protocol": "TCP"}],
        "sessionAffinity": "ClientIP", "sessionAffinityConfig": {"clientIP": {"timeoutSeconds": 100}}}}),
    ("v1", "ConfigMap", {"data": {"a": "1", "b": "two"}, "binaryData": {"c": "aGVsbG8="}, "immutable": False}),
    ("v1", "Secret", {"type": "Opaque", "data": {"password": "cGFzc3dvcmQ=", "user": "YWRtaW4="},
                      "stringData": {"x": "y"}}),
    ("batch/v1", "Job", {"spec": {"backoffLimit": 4, "completions": 1, "parallelism": 1,
                                  "activeDeadlineSeconds": 600, "ttlSecondsAfterFinished": 100,
                                  "template": {"spec": dict(POD_SPEC, restartPolicy="Never")}}}),
    ("batch/v1", "CronJob", {"spec": {"schedule": "*/5 * * * *", "suspend": False, "concurrencyPolicy": "Forbid",
                                      "jobTemplate": {"spec": {"template": {"spec": dict(POD_SPEC, restartPolicy="OnFailure")}}}}}),
    ("networking.k8s.io/v1", "Ingress", {"spec": {"ingressClassName": "nginx", "rules": [
        {"host": "a.example.com", "http": {"paths": [{"path": "/", "pathType": "Prefix", "backend": {
            "service": {"name": "s", "port": {"number": 80}}}}]}}],
        "tls": [{"hosts": ["a.example.com"], "secretName": "tls"}]}}),
    ("autoscaling/v2", "HorizontalPodAutoscaler", {"spec": {"minReplicas": 2, "maxReplicas": 10,
        "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "d"},
        "metrics": [{"type": "Resource", "resource": {"name": "cpu", "target": {"type": "Utilization", "averageUtilization": 80}}}],
        "behavior": {"scaleDown": {"stabilizationWindowSeconds": 300, "policies": [{"type": "Pods", "value": 1, "periodSeconds": 60}]}}}}),
    ("policy/v1", "PodDisruptionBudget", {"spec": {"minAvailable": 1, "selector": {"matchLabels": {"app": "a"}}}}),
    ("v1", "PersistentVolumeClaim", {"spec": {"accessModes": ["ReadWriteOnce"], "storageClassName": "fast",
        "volumeMode": "Filesystem", "resources": {"requests": {"storage": "1Gi"}},
        "selector": {"matchExpressions": [{"key": "a", "operator": "In", "values": ["x"]}]}}}),
    ("v1", "Namespace", {"spec": {"finalizers": ["kubernetes"]}}),
    ("v1", "Node", {"spec": {"podCIDR": "10.0.0.0/24", "taints": [{"key": "k", "effect": "NoSchedule"}],
        "unschedulable": True}, "status": {"capacity": {"cpu": "4"}, "addresses": [{"type": "InternalIP", "address": "10.0.0.1"}]}}),
    ("apps/v1", "ReplicaSet", {"spec": {"replicas": 1, "selector": {"matchLabels": {"app": "a"}}, "template": TEMPLATE}}),
    ("discovery.k8s.io/v1", "EndpointSlice", {"addressType": "IPv4", "endpoints": [
        {"addresses": ["10.0.0.1"], "conditions": {"ready": True}, "nodeName": "n"}],
        "ports": [{"name": "http", "port": 80, "protocol": "TCP"}]}),
    ("storage.k8s.io/v1", "StorageClass", {"provisioner": "x", "parameters": {"a": "b"}, "reclaimPolicy": "Delete",
        "allowVolumeExpansion": True, "mountOptions": ["ro"], "volumeBindingMode": "WaitForFirstConsumer"}),
    ("scheduling.k8s.io/v1", "PriorityClass", {"value": 1000, "globalDefault": False, "description": "d",
        "preemptionPolicy": "Never"}),
    ("coordination.k8s.io/v1", "Lease", {"spec": {"holderIdentity": "h", "leaseDurationSeconds": 15,
        "acquireTime": "2024-01-01T00:00:00.000000Z", "renewTime": "2024-01-01T00:00:01.000000Z", "leaseTransitions": 1}}),
    ("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration", {"webhooks": [
        {"name": "w.example.com", "admissionReviewVersions": ["v1"], "sideEffects": "None", "timeoutSeconds": 5,
         "clientConfig": {"caBundle": "aGVsbG8=", "service": {"name": "s", "namespace": "n", "port": 443}},
         "rules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"]}]}]}),
    ("certificates.k8s.io/v1", "CertificateSigningRequest", {"spec": {"request": "aGVsbG8=", "signerName": "a/b",
        "usages": ["digital signature"], "expirationSeconds": 3600}}),
    ("events.k8s.io/v1", "Event", {"eventTime": "2024-01-01T00:00:00.000000Z", "reportingController": "c",
        "reportingInstance": "i", "action": "a", "reason": "r", "type": "Normal",
        "regarding": {"kind": "Pod", "name": "p"}, "deprecatedCount": 1}),
    ("resource.k8s.io/v1", "ResourceClaim", {"spec": {"devices": {"requests": [
        {"name": "gpu", "exactly": {"deviceClassName": "c", "count": 1, "allocationMode": "ExactCount"}}]}}}),
    ("rbac.authorization.k8s.io/v1", "Role", {"rules": [{"apiGroups": [""], "resources": ["pods"], "verbs": ["get", "list"]}]}),
    ("networking.k8s.io/v1", "NetworkPolicy", {"spec": {"podSelector": {"matchLabels": {"app": "a"}}, "policyTypes": ["Ingress"],
        "ingress": [{"from": [{"ipBlock": {"cidr": "10.0.0.0/8", "except": ["10.1.0.0/16"]}}],
                     "ports": [{"port": 80, "protocol": "TCP", "endPort": 90}]}]}}),
]

WRONG = ["3", 3, 1.5, 4294967297, 1e30, True, False, None, [], [1], ["a"], {}, {"a": 1}, {"a": "b"},
         "!!", "aGVsbG8", "a\nb=", "x", "2024-01-01", "1.5.5", "", "-", "1e3", 0]


def wrong():
    """One of WRONG, a copy of its own."""
    return json.loads(json.dumps(rng.choice(WRONG)))


def paths(value, prefix=()):
    """Every path to a value inside `value`."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def set_at(value, path, new):
    for step in path[:-1]:
        value = value[step]
    value[path[-1]] = new


for _ in range(count):
    api_version, kind, body = rng.choice(KINDS)
    obj = json.loads(json.dumps(dict({"apiVersion": api_version, "kind": kind, "metadata": META}, **body)))
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        candidates = [p for p in paths(obj) if p and p[0] not in ("apiVersion", "kind")]
        path = rng.choice(candidates)
        if rng.random() < 0.1:
            # A key the struct has not.
            parent = obj
            for step in path[:-1]:
                parent = parent[step]
            if isinstance(parent, dict):
                parent["unknownField"] = wrong()
            continue
        set_at(obj, path, wrong())
    keys = list(obj.items())
    if rng.random() < 0.5:
        rng.shuffle(keys)
    group, _, version = api_version.rpartition("/")
    definition = f"io.k8s.api.{group.split('.')[0] or 'core'}.{version}.{kind}"
    print(json.dumps({"apiVersion": api_version, "kind": kind, "definition": definition,
                      "body": dict(keys)}))
