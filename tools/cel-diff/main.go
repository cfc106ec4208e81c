// Answers tools/cel-diff's cases: an expression over `self` (and `oldSelf`)
// compiled in an environment with the Kubernetes 1.36 base environment's
// options and libraries (those that need no server: no authz, format,
// semver), evaluated on the given JSON values. One line per case:
// {"value": …} (JSON of the result), {"error": message} or
// {"compile": message}.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/ext"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/structpb"
	"k8s.io/apiserver/pkg/cel/library"
)

func env() *cel.Env {
	e, err := cel.NewEnv(
		cel.Variable("self", cel.DynType),
		cel.Variable("oldSelf", cel.DynType),
		cel.HomogeneousAggregateLiterals(),
		cel.EagerlyValidateDeclarations(true),
		cel.DefaultUTCTimeZone(true),
		library.URLs(), library.Regex(), library.Lists(library.ListsVersion(0)),
		cel.CrossTypeNumericComparisons(true), cel.OptionalTypes(), library.Quantity(),
		ext.Strings(ext.StringsVersion(2)), ext.Sets(), library.IP(), library.CIDR(),
		ext.TwoVarComprehensions(), ext.Lists(ext.ListsVersion(3)),
	)
	if err != nil {
		panic(err)
	}
	return e
}

// native: the unstructured value as the API server holds it (int64 for
// whole numbers).
func native(v interface{}) interface{} {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	case map[string]interface{}:
		for k, x := range t {
			t[k] = native(x)
		}
	case []interface{}:
		for i, x := range t {
			t[i] = native(x)
		}
	}
	return v
}

func show(v ref.Val) interface{} {
	switch v.(type) {
	case types.Bool, types.String, types.Int, types.Double, types.Null:
		return map[string]interface{}{"value": v.Value()}
	}
	j, err := v.ConvertToNative(reflect.TypeOf((*structpb.Value)(nil)))
	if err == nil {
		b, _ := protojson.Marshal(j.(*structpb.Value))
		return map[string]interface{}{"value": json.RawMessage(b)}
	}
	return map[string]interface{}{"other": v.Type().TypeName()}
}

func main() {
	e := env()
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c struct {
			Expr    string          `json:"expr"`
			Self    json.RawMessage `json:"self"`
			OldSelf json.RawMessage `json:"oldSelf"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		decode := func(raw json.RawMessage) interface{} {
			var v interface{}
			d := json.NewDecoder(strings.NewReader(string(raw)))
			d.UseNumber()
			_ = d.Decode(&v)
			return native(v)
		}
		out := func() (r interface{}) {
			defer func() {
				if p := recover(); p != nil {
					r = map[string]interface{}{"panic": fmt.Sprint(p)}
				}
			}()
			ast, iss := e.Compile(c.Expr)
			if iss.Err() != nil {
				return map[string]interface{}{"compile": iss.Err().Error()}
			}
			prg, err := e.Program(ast, cel.EvalOptions(cel.OptOptimize))
			if err != nil {
				return map[string]interface{}{"compile": err.Error()}
			}
			vars := map[string]interface{}{"self": decode(c.Self)}
			if c.OldSelf != nil {
				vars["oldSelf"] = decode(c.OldSelf)
			}
			val, _, err := prg.Eval(vars)
			if err != nil {
				return map[string]interface{}{"error": err.Error()}
			}
			return show(val)
		}()
		b, _ := json.Marshal(out)
		fmt.Println(string(b))
	}
}
