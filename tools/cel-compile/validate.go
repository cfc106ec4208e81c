// Reads one JSON object per line, {"schema": <a CRD's openAPIV3Schema,
// v1>, "object": <a custom resource>, "old": <its stored version, or
// null>}, and prints per line the field errors apiextensions-apiserver
// v0.36.3's CEL validator gives the write (`cel.NewValidator(…).Validate`,
// with ratcheting against the old object as a 1.36 server's strategy runs
// it), each as `field.Error.Error()` prints it, sorted.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/common"
)

type input struct {
	Schema apiextensionsv1.JSONSchemaProps `json:"schema"`
	Object map[string]any                  `json:"object"`
	Old    map[string]any                  `json:"old"`
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var i input
		d := json.NewDecoder(bytes.NewReader(in.Bytes()))
		d.UseNumber()
		if err := d.Decode(&i); err != nil {
			panic(err)
		}
		line, _ := json.Marshal(validate(i))
		fmt.Fprintln(out, string(line))
	}
}

func validate(i input) (answer any) {
	defer func() {
		if r := recover(); r != nil {
			answer = map[string]string{"panic": fmt.Sprint(r)}
		}
	}()
	var internal apiextensionsinternal.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&i.Schema, &internal, nil); err != nil {
		return map[string]string{"error": err.Error()}
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	v := cel.NewValidator(s, true, celconfig.PerCallLimit)
	if v == nil {
		return []string{}
	}
	obj, old := numbers(i.Object).(map[string]any), map[string]any(nil)
	var opts []cel.Option
	if i.Old != nil {
		old = numbers(i.Old).(map[string]any)
		opts = append(opts, cel.WithRatcheting(common.NewCorrelatedObject(obj, old, &model.Structural{Structural: s})))
	}
	var oldObj any
	if old != nil {
		oldObj = old
	}
	errs, _ := v.Validate(context.TODO(), nil, s, obj, oldObj, celconfig.RuntimeCELCostBudget, opts...)
	lines := []string{}
	for _, e := range errs {
		lines = append(lines, e.Error())
	}
	sort.Strings(lines)
	return lines
}

// numbers turns JSON numbers into int64 or float64, as the API server's
// decoding of a custom resource does.
func numbers(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = numbers(x)
		}
		return t
	case []any:
		for k, x := range t {
			t[k] = numbers(x)
		}
		return t
	case json.Number:
		if n, err := t.Int64(); err == nil {
			return n
		}
		f, _ := t.Float64()
		return f
	}
	return v
}
