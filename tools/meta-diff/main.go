// Answers tools/meta-diff's cases: apimachinery's ValidateObjectMeta of a
// decoded metav1.ObjectMeta with one of the name functions, the error
// texts one line per case.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/api/validation/path"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	rules := map[string]validation.ValidateNameFunc{
		"Subdomain":   validation.NameIsDNSSubdomain,
		"Label":       validation.NameIsDNSLabel,
		"Dns1035":     validation.NameIsDNS1035Label,
		"PathSegment": path.ValidatePathSegmentName,
	}
	for sc.Scan() {
		var c struct {
			Meta json.RawMessage `json:"meta"`
			Rule string          `json:"rule"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		var meta metav1.ObjectMeta
		if err := json.Unmarshal(c.Meta, &meta); err != nil {
			b, _ := json.Marshal(map[string]string{"decode": err.Error()})
			fmt.Println(string(b))
			continue
		}
		errs := validation.ValidateObjectMeta(&meta, true, rules[c.Rule], field.NewPath("metadata"))
		texts := []string{}
		for _, e := range errs {
			texts = append(texts, e.Error())
		}
		b, _ := json.Marshal(map[string]interface{}{"errors": texts})
		fmt.Println(string(b))
	}
}
