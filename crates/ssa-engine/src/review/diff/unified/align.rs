//! Which lines `diff -u` (GNU diffutils, without `--minimal`) marks as
//! removed and added, re-implemented from its documented algorithm:
//!
//! 1. only the lines between the texts' identical prefix and suffix are
//!    compared, keeping [`HORIZON`] lines of each (diffutils' horizon is
//!    raised to the context);
//! 2. a line that matches no line of the other text is set aside as
//!    changed, and so is one that matches many, when it sits among such
//!    lines (diffutils' "confusing" lines);
//! 3. the rest is split at the middle snake of Myers' forward and
//!    backward search, recursively, with diffutils' give-up point for
//!    costly searches (about the square root of the size, at least 4096
//!    steps): then the split is the furthest-reaching point so far;
//! 4. each run of changed lines slides up to merge with the runs before
//!    it, down to merge with those after it (ending as low as it can),
//!    and back up to end beside a change in the other text.
//!
//! Past [`MAX_WORK`] search steps the parts still to compare are shown
//! as replaced whole: a correct diff, not a short one.

/// Identical lines kept on each side of the compared middle.
const HORIZON: usize = super::CONTEXT;
/// Search steps (diagonals extended and lines compared) allowed in all.
const MAX_WORK: usize = 50_000_000;
/// Past any line: the backward search's unreached diagonals.
const FAR: isize = isize::MAX / 4;

/// Which lines of `a` are removed and which of `b` are added.
pub(super) fn changed_lines<'a>(a: &[&'a str], b: &[&'a str]) -> (Vec<bool>, Vec<bool>) {
    let (lo, hi_a, hi_b) = window(a, b);
    let mut classes = std::collections::HashMap::new();
    let mut class = |line: &&'a str| {
        let next = classes.len() + 1;
        *classes.entry(*line).or_insert(next)
    };
    let ea: Vec<usize> = a[lo..hi_a].iter().map(&mut class).collect();
    let eb: Vec<usize> = b[lo..hi_b].iter().map(&mut class).collect();
    let count = classes.len() + 1;
    let (da, db) = (confusing(&ea, &eb, count), confusing(&eb, &ea, count));
    let (mut ca, mut cb) = (vec![false; ea.len()], vec![false; eb.len()]);
    let keep = |e: &[usize], d: &[u8], changed: &mut [bool]| {
        let mut kept = (Vec::new(), Vec::new());
        for (i, &c) in e.iter().enumerate() {
            if d[i] == 0 {
                kept.0.push(c);
                kept.1.push(i);
            } else {
                changed[i] = true;
            }
        }
        kept
    };
    let ((xv, xi), (yv, yi)) = (keep(&ea, &da, &mut ca), keep(&eb, &db, &mut cb));
    let mut too_expensive = 1isize;
    let mut diags = xv.len() + yv.len() + 3;
    while diags != 0 {
        too_expensive <<= 1;
        diags >>= 2;
    }
    let mut search = Search {
        xv: &xv,
        yv: &yv,
        fd: vec![0; xv.len() + yv.len() + 3],
        bd: vec![0; xv.len() + yv.len() + 3],
        off: yv.len() as isize + 1,
        too_expensive: too_expensive.max(4096),
        work: 0,
    };
    search.compare(&mut ca, &mut cb, &xi, &yi);
    shift_boundaries(&ea, &mut ca, &cb);
    shift_boundaries(&eb, &mut cb, &ca);
    let mut full = (vec![false; a.len()], vec![false; b.len()]);
    full.0[lo..hi_a].copy_from_slice(&ca);
    full.1[lo..hi_b].copy_from_slice(&cb);
    full
}

/// The lines compared: `lo..hi_a` of `a` and `lo..hi_b` of `b`, found on
/// the texts' bytes as diffutils finds its identical ends.
fn window(a: &[&str], b: &[&str]) -> (usize, usize, usize) {
    let text = |lines: &[&str]| -> Vec<u8> {
        lines
            .iter()
            .flat_map(|l| l.bytes().chain(Some(b'\n')))
            .collect()
    };
    let (ta, tb) = (text(a), text(b));
    let (n0, n1) = (ta.len(), tb.len());
    // Back from the first differing byte to its line, then HORIZON lines.
    let mut pe = ta.iter().zip(&tb).take_while(|(x, y)| x == y).count();
    let mut hor = HORIZON;
    while pe > 0 && (ta[pe - 1] != b'\n' || hor > 0) {
        if ta[pe - 1] == b'\n' {
            hor -= 1;
        }
        pe -= 1;
    }
    // The identical suffix, not into the prefix of the shorter text.
    let shift = n1 as isize - n0 as isize;
    let in_b = |p: usize| (p as isize + shift) as usize;
    let mut p0 = n0;
    let beg0 = pe + n0.saturating_sub(n1);
    while p0 > beg0 && ta[p0 - 1] == tb[in_b(p0) - 1] {
        p0 -= 1;
    }
    // Forward to a line start in both, then HORIZON lines.
    let bol = |t: &[u8], p: usize| p == 0 || t[p - 1] == b'\n';
    let mut more = HORIZON + usize::from(!(bol(&ta, p0) && bol(&tb, in_b(p0))));
    while more > 0 && p0 < n0 {
        more -= 1;
        while p0 < n0 && ta[p0] != b'\n' {
            p0 += 1;
        }
        p0 += 1;
    }
    let lines = |t: &[u8]| t.iter().filter(|&&c| c == b'\n').count();
    let lo = lines(&ta[..pe]);
    let hi_a = lines(&ta[..p0.min(n0)]);
    let hi_b = b.len().saturating_sub(a.len() - hi_a).max(lo);
    (lo, hi_a, hi_b)
}

/// diffutils' discards of `e`'s lines against `other`'s: 1 for a line
/// with no match, 2 (provisional, kept unless among 1s) for one with
/// many, 0 for the lines compared.
fn confusing(e: &[usize], other: &[usize], classes: usize) -> Vec<u8> {
    let mut count = vec![0usize; classes];
    for &c in other {
        count[c] += 1;
    }
    let root = |mut n: usize, mut r: usize| {
        while {
            n >>= 2;
            n > 0
        } {
            r <<= 1;
        }
        r
    };
    let many = root(e.len() >> 6, 5);
    let mut d: Vec<u8> = e
        .iter()
        .map(|&c| match count[c] {
            0 => 1,
            n if n > many => 2,
            _ => 0,
        })
        .collect();
    let mut i = 0;
    while i < d.len() {
        if d[i] == 2 {
            d[i] = 0;
        } else if d[i] != 0 {
            let mut j = i;
            while j < d.len() && d[j] != 0 {
                j += 1;
            }
            while j > i && d[j - 1] == 2 {
                j -= 1;
                d[j] = 0;
            }
            let provisional = d[i..j].iter().filter(|&&v| v == 2).count();
            let length = j - i;
            if provisional * 4 > length {
                d[i..j].iter_mut().filter(|v| **v == 2).for_each(|v| *v = 0);
            } else {
                // Runs of `minimum` provisionals or more are kept.
                let minimum = root(length >> 2, 1) + 1;
                let mut k = i;
                while k < j {
                    let s = k;
                    while k < j && d[k] == 2 {
                        k += 1;
                    }
                    if k - s >= minimum {
                        d[s..k].fill(0);
                    }
                    k += usize::from(k == s);
                }
                edge(&mut d, (i..j).collect());
                edge(&mut d, (i..j).rev().collect());
                i = j - 1;
            }
        }
        i += 1;
    }
    d
}

/// Provisionals kept from a run's edge up to three discards in a row or
/// to a discard at least eight lines in.
fn edge(d: &mut [u8], order: Vec<usize>) {
    let mut consec = 0;
    for (n, k) in order.into_iter().enumerate() {
        if n >= 8 && d[k] == 1 {
            break;
        }
        match d[k] {
            2 => {
                consec = 0;
                d[k] = 0;
            }
            0 => consec = 0,
            _ => consec += 1,
        }
        if consec == 3 {
            break;
        }
    }
}

/// Myers' search on the lines kept, by diagonal (`x - y`).
struct Search<'a> {
    xv: &'a [usize],
    yv: &'a [usize],
    /// Furthest `x` on each diagonal, forward and backward.
    fd: Vec<isize>,
    bd: Vec<isize>,
    /// The index of diagonal 0.
    off: isize,
    too_expensive: isize,
    work: usize,
}

impl Search<'_> {
    fn same(&self, x: isize, y: isize) -> bool {
        match (self.xv.get(x as usize), self.yv.get(y as usize)) {
            (Some(p), Some(q)) => p == q,
            _ => false,
        }
    }

    fn ix(&self, d: isize) -> usize {
        (d + self.off) as usize
    }

    /// Marks the kept lines `xi[k]` / `yi[k]` of `ca` / `cb` changed.
    fn compare(&mut self, ca: &mut [bool], cb: &mut [bool], xi: &[usize], yi: &[usize]) {
        let mut todo = vec![(0, xi.len() as isize, 0, yi.len() as isize, false)];
        while let Some((mut xoff, mut xlim, mut yoff, mut ylim, minimal)) = todo.pop() {
            while xoff < xlim && yoff < ylim && self.same(xoff, yoff) {
                xoff += 1;
                yoff += 1;
            }
            while xoff < xlim && yoff < ylim && self.same(xlim - 1, ylim - 1) {
                xlim -= 1;
                ylim -= 1;
            }
            let split = (xoff < xlim && yoff < ylim && self.work <= MAX_WORK)
                .then(|| self.diag(xoff, xlim, yoff, ylim, minimal))
                .filter(|&(x, y, ..)| {
                    (xoff..=xlim).contains(&x)
                        && (yoff..=ylim).contains(&y)
                        && (x, y) != (xoff, yoff)
                        && (x, y) != (xlim, ylim)
                });
            if let Some((x, y, lo_min, hi_min)) = split {
                todo.push((x, xlim, y, ylim, hi_min));
                todo.push((xoff, x, yoff, y, lo_min));
            } else {
                for k in xoff..xlim {
                    ca[xi[k as usize]] = true;
                }
                for k in yoff..ylim {
                    cb[yi[k as usize]] = true;
                }
            }
        }
    }

    /// The middle snake's end (diffutils' `diag`), and whether each half
    /// is still to be compared minimally.
    fn diag(
        &mut self,
        xoff: isize,
        xlim: isize,
        yoff: isize,
        ylim: isize,
        minimal: bool,
    ) -> (isize, isize, bool, bool) {
        let (dmin, dmax) = (xoff - ylim, xlim - yoff);
        let (fmid, bmid) = (xoff - yoff, xlim - ylim);
        let (mut fmin, mut fmax, mut bmin, mut bmax) = (fmid, fmid, bmid, bmid);
        let odd = (fmid - bmid) & 1 != 0;
        let i = self.ix(fmid);
        self.fd[i] = xoff;
        let i = self.ix(bmid);
        self.bd[i] = xlim;
        let mut c = 1;
        loop {
            if fmin > dmin {
                fmin -= 1;
                let i = self.ix(fmin - 1);
                self.fd[i] = -1;
            } else {
                fmin += 1;
            }
            if fmax < dmax {
                fmax += 1;
                let i = self.ix(fmax + 1);
                self.fd[i] = -1;
            } else {
                fmax -= 1;
            }
            let mut d = fmax;
            while d >= fmin {
                let (lo, hi) = (self.fd[self.ix(d - 1)], self.fd[self.ix(d + 1)]);
                let x0 = if lo < hi { hi } else { lo + 1 };
                let mut x = x0;
                while x < xlim && x - d < ylim && self.same(x, x - d) {
                    x += 1;
                }
                self.work += (x - x0) as usize + 1;
                let i = self.ix(d);
                self.fd[i] = x;
                if odd && bmin <= d && d <= bmax && self.bd[i] <= x {
                    return (x, x - d, true, true);
                }
                d -= 2;
            }
            if bmin > dmin {
                bmin -= 1;
                let i = self.ix(bmin - 1);
                self.bd[i] = FAR;
            } else {
                bmin += 1;
            }
            if bmax < dmax {
                bmax += 1;
                let i = self.ix(bmax + 1);
                self.bd[i] = FAR;
            } else {
                bmax -= 1;
            }
            let mut d = bmax;
            while d >= bmin {
                let (lo, hi) = (self.bd[self.ix(d - 1)], self.bd[self.ix(d + 1)]);
                let x0 = if lo < hi { lo } else { hi - 1 };
                let mut x = x0;
                while xoff < x && yoff < x - d && self.same(x - 1, x - d - 1) {
                    x -= 1;
                }
                self.work += (x0 - x) as usize + 1;
                let i = self.ix(d);
                self.bd[i] = x;
                if !odd && fmin <= d && d <= fmax && x <= self.fd[i] {
                    return (x, x - d, true, true);
                }
                d -= 2;
            }
            if (!minimal && c >= self.too_expensive) || self.work > MAX_WORK {
                return self.give_up(xoff, xlim, yoff, ylim, [fmin, fmax, bmin, bmax]);
            }
            c += 1;
        }
    }

    /// The furthest point either search reached, as diffutils splits a
    /// search too costly to finish.
    fn give_up(
        &self,
        xoff: isize,
        xlim: isize,
        yoff: isize,
        ylim: isize,
        [fmin, fmax, bmin, bmax]: [isize; 4],
    ) -> (isize, isize, bool, bool) {
        let (mut fxy, mut fx) = (-1, 0);
        let mut d = fmax;
        while d >= fmin {
            let mut x = self.fd[self.ix(d)].min(xlim);
            if x - d > ylim {
                x = ylim + d;
            }
            if fxy < 2 * x - d {
                (fxy, fx) = (2 * x - d, x);
            }
            d -= 2;
        }
        let (mut bxy, mut bx) = (isize::MAX, 0);
        let mut d = bmax;
        while d >= bmin {
            let mut x = self.bd[self.ix(d)].max(xoff);
            if x - d < yoff {
                x = yoff + d;
            }
            if 2 * x - d < bxy {
                (bxy, bx) = (2 * x - d, x);
            }
            d -= 2;
        }
        if (xlim + ylim) - bxy < fxy - (xoff + yoff) {
            (fx, fxy - fx, true, false)
        } else {
            (bx, bxy - bx, false, true)
        }
    }
}

/// diffutils' `shift_boundaries` on `changed` (the lines of one text,
/// of classes `e`) beside `other` (the other text's).
fn shift_boundaries(e: &[usize], changed: &mut [bool], other: &[bool]) {
    let at = |v: &[bool], k: isize| k >= 0 && v.get(k as usize) == Some(&true);
    let end = e.len() as isize;
    let (mut i, mut j) = (0isize, 0isize);
    loop {
        while i < end && !at(changed, i) {
            while at(other, j) {
                j += 1;
            }
            j += 1;
            i += 1;
        }
        if i >= end {
            break;
        }
        let mut start = i;
        i += 1;
        while at(changed, i) {
            i += 1;
        }
        while at(other, j) {
            j += 1;
        }
        let mut corresponding;
        loop {
            let run = i - start;
            // Up, merging with the runs before.
            while start > 0 && e[start as usize - 1] == e[i as usize - 1] {
                start -= 1;
                changed[start as usize] = true;
                i -= 1;
                changed[i as usize] = false;
                while at(changed, start - 1) {
                    start -= 1;
                }
                j -= 1;
                while at(other, j) {
                    j -= 1;
                }
            }
            corresponding = if at(other, j - 1) { i } else { end };
            // Down, merging with the runs after.
            while i < end && e[start as usize] == e[i as usize] {
                changed[start as usize] = false;
                start += 1;
                changed[i as usize] = true;
                i += 1;
                while at(changed, i) {
                    i += 1;
                }
                j += 1;
                while at(other, j) {
                    corresponding = i;
                    j += 1;
                }
            }
            if run == i - start {
                break;
            }
        }
        // Back up to end beside a change in the other text.
        while corresponding < i && start > 0 {
            start -= 1;
            changed[start as usize] = true;
            i -= 1;
            changed[i as usize] = false;
            j -= 1;
            while at(other, j) {
                j -= 1;
            }
        }
    }
}
