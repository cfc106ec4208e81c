// Decodes tools/decode-diff's cases as the API server decodes a create or
// update body of a built-in kind: apimachinery's JSON serializer (the
// strict one for fieldValidation=Strict, which kubectl sends with its
// keys sorted, the other for a bare request) into k8s.io/api's Go type of the kind, then prints
// the error as the handlers word it (`transformDecodeError`), and, when
// the body decodes, the object as encoding/json prints it back.
//
// Input, one JSON object per line: {"apiVersion", "kind", "definition",
// "body"} (body: the request's JSON text). Output, one line each:
// {"strict", "lenient"}, each {"error"} or {"object"}, and "convert", the
// unstructured converter's error for the same object ("" for none).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	jsonserializer "k8s.io/apimachinery/pkg/runtime/serializer/json"
	utiljson "k8s.io/apimachinery/pkg/util/json"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	batchv1 "k8s.io/api/batch/v1"
	certificatesv1 "k8s.io/api/certificates/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	eventsv1 "k8s.io/api/events/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	resourcev1 "k8s.io/api/resource/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	storagev1 "k8s.io/api/storage/v1"
)

func main() {
	scheme := runtime.NewScheme()
	for _, add := range []func(*runtime.Scheme) error{
		admissionregistrationv1.AddToScheme, appsv1.AddToScheme, autoscalingv2.AddToScheme,
		batchv1.AddToScheme, certificatesv1.AddToScheme, coordinationv1.AddToScheme,
		corev1.AddToScheme, discoveryv1.AddToScheme, eventsv1.AddToScheme,
		networkingv1.AddToScheme, policyv1.AddToScheme, rbacv1.AddToScheme,
		resourcev1.AddToScheme, schedulingv1.AddToScheme, storagev1.AddToScheme,
	} {
		if err := add(scheme); err != nil {
			panic(err)
		}
	}
	serializer := func(strict bool) *jsonserializer.Serializer {
		return jsonserializer.NewSerializerWithOptions(jsonserializer.DefaultMetaFactory, scheme, scheme,
			jsonserializer.SerializerOptions{Strict: strict})
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 16<<20), 16<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var c struct {
			APIVersion string          `json:"apiVersion"`
			Kind       string          `json:"kind"`
			Body       json.RawMessage `json:"body"`
		}
		if err := json.Unmarshal(in.Bytes(), &c); err != nil {
			panic(err)
		}
		gv, _ := schema.ParseGroupVersion(c.APIVersion)
		gvk := gv.WithKind(c.Kind)
		answer := map[string]interface{}{}
		for name, strict := range map[string]bool{"strict": true, "lenient": false} {
			into, err := scheme.New(gvk)
			if err != nil {
				panic(err)
			}
			body := []byte(c.Body)
			if strict {
				// kubectl sends the JSON of an unstructured map: keys sorted.
				var m interface{}
				d := json.NewDecoder(bytes.NewReader(body))
				d.UseNumber()
				if err := d.Decode(&m); err == nil {
					body, _ = json.Marshal(m)
				}
			}
			obj, _, err := serializer(strict).Decode(body, &gvk, into)
			if err != nil && !(obj != nil && runtime.IsStrictDecodingError(err) && !strict) {
				answer[name] = map[string]string{"error": fmt.Sprintf("%s in version %q cannot be handled as a %s: %v", gvk.Kind, gvk.Version, gvk.Kind, err)}
				continue
			}
			printed, err := json.Marshal(obj)
			if err != nil {
				panic(err)
			}
			answer[name] = map[string]json.RawMessage{"object": printed}
		}
		// A strategic merge patch's result goes through the unstructured
		// converter instead (handlers/patch.go applyPatchToObject), from
		// a map util/json made: integers int64, other numbers float64.
		// The converter walks Go maps, so with two bad values in one map
		// its error is random: eight runs, and every answer seen is kept
		// ("convertAny") when they differ.
		var unstructured map[string]interface{}
		if err := utiljson.Unmarshal(c.Body, &unstructured); err == nil {
			seen := map[string]bool{}
			for run := 0; run < 8; run++ {
				into, _ := scheme.New(gvk)
				converted := ""
				if err := runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation(unstructured, into, false); err != nil {
					converted = err.Error()
				}
				if run == 0 {
					answer["convert"] = converted
				}
				seen[converted] = true
			}
			if len(seen) > 1 {
				all := []string{}
				for text := range seen {
					all = append(all, text)
				}
				sort.Strings(all)
				answer["convertAny"] = all
			}
		}
		line, _ := json.Marshal(answer)
		out.Write(line)
		out.WriteString("\n")
	}
}
