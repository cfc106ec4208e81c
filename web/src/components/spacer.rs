//! An empty block of a given height: it stands for the rows of a long
//! list that are not drawn. Its height is set through the element's style
//! object, which the page's Content-Security-Policy allows (a `style`
//! attribute it would refuse).
//!
//! A block and a function that sizes it, not a component: the list's own
//! effect sizes its spacers after each render (yew's code per component
//! type, about 0.6 KB of the gzipped wasm, for what one call does).

use yew::prelude::*;

/// The block, found again by `node`.
pub fn spacer(node: &NodeRef) -> Html {
    html! { <div class="spacer" aria-hidden="true" ref={node.clone()} /> }
}

/// Sets the block's height, in CSS pixels: a whole number (rows times
/// their height), printed as an integer. Nothing when the block is not
/// drawn.
pub fn set_height(node: &NodeRef, height: f64) {
    if let Some(element) = node.cast::<web_sys::HtmlElement>() {
        let _ = element
            .style()
            .set_property("height", &format!("{}px", height as i64));
    }
}
