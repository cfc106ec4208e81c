//! The field manager's layers together, through `FieldManager`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use super::*;

fn json(text: &str) -> Value {
    Value::from_json_str(text).unwrap()
}

fn cm(data: &str) -> Value {
    json(&format!(
        r#"{{"apiVersion":"v1","kind":"ConfigMap","metadata":{{"name":"c","namespace":"d"}},"data":{data}}}"#
    ))
}

fn request<'a>(manager: &'a str, body: &'a Value, time: &'a str) -> WriteRequest<'a> {
    WriteRequest {
        manager,
        subresource: None,
        body,
        time,
    }
}

/// `(manager, operation, apiVersion, time, subresource)` of each entry.
fn entries(object: &Value) -> Vec<(String, String, String, String, String)> {
    let Some(list) = object
        .get_path(&["metadata", "managedFields"])
        .and_then(Value::as_list)
    else {
        return vec![];
    };
    let text = |e: &Value, k: &str| e.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    list.iter()
        .map(|e| {
            (
                text(e, "manager"),
                text(e, "operation"),
                text(e, "apiVersion"),
                text(e, "time"),
                text(e, "subresource"),
            )
        })
        .collect()
}

/// The `fieldsV1` of the `i`th managedFields entry.
fn entry_fields(object: &Value, i: usize) -> Value {
    object
        .get_path(&["metadata", "managedFields"])
        .unwrap()
        .as_list()
        .unwrap()[i]
        .get("fieldsV1")
        .unwrap()
        .clone()
}

fn entry(m: &str, op: &str, v: &str, t: &str, s: &str) -> (String, String, String, String, String) {
    (m.into(), op.into(), v.into(), t.into(), s.into())
}

#[test]
fn apply_bodies_the_server_refuses() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let live = fm
        .apply(None, &request("a", &cm(r#"{"k":"v"}"#), "t1"), false)
        .unwrap()
        .object;
    let table = [
        (
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","managedFields":[]}}"#,
            Some("metadata.managedFields must be nil"),
        ),
        (
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","managedFields":[{"manager":"x"}]}}"#,
            Some("metadata.managedFields must be nil"),
        ),
        (
            r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","managedFields":null}}"#,
            None,
        ),
        (
            r#"{"apiVersion":"v2","kind":"ConfigMap","metadata":{"name":"c"}}"#,
            Some("invalid object type: /v2, Kind=ConfigMap"),
        ),
        (
            r#"{"apiVersion":"v1","kind":"Secret","metadata":{"name":"c","managedFields":[]}}"#,
            Some("invalid object type: /v1, Kind=Secret"),
        ),
    ];
    for (body, refusal) in table {
        let body = json(body);
        let got = fm.apply(Some(&live), &request("a", &body, "t2"), false);
        match refusal {
            Some(message) => assert_eq!(
                got.unwrap_err(),
                WriteError::Invalid {
                    message: message.into()
                }
            ),
            None => assert!(got.is_ok(), "{body:?}"),
        }
    }
}

#[test]
fn a_manager_is_name_operation_and_subresource() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let created = fm
        .update(
            None,
            &request("m", &cm(r#"{"k":"1"}"#), "2024-01-01T00:00:01Z"),
        )
        .unwrap()
        .object;
    let body = cm(r#"{"k":"2"}"#);
    let err = fm
        .apply(
            Some(&created),
            &request("m", &body, "2024-01-01T00:00:02Z"),
            false,
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"Apply failed with 1 conflict: conflict with "m" using v1: .data.k"#
    );
    let forced = fm
        .apply(
            Some(&created),
            &request("m", &body, "2024-01-01T00:00:02Z"),
            true,
        )
        .unwrap()
        .object;
    // Forced, the applier takes `.data.k` from its updater self, which
    // keeps `.data` itself.
    assert_eq!(
        entries(&forced),
        vec![
            entry("m", "Apply", "v1", "2024-01-01T00:00:02Z", ""),
            entry("m", "Update", "v1", "2024-01-01T00:00:01Z", ""),
        ]
    );
}

#[test]
fn times_are_stamped_only_on_change() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let body = cm(r#"{"k":"1"}"#);
    let first = fm
        .apply(None, &request("a", &body, "2024-01-01T00:00:01Z"), false)
        .unwrap();
    assert!(first.changed);
    let again = fm
        .apply(
            Some(&first.object),
            &request("a", &body, "2024-01-01T00:00:05Z"),
            false,
        )
        .unwrap();
    assert!(!again.changed);
    assert_eq!(again.object, first.object);

    // An update that takes nothing leaves its entry's time alone; one
    // that takes fields merges them into its previous set.
    let u1 = fm
        .update(
            Some(&first.object),
            &request("u", &cm(r#"{"k":"1","x":"1"}"#), "2024-01-01T00:00:02Z"),
        )
        .unwrap()
        .object;
    let same = fm
        .update(Some(&u1), &request("u", &u1, "2024-01-01T00:00:03Z"))
        .unwrap();
    assert!(!same.changed);
    let u2 = fm
        .update(
            Some(&u1),
            &request(
                "u",
                &cm(r#"{"k":"1","x":"1","y":"1"}"#),
                "2024-01-01T00:00:04Z",
            ),
        )
        .unwrap()
        .object;
    assert_eq!(
        entries(&u2),
        vec![
            entry("a", "Apply", "v1", "2024-01-01T00:00:01Z", ""),
            entry("u", "Update", "v1", "2024-01-01T00:00:04Z", ""),
        ]
    );
    let fields = entry_fields(&u2, 1);
    assert_eq!(fields, json(r#"{"f:data":{"f:x":{},"f:y":{}}}"#));
}

#[test]
fn at_most_ten_update_entries() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let mut object = fm
        .update(
            None,
            &request("u00", &cm(r#"{"k00":"v"}"#), "2024-01-01T00:00:00Z"),
        )
        .unwrap()
        .object;
    for i in 1..=11 {
        let mut data = object.get("data").unwrap().clone();
        data.as_map_mut()
            .unwrap()
            .insert(format!("k{i:02}"), Value::from("v"));
        let mut body = object.clone();
        body.as_map_mut().unwrap().insert("data", data);
        let time = format!("2024-01-01T00:00:{i:02}Z");
        object = fm
            .update(Some(&object), &request(&format!("u{i:02}"), &body, &time))
            .unwrap()
            .object;
    }
    let got = entries(&object);
    assert_eq!(got.len(), 10);
    // u00, u01 and u02 were the oldest: merged into one bucket that
    // keeps the time of the newest of them.
    assert_eq!(
        got[0],
        entry(
            "ancient-changes",
            "Update",
            "v1",
            "2024-01-01T00:00:02Z",
            ""
        )
    );
    assert_eq!(got[1].0, "u03");
    let bucket = entry_fields(&object, 0);
    assert_eq!(
        bucket,
        json(r#"{"f:data":{".":{},"f:k00":{},"f:k01":{},"f:k02":{}}}"#)
    );
}

#[test]
fn untracked_objects() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let untracked = cm(r#"{"old":"1"}"#);
    // An update leaves an untracked object untracked.
    let updated = fm
        .update(Some(&untracked), &request("u", &cm(r#"{"old":"2"}"#), "t1"))
        .unwrap()
        .object;
    assert_eq!(entries(&updated), vec![]);
    // The first apply gives what exists to before-first-apply.
    let body = cm(r#"{"new":"1"}"#);
    let applied = fm
        .apply(Some(&updated), &request("a", &body, "t2"), false)
        .unwrap()
        .object;
    assert_eq!(
        entries(&applied),
        vec![
            entry("a", "Apply", "v1", "t2", ""),
            entry("before-first-apply", "Update", "v1", "t2", ""),
        ]
    );
    let conflict = cm(r#"{"old":"3"}"#);
    assert_eq!(
        fm.apply(Some(&updated), &request("a", &conflict, "t2"), false)
            .unwrap_err()
            .to_string(),
        r#"Apply failed with 1 conflict: conflict with "before-first-apply" using v1: .data.old"#
    );
}

/// `skipnonapplied.go` runs `before-first-apply`'s update through the
/// structured merge manager of the apply's endpoint, whose updater leaves
/// out the endpoint's reset fields (SMD `Updater.Update`, `IgnoreFilter`):
/// the status on a main-resource apply, the spec on a `/status` apply.
#[test]
fn before_first_apply_owns_no_reset_fields() {
    let schema = crate::builtin::lookup("apps/v1", "Deployment").unwrap();
    let fm = FieldManager::new(&schema);
    let untracked = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w","namespace":"d"},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"w"}},"template":{"metadata":{"labels":{"app":"w"}},"spec":{"containers":[{"name":"w","image":"nginx"}]}}},"status":{"replicas":2}}"#,
    );
    let labels = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"w","namespace":"d","labels":{"a":"b"}}}"#,
    );
    let applied = fm
        .apply(Some(&untracked), &request("a", &labels, "t1"), false)
        .unwrap()
        .object;
    let first = entry_fields(&applied, 1).to_json_sorted();
    assert!(
        first.contains("f:replicas") && !first.contains("f:status"),
        "{first}"
    );
    let status = WriteRequest {
        subresource: Some(Subresource::Status),
        ..request("kcm", &untracked, "t1")
    };
    let applied = fm.apply(Some(&untracked), &status, false).unwrap().object;
    assert_eq!(entries(&applied)[1].0, "before-first-apply");
    let first = entry_fields(&applied, 1).to_json_sorted();
    assert!(
        first.contains("f:status") && !first.contains("f:spec"),
        "{first}"
    );
}

#[test]
fn managed_fields_in_an_update_body() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let live = fm
        .apply(None, &request("a", &cm(r#"{"k":"1"}"#), "t1"), false)
        .unwrap()
        .object;
    let with = |managed: &str| {
        let mut body = live.clone();
        body.child_map_mut("metadata")
            .unwrap()
            .insert("managedFields", json(managed));
        body
    };
    let given = r#"[{"manager":"given","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:k":{}}}}]"#;
    let table = [
        ("[]", vec![]),
        ("[{}]", vec![]),
        ("[{},{}]", vec![entry("a", "Apply", "v1", "t1", "")]),
        (given, vec![entry("given", "Update", "v1", "", "")]),
        ("null", vec![entry("a", "Apply", "v1", "t1", "")]),
    ];
    for (managed, expected) in table {
        let got = fm
            .update(Some(&live), &request("u", &with(managed), "t2"))
            .unwrap()
            .object;
        assert_eq!(entries(&got), expected, "{managed}");
    }
}

#[test]
fn system_fields_are_never_owned() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let body = json(
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","namespace":"d","labels":{"l":"1"}}}"#,
    );
    let object = fm
        .apply(None, &request("a", &body, "t1"), false)
        .unwrap()
        .object;
    let fields = entry_fields(&object, 0);
    assert_eq!(
        fields,
        json(r#"{"f:metadata":{"f:labels":{".":{},"f:l":{}}}}"#)
    );
    // Nothing but system fields: no entry at all.
    let bare = json(r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"}}"#);
    let object = fm
        .apply(None, &request("a", &bare, "t1"), false)
        .unwrap()
        .object;
    assert_eq!(entries(&object), vec![]);
}

#[test]
fn last_applied_text_as_upstream_builds_it() {
    let table = [
        (
            r#"{"b":1,"a":{"x":"<"}}"#,
            "{\"a\":{\"x\":\"\\u003c\"},\"b\":1}\n",
        ),
        (
            r#"{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"x"}}}"#,
            "{\"metadata\":{\"annotations\":{}}}\n",
        ),
        (
            r#"{"metadata":{"annotations":{"kubectl.kubernetes.io/last-applied-configuration":"x","o":"1"}}}"#,
            "{\"metadata\":{\"annotations\":{\"o\":\"1\"}}}\n",
        ),
    ];
    for (config, text) in table {
        assert_eq!(last_applied_of(&json(config)), text);
    }
}

#[test]
fn scale_writes_are_tracked_on_the_scale_view() {
    let mut schema = ObjectSchema::deduced();
    schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
    let fm = FieldManager::new(&schema);
    let scale = json(r#"{"spec":{"replicas":4}}"#);
    // (parent applied by `a`, who owns replicas afterwards)
    let table = [
        // Nobody owns replicas: the Scale shows no entry and the write
        // stays untracked.
        (
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"paused":true}}"#,
            vec![entry("a", "Apply", "apps/v1", "t1", "")],
        ),
        // The applier owns replicas: the scale writer takes them.
        (
            r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"paused":true,"replicas":1}}"#,
            vec![
                entry("a", "Apply", "apps/v1", "t1", ""),
                entry("hpa", "Update", "apps/v1", "", "scale"),
            ],
        ),
    ];
    for (parent, expected) in table {
        let parent = json(parent);
        let live = fm
            .apply(None, &request("a", &parent, "t1"), false)
            .unwrap()
            .object;
        let mut req = request("hpa", &scale, "t2");
        req.subresource = Some(Subresource::Scale);
        let got = fm.update(Some(&live), &req).unwrap().object;
        assert_eq!(got.get_path(&["spec", "replicas"]), Some(&Value::Int(4)));
        assert_eq!(entries(&got), expected);
    }
}

#[test]
fn applies_through_scale() {
    let mut schema = ObjectSchema::deduced();
    schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
    let fm = FieldManager::new(&schema);
    let parent = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"paused":true,"replicas":1}}"#,
    );
    let scale = json(
        r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"d"},"spec":{"replicas":3}}"#,
    );
    let by_apply = fm
        .apply(None, &request("a", &parent, "t1"), false)
        .unwrap()
        .object;
    let by_update = fm
        .update(None, &request("u", &parent, "t1"))
        .unwrap()
        .object;
    let table = [
        (
            by_apply,
            r#"Apply failed with 1 conflict: conflict with "a": .spec.replicas"#,
        ),
        (
            by_update,
            r#"Apply failed with 1 conflict: conflict with "u" using autoscaling/v1: .spec.replicas"#,
        ),
    ];
    for (live, message) in table {
        let mut req = request("s", &scale, "t2");
        req.subresource = Some(Subresource::Scale);
        assert_eq!(
            fm.apply(Some(&live), &req, false).unwrap_err().to_string(),
            message
        );
        let forced = fm.apply(Some(&live), &req, true).unwrap().object;
        assert_eq!(forced.get_path(&["spec", "replicas"]), Some(&Value::Int(3)));
        let got = entries(&forced);
        assert!(
            got.contains(&entry("s", "Apply", "apps/v1", "", "scale")),
            "{got:?}"
        );
    }
}

#[test]
fn scale_writes_land_on_the_parent() {
    let mut schema = ObjectSchema::deduced();
    schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
    let fm = FieldManager::new(&schema);
    let parent = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":1}}"#,
    );
    let live = fm
        .apply(None, &request("a", &parent, "t1"), false)
        .unwrap()
        .object;
    let scale = json(
        r#"{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"d"},"spec":{"replicas":4}}"#,
    );
    let mut req = request("hpa", &scale, "t2");
    req.subresource = Some(Subresource::Scale);
    let scaled = fm.update(Some(&live), &req).unwrap().object;
    assert_eq!(scaled.get_path(&["spec", "replicas"]), Some(&Value::Int(4)));
    assert_eq!(
        entries(&scaled),
        vec![
            entry("a", "Apply", "apps/v1", "t1", ""),
            entry("hpa", "Update", "apps/v1", "", "scale"),
        ]
    );
    let err = fm
        .apply(Some(&scaled), &request("a", &parent, "t3"), false)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"Apply failed with 1 conflict: conflict with "hpa" with subresource "scale" using apps/v1: .spec.replicas"#
    );
}

/// `ScaleHandler` with a Deployment's `ResourcePathMappings` (apps
/// v1beta1, v1beta2, v1): an owner of the replicas in an older version
/// is an owner on the Scale too (the forced apply takes them from it), and
/// an entry of a version the mappings lack is dropped (`ToParent`: "Drop
/// the entry if the APIVersion is unknown").
#[test]
fn scale_writes_map_each_version_and_drop_unknown_ones() {
    let mut schema = ObjectSchema::deduced();
    schema.subresources.scale_replicas_path = Some(vec!["spec".into(), "replicas".into()]);
    let fm = FieldManager::new(&schema);
    let live = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","managedFields":[
            {"manager":"old","operation":"Update","apiVersion":"apps/v1beta1","time":"t0","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:replicas":{},"f:paused":{}}}},
            {"manager":"gone","operation":"Update","apiVersion":"apps/v9","time":"t0","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:paused":{}}}}
        ]},"spec":{"paused":true,"replicas":1}}"#,
    );
    let scale = json(r#"{"spec":{"replicas":3}}"#);
    let mut req = request("hpa", &scale, "t2");
    req.subresource = Some(Subresource::Scale);
    assert_eq!(
        fm.apply(Some(&live), &req, false).unwrap_err().to_string(),
        r#"Apply failed with 1 conflict: conflict with "old" using autoscaling/v1: .spec.replicas"#
    );
    let forced = fm.apply(Some(&live), &req, true).unwrap().object;
    assert_eq!(
        entries(&forced),
        vec![
            // A new owner gets the parent's time for it: none.
            entry("hpa", "Apply", "apps/v1", "", "scale"),
            entry("old", "Update", "apps/v1beta1", "t0", ""),
        ]
    );
    assert_eq!(
        entry_fields(&forced, 1),
        json(r#"{"f:spec":{"f:paused":{}}}"#)
    );
}

#[test]
fn status_writes_keep_what_the_status_strategy_resets() {
    let live = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"l":"1"}},"spec":{"a":1},"status":{"s":1}}"#,
    );
    let body = json(
        r#"{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d","labels":{"l":"2"},"annotations":{"n":"2"}},"spec":{"a":2},"status":{"s":2}}"#,
    );
    // (built-in kind, stored labels, stored annotations, the writer's fields)
    // A custom resource's /status write keeps the stored metadata, and
    // since 1.36 (kubernetes/kubernetes#137689) metadata is among its
    // reset fields: the writer owns only the status.
    let table = [
        (
            false,
            json(r#"{"l":"1"}"#),
            None,
            json(r#"{"f:status":{"f:s":{}}}"#),
        ),
        (
            true,
            json(r#"{"l":"1"}"#),
            Some(json(r#"{"n":"2"}"#)),
            json(r#"{"f:metadata":{"f:annotations":{".":{},"f:n":{}}},"f:status":{"f:s":{}}}"#),
        ),
    ];
    for (builtin, labels, annotations, fields) in table {
        let mut schema = ObjectSchema::deduced();
        schema.subresources.status = true;
        schema.omit_empty = builtin;
        let fm = FieldManager::new(&schema);
        let created = fm.update(None, &request("c", &live, "t1")).unwrap().object;
        // Created through the main resource: the status is the
        // registry's, not the body's.
        assert_eq!(created.get("status"), None);
        let mut with_status = created.clone();
        with_status
            .as_map_mut()
            .unwrap()
            .insert("status", json(r#"{"s":1}"#));
        let mut req = request("ctl", &body, "t2");
        req.subresource = Some(Subresource::Status);
        let got = fm.update(Some(&with_status), &req).unwrap().object;
        assert_eq!(got.get("spec"), Some(&json(r#"{"a":1}"#)), "{builtin}");
        assert_eq!(got.get("status"), Some(&json(r#"{"s":2}"#)), "{builtin}");
        assert_eq!(
            got.get_path(&["metadata", "labels"]),
            Some(&labels),
            "{builtin}"
        );
        assert_eq!(
            got.get_path(&["metadata", "annotations"]),
            annotations.as_ref(),
            "{builtin}"
        );
        let entries = got
            .get_path(&["metadata", "managedFields"])
            .unwrap()
            .as_list()
            .unwrap();
        let ctl = entries
            .iter()
            .find(|e| e.get("manager") == Some(&Value::from("ctl")))
            .unwrap();
        assert_eq!(ctl.get("subresource"), Some(&Value::from("status")));
        assert_eq!(ctl.get("fieldsV1"), Some(&fields), "{builtin}");
    }
}

/// A device taint's `timeAdded` is the request's time
/// (`SetDefaults_DeviceTaint`), owned by nobody when an apply leaves it
/// out; a DeviceTaintRule's new effect with the old time gets a new one
/// (the strategy's `PrepareForUpdate`), a taint in a ResourceSlice's
/// atomic list is stamped again by every apply that replaces the list.
#[test]
fn device_taints_are_stamped_with_the_request_time() {
    let schema = crate::builtin::lookup("resource.k8s.io/v1beta2", "DeviceTaintRule").unwrap();
    let fm = FieldManager::new(&schema);
    let rule = |effect: &str| {
        json(&format!(
            r#"{{"apiVersion":"resource.k8s.io/v1beta2","kind":"DeviceTaintRule","metadata":{{"name":"r"}},"spec":{{"deviceSelector":{{"driver":"d"}},"taint":{{"key":"k","effect":"{effect}"}}}}}}"#
        ))
    };
    let time_added = |o: &Value| {
        o.get_path(&["spec", "taint", "timeAdded"])
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let (t1, t2, t3) = (
        "2024-01-01T00:00:01Z",
        "2024-01-01T00:00:02Z",
        "2024-01-01T00:00:03Z",
    );
    let first = fm
        .apply(None, &request("a", &rule("NoSchedule"), t1), false)
        .unwrap();
    assert_eq!(time_added(&first.object).as_deref(), Some(t1));
    assert_eq!(
        entry_fields(&first.object, 0),
        json(
            r#"{"f:spec":{"f:deviceSelector":{"f:driver":{}},"f:taint":{"f:effect":{},"f:key":{}}}}"#
        )
    );
    let again = fm
        .apply(
            Some(&first.object),
            &request("a", &rule("NoSchedule"), t2),
            false,
        )
        .unwrap();
    assert!(!again.changed);
    assert_eq!(time_added(&again.object).as_deref(), Some(t1));
    let evicting = fm
        .apply(
            Some(&again.object),
            &request("a", &rule("NoExecute"), t3),
            false,
        )
        .unwrap();
    assert_eq!(time_added(&evicting.object).as_deref(), Some(t3));

    let schema = crate::builtin::lookup("resource.k8s.io/v1", "ResourceSlice").unwrap();
    let fm = FieldManager::new(&schema);
    let slice = json(
        r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceSlice","metadata":{"name":"s"},"spec":{"driver":"d","pool":{"name":"p","generation":1,"resourceSliceCount":1},"allNodes":true,"devices":[{"name":"g","taints":[{"key":"k","effect":"NoSchedule"}]}]}}"#,
    );
    let taint_time = |o: &Value| {
        o.get_path(&["spec", "devices"])
            .and_then(Value::as_list)
            .and_then(|d| d.first())
            .and_then(|d| d.get("taints"))
            .and_then(Value::as_list)
            .and_then(|t| t.first())
            .and_then(|t| t.get("timeAdded"))
            .and_then(Value::as_str)
            .map(str::to_string)
    };
    let first = fm.apply(None, &request("a", &slice, t1), false).unwrap();
    assert_eq!(taint_time(&first.object).as_deref(), Some(t1));
    let again = fm
        .apply(Some(&first.object), &request("a", &slice, t2), false)
        .unwrap();
    assert_eq!(taint_time(&again.object).as_deref(), Some(t2));
}

/// A server-side apply converts the merged object into the Go struct by
/// reflection (`structuredMergeManager.Apply` → `Scheme.unstructuredToTyped`
/// → `FromUnstructured`): an int32 field keeps the low 32 bits of an
/// integer, a float with a fraction fails with the converter's words
/// (a plain error: HTTP 500).
#[test]
fn applied_numbers_convert_into_the_go_struct_as_upstream_converts_them() {
    let schema = crate::builtin::lookup("apps/v1", "Deployment").unwrap();
    let fm = FieldManager::new(&schema);
    let deployment = |replicas: &str, port: &str| {
        json(&format!(
            r#"{{"apiVersion":"apps/v1","kind":"Deployment","metadata":{{"name":"web","namespace":"default"}},"spec":{{"replicas":{replicas},"selector":{{"matchLabels":{{"app":"web"}}}},"template":{{"metadata":{{"labels":{{"app":"web"}}}},"spec":{{"containers":[{{"name":"c","image":"nginx","ports":[{{"containerPort":{port}}}]}}]}}}}}}}}"#
        ))
    };
    let t1 = "2024-01-01T00:00:01Z";
    let stored = fm
        .apply(
            None,
            &request("a", &deployment("4294967297", "80"), t1),
            false,
        )
        .unwrap()
        .object;
    assert_eq!(stored.get_path(&["spec", "replicas"]), Some(&Value::Int(1)));
    // 1e10 reaches the server as the int64 10000000000 (sigs.k8s.io/yaml
    // writes the float without an exponent, util/json reads it back as an
    // integer); the port validation then sees what the conversion left.
    let refused = fm
        .apply(None, &request("a", &deployment("2", "1e10"), t1), false)
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "Deployment.apps \"web\" is invalid: spec.template.spec.containers[0].ports[0].containerPort: Invalid value: 1410065408: must be between 1 and 65535, inclusive"
    );
    let refused = fm
        .apply(None, &request("a", &deployment("1.5", "80"), t1), false)
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "failed to convert new object (default/web; apps/v1, Kind=Deployment) to proper version: unable to convert unstructured object to apps/v1, Kind=Deployment: cannot convert float64 to int32"
    );
    // An IntOrString converts through JSON (structured-merge-diff
    // `TypeReflectCacheEntry.FromUnstructured`: its `UnmarshalJSON` reads
    // the number with encoding/json into an int32, which checks the range).
    let mut surge = deployment("2", "80");
    if let Some(spec) = surge.child_map_mut("spec") {
        spec.insert(
            "strategy",
            json(r#"{"rollingUpdate":{"maxSurge":4294967297}}"#),
        );
    }
    let refused = fm
        .apply(None, &request("a", &surge, t1), false)
        .unwrap_err();
    assert_eq!(
        refused.to_string(),
        "failed to convert new object (default/web; apps/v1, Kind=Deployment) to proper version: unable to convert unstructured object to apps/v1, Kind=Deployment: json: cannot unmarshal number 4294967297 into Go value of type int32"
    );
}

/// Re-applying a manifest that carries the stored uid and
/// creationTimestamp (an exported object) changes nothing: upstream types
/// the live object with its system metadata, so the merge is a no-op and
/// stamps no time.
#[test]
fn reapplying_the_stored_system_metadata_is_a_no_op() {
    let schema = ObjectSchema::deduced();
    let fm = FieldManager::new(&schema);
    let body = json(
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","uid":"u1","creationTimestamp":"2024-01-01T00:00:00Z"},"data":{"k":"v"}}"#,
    );
    let mut live = fm
        .apply(None, &request("a", &body, "t1"), false)
        .unwrap()
        .object;
    let meta = live.child_map_mut("metadata").unwrap();
    meta.insert("uid", Value::from("u1"));
    meta.insert("creationTimestamp", Value::from("2024-01-01T00:00:00Z"));
    let again = fm
        .apply(Some(&live), &request("a", &body, "t2"), false)
        .unwrap();
    assert!(!again.changed);
    assert_eq!(again.object, live);
    // Another creationTimestamp in the configuration is a change (which
    // the server then undoes).
    let other = json(
        r#"{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c","creationTimestamp":null},"data":{"k":"v"}}"#,
    );
    let stamped = fm
        .apply(Some(&live), &request("a", &other, "t3"), false)
        .unwrap();
    assert_eq!(entries(&stamped.object)[0].3, "t3");
    assert_eq!(
        stamped.object.get_path(&["metadata", "creationTimestamp"]),
        Some(&Value::from("2024-01-01T00:00:00Z"))
    );
}
