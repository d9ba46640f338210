//! A project's files (issue 11, docs/files.md): uploads checked by content and stored
//! through the object store, and the file management screen (list, edit, audit, delete).

pub mod grpc;
pub mod model;
pub mod storage;
pub mod store;
