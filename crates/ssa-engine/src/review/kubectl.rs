//! kubectl's words around the objects of an apply: the line it prints for
//! each object, and how it prints a refusal (`kubectl apply` wraps a
//! conflict in its advice; `cmdutil.CheckErr` prints one error with
//! `error: ` or as an API status, several as one line each).

use super::{ApplyOutcome, ObjectReview};

/// What `kubectl apply --server-side` adds after a conflict
/// (k8s.io/kubectl/pkg/cmd/apply/apply.go), word for word.
pub const CONFLICT_ADVICE: &str =
    "Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the `--force-conflicts` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts";

/// Which kubectl command prints the error: `apply` wraps a server-side
/// conflict in [`CONFLICT_ADVICE`]; `diff` prints the server's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Apply,
    Diff,
}

/// The line `kubectl apply` prints for an object that went through:
/// `deployment.apps/checkout serverside-applied`.
pub fn success_line(object: &ObjectReview) -> Option<String> {
    object
        .outcome
        .succeeded()
        .then(|| format!("{} {}", object.id.kubectl_name(), object.outcome.as_str()))
}

/// How kubectl prints the refusal of `object` (`None` when it went
/// through). `alone`: it is the command's only error, which
/// `cmdutil.CheckErr` prints differently from an aggregate of several.
pub fn error_text(object: &ObjectReview, command: Command, alone: bool) -> Option<String> {
    let message = object.message.as_str();
    let text = match object.outcome {
        outcome if outcome.succeeded() => return None,
        ApplyOutcome::Conflict if command == Command::Apply => {
            // A plain error (the status is wrapped by fmt.Errorf).
            let wrapped = format!("{message}\n{CONFLICT_ADVICE}");
            if alone {
                format!("error: {wrapped}")
            } else {
                wrapped
            }
        }
        ApplyOutcome::Conflict => format!("Error from server (Conflict): {message}"),
        ApplyOutcome::Invalid => match invalid_parts(message) {
            // checkErr's own form of a 422 with details.
            Some((kind, name, causes)) if alone => match split_causes(causes).as_slice() {
                // MultilineError: one cause on the line, several below it.
                [one] => format!("The {kind} \"{name}\" is invalid: {one}"),
                many => {
                    let mut text = format!("The {kind} \"{name}\" is invalid: ");
                    for cause in many {
                        text.push_str("\n* ");
                        text.push_str(cause);
                    }
                    text
                }
            },
            Some(_) => format!("Error from server (Invalid): {message}"),
            // Errors without a status reason (500 from the field manager).
            None => format!("Error from server: {message}"),
        },
        // Refused before sending: kubectl's own error, located (kubectl's
        // names the file the manifest came from).
        _ if alone => format!("error: {}: {message}", object.origin),
        _ => format!("{}: {message}", object.origin),
    };
    Some(text)
}

/// `Deployment.apps "web" is invalid: causes` as (kind, name, causes).
fn invalid_parts(message: &str) -> Option<(&str, &str, &str)> {
    let (head, causes) = message.split_once(" is invalid: ")?;
    let (qualified_kind, quoted_name) = head.split_once(' ')?;
    let name = quoted_name.strip_prefix('"')?.strip_suffix('"')?;
    let kind = qualified_kind
        .split_once('.')
        .map_or(qualified_kind, |(kind, _)| kind);
    Some((kind, name, causes))
}

/// The causes of a 422's aggregate (`[a, b]` for several), one string
/// each as `statusCausesToAggrError` makes them (`field: body`). The
/// message joins them with `, `, which details also hold, so a cause
/// starts only where `, ` is followed by a field path (no quote, no `, `)
/// and `: ` and one of `field.ErrorType`'s words.
fn split_causes(causes: &str) -> Vec<&str> {
    const TYPES: [&str; 9] = [
        "Invalid value",
        "Required value",
        "Unsupported value",
        "Duplicate value",
        "Forbidden",
        "Not found",
        "Too long",
        "Too many",
        "Internal error",
    ];
    let Some(inner) = causes.strip_prefix('[').and_then(|c| c.strip_suffix(']')) else {
        return vec![causes];
    };
    let starts_cause = |rest: &str| {
        rest.split_once(": ").is_some_and(|(path, body)| {
            !path.contains('"') && !path.contains(", ") && TYPES.iter().any(|t| body.starts_with(t))
        })
    };
    let mut out = Vec::new();
    let mut start = 0;
    for (i, _) in inner.match_indices(", ") {
        if starts_cause(&inner[i + 2..]) {
            out.push(&inner[start..i]);
            start = i + 2;
        }
    }
    out.push(&inner[start..]);
    out
}

/// The resource name kubectl's warnings use (`deployments.apps/web`),
/// guessed from the kind as apimachinery's `UnsafeGuessKindToResource`
/// does when no discovery is at hand.
pub fn resource_name(object: &ObjectReview) -> String {
    let plural = crate::registry::guess_resource(&object.id.kind);
    if object.id.group.is_empty() {
        format!("{plural}/{}", object.id.name)
    } else {
        format!("{plural}.{}/{}", object.id.group, object.id.name)
    }
}

/// The annotation client-side apply keeps its last configuration in.
pub const LAST_APPLIED: &str = "kubectl.kubernetes.io/last-applied-configuration";

/// kubectl's warning when client-side apply patches a live object that
/// lacks [`LAST_APPLIED`] (`None` otherwise).
pub fn missing_annotation_warning(object: &ObjectReview, server_side: bool) -> Option<String> {
    let live = object.before.as_ref()?;
    if server_side || !object.outcome.succeeded() {
        return None;
    }
    let annotated = live
        .get_path(&["metadata", "annotations", LAST_APPLIED])
        .is_some();
    (!annotated).then(|| {
        format!(
            "Warning: resource {} is missing the {LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.",
            resource_name(object)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_messages_name_the_kind_without_its_group() {
        assert_eq!(
            invalid_parts("Deployment.apps \"web\" is invalid: spec.x: Required value"),
            Some(("Deployment", "web", "spec.x: Required value"))
        );
        assert_eq!(
            invalid_parts("Pod \"p\" is invalid: spec: Forbidden"),
            Some(("Pod", "p", "spec: Forbidden"))
        );
        assert_eq!(invalid_parts("failed to create typed patch object"), None);
    }

    /// kubectl's `MultilineError` of several causes: one per line, split
    /// where a field path and an error type follow `, ` (not inside a
    /// list of supported values).
    #[test]
    fn several_causes_one_per_line() {
        let causes = r#"[spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP", data[a b]: Invalid value: "a b": bad, : Too long: may not be more than 1048576 bytes]"#;
        assert_eq!(
            split_causes(causes),
            [
                r#"spec.ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP""#,
                r#"data[a b]: Invalid value: "a b": bad"#,
                ": Too long: may not be more than 1048576 bytes",
            ]
        );
        assert_eq!(
            split_causes("spec.x: Required value"),
            ["spec.x: Required value"]
        );
    }
}
