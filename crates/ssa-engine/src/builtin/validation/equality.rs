//! apimachinery `api/equality`: `Semantic.DeepEqual` of the internal
//! structs two JSON objects decode to, as a normal form of the JSON: what
//! it finds alike becomes the same value.

use crate::builtin::goencoding::quantity;
use crate::value::Value;

/// `value` with what `Semantic.DeepEqual` does not tell apart made alike:
/// `null`, an empty list and an unset field (nil and empty slices are
/// equal), an empty map where `empty_map_is_unset(key)` (a Go map, nil or
/// empty; a pointer to a struct, empty or nil, differs), and the
/// quantities of resource lists, compared by value (in their canonical
/// form).
pub(super) fn semantic(value: Value, empty_map_is_unset: fn(&str) -> bool) -> Value {
    match value {
        Value::Map(map) => {
            let mut out = crate::value::Map::new();
            for (k, v) in map {
                let mut v = semantic(v, empty_map_is_unset);
                if matches!(k.as_str(), "requests" | "limits")
                    && let Some(list) = v.as_map_mut()
                {
                    for (_, q) in list.iter_mut() {
                        if let Some(c) = q.as_str().and_then(quantity::canonical) {
                            *q = Value::String(c);
                        }
                    }
                }
                let unset = match &v {
                    Value::Null => true,
                    Value::List(l) => l.is_empty(),
                    Value::Map(m) => m.is_empty() && empty_map_is_unset(&k),
                    _ => false,
                };
                if !unset {
                    out.insert(k, v);
                }
            }
            Value::Map(out)
        }
        Value::List(items) => Value::List(
            items
                .into_iter()
                .map(|v| semantic(v, empty_map_is_unset))
                .collect(),
        ),
        other => other,
    }
}
