use super::*;

const EXPORT: &str = r#"apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: settings
    namespace: shop
    managedFields:
    - apiVersion: v1
      fieldsType: FieldsV1
      fieldsV1:
        f:data:
          f:mode: {}
      manager: helm
      operation: Apply
      time: "2026-01-01T00:00:00Z"
  data:
    mode: fast
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: unrelated
    namespace: shop
  data: {a: "1"}
"#;

fn review_of(manifests: &str, export: &str, options: &Options) -> Review {
    review(
        &[Source {
            name: "manifests.yaml",
            text: manifests,
        }],
        &[Source {
            name: "export.yaml",
            text: export,
        }],
        &[],
        options,
    )
}

fn server_side() -> Options {
    Options {
        server_side: true,
        ..Options::default()
    }
}

fn rows(review: &Review) -> Vec<String> {
    review
        .objects
        .iter()
        .map(|o| format!("{} {}", o.id.kubectl_name(), o.outcome.as_str()))
        .collect()
}

#[test]
fn server_side_apply_matches_by_identity_and_reports_conflicts_word_for_word() {
    let manifests = "\
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: shop}
data: {mode: safe}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: fresh}
data: {x: z}
";
    let review = review_of(manifests, EXPORT, &server_side());
    assert!(review.errors.is_empty(), "{:?}", review.errors);
    assert_eq!(review.objects[1].message, "");
    assert_eq!(
        rows(&review),
        [
            "configmap/settings conflict",
            "configmap/fresh serverside-applied"
        ]
    );
    assert_eq!(
        review.objects[0].message,
        "Apply failed with 1 conflict: conflict with \"helm\": .data.mode"
    );
    // The manifest without a namespace goes to the default one.
    assert_eq!(review.objects[1].id.namespace.as_deref(), Some("default"));
    let after = review.objects[1].after.as_ref().unwrap();
    assert_eq!(
        after
            .get_path(&["metadata", "namespace"])
            .and_then(Value::as_str),
        Some("default")
    );
    assert_eq!(
        review
            .untouched
            .iter()
            .map(ObjectId::kubectl_name)
            .collect::<Vec<_>>(),
        ["configmap/unrelated"]
    );
    assert!(review.has_refusals());

    let forced = review_of(
        manifests,
        EXPORT,
        &Options {
            force_conflicts: true,
            ..server_side()
        },
    );
    assert_eq!(forced.objects[0].outcome, ApplyOutcome::ServerSideApplied);
    let data = forced.objects[0].after.as_ref().unwrap();
    assert_eq!(
        data.get_path(&["data", "mode"]).and_then(Value::as_str),
        Some("safe")
    );
}

#[test]
fn client_side_apply_says_created_configured_or_unchanged() {
    let manifest =
        "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: shop}\ndata: {k: v}\n";
    let options = Options::default();
    let created = review_of(manifest, "", &options);
    assert_eq!(rows(&created), ["configmap/c created"]);
    let stored = created.objects[0].after.clone().unwrap();
    let export = crate::yaml::to_yaml_string(&stored);
    let again = review_of(manifest, &export, &options);
    assert_eq!(rows(&again), ["configmap/c unchanged"]);
    let changed = review_of(&manifest.replace("k: v", "k: w"), &export, &options);
    assert_eq!(rows(&changed), ["configmap/c configured"]);
    assert_eq!(options.manager(), "kubectl-client-side-apply");
}

#[test]
fn custom_resources_need_a_schema() {
    let cr = "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 1}\n";
    let refused = review_of(cr, "", &server_side());
    assert_eq!(refused.objects[0].outcome, ApplyOutcome::Error);
    assert!(
        refused.objects[0].message.starts_with(
            "no schema for Widget (example.com/v1): give its CustomResourceDefinition"
        ),
        "{}",
        refused.objects[0].message
    );

    let deduced = review_of(
        cr,
        "",
        &Options {
            deduced_schema: true,
            ..server_side()
        },
    );
    assert_eq!(deduced.objects[0].outcome, ApplyOutcome::ServerSideApplied);
    assert!(deduced.objects[0].deduced_schema);

    let crd = "\
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  scope: Cluster
  names: {kind: Widget, plural: widgets, singular: widget, listKind: WidgetList}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              size: {type: integer}
---
";
    let with_crd = review_of(&format!("{crd}{cr}"), "", &server_side());
    assert!(with_crd.errors.is_empty(), "{:?}", with_crd.errors);
    assert_eq!(
        rows(&with_crd),
        [
            "customresourcedefinition.apiextensions.k8s.io/widgets.example.com serverside-applied",
            "widget.example.com/w serverside-applied"
        ]
    );
    // The CRD says the kind is cluster-scoped: no namespace is added.
    assert_eq!(with_crd.objects[1].id.namespace, None);
    assert!(!with_crd.objects[1].deduced_schema);
}

#[test]
fn bad_inputs_are_located_and_the_rest_is_reviewed() {
    let manifests = "\
apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: a}
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata: {labels: {x: y}}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: b, namespace: other}
---
apiVersion: batch/v1
kind: Job
metadata: {generateName: migrate-}
---
kind: [
";
    let review = review_of(
        manifests,
        "",
        &Options {
            namespace: Some("shop".into()),
            ..server_side()
        },
    );
    assert_eq!(rows(&review), ["configmap/a serverside-applied"]);
    assert_eq!(review.objects[0].id.namespace.as_deref(), Some("shop"));
    let errors: Vec<String> = review.errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 5, "{errors:#?}");
    assert!(
        errors[0].starts_with("manifests.yaml:25:1: "),
        "{}",
        errors[0]
    );
    assert_eq!(
        errors[1],
        "manifests.yaml:5:1: configmap/a (namespace shop) is also at manifests.yaml:1:1: two manifests for one object (kubectl would apply both, the last one winning); keep one"
    );
    assert_eq!(
        errors[2],
        "manifests.yaml:12:3: the ConfigMap has no metadata.name: apply needs the name of the object"
    );
    assert_eq!(
        errors[3],
        "manifests.yaml:16:1: the namespace from the provided object \"other\" does not match the namespace \"shop\". You must pass '--namespace=other' to perform this operation."
    );
    // kubectl's words for a generated name.
    assert_eq!(
        errors[4],
        "manifests.yaml:20:1: from migrate-: cannot use generate name with apply"
    );
}

#[test]
fn the_scenario_of_an_object_replays_the_same_outcome() {
    let manifests = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: shop}\ndata: {mode: safe}\n";
    let review = review_of(manifests, EXPORT, &server_side());
    let text = review.objects[0].scenario_text().unwrap();
    let replay = crate::scenario::run_scenario_text_without_views(&text).unwrap();
    assert_eq!(replay.steps.len(), 1);
    assert_eq!(replay.steps[0].outcome, Outcome::Conflict);
    assert_eq!(replay.steps[0].message, review.objects[0].message);
}

#[test]
fn changes_are_built_when_asked() {
    let manifests = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: settings, namespace: shop}\ndata: {mode: fast, extra: x}\n";
    let options = Options {
        changes: true,
        field_manager: Some("helm".into()),
        ..server_side()
    };
    let review = review_of(manifests, EXPORT, &options);
    assert_eq!(review.objects[0].outcome, ApplyOutcome::ServerSideApplied);
    assert_eq!(review.objects[0].changes.added, [".data.extra"]);
}

/// Found by the `review` fuzz target: schemas were cached by the
/// manifest's type, but a scenario loads its schema for the live object's
/// type when there is one. A live ConfigMap of an unknown version got the
/// deduced schema, and every later ConfigMap was merged with it.
#[test]
fn fuzz_a_live_objects_version_does_not_change_the_schema_of_others() {
    let manifests = "\
apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: shop}
data: {mode: safe}
---
apiVersion: v1
kind: ConfigMap
metadata: {name: other, namespace: shop}
data: not a map
";
    let export = "apiVersion: v0\nkind: ConfigMap\nmetadata: {name: settings, namespace: shop}\ndata: {mode: fast}\n";
    let review = review_of(manifests, export, &server_side());
    let other = &review.objects[1];
    assert_eq!(other.id.name, "other");
    assert_eq!(other.outcome, ApplyOutcome::Invalid);
    assert!(
        other
            .message
            .ends_with(".data: expected map, got &{not a map}"),
        "{}",
        other.message
    );
}

/// kubectl's `apply --server-side` with another field manager migrates the
/// client-side-apply manager (which owns the last-applied annotation) to
/// the applier and applies again, which prunes the annotation
/// (`apply.go`: migrateToSSAIfNecessary, then the re-sent patch);
/// `kubectl diff --server-side` sends the dry-run apply alone.
#[test]
fn a_diff_is_the_dry_run_apply_without_kubectls_migration() {
    let export = r#"apiVersion: v1
kind: ConfigMap
metadata:
  name: web
  namespace: shop
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: |
      {"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"web","namespace":"shop"}}
  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data: {.: {}, f:a: {}}
      f:metadata: {f:annotations: {.: {}, f:kubectl.kubernetes.io/last-applied-configuration: {}}}
    manager: kubectl-client-side-apply
    operation: Update
    time: "2026-01-01T00:00:00Z"
data: {a: "1"}
"#;
    let manifests = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web, namespace: shop}\ndata: {a: \"2\"}\n";
    let annotation = |review: &Review| {
        review.objects[0]
            .after
            .as_ref()
            .and_then(|o| o.get_path(&["metadata", "annotations"]))
            .is_some()
    };
    let apply = Options {
        field_manager: Some("argocd-controller".into()),
        force_conflicts: true,
        ..server_side()
    };
    let applied = review_of(manifests, export, &apply);
    assert_eq!(applied.objects[0].outcome, ApplyOutcome::ServerSideApplied);
    assert!(
        !annotation(&applied),
        "the migration hands the annotation to the applier, whose re-apply prunes it"
    );
    let diff = Options {
        dry_run: true,
        ..apply
    };
    let dry = review_of(manifests, export, &diff);
    assert_eq!(dry.objects[0].outcome, ApplyOutcome::ServerSideApplied);
    assert!(
        annotation(&dry),
        "a dry-run apply alone leaves the annotation"
    );
}

/// A Secret's `stringData` is kept as applied (the reference runs no
/// conversion into the internal Secret), and the review says what a real
/// server stores instead; a Secret that sends only `data` gets no note.
#[test]
fn a_secrets_string_data_is_noted_with_what_a_real_server_stores() {
    let manifests = "\
apiVersion: v1
kind: Secret
metadata: {name: db, namespace: shop}
stringData: {password: hunter2}
---
apiVersion: v1
kind: Secret
metadata: {name: plain, namespace: shop}
data: {password: aHVudGVyMg==}
";
    let review = review_of(manifests, EXPORT, &server_side());
    assert!(review.errors.is_empty(), "{:?}", review.errors);
    let notes: Vec<usize> = review.objects.iter().map(|o| o.notes.len()).collect();
    assert_eq!(notes, [1, 0]);
    assert!(review.objects[0].notes[0].contains("moves each value into data"));
    assert_eq!(
        review.objects[0]
            .after
            .as_ref()
            .and_then(|o| o.get_path(&["stringData", "password"])),
        Some(&Value::from("hunter2"))
    );
    // A diff masks stringData's values as kubectl's masker does data's.
    let diff =
        super::diff::object_diff(&review.objects[0], super::diff::DiffOptions::default()).unwrap();
    assert!(!diff.merged.contains("hunter2"), "{}", diff.merged);
    assert!(diff.merged.contains("password: '***'"), "{}", diff.merged);
}
