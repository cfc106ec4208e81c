// Reads one JSON object per line, {"schema": <a CRD schema node, v1, with
// its x-kubernetes-validations>, "root": <whether it is a resource's
// root or an embedded resource>}, and prints one JSON line per input: for
// each rule, what apiextensions-apiserver's cel.Compile says of it as a
// 1.36 server's CRD validation calls it ("" when it compiles; else the
// error's detail: "compilation failed: …", "cel expression must evaluate
// to a bool", "program instantiation failed: …"), and its message
// expression's, as {"rule": …, "message": …}.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

type input struct {
	Schema apiextensionsv1.JSONSchemaProps `json:"schema"`
	Root   bool                            `json:"root"`
}

type result struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
}

func main() {
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		var i input
		if err := json.Unmarshal(in.Bytes(), &i); err != nil {
			panic(err)
		}
		line, _ := json.Marshal(compile(i, envSet))
		fmt.Fprintln(out, string(line))
	}
}

func compile(i input, envSet *environment.EnvSet) any {
	var internal apiextensionsinternal.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&i.Schema, &internal, nil); err != nil {
		return map[string]string{"error": err.Error()}
	}
	structural, err := structuralschema.NewStructural(&internal)
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	declType := model.SchemaDeclType(structural, i.Root)
	if declType == nil {
		return map[string]string{"error": "no declType"}
	}
	results, err := cel.Compile(structural, declType, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
	if err != nil {
		return map[string]string{"error": err.Error()}
	}
	answers := make([]result, len(results))
	for n, r := range results {
		if r.Error != nil {
			answers[n].Rule = r.Error.Detail
		}
		if r.MessageExpressionError != nil {
			answers[n].Message = r.MessageExpressionError.Detail
		}
	}
	return answers
}
