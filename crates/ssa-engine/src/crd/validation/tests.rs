//! Each case names the upstream code whose behaviour it checks: kube-openapi
//! `pkg/validation/validate` (and its `errors/schema.go` messages),
//! apiextensions-apiserver `kubeOpenAPIResultToFieldErrors`, its
//! ratcheting (`ratcheting.go`, `common.CorrelatedObject`), `listtype`,
//! `objectmeta` and `validator.go`.

use super::*;

fn yaml(text: &str) -> Value {
    match crate::yaml::parse(text) {
        Ok(doc) => doc.value,
        Err(e) => panic!("test YAML: {e}"),
    }
}

/// The validation of `example.com/v1 Widget` with `schema` (YAML) as its
/// openAPIV3Schema.
fn widget(schema: &str) -> CustomResourceValidation {
    CustomResourceValidation::new("Widget.example.com".to_string(), yaml(schema), None)
}

/// A Widget named `w` with `spec` (YAML flow map).
fn object(spec: &str) -> Value {
    yaml(&format!(
        "apiVersion: example.com/v1\nkind: Widget\nmetadata: {{name: w, namespace: default}}\nspec: {spec}"
    ))
}

fn refused(v: &CustomResourceValidation, old: Option<&str>, new: &str) -> String {
    let old = old.map(object);
    match v.validate(old.as_ref(), &object(new)) {
        Err(message) => message,
        Ok(()) => panic!("{new} was accepted"),
    }
}

fn accepted(v: &CustomResourceValidation, old: Option<&str>, new: &str) {
    let old = old.map(object);
    if let Err(message) = v.validate(old.as_ref(), &object(new)) {
        panic!("{new} was refused: {message}");
    }
}

const SPEC: &str = "
type: object
properties:
  spec:
    type: object
    required: [size]
    properties:
      size: {type: string, enum: [small, large]}
      replicas: {type: integer, minimum: 0, maximum: 10}
      name: {type: string, maxLength: 5, minLength: 2, pattern: '^[a-z]+$'}
      port: {type: integer, format: int32}
      ratio: {type: number, multipleOf: 0.5, exclusiveMaximum: true, maximum: 2.5}
      tags: {type: array, minItems: 1, maxItems: 2, items: {type: string}}
      limits: {type: object, maxProperties: 1, additionalProperties: {type: integer, minimum: 1}}
      port2: {x-kubernetes-int-or-string: true}
      count: {type: integer, enum: [1, 2]}
";

/// The messages of `errors/schema.go` as the field errors carry them, in
/// the validators' order per value (`NewSchemaValidator`).
#[test]
fn value_rules_word_for_word() {
    let v = widget(SPEC);
    let cases = [
        (
            "{size: huge}",
            r#"spec.size: Unsupported value: "huge": supported values: "small", "large""#,
        ),
        (
            "{size: small, replicas: 11}",
            "spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10",
        ),
        (
            "{size: small, replicas: -1}",
            "spec.replicas: Invalid value: -1: spec.replicas in body should be greater than or equal to 0",
        ),
        (
            "{size: small, name: abcdefg}",
            "spec.name: Too long: may not be more than 5 bytes",
        ),
        (
            "{size: small, name: a}",
            r#"spec.name: Invalid value: "a": spec.name in body should be at least 2 chars long"#,
        ),
        (
            "{size: small, name: Ab}",
            r#"spec.name: Invalid value: "Ab": spec.name in body should match '^[a-z]+$'"#,
        ),
        (
            "{size: small, ratio: 0.7}",
            "spec.ratio: Invalid value: 0.7: spec.ratio in body should be a multiple of 0.5",
        ),
        (
            "{size: small, ratio: 2.5}",
            "spec.ratio: Invalid value: 2.5: spec.ratio in body should be less than 2.5",
        ),
        (
            "{size: small, tags: []}",
            "spec.tags: Invalid value: 0: spec.tags in body should have at least 1 items",
        ),
        (
            "{size: small, tags: [a, b, c]}",
            "spec.tags: Too many: 3: must have at most 2 items",
        ),
        (
            "{size: small, limits: {a: 1, b: 2}}",
            "spec.limits: Too many: 2: must have at most 1 item",
        ),
        (
            "{size: small, limits: {a: 0}}",
            "spec.limits.a: Invalid value: 0: spec.limits.a in body should be greater than or equal to 1",
        ),
        (
            "{size: small, replicas: three}",
            r#"spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string""#,
        ),
        (
            "{size: small, port2: true}",
            r#"spec.port2: Invalid value: "boolean": spec.port2 in body must be of type integer,string: "boolean""#,
        ),
        // The value's range for its format is not a kube-openapi
        // `Validation`: a field error without a path.
        (
            "{size: small, port: 3000000000}",
            r#"<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.port"#,
        ),
        (
            "{size: small, count: 3}",
            r#"spec.count: Unsupported value: 3: supported values: "1", "2""#,
        ),
        ("{}", "spec.size: Required value"),
        // A whole number is an int64, compared natively with the factor
        // and the bound truncated to integers (`MultipleOfInt`,
        // `MaximumInt`).
        (
            "{size: small, ratio: 2}",
            "[spec.ratio: Invalid value: 0: factor MultipleOf declared for spec.ratio must be positive: 0, spec.ratio: Invalid value: 2: spec.ratio in body should be less than 2]",
        ),
    ];
    for (spec, error) in cases {
        assert_eq!(
            refused(&v, None, spec),
            format!(r#"Widget.example.com "w" is invalid: {error}"#),
            "{spec}"
        );
    }
    accepted(
        &v,
        None,
        "{size: small, replicas: 10, name: ab, ratio: 1.5, port2: x, count: 2}",
    );
    // An integer given as a whole float is an integer (`isFloatInt`), and
    // an enum's integer matches it.
    accepted(&v, None, "{size: small, replicas: 3.0, count: 1.0}");
}

/// Several errors in one write, in the validators' order, aggregated.
#[test]
fn errors_of_one_value_in_validator_order() {
    let v = widget(
        "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      num: {type: integer, enum: [1], maximum: 5}\n",
    );
    assert_eq!(
        refused(&v, None, "{num: 7.5}"),
        r#"Widget.example.com "w" is invalid: [spec.num: Invalid value: "number": spec.num in body must be of type integer: "number", <nil>: Invalid value: "": Checked value must be of type integer (default format) in spec.num, spec.num: Invalid value: 7.5: spec.num in body should be less than or equal to 5, spec.num: Unsupported value: 7.5: supported values: "1"]"#
    );
}

/// An update is ratcheted: an unchanged invalid value passes, a changed
/// one does not; list items correlate by key in a map list, and not at
/// all in another list (a set, an atomic list, a list without a type:
/// `correlateOldValueForChildAtNewIndex`), which is unchanged only whole.
#[test]
fn updates_ratchet_unchanged_values() {
    let v = widget(
        "
type: object
properties:
  spec:
    type: object
    required: [size]
    properties:
      size: {type: string, enum: [small]}
      other: {type: string}
      byIndex: {type: array, items: {type: integer, maximum: 1}}
      users:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        items: {type: object, properties: {name: {type: string}, age: {type: integer, maximum: 100}}}
      set: {type: array, x-kubernetes-list-type: set, items: {type: integer, maximum: 1}}
",
    );
    accepted(&v, Some("{size: huge}"), "{size: huge, other: x}");
    assert_eq!(
        refused(&v, Some("{size: huge}"), "{size: large}"),
        r#"Widget.example.com "w" is invalid: spec.size: Unsupported value: "large": supported values: "small""#
    );
    // A required field is missing from the object that has it: once the
    // object changes, its error is not let through.
    assert_eq!(
        refused(&v, Some("{other: p}"), "{other: q}"),
        r#"Widget.example.com "w" is invalid: spec.size: Required value"#
    );
    assert_eq!(
        refused(
            &v,
            Some("{size: small, byIndex: [5]}"),
            "{size: small, byIndex: [5, 1]}"
        ),
        r#"Widget.example.com "w" is invalid: spec.byIndex[0]: Invalid value: 5: spec.byIndex[0] in body should be less than or equal to 1"#
    );
    accepted(
        &v,
        Some("{size: small, byIndex: [5, 1]}"),
        "{size: small, byIndex: [5, 1], other: x}",
    );
    assert!(
        v.validate(
            Some(&object("{size: small, byIndex: [5]}")),
            &object("{size: small, byIndex: [1, 5]}")
        )
        .is_err()
    );
    accepted(
        &v,
        Some("{size: small, users: [{name: a, age: 200}, {name: b}]}"),
        "{size: small, users: [{name: b}, {name: a, age: 200}]}",
    );
    assert!(
        v.validate(
            Some(&object("{size: small, set: [5]}")),
            &object("{size: small, set: [5, 0]}")
        )
        .is_err()
    );
    // A map list's item without its key correlates with nothing
    // (`CompositeKeyFor`): the list is never unchanged.
    assert!(
        v.validate(
            Some(&object("{size: small, users: [{age: 200}]}")),
            &object("{size: small, users: [{age: 200}], other: x}")
        )
        .is_err()
    );
}

/// `ValidateStatusUpdate`: the status's own schema, its messages without
/// `status.`, the field paths with it.
#[test]
fn a_status_write_checks_the_status_schema() {
    let v = widget(
        "type: object\nproperties:\n  spec: {type: object, properties: {size: {type: string, enum: [small]}}}\n  status:\n    type: object\n    properties:\n      replicas: {type: integer, minimum: 0}\n",
    );
    let old = object("{size: huge}");
    let mut new = old.clone();
    if let Value::Map(m) = &mut new {
        m.insert("status", yaml("{replicas: -1}"));
    }
    assert_eq!(
        v.validate_status(&old, &new).unwrap_err(),
        r#"Widget.example.com "w" is invalid: status.replicas: Invalid value: -1: replicas in body should be greater than or equal to 0"#
    );
}

/// `listtype.ValidateListSetsAndMaps`, checked on update only when the old
/// object passes.
#[test]
fn list_sets_and_maps_have_no_duplicates() {
    let v = widget(
        "
type: object
properties:
  spec:
    type: object
    properties:
      set: {type: array, x-kubernetes-list-type: set, items: {type: string}}
      users:
        type: array
        x-kubernetes-list-type: map
        x-kubernetes-list-map-keys: [name]
        items: {type: object, properties: {name: {type: string}, role: {type: string}}}
",
    );
    assert_eq!(
        refused(
            &v,
            None,
            "{set: [a, b, a, a], users: [{name: x}, {name: x, role: r}, {role: r}, {}]}"
        ),
        r#"Widget.example.com "w" is invalid: [spec.set[2]: Duplicate value: "a", spec.users[1]: Duplicate value: {"name":"x"}, spec.users[3]: Duplicate value: {}]"#
    );
    accepted(&v, Some("{set: [a, a]}"), "{set: [a, a, b]}");
}

/// `objectmeta.Validate`: an embedded resource needs its apiVersion and
/// kind; and the object's own name is a DNS subdomain on create.
#[test]
fn embedded_resources_and_the_name() {
    let v = widget(
        "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}\n",
    );
    assert_eq!(
        refused(&v, None, "{template: {kind: ConfigMap}}"),
        r#"Widget.example.com "w" is invalid: spec.template.apiVersion: Required value"#
    );
    assert_eq!(
        refused(
            &v,
            None,
            "{template: {apiVersion: v1, kind: Config_Map, metadata: {labels: {'a b': c}}}}"
        ),
        r#"Widget.example.com "w" is invalid: [spec.template.kind: Invalid value: "Config_Map": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?'), spec.template.metadata.labels: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')]"#
    );
    assert_eq!(
        refused(&v, None, "{template: {apiVersion: '', kind: 3}}"),
        r#"Widget.example.com "w" is invalid: [spec.template.apiVersion: Invalid value: "": must not be empty, spec.template.kind: Invalid value: 3: must be a string]"#
    );
    let mut bad_name = object("{}");
    if let Some(meta) = bad_name.child_map_mut("metadata") {
        meta.insert("name", Value::from("Bad_Name"));
    }
    let message = v.validate(None, &bad_name).unwrap_err();
    assert!(
        message.starts_with(r#"Widget.example.com "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain"#),
        "{message}"
    );
}

/// `ValidateScaleSpec` and `ValidateScaleStatus`: the replicas at both
/// paths, the selector a string; a status write checks the status's.
#[test]
fn scale_replicas_and_selector() {
    let mut v = widget("type: object\nx-kubernetes-preserve-unknown-fields: true\n");
    v.scale = Some(yaml(
        "{specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}",
    ));
    assert_eq!(
        refused(&v, None, "{replicas: -2}"),
        r#"Widget.example.com "w" is invalid: .spec.replicas: Invalid value: -2: should be a non-negative integer"#
    );
    assert_eq!(
        refused(&v, None, "{replicas: 2147483648}"),
        r#"Widget.example.com "w" is invalid: .spec.replicas: Invalid value: 2147483648: should be less than or equal to 2147483647"#
    );
    assert_eq!(
        refused(&v, None, "{replicas: two}"),
        r#"Widget.example.com "w" is invalid: .spec.replicas: Invalid value: 0: .spec.replicas accessor error: two is of the type string, expected int64"#
    );
    accepted(&v, None, "{replicas: 2}");
    let old = object("{replicas: 2}");
    let mut new = old.clone();
    if let Value::Map(m) = &mut new {
        m.insert("status", yaml("{replicas: -1, selector: 5}"));
    }
    assert_eq!(
        v.validate_status(&old, &new).unwrap_err(),
        r#"Widget.example.com "w" is invalid: [.status.replicas: Invalid value: -1: should be a non-negative integer, .status.selector: Invalid value: "": .status.selector accessor error: 5 is of the type int64, expected string]"#
    );
}

/// A null where the schema does not allow one (the coercion keeps it when
/// the CRD preserves unknown fields everywhere).
#[test]
fn null_needs_nullable() {
    let v = widget(
        "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      a: {type: string}\n      b: {type: string, nullable: true}\n",
    );
    assert_eq!(
        refused(&v, None, "{a: null}"),
        r#"Widget.example.com "w" is invalid: spec.a: Invalid value: "null": spec.a in body must be of type string: "null""#
    );
    accepted(&v, None, "{b: null}");
}

/// `formatValidator` after the string's own rules, a type error naming the
/// format; and the type validator's check of a format against a value of
/// another type (`must be of type date-time: "int64"`).
#[test]
fn string_formats() {
    let v = widget(
        "type: object\nproperties:\n  spec:\n    type: object\n    properties:\n      at: {type: string, format: date-time}\n      id: {type: string, format: uuid}\n      name: {type: string, format: k8s-short-name}\n      free: {type: string, format: no-such-format}\n",
    );
    assert_eq!(
        refused(&v, None, "{at: yesterday}"),
        r#"Widget.example.com "w" is invalid: spec.at: Invalid value: "yesterday": spec.at in body must be of type date-time: "yesterday""#
    );
    assert_eq!(
        refused(&v, None, "{at: 5}"),
        r#"Widget.example.com "w" is invalid: spec.at: Invalid value: "int64": spec.at in body must be of type date-time: "int64""#
    );
    assert_eq!(
        refused(&v, None, "{name: Web}"),
        r#"Widget.example.com "w" is invalid: spec.name: Invalid value: "Web": spec.name in body must be of type k8s-short-name: "Web""#
    );
    accepted(
        &v,
        None,
        "{at: '2024-05-01T10:00:00Z', id: a8098c1a-f86e-11da-bd1a-00112444be1e, name: web, free: anything}",
    );
}

mod no_panics {
    use super::*;
    use proptest::prelude::*;

    /// Keys of schemas and of objects, mixed: a value walks a schema made
    /// of the same material.
    const KEYS: &[&str] = &[
        "type",
        "format",
        "enum",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "maxLength",
        "minLength",
        "pattern",
        "maxItems",
        "minItems",
        "items",
        "properties",
        "additionalProperties",
        "required",
        "x-kubernetes-list-type",
        "x-kubernetes-list-map-keys",
        "x-kubernetes-int-or-string",
        "x-kubernetes-embedded-resource",
        "nullable",
        "maxProperties",
        "minProperties",
        "spec",
        "status",
        "name",
        "a",
        "x-kubernetes-validations",
        "rule",
        "message",
        "messageExpression",
        "fieldPath",
        "reason",
        "kind",
        "apiVersion",
        "metadata",
        "replicas",
    ];

    fn value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            prop::sample::select(vec![i64::MIN, -1, 0, 1, 2, 5, 2_147_483_648, i64::MAX])
                .prop_map(Value::Int),
            prop::sample::select(vec![0.5, -0.0, 2.5, 1e300, -1e300, 1e-300, 3.0])
                .prop_map(Value::Float),
            prop::sample::select(vec![
                "integer",
                "string",
                "number",
                "array",
                "object",
                "boolean",
                "int32",
                "float",
                "date-time",
                "uuid",
                "duration",
                "mac",
                "map",
                "set",
                "atomic",
                "^[a-z]+$",
                "(",
                "",
                "é",
                "self.a > 1",
                "self == oldSelf",
                "self.all(x, x > 0)",
                "size(self) < 3 && self.a.startsWith('b')",
                "self.a / self.b == 1 || has(self.c)",
                "'msg ' + self.a",
                ".a",
                "FieldValueForbidden",
                "2024-02-30T00:00:00Z",
                "0",
                ".spec.replicas",
                "a",
            ])
            .prop_map(Value::from),
        ];
        leaf.prop_recursive(5, 64, 6, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::List),
                prop::collection::vec((prop::sample::select(KEYS), inner), 0..6).prop_map(
                    |entries| {
                        let mut map = crate::value::Map::new();
                        for (k, v) in entries {
                            map.insert(k, v);
                        }
                        Value::Map(map)
                    }
                ),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1500))]

        /// Any schema, any object: an answer, never a panic.
        #[test]
        fn any_schema_any_value(schema in value(), new in value(), old in value()) {
            let scale = yaml("{specReplicasPath: .spec.replicas, statusReplicasPath: .status.replicas, labelSelectorPath: .status.selector}");
            let v = CustomResourceValidation::new("Widget.example.com".to_string(), schema, Some(scale));
            let _ = v.validate(None, &new);
            let _ = v.validate(Some(&old), &new);
            let _ = v.validate_status(&old, &new);
        }
    }
}

/// `x-kubernetes-validations` as apiextensions' `cel.Validator` reports
/// them: the rule's message (else `failed rule: <rule>`), a scalar's value
/// (an object's left out), `fieldPath` and `reason`; a transition rule
/// only on an update; a failing rule on an unchanged value ratcheted; an
/// evaluation error `<error> evaluating rule: <rule>`.
#[test]
fn cel_rules() {
    let v = widget(
        r#"
type: object
properties:
  spec:
    type: object
    x-kubernetes-validations:
    - rule: self.min <= self.max
      message: min must not exceed max
    - rule: "!has(self.replicas) || self.replicas % 2 == 1"
    - rule: has(self.owner)
      fieldPath: .owner
      reason: FieldValueRequired
      message: an owner is required
    - rule: "!has(self.divisor) || 10 / self.divisor > 1"
    properties:
      min: {type: integer}
      max: {type: integer}
      replicas: {type: integer}
      owner: {type: string}
      divisor: {type: integer}
      name:
        type: string
        x-kubernetes-validations:
        - rule: self == oldSelf
          message: Value is immutable
"#,
    );
    assert_eq!(
        refused(&v, None, "{min: 3, max: 2, replicas: 2, owner: me}"),
        r#"Widget.example.com "w" is invalid: [spec: Invalid value: min must not exceed max, spec: Invalid value: failed rule: !has(self.replicas) || self.replicas % 2 == 1]"#
    );
    assert_eq!(
        refused(&v, None, "{min: 1, max: 2}"),
        r#"Widget.example.com "w" is invalid: spec.owner: Required value: an owner is required"#
    );
    assert_eq!(
        refused(&v, None, "{min: 1, max: 2, owner: me, divisor: 20}"),
        r#"Widget.example.com "w" is invalid: spec: Invalid value: failed rule: !has(self.divisor) || 10 / self.divisor > 1"#
    );
    assert_eq!(
        refused(&v, None, "{min: 1, max: 2, owner: me, divisor: 0}"),
        r#"Widget.example.com "w" is invalid: spec: Invalid value: "object": division by zero evaluating rule: !has(self.divisor) || 10 / self.divisor > 1"#
    );
    // A transition rule: not on a create, on an update of the value.
    accepted(&v, None, "{min: 1, max: 2, owner: me, name: a}");
    assert_eq!(
        refused(
            &v,
            Some("{min: 1, max: 2, owner: me, name: a}"),
            "{min: 1, max: 2, owner: me, name: b}"
        ),
        r#"Widget.example.com "w" is invalid: spec.name: Invalid value: "b": Value is immutable"#
    );
    // Ratcheting: a spec already failing a rule passes while unchanged.
    accepted(
        &v,
        Some("{min: 3, max: 2, owner: me}"),
        "{min: 3, max: 2, owner: me}",
    );
    // A blocking error (a type error) keeps the rules from running.
    assert_eq!(
        refused(&v, None, "{min: x, max: 2, owner: me}"),
        r#"Widget.example.com "w" is invalid: [spec.min: Invalid value: "string": spec.min in body must be of type integer: "string", <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]"#
    );
}

/// A rule sees the value as `UnstructuredToVal` types it: format
/// `date-time` a timestamp, format `duration` a duration, a null property
/// absent, a property with a dash by its escaped name.
#[test]
fn cel_values_typed_by_the_schema() {
    let v = widget(
        r#"
type: object
properties:
  spec:
    type: object
    x-kubernetes-validations:
    - rule: "!has(self.end) || self.start < self.end"
      message: the window must end after it starts
    - rule: "!has(self.interval) || self.interval >= duration('1m')"
      message: at least a minute
    - rule: "!has(self.max__dash__surge) || self.max__dash__surge <= 5"
    - rule: "!has(self.note) || self.note.size() > 1"
    properties:
      start: {type: string, format: date-time}
      end: {type: string, format: date-time}
      interval: {type: string, format: duration}
      max-surge: {type: integer}
      note: {type: string, nullable: true}
"#,
    );
    // Timestamps compare as times, not as text: 10:00+02:00 is 08:00Z.
    assert_eq!(
        refused(
            &v,
            None,
            "{start: '2024-01-01T09:00:00Z', end: '2024-01-01T10:00:00+02:00'}"
        ),
        r#"Widget.example.com "w" is invalid: spec: Invalid value: the window must end after it starts"#
    );
    accepted(
        &v,
        None,
        "{start: '2024-01-01T09:00:00.5Z', end: '2024-01-01T09:00:01Z'}",
    );
    // `90s` is more than `1m`, though it sorts before it as text.
    accepted(&v, None, "{interval: 90s}");
    assert_eq!(
        refused(&v, None, "{interval: 30s}"),
        r#"Widget.example.com "w" is invalid: spec: Invalid value: at least a minute"#
    );
    assert_eq!(
        refused(&v, None, "{max-surge: 6}"),
        r#"Widget.example.com "w" is invalid: spec: Invalid value: failed rule: !has(self.max__dash__surge) || self.max__dash__surge <= 5"#
    );
    // A null nullable property is absent to `has()`.
    let v = widget(
        r#"
type: object
properties:
  spec:
    type: object
    x-kubernetes-validations:
    - {rule: has(self.note), message: a note is required}
    properties:
      note: {type: string, nullable: true}
"#,
    );
    assert_eq!(
        refused(&v, None, "{note: null}"),
        r#"Widget.example.com "w" is invalid: spec: Invalid value: a note is required"#
    );
    accepted(&v, None, "{note: hi}");
}

/// A `/status` write runs the CEL rules on the whole object, ratcheted:
/// the unchanged spec's failing rule is let through, the status's is not.
#[test]
fn a_status_write_runs_the_rules() {
    let v = widget(
        "type: object\nproperties:\n  spec:\n    type: object\n    x-kubernetes-validations: [{rule: 'self.size != \"huge\"'}]\n    properties: {size: {type: string}}\n  status:\n    type: object\n    x-kubernetes-validations: [{rule: 'self.ready <= 3', message: too many}]\n    properties: {ready: {type: integer}}\n",
    );
    let old = object("{size: huge}");
    let with_status = |ready: i64| {
        let mut new = old.clone();
        if let Value::Map(m) = &mut new {
            m.insert("status", yaml(&format!("{{ready: {ready}}}")));
        }
        new
    };
    assert!(v.validate_status(&old, &with_status(2)).is_ok());
    assert_eq!(
        v.validate_status(&old, &with_status(5)).unwrap_err(),
        r#"Widget.example.com "w" is invalid: status: Invalid value: too many"#
    );
}

/// `schemaPropsValidator`'s junctors: their own messages without a path,
/// then the errors of the alternative that matched most (the first of
/// equals), `allOf`'s every one.
#[test]
fn all_any_one_of_and_not() {
    let v = widget(
        r#"
type: object
properties:
  spec:
    type: object
    oneOf:
    - required: [a]
    - required: [b]
    not: {required: [forbidden]}
    properties:
      a: {type: string}
      b: {type: string}
      forbidden: {type: string}
      low:
        type: integer
        anyOf: [{minimum: 10}, {maximum: 1}]
      mid:
        type: integer
        allOf: [{minimum: 1}, {maximum: 3}]
"#,
    );
    let invalid = |e: &str| format!(r#"Widget.example.com "w" is invalid: {e}"#);
    assert_eq!(
        refused(&v, None, "{}"),
        invalid(
            r#"[<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found none valid, spec.a: Required value]"#
        )
    );
    assert_eq!(
        refused(&v, None, "{a: x, b: w}"),
        invalid(
            r#"<nil>: Invalid value: "": "spec" must validate one and only one schema (oneOf). Found 2 valid alternatives"#
        )
    );
    assert_eq!(
        refused(&v, None, "{a: x, forbidden: z}"),
        invalid(r#"<nil>: Invalid value: "": "spec" must not validate the schema (not)"#)
    );
    assert_eq!(
        refused(&v, None, "{a: x, low: 5}"),
        invalid(
            r#"[<nil>: Invalid value: "": "spec.low" must validate at least one schema (anyOf), spec.low: Invalid value: 5: spec.low in body should be greater than or equal to 10]"#
        )
    );
    assert_eq!(
        refused(&v, None, "{a: x, mid: 5}"),
        invalid(
            r#"[spec.mid: Invalid value: 5: spec.mid in body should be less than or equal to 3, <nil>: Invalid value: "": "spec.mid" must validate all the schemas (allOf)]"#
        )
    );
    accepted(&v, None, "{a: x, low: 0, mid: 2}");
}

/// `optionalOldSelf`: the transition rule runs on a create too, its
/// `oldSelf` an empty optional.
#[test]
fn optional_old_self() {
    let v = widget(
        r#"
type: object
properties:
  spec:
    type: object
    properties:
      replicas:
        type: integer
        x-kubernetes-validations:
        - rule: "!oldSelf.hasValue() ? self <= 10 : self >= oldSelf.value()"
          optionalOldSelf: true
          message: may only grow
"#,
    );
    accepted(&v, None, "{replicas: 10}");
    assert_eq!(
        refused(&v, None, "{replicas: 11}"),
        r#"Widget.example.com "w" is invalid: spec.replicas: Invalid value: 11: may only grow"#
    );
    accepted(&v, Some("{replicas: 5}"), "{replicas: 50}");
    assert_eq!(
        refused(&v, Some("{replicas: 5}"), "{replicas: 4}"),
        r#"Widget.example.com "w" is invalid: spec.replicas: Invalid value: 4: may only grow"#
    );
}

/// `tools/crd-diff`'s comparison: values validated against schemas by
/// kube-openapi's validator as apiextensions runs it (`$CRD_DIFF/in.jsonl`,
/// `gen.py`) against Go's field errors (`out.jsonl`), compared as sets
/// (upstream walks a Go map of properties). Run by hand: `CRD_DIFF=DIR
/// cargo test -p ssa-engine --features regex --lib crd_diff -- --ignored`.
#[test]
#[ignore = "needs the files tools/crd-diff writes"]
fn crd_diff_against_kube_openapi() {
    use crate::upstream_diff::sorted_set;
    crate::upstream_diff::each_case("CRD_DIFF", |case, answer| {
        let expected = answer.get("errors").and_then(Value::as_list)?;
        let mut errs = Vec::new();
        let mut walk = schema::SchemaWalk {
            errs: &mut errs,
            prefix: "",
        };
        let value = case.get("value").cloned().unwrap_or_default();
        walk.value(case.get("crd").unwrap(), &value, None, "");
        let ours = sorted_set(errs.iter().map(ToString::to_string));
        let theirs = sorted_set(
            expected
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string),
        );
        (ours != theirs).then(|| format!("go:   {theirs:?}\n  ours: {ours:?}"))
    });
}

/// An error with no path of its own is at the nil `*field.Path` the
/// strategy validates with, which Go prints `<nil>`: a rule of the root
/// schema; and an enum's refusal of a null shows `null` (checked with
/// `tools/crd-diff`).
#[test]
fn root_errors_at_the_nil_path_and_a_null_not_in_the_enum() {
    let v = widget(
        r#"
type: object
x-kubernetes-validations:
- rule: "!has(self.spec) || self.spec.size != 'huge'"
  message: no huge widgets
properties:
  spec:
    type: object
    properties:
      size: {type: string, enum: [small, huge], nullable: true}
      mode: {type: string, enum: [a, b]}
"#,
    );
    assert_eq!(
        refused(&v, None, "{size: huge}"),
        r#"Widget.example.com "w" is invalid: <nil>: Invalid value: no huge widgets"#
    );
    assert_eq!(
        refused(&v, None, "{mode: null}"),
        r#"Widget.example.com "w" is invalid: [spec.mode: Invalid value: "null": spec.mode in body must be of type string: "null", spec.mode: Unsupported value: null: supported values: "a", "b", <nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]"#
    );
}

/// `tools/cel-compile`'s `validate.go` comparison: the field errors the
/// CEL rules of a custom resource's schema give a write, as
/// apiextensions-apiserver v0.36.3's `cel.Validator` gives them (ratcheted
/// against the old object on an update), compared as sets. A case whose
/// schema has a rule outside the engine's CEL subset (not checked) is
/// left out, and so is one whose errors name a type the server
/// generates. Run by hand: `CEL_VALIDATE=DIR cargo test -p ssa-engine
/// --features regex --lib cel_validate -- --ignored`.
#[test]
#[ignore = "needs the files tools/cel-compile/validate.go writes"]
fn cel_validate_against_apiextensions() {
    use crate::upstream_diff::sorted_set;
    crate::upstream_diff::each_case("CEL_VALIDATE", |case, answer| {
        let expected = answer.as_list()?;
        let schema = case.get("schema")?;
        let compiled = rules::Compiled::of(schema);
        let all_parse = compiled.0.values().all(Option::is_some);
        if !all_parse {
            return None;
        }
        let theirs = sorted_set(
            expected
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string),
        );
        // A rule that does not compile cannot be in a stored CRD (its
        // create is refused), nor a type the server generates be named.
        if theirs
            .iter()
            .any(|e| e.contains("selfType") || e.contains("rule compile error"))
        {
            return None;
        }
        let new = case.get("object")?;
        let old = case.get("old").filter(|o| !o.is_null());
        let mut errs = Vec::new();
        rules::rules(&mut errs, &compiled, schema, new, old, old, "");
        let ours = sorted_set(errs.iter().map(ToString::to_string));
        (ours != theirs).then(|| format!("go:   {theirs:?}\n  ours: {ours:?}"))
    });
}

/// The CEL rules' errors (sorted) for creating a Widget with `spec` (a
/// YAML flow map) under `schema` (YAML): apiextensions' `cel.Validator`
/// alone, as `validate.go` runs it.
fn rule_errors(schema: &str, spec: &str) -> Vec<String> {
    let schema = yaml(schema);
    let mut errs = Vec::new();
    let compiled = rules::Compiled::of(&schema);
    rules::rules(&mut errs, &compiled, &schema, &object(spec), None, None, "");
    crate::upstream_diff::sorted_set(errs.iter().map(ToString::to_string))
}

/// A `byte` formatted string that is not base64 (`strfmt.Base64`, the URL
/// alphabet) is an error where a rule reads it; the format library's
/// messages come through a message expression (`validate.go`'s answers).
#[test]
fn unreadable_bytes_and_format_messages() {
    let schema = "{type: object, properties: {spec: {type: object, properties: {key: {type: string, format: byte, x-kubernetes-validations: [{rule: 'size(self) > 0'}]}, f: {type: string, x-kubernetes-validations: [{rule: '!format.dns1123Label().validate(self).hasValue()', messageExpression: \"format.dns1123Label().validate(self).value().join(', ')\"}]}}}}}";
    assert_eq!(
        rule_errors(schema, "{key: v1, f: A_b}"),
        [
            "spec.f: Invalid value: \"A_b\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
            "spec.key: Invalid value: \"string\": Invalid byte formatted string v1: illegal base64 data at input byte 0 evaluating rule: size(self) > 0",
        ]
    );
    // `-` and `_` are the URL alphabet's.
    assert!(rule_errors(schema, "{key: a-_b, f: ab}").is_empty());
}

/// An overload error at run time (an int-or-string's int given to
/// `quantity()`, a text that is no IP to `containsIP()`) is worded as the
/// validator words it (`validate.go`'s answers).
#[test]
fn run_time_overload_errors() {
    assert_eq!(
        rule_errors(
            "{type: object, properties: {spec: {type: object, properties: {a: {type: string, x-kubernetes-validations: [{rule: \"cidr('10.0.0.0/8').containsIP(self)\"}]}, q: {x-kubernetes-int-or-string: true, x-kubernetes-validations: [{rule: \"quantity(self).isGreaterThan(quantity('0'))\", message: m}]}}}}}",
            "{a: x, q: 0}"
        ),
        [
            "spec.a: Invalid value: \"string\": 'no such overload': call arguments did not match a supported operator, function or macro signature for rule: cidr('10.0.0.0/8').containsIP(self)",
            "spec.q: Invalid value: \"\": 'no such overload: quantity(int)': call arguments did not match a supported operator, function or macro signature for rule: m",
        ]
    );
}

/// A valid `byte` formatted string is CEL's bytes: `string(self)` is the
/// decoded text (a PEM key's `-----BEGIN`, which sigstore's and
/// OpenShift's image policies check), `size(self)` counts bytes, and
/// bytes that are not UTF-8 are no string (`validate.go`'s answers; a
/// standard-alphabet `+/` is no URL base64).
#[test]
fn byte_strings_are_bytes() {
    let schema = "{type: object, properties: {spec: {type: object, properties: {k: {type: string, format: byte, x-kubernetes-validations: [{rule: \"string(self).startsWith('-----BEGIN PUBLIC KEY-----')\", message: must start}, {rule: 'size(self) > 10'}]}}}}}";
    let check = |k: &str| rule_errors(schema, &format!("{{k: '{k}'}}"));
    // `base64.urlsafe_b64encode` of a PEM public key.
    assert!(check("LS0tLS1CRUdJTiBQVUJMSUMgS0VZLS0tLS0KTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFCi0tLS0tRU5EIFBVQkxJQyBLRVktLS0tLQo=").is_empty());
    assert_eq!(
        check("__4="),
        [
            "spec.k: Invalid value: \"__4=\": failed rule: size(self) > 10",
            "spec.k: Invalid value: \"string\": invalid UTF-8 in bytes, cannot convert to string evaluating rule: must start",
        ]
    );
    assert_eq!(
        check("+/8t"),
        [
            "spec.k: Invalid value: \"string\": Invalid byte formatted string +/8t: illegal base64 data at input byte 0 evaluating rule: must start",
            "spec.k: Invalid value: \"string\": Invalid byte formatted string +/8t: illegal base64 data at input byte 0 evaluating rule: size(self) > 10",
        ]
    );
    // `has()` reads the field as well.
    assert_eq!(
        rule_errors(
            "{type: object, properties: {spec: {type: object, x-kubernetes-validations: [{rule: 'has(self.k)'}], properties: {k: {type: string, format: byte}}}}}",
            "{k: '+/8t'}"
        ),
        [
            "spec: Invalid value: \"object\": Invalid byte formatted string +/8t: illegal base64 data at input byte 0 evaluating rule: has(self.k)"
        ]
    );
}
