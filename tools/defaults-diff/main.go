// Defaults tools/defaults-diff's cases as the API server defaults a
// built-in object between decoding and storage: encoding/json decodes the
// body into the kind's k8s.io/api Go type, the kind's generated
// SetObjectDefaults_<Kind> (defaulter-gen over the copied
// pkg/apis/*/defaults.go, see assemble.py) runs on it, and encoding/json
// prints it.
//
// Input, one JSON object per line: {"body": <the object>}. Output, one
// line each: {"object": <the defaulted object>}, or {"error"} when the
// body does not decode (or its kind is not covered).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	admissionregistrationv1alpha1 "k8s.io/api/admissionregistration/v1alpha1"
	admissionregistrationv1beta1 "k8s.io/api/admissionregistration/v1beta1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	flowcontrolv1 "k8s.io/api/flowcontrol/v1"
	networkingv1 "k8s.io/api/networking/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	resourcev1 "k8s.io/api/resource/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	storagev1 "k8s.io/api/storage/v1"
	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiregistration "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1"

	admissionregistration "k8s.io/kubernetes/pkg/apis/admissionregistration/v1"
	admissionregistrationalpha "k8s.io/kubernetes/pkg/apis/admissionregistration/v1alpha1"
	admissionregistrationbeta "k8s.io/kubernetes/pkg/apis/admissionregistration/v1beta1"
	apps "k8s.io/kubernetes/pkg/apis/apps/v1"
	autoscalingone "k8s.io/kubernetes/pkg/apis/autoscaling/v1"
	autoscaling "k8s.io/kubernetes/pkg/apis/autoscaling/v2"
	batch "k8s.io/kubernetes/pkg/apis/batch/v1"
	core "k8s.io/kubernetes/pkg/apis/core/v1"
	discovery "k8s.io/kubernetes/pkg/apis/discovery/v1"
	flowcontrol "k8s.io/kubernetes/pkg/apis/flowcontrol/v1"
	networking "k8s.io/kubernetes/pkg/apis/networking/v1"
	rbac "k8s.io/kubernetes/pkg/apis/rbac/v1"
	resource "k8s.io/kubernetes/pkg/apis/resource/v1"
	scheduling "k8s.io/kubernetes/pkg/apis/scheduling/v1"
	storage "k8s.io/kubernetes/pkg/apis/storage/v1"
)

// kind pairs a new Go object of a kind with its defaulter.
type kind struct {
	make     func() any
	default_ func(any)
}

func k[T any](f func(*T)) kind {
	return kind{func() any { return new(T) }, func(o any) {
		if f != nil {
			f(o.(*T))
		}
	}}
}

var kinds = map[string]kind{
	"apps/v1/Deployment":                     k(apps.SetObjectDefaults_Deployment),
	"apps/v1/StatefulSet":                    k(apps.SetObjectDefaults_StatefulSet),
	"apps/v1/DaemonSet":                      k(apps.SetObjectDefaults_DaemonSet),
	"apps/v1/ReplicaSet":                     k(apps.SetObjectDefaults_ReplicaSet),
	"batch/v1/Job":                           k(batch.SetObjectDefaults_Job),
	"batch/v1/CronJob":                       k(batch.SetObjectDefaults_CronJob),
	"v1/Pod":                                 k(core.SetObjectDefaults_Pod),
	"v1/PodTemplate":                         k(core.SetObjectDefaults_PodTemplate),
	"v1/ReplicationController":               k(core.SetObjectDefaults_ReplicationController),
	"v1/Service":                             k(core.SetObjectDefaults_Service),
	"v1/ConfigMap":                           k(core.SetObjectDefaults_ConfigMap),
	"v1/Secret":                              k(core.SetObjectDefaults_Secret),
	"v1/Namespace":                           k(core.SetObjectDefaults_Namespace),
	"v1/PersistentVolumeClaim":               k(core.SetObjectDefaults_PersistentVolumeClaim),
	"v1/PersistentVolume":                    k(core.SetObjectDefaults_PersistentVolume),
	"v1/Endpoints":                           k(core.SetObjectDefaults_Endpoints),
	"v1/LimitRange":                          k(core.SetObjectDefaults_LimitRange),
	"v1/ResourceQuota":                       k(core.SetObjectDefaults_ResourceQuota),
	"v1/Node":                                k(core.SetObjectDefaults_Node),
	"autoscaling/v2/HorizontalPodAutoscaler": k(autoscaling.SetObjectDefaults_HorizontalPodAutoscaler),
	// No SetObjectDefaults_Ingress: an Ingress has no defaults.
	"networking.k8s.io/v1/Ingress":                                     k[networkingv1.Ingress](nil),
	"networking.k8s.io/v1/NetworkPolicy":                               k(networking.SetObjectDefaults_NetworkPolicy),
	"networking.k8s.io/v1/IngressClass":                                k(networking.SetObjectDefaults_IngressClass),
	"rbac.authorization.k8s.io/v1/RoleBinding":                         k(rbac.SetObjectDefaults_RoleBinding),
	"rbac.authorization.k8s.io/v1/ClusterRoleBinding":                  k(rbac.SetObjectDefaults_ClusterRoleBinding),
	"admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration":   k(admissionregistration.SetObjectDefaults_ValidatingWebhookConfiguration),
	"admissionregistration.k8s.io/v1/MutatingWebhookConfiguration":     k(admissionregistration.SetObjectDefaults_MutatingWebhookConfiguration),
	"storage.k8s.io/v1/StorageClass":                                   k(storage.SetObjectDefaults_StorageClass),
	"storage.k8s.io/v1/CSIDriver":                                      k(storage.SetObjectDefaults_CSIDriver),
	"storage.k8s.io/v1/VolumeAttachment":                               k(storage.SetObjectDefaults_VolumeAttachment),
	"discovery.k8s.io/v1/EndpointSlice":                                k(discovery.SetObjectDefaults_EndpointSlice),
	"scheduling.k8s.io/v1/PriorityClass":                               k(scheduling.SetObjectDefaults_PriorityClass),
	"autoscaling/v1/HorizontalPodAutoscaler":                           k(autoscalingone.SetObjectDefaults_HorizontalPodAutoscaler),
	"flowcontrol.apiserver.k8s.io/v1/FlowSchema":                       k(flowcontrol.SetObjectDefaults_FlowSchema),
	"flowcontrol.apiserver.k8s.io/v1/PriorityLevelConfiguration":       k(flowcontrol.SetObjectDefaults_PriorityLevelConfiguration),
	"admissionregistration.k8s.io/v1/ValidatingAdmissionPolicy":        k(admissionregistration.SetObjectDefaults_ValidatingAdmissionPolicy),
	"admissionregistration.k8s.io/v1/ValidatingAdmissionPolicyBinding": k(admissionregistration.SetObjectDefaults_ValidatingAdmissionPolicyBinding),
	"admissionregistration.k8s.io/v1/MutatingAdmissionPolicy":          k(admissionregistration.SetObjectDefaults_MutatingAdmissionPolicy),
	"admissionregistration.k8s.io/v1/MutatingAdmissionPolicyBinding":   k(admissionregistration.SetObjectDefaults_MutatingAdmissionPolicyBinding),
	"admissionregistration.k8s.io/v1beta1/MutatingAdmissionPolicy":     k(admissionregistrationbeta.SetObjectDefaults_MutatingAdmissionPolicy),
	"admissionregistration.k8s.io/v1beta1/MutatingAdmissionPolicyBinding": k(
		admissionregistrationbeta.SetObjectDefaults_MutatingAdmissionPolicyBinding),
	"admissionregistration.k8s.io/v1alpha1/MutatingAdmissionPolicyBinding": k(
		admissionregistrationalpha.SetObjectDefaults_MutatingAdmissionPolicyBinding),
	"resource.k8s.io/v1/ResourceClaim":         k(resource.SetObjectDefaults_ResourceClaim),
	"resource.k8s.io/v1/ResourceClaimTemplate": k(resource.SetObjectDefaults_ResourceClaimTemplate),
	"resource.k8s.io/v1/ResourceSlice":         k(resource.SetObjectDefaults_ResourceSlice),
	// The modules' own generated defaulters (Kubernetes 1.36's code).
	"apiextensions.k8s.io/v1/CustomResourceDefinition": k(apiextensions.SetObjectDefaults_CustomResourceDefinition),
	"apiregistration.k8s.io/v1/APIService":             k(apiregistration.SetObjectDefaults_APIService),
}

// The k8s.io/api types behind the keys above, named so that a missing
// SetObjectDefaults_ fails the build rather than the run.
var _ = []any{admissionregistrationv1.ValidatingWebhookConfiguration{}, appsv1.Deployment{},
	autoscalingv2.HorizontalPodAutoscaler{}, batchv1.Job{}, corev1.Pod{}, discoveryv1.EndpointSlice{},
	networkingv1.Ingress{}, rbacv1.RoleBinding{}, schedulingv1.PriorityClass{}, storagev1.StorageClass{},
	autoscalingv1.HorizontalPodAutoscaler{}, flowcontrolv1.FlowSchema{}, resourcev1.ResourceClaim{},
	admissionregistrationv1beta1.MutatingAdmissionPolicy{}, admissionregistrationv1alpha1.MutatingAdmissionPolicyBinding{}}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for in.Scan() {
		var c struct {
			Body json.RawMessage `json:"body"`
		}
		answer := map[string]any{}
		var head struct{ APIVersion, Kind string }
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			answer["error"] = err.Error()
		} else if err := json.Unmarshal(c.Body, &head); err != nil {
			answer["error"] = err.Error()
		} else if kd, ok := kinds[head.APIVersion+"/"+head.Kind]; !ok {
			answer["error"] = fmt.Sprintf("kind %s/%s not covered", head.APIVersion, head.Kind)
		} else {
			obj := kd.make()
			if err := json.Unmarshal(c.Body, obj); err != nil {
				answer["error"] = err.Error()
			} else {
				kd.default_(obj)
				answer["object"] = obj
			}
		}
		line, err := json.Marshal(answer)
		if err != nil {
			line, _ = json.Marshal(map[string]string{"error": err.Error()})
		}
		w.Write(line)
		w.WriteString("\n")
	}
}
