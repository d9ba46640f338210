//! Answers kept by version. A service that can tell "this is still version V" with one
//! cheap read (an address tree's version is one primary-key row) lets the edge keep the
//! answer's JSON as written: the edge sends the version it holds, and on `unchanged` sends
//! the kept JSON instead of reshaping thousands of rows again. The service stays the
//! authority on every request (it authorizes and reads the version), so a copy is never
//! served to a caller the service would refuse, nor after the data changed.

use std::sync::Arc;
use std::time::Duration;

use serde_json::value::RawValue;

/// A kept answer: its version and its JSON.
#[derive(Clone)]
pub struct Kept {
    pub version: i64,
    pub json: Arc<RawValue>,
}

/// The kept answers of one kind, by the id they belong to (a project), bounded by size.
pub struct VersionedJson {
    kept: moka::sync::Cache<i64, Kept>,
}

impl VersionedJson {
    /// At most `max_bytes` of JSON, each answer dropped after `idle` without a reader.
    pub fn new(max_bytes: u64, idle: Duration) -> Self {
        let kept = moka::sync::Cache::builder()
            .max_capacity(max_bytes)
            .weigher(|_, kept: &Kept| u32::try_from(kept.json.get().len()).unwrap_or(u32::MAX))
            .time_to_idle(idle)
            .build();
        Self { kept }
    }

    /// What is kept for `id`, if anything.
    pub fn get(&self, id: i64) -> Option<Kept> {
        self.kept.get(&id)
    }

    /// Keeps `value` as version `version` of `id`'s answer and gives back its JSON.
    pub fn keep<T: serde::Serialize>(&self, id: i64, version: i64, value: &T) -> serde_json::Result<Arc<RawValue>> {
        let json: Arc<RawValue> = Arc::from(serde_json::value::to_raw_value(value)?);
        self.kept.insert(id, Kept { version, json: json.clone() });
        Ok(json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_latest_version_of_each_id() {
        let trees = VersionedJson::new(1 << 20, Duration::from_secs(60));
        assert!(trees.get(1).is_none());
        trees.keep(1, 7, &serde_json::json!([{"id": 1}])).unwrap();
        trees.keep(2, 9, &serde_json::json!([])).unwrap();
        assert_eq!(trees.get(1).unwrap().version, 7);
        assert_eq!(trees.get(1).unwrap().json.get(), r#"[{"id":1}]"#);
        trees.keep(1, 8, &serde_json::json!([])).unwrap();
        assert_eq!(trees.get(1).unwrap().version, 8);
        assert_eq!(trees.get(2).unwrap().version, 9);
    }
}
