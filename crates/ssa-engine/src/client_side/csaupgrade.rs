//! kubectl's move from client-side to server-side apply: client-go's
//! `util/csaupgrade/upgrade.go` as `kubectl apply --server-side` calls it
//! (`migrateToSSAIfNecessary` in kubectl's `apply.go`). Every Update entry
//! that owns the last-applied annotation names a client-side manager
//! (`FindFieldsOwners`, whatever the manager's name: `kubectl edit`,
//! `kubectl-client-side-apply` or a `--field-manager` of the user's); its
//! main-resource entries are merged into the applier's Apply entry, and
//! kubectl sends the result as a JSON patch of `metadata.managedFields`.
//!
//! The functions work on the wire entries in their stored order, because
//! upstream picks "the first" matching entry of that list.

use crate::fieldpath::{Path, Set};
use crate::value::Value;

fn text<'a>(entry: &'a Value, key: &str) -> &'a str {
    entry.get(key).and_then(Value::as_str).unwrap_or("")
}

/// The field set of one entry (`decodeManagedFieldsEntrySet`).
fn entry_set(entry: &Value) -> Result<Set, String> {
    Set::from_fields_v1(entry.get("fieldsV1").unwrap_or(&Value::Null)).map_err(|e| e.to_string())
}

/// Upstream `FindFieldsOwners` for one path: the entries of `operation`
/// whose fields include `path`; entries whose fields cannot be read are
/// skipped.
pub(super) fn find_fields_owners<'a>(
    entries: &'a [Value],
    operation: &str,
    path: &Path,
) -> Vec<&'a Value> {
    entries
        .iter()
        .filter(|e| text(e, "operation") == operation)
        .filter(|e| entry_set(e).is_ok_and(|s| s.has(path)))
        .collect()
}

/// Upstream `UpgradeManagedFields` over `csa_managers` in the order given:
/// the entries with every main-resource Update entry of those managers
/// merged into `ssa_manager`'s Apply entry (upstream iterates a Go set, in
/// no fixed order; callers pass the names sorted).
pub(super) fn upgrade_managed_fields(
    entries: &[Value],
    csa_managers: &[String],
    ssa_manager: &str,
) -> Result<Vec<Value>, String> {
    let mut entries = entries.to_vec();
    for csa in csa_managers {
        entries = upgraded_managed_fields(entries, csa, ssa_manager)?;
    }
    Ok(entries)
}

/// Whether `entry` is a main-resource Update entry of `manager`.
fn is_csa_entry(entry: &Value, manager: &str) -> bool {
    text(entry, "manager") == manager
        && text(entry, "operation") == "Update"
        && text(entry, "subresource").is_empty()
}

/// Upstream `upgradedManagedFields`: the applier's Apply entry (or, when it
/// has none, the first Update entry of `csa` turned into it) takes the
/// fields of `csa`'s Update entry of the same API version; every
/// main-resource Update entry of `csa` goes.
fn upgraded_managed_fields(
    mut entries: Vec<Value>,
    csa: &str,
    ssa: &str,
) -> Result<Vec<Value>, String> {
    let ssa_index = entries.iter().position(|e| {
        text(e, "manager") == ssa
            && text(e, "operation") == "Apply"
            && text(e, "subresource").is_empty()
    });
    let target = match ssa_index {
        Some(i) => i,
        None => {
            let Some(i) = entries.iter().position(|e| is_csa_entry(e, csa)) else {
                return Ok(entries);
            };
            if let Some(entry) = entries.get_mut(i).and_then(Value::as_map_mut) {
                entry.insert("operation", Value::from("Apply"));
                entry.insert("manager", Value::from(ssa));
            }
            i
        }
    };
    union_manager_into_index(&mut entries, target, csa)?;
    entries.retain(|e| !is_csa_entry(e, csa));
    Ok(entries)
}

/// Upstream `unionManagerIntoIndex`: the entry at `target` takes the fields
/// of `csa`'s first main-resource Update entry of the same API version.
fn union_manager_into_index(entries: &mut [Value], target: usize, csa: &str) -> Result<(), String> {
    let Some(ssa_entry) = entries.get(target) else {
        return Ok(());
    };
    let version = text(ssa_entry, "apiVersion").to_string();
    let mut combined =
        entry_set(ssa_entry).map_err(|e| format!("failed to convert fields to set: {e}"))?;
    if let Some(csa_entry) = entries
        .iter()
        .find(|e| is_csa_entry(e, csa) && text(e, "apiVersion") == version)
    {
        let csa_set =
            entry_set(csa_entry).map_err(|e| format!("failed to convert fields to set: {e}"))?;
        combined = combined.union(&csa_set);
    }
    if let Some(entry) = entries.get_mut(target).and_then(Value::as_map_mut) {
        entry.insert("fieldsV1", combined.to_fields_v1());
    }
    Ok(())
}

#[cfg(test)]
mod upstream_tests;

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn entries(json: &str) -> Vec<Value> {
        Value::from_json_str(json)
            .unwrap()
            .as_list()
            .unwrap()
            .to_vec()
    }

    fn annotation() -> Path {
        Path::fields(&[
            "metadata",
            "annotations",
            "kubectl.kubernetes.io/last-applied-configuration",
        ])
    }

    const ANNOTATED: &str = r#"{"f:metadata":{"f:annotations":{"f:kubectl.kubernetes.io/last-applied-configuration":{}}}}"#;

    /// client-go `csaupgrade.FindFieldsOwners`: by operation and field,
    /// whatever the manager is called.
    #[test]
    fn owners_of_the_annotation_are_found_by_field() {
        let list = entries(
            &r#"[{"manager":"kubectl","operation":"Apply","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":ANNOTATED},
                {"manager":"kubectl-edit","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":ANNOTATED},
                {"manager":"my-csa","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":ANNOTATED},
                {"manager":"broken","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":"x"},
                {"manager":"other","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{"f:data":{}}}]"#
                .replace("ANNOTATED", ANNOTATED),
        );
        let owners: Vec<&str> = find_fields_owners(&list, "Update", &annotation())
            .into_iter()
            .map(|e| text(e, "manager"))
            .collect();
        assert_eq!(owners, ["kubectl-edit", "my-csa"]);
    }

    /// client-go `csaupgrade.UpgradeManagedFields`: without an Apply entry
    /// the first client-side entry becomes the applier's (keeping its time
    /// and version); its other main-resource entries go, fields merged only
    /// from the same API version; subresource entries stay.
    #[test]
    fn client_side_entries_become_the_appliers() {
        let list = entries(
            r#"[{"manager":"csa","operation":"Update","apiVersion":"apps/v1","time":"t1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:a":{}}}},
                {"manager":"csa","operation":"Update","apiVersion":"apps/v1beta1","time":"t2","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:b":{}}}},
                {"manager":"csa","operation":"Update","apiVersion":"apps/v1","subresource":"status","time":"t3","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:c":{}}}}]"#,
        );
        let out = upgrade_managed_fields(&list, &["csa".to_string()], "kubectl").unwrap();
        assert_eq!(out.len(), 2);
        assert_eq!(
            (text(&out[0], "manager"), text(&out[0], "operation")),
            ("kubectl", "Apply")
        );
        assert_eq!(
            (text(&out[0], "time"), text(&out[0], "apiVersion")),
            ("t1", "apps/v1")
        );
        assert_eq!(
            out[0].get("fieldsV1").unwrap().to_json_sorted(),
            r#"{"f:spec":{"f:a":{}}}"#
        );
        assert_eq!(text(&out[1], "subresource"), "status");

        // With an Apply entry, the client-side fields of its version join it.
        let list = entries(
            r#"[{"manager":"kubectl","operation":"Apply","apiVersion":"apps/v1","time":"t0","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:x":{}}}},
                {"manager":"a","operation":"Update","apiVersion":"apps/v1","time":"t1","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:a":{}}}},
                {"manager":"b","operation":"Update","apiVersion":"apps/v1","time":"t2","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:b":{}}}}]"#,
        );
        let out =
            upgrade_managed_fields(&list, &["a".to_string(), "b".to_string()], "kubectl").unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(text(&out[0], "time"), "t0");
        assert_eq!(
            out[0].get("fieldsV1").unwrap().to_json_sorted(),
            r#"{"f:spec":{"f:a":{},"f:b":{},"f:x":{}}}"#
        );
        // Nothing to move: the entries come back as they were.
        assert_eq!(
            upgrade_managed_fields(&out, &["a".to_string()], "kubectl").unwrap(),
            out
        );
    }
}

/// `tools/csa-diff`'s comparison: random managedFields upgraded by
/// client-go's `UpgradeManagedFields` (`$CSA_DIFF/in.jsonl`, `out.jsonl`),
/// one CSA manager at a time in the case's (sorted) order, as kubectl's
/// callers here pass them. Run by hand: `CSA_DIFF=DIR cargo test -p
/// ssa-engine --lib csa_diff -- --ignored`.
#[cfg(test)]
mod csa_diff {
    use crate::value::Value;

    #[test]
    #[ignore = "needs the files tools/csa-diff writes"]
    fn csa_diff_against_client_go() {
        crate::upstream_diff::each_case("CSA_DIFF", |case, answer| {
            let list = |v: &Value, k: &str| v.get(k).and_then(Value::as_list).cloned();
            let entries = list(case, "entries").unwrap_or_default();
            let csa: Vec<String> = list(case, "csa")
                .unwrap_or_default()
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect();
            let ssa = case.get("ssa").and_then(Value::as_str).unwrap_or("");
            let ours = super::upgrade_managed_fields(&entries, &csa, ssa);
            match (ours, list(answer, "entries")) {
                (Ok(v), Some(g)) if v == g => None,
                (Err(_), None) => None,
                (ours, _) => Some(format!("ours: {ours:?}")),
            }
        });
    }
}
