// Reads one JSON string per line, a CEL expression, and prints one JSON
// line per expression: what cel-go's parser says of it, as Kubernetes'
// environment parses a rule (optional syntax on, the standard macros
// with cel.bind and the two-variable comprehensions): "" when it parses,
// else the issues as Kubernetes prints them after "compilation failed: ".
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/ext"
)

func main() {
	env, err := cel.NewEnv(cel.OptionalTypes(), ext.Bindings(), ext.TwoVarComprehensions())
	if err != nil {
		panic(err)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var expr string
		if err := json.Unmarshal(in.Bytes(), &expr); err != nil {
			panic(err)
		}
		answer := ""
		if _, issues := env.Parse(expr); issues != nil && issues.Err() != nil {
			answer = issues.String()
		}
		line, _ := json.Marshal(answer)
		fmt.Fprintln(out, string(line))
	}
}
