use super::*;
use crate::presets::presets;
use ssa_engine::scenario::run_scenario_text;

const TEXT: &str = "scenario: v1
name: demo
steps:
# team a first
- manager: team-a
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: demo, namespace: default}
    data: {color: blue}   # blue
- manager: team-b
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: demo, namespace: default}
    data: {color: red}
  expect: {outcome: conflict}
";

fn outcomes(text: &str) -> Vec<String> {
    run_scenario_text(text)
        .unwrap()
        .steps
        .iter()
        .map(|s| s.outcome.as_str().to_string())
        .collect()
}

fn managers(text: &str) -> Vec<String> {
    read_form(text)
        .unwrap()
        .steps
        .iter()
        .map(|s| s.manager.clone())
        .collect()
}

#[test]
fn the_form_reads_every_preset() {
    for preset in presets() {
        let form = read_form(preset.text).unwrap();
        assert!(!form.steps.is_empty(), "{}", preset.title);
        for step in &form.steps {
            assert!(
                OPS.iter().any(|(o, _)| *o == step.op),
                "{}: {}",
                preset.title,
                step.op
            );
            if step.op != "delete" {
                let body = step.body.as_deref().unwrap();
                assert!(!node_value(body).unwrap().is_null(), "{}", preset.title);
            }
        }
    }
    let form = read_form(TEXT).unwrap();
    assert_eq!(form.schema, SchemaKind::Automatic);
    assert_eq!(form.live, "");
    assert_eq!(
        form.steps[0].body.as_deref(),
        Some(
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: demo, namespace: default}\ndata: {color: blue}   # blue"
        )
    );
    assert!(
        read_form("steps: [")
            .unwrap_err()
            .starts_with("line 2, column 1:")
    );
}

#[test]
fn force_and_op_change_the_outcome() {
    assert_eq!(outcomes(TEXT), ["applied", "conflict"]);
    let forced = edit_step(TEXT, 1, &StepEdit::Force(true)).unwrap();
    assert_eq!(outcomes(&forced), ["applied", "applied"]);
    assert!(forced.contains("  force: true\n  object:"), "{forced}");
    assert!(!forced.contains("expect"), "the old expectation is dropped");
    assert!(
        forced.contains("data: {color: blue}   # blue"),
        "untouched steps keep comments"
    );
    // An update never conflicts; force goes, as only an apply has it.
    let updated = edit_step(&forced, 1, &StepEdit::Op("update".into())).unwrap();
    assert_eq!(outcomes(&updated), ["applied", "applied"]);
    assert!(!updated.contains("force"));
    assert_eq!(read_form(&updated).unwrap().steps[1].op, "update");
    // A patch sends the manifest as a merge patch; a delete has no body.
    let patched = edit_step(TEXT, 1, &StepEdit::Op("patch".into())).unwrap();
    assert!(
        patched.contains("  patchType: merge\n  patch:\n    apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: demo, namespace: default}\n    data: {color: red}\n"),
        "{patched}"
    );
    assert_eq!(outcomes(&patched), ["applied", "applied"]);
    let deleted = edit_step(TEXT, 1, &StepEdit::Op("delete".into())).unwrap();
    assert_eq!(read_form(&deleted).unwrap().steps[1].body, None);
    let back = edit_step(&deleted, 1, &StepEdit::Op("apply".into())).unwrap();
    assert_eq!(
        outcomes(&back),
        ["applied", "applied"],
        "the identity is applied again"
    );
    assert!(edit_step(TEXT, 5, &StepEdit::Force(true)).is_err());
    assert!(edit_step(TEXT, 0, &StepEdit::Op("replace".into())).is_err());
}

#[test]
fn manager_subresource_and_client() {
    let renamed = edit_step(TEXT, 1, &StepEdit::Manager("team-a".into())).unwrap();
    assert_eq!(managers(&renamed), ["team-a", "team-a"]);
    assert_eq!(
        outcomes(&renamed)[1],
        "applied",
        "a manager never conflicts with itself"
    );
    let api = edit_step(TEXT, 0, &StepEdit::Client("api".into())).unwrap();
    assert!(
        api.contains("- manager: team-a\n  op: apply\n  client: api\n"),
        "{api}"
    );
    let kubectl = edit_step(&api, 0, &StepEdit::Client("kubectl".into())).unwrap();
    assert_eq!(kubectl, TEXT, "the default client is not written");
    let named = edit_step(TEXT, 0, &StepEdit::Name("team a applies".into())).unwrap();
    assert!(
        named.contains("- manager: team-a\n  op: apply\n  name: team a applies\n  object:"),
        "{named}"
    );
    assert_eq!(read_form(&named).unwrap().steps[0].name, "team a applies");
    assert_eq!(
        edit_step(&named, 0, &StepEdit::Name(String::new())).unwrap(),
        TEXT
    );
    let status = edit_step(TEXT, 1, &StepEdit::Subresource("status".into())).unwrap();
    assert_eq!(read_form(&status).unwrap().steps[1].subresource, "status");
    let none = edit_step(&status, 1, &StepEdit::Subresource(String::new())).unwrap();
    assert_eq!(read_form(&none).unwrap().steps[1].subresource, "");
}

#[test]
fn steps_are_added_removed_duplicated_and_moved() {
    let added = add_step(TEXT).unwrap();
    assert_eq!(managers(&added), ["team-a", "team-b", "manager-3"]);
    assert!(added.starts_with(TEXT), "the new step is appended: {added}");
    assert_eq!(outcomes(&added).len(), 3);
    let removed = remove_step(TEXT, 0).unwrap();
    assert_eq!(managers(&removed), ["team-b"]);
    assert!(
        !removed.contains("# team a first"),
        "the step's comment goes with it"
    );
    assert_eq!(
        outcomes(&removed),
        ["applied"],
        "alone, team-b no longer conflicts"
    );
    let duplicated = duplicate_step(TEXT, 0).unwrap();
    assert_eq!(managers(&duplicated), ["team-a", "team-a", "team-b"]);
    assert_eq!(duplicated.matches("# blue").count(), 2);
    let moved = move_step(TEXT, 1, true).unwrap();
    assert_eq!(managers(&moved), ["team-b", "team-a"]);
    assert_eq!(
        outcomes(&moved)[1],
        "conflict",
        "now team-a conflicts with team-b"
    );
    assert_eq!(
        move_step(&moved, 0, false).unwrap(),
        TEXT,
        "moving back restores the text"
    );
    assert!(move_step(TEXT, 0, true).is_err());
    assert!(move_step(TEXT, 1, false).is_err());
    assert!(remove_step(TEXT, 2).is_err());
    let empty = remove_step(&removed, 0).unwrap();
    assert_eq!(read_form(&empty).unwrap().steps, vec![]);
    assert_eq!(managers(&add_step(&empty).unwrap()), ["manager-1"]);
}

#[test]
fn every_schema_source_runs() {
    // A CRD serves only custom kinds, a built-in schema only built-in ones.
    let custom = TEXT.replace(
        "apiVersion: v1\n    kind: ConfigMap",
        "apiVersion: example.com/v1\n    kind: Widget",
    );
    for (text, unusable) in [
        (TEXT.to_string(), SchemaKind::Crd),
        (custom, SchemaKind::Builtin),
    ] {
        for kind in SchemaKind::ALL.into_iter().filter(|k| *k != unusable) {
            // The template the page asks the JavaScript API's module for.
            let template = kind.key().filter(|_| kind.is_document()).map(|source| {
                let object = template_object(&text).to_json();
                ssa_engine::value::Value::from_json_str(&ssa_wasm::schema_template_json(
                    source, &object,
                ))
                .unwrap()
            });
            let text = set_schema_kind(&text, kind, template).unwrap();
            let form = read_form(&text).unwrap();
            assert_eq!(form.schema, kind);
            assert_eq!(
                form.schema_document.is_empty(),
                !kind.is_document(),
                "{kind:?}"
            );
            let result =
                run_scenario_text(&text).unwrap_or_else(|e| panic!("{kind:?}: {e}\n{text}"));
            let outcomes: Vec<_> = result.steps.iter().map(|s| s.outcome.as_str()).collect();
            assert_eq!(outcomes, ["applied", "conflict"], "{kind:?}\n{text}");
        }
    }
    let builtin = set_schema_kind(TEXT, SchemaKind::Builtin, None).unwrap();
    assert!(
        builtin.contains("schema:\n  builtin: v1/ConfigMap\nsteps:"),
        "{builtin}"
    );
    let other = set_builtin(&builtin, "apps/v1/Deployment").unwrap();
    assert_eq!(read_form(&other).unwrap().builtin, "apps/v1/Deployment");
    assert_eq!(
        set_schema_kind(&builtin, SchemaKind::Automatic, None).unwrap(),
        TEXT
    );
}

#[test]
fn an_edited_manifest_goes_in_verbatim() {
    let source = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: demo, namespace: default}\n# now red too\ndata: {color: red}\n";
    let edit = set_node(TEXT, Node::Step(0), source).unwrap();
    assert!(
        edit.text
            .contains("    # now red too\n    data: {color: red}\n- manager: team-b"),
        "{}",
        edit.text
    );
    assert_eq!(
        outcomes(&edit.text),
        ["applied", "applied"],
        "same value: no conflict"
    );
    assert_eq!(
        read_form(&edit.text).unwrap().steps[0]
            .body
            .clone()
            .unwrap(),
        source.trim_end()
    );
    assert_eq!(edit.placed, Some((8, 5)));
    // Invalid YAML is refused with its place in the editor.
    let error = set_node(TEXT, Node::Step(0), "kind: ConfigMap\ndata: {color: [\n").unwrap_err();
    assert!(error.starts_with("line 3, column 1:"), "{error}");
}

#[test]
fn the_live_object_is_set_and_cleared() {
    let live = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: demo, namespace: default}\ndata: {color: green}";
    let edit = set_node(TEXT, Node::Live, live).unwrap();
    assert!(
        edit.text.contains("name: demo\nlive:\n  apiVersion: v1\n"),
        "{}",
        edit.text
    );
    assert_eq!(read_form(&edit.text).unwrap().live, live);
    // The untracked live fields belong to before-first-apply: team-a's
    // different colour conflicts with them.
    let result = run_scenario_text(&edit.text).unwrap();
    assert_eq!(result.steps[0].outcome.as_str(), "conflict");
    assert!(
        result.steps[0].message.contains("before-first-apply"),
        "{}",
        result.steps[0].message
    );
    let cleared = set_node(&edit.text, Node::Live, "  \n").unwrap();
    assert_eq!(cleared.text, TEXT, "empty means create");
    assert!(
        set_node(TEXT, Node::Live, "- a list")
            .unwrap_err()
            .contains("must be a map")
    );
}

#[test]
fn scenario_errors_are_moved_into_the_editor() {
    assert_eq!(
        error_in_editor("line 10, column 7: bad", (8, 5), "a\nb\nc\n"),
        Some("line 3, column 3: bad".into())
    );
    assert_eq!(
        error_in_editor("line 20, column 7: bad", (8, 5), "a\nb\nc\n"),
        None
    );
    assert_eq!(error_in_editor("line 2, column 7: bad", (8, 5), "a"), None);
    assert_eq!(error_in_editor("no place", (8, 5), "a"), None);
}

/// Every recorded scenario, in the layouts real users wrote.
fn corpus() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(files.len() > 50, "the corpus is there");
    files
        .into_iter()
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect()
}

#[test]
fn step_list_edits_round_trip_on_the_corpus() {
    // One file in three, small ones: the YAML reader is slow in debug builds.
    let files = corpus()
        .into_iter()
        .filter(|(_, t)| t.len() < 12_000)
        .step_by(3);
    for (name, text) in files {
        let Ok(form) = read_form(&text) else { continue };
        let count = form.steps.len();
        for i in 0..count.min(3) {
            // Duplicate then remove the copy: the very same text.
            let duplicated = duplicate_step(&text, i).unwrap();
            assert_eq!(
                read_form(&duplicated).unwrap().steps.len(),
                count + 1,
                "{name}"
            );
            assert_eq!(
                remove_step(&duplicated, i + 1).unwrap(),
                text,
                "{name}: duplicate {i}"
            );
            // Down then up: the very same text.
            if i + 1 < count {
                let moved = move_step(&text, i, false).unwrap();
                assert_eq!(
                    read_form(&moved).unwrap().steps[i + 1],
                    form.steps[i],
                    "{name}"
                );
                assert_eq!(
                    move_step(&moved, i + 1, true).unwrap(),
                    text,
                    "{name}: move {i}"
                );
            }
            // Setting a manifest to its own text changes nothing.
            if let Some(body) = &form.steps[i].body {
                let edit = set_node(&text, Node::Step(i), body).unwrap();
                assert_eq!(
                    yaml::parse(&edit.text).unwrap().value,
                    yaml::parse(&text).unwrap().value,
                    "{name}: body {i}"
                );
            }
            // Force on and off again.
            if form.steps[i].op == "apply" {
                let flipped = edit_step(&text, i, &StepEdit::Force(!form.steps[i].force)).unwrap();
                let back = edit_step(&flipped, i, &StepEdit::Force(form.steps[i].force)).unwrap();
                assert_eq!(
                    read_form(&back).unwrap().steps[i].force,
                    form.steps[i].force,
                    "{name}"
                );
            }
        }
        // Adding a step keeps everything before it.
        let added = add_step(&text).unwrap();
        assert_eq!(read_form(&added).unwrap().steps.len(), count + 1, "{name}");
        assert!(added.starts_with(text.trim_end()), "{name}");
    }
}

/// The form reads with the places of the scenario's own keys only
/// (`Places::Scenario`); each editor's text must be what a reading with
/// every place finds (`node_source`), for the presets, the lessons and
/// the corpus.
#[test]
fn the_form_reads_what_a_reading_with_every_place_finds() {
    let mut texts: Vec<String> = presets().iter().map(|p| p.text.to_string()).collect();
    for dir in ["../lessons", "../tests/corpus"] {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
            .collect();
        paths.sort();
        texts.extend(paths.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    }
    assert!(texts.len() > 40, "{} texts", texts.len());
    let mut nodes = 0;
    for text in &texts {
        let Ok(form) = read_form(text) else { continue };
        let doc = yaml::parse(text).unwrap().value;
        let full = |node: Node| {
            node_path(&doc, node)
                .and_then(|p| node_source(text, &p))
                .unwrap_or_default()
        };
        assert_eq!(form.live, full(Node::Live), "{text}");
        if form.schema.is_document() {
            assert_eq!(form.schema_document, full(Node::Schema), "{text}");
        }
        for (i, step) in form.steps.iter().enumerate() {
            if let Some(body) = &step.body {
                assert_eq!(*body, full(Node::Step(i)), "{text}");
                nodes += 1;
            }
        }
    }
    assert!(nodes > 100, "{nodes} steps compared");
}
