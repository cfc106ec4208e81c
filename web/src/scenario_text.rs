//! Writing an edited scenario back into the user's text without
//! reformatting what the edit did not touch.
//!
//! The structured inputs change the scenario as a value; the text is the
//! source of truth and may carry comments, flow maps and blank lines the
//! user wants kept. [`rewrite`] therefore copies every map entry and list
//! item whose value did not change verbatim from the old text (a moved or
//! duplicated step keeps its comments), goes into block maps and lists that
//! changed, and writes only the changed entries anew. [`node_source`] and
//! [`splice`] show one node (a step's manifest, the live object) as its own
//! text and put an edited text back verbatim. Every result is read back and
//! compared with the intended value; when the layout is one these helpers
//! do not follow, the whole document is written anew instead, so the value
//! is always right.

use ssa_engine::value::{Map, PathSeg, Value, ValuePath};
use ssa_engine::yaml::{self, SourceMap};

/// The text of `new`, keeping the parts of `old_text` whose value is the
/// same. Falls back to a freshly written document.
pub fn rewrite(old_text: &str, new: &Value) -> String {
    if let Ok(doc) = yaml::parse(old_text) {
        let text = Text::new(old_text);
        if let (Value::Map(old), Value::Map(map)) = (&doc.value, new) {
            let ctx = Ctx {
                map: &doc.source_map,
            };
            let rewritten = rewrite_map(
                &ctx,
                &text.lines,
                0,
                text.lines.len(),
                &ValuePath::root(),
                old,
                map,
            );
            if let Some(lines) = rewritten {
                let out = text.join(lines);
                if reads_as(&out, new) {
                    return out;
                }
            }
        }
    }
    yaml::to_yaml_string(new)
}

/// The text of the node at `path` as the user wrote it, unindented
/// (`None` when the document has no such node or is not YAML). A node
/// written in a layout these helpers do not follow is written anew.
pub fn node_source(text: &str, path: &ValuePath) -> Option<String> {
    node_source_in(&yaml::parse(text).ok()?, &lines_of(text), path)
}

/// The lines of a text, as [`node_source_in`] takes them (a caller that
/// reads several nodes of one text splits it once).
pub fn lines_of(text: &str) -> Vec<String> {
    Text::new(text).lines
}

/// [`node_source`] in a document already read from the text of `lines`
/// (with the places of the scenario's own keys at least:
/// `yaml::Places::Scenario`).
pub fn node_source_in(doc: &yaml::Document, lines: &[String], path: &ValuePath) -> Option<String> {
    let value = value_at(&doc.value, path)?.clone();
    let ctx = Ctx {
        map: &doc.source_map,
    };
    let Some(found) = locate(&ctx, lines, &doc.value, path) else {
        return Some(fresh_source(&value));
    };
    let body = found.body(&ctx, lines, path)?;
    // Only a source that reads back as the node is shown as the node (its
    // value is all this needs, not the place of each field).
    match yaml::parse_places(&body, yaml::Places::ListItems) {
        Ok(d) if d.value == value => Some(body),
        _ => Some(fresh_source(&value)),
    }
}

/// `text` with the node at `path` (an existing map entry) replaced by the
/// YAML `source`, verbatim and indented below its key. `None` when the
/// entry cannot be found or the result would not read back as intended.
pub fn splice(text: &str, path: &ValuePath, source: &str) -> Option<String> {
    let doc = yaml::parse(text).ok()?;
    let value = yaml::parse(source).ok()?.value;
    let mut expected = doc.value.clone();
    *value_at_mut(&mut expected, path)? = value;
    let original = Text::new(text);
    let ctx = Ctx {
        map: &doc.source_map,
    };
    let found = locate(&ctx, &original.lines, &doc.value, path)?;
    if !matches!(path.0.last(), Some(PathSeg::Key(_))) {
        return None;
    }
    let key_line = original.lines.get(found.key_line)?;
    let value_start = ctx.map.location(path)?;
    let key_text = if value_start.line as usize > found.key_line + 1 {
        key_line.clone()
    } else {
        // `key: {inline}`: keep what precedes the value, drop the value.
        let before: String = key_line
            .chars()
            .take((value_start.column as usize).saturating_sub(1))
            .collect();
        let before = before.trim_end().to_string();
        if !before.ends_with(':') {
            return None;
        }
        before
    };
    let indent = " ".repeat(found.col + 2);
    let mut lines: Vec<String> = original.lines.get(..found.key_line)?.to_vec();
    lines.push(key_text);
    lines.extend(
        source
            .trim_end_matches(['\n', '\r', ' '])
            .split('\n')
            .map(|l| {
                if l.trim().is_empty() {
                    String::new()
                } else {
                    format!("{indent}{l}")
                }
            }),
    );
    lines.extend(original.lines.get(found.end..)?.iter().cloned());
    let out = original.join(lines);
    reads_as(&out, &expected).then_some(out)
}

/// The value at `path` in `value`.
pub fn value_at<'v>(value: &'v Value, path: &ValuePath) -> Option<&'v Value> {
    path.0.iter().try_fold(value, |v, seg| match seg {
        PathSeg::Key(k) => v.get(k),
        PathSeg::Index(i) => v.as_list()?.get(*i),
    })
}

/// The value at `path` in `value`, to change it.
pub fn value_at_mut<'v>(value: &'v mut Value, path: &ValuePath) -> Option<&'v mut Value> {
    path.0.iter().try_fold(value, |v, seg| match seg {
        PathSeg::Key(k) => v.as_map_mut()?.get_mut(k),
        PathSeg::Index(i) => v.as_list_mut()?.get_mut(*i),
    })
}

/// `value` written as a document of its own, without the final newline.
pub fn fresh_source(value: &Value) -> String {
    if value.is_null() {
        return String::new();
    }
    yaml::to_yaml_string(value).trim_end().to_string()
}

fn reads_as(text: &str, value: &Value) -> bool {
    yaml::parse(text).is_ok_and(|d| d.value == *value)
}

/// The lines of a text, and whether it ended with a newline.
struct Text {
    lines: Vec<String>,
    final_newline: bool,
}

impl Text {
    fn new(text: &str) -> Self {
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let final_newline = text.ends_with('\n');
        if final_newline {
            lines.pop();
        }
        Text {
            lines,
            final_newline,
        }
    }

    fn join(&self, lines: Vec<String>) -> String {
        let mut out = lines.join("\n");
        if self.final_newline || !out.ends_with('\n') {
            out.push('\n');
        }
        out
    }
}

struct Ctx<'a> {
    map: &'a SourceMap,
}

/// One map entry or list item in the text: its leading comments and blank
/// lines start at `lead`, its key (or `- `) is on `key_line` at column
/// `col` (0-based), and its lines end before `end`.
#[derive(Clone, Copy, Debug)]
struct Chunk {
    lead: usize,
    key_line: usize,
    col: usize,
    end: usize,
}

impl Chunk {
    /// The text of this entry's value, unindented.
    fn body(&self, ctx: &Ctx, lines: &[String], path: &ValuePath) -> Option<String> {
        let start = ctx.map.location(path)?;
        let column = (start.column as usize).saturating_sub(1);
        let first = (start.line as usize).checked_sub(1)?;
        let mut out = Vec::new();
        if first == self.key_line {
            let line = lines.get(first)?;
            out.push(line.chars().skip(column).collect::<String>());
            for l in lines.get(first + 1..self.end)? {
                out.push(unindent(l, column));
            }
        } else {
            for l in lines.get(self.key_line + 1..self.end)? {
                out.push(unindent(l, column));
            }
        }
        Some(out.join("\n").trim_end().to_string())
    }
}

/// `line` without up to `n` leading spaces.
fn unindent(line: &str, n: usize) -> String {
    let spaces = line.chars().take(n).take_while(|c| *c == ' ').count();
    line.get(spaces..).unwrap_or(line).to_string()
}

fn indent_of(line: &str) -> usize {
    line.chars().take_while(|c| *c == ' ').count()
}

/// A blank line, or a comment no deeper than `col`: it belongs to what
/// follows, not to the entry above.
fn is_gap(line: &str, col: usize) -> bool {
    let t = line.trim();
    t.is_empty() || (t.starts_with('#') && indent_of(line) <= col)
}

/// The end of an entry's own lines: trailing gap lines before `next` go
/// with what follows.
fn content_end(lines: &[String], from: usize, next: usize, col: usize) -> usize {
    let mut end = next;
    while end > from + 1 && lines.get(end - 1).is_some_and(|l| is_gap(l, col)) {
        end -= 1;
    }
    end
}

/// The entries of the block map at `path` held by lines `start..end`, in
/// the old map's key order, and where the region's trailing lines start.
fn map_chunks(
    ctx: &Ctx,
    lines: &[String],
    start: usize,
    end: usize,
    path: &ValuePath,
    old: &Map,
) -> Option<(Vec<Chunk>, usize)> {
    let mut starts = Vec::new();
    let mut col = None;
    for key in old.keys() {
        let at = ctx.map.key_location(&path.key(key.clone()))?;
        let line = (at.line as usize).checked_sub(1)?;
        let c = (at.column as usize).checked_sub(1)?;
        if col.is_some_and(|k| k != c) || line < start || line >= end {
            return None;
        }
        if starts.last().is_some_and(|&(l, _)| l >= line) {
            return None;
        }
        let text = lines.get(line)?;
        // A block key starts its line (after the spaces of its indent).
        if !text.chars().take(c).all(|ch| ch == ' ') {
            return None;
        }
        col = Some(c);
        starts.push((line, c));
    }
    let col = col?;
    chunks_from(lines, start, end, &starts, col)
}

/// The items of the block list at `path` held by lines `start..end`, the
/// column of their `-`, and where the region's trailing lines start.
fn list_chunks(
    ctx: &Ctx,
    lines: &[String],
    start: usize,
    end: usize,
    path: &ValuePath,
    count: usize,
) -> Option<(Vec<Chunk>, usize, usize)> {
    let mut starts = Vec::new();
    let mut dash = None;
    for i in 0..count {
        let at = ctx.map.location(&path.index(i))?;
        let line = (at.line as usize).checked_sub(1)?;
        let text = lines.get(line)?;
        let d = indent_of(text);
        let rest = text.get(d..)?;
        if !(rest.starts_with("- ") || rest == "-") || dash.is_some_and(|x| x != d) {
            return None;
        }
        if line < start || line >= end || starts.last().is_some_and(|&(l, _)| l >= line) {
            return None;
        }
        dash = Some(d);
        starts.push((line, d));
    }
    let dash = dash?;
    let (chunks, tail) = chunks_from(lines, start, end, &starts, dash)?;
    Some((chunks, tail, dash))
}

fn chunks_from(
    lines: &[String],
    start: usize,
    end: usize,
    starts: &[(usize, usize)],
    col: usize,
) -> Option<(Vec<Chunk>, usize)> {
    let mut chunks = Vec::new();
    let mut lead = start;
    for (i, &(line, c)) in starts.iter().enumerate() {
        let next = starts.get(i + 1).map_or(end, |&(l, _)| l);
        let own_end = content_end(lines, line, next, col);
        chunks.push(Chunk {
            lead,
            key_line: line,
            col: c,
            end: own_end,
        });
        lead = own_end;
    }
    Some((chunks, lead))
}

fn copy(lines: &[String], from: usize, to: usize) -> Option<Vec<String>> {
    Some(lines.get(from..to)?.to_vec())
}

/// `key: value` written anew, its key at column `col`.
fn fresh_entry(key: &str, value: &Value, col: usize) -> Vec<String> {
    let mut m = Map::new();
    m.insert(key, value.clone());
    indented(&yaml::to_yaml_string(&Value::Map(m)), col)
}

/// `- value` written anew, its dash at column `col`.
fn fresh_item(value: &Value, col: usize) -> Vec<String> {
    indented(
        &yaml::to_yaml_string(&Value::List(vec![value.clone()])),
        col,
    )
}

fn indented(text: &str, col: usize) -> Vec<String> {
    let pad = " ".repeat(col);
    text.trim_end_matches('\n')
        .split('\n')
        .map(|l| {
            if l.is_empty() {
                String::new()
            } else {
                format!("{pad}{l}")
            }
        })
        .collect()
}

fn rewrite_map(
    ctx: &Ctx,
    lines: &[String],
    start: usize,
    end: usize,
    path: &ValuePath,
    old: &Map,
    new: &Map,
) -> Option<Vec<String>> {
    let (chunks, tail) = map_chunks(ctx, lines, start, end, path, old)?;
    let col = chunks.first()?.col;
    let mut out = Vec::new();
    for (key, value) in new.iter() {
        let Some(index) = old.keys().position(|k| k == key) else {
            out.extend(fresh_entry(key, value, col));
            continue;
        };
        let (chunk, before) = (chunks.get(index)?, old.get(key)?);
        if before == value {
            out.extend(copy(lines, chunk.lead, chunk.end)?);
            continue;
        }
        out.extend(copy(lines, chunk.lead, chunk.key_line)?);
        let inner = rewrite_entry_value(ctx, lines, chunk, &path.key(key.clone()), before, value);
        out.extend(inner.unwrap_or_else(|| fresh_entry(key, value, col)));
    }
    out.extend(copy(lines, tail, end)?);
    Some(out)
}

/// A changed entry whose block map or list value is rewritten in place.
fn rewrite_entry_value(
    ctx: &Ctx,
    lines: &[String],
    chunk: &Chunk,
    path: &ValuePath,
    old: &Value,
    new: &Value,
) -> Option<Vec<String>> {
    let start = ctx.map.location(path)?;
    if (start.line as usize) <= chunk.key_line + 1 {
        return None; // the value is on the key's line: written anew
    }
    let mut out = vec![lines.get(chunk.key_line)?.clone()];
    let (from, to) = (chunk.key_line + 1, chunk.end);
    match (old, new) {
        (Value::Map(o), Value::Map(n)) if !n.is_empty() => {
            out.extend(rewrite_map(ctx, lines, from, to, path, o, n)?)
        }
        (Value::List(o), Value::List(n)) if !n.is_empty() => {
            out.extend(rewrite_list(ctx, lines, from, to, path, o, n)?)
        }
        _ => return None,
    }
    Some(out)
}

fn rewrite_list(
    ctx: &Ctx,
    lines: &[String],
    start: usize,
    end: usize,
    path: &ValuePath,
    old: &[Value],
    new: &[Value],
) -> Option<Vec<String>> {
    let (chunks, tail, dash) = list_chunks(ctx, lines, start, end, path, old.len())?;
    let mut out = Vec::new();
    for (j, value) in new.iter().enumerate() {
        // The same item (kept, moved or duplicated) keeps its text.
        let same = if old.get(j) == Some(value) {
            Some(j)
        } else {
            old.iter().position(|o| o == value)
        };
        if let Some(chunk) = same.and_then(|i| chunks.get(i)) {
            out.extend(copy(lines, chunk.lead, chunk.end)?);
            continue;
        }
        if let (Some(Value::Map(before)), Some(chunk), Value::Map(after)) =
            (old.get(j), chunks.get(j), value)
        {
            out.extend(copy(lines, chunk.lead, chunk.key_line)?);
            let item = rewrite_item_map(ctx, lines, chunk, dash, &path.index(j), before, after);
            out.extend(item.unwrap_or_else(|| fresh_item(value, dash)));
            continue;
        }
        out.extend(fresh_item(value, dash));
    }
    out.extend(copy(lines, tail, end)?);
    Some(out)
}

/// The lines with the `-` of an item starting on `line` at `dash` blanked,
/// so that its map reads as a block map indented by two more.
fn without_dash(lines: &[String], line: usize, dash: usize) -> Option<Vec<String>> {
    let mut copy = lines.to_vec();
    let text = copy.get_mut(line)?;
    let rest = text.get(dash + 1..)?.to_string();
    *text = format!("{} {rest}", text.get(..dash)?);
    Some(copy)
}

/// Puts the item's `-` back on the first line of its rewritten map.
fn with_dash(mut lines: Vec<String>, dash: usize) -> Option<Vec<String>> {
    let first = lines.first_mut()?;
    if first.get(dash..dash + 2) != Some("  ") {
        return None;
    }
    *first = format!("{}- {}", first.get(..dash)?, first.get(dash + 2..)?);
    Some(lines)
}

fn rewrite_item_map(
    ctx: &Ctx,
    lines: &[String],
    chunk: &Chunk,
    dash: usize,
    path: &ValuePath,
    old: &Map,
    new: &Map,
) -> Option<Vec<String>> {
    if new.is_empty() {
        return None;
    }
    let blanked = without_dash(lines, chunk.key_line, dash)?;
    let (inner, _) = map_chunks(ctx, &blanked, chunk.key_line, chunk.end, path, old)?;
    if inner.first()?.col != dash + 2 {
        return None;
    }
    let body = rewrite_map(ctx, &blanked, chunk.key_line, chunk.end, path, old, new)?;
    with_dash(body, dash)
}

/// The entry (or item) the path names, found through block maps and lists.
fn locate(ctx: &Ctx, lines: &[String], root: &Value, path: &ValuePath) -> Option<Chunk> {
    let (mut start, mut end) = (0, lines.len());
    // Copied only where a list item's dash is taken off.
    let mut lines = std::borrow::Cow::Borrowed(lines);
    let mut node = root;
    let mut here = ValuePath::root();
    let mut found = None;
    for (depth, seg) in path.0.iter().enumerate() {
        let chunk = match (seg, node) {
            (PathSeg::Key(k), Value::Map(m)) => {
                let (chunks, _) = map_chunks(ctx, &lines, start, end, &here, m)?;
                *chunks.get(m.keys().position(|x| x == k)?)?
            }
            (PathSeg::Index(i), Value::List(items)) => {
                let (chunks, _, dash) = list_chunks(ctx, &lines, start, end, &here, items.len())?;
                let chunk = *chunks.get(*i)?;
                lines = std::borrow::Cow::Owned(without_dash(&lines, chunk.key_line, dash)?);
                chunk
            }
            _ => return None,
        };
        here = match seg {
            PathSeg::Key(k) => here.key(k.clone()),
            PathSeg::Index(i) => here.index(*i),
        };
        node = value_at(node, &ValuePath(vec![seg.clone()]))?;
        let last = depth + 1 == path.0.len();
        if last {
            found = Some(chunk);
            break;
        }
        match seg {
            // A list item's map starts on the item's own line.
            PathSeg::Index(_) => (start, end) = (chunk.key_line, chunk.end),
            PathSeg::Key(_) => {
                let value_line = (ctx.map.location(&here)?.line as usize).checked_sub(1)?;
                if value_line <= chunk.key_line {
                    return None;
                }
                (start, end) = (chunk.key_line + 1, chunk.end);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "scenario: v1   # the format
name: demo
# the steps
steps:
- manager: a   # first
  op: apply
  object:
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: demo}
    data: {x: '1'}  # quoted on purpose

# second
- manager: b
  op: apply
  object: {apiVersion: v1, kind: ConfigMap, metadata: {name: demo},
           data: {y: '2'}}
";

    fn value(text: &str) -> Value {
        yaml::parse(text).unwrap().value
    }

    fn steps_mut(v: &mut Value) -> &mut Vec<Value> {
        v.as_map_mut()
            .unwrap()
            .get_mut("steps")
            .unwrap()
            .as_list_mut()
            .unwrap()
    }

    #[test]
    fn an_unchanged_value_keeps_the_text() {
        assert_eq!(rewrite(TEXT, &value(TEXT)), TEXT);
    }

    #[test]
    fn a_changed_field_rewrites_only_that_line() {
        let mut v = value(TEXT);
        let step = steps_mut(&mut v)[1].as_map_mut().unwrap();
        step.insert("op", Value::String("update".into()));
        let out = rewrite(TEXT, &v);
        assert_eq!(
            out,
            TEXT.replace("  op: apply\n  object: {", "  op: update\n  object: {")
        );
        // The first field of a step, on the dash line.
        let mut v = value(TEXT);
        let step = steps_mut(&mut v)[0].as_map_mut().unwrap();
        step.insert("manager", Value::String("team-a".into()));
        assert_eq!(
            rewrite(TEXT, &v),
            TEXT.replace("- manager: a   # first", "- manager: team-a")
        );
    }

    #[test]
    fn moved_and_duplicated_steps_keep_their_comments() {
        let mut v = value(TEXT);
        steps_mut(&mut v).swap(0, 1);
        let out = rewrite(TEXT, &v);
        assert_eq!(value(&out), v);
        assert!(out.contains("# second\n- manager: b"), "{out}");
        assert!(out.contains("data: {x: '1'}  # quoted on purpose"), "{out}");
        assert!(out.find("manager: b").unwrap() < out.find("manager: a").unwrap());
        let mut v = value(TEXT);
        let copy = steps_mut(&mut v)[0].clone();
        steps_mut(&mut v).insert(1, copy);
        let out = rewrite(TEXT, &v);
        assert_eq!(value(&out), v);
        assert_eq!(out.matches("# quoted on purpose").count(), 2, "{out}");
    }

    #[test]
    fn a_removed_step_takes_its_comment_along() {
        let mut v = value(TEXT);
        steps_mut(&mut v).remove(1);
        let out = rewrite(TEXT, &v);
        assert_eq!(value(&out), v);
        assert!(!out.contains("# second"), "{out}");
        assert!(out.starts_with("scenario: v1   # the format\nname: demo\n# the steps\n"));
    }

    #[test]
    fn a_new_key_is_written_at_its_map_indent() {
        let mut v = value(TEXT);
        let step = steps_mut(&mut v)[1].as_map_mut().unwrap();
        step.insert("force", Value::Bool(true));
        let out = rewrite(TEXT, &v);
        assert_eq!(value(&out), v);
        assert!(
            out.ends_with("           data: {y: '2'}}\n  force: true\n"),
            "{out}"
        );
    }

    #[test]
    fn a_flow_document_is_written_anew() {
        let text = "{scenario: v1, name: x, steps: [{manager: a, op: delete}]}";
        let mut v = value(text);
        steps_mut(&mut v).push(value("{manager: b, op: delete}"));
        let out = rewrite(text, &v);
        assert_eq!(value(&out), v);
        assert_eq!(out, yaml::to_yaml_string(&v));
    }

    #[test]
    fn node_source_shows_a_manifest_as_written() {
        let path = ValuePath::root().key("steps").index(0).key("object");
        assert_eq!(
            node_source(TEXT, &path).unwrap(),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: demo}\ndata: {x: '1'}  # quoted on purpose"
        );
        let inline = ValuePath::root().key("steps").index(1).key("object");
        let source = node_source(TEXT, &inline).unwrap();
        assert_eq!(
            value(&source),
            value("{apiVersion: v1, kind: ConfigMap, metadata: {name: demo}, data: {y: '2'}}")
        );
        assert_eq!(node_source(TEXT, &ValuePath::root().key("live")), None);
    }

    #[test]
    fn splice_puts_an_edited_manifest_back_verbatim() {
        let path = ValuePath::root().key("steps").index(0).key("object");
        let edited =
            "apiVersion: v1\nkind: ConfigMap\n# a note\nmetadata: {name: demo}\ndata: {x: '3'}\n";
        let out = splice(TEXT, &path, edited).unwrap();
        assert!(out.contains("  object:\n    apiVersion: v1\n    kind: ConfigMap\n    # a note\n    metadata: {name: demo}\n    data: {x: '3'}\n\n# second"), "{out}");
        assert_eq!(node_source(&out, &path).unwrap(), edited.trim_end());
        // An inline manifest becomes a block below its key.
        let inline = ValuePath::root().key("steps").index(1).key("object");
        let out = splice(TEXT, &inline, "kind: ConfigMap\ndata: {y: '9'}").unwrap();
        assert!(
            out.ends_with("  object:\n    kind: ConfigMap\n    data: {y: '9'}\n"),
            "{out}"
        );
        assert_eq!(
            node_source(&out, &inline).unwrap(),
            "kind: ConfigMap\ndata: {y: '9'}"
        );
    }

    #[test]
    fn splice_refuses_what_would_not_read_back() {
        let path = ValuePath::root().key("steps").index(0).key("object");
        assert_eq!(splice(TEXT, &path, "a: [\n"), None);
        assert_eq!(splice(TEXT, &ValuePath::root().key("live"), "a: 1"), None);
    }
}
