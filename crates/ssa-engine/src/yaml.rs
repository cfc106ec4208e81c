//! YAML reading (to be written): YAML 1.1 as kubectl reads it, with the
//! line and column of every node.
