//! What `kubectl diff` shows of one object: the live object and the
//! server's dry-run answer as YAML files named
//! `GROUP.VERSION.KIND.NAMESPACE.NAME` in a `LIVE-…` and a `MERGED-…`
//! directory (k8s.io/kubectl/pkg/cmd/diff/diff.go), without
//! `managedFields` unless asked, a Secret's `data` masked, compared by
//! `diff -u -N` (see [`unified_diff`]).

use super::ObjectReview;
use crate::value::{Map, Value};

mod unified;
pub use unified::unified_diff;

/// kubectl's masks of a Secret's values (diff.go).
const MASK: &str = "***";
const MASK_BEFORE: &str = "*** (before)";
const MASK_AFTER: &str = "*** (after)";

/// The two files kubectl diff writes for one object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectDiff {
    /// `apps.v1.Deployment.shop.checkout` (`InfoObject.Name`).
    pub name: String,
    /// The live object as YAML (empty when it does not exist: kubectl
    /// writes an empty file).
    pub live: String,
    /// The object after the dry-run apply, as YAML.
    pub merged: String,
}

impl ObjectDiff {
    pub fn differs(&self) -> bool {
        self.live != self.merged
    }
}

/// kubectl diff's flags that change the files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiffOptions {
    /// `--show-managed-fields`.
    pub show_managed_fields: bool,
    /// `--show-secret`.
    pub show_secrets: bool,
}

/// The files of `object`; `None` when its apply was refused (kubectl
/// diff reports the error instead).
pub fn object_diff(object: &ObjectReview, options: DiffOptions) -> Option<ObjectDiff> {
    if !object.outcome.succeeded() {
        return None;
    }
    let api_version = object.api_version();
    let version = api_version.rsplit_once('/').map_or(api_version, |(_, v)| v);
    let group = if object.id.group.is_empty() {
        String::new()
    } else {
        format!("{}.", object.id.group)
    };
    let name = format!(
        "{group}{version}.{}.{}.{}",
        object.id.kind,
        object.id.namespace.as_deref().unwrap_or_default(),
        object.id.name
    );
    let mut live = object.before.clone();
    let mut merged = object
        .after
        .clone()
        .map(|after| dry_run(after, live.as_ref()));
    if object.client_side()
        && let Some(merged) = merged.as_mut()
    {
        keep_last_applied(merged, live.as_ref());
    }
    // kubectl reads the live object through the manifest's version: a
    // custom resource stored in another served version of its CRD comes
    // back in this one (conversion `None`: only its apiVersion).
    if let (Some(Value::Map(before)), Some(after)) = (live.as_mut(), merged.as_ref())
        && let Some(version) = after.get("apiVersion")
    {
        before.insert("apiVersion", version.clone());
    }
    if !options.show_managed_fields {
        for value in live.iter_mut().chain(merged.iter_mut()) {
            crate::managed_fields::remove_from(value);
        }
    }
    // diff.go checks the version and kind only.
    if !options.show_secrets && version == "v1" && object.id.kind == "Secret" {
        mask_secret_data(live.as_mut(), merged.as_mut());
    }
    let print = |value: Option<Value>| {
        value.map_or_else(String::new, |v| {
            crate::yaml::to_yaml_string(&sorted_keys(v))
        })
    };
    Some(ObjectDiff {
        name,
        live: print(live),
        merged: print(merged),
    })
}

/// What a dry run answers: the object as written, but a dry run stores
/// nothing, so the resourceVersion stays the live one (none for a create).
fn dry_run(mut after: Value, live: Option<&Value>) -> Value {
    let live_version = live.and_then(|l| l.get_path(&["metadata", "resourceVersion"]).cloned());
    if let Some(meta) = after.child_map_mut("metadata") {
        match live_version {
            Some(version) => {
                meta.insert("resourceVersion", version);
            }
            None => {
                meta.remove("resourceVersion");
            }
        }
    }
    after
}

/// Without `--server-side`, kubectl diff sends the patch (or the create)
/// without the last-applied annotation (`GetModifiedConfiguration(obj,
/// false, …)`, unlike `kubectl apply`): the merged object keeps the live
/// annotation, or has none.
fn keep_last_applied(merged: &mut Value, live: Option<&Value>) {
    const KEY: &str = super::kubectl::LAST_APPLIED;
    let live_annotations = live.and_then(|l| l.get_path(&["metadata", "annotations"]));
    let live_value = live_annotations.and_then(|a| a.get(KEY)).cloned();
    let Some(meta) = merged.child_map_mut("metadata") else {
        return;
    };
    let Some(annotations) = meta.child_map_mut("annotations") else {
        return;
    };
    match live_value {
        Some(value) => {
            annotations.insert(KEY, value);
        }
        None => {
            annotations.remove(KEY);
            if annotations.is_empty() && live_annotations.is_none() {
                meta.remove("annotations");
            }
        }
    }
}

/// kubectl's `Masker`: every value of `data` becomes `***`, and a key
/// whose value differs becomes `*** (before)` / `*** (after)` so the diff
/// still shows that it changed. `stringData` is masked the same way: a
/// server never returns it (it moves it into `data`), but the engine
/// stores it as applied, and its values are no less secret.
fn mask_secret_data(mut from: Option<&mut Value>, mut to: Option<&mut Value>) {
    for field in ["data", "stringData"] {
        mask_secret_field(field, from.as_deref_mut(), to.as_deref_mut());
    }
}

fn mask_secret_field(field: &str, from: Option<&mut Value>, to: Option<&mut Value>) {
    let data_of = |v: &Option<&mut Value>| -> Option<Map> {
        v.as_ref()
            .and_then(|v| v.get(field))
            .and_then(Value::as_map)
            .cloned()
    };
    let (from_data, to_data) = (data_of(&from), data_of(&to));
    let mut from_masked = from_data.clone();
    let mut to_masked = to_data.clone();
    let set = |map: &mut Option<Map>, key: &str, mask: &str| {
        if let Some(map) = map.as_mut() {
            map.insert(key, Value::String(mask.to_string()));
        }
    };
    if let Some(from_data) = &from_data {
        for (key, value) in from_data {
            match to_data.as_ref().and_then(|t| t.get(key)) {
                Some(other) if other != value => {
                    set(&mut from_masked, key, MASK_BEFORE);
                    set(&mut to_masked, key, MASK_AFTER);
                }
                Some(_) => {
                    set(&mut from_masked, key, MASK);
                    set(&mut to_masked, key, MASK);
                }
                None => set(&mut from_masked, key, MASK),
            }
        }
    }
    if let Some(to_data) = &to_data {
        for key in to_data.keys() {
            if from_data.as_ref().is_none_or(|f| !f.contains_key(key)) {
                set(&mut to_masked, key, MASK);
            }
        }
    }
    for (object, masked) in [(from, from_masked), (to, to_masked)] {
        if let (Some(Value::Map(object)), Some(masked)) = (object, masked) {
            object.insert(field, Value::Map(masked));
        }
    }
}

/// go-yaml v2's `keyList.Less` for string keys: a non-letter before a
/// letter, letters by code point, and a run of digits by its number
/// (`file2` before `file10`), a run with more digits (leading zeros) after.
fn go_yaml_key_order(a: &str, b: &str) -> std::cmp::Ordering {
    let (ar, br): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let digit = |c: &char| c.is_ascii_digit();
    for i in 0..ar.len().min(br.len()) {
        let (x, y) = (ar[i], br[i]);
        if x == y {
            continue;
        }
        match (x.is_alphabetic(), y.is_alphabetic()) {
            (true, true) => return x.cmp(&y),
            (true, false) => return std::cmp::Ordering::Greater,
            (false, true) => return std::cmp::Ordering::Less,
            _ => {}
        }
        // A zero after other digits of the run makes both numbers
        // nonzero before they are read (upstream's `an = 1; bn = 1`).
        let seeded = (x == '0' || y == '0')
            && ar[..i]
                .iter()
                .rev()
                .take_while(|c| digit(c))
                .any(|&c| c != '0');
        let number = |r: &[char]| {
            let run = r[i..].iter().take_while(|c| digit(c)).count();
            let n = r[i..i + run].iter().fold(i64::from(seeded), |n, c| {
                n.wrapping_mul(10).wrapping_add(i64::from(*c as u8 - b'0'))
            });
            (n, run)
        };
        let ((an, ai), (bn, bi)) = (number(&ar), number(&br));
        return an.cmp(&bn).then(ai.cmp(&bi)).then(x.cmp(&y));
    }
    ar.len().cmp(&br.len())
}

/// The value with every map's keys sorted, as sigs.k8s.io/yaml prints a
/// map decoded from JSON: go-yaml v2's `keyList` order.
pub fn sorted_keys(value: Value) -> Value {
    match value {
        Value::Map(map) => {
            let mut entries: Vec<(String, Value)> =
                map.into_iter().map(|(k, v)| (k, sorted_keys(v))).collect();
            crate::sort::sort_by(&mut entries, |a, b| go_yaml_key_order(&a.0, &b.0));
            Value::Map(entries.into_iter().collect())
        }
        Value::List(items) => Value::List(items.into_iter().map(sorted_keys).collect()),
        other => other,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "a test fails loudly")]
mod tests {
    use super::*;

    fn secret(data: &str) -> Value {
        crate::yaml::parse(&format!(
            "apiVersion: v1\nkind: Secret\nmetadata: {{name: s}}\ndata: {data}\n"
        ))
        .unwrap()
        .value
    }

    #[test]
    fn secret_values_are_masked_and_changed_ones_marked() {
        let mut from = secret("{same: YQ==, changed: Yg==, gone: Yw==}");
        let mut to = secret("{same: YQ==, changed: ZA==, new: ZQ==}");
        mask_secret_data(Some(&mut from), Some(&mut to));
        assert_eq!(
            from.get("data").unwrap().to_json(),
            r#"{"same":"***","changed":"*** (before)","gone":"***"}"#
        );
        assert_eq!(
            to.get("data").unwrap().to_json(),
            r#"{"same":"***","changed":"*** (after)","new":"***"}"#
        );
        let mut created = secret("{k: YQ==}");
        mask_secret_data(None, Some(&mut created));
        assert_eq!(created.get("data").unwrap().to_json(), r#"{"k":"***"}"#);
    }

    #[test]
    fn files_are_named_as_kubectl_diff_names_them() {
        let manifests = "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata: {name: reader}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\ndata: {k: YQ==}\n";
        let review = crate::review::review(
            &[crate::review::Source {
                name: "m",
                text: manifests,
            }],
            &[],
            &[],
            &crate::review::Options {
                server_side: true,
                ..Default::default()
            },
        );
        let diffs: Vec<ObjectDiff> = review
            .objects
            .iter()
            .filter_map(|o| object_diff(o, DiffOptions::default()))
            .collect();
        // A cluster-scoped object's namespace is empty; the core group adds
        // no prefix.
        assert_eq!(
            diffs[0].name,
            "rbac.authorization.k8s.io.v1.ClusterRole..reader"
        );
        assert_eq!(diffs[1].name, "v1.Secret.default.s");
        // A created object: an empty live file, the Secret's value masked.
        assert_eq!(diffs[1].live, "");
        assert!(
            diffs[1].merged.contains("data:\n  k: '***'\n"),
            "{}",
            diffs[1].merged
        );
        assert!(
            !diffs[1].merged.contains("resourceVersion"),
            "a dry run stores nothing"
        );
    }

    #[test]
    fn keys_are_printed_sorted() {
        let value = crate::yaml::parse("b: 1\na: {d: 1, c: [{z: 1, w: 2}]}\n")
            .unwrap()
            .value;
        assert_eq!(
            crate::yaml::to_yaml_string(&sorted_keys(value)),
            "a:\n  c:\n  - w: 2\n    z: 1\n  d: 1\nb: 1\n"
        );
    }

    /// go-yaml's key order, as kubectl prints YAML (checked with
    /// `tools/emit-diff`): digit runs by number, non-letters first.
    #[test]
    fn keys_in_go_yaml_order() {
        let keys = [
            "file10", "b", "file2", "_x", "A", "file1", "a.b", "a", "x02", "x2", "x1",
        ];
        let mut map = crate::value::Map::new();
        for k in keys {
            map.insert(k, Value::Null);
        }
        let sorted = sorted_keys(Value::Map(map));
        let order: Vec<&String> = sorted.as_map().unwrap().keys().collect();
        assert_eq!(
            order,
            [
                "_x", "A", "a", "a.b", "b", "file1", "file2", "file10", "x1", "x2", "x02"
            ]
        );
    }
}
