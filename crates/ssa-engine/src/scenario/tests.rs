use super::*;
use crate::field_manager::LAST_APPLIED_ANNOTATION;
use crate::value::Value;
use crate::value::ValuePath;

const CONFLICT: &str = r#"scenario: v1
name: demo
steps:
- manager: a
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "1"}}
- manager: b
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: "2"}}
  expect: {outcome: conflict}
"#;

#[test]
fn runs_a_scenario_to_the_result_document() {
    let result = run_scenario_text(CONFLICT).unwrap();
    assert_eq!(result.scenario, "demo");
    let outcomes: Vec<&str> = result.steps.iter().map(|s| s.outcome.as_str()).collect();
    assert_eq!(outcomes, vec!["applied", "conflict"]);
    assert_eq!(
        result.steps[1].message,
        r#"Apply failed with 1 conflict: conflict with "a": .data.k"#
    );
    assert!(
        result
            .steps
            .iter()
            .all(|s| s.expectation_failures.is_empty())
    );
    let doc = result.to_value();
    assert_eq!(
        doc.get_path(&["steps"])
            .and_then(Value::as_list)
            .map(Vec::len),
        Some(2)
    );
    // The ConfigMap is typed with its built-in schema: `data` is granular.
    let fields = doc.get("steps").and_then(|s| s.as_list()).and_then(|s| {
        s[0].get_path(&["object", "metadata", "managedFields"])
            .cloned()
    });
    assert_eq!(
        fields.unwrap().to_json(),
        r#"[{"manager":"a","operation":"Apply","apiVersion":"v1","time":"2024-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:k":{}}}}]"#
    );
}

#[test]
fn unusable_documents_are_located() {
    let cases = [
        (
            "scenario: v2\nname: x\nsteps: []\n",
            1,
            "unsupported scenario version",
        ),
        (
            "scenario: v1\nname: x\nstep: []\n",
            3,
            "unknown key \"step\"",
        ),
        ("scenario: v1\nname: x\nsteps: [\n", 4, ""),
        (
            "scenario: v1\nschema: {smd: {root: r, types: [{name: r, map: {fields: [{name: a, type: {namedType: nope}}]}}]}}\nsteps: []\n",
            2,
            "no type named \"nope\"",
        ),
    ];
    for (text, line, message) in cases {
        let err = run_scenario_text(text).unwrap_err();
        assert_eq!(err.location.map(|l| l.line), Some(line), "{text}: {err}");
        assert!(err.message.contains(message), "{text}: {err}");
    }
}

#[test]
fn a_malformed_step_is_an_error_and_the_rest_runs() {
    let text = CONFLICT.replace("  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d}, data: {k: \"2\"}}", "  op: aply\n  object: {}");
    let result = run_scenario_text(&text).unwrap();
    assert_eq!(result.steps[0].outcome, Outcome::Applied);
    assert_eq!(result.steps[1].outcome, Outcome::Error);
    assert!(
        result.steps[1].message.contains("line 8"),
        "{}",
        result.steps[1].message
    );
    assert!(
        result.steps[1].message.contains("unknown op \"aply\""),
        "{}",
        result.steps[1].message
    );
}

#[test]
fn simulated_clock() {
    assert_eq!(step_time(0), "2024-01-01T00:00:00Z");
    assert_eq!(step_time(61), "2024-01-01T00:01:01Z");
}

#[test]
fn comparison_reports_the_first_difference() {
    let a = Value::from_json_str(r#"{"steps":[{"outcome":"applied","message":"","conflicts":[],"object":{"metadata":{"uid":"1","name":"x"},"data":{"k":"1"}}}]}"#).unwrap();
    let mut b = a.clone();
    assert_eq!(compare_results(&a, &b), None);
    // uid is ignored.
    if let Some(meta) = b
        .as_map_mut()
        .and_then(|m| m.get_mut("steps"))
        .and_then(|s| s.as_list_mut())
        .and_then(|s| s[0].as_map_mut())
        .and_then(|s| s.get_mut("object"))
        .and_then(|o| o.as_map_mut())
        .and_then(|o| o.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        meta.insert("uid", Value::from("2"));
    }
    assert_eq!(compare_results(&a, &b), None);
    let c = Value::from_json_str(&a.to_json().replace(r#""k":"1""#, r#""k":"2""#)).unwrap();
    assert_eq!(
        compare_results(&a, &c).unwrap(),
        r#"steps[0].object.data.k: expected "1", got "2""#
    );
}

/// The format compares a step's conflicts as a set: the server lists the
/// conflicts of several managers in Go's map order.
#[test]
fn comparison_takes_conflicts_as_a_set() {
    let doc = |conflicts: &str| {
        Value::from_json_str(&format!(
            r#"{{"steps":[{{"outcome":"conflict","message":"m","conflicts":{conflicts}}}]}}"#
        ))
        .unwrap()
    };
    let a = r#"{"manager":"a","field":".x"}"#;
    let b = r#"{"manager":"b","field":".y"}"#;
    assert_eq!(
        compare_results(&doc(&format!("[{a},{b}]")), &doc(&format!("[{b},{a}]"))),
        None
    );
    assert!(compare_results(&doc(&format!("[{a},{b}]")), &doc(&format!("[{a}]"))).is_some());
}

#[test]
fn blame_marks_owners_and_unowned_defaults() {
    let text = r#"scenario: v1
name: blame
steps:
- manager: kubectl
  op: apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web}
    spec:
      selector: {matchLabels: {app: web}}
      template:
        metadata: {labels: {app: web}}
        spec:
          containers:
          - {name: nginx, image: "nginx:1.27"}
"#;
    let result = run_scenario_text(text).unwrap();
    let lines = &result.steps[0].blame;
    let line = |needle: &str| {
        lines
            .iter()
            .find(|l| l.text.trim_start().starts_with(needle))
            .unwrap()
    };
    let image = line("image: nginx:1.27");
    assert_eq!(
        image.field.as_deref(),
        Some(r#".spec.template.spec.containers[name="nginx"].image"#)
    );
    assert_eq!(
        image
            .owners
            .iter()
            .map(|o| o.manager.as_str())
            .collect::<Vec<_>>(),
        vec!["kubectl"]
    );
    assert_eq!(image.owners[0].how, "Apply");
    // Defaulted by the server: owned by nobody.
    let replicas = line("replicas: 1");
    assert!(replicas.ownable && replicas.owners.is_empty());
    // The selector is atomic: its line is owned, its inner lines are not ownable.
    assert_eq!(line("selector:").owners.len(), 1);
    assert!(!line("app: web").ownable || !line("app: web").owners.is_empty());
    assert!(lines.iter().all(|l| !l.text.contains("managedFields")));
}

#[test]
fn the_three_ways_out_of_a_conflict() {
    let outcomes = |text: &str| -> Vec<&'static str> {
        run_scenario_text(text)
            .unwrap()
            .steps
            .iter()
            .map(|s| s.outcome.as_str())
            .collect()
    };
    assert_eq!(outcomes(CONFLICT), vec!["applied", "conflict"]);
    let forced = resolve_conflict(CONFLICT, 1, Resolution::Force).unwrap();
    assert!(forced.contains("force: true"), "{forced}");
    let result = run_scenario_text(&forced).unwrap();
    assert_eq!(result.steps[1].outcome, Outcome::Applied);
    assert_eq!(
        result.steps[1]
            .object
            .as_ref()
            .unwrap()
            .get_path(&["data", "k"]),
        Some(&Value::from("2"))
    );

    let given_up = resolve_conflict(CONFLICT, 1, Resolution::GiveUp).unwrap();
    let result = run_scenario_text(&given_up).unwrap();
    assert_eq!(result.steps[1].outcome, Outcome::Applied, "{given_up}");
    assert_eq!(
        result.steps[1]
            .object
            .as_ref()
            .unwrap()
            .get_path(&["data", "k"]),
        Some(&Value::from("1"))
    );

    let shared = resolve_conflict(CONFLICT, 1, Resolution::Share).unwrap();
    let result = run_scenario_text(&shared).unwrap();
    assert_eq!(result.steps[1].outcome, Outcome::Applied, "{shared}");
    let managed = crate::managed_fields::decode(result.steps[1].object.as_ref().unwrap()).unwrap();
    assert_eq!(managed.fields.len(), 2, "both managers own .data.k");

    assert!(
        resolve_conflict(CONFLICT, 0, Resolution::Force).is_err(),
        "step 0 has no conflict"
    );
}

/// Sharing a conflict on values the server changed: the value the object
/// holds (an atomic `fieldRef` with its defaulted `apiVersion`), and for
/// a zero value the server left out (`readOnly: false`), no value. The
/// second apply then shares what it can without a conflict.
#[test]
fn sharing_takes_the_stored_value_or_leaves_the_field_out() {
    let apply = |manager: &str| {
        format!(
            "- {{manager: {manager}, client: api, op: apply, object: {{apiVersion: apps/v1, kind: Deployment, metadata: {{name: web, namespace: default}}, \
            spec: {{selector: {{matchLabels: {{app: web}}}}, template: {{metadata: {{labels: {{app: web}}}}, spec: {{containers: [{{name: web, image: nginx, \
            env: [{{name: POD, valueFrom: {{fieldRef: {{fieldPath: metadata.name}}}}}}], volumeMounts: [{{name: d, mountPath: /d, readOnly: false}}]}}], \
            volumes: [{{name: d, emptyDir: {{}}}}]}}}}}}}}}}\n"
        )
    };
    let text = format!(
        "scenario: v1\nname: share\nsteps:\n{}{}",
        apply("first"),
        apply("second")
    );
    assert_eq!(
        run_scenario_text(&text).unwrap().steps[1].outcome,
        Outcome::Conflict
    );
    let shared = resolve_conflict(&text, 1, Resolution::Share).unwrap();
    let result = run_scenario_text(&shared).unwrap();
    assert_eq!(result.steps[1].outcome, Outcome::Applied, "{shared}");
    assert!(shared.contains("apiVersion: v1"), "{shared}");
    assert_eq!(shared.matches("readOnly").count(), 1, "{shared}");
}

#[test]
fn changes_explain_prunes_kept_fields_and_moves() {
    let text = r#"scenario: v1
name: changes
steps:
- manager: app
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: r}, data: {api: a, web: w, docs: d}}
- manager: platform
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: r}, data: {web: w}}
- manager: app
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: r}, data: {api: a}}
- manager: ops
  op: update
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: r}, data: {api: b, web: w}}
"#;
    let result = run_scenario_text(text).unwrap();
    let pruned = &result.steps[2].changes;
    assert_eq!(
        pruned.removed,
        vec![(
            ".data.docs".to_string(),
            "app stopped applying it and nobody else owns it".to_string()
        )]
    );
    assert_eq!(
        pruned.kept,
        vec![(".data.web".to_string(), vec!["\"platform\"".to_string()])]
    );
    let update = &result.steps[3].changes;
    assert_eq!(update.modified, vec![".data.api"]);
    assert_eq!(
        update.moved,
        vec![(
            ".data.api".to_string(),
            vec!["\"app\"".to_string()],
            vec!["\"ops\" using v1".to_string()]
        )]
    );
    // Sharing is a move too: an owner joins.
    assert_eq!(
        result.steps[1].changes.moved,
        vec![(
            ".data.web".to_string(),
            vec!["\"app\"".to_string()],
            vec!["\"app\"".to_string(), "\"platform\"".to_string()]
        )]
    );
}

#[test]
fn views_built_on_demand_equal_the_views_of_a_full_run() {
    // A live object, a prune, a forced takeover and a delete: every kind
    // of step the views describe, measured against the step before.
    let text = r#"scenario: v1
name: views
live:
  apiVersion: v1
  kind: ConfigMap
  metadata: {name: d, namespace: default}
  data: {old: "0"}
steps:
- manager: a
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d, namespace: default}, data: {k: "1", gone: "x"}}
- manager: a
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d, namespace: default}, data: {k: "1"}}
- manager: b
  op: apply
  force: true
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: d, namespace: default}, data: {k: "2"}}
- op: delete
"#;
    let full = run_scenario_text(text).unwrap();
    assert!(full.steps.iter().all(|s| s.has_views));
    assert!(
        !full.steps[1].changes.removed.is_empty(),
        "the prune is described"
    );
    let scenario = parse_scenario(text).unwrap();
    let mut lazy = run_scenario_with(&scenario, false).unwrap();
    assert!(
        lazy.steps
            .iter()
            .all(|s| !s.has_views && s.blame.is_empty())
    );
    // In any order: each step's views depend only on the run, not on
    // which other steps have theirs.
    for index in [2, 0, 3, 1] {
        step_views(&scenario, &mut lazy, index).unwrap();
    }
    assert_eq!(lazy, full);
    // A step that is not there is no error.
    step_views(&scenario, &mut lazy, 99).unwrap();
}

/// A key of the scenario format given twice is refused at its second
/// place; a key repeated inside a manifest keeps the last value, as
/// kubectl's go-yaml v2 reader does (kubernetes/kubernetes#125885).
#[test]
fn repeated_scenario_keys_are_refused() {
    let text = "scenario: v1\nname: t\nsteps:\n- manager: a\n  op: apply\n  manager: b\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}\n";
    let err = parse_scenario(text).unwrap_err();
    assert_eq!(
        err.message,
        "key \"manager\" repeated (first given at line 4): each key of the scenario may appear once"
    );
    assert_eq!(err.location.map(|l| (l.line, l.column)), Some((6, 3)));

    let text = "scenario: v1\nname: t\nsteps:\n- manager: a\n  op: apply\n  object:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: c}\n    data: {k: '1'}\n    data: {k: '2'}\n";
    let scenario = parse_scenario(text).unwrap();
    let step = scenario.steps[0].as_ref().unwrap();
    let object = step.object.as_ref().unwrap();
    assert_eq!(object.get_path(&["data", "k"]), Some(&Value::from("2")));
}

/// batch/job `strategy.go` `PrepareForCreate`: the selector and template
/// labels a new Job gets carry its uid and are owned by nobody; the next
/// apply of the same manifest keeps them.
#[test]
fn a_created_job_gets_its_generated_selector() {
    let text = "scenario: v1\nname: job\nschema: {builtin: batch/v1/Job}\nsteps:\n- manager: ci\n  op: apply\n  client: api\n  object:\n    apiVersion: batch/v1\n    kind: Job\n    metadata: {name: pi, namespace: default}\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: pi, image: perl}]\n- manager: ci\n  op: apply\n  client: api\n  object:\n    apiVersion: batch/v1\n    kind: Job\n    metadata: {name: pi, namespace: default}\n    spec:\n      template:\n        spec:\n          restartPolicy: Never\n          containers: [{name: pi, image: perl}]\n";
    let result = run_scenario_text(text).unwrap();
    let created = result.steps[0].object.as_ref().unwrap();
    let uid = created
        .get_path(&["metadata", "uid"])
        .and_then(Value::as_str)
        .unwrap();
    assert_eq!(
        created.get_path(&[
            "spec",
            "selector",
            "matchLabels",
            "batch.kubernetes.io/controller-uid"
        ]),
        Some(&Value::from(uid))
    );
    let labels = created
        .get_path(&["spec", "template", "metadata", "labels"])
        .unwrap();
    assert_eq!(labels.get("job-name"), Some(&Value::from("pi")));
    assert_eq!(labels.get("controller-uid"), Some(&Value::from(uid)));
    let owned = created
        .get_path(&["metadata", "managedFields"])
        .unwrap()
        .to_json_sorted();
    assert!(!owned.contains("controller-uid"), "{owned}");
    let again = result.steps[1].object.as_ref().unwrap();
    assert_eq!(
        again.get_path(&["spec", "selector"]),
        created.get_path(&["spec", "selector"])
    );
}

/// apiserver `handlers/update.go` and `transformDecodeError`: kubectl's
/// `fieldValidation=Strict` refuses a body with a field the Go struct does
/// not have (listed in the order the decoder meets them: kubectl's keys
/// are sorted); a bare request (`Warn`) stores the write without it.
#[test]
fn updates_with_unknown_fields_by_client() {
    let text = |client: &str| {
        format!(
            "scenario: v1\nname: strict\nschema: {{builtin: v1/ConfigMap}}\nsteps:\n- manager: m\n  op: update\n  client: {client}\n  object:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {{name: c, namespace: d, colour: red}}\n    data: {{a: b}}\n    extra: 1\n"
        )
    };
    let strict = run_scenario_text(&text("kubectl")).unwrap();
    assert_eq!(strict.steps[0].outcome, Outcome::Invalid);
    assert_eq!(
        strict.steps[0].message,
        "ConfigMap in version \"v1\" cannot be handled as a ConfigMap: strict decoding error: unknown field \"extra\", unknown field \"metadata.colour\""
    );
    let api = run_scenario_text(&text("api")).unwrap();
    assert_eq!(api.steps[0].outcome, Outcome::Applied);
    let object = api.steps[0].object.as_ref().unwrap();
    assert_eq!(object.get("extra"), None);
    assert_eq!(object.get_path(&["metadata", "colour"]), None);
    assert_eq!(object.get_path(&["data", "a"]), Some(&Value::from("b")));
}

/// A first `kubectl apply` (client-side) is a POST with kubectl's
/// `fieldValidation=Strict`: an unknown field refuses it.
#[test]
fn a_client_side_create_is_decoded_strictly() {
    let text = "scenario: v1\nname: csa\nschema: {builtin: v1/ConfigMap}\nsteps:\n- manager: kubectl-client-side-apply\n  op: client-side-apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: d}, dta: {a: b}}\n";
    let result = run_scenario_text(text).unwrap();
    assert_eq!(result.steps[0].outcome, Outcome::Invalid);
    assert_eq!(
        result.steps[0].message,
        "ConfigMap in version \"v1\" cannot be handled as a ConfigMap: strict decoding error: unknown field \"dta\""
    );
}

/// What a reader of a scenario gets from its places: the error that stops
/// it, each bad step's message, the schema's error, and whether each
/// step's `manager` is written (the page asks).
fn located(text: &str, places: crate::yaml::Places) -> String {
    match format::read_scenario(text, places) {
        Err(e) => format!("error {e}"),
        Ok(scenario) => {
            let steps: Vec<String> = scenario
                .steps
                .iter()
                .enumerate()
                .map(|(i, step)| {
                    let manager = ValuePath::root().key("steps").index(i).key("manager");
                    let written = scenario.source_map.key_location(&manager);
                    match step {
                        Ok(_) => format!("ok, manager at {written:?}"),
                        Err(bad) => format!("{}, manager at {written:?}", bad.message),
                    }
                })
                .collect();
            // Without a `schema` the built-in catalogue or the deduced
            // type is taken, which has no place to report.
            let schema = scenario
                .schema
                .as_ref()
                .and_then(|_| schema_for(&scenario).err())
                .map(|e| e.to_string());
            format!("{steps:?} schema {schema:?}")
        }
    }
}

/// The scenario reader records no place inside the manifests: every
/// located message must still be the one a reading of every node gives.
/// Checked on the corpus and on variants of each corpus file with one
/// line broken (its value a map, a list or null, or the line repeated),
/// which reach the reader's errors at every depth.
#[test]
fn scenario_places_locate_every_message_as_all_places_do() {
    use crate::yaml::Places;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus");
    let mut texts: Vec<String> = vec![
        "scenario: v1\nname: a\nname: b\nsteps: []\n".into(),
        "scenario: v1\nsteps:\n- op: apply\n  op: update\n  object: {a: 1, a: 2}\n".into(),
        "scenario: v1\nsteps:\n- &s {op: apply, object: {kind: X}}\n- <<: *s\n  manager: b\n  op: nope\n".into(),
        "scenario: v1\nsteps:\n- op: patch\n  manager: m\n  expect: {conflicts: [{manager: a}], outcome: x}\n".into(),
        "scenario: v1\nschema: {crd: {spec: {versions: [{name: v1, schema: {openAPIV3Schema: {type: nope}}}]}}}\nsteps: []\n".into(),
        "scenario: v1\nschema: {openapi: {components: {schemas: {x: {type: [1]}}}}}\nsteps: []\n".into(),
        "scenario: v1\nschema:\n  builtin: v1/Nope\nsteps: []\n".into(),
        "scenario: v1\nlive: [1]\nsteps: []\n".into(),
        "- a\n- b\n".into(),
    ];
    let mut corpus: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    corpus.sort();
    assert!(corpus.len() > 50, "the corpus is in {}", dir.display());
    for path in corpus {
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // The large files add time, not kinds of place.
        let broken = if text.len() < 6000 { 60 } else { 0 };
        for (i, line) in lines.iter().enumerate().take(broken) {
            let Some((key, _)) = line.split_once(": ") else {
                continue;
            };
            let with = |replaced: &str| {
                let mut out = lines.clone();
                out[i] = replaced;
                out.join("\n")
            };
            // One kind of break per line, in turn: enough of each.
            texts.push(match i % 4 {
                0 => with(&format!("{key}: {{}}")),
                1 => with(&format!("{key}: [x]")),
                2 => with(&format!("{key}:")),
                _ => with(&format!("{line}\n{line}")),
            });
        }
        texts.push(text);
    }
    let mut placed = 0;
    for text in &texts {
        let found = located(text, Places::Scenario);
        assert_eq!(found, located(text, Places::All), "{text}");
        placed += usize::from(found.contains("line "));
    }
    // Many variants are errors with a place (a check of the test itself).
    assert!(placed * 4 > texts.len(), "{placed} of {}", texts.len());
}

/// Numbers an int32 field cannot hold, through the handlers that decode a
/// body as JSON (`handlers/update.go` and `create.go`: 400 worded by
/// `transformDecodeError`; `handlers/patch.go` `jsonPatcher`: 422 on field
/// `patch` quoting the patched document) and through a strategic merge
/// patch's unstructured conversion (`applyPatchToObject`: the low 32 bits
/// kept, a fraction refused with the converter's words and `%+v` of the
/// patch).
#[test]
fn numbers_out_of_an_int32_field_through_update_and_patch() {
    let text = r#"scenario: v1
name: numbers
live:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, namespace: default}
  spec: {replicas: 1, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: a, image: nginx}]}}}
steps:
- manager: m
  op: update
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec: {replicas: 4294967297, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: a, image: nginx}]}}}
- manager: m
  op: patch
  patchType: json
  patch: [{op: replace, path: /spec/replicas, value: 1e10}]
- manager: m
  op: patch
  patchType: strategic
  patch: {spec: {replicas: 1.5}}
- manager: m
  op: patch
  patchType: strategic
  patch: {spec: {replicas: 4294967298}}
"#;
    let result = run_scenario_text(text).unwrap();
    let messages: Vec<&str> = result.steps.iter().map(|s| s.message.as_str()).collect();
    assert_eq!(
        messages[0],
        r#"Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number 4294967297 into Go struct field DeploymentSpec.spec.replicas of type int32"#
    );
    assert!(
        messages[1].starts_with(r#" "" is invalid: patch: Invalid value: "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{"#),
        "{}",
        messages[1]
    );
    assert!(
        // The stored object as the server reads it: with its defaults.
        messages[1].ends_with(r#"\"spec\":{\"progressDeadlineSeconds\":600,\"replicas\":10000000000,\"revisionHistoryLimit\":10,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"strategy\":{\"rollingUpdate\":{\"maxSurge\":\"25%\",\"maxUnavailable\":\"25%\"},\"type\":\"RollingUpdate\"},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"image\":\"nginx\",\"imagePullPolicy\":\"Always\",\"name\":\"a\",\"resources\":{},\"terminationMessagePath\":\"/dev/termination-log\",\"terminationMessagePolicy\":\"File\"}],\"dnsPolicy\":\"ClusterFirst\",\"restartPolicy\":\"Always\",\"schedulerName\":\"default-scheduler\",\"securityContext\":{},\"terminationGracePeriodSeconds\":30}}},\"status\":{}}": json: cannot unmarshal number 10000000000 into Go struct field DeploymentSpec.spec.replicas of type int32"#),
        "{}",
        messages[1]
    );
    assert_eq!(
        messages[2],
        r#" "" is invalid: patch: Invalid value: "map[spec:map[replicas:1.5]]": cannot convert float64 to int32"#
    );
    assert_eq!(messages[3], "");
    let replicas = result.steps[3]
        .object
        .as_ref()
        .and_then(|o| o.get_path(&["spec", "replicas"]));
    assert_eq!(replicas, Some(&Value::Int(2)));
    let outcomes: Vec<&str> = result.steps.iter().map(|s| s.outcome.as_str()).collect();
    assert_eq!(outcomes, ["invalid", "invalid", "invalid", "applied"]);
}

/// kubectl sends JSON marshalled from an unstructured map, keys sorted
/// (encoding/json sorts `map[string]interface{}`), so the first number
/// the update handler's decoder refuses is the first in sorted order
/// (`minReadySeconds` before `replicas`); a bare API client's body is
/// decoded in the order written.
#[test]
fn kubectls_body_is_decoded_in_sorted_key_order() {
    let text = |client: &str| {
        format!(
            r#"scenario: v1
name: sorted
schema: {{builtin: apps/v1/Deployment}}
live:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {{name: web, namespace: default}}
  spec: {{replicas: 1, selector: {{matchLabels: {{app: web}}}}, template: {{metadata: {{labels: {{app: web}}}}, spec: {{containers: [{{name: a, image: nginx}}]}}}}}}
steps:
- manager: m
  op: update
  client: {client}
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {{name: web, namespace: default}}
    spec: {{replicas: 4294967297, minReadySeconds: 4294967298, selector: {{matchLabels: {{app: web}}}}, template: {{metadata: {{labels: {{app: web}}}}, spec: {{containers: [{{name: a, image: nginx}}]}}}}}}
"#
        )
    };
    let first_refused = |client: &str| {
        let result = run_scenario_text(&text(client)).unwrap();
        let message = result.steps[0].message.clone();
        message
            .split("cannot unmarshal number ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .map(str::to_string)
    };
    assert_eq!(first_refused("kubectl").as_deref(), Some("4294967298"));
    assert_eq!(first_refused("api").as_deref(), Some("4294967297"));
}

/// `rest.BeforeUpdate` keeps the stored generation and no status strategy
/// moves it: a Deployment's `/status` write that changes an annotation
/// leaves the generation, the same change through the main resource
/// (`deploymentStrategy.PrepareForUpdate`) bumps it.
#[test]
fn status_writes_keep_the_generation() {
    let text = r#"
scenario: v1
name: generation
schema: {builtin: apps/v1/Deployment}
steps:
- manager: a
  op: apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: d, namespace: default}
    spec:
      selector: {matchLabels: {app: x}}
      template:
        metadata: {labels: {app: x}}
        spec: {containers: [{name: c, image: i}]}
- manager: controller
  op: update
  subresource: status
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: d, namespace: default, annotations: {seen: "1"}}
    spec:
      selector: {matchLabels: {app: x}}
      template:
        metadata: {labels: {app: x}}
        spec: {containers: [{name: c, image: i}]}
    status: {observedGeneration: 1}
- manager: a
  op: apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: d, namespace: default, annotations: {note: x}}
    spec:
      selector: {matchLabels: {app: x}}
      template:
        metadata: {labels: {app: x}}
        spec: {containers: [{name: c, image: i}]}
"#;
    let result = run_scenario_text(text).unwrap();
    let generations: Vec<_> = result
        .steps
        .iter()
        .map(|s| {
            s.object
                .as_ref()
                .and_then(|o| o.get_path(&["metadata", "generation"]))
                .cloned()
        })
        .collect();
    assert_eq!(
        generations,
        vec![
            Some(Value::Int(1)),
            Some(Value::Int(1)),
            Some(Value::Int(2))
        ]
    );
    assert_eq!(
        result.steps[1].object.as_ref().and_then(|o| o.get_path(&[
            "metadata",
            "annotations",
            "seen"
        ])),
        Some(&Value::from("1")),
        "the status write stored its annotation"
    );
}

/// A `/status` write is validated by the status strategy: the stored spec
/// (here a `live` object without the server's defaults) is not checked
/// again, the status counts are (apps/validation
/// `ValidateDeploymentStatusUpdate`).
#[test]
fn status_writes_validate_the_status_not_the_spec() {
    let text = |status: &str| {
        format!(
            r#"scenario: v1
name: status
live:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {{name: web, namespace: default}}
  spec:
    selector: {{matchLabels: {{app: web}}}}
    template:
      metadata: {{labels: {{app: web}}}}
      spec: {{containers: [{{name: app, image: nginx}}]}}
steps:
- manager: kube-controller-manager
  op: update
  subresource: status
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {{name: web, namespace: default}}
    status: {status}
"#
        )
    };
    let ok = run_scenario_text(&text("{replicas: 1, readyReplicas: 1}")).unwrap();
    assert_eq!(
        ok.steps[0].outcome.as_str(),
        "applied",
        "{}",
        ok.steps[0].message
    );
    let refused = run_scenario_text(&text("{readyReplicas: 1}")).unwrap();
    assert_eq!(refused.steps[0].outcome.as_str(), "invalid");
    assert_eq!(
        refused.steps[0].message,
        "Deployment.apps \"web\" is invalid: status.readyReplicas: Invalid value: 1: cannot be greater than status.replicas"
    );
}

/// The stored object is read back with its kind's defaults before an
/// update is validated against it: a `live` Pod given without them takes
/// a label patch (core/validation `ValidatePodUpdate` compares the
/// defaulted specs), and a changed command is still refused.
#[test]
fn updates_are_validated_against_the_defaulted_stored_object() {
    let text = |patch: &str| {
        format!(
            r#"scenario: v1
name: pod
live:
  apiVersion: v1
  kind: Pod
  metadata: {{name: p, namespace: default}}
  spec: {{containers: [{{name: app, image: nginx}}]}}
steps:
- manager: kubectl
  op: patch
  patchType: strategic
  patch: {patch}
"#
        )
    };
    let labelled = run_scenario_text(&text("{metadata: {labels: {a: b}}}")).unwrap();
    assert_eq!(
        labelled.steps[0].outcome.as_str(),
        "applied",
        "{}",
        labelled.steps[0].message
    );
    let changed =
        run_scenario_text(&text("{spec: {containers: [{name: app, command: [sh]}]}}")).unwrap();
    assert_eq!(changed.steps[0].outcome.as_str(), "invalid");
    assert!(
        changed.steps[0].message.starts_with(
            "Pod \"p\" is invalid: spec: Forbidden: pod updates may not change fields"
        ),
        "{}",
        changed.steps[0].message
    );
}

/// A stored object is read back through its kind's defaulters (the
/// storage codec defaults on decode), so a hand-written `live` Deployment
/// has its defaults when it is first applied: `before-first-apply` is
/// given them with the rest (skipnonapplied.go's Update from an empty
/// object to the live one), and an apply that changes one conflicts.
#[test]
fn a_live_object_is_read_back_with_its_defaults() {
    let text = r#"scenario: v1
name: legacy
live:
  apiVersion: apps/v1
  kind: Deployment
  metadata: {name: web, namespace: default}
  spec: {replicas: 1, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: a, image: nginx}]}}}
steps:
- manager: kubectl
  op: apply
  object:
    apiVersion: apps/v1
    kind: Deployment
    metadata: {name: web, namespace: default}
    spec: {revisionHistoryLimit: 3, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: a, image: nginx}]}}}
"#;
    let result = run_scenario_text(text).unwrap();
    assert_eq!(result.steps[0].outcome.as_str(), "conflict");
    assert_eq!(
        result.steps[0].message,
        r#"Apply failed with 1 conflict: conflict with "before-first-apply" using apps/v1: .spec.revisionHistoryLimit"#
    );
}

/// The store decodes what it wrote through the kind's defaulters: a new
/// Job's labels are its template's, once the create strategy added the
/// selector's labels to the template (`SetDefaults_Job` after
/// `generateSelector`), and nobody owns them. A hand-written `live` Job
/// is read as a stored one, created through that strategy: it has its
/// generated selector, and an apply to it is not refused for lacking one.
#[test]
fn a_stored_job_is_read_back_with_its_generated_labels() {
    let job = |labels: &str| {
        format!(
            "apiVersion: batch/v1\n  kind: Job\n  metadata: {{name: pi, namespace: default{labels}}}\n  spec: {{template: {{spec: {{restartPolicy: Never, containers: [{{name: pi, image: perl}}]}}}}}}"
        )
    };
    let created = run_scenario_text(&format!(
        "scenario: v1\nname: job\nsteps:\n- manager: kubectl\n  op: apply\n  object:\n    {}\n",
        job("").replace("\n  ", "\n    ")
    ))
    .unwrap();
    let object = created.steps[0].object.as_ref().unwrap();
    let uid = object.get_path(&["metadata", "uid"]).unwrap().clone();
    let labels = object.get_path(&["metadata", "labels"]).unwrap();
    assert_eq!(labels.get("batch.kubernetes.io/controller-uid"), Some(&uid));
    assert_eq!(labels.get("job-name").and_then(Value::as_str), Some("pi"));
    let owned = object.get_path(&["metadata", "managedFields"]).unwrap();
    assert!(!format!("{owned:?}").contains("f:labels"));

    let legacy = run_scenario_text(&format!(
        "scenario: v1\nname: legacy\nlive:\n  {}\nsteps:\n- manager: kubectl\n  op: apply\n  object:\n    {}\n",
        job(""),
        job(", labels: {team: a}").replace("\n  ", "\n    ")
    ))
    .unwrap();
    assert_eq!(
        legacy.steps[0].outcome.as_str(),
        "applied",
        "{}",
        legacy.steps[0].message
    );
}

/// A 404 names the group-qualified resource (`NewNotFound` with the
/// store's `qualifiedResource`), and a subresource never creates: the
/// status and scale endpoints pass the store no forceAllowCreate.
#[test]
fn a_missing_object_is_named_by_its_qualified_resource() {
    let messages = |kind: &str, api_version: &str, step: &str| {
        let text = format!(
            "scenario: v1\nname: missing\nschema: {{builtin: {api_version}/{kind}}}\nsteps:\n{step}"
        );
        let result = run_scenario_text(&text).unwrap();
        result.steps[0].message.clone()
    };
    assert_eq!(
        messages(
            "Deployment",
            "apps/v1",
            "- {manager: m, op: apply, client: api, subresource: status, object: {apiVersion: apps/v1, kind: Deployment, metadata: {name: w, namespace: default}, status: {replicas: 3}}}\n"
        ),
        r#"deployments.apps "w" not found"#
    );
    assert_eq!(
        messages(
            "Deployment",
            "apps/v1",
            "- {manager: m, op: update, subresource: scale, object: {apiVersion: autoscaling/v1, kind: Scale, metadata: {name: w, namespace: default}, spec: {replicas: 3}}}\n"
        ),
        r#"deployments.apps "w" not found"#
    );
    assert_eq!(
        messages(
            "NetworkPolicy",
            "networking.k8s.io/v1",
            "- {manager: m, op: patch, patchType: merge, patch: {spec: {}}, object: {apiVersion: networking.k8s.io/v1, kind: NetworkPolicy, metadata: {name: np, namespace: default}}}\n"
        ),
        r#"networkpolicies.networking.k8s.io "np" not found"#
    );
    assert_eq!(
        messages(
            "Endpoints",
            "v1",
            "- {manager: m, op: delete, object: {apiVersion: v1, kind: Endpoints, metadata: {name: e, namespace: default}}}\n"
        ),
        r#"endpoints "e" not found"#
    );
}

/// apiextensions `customresourcedefinition/strategy.go`, PrepareForUpdate:
/// the stored status is kept, and the version now marked `storage: true`
/// joins `status.storedVersions`.
#[test]
fn a_new_storage_version_joins_the_stored_versions() {
    let crd = |versions: &str| {
        format!(
            "- manager: m\n  op: apply\n  client: api\n  object:\n    apiVersion: apiextensions.k8s.io/v1\n    kind: CustomResourceDefinition\n    metadata: {{name: foos.ex.com}}\n    spec: {{group: ex.com, names: {{plural: foos, kind: Foo}}, scope: Namespaced, versions: [{versions}]}}\n"
        )
    };
    let v = |name: &str, storage: bool| {
        format!(
            "{{name: {name}, served: true, storage: {storage}, schema: {{openAPIV3Schema: {{type: object}}}}}}"
        )
    };
    let text = format!(
        "scenario: v1\nname: crd\nsteps:\n{}{}",
        crd(&v("v1", true)),
        crd(&format!("{}, {}", v("v1", false), v("v2", true)))
    );
    let result = run_scenario_text(&text).unwrap();
    let stored = |i: usize| {
        result.steps[i]
            .object
            .as_ref()
            .and_then(|o| o.get_path(&["status", "storedVersions"]))
            .cloned()
    };
    assert_eq!(stored(0), Some(crate::yaml::parse("[v1]").unwrap().value));
    assert_eq!(
        stored(1),
        Some(crate::yaml::parse("[v1, v2]").unwrap().value)
    );
}

/// kubectl's client-side apply: a create sends the manifest without its
/// nulls (apply.go's `pruneNullsFromMap`), which the annotation keeps; a
/// last-applied annotation that is not JSON fails the patch's creation.
#[test]
fn client_side_apply_prunes_nulls_on_create_and_needs_a_json_annotation() {
    let created = run_scenario_text(
        "scenario: v1\nname: csa\nsteps:\n- manager: kubectl-client-side-apply\n  op: client-side-apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default, labels: {keep: '1', gone: null}}, data: {x: null, b: '1'}}\n",
    )
    .unwrap();
    let object = created.steps[0].object.as_ref().unwrap();
    assert_eq!(object.get_path(&["data", "x"]), None);
    assert_eq!(object.get_path(&["metadata", "labels", "gone"]), None);
    let annotation = object
        .get_path(&[
            "metadata",
            "annotations",
            "kubectl.kubernetes.io/last-applied-configuration",
        ])
        .and_then(Value::as_str)
        .unwrap();
    assert!(annotation.contains(r#""x":null"#), "{annotation}");

    let corrupt = run_scenario_text(
        "scenario: v1\nname: csa\nlive: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default, annotations: {kubectl.kubernetes.io/last-applied-configuration: '{not json'}}, data: {a: '1', b: '2'}}\nsteps:\n- manager: kubectl-client-side-apply\n  op: client-side-apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {a: '1'}}\n",
    )
    .unwrap();
    assert_eq!(corrupt.steps[0].outcome.as_str(), "invalid");
    assert_eq!(corrupt.steps[0].message, "invalid JSON document");
}

/// kubectl apply's `--validate=strict` on its patch: a field the kind's Go
/// struct lacks refuses it (`applyPatchToObject`, the patch map as `%+v`
/// prints it).
#[test]
fn client_side_apply_patches_are_strict() {
    let result = run_scenario_text(
        "scenario: v1\nname: csa\nsteps:\n- {manager: kubectl-client-side-apply, op: client-side-apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {a: '1'}}}\n- {manager: kubectl-client-side-apply, op: client-side-apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: default}, data: {a: '1'}, dataa: {b: '2'}}}\n",
    )
    .unwrap();
    assert_eq!(result.steps[1].outcome.as_str(), "invalid");
    let message = &result.steps[1].message;
    assert!(
        message.starts_with(r#" "" is invalid: patch: Invalid value: "map[dataa:map[b:2] metadata:map[annotations:map[kubectl.kubernetes.io/last-applied-configuration:"#),
        "{message}"
    );
    assert!(
        message.ends_with(r#"strict decoding error: unknown field "dataa""#),
        "{message}"
    );
}

/// A CRD serving two versions: each request is answered in the version it
/// names, from one stored object (conversion `None`), each manager keeps
/// the version it wrote in, and a conflict spans versions
/// (`merge.Updater` compares the objects converted to the owner's
/// version); a version the CRD does not serve is a 404.
#[test]
fn a_crd_serves_each_of_its_versions() {
    let scenario = r#"scenario: v1
name: versions
schema:
  crd:
    spec:
      group: example.com
      names: {kind: Widget}
      versions:
      - name: v1
        served: true
        storage: true
        schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: string}, color: {type: string}}}}}}
      - name: v2
        served: true
        schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: string}, color: {type: string}}}}}}
steps:
- manager: a
  op: apply
  object: {apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: s}}
- manager: b
  op: apply
  object: {apiVersion: example.com/v2, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: m, color: red}}
- manager: b
  op: apply
  force: true
  object: {apiVersion: example.com/v2, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: m, color: red}}
- manager: c
  op: update
  object: {apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: m, color: blue}}
- manager: d
  op: apply
  object: {apiVersion: example.com/v3, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: l}}
- manager: b
  op: apply
  object: {apiVersion: example.com/v2, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: m, color: blue}}
- manager: a
  op: apply
  object: {apiVersion: example.com/v1, kind: Widget, metadata: {name: w, namespace: default}, spec: {size: m}}
"#;
    let result = run_scenario_text(scenario).unwrap();
    let outcomes: Vec<&str> = result.steps.iter().map(|s| s.outcome.as_str()).collect();
    assert_eq!(
        outcomes,
        [
            "applied", "conflict", "applied", "applied", "invalid", "applied", "applied"
        ]
    );
    assert_eq!(
        result.steps[1].message,
        r#"Apply failed with 1 conflict: conflict with "a": .spec.size"#
    );
    let text = |i: usize, path: &[&str]| {
        result.steps[i]
            .object
            .as_ref()
            .and_then(|o| o.get_path(path))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    assert_eq!(text(2, &["apiVersion"]).as_deref(), Some("example.com/v2"));
    assert_eq!(text(3, &["apiVersion"]).as_deref(), Some("example.com/v1"));
    let versions: Vec<String> = result.steps[3]
        .object
        .as_ref()
        .and_then(|o| o.get_path(&["metadata", "managedFields"]))
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
        .filter_map(|e| {
            e.get("apiVersion")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect();
    assert_eq!(versions, ["example.com/v2", "example.com/v1"]);
    assert_eq!(
        result.steps[4].message,
        "the server could not find the requested resource"
    );
    assert_eq!(text(4, &["spec", "color"]).as_deref(), Some("blue"));
    // An apply in the first version after one in another: the stored
    // object is read in the first version again.
    assert_eq!(text(6, &["apiVersion"]).as_deref(), Some("example.com/v1"));
}

/// Why large objects are applied server-side: kubectl's client-side apply
/// keeps the whole manifest in the last-applied annotation, which the
/// server refuses past 256 KiB of annotations (`ValidateAnnotations`); a
/// server-side apply writes no annotation.
#[test]
fn a_large_object_fails_client_side_apply_and_passes_server_side() {
    let step = |op: &str| {
        format!(
            "- manager: m\n  op: {op}\n  object: {{apiVersion: v1, kind: ConfigMap, metadata: {{name: big, namespace: default}}, data: {{blob: '{}'}}}}\n",
            "x".repeat(300_000)
        )
    };
    let run = |op: &str| {
        let text = format!("scenario: v1\nname: big\nsteps:\n{}", step(op));
        run_scenario_text(&text).unwrap().steps.remove(0)
    };
    let client_side = run("client-side-apply");
    assert_eq!(client_side.outcome, Outcome::Invalid);
    assert_eq!(
        client_side.message,
        "ConfigMap \"big\" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes"
    );
    // Why? names the annotation and the way out.
    assert!(
        client_side.why.iter().any(|r| r
            .text
            .contains("kubectl apply --server-side writes this object")),
        "{:?}",
        client_side.why
    );
    assert_eq!(run("apply").outcome, Outcome::Applied);
}

fn namespace_of(object: Option<&Value>) -> Option<&str> {
    object?
        .get_path(&["metadata", "namespace"])
        .and_then(Value::as_str)
}

/// kubectl sends a manifest that names no namespace to its context's
/// namespace (cli-runtime's `SetNamespace`), so its last-applied
/// annotation names it, and the handler gives the stored object the
/// request's namespace (`EnsureObjectNamespaceMatchesRequestNamespace`).
#[test]
fn an_object_without_namespace_is_stored_in_the_requests() {
    let text = "scenario: v1\nname: ns\nsteps:\n- manager: kubectl-client-side-apply\n  op: client-side-apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {a: b}}\n- manager: ctl\n  client: api\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {x: v}}\n";
    let result = run_scenario_text(text).unwrap();
    for step in &result.steps {
        assert_eq!(step.outcome, Outcome::Applied, "{}", step.message);
        assert_eq!(namespace_of(step.object.as_ref()), Some("default"));
    }
    let annotation = result.steps[0]
        .object
        .as_ref()
        .and_then(|o| o.get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION]))
        .and_then(Value::as_str)
        .unwrap();
    assert_eq!(
        annotation,
        "{\"apiVersion\":\"v1\",\"data\":{\"a\":\"b\"},\"kind\":\"ConfigMap\",\"metadata\":{\"annotations\":{},\"name\":\"c\",\"namespace\":\"default\"}}\n"
    );
}

/// The namespace a scenario's objects name is every request's; a stored
/// object without one is in it, and a body that names another is a bad
/// request.
#[test]
fn the_scenarios_namespace_is_every_requests() {
    let text = "scenario: v1\nname: ns\nlive: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {a: b}}\nsteps:\n- manager: ctl\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: shop}, data: {x: v}}\n- manager: ctl\n  client: api\n  op: update\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c, namespace: other}, data: {x: z}}\n";
    let result = run_scenario_text(text).unwrap();
    assert_eq!(namespace_of(result.stored.as_ref()), Some("shop"));
    assert_eq!(result.steps[0].outcome, Outcome::Applied);
    assert_eq!(namespace_of(result.steps[0].object.as_ref()), Some("shop"));
    assert_eq!(result.steps[1].outcome, Outcome::Invalid);
    assert_eq!(
        result.steps[1].message,
        "the namespace of the provided object does not match the namespace sent on the request"
    );
}

/// A cluster-scoped object is stored without the namespace its manifest
/// names (its requests name none); kubectl's annotation keeps it, as
/// kubectl leaves the manifest of a cluster-scoped kind as written.
#[test]
fn a_cluster_scoped_object_is_stored_without_namespace() {
    let text = "scenario: v1\nname: ns\nsteps:\n- manager: kubectl-client-side-apply\n  op: client-side-apply\n  object: {apiVersion: rbac.authorization.k8s.io/v1, kind: ClusterRole, metadata: {name: r, namespace: shop}}\n";
    let result = run_scenario_text(text).unwrap();
    let object = result.steps[0].object.as_ref();
    assert_eq!(result.steps[0].outcome, Outcome::Applied);
    assert_eq!(namespace_of(object), None);
    let annotation = object
        .and_then(|o| o.get_path(&["metadata", "annotations", LAST_APPLIED_ANNOTATION]))
        .and_then(Value::as_str)
        .unwrap();
    assert!(
        annotation.contains("\"namespace\":\"shop\""),
        "{annotation}"
    );
}

/// A kind no schema places (no catalogue entry, no CRD) keeps what its
/// bodies say: the scope is unknown.
#[test]
fn an_unknown_kinds_namespace_is_left_as_written() {
    let text = "scenario: v1\nname: ns\nsteps:\n- manager: a\n  op: apply\n  object: {apiVersion: example.com/v1, kind: Thing, metadata: {name: t}, spec: {a: 1}}\n";
    let result = run_scenario_text(text).unwrap();
    assert_eq!(result.steps[0].outcome, Outcome::Applied);
    assert_eq!(namespace_of(result.steps[0].object.as_ref()), None);
}

/// kubectl refuses to send an object with a generated name and no name
/// (`applyOneObject`), and client-go one without a name; an object with
/// another name is another object, which kubectl would write instead of
/// the scenario's. A bare request to the scenario's object that names
/// another is refused by the handler's `checkName`.
#[test]
fn steps_that_name_another_object() {
    let text = "scenario: v1\nname: names\nsteps:\n- manager: m\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: a}, data: {k: v}}\n- manager: m\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {generateName: a-}, data: {k: v}}\n- manager: m\n  op: client-side-apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {labels: {x: z}}}\n- manager: m\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: b}, data: {k: v}}\n- manager: m\n  client: api\n  op: update\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: b}, data: {k: v}}\n- manager: m\n  op: patch\n  patchType: merge\n  patch: {metadata: {name: c}}\n";
    let result = run_scenario_text(text).unwrap();
    let seen: Vec<(&str, &str)> = result
        .steps
        .iter()
        .map(|s| (s.outcome.as_str(), s.message.as_str()))
        .collect();
    assert_eq!(
        seen,
        [
            ("applied", ""),
            ("error", "from a-: cannot use generate name with apply"),
            ("error", "resource name may not be empty"),
            (
                "error",
                "kubectl would write configmaps \"b\", another object than the scenario's configmaps \"a\""
            ),
            (
                "invalid",
                "the name of the object (b) does not match the name on the URL (a)"
            ),
            (
                "invalid",
                "the name of the object (c) does not match the name on the URL (a)"
            ),
        ]
    );
    // Why? says kubectl refused it, not the server.
    let why = &result.steps[1].why;
    assert!(
        why.iter()
            .any(|r| r.text.starts_with("kubectl refused the write: from a-:")),
        "{why:?}"
    );
}

/// A client-side apply whose last-applied annotation is not JSON: kubectl
/// cannot compute its three-way patch (strategicpatch's `ErrBadJSONDoc`)
/// and sends nothing, and *Why?* says kubectl refused it, not the server.
#[test]
fn a_patch_kubectl_cannot_compute_is_kubectls_refusal() {
    let text = r#"scenario: v1
name: bad-annotation
live:
  apiVersion: v1
  kind: ConfigMap
  metadata:
    name: demo
    namespace: default
    annotations:
      kubectl.kubernetes.io/last-applied-configuration: '{"data":{"a":"1"},}'
  data: {a: "1"}
steps:
- {manager: kubectl-client-side-apply, op: client-side-apply, object: {apiVersion: v1, kind: ConfigMap, metadata: {name: demo, namespace: default}, data: {a: "2"}}}
"#;
    let result = run_scenario_text(text).unwrap();
    assert_eq!(result.steps[0].message, "invalid JSON document");
    let why = &result.steps[0].why;
    assert!(
        why.iter()
            .any(|r| r.text
                == "kubectl refused the write: invalid JSON document. Nothing was stored."),
        "{why:?}"
    );
}

/// A scenario follows one object: a step that writes another kind is the
/// step's error, at its place, and the rest runs.
#[test]
fn a_step_of_another_kind_is_an_error() {
    let text = "scenario: v1\nname: kinds\nsteps:\n- manager: m\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}}\n- manager: m\n  op: apply\n  object: {apiVersion: v1, kind: Secret, metadata: {name: c}}\n- manager: m\n  op: apply\n  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {k: v}}\n";
    let result = run_scenario_text(text).unwrap();
    let outcomes: Vec<&str> = result.steps.iter().map(|s| s.outcome.as_str()).collect();
    assert_eq!(outcomes, ["applied", "error", "applied"]);
    assert_eq!(
        result.steps[1].message,
        "line 9, column 11: steps[1]: the scenario's object is a ConfigMap, this step writes a Secret (a scenario follows one object)"
    );
}
