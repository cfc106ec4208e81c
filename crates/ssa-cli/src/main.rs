//! `ssa`: runs Server-Side Apply scenarios from the command line (to be written).
fn main() {}
