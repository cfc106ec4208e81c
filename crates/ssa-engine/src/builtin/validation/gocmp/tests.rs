//! Outputs worked out from go-cmp v0.7's source (the regular-space
//! variant); the PVC ones match messages quoted from real clusters.

#![allow(clippy::unwrap_used)]

use super::*;

fn t(fields: Vec<(&'static str, GoValue)>) -> GoValue {
    struct_of("main.T", fields)
}

fn int(i: i64) -> GoValue {
    GoValue::new("int", Kind::Int(i))
}

fn s(x: &str) -> GoValue {
    GoValue::str("string", x)
}

fn strings(items: &[&str]) -> GoValue {
    GoValue::new(
        "[]string",
        Kind::Slice(Some(items.iter().map(|x| s(x)).collect())),
    )
}

#[test]
fn equal_values_have_no_diff() {
    let a = t(vec![("A", int(1)), ("Q", GoValue::quantity(Some("1Gi")))]);
    let b = t(vec![
        ("A", int(1)),
        ("Q", GoValue::quantity(Some("1024Mi"))),
    ]);
    assert_eq!(diff(&a, &b), "");
}

#[test]
fn one_field_of_a_short_struct() {
    let a = t(vec![("A", int(1)), ("B", s("x"))]);
    let b = t(vec![("A", int(1)), ("B", s("y"))]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{\n  \tA: 1,\n- \tB: \"x\",\n+ \tB: \"y\",\n  }\n"
    );
}

/// Two equal records either side of a difference; the rest counted.
#[test]
fn changes_at_both_ends() {
    let make = |first: i64, last: i64| {
        let names = ["F0", "F1", "F2", "F3", "F4", "F5", "F6", "F7"];
        let values = [first, 2, 3, 4, 5, 6, 7, last];
        t(names.into_iter().zip(values.map(int)).collect())
    };
    assert_eq!(
        diff(&make(1, 8), &make(10, 80)),
        "  main.T{
- \tF0: 1,
+ \tF0: 10,
  \tF1: 2,
  \tF2: 3,
  \t... // 2 identical fields
  \tF5: 6,
  \tF6: 7,
- \tF7: 8,
+ \tF7: 80,
  }
"
    );
}

#[test]
fn a_pointer_set() {
    let a = t(vec![("P", GoValue::new("*string", Kind::Ptr(None)))]);
    let b = t(vec![(
        "P",
        GoValue::new("*string", Kind::Ptr(Some(Box::new(s("a"))))),
    )]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{\n- \tP: nil,\n+ \tP: &\"a\",\n  }\n"
    );
}

#[test]
fn a_slice_element_changed() {
    let a = t(vec![("S", strings(&["a", "b", "c"]))]);
    let b = t(vec![("S", strings(&["a", "x", "c"]))]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{\n  \tS: []string{\n  \t\t\"a\",\n- \t\t\"b\",\n+ \t\t\"x\",\n  \t\t\"c\",\n  \t},\n  }\n"
    );
    // A one-element slice is a leaf's parent: removed and inserted whole.
    let a = t(vec![("S", strings(&["ReadWriteOnce"]))]);
    let b = t(vec![("S", strings(&["ReadWriteMany"]))]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{\n- \tS: []string{\"ReadWriteOnce\"},\n+ \tS: []string{\"ReadWriteMany\"},\n  }\n"
    );
}

#[test]
fn a_map_value_changed() {
    let map = |b: &str| {
        GoValue::map(
            "map[string]string",
            Some(vec![(s("b"), s(b)), (s("a"), s("1"))]),
        )
    };
    assert_eq!(
        diff(&t(vec![("M", map("2"))]), &t(vec![("M", map("3"))])),
        "  main.T{\n  \tM: map[string]string{\n  \t\t\"a\": \"1\",\n- \t\t\"b\": \"2\",\n+ \t\t\"b\": \"3\",\n  \t},\n  }\n"
    );
}

#[test]
fn a_quantity_changed() {
    let a = t(vec![("Q", GoValue::quantity(Some("1Gi")))]);
    let b = t(vec![("Q", GoValue::quantity(Some("2Gi")))]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{
- \tQ: resource.Quantity{i: resource.int64Amount{value: 1073741824}, s: \"1Gi\", Format: \"BinarySI\"},
+ \tQ: resource.Quantity{i: resource.int64Amount{value: 2147483648}, s: \"2Gi\", Format: \"BinarySI\"},
  }
"
    );
    // Not canonical for ParseQuantity (512 is a multiple of 8): no `s`;
    // a decimal amount with its scale; an inf.Dec amount.
    let a = t(vec![("Q", GoValue::quantity(Some("512Mi")))]);
    let b = t(vec![("Q", GoValue::quantity(Some("1G")))]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{
- \tQ: resource.Quantity{i: resource.int64Amount{value: 536870912}, Format: \"BinarySI\"},
+ \tQ: resource.Quantity{i: resource.int64Amount{value: 1, scale: 9}, s: \"1G\", Format: \"DecimalSI\"},
  }
"
    );
    let b = t(vec![("Q", GoValue::quantity(Some("100Ti")))]);
    assert!(diff(&a, &b).contains(
        "+ \tQ: resource.Quantity{d: s\"109951162777600.000000000\", Format: \"BinarySI\"},\n"
    ));
}

/// An identical record prints four fields, then `...`.
#[test]
fn identical_records_are_cut() {
    let inner = || {
        struct_of(
            "main.U",
            vec![
                ("A", int(1)),
                ("B", int(2)),
                ("C", int(3)),
                ("D", int(4)),
                ("E", int(5)),
            ],
        )
    };
    let a = t(vec![("U", inner()), ("X", int(1))]);
    let b = t(vec![("U", inner()), ("X", int(2))]);
    assert_eq!(
        diff(&a, &b),
        "  main.T{\n  \tU: {A: 1, B: 2, C: 3, D: 4, ...},\n- \tX: 1,\n+ \tX: 2,\n  }\n"
    );
}

/// A long string is cut at the verbosity's length (64 bytes in an
/// identical record).
#[test]
fn long_strings_are_cut() {
    let long = "a".repeat(70);
    let a = t(vec![("L", s(&long)), ("X", int(1))]);
    let b = t(vec![("L", s(&long)), ("X", int(2))]);
    assert_eq!(
        diff(&a, &b),
        format!(
            "  main.T{{\n  \tL: \"{}\"...,\n- \tX: 1,\n+ \tX: 2,\n  }}\n",
            "a".repeat(64)
        )
    );
}

#[test]
fn stats_are_told_in_english() {
    let st = |name, same, removed, inserted| Stats {
        same,
        removed,
        inserted,
        ..Stats::new(name)
    };
    assert_eq!(st("entry", 3, 0, 0).text(), "3 identical entries");
    assert_eq!(st("line", 0, 1, 2).text(), "1 removed and 2 inserted lines");
    assert_eq!(
        st("byte", 1, 2, 3).text(),
        "1 identical, 2 removed, and 3 inserted bytes"
    );
    assert_eq!(st("field", 1, 0, 0).text(), "1 identical field");
}

#[test]
fn edit_scripts() {
    let script = |x: &str, y: &str| {
        let (x, y) = (x.as_bytes(), y.as_bytes());
        let es = difference(x.len(), y.len(), &mut |i, j| {
            if x[i] == y[j] { (1, 0) } else { (0, 1) }
        });
        es.iter()
            .map(|e| match e {
                Edit::Identity => '.',
                Edit::UniqueX => 'X',
                Edit::UniqueY => 'Y',
                Edit::Modified => 'M',
            })
            .collect::<String>()
    };
    assert_eq!(script("abc", "axc"), ".M.");
    assert_eq!(script("abc", "abxc"), "..Y.");
    assert_eq!(script("abcd", "ad"), ".XX.");
    assert_eq!(script("", "ab"), "YY");
}
