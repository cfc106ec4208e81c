//! Stable sorting with one copy of the sorting algorithm in the page's
//! wasm.
//!
//! std's `sort`, `sort_by` and `sort_by_key` are generic over the element
//! and the comparator: every call site with its own element type or
//! closure gets its own copy of the whole algorithm (driftsort with its
//! small-sort networks, about 4 KB each). Eighteen such copies were 75 KB
//! of the app's wasm. On wasm32 these functions sort the items' positions
//! instead, through one non-generic routine that calls the comparator
//! through a `dyn` reference, and then move the items into that order;
//! what is left per element type is a few hundred bytes. Natively, where
//! size does not matter and the benchmarks do, they are std's.
//!
//! Both are stable: equal items keep their order, so the result is the
//! same on every target.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare` (as `slice::sort_by`).
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    if cfg!(target_arch = "wasm32") {
        sort_by_positions(items, &mut compare);
    } else {
        items.sort_by(compare);
    }
}

/// Sorts `items` stably in their natural order (as `slice::sort`).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts `items` stably by the key `key` gives each (as
/// `slice::sort_by_key`).
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The wasm path, public to the crate so that native tests run it: sort
/// the positions, then move each item to its place.
pub(crate) fn sort_by_positions<T>(items: &mut [T], compare: &mut dyn FnMut(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order = {
        let items = &*items;
        sorted_positions(
            items.len(),
            &mut |a, b| match (items.get(a), items.get(b)) {
                (Some(a), Some(b)) => compare(a, b),
                _ => Ordering::Equal,
            },
        )
    };
    apply_order(items, &mut order);
}

/// `0..len` sorted stably by `compare` of two positions: the one
/// instance of std's sort that every element type shares.
fn sorted_positions(len: usize, compare: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Rearranges `items` so that position `i` holds what was at `order[i]`,
/// following each cycle of the permutation with swaps (no copy of the
/// items, no `Clone`). `order` is used up: each position is marked done by
/// pointing at itself.
fn apply_order<T>(items: &mut [T], order: &mut [usize]) {
    for start in 0..order.len() {
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start || from == at {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wasm path gives what std's stable sort gives, equal keys in
    /// their first order included.
    #[test]
    fn sorting_positions_matches_std_stable_sort() {
        let mut seed = 7u64;
        for len in [0usize, 1, 2, 3, 7, 20, 33, 100, 1000] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_by_key(|a| a.0);
            let mut got = items.clone();
            sort_by_positions(&mut got, &mut |a: &(u8, usize), b: &(u8, usize)| {
                a.0.cmp(&b.0)
            });
            assert_eq!(got, expected, "{len} items");
        }
    }

    #[test]
    fn items_that_cannot_be_copied_are_moved_into_place() {
        let mut names: Vec<String> = ["spec", "apiVersion", "status", "kind", "metadata"]
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        sort_by_positions(&mut names, &mut |a: &String, b: &String| a.cmp(b));
        assert_eq!(names, ["apiVersion", "kind", "metadata", "spec", "status"]);
        sort_by_key(&mut names, |n| std::cmp::Reverse(n.len()));
        assert_eq!(names, ["apiVersion", "metadata", "status", "kind", "spec"]);
    }
}
