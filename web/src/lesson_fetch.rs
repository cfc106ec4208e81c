//! The lessons' files, fetched beside the app (`lessons/`), and the
//! learner's progress in the browser's storage. Failures become messages
//! (a fetch) or nothing (storage refused), never a panic.

use crate::lessons::{Progress, progress_from_text, progress_to_text};

/// Where the lesson files are, relative to the page.
const DIR: &str = "lessons/";
const PROGRESS_KEY: &str = "ssa-playground/lessons";

/// Fetches `lessons/NAME` as text. Through `fetch` directly: gloo-net's
/// request builder (with the `http` crate) cost about 10 KB of the
/// budgeted wasm for one GET.
pub async fn fetch(name: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let url = format!("{DIR}{name}");
    let fail = |e: wasm_bindgen::JsValue| {
        format!(
            "{url}: {}",
            e.as_string().unwrap_or_else(|| "network error".into())
        )
    };
    let window = web_sys::window().ok_or_else(|| format!("{url}: no window"))?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&url))
        .await
        .map_err(fail)?
        .dyn_into()
        .map_err(fail)?;
    if !response.ok() {
        return Err(format!("{url}: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(fail)?)
        .await
        .map_err(fail)?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}

/// The progress saved in this browser.
pub fn load_progress() -> Progress {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(PROGRESS_KEY).ok().flatten())
        .map(|t| progress_from_text(&t))
        .unwrap_or_default()
}

/// Saves the progress (nothing when storage is refused).
pub fn save_progress(progress: &Progress) {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(PROGRESS_KEY, &progress_to_text(progress));
    }
}

/// What a URL fragment asks the lessons page to show: `#lessons` the list
/// (`Some(None)`), `#lesson=ID[&step=N]` a lesson at step N (from 1);
/// `None` for other fragments.
pub fn route(fragment: &str) -> Option<Option<(String, Option<usize>)>> {
    let f = fragment.trim_start_matches('#');
    if f == "lessons" {
        return Some(None);
    }
    let rest = f.strip_prefix("lesson=")?;
    let (id, params) = rest.split_once('&').unwrap_or((rest, ""));
    if id.is_empty() {
        return Some(None);
    }
    let step = params
        .split('&')
        .find_map(|p| p.strip_prefix("step="))
        .and_then(|n| n.parse::<usize>().ok())
        .and_then(|n| n.checked_sub(1));
    Some(Some((id.to_string(), step)))
}

/// The fragment of lesson `id` at step `step` (from 0).
pub fn fragment_of(id: &str, step: usize) -> String {
    format!("lesson={id}&step={}", step + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_read_the_fragment() {
        assert_eq!(route("#lessons"), Some(None));
        assert_eq!(
            route("#lesson=conflicts"),
            Some(Some(("conflicts".into(), None)))
        );
        assert_eq!(
            route("#lesson=conflicts&step=3"),
            Some(Some(("conflicts".into(), Some(2))))
        );
        assert_eq!(
            route("#lesson=conflicts&step=0"),
            Some(Some(("conflicts".into(), None)))
        );
        assert_eq!(route("#s=abc"), None);
        assert_eq!(route("#review"), None);
        assert_eq!(
            route(&format!("#{}", fragment_of("x", 1))),
            Some(Some(("x".into(), Some(1))))
        );
    }
}
