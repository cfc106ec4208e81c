// Answers tools/smp-diff's cases with apimachinery's strategicpatch and
// k8s.io/api's types, one JSON object per line: a case with "doc" and
// "patch" is the server applying a strategic merge patch to a Deployment
// (StrategicMergePatch); one with "original", "modified" and "current" is
// kubectl's three-way patch (CreateThreeWayMergePatch, overwrite on) of a
// Deployment or, with "kind": "Service", a Service, then applied.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
)

func answer(line []byte) string {
	var c struct {
		Kind     string          `json:"kind"`
		Doc      json.RawMessage `json:"doc"`
		Patch    json.RawMessage `json:"patch"`
		Original json.RawMessage `json:"original"`
		Modified json.RawMessage `json:"modified"`
		Current  json.RawMessage `json:"current"`
	}
	if err := json.Unmarshal(line, &c); err != nil {
		panic(err)
	}
	var obj interface{} = appsv1.Deployment{}
	if c.Kind == "Service" {
		obj = corev1.Service{}
	}
	quote := func(err error) string { b, _ := json.Marshal(err.Error()); return string(b) }
	if c.Patch != nil {
		out, err := strategicpatch.StrategicMergePatch(c.Doc, c.Patch, obj)
		if err != nil {
			return fmt.Sprintf(`{"error":%s}`, quote(err))
		}
		return fmt.Sprintf(`{"result":%s}`, out)
	}
	meta, err := strategicpatch.NewPatchMetaFromStruct(obj)
	if err != nil {
		panic(err)
	}
	patch, err := strategicpatch.CreateThreeWayMergePatch(c.Original, c.Modified, c.Current, meta, true)
	if err != nil {
		return fmt.Sprintf(`{"error":%s}`, quote(err))
	}
	out, err := strategicpatch.StrategicMergePatch(c.Current, patch, obj)
	if err != nil {
		return fmt.Sprintf(`{"patch":%s,"applyError":%s}`, patch, quote(err))
	}
	return fmt.Sprintf(`{"patch":%s,"result":%s}`, patch, out)
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Println(`{"panic":true}`)
				}
			}()
			fmt.Println(answer(sc.Bytes()))
		}()
	}
}
