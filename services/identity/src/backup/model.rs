//! The backup file: what it holds, how it is written and signed, and how an imported one is
//! checked. Pure: no I/O.
//!
//! A backup is a `.sql` file that psql could replay (pg_dump's `COPY ... FROM stdin` blocks),
//! but the import never runs it: it checks the signature over the whole file, then reads
//! each block's rows as data for a table of [`TABLES`], named and ordered by this code. What
//! the file says about tables and columns must be exactly what the code expects, or nothing
//! is restored.
//!
//! ```text
//! -- Lumiscape backup ...                       (comment lines)
//! -- manifest: {"format":"lumiscape-backup",...} (one line of JSON)
//! SET client_encoding = 'UTF8';
//!
//! COPY identity.depts (dept_id, ...) FROM stdin;
//! 100<TAB>0<TAB>0<TAB>总部 ...                  (COPY text rows, tab-separated)
//! \.
//! ...
//! -- signature: hmac-sha256:<64 hex digits>       (the last line: over every byte before it)
//! ```

use hmac::{Hmac, Mac};
use lumiscape_common::i18n::Msg;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The format's name and version in the manifest.
pub const FORMAT: &str = "lumiscape-backup";
pub const FORMAT_VERSION: u32 = 1;

const MANIFEST_PREFIX: &str = "-- manifest: ";
const SIGNATURE_PREFIX: &str = "-- signature: hmac-sha256:";
const ENCODING_LINE: &str = "SET client_encoding = 'UTF8';";
const END_OF_DATA: &str = "\\.";

/// One table a backup holds: its name, its columns in the file's order, and the statements
/// that read and write it. The statements are written here, never taken from a file.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    pub name: &'static str,
    pub columns: &'static [&'static str],
    /// `COPY (SELECT <columns> FROM <name> ORDER BY <key>) TO STDOUT`
    pub copy_out: &'static str,
    /// `COPY <name> (<columns>) FROM STDIN`
    pub copy_in: &'static str,
}

macro_rules! table {
    ($name:literal, [$($column:literal),+ $(,)?], order_by: $key:literal) => {
        Table {
            name: $name,
            columns: &[$($column),+],
            copy_out: concat!("COPY (SELECT ", table!(@list $($column),+), " FROM ", $name, " ORDER BY ", $key, ") TO STDOUT"),
            copy_in: concat!("COPY ", $name, " (", table!(@list $($column),+), ") FROM STDIN"),
        }
    };
    (@list $first:literal $(, $rest:literal)*) => { concat!($first $(, ", ", $rest)*) };
}

/// The system data a backup holds, parents before children: organization, menus, roles,
/// users and what hangs on them, parameters, dictionaries, jobs and feedback. Not held:
/// sessions, captchas and the login, operation and job logs (history, not settings), the
/// outbox and projection queue (in flight), other systems' one-time tokens, and the stored
/// backups themselves. `tests/system.rs` checks this list against the migrated schema.
pub const TABLES: &[Table] = &[
    table!("identity.depts", ["dept_id", "parent_id", "ancestors", "dept_name", "dept_code", "dept_type", "order_num",
        "leader", "phone", "email", "status", "created_at"], order_by: "dept_id"),
    table!("identity.menus", ["menu_id", "parent_id", "menu_name", "menu_name_en", "order_num", "path", "component",
        "query", "route_name", "is_frame", "is_cache", "menu_type", "visible", "status", "perms", "icon", "menu_module",
        "client", "created_at", "affix"], order_by: "menu_id"),
    table!("identity.roles", ["role_id", "role_name", "role_key", "role_sort", "data_scope", "status", "remark",
        "created_at", "menu_check_strictly", "dept_check_strictly"], order_by: "role_id"),
    table!("identity.users", ["user_id", "user_name", "nick_name", "email", "phonenumber", "sex", "avatar",
        "password_hash", "status", "deleted", "failed_attempts", "locked_until", "all_projects", "default_menu",
        "login_ip", "login_date", "remark", "created_at", "updated_at", "dept_id"], order_by: "user_id"),
    table!("identity.user_roles", ["user_id", "role_id"], order_by: "user_id, role_id"),
    table!("identity.role_menus", ["role_id", "menu_id"], order_by: "role_id, menu_id"),
    table!("identity.role_depts", ["role_id", "dept_id"], order_by: "role_id, dept_id"),
    table!("identity.user_projects", ["user_id", "project_id"], order_by: "user_id, project_id"),
    table!("identity.user_qualifications", ["user_id", "position", "code", "name"], order_by: "user_id, position"),
    table!("identity.configs", ["config_id", "config_name", "config_key", "config_value", "config_type", "is_public",
        "remark", "created_at", "updated_at"], order_by: "config_id"),
    table!("identity.dict_types", ["dict_id", "dict_name", "dict_name_en", "dict_type", "status", "remark", "builtin",
        "created_at"], order_by: "dict_id"),
    table!("identity.dict_data", ["dict_code", "dict_sort", "dict_label", "dict_label_en", "dict_value", "dict_type",
        "css_class", "list_class", "is_default", "status", "builtin", "remark", "created_at"], order_by: "dict_code"),
    table!("identity.jobs", ["job_id", "job_name", "job_group", "invoke_target", "cron_expression", "misfire_policy",
        "concurrent", "failure_strategy", "status", "remark", "next_fire_at", "running_since", "created_at"],
        order_by: "job_id"),
    table!("identity.advices", ["advice_id", "user_id", "user_name", "title", "content", "status", "reply",
        "replied_by", "replied_at", "created_at"], order_by: "advice_id"),
];

/// The tables of the identity schema a backup leaves out on purpose (see [`TABLES`]).
pub const NOT_HELD: &[&str] = &[
    "_sqlx_migrations",
    "backups",
    "captchas",
    "job_logs",
    "login_log",
    "oper_log",
    "other_system_tokens",
    "outbox",
    "outbox_next",
    "projection_queue",
    "sessions",
];

/// Whether an uploaded file's name is a `.sql` file's (spec section 5: "Backup import sql
/// only"), in any letter case.
pub fn is_sql_file(file_name: &str) -> bool {
    let name = file_name.trim();
    name.len() > 4 && name.to_ascii_lowercase().ends_with(".sql")
}

/// What the file says about itself, on its manifest line.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: String,
    pub format_version: u32,
    /// The newest migration of the schema the rows were read from.
    pub data_version: i64,
    pub created_at: String,
    pub created_by: String,
    pub tables: Vec<TableCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TableCount {
    pub table: String,
    pub rows: u64,
}

/// The rows of one table as read from the database: COPY text lines, each ending in `\n`.
pub struct Section<'a> {
    pub table: &'a Table,
    pub data: Vec<u8>,
}

/// The signing key of backups, derived from the deployment's secret: a backup made by
/// another deployment (another secret) is refused as foreign.
pub fn backup_key(signing_key: &str) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(signing_key.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(b"lumiscape backup v1");
    mac.finalize().into_bytes().into()
}

fn mac(key: &[u8; 32]) -> HmacSha256 {
    HmacSha256::new_from_slice(key).expect("HMAC takes a key of any length")
}

/// The rows of a COPY text block: one per line.
pub fn row_count(data: &[u8]) -> u64 {
    data.iter().filter(|&&b| b == b'\n').count() as u64
}

/// Writes a signed backup file of the sections (in [`TABLES`]' order).
pub fn encode(key: &[u8; 32], data_version: i64, created_at: &str, created_by: &str, sections: &[Section]) -> Vec<u8> {
    let manifest = Manifest {
        format: FORMAT.to_owned(),
        format_version: FORMAT_VERSION,
        data_version,
        created_at: created_at.to_owned(),
        created_by: created_by.to_owned(),
        tables: sections
            .iter()
            .map(|s| TableCount { table: s.table.name.to_owned(), rows: row_count(&s.data) })
            .collect(),
    };
    let mut out = Vec::with_capacity(sections.iter().map(|s| s.data.len() + 256).sum::<usize>() + 1024);
    out.extend_from_slice(b"-- Lumiscape backup: the system data of one installation (organization, menus, roles,\n");
    out.extend_from_slice(b"-- users, parameters, dictionaries, jobs, feedback), signed. Restore it on the Backup\n");
    out.extend_from_slice(b"-- screen; a changed file is refused there.\n");
    out.extend_from_slice(MANIFEST_PREFIX.as_bytes());
    out.extend_from_slice(serde_json::to_string(&manifest).expect("a manifest serializes").as_bytes());
    out.extend_from_slice(b"\n");
    out.extend_from_slice(ENCODING_LINE.as_bytes());
    out.extend_from_slice(b"\n");
    for section in sections {
        out.extend_from_slice(b"\n");
        out.extend_from_slice(section.table.copy_in.replace(" FROM STDIN", " FROM stdin;").as_bytes());
        out.extend_from_slice(b"\n");
        out.extend_from_slice(&section.data);
        out.extend_from_slice(END_OF_DATA.as_bytes());
        out.extend_from_slice(b"\n");
    }
    let mut signer = mac(key);
    signer.update(&out);
    let signature = hex::encode(signer.finalize().into_bytes());
    out.extend_from_slice(SIGNATURE_PREFIX.as_bytes());
    out.extend_from_slice(signature.as_bytes());
    out.extend_from_slice(b"\n");
    out
}

/// A checked backup: its manifest and, for every table of [`TABLES`] in order, the rows to
/// feed to that table's `copy_in`.
#[derive(Debug)]
pub struct Checked<'a> {
    pub manifest: Manifest,
    pub rows: Vec<(&'static Table, &'a [u8])>,
}

impl Checked<'_> {
    pub fn total_rows(&self) -> u64 {
        self.manifest.tables.iter().map(|t| t.rows).sum()
    }
}

/// Checks an imported file: the signature first (a foreign or changed file goes no
/// further), then the format, the data version and every block against [`TABLES`].
pub fn check<'a>(key: &[u8; 32], file: &'a [u8], data_version: i64) -> Result<Checked<'a>, Msg> {
    let body = verify(key, file)?;
    let mut lines = Lines { rest: body };
    // The comment lines, then the manifest.
    let manifest = loop {
        let line = lines.next().ok_or(Msg::BackupDamaged)?;
        if let Some(json) = line.strip_prefix(MANIFEST_PREFIX.as_bytes()) {
            break serde_json::from_slice::<Manifest>(json).map_err(|_| Msg::BackupDamaged)?;
        }
        if !line.starts_with(b"--") {
            return Err(Msg::BackupDamaged);
        }
    };
    if manifest.format != FORMAT || manifest.format_version != FORMAT_VERSION {
        return Err(Msg::BackupDamaged);
    }
    if manifest.data_version != data_version {
        return Err(Msg::BackupVersionMismatch { file: manifest.data_version, current: data_version });
    }
    if manifest.tables.len() != TABLES.len() {
        return Err(Msg::BackupDamaged);
    }
    if lines.next() != Some(ENCODING_LINE.as_bytes()) {
        return Err(Msg::BackupDamaged);
    }
    let mut rows = Vec::with_capacity(TABLES.len());
    for (table, count) in TABLES.iter().zip(&manifest.tables) {
        if count.table != table.name || lines.next() != Some(b"".as_slice()) {
            return Err(Msg::BackupDamaged);
        }
        let header = table.copy_in.replace(" FROM STDIN", " FROM stdin;");
        if lines.next() != Some(header.as_bytes()) {
            return Err(Msg::BackupDamaged);
        }
        let (data, seen) = lines.until_end_of_data().ok_or(Msg::BackupDamaged)?;
        if seen != count.rows || !std::str::from_utf8(data).is_ok_and(|text| rows_fit(text, table.columns.len())) {
            return Err(Msg::BackupDamaged);
        }
        rows.push((table, data));
    }
    if lines.next().is_some() {
        return Err(Msg::BackupDamaged);
    }
    Ok(Checked { manifest, rows })
}

/// The file without its signature line, when the signature is this deployment's and covers
/// every byte before it.
fn verify<'a>(key: &[u8; 32], file: &'a [u8]) -> Result<&'a [u8], Msg> {
    let trimmed = file.strip_suffix(b"\n").unwrap_or(file);
    let start = trimmed.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let (body, last) = trimmed.split_at(start);
    let hex_signature = last.strip_prefix(SIGNATURE_PREFIX.as_bytes()).ok_or(Msg::BackupNotSigned)?;
    let signature = hex::decode(hex_signature).map_err(|_| Msg::BackupNotSigned)?;
    let mut verifier = mac(key);
    verifier.update(body);
    verifier.verify_slice(&signature).map_err(|_| Msg::BackupNotSigned)?;
    Ok(body)
}

/// Each row has exactly `columns` tab-separated fields (COPY text format escapes tabs and
/// newlines inside values, so a raw tab always separates).
fn rows_fit(text: &str, columns: usize) -> bool {
    text.lines().all(|line| line.split('\t').count() == columns)
}

struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Lines<'a> {
    fn next(&mut self) -> Option<&'a [u8]> {
        if self.rest.is_empty() {
            return None;
        }
        let end = self.rest.iter().position(|&b| b == b'\n');
        let (line, rest) = match end {
            Some(i) => (&self.rest[..i], &self.rest[i + 1..]),
            None => (self.rest, &self.rest[self.rest.len()..]),
        };
        self.rest = rest;
        Some(line)
    }

    /// The data lines up to the `\.` line (each with its `\n`), and how many there were.
    fn until_end_of_data(&mut self) -> Option<(&'a [u8], u64)> {
        let start = self.rest;
        let mut taken = 0;
        let mut count = 0;
        loop {
            let line = self.next()?;
            if line == END_OF_DATA.as_bytes() {
                return Some((&start[..taken], count));
            }
            taken += line.len() + 1;
            count += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: [u8; 32] = [7; 32];

    fn sample() -> Vec<u8> {
        let sections: Vec<Section> = TABLES
            .iter()
            .map(|table| {
                let row = vec!["x"; table.columns.len()].join("\t");
                let data = if table.name == "identity.users" {
                    format!("{row}\n{}\n", vec!["a\\tb\\n"; table.columns.len()].join("\t")).into_bytes()
                } else if table.name == "identity.role_depts" {
                    Vec::new()
                } else {
                    format!("{row}\n").into_bytes()
                };
                Section { table, data }
            })
            .collect();
        encode(&KEY, 10, "2026-11-24 12:00:00", "admin", &sections)
    }

    #[test]
    fn a_file_written_here_reads_back_table_by_table() {
        let file = sample();
        let checked = check(&KEY, &file, 10).expect("its own file");
        assert_eq!(checked.rows.len(), TABLES.len());
        let users = checked.rows.iter().find(|(t, _)| t.name == "identity.users").unwrap();
        assert_eq!(users.1.iter().filter(|&&b| b == b'\n').count(), 2);
        assert!(checked.rows.iter().find(|(t, _)| t.name == "identity.role_depts").unwrap().1.is_empty());
        assert_eq!(checked.total_rows(), TABLES.len() as u64);
        assert_eq!(checked.manifest.created_by, "admin");
        let text = String::from_utf8(file).unwrap();
        assert!(text.contains("COPY identity.depts (dept_id, parent_id,"));
        assert!(text.lines().last().unwrap().starts_with("-- signature: hmac-sha256:"));
    }

    #[test]
    fn a_changed_byte_anywhere_is_refused_as_not_signed() {
        let file = sample();
        // Every position of the signed part, one at a time, on a stride to keep it quick.
        let signed = file.len() - 90;
        for i in (0..signed).step_by(7) {
            let mut changed = file.clone();
            changed[i] ^= 0x01;
            assert_eq!(check(&KEY, &changed, 10).unwrap_err(), Msg::BackupNotSigned, "byte {i}");
        }
    }

    #[test]
    fn another_deployments_file_or_an_unsigned_one_is_refused() {
        let file = sample();
        assert_eq!(check(&[8; 32], &file, 10).unwrap_err(), Msg::BackupNotSigned);
        let unsigned = &file[..file.len() - 90];
        assert_eq!(check(&KEY, unsigned, 10).unwrap_err(), Msg::BackupNotSigned);
        assert_eq!(check(&KEY, b"", 10).unwrap_err(), Msg::BackupNotSigned);
        assert_eq!(check(&KEY, b"DROP TABLE identity.users;\n", 10).unwrap_err(), Msg::BackupNotSigned);
        assert_eq!(check(&KEY, &[0xff, 0xfe, 0x00], 10).unwrap_err(), Msg::BackupNotSigned);
    }

    #[test]
    fn a_backup_of_another_data_version_is_refused() {
        let file = sample();
        assert_eq!(check(&KEY, &file, 11).unwrap_err(), Msg::BackupVersionMismatch { file: 10, current: 11 });
    }

    /// Re-signs a body as the deployment would: what the signature cannot catch, the
    /// structure check must.
    fn signed(body: &str) -> Vec<u8> {
        let mut signer = mac(&KEY);
        signer.update(body.as_bytes());
        format!("{body}{SIGNATURE_PREFIX}{}\n", hex::encode(signer.finalize().into_bytes())).into_bytes()
    }

    fn body_of(file: &[u8]) -> String {
        let text = String::from_utf8(file.to_vec()).unwrap();
        let cut = text.rfind(SIGNATURE_PREFIX).unwrap();
        text[..cut].to_owned()
    }

    #[test]
    fn a_signed_file_must_still_hold_exactly_the_known_tables_and_columns() {
        let body = body_of(&sample());
        assert!(check(&KEY, &signed(&body), 10).is_ok());
        let cases = [
            // a statement of its own
            body.replace("SET client_encoding = 'UTF8';", "DROP TABLE identity.users;"),
            // another table
            body.replace("COPY identity.jobs (", "COPY identity.sessions ("),
            // another column list
            body.replace("COPY identity.user_roles (user_id, role_id)", "COPY identity.user_roles (role_id, user_id)"),
            // a row with a column too many
            body.replace(
                "COPY identity.user_roles (user_id, role_id) FROM stdin;\nx\tx\n",
                "COPY identity.user_roles (user_id, role_id) FROM stdin;\nx\tx\tx\n",
            ),
            // more rows than the manifest counts
            body.replace(
                "COPY identity.user_roles (user_id, role_id) FROM stdin;\nx\tx\n",
                "COPY identity.user_roles (user_id, role_id) FROM stdin;\nx\tx\nx\tx\n",
            ),
            // a block without its end
            body.replacen("\\.\n", "", 1),
            // something after the last block
            format!("{body}SELECT 1;\n"),
            // a manifest that is not one
            body.replace("-- manifest: {", "-- manifest: ["),
        ];
        for (i, case) in cases.iter().enumerate() {
            assert_ne!(case, &body, "case {i} changed nothing");
            assert_eq!(check(&KEY, &signed(case), 10).unwrap_err(), Msg::BackupDamaged, "case {i}");
        }
    }

    #[test]
    fn only_sql_files_are_taken() {
        for name in ["backup.sql", "LUMISCAPE-BACKUP-20261124.SQL", " a.sql "] {
            assert!(is_sql_file(name), "{name}");
        }
        for name in ["", ".sql", "backup.sql.exe", "backup.xlsx", "backup", "backup.sqlx"] {
            assert!(!is_sql_file(name), "{name}");
        }
    }

    #[test]
    fn the_statements_name_the_columns_in_order() {
        let users = TABLES.iter().find(|t| t.name == "identity.users").unwrap();
        assert!(users.copy_out.starts_with("COPY (SELECT user_id, user_name, nick_name,"));
        assert!(users.copy_out.ends_with(" FROM identity.users ORDER BY user_id) TO STDOUT"));
        assert!(users.copy_in.starts_with("COPY identity.users (user_id, user_name,"));
        for table in TABLES {
            assert!(!NOT_HELD.contains(&table.name.trim_start_matches("identity.")));
        }
    }
}
