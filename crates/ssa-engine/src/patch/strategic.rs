//! Kubernetes' strategic merge patch: a merge patch that knows, from the
//! schema's patch strategies, that some lists merge by a key
//! (`containers` by `name`) or as sets, and that understands the
//! directives `$patch` (`replace`, `delete`, `merge`), `$retainKeys`,
//! `$setElementOrder/<list>` and `$deleteFromPrimitiveList/<list>`; and
//! kubectl's three-way patch of such a kind. Both follow apimachinery's
//! `pkg/util/strategicpatch/patch.go` function by function (upstream's
//! names in the comments); its test tables run in `upstream_tests`.

use super::PatchError;
use crate::schema::{ObjectSchema, Schema, TypeId};
use crate::value::{Map, Value};

/// The message the API server gives for a strategic patch of a kind
/// without Go types (custom resources).
const UNSUPPORTED: &str = "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml";

/// `target` with the strategic merge patch `patch` applied, as the API
/// server applies it (`StrategicMergeMapPatchUsingLookupPatchMeta`:
/// `mergeMap` with `MergeParallelList` and `IgnoreUnmatchedNulls`).
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
    let merged = merge_map(&schema.schema, Some(schema.root), t, p, SERVER)?;
    Ok(Value::Map(strip_directives_map(&merged)))
}

/// Upstream's `MergeOptions`: `parallel` (`MergeParallelList`) applies
/// `$deleteFromPrimitiveList` and `$retainKeys` and drops
/// `$setElementOrder` (a server applying a patch); without it they are kept
/// (kubectl merging its deletions patch with its changes patch).
#[derive(Clone, Copy, Debug)]
struct MergeOptions {
    parallel: bool,
    ignore_unmatched_nulls: bool,
}

const SERVER: MergeOptions = MergeOptions {
    parallel: true,
    ignore_unmatched_nulls: true,
};

/// The options kubectl merges its two patches with (`CreateThreeWayMergePatch`).
const PATCHES: MergeOptions = MergeOptions {
    parallel: false,
    ignore_unmatched_nulls: false,
};

const DIRECTIVE: &str = "$patch";
const RETAIN_KEYS: &str = "$retainKeys";
const DELETE_FROM: &str = "$deleteFromPrimitiveList/";
const SET_ORDER: &str = "$setElementOrder/";

fn err(message: impl Into<String>) -> PatchError {
    PatchError::new(message)
}

/// `mergepatch.ErrNoMergeKey`.
fn no_merge_key(m: &Value, key: &str) -> PatchError {
    err(format!(
        "map: {} does not contain declared merge key: {key}",
        crate::typed::go_print::v_of(m, true)
    ))
}

/// `mergepatch.ErrBadArgType` for a value that should be a list.
fn not_a_list(actual: &Value) -> PatchError {
    let go_type = match actual {
        Value::Null => "%!s(<nil>)",
        Value::Bool(_) => "bool",
        Value::Int(_) => "int64",
        Value::Float(_) => "float64",
        Value::String(_) => "string",
        Value::List(_) => "[]interface {}",
        Value::Map(_) => "map[string]interface {}",
    };
    err(format!(
        "expected a []interface {{}}, but received a {go_type}"
    ))
}

/// A field's patch metadata: its type, whether it retains keys, its other
/// patch strategy and merge key (upstream `LookupPatchMetadataFor*` and
/// `extractRetainKeysPatchStrategy`).
struct Meta {
    ty: Option<TypeId>,
    retain_keys: bool,
    strategy: String,
    merge_key: String,
}

fn meta(schema: &Schema, ty: Option<TypeId>, key: &str) -> Result<Meta, PatchError> {
    let map_type = ty.and_then(|ty| schema.atom(ty).map.as_ref());
    let field = map_type.and_then(|m| m.field(key));
    let strategies: Vec<&str> = field
        .and_then(|f| f.patch_strategy.as_deref())
        .map(|s| s.split(',').collect())
        .unwrap_or_default();
    let (retain_keys, strategy) = match strategies.as_slice() {
        [] => (false, ""),
        ["retainKeys"] => (true, ""),
        [one] => (false, *one),
        ["retainKeys", other] | [other, "retainKeys"] => (true, *other),
        _ => {
            return Err(err(format!(
                "unexpected patch strategy: [{}]",
                strategies.join(" ")
            )));
        }
    };
    Ok(Meta {
        ty: map_type.and_then(|m| m.type_of(key)),
        retain_keys,
        strategy: strategy.to_string(),
        merge_key: field
            .and_then(|f| f.patch_merge_key.clone())
            .unwrap_or_default(),
    })
}

/// The type of a list's items: its element type, or the field's own type
/// where the schema makes it a map (upstream looks a slice's metadata up
/// on the field's schema whatever its kind: a list sent for a map field
/// merges as a list of such maps).
fn element_type(schema: &Schema, ty: Option<TypeId>) -> Option<TypeId> {
    ty.map(|t| {
        let atom = schema.atom(t);
        match (&atom.map, &atom.list) {
            (None, Some(l)) => l.element_type,
            _ => t,
        }
    })
}

/// Go's `reflect.TypeOf` of a decoded JSON value, as upstream compares
/// an original's and a patch's values (numbers are all one type).
fn go_kind(v: &Value) -> u8 {
    match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Int(_) | Value::Float(_) => 2,
        Value::String(_) => 3,
        Value::List(_) => 4,
        Value::Map(_) => 5,
    }
}

/// Upstream `mergeMap`: merges patch map `p` into `original`.
fn merge_map(
    schema: &Schema,
    ty: Option<TypeId>,
    mut original: Map,
    p: &Map,
    opts: MergeOptions,
) -> Result<Map, PatchError> {
    if let Some(directive) = p.get(DIRECTIVE) {
        // `handleDirectiveInMergeMap`: `delete` leaves an empty map.
        return match directive.as_str() {
            Some("replace") => {
                let mut replaced = p.clone();
                replaced.remove(DIRECTIVE);
                Ok(replaced)
            }
            Some("delete") => Ok(Map::new()),
            _ => Err(err(format!(
                "unknown patch type: {} in map: {}",
                crate::typed::go_print::v_of(directive, true),
                crate::typed::go_print::v_of(&Value::Map(p.clone()), true)
            ))),
        };
    }
    let mut patch = p.clone();
    apply_retain_keys(&mut original, &mut patch, opts)?;
    merge_ordered_lists(schema, ty, &mut original, &mut patch, opts)?;
    for (k, patch_v) in patch.iter() {
        let mut key = k.as_str();
        let mut delete_list = false;
        if let Some(list) = k.strip_prefix(DELETE_FROM) {
            if !opts.parallel {
                original.insert(k.clone(), patch_v.clone());
                continue;
            }
            key = list;
            delete_list = true;
        }
        if patch_v.is_null() {
            original.remove(key);
            if opts.ignore_unmatched_nulls {
                continue;
            }
        }
        let same_kind = original.get(key).map(|o| go_kind(o) == go_kind(patch_v));
        if same_kind != Some(true) {
            // Not in the original, or of another type: the patch's value.
            if !delete_list {
                let mut v = patch_v.clone();
                if opts.ignore_unmatched_nulls {
                    discard_nulls(&mut v);
                }
                match remove_directives(&v) {
                    Some(v) => original.insert(key, v),
                    None => original.remove(key),
                };
            }
            continue;
        }
        let current = original.get(key).cloned().unwrap_or_default();
        let merged = match (current, patch_v) {
            (Value::Map(om), Value::Map(pm)) => {
                let m = meta(schema, ty, key)?;
                if m.strategy == "replace" {
                    Value::Map(pm.clone())
                } else {
                    Value::Map(merge_map(schema, m.ty, om, pm, opts)?)
                }
            }
            (Value::List(ol), Value::List(pl)) => {
                let m = meta(schema, ty, key)?;
                if m.strategy == "merge" || delete_list {
                    Value::List(
                        merge_slice(
                            schema,
                            element_type(schema, m.ty),
                            ol,
                            pl,
                            &m.merge_key,
                            opts,
                            delete_list,
                        )?
                        .0,
                    )
                } else {
                    Value::List(pl.clone())
                }
            }
            _ => match remove_directives(patch_v) {
                Some(v) => v,
                None => {
                    original.remove(key);
                    continue;
                }
            },
        };
        original.insert(key, merged);
    }
    Ok(original)
}

/// Upstream `applyRetainKeysDirective`.
fn apply_retain_keys(
    original: &mut Map,
    patch: &mut Map,
    opts: MergeOptions,
) -> Result<(), PatchError> {
    let Some(keep) = patch.remove(RETAIN_KEYS) else {
        return Ok(());
    };
    if !opts.parallel {
        match original.get(RETAIN_KEYS) {
            Some(o) if o != &keep => {
                return Err(err(format!(
                    "{} and {} are not deep equal: this may happen when calculating the 3-way diff patch",
                    crate::typed::go_print::v_of(o, true),
                    crate::typed::go_print::v_of(&keep, true)
                )));
            }
            Some(_) => {}
            None => {
                original.insert(RETAIN_KEYS, keep);
            }
        }
        return Ok(());
    }
    let bad = || err("invalid patch format of retainKeys");
    let Value::List(keep) = keep else {
        return Err(bad());
    };
    let kept = |k: &str| keep.iter().any(|v| v.as_str() == Some(k));
    for (k, v) in patch.iter() {
        if v.is_null() || k.starts_with(DELETE_FROM) || k.starts_with(SET_ORDER) {
            continue;
        }
        if !kept(k) {
            return Err(bad());
        }
    }
    original.retain(|k, _| kept(k));
    Ok(())
}

/// Upstream `mergePatchIntoOriginal`: each list with a
/// `$setElementOrder/<list>` merged and put in that order (the order list
/// first, then the patch's, then the live list's), then taken out of the
/// patch.
fn merge_ordered_lists(
    schema: &Schema,
    ty: Option<TypeId>,
    original: &mut Map,
    patch: &mut Map,
    opts: MergeOptions,
) -> Result<(), PatchError> {
    let orders: Vec<(String, Value)> = patch
        .iter()
        .filter(|(k, _)| k.starts_with(SET_ORDER))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let bad_order = || err("invalid patch format of setElementOrder list");
    for (k, order) in orders {
        if !opts.parallel {
            match original.get(&k) {
                Some(o) if o != &order => return Err(bad_order()),
                Some(_) => {}
                None => {
                    original.insert(k.clone(), order.clone());
                }
            }
        }
        patch.remove(&k);
        let Value::List(order) = order else {
            return Err(not_a_list(&order));
        };
        let list_key = k.strip_prefix(SET_ORDER).unwrap_or_default();
        if list_key.is_empty() {
            return Err(bad_order());
        }
        let original_list = match original.get(list_key) {
            None => None,
            Some(Value::List(l)) => Some(l.clone()),
            Some(other) => return Err(not_a_list(other)),
        };
        let patch_list = match patch.get(list_key) {
            None => None,
            Some(Value::List(l)) => Some(l.clone()),
            Some(other) => return Err(not_a_list(other)),
        };
        let m = meta(schema, ty, list_key)?;
        validate_order(patch_list.as_deref().unwrap_or(&[]), &order, &m.merge_key)?;
        // The live list as upstream's later ordering sees it: Go's
        // `mergeSlice` deletes items by shifting the live slice's array in
        // place and appends new items into the room that leaves, so the
        // order of the live list it compares against is that array's.
        let mut server_order = original_list.clone().unwrap_or_default();
        let merged = match (&original_list, &patch_list) {
            (Some(o), None) => o.clone(),
            (None, Some(p)) => match remove_directives(&Value::List(p.clone())) {
                Some(Value::List(l)) => l,
                _ => continue,
            },
            (Some(o), Some(p)) => {
                if m.strategy == "merge" {
                    let (merged, array) = merge_slice(
                        schema,
                        element_type(schema, m.ty),
                        o.clone(),
                        p,
                        &m.merge_key,
                        opts,
                        false,
                    )?;
                    server_order = array;
                    merged
                } else {
                    p.clone()
                }
            }
            (None, None) => continue,
        };
        let key = &m.merge_key;
        let (patch_items, server_only) = partition(&merged, &order, key)?;
        let both: Vec<Value> = original_list
            .iter()
            .flatten()
            .chain(patch_list.iter().flatten())
            .cloned()
            .collect();
        let maps = element_kind(&both)?;
        let normalized =
            normalize_element_order(patch_items, server_only, &order, &server_order, key, maps)?;
        original.insert(list_key, Value::List(normalized));
        patch.remove(list_key);
    }
    Ok(())
}

/// Upstream `sliceElementType`: whether the items are maps; an error for
/// lists of lists, mixed items, and no items at all.
fn element_kind(items: &[Value]) -> Result<bool, PatchError> {
    let Some(first) = items.first() else {
        return Err(err("no elements in any of the given slices"));
    };
    if matches!(first, Value::List(_)) {
        return Err(err("lists of lists are not supported"));
    }
    if items.iter().any(|v| go_kind(v) != go_kind(first)) {
        return Err(err("list element types are not identical"));
    }
    Ok(matches!(first, Value::Map(_)))
}

/// Upstream `validatePatchWithSetOrderList`: the patch's items appear in
/// the order list, in its order.
fn validate_order(patch: &[Value], order: &[Value], key: &str) -> Result<(), PatchError> {
    if order.is_empty() || patch.is_empty() {
        return Ok(());
    }
    let non_delete: Vec<&Value> = if key.is_empty() {
        patch.iter().collect()
    } else {
        patch.iter().filter(|v| !is_delete(v)).collect()
    };
    let (mut pi, mut oi) = (0, 0);
    while pi < non_delete.len() && oi < order.len() {
        let item = non_delete.get(pi).copied().unwrap_or(&Value::Null);
        if item.get(DIRECTIVE).is_some() {
            pi += 1;
            continue;
        }
        if merge_key_equal(item, order.get(oi).unwrap_or(&Value::Null), key)? {
            pi += 1;
        }
        oi += 1;
    }
    if pi < non_delete.len() && oi >= order.len() {
        let v = |l: &[Value]| crate::typed::go_print::v_of(&Value::List(l.to_vec()), true);
        return Err(err(format!(
            "The order in patch list:\n{}\n doesn't match {SET_ORDER} list:\n{}\n",
            v(patch),
            v(order)
        )));
    }
    Ok(())
}

fn is_delete(v: &Value) -> bool {
    v.get(DIRECTIVE).and_then(Value::as_str) == Some("delete")
}

/// Upstream `mergeKeyValueEqual`.
fn merge_key_equal(left: &Value, right: &Value, key: &str) -> Result<bool, PatchError> {
    if key.is_empty() {
        return Ok(left == right);
    }
    let l = left.get(key).ok_or_else(|| no_merge_key(left, key))?;
    let r = right.get(key).ok_or_else(|| no_merge_key(right, key))?;
    Ok(l == r)
}

/// What upstream's `index` compares items by: a map's merge key value
/// (null where missing), any other item itself.
fn identity(v: &Value, key: &str, maps: bool) -> Value {
    if maps {
        v.get(key).cloned().unwrap_or(Value::Null)
    } else {
        v.clone()
    }
}

fn index(list: &[Value], v: &Value, key: &str, maps: bool) -> Option<usize> {
    let id = identity(v, key, maps);
    list.iter().position(|x| identity(x, key, maps) == id)
}

/// Upstream `partitionMapsByPresentInList` / `partitionPrimitivesByPresentInList`:
/// the merged items the list names, and the others.
fn partition(
    merged: &[Value],
    by: &[Value],
    key: &str,
) -> Result<(Vec<Value>, Vec<Value>), PatchError> {
    let mut named = Vec::new();
    let mut others = Vec::new();
    for v in merged {
        let found = if key.is_empty() {
            by.contains(v)
        } else {
            let id = v.get(key).ok_or_else(|| no_merge_key(v, key))?;
            by.iter().any(|b| b.get(key) == Some(id))
        };
        if found {
            named.push(v.clone());
        } else {
            others.push(v.clone());
        }
    }
    Ok((named, others))
}

/// Upstream `mergeSlice`: the merged list, and the live list's array as
/// Go leaves it (see `merge_ordered_lists`).
fn merge_slice(
    schema: &Schema,
    element: Option<TypeId>,
    original: Vec<Value>,
    patch: &[Value],
    key: &str,
    opts: MergeOptions,
    delete_list: bool,
) -> Result<(Vec<Value>, Vec<Value>), PatchError> {
    if original.is_empty() && patch.is_empty() {
        return Ok((original.clone(), original));
    }
    let all: Vec<Value> = original.iter().chain(patch).cloned().collect();
    let maps = element_kind(&all)?;
    if !maps {
        if opts.parallel && delete_list {
            let kept = original
                .iter()
                .filter(|v| !patch.contains(v))
                .cloned()
                .collect();
            return Ok((kept, original));
        }
        let merged = dedup_scalars(all);
        let (named, others) = partition(&merged, patch, "")?;
        let merged = normalize_element_order(named, others, patch, &original, "", false)?;
        return Ok((merged, original));
    }
    if key.is_empty() {
        return Err(err("cannot merge lists without merge key"));
    }
    // `mergeSliceWithSpecialElements`: `$patch: delete` items delete every
    // item with their key (`deleteMatchingEntries`, shifting the array in
    // place: `array` is it, `len` the live slice's length);
    // `$patch: replace` makes the patch the list.
    let mut array = original;
    let mut len = array.len();
    let mut items = Vec::new();
    let mut replace = false;
    for v in patch {
        match v.get(DIRECTIVE) {
            None => items.push(v.clone()),
            Some(d) => match d.as_str() {
                Some("delete") => {
                    let id = v.get(key).ok_or_else(|| no_merge_key(v, key))?;
                    while let Some(i) = array.iter().take(len).position(|o| o.get(key) == Some(id))
                    {
                        for j in i..len.saturating_sub(1) {
                            if let Some(next) = array.get(j + 1).cloned() {
                                array[j] = next;
                            }
                        }
                        len -= 1;
                    }
                }
                Some("replace") => replace = true,
                Some("merge") => {
                    return Err(err("merging lists cannot yet be specified in the patch"));
                }
                _ => {
                    return Err(err(format!(
                        "unknown patch type: {} in map: {}",
                        crate::typed::go_print::v_of(d, true),
                        crate::typed::go_print::v_of(v, true)
                    )));
                }
            },
        }
    }
    let live: Vec<Value> = if replace {
        std::mem::take(&mut items)
    } else {
        array.iter().take(len).cloned().collect()
    };
    // `mergeSliceWithoutSpecialElements`: an item merged into the first
    // with its key, else appended (into the live array while it has room).
    let mut merged = live.clone();
    for v in &items {
        let id = v.get(key).ok_or_else(|| no_merge_key(v, key))?;
        match merged.iter().position(|o| o.get(key) == Some(id)) {
            Some(i) => {
                let o = merged
                    .get(i)
                    .and_then(Value::as_map)
                    .cloned()
                    .unwrap_or_default();
                let pm = v.as_map().cloned().unwrap_or_default();
                let m = merge_map(schema, element, o, &pm, opts)?;
                if let Some(slot) = merged.get_mut(i) {
                    *slot = Value::Map(m);
                }
            }
            None => {
                if !replace && merged.len() < array.len() {
                    let at = merged.len();
                    array[at] = v.clone();
                }
                merged.push(v.clone());
            }
        }
    }
    let (named, others) = partition(&merged, &items, key)?;
    let merged = normalize_element_order(named, others, &items, &live, key, true)?;
    Ok((merged, array))
}

/// kubectl's three-way patch of a kind with Go types (upstream
/// `CreateThreeWayMergePatch`, kubectl's `--overwrite` default, so no
/// conflict check): the changes from `current` to `modified` without
/// deletions, merged with the deletions from `original` to `modified`.
pub(crate) fn three_way_patch(
    schema: &ObjectSchema,
    original: &Map,
    modified: &Map,
    current: &Map,
) -> Result<Map, PatchError> {
    let (s, root) = (&schema.schema, Some(schema.root));
    let delta = diff_maps(
        s,
        root,
        current,
        modified,
        DiffOptions {
            ignore_deletions: true,
            set_element_order: true,
            ..DiffOptions::default()
        },
    )?;
    let deletions = diff_maps(
        s,
        root,
        original,
        modified,
        DiffOptions {
            ignore_changes: true,
            set_element_order: true,
            ..DiffOptions::default()
        },
    )?;
    merge_map(s, root, deletions, &delta, PATCHES)
}

/// Upstream `DiffOptions`.
#[derive(Clone, Copy, Debug, Default)]
struct DiffOptions {
    ignore_deletions: bool,
    /// `IgnoreChangesAndAdditions`.
    ignore_changes: bool,
    set_element_order: bool,
    build_retain_keys: bool,
}

/// Upstream `diffMaps`: the patch from `original` to `modified`.
fn diff_maps(
    schema: &Schema,
    ty: Option<TypeId>,
    original: &Map,
    modified: &Map,
    o: DiffOptions,
) -> Result<Map, PatchError> {
    let mut patch = Map::new();
    let mut retain: Vec<Value> = Vec::new();
    for (key, mv) in modified.iter() {
        if o.build_retain_keys && !mv.is_null() {
            retain.push(Value::from(key.as_str()));
        }
        let Some(ov) = original.get(key) else {
            if !o.ignore_changes {
                patch.insert(key.clone(), mv.clone());
            }
            continue;
        };
        if key == DIRECTIVE {
            match (ov.as_str(), mv.as_str()) {
                (Some(a), Some(b)) => {
                    if a != b {
                        patch.insert(key.clone(), mv.clone());
                    }
                }
                _ => return Err(err("invalid value for special key: $patch")),
            }
            continue;
        }
        if go_kind(ov) != go_kind(mv) {
            if !o.ignore_changes {
                patch.insert(key.clone(), mv.clone());
            }
            continue;
        }
        match (ov, mv) {
            (Value::Map(om), Value::Map(mm)) => {
                let m = meta(schema, ty, key)?;
                if m.strategy == "replace" {
                    if !o.ignore_changes {
                        patch.insert(key.clone(), mv.clone());
                    }
                } else {
                    let sub = DiffOptions {
                        build_retain_keys: m.retain_keys,
                        ..o
                    };
                    let sub = diff_maps(schema, m.ty, om, mm, sub)?;
                    if !sub.is_empty() {
                        patch.insert(key.clone(), Value::Map(sub));
                    }
                }
            }
            (Value::List(ol), Value::List(ml)) => {
                let m = meta(schema, ty, key)?;
                if m.strategy == "merge" {
                    let sub = DiffOptions {
                        build_retain_keys: m.retain_keys,
                        ..o
                    };
                    let element = element_type(schema, m.ty);
                    let (add, delete, order) =
                        diff_lists(schema, element, ol, ml, &m.merge_key, sub)?;
                    if !add.is_empty() {
                        patch.insert(key.clone(), Value::List(add));
                    }
                    if !delete.is_empty() {
                        patch.insert(format!("{DELETE_FROM}{key}"), Value::List(delete));
                    }
                    if !order.is_empty() {
                        patch.insert(format!("{SET_ORDER}{key}"), Value::List(order));
                    }
                } else if !o.ignore_changes && ov != mv {
                    patch.insert(key.clone(), mv.clone());
                }
            }
            _ => {
                if !o.ignore_changes && ov != mv {
                    patch.insert(key.clone(), mv.clone());
                }
            }
        }
    }
    if !o.ignore_deletions {
        for key in original.keys() {
            if !modified.contains_key(key) {
                patch.insert(key.clone(), Value::Null);
            }
        }
    }
    // `$retainKeys` where the patch changes something or the original has
    // a field (not null) that the modified map dropped.
    let dropped = original
        .iter()
        .any(|(k, v)| !v.is_null() && !modified.contains_key(k));
    if !retain.is_empty() && (!patch.is_empty() || dropped) {
        sort_scalars(&mut retain);
        patch.insert(RETAIN_KEYS, Value::List(retain));
    }
    Ok(patch)
}

/// Go's `%v` of a scalar: what upstream sorts and compares list items by.
fn go_v(v: &Value) -> String {
    crate::typed::go_print::v_of(v, true)
}

/// Upstream `sortScalars` (stable here: equal texts are equal scalars).
fn sort_scalars(items: &mut [Value]) {
    crate::sort::sort_by_key(items, go_v);
}

/// Upstream `diffLists`: the patch list, the deletions of a list of
/// scalars (`$deleteFromPrimitiveList`) and the `$setElementOrder` list.
type ListDiff = (Vec<Value>, Vec<Value>, Vec<Value>);

fn diff_lists(
    schema: &Schema,
    element: Option<TypeId>,
    original: &[Value],
    modified: &[Value],
    key: &str,
    o: DiffOptions,
) -> Result<ListDiff, PatchError> {
    if original.is_empty() {
        if modified.is_empty() || o.ignore_changes {
            return Ok((Vec::new(), Vec::new(), Vec::new()));
        }
        return Ok((modified.to_vec(), Vec::new(), Vec::new()));
    }
    let all: Vec<Value> = original.iter().chain(modified).cloned().collect();
    if element_kind(&all)? {
        let (items, deletes) = diff_lists_of_maps(schema, element, original, modified, key, o)?;
        let mut items = normalize_slice_order(items, modified, key, true)?;
        let order_same = original.len() == modified.len()
            && original
                .iter()
                .zip(modified)
                .try_fold(true, |same, (a, b)| {
                    Ok::<bool, PatchError>(same && merge_key_equal(a, b, key)?)
                })?;
        items.extend(deletes);
        let changed = !items.is_empty();
        let order = if o.set_element_order
            && ((!o.ignore_changes && (changed || !order_same)) || (!o.ignore_deletions && changed))
        {
            modified
                .iter()
                .map(|v| {
                    let id = v.get(key).cloned().unwrap_or(Value::Null);
                    Value::Map([(key.to_string(), id)].into_iter().collect())
                })
                .collect()
        } else {
            Vec::new()
        };
        return Ok((items, Vec::new(), order));
    }
    // `diffListsOfScalars` sorts the original list in place: the order
    // check below sees it sorted.
    let mut sorted_original = original.to_vec();
    sort_scalars(&mut sorted_original);
    let mut sorted_modified = modified.to_vec();
    sort_scalars(&mut sorted_modified);
    let (mut add, mut delete) = (Vec::new(), Vec::new());
    let (mut oi, mut mi) = (0, 0);
    loop {
        let (ov, mv) = (sorted_original.get(oi), sorted_modified.get(mi));
        match (ov, mv) {
            (None, None) => break,
            (Some(a), Some(b)) if go_v(a) == go_v(b) => {
                oi += 1;
                mi += 1;
            }
            (None, Some(b)) => {
                if !o.ignore_changes {
                    add.push(b.clone());
                }
                mi += 1;
            }
            (Some(a), Some(b)) if go_v(a) > go_v(b) => {
                if !o.ignore_changes {
                    add.push(b.clone());
                }
                mi += 1;
            }
            (Some(a), _) => {
                if !o.ignore_deletions {
                    delete.push(a.clone());
                }
                oi += 1;
            }
        }
    }
    let delete = dedup_scalars(delete);
    let add = normalize_slice_order(add, modified, key, false)?;
    let order = if o.set_element_order
        && ((!o.ignore_deletions && !delete.is_empty())
            || (!o.ignore_changes && sorted_original.as_slice() != modified))
    {
        modified.to_vec()
    } else {
        Vec::new()
    };
    Ok((add, delete, order))
}

/// Upstream `diffListsOfMaps`: both lists sorted by merge key and walked
/// side by side; items of both diffed, new items added, dropped items
/// deleted (`$patch: delete`).
fn diff_lists_of_maps(
    schema: &Schema,
    element: Option<TypeId>,
    original: &[Value],
    modified: &[Value],
    key: &str,
    o: DiffOptions,
) -> Result<(Vec<Value>, Vec<Value>), PatchError> {
    // `sortMapsBasedOnField`: `sort.Sort` with a `Less` that holds for
    // equal keys (`StringsAreSorted`), whose insertion sort (Go's for up
    // to twelve items) puts items of one key in reverse order: two ports
    // 53 (UDP, TCP) are walked as TCP, UDP.
    let sorted = |l: &[Value]| -> Result<Vec<(String, Value)>, PatchError> {
        let mut items = l
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let id = v.get(key).ok_or_else(|| no_merge_key(v, key))?;
                Ok((go_v(id), std::cmp::Reverse(i), v.clone()))
            })
            .collect::<Result<Vec<_>, PatchError>>()?;
        crate::sort::sort_by(&mut items, |a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        Ok(items.into_iter().map(|(id, _, v)| (id, v)).collect())
    };
    let (original, modified) = (sorted(original)?, sorted(modified)?);
    let (mut patch, mut deletes) = (Vec::new(), Vec::new());
    let (mut oi, mut mi) = (0, 0);
    loop {
        match (original.get(oi), modified.get(mi)) {
            (None, None) => break,
            (Some((a, ov)), Some((b, mv))) if a == b => {
                let empty = Map::new();
                let om = ov.as_map().unwrap_or(&empty);
                let mm = mv.as_map().unwrap_or(&empty);
                let mut sub = diff_maps(schema, element, om, mm, o)?;
                if !sub.is_empty() {
                    sub.insert(key, mv.get(key).cloned().unwrap_or_default());
                    patch.push(Value::Map(sub));
                }
                oi += 1;
                mi += 1;
            }
            (None, Some((_, mv))) => {
                if !o.ignore_changes {
                    patch.push(mv.clone());
                }
                mi += 1;
            }
            (Some((a, _)), Some((b, mv))) if a > b => {
                if !o.ignore_changes {
                    patch.push(mv.clone());
                }
                mi += 1;
            }
            (Some((_, ov)), _) => {
                if !o.ignore_deletions {
                    let mut d = Map::new();
                    d.insert(key, ov.get(key).cloned().unwrap_or_default());
                    d.insert(DIRECTIVE, Value::from("delete"));
                    deletes.push(Value::Map(d));
                }
                oi += 1;
            }
        }
    }
    Ok((patch, deletes))
}

/// Go's `deduplicateScalars`: a duplicate is replaced by the last item.
fn dedup_scalars(mut s: Vec<Value>) -> Vec<Value> {
    let mut i = 0;
    while i + 1 < s.len() {
        let mut j = i + 1;
        while j < s.len() {
            if s.get(i) == s.get(j) {
                let last = s.pop().unwrap_or_default();
                if j < s.len() {
                    if let Some(slot) = s.get_mut(j) {
                        *slot = last;
                    }
                    continue;
                }
            }
            j += 1;
        }
        i += 1;
    }
    s
}

/// Upstream `normalizeElementOrder`: the patch's items in the patch's
/// order, the live-only items in the live order, interleaved by
/// `mergeSortedSlice`.
fn normalize_element_order(
    patch: Vec<Value>,
    server_only: Vec<Value>,
    patch_order: &[Value],
    server_order: &[Value],
    key: &str,
    maps: bool,
) -> Result<Vec<Value>, PatchError> {
    let patch = normalize_slice_order(patch, patch_order, key, maps)?;
    let server_only = normalize_slice_order(server_only, server_order, key, maps)?;
    Ok(merge_sorted(server_only, patch, server_order, key, maps))
}

/// Upstream `normalizeSliceOrder`: `to_sort` ordered by `order` (Go's
/// stable insertion sort with upstream's comparator, which counts an item
/// missing from `order` as less), `$patch: delete` items last.
fn normalize_slice_order(
    to_sort: Vec<Value>,
    order: &[Value],
    key: &str,
    maps: bool,
) -> Result<Vec<Value>, PatchError> {
    let (items, deletes): (Vec<Value>, Vec<Value>) = if maps {
        for v in to_sort.iter().chain(order) {
            if v.get(key).is_none() {
                return Err(no_merge_key(v, key));
            }
        }
        to_sort.into_iter().partition(|v| !is_delete(v))
    } else {
        (to_sort, Vec::new())
    };
    // Each item's place in `order`, looked up once.
    let mut ranked: Vec<(Option<usize>, Value)> = items
        .into_iter()
        .map(|v| (index(order, &v, key, maps), v))
        .collect();
    if ranked.iter().all(|(rank, _)| rank.is_some()) {
        // A consistent comparator: any stable sort gives Go's order.
        crate::sort::sort_by_key(&mut ranked, |(rank, _)| *rank);
    } else {
        // Go's insertion sort (its stable sort of up to 20 items).
        for i in 1..ranked.len() {
            let mut j = i;
            while j > 0 {
                let less = match (ranked.get(j), ranked.get(j - 1)) {
                    (Some((Some(a), _)), Some((Some(b), _))) => a < b,
                    (Some(_), Some(_)) => true,
                    _ => false,
                };
                if !less {
                    break;
                }
                ranked.swap(j, j - 1);
                j -= 1;
            }
        }
    }
    let mut items: Vec<Value> = ranked.into_iter().map(|(_, v)| v).collect();
    items.extend(deletes);
    Ok(items)
}

/// Upstream `mergeSortedSlice`: a live-only item (`left`) goes before a
/// patch item (`right`) only when the live list has both, it first.
fn merge_sorted(
    left: Vec<Value>,
    right: Vec<Value>,
    server: &[Value],
    key: &str,
    maps: bool,
) -> Vec<Value> {
    let place = |v: Value| (index(server, &v, key, maps), v);
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut l = left.into_iter().map(place).peekable();
    let mut r = right.into_iter().map(place).peekable();
    loop {
        let take_left = match (l.peek(), r.peek()) {
            (None, None) => break,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (Some((a, _)), Some((b, _))) => matches!((a, b), (Some(pa), Some(pb)) if pa < pb),
        };
        let next = if take_left { l.next() } else { r.next() };
        out.extend(next.map(|(_, v)| v));
    }
    out
}

/// Upstream `discardNullValuesFromPatch`.
fn discard_nulls(v: &mut Value) {
    match v {
        Value::Map(m) => {
            m.retain(|_, v| !v.is_null());
            let keys: Vec<String> = m.keys().cloned().collect();
            for k in keys {
                if let Some(v) = m.get_mut(&k) {
                    discard_nulls(v);
                }
            }
        }
        Value::List(l) => l.iter_mut().for_each(discard_nulls),
        _ => {}
    }
}

/// Upstream `removeDirectives`: maps with `$patch` dropped (`None` when
/// the value itself is one).
fn remove_directives(v: &Value) -> Option<Value> {
    match v {
        Value::Map(m) => {
            if m.contains_key(DIRECTIVE) {
                return None;
            }
            let mut out = Map::new();
            for (k, v) in m.iter() {
                if let Some(v) = remove_directives(v) {
                    out.insert(k.clone(), v);
                }
            }
            Some(Value::Map(out))
        }
        Value::List(l) => Some(Value::List(
            l.iter().filter_map(remove_directives).collect(),
        )),
        other => Some(other.clone()),
    }
}

/// The patched object without the directives upstream leaves in it (a
/// `$retainKeys` or `$setElementOrder` inside a value the patch adds, a
/// `replace` map or a list it sets): the Go struct the server decodes the
/// result into has no such fields.
fn strip_directives_map(m: &Map) -> Map {
    m.iter()
        .filter(|(k, _)| !k.starts_with('$'))
        .map(|(k, v)| (k.clone(), strip_directives(v)))
        .collect()
}

/// A value from a patch without any `$` directives left in it.
fn strip_directives(v: &Value) -> Value {
    match v {
        Value::Map(m) => Value::Map(strip_directives_map(m)),
        Value::List(l) => Value::List(l.iter().map(strip_directives).collect()),
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::{
        Atom, ElementRelationship, ListType, MapType, ScalarKind, StructField, Subresources,
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
