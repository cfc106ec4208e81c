//! Upstream `conflict.go` (`NewConflictError`): a refusal of the inner
//! layers worded as the server words it, conflicts sorted by manager.

use super::{ConflictReport, WriteError};
use crate::fieldpath::Path;
use crate::managed_fields::ManagerId;
use crate::merge::MergeError;
use crate::registry::StoreRefusal;

/// A refusal before it is worded.
pub(super) enum Refusal {
    /// (manager identifier, path) of each conflicting field.
    Conflicts(Vec<(String, Path)>),
    Invalid(String),
    /// The store's checks of the object's resourceVersion.
    Store(StoreRefusal),
}

impl From<MergeError> for Refusal {
    fn from(e: MergeError) -> Self {
        match e {
            MergeError::Conflicts(c) => {
                Refusal::Conflicts(c.into_iter().map(|c| (c.manager, c.path)).collect())
            }
            MergeError::InvalidConfig(e) => {
                Refusal::Invalid(format!("failed to create typed patch object: {e}"))
            }
            MergeError::InvalidLive(e) => {
                Refusal::Invalid(format!("failed to create typed live object: {e}"))
            }
            MergeError::InvalidNew(e) => {
                Refusal::Invalid(format!("failed to create typed new object: {e}"))
            }
        }
    }
}

impl From<StoreRefusal> for WriteError {
    fn from(r: StoreRefusal) -> Self {
        Refusal::Store(r).into_write_error()
    }
}

impl Refusal {
    pub(super) fn into_write_error(self) -> WriteError {
        match self {
            Refusal::Invalid(message) => WriteError::Invalid { message },
            Refusal::Store(StoreRefusal::Conflict(message)) => WriteError::Conflict {
                message,
                conflicts: Vec::new(),
            },
            Refusal::Store(StoreRefusal::Internal(message)) => WriteError::Invalid { message },
            Refusal::Conflicts(mut conflicts) => {
                // The server lists conflicts by manager identifier.
                crate::sort::sort_by(&mut conflicts, |a, b| a.0.cmp(&b.0));
                WriteError::Conflict {
                    message: conflict_message(&conflicts),
                    conflicts: reports(&conflicts),
                }
            }
        }
    }
}

fn reports(conflicts: &[(String, Path)]) -> Vec<ConflictReport> {
    conflicts
        .iter()
        .map(|(id, path)| {
            let decoded = ManagerId::decode(id);
            ConflictReport {
                manager: decoded
                    .as_ref()
                    .map(|d| d.manager.clone())
                    .unwrap_or_else(|| id.clone()),
                subresource: decoded
                    .and_then(|d| (!d.subresource.is_empty()).then_some(d.subresource)),
                field: path.to_string(),
                path: path.clone(),
            }
        })
        .collect()
}

/// The conflict message of upstream `NewConflictError`.
pub(super) fn conflict_message(conflicts: &[(String, Path)]) -> String {
    // Upstream's `printManager` adds ` at <time>` for an identifier that
    // carries a time; the identifiers the server builds carry none
    // (`BuildManagerIdentifier` drops it), so that branch is left out.
    let describe = |id: &str| {
        ManagerId::decode(id)
            .map(|d| d.describe())
            .unwrap_or_else(|| crate::value::go_quote(id))
    };
    if let [(id, path)] = conflicts {
        return format!(
            "Apply failed with 1 conflict: conflict with {}: {path}",
            describe(id)
        );
    }
    let mut lines = Vec::new();
    let mut current: Option<&str> = None;
    for (id, path) in conflicts {
        if current != Some(id.as_str()) {
            lines.push(format!("conflicts with {}:", describe(id)));
            current = Some(id);
        }
        lines.push(format!("- {path}"));
    }
    format!(
        "Apply failed with {} conflicts: {}",
        conflicts.len(),
        lines.join("\n")
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    /// Upstream `conflict.go`'s `NewConflictError` wording.
    #[test]
    fn conflict_messages_word_for_word() {
        let path = |p: &[&str]| Path::fields(p);
        let a = ManagerId::apply("Mozilla", "").encode();
        let u = ManagerId::update("hpa", "apps/v1", "scale").encode();
        let e = ManagerId::apply("équipe-données (paris)", "").encode();
        let table: Vec<(Vec<(String, Path)>, &str)> = vec![
            (
                vec![(u.clone(), path(&["spec", "replicas"]))],
                r#"Apply failed with 1 conflict: conflict with "hpa" with subresource "scale" using apps/v1: .spec.replicas"#,
            ),
            (
                vec![
                    (a.clone(), path(&["data", "tier"])),
                    (e.clone(), path(&["data", "retention"])),
                ],
                "Apply failed with 2 conflicts: conflicts with \"Mozilla\":\n- .data.tier\nconflicts with \"équipe-données (paris)\":\n- .data.retention",
            ),
            (
                vec![
                    (a.clone(), path(&["data", "a"])),
                    (a.clone(), path(&["data", "b"])),
                ],
                "Apply failed with 2 conflicts: conflicts with \"Mozilla\":\n- .data.a\n- .data.b",
            ),
            (
                vec![("not an identifier".into(), path(&["x"]))],
                r#"Apply failed with 1 conflict: conflict with "not an identifier": .x"#,
            ),
        ];
        for (conflicts, message) in table {
            assert_eq!(conflict_message(&conflicts), message);
        }
    }

    #[test]
    fn conflict_reports_name_manager_and_subresource() {
        let refusal = Refusal::Conflicts(vec![
            (
                ManagerId::update("hpa", "apps/v1", "scale").encode(),
                Path::fields(&["spec", "replicas"]),
            ),
            (
                ManagerId::apply("a", "").encode(),
                Path::fields(&["spec", "paused"]),
            ),
        ]);
        let WriteError::Conflict { conflicts, .. } = refusal.into_write_error() else {
            panic!("not a conflict")
        };
        let got: Vec<_> = conflicts
            .iter()
            .map(|c| {
                (
                    c.manager.as_str(),
                    c.subresource.as_deref(),
                    c.field.as_str(),
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                ("a", None, ".spec.paused"),
                ("hpa", Some("scale"), ".spec.replicas")
            ]
        );
    }

    /// structured-merge-diff v6 (commit 15d07547) `merge/conflict_test.go`:
    /// `TestNewFromSets`, `TestConflictsFromManagers` and `TestToSet`.
    /// SMD's `ConflictsFromManagers` lists each manager's set in
    /// `Iterate` order, as the Updater here does (`set.paths()`), and
    /// `Conflicts.Error` groups them by sorted manager: the message after
    /// the server's `Apply failed with N conflicts: `. Plain names are not
    /// manager identifiers, so they print quoted, as SMD prints them.
    #[test]
    fn smd_conflicts_from_managers() {
        use crate::fieldpath::{KeyFields, PathElement, Set};
        use crate::value::Value;
        let item = || {
            PathElement::Key(KeyFields::new([
                ("key", Value::from("a")),
                ("id", Value::Int(2)),
            ]))
        };
        let p = |head: &[&str], tail: Option<&str>| {
            let mut p = Path::fields(head);
            if let Some(t) = tail {
                p = p.child(item()).child(PathElement::Field(t.into()));
            }
            p
        };
        // SMD's map of managers iterates in random order; the message
        // sorts them.
        let managers = [
            (
                "Bob",
                Set::from_paths(&[p(&["key"], None), p(&["list"], Some("id"))]),
            ),
            (
                "Alice",
                Set::from_paths(&[p(&["value"], None), p(&["list"], Some("key"))]),
            ),
        ];
        let list = |managers: &[(&str, Set)]| -> Vec<(String, Path)> {
            managers
                .iter()
                .flat_map(|(m, set)| set.paths().into_iter().map(|p| (m.to_string(), p)))
                .collect()
        };
        let message = |managers: &[(&str, Set)]| {
            let WriteError::Conflict { message, .. } =
                Refusal::Conflicts(list(managers)).into_write_error()
            else {
                panic!("not a conflict")
            };
            message
        };
        assert_eq!(
            message(&managers),
            "Apply failed with 4 conflicts: conflicts with \"Alice\":\n- .value\n- .list[id=2,key=\"a\"].key\nconflicts with \"Bob\":\n- .key\n- .list[id=2,key=\"a\"].id"
        );
        // `TestToSet`: the conflicts' paths, as one set.
        let all: Vec<Path> = list(&managers).into_iter().map(|(_, p)| p).collect();
        assert_eq!(
            Set::from_paths(&all),
            Set::from_paths(&[
                p(&["key"], None),
                p(&["value"], None),
                p(&["list"], Some("id")),
                p(&["list"], Some("key")),
            ])
        );
        // `TestConflictsFromManagers`.
        let named = |f: &str| {
            Path::fields(&["obj", "template", "obj", "list"])
                .child(PathElement::Key(KeyFields::new([(
                    "name",
                    Value::from("a"),
                )])))
                .child(PathElement::Field(f.into()))
        };
        assert_eq!(
            message(&[("Bob", Set::from_paths(&[named("id"), named("key")]))]),
            "Apply failed with 2 conflicts: conflicts with \"Bob\":\n- .obj.template.obj.list[name=\"a\"].id\n- .obj.template.obj.list[name=\"a\"].key"
        );
    }
}
