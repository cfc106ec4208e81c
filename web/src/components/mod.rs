//! The page's parts, one component per file.

pub mod code_editor;
pub mod editor;
pub mod field_list;
pub mod lesson_step;
pub mod lessons_page;
pub mod live_editor;
pub mod object_view;
pub mod predict;
pub mod prose;
pub mod raw_managed_fields;
pub mod review_page;
pub mod scenario_description;
pub mod scenario_form;
pub mod schema_picker;
pub mod side_by_side;
pub mod spacer;
pub mod step_card;
pub mod step_list;
pub mod step_view;
pub mod timeline;
pub mod toolbar;
pub mod why_panel;
