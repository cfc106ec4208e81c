// Answers tools/crd-diff's cases: a value validated against a CRD schema by
// kube-openapi's validator as apiextensions runs it (NewSchemaValidator
// with strfmt.Default), its result turned into field errors by a copy of
// apiextensions' kubeOpenAPIResultToFieldErrors. One line per case: the
// field errors' texts.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
	openapierrors "k8s.io/kube-openapi/pkg/validation/errors"
	"k8s.io/kube-openapi/pkg/validation/spec"
	"k8s.io/kube-openapi/pkg/validation/strfmt"
	"k8s.io/kube-openapi/pkg/validation/validate"
)

func toFieldErrors(fldPath *field.Path, result *validate.Result) field.ErrorList {
	var allErrs field.ErrorList
	for _, err := range result.Errors {
		switch err := err.(type) {
		case *openapierrors.Validation:
			errPath := fldPath
			if len(err.Name) > 0 && err.Name != "." {
				errPath = errPath.Child(strings.TrimPrefix(err.Name, "."))
			}
			switch err.Code() {
			case openapierrors.RequiredFailCode:
				allErrs = append(allErrs, field.Required(errPath, ""))
			case openapierrors.EnumFailCode:
				values := []string{}
				for _, allowedValue := range err.Values {
					if s, ok := allowedValue.(string); ok {
						values = append(values, s)
					} else {
						allowedJSON, _ := json.Marshal(allowedValue)
						values = append(values, string(allowedJSON))
					}
				}
				allErrs = append(allErrs, field.NotSupported(errPath, err.Value, values))
			case openapierrors.TooLongFailCode:
				max := int64(-1)
				if i, ok := err.Valid.(int64); ok {
					max = i
				}
				allErrs = append(allErrs, field.TooLong(errPath, "", int(max)))
			case openapierrors.MaxItemsFailCode:
				actual, max := int64(-1), int64(-1)
				if i, ok := err.Value.(int64); ok {
					actual = i
				}
				if i, ok := err.Valid.(int64); ok {
					max = i
				}
				allErrs = append(allErrs, field.TooMany(errPath, int(actual), int(max)))
			case openapierrors.TooManyPropertiesCode:
				actual, max := int64(-1), int64(-1)
				if i, ok := err.Value.(int64); ok {
					actual = i
				}
				if i, ok := err.Valid.(int64); ok {
					max = i
				}
				allErrs = append(allErrs, field.TooMany(errPath, int(actual), int(max)))
			case openapierrors.InvalidTypeCode:
				value := interface{}("")
				if err.Value != nil {
					value = err.Value
				}
				allErrs = append(allErrs, field.TypeInvalid(errPath, value, err.Error()))
			default:
				value := interface{}("")
				if err.Value != nil {
					value = err.Value
				}
				allErrs = append(allErrs, field.Invalid(errPath, value, err.Error()))
			}
		default:
			allErrs = append(allErrs, field.Invalid(fldPath, "", err.Error()))
		}
	}
	return allErrs
}

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var c struct {
			Schema spec.Schema     `json:"schema"`
			Value  json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			panic(err)
		}
		var v interface{}
		d := json.NewDecoder(strings.NewReader(string(c.Value)))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			panic(err)
		}
		v = numbers(v)
		func() {
			defer func() {
				if r := recover(); r != nil {
					fmt.Println(`{"panic":true}`)
				}
			}()
			enumInt64(&c.Schema)
			validator := validate.NewSchemaValidator(&c.Schema, nil, "", strfmt.Default)
			errs := toFieldErrors(nil, validator.Validate(v))
			texts := []string{}
			for _, e := range errs {
				texts = append(texts, e.Error())
			}
			out, _ := json.Marshal(map[string]interface{}{"errors": texts})
			fmt.Println(string(out))
		}()
	}
}

// numbers: the unstructured decoder's int64 for whole numbers, float64 else.
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
	case []interface{}:
		for i, x := range t {
			t[i] = numbers(x)
		}
	}
	return v
}

// enumInt64: a CRD's enum values as the API server holds them, decoded by
// apimachinery's JSON (whole numbers int64).
func enumInt64(s *spec.Schema) {
	if s == nil {
		return
	}
	for i, v := range s.Enum {
		s.Enum[i] = wholeInt64(v)
	}
	for k, p := range s.Properties {
		enumInt64(&p)
		s.Properties[k] = p
	}
	if s.Items != nil {
		enumInt64(s.Items.Schema)
		for i := range s.Items.Schemas {
			enumInt64(&s.Items.Schemas[i])
		}
	}
	if s.AdditionalProperties != nil {
		enumInt64(s.AdditionalProperties.Schema)
	}
	for _, list := range [][]spec.Schema{s.AllOf, s.AnyOf, s.OneOf} {
		for i := range list {
			enumInt64(&list[i])
		}
	}
	enumInt64(s.Not)
}

func wholeInt64(v interface{}) interface{} {
	switch t := v.(type) {
	case float64:
		if t == float64(int64(t)) {
			return int64(t)
		}
	case map[string]interface{}:
		for k, x := range t {
			t[k] = wholeInt64(x)
		}
	case []interface{}:
		for i, x := range t {
			t[i] = wholeInt64(x)
		}
	}
	return v
}
