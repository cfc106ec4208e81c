//! A scenario in the URL fragment (`#s=`): the engine's encoder, which
//! `ssa apply --share` uses too.

pub use ssa_engine::share::{decode_fragment, encode_fragment};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_survives_the_round_trip() {
        for preset in crate::presets::presets() {
            let fragment = encode_fragment(preset.text);
            assert!(fragment.len() < preset.text.len(), "compressed");
            assert_eq!(
                decode_fragment(&format!("#{fragment}")).unwrap(),
                preset.text
            );
        }
    }
}
