//! `ssa diff`'s unified diff never panics, and its hunks rebuild the new
//! text from the old one.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Two texts of few distinct lines, so that lines repeat.
    let (old, new) = text.split_once('\u{0}').unwrap_or((text, ""));
    let lines = |t: &str| t.replace(|c: char| !"abc\n".contains(c), "a");
    let (old, new) = (lines(old), lines(new));
    let diff = ssa_engine::review::unified_diff(&old, &new, "a", "b");
    let mut rebuilt = Vec::new();
    let old_lines: Vec<&str> = old.lines().collect();
    let mut at = 0;
    for line in diff.lines().skip(2) {
        if let Some(hunk) = line.strip_prefix("@@ -") {
            // `-k,n`: from line k, or after line k when n is 0.
            let range = hunk.split(' ').next().unwrap_or("");
            let mut numbers = range.split(',').map(|n| n.parse::<usize>().ok());
            let (k, n) = (numbers.next().flatten(), numbers.next().flatten());
            // A count of 1 is left out.
            let k = k.unwrap_or(0);
            let start = if n == Some(0) { k } else { k.saturating_sub(1) }.max(at);
            rebuilt.extend(old_lines[at..start.min(old_lines.len())].iter().map(|l| l.to_string()));
            at = start;
        } else if let Some(kept) = line.strip_prefix(' ') {
            rebuilt.push(kept.to_string());
            at += 1;
        } else if line.starts_with('-') {
            at += 1;
        } else if let Some(added) = line.strip_prefix('+') {
            rebuilt.push(added.to_string());
        }
    }
    rebuilt.extend(old_lines[at.min(old_lines.len())..].iter().map(|l| l.to_string()));
    let expected: Vec<&str> = new.lines().collect();
    if !diff.is_empty() || old == new {
        assert_eq!(rebuilt, expected, "{diff}");
    }
});
