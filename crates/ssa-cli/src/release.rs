//! Large reviews made from the real-shaped fixtures of `tests/review`:
//! the export's objects and the release's manifests copied under numbered
//! names, for the benchmark and the speed test (a 200-object release, a
//! 10,000-object export).

use ssa_engine::review::{Source, read_objects};
use ssa_engine::value::{Map, Value};

/// A generated export and release.
#[derive(Debug)]
pub struct Generated {
    pub export: String,
    pub manifests: String,
    /// How many manifests the release holds.
    pub objects: usize,
}

/// `copies` numbered copies of every object of `export` and of `release`
/// (the fixture texts); CRDs are kept once, as a cluster serves a kind
/// once.
pub fn generate(export: &str, release: &str, copies: usize) -> Generated {
    let read = |name: &str, text: &str| {
        read_objects(&Source { name, text })
            .0
            .into_iter()
            .map(|doc| doc.value)
            .collect::<Vec<_>>()
    };
    let live = read("export", export);
    let manifests = read("release", release);
    let mut export_text = String::new();
    let mut items = Vec::new();
    let mut release_docs = String::new();
    let mut objects = 0;
    for copy in 0..copies {
        items.extend(live.iter().filter_map(|object| numbered(object, copy)));
        for object in manifests.iter().filter_map(|object| numbered(object, copy)) {
            release_docs.push_str("---\n");
            release_docs.push_str(&ssa_engine::yaml::to_yaml_string(&object));
            objects += 1;
        }
        // One List per COPIES_PER_LIST copies, as one `kubectl get` per
        // namespace would give (a single document may not exceed the
        // reader's 16 MiB).
        if (copy + 1) % COPIES_PER_LIST == 0 || copy + 1 == copies {
            export_text.push_str("---\n");
            export_text.push_str(&list_text(std::mem::take(&mut items)));
        }
    }
    Generated {
        export: export_text,
        manifests: release_docs,
        objects,
    }
}

/// Copies of the fixtures per List of the export.
const COPIES_PER_LIST: usize = 25;

fn list_text(items: Vec<Value>) -> String {
    let mut list = Map::new();
    list.insert("apiVersion", Value::String("v1".into()));
    list.insert("items", Value::List(items));
    list.insert("kind", Value::String("List".into()));
    ssa_engine::yaml::to_yaml_string(&Value::Map(list))
}

/// The object named `NAME-COPY`; a CRD only in copy 0.
fn numbered(object: &Value, copy: usize) -> Option<Value> {
    let kind = object.get("kind").and_then(Value::as_str);
    if kind == Some("CustomResourceDefinition") {
        return (copy == 0).then(|| object.clone());
    }
    let mut object = object.clone();
    let meta = object.child_map_mut("metadata")?;
    let name = meta.get("name").and_then(Value::as_str)?.to_string();
    meta.insert("name", Value::String(format!("{name}-{copy}")));
    Some(object)
}
