//! Kubernetes' strategic merge patch: a merge patch that knows, from the
//! schema's patch strategies, that some lists merge by a key
//! (`containers` by `name`) or as sets, and that understands the
//! directives `$patch` (`replace`, `delete`, `merge`), `$retainKeys`,
//! `$setElementOrder/<list>` and `$deleteFromPrimitiveList/<list>`.

use super::PatchError;
use crate::schema::{MapType, ObjectSchema, Schema, TypeId};
use crate::value::{Map, Value};

/// The message the API server gives for a strategic patch of a kind
/// without Go types (custom resources).
const UNSUPPORTED: &str = "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml";

/// `target` with the strategic merge patch `patch` applied.
pub fn apply_strategic_patch(
    schema: &ObjectSchema,
    target: &Value,
    patch: &Value,
) -> Result<Value, PatchError> {
    if !schema.omit_empty {
        return Err(PatchError::new(UNSUPPORTED));
    }
    let Value::Map(p) = patch else {
        return Err(PatchError::new("a strategic merge patch must be a map"));
    };
    let t = target.as_map().cloned().unwrap_or_default();
    merge_map(&schema.schema, Some(schema.root), t, p)
        .map(|m| m.map(Value::Map).unwrap_or(Value::Null))
}

/// Merges patch map `p` into `t`; `None` when a `$patch: delete` deletes it.
fn merge_map(
    schema: &Schema,
    ty: Option<TypeId>,
    mut t: Map,
    p: &Map,
) -> Result<Option<Map>, PatchError> {
    match p.get("$patch").and_then(Value::as_str) {
        Some("delete") => return Ok(None),
        Some("replace") => {
            let mut replaced = p.clone();
            replaced.remove("$patch");
            return Ok(Some(replaced));
        }
        Some("merge") | None => {}
        Some(other) => return Err(PatchError::new(format!("unknown patch type: {other}"))),
    }
    let map_type = ty.and_then(|ty| schema.atom(ty).map.as_ref());
    // `$setElementOrder/<list>`: the order the patch wants for a list.
    let orders: Vec<(&str, &Value)> = p
        .iter()
        .filter_map(|(k, v)| k.strip_prefix("$setElementOrder/").map(|list| (list, v)))
        .collect();
    let order_of = |key: &str| {
        orders
            .iter()
            .find(|(l, _)| *l == key)
            .and_then(|(_, v)| v.as_list())
    };
    for (key, value) in p {
        if key == "$patch" || key == "$retainKeys" {
            continue;
        }
        if key.starts_with("$setElementOrder/") {
            continue;
        }
        if let Some(list) = key.strip_prefix("$deleteFromPrimitiveList/") {
            if let (Some(Value::List(items)), Value::List(delete)) = (t.get_mut(list), value) {
                items.retain(|i| !delete.contains(i));
            }
            continue;
        }
        if value.is_null() {
            t.remove(key);
            continue;
        }
        let child_type = map_type.and_then(|m| m.type_of(key));
        let merged = match (t.get(key), value) {
            (Some(Value::Map(tm)), Value::Map(pm)) => {
                merge_map(schema, child_type, tm.clone(), pm)?.map(Value::Map)
            }
            (None, Value::Map(pm)) => {
                merge_map(schema, child_type, Map::new(), pm)?.map(Value::Map)
            }
            (Some(Value::List(tl)), Value::List(pl)) => Some(Value::List(merge_list(
                schema,
                child_type,
                field_strategy(map_type, key),
                tl.clone(),
                pl,
                order_of(key),
            )?)),
            (None, Value::List(pl)) => Some(Value::List(merge_list(
                schema,
                child_type,
                field_strategy(map_type, key),
                Vec::new(),
                pl,
                order_of(key),
            )?)),
            (_, v) => Some(strip_directives(v)),
        };
        match merged {
            Some(v) => {
                t.insert(key.clone(), v);
            }
            None => {
                t.remove(key);
            }
        }
    }
    for (list, order) in orders.iter().filter(|(list, _)| !p.contains_key(list)) {
        if let (Some(Value::List(items)), Value::List(order)) = (t.get_mut(list), order) {
            reorder(
                items,
                order,
                map_type
                    .and_then(|m| m.field(list))
                    .and_then(|f| f.patch_merge_key.clone()),
            );
        }
    }
    if let Some(Value::List(keep)) = p.get("$retainKeys") {
        t.retain(|k, _| keep.iter().any(|v| v.as_str() == Some(k.as_str())));
    }
    Ok(Some(t))
}

/// (merges, merge key) of a list field from its patch strategy.
fn field_strategy(map_type: Option<&MapType>, key: &str) -> (bool, Option<String>) {
    let field = map_type.and_then(|m| m.field(key));
    let merges = field
        .and_then(|f| f.patch_strategy.as_deref())
        .is_some_and(|s| s.split(',').any(|p| p == "merge"));
    (merges, field.and_then(|f| f.patch_merge_key.clone()))
}

fn merge_list(
    schema: &Schema,
    ty: Option<TypeId>,
    (merges, key): (bool, Option<String>),
    target: Vec<Value>,
    patch: &[Value],
    order: Option<&Vec<Value>>,
) -> Result<Vec<Value>, PatchError> {
    if !merges {
        return Ok(patch.iter().map(strip_directives).collect());
    }
    let replace = |i: &Value| i.get("$patch").and_then(Value::as_str) == Some("replace");
    if patch.iter().any(replace) {
        return Ok(patch
            .iter()
            .filter(|i| i.get("$patch").is_none())
            .map(strip_directives)
            .collect());
    }
    let element = ty
        .and_then(|t| schema.atom(t).list.as_ref())
        .map(|l| l.element_type);
    let id_of = |v: &Value| -> Option<Value> {
        match &key {
            Some(k) => v.get(k).cloned(),
            None => Some(v.clone()),
        }
    };
    // The live list with the patch merged in: named items merged in
    // place, new ones appended, deleted ones gone.
    let mut merged: Vec<Value> = target.clone();
    for item in patch {
        let Some(id) = id_of(item) else { continue };
        let position = merged.iter().position(|t| id_of(t).as_ref() == Some(&id));
        match (&key, item, position) {
            (Some(_), Value::Map(pm), position) => {
                let delete = pm.get("$patch").and_then(Value::as_str) == Some("delete");
                let existing = position
                    .and_then(|i| merged[i].as_map().cloned())
                    .unwrap_or_default();
                let result = if delete {
                    None
                } else {
                    merge_map(schema, element, existing, pm)?
                };
                match (position, result) {
                    (Some(i), Some(m)) => merged[i] = Value::Map(m),
                    (Some(i), None) => {
                        merged.remove(i);
                    }
                    (None, Some(m)) => merged.push(Value::Map(m)),
                    (None, None) => {}
                }
            }
            (Some(_), _, _) => {}
            (None, v, None) => merged.push(v.clone()),
            (None, _, Some(_)) => {}
        }
    }
    // Then the order: the items the patch names (or its $setElementOrder
    // lists) in that order, the others in their live order, interleaved
    // (upstream `normalizeElementOrder`).
    let names: &[Value] = order.map(Vec::as_slice).unwrap_or(patch);
    let rank = |v: &Value| {
        let id = id_of(v);
        names.iter().position(|o| id_of(o) == id)
    };
    // The live order to interleave by: with $setElementOrder upstream
    // compares against the merged list (new items included, at its end);
    // without it, against the live list.
    let server_order = if order.is_some() {
        merged.clone()
    } else {
        target
    };
    let (mut named, server_only): (Vec<Value>, Vec<Value>) =
        merged.into_iter().partition(|v| rank(v).is_some());
    crate::sort::sort_by_key(&mut named, |v| rank(v));
    Ok(merge_sorted(server_only, named, &server_order, &id_of))
}

/// Interleaves the live items the patch did not name (`left`) with the
/// patch's items (`right`), keeping the order within each; a live item goes
/// before a patch item only when the live list had it first (upstream
/// `mergeSortedSlice`).
fn merge_sorted(
    left: Vec<Value>,
    right: Vec<Value>,
    server: &[Value],
    id_of: &dyn Fn(&Value) -> Option<Value>,
) -> Vec<Value> {
    let position = |v: &Value| {
        id_of(v).and_then(|id| server.iter().position(|s| id_of(s).as_ref() == Some(&id)))
    };
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
    loop {
        let take_left = match (l.peek(), r.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some(a), Some(b)) => {
                matches!((position(a), position(b)), (Some(pa), Some(pb)) if pa < pb)
            }
        };
        let next = if take_left { l.next() } else { r.next() };
        out.extend(next);
    }
    out
}

/// Orders `items` as `order` lists them; unlisted items keep their place
/// after the listed ones.
fn reorder(items: &mut [Value], order: &[Value], key: Option<String>) {
    let id = |v: &Value| match &key {
        Some(k) => v.get(k).cloned(),
        None => Some(v.clone()),
    };
    let rank = |v: &Value| {
        let this = id(v);
        order
            .iter()
            .position(|o| id(o) == this)
            .unwrap_or(usize::MAX)
    };
    crate::sort::sort_by_key(items, |v| rank(v));
}

/// A value from a patch without any `$` directives left in it.
fn strip_directives(v: &Value) -> Value {
    match v {
        Value::Map(m) => Value::Map(
            m.iter()
                .filter(|(k, _)| !k.starts_with('$'))
                .map(|(k, v)| (k.clone(), strip_directives(v)))
                .collect(),
        ),
        Value::List(l) => Value::List(l.iter().map(strip_directives).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{
        Atom, ElementRelationship, ListType, ScalarKind, StructField, Subresources,
    };
    use std::sync::Arc;

    /// `spec: {containers: [{name, image, args}] merged by name, finalizers: set (merge), args: atomic}`.
    fn schema() -> ObjectSchema {
        let mut s = Schema::new();
        let string = s.push(Atom {
            scalar: Some(ScalarKind::String),
            ..Atom::default()
        });
        let strings = s.push(Atom {
            list: Some(ListType {
                element_type: string,
                relationship: ElementRelationship::Atomic,
                keys: vec![],
            }),
            ..Atom::default()
        });
        let mut container = MapType::default();
        container.push_field(StructField::new("name", string));
        container.push_field(StructField::new("image", string));
        container.push_field(StructField::new("args", strings));
        let container = s.push(Atom {
            map: Some(container),
            ..Atom::default()
        });
        let containers = s.push(Atom {
            list: Some(ListType {
                element_type: container,
                relationship: ElementRelationship::Associative,
                keys: vec!["name".into()],
            }),
            ..Atom::default()
        });
        let set = s.push(Atom {
            list: Some(ListType {
                element_type: string,
                relationship: ElementRelationship::Associative,
                keys: vec![],
            }),
            ..Atom::default()
        });
        let mut spec = MapType::default();
        spec.push_field(StructField {
            patch_strategy: Some("merge".into()),
            patch_merge_key: Some("name".into()),
            ..StructField::new("containers", containers)
        });
        spec.push_field(StructField {
            patch_strategy: Some("merge".into()),
            ..StructField::new("finalizers", set)
        });
        spec.push_field(StructField::new("args", strings));
        let spec = s.push(Atom {
            map: Some(spec),
            ..Atom::default()
        });
        let mut root = MapType::default();
        root.push_field(StructField::new("spec", spec));
        let root = s.push(Atom {
            map: Some(root),
            ..Atom::default()
        });
        ObjectSchema {
            schema: Arc::new(s),
            root,
            subresources: Subresources::default(),
            defaulter: None,
            validator: None,
            omit_empty: true,
        }
    }

    fn run(target: &str, patch: &str) -> Value {
        apply_strategic_patch(
            &schema(),
            &Value::from_json_str(target).unwrap(),
            &Value::from_json_str(patch).unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn directives_table() {
        let base = r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"b","image":"2"}],"finalizers":["x"],"args":["p","q"]}}"#;
        let cases = [
            // Lists merged by key: a known item is merged, a new one appended.
            (
                r#"{"spec":{"containers":[{"name":"b","image":"3"},{"name":"c"}]}}"#,
                r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"b","image":"3"},{"name":"c"}],"finalizers":["x"],"args":["p","q"]}}"#,
            ),
            // $patch: delete removes the item with that key.
            (
                r#"{"spec":{"containers":[{"name":"a","$patch":"delete"}]}}"#,
                r#"{"spec":{"containers":[{"name":"b","image":"2"}],"finalizers":["x"],"args":["p","q"]}}"#,
            ),
            // $patch: replace replaces the whole list.
            (
                r#"{"spec":{"containers":[{"name":"z"},{"$patch":"replace"}]}}"#,
                r#"{"spec":{"containers":[{"name":"z"}],"finalizers":["x"],"args":["p","q"]}}"#,
            ),
            // A list without a merge strategy is replaced.
            (
                r#"{"spec":{"args":["r"]}}"#,
                r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"b","image":"2"}],"finalizers":["x"],"args":["r"]}}"#,
            ),
            // Primitive lists with merge: union, and $deleteFromPrimitiveList.
            (
                r#"{"spec":{"finalizers":["y","x"],"$deleteFromPrimitiveList/finalizers":["x"]}}"#,
                r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"b","image":"2"}],"finalizers":["y"],"args":["p","q"]}}"#,
            ),
            // $setElementOrder orders the merged list.
            (
                r#"{"spec":{"$setElementOrder/containers":[{"name":"b"},{"name":"a"}]}}"#,
                r#"{"spec":{"containers":[{"name":"b","image":"2"},{"name":"a","image":"1"}],"finalizers":["x"],"args":["p","q"]}}"#,
            ),
            // $retainKeys keeps only the listed keys; null deletes.
            (
                r#"{"spec":{"$retainKeys":["containers"],"finalizers":null}}"#,
                r#"{"spec":{"containers":[{"name":"a","image":"1"},{"name":"b","image":"2"}]}}"#,
            ),
            // $patch: replace on a map replaces it.
            (
                r#"{"spec":{"$patch":"replace","args":["only"]}}"#,
                r#"{"spec":{"args":["only"]}}"#,
            ),
        ];
        for (patch, expected) in cases {
            let got = run(base, patch);
            assert_eq!(
                got,
                Value::from_json_str(expected).unwrap(),
                "{patch}: got {got}"
            );
        }
    }

    #[test]
    fn custom_resources_refuse_strategic_patches() {
        let deduced = ObjectSchema::deduced();
        let err = apply_strategic_patch(
            &deduced,
            &Value::from_json_str("{}").unwrap(),
            &Value::from_json_str("{}").unwrap(),
        )
        .unwrap_err();
        assert!(
            err.message
                .starts_with("the body of the request was in an unknown format")
        );
    }
}
