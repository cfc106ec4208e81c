//! `cmp.Diff` of github.com/google/go-cmp v0.7 (`cmp/compare.go`,
//! `report_compare.go`, `report_reflect.go`, `report_text.go`,
//! `internal/diff`; facts carried over, code our own), which some API
//! server messages embed: the diff of two values of an internal Go type,
//! here of a model of them ([`GoValue`]: each value with its Go type's
//! name and kind, as a table of types builds it).
//!
//! Of go-cmp's two spellings, chosen at random per process, this writes
//! the one with regular spaces after the `-`/`+` markers and the forward
//! search first in `diff.Difference` (`flags.Deterministic`). Not
//! modelled: the specialised diffs of `report_slices.go` (strings of 32
//! bytes or more on both sides, by chunks or lines; slices of numbers),
//! multi-line strings triple-quoted, cycles, the pointer addresses and
//! package paths of the last verbosity preset, options; a string is cut
//! at a character's boundary.

use crate::builtin::goencoding::quantity;
use crate::value::go_quote;
use std::cmp::Ordering;

/// A Go value and what go-cmp reads of its type.
#[derive(Debug)]
pub(crate) struct GoValue {
    /// The type as `reflect.Type.String()` spells it:
    /// `core.PersistentVolumeClaimSpec`, `*string`, `[]core.X`.
    pub ty: &'static str,
    pub kind: Kind,
    /// What `String()` returns, when the type is a `fmt.Stringer`
    /// (printed `s"..."` where go-cmp prints the value whole).
    pub text: Option<String>,
    /// For a type with an `Equal` method (resource.Quantity): what it
    /// compares, values with the same key being equal; go-cmp then
    /// compares the value whole.
    pub equal: Option<String>,
}

/// The value by `reflect.Kind`; `None` is a nil pointer, slice or map.
/// Map entries are sorted by key ([`GoValue::map`]).
#[derive(Debug)]
pub(crate) enum Kind {
    // No PVC field is a bool; the pod template types have them.
    #[allow(dead_code)]
    Bool(bool),
    Int(i64),
    Str(String),
    Struct(Vec<(&'static str, GoValue)>),
    Ptr(Option<Box<GoValue>>),
    Slice(Option<Vec<GoValue>>),
    Map(Option<Vec<(GoValue, GoValue)>>),
}

impl GoValue {
    pub(crate) fn new(ty: &'static str, kind: Kind) -> GoValue {
        GoValue {
            ty,
            kind,
            text: None,
            equal: None,
        }
    }

    pub(crate) fn str(ty: &'static str, s: &str) -> GoValue {
        GoValue::new(ty, Kind::Str(s.to_string()))
    }

    /// A map, its entries sorted by key (`value.SortKeys`).
    pub(crate) fn map(ty: &'static str, entries: Option<Vec<(GoValue, GoValue)>>) -> GoValue {
        let mut entries = entries;
        if let Some(e) = &mut entries {
            crate::sort::sort_by(e, |p, q| {
                p.0.kind.order(&q.0.kind).unwrap_or(Ordering::Equal)
            });
        }
        GoValue::new(ty, Kind::Map(entries))
    }

    /// A struct field by name.
    pub(crate) fn field_mut(&mut self, name: &str) -> Option<&mut GoValue> {
        match &mut self.kind {
            Kind::Struct(fields) => fields.iter_mut().find(|(n, _)| *n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// `reflect.Value.IsZero`.
    fn is_zero(&self) -> bool {
        match &self.kind {
            Kind::Bool(b) => !b,
            Kind::Int(i) => *i == 0,
            Kind::Str(s) => s.is_empty(),
            Kind::Struct(fields) => fields.iter().all(|(_, v)| v.is_zero()),
            k => k.is_nil(),
        }
    }

    /// A `resource.Quantity` as `ParseQuantity` reads `text` (`None`: the
    /// zero Quantity): its unexported fields `i` (an int64 amount), `d`
    /// (an `inf.Dec` amount, a `fmt.Stringer`), `s` (the string, kept when
    /// canonical) and `Format`; compared by its `Equal`.
    pub(crate) fn quantity(text: Option<&str>) -> GoValue {
        let q = text.and_then(quantity::go_fields).unwrap_or_default();
        let (value, scale) = q.int.unwrap_or_default();
        let mut d = GoValue::str("resource.infDecAmount", q.dec.as_deref().unwrap_or(""));
        d.text = q.dec;
        let i = vec![
            ("value", GoValue::new("int64", Kind::Int(value))),
            (
                "scale",
                GoValue::new("resource.Scale", Kind::Int(scale.into())),
            ),
        ];
        let fields = vec![
            ("i", struct_of("resource.int64Amount", i)),
            ("d", d),
            ("s", GoValue::str("string", q.s.as_deref().unwrap_or(""))),
            ("Format", GoValue::str("resource.Format", q.format)),
        ];
        GoValue {
            equal: Some(q.key),
            ..struct_of("resource.Quantity", fields)
        }
    }
}

/// A struct of type `ty`.
pub(crate) fn struct_of(ty: &'static str, fields: Vec<(&'static str, GoValue)>) -> GoValue {
    GoValue::new(ty, Kind::Struct(fields))
}

impl Kind {
    fn is_nil(&self) -> bool {
        matches!(self, Kind::Ptr(None) | Kind::Slice(None) | Kind::Map(None))
    }

    /// Scalars (and map keys) alike.
    fn same(&self, o: &Kind) -> bool {
        self.order(o) == Some(Ordering::Equal)
    }

    /// `value.SortKeys`' order of scalars.
    fn order(&self, o: &Kind) -> Option<Ordering> {
        Some(match (self, o) {
            (Kind::Bool(a), Kind::Bool(b)) => a.cmp(b),
            (Kind::Int(a), Kind::Int(b)) => a.cmp(b),
            (Kind::Str(a), Kind::Str(b)) => a.cmp(b),
            _ => return None,
        })
    }
}

/// `cmp.Diff(x, y)`: empty when they are equal.
pub(super) fn diff(x: &GoValue, y: &GoValue) -> String {
    let root = compare(Some(x), Some(y));
    if root.diff == 0 {
        return String::new();
    }
    let opts = Opts {
        diff: 0,
        ty: Ty::Emit,
        avoid_stringer: false,
        level: 0,
        limit: false,
    };
    opts.format_diff(&root).map(render).unwrap_or_default()
}

// ---- The comparison (`compare.go`; `report_value.go`'s valueNode) ----

/// One compared pair; `None` is a missing slice element or map entry.
#[derive(Default)]
struct Node<'a> {
    x: Option<&'a GoValue>,
    y: Option<&'a GoValue>,
    same: usize,
    diff: usize,
    children: usize,
    depth: usize,
    /// Struct fields, slice elements, map entries, with their keys.
    recs: Vec<(String, Node<'a>)>,
    /// What both pointers point to.
    to: Option<Box<Node<'a>>>,
}

impl Node<'_> {
    fn leaf(&mut self, eq: bool) {
        if eq {
            self.same = 1;
        } else {
            self.diff = 1;
        }
    }

    fn add(&mut self, c: &Node<'_>) {
        self.same += c.same;
        self.diff += c.diff;
        self.children += c.children + 1;
        self.depth = self.depth.max(c.depth + 1);
    }
}

/// `state.compareAny` with go-cmp's default options.
fn compare<'a>(x: Option<&'a GoValue>, y: Option<&'a GoValue>) -> Node<'a> {
    let mut n = Node {
        x,
        y,
        ..Node::default()
    };
    let (Some(a), Some(b)) = (x, y) else {
        n.diff = 1;
        return n;
    };
    type Pair<'a> = (String, Option<&'a GoValue>, Option<&'a GoValue>);
    let pairs: Vec<Pair<'a>> = match (&a.kind, &b.kind) {
        (Kind::Ptr(Some(pa)), Kind::Ptr(Some(pb))) => {
            let c = compare(Some(pa), Some(pb));
            n.add(&c);
            n.to = Some(Box::new(c));
            return n;
        }
        _ if a.equal.is_some() => vec![],
        (Kind::Struct(fa), Kind::Struct(fb)) => fa
            .iter()
            .zip(fb)
            .map(|((k, va), (_, vb))| (k.to_string(), Some(va), Some(vb)))
            .collect(),
        (Kind::Slice(Some(ea)), Kind::Slice(Some(eb))) => {
            let edits = difference(ea.len(), eb.len(), &mut |i, j| {
                let c = compare(ea.get(i), eb.get(j));
                (c.same, c.diff)
            });
            let (mut i, mut j) = (0, 0);
            edits
                .into_iter()
                .map(|e| {
                    let (on_x, on_y) = (e != Edit::UniqueY, e != Edit::UniqueX);
                    let pair = (
                        String::new(),
                        ea.get(i).filter(|_| on_x),
                        eb.get(j).filter(|_| on_y),
                    );
                    i += usize::from(on_x);
                    j += usize::from(on_y);
                    pair
                })
                .collect()
        }
        (Kind::Map(Some(ma)), Kind::Map(Some(mb))) => {
            // Both sorted by key: merged.
            let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
            while let Some((k, _)) = ma.get(i).or(mb.get(j)) {
                let o = match (ma.get(i), mb.get(j)) {
                    (Some(p), Some(q)) => p.0.kind.order(&q.0.kind).unwrap_or(Ordering::Equal),
                    (Some(_), None) => Ordering::Less,
                    _ => Ordering::Greater,
                };
                let key = if o == Ordering::Greater {
                    mb.get(j).map_or(k, |e| &e.0)
                } else {
                    k
                };
                let x = ma.get(i).filter(|_| o != Ordering::Greater).map(|e| &e.1);
                let y = mb.get(j).filter(|_| o != Ordering::Less).map(|e| &e.1);
                pairs.push((map_key(key), x, y));
                i += usize::from(o != Ordering::Greater);
                j += usize::from(o != Ordering::Less);
            }
            pairs
        }
        (p, q) if p.is_nil() || q.is_nil() => {
            n.leaf(p.is_nil() && q.is_nil());
            return n;
        }
        (p, q) => {
            n.leaf(p.same(q));
            return n;
        }
    };
    if a.equal.is_some() {
        n.leaf(a.equal == b.equal);
    }
    for (key, x, y) in pairs {
        let c = compare(x, y);
        n.add(&c);
        n.recs.push((key, c));
    }
    n
}

// ---- diff.Difference (`internal/diff/diff.go`) ----

#[derive(Clone, Copy, Debug, PartialEq)]
enum Edit {
    Identity,
    UniqueX,
    UniqueY,
    Modified,
}

struct Path {
    dir: isize,
    x: isize,
    y: isize,
    es: Vec<Edit>,
}

/// Counts of (same, different) leaves of a pair of elements.
type EqualFn<'f> = dyn FnMut(usize, usize) -> (usize, usize) + 'f;

impl Path {
    fn append(&mut self, e: Edit) {
        self.es.push(e);
        if e != Edit::UniqueY {
            self.x += self.dir;
        }
        if e != Edit::UniqueX {
            self.y += self.dir;
        }
    }

    fn connect(&mut self, (dx, dy): (isize, isize), f: &mut EqualFn<'_>) {
        let fwd = self.dir > 0;
        while (dx - self.x) * self.dir > 0 && (dy - self.y) * self.dir > 0 {
            let (i, j) = if fwd {
                (self.x, self.y)
            } else {
                (self.x - 1, self.y - 1)
            };
            let (same, diff) = f(i as usize, j as usize);
            let e = if diff == 0 {
                Edit::Identity
            } else if same + 1 >= diff {
                Edit::Modified
            } else if (fwd && dx - self.x >= dy - self.y) || (!fwd && self.y - dy < self.x - dx) {
                Edit::UniqueX
            } else {
                Edit::UniqueY
            };
            self.append(e);
        }
        while (dx - self.x) * self.dir > 0 {
            self.append(Edit::UniqueX);
        }
        while (dy - self.y) * self.dir > 0 {
            self.append(Edit::UniqueY);
        }
    }
}

/// `diff.Difference`: go-cmp's edit script of two sequences, by `f`'s
/// counts of a pair (equal: none different; similar: different at most
/// one more than same).
fn difference(nx: usize, ny: usize, f: &mut EqualFn<'_>) -> Vec<Edit> {
    let (nx, ny) = (nx as isize, ny as isize);
    let mut fwd = Path {
        dir: 1,
        x: 0,
        y: 0,
        es: Vec::new(),
    };
    let mut rev = Path {
        dir: -1,
        x: nx,
        y: ny,
        es: Vec::new(),
    };
    let (mut ff, mut rf) = ((0, 0), (nx, ny));
    let mut budget = 4 * (nx + ny);
    for forward in [true, false].into_iter().cycle() {
        if ff.0 >= rf.0 || ff.1 >= rf.1 || budget == 0 {
            break;
        }
        let (mut stop1, mut stop2, mut i) = (false, false, 0isize);
        while !(stop1 && stop2) && budget > 0 {
            // zigzag(i): 0, -1, 1, -2, 2...
            let z = (if i & 1 != 0 { !i } else { i }) >> 1;
            i += 1;
            // The point on the frontier's diagonal, whether it is past
            // either corner, and the pair it compares.
            let (p, corner1, corner2, at) = if forward {
                let p = (ff.0 + z, ff.1 - z);
                (
                    p,
                    p.0 >= rev.x || p.1 < fwd.y,
                    p.1 >= rev.y || p.0 < fwd.x,
                    p,
                )
            } else {
                let p = (rf.0 - z, rf.1 + z);
                (
                    p,
                    fwd.x >= p.0 || rev.y < p.1,
                    fwd.y >= p.1 || rev.x < p.0,
                    (p.0 - 1, p.1 - 1),
                )
            };
            if corner1 || corner2 {
                stop1 |= corner1;
                stop2 |= !corner1;
                continue;
            }
            if f(at.0 as usize, at.1 as usize).1 != 0 {
                budget -= 1;
                continue;
            }
            let path = if forward { &mut fwd } else { &mut rev };
            path.connect(p, f);
            path.append(Edit::Identity);
            if forward {
                while fwd.x < rev.x && fwd.y < rev.y && f(fwd.x as usize, fwd.y as usize).1 == 0 {
                    fwd.append(Edit::Identity);
                }
                ff = (fwd.x, fwd.y);
            } else {
                while fwd.x < rev.x
                    && fwd.y < rev.y
                    && f(rev.x as usize - 1, rev.y as usize - 1).1 == 0
                {
                    rev.append(Edit::Identity);
                }
                rf = (rev.x, rev.y);
            }
            (stop1, stop2) = (true, true);
        }
        if forward {
            if rev.x - ff.0 >= rev.y - ff.1 {
                ff.0 += 1;
            } else {
                ff.1 += 1;
            }
        } else if rf.0 - fwd.x >= rf.1 - fwd.y {
            rf.0 -= 1;
        } else {
            rf.1 -= 1;
        }
    }
    fwd.connect((rev.x, rev.y), f);
    fwd.es.extend(rev.es.iter().rev());
    fwd.es
}

// ---- The text tree (`report_text.go`) ----

/// A line, or records between an opening and a closing (go-cmp's
/// `textWrap`s around a `textList`, their prefixes and suffixes joined).
#[derive(Debug, PartialEq)]
enum Text {
    Line(String),
    Block(String, Vec<Rec>, String),
}

#[derive(Debug, PartialEq)]
struct Rec {
    /// 0, or the marker: ` `, `-`, `+`.
    diff: u8,
    key: String,
    value: Text,
    elide_comma: bool,
    comment: Option<Stats>,
}

/// `diffStats` (no ignored records here).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Stats {
    name: &'static str,
    same: usize,
    removed: usize,
    inserted: usize,
    modified: usize,
}

const ELLIPSIS: &str = "...";

fn line(s: impl Into<String>) -> Text {
    Text::Line(s.into())
}

fn rec(diff: u8, key: impl Into<String>, value: Text) -> Rec {
    Rec {
        diff,
        key: key.into(),
        value,
        elide_comma: false,
        comment: None,
    }
}

/// `prefix` before `t`.
fn prefixed(prefix: &str, t: Text) -> Text {
    match t {
        Text::Line(s) => line([prefix, &s].concat()),
        Text::Block(o, r, c) => Text::Block([prefix, &o].concat(), r, c),
    }
}

impl Stats {
    fn new(name: &'static str) -> Stats {
        Stats {
            name,
            same: 0,
            removed: 0,
            inserted: 0,
            modified: 0,
        }
    }

    fn num_diff(&self) -> usize {
        self.removed + self.inserted + self.modified
    }

    fn add(mut self, o: Stats) -> Stats {
        self.same += o.same;
        self.removed += o.removed;
        self.inserted += o.inserted;
        self.modified += o.modified;
        self
    }

    /// `diffStats.String`: `2 identical fields`, `1 removed and 2
    /// inserted entries`.
    fn text(&self) -> String {
        let counts = [
            (self.same, "identical"),
            (self.removed, "removed"),
            (self.inserted, "inserted"),
            (self.modified, "modified"),
        ];
        let parts: Vec<String> = counts
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, l)| [&n.to_string(), " ", l].concat())
            .collect();
        let name = match self.name.strip_suffix('y') {
            _ if self.same + self.num_diff() < 2 => self.name.to_string(),
            Some(stem) => [stem, "ies"].concat(),
            None => [self.name, "s"].concat(),
        };
        let list = match parts.as_slice() {
            [init @ .., last] if init.len() > 1 => [&init.join(", "), ", and ", last].concat(),
            _ => parts.join(" and "),
        };
        [&list, " ", &name].concat()
    }
}

/// `textList.AppendEllipsis`.
fn append_ellipsis(list: &mut Vec<Rec>, ds: Stats) {
    let stats = (ds.same + ds.num_diff() > 0).then_some(ds);
    match list.last_mut() {
        Some(last) if last.value == line(ELLIPSIS) => {
            if let (Some(ds), Some(s)) = (stats, &mut last.comment) {
                *s = s.add(ds);
            }
        }
        _ => list.push(Rec {
            elide_comma: true,
            comment: stats,
            ..rec(0, "", line(ELLIPSIS))
        }),
    }
}

/// A record's indent: its marker, then tabs.
fn indent(b: &mut String, n: usize, d: u8) {
    b.push_str(match d {
        0 | b' ' => "  ",
        b'-' => "- ",
        b'+' => "+ ",
        _ => "",
    });
    b.extend(std::iter::repeat_n('\t', n));
}

/// `textNode.String`.
fn render(t: Text) -> String {
    if let Text::Line(s) = t {
        return s;
    }
    let t = t.compact(&mut String::new(), 0);
    let mut b = String::new();
    indent(&mut b, 0, 0);
    t.expand(&mut b, 0, 0);
    b.push('\n');
    b
}

impl Text {
    fn as_line(&self) -> Option<&str> {
        match self {
            Text::Line(s) => Some(s),
            Text::Block(..) => None,
        }
    }

    /// `Len`: the length on one line.
    fn len(&self) -> usize {
        match self {
            Text::Line(s) => s.len(),
            Text::Block(o, recs, c) => {
                let items: usize = recs
                    .iter()
                    .map(|r| r.key.len() + 2 * usize::from(!r.key.is_empty()) + r.value.len() + 2)
                    .sum();
                o.len() + items.saturating_sub(2) + c.len()
            }
        }
    }

    /// `formatCompactTo`: what fits on one line becomes a line.
    fn compact(self, b: &mut String, d: u8) -> Text {
        let (open, recs, close) = match self {
            Text::Line(s) => {
                b.push_str(&s);
                return Text::Line(s);
            }
            Text::Block(o, r, c) => (o, r, c),
        };
        let start = b.len();
        b.push_str(&open);
        let n0 = b.len();
        let count = recs.len();
        let mut multi = false;
        let mut out = Vec::with_capacity(count);
        for (i, mut r) in recs.into_iter().enumerate() {
            multi |= r.diff == b'+' || r.diff == b'-' || r.comment.is_some();
            b.push_str(&r.key);
            if !r.key.is_empty() {
                b.push_str(": ");
            }
            r.value = r.value.compact(b, d | r.diff);
            multi |= r.value.as_line().is_none();
            if i + 1 < count {
                b.push_str(", ");
            }
            out.push(r);
        }
        // Removed and inserted values longer than a line are expanded.
        multi |= (d == b'+' || d == b'-') && b.len() - n0 > 80;
        b.push_str(&close);
        if multi {
            Text::Block(open, out, close)
        } else {
            line(&b[start..])
        }
    }

    /// `formatExpandedTo`.
    fn expand(&self, b: &mut String, d: u8, n: usize) {
        let (open, recs, close) = match self {
            Text::Line(s) => return b.push_str(s),
            Text::Block(o, r, c) => (o, r, c),
        };
        b.push_str(open);
        let (mut keys, mut values) = (Vec::new(), Vec::new());
        for r in recs {
            let l = r.value.as_line();
            keys.push(
                l.filter(|_| !r.key.is_empty())
                    .map(|_| r.key.chars().count()),
            );
            values.push(
                l.filter(|l| r.comment.is_some() && *l != ELLIPSIS)
                    .map(|l| l.chars().count()),
            );
        }
        let (key_pad, value_pad) = (align(&keys), align(&values));
        let simple = recs.iter().all(|r| {
            r.diff == 0 && r.key.is_empty() && r.value.as_line().is_some() && r.comment.is_none()
        });
        if simple {
            // A list of bare lines: as many on a line as fit.
            let mut batch = String::new();
            for l in recs.iter().filter_map(|r| r.value.as_line()).chain([""]) {
                if !batch.is_empty() && (l.is_empty() || batch.len() + l.len() + 2 > 80) {
                    b.push('\n');
                    indent(b, n + 1, d);
                    b.push_str(batch.trim_end_matches(' '));
                    batch.clear();
                }
                if !l.is_empty() {
                    batch.push_str(l);
                    batch.push_str(", ");
                }
            }
        } else {
            for (i, r) in recs.iter().enumerate() {
                b.push('\n');
                indent(b, n + 1, d | r.diff);
                if !r.key.is_empty() {
                    b.push_str(&r.key);
                    b.push_str(": ");
                }
                b.extend(std::iter::repeat_n(' ', key_pad[i]));
                r.value.expand(b, d | r.diff, n + 1);
                if !r.elide_comma {
                    b.push(',');
                }
                b.extend(std::iter::repeat_n(' ', value_pad[i]));
                if let Some(s) = &r.comment {
                    b.push_str(" // ");
                    b.push_str(&s.text());
                }
            }
        }
        b.push('\n');
        indent(b, n, d);
        b.push_str(close);
    }
}

/// `textList.alignLens`: the padding that aligns each run of measured
/// records (`None` ends a run).
fn align(lens: &[Option<usize>]) -> Vec<usize> {
    let mut pads = vec![0; lens.len()];
    let mut start = 0;
    for end in 0..=lens.len() {
        if lens.get(end).is_some_and(Option::is_some) {
            continue;
        }
        let max = lens[start..end]
            .iter()
            .flatten()
            .max()
            .copied()
            .unwrap_or(0);
        for j in start..end {
            pads[j] = max - lens[j].unwrap_or(0);
        }
        start = end + 1;
    }
    pads
}

// ---- Formatting (`report_compare.go`, `report_reflect.go`) ----

#[derive(Clone, Copy, PartialEq)]
enum Ty {
    Emit,
    Elide,
    /// Only for structs, slices and maps, and not in identical records.
    Auto,
}

#[derive(Clone, Copy)]
struct Opts {
    diff: u8,
    ty: Ty,
    avoid_stringer: bool,
    level: i32,
    limit: bool,
}

impl Opts {
    fn v(self) -> u32 {
        self.level.clamp(0, 16) as u32
    }

    fn with(mut self, diff: u8) -> Opts {
        self.diff = diff;
        self
    }

    fn ty(mut self, ty: Ty) -> Opts {
        self.ty = ty;
        self
    }

    /// How many records a value prints whole at this verbosity, one level
    /// down for them.
    fn budget(&mut self, identical: bool) -> usize {
        if !self.limit {
            return usize::MAX;
        }
        let v = self.v();
        self.level -= 1;
        if identical {
            ((1 << v) >> 1) << 2
        } else {
            (1 << v) << 1
        }
    }

    /// The removed and inserted forms of a difference, at the verbosity
    /// presets (`verbosityPreset`) while they print alike.
    fn pair(self, f: &dyn Fn(Opts, bool) -> Option<Text>) -> [(u8, Option<Text>); 2] {
        let (mut x, mut y) = (f(self, false), f(self, true));
        for i in 0..=6 {
            if x.is_none() || x != y {
                break;
            }
            let mut o = self;
            o.level = self.v() as i32 + 2 * i;
            o.avoid_stringer |= i > 0;
            (x, y) = (f(o, false), f(o, true));
        }
        [(b'-', x), (b'+', y)]
    }

    /// `FormatType`.
    fn format_type(self, v: &GoValue, s: Text) -> Text {
        let composite = matches!(v.kind, Kind::Struct(_) | Kind::Slice(_) | Kind::Map(_));
        match self.ty {
            Ty::Elide => return s,
            Ty::Auto if !composite || s == line("nil") || self.diff == b' ' => return s,
            _ => {}
        }
        // An unnamed pointer type is parenthesized.
        let name = if v.ty.starts_with('*') {
            ["(", v.ty, ")"].concat()
        } else {
            v.ty.to_string()
        };
        match s {
            Text::Block(o, r, c)
                if (o.starts_with('(') && c.ends_with(')'))
                    || (o.starts_with('{') && c.ends_with('}')) =>
            {
                Text::Block(name + &o, r, c)
            }
            Text::Block(o, r, c) => Text::Block([&name, "(", &o].concat(), r, c + ")"),
            Text::Line(l) => line([&name, "(", &l, ")"].concat()),
        }
    }

    /// `FormatValue`.
    fn format_value(self, v: Option<&GoValue>) -> Option<Text> {
        let v = v?;
        if let (false, Some(text), false) = (self.avoid_stringer, &v.text, v.kind.is_nil()) {
            return Some(self.format_string("s", text));
        }
        let (items, ty): (Vec<(String, &GoValue)>, Ty) = match &v.kind {
            Kind::Bool(b) => return Some(self.format_type(v, line(b.to_string()))),
            Kind::Int(i) => return Some(self.format_type(v, line(i.to_string()))),
            Kind::Str(s) => return Some(self.format_type(v, self.format_string("", s))),
            // An unnamed pointer's type is printed by what it points to.
            Kind::Ptr(Some(to)) => return Some(prefixed("&", self.format_value(Some(to))?)),
            Kind::Struct(fields) => {
                let set = fields.iter().filter(|(_, f)| !f.is_zero());
                (
                    set.map(|(name, f)| (name.to_string(), f)).collect(),
                    Ty::Auto,
                )
            }
            Kind::Slice(Some(items)) => (
                items.iter().map(|i| (String::new(), i)).collect(),
                Ty::Elide,
            ),
            Kind::Map(Some(entries)) => (
                entries.iter().map(|(k, e)| (map_key(k), e)).collect(),
                Ty::Elide,
            ),
            _ => return Some(self.format_type(v, line("nil"))),
        };
        let mut o = self;
        let max = o.budget(true);
        let mut list = Vec::new();
        for (key, item) in items {
            if list.len() == max {
                append_ellipsis(&mut list, Stats::new(""));
                break;
            }
            list.push(rec(0, key, o.ty(ty).format_value(Some(item))?));
        }
        Some(self.format_type(v, Text::Block("{".into(), list, "}".into())))
    }

    /// `formatOptions.formatString` (on one line): quoted, cut at the
    /// verbosity's length.
    fn format_string(self, prefix: &str, s: &str) -> Text {
        let max = if self.limit {
            (1 << self.v()) << 5
        } else {
            s.len()
        };
        if s.len() <= max + ELLIPSIS.len() {
            return line([prefix, &format_str(s)].concat());
        }
        let cut = (0..=max)
            .rev()
            .find(|i| s.is_char_boundary(*i))
            .unwrap_or(0);
        line([prefix, &format_str(&s[..cut]), ELLIPSIS].concat())
    }

    /// `FormatDiff`.
    fn format_diff(mut self, n: &Node<'_>) -> Option<Text> {
        if self.diff == b' ' {
            (self.level, self.limit) = (1, true);
        } else if self.v() < 3 {
            (self.level, self.limit) = (3, true);
        }
        let v = n.x.or(n.y)?;
        if n.depth == 0 {
            return match self.diff {
                b'-' => self.format_value(n.x),
                b'+' => self.format_value(n.y),
                _ if n.diff == 0 => {
                    let (x, y) = (self.format_value(n.x)?, self.format_value(n.y)?);
                    Some(if x.len() < y.len() { x } else { y })
                }
                _ => {
                    let f = |o: Opts, y| o.ty(Ty::Elide).format_value(if y { n.y } else { n.x });
                    let list = self
                        .pair(&f)
                        .into_iter()
                        .filter_map(|(d, t)| Some(rec(d, "", t?)))
                        .collect();
                    Some(
                        self.ty(Ty::Emit)
                            .format_type(v, Text::Block(String::new(), list, String::new())),
                    )
                }
            };
        }
        if let Some(to) = &n.to {
            return Some(prefixed("&", self.format_diff(to)?));
        }
        Some(self.format_type(v, self.format_diff_list(&n.recs, &v.kind)))
    }

    /// `formatDiffList`: the records of a struct, slice or map.
    fn format_diff_list(mut self, recs: &[(String, Node<'_>)], kind: &Kind) -> Text {
        let (name, is_struct) = match kind {
            Kind::Struct(_) => ("field", true),
            Kind::Map(_) => ("entry", false),
            _ => ("element", false),
        };
        self.ty = if is_struct { Ty::Auto } else { Ty::Elide };
        let max = self.budget(self.diff == b' ');
        let mut list = Vec::new();
        let block = |list| Text::Block("{".into(), list, "}".into());
        if self.diff != 0 {
            // Identical, removed or inserted: each record as it is, but a
            // struct's zero fields.
            for (key, r) in recs {
                if list.len() == max {
                    append_ellipsis(&mut list, Stats::new(""));
                    break;
                }
                let zero = |v: Option<&GoValue>| v.is_some_and(GoValue::is_zero);
                let skip = match self.diff {
                    b' ' => zero(r.x) || zero(r.y),
                    b'-' => zero(r.x),
                    _ => zero(r.y),
                };
                if let (false, Some(out)) = (is_struct && skip, self.format_diff(r)) {
                    list.push(rec(0, key.as_str(), out));
                }
            }
            return block(list);
        }
        // coalesceAdjacentRecords: runs of equal and of unequal records.
        let mut groups: Vec<Stats> = Vec::new();
        for (_, r) in recs {
            let equal = r.diff == 0;
            match groups.last_mut() {
                Some(g) if (g.num_diff() == 0) == equal => {}
                _ => groups.push(Stats::new(name)),
            }
            if let Some(g) = groups.last_mut() {
                match (equal, r.x, r.y) {
                    (true, ..) => g.same += 1,
                    (_, _, None) => g.removed += 1,
                    (_, None, _) => g.inserted += 1,
                    _ => g.modified += 1,
                }
            }
        }
        let (mut num_diffs, mut rest, mut max_group) = (0, recs, Stats::new(name));
        let last = groups.len().saturating_sub(1);
        let same = self.with(b' ');
        for (i, mut ds) in groups.into_iter().enumerate() {
            if num_diffs >= max {
                max_group = max_group.add(ds);
                continue;
            }
            let count = ds.same.max(ds.num_diff());
            let (now, later) = rest.split_at(count.min(rest.len()));
            rest = later;
            if ds.num_diff() == 0 {
                // Two equal records either side of a difference, the rest
                // counted (but one alone).
                let lo = if i != 0 { count.min(2) } else { 0 };
                let mut hi = if i != last { (count - lo).min(2) } else { 0 };
                if count - (lo + hi) == 1 {
                    hi += 1;
                }
                for (j, (key, r)) in now.iter().enumerate() {
                    if j == lo && count > lo + hi {
                        ds.same -= lo + hi;
                        append_ellipsis(&mut list, ds);
                    }
                    if j < lo || j >= count - hi {
                        list.push(rec(
                            0,
                            key.as_str(),
                            same.format_diff(r).unwrap_or(line("")),
                        ));
                    }
                }
                continue;
            }
            for (key, r) in now {
                if r.children == r.depth {
                    let f = |o: Opts, y| o.with(if y { b'+' } else { b'-' }).format_diff(r);
                    for (d, t) in self.pair(&f) {
                        list.extend(t.map(|t| rec(d, key.as_str(), t)));
                    }
                } else {
                    list.extend(self.format_diff(r).map(|t| rec(0, key.as_str(), t)));
                }
            }
            num_diffs += count;
        }
        if max_group.same + max_group.num_diff() > 0 {
            append_ellipsis(&mut list, max_group);
        }
        block(list)
    }
}

/// `formatMapKey`: a map key on one line.
fn map_key(k: &GoValue) -> String {
    let opts = Opts {
        diff: b' ',
        ty: Ty::Elide,
        avoid_stringer: false,
        level: 6,
        limit: true,
    };
    opts.format_value(Some(k))
        .map(render)
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// go-cmp's `formatString`: `strconv.Quote`, or a raw string literal
/// where quoting would escape something that a raw one need not.
fn format_str(s: &str) -> String {
    let quoted = go_quote(s);
    let raw = |c: char| {
        c != '`' && c != '\n' && (c == ' ' || c == '\t' || !(c.is_control() || c.is_whitespace()))
    };
    if quoted.len() == s.len() + 2 || !s.chars().all(raw) {
        return quoted;
    }
    ["`", s, "`"].concat()
}

#[cfg(test)]
mod tests;
