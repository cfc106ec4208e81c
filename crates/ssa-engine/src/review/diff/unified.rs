//! A unified diff of two texts, line by line, as `diff -u` prints it:
//! Myers' shortest edit script (deletions before insertions), hunks with
//! three lines of context, GNU's `@@ -start,count +start,count @@`
//! headers.

/// Lines of context around a change.
const CONTEXT: usize = 3;
/// Past this much work (edit distance × lines) the differing middle is
/// shown as replaced whole: a correct diff, not a shortest one.
const MAX_WORK: usize = 50_000_000;

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

/// The shortest edit script from `a` to `b`.
fn edit_script(a: &[&str], b: &[&str]) -> Vec<Edit> {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a_mid, b_mid) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut edits: Vec<Edit> = (0..prefix).map(|i| Edit::Equal(i, i)).collect();
    let middle = myers(a_mid, b_mid).unwrap_or_else(|| {
        (0..a_mid.len())
            .map(Edit::Delete)
            .chain((0..b_mid.len()).map(Edit::Insert))
            .collect()
    });
    edits.extend(middle.into_iter().map(|edit| match edit {
        Edit::Equal(i, j) => Edit::Equal(i + prefix, j + prefix),
        Edit::Delete(i) => Edit::Delete(i + prefix),
        Edit::Insert(j) => Edit::Insert(j + prefix),
    }));
    let (a_end, b_end) = (a.len() - suffix, b.len() - suffix);
    edits.extend((0..suffix).map(|i| Edit::Equal(a_end + i, b_end + i)));
    edits
}

/// Myers' greedy algorithm with the trace kept for the way back; `None`
/// past [`MAX_WORK`].
fn myers(a: &[&str], b: &[&str]) -> Option<Vec<Edit>> {
    let (n, m) = (a.len() as isize, b.len() as isize);
    let max = n + m;
    let offset = max + 1;
    let slot = |k: isize| (k + offset) as usize;
    let mut v = vec![0isize; (2 * max + 3) as usize];
    let mut trace: Vec<Vec<isize>> = Vec::new();
    let mut work = 0usize;
    for d in 0..=max {
        work += v.len();
        if work > MAX_WORK {
            return None;
        }
        trace.push(v.clone());
        let mut k = -d;
        while k <= d {
            let down = k == -d || (k != d && v[slot(k - 1)] < v[slot(k + 1)]);
            let mut x = if down {
                v[slot(k + 1)]
            } else {
                v[slot(k - 1)] + 1
            };
            let mut y = x - k;
            while x < n && y < m && a[x as usize] == b[y as usize] {
                x += 1;
                y += 1;
            }
            v[slot(k)] = x;
            if x >= n && y >= m {
                return Some(backtrack(&trace, n, m));
            }
            k += 2;
        }
    }
    None
}

fn backtrack(trace: &[Vec<isize>], n: isize, m: isize) -> Vec<Edit> {
    let offset = n + m + 1;
    let slot = |k: isize| (k + offset) as usize;
    let (mut x, mut y) = (n, m);
    let mut edits = Vec::new();
    for (d, v) in trace.iter().enumerate().rev() {
        let d = d as isize;
        let k = x - y;
        let down = k == -d || (k != d && v[slot(k - 1)] < v[slot(k + 1)]);
        let prev_k = if down { k + 1 } else { k - 1 };
        let prev_x = v[slot(prev_k)];
        let prev_y = prev_x - prev_k;
        while x > prev_x && y > prev_y {
            edits.push(Edit::Equal((x - 1) as usize, (y - 1) as usize));
            x -= 1;
            y -= 1;
        }
        if d > 0 {
            if x == prev_x {
                edits.push(Edit::Insert((y - 1) as usize));
            } else {
                edits.push(Edit::Delete((x - 1) as usize));
            }
        }
        x = prev_x;
        y = prev_y;
    }
    edits.reverse();
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
