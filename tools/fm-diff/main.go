// Runs tools/fm-diff's scenarios (bare apply and update requests on one
// custom-typed object) through apimachinery's field manager as the API
// server builds it (managedfields.NewDefaultFieldManager, no conversion,
// no defaulting; updates through UpdateNoErrors, as the update and patch
// handlers call it) and prints the result document.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/managedfields/managedfieldstest"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

func main() {
	for _, path := range os.Args[1:] {
		run(path)
	}
}

func run(path string) {
	var sc struct {
		Name   string `json:"name"`
		Schema struct {
			OpenAPI struct {
				Definitions map[string]*spec.Schema `json:"definitions"`
			} `json:"openapi"`
		} `json:"schema"`
		Steps []struct {
			Manager string                 `json:"manager"`
			Op      string                 `json:"op"`
			Force   bool                   `json:"force"`
			Object  map[string]interface{} `json:"object"`
		} `json:"steps"`
	}
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &sc); err != nil {
		panic(err)
	}
	tc, err := managedfields.NewTypeConverter(sc.Schema.OpenAPI.Definitions, false)
	if err != nil {
		panic(err)
	}
	gvk := schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Widget"}
	fm := managedfieldstest.NewFakeFieldManager(tc, gvk)
	base := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	var live runtime.Object
	type conflict struct {
		Manager string `json:"manager"`
		Field   string `json:"field"`
	}
	type stepResult struct {
		Outcome   string                 `json:"outcome"`
		Message   string                 `json:"message"`
		Conflicts []conflict             `json:"conflicts"`
		Object    map[string]interface{} `json:"object,omitempty"`
	}
	results := []stepResult{}
	for i, st := range sc.Steps {
		at := base.Add(time.Duration(i) * time.Second)
		managedfields.SetClock(func() time.Time { return at })
		obj := &unstructured.Unstructured{Object: st.Object}
		current := live
		if current == nil {
			empty := &unstructured.Unstructured{}
			empty.SetGroupVersionKind(gvk)
			current = empty
		}
		var out runtime.Object
		if st.Op == "apply" {
			out, err = fm.Apply(current, obj, st.Manager, st.Force)
		} else {
			// As the API server's update and patch handlers: a
			// managedFields update that fails leaves the write to
			// happen with managedFields removed.
			out, err = fm.UpdateNoErrors(current, obj, st.Manager), nil
		}
		r := stepResult{Outcome: "applied", Conflicts: []conflict{}}
		if err != nil {
			r.Message = err.Error()
			r.Outcome = "invalid"
			if apierrors.IsConflict(err) {
				r.Outcome = "conflict"
				if status, ok := err.(apierrors.APIStatus); ok && status.Status().Details != nil {
					for _, c := range status.Status().Details.Causes {
						r.Conflicts = append(r.Conflicts, conflict{Manager: c.Message, Field: c.Field})
					}
				}
			}
		} else {
			// The API server gives a created object its uid (the field
			// manager tells a create from an update by it).
			u := out.(*unstructured.Unstructured)
			if u.GetUID() == "" {
				u.SetUID("uid-1")
			}
			live = u
		}
		if live != nil {
			r.Object = live.(*unstructured.Unstructured).DeepCopy().Object
		}
		results = append(results, r)
	}
	doc, _ := json.Marshal(map[string]interface{}{"scenario": sc.Name, "steps": results})
	fmt.Println(string(doc))
}
