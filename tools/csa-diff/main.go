// Answers tools/csa-diff's cases with client-go's csaupgrade
// (UpgradeManagedFields), one CSA manager name at a time in the order the
// case gives: the managedFields after, or the error.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/util/csaupgrade"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c struct {
			Entries []interface{} `json:"entries"`
			CSA     []string      `json:"csa"`
			SSA     string        `json:"ssa"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		obj := &unstructured.Unstructured{Object: map[string]interface{}{
			"apiVersion": "v1", "kind": "ConfigMap",
			"metadata": map[string]interface{}{"name": "x", "managedFields": c.Entries},
		}}
		var err error
		for _, name := range c.CSA {
			if err = csaupgrade.UpgradeManagedFields(obj, sets.New(name), c.SSA); err != nil {
				break
			}
		}
		if err != nil {
			b, _ := json.Marshal(map[string]string{"error": err.Error()})
			fmt.Println(string(b))
			continue
		}
		b, _ := json.Marshal(map[string]interface{}{"entries": obj.GetManagedFields()})
		fmt.Println(string(b))
	}
}
