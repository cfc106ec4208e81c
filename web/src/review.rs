//! The review page's state: a cluster export and the manifests about to be
//! applied, the kubectl flags, and the outcome per object. Pure, no
//! `html!`, tested natively; the engine's review does the work (the same
//! function the CLI's `ssa apply` calls).

use std::rc::Rc;
use yew::Reducible;

/// Everything the review page shows.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewState {
    /// What the cluster holds: `kubectl get -o yaml --show-managed-fields`
    /// output (one object, a List, several documents), or empty.
    pub export: String,
    /// The manifests about to be applied (several documents, Lists).
    pub manifests: String,
    pub flags: Flags,
    /// The last review, and whether the inputs changed since.
    pub outcome: Option<Rc<ReviewOutcome>>,
    pub stale: bool,
    /// How many reviews were asked for: the app runs one (asynchronously,
    /// `review_run`) whenever it grows, and keeps only the answer to the
    /// last.
    pub requested: usize,
    /// Whether the last review asked for has not answered yet.
    pub running: bool,
}

/// kubectl's flags, with kubectl's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Flags {
    /// `--server-side`.
    pub server_side: bool,
    /// `--field-manager`; empty means kubectl's default for the mode.
    pub field_manager: String,
    /// `--force-conflicts`.
    pub force_conflicts: bool,
    /// `-n`: empty is kubectl without the flag (the `default` namespace
    /// for manifests that name none); a name is enforced as kubectl does.
    pub namespace: String,
}

impl Default for Flags {
    fn default() -> Self {
        Flags {
            server_side: true,
            field_manager: String::new(),
            force_conflicts: false,
            namespace: String::new(),
        }
    }
}

impl Flags {
    /// The manager the apply is sent as: the flag, else kubectl's default.
    pub fn manager(&self) -> &str {
        match self.field_manager.trim() {
            "" if self.server_side => "kubectl",
            "" => "kubectl-client-side-apply",
            name => name,
        }
    }
}

/// The result of one review: a row per object, and the inputs that could
/// not be read (each located; the other documents are still reviewed).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ReviewOutcome {
    pub objects: Vec<ObjectRow>,
    pub errors: Vec<String>,
}

/// One object of a review.
#[derive(Clone, Debug, PartialEq)]
pub struct ObjectRow {
    /// kubectl's name of the object: `deployment.apps/checkout`.
    pub name: String,
    pub namespace: Option<String>,
    /// kubectl's word: created, serverside-applied, configured, unchanged,
    /// or conflict / invalid / error.
    pub outcome: String,
    /// The server's message word for word (conflicts, refusals).
    pub message: String,
    /// The object's write as a one-step scenario, to open in the playground.
    pub scenario: Option<String>,
}

impl ObjectRow {
    /// Whether the object was written (or left as it was) without a refusal.
    pub fn succeeded(&self) -> bool {
        matches!(
            self.outcome.as_str(),
            "created" | "configured" | "serverside-applied" | "unchanged"
        )
    }
}

impl ReviewOutcome {
    /// How many objects end in each kubectl word, in order of first
    /// appearance: the summary line above the table.
    pub fn counts(&self) -> Vec<(String, usize)> {
        let mut counts: Vec<(String, usize)> = Vec::new();
        for row in &self.objects {
            match counts.iter_mut().find(|(o, _)| *o == row.outcome) {
                Some((_, n)) => *n += 1,
                None => counts.push((row.outcome.clone(), 1)),
            }
        }
        counts
    }
}

/// What the user can do on the review page.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewAction {
    SetExport(String),
    SetManifests(String),
    SetFlags(Flags),
    /// Review the inputs as they are now.
    Run,
    /// The answer to the review asked for as the given request.
    Reviewed(usize, Rc<ReviewOutcome>),
}

impl ReviewState {
    pub fn new() -> Self {
        ReviewState {
            export: String::new(),
            manifests: String::new(),
            flags: Flags::default(),
            outcome: None,
            stale: false,
            requested: 0,
            running: false,
        }
    }

    /// Asks for a review of the inputs as they are now.
    fn requested(self) -> Self {
        ReviewState {
            requested: self.requested + 1,
            running: true,
            ..self
        }
    }
}

impl Default for ReviewState {
    fn default() -> Self {
        Self::new()
    }
}

impl Reducible for ReviewState {
    type Action = ReviewAction;

    fn reduce(self: Rc<Self>, action: ReviewAction) -> Rc<Self> {
        let state = (*self).clone();
        let next = match action {
            // Typing in a large export must stay fast: texts mark the
            // review stale, the Review button (or Ctrl+Enter) runs it.
            ReviewAction::SetExport(export) => ReviewState {
                export,
                stale: state.outcome.is_some(),
                ..state
            },
            ReviewAction::SetManifests(manifests) => ReviewState {
                manifests,
                stale: state.outcome.is_some(),
                ..state
            },
            // A flag is one click: review again at once.
            ReviewAction::SetFlags(flags) => ReviewState { flags, ..state }.requested(),
            ReviewAction::Run => state.requested(),
            // An answer to an earlier request (inputs changed meanwhile
            // and a newer review was asked for) is dropped.
            ReviewAction::Reviewed(request, outcome) if request == state.requested => ReviewState {
                outcome: Some(outcome),
                stale: false,
                running: false,
                ..state
            },
            ReviewAction::Reviewed(..) => state,
        };
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPORT: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  namespace: default\n  managedFields:\n  - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {f:data: {f:k: {}}}, manager: helm, operation: Apply, time: \"2026-01-01T00:00:00Z\"}\ndata: {k: a}\n";
    const MANIFESTS: &str = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {k: b}\n---\napiVersion: v1\nkind: Secret\nmetadata: {name: s}\nstringData: {p: q}\n";

    fn reduce(state: ReviewState, action: ReviewAction) -> ReviewState {
        let state = (*Rc::new(state).reduce(action)).clone();
        if !state.running {
            return state;
        }
        // What the app does when a review is asked for, through the
        // JavaScript API's function (natively here, without the browser).
        let json = ssa_wasm::review_json(
            &state.export,
            &state.manifests,
            &crate::review_run::options(&state.flags).to_json(),
        );
        let outcome = Rc::new(crate::review_run::decode(&json));
        let request = state.requested;
        let answered = (*Rc::new(state).reduce(ReviewAction::Reviewed(request, outcome))).clone();
        assert!(!answered.running);
        answered
    }

    /// A review's answer comes back asynchronously: only the last request's
    /// is kept.
    #[test]
    fn only_the_last_request_is_answered() {
        let state = (*Rc::new(ReviewState::new()).reduce(ReviewAction::Run)).clone();
        let state = (*Rc::new(state).reduce(ReviewAction::Run)).clone();
        assert!(state.running && state.requested == 2);
        let late = Rc::new(ReviewOutcome::default());
        let state = (*Rc::new(state).reduce(ReviewAction::Reviewed(1, late))).clone();
        assert!(state.running && state.outcome.is_none());
        let last = Rc::new(ReviewOutcome::default());
        let state = (*Rc::new(state).reduce(ReviewAction::Reviewed(2, last))).clone();
        assert!(!state.running && state.outcome.is_some());
    }

    #[test]
    fn an_unreadable_answer_is_said_as_an_error() {
        let outcome = crate::review_run::decode("<html>");
        assert!(outcome.objects.is_empty());
        assert!(
            outcome.errors[0].starts_with("The review could not run: "),
            "{:?}",
            outcome.errors
        );
    }

    #[test]
    fn typing_marks_the_review_stale_and_review_runs_it() {
        let state = reduce(ReviewState::new(), ReviewAction::SetExport(EXPORT.into()));
        assert!(state.outcome.is_none() && !state.stale);
        let state = reduce(state, ReviewAction::SetManifests(MANIFESTS.into()));
        let state = reduce(state, ReviewAction::Run);
        let outcome = state.outcome.clone().unwrap();
        let rows: Vec<(&str, &str)> = outcome
            .objects
            .iter()
            .map(|r| (r.name.as_str(), r.outcome.as_str()))
            .collect();
        assert_eq!(
            rows,
            [
                ("configmap/c", "conflict"),
                ("secret/s", "serverside-applied")
            ]
        );
        assert_eq!(
            outcome.objects[0].message,
            "Apply failed with 1 conflict: conflict with \"helm\": .data.k"
        );
        assert!(outcome.objects[0].scenario.is_some());
        assert_eq!(
            outcome.counts(),
            [
                ("conflict".to_string(), 1),
                ("serverside-applied".to_string(), 1)
            ]
        );
        let typed = reduce(state, ReviewAction::SetManifests(String::new()));
        assert!(typed.stale);
    }

    #[test]
    fn a_flag_reviews_again_at_once() {
        let state = reduce(
            reduce(ReviewState::new(), ReviewAction::SetExport(EXPORT.into())),
            ReviewAction::SetManifests(MANIFESTS.into()),
        );
        let forced = reduce(
            state,
            ReviewAction::SetFlags(Flags {
                force_conflicts: true,
                ..Flags::default()
            }),
        );
        let outcome = forced.outcome.unwrap();
        assert!(outcome.objects.iter().all(ObjectRow::succeeded));
    }

    #[test]
    fn the_manager_defaults_as_kubectl() {
        let mut flags = Flags::default();
        assert_eq!(flags.manager(), "kubectl");
        flags.server_side = false;
        assert_eq!(flags.manager(), "kubectl-client-side-apply");
        flags.field_manager = "argocd".into();
        assert_eq!(flags.manager(), "argocd");
    }

    #[test]
    fn unreadable_documents_are_listed_with_their_place() {
        let state = reduce(
            reduce(
                ReviewState::new(),
                ReviewAction::SetManifests("a: [\n".into()),
            ),
            ReviewAction::Run,
        );
        let outcome = state.outcome.unwrap();
        assert!(outcome.objects.is_empty());
        assert!(
            outcome.errors[0].starts_with("manifests:2:1: "),
            "{:?}",
            outcome.errors
        );
    }
}
