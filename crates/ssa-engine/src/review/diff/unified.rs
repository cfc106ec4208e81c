//! A unified diff of two texts, line by line, as `diff -u` prints it:
//! GNU diffutils' choice of changed lines ([`align`]), deletions before
//! insertions, hunks with three lines of context, GNU's
//! `@@ -start,count +start,count @@` headers.

mod align;

/// Lines of context around a change.
const CONTEXT: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edit {
    /// The same line at these indices of the old and the new text.
    Equal(usize, usize),
    Delete(usize),
    Insert(usize),
}

/// `--- from` / `+++ to` and the hunks; empty when the texts are equal.
pub fn unified_diff(old: &str, new: &str, from: &str, to: &str) -> String {
    if old == new {
        return String::new();
    }
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let edits = edit_script(&a, &b);
    let mut out = format!("--- {from}\n+++ {to}\n");
    for (start, end) in hunks(&edits) {
        let hunk = &edits[start..end];
        // The hunk's first line in each text, counted from 1.
        let (mut a_line, mut b_line) = (1, 1);
        for edit in &edits[..start] {
            match edit {
                Edit::Equal(..) => {
                    a_line += 1;
                    b_line += 1;
                }
                Edit::Delete(_) => a_line += 1,
                Edit::Insert(_) => b_line += 1,
            }
        }
        let a_count = hunk
            .iter()
            .filter(|e| !matches!(e, Edit::Insert(_)))
            .count();
        let b_count = hunk
            .iter()
            .filter(|e| !matches!(e, Edit::Delete(_)))
            .count();
        out.push_str(&format!(
            "@@ -{} +{} @@\n",
            range(a_line, a_count),
            range(b_line, b_count)
        ));
        for edit in hunk {
            let (sign, line) = match *edit {
                Edit::Equal(i, _) => (' ', a.get(i)),
                Edit::Delete(i) => ('-', a.get(i)),
                Edit::Insert(j) => ('+', b.get(j)),
            };
            out.push(sign);
            out.push_str(line.copied().unwrap_or_default());
            out.push('\n');
        }
    }
    out
}

/// GNU's range: `start,count`, `start` alone for one line, and the line
/// before for none.
fn range(start: usize, count: usize) -> String {
    match count {
        0 => format!("{},0", start - 1),
        1 => start.to_string(),
        _ => format!("{start},{count}"),
    }
}

/// The edits' ranges that make hunks: each change with its context,
/// changes closer than twice the context in one hunk.
fn hunks(edits: &[Edit]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        if matches!(edit, Edit::Equal(..)) {
            continue;
        }
        let start = i.saturating_sub(CONTEXT);
        let end = (i + 1 + CONTEXT).min(edits.len());
        match out.last_mut() {
            Some(last) if start <= last.1 => last.1 = end,
            _ => out.push((start, end)),
        }
    }
    out
}

/// The edit script from `a` to `b` as GNU diff aligns it (see
/// [`align`]): in each change, the removed lines before the added ones.
fn edit_script(a: &[&str], b: &[&str]) -> Vec<Edit> {
    let (ca, cb) = align::changed_lines(a, b);
    let mut edits = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let (del, ins) = (ca.get(i) == Some(&true), cb.get(j) == Some(&true));
        if del || ins {
            while ca.get(i) == Some(&true) {
                edits.push(Edit::Delete(i));
                i += 1;
            }
            while cb.get(j) == Some(&true) {
                edits.push(Edit::Insert(j));
                j += 1;
            }
        } else {
            edits.push(Edit::Equal(i, j));
            i += 1;
            j += 1;
        }
    }
    edits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: std::ops::Range<u32>) -> String {
        n.map(|i| format!("l{i}\n")).collect()
    }

    #[test]
    fn a_change_in_the_middle_has_three_lines_of_context() {
        let old = lines(1..11);
        let new = old.replace("l5\n", "five\n");
        assert_eq!(
            unified_diff(&old, &new, "a", "b"),
            "--- a\n+++ b\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+five\n l6\n l7\n l8\n"
        );
    }

    #[test]
    fn a_new_file_and_far_apart_changes() {
        assert_eq!(
            unified_diff("", "x\ny\n", "a", "b"),
            "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n"
        );
        assert_eq!(
            unified_diff("x\n", "", "a", "b"),
            "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n"
        );
        let old = lines(1..21);
        let new = old.replace("l2\n", "").replace("l18\n", "l18\nnew\n");
        assert_eq!(
            unified_diff(&old, &new, "a", "b"),
            "--- a\n+++ b\n@@ -1,5 +1,4 @@\n l1\n-l2\n l3\n l4\n l5\n@@ -16,5 +15,6 @@\n l16\n l17\n l18\n+new\n l19\n l20\n"
        );
        assert_eq!(unified_diff("same\n", "same\n", "a", "b"), "");
    }

    #[test]
    fn repeated_lines_are_aligned_as_gnu_diff_does() {
        // The answers of GNU diffutils 3.8's `diff -u`.
        let diff = |a: &str, b: &str| {
            let text = |s: &str| s.split(' ').map(|l| format!("{l}\n")).collect::<String>();
            unified_diff(&text(a), &text(b), "A", "B")
        };
        assert_eq!(
            diff("a b a b a", "b a b a b"),
            "--- A\n+++ B\n@@ -1,5 +1,5 @@\n-a\n b\n a\n b\n a\n+b\n"
        );
        assert_eq!(
            diff("x x y x", "x y x x y"),
            "--- A\n+++ B\n@@ -1,4 +1,5 @@\n x\n-x\n y\n x\n+x\n+y\n"
        );
        assert_eq!(
            diff("k a b c k a b c", "k a b c k"),
            "--- A\n+++ B\n@@ -3,6 +3,3 @@\n b\n c\n k\n-a\n-b\n-c\n"
        );
        assert_eq!(diff("x", "x x"), "--- A\n+++ B\n@@ -1 +1,2 @@\n x\n+x\n");
    }

    #[test]
    fn random_scripts_replay_the_new_text() {
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n.max(1)
        };
        let words = ["a", "b", "c", "", "a\r", "d"];
        for round in 0..400 {
            let len = if round % 50 == 0 { 3000 } else { 40 };
            let alphabet = 1 + next(words.len());
            let a: Vec<&str> = (0..next(len)).map(|_| words[next(alphabet)]).collect();
            let b: Vec<&str> = if round % 2 == 0 {
                a.iter().filter(|_| next(5) > 0).copied().collect()
            } else {
                (0..next(len)).map(|_| words[next(alphabet)]).collect()
            };
            let edits = edit_script(&a, &b);
            let (mut kept_a, mut kept_b) = (Vec::new(), Vec::new());
            for edit in &edits {
                match *edit {
                    Edit::Equal(i, j) => {
                        assert_eq!(a[i], b[j]);
                        kept_a.push(i);
                        kept_b.push(j);
                    }
                    Edit::Delete(i) => kept_a.push(i),
                    Edit::Insert(j) => kept_b.push(j),
                }
            }
            assert_eq!(kept_a, (0..a.len()).collect::<Vec<_>>());
            kept_b.sort_unstable();
            assert_eq!(kept_b, (0..b.len()).collect::<Vec<_>>());
            unified_diff(&a.join("\n"), &b.join("\n"), "a", "b");
        }
    }

    #[test]
    fn the_script_is_shortest_and_deletes_first() {
        let a = ["a", "b", "c", "a", "b", "b", "a"];
        let b = ["c", "b", "a", "b", "a", "c"];
        let edits = edit_script(&a, &b);
        let changes = edits
            .iter()
            .filter(|e| !matches!(e, Edit::Equal(..)))
            .count();
        assert_eq!(changes, 5, "{edits:?}");
        // Replaying the script gives the new text.
        let replay: Vec<&str> = edits
            .iter()
            .filter_map(|e| match *e {
                Edit::Equal(i, _) => Some(a[i]),
                Edit::Insert(j) => Some(b[j]),
                Edit::Delete(_) => None,
            })
            .collect();
        assert_eq!(replay, b);
    }
}

/// `tools/udiff-diff`'s comparison: random text pairs (`$UDIFF_DIFF`) diffed
/// by GNU diffutils' `diff -u -N` (what `kubectl diff` runs) and by
/// [`unified_diff`], byte for byte. Run by hand: `UDIFF_DIFF=DIR cargo
/// test -p ssa-engine --lib udiff_diff -- --ignored`.
#[cfg(test)]
mod udiff_diff {
    use crate::value::Value;

    #[test]
    #[ignore = "needs the files tools/udiff-diff writes"]
    fn udiff_diff_against_gnu_diff() {
        crate::upstream_diff::each_case("UDIFF_DIFF", |case, answer| {
            let text =
                |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
            let ours = super::unified_diff(&text(case, "a"), &text(case, "b"), "A", "B");
            let theirs = text(answer, "diff");
            (ours != theirs).then(|| format!("gnu:\n{theirs}\n  ours:\n{ours}"))
        });
    }
}
