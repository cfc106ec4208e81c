// Reads one JSON object per line, {"expression": <an admission policy's
// or webhook match condition's CEL>, "params": <the policy has a
// paramKind>, "authorizer": <authorizer declared>, "returns": <the types
// the expression may give: "bool", "string", "null">}, and prints one JSON
// line per input: {"error": …}, what apiserver's admission CEL compiler
// (plugin/cel's CompileCELExpression, as a 1.36 server's policy
// validation calls it) says of it ("" when it compiles; else the error's
// detail: "compilation failed: …", "must evaluate to bool but got dyn",
// "program instantiation failed: …").
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/google/cel-go/cel"

	plugincel "k8s.io/apiserver/pkg/admission/plugin/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

type input struct {
	Expression string   `json:"expression"`
	Params     bool     `json:"params"`
	Authorizer bool     `json:"authorizer"`
	Returns    []string `json:"returns"`
}

// accessor is the expression as the compiler reads it.
type accessor struct {
	expression string
	returns    []*cel.Type
}

func (a accessor) GetExpression() string     { return a.expression }
func (a accessor) ReturnTypes() []*cel.Type { return a.returns }

var types = map[string]*cel.Type{"bool": cel.BoolType, "string": cel.StringType, "null": cel.NullType}

func main() {
	compiler := plugincel.NewCompiler(environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion()))
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var i input
		if err := json.Unmarshal(in.Bytes(), &i); err != nil {
			panic(err)
		}
		a := accessor{expression: i.Expression}
		for _, r := range i.Returns {
			a.returns = append(a.returns, types[r])
		}
		options := plugincel.OptionalVariableDeclarations{HasParams: i.Params, HasAuthorizer: i.Authorizer}
		result := compiler.CompileCELExpression(a, options, environment.NewExpressions)
		answer := ""
		if result.Error != nil {
			answer = result.Error.Detail
		}
		line, _ := json.Marshal(map[string]string{"error": answer})
		fmt.Fprintln(out, string(line))
	}
}
