//! A scenario in the URL fragment (`#s=`), in the engine's format, which
//! `ssa apply --share` writes too. The browser does the DEFLATE:
//! `web/boot.js` compresses a link's text with `CompressionStream`
//! (`ssaShareFragment`; an encoder compiled into the wasm would cost 8 KB
//! gzipped, the stream glue and base64url in Rust 1 KB) and inflates a
//! shared link's scenario with `DecompressionStream` before the app
//! starts (2 KB).

#[cfg(test)]
pub use ssa_engine::share::decode_fragment;
use std::cell::RefCell;
use yew::prelude::*;

thread_local! {
    static SHARED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Gives the app the scenario of the link it was opened with, as
/// `web/boot.js` read it.
pub fn provide_shared(text: String) {
    SHARED.with(|shared| *shared.borrow_mut() = Some(text));
}

/// The scenario of the link the page was opened with, once.
pub fn take_shared() -> Option<String> {
    SHARED.with(|shared| shared.borrow_mut().take())
}

/// The fragment (without `#`) that carries `text`, or `None` if the
/// browser cannot compress (it has had CompressionStream since 2023).
#[cfg(target_arch = "wasm32")]
pub async fn encode_fragment(text: &str) -> Option<String> {
    let text = wasm_bindgen::JsValue::from_str(text);
    crate::api::call_global("ssaShareFragment", &[text])
        .await
        .ok()?
        .as_string()
}

/// Natively (the page's tests): the engine's own encoder, as the CLI's.
#[cfg(not(target_arch = "wasm32"))]
pub async fn encode_fragment(text: &str) -> Option<String> {
    Some(ssa_engine::share::encode_fragment(text))
}

/// The fragment of `text` once compressed (`None` before, or without a
/// text): for links drawn on the page. A fragment is kept with its text,
/// so a slower compression of an older text never shows.
#[hook]
pub fn use_fragment(text: Option<String>) -> Option<String> {
    let done = use_state(|| None::<(String, String)>);
    {
        let done = done.clone();
        use_effect_with(text.clone(), move |text| {
            if let Some(text) = text.clone() {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Some(fragment) = encode_fragment(&text).await {
                        done.set(Some((text, fragment)));
                    }
                });
            }
        });
    }
    match (&*done, text) {
        (Some((of, fragment)), Some(text)) if *of == text => Some(fragment.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page's links are read by the engine: any raw DEFLATE decodes
    /// (here the engine's own encoder's, as `ssa apply --share` writes).
    #[test]
    fn a_scenario_survives_the_round_trip() {
        for preset in crate::presets::presets() {
            let fragment = ssa_engine::share::encode_fragment(preset.text);
            assert!(fragment.len() < preset.text.len(), "compressed");
            assert_eq!(
                decode_fragment(&format!("#{fragment}")).unwrap(),
                preset.text
            );
        }
    }
}
