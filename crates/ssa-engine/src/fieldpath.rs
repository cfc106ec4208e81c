//! Field paths and sets (to be written).
