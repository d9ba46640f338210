//! Where file bytes go: one `object_store` for the whole service, the directory the edge
//! serves (`http.files_dir`) by default or an S3-compatible bucket (`files.store = "s3"`).
//! An object's key is also its path below the file-server base path, made of the upload's
//! date and a UUID, never of the uploader's file name.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use lumiscape_common::config::Config;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, WriteMultipart};
use uuid::Uuid;

/// Bytes sent to the store in one part (S3's smallest part is 5 MiB).
const PART_BYTES: usize = 5 * 1024 * 1024;
/// Parts uploading at once; more wait, so an upload holds at most this many in memory.
const PARTS_IN_FLIGHT: usize = 2;

/// The configured store; `None` when local storage has no directory (`http.files_dir`
/// unset): uploads are then refused.
pub fn open(cfg: &Config) -> anyhow::Result<Option<Arc<dyn ObjectStore>>> {
    if cfg.files.store == "s3" {
        let s3 = &cfg.files.s3;
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(&s3.bucket).with_allow_http(s3.allow_http);
        if !s3.region.is_empty() {
            builder = builder.with_region(&s3.region);
        }
        if !s3.endpoint.is_empty() {
            builder = builder.with_endpoint(&s3.endpoint);
        }
        if let (Some(id), Some(secret)) = (&s3.access_key_id, &s3.secret_access_key) {
            builder = builder.with_access_key_id(id).with_secret_access_key(secret);
        }
        return Ok(Some(Arc::new(builder.build()?)));
    }
    let Some(dir) = &cfg.http.files_dir else {
        tracing::warn!("http.files_dir is not set: uploads are refused");
        return Ok(None);
    };
    std::fs::create_dir_all(dir)?;
    Ok(Some(Arc::new(LocalFileSystem::new_with_prefix(dir)?)))
}

/// A new object's key: `upload/2026/11/24/<uuid>.<extension>`.
pub fn new_key(now: DateTime<Utc>, extension: &str) -> String {
    format!("upload/{}/{}.{extension}", now.format("%Y/%m/%d"), Uuid::new_v4())
}

/// The stored path the console shows (`/upload/...`) of a key, and back.
pub fn path_of(key: &str) -> String {
    format!("/{key}")
}

pub fn key_of(path: &str) -> ObjectPath {
    ObjectPath::from(path.trim_start_matches('/'))
}

/// An object being written in parts; nothing is visible under its key until
/// [`Writer::finish`], and [`Writer::abort`] leaves nothing behind.
pub struct Writer {
    upload: WriteMultipart,
}

impl Writer {
    pub async fn begin(store: &Arc<dyn ObjectStore>, key: &str) -> object_store::Result<Self> {
        let upload = store.put_multipart(&ObjectPath::from(key)).await?;
        Ok(Self { upload: WriteMultipart::new_with_chunk_size(upload, PART_BYTES) })
    }

    pub async fn write(&mut self, bytes: &[u8]) -> object_store::Result<()> {
        self.upload.wait_for_capacity(PARTS_IN_FLIGHT).await?;
        self.upload.write(bytes);
        Ok(())
    }

    pub async fn finish(self) -> object_store::Result<()> {
        self.upload.finish().await.map(|_| ())
    }

    pub async fn abort(self) {
        if let Err(err) = self.upload.abort().await {
            tracing::warn!(error = %err, "an unfinished upload could not be cleaned up");
        }
    }
}

/// Deletes an object; one already gone is fine.
pub async fn delete(store: &Arc<dyn ObjectStore>, path: &str) -> object_store::Result<()> {
    match store.delete(&key_of(path)).await {
        Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
        Err(err) => Err(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_dated_uuids_and_paths_map_back() {
        let now = DateTime::parse_from_rfc3339("2026-11-24T20:00:00Z").unwrap().with_timezone(&Utc);
        let key = new_key(now, "png");
        assert!(key.starts_with("upload/2026/11/24/") && key.ends_with(".png"), "{key}");
        assert_eq!(key.len(), "upload/2026/11/24/".len() + 36 + 4);
        assert_ne!(new_key(now, "png"), key, "unguessable: a new UUID each time");
        assert_eq!(key_of(&path_of(&key)).as_ref(), key);
    }

    #[tokio::test]
    async fn an_aborted_upload_leaves_nothing_and_a_finished_one_is_whole() {
        let dir = std::env::temp_dir().join(format!("lumiscape-files-{}", Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let store: Arc<dyn ObjectStore> = Arc::new(LocalFileSystem::new_with_prefix(&dir).unwrap());
        let mut aborted = Writer::begin(&store, "upload/a.bin").await.unwrap();
        aborted.write(b"half").await.unwrap();
        aborted.abort().await;
        let mut writer = Writer::begin(&store, "upload/b.bin").await.unwrap();
        writer.write(b"hello ").await.unwrap();
        writer.write(b"world").await.unwrap();
        writer.finish().await.unwrap();
        let mut names: Vec<String> = walk(&dir);
        names.sort();
        assert_eq!(names, ["upload/b.bin"]);
        assert_eq!(std::fs::read(dir.join("upload/b.bin")).unwrap(), b"hello world");
        delete(&store, "/upload/b.bin").await.unwrap();
        delete(&store, "/upload/b.bin").await.unwrap();
        assert!(walk(&dir).is_empty());
        std::fs::remove_dir_all(&dir).ok();
    }

    fn walk(dir: &std::path::Path) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    out.push(path.strip_prefix(dir).unwrap().display().to_string());
                }
            }
        }
        out
    }
}
