//! The compile-time query data (`.sqlx/`) still describes its queries against the schema the
//! migrations make. Builds read it with `SQLX_OFFLINE`: a query whose text changed has no file
//! and fails to build, but a migration that changes a column's type or nullability leaves the
//! file in place, and the code would decode what the database no longer sends. Each file's
//! query is described again here, by the same sqlx call the `query!` macros make, on a freshly
//! migrated database, and the description must equal the stored one.
//!
//! This is the check `cargo sqlx prepare --check` made, without its cost: that re-expanded
//! every crate of the workspace (270 s in CI, beside the browser tests) and needed sqlx-cli
//! built first. `cargo sqlx prepare --workspace -- --all-targets` still writes the files.

mod common;

use std::path::Path;

use serde_json::Value;
use sqlx::{Connection, Executor, PgConnection};

#[tokio::test]
async fn the_offline_query_data_describes_each_query_as_the_migrated_schema_does() {
    let (_, url) = common::fresh_database().await;
    let mut conn = PgConnection::connect(&url).await.unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../.sqlx");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| panic!("{}: {err}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    assert!(files.len() > 100, "only {} query files in {}", files.len(), dir.display());

    let mut differ = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let stored: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
        let query = stored["query"].as_str().unwrap_or_else(|| panic!("{name}: no query"));
        match (&mut conn).describe(query).await {
            Ok(described) => {
                let now = serde_json::to_value(&described).unwrap();
                if now != stored["describe"] {
                    differ.push(format!("{name}: stored {}\n  now {now}", stored["describe"]));
                }
            }
            Err(err) => differ.push(format!("{name}: the query no longer prepares: {err}")),
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {} query files no longer describe their query; run \
         `cargo sqlx prepare --workspace -- --all-targets` (docs/new-module.md):\n{}",
        differ.len(),
        files.len(),
        differ.join("\n")
    );
}
