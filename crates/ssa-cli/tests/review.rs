//! Golden tests of `ssa apply`, `ssa diff` and `ssa blame` on the
//! real-shaped fixtures of `tests/review/` (a cluster export as `kubectl get
//! -o yaml --show-managed-fields` prints it, a helm-template-like release,
//! bad inputs), run from that directory so that the paths in messages are
//! stable. Each case's command line, exit status, stdout and stderr are
//! compared with `tests/golden/review/NAME.out`; `UPDATE_GOLDEN=1` rewrites
//! them. The assertions below the golden comparison check the behaviour
//! the outputs must show, so that a rewrite cannot hide a regression.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "a test fails loudly"
)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/review")
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn ssa(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ssa"))
        .args(args)
        .current_dir(fixtures())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ssa");
    let text = stdin.map(|f| std::fs::read_to_string(fixtures().join(f)).unwrap());
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(text) = text {
            input.write_all(text.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().expect("wait for ssa");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `ssa ARGS` (with `stdin` from a fixture file) and compares the
/// whole transcript with its golden file.
fn golden(name: &str, args: &[&str], stdin: Option<&str>) -> Run {
    let run = ssa(args, stdin);
    let input = stdin.map(|f| format!(" < {f}")).unwrap_or_default();
    let transcript = format!(
        "$ ssa {}{input}\nexit {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        run.code,
        run.stdout,
        run.stderr
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/review")
        .join(format!("{name}.out"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &transcript).unwrap();
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        transcript,
        expected,
        "{} differs (UPDATE_GOLDEN=1 rewrites it)",
        path.display()
    );
    run
}

const RELEASE: [&str; 9] = [
    "-n",
    "shop",
    "-f",
    "release",
    "-R",
    "--live",
    "live/shop.yaml",
    "--field-manager",
    "argocd-controller",
];

fn with<'a>(base: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(extra).copied().collect()
}

#[test]
fn server_side_apply_of_a_release_reports_conflicts_in_kubectls_words() {
    let args = with(&["apply", "--server-side"], &RELEASE);
    let run = golden(
        "apply-server-side",
        &with(&args, &["--show-untouched"]),
        None,
    );
    assert_eq!(run.code, 1, "a conflict is a refusal");
    // kubectl's lines, in the manifests' order (the CRD of release/crds
    // first: -R walks directories in lexical order).
    assert!(run.stdout.starts_with(
        "customresourcedefinition.apiextensions.k8s.io/widgets.example.com serverside-applied\nservice/checkout serverside-applied\n"
    ));
    // The HPA owns spec.replicas through /scale: the server's message, then
    // kubectl's advice.
    assert!(run.stderr.starts_with(
        "Apply failed with 1 conflict: conflict with \"kube-controller-manager\" with subresource \"scale\" using autoscaling/v2: .spec.replicas\nPlease review the fields above--they currently have other managers."
    ));
    assert!(run.stderr.contains(
        "conflict with \"kubectl-client-side-apply\" using apps/v1: .spec.template.spec.containers[name=\"nginx\"].image"
    ));
    assert!(
        run.stderr
            .contains("conflict with \"helm\" using v1: .data.password")
    );
    assert!(
        run.stdout.contains("  changed  .spec.size\n"),
        "the widget's CRD came from the export"
    );
    assert!(
        run.stdout
            .contains("configmap/kube-root-ca.crt (namespace shop)")
    );
}

#[test]
fn forced_apply_shows_pruning_and_ownership_moves() {
    let args = with(&["apply", "--server-side", "--force-conflicts"], &RELEASE);
    let run = golden("apply-forced", &args, None);
    assert_eq!(run.code, 0);
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    // The env var the release dropped is pruned: nobody else owns it.
    assert!(run.stdout.contains(
        "removed  .spec.template.spec.containers[name=\"checkout\"].env[name=\"FEATURE_X\"] (argocd-controller stopped applying it and nobody else owns it)"
    ), "{}", run.stdout);
    assert!(run.stdout.contains("owners   .spec.replicas: \"kube-controller-manager\" with subresource \"scale\" using autoscaling/v2 → \"argocd-controller\""), "{}", run.stdout);
}

#[test]
fn client_side_apply_says_created_configured_unchanged_and_warns() {
    // Without -R the CRD under release/crds is not read: the export's
    // CRD gives the widget its schema.
    let run = golden(
        "apply-client-side",
        &[
            "apply",
            "-n",
            "shop",
            "-f",
            "release/templates",
            "--live",
            "live/shop.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for line in [
        "deployment.apps/checkout configured\n",
        "configmap/frontend-config unchanged\n",
        "configmap/checkout-flags created\n",
    ] {
        assert!(run.stdout.contains(line), "{line}: {}", run.stdout);
    }
    assert!(run.stderr.contains(
        "Warning: resource deployments.apps/checkout is missing the kubectl.kubernetes.io/last-applied-configuration annotation which is required by kubectl apply."
    ));
    assert!(
        !run.stderr.contains("deployments.apps/frontend"),
        "frontend has the annotation"
    );
}

#[test]
fn standard_input_is_read_with_dash() {
    let run = golden(
        "apply-stdin",
        &[
            "apply",
            "--server-side",
            "--force-conflicts",
            "-n",
            "shop",
            "-f",
            "-",
            "--live",
            "live/shop.yaml",
            "-o",
            "markdown",
        ],
        Some("helm-template.yaml"),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("| ✅ | `deployment.apps/checkout` | shop | serverside-applied |")
    );
    // Applied as `kubectl`, the release does not prune FEATURE_X: argocd-controller
    // still owns it.
    assert!(run.stdout.contains(
        "- `.metadata.labels.app.kubernetes.io/version` changes hands: \"argocd-controller\" → \"kubectl\"\n"
    ));
    assert!(run.stdout.contains("         - name: FEATURE_X\n"));
}

#[test]
fn markdown_report_lists_refusals_with_the_servers_message() {
    let args = with(&["apply", "--server-side", "-o", "markdown"], &RELEASE);
    let run = golden("apply-markdown", &args, None);
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with(
        "### Server-Side Apply review: `kubectl apply --server-side --field-manager=argocd-controller`\n\n9 objects: 6 applied, 3 refused."
    ));
    assert!(
        run.stdout
            .contains("| ❌ | `secret/checkout-db` | shop | conflict |")
    );
    assert!(run.stdout.contains(
        "```\nApply failed with 1 conflict: conflict with \"helm\" using v1: .data.password\n```"
    ));
}

#[test]
fn output_yaml_and_json_print_the_objects_as_kubectl() {
    let run = golden(
        "apply-yaml-list",
        &[
            "apply",
            "--server-side",
            "-n",
            "shop",
            "-f",
            "release/templates/widget.yaml",
            "--live",
            "live/shop.yaml",
            "--field-manager",
            "argocd-controller",
            "-o",
            "yaml",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("apiVersion: v1\nitems:\n- apiVersion: example.com/v1\n")
    );
    assert!(run.stdout.ends_with("kind: List\nmetadata: {}\n"));
    let run = ssa(
        &[
            "apply",
            "--server-side",
            "-n",
            "shop",
            "-f",
            "release/crds/widgets.yaml",
            "-o",
            "json",
        ],
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("{\n    \"apiVersion\": \"apiextensions.k8s.io/v1\",\n    \"kind\": \"CustomResourceDefinition\",\n"), "{}", run.stdout);
    // A refusal prints no object, only the error.
    let run = ssa(
        &with(&["apply", "--server-side", "-o", "yaml"], &RELEASE),
        None,
    );
    assert_eq!(run.code, 1);
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("Apply failed with 1 conflict"));
}

#[test]
fn diff_prints_kubectl_diffs_with_secrets_masked() {
    let args = with(&["diff", "--server-side", "--force-conflicts"], &RELEASE);
    let run = golden("diff-forced", &args, None);
    assert_eq!(run.code, 1, "differences: {}", run.stderr);
    assert!(run.stdout.contains(
        "diff -u -N /tmp/LIVE-ssa/apps.v1.Deployment.shop.checkout /tmp/MERGED-ssa/apps.v1.Deployment.shop.checkout\n--- /tmp/LIVE-ssa/apps.v1.Deployment.shop.checkout\n+++ /tmp/MERGED-ssa/apps.v1.Deployment.shop.checkout\n"
    ));
    assert!(
        run.stdout
            .contains("-  password: '*** (before)'\n+  password: '*** (after)'\n"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("bmV3LXNlY3JldA=="),
        "secret values never printed"
    );
    assert!(!run.stdout.contains("managedFields"));
    // The CRD does not change: no diff names it (a cluster-scoped object's
    // name has an empty namespace: `…CustomResourceDefinition..widgets…`).
    assert!(!run.stdout.contains("CustomResourceDefinition..widgets"));
}

#[test]
fn diff_exit_status_is_kubectls() {
    // No differences.
    let run = ssa(
        &[
            "diff",
            "--server-side",
            "-f",
            "release/crds",
            "--live",
            "live/shop.yaml",
            "--field-manager",
            "argocd-controller",
        ],
        None,
    );
    assert_eq!((run.code, run.stdout.as_str()), (0, ""), "{}", run.stderr);
    // A conflict without --force-conflicts is an error (above 1), with the
    // server's status as kubectl prints it.
    let run = golden(
        "diff-conflict",
        &with(&["diff", "--server-side"], &RELEASE),
        None,
    );
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("Error from server (Conflict): Apply failed with 1 conflict: conflict with \"helm\" using v1: .data.password\n"));
    let run = ssa(
        &[
            "diff",
            "--show-secrets",
            "-n",
            "shop",
            "-f",
            "release/templates/secret.yaml",
            "--live",
            "live/shop.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout.contains("+  password: bmV3LXNlY3JldA==\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn bad_inputs_are_located_and_the_rest_is_reviewed() {
    let run = golden(
        "apply-bad-inputs",
        &[
            "apply",
            "--server-side",
            "-n",
            "shop",
            "-f",
            "bad/manifests.yaml",
            "--live",
            "bad/export.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 2, "bad input");
    assert_eq!(
        run.stdout.lines().next(),
        Some("configmap/from-list serverside-applied")
    );
    for error in [
        "bad/manifests.yaml:49:1: while parsing a flow sequence",
        // kubectl reads no further in the file.
        "bad/manifests.yaml:50:1: not applied: kubectl stops reading this file at its error on line 49",
        "bad/manifests.yaml:10:1: configmap/settings (namespace shop) is also at bad/manifests.yaml:3:1: two manifests for one object",
        "bad/manifests.yaml:20:3: the Service has no metadata.name",
        // The API server refuses an apply to an object whose managedFields it cannot decode.
        "Error from server: failed to decode managed fields: error decoding versioned set from entry 0",
        "no schema for Gadget (example.com/v1): give its CustomResourceDefinition",
    ] {
        assert!(run.stderr.contains(error), "{error}\n{}", run.stderr);
    }
    // --deduced-schema merges the custom resource and says so.
    let run = ssa(
        &[
            "apply",
            "--server-side",
            "--deduced-schema",
            "-n",
            "shop",
            "-f",
            "bad/manifests.yaml",
        ],
        None,
    );
    assert!(
        run.stdout
            .contains("gadget.example.com/g1 serverside-applied\n"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("merged with the deduced one"));
}

#[test]
fn blame_shows_owners_and_unreadable_managed_fields() {
    let run = golden("blame-corrupt", &["blame", "bad/export.yaml"], None);
    assert_eq!(run.code, 0);
    assert!(
        run.stdout
            .contains("# note: metadata.managedFields cannot be read")
    );
    let run = ssa(&["blame", "live/shop.yaml"], None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let replicas = run
        .stdout
        .lines()
        .find(|l| l.ends_with("  replicas: 4"))
        .unwrap();
    assert!(
        replicas.starts_with("kube-controller-manager (Update /scale 2026-11-24T21:03:17Z)"),
        "{replicas}"
    );
    let size = run
        .stdout
        .lines()
        .find(|l| l.ends_with("  size: 2"))
        .unwrap();
    assert!(size.starts_with("argocd-controller (Apply "), "{size}");
}

#[test]
fn usage_errors_exit_2_in_kubectls_words() {
    let run = ssa(&["apply", "-f", "release", "--force-conflicts"], None);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: --force-conflicts only works with --server-side\n"
    );
    let run = ssa(&["apply", "-f", "missing.yaml"], None);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: the path \"missing.yaml\" does not exist\n"
    );
    let run = ssa(&["apply", "-f", "release", "--subresource", "status"], None);
    assert_eq!(
        run.stderr,
        "error: --subresource can only be specified for --server-side\n"
    );
    let run = ssa(&["apply", "-f", "-", "--live", "-"], None);
    assert_eq!(run.code, 2);
    assert!(ssa(&["apply"], None).code == 2);
    assert!(ssa(&["apply", "-f", "x", "-o", "xml"], None).code == 2);
}

#[test]
fn help_version_and_completions() {
    let run = ssa(&["--help"], None);
    assert_eq!(run.code, 0);
    for command in ["run", "apply", "diff", "blame", "completions"] {
        assert!(run.stdout.contains(&format!("\n  {command} ")), "{command}");
    }
    let run = ssa(&["help", "apply"], None);
    assert!(run.stdout.contains("--server-side"));
    assert!(run.stdout.contains("Exit status:"));
    let run = ssa(&["--version"], None);
    assert_eq!(run.stdout, format!("ssa {}\n", env!("CARGO_PKG_VERSION")));
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef ssa"),
        ("fish", "complete -c ssa"),
    ] {
        let run = ssa(&["completions", shell], None);
        assert_eq!(run.code, 0);
        assert!(run.stdout.contains(marker), "{shell}");
        assert!(run.stdout.contains("force-conflicts"), "{shell}");
    }
}

#[test]
fn share_links_replay_each_objects_apply_in_the_playground() {
    let args = with(
        &[
            "apply",
            "--server-side",
            "--share",
            "--playground-url",
            "https://ssa.example/play/",
        ],
        &RELEASE,
    );
    let run = ssa(&args, None);
    let links: Vec<&str> = run
        .stdout
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("open     "))
        .collect();
    assert_eq!(links.len(), 9, "one per object: {}", run.stdout);
    // The secret's apply: a conflict with helm, replayed from the link alone.
    let secret = links
        .iter()
        .map(|l| l.strip_prefix("https://ssa.example/play/#").unwrap())
        .map(|f| ssa_engine::share::decode_fragment(f).unwrap())
        .find(|text| text.contains("name: review-secret-checkout-db"))
        .unwrap();
    let replay = ssa_engine::scenario::run_scenario_text_without_views(&secret).unwrap();
    assert_eq!(
        replay.steps[0].message,
        "Apply failed with 1 conflict: conflict with \"helm\" using v1: .data.password"
    );
}

#[test]
fn schema_files_serve_custom_resources() {
    let widget = [
        "apply",
        "--server-side",
        "-n",
        "shop",
        "-f",
        "release/templates/widget.yaml",
    ];
    // Without the export (which holds the CRD) the widget has no schema.
    let run = ssa(&widget, None);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.contains("no schema for Widget (example.com/v1)"),
        "{}",
        run.stderr
    );
    let run = ssa(
        &with(&widget, &["--schema", "release/crds/widgets.yaml"]),
        None,
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("widget.example.com/storefront serverside-applied\n")
    );
    // The CRD types the widget: its ports are a map list, so the blame of
    // the export names the item by its key.
    let run = ssa(&["blame", "live/shop.yaml"], None);
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("argocd-controller (Apply") && l.ends_with("  - name: http")),
        "{}",
        run.stdout
    );
}

#[test]
fn client_side_diff_leaves_the_last_applied_annotation_alone() {
    // kubectl diff sends its patch without the annotation kubectl apply
    // would write.
    let run = ssa(
        &[
            "diff",
            "-n",
            "shop",
            "-f",
            "release/templates/frontend.yaml",
            "--live",
            "live/shop.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("-      - image: nginx:1.25\n+      - image: nginx:1.27\n"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout
            .contains("+    kubectl.kubernetes.io/last-applied-configuration"),
        "{}",
        run.stdout
    );
    assert!(
        !run.stdout.contains("v1.ConfigMap.shop.frontend-config"),
        "unchanged: {}",
        run.stdout
    );
}

/// A refusal with several causes prints as kubectl's `MultilineError`
/// prints a 422: the kind and name on a line of their own, then one
/// cause a line. (The Service changes its cluster IP, which may not
/// change, and names an unknown type.)
#[test]
fn an_invalid_object_lists_its_causes_as_kubectl_does() {
    let run = ssa(
        &[
            "apply",
            "--server-side",
            "-f",
            "invalid/service.yaml",
            "--live",
            "invalid/live.yaml",
        ],
        None,
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "The Service \"dns\" is invalid: \n* spec.clusterIPs[0]: Invalid value: [\"10.96.0.53\"]: may not change once set\n* spec.type: Unsupported value: \"Internal\": supported values: \"ClusterIP\", \"ExternalName\", \"LoadBalancer\", \"NodePort\"\n"
    );
}
