"""Random objects of built-in kinds for tools/defaults-diff: a full object
of one of 47 kinds, drawn among the variants defaulting tells apart
(service types and session affinity, update strategies, every volume
source with a default, probes, host network ports, pod-level resources,
job failure policies, HPA behaviours, webhooks...), then with keys left
out at random, so that the defaulters meet every combination of given
and missing fields.

  python3 gen.py SEED COUNT > in.jsonl     # lines {"body": <object>}
"""
import copy
import json
import random
import sys

seed, count = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
pick = rng.choice


def maybe(v, p=0.5):
    return v if rng.random() < p else None


def quantity():
    return pick(["100m", "0.5", "1", "2Gi", "1.5", "0.0001", "1e3", "128Mi", "1234567u", "10n", "3"])


def resources():
    names = ["cpu", "memory", "hugepages-2Mi", "example.com/gpu", "ephemeral-storage"]
    r = {}
    for key in ("limits", "requests"):
        if rng.random() < 0.6:
            r[key] = {n: quantity() for n in rng.sample(names, rng.randint(1, 3))}
    return r


def probe():
    handler = pick([
        {"httpGet": {"path": pick(["", "/healthz"]), "port": pick([80, "http"]), "scheme": pick(["", "HTTPS"]),
                     "host": "h"}},
        {"tcpSocket": {"port": 80}},
        {"exec": {"command": ["true"]}},
        {"grpc": {"port": 9000, "service": pick(["", "svc"])}},
    ])
    return dict(handler, timeoutSeconds=pick([0, 1, 5]), periodSeconds=pick([0, 3]),
                successThreshold=pick([0, 1]), failureThreshold=pick([0, 5]), initialDelaySeconds=2)


def image():
    """A container image reference, well formed or not."""
    part = lambda: "".join(pick("ab1.-_/:@A") for _ in range(rng.randint(0, 6)))
    return pick(["nginx", "nginx:latest", "nginx:1.27", "repo/app@sha256:" + "a" * 64, "x:latest@sha256:" + "c" * 64,
                 "nginx:1.27@sha256:" + "b" * 64, "localhost:5000/x", "", "Bad_Image!", "Reg.io/a", "a/B", "a__b",
                 "[::1]:80/a:latest", "a" * 248, "0123456789abcdef" * 4, part() + part()])


def container(i, init=False):
    c = {"name": f"c{i}", "image": image(),
         "imagePullPolicy": pick(["", "Always", "Never"]),
         "terminationMessagePath": pick(["", "/tmp/m"]), "terminationMessagePolicy": pick(["", "FallbackToLogsOnError"]),
         "ports": [{"containerPort": 80 + j, "hostPort": pick([0, 8080 + j]), "protocol": pick(["", "UDP"]),
                    "name": f"p{j}"} for j in range(rng.randint(0, 2))],
         "env": [{"name": "A", "value": "1"},
                 {"name": "B", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name", "apiVersion": pick(["", "v1"])}}}],
         "resources": resources(),
         "livenessProbe": probe(), "readinessProbe": probe(), "startupProbe": probe(),
         "lifecycle": {"postStart": {"httpGet": {"port": 80}}, "preStop": {"sleep": {"seconds": 1}}}}
    if init:
        c["restartPolicy"] = pick(["Always", None])
    return c


def volume(i):
    items = [{"path": "p", "fieldRef": {"fieldPath": "metadata.labels", "apiVersion": pick(["", "v1"])}}]
    source = pick([
        {"emptyDir": {}},
        {"configMap": {"name": "cm", "defaultMode": pick([None, 256])}},
        {"secret": {"secretName": "s", "defaultMode": pick([None, 256])}},
        {"downwardAPI": {"items": items, "defaultMode": pick([None, 256])}},
        {"projected": {"defaultMode": pick([None, 256]), "sources": [
            {"downwardAPI": {"items": items}},
            {"serviceAccountToken": {"path": "t", "expirationSeconds": pick([None, 7200])}},
            {"configMap": {"name": "cm"}}]}},
        {"hostPath": {"path": "/x", "type": pick([None, "", "Directory"])}},
        {"iscsi": {"targetPortal": "1.2.3.4", "iqn": "iqn", "lun": 0, "iscsiInterface": pick(["", "eth"])}},
        {"rbd": {"monitors": ["m"], "image": "i", "pool": pick(["", "p"]), "user": pick(["", "u"]),
                 "keyring": pick(["", "/k"])}},
        {"azureDisk": {"diskName": "d", "diskURI": "u", "cachingMode": pick([None, "None"]),
                       "fsType": pick([None, "xfs"]), "readOnly": pick([None, True]), "kind": pick([None, "Managed"])}},
        {"scaleIO": {"gateway": "g", "system": "s", "secretRef": {"name": "n"},
                     "storageMode": pick([None, "", "ThickProvisioned"]), "fsType": pick([None, "", "ext4"])}},
        {"ephemeral": {"volumeClaimTemplate": {"metadata": {"labels": {"a": "b"}}, "spec": {
            "accessModes": ["ReadWriteOnce"], "volumeMode": pick([None, "Block"]),
            "resources": {"requests": {"storage": quantity()}}}}}},
        {"image": {"reference": pick(["img", "img:latest", "img:v1", "", "img@sha256:" + "c" * 64]),
                   "pullPolicy": pick(["", "Never"])}},
        {},
    ])
    return dict(source, name=f"v{i}")


def pod_spec():
    s = {"containers": [container(i) for i in range(rng.randint(1, 2))],
         "initContainers": [container(i, True) for i in range(rng.randint(0, 2))],
         "ephemeralContainers": [container(9)] if rng.random() < 0.2 else None,
         "volumes": [volume(i) for i in range(rng.randint(0, 4))],
         "hostNetwork": pick([True, False, None]),
         "dnsPolicy": pick(["", "Default"]), "restartPolicy": pick(["", "Never", "OnFailure"]),
         "terminationGracePeriodSeconds": pick([None, 5]), "schedulerName": pick(["", "other"]),
         "securityContext": pick([None, {}, {"runAsUser": 1}]), "enableServiceLinks": pick([None, False]),
         "overhead": maybe({"cpu": quantity()}, 0.2),
         "resources": maybe(resources(), 0.3)}
    return s


def template():
    return {"metadata": {"labels": pick([{"app": "a"}, {}, None])}, "spec": pod_spec()}


def claim_spec():
    return {"accessModes": ["ReadWriteOnce"], "volumeMode": pick([None, "Block", "Filesystem"]),
            "resources": {"requests": {"storage": quantity()}, "limits": maybe({"storage": quantity()})},
            "storageClassName": "fast"}


def meta():
    return {"name": pick(["x", "", None]), "namespace": "default", "labels": pick([{"l": "v"}, {}, None]),
            "annotations": {"a": "b"}}


def webhook(mutating):
    w = {"name": "w.example.com", "clientConfig": pick([
        {"service": {"namespace": "n", "name": "s", "path": "/p", "port": pick([None, 8443])}},
        {"url": "https://x"}]),
        "rules": [{"operations": ["CREATE"], "apiGroups": [""], "apiVersions": ["v1"], "resources": ["pods"],
                   "scope": pick([None, "Namespaced"])}],
        "failurePolicy": pick([None, "Ignore"]), "matchPolicy": pick([None, "Exact"]),
        "namespaceSelector": pick([None, {}, {"matchLabels": {"a": "b"}}]), "objectSelector": pick([None, {}]),
        "sideEffects": pick([None, "None"]), "timeoutSeconds": pick([None, 5]),
        "admissionReviewVersions": pick([None, [], ["v1", "v1beta1"]])}
    if mutating:
        w["reinvocationPolicy"] = pick([None, "IfNeeded"])
    return w


def scaling_rules():
    return {"stabilizationWindowSeconds": pick([None, 60]), "selectPolicy": pick([None, "Min", "Disabled"]),
            "policies": pick([None, [{"type": "Pods", "value": 1, "periodSeconds": 60}]]),
            "tolerance": maybe("0.1")}


def job_spec():
    return {"parallelism": pick([None, 2]), "completions": pick([None, 3]), "backoffLimit": pick([None, 1]),
            "backoffLimitPerIndex": maybe(1, 0.3), "completionMode": pick([None, "Indexed"]),
            "suspend": pick([None, True]), "manualSelector": pick([None, True]),
            "podReplacementPolicy": pick([None, "Failed"]),
            "podFailurePolicy": maybe({"rules": [{"action": "Ignore", "onPodConditions": [
                {"type": "DisruptionTarget", "status": pick(["", "False"])}]}]}, 0.4),
            "template": template()}


def service():
    t = pick(["", "ClusterIP", "NodePort", "LoadBalancer", "ExternalName"])
    return {"spec": {
        "type": t, "selector": {"app": "a"},
        "ports": [{"name": f"p{j}", "port": 80 + j, "targetPort": pick([None, 0, "", 8080, "http"]),
                   "protocol": pick(["", "UDP"])} for j in range(rng.randint(0, 2))],
        "externalIPs": pick([None, ["1.2.3.4"]]), "externalName": "x.example.com" if t == "ExternalName" else None,
        "sessionAffinity": pick(["", "None", "ClientIP"]),
        "sessionAffinityConfig": pick([None, {}, {"clientIP": {}}, {"clientIP": {"timeoutSeconds": 60}}]),
        "externalTrafficPolicy": pick(["", "Local"]), "internalTrafficPolicy": pick([None, "Local"]),
        "allocateLoadBalancerNodePorts": pick([None, False])},
        "status": maybe({"loadBalancer": {"ingress": [{"ip": pick(["", "1.2.3.4"]), "hostname": "h",
                                                       "ipMode": pick([None, "Proxy"])}]}})}


def rules():
    return [{"apiGroups": ["apps"], "apiVersions": ["v1"], "operations": ["CREATE"], "resources": ["deployments"],
             "scope": pick([None, "Namespaced"]), "resourceNames": maybe(["n"], 0.3)} for _ in range(rng.randint(0, 2))]


def match_resources():
    return {"resourceRules": rules(), "excludeResourceRules": maybe(rules(), 0.3),
            "matchPolicy": pick([None, "Exact"]), "namespaceSelector": pick([None, {}, {"matchLabels": {"a": "b"}}]),
            "objectSelector": pick([None, {}])}


def policy(mutating):
    spec = {"paramKind": maybe({"apiVersion": "v1", "kind": "ConfigMap"}, 0.3),
            "matchConstraints": maybe(match_resources(), 0.8), "failurePolicy": pick([None, "Ignore"]),
            "variables": maybe([{"name": "v", "expression": "1"}], 0.3),
            "matchConditions": maybe([{"name": "m", "expression": "true"}], 0.3)}
    if mutating:
        spec["mutations"] = [{"patchType": "ApplyConfiguration",
                              "applyConfiguration": {"expression": "Object{}"}}]
        spec["reinvocationPolicy"] = pick([None, "IfNeeded"])
    else:
        spec["validations"] = [{"expression": "true", "message": pick([None, "m"])}]
    return {"spec": spec}


def binding(mutating, alpha=False):
    param = {"name": "p", "namespace": maybe("n"), "selector": maybe({"matchLabels": {"a": "b"}}, 0.2)}
    if alpha or not mutating:
        param["parameterNotFoundAction"] = pick([None, "Allow", "Deny"])
    spec = {"policyName": "p", "paramRef": maybe(param), "matchResources": maybe(match_resources())}
    if not mutating:
        spec["validationActions"] = ["Deny"]
    return {"spec": spec}


def tolerations():
    return [{"key": "k", "operator": pick([None, "", "Exists"]), "effect": pick([None, "NoSchedule"]),
             "tolerationSeconds": maybe(5, 0.2)} for _ in range(rng.randint(0, 2))]


def device_request(i):
    exact = {"deviceClassName": "gpu", "allocationMode": pick([None, "", "ExactCount", "All"]),
             "count": pick([None, 0, 2]), "tolerations": tolerations(),
             "selectors": maybe([{"cel": {"expression": "true"}}], 0.2), "adminAccess": maybe(True, 0.2)}
    if rng.random() < 0.6:
        return {"name": f"r{i}", "exactly": exact}
    return {"name": f"r{i}", "firstAvailable": [dict(exact, name=f"s{j}") for j in range(rng.randint(0, 2))]}


def claim():
    return {"devices": {"requests": [device_request(i) for i in range(rng.randint(0, 3))],
                        "constraints": maybe([{"requests": ["r0"], "matchAttribute": "a.b/c"}], 0.2)}}


def device(i):
    return {"name": f"d{i}", "attributes": maybe({"model": {"string": "x"}}, 0.3),
            "capacity": maybe({"mem": {"value": quantity()}}, 0.3),
            "taints": [{"key": "k", "value": maybe("v"), "effect": pick(["NoSchedule", "NoExecute"]),
                        "timeAdded": maybe("2023-05-06T07:08:09Z", 0.3)} for _ in range(rng.randint(0, 2))],
            "nodeAllocatableResourceMappings": maybe({n: {"capacityKey": maybe("mem", 0.3),
                                                          "allocationMultiplier": pick([None, quantity()])}
                                                      for n in rng.sample(["cpu", "memory"], rng.randint(1, 2))})}


def crd_names():
    kind = pick(["Widget", "WIDGET", "", "MyKind2"])
    return {"kind": kind, "plural": "widgets", "singular": pick([None, "", "w"]), "listKind": pick([None, "", "WL"]),
            "shortNames": maybe(["w"], 0.3), "categories": maybe(["all"], 0.2)}


def crd_conversion():
    config = pick([{"service": {"namespace": "n", "name": "s", "path": maybe("/c"), "port": pick([None, 8443])}},
                   {"url": "https://x/c"}, {}])
    return pick([None, {"strategy": "None"}, {"strategy": "Webhook", "webhook": {
        "clientConfig": pick([None, config]), "conversionReviewVersions": ["v1"]}}])


def kinds():
    return {
        ("apps/v1", "Deployment"): lambda: {"spec": {
            "replicas": pick([None, 3]), "selector": {"matchLabels": {"app": "a"}},
            "strategy": pick([None, {}, {"type": "Recreate"}, {"type": "RollingUpdate"},
                              {"rollingUpdate": {"maxSurge": pick([None, 1, "10%"])}}]),
            "revisionHistoryLimit": pick([None, 2]), "progressDeadlineSeconds": pick([None, 60]),
            "template": template()}},
        ("apps/v1", "StatefulSet"): lambda: {"spec": {
            "replicas": pick([None, 2]), "serviceName": "s", "selector": {"matchLabels": {"app": "a"}},
            "podManagementPolicy": pick(["", "Parallel"]),
            "updateStrategy": pick([None, {}, {"type": "OnDelete"}, {"type": "RollingUpdate"},
                                    {"rollingUpdate": {"partition": 1}},
                                    {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "50%"}},
                                    {"type": "OnDelete", "rollingUpdate": {}}]),
            "persistentVolumeClaimRetentionPolicy": pick([None, {}, {"whenDeleted": "Delete"}]),
            "ordinals": pick([None, {}, {"start": 3}]), "revisionHistoryLimit": pick([None, 1]),
            "template": template(),
            "volumeClaimTemplates": [{"metadata": {"name": "data"}, "spec": claim_spec(),
                                      "status": maybe({"phase": pick(["", "Bound"])})}]}},
        ("apps/v1", "DaemonSet"): lambda: {"spec": {
            "selector": {"matchLabels": {"app": "a"}}, "template": template(),
            "updateStrategy": pick([None, {}, {"type": "OnDelete"}, {"rollingUpdate": {"maxSurge": 1}},
                                    {"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "10%"}}]),
            "revisionHistoryLimit": pick([None, 3])}},
        ("apps/v1", "ReplicaSet"): lambda: {"spec": {"replicas": pick([None, 0]), "selector": {"matchLabels": {"app": "a"}},
                                                     "template": template()}},
        ("batch/v1", "Job"): lambda: {"spec": job_spec()},
        ("batch/v1", "CronJob"): lambda: {"spec": {
            "schedule": "* * * * *", "concurrencyPolicy": pick(["", "Forbid"]), "suspend": pick([None, True]),
            "successfulJobsHistoryLimit": pick([None, 0]), "failedJobsHistoryLimit": pick([None, 2]),
            "jobTemplate": {"metadata": maybe({"labels": {"a": "b"}}), "spec": job_spec()}}},
        ("v1", "Pod"): lambda: {"spec": pod_spec(), "status": maybe({"phase": "Running", "containerStatuses": [
            {"name": "c0", "ready": True, "restartCount": 0, "image": "i", "imageID": "", "allocatedResources": {"cpu": quantity()},
             "resources": resources()}]})},
        ("v1", "PodTemplate"): lambda: {"template": template()},
        ("v1", "ReplicationController"): lambda: {"spec": {
            "replicas": pick([None, 2]), "selector": pick([None, {}, {"app": "b"}]),
            "template": pick([None, template()])}},
        ("v1", "Service"): service,
        ("v1", "ConfigMap"): lambda: {"data": pick([None, {}, {"a": "b"}]), "binaryData": maybe({"c": "aGk="})},
        ("v1", "Secret"): lambda: {"type": pick(["", "Opaque", "kubernetes.io/tls"]), "data": maybe({"a": "aGk="}),
                                   "stringData": maybe({"b": "c"})},
        ("v1", "Namespace"): lambda: {"spec": maybe({"finalizers": pick([[], ["kubernetes"], ["x/y"]])}),
                                      "status": maybe({"phase": pick(["", "Terminating"])})},
        ("v1", "PersistentVolumeClaim"): lambda: {"spec": claim_spec(), "status": maybe({
            "phase": pick(["", "Bound"]), "capacity": {"storage": quantity()}, "allocatedResources": {"storage": quantity()}})},
        ("v1", "PersistentVolume"): lambda: {"spec": dict({
            "capacity": {"storage": quantity()}, "accessModes": ["ReadWriteOnce"],
            "persistentVolumeReclaimPolicy": pick(["", "Delete"]), "volumeMode": pick([None, "Block"])},
            **{k: v for k, v in volume(0).items() if k in ("hostPath", "iscsi", "rbd", "azureDisk")}),
            "status": maybe({"phase": pick(["", "Bound"])})},
        ("v1", "Endpoints"): lambda: {"subsets": [{"addresses": [{"ip": "1.2.3.4"}], "ports": [
            {"port": 80, "protocol": pick(["", "UDP"])}]}]},
        ("v1", "LimitRange"): lambda: {"spec": {"limits": [{
            "type": pick(["Container", "Pod", "PersistentVolumeClaim"]), "max": maybe({"cpu": quantity(), "memory": "1Gi"}),
            "min": maybe({"cpu": quantity()}), "default": maybe({"memory": quantity()}),
            "defaultRequest": maybe({"cpu": "100m"}), "maxLimitRequestRatio": maybe({"cpu": quantity()})}]}},
        ("v1", "ResourceQuota"): lambda: {"spec": {"hard": {"cpu": quantity(), "pods": "10"}},
                                          "status": maybe({"hard": {"cpu": quantity()}, "used": {"cpu": quantity()}})},
        ("v1", "Node"): lambda: {"spec": {"podCIDR": "10.0.0.0/24"}, "status": maybe({
            "capacity": maybe({"cpu": quantity(), "memory": "1Gi"}), "allocatable": maybe({"cpu": quantity()})})},
        ("autoscaling/v2", "HorizontalPodAutoscaler"): lambda: {"spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "d"},
            "minReplicas": pick([None, 2]), "maxReplicas": 10,
            "metrics": pick([None, [], [{"type": "Resource", "resource": {"name": "memory", "target": {
                "type": "AverageValue", "averageValue": quantity()}}}]]),
            "behavior": pick([None, {}, {"scaleUp": scaling_rules()}, {"scaleDown": scaling_rules()},
                              {"scaleUp": scaling_rules(), "scaleDown": scaling_rules()}])}},
        ("networking.k8s.io/v1", "Ingress"): lambda: {"spec": {"rules": [{"host": "a.example.com", "http": {"paths": [
            {"path": "/", "pathType": pick(["Prefix", "Exact"]), "backend": {"service": {"name": "s", "port": {"number": 80}}}}]}}]}},
        ("networking.k8s.io/v1", "NetworkPolicy"): lambda: {"spec": {
            "podSelector": {}, "policyTypes": pick([None, [], ["Egress"]]),
            "ingress": maybe([{"ports": [{"port": 80, "protocol": pick([None, "UDP"])}, {}]}]),
            "egress": pick([None, [], [{"ports": [{"port": "dns"}]}]])}},
        ("networking.k8s.io/v1", "IngressClass"): lambda: {"spec": {"controller": "x/y", "parameters": pick([
            None, {"kind": "K", "name": "n"}, {"kind": "K", "name": "n", "scope": "Namespace", "namespace": "ns"}])}},
        ("rbac.authorization.k8s.io/v1", "RoleBinding"): lambda: {
            "roleRef": {"kind": "Role", "name": "r", "apiGroup": pick(["", "rbac.authorization.k8s.io"])},
            "subjects": [{"kind": pick(["User", "Group", "ServiceAccount", "Other"]), "name": "n",
                          "apiGroup": pick(["", "x"])} for _ in range(rng.randint(0, 3))]},
        ("rbac.authorization.k8s.io/v1", "ClusterRoleBinding"): lambda: {
            "roleRef": {"kind": "ClusterRole", "name": "r", "apiGroup": pick(["", "rbac.authorization.k8s.io"])},
            "subjects": [{"kind": pick(["User", "Group", "ServiceAccount"]), "name": "n", "namespace": "d"}]},
        ("admissionregistration.k8s.io/v1", "ValidatingWebhookConfiguration"): lambda: {
            "webhooks": [webhook(False) for _ in range(rng.randint(0, 2))]},
        ("admissionregistration.k8s.io/v1", "MutatingWebhookConfiguration"): lambda: {
            "webhooks": [webhook(True) for _ in range(rng.randint(0, 2))]},
        ("storage.k8s.io/v1", "StorageClass"): lambda: {"provisioner": "x", "reclaimPolicy": pick([None, "Retain"]),
                                                        "volumeBindingMode": pick([None, "WaitForFirstConsumer"])},
        ("storage.k8s.io/v1", "CSIDriver"): lambda: {"spec": {
            "attachRequired": pick([None, False]), "podInfoOnMount": pick([None, True]),
            "storageCapacity": pick([None, True]), "fsGroupPolicy": pick([None, "File"]),
            "volumeLifecycleModes": pick([None, [], ["Ephemeral"]]), "requiresRepublish": pick([None, True]),
            "seLinuxMount": pick([None, True])}},
        ("storage.k8s.io/v1", "VolumeAttachment"): lambda: {"spec": {"attacher": "a", "nodeName": "n", "source": pick([
            {"persistentVolumeName": "pv"},
            {"inlineVolumeSpec": {"capacity": {"storage": quantity()}, "accessModes": ["ReadWriteOnce"],
                                  "csi": {"driver": "d", "volumeHandle": "h"}, "volumeMode": pick([None, "Block"]),
                                  "persistentVolumeReclaimPolicy": pick(["", "Delete"])}}])}},
        ("discovery.k8s.io/v1", "EndpointSlice"): lambda: {"addressType": "IPv4", "endpoints": [
            {"addresses": ["10.0.0.1"], "conditions": maybe({"ready": True})}],
            "ports": [{"name": pick([None, "", "http"]), "port": 80, "protocol": pick([None, "UDP"])}]},
        ("scheduling.k8s.io/v1", "PriorityClass"): lambda: {"value": 10, "preemptionPolicy": pick([None, "Never"])},
        ("autoscaling/v1", "HorizontalPodAutoscaler"): lambda: {"spec": {
            "scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "d"},
            "minReplicas": pick([None, 0, 2]), "maxReplicas": 10,
            "targetCPUUtilizationPercentage": pick([None, 50])},
            "status": maybe({"currentReplicas": 1, "desiredReplicas": 2})},
        ("flowcontrol.apiserver.k8s.io/v1", "FlowSchema"): lambda: {"spec": {
            "priorityLevelConfiguration": {"name": "p"}, "matchingPrecedence": pick([None, 0, 500]),
            "distinguisherMethod": maybe({"type": "ByUser"}),
            "rules": maybe([{"subjects": [{"kind": "Group", "group": {"name": "g"}}],
                             "resourceRules": [{"verbs": ["*"], "apiGroups": ["*"], "resources": ["*"],
                                                "clusterScope": True}]}])}},
        ("flowcontrol.apiserver.k8s.io/v1", "PriorityLevelConfiguration"): lambda: {"spec": pick([
            {"type": "Limited", "limited": {
                "nominalConcurrencyShares": pick([None, 0, 10]), "lendablePercent": pick([None, 0, 50]),
                "borrowingLimitPercent": maybe(20), "limitResponse": pick([
                    None, {"type": "Reject"}, {"type": "Queue", "queuing": pick([None, {}, {
                        "queues": pick([None, 0, 16]), "handSize": pick([None, 0, 4]),
                        "queueLengthLimit": pick([None, 0, 10])}])}])}},
            {"type": "Exempt", "exempt": pick([None, {}, {"nominalConcurrencyShares": pick([None, 0, 5]),
                                                          "lendablePercent": pick([None, 0, 10])}])},
            {"type": "Limited"}])},
        ("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicy"): lambda: policy(False),
        ("admissionregistration.k8s.io/v1", "ValidatingAdmissionPolicyBinding"): lambda: binding(False),
        ("admissionregistration.k8s.io/v1", "MutatingAdmissionPolicy"): lambda: policy(True),
        ("admissionregistration.k8s.io/v1", "MutatingAdmissionPolicyBinding"): lambda: binding(True),
        ("admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicy"): lambda: policy(True),
        ("admissionregistration.k8s.io/v1beta1", "MutatingAdmissionPolicyBinding"): lambda: binding(True),
        ("admissionregistration.k8s.io/v1alpha1", "MutatingAdmissionPolicyBinding"): lambda: binding(True, True),
        ("resource.k8s.io/v1", "ResourceClaim"): lambda: {"spec": claim(), "status": maybe({"allocation": {
            "devices": {"results": [{"request": "r0", "driver": "d", "pool": "p", "device": "x",
                                     "tolerations": maybe(tolerations())}]}}}, 0.3)},
        ("resource.k8s.io/v1", "ResourceClaimTemplate"): lambda: {"spec": {
            "metadata": maybe({"labels": {"a": "b"}}), "spec": claim()}},
        ("resource.k8s.io/v1", "ResourceSlice"): lambda: {"spec": {
            "driver": "d.example.com", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
            "nodeName": maybe("n"), "allNodes": maybe(True, 0.2),
            "devices": [device(i) for i in range(rng.randint(0, 3))]}},
        ("apiextensions.k8s.io/v1", "CustomResourceDefinition"): lambda: {"spec": {
            "group": "example.com", "names": crd_names(), "scope": pick(["Namespaced", "Cluster"]),
            "versions": [{"name": f"v{j}", "served": True, "storage": pick([True, False, None]),
                          "schema": maybe({"openAPIV3Schema": {"type": "object"}})} for j in range(rng.randint(0, 3))],
            "conversion": crd_conversion(), "preserveUnknownFields": maybe(False, 0.2)},
            "status": pick([None, {}, {"storedVersions": pick([[], ["v0"]])}])},
        ("apiregistration.k8s.io/v1", "APIService"): lambda: {"spec": {
            "service": pick([None, {"namespace": "n", "name": "s", "port": pick([None, 8443])}]),
            "group": "g.example.com", "version": "v1", "groupPriorityMinimum": 100, "versionPriority": 10,
            "insecureSkipTLSVerify": maybe(True, 0.2), "caBundle": maybe("aGk=", 0.3)},
            "status": maybe({"conditions": [{"type": "Available", "status": "True",
                                             "lastTransitionTime": "2023-05-06T07:08:09Z"}]}, 0.2)},
    }


def clean(v):
    """Drops the None placeholders."""
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [clean(x) for x in v]
    return v


def prune(v, p, depth=0):
    """Leaves each key out with probability p (never apiVersion/kind)."""
    if isinstance(v, dict):
        return {k: prune(x, p, depth + 1) for k, x in v.items()
                if depth == 0 and k in ("apiVersion", "kind", "metadata") or rng.random() >= p}
    if isinstance(v, list):
        return [prune(x, p, depth + 1) for x in v]
    return v


table = kinds()
keys = sorted(table)
for _ in range(count):
    api_version, kind = pick(keys)
    body = dict(apiVersion=api_version, kind=kind, metadata=meta(), **table[(api_version, kind)]())
    body = prune(clean(body), pick([0, 0.1, 0.3]))
    print(json.dumps({"body": body}, separators=(",", ":")))
