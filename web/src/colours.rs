//! A stable colour for each manager name, the same in the timeline, the
//! step list, the ownership gutter and the managed fields. Colour only
//! repeats what the name says: the name is always shown next to it.

/// One of eight palette entries (CSS classes `owner-colour-N`; the page's
/// CSP allows no inline style), from a hash of the name.
pub fn colour(name: &str) -> u32 {
    name.bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
        % 8
}

/// The CSS class of a manager's colour.
pub fn class(name: &str) -> String {
    format!("owner-colour-{}", colour(name))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_always_gets_the_same_colour_and_names_spread() {
        assert_eq!(super::colour("team-a"), super::colour("team-a"));
        let names = [
            "kubectl",
            "team-a",
            "team-b",
            "helm",
            "horizontal-pod-autoscaler",
            "argocd-controller",
            "kube-controller-manager",
            "flux",
        ];
        let distinct: std::collections::BTreeSet<u32> =
            names.iter().map(|n| super::colour(n)).collect();
        assert!(distinct.len() >= 4, "{distinct:?}");
        assert!(names.iter().all(|n| super::colour(n) < 8));
    }
}
