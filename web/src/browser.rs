//! The few browser services the app uses: the URL fragment, local storage,
//! file download and upload (files through gloo). Every call
//! degrades to nothing when the browser refuses (private mode, no
//! storage), never to a panic.

use gloo_file::{Blob, ObjectUrl};
use wasm_bindgen::JsCast;

const STORAGE_KEY: &str = "ssa-playground/scenario";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The URL fragment, with its `#`.
pub fn fragment() -> Option<String> {
    window()?.location().hash().ok().filter(|h| !h.is_empty())
}

/// Replaces the URL fragment without adding a history entry; returns the
/// full link.
pub fn set_fragment(fragment: &str) -> Option<String> {
    let w = window()?;
    let location = w.location();
    let base = format!(
        "{}{}{}",
        location.origin().ok()?,
        location.pathname().ok()?,
        location.search().unwrap_or_default()
    );
    let link = format!("{base}#{fragment}");
    w.history()
        .ok()?
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&link))
        .ok()?;
    Some(link)
}

/// The folder the page is served from (`https://site/docs/ssa/`).
pub fn page_base() -> Option<String> {
    let location = window()?.location();
    Some(crate::embed_snippet::playground_base(
        &location.origin().ok()?,
        &location.pathname().ok()?,
    ))
}

/// Puts `text` on the clipboard (the browser may refuse: then nothing
/// happens, and the text stays selectable in its box).
pub fn copy_text(text: &str) {
    if let Some(w) = window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

// Storage stays on web-sys: gloo-storage keeps values as JSON (its
// deserialiser added 5 KB to the wasm, whose budget is tight) and throws
// where the browser refuses storage (a sandboxed frame), which would
// abort the page.

/// The autosaved scenario.
pub fn load_saved() -> Option<String> {
    window()?
        .local_storage()
        .ok()??
        .get_item(STORAGE_KEY)
        .ok()?
}

/// Autosaves the scenario.
fn save(text: &str) {
    if let Some(storage) = window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(STORAGE_KEY, text);
    }
}

/// How long edits pause before the scenario is saved.
const SAVE_AFTER_MS: u32 = 1000;

/// Saves the scenario once edits pause, and at once when the page is
/// left (`pagehide`). Chromium takes 1-5 ms to store a 130 KB text and
/// about 20 ms for 1.4 MB (a 50,000-key scenario): in the run's own task,
/// that held back the next keystroke.
#[derive(Default)]
pub struct Autosave {
    text: Option<String>,
    timer: Option<gloo_timers::callback::Timeout>,
    leaving: Option<gloo_events::EventListener>,
}

impl Autosave {
    /// Saves `text` once edits pause (a newer text replaces it).
    pub fn later(this: &std::rc::Rc<std::cell::RefCell<Self>>, text: String) {
        let mut autosave = this.borrow_mut();
        if autosave.leaving.is_none()
            && let Some(w) = window()
        {
            let this = this.clone();
            autosave.leaving = Some(gloo_events::EventListener::new(&w, "pagehide", move |_| {
                this.borrow_mut().now();
            }));
        }
        autosave.text = Some(text);
        let this = this.clone();
        autosave.timer = Some(gloo_timers::callback::Timeout::new(
            SAVE_AFTER_MS,
            move || {
                this.borrow_mut().now();
            },
        ));
    }

    /// Saves what waits, now.
    fn now(&mut self) {
        self.timer = None;
        if let Some(text) = self.text.take() {
            save(&text);
        }
    }
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str) -> Option<()> {
    let document = window()?.document()?;
    let url = ObjectUrl::from(Blob::new_with_options(text, Some("application/yaml")));
    let anchor: web_sys::HtmlAnchorElement = document.create_element("a").ok()?.dyn_into().ok()?;
    anchor.set_href(&url);
    anchor.set_download(name);
    anchor.click();
    // The object URL is revoked when `url` drops, after the click started
    // the download.
    Some(())
}

/// Reads the first file chosen in an `<input type=file>` and calls `done`
/// with its text.
pub fn read_file(input: &web_sys::HtmlInputElement, done: impl FnOnce(String) + 'static) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    let file = gloo_file::File::from(file);
    wasm_bindgen_futures::spawn_local(async move {
        if let Ok(text) = gloo_file::futures::read_as_text(&file).await {
            done(text);
        }
    });
}

/// Reads every file of a list (a multiple file input, a drop) and calls
/// `done` with their texts in order; a file that cannot be read is left out.
pub fn read_files(files: web_sys::FileList, done: impl FnOnce(Vec<String>) + 'static) {
    let files: Vec<gloo_file::File> = (0..files.length())
        .filter_map(|i| files.get(i))
        .map(gloo_file::File::from)
        .collect();
    wasm_bindgen_futures::spawn_local(async move {
        let mut texts = Vec::with_capacity(files.len());
        for file in &files {
            if let Ok(text) = gloo_file::futures::read_as_text(file).await {
                texts.push(text);
            }
        }
        done(texts);
    });
}

/// Focuses the first element matching one of `selectors`, in order.
pub fn focus_first(selectors: &[&str]) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    for selector in selectors {
        if let Some(element) = document
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            element.focus().ok();
            return;
        }
    }
}

/// The engine's delegate for the validation its page build leaves out
/// (`ssa_engine::delegated::set_validation_delegate`: a custom resource's,
/// and the rare built-in kinds'): the JavaScript API package's `function`
/// (`validateCustomResource`, `validateBuiltin`) through `ssaApiSync`
/// (`boot.js`), which answers nothing until the package is loaded.
pub fn delegated_validation(function: &str, request: &str) -> Option<String> {
    #[wasm_bindgen::prelude::wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_name = ssaApiSync, catch)]
        fn api_sync(name: &str, arg: &str) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>;
    }
    api_sync(function, request).ok()?.as_string()
}
