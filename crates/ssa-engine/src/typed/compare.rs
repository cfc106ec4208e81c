//! What changed between two values of one type (SMD's `typed/compare.go`).
//!
//! The walk pairs the two values as merge does (`merge.rs`) and builds the
//! three sets bottom-up: a node returns the sets of paths below it,
//! relative to itself, and how the node itself changed; its parent names it
//! by its path element. Every level is sorted once and no path is copied
//! whole, so the cost is linear in the size of the values at any depth.

use super::merge::{Indexed, chosen_view, entry_type, for_each_item_pair, item_elements};
use super::{View, WalkErrors, view};
use crate::fieldpath::{OnRepeat, PathElement, Set, SetEntry};
use crate::schema::{ElementRelationship, ListType, MapType, Schema, TypeId};
use crate::value::{Map, Value};
use rustc_hash::FxHashMap as HashMap;

/// The paths added, modified and removed going from one value to another.
/// A changed leaf is `modified`; a map or list node is only ever `added`
/// or `removed` (its changed children say the rest).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Comparison {
    pub added: Set,
    pub modified: Set,
    pub removed: Set,
}

impl Comparison {
    pub fn is_same(&self) -> bool {
        self.added.is_empty() && self.modified.is_empty() && self.removed.is_empty()
    }
}

/// Compares `lhs` (before) with `rhs` (after), both typed as `ty`.
pub fn compare(
    schema: &Schema,
    ty: TypeId,
    lhs: &Value,
    rhs: &Value,
) -> Result<Comparison, super::TypedErrors> {
    let mut w = Comparer {
        schema,
        errors: WalkErrors::default(),
        entries: Vec::new(),
    };
    // The root has no path: only what is below it counts.
    let (_, below) = w.node(ty, Some(lhs), Some(rhs));
    w.errors.into_result()?;
    Ok(below)
}

/// Which side alone has a subtree ([`Comparer::whole`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Added,
    Removed,
}

/// How one node changed, apart from what changed below it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Change {
    Unchanged,
    Added,
    Removed,
    Modified,
}

/// A leaf (scalar, atomic value or pair of empty collections): added,
/// removed, or modified when the values differ.
fn leaf_change(lhs: Option<&Value>, rhs: Option<&Value>) -> Change {
    match (lhs, rhs) {
        (None, _) => Change::Added,
        (_, None) => Change::Removed,
        (Some(l), Some(r)) if l != r => Change::Modified,
        _ => Change::Unchanged,
    }
}

/// A map or list node is only added or removed.
fn node_change(lhs: Option<&Value>, rhs: Option<&Value>) -> Change {
    match (lhs, rhs) {
        (None, _) => Change::Added,
        (_, None) => Change::Removed,
        _ => Change::Unchanged,
    }
}

/// One level of one of the three sets, collected unsorted.
#[derive(Default)]
struct Level {
    members: Vec<PathElement>,
    children: Vec<(PathElement, Set)>,
}

impl Level {
    fn into_set(mut self) -> Set {
        if self.members.is_empty() && self.children.is_empty() {
            return Set::new();
        }
        // Duplicated list keys are visited once per occurrence: a path is
        // in the set if either occurrence has it.
        crate::sort::sort(&mut self.members);
        self.members.dedup();
        crate::sort::sort_by(&mut self.children, |a, b| a.0.cmp(&b.0));
        self.children.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = kept.1.union(&later.1);
            }
            same
        });
        Set::from_sorted_parts(self.members, self.children)
    }
}

/// The children of one map or list node, for the three sets.
#[derive(Default)]
struct Levels {
    added: Level,
    modified: Level,
    removed: Level,
}

impl Levels {
    /// Records the child `pe`: how it changed and what changed below it.
    fn add(&mut self, pe: &PathElement, change: Change, below: Comparison) {
        let member_of = match change {
            Change::Unchanged => None,
            Change::Added => Some(&mut self.added),
            Change::Removed => Some(&mut self.removed),
            Change::Modified => Some(&mut self.modified),
        };
        if let Some(level) = member_of {
            level.members.push(pe.clone());
        }
        for (level, set) in [
            (&mut self.added, below.added),
            (&mut self.modified, below.modified),
            (&mut self.removed, below.removed),
        ] {
            if !set.is_empty() {
                level.children.push((pe.clone(), set));
            }
        }
    }

    fn into_comparison(self) -> Comparison {
        Comparison {
            added: self.added.into_set(),
            modified: self.modified.into_set(),
            removed: self.removed.into_set(),
        }
    }
}

struct Comparer<'s> {
    schema: &'s Schema,
    errors: WalkErrors,
    /// Scratch space for [`Comparer::whole`] (see [`Set::from_entries`]).
    entries: Vec<SetEntry>,
}

impl Comparer<'_> {
    /// One node of the walk. Its frame is paid at every level of a value
    /// as deep as the reader allows (`crate::yaml::MAX_DEPTH`), so what it
    /// calls off the map path (`list`, `items_with_duplicates`, `whole`,
    /// each with its own locals: pairings, hash maps, sorts) is kept out of
    /// line: inlined by an optimised build they made this frame 880 bytes
    /// instead of 416 on x86-64, and a map 992 levels deep overflowed the
    /// 1 MiB stack of a wasm32 thread (`tests/limits.rs`).
    fn node(
        &mut self,
        ty: TypeId,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Change, Comparison) {
        if lhs.zip(rhs).is_some_and(|(l, r)| l.is_shared_map(r)) {
            // One map, shared: nothing changed. (Walking it could only
            // add errors for unnamed list items, which the validation of
            // every typed value has refused already.)
            return (Change::Unchanged, Comparison::default());
        }
        match (lhs, rhs) {
            (None, Some(r)) => {
                let added = self.whole(ty, r, Side::Added);
                return (
                    Change::Added,
                    Comparison {
                        added,
                        ..Default::default()
                    },
                );
            }
            (Some(l), None) => {
                let removed = self.whole(ty, l, Side::Removed);
                return (
                    Change::Removed,
                    Comparison {
                        removed,
                        ..Default::default()
                    },
                );
            }
            _ => {}
        }
        let lview = view(self.schema.atom(ty), lhs);
        let rview = chosen_view(self.schema, ty, lhs, rhs);
        if std::mem::discriminant(&lview) != std::mem::discriminant(&rview) {
            return self.both_sides(lview, rview, lhs, rhs);
        }
        self.side(rview, lhs, rhs)
    }

    /// The node walked as one side of its type; a value of another kind
    /// counts as absent below the node (SMD's `derefMap`/`derefList`).
    fn side(
        &mut self,
        v: View<'_>,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Change, Comparison) {
        match v {
            View::Scalar(_) | View::Nothing => (leaf_change(lhs, rhs), Comparison::default()),
            View::Map(map) => self.map(map, lhs, rhs),
            View::List(list) => self.list(list, lhs, rhs),
        }
    }

    /// Two values of different kinds (a map became a list under a deduced
    /// type): as SMD's `compareWalker.compare`, the node is walked once as
    /// each one's side and the results are joined, so what the old kind
    /// held is removed, what the new one holds is added, and the node is
    /// modified where either side is a leaf.
    #[inline(never)]
    fn both_sides(
        &mut self,
        lview: View<'_>,
        rview: View<'_>,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Change, Comparison) {
        let (lchange, l) = self.side(lview, lhs, rhs);
        let (rchange, r) = self.side(rview, lhs, rhs);
        let change = if lchange == Change::Modified {
            lchange
        } else {
            rchange
        };
        (
            change,
            Comparison {
                added: l.added.union(&r.added),
                modified: l.modified.union(&r.modified),
                removed: l.removed.union(&r.removed),
            },
        )
    }

    /// The paths below a node that only one side has (all added, or all
    /// removed): what the walk above gives with the other side absent,
    /// without pairing anything.
    #[inline(never)]
    fn whole(&mut self, ty: TypeId, value: &Value, side: Side) -> Set {
        match view(self.schema.atom(ty), Some(value)) {
            View::Scalar(_) | View::Nothing => Set::new(),
            View::Map(map) => {
                let Value::Map(m) = value else {
                    return Set::new();
                };
                if map.relationship == ElementRelationship::Atomic {
                    return Set::new();
                }
                let start = self.entries.len();
                for (key, child) in m {
                    let mark = self.errors.mark();
                    let below = self.whole(entry_type(self.schema, map, key), child, side);
                    let pe = PathElement::Field(key.into());
                    self.errors.prefix_since(mark, &pe);
                    self.entries.push(SetEntry {
                        pe,
                        member: true,
                        below,
                    });
                }
                Set::from_entries(&mut self.entries, start, OnRepeat::Union)
            }
            View::List(list) => {
                let Value::List(items) = value else {
                    return Set::new();
                };
                if list.relationship == ElementRelationship::Atomic || items.is_empty() {
                    return Set::new();
                }
                let Some(pes) = item_elements(self.schema, list, Some(items), &mut self.errors)
                else {
                    return Set::new();
                };
                // A new item with a duplicated key is compared as a null:
                // nothing below it. Old items are walked as themselves.
                let duplicated = (side == Side::Added
                    && list.relationship == ElementRelationship::Associative)
                    .then(|| duplicated_items(&pes))
                    .flatten();
                let start = self.entries.len();
                for (i, (pe, item)) in pes.into_iter().enumerate() {
                    let below = if duplicated.as_ref().is_some_and(|d| d[i]) {
                        Set::new()
                    } else {
                        let mark = self.errors.mark();
                        let below = self.whole(list.element_type, item, side);
                        self.errors.prefix_since(mark, &pe);
                        below
                    };
                    self.entries.push(SetEntry {
                        pe,
                        member: true,
                        below,
                    });
                }
                Set::from_entries(&mut self.entries, start, OnRepeat::Union)
            }
        }
    }

    fn map(
        &mut self,
        map: &MapType,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Change, Comparison) {
        let lmap = lhs.and_then(Value::as_map);
        let rmap = rhs.and_then(Value::as_map);
        let empty = |m: Option<&Map>| m.is_none_or(Map::is_empty);
        if map.relationship == ElementRelationship::Atomic || (empty(lmap) && empty(rmap)) {
            return (leaf_change(lhs, rhs), Comparison::default());
        }
        let mut levels = Levels::default();
        if let Some(l) = lmap {
            for (i, (key, lv)) in l.iter().enumerate() {
                let rv = rmap.and_then(|r| r.get_beside(i, key));
                self.map_entry(&mut levels, map, key, Some(lv), rv);
            }
        }
        if let Some(r) = rmap {
            for (i, (key, rv)) in r.iter().enumerate() {
                if lmap.is_some_and(|l| l.get_beside(i, key).is_some()) {
                    continue;
                }
                self.map_entry(&mut levels, map, key, None, Some(rv));
            }
        }
        (node_change(lhs, rhs), levels.into_comparison())
    }

    fn map_entry(
        &mut self,
        levels: &mut Levels,
        map: &MapType,
        key: &str,
        lv: Option<&Value>,
        rv: Option<&Value>,
    ) {
        let mark = self.errors.mark();
        let (change, below) = self.node(entry_type(self.schema, map, key), lv, rv);
        if change == Change::Unchanged && below.is_same() && self.errors.mark() == mark {
            return;
        }
        let pe = PathElement::Field(key.into());
        self.errors.prefix_since(mark, &pe);
        levels.add(&pe, change, below);
    }

    #[inline(never)]
    fn list(
        &mut self,
        list: &ListType,
        lhs: Option<&Value>,
        rhs: Option<&Value>,
    ) -> (Change, Comparison) {
        let litems = lhs.and_then(Value::as_list);
        let ritems = rhs.and_then(Value::as_list);
        let empty = |l: Option<&Vec<Value>>| l.is_none_or(Vec::is_empty);
        if list.relationship == ElementRelationship::Atomic || (empty(litems) && empty(ritems)) {
            return (leaf_change(lhs, rhs), Comparison::default());
        }
        let change = node_change(lhs, rhs);
        let Some(rpes) = item_elements(self.schema, list, ritems, &mut self.errors) else {
            return (change, Comparison::default());
        };
        let Some(lpes) = item_elements(self.schema, list, litems, &mut self.errors) else {
            return (change, Comparison::default());
        };
        let (l, r) = (Indexed::new(&lpes), Indexed::new(&rpes));
        let mut levels = Levels::default();
        if l.has_duplicates() || r.has_duplicates() {
            self.items_with_duplicates(list, &lpes, &rpes, &mut levels);
            return (change, levels.into_comparison());
        }
        for_each_item_pair(&l, &r, |pe, lv, rv| {
            let mark = self.errors.mark();
            let (change, below) = self.node(list.element_type, lv, rv);
            self.errors.prefix_since(mark, pe);
            levels.add(pe, change, below);
        });
        (change, levels.into_comparison())
    }

    /// The items of lists where some key names several items, compared as
    /// SMD's `visitListItems` does, key by key: one item or none on each
    /// side compare as usual; several on both sides compare as one atomic
    /// run (the key is modified if the runs differ); several only before
    /// means the key was removed (and a single item after is added below
    /// it); several only after means the key was added (and a single item
    /// before is removed below it).
    #[inline(never)]
    fn items_with_duplicates(
        &mut self,
        list: &ListType,
        lpes: &[(PathElement, &Value)],
        rpes: &[(PathElement, &Value)],
        levels: &mut Levels,
    ) {
        type Group<'p, 'v> = (&'p PathElement, Vec<&'v Value>, Vec<&'v Value>);
        let mut groups: Vec<Group> = Vec::new();
        let mut index: HashMap<&PathElement, usize> = HashMap::default();
        for (side, pes) in [(0, lpes), (1, rpes)] {
            for (pe, item) in pes {
                let at = *index.entry(pe).or_insert_with(|| {
                    groups.push((pe, Vec::new(), Vec::new()));
                    groups.len() - 1
                });
                if let Some(group) = groups.get_mut(at) {
                    if side == 0 {
                        group.1.push(item)
                    } else {
                        group.2.push(item)
                    }
                }
            }
        }
        for (pe, before, after) in groups {
            let walk = |this: &mut Self, levels: &mut Levels, lv, rv| {
                let mark = this.errors.mark();
                let (change, below) = this.node(list.element_type, lv, rv);
                this.errors.prefix_since(mark, pe);
                levels.add(pe, change, below);
            };
            match (before.len(), after.len()) {
                (0..=1, 0..=1) => {
                    walk(
                        self,
                        levels,
                        before.first().copied(),
                        after.first().copied(),
                    );
                }
                (2.., 2..) => {
                    if before != after {
                        levels.add(pe, Change::Modified, Comparison::default());
                    }
                }
                (2.., _) => {
                    if let Some(item) = after.first() {
                        walk(self, levels, None, Some(item));
                    }
                    levels.removed.members.push(pe.clone());
                }
                (_, _) => {
                    if let Some(item) = before.first() {
                        walk(self, levels, Some(item), None);
                    }
                    levels.added.members.push(pe.clone());
                }
            }
        }
    }
}

/// Which items share their path element with another item, or `None` when
/// none does (the usual case, decided without allocating for short lists).
fn duplicated_items(pes: &[(PathElement, &Value)]) -> Option<Vec<bool>> {
    // Below this length comparing every pair is cheaper than hashing.
    const SHORT: usize = 16;
    if pes.len() <= SHORT {
        let any = pes
            .iter()
            .enumerate()
            .any(|(i, (a, _))| pes[i + 1..].iter().any(|(b, _)| a == b));
        if !any {
            return None;
        }
    }
    let index = Indexed::new(pes);
    let flags: Vec<bool> = pes.iter().map(|(pe, _)| index.is_duplicated(pe)).collect();
    flags.contains(&true).then_some(flags)
}
