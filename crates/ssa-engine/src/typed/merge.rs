//! Merging a configuration into a live value (SMD's `typed/merge.go`), and
//! the pairing of list items that comparing two values shares with it.
//!
//! The walk visits `lhs` (live) and `rhs` (config) side by side. Scalars,
//! atomic lists and maps, and pairs of empty collections are leaves: the
//! right-hand side wins. Granular maps merge key by key; associative lists
//! item by item, keyed by their path elements, in an order that keeps the
//! right-hand side's order and slots left-only items where they were.

use super::{View, WalkErrors, list_item_element, view};
use crate::fieldpath::PathElement;
use crate::schema::{ElementRelationship, ListType, MapType, Schema, TypeId};
use crate::value::{Map, Value};
use rustc_hash::FxHashMap as HashMap;

/// Merges `rhs` (a configuration) into `lhs` (the live value): fields in
/// `rhs` win, fields only in `lhs` stay. Items of associative lists whose
/// key cannot be computed make the merge fail with SMD's message.
pub fn merge(
    schema: &Schema,
    ty: TypeId,
    lhs: &Value,
    rhs: &Value,
) -> Result<Value, super::TypedErrors> {
    merge_typed(schema, ty, lhs, rhs, false)
}

/// [`merge`], told whether `rhs` is known to hold no duplicated or
/// missing list keys (a [`super::Typed`] configuration validated with
/// [`super::Duplicates::Refuse`]). Then a part of `rhs` that `lhs` lacks
/// merges into a copy of itself, and is copied (in O(1), maps are shared)
/// instead of walked.
pub(crate) fn merge_typed(
    schema: &Schema,
    ty: TypeId,
    lhs: &Value,
    rhs: &Value,
    rhs_keys_unique: bool,
) -> Result<Value, super::TypedErrors> {
    let mut w = Merger {
        schema,
        rhs_keys_unique,
        errors: WalkErrors::default(),
    };
    let out = w.node(ty, Some(lhs), Some(rhs)).into_value(Some(rhs));
    w.errors.into_result()?;
    Ok(out.unwrap_or(Value::Null))
}

/// The form a node is walked as: a side that is absent takes the other
/// side's form; when the two present sides disagree (a map became a scalar
/// under the deduced type) the right-hand side decides.
pub(crate) fn chosen_view<'s>(
    schema: &'s Schema,
    ty: TypeId,
    lhs: Option<&Value>,
    rhs: Option<&Value>,
) -> View<'s> {
    let atom = schema.atom(ty);
    match rhs {
        None => view(atom, lhs),
        Some(_) => view(atom, rhs),
    }
}

struct Merger<'s> {
    schema: &'s Schema,
    rhs_keys_unique: bool,
    errors: WalkErrors,
}

/// What a node merges into.
enum Merged {
    /// The right-hand value itself: a caller that keeps it copies it then
    /// (in O(1) for a map), and a map whose entries all merge so keeps
    /// the right-hand map whole instead of building its own.
    Rhs,
    Value(Value),
    Absent,
}

impl Merged {
    fn into_value(self, rhs: Option<&Value>) -> Option<Value> {
        match self {
            Merged::Rhs => rhs.cloned(),
            Merged::Value(v) => Some(v),
            Merged::Absent => None,
        }
    }
}

impl Merger<'_> {
    fn node(&mut self, ty: TypeId, lhs: Option<&Value>, rhs: Option<&Value>) -> Merged {
        if self.rhs_keys_unique && rhs.is_some() {
            // Walking would rebuild `rhs` item by item, where live lacks it
            // or is the very same map: only duplicated keys (which merge to
            // nulls) or unnamed items (errors) could make the result
            // differ, and there are none.
            let same = lhs.zip(rhs).is_some_and(|(l, r)| l.is_shared_map(r));
            if lhs.is_none() || same {
                return Merged::Rhs;
            }
        }
        match chosen_view(self.schema, ty, lhs, rhs) {
            View::Scalar(_) | View::Nothing => keep_rhs(lhs, rhs),
            View::Map(map) => self.map(map, lhs, rhs),
            View::List(list) => self.list(list, lhs, rhs),
        }
    }

    fn map(&mut self, map: &MapType, lhs: Option<&Value>, rhs: Option<&Value>) -> Merged {
        let lmap = lhs.and_then(Value::as_map);
        let rmap = rhs.and_then(Value::as_map);
        let empty = |m: Option<&Map>| m.is_none_or(Map::is_empty);
        if map.relationship == ElementRelationship::Atomic || (empty(lmap) && empty(rmap)) {
            return keep_rhs(lhs, rhs);
        }
        let mut out = MapOut::new(rmap, lmap.map_or(0, Map::len).max(rmap.map_or(0, Map::len)));
        if let Some(l) = lmap {
            for (i, (key, lv)) in l.iter().enumerate() {
                let rv = rmap.and_then(|r| r.get_beside(i, key));
                let merged = self.map_entry(map, key, Some(lv), rv);
                out.push(key, merged, rv);
            }
        }
        if let Some(r) = rmap {
            for (i, (key, rv)) in r.iter().enumerate() {
                if lmap.is_some_and(|l| l.get_beside(i, key).is_some()) {
                    continue;
                }
                let merged = self.map_entry(map, key, None, Some(rv));
                out.push(key, merged, Some(rv));
            }
        }
        out.finish()
    }

    fn map_entry(
        &mut self,
        map: &MapType,
        key: &str,
        lv: Option<&Value>,
        rv: Option<&Value>,
    ) -> Merged {
        let ty = entry_type(self.schema, map, key);
        let mark = self.errors.mark();
        let out = self.node(ty, lv, rv);
        if self.errors.mark() > mark {
            self.errors
                .prefix_since(mark, &PathElement::Field(key.into()));
        }
        out
    }

    fn list(&mut self, list: &ListType, lhs: Option<&Value>, rhs: Option<&Value>) -> Merged {
        let litems = lhs.and_then(Value::as_list);
        let ritems = rhs.and_then(Value::as_list);
        let empty = |l: Option<&Vec<Value>>| l.is_none_or(Vec::is_empty);
        if list.relationship == ElementRelationship::Atomic || (empty(litems) && empty(ritems)) {
            return keep_rhs(lhs, rhs);
        }
        let Some(rpes) = item_elements(self.schema, list, ritems, &mut self.errors) else {
            return Merged::Absent;
        };
        let Some(lpes) = item_elements(self.schema, list, litems, &mut self.errors) else {
            return Merged::Absent;
        };
        let (l, r) = (Indexed::new(&lpes), Indexed::new(&rpes));
        let mut out = Vec::with_capacity(lpes.len().max(rpes.len()));
        for_each_item_pair(&l, &r, |pe, lv, rv| {
            let mark = self.errors.mark();
            if let Some(v) = self.node(list.element_type, lv, rv).into_value(rv) {
                out.push(v);
            }
            self.errors.prefix_since(mark, pe);
        });
        if out.is_empty() {
            Merged::Absent
        } else {
            Merged::Value(Value::List(out))
        }
    }
}

/// The entries of a merged map, built only once they stop being the
/// right-hand map's own: while every entry so far merged into the
/// right-hand entry at the same position, the map is that map.
struct MapOut<'r> {
    rhs: Option<&'r Map>,
    capacity: usize,
    /// How many entries have been pushed while `built` is `None`.
    same: usize,
    built: Option<Map>,
}

impl<'r> MapOut<'r> {
    fn new(rhs: Option<&'r Map>, capacity: usize) -> Self {
        MapOut {
            rhs,
            capacity,
            same: 0,
            built: None,
        }
    }

    fn push(&mut self, key: &String, merged: Merged, rv: Option<&Value>) {
        if self.built.is_none() {
            let at_same_place = self
                .rhs
                .and_then(|r| r.get_index(self.same))
                .is_some_and(|(k, _)| k == key);
            match merged {
                Merged::Rhs if at_same_place => {
                    self.same += 1;
                    return;
                }
                Merged::Absent => return,
                _ => self.build(),
            }
        }
        if let (Some(out), Some(v)) = (self.built.as_mut(), merged.into_value(rv)) {
            out.insert(key.clone(), v);
        }
    }

    /// Starts the map of its own with the entries taken so far.
    fn build(&mut self) {
        let mut out = Map::with_capacity(self.capacity);
        if let Some(r) = self.rhs {
            for (k, v) in r.iter().take(self.same) {
                out.insert(k.clone(), v.clone());
            }
        }
        self.built = Some(out);
    }

    fn finish(mut self) -> Merged {
        if self.built.is_none() {
            if self.rhs.is_some_and(|r| r.len() == self.same) {
                return Merged::Rhs;
            }
            self.build();
        }
        match self.built {
            Some(out) if !out.is_empty() => Merged::Value(Value::Map(out)),
            _ => Merged::Absent,
        }
    }
}

/// A leaf of a merge: the right-hand side wins.
fn keep_rhs(lhs: Option<&Value>, rhs: Option<&Value>) -> Merged {
    match (lhs, rhs) {
        (_, Some(_)) => Merged::Rhs,
        (Some(l), None) => Merged::Value(l.clone()),
        (None, None) => Merged::Absent,
    }
}

/// The type of the value under `key`. Keys the schema does not know are
/// typed as untyped atomic values, so that walking a value the validator
/// would refuse still ends.
pub(crate) fn entry_type(schema: &Schema, map: &MapType, key: &str) -> TypeId {
    map.type_of(key).unwrap_or(schema.untyped_atomic())
}

/// The path element of every item of a list (none for an absent list), or
/// `None` after recording why an item has none.
pub(crate) fn item_elements<'v>(
    schema: &Schema,
    list: &ListType,
    items: Option<&'v Vec<Value>>,
    errors: &mut WalkErrors,
) -> Option<Vec<(PathElement, &'v Value)>> {
    let items = items.map_or(&[][..], Vec::as_slice);
    let mut pes = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match list_item_element(schema, list, i, item) {
            Ok(pe) => pes.push((pe, item)),
            Err(e) => {
                errors.push(format!("element {i}: {e}"));
                return None;
            }
        }
    }
    Some(pes)
}

/// The items of one side of a list by path element. Stored objects may
/// hold duplicate keys, and so may the new object of an update (an applied
/// configuration with them was refused earlier): a duplicated element
/// names [`DUPLICATE`].
pub(crate) struct Indexed<'p, 'v> {
    pes: &'p [(PathElement, &'v Value)],
    by_pe: HashMap<&'p PathElement, Slot<'v>>,
}

/// Where an element first occurs in a list, and its item ([`DUPLICATE`]
/// if it occurs more than once).
#[derive(Clone, Copy)]
struct Slot<'v> {
    first: usize,
    item: &'v Value,
}

impl<'p, 'v> Indexed<'p, 'v> {
    pub(crate) fn new(pes: &'p [(PathElement, &'v Value)]) -> Self {
        let mut by_pe: HashMap<&'p PathElement, Slot<'v>> =
            HashMap::with_capacity_and_hasher(pes.len(), Default::default());
        for (i, (pe, item)) in pes.iter().enumerate() {
            by_pe
                .entry(pe)
                .and_modify(|slot| slot.item = &DUPLICATE)
                .or_insert(Slot { first: i, item });
        }
        Indexed { pes, by_pe }
    }

    fn get(&self, pe: &PathElement) -> Option<&'v Value> {
        self.by_pe.get(pe).map(|slot| slot.item)
    }

    /// Where `pe` first occurs.
    fn first(&self, pe: &PathElement) -> Option<usize> {
        self.by_pe.get(pe).map(|slot| slot.first)
    }

    /// Where the element at `at` first occurs: `at` itself unless some
    /// element is duplicated (then it takes a lookup).
    fn first_of(&self, at: usize) -> usize {
        if !self.has_duplicates() {
            return at;
        }
        self.pes
            .get(at)
            .and_then(|(pe, _)| self.first(pe))
            .unwrap_or(at)
    }

    /// Whether some element names more than one item.
    pub(crate) fn has_duplicates(&self) -> bool {
        self.by_pe.len() < self.pes.len()
    }

    pub(crate) fn is_duplicated(&self, pe: &PathElement) -> bool {
        self.get(pe).is_some_and(|v| std::ptr::eq(v, &DUPLICATE))
    }

    fn contains(&self, pe: &PathElement) -> bool {
        self.by_pe.contains_key(pe)
    }
}

/// Calls `f` with the items of both sides paired by path element, in the
/// order SMD merges them: walk both lists; shared items appear in the
/// right-hand side's order; left-only items stay where they were relative
/// to the shared ones; right-only items come in their own order.
pub(crate) fn for_each_item_pair<'p, 'v>(
    l: &Indexed<'p, 'v>,
    r: &Indexed<'p, 'v>,
    mut f: impl FnMut(&'p PathElement, Option<&'v Value>, Option<&'v Value>),
) {
    let visit = |f: &mut dyn FnMut(&'p PathElement, Option<&'v Value>, Option<&'v Value>),
                 pe: &'p PathElement| {
        let (lv, rv) = item_sides(l.get(pe), r.get(pe));
        f(pe, lv, rv);
    };
    // Without duplicates the items at the walk's positions are the items
    // of their elements: lists that agree (the usual case) are paired
    // without looking anything up.
    let unique = !l.has_duplicates() && !r.has_duplicates();
    let mut shared = r
        .pes
        .iter()
        .filter(|(pe, _)| l.contains(pe))
        .map(|(pe, _)| pe);
    let mut next_shared = shared.next();
    // Which right-hand elements were merged, at their first position.
    let mut merged_rhs = vec![false; r.pes.len()];
    let (mut li, mut ri) = (0, 0);
    while li < l.pes.len() || ri < r.pes.len() {
        if li < l.pes.len() && ri < r.pes.len() {
            let (pe, litem) = &l.pes[li];
            let (rpe, ritem) = &r.pes[ri];
            if pe == rpe {
                merged_rhs[r.first_of(ri)] = true;
                if unique {
                    f(pe, Some(*litem), Some(*ritem));
                } else {
                    visit(&mut f, pe);
                }
                li += 1;
                ri += 1;
                next_shared = shared.next();
                continue;
            }
            if r.contains(pe) && next_shared.is_some_and(|n| n != pe) {
                // A shared item, but not the one due now.
                li += 1;
                continue;
            }
        }
        if li < l.pes.len() {
            let (pe, item) = &l.pes[li];
            match r.first(pe) {
                None => {
                    // A left-only item is walked as itself, duplicated or not.
                    f(pe, Some(*item), None);
                    li += 1;
                    continue;
                }
                Some(at) if merged_rhs[at] => {
                    li += 1;
                    continue;
                }
                Some(_) => {}
            }
        }
        if ri < r.pes.len() {
            let pe = &r.pes[ri].0;
            merged_rhs[r.first_of(ri)] = true;
            visit(&mut f, pe);
            ri += 1;
            if next_shared == Some(pe) {
                next_shared = shared.next();
            }
        }
    }
}

/// The two sides of one item. A live item whose key is duplicated is not
/// merged with the new one: the new item replaces it as if it were not
/// there, so the item itself counts as added (and conflicts with its
/// owner).
fn item_sides<'v>(
    lv: Option<&'v Value>,
    rv: Option<&'v Value>,
) -> (Option<&'v Value>, Option<&'v Value>) {
    let is_duplicate = |v: Option<&Value>| v.is_some_and(|v| std::ptr::eq(v, &DUPLICATE));
    if is_duplicate(lv) && rv.is_some() && !is_duplicate(rv) {
        (None, rv)
    } else {
        (lv, rv)
    }
}

/// What a duplicated key stands for: duplicates are not merged with the
/// other side, they are compared and kept whole, as a null would be.
static DUPLICATE: Value = Value::Null;
