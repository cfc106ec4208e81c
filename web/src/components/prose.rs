//! A lesson's markdown, the little it uses: paragraphs, `- ` lists,
//! `code`, **strong**, *emphasis* and [links](https://…). Built as nodes,
//! never as HTML text, so nothing in a lesson can inject markup.

use crate::components::{el, el_classes};
use yew::prelude::*;

/// `text` as paragraphs and lists, in a `div.prose` with `class`.
pub fn prose(text: &str, class: &'static str) -> Html {
    let blocks = text
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(|block| {
            let lines: Vec<&str> = block.lines().collect();
            if lines.iter().all(|l| l.starts_with("- ")) {
                html! { { el("ul", "", html! { <>{ for lines.iter().map(|l| el("li", "", inline(&l[2..]))) }</> }) } }
            } else {
                el("p", "", inline(&lines.join(" ")))
            }
        });
    html! { { el_classes("div", classes!("prose", class), html! { <>{ for blocks }</> }) } }
}

/// The inline markup of one paragraph.
pub fn inline(text: &str) -> Html {
    let mut out: Vec<Html> = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    let flush = |plain: &mut String, out: &mut Vec<Html>| {
        if !plain.is_empty() {
            out.push(html! { { std::mem::take(plain) } });
        }
    };
    while let Some(c) = rest.chars().next() {
        let taken = match c {
            '`' => span(rest, "`", "`").map(|(inner, n)| (el("code", "", inner), n)),
            '*' if rest.starts_with("**") => {
                span(rest, "**", "**").map(|(inner, n)| (el("strong", "", inline(inner)), n))
            }
            '*' => span(rest, "*", "*").map(|(inner, n)| (el("em", "", inline(inner)), n)),
            '[' => link(rest),
            _ => None,
        };
        match taken {
            Some((node, n)) => {
                flush(&mut plain, &mut out);
                out.push(node);
                rest = &rest[n..];
            }
            None => {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    flush(&mut plain, &mut out);
    out.into_iter().collect()
}

/// `open inner close` at the start of `text`: the inner text and the
/// length taken.
fn span<'t>(text: &'t str, open: &str, close: &str) -> Option<(&'t str, usize)> {
    let body = text.strip_prefix(open)?;
    let end = body.find(close)?;
    (end > 0).then(|| (&body[..end], open.len() + end + close.len()))
}

/// `[text](https://…)` at the start of `text`: only web links.
fn link(text: &str) -> Option<(Html, usize)> {
    let (label, n) = span(text, "[", "]")?;
    let after = &text[n..];
    let (url, m) = span(after, "(", ")")?;
    if !url.starts_with("https://") {
        return None;
    }
    Some((
        html! { <a href={url.to_string()} target="_blank" rel="noopener">{ inline(label) }</a> },
        n + m,
    ))
}
