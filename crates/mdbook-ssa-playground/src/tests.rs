use super::*;

const CHAPTER: &str = "# Conflicts\n\nText.\n\n```ssa-playground step=2 view=changes\nscenario: v1\nsteps:\n- manager: a\n\n  op: apply\n```\n\nMore text.\n";

#[test]
fn a_block_becomes_an_element_with_its_script_once() {
    let out = rewrite_chapter(CHAPTER, "guide/conflicts.md", "ssa/")
        .unwrap()
        .unwrap();
    assert!(out.starts_with("# Conflicts\n\nText.\n\n<script type=\"module\" src=\"../ssa/ssa-playground.js\"></script>\n\n"));
    assert!(out.contains(
        "<ssa-playground step=\"2\" view=\"changes\" scenario=\"scenario: v1&#10;steps:&#10;- manager: a&#10;&#10;  op: apply&#10;\"></ssa-playground>\n\n\nMore text.\n"
    ), "{out}");
    let twice = format!("{CHAPTER}\n{CHAPTER}");
    let out = rewrite_chapter(&twice, "c.md", "ssa/").unwrap().unwrap();
    assert_eq!(out.matches("<script").count(), 1, "one script per chapter");
    assert_eq!(out.matches("<ssa-playground ").count(), 2);
}

#[test]
fn a_chapter_without_embeds_is_left_alone() {
    assert_eq!(
        rewrite_chapter("# Title\n```yaml\na: 1\n```\n", "a.md", "ssa/"),
        Ok(None)
    );
}

#[test]
fn a_block_inside_another_fence_is_an_example_not_an_embed() {
    let text = "````markdown\n```ssa-playground\nscenario: v1\n```\n````\n";
    assert_eq!(rewrite_chapter(text, "a.md", "ssa/"), Ok(None));
}

#[test]
fn a_file_next_to_the_chapter() {
    let out = rewrite_chapter(
        "```ssa-playground src=conflict.yaml step=3\n```\n",
        "a.md",
        "ssa/",
    )
    .unwrap()
    .unwrap();
    assert!(
        out.contains("<ssa-playground src=\"conflict.yaml\" step=\"3\"></ssa-playground>"),
        "{out}"
    );
}

#[test]
fn where_the_playground_is() {
    assert_eq!(playground_url("intro.md", "ssa/"), "ssa/");
    assert_eq!(playground_url("a/b/c.md", "tools/ssa"), "../../tools/ssa/");
    assert_eq!(playground_url("a/b.md", "/ssa/"), "/ssa/");
    assert_eq!(
        playground_url("a/b.md", "https://x.example/ssa"),
        "https://x.example/ssa/"
    );
}

#[test]
fn options_are_checked_and_quoted_values_kept() {
    assert_eq!(
        parse_options(" title=\"Two managers\" readonly step=1"),
        Ok(vec![
            ("title".into(), "Two managers".into()),
            ("readonly".into(), "1".into()),
            ("step".into(), "1".into())
        ])
    );
    assert!(
        parse_options("stpe=2")
            .unwrap_err()
            .contains("unknown option \"stpe\"")
    );
    assert!(
        parse_options("title=\"open")
            .unwrap_err()
            .contains("no closing quote")
    );
}

#[test]
fn mistakes_name_the_chapter_and_line() {
    assert_eq!(
        rewrite_chapter("a\n```ssa-playground\nscenario: v1\n", "x/y.md", "ssa/"),
        Err("x/y.md:2: the ssa-playground block is not closed: no line ``` ends it".into())
    );
    assert!(
        rewrite_chapter("```ssa-playground step=1\n```\n", "y.md", "ssa/")
            .unwrap_err()
            .starts_with("y.md:1: the ssa-playground block has no scenario")
    );
}

#[test]
fn attributes_cannot_break_out() {
    let out = element(
        &[("title".into(), "a\" onload=\"x".into())],
        "k: \"<b>&\"\n",
    );
    assert_eq!(
        out,
        "<ssa-playground title=\"a&quot; onload=&quot;x\" scenario=\"k: &quot;&lt;b&gt;&amp;&quot;&#10;\"></ssa-playground>"
    );
}

#[test]
fn the_whole_book_is_walked() {
    let input = serde_json::json!([
        {"root": "/b", "config": {"preprocessor": {"ssa-playground": {"playground": "/tools/ssa/"}}}, "renderer": "html", "mdbook_version": "0.5.4"},
        {"items": [
            {"Chapter": {"name": "A", "content": CHAPTER, "path": "a.md", "sub_items": [
                {"Chapter": {"name": "B", "content": CHAPTER, "path": "a/b.md", "sub_items": []}}
            ]}},
            "Separator"
        ]}
    ]);
    let out: Value = serde_json::from_str(&run(&input.to_string()).unwrap()).unwrap();
    let a = out
        .pointer("/items/0/Chapter/content")
        .and_then(Value::as_str)
        .unwrap();
    let b = out
        .pointer("/items/0/Chapter/sub_items/0/Chapter/content")
        .and_then(Value::as_str)
        .unwrap();
    for content in [a, b] {
        assert!(
            content.contains("src=\"/tools/ssa/ssa-playground.js\""),
            "{content}"
        );
        assert!(content.contains("<ssa-playground step=\"2\""));
    }
    assert_eq!(
        out.pointer("/items/1"),
        Some(&Value::String("Separator".into()))
    );
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    assert!(run("not json").unwrap_err().contains("not JSON"));
    assert!(run("[1]").unwrap_err().contains("[context, book]"));
    assert!(run("{}").unwrap_err().contains("[context, book]"));
}
