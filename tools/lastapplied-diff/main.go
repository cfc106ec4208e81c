// Prints kubectl's last-applied-configuration text for each YAML
// manifest given (kubectl apply's path: sigs.k8s.io/yaml's YAMLToJSON, the
// unstructured JSON scheme, GetModifiedConfiguration's two encodings),
// one JSON string per line.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

func main() {
	accessor := meta.NewAccessor()
	for _, path := range os.Args[1:] {
		text, _ := os.ReadFile(path)
		j, err := yaml.YAMLToJSON(text)
		if err != nil {
			fmt.Println(`{"error":true}`)
			continue
		}
		obj, _, err := unstructured.UnstructuredJSONScheme.Decode(j, nil, nil)
		if err != nil {
			fmt.Println(`{"error":true}`)
			continue
		}
		annots, _ := accessor.Annotations(obj)
		if annots == nil {
			annots = map[string]string{}
		}
		delete(annots, lastApplied)
		_ = accessor.SetAnnotations(obj, annots)
		modified, err := runtime.Encode(unstructured.UnstructuredJSONScheme, obj)
		if err != nil {
			fmt.Println(`{"error":true}`)
			continue
		}
		b, _ := json.Marshal(map[string]string{"text": string(modified)})
		fmt.Println(string(b))
	}
}
