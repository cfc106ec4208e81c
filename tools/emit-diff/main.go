// Prints, for each JSON object given one per line, the YAML kubectl prints
// for it (`kubectl get -o yaml`: sigs.k8s.io/yaml's JSONToYAML over
// go-yaml v2), as a JSON string per line.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"sigs.k8s.io/yaml"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		out, err := yaml.JSONToYAML(sc.Bytes())
		if err != nil {
			b, _ := json.Marshal(map[string]string{"error": err.Error()})
			fmt.Println(string(b))
			continue
		}
		b, _ := json.Marshal(map[string]string{"yaml": string(out)})
		fmt.Println(string(b))
	}
}
