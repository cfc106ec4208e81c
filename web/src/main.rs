//! SSA Playground: the web app. It calls the engine directly on every edit
//! (no worker, no server) and shows each step's outcome, the object and
//! who owns which field.

mod api;
mod app;
mod browser;
mod colours;
mod compare_modes;
mod components;
mod embed;
mod embed_snippet;
mod highlight;
mod lesson_fetch;
mod lessons;
mod markdown;
mod presets;
mod review;
mod review_run;
mod scenario_edit;
mod scenario_text;
mod share;
mod shared;
mod state;
mod steps;
mod text_window;
mod virtual_rows;

/// Talc instead of std's dlmalloc: smaller in the wasm, and faster.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    install_panic_banner();
    // The validation this wasm leaves out (a custom resource's, the rare
    // built-in kinds': ssa_engine::delegated), by the JavaScript API.
    ssa_engine::delegated::set_validation_delegate(browser::delegated_validation);
    // Data web/boot.js fetched beside the wasm (not compiled into it, to
    // keep the download small): the built-in kinds' catalogue, the "Why?"
    // sentences, the presets.
    if let Some(text) = take_global("ssaCatalogue") {
        ssa_engine::builtin::provide_catalogue(text);
    }
    if let Some(text) = take_global("ssaWhy") {
        ssa_engine::scenario::provide_why_texts(text);
    }
    if let Some(text) = take_global("ssaPresets") {
        presets::provide(text);
    }
    if let Some(text) = take_global("ssaShared") {
        share::provide_shared(text);
    }
    yew::Renderer::<app::App>::new().render();
}

/// A text web/boot.js left on the page's global object, removed from it:
/// the app keeps its own copy.
fn take_global(name: &str) -> Option<String> {
    let window = web_sys::window()?;
    let key = wasm_bindgen::JsValue::from_str(name);
    let text = web_sys::js_sys::Reflect::get(&window, &key)
        .ok()
        .and_then(|v| v.as_string());
    let _ = web_sys::js_sys::Reflect::delete_property(&window, &key);
    text
}

/// A panic in wasm would leave a dead page: show its message in a banner
/// instead, and keep what the user typed on the page.
fn install_panic_banner() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!(
            "The playground hit a bug and stopped: {info}. Your text is still in the editor; reload to continue."
        );
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        if let Ok(banner) = document.create_element("div") {
            banner.set_class_name("panic-banner");
            banner.set_attribute("role", "alert").ok();
            banner.set_text_content(Some(&message));
            if let Some(body) = document.body() {
                body.prepend_with_node_1(&banner).ok();
            }
        }
    }));
}
