//! [`Set`]: a trie of paths with the set algebra apply is made of.

use super::{Path, PathElement};
use std::cmp::Ordering;
use std::sync::Arc;

/// A set of paths, stored as a trie. At each node, `members` are the paths
/// that end at this node's children; `children` hold the paths that go
/// deeper. Both are kept sorted by [`PathElement`]'s order, so every
/// operation is a merge of sorted sequences and iteration order is the API
/// server's.
///
/// Nodes are shared, not copied: cloning a set is O(1), and the algebra
/// reuses every subtree that only one operand has, so its cost follows
/// where the operands overlap rather than their size (a manager's set is
/// cloned, intersected and subtracted on every write).
///
/// Invariant: the empty set has no node, so no child set is empty.
#[derive(Clone, Debug, PartialEq, Eq, Default, Hash)]
pub struct Set(Option<Arc<Node>>);

#[derive(Clone, Debug, PartialEq, Eq, Default, Hash)]
struct Node {
    members: Vec<PathElement>,
    children: Vec<(PathElement, Set)>,
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

    /// The elements that end a path at this node.
    pub fn members(&self) -> &[PathElement] {
        self.0.as_ref().map_or(&[], |n| &n.members)
    }

    /// The subsets below this node, by element.
    pub fn children(&self) -> &[(PathElement, Set)] {
        self.0.as_ref().map_or(&[], |n| &n.children)
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
        self.members().len() + self.children().iter().map(|(_, c)| c.len()).sum::<usize>()
    }

    pub fn insert(&mut self, path: &Path) {
        self.insert_elements(&path.0);
    }

    /// Inserts the path made of `elements`. The empty path names the root,
    /// which a set cannot hold; it is ignored.
    pub fn insert_elements(&mut self, elements: &[PathElement]) {
        let Some((last, init)) = elements.split_last() else {
            return;
        };
        let mut node = self.node_mut();
        for pe in init {
            node = node.child_mut(pe).node_mut();
        }
        node.insert_member(last.clone());
    }

    /// Adds `pe` as a member of this node.
    pub fn insert_member(&mut self, pe: PathElement) {
        self.node_mut().insert_member(pe);
    }

    /// This set's node for writing, created if the set is empty and copied
    /// if it is shared. A caller must leave it non-empty.
    fn node_mut(&mut self) -> &mut Node {
        Arc::make_mut(self.0.get_or_insert_with(Default::default))
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

    pub fn has_member(&self, pe: &PathElement) -> bool {
        self.members().binary_search(pe).is_ok()
    }

    /// The paths below `pe`, with `pe` stripped (SMD's `WithPrefix`).
    pub fn child(&self, pe: &PathElement) -> Option<&Set> {
        let children = self.children();
        children
            .binary_search_by(|(e, _)| e.cmp(pe))
            .ok()
            .map(|i| &children[i].1)
    }

    pub fn union(&self, other: &Set) -> Set {
        if other.is_empty() || self.same_node(other) {
            return self.clone();
        }
        if self.is_empty() {
            return other.clone();
        }
        Set::from_sorted_parts(
            merge_sorted(self.members(), other.members(), Keep::Either),
            merge_children(self.children(), other.children(), Keep::Either, |a, b| {
                a.union(b)
            }),
        )
    }

    pub fn intersection(&self, other: &Set) -> Set {
        if self.same_node(other) {
            return self.clone();
        }
        if self.is_empty() || other.is_empty() {
            return Set::new();
        }
        Set::from_sorted_parts(
            merge_sorted(self.members(), other.members(), Keep::Both),
            merge_children(self.children(), other.children(), Keep::Both, |a, b| {
                a.intersection(b)
            }),
        )
    }

    /// The paths of `self` that are not in `other`.
    pub fn difference(&self, other: &Set) -> Set {
        if self.same_node(other) {
            return Set::new();
        }
        if self.is_empty() || other.is_empty() {
            return self.clone();
        }
        Set::from_sorted_parts(
            merge_sorted(self.members(), other.members(), Keep::LeftOnly),
            merge_children(self.children(), other.children(), Keep::Left, |a, b| {
                a.difference(b)
            }),
        )
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
        let members = merge_sorted(self.members(), other.members(), Keep::LeftOnly);
        let mut children = Vec::with_capacity(self.children().len());
        for (pe, child) in self.children() {
            if other.has_member(pe) {
                continue;
            }
            match other.child(pe) {
                Some(o) => {
                    let d = child.recursive_difference(o);
                    if !d.is_empty() {
                        children.push((pe.clone(), d));
                    }
                }
                None => children.push((pe.clone(), child.clone())),
            }
        }
        Set::from_sorted_parts(members, children)
    }

    /// Calls `f` with every path, members of a node before its children, in
    /// sorted order (SMD's `Iterate`).
    pub fn for_each_path(&self, mut f: impl FnMut(&Path)) {
        let mut prefix = Path::root();
        self.walk(&mut prefix, &mut f);
    }

    fn walk(&self, prefix: &mut Path, f: &mut impl FnMut(&Path)) {
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
    /// paths below it): the order for showing a set to a person.
    pub fn paths_in_tree_order(&self) -> Vec<Path> {
        let mut out = self.paths();
        out.sort();
        out
    }

    /// Builds a set from paths in any order, in O(n log n): the paths are
    /// sorted once and the trie is built level by level, instead of
    /// inserting each into sorted vectors.
    pub fn from_path_elements(mut paths: Vec<Vec<PathElement>>) -> Self {
        paths.retain(|p| !p.is_empty());
        paths.sort();
        paths.dedup();
        Self::build_sorted(&paths, 0)
    }

    /// `paths` sorted, unique, all longer than `depth`.
    fn build_sorted(paths: &[Vec<PathElement>], depth: usize) -> Self {
        let mut members = Vec::new();
        let mut children = Vec::new();
        let mut i = 0;
        while i < paths.len() {
            let head = &paths[i][depth];
            let mut j = i;
            while j < paths.len() && paths[j][depth] == *head {
                j += 1;
            }
            // Sorted order puts the path that ends here first in its group.
            let mut deeper = i;
            if paths[i].len() == depth + 1 {
                members.push(head.clone());
                deeper += 1;
            }
            if deeper < j {
                children.push((
                    head.clone(),
                    Self::build_sorted(&paths[deeper..j], depth + 1),
                ));
            }
            i = j;
        }
        Set::from_sorted_parts(members, children)
    }

    /// Builds one level of a set from its entries in any order: an element,
    /// whether it is a member, and the set below it (empty or not). The
    /// entries are sorted once; an element given twice (a duplicated list
    /// key) is a member if either says so, with the first non-empty set.
    pub(crate) fn from_entries(mut entries: Vec<(PathElement, bool, Set)>) -> Self {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.dedup_by(|later, kept| {
            if later.0 != kept.0 {
                return false;
            }
            kept.1 |= later.1;
            if kept.2.is_empty() {
                kept.2 = std::mem::take(&mut later.2);
            }
            true
        });
        let member_count = entries.iter().filter(|e| e.1).count();
        let child_count = entries.iter().filter(|e| !e.2.is_empty()).count();
        let mut members = Vec::with_capacity(member_count);
        let mut children = Vec::with_capacity(child_count);
        for (pe, is_member, below) in entries {
            match (is_member, below.is_empty()) {
                (true, true) => members.push(pe),
                (true, false) => {
                    members.push(pe.clone());
                    children.push((pe, below));
                }
                (false, false) => children.push((pe, below)),
                (false, true) => {}
            }
        }
        Set::from_sorted_parts(members, children)
    }

    /// Builds a set from members and children that are already sorted and
    /// free of duplicates and empty children (used by decoders and walks).
    pub(crate) fn from_sorted_parts(
        members: Vec<PathElement>,
        children: Vec<(PathElement, Set)>,
    ) -> Self {
        if members.is_empty() && children.is_empty() {
            Set(None)
        } else {
            Set(Some(Arc::new(Node { members, children })))
        }
    }
}

impl Node {
    fn insert_member(&mut self, pe: PathElement) {
        if let Err(i) = self.members.binary_search(&pe) {
            self.members.insert(i, pe);
        }
    }

    /// The child set under `pe`, created empty if absent (the caller then
    /// inserts into it).
    fn child_mut(&mut self, pe: &PathElement) -> &mut Set {
        let i = match self.children.binary_search_by(|(e, _)| e.cmp(pe)) {
            Ok(i) => i,
            Err(i) => {
                self.children.insert(i, (pe.clone(), Set::new()));
                i
            }
        };
        &mut self.children[i].1
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Elements in either input (union).
    Either,
    /// Elements in both inputs (intersection).
    Both,
    /// Elements only in the left input (difference of members).
    LeftOnly,
    /// Every element of the left input (difference of children: the
    /// combiner decides what remains of shared ones).
    Left,
}

fn merge_sorted<T: Clone + Ord>(a: &[T], b: &[T], keep: Keep) -> Vec<T> {
    let mut out = Vec::with_capacity(match keep {
        Keep::Either => a.len() + b.len(),
        _ => a.len(),
    });
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
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
                if keep == Keep::Either || keep == Keep::Both {
                    out.push(a[i].clone());
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
    out
}

/// Merges two sorted child lists. Children present on one side only are
/// kept or dropped per `keep`; children on both sides are combined by
/// `both`, and dropped when that leaves them empty.
fn merge_children(
    a: &[(PathElement, Set)],
    b: &[(PathElement, Set)],
    keep: Keep,
    both: impl Fn(&Set, &Set) -> Set,
) -> Vec<(PathElement, Set)> {
    let mut out = Vec::with_capacity(a.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
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
                let s = both(&a[i].1, &b[j].1);
                if !s.is_empty() {
                    out.push((a[i].0.clone(), s));
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
    out
}
