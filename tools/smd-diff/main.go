// Runs generated structured-merge-diff cases (the format of the engine's
// tests/smd_suite) through SMD's merge.Updater and writes them back with
// SMD's answers as the expectations.
package main

import (
	"encoding/json"
	"errors"
	"os"
	"sort"

	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
	"sigs.k8s.io/structured-merge-diff/v6/merge"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
	yaml "go.yaml.in/yaml/v2"
)

type dummyConverter struct{}

func (dummyConverter) Convert(v *typed.TypedValue, version fieldpath.APIVersion) (*typed.TypedValue, error) {
	return v, nil
}
func (dummyConverter) IsMissingVersionError(err error) bool { return false }

func numbers(v interface{}) interface{} {
	switch t := v.(type) {
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	case map[string]interface{}:
		for k, x := range t {
			t[k] = numbers(x)
		}
		return t
	case []interface{}:
		for i, x := range t {
			t[i] = numbers(x)
		}
		return t
	}
	return v
}

func main() {
	dec := json.NewDecoder(os.Stdin)
	dec.UseNumber()
	var suite map[string]interface{}
	if err := dec.Decode(&suite); err != nil {
		panic(err)
	}
	numbers(suite)
	schemas := suite["schemas"].(map[string]interface{})
	cases := suite["cases"].([]interface{})
	for _, c := range cases {
		runCase(schemas, c.(map[string]interface{}))
	}
	out, _ := json.Marshal(suite)
	os.Stdout.Write(out)
}

func parseable(schemas map[string]interface{}, name string) typed.ParseableType {
	if name == "deduced" {
		return typed.DeducedParseableType
	}
	s := schemas[name].(map[string]interface{})
	text, err := yaml.Marshal(map[string]interface{}{"types": s["types"]})
	if err != nil {
		panic(err)
	}
	parser, err := typed.NewParser(typed.YAMLObject(text))
	if err != nil {
		panic(err)
	}
	return parser.Type(s["root"].(string))
}

func runCase(schemas map[string]interface{}, c map[string]interface{}) {
	pt := parseable(schemas, c["schema"].(string))
	updater := (&merge.UpdaterBuilder{Converter: dummyConverter{}}).BuildUpdater()
	var live *typed.TypedValue
	managers := fieldpath.ManagedFields{}
	for _, o := range c["ops"].([]interface{}) {
		op := o.(map[string]interface{})
		for kind, b := range op {
			body := b.(map[string]interface{})
			manager := body["manager"].(string)
			version := fieldpath.APIVersion(body["apiVersion"].(string))
			var tv *typed.TypedValue
			var err error
			if kind == "update" {
				tv, err = pt.FromUnstructured(body["object"], typed.AllowDuplicates)
			} else {
				tv, err = pt.FromUnstructured(body["object"])
			}
			if err != nil {
				body["error"] = true
				continue
			}
			if live == nil {
				live, _ = pt.FromUnstructured(nil)
			}
			var newObj *typed.TypedValue
			var newManagers fieldpath.ManagedFields
			if kind == "update" {
				newObj, newManagers, err = updater.Update(live, tv, version, managers, manager)
			} else {
				newObj, newManagers, err = updater.Apply(live, tv, version, managers, manager, kind == "force-apply")
			}
			var conflicts merge.Conflicts
			if errors.As(err, &conflicts) {
				list := []interface{}{}
				for _, cf := range conflicts {
					list = append(list, map[string]interface{}{"manager": cf.Manager, "path": cf.Path.String()})
				}
				body["conflicts"] = list
				continue
			}
			if err != nil {
				body["error"] = true
				body["message"] = err.Error()
				continue
			}
			if newObj != nil {
				live = newObj
			}
			managers = newManagers
		}
	}
	if live != nil {
		c["object"] = live.AsValue().Unstructured()
	} else {
		c["object"] = map[string]interface{}{}
	}
	managed := map[string]interface{}{}
	names := []string{}
	for m := range managers {
		names = append(names, m)
	}
	sort.Strings(names)
	for _, m := range names {
		vs := managers[m]
		paths := []string{}
		vs.Set().Iterate(func(p fieldpath.Path) { paths = append(paths, p.String()) })
		managed[m] = map[string]interface{}{"apiVersion": string(vs.APIVersion()), "fields": paths}
	}
	c["managed"] = managed
}
