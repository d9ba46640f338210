//! Backup (数据备份): the system data as a signed `.sql` file, made by hand or by the backup
//! job, stored for download, and restored only from a file this deployment signed.

pub mod grpc;
pub mod model;
pub mod store;
