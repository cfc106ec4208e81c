//! [`Set`]: a trie of paths with the set algebra apply is made of.

use super::{Path, PathElement};
use std::cmp::Ordering;
use std::fmt::Write as _;
use std::sync::Arc;

/// A set of paths, stored as a trie. A node is one slice of entries sorted
/// by [`PathElement`]'s order: an element, whether the path that ends there
/// is in the set (a member), and the set of the paths that go deeper. Every
/// operation is a merge of sorted sequences, and iteration order is the API
/// server's.
///
/// Nodes are shared, not copied: cloning a set is O(1), and the algebra
/// reuses every subtree that only one operand has, so its cost follows
/// where the operands overlap rather than their size (a manager's set is
/// cloned, intersected and subtracted on every write). A node is a single
/// allocation.
///
/// Invariant: the empty set has no node; every entry is a member or has a
/// non-empty set below it; no element occurs twice in a node.
#[derive(Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct Set(Option<Arc<[SetEntry]>>);

/// What [`Set::from_entries`] puts below an element given more than once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OnRepeat {
    /// The first non-empty set (SMD's field set of a value whose list
    /// repeats a key keeps the first item's fields).
    FirstBelow,
    /// The union of the sets (paths collected from every occurrence).
    Union,
    /// Nothing: the element alone (SMD's `ToFieldSet` owns an item whose
    /// list key is repeated as a whole, `toFieldSetWalker.visitListItems`).
    Nothing,
}

/// One entry of a node (see [`Set`]); walks that build sets collect them
/// (see [`Set::from_entries`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SetEntry {
    pub(crate) pe: PathElement,
    pub(crate) member: bool,
    pub(crate) below: Set,
}

impl SetEntry {
    fn is_needed(&self) -> bool {
        self.member || !self.below.is_empty()
    }
}

impl Set {
    pub fn new() -> Self {
        Set(None)
    }

    /// A set holding `paths`.
    pub fn from_paths<'a>(paths: impl IntoIterator<Item = &'a Path>) -> Self {
        let mut s = Set::new();
        for p in paths {
            s.insert(p);
        }
        s
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    fn entries(&self) -> &[SetEntry] {
        self.0.as_deref().unwrap_or(&[])
    }

    /// A node of `entries`, which must keep the invariant.
    fn from_vec(entries: Vec<SetEntry>) -> Self {
        if entries.is_empty() {
            Set(None)
        } else {
            Set(Some(Arc::from(entries)))
        }
    }

    fn find(&self, pe: &PathElement) -> Option<&SetEntry> {
        let entries = self.entries();
        entries
            .binary_search_by(|e| e.pe.cmp(pe))
            .ok()
            .map(|i| &entries[i])
    }

    /// The elements that end a path at this node.
    pub fn members(&self) -> impl Iterator<Item = &PathElement> {
        self.entries().iter().filter(|e| e.member).map(|e| &e.pe)
    }

    /// The subsets below this node, by element.
    pub fn children(&self) -> impl Iterator<Item = (&PathElement, &Set)> {
        self.entries()
            .iter()
            .filter(|e| !e.below.is_empty())
            .map(|e| (&e.pe, &e.below))
    }

    /// Every element of this node in order: whether it is a member, and
    /// the set below it (empty or not).
    pub fn elements(&self) -> impl Iterator<Item = (&PathElement, bool, &Set)> {
        self.entries().iter().map(|e| (&e.pe, e.member, &e.below))
    }

    /// Whether both are the same node (then they are equal).
    fn same_node(&self, other: &Set) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        }
    }

    /// Number of paths in the set.
    pub fn len(&self) -> usize {
        self.entries()
            .iter()
            .map(|e| usize::from(e.member) + e.below.len())
            .sum()
    }

    pub fn insert(&mut self, path: &Path) {
        self.insert_elements(&path.0);
    }

    /// Inserts the path made of `elements`. The empty path names the root,
    /// which a set cannot hold; it is ignored.
    pub fn insert_elements(&mut self, elements: &[PathElement]) {
        if !elements.is_empty() {
            *self = self.with_path(elements);
        }
    }

    /// Adds `pe` as a member of this node.
    pub fn insert_member(&mut self, pe: PathElement) {
        *self = self.with_path(std::slice::from_ref(&pe));
    }

    /// This set plus the non-empty path `elements` (a copy of each node on
    /// the way: inserting is for building small sets).
    fn with_path(&self, elements: &[PathElement]) -> Set {
        let Some((first, rest)) = elements.split_first() else {
            return self.clone();
        };
        let mut entries = self.entries().to_vec();
        match entries.binary_search_by(|e| e.pe.cmp(first)) {
            Ok(i) if rest.is_empty() => entries[i].member = true,
            Ok(i) => entries[i].below = entries[i].below.with_path(rest),
            Err(i) => entries.insert(
                i,
                SetEntry {
                    pe: first.clone(),
                    member: rest.is_empty(),
                    below: Set::new().with_path(rest),
                },
            ),
        }
        Set::from_vec(entries)
    }

    pub fn has(&self, path: &Path) -> bool {
        let Some((last, init)) = path.0.split_last() else {
            return false;
        };
        let mut node = self;
        for pe in init {
            match node.child(pe) {
                Some(c) => node = c,
                None => return false,
            }
        }
        node.has_member(last)
    }

    /// Whether the set holds a path strictly below `path` (found by
    /// walking the trie, not by listing its paths).
    pub fn has_below(&self, path: &Path) -> bool {
        let mut node = self;
        for pe in &path.0 {
            match node.child(pe) {
                Some(c) => node = c,
                None => return false,
            }
        }
        !node.is_empty()
    }

    pub fn has_member(&self, pe: &PathElement) -> bool {
        self.find(pe).is_some_and(|e| e.member)
    }

    /// Whether `pe` is a member of this node, and the paths below it (as
    /// [`Set::child`]): one search for both.
    pub fn holds(&self, pe: &PathElement) -> (bool, Option<&Set>) {
        holds_of(self.find(pe))
    }

    /// How many elements this node has (members and parents of deeper
    /// paths).
    pub fn node_len(&self) -> usize {
        self.entries().len()
    }

    /// This node's elements by hash, for a walk that asks a large node
    /// about many elements in an order of its own (a list's items in the
    /// list's order): each search of the sorted node touches a dozen
    /// entries scattered over it, which a node of thousands of items no
    /// longer holds in the cache.
    pub fn node_index(&self) -> NodeIndex<'_> {
        let entries = self.entries();
        let mut by_pe =
            rustc_hash::FxHashMap::with_capacity_and_hasher(entries.len(), Default::default());
        for e in entries {
            by_pe.insert(&e.pe, e);
        }
        NodeIndex(by_pe)
    }

    /// The paths below `pe`, with `pe` stripped (SMD's `WithPrefix`).
    pub fn child(&self, pe: &PathElement) -> Option<&Set> {
        self.find(pe)
            .map(|e| &e.below)
            .filter(|below| !below.is_empty())
    }

    pub fn union(&self, other: &Set) -> Set {
        if other.is_empty() || self.same_node(other) {
            return self.clone();
        }
        if self.is_empty() {
            return other.clone();
        }
        merge_nodes(self, other, Keep::Either, |a, b| SetEntry {
            pe: a.pe.clone(),
            member: a.member || b.member,
            below: a.below.union(&b.below),
        })
    }

    pub fn intersection(&self, other: &Set) -> Set {
        if self.same_node(other) {
            return self.clone();
        }
        if self.is_empty() || other.is_empty() {
            return Set::new();
        }
        merge_nodes(self, other, Keep::Both, |a, b| SetEntry {
            pe: a.pe.clone(),
            member: a.member && b.member,
            below: a.below.intersection(&b.below),
        })
    }

    /// The paths of `self` that are not in `other`.
    pub fn difference(&self, other: &Set) -> Set {
        if self.same_node(other) {
            return Set::new();
        }
        if self.is_empty() || other.is_empty() {
            return self.clone();
        }
        merge_nodes(self, other, Keep::Left, |a, b| SetEntry {
            pe: a.pe.clone(),
            member: a.member && !b.member,
            below: a.below.difference(&b.below),
        })
    }

    /// The paths of `self` that are neither in `other` nor below one of
    /// `other`'s paths (SMD's `RecursiveDifference`).
    pub fn recursive_difference(&self, other: &Set) -> Set {
        if self.same_node(other) {
            return Set::new();
        }
        if self.is_empty() || other.is_empty() {
            return self.clone();
        }
        merge_nodes(self, other, Keep::Left, |a, b| SetEntry {
            pe: a.pe.clone(),
            member: a.member && !b.member,
            below: if b.member {
                Set::new()
            } else {
                a.below.recursive_difference(&b.below)
            },
        })
    }

    /// Calls `f` with every path, members of a node before its children, in
    /// sorted order (SMD's `Iterate`).
    pub fn for_each_path(&self, mut f: impl FnMut(&Path)) {
        let mut prefix = Path::root();
        self.walk(&mut prefix, &mut f);
    }

    /// `f` is a `dyn`: one copy of the recursion in the wasm, not one
    /// per caller's closure.
    fn walk(&self, prefix: &mut Path, f: &mut dyn FnMut(&Path)) {
        for pe in self.members() {
            prefix.0.push(pe.clone());
            f(prefix);
            prefix.0.pop();
        }
        for (pe, child) in self.children() {
            prefix.0.push(pe.clone());
            child.walk(prefix, f);
            prefix.0.pop();
        }
    }

    /// Every path, in [`Set::for_each_path`] order.
    pub fn paths(&self) -> Vec<Path> {
        let mut out = Vec::with_capacity(self.len());
        self.for_each_path(|p| out.push(p.clone()));
        out
    }

    /// Every path in the order of the paths themselves (a node before the
    /// paths below it): the order for showing a set to a person. That is
    /// the trie's preorder (a node's entries are sorted, and a path sorts
    /// before every path it starts), so no sort is needed.
    pub fn paths_in_tree_order(&self) -> Vec<Path> {
        let mut out = Vec::with_capacity(self.len());
        let mut prefix = Path::root();
        self.preorder(&mut prefix, &mut out);
        out
    }

    fn preorder(&self, prefix: &mut Path, out: &mut Vec<Path>) {
        for e in self.entries() {
            prefix.0.push(e.pe.clone());
            if e.member {
                out.push(prefix.clone());
            }
            e.below.preorder(prefix, out);
            prefix.0.pop();
        }
    }

    /// Calls `f` with every path in tree order (see
    /// [`Set::paths_in_tree_order`]), its kubectl notation and what each
    /// of `others` holds there. Each path, its notation and the others' nodes
    /// are found from its parent's: no path is copied, printed or looked
    /// up from the root, which cost the square of a deep object's depth.
    pub fn for_each_in_tree_order(
        &self,
        others: &[&Set],
        mut f: impl FnMut(&Path, &str, &[Holds]),
    ) {
        let mut walk = TreeWalk {
            path: Path::root(),
            name: String::new(),
            held: vec![Holds::default(); others.len()],
        };
        let nodes: Vec<Option<&Set>> = others.iter().map(|s| Some(*s)).collect();
        self.tree_walk(&nodes, &mut walk, &mut f);
    }

    /// `f` is a `dyn`: one copy of the recursion in the wasm, not one
    /// per caller's closure (six of them, 8 KB).
    fn tree_walk(
        &self,
        others: &[Option<&Set>],
        walk: &mut TreeWalk,
        f: &mut dyn FnMut(&Path, &str, &[Holds]),
    ) {
        // Each other node is searched onward from where the previous
        // element was found: both are sorted.
        let mut cursors = vec![0; others.len()];
        let mut found: Vec<Option<&SetEntry>> = Vec::with_capacity(others.len());
        for e in self.entries() {
            let len = walk.name.len();
            let _ = write!(walk.name, "{}", e.pe);
            walk.path.0.push(e.pe.clone());
            found.clear();
            for (other, cursor) in others.iter().zip(cursors.iter_mut()) {
                let entries = other.map_or(&[][..], |o| o.entries());
                *cursor = seek(entries, *cursor, &e.pe);
                found.push(entries.get(*cursor).filter(|o| o.pe == e.pe));
            }
            if e.member {
                for (held, o) in walk.held.iter_mut().zip(&found) {
                    *held = o.map_or(Holds::default(), |o| Holds {
                        path: o.member,
                        below: !o.below.is_empty(),
                    });
                }
                f(&walk.path, &walk.name, &walk.held);
            }
            if !e.below.is_empty() {
                let below: Vec<Option<&Set>> = found
                    .iter()
                    .map(|o| o.map(|o| &o.below).filter(|b| !b.is_empty()))
                    .collect();
                e.below.tree_walk(&below, walk, f);
            }
            walk.path.0.pop();
            walk.name.truncate(len);
        }
    }

    /// Builds a set from paths in any order, in O(n log n): the paths are
    /// sorted once and the trie is built level by level, instead of
    /// inserting each into sorted vectors.
    pub fn from_path_elements(mut paths: Vec<Vec<PathElement>>) -> Self {
        paths.retain(|p| !p.is_empty());
        crate::sort::sort(&mut paths);
        paths.dedup();
        Self::build_sorted(&paths, 0)
    }

    /// `paths` sorted, unique, all longer than `depth`.
    fn build_sorted(paths: &[Vec<PathElement>], depth: usize) -> Self {
        let mut entries = Vec::new();
        let mut i = 0;
        while i < paths.len() {
            let head = &paths[i][depth];
            let mut j = i;
            while j < paths.len() && paths[j][depth] == *head {
                j += 1;
            }
            // Sorted order puts the path that ends here first in its group.
            let member = paths[i].len() == depth + 1;
            let deeper = if member { i + 1 } else { i };
            entries.push(SetEntry {
                pe: head.clone(),
                member,
                below: Self::build_sorted(&paths[deeper..j], depth + 1),
            });
            i = j;
        }
        Set::from_vec(entries)
    }

    /// Builds one level of a set from the entries `entries[start..]`, in
    /// any order, and removes them from `entries`. They are sorted once;
    /// an element given twice (a duplicated list key) is a member if either
    /// says so, and has below it what `on_repeat` says. Walks share one
    /// `entries` buffer for every level (a level's entries sit above its
    /// parent's), so that a node is built in its single allocation.
    pub(crate) fn from_entries(
        entries: &mut Vec<SetEntry>,
        start: usize,
        on_repeat: OnRepeat,
    ) -> Self {
        let level = &mut entries[start..];
        crate::sort::sort_by(level, |a, b| a.pe.cmp(&b.pe));
        if level.windows(2).any(|w| w[0].pe == w[1].pe) {
            let mut unique: Vec<SetEntry> = entries.drain(start..).collect();
            unique.dedup_by(|later, kept| {
                if later.pe != kept.pe {
                    return false;
                }
                kept.member |= later.member;
                kept.below = match on_repeat {
                    OnRepeat::FirstBelow if kept.below.is_empty() => {
                        std::mem::take(&mut later.below)
                    }
                    OnRepeat::FirstBelow => std::mem::take(&mut kept.below),
                    OnRepeat::Union => kept.below.union(&later.below),
                    OnRepeat::Nothing => Set::new(),
                };
                true
            });
            unique.retain(SetEntry::is_needed);
            return Set::from_vec(unique);
        }
        let mut kept = start;
        for i in start..entries.len() {
            if entries[i].is_needed() {
                entries.swap(kept, i);
                kept += 1;
            }
        }
        entries.truncate(kept);
        if kept == start {
            Set(None)
        } else {
            Set(Some(entries.drain(start..).collect()))
        }
    }

    /// Builds a set from members and children that are already sorted and
    /// free of duplicates and empty children (used by decoders and walks).
    pub(crate) fn from_sorted_parts(
        members: Vec<PathElement>,
        children: Vec<(PathElement, Set)>,
    ) -> Self {
        let mut entries = Vec::with_capacity(members.len().max(children.len()));
        let mut members = members.into_iter().peekable();
        let mut children = children.into_iter().peekable();
        loop {
            let order = match (members.peek(), children.peek()) {
                (Some(m), Some((c, _))) => m.cmp(c),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => break,
            };
            let entry = match order {
                Ordering::Less => members.next().map(|pe| SetEntry {
                    pe,
                    member: true,
                    below: Set::new(),
                }),
                Ordering::Greater => children.next().map(|(pe, below)| SetEntry {
                    pe,
                    member: false,
                    below,
                }),
                Ordering::Equal => {
                    members.next();
                    children.next().map(|(pe, below)| SetEntry {
                        pe,
                        member: true,
                        below,
                    })
                }
            };
            entries.extend(entry.filter(SetEntry::is_needed));
        }
        Set::from_vec(entries)
    }
}

/// The index of the first of `entries` (sorted) at or after `from` whose
/// element is not less than `pe`, found by galloping from `from`: a walk
/// of a node's elements in order costs a comparison or two each, on
/// neighbouring entries, instead of a binary search over the whole node.
fn seek(entries: &[SetEntry], from: usize, pe: &PathElement) -> usize {
    let (mut lo, mut hi, mut step) = (from, from, 1usize);
    while let Some(e) = entries.get(hi) {
        if e.pe >= *pe {
            break;
        }
        lo = hi + 1;
        hi = hi.saturating_add(step);
        step = step.saturating_mul(2);
    }
    let hi = hi.min(entries.len());
    lo + entries
        .get(lo..hi)
        .map_or(0, |window| window.partition_point(|e| e.pe < *pe))
}

/// One node of a set by element (see [`Set::node_index`]).
#[derive(Debug)]
pub struct NodeIndex<'s>(rustc_hash::FxHashMap<&'s PathElement, &'s SetEntry>);

impl<'s> NodeIndex<'s> {
    /// [`Set::holds`] of the indexed node.
    pub fn holds(&self, pe: &PathElement) -> (bool, Option<&'s Set>) {
        holds_of(self.0.get(pe).copied())
    }
}

/// What a node's entry for an element says (see [`Set::holds`]): whether
/// the element is a member, and the paths below it, if any.
fn holds_of(entry: Option<&SetEntry>) -> (bool, Option<&Set>) {
    entry.map_or((false, None), |e| {
        (e.member, Some(&e.below).filter(|b| !b.is_empty()))
    })
}

/// What a set holds at a path: the path itself, and paths below it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Holds {
    pub path: bool,
    pub below: bool,
}

/// Where [`Set::for_each_in_tree_order`] is: the path, its notation, and
/// what each other set holds there.
struct TreeWalk {
    path: Path,
    name: String,
    held: Vec<Holds>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Entries in either input (union).
    Either,
    /// Entries in both inputs (intersection).
    Both,
    /// Entries of the left input (differences: `both` decides what remains
    /// of shared ones).
    Left,
}

/// Merges two sorted nodes. Entries present on one side only are kept
/// (shared, not copied) or dropped per `keep`; entries on both sides are
/// combined by `both`, and dropped when that leaves nothing.
fn merge_nodes(
    a: &Set,
    b: &Set,
    keep: Keep,
    both: impl Fn(&SetEntry, &SetEntry) -> SetEntry,
) -> Set {
    let (a, b) = (a.entries(), b.entries());
    let mut out = Vec::with_capacity(match keep {
        Keep::Either => a.len() + b.len(),
        Keep::Both => a.len().min(b.len()),
        Keep::Left => a.len(),
    });
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].pe.cmp(&b[j].pe) {
            Ordering::Less => {
                if keep != Keep::Both {
                    out.push(a[i].clone());
                }
                i += 1;
            }
            Ordering::Greater => {
                if keep == Keep::Either {
                    out.push(b[j].clone());
                }
                j += 1;
            }
            Ordering::Equal => {
                let e = both(&a[i], &b[j]);
                if e.is_needed() {
                    out.push(e);
                }
                i += 1;
                j += 1;
            }
        }
    }
    if keep != Keep::Both {
        out.extend_from_slice(&a[i..]);
    }
    if keep == Keep::Either {
        out.extend_from_slice(&b[j..]);
    }
    Set::from_vec(out)
}
