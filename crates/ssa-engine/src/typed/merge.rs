//! Merging a configuration into a live value (SMD's `typed/merge.go`), and
//! the walk that comparing two values shares with it.
//!
//! The walk visits `lhs` (live) and `rhs` (config) side by side. Scalars,
//! atomic lists and maps, and pairs of empty collections are leaves: the
//! [`Rules::leaf`] hook decides them (merge keeps the right-hand side).
//! Granular maps merge key by key; associative lists item by item, keyed
//! by their path elements, in an order that keeps the right-hand side's
//! order and slots left-only items where they were.

use super::{View, list_item_element, view};
use crate::fieldpath::PathElement;
use crate::schema::{ElementRelationship, ListType, MapType, Schema, TypeId};
use crate::value::{Map, Value};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// What a walk does at each node.
pub(crate) trait Rules {
    /// Whether the walk builds the merged value (compare does not).
    const BUILD: bool;
    /// A leaf: returns the merged value, if building.
    fn leaf(
        &mut self,
        path: &[PathElement],
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> Option<Value>;
    /// After a map or list node and everything below it.
    fn after_node(&mut self, path: &[PathElement], lhs: Option<&Value>, rhs: Option<&Value>);
}

struct KeepRhs;

impl Rules for KeepRhs {
    const BUILD: bool = true;
    fn leaf(
        &mut self,
        _: &[PathElement],
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> Option<Value> {
        rhs.or(lhs).cloned()
    }
    fn after_node(&mut self, _: &[PathElement], _: Option<&Value>, _: Option<&Value>) {}
}

/// Merges `rhs` (a configuration) into `lhs` (the live value): fields in
/// `rhs` win, fields only in `lhs` stay. Items of associative lists whose
/// key cannot be computed make the merge fail with SMD's message.
pub fn merge(
    schema: &Schema,
    ty: TypeId,
    lhs: &Value,
    rhs: &Value,
) -> Result<Value, super::TypedErrors> {
    let mut w = Walk {
        schema,
        rules: KeepRhs,
        path: Vec::new(),
        errors: Vec::new(),
    };
    let out = w.node(ty, Some(lhs), Some(rhs));
    if !w.errors.is_empty() {
        return Err(super::TypedErrors(w.errors));
    }
    Ok(out.unwrap_or(Value::Null))
}

pub(crate) struct Walk<'s, R: Rules> {
    pub(crate) schema: &'s Schema,
    pub(crate) rules: R,
    path: Vec<PathElement>,
    errors: Vec<super::TypedError>,
}

impl<'s, R: Rules> Walk<'s, R> {
    pub(crate) fn new(schema: &'s Schema, rules: R) -> Self {
        Walk {
            schema,
            rules,
            path: Vec::new(),
            errors: Vec::new(),
        }
    }

    pub(crate) fn into_result(self) -> Result<R, super::TypedErrors> {
        if self.errors.is_empty() {
            Ok(self.rules)
        } else {
            Err(super::TypedErrors(self.errors))
        }
    }

    pub(crate) fn node(
        &mut self,
        ty: TypeId,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> Option<Value> {
        let atom = self.schema.atom(ty);
        let lview = view(atom, lhs);
        let rview = view(atom, rhs);
        // A side that is absent takes the other side's form; when the two
        // present sides disagree (a map became a scalar under the deduced
        // type) the right-hand side decides.
        let chosen = match (lhs, rhs) {
            (_, None) => lview,
            _ => rview,
        };
        let (out, leaf) = match chosen {
            View::Scalar(_) | View::Nothing => (self.rules.leaf(&self.path, lhs, rhs), true),
            View::Map(map) => self.map(map, lhs, rhs),
            View::List(list) => self.list(list, lhs, rhs),
        };
        if !leaf {
            self.rules.after_node(&self.path, lhs, rhs);
        }
        out
    }

    fn map(
        &mut self,
        map: &MapType,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Option<Value>, bool) {
        let lmap = lhs.and_then(Value::as_map);
        let rmap = rhs.and_then(Value::as_map);
        let empty = |m: Option<&Map>| m.is_none_or(Map::is_empty);
        if map.relationship == ElementRelationship::Atomic || (empty(lmap) && empty(rmap)) {
            return (self.rules.leaf(&self.path, lhs, rhs), true);
        }
        let mut out = Map::new();
        if let Some(l) = lmap {
            for (key, lv) in l {
                let rv = rmap.and_then(|r| r.get(key));
                if let Some(v) = self.map_entry(map, key, Some(lv), rv) {
                    out.insert(key.clone(), v);
                }
            }
        }
        if let Some(r) = rmap {
            for (key, rv) in r {
                if lmap.is_some_and(|l| l.contains_key(key)) {
                    continue;
                }
                if let Some(v) = self.map_entry(map, key, None, Some(rv)) {
                    out.insert(key.clone(), v);
                }
            }
        }
        let out = (R::BUILD && !out.is_empty()).then_some(Value::Map(out));
        (out, false)
    }

    fn map_entry(
        &mut self,
        map: &MapType,
        key: &str,
        lv: Option<&Value>,
        rv: Option<&Value>,
    ) -> Option<Value> {
        // Keys the schema does not know are typed as untyped atomic values,
        // so that walking a value the validator would refuse still ends.
        let ty = map.type_of(key).unwrap_or(self.schema.untyped_atomic());
        self.path.push(PathElement::Field(key.to_string()));
        let out = self.node(ty, lv, rv);
        self.path.pop();
        out
    }

    fn list(
        &mut self,
        list: &ListType,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Option<Value>, bool) {
        let litems = lhs.and_then(Value::as_list);
        let ritems = rhs.and_then(Value::as_list);
        let empty = |l: Option<&Vec<Value>>| l.is_none_or(Vec::is_empty);
        if list.relationship == ElementRelationship::Atomic || (empty(litems) && empty(ritems)) {
            return (self.rules.leaf(&self.path, lhs, rhs), true);
        }
        let empty_items = Vec::new();
        let litems = litems.unwrap_or(&empty_items);
        let ritems = ritems.unwrap_or(&empty_items);
        // Stored objects may hold duplicate keys, and so may the new object of
        // an update; an applied configuration with them was refused earlier.
        let Some(rpes) = self.index_items(list, ritems, true) else {
            return (None, false);
        };
        let Some(lpes) = self.index_items(list, litems, true) else {
            return (None, false);
        };
        let out = self.merge_items(list, &lpes, &rpes);
        let out = (R::BUILD && !out.is_empty()).then_some(Value::List(out));
        (out, false)
    }

    /// The path element of every item, and per element the item it names
    /// ([`DUPLICATE`] when the element is duplicated).
    fn index_items<'v>(
        &mut self,
        list: &ListType,
        items: &'v [Value],
        allow_duplicates: bool,
    ) -> Option<Indexed<'v>> {
        let mut pes = Vec::with_capacity(items.len());
        let mut by_pe: HashMap<PathElement, &'v Value> =
            HashMap::with_capacity_and_hasher(items.len(), Default::default());
        for (i, item) in items.iter().enumerate() {
            let pe = match list_item_element(self.schema, list, i, item) {
                Ok(pe) => pe,
                Err(e) => {
                    self.errors.push(super::TypedError {
                        path: super::path_string(&self.path),
                        message: format!("element {i}: {e}"),
                    });
                    return None;
                }
            };
            match by_pe.get_mut(&pe) {
                Some(slot) => {
                    if !allow_duplicates {
                        self.errors.push(super::TypedError {
                            path: super::path_string(&self.path),
                            message: format!("duplicate entries for key {pe}"),
                        });
                        return None;
                    }
                    *slot = &DUPLICATE;
                }
                None => {
                    by_pe.insert(pe.clone(), item);
                }
            }
            pes.push((pe, item));
        }
        Some(Indexed { pes, by_pe })
    }

    /// Orders the merged items as SMD does: walk both lists; shared items
    /// appear in the right-hand side's order; left-only items stay where
    /// they were relative to the shared ones; right-only items come in
    /// their own order.
    fn merge_items(&mut self, list: &ListType, l: &Indexed<'_>, r: &Indexed<'_>) -> Vec<Value> {
        let mut out = Vec::with_capacity(l.pes.len().max(r.pes.len()));
        let mut shared = r
            .pes
            .iter()
            .filter(|(pe, _)| l.by_pe.contains_key(pe))
            .map(|(pe, _)| pe);
        let mut next_shared = shared.next();
        let mut merged_rhs: HashSet<&PathElement> = HashSet::default();
        let (mut li, mut ri) = (0, 0);
        while li < l.pes.len() || ri < r.pes.len() {
            if li < l.pes.len() && ri < r.pes.len() {
                let pe = &l.pes[li].0;
                if *pe == r.pes[ri].0 {
                    merged_rhs.insert(pe);
                    let lv = l.by_pe.get(pe).copied();
                    let rv = r.by_pe.get(pe).copied();
                    if let Some(v) = self.item(list, pe, lv, rv) {
                        out.push(v);
                    }
                    li += 1;
                    ri += 1;
                    next_shared = shared.next();
                    continue;
                }
                if r.by_pe.contains_key(pe) && next_shared.is_some_and(|n| n != pe) {
                    // A shared item, but not the one due now.
                    li += 1;
                    continue;
                }
            }
            if li < l.pes.len() {
                let (pe, item) = &l.pes[li];
                if !r.by_pe.contains_key(pe) {
                    if let Some(v) = self.item(list, pe, Some(item), None) {
                        out.push(v);
                    }
                    li += 1;
                    continue;
                } else if merged_rhs.contains(pe) {
                    li += 1;
                    continue;
                }
            }
            if ri < r.pes.len() {
                let pe = &r.pes[ri].0;
                merged_rhs.insert(pe);
                let lv = l.by_pe.get(pe).copied();
                let rv = r.by_pe.get(pe).copied();
                if let Some(v) = self.item(list, pe, lv, rv) {
                    out.push(v);
                }
                ri += 1;
                if next_shared == Some(pe) {
                    next_shared = shared.next();
                }
            }
        }
        out
    }

    fn item(
        &mut self,
        list: &ListType,
        pe: &PathElement,
        lv: Option<&Value>,
        rv: Option<&Value>,
    ) -> Option<Value> {
        // A live item whose key is duplicated is not merged with the new
        // one: the new item replaces it as if it were not there, so the
        // item itself counts as added (and conflicts with its owner).
        let is_duplicate = |v: Option<&Value>| v.is_some_and(|v| std::ptr::eq(v, &DUPLICATE));
        let lv = if is_duplicate(lv) && rv.is_some() && !is_duplicate(rv) {
            None
        } else {
            lv
        };
        self.path.push(pe.clone());
        let out = self.node(list.element_type, lv, rv);
        self.path.pop();
        out
    }
}

/// What a duplicated key stands for: duplicates are not merged with the
/// other side, they are compared and kept whole, as a null would be.
static DUPLICATE: Value = Value::Null;

struct Indexed<'v> {
    pes: Vec<(PathElement, &'v Value)>,
    by_pe: HashMap<PathElement, &'v Value>,
}
