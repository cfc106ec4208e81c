//! Comparing two result documents by the format's rules: per step the
//! outcome, message, conflicts (as a set) and object; objects as JSON
//! values (key order ignored, list order kept), without the metadata the
//! simulation cannot know (`uid`, `resourceVersion`, `generation`,
//! `creationTimestamp`).

use crate::value::Value;

/// The metadata fields left out of the comparison.
const IGNORED_METADATA: [&str; 4] = ["uid", "resourceVersion", "generation", "creationTimestamp"];

/// `None` when the documents are the same, else the first difference as
/// `steps[2].object.metadata.managedFields[0].time: expected …, got …`.
pub fn compare_results(expected: &Value, actual: &Value) -> Option<String> {
    let steps = |v: &Value| {
        v.get("steps")
            .and_then(Value::as_list)
            .cloned()
            .unwrap_or_default()
    };
    let (e, a) = (steps(expected), steps(actual));
    if e.len() != a.len() {
        return Some(format!(
            "steps: expected {} steps, got {}",
            e.len(),
            a.len()
        ));
    }
    for (i, (es, as_)) in e.iter().zip(a.iter()).enumerate() {
        for key in ["outcome", "message", "conflicts", "object"] {
            let mut ev = es.get(key).cloned();
            let mut av = as_.get(key).cloned();
            if key == "object" {
                ev.iter_mut().for_each(strip_ignored);
                av.iter_mut().for_each(strip_ignored);
            }
            if key == "conflicts" {
                // An absent list and an empty one say the same, and the
                // order is not compared: the server lists the conflicts
                // of several managers in Go's map order.
                for v in [&mut ev, &mut av] {
                    *v = v
                        .take()
                        .filter(|v| v.as_list().is_none_or(|l| !l.is_empty()));
                    if let Some(Value::List(items)) = v {
                        crate::sort::sort_by_key(items, Value::to_json_sorted);
                    }
                }
            }
            if let Some(diff) =
                first_difference(ev.as_ref(), av.as_ref(), &format!("steps[{i}].{key}"))
            {
                return Some(diff);
            }
        }
    }
    None
}

/// Removes the metadata fields the comparison ignores.
pub fn strip_ignored(object: &mut Value) {
    if let Some(meta) = object
        .as_map_mut()
        .and_then(|m| m.get_mut("metadata"))
        .and_then(Value::as_map_mut)
    {
        for key in IGNORED_METADATA {
            meta.remove(key);
        }
    }
}

fn first_difference(e: Option<&Value>, a: Option<&Value>, path: &str) -> Option<String> {
    match (e, a) {
        (None, None) => None,
        (Some(e), None) => Some(format!("{path}: expected {}, got nothing", short(e))),
        (None, Some(a)) => Some(format!("{path}: expected nothing, got {}", short(a))),
        (Some(Value::Map(em)), Some(Value::Map(am))) => {
            for (k, ev) in em {
                if let Some(d) = first_difference(Some(ev), am.get(k), &format!("{path}.{k}")) {
                    return Some(d);
                }
            }
            am.iter()
                .find(|(k, _)| !em.contains_key(k))
                .map(|(k, av)| format!("{path}.{k}: expected nothing, got {}", short(av)))
        }
        (Some(Value::List(el)), Some(Value::List(al))) => {
            for (i, (ev, av)) in el.iter().zip(al.iter()).enumerate() {
                if let Some(d) = first_difference(Some(ev), Some(av), &format!("{path}[{i}]")) {
                    return Some(d);
                }
            }
            (el.len() != al.len())
                .then(|| format!("{path}: expected {} items, got {}", el.len(), al.len()))
        }
        (Some(e), Some(a)) => {
            (e != a).then(|| format!("{path}: expected {}, got {}", short(e), short(a)))
        }
    }
}

/// A value shortened for a message.
fn short(v: &Value) -> String {
    let s = v.to_json();
    if s.chars().count() > 200 {
        format!("{}…", s.chars().take(200).collect::<String>())
    } else {
        s
    }
}
