//! Turns fenced blocks of the info string `ssa-playground` in an mdBook
//! chapter into `<ssa-playground>` elements (web/ssa-playground.js), and
//! adds the script that defines the element once to each chapter that has
//! one:
//!
//! ````markdown
//! ```ssa-playground step=2 view=object
//! scenario: v1
//! steps: …
//! ```
//!
//! ```ssa-playground src=conflict.yaml step=2
//! ```
//! ````
//!
//! An empty block with `src=` loads a scenario file that sits next to the
//! chapter (mdBook copies every file of `src/` into the book). Options:
//! `src`, `step`, `view` (`object`, `changes`, `managed`), `theme`
//! (`light`, `dark`), `height` (reserved pixels), `title`, `readonly`.
//!
//! Where the playground is hosted comes from `book.toml`:
//!
//! ```toml
//! [preprocessor.ssa-playground]
//! playground = "ssa/"   # relative to the book's root, or an absolute URL
//! ```
//!
//! The element is written on one line with the scenario in its `scenario`
//! attribute: CommonMark ends an HTML block at a blank line, which a YAML
//! scenario may contain.

use serde_json::Value;

/// The info string that marks an embed.
const INFO: &str = "ssa-playground";
/// Where the playground is, relative to the book's root, when `book.toml`
/// does not say.
const DEFAULT_PLAYGROUND: &str = "ssa/";
/// The options an embed may carry.
const OPTIONS: &[&str] = &[
    "src", "step", "view", "theme", "height", "title", "readonly",
];

/// Reads `[context, book]`, returns the book with every chapter rewritten.
pub fn run(input: &str) -> Result<String, String> {
    let value: Value = serde_json::from_str(input)
        .map_err(|e| format!("the input from mdBook is not JSON: {e}"))?;
    let Value::Array(mut parts) = value else {
        return Err("the input from mdBook is not [context, book]".into());
    };
    if parts.len() != 2 {
        return Err("the input from mdBook is not [context, book]".into());
    }
    let playground = parts[0]
        .pointer("/config/preprocessor/ssa-playground/playground")
        .and_then(Value::as_str)
        .unwrap_or(DEFAULT_PLAYGROUND)
        .to_string();
    let mut book = parts.swap_remove(1);
    let mut problems = Vec::new();
    rewrite_chapters(&mut book, &playground, &mut problems);
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    serde_json::to_string(&book).map_err(|e| format!("could not write the book: {e}"))
}

/// Walks the book (sections, items and sub-items alike: only the chapters'
/// shape is relied on, which mdBook 0.4 and 0.5 share) and rewrites every
/// chapter's content.
fn rewrite_chapters(value: &mut Value, playground: &str, problems: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(chapter)) = map.get_mut("Chapter") {
                let path = chapter
                    .get("path")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string();
                if let Some(Value::String(content)) = chapter.get_mut("content") {
                    match rewrite_chapter(content, &path, playground) {
                        Ok(Some(new)) => *content = new,
                        Ok(None) => {}
                        Err(e) => problems.push(e),
                    }
                }
            }
            for child in map.values_mut() {
                rewrite_chapters(child, playground, problems);
            }
        }
        Value::Array(items) => {
            for item in items {
                rewrite_chapters(item, playground, problems);
            }
        }
        _ => {}
    }
}

/// The chapter with its embeds, or `None` when it has none. `path` is the
/// chapter's file relative to `src/` (it decides how far up the root is).
pub fn rewrite_chapter(
    content: &str,
    path: &str,
    playground: &str,
) -> Result<Option<String>, String> {
    let mut out = String::with_capacity(content.len());
    let mut found = false;
    let mut lines = content.split_inclusive('\n').enumerate();
    while let Some((index, line)) = lines.next() {
        let Some((fence, info)) = opening_fence(line) else {
            out.push_str(line);
            continue;
        };
        if info.split_whitespace().next() != Some(INFO) {
            // Another fenced block: copied whole, so that an example of
            // this syntax inside a longer fence stays as it is.
            out.push_str(line);
            for (_, inner) in lines.by_ref() {
                out.push_str(inner);
                if is_closing_fence(inner, &fence) {
                    break;
                }
            }
            continue;
        }
        let mut body = String::new();
        let mut closed = false;
        for (_, inner) in lines.by_ref() {
            if is_closing_fence(inner, &fence) {
                closed = true;
                break;
            }
            body.push_str(inner);
        }
        if !closed {
            return Err(format!(
                "{path}:{}: the ssa-playground block is not closed: no line {fence} ends it",
                index + 1
            ));
        }
        let options =
            parse_options(&info[INFO.len()..]).map_err(|e| format!("{path}:{}: {e}", index + 1))?;
        if body.trim().is_empty() && !options.iter().any(|(k, _)| k == "src") {
            return Err(format!(
                "{path}:{}: the ssa-playground block has no scenario: write it inside the block, or give src=FILE",
                index + 1
            ));
        }
        if !found {
            found = true;
            out.push_str(&format!(
                "<script type=\"module\" src=\"{}ssa-playground.js\"></script>\n\n",
                escape(&playground_url(path, playground))
            ));
        }
        out.push_str(&element(&options, &body));
        out.push_str("\n\n");
    }
    Ok(found.then_some(out))
}

/// A line that opens a fence: its fence (three or more backticks or
/// tildes) and the info string after it.
fn opening_fence(line: &str) -> Option<(String, &str)> {
    let trimmed = line.trim_start_matches(' ');
    if line.len() - trimmed.len() > 3 {
        return None;
    }
    let marker = trimmed.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let count = trimmed.chars().take_while(|c| *c == marker).count();
    if count < 3 {
        return None;
    }
    let fence = marker.to_string().repeat(count);
    Some((fence, trimmed[count..].trim()))
}

fn is_closing_fence(line: &str, fence: &str) -> bool {
    let trimmed = line.trim();
    let marker = fence.chars().next().unwrap_or('`');
    trimmed.len() >= fence.len() && trimmed.chars().all(|c| c == marker)
}

/// `key=value`, `key="value with spaces"` and bare `key` (= "1").
fn parse_options(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut options = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let key = &rest[..end];
        rest = &rest[end..];
        let value = if let Some(after) = rest.strip_prefix('=') {
            if let Some(quoted) = after.strip_prefix('"') {
                let close = quoted
                    .find('"')
                    .ok_or_else(|| format!("the value of {key} has no closing quote"))?;
                rest = &quoted[close + 1..];
                quoted[..close].to_string()
            } else {
                let end = after.find(char::is_whitespace).unwrap_or(after.len());
                rest = &after[end..];
                after[..end].to_string()
            }
        } else {
            "1".to_string()
        };
        if !OPTIONS.contains(&key) {
            return Err(format!(
                "unknown option {key:?} (known: {})",
                OPTIONS.join(", ")
            ));
        }
        options.push((key.to_string(), value));
        rest = rest.trim_start();
    }
    Ok(options)
}

/// The playground's folder as the chapter at `path` reaches it.
fn playground_url(path: &str, playground: &str) -> String {
    let base = if playground.ends_with('/') {
        playground.to_string()
    } else {
        format!("{playground}/")
    };
    if base.contains("://") || base.starts_with('/') {
        return base;
    }
    let depth = path.matches('/').count();
    format!("{}{base}", "../".repeat(depth))
}

/// The element, on one line (see the module's note on blank lines).
fn element(options: &[(String, String)], body: &str) -> String {
    let mut html = String::from("<ssa-playground");
    for (key, value) in options {
        html.push_str(&format!(" {key}=\"{}\"", escape(value)));
    }
    if !body.trim().is_empty() {
        html.push_str(&format!(" scenario=\"{}\"", escape(body)));
    }
    html.push_str("></ssa-playground>");
    html
}

/// Text in a double-quoted attribute, newlines as character references so
/// that the element stays on one line.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\n' => out.push_str("&#10;"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests;
