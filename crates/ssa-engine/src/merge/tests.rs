//! The apply and update rules, on the small schema of the typed tests.

use super::*;
use crate::typed::tests::{json, test_schema};
use crate::typed::{Duplicates, Typed};

struct World {
    schema: Schema,
    root: TypeId,
    ignored: Set,
    live: Value,
    managers: ManagedFields,
}

impl World {
    fn new() -> Self {
        let (schema, root) = test_schema();
        World {
            schema,
            root,
            ignored: Set::new(),
            live: json("{}"),
            managers: ManagedFields::new(),
        }
    }

    fn apply(&mut self, manager: &str, config: &str, force: bool) -> Result<bool, MergeError> {
        let updater = Updater::new(&self.schema, self.root, &self.ignored);
        let config = json(config);
        let live = Typed::new(&self.schema, self.root, &self.live, Duplicates::Allow)
            .map_err(MergeError::InvalidLive)?;
        let config = Typed::new(&self.schema, self.root, &config, Duplicates::Refuse)
            .map_err(MergeError::InvalidConfig)?;
        let out = updater.apply(live, config, "v1", &self.managers, manager, force)?;
        self.managers = out.managers;
        let changed = out.object.is_some();
        if let Some(o) = out.object {
            self.live = o;
        }
        Ok(changed)
    }

    fn update(&mut self, manager: &str, new: &str) {
        let updater = Updater::new(&self.schema, self.root, &self.ignored);
        let new = json(new);
        let live = Typed::new(&self.schema, self.root, &self.live, Duplicates::Allow).unwrap();
        let typed_new = Typed::new(&self.schema, self.root, &new, Duplicates::Allow).unwrap();
        self.managers = updater
            .update(live, typed_new, "v1", &self.managers, manager)
            .unwrap();
        self.live = new;
    }

    fn owned(&self, manager: &str) -> Vec<String> {
        self.managers
            .get(manager)
            .map(|vs| vs.set.paths().iter().map(|p| p.to_string()).collect())
            .unwrap_or_default()
    }
}

fn conflicts(err: MergeError) -> Vec<String> {
    match err {
        MergeError::Conflicts(c) => c
            .into_iter()
            .map(|c| format!("{} {}", c.manager, c.path))
            .collect(),
        other => panic!("expected conflicts, got {other:?}"),
    }
}

#[test]
fn applying_the_same_config_twice_changes_nothing() {
    let mut w = World::new();
    assert!(w.apply("a", r#"{"data":{"x":"1"}}"#, false).unwrap());
    let before = w.managers.clone();
    assert!(!w.apply("a", r#"{"data":{"x":"1"}}"#, false).unwrap());
    assert_eq!(w.managers, before);
}

#[test]
fn conflict_then_force_moves_ownership() {
    let mut w = World::new();
    w.apply("a", r#"{"data":{"x":"1","y":"1"}}"#, false)
        .unwrap();
    let err = w.apply("b", r#"{"data":{"x":"2"}}"#, false).unwrap_err();
    assert_eq!(conflicts(err), vec!["a .data.x"]);
    assert_eq!(w.live, json(r#"{"data":{"x":"1","y":"1"}}"#));
    w.apply("b", r#"{"data":{"x":"2"}}"#, true).unwrap();
    assert_eq!(w.owned("a"), vec![".data.y"]);
    assert_eq!(w.owned("b"), vec![".data.x"]);
    assert_eq!(w.live, json(r#"{"data":{"x":"2","y":"1"}}"#));
}

#[test]
fn same_value_shares_ownership_and_prune_spares_shared_fields() {
    let mut w = World::new();
    w.apply("a", r#"{"data":{"x":"1","y":"1"}}"#, false)
        .unwrap();
    w.apply("b", r#"{"data":{"y":"1"}}"#, false).unwrap();
    assert_eq!(w.owned("b"), vec![".data.y"]);
    // a drops both: x is pruned (nobody else owns it), y stays (b owns it).
    w.apply("a", r#"{"data":{"z":"1"}}"#, false).unwrap();
    assert_eq!(w.live, json(r#"{"data":{"y":"1","z":"1"}}"#));
    assert_eq!(w.owned("a"), vec![".data.z"]);
}

#[test]
fn prune_removes_whole_list_items_and_keeps_unowned_fields() {
    let mut w = World::new();
    w.apply(
        "a",
        r#"{"spec":{"containers":[{"name":"c1","image":"i"},{"name":"c2"}]}}"#,
        false,
    )
    .unwrap();
    // Someone's defaulting added a field nobody owns.
    let mut live = w.live.clone();
    if let Some(Value::Map(spec)) = live.as_map_mut().and_then(|m| m.get_mut("spec")) {
        spec.insert("replicas", Value::Int(1));
    }
    w.live = live;
    w.apply(
        "a",
        r#"{"spec":{"containers":[{"name":"c1","image":"i"}]}}"#,
        false,
    )
    .unwrap();
    assert_eq!(
        w.live,
        json(r#"{"spec":{"containers":[{"name":"c1","image":"i"}],"replicas":1}}"#)
    );
}

#[test]
fn update_takes_what_it_changes_without_conflict() {
    let mut w = World::new();
    w.apply("a", r#"{"data":{"x":"1","y":"1"}}"#, false)
        .unwrap();
    w.update("u", r#"{"data":{"x":"2","y":"1"}}"#);
    assert_eq!(w.owned("a"), vec![".data.y"]);
    assert_eq!(w.owned("u"), vec![".data.x"]);
    // An apply of the old value now conflicts with the updater.
    let err = w
        .apply("a", r#"{"data":{"x":"1","y":"1"}}"#, false)
        .unwrap_err();
    assert_eq!(conflicts(err), vec!["u .data.x"]);
    // Dropping the field from the applied config succeeds and leaves the value.
    w.apply("a", r#"{"data":{"y":"1"}}"#, false).unwrap();
    assert_eq!(w.live, json(r#"{"data":{"x":"2","y":"1"}}"#));
}

#[test]
fn removed_fields_leave_every_owner() {
    let mut w = World::new();
    w.apply("a", r#"{"data":{"x":"1"}}"#, false).unwrap();
    w.apply("b", r#"{"data":{"x":"1","y":"2"}}"#, false)
        .unwrap();
    w.update("u", r#"{"data":{"y":"2"}}"#);
    assert!(
        !w.managers.contains_key("a"),
        "a owned only x, which is gone"
    );
    assert_eq!(w.owned("b"), vec![".data.y"]);
}

#[test]
fn applying_nothing_leaves_no_manager() {
    let mut w = World::new();
    w.apply("a", r#"{}"#, false).unwrap();
    assert!(w.managers.is_empty());
}

#[test]
fn invalid_config_is_refused() {
    let mut w = World::new();
    let err = w
        .apply(
            "a",
            r#"{"spec":{"containers":[{"name":"a"},{"name":"a"}]}}"#,
            false,
        )
        .unwrap_err();
    assert!(matches!(err, MergeError::InvalidConfig(_)), "{err:?}");
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn data() -> impl Strategy<Value = String> {
        prop::collection::btree_map("[a-d]", "[0-2]", 0..4).prop_map(|m| {
            let body: Vec<String> = m.iter().map(|(k, v)| format!("\"{k}\":\"{v}\"")).collect();
            format!(r#"{{"data":{{{}}}}}"#, body.join(","))
        })
    }

    proptest! {
        #[test]
        fn second_apply_is_a_no_op(config in data()) {
            let mut w = World::new();
            w.apply("a", &config, false).unwrap();
            let managers = w.managers.clone();
            prop_assert!(!w.apply("a", &config, false).unwrap());
            prop_assert_eq!(&w.managers, &managers);
        }

        #[test]
        fn prune_never_removes_what_another_manager_owns(first in data(), other in data(), second in data()) {
            let mut w = World::new();
            w.apply("a", &first, true).unwrap();
            w.apply("b", &other, true).unwrap();
            let owned_by_b = w.managers.get("b").map(|vs| vs.set.clone()).unwrap_or_default();
            w.apply("a", &second, true).unwrap();
            let still = crate::typed::to_field_set(&w.schema, w.root, &w.live)
                .unwrap()
                .ensure_named_fields_are_members(&w.schema, Some(w.root));
            prop_assert!(owned_by_b.difference(&still).is_empty(), "b's fields {:?} vanished from {}", owned_by_b.paths(), w.live);
        }

        #[test]
        fn disjoint_appliers_commute(a in data(), b in data()) {
            // Make b's keys disjoint from a's by renaming them.
            let b = b.replace("\"a\":", "\"w\":").replace("\"b\":", "\"x\":").replace("\"c\":", "\"y\":").replace("\"d\":", "\"z\":");
            let mut one = World::new();
            one.apply("a", &a, false).unwrap();
            one.apply("b", &b, false).unwrap();
            let mut two = World::new();
            two.apply("b", &b, false).unwrap();
            two.apply("a", &a, false).unwrap();
            prop_assert_eq!(one.live, two.live);
            prop_assert_eq!(one.managers, two.managers);
        }
    }
}
