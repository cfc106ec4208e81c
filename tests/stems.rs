// Shared by build.rs (which generates a test per file) and the harness
// (which checks the lessons' index against the files): included in both.

/// The file stems with extension `.yaml` in `dir`, sorted.
pub fn yaml_stems(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.file_name().into_string().ok())
                .filter_map(|n| n.strip_suffix(".yaml").map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}
