//! The command line: subcommands and flags, with kubectl's names, meanings
//! and defaults where kubectl has the same flag.

use clap::{Args, Parser, Subcommand, ValueEnum};
use clap_complete::Shell;

#[derive(Debug, Parser)]
#[command(
    name = "ssa",
    version,
    about = "Kubernetes Server-Side Apply without a cluster",
    long_about = "Kubernetes Server-Side Apply without a cluster: run scenarios, and review what \
`kubectl apply` (server-side or client-side) would do to the objects of a cluster export: \
conflicts with the API server's message, pruned fields, ownership that moves, the objects after.",
    arg_required_else_help = true,
    after_help = "Examples:\n  \
kubectl get deploy,cm,svc -n shop -o yaml --show-managed-fields > live.yaml\n  \
ssa apply --server-side -f manifests/ -R --live live.yaml\n  \
helm template shop ./chart | ssa diff --server-side -f - --live live.yaml"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a scenario file and print its result document
    #[command(after_help = EXIT_RUN)]
    Run(RunArgs),
    /// Review what `kubectl apply` would do to the objects of a cluster export
    #[command(after_help = EXIT_APPLY)]
    Apply(ApplyArgs),
    /// Print what `kubectl diff` would print against a cluster export
    #[command(after_help = EXIT_DIFF)]
    Diff(DiffArgs),
    /// Show who owns each field of exported objects (from their managedFields)
    #[command(after_help = EXIT_BLAME)]
    Blame(BlameArgs),
    /// Print a shell completion script (source it from your shell's startup file)
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
}

const EXIT_RUN: &str = "Exit status:\n  0  every scenario ran (and, with --check, matched)\n  1  a result or expectation differs\n  2  an input is unusable (message on stderr with file, line and column)";
const EXIT_APPLY: &str = "Exit status:\n  0  every object was applied or unchanged\n  1  at least one object was refused (conflict, invalid, no schema)\n  2  bad input: a document that cannot be read, a manifest without a name, two manifests for one object (the other objects are still reviewed)";
const EXIT_DIFF: &str = "Exit status (as kubectl diff):\n  0   no differences\n  1   differences\n  >1  an error: bad input, or an object the server would refuse (a conflict without --force-conflicts)";
const EXIT_BLAME: &str = "Exit status:\n  0  every object was read\n  2  an input is unusable (file, line and column on stderr)";

#[derive(Debug, Args)]
pub struct RunArgs {
    /// Scenario files (`-` reads standard input); several only with --check
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Compare each FILE with its NAME.result.json and its expect blocks
    #[arg(long)]
    pub check: bool,
    /// Output format
    #[arg(short, long, value_enum, default_value_t = RunFormat::Json)]
    pub output: RunFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RunFormat {
    Json,
    Yaml,
    Text,
}

/// What is applied, to what, and how: the flags `ssa apply` and `ssa diff`
/// share.
#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// Files, directories or `-` (standard input) that contain the configurations to apply (YAML or JSON, several documents, Lists)
    #[arg(
        short = 'f',
        long = "filename",
        required = true,
        value_delimiter = ',',
        value_name = "PATH"
    )]
    pub filenames: Vec<String>,
    /// Process the directory used in -f, --filename recursively
    #[arg(short = 'R', long)]
    pub recursive: bool,
    /// What the cluster holds: `kubectl get -o yaml --show-managed-fields` output (files, directories or `-`); objects are matched by group, kind, namespace and name, a manifest without a match is a create
    #[arg(long, value_delimiter = ',', value_name = "PATH")]
    pub live: Vec<String>,
    /// The namespace of manifests that name none (kubectl: the context's namespace, `default`); a manifest naming another namespace is refused
    #[arg(short = 'n', long)]
    pub namespace: Option<String>,
    /// If true, apply runs in the server instead of the client
    #[arg(long)]
    pub server_side: bool,
    /// Name of the manager used to track field ownership [default: kubectl-client-side-apply, or kubectl with --server-side]
    #[arg(long, value_name = "NAME")]
    pub field_manager: Option<String>,
    /// If true, server-side apply will force the changes against conflicts
    #[arg(long)]
    pub force_conflicts: bool,
    /// CustomResourceDefinitions or OpenAPI documents for custom resources (CRDs among -f and --live are used too)
    #[arg(long = "schema", value_name = "FILE")]
    pub schemas: Vec<String>,
    /// Merge custom resources that have no schema with the deduced one (maps granular, lists atomic) instead of refusing them
    #[arg(long)]
    pub deduced_schema: bool,
}

#[derive(Debug, Args)]
pub struct ApplyArgs {
    #[command(flatten)]
    pub review: ReviewArgs,
    /// If specified, apply will operate on the subresource of the requested object. Only allowed when using --server-side.
    #[arg(long, value_parser = ["status", "scale"])]
    pub subresource: Option<String>,
    /// Output format: the objects after the apply (yaml, json: several as a List, as kubectl), or a Markdown report for a pull request comment
    #[arg(short, long, value_enum)]
    pub output: Option<ApplyFormat>,
    /// Print, for each object, a playground link that replays its apply
    #[arg(long)]
    pub share: bool,
    /// The playground's address for --share
    #[arg(long, value_name = "URL", default_value = "http://127.0.0.1:8080/")]
    pub playground_url: String,
    /// Also list the live objects no manifest names (an apply leaves them alone)
    #[arg(long)]
    pub show_untouched: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ApplyFormat {
    Yaml,
    Json,
    Markdown,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    #[command(flatten)]
    pub review: ReviewArgs,
    /// If true, include managed fields in the diff
    #[arg(long)]
    pub show_managed_fields: bool,
    /// If true, do not mask secret values in the diff
    #[arg(long)]
    pub show_secrets: bool,
}

#[derive(Debug, Args)]
pub struct BlameArgs {
    /// Exported objects (`kubectl get -o yaml --show-managed-fields`; `-` reads standard input)
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// CustomResourceDefinitions or OpenAPI documents for custom resources
    #[arg(long = "schema", value_name = "FILE")]
    pub schemas: Vec<String>,
}
