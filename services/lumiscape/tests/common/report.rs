//! The security suite's check recorder. Every assertion of the `security` and `devices`
//! test binaries goes through [`check`], which appends one JSON line
//! `{"group":..,"check":..,"held":..}` to the file named by `LUMISCAPE_TEST_SECURITY_REPORT`
//! (when set) and then asserts as usual, so a check that does not hold fails its test too.
//! `scripts/test security` sums the lines into `security: <N> checks, <M> held`; a
//! measured figure is a line `{"figure":..}` it prints as it is.

use std::io::Write;

/// The variable naming the report file. `LUMISCAPE_TEST_`, because the test clusters'
/// processes inherit the environment and `lumiscape` refuses any other `LUMISCAPE_*` it
/// does not know (`common::config`).
pub const REPORT_ENV: &str = "LUMISCAPE_TEST_SECURITY_REPORT";

/// Records one check, then panics (failing the test) when it did not hold.
#[track_caller]
pub fn check(group: &str, name: &str, held: bool) {
    record(group, name, held);
    assert!(held, "security check failed: [{group}] {name}");
}

/// Prints a measured figure (`security figure: ...`) and keeps it in the report, where
/// `scripts/test` finds it (nextest shows no output of a passing test).
pub fn figure(text: &str) {
    println!("security figure: {text}");
    append(serde_json::json!({ "figure": text }));
}

/// Appends the check's line to the report, when there is one. One `write` of a whole line
/// on a file opened with `O_APPEND`: test processes running side by side never interleave.
pub fn record(group: &str, name: &str, held: bool) {
    append(serde_json::json!({ "group": group, "check": name, "held": held }));
}

fn append(value: serde_json::Value) {
    let Some(path) = std::env::var_os(REPORT_ENV) else { return };
    let mut line = value.to_string();
    line.push('\n');
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&path).expect("the report opens");
    file.write_all(line.as_bytes()).expect("the report is written");
}
