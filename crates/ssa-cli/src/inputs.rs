//! Reading `-f` and `--live` paths as kubectl's resource builder reads
//! them: a file by its name whatever its extension, a directory's
//! `.json`, `.yaml` and `.yml` files in lexical order (its
//! subdirectories too with `-R`), and `-` for standard input (once).

use std::io::Read;
use std::path::Path;

/// kubectl's `resource.FileExtensions`.
const EXTENSIONS: [&str; 3] = ["json", "yaml", "yml"];

/// A file's name (as given, or found in a directory) and its text.
#[derive(Debug)]
pub struct InputFile {
    pub name: String,
    pub text: String,
}

/// Reads every path; `stdin_used` guards against `-` read twice.
pub fn read_paths(
    paths: &[String],
    recursive: bool,
    stdin_used: &mut bool,
) -> Result<Vec<InputFile>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path == "-" {
            if *stdin_used {
                return Err("standard input (-) can be read only once".into());
            }
            *stdin_used = true;
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("-: {e}"))?;
            files.push(InputFile {
                name: "-".into(),
                text,
            });
            continue;
        }
        let p = Path::new(path);
        if !p.exists() {
            // kubectl's words.
            return Err(format!("the path {path:?} does not exist"));
        }
        if p.is_dir() {
            walk(p, recursive, &mut files)?;
        } else {
            files.push(read_file(p)?);
        }
    }
    Ok(files)
}

fn walk(dir: &Path, recursive: bool, files: &mut Vec<InputFile>) -> Result<(), String> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    // filepath.Walk visits names in lexical order.
    entries.sort();
    for entry in entries {
        if entry.is_dir() {
            if recursive {
                walk(&entry, recursive, files)?;
            }
        } else if entry
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
        {
            files.push(read_file(&entry)?);
        }
    }
    Ok(())
}

fn read_file(path: &Path) -> Result<InputFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(InputFile {
        name: path.display().to_string(),
        text,
    })
}

/// The files as the engine's sources.
pub fn sources(files: &[InputFile]) -> Vec<ssa_engine::review::Source<'_>> {
    files
        .iter()
        .map(|f| ssa_engine::review::Source {
            name: &f.name,
            text: &f.text,
        })
        .collect()
}
