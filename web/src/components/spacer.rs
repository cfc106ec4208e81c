//! An empty block of a given height: it stands for the rows of a long
//! list that are not drawn. Its height is set through the element's style
//! object, which the page's Content-Security-Policy allows (a `style`
//! attribute it would refuse).

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct Props {
    /// In CSS pixels, a whole number (rows times their height): printed
    /// as an integer.
    pub height: f64,
}

#[function_component(Spacer)]
pub fn spacer(props: &Props) -> Html {
    let node = use_node_ref();
    use_effect_with((props.height, node.clone()), |(height, node)| {
        if let Some(element) = node.cast::<web_sys::HtmlElement>() {
            let _ = element
                .style()
                .set_property("height", &format!("{}px", *height as i64));
        }
    });
    html! { <div class="spacer" aria-hidden="true" ref={node} /> }
}
