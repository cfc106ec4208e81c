//! Embed mode (`?embed=1`): a compact view for documentation pages, its
//! presentation parameters, and the postMessage protocol with the page
//! that embeds it (see web/ssa-playground.js for the other side).
//!
//! Messages are objects `{ssa: 1, type, ...}`. From the frame: `ready`,
//! `resize {height}`, `step {step}`, `error {message}`. To the frame:
//! `load {scenario}`, `goto {step}`. The frame talks only to the origin the
//! page named in `origin=` and ignores messages from any other.

use wasm_bindgen::{JsCast, JsValue};

/// The presentation parameters of the URL.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EmbedOptions {
    pub embed: bool,
    pub step: Option<usize>,
    pub view: Option<String>,
    pub theme: Option<String>,
    pub readonly: bool,
    /// The embedding page's origin.
    pub origin: Option<String>,
}

impl EmbedOptions {
    /// Reads `?embed=1&step=&view=&theme=&readonly=1&origin=`.
    pub fn from_query(query: &str) -> Self {
        let mut o = EmbedOptions::default();
        for pair in query.trim_start_matches('?').split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = decode(v);
            match k {
                "embed" => o.embed = v == "1" || v == "true",
                "step" => o.step = v.parse::<usize>().ok().and_then(|s| s.checked_sub(1)),
                "view" => o.view = Some(v),
                "theme" => o.theme = Some(v),
                "readonly" => o.readonly = v == "1" || v == "true",
                "origin" => o.origin = Some(v),
                _ => {}
            }
        }
        o
    }

    /// The parameters of this page.
    pub fn current() -> Self {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .map(|q| Self::from_query(&q))
            .unwrap_or_default()
    }
}

/// Percent-decoding of a query value (and of the `#error=` fragment).
pub fn decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'%'
            && let Some(byte) = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(if b == b'+' { b' ' } else { b });
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Sends `{ssa: 1, type, ...fields}` to the embedding page.
pub fn post(options: &EmbedOptions, kind: &str, fields: &[(&str, JsValue)]) {
    let (Some(origin), Some(window)) = (&options.origin, web_sys::window()) else {
        return;
    };
    let Ok(Some(parent)) = window.parent() else {
        return;
    };
    let message = web_sys::js_sys::Object::new();
    let set = |k: &str, v: &JsValue| {
        let _ = web_sys::js_sys::Reflect::set(&message, &JsValue::from_str(k), v);
    };
    set("ssa", &JsValue::from_f64(1.0));
    set("type", &JsValue::from_str(kind));
    for (k, v) in fields {
        set(k, v);
    }
    let _ = parent.post_message(&message, origin);
}

/// A message from the embedding page.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    Load(String),
    Goto(usize),
}

/// Listens for messages from the embedding page's origin.
pub fn listen(options: &EmbedOptions, on: impl Fn(Incoming) + 'static) {
    let (Some(origin), Some(window)) = (options.origin.clone(), web_sys::window()) else {
        return;
    };
    let handler = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MessageEvent)>::new(
        move |event: web_sys::MessageEvent| {
            if event.origin() != origin {
                return;
            }
            let data = event.data();
            let get = |k: &str| web_sys::js_sys::Reflect::get(&data, &JsValue::from_str(k)).ok();
            if get("ssa").and_then(|v| v.as_f64()) != Some(1.0) {
                return;
            }
            match get("type").and_then(|v| v.as_string()).as_deref() {
                Some("load") => {
                    if let Some(text) = get("scenario").and_then(|v| v.as_string()) {
                        on(Incoming::Load(text));
                    }
                }
                Some("goto") => {
                    if let Some(step) = get("step").and_then(|v| v.as_f64()).filter(|s| *s >= 1.0) {
                        on(Incoming::Goto(step as usize - 1));
                    }
                }
                _ => {}
            }
        },
    );
    let _ = window.add_event_listener_with_callback("message", handler.as_ref().unchecked_ref());
    // The listener lives as long as the page.
    handler.forget();
}

/// The height of the page's content, for the `resize` message: the body's
/// own height (the document's would never be less than the frame's, so a
/// frame could grow but never shrink to a short content).
pub fn content_height() -> f64 {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .map(|b| f64::from(b.offset_height()))
        .unwrap_or(0.0)
}

/// Posts `resize` whenever the content's height changes (a step chosen, a
/// details element opened), not only after a run.
pub fn report_size(options: &EmbedOptions) {
    let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    else {
        return;
    };
    let options = options.clone();
    let last = std::cell::Cell::new(0.0);
    let on_resize = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
        let height = content_height();
        if height > 0.0 && height != last.get() {
            last.set(height);
            post(&options, "resize", &[("height", JsValue::from_f64(height))]);
        }
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
        observer.observe(&body);
    }
    // The observer and its callback live as long as the page.
    on_resize.forget();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presentation_parameters() {
        let o = EmbedOptions::from_query(
            "?embed=1&step=2&view=object&theme=dark&readonly=1&origin=http%3A%2F%2F127.0.0.1%3A8080",
        );
        assert!(o.embed && o.readonly);
        assert_eq!(o.step, Some(1), "steps count from 1 in the URL");
        assert_eq!(o.view.as_deref(), Some("object"));
        assert_eq!(o.theme.as_deref(), Some("dark"));
        assert_eq!(o.origin.as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(EmbedOptions::from_query(""), EmbedOptions::default());
    }
}
