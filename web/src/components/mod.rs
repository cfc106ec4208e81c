//! The page's parts, one component per file.

pub mod editor;
pub mod side_by_side;
pub mod step_view;
pub mod timeline;
pub mod toolbar;
