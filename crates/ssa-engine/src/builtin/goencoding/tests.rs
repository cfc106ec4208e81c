//! The encoding rules on small tables (encoding/json's documented
//! behaviour) and on the generated table of the catalogue (the k8s.io/api
//! types' tags).

use super::*;

fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

/// A table written as `[definition, fields]` pairs.
fn table(types: &str) -> GoTable {
    GoTable::from_value(&json(&format!(r#"{{"types":{types}}}"#))).unwrap()
}

fn pass(t: &GoTable, object: &str, p: Pass) -> Value {
    let mut v = json(object);
    run(t, 0, &mut v, p);
    v
}

/// A struct with one field of every kind, none omitempty, and a nested
/// struct with an omitempty field.
const EVERY_KIND: &str = r#"[["T","s::s i::i f::f b::b y::y t::t q::q n::n d::d r::r o::O@1 a::a p::*s l::[s m::{s st::@1"],
    ["U","x:e:s y::i"]]"#;

#[test]
fn unset_fields_without_omitempty_print_their_zero_value() {
    // encoding/json: every field without omitempty is printed; nil
    // pointers, slices, maps and interfaces as null; custom marshalers as
    // their MarshalJSON prints the zero value.
    let t = table(EVERY_KIND);
    assert_eq!(
        pass(&t, "{}", Pass::Encode),
        json(
            r#"{"s":"","i":0,"f":0,"b":false,"y":null,"t":null,"q":"0","n":0,"d":"0s","r":null,"o":false,"a":null,"p":null,"l":null,"m":null,"st":{"y":0}}"#
        )
    );
}

#[test]
fn omitempty_drops_empty_values_but_never_structs() {
    // isEmptyValue: false, 0, "", nil pointer, len 0 slice or map; a
    // struct (metav1.Time, Quantity, IntOrString too) is never empty.
    let t = table(
        r#"[["T","s:e:s i:e:i b:e:b p:e:*i l:e:[s m:e:{s st:e:@1 t:e:t q:e:q n:e:n sp:e:*@1"],["U",""]]"#,
    );
    assert_eq!(
        pass(
            &t,
            r#"{"s":"","i":0,"b":false,"p":null,"l":[],"m":{},"sp":{}}"#,
            Pass::Encode
        ),
        json(r#"{"st":{},"t":null,"q":"0","n":0,"sp":{}}"#)
    );
    // A pointer to zero is not empty.
    assert_eq!(
        pass(&t, r#"{"p":0,"l":["a"]}"#, Pass::Encode).get("p"),
        Some(&Value::Int(0))
    );
}

#[test]
fn omitzero_drops_zero_values_of_any_type() {
    // ObjectMeta.creationTimestamp is `omitempty,omitzero`: a zero Time is
    // left out instead of printed as null.
    let t = table(r#"[["T","t:ez:t st:z:@1"],["U","x:e:s y::i"]]"#);
    assert_eq!(pass(&t, "{}", Pass::Encode), json("{}"));
    assert_eq!(
        pass(
            &t,
            r#"{"t":"2024-01-01T00:00:00Z","st":{"y":1}}"#,
            Pass::Encode
        ),
        json(r#"{"t":"2024-01-01T00:00:00Z","st":{"y":1}}"#)
    );
}

#[test]
fn null_reads_as_unset_and_unknown_fields_are_dropped() {
    let t = table(EVERY_KIND);
    let v = pass(
        &t,
        r#"{"s":null,"st":null,"p":null,"l":[null],"extra":1}"#,
        Pass::Encode,
    );
    assert_eq!(v.get("s"), Some(&Value::from("")));
    assert_eq!(v.get("st"), Some(&json(r#"{"y":0}"#)));
    assert_eq!(v.get("p"), Some(&Value::Null));
    // A null item of a string slice decodes to "".
    assert_eq!(v.get("l"), Some(&json(r#"[""]"#)));
    assert_eq!(v.get("extra"), None);
}

#[test]
fn decoding_leaves_unset_what_go_reads_as_unset() {
    // What a defaulter sees: "" in a string field and null anywhere are
    // the Go zero value, the same as an absent field; a pointer to zero is
    // set; nothing is added.
    let t = table(r#"[["T","s:e:s i::i p:e:*i st::@1 l::[@1"],["U","x:e:s"]]"#);
    assert_eq!(
        pass(
            &t,
            r#"{"s":"","i":0,"p":0,"st":null,"l":[{"x":""}]}"#,
            Pass::Decode
        ),
        json(r#"{"p":0,"l":[{}]}"#)
    );
}

#[test]
fn quantities_print_as_strings() {
    let t = table(r#"[["T","m:e:{q"]]"#);
    assert_eq!(
        pass(&t, r#"{"m":{"cpu":1,"memory":"1Gi"}}"#, Pass::Encode),
        json(r#"{"m":{"cpu":"1","memory":"1Gi"}}"#)
    );
}

#[test]
fn unchanged_values_keep_their_shared_maps() {
    let t = table(r#"[["T","m:e:{s st::@1"],["U","y:e:s"]]"#);
    let before = json(r#"{"m":{"a":"b"},"st":{"y":"1"}}"#);
    let mut after = before.clone();
    run(&t, 0, &mut after, Pass::Encode);
    assert!(
        after.is_shared_map(&before),
        "nothing to change, nothing copied"
    );
}

/// The generated table on the kinds people write most (the tags of
/// k8s.io/api 1.36).
#[test]
fn catalogue_table_follows_the_api_types() {
    let Some(table) = crate::builtin::catalogue().and_then(|c| c.go.as_ref()) else {
        panic!("the catalogue has a goEncoding table");
    };
    let encode = |definition: &str, object: &str| {
        let root = table.struct_of(definition).unwrap();
        let mut v = json(object);
        run(table, root, &mut v, Pass::Encode);
        v
    };
    // core/v1 PodCondition: `lastProbeTime metav1.Time json:",omitempty"`
    // prints null; status and type have no omitempty.
    assert_eq!(
        encode(
            "io.k8s.api.core.v1.PodCondition",
            r#"{"type":"Ready","status":"True"}"#
        ),
        json(r#"{"type":"Ready","status":"True","lastProbeTime":null,"lastTransitionTime":null}"#)
    );
    // apps/v1 StatefulSetStatus: replicas and availableReplicas are
    // always printed.
    assert_eq!(
        encode("io.k8s.api.apps.v1.StatefulSetStatus", "{}"),
        json(r#"{"replicas":0,"availableReplicas":0}"#)
    );
    // Deployment: status is a struct (never empty), the spec's selector a
    // pointer without omitempty, the template's metadata a struct.
    let d = encode(
        "io.k8s.api.apps.v1.Deployment",
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{}}"#,
    );
    assert_eq!(d.get("status"), Some(&json("{}")));
    assert_eq!(d.get_path(&["spec", "selector"]), Some(&Value::Null));
    assert_eq!(
        d.get_path(&["spec", "template"]),
        Some(&json(r#"{"metadata":{},"spec":{"containers":null}}"#))
    );
    // ObjectMeta.creationTimestamp is omitzero: never null.
    assert_eq!(d.get_path(&["metadata", "creationTimestamp"]), None);
}

/// A CRD's nested schemas go through the JSONSchemaProps struct inside
/// its unions (`items`, `additionalProperties`): empty values dropped.
#[test]
fn schema_unions_are_printed_as_schemas() {
    let t = table(
        r#"[["P","type:e:s description:e:s items:e:*A@0 additionalProperties:e:*O@0 properties:e:{@0"]]"#,
    );
    assert_eq!(
        pass(
            &t,
            r#"{"type":"object","additionalProperties":{"type":"string","description":""},"properties":{"a":{"type":"array","items":{"type":"string","description":""}},"b":{"items":[{"description":""}]}}}"#,
            Pass::Encode
        ),
        json(
            r#"{"type":"object","additionalProperties":{"type":"string"},"properties":{"a":{"type":"array","items":{"type":"string"}},"b":{"items":[{}]}}}"#
        )
    );
    // A bool stays a bool.
    assert_eq!(
        pass(&t, r#"{"additionalProperties":true}"#, Pass::Encode),
        json(r#"{"additionalProperties":true}"#)
    );
}

/// `FromUnstructured` on numbers (apimachinery `pkg/runtime/converter.go`,
/// `fromUnstructured`): integers converted to the field's width without a
/// range check, integral floats the same way, a float with a fraction in
/// an integer field refused; an IntOrString's number read by encoding/json
/// into an int32 (its `UnmarshalJSON`), which checks the range; other
/// types untouched.
#[test]
fn from_unstructured_narrows_integers_and_refuses_fractions() {
    let t = table(r#"[["T","a::w p::*w l::[w m::{w i::i f::f n::n s::@1"],["U","x::w"]]"#);
    let convert = |object: &str| {
        let mut v = json(object);
        from_unstructured(&t, 0, &mut v).map(|()| v)
    };
    assert_eq!(
        convert(
            r#"{"a":4294967297,"p":-4294967297,"l":[2147483648,7],"m":{"k":4294967296},"i":4294967297,"f":1.5,"n":2147483647,"s":{"x":10000000000}}"#
        ),
        Ok(json(
            r#"{"a":1,"p":-1,"l":[-2147483648,7],"m":{"k":0},"i":4294967297,"f":1.5,"n":2147483647,"s":{"x":1410065408}}"#
        ))
    );
    // An integral float converts as the integer would; past int64, as
    // Go's conversion does on x86-64: math.MinInt64, whose low 32 bits
    // are 0.
    assert_eq!(
        convert(r#"{"a":4294967297.0,"i":1e20,"p":-1e20,"l":[1e30]}"#),
        Ok(json(r#"{"a":1,"i":-9223372036854775808,"p":0,"l":[0]}"#))
    );
    assert_eq!(
        convert(r#"{"l":[1,1.5]}"#),
        Err("cannot convert float64 to int32".to_string())
    );
    assert_eq!(
        convert(r#"{"i":0.5}"#),
        Err("cannot convert float64 to int64".to_string())
    );
    assert_eq!(
        convert(r#"{"n":4294967297}"#),
        Err("json: cannot unmarshal number 4294967297 into Go value of type int32".to_string())
    );
}

/// sigs.k8s.io/json (`internal/golang/encoding/json/decode.go`,
/// `literalStore`): an integer field takes a number whose text
/// `strconv.ParseInt` reads and its width holds; otherwise the first such
/// number is the error, `UnmarshalTypeError` with `addErrorContext`'s
/// struct (the one holding the field) and json field path (no list index).
#[test]
fn the_json_decoder_refuses_numbers_an_integer_field_cannot_hold() {
    let Some(table) = crate::builtin::catalogue().and_then(|c| c.go.as_ref()) else {
        panic!("the catalogue has a goEncoding table");
    };
    let root = table.struct_of("io.k8s.api.apps.v1.Deployment").unwrap();
    let decode = |spec: &str| decode_numbers(table, root, &json(&format!(r#"{{"spec":{spec}}}"#)));
    let field = |number: &str, path: &str, ty: &str| {
        Err(format!(
            "json: cannot unmarshal number {number} into Go struct field {path} of type {ty}"
        ))
    };
    assert_eq!(decode(r#"{"replicas":2147483647}"#), Ok(()));
    assert_eq!(
        decode(r#"{"replicas":4294967297}"#),
        field("4294967297", "DeploymentSpec.spec.replicas", "int32")
    );
    assert_eq!(
        decode(r#"{"replicas":1.5}"#),
        field("1.5", "DeploymentSpec.spec.replicas", "int32")
    );
    // A float arrives as Go's encoder prints it: 1e10 as 10000000000,
    // 1e20 without an exponent (past int64), 1e21 with one; an integral
    // float is an integer.
    assert_eq!(
        decode(r#"{"replicas":1e10}"#),
        field("10000000000", "DeploymentSpec.spec.replicas", "int32")
    );
    assert_eq!(
        decode(r#"{"replicas":99999999999999999999}"#),
        field(
            "100000000000000000000",
            "DeploymentSpec.spec.replicas",
            "int32"
        )
    );
    assert_eq!(decode(r#"{"replicas":3.0}"#), Ok(()));
    // int64: only past its range, or with a fraction.
    assert_eq!(
        decode(
            r#"{"progressDeadlineSeconds":1,"template":{"spec":{"activeDeadlineSeconds":4294967297}}}"#
        ),
        Ok(())
    );
    assert_eq!(
        decode(r#"{"template":{"spec":{"activeDeadlineSeconds":1e21}}}"#),
        field(
            "1e+21",
            "PodSpec.spec.template.spec.activeDeadlineSeconds",
            "int64"
        )
    );
    // The first in the document wins; lists add no index.
    assert_eq!(
        decode(
            r#"{"template":{"spec":{"containers":[{"name":"a","ports":[{"containerPort":80},{"containerPort":70000.5}]}]}},"replicas":1.5}"#
        ),
        field(
            "70000.5",
            "ContainerPort.spec.template.spec.containers.ports.containerPort",
            "int32"
        )
    );
    // IntOrString's UnmarshalJSON (encoding/json into its int32) ends the
    // decoding at once, before an error saved earlier.
    assert_eq!(
        decode(r#"{"replicas":1.5,"strategy":{"rollingUpdate":{"maxSurge":4294967297}}}"#),
        field(
            "4294967297",
            "RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge",
            "int32"
        )
    );
}

/// A Quantity converted by its `UnmarshalJSON` (structured-merge-diff's
/// `TypeReflectCacheEntry.FromUnstructured` on apply, `literalStore` on
/// the JSON decoder's path): `ParseQuantity`'s error, with no field path,
/// and the JSON decoder stops at it, before an error it saved earlier.
#[test]
fn quantities_the_server_cannot_parse_are_refused() {
    let Some(table) = crate::builtin::catalogue().and_then(|c| c.go.as_ref()) else {
        panic!("the catalogue has a goEncoding table");
    };
    let root = table.struct_of("io.k8s.api.apps.v1.Deployment").unwrap();
    let object = |resources: &str| {
        json(&format!(
            r#"{{"spec":{{"replicas":1.5,"template":{{"spec":{{"containers":[{{"name":"a","resources":{resources}}}]}}}}}}}}"#
        ))
    };
    let wrong = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
    let bad = object(r#"{"limits":{"memory":"512mb"}}"#);
    assert_eq!(decode_numbers(table, root, &bad), Err(wrong.to_string()));
    // On apply the fraction in `replicas`, met first in the struct's order.
    assert_eq!(
        from_unstructured(table, root, &mut bad.clone()),
        Err("cannot convert float64 to int32".to_string())
    );
    let mut bad = json(r#"{"spec":{"template":{"spec":{"overhead":{"cpu":"1Ki2"}}}}}"#);
    assert_eq!(
        from_unstructured(table, root, &mut bad),
        Err("unable to parse quantity's suffix".to_string())
    );
    // Numbers and what parses pass, unchanged (printing them is the
    // encoder's job).
    let good = object(r#"{"limits":{"memory":"512Mi","cpu":0.5},"requests":{"cpu":1}}"#);
    assert_eq!(
        decode_numbers(table, root, &good),
        Err("json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32".to_string())
    );
    let mut converted = json(
        r#"{"spec":{"template":{"spec":{"containers":[{"name":"a","resources":{"limits":{"memory":"512Mi","cpu":0.5}}}]}}}}"#,
    );
    let before = converted.clone();
    assert_eq!(from_unstructured(table, root, &mut converted), Ok(()));
    assert_eq!(converted, before);
}

/// A Time converted by its `UnmarshalJSON`, as a Quantity is: `time.Parse`'s
/// error as it is (no field path), on apply and on the JSON decoder's path,
/// which stops at it; a MicroTime with its own layout.
#[test]
fn times_the_server_cannot_parse_are_refused() {
    let Some(table) = crate::builtin::catalogue().and_then(|c| c.go.as_ref()) else {
        panic!("the catalogue has a goEncoding table");
    };
    let deployment = table.struct_of("io.k8s.api.apps.v1.Deployment").unwrap();
    let bad = json(
        r#"{"status":{"replicas":1.5,"conditions":[{"type":"Available","lastUpdateTime":"2024-01-01T00:00:00Z","lastTransitionTime":"2024-01-01"}]}}"#,
    );
    let words =
        r#"parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T""#;
    assert_eq!(
        decode_numbers(table, deployment, &bad),
        Err(words.to_string())
    );
    let mut converted = json(
        r#"{"status":{"conditions":[{"type":"Available","lastTransitionTime":"2024-01-01"}]}}"#,
    );
    assert_eq!(
        from_unstructured(table, deployment, &mut converted),
        Err(words.to_string())
    );
    let lease = table.struct_of("io.k8s.api.coordination.v1.Lease").unwrap();
    assert_eq!(
        from_unstructured(table, lease, &mut json(r#"{"spec":{"renewTime":"2024-01-01T00:00:00Z"}}"#)),
        Err(r#"parsing time "2024-01-01T00:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000""#.to_string())
    );
}

/// tools/decode-diff: each body decoded by the JSON decoder model (Go's
/// lenient answer, without the handler's "cannot be handled as" words)
/// and converted by the unstructured converter model, against the API
/// server's own decoder and converter on k8s.io/api's types.
/// `DECODE_DIFF=DIR cargo test -p ssa-engine --lib decode_diff -- --ignored`
#[test]
#[ignore = "needs tools/decode-diff's output"]
fn decode_diff_against_go() {
    let Some(table) = crate::builtin::catalogue().and_then(|c| c.go.as_ref()) else {
        panic!("the catalogue has a goEncoding table");
    };
    crate::upstream_diff::each_case("DECODE_DIFF", |case, answer| {
        let definition = case.get("definition")?.as_str()?;
        let root = table.struct_of(definition)?;
        let body = case.get("body")?;
        let lenient = answer
            .get_path(&["lenient", "error"])
            .and_then(Value::as_str)
            .map(|e| e.split_once(": ").map_or(e, |(_, rest)| rest));
        let decoded = decode_numbers(table, root, body).err();
        if decoded.as_deref() != lenient {
            return Some(format!("decode: Go {lenient:?}, engine {decoded:?}"));
        }
        let convert = answer.get("convert")?.as_str()?;
        let converted = from_unstructured(table, root, &mut body.clone()).err();
        let converted_text = converted.as_deref().unwrap_or("");
        // Go's map order made the converter's answer random: any of the
        // answers it gave will do.
        let any = answer
            .get("convertAny")
            .and_then(Value::as_list)
            .is_some_and(|all| all.iter().any(|a| a.as_str() == Some(converted_text)));
        (converted_text != convert && !any)
            .then(|| format!("convert: Go {convert:?}, engine {converted:?}"))
    });
}

/// Go's base64 decoder (`encoding/base64`, `StdEncoding`), which the JSON
/// decoder runs on a `[]byte` field: the offsets of its
/// `CorruptInputError`, as Go 1.26 reports them.
#[test]
fn base64_errors_at_go_offsets() {
    let cases = [
        ("", None),
        ("aGVsbG8=", None),
        ("aGV\nsbG8=", None),
        ("aGVsbG8=\n", None),
        ("aG==", None),
        ("aGVs\r\nbG8=", None),
        ("aGVsbG8", Some(4)),
        ("!!", Some(0)),
        ("a\nb=", Some(4)),
        ("aGVsbG8=x", Some(8)),
        ("aG=", Some(3)),
        ("a===", Some(1)),
        ("aGVsbG8==", Some(8)),
        ("YQ==YQ==", Some(4)),
        ("aGVsbA", Some(4)),
        ("=abc", Some(0)),
    ];
    for (text, offset) in cases {
        assert_eq!(crate::yaml::decode_base64(text).err(), offset, "{text:?}");
    }
    assert_eq!(
        crate::yaml::decode_base64("aGVsbG8=").unwrap(),
        b"hello".to_vec()
    );
}

/// A value of another JSON type than its field's, as the API server's
/// decoder (`UnmarshalTypeError`, the first kept) and its unstructured
/// converter (`fromUnstructured`, the first in the structs' order) refuse
/// it; the answers are Go's (tools/decode-diff).
#[test]
fn values_of_the_wrong_type_are_refused_as_go_refuses_them() {
    let Some(table) = crate::builtin::catalogue().and_then(|c| c.go.as_ref()) else {
        panic!("the catalogue has a goEncoding table");
    };
    let deployment = table.struct_of("io.k8s.api.apps.v1.Deployment").unwrap();
    let secret = table.struct_of("io.k8s.api.core.v1.Secret").unwrap();
    let cases = [
        (
            deployment,
            r#"{"spec":{"replicas":"3"}}"#,
            "json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32",
            "unrecognized type: int32",
        ),
        (
            deployment,
            r#"{"spec":{"template":{"spec":{"containers":[{"name":"c","imagePullPolicy":1}]}}}}"#,
            "json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.imagePullPolicy of type v1.PullPolicy",
            "cannot convert int64 to v1.PullPolicy",
        ),
        (
            deployment,
            r#"{"spec":{"template":{"spec":{"containers":[{"name":"c","ports":{"a":1}}]}}}}"#,
            "json: cannot unmarshal object into Go struct field Container.spec.template.spec.containers.ports of type []v1.ContainerPort",
            "cannot restore slice from map",
        ),
        (
            deployment,
            r#"{"spec":{"template":{"spec":{"containers":[1]}}}}"#,
            "json: cannot unmarshal number into Go struct field PodSpec.spec.template.spec.containers of type v1.Container",
            "cannot restore struct from: int64",
        ),
        (
            deployment,
            r#"{"spec":{"template":{"metadata":{"labels":[1]}}}}"#,
            "json: cannot unmarshal array into Go struct field ObjectMeta.spec.template.metadata.labels of type map[string]string",
            "cannot restore map from slice",
        ),
        (
            deployment,
            r#"{"spec":{"strategy":{"rollingUpdate":{"maxSurge":true}}}}"#,
            "json: cannot unmarshal bool into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32",
            "json: cannot unmarshal bool into Go value of type int32",
        ),
        (
            deployment,
            r#"{"spec":{"template":{"metadata":{"creationTimestamp":5}}}}"#,
            "json: cannot unmarshal number into Go struct field ObjectMeta.spec.template.metadata.creationTimestamp of type string",
            "json: cannot unmarshal number into Go value of type string",
        ),
        (
            deployment,
            r#"{"spec":{"template":{"spec":{"containers":[{"name":"c","securityContext":{"capabilities":{"drop":[3]}}}]}}}}"#,
            "json: cannot unmarshal number into Go struct field Capabilities.spec.template.spec.containers.securityContext.capabilities.drop of type v1.Capability",
            "cannot convert int64 to v1.Capability",
        ),
        (
            secret,
            r#"{"data":{"a":"!!"}}"#,
            "illegal base64 data at input byte 0",
            "error decoding from json: illegal base64 data at input byte 0",
        ),
        (
            secret,
            r#"{"data":{"a":["x"]}}"#,
            "json: cannot unmarshal string into Go struct field Secret.data of type uint8",
            "unrecognized type: uint8",
        ),
    ];
    for (root, body, decoded, converted) in cases {
        let body = json(body);
        assert_eq!(
            decode_numbers(table, root, &body),
            Err(decoded.to_string()),
            "{body:?}"
        );
        assert_eq!(
            from_unstructured(table, root, &mut body.clone()),
            Err(converted.to_string()),
            "{body:?}"
        );
    }
}
