//! The user administration's queries. Every read and write of another user is limited to
//! the caller's data scope (`UserScope`, the first four parameters of each query); a user
//! outside it is as absent as one that never existed. Writes that end sessions mark them
//! revoked in the same transaction and return their ids for the session store.

use chrono::{DateTime, Utc};
use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;
use lumiscape_common::paging::Page;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::model::{Qualification, ScopeGrant, UserDraft, UserScope};

/// A query over the users in the caller's data scope matching the list's filters:
/// `scoped_users!(sqlx::query_as (UserListRow,) USER_COLUMNS, "ORDER BY ..."; args)`. The
/// first ten parameters are always the scope ($1 every user, $2 the caller, $3 the
/// organization nodes with everything under them (`UserScope::dept_ids`), $4 the projects
/// or NULL) and the filters ($5 account, $6 phone, $7 status, $8 the organization nodes or
/// NULL (`UserFilter::dept_ids`), $9 and $10 the creation time range; `UserFilter::none` for
/// none); further parameters are the query's own. One table: the organization's subtrees
/// and names come from the organization index (`Shared::dept_index`), so PostgreSQL plans
/// the query in a fraction of the time a join and subqueries cost.
macro_rules! scoped_users {
    ($($query:ident)::+ ($($row:ident,)?) $select:literal, $after:literal; $($arg:expr),* $(,)?) => {
        $($query)::+!(
            $($row,)?
            $select + " FROM identity.users u \
             WHERE NOT u.deleted \
             AND ($1 OR u.user_id = $2 OR u.dept_id = ANY ($3) \
                  OR ($4::bigint[] IS NOT NULL AND (u.all_projects OR EXISTS (SELECT 1 FROM identity.user_projects up \
                      WHERE up.user_id = u.user_id AND up.project_id = ANY ($4))))) \
             AND strpos(u.user_name, $5) > 0 AND strpos(u.phonenumber, $6) > 0 AND ($7 = '' OR u.status = $7) \
             AND ($8::bigint[] IS NULL OR u.dept_id = ANY ($8)) \
             AND ($9::timestamptz IS NULL OR u.created_at >= $9) AND ($10::timestamptz IS NULL OR u.created_at < $10) "
                + $after,
            $($arg),*
        )
    };
}

/// Whole rows of the users in scope: `user_rows!("ORDER BY ..."; args)`.
macro_rules! user_rows {
    ($after:literal; $($arg:expr),* $(,)?) => {
        scoped_users!(
            sqlx::query_as (UserListRow,)
            "SELECT u.user_id, u.dept_id, u.user_name, u.nick_name, u.email, u.phonenumber, u.sex, u.avatar, \
             u.status, u.login_ip, u.login_date, u.created_at, u.remark, u.all_projects",
            $after;
            $($arg),*
        )
    };
}

#[derive(Debug, Clone)]
pub struct UserListRow {
    pub user_id: i64,
    pub dept_id: Option<i64>,
    pub user_name: String,
    pub nick_name: String,
    pub email: String,
    pub phonenumber: String,
    pub sex: String,
    pub avatar: String,
    pub status: String,
    pub login_ip: String,
    pub login_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub remark: String,
    pub all_projects: bool,
}

/// The list's filters, checked.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UserFilter {
    pub user_name: String,
    pub phonenumber: String,
    pub status: String,
    /// The organization filter: the chosen node and every node under it.
    pub dept_ids: Option<Vec<i64>>,
    pub created_from: Option<DateTime<Utc>>,
    pub created_before: Option<DateTime<Utc>>,
}

impl UserFilter {
    /// No filter: every user in scope.
    pub fn none() -> Self {
        Self::default()
    }
}

/// The caller's enabled roles with their data scopes.
pub async fn scope_grants(pool: &PgPool, user_id: i64) -> sqlx::Result<Vec<ScopeGrant>> {
    let rows = sqlx::query!(
        "SELECT r.data_scope::text AS \"data_scope!\", \
         ARRAY(SELECT rd.dept_id FROM identity.role_depts rd WHERE rd.role_id = r.role_id) AS \"dept_ids!\" \
         FROM identity.user_roles ur JOIN identity.roles r ON r.role_id = ur.role_id AND r.status = '0' \
         WHERE ur.user_id = $1",
        user_id
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| ScopeGrant { data_scope: r.data_scope, dept_ids: r.dept_ids }).collect())
}

/// One page of the users in scope matching `filter`, by id.
pub async fn page(pool: &PgPool, scope: &UserScope, filter: &UserFilter, page: Page) -> sqlx::Result<Vec<UserListRow>> {
    user_rows!(
        "ORDER BY u.user_id LIMIT $11 OFFSET $12";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        filter.user_name,
        filter.phonenumber,
        filter.status,
        filter.dept_ids.as_deref(),
        filter.created_from,
        filter.created_before,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await
}

/// How many users in scope match `filter` (the list's total; `Shared::user_count` keeps it
/// for a moment).
pub async fn count(pool: &PgPool, scope: &UserScope, filter: &UserFilter) -> sqlx::Result<i64> {
    scoped_users!(
        sqlx::query_scalar () "SELECT count(*) AS \"total!\"", "";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        filter.user_name,
        filter.phonenumber,
        filter.status,
        filter.dept_ids.as_deref(),
        filter.created_from,
        filter.created_before,
    )
    .fetch_one(pool)
    .await
}

/// One page of the users in scope matching `filter` who hold the role (`allocated`) or do
/// not, by id, and the count of all (RuoYi's role user assignment).
pub async fn list_by_role(
    pool: &PgPool,
    scope: &UserScope,
    filter: &UserFilter,
    role_id: i64,
    allocated: bool,
    page: Page,
) -> sqlx::Result<(Vec<UserListRow>, i64)> {
    let rows = user_rows!(
        "AND EXISTS (SELECT 1 FROM identity.user_roles ur WHERE ur.user_id = u.user_id AND ur.role_id = $11) = $12 \
         ORDER BY u.user_id LIMIT $13 OFFSET $14";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        filter.user_name,
        filter.phonenumber,
        filter.status,
        filter.dept_ids.as_deref(),
        filter.created_from,
        filter.created_before,
        role_id,
        allocated,
        page.limit,
        page.offset,
    )
    .fetch_all(pool)
    .await?;
    let total = scoped_users!(
        sqlx::query_scalar () "SELECT count(*) AS \"total!\"",
        "AND EXISTS (SELECT 1 FROM identity.user_roles ur WHERE ur.user_id = u.user_id AND ur.role_id = $11) = $12";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        filter.user_name,
        filter.phonenumber,
        filter.status,
        filter.dept_ids.as_deref(),
        filter.created_from,
        filter.created_before,
        role_id,
        allocated,
    )
    .fetch_one(pool)
    .await?;
    Ok((rows, total))
}

/// Grants the role to users in scope, or cancels it (`grant` false), in one transaction.
/// The role must exist (and be enabled, to be granted); only a superuser grants or cancels
/// `admin`; the caller's own roles are not changed here. `Ok(false)` when a user is not in
/// scope.
pub async fn set_role_holders(
    pool: &PgPool,
    scope: &UserScope,
    role_id: i64,
    user_ids: &[i64],
    grant: bool,
    by: &Grantor,
) -> Result<bool, Error> {
    let mut tx = pool.begin().await?;
    let role =
        sqlx::query!("SELECT role_key, status::text AS \"status!\" FROM identity.roles WHERE role_id = $1", role_id)
            .fetch_optional(&mut *tx)
            .await?
            .filter(|r| !grant || r.status == "0")
            .ok_or_else(|| Error::not_found(Msg::RoleNotFound))?;
    if role.role_key == "admin" && !by.superuser {
        return Err(Error::forbidden(Msg::UserIsAdmin));
    }
    if !lock_others(&mut tx, scope, user_ids, by).await? {
        return Ok(false);
    }
    if grant {
        sqlx::query!(
            "INSERT INTO identity.user_roles (user_id, role_id) SELECT unnest($1::bigint[]), $2 ON CONFLICT DO NOTHING",
            user_ids,
            role_id
        )
        .execute(&mut *tx)
        .await?;
    } else {
        sqlx::query!("DELETE FROM identity.user_roles WHERE role_id = $1 AND user_id = ANY ($2)", role_id, user_ids)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Every user in scope matching `filter`, by id, up to `limit` (the export).
pub async fn list_all(
    pool: &PgPool,
    scope: &UserScope,
    filter: &UserFilter,
    limit: i64,
) -> sqlx::Result<Vec<UserListRow>> {
    user_rows!(
        "ORDER BY u.user_id LIMIT $11";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        filter.user_name,
        filter.phonenumber,
        filter.status,
        filter.dept_ids.as_deref(),
        filter.created_from,
        filter.created_before,
        limit,
    )
    .fetch_all(pool)
    .await
}

/// A user in scope, with what the form shows besides the row.
pub struct UserDetailRow {
    pub row: UserListRow,
    pub role_ids: Vec<i64>,
    pub project_ids: Vec<i64>,
    pub qualifications: Vec<Qualification>,
}

pub async fn find(pool: &PgPool, scope: &UserScope, user_id: i64) -> sqlx::Result<Option<UserDetailRow>> {
    let none = UserFilter::none();
    let row = user_rows!(
        "AND u.user_id = $11";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        none.user_name,
        none.phonenumber,
        none.status,
        none.dept_ids.as_deref(),
        none.created_from,
        none.created_before,
        user_id,
    )
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let role_ids =
        sqlx::query_scalar!("SELECT role_id FROM identity.user_roles WHERE user_id = $1 ORDER BY role_id", user_id)
            .fetch_all(pool)
            .await?;
    let project_ids = crate::auth::store::user_project_ids(pool, user_id).await?;
    let qualifications = sqlx::query_as!(
        Qualification,
        "SELECT code, name FROM identity.user_qualifications WHERE user_id = $1 ORDER BY position",
        user_id
    )
    .fetch_all(pool)
    .await?;
    Ok(Some(UserDetailRow { row, role_ids, project_ids, qualifications }))
}

/// The roles a form may grant: the enabled ones, without `admin` unless the caller is a
/// superuser.
pub async fn role_options(pool: &PgPool, superuser: bool) -> sqlx::Result<Vec<(i64, String, String, String)>> {
    let rows = sqlx::query!(
        "SELECT role_id, role_name, role_key, status::text AS \"status!\" FROM identity.roles \
         WHERE status = '0' AND ($1 OR role_key <> 'admin') ORDER BY role_sort, role_id",
        superuser
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.role_id, r.role_name, r.role_key, r.status)).collect())
}

/// Whether the user holds the enabled `admin` role.
pub async fn is_admin(conn: &mut PgConnection, user_id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM identity.user_roles ur JOIN identity.roles r ON r.role_id = ur.role_id \
         WHERE ur.user_id = $1 AND r.role_key = 'admin') AS \"e!\"",
        user_id
    )
    .fetch_one(conn)
    .await
}

/// The `admin` role's id, when it exists.
async fn admin_role(conn: &mut PgConnection) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar!("SELECT role_id FROM identity.roles WHERE role_key = 'admin'").fetch_optional(conn).await
}

/// Who may grant what: only a superuser grants or holds back the `admin` role.
pub struct Grantor {
    pub superuser: bool,
}

/// Writes the user's roles, projects and qualifications as the draft has them.
async fn write_grants(conn: &mut PgConnection, user_id: i64, draft: &UserDraft, by: &Grantor) -> Result<(), Error> {
    if !by.superuser
        && let Some(admin) = admin_role(conn).await?
        && draft.role_ids.contains(&admin)
    {
        return Err(Error::forbidden(Msg::UserIsAdmin));
    }
    sqlx::query!("DELETE FROM identity.user_roles WHERE user_id = $1", user_id).execute(&mut *conn).await?;
    let granted = sqlx::query!(
        "INSERT INTO identity.user_roles (user_id, role_id) \
         SELECT $1, role_id FROM identity.roles WHERE role_id = ANY ($2) AND status = '0'",
        user_id,
        &draft.role_ids
    )
    .execute(&mut *conn)
    .await?;
    if granted.rows_affected() != draft.role_ids.len() as u64 {
        return Err(Error::bad_request(Msg::RoleNotFound));
    }
    sqlx::query!("DELETE FROM identity.user_projects WHERE user_id = $1", user_id).execute(&mut *conn).await?;
    sqlx::query!(
        "INSERT INTO identity.user_projects (user_id, project_id) SELECT $1, unnest($2::bigint[])",
        user_id,
        &draft.project_ids
    )
    .execute(&mut *conn)
    .await?;
    sqlx::query!("DELETE FROM identity.user_qualifications WHERE user_id = $1", user_id).execute(&mut *conn).await?;
    let codes: Vec<&str> = draft.qualifications.iter().map(|q| q.code.as_str()).collect();
    let names: Vec<&str> = draft.qualifications.iter().map(|q| q.name.as_str()).collect();
    sqlx::query!(
        "INSERT INTO identity.user_qualifications (user_id, position, code, name) \
         SELECT $1, q.position, q.code, q.name FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS q(code, name, position)",
        user_id,
        &codes as &[&str],
        &names as &[&str],
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Adds a user with the given password hash, in the caller's transaction.
pub async fn insert(
    conn: &mut PgConnection,
    draft: &UserDraft,
    password_hash: &str,
    by: &Grantor,
) -> Result<i64, Error> {
    let user_id = sqlx::query_scalar!(
        "INSERT INTO identity.users (dept_id, user_name, nick_name, email, phonenumber, sex, status, remark, \
         all_projects, password_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING user_id",
        draft.dept_id,
        draft.user_name,
        draft.nick_name,
        draft.email,
        draft.phonenumber,
        draft.sex,
        draft.status,
        draft.remark,
        draft.all_projects,
        password_hash,
    )
    .fetch_one(&mut *conn)
    .await
    .map_err(|err| translate(err, draft))?;
    write_grants(conn, user_id, draft, by).await?;
    Ok(user_id)
}

pub async fn add(pool: &PgPool, draft: &UserDraft, password_hash: &str, by: &Grantor) -> Result<i64, Error> {
    let mut tx = pool.begin().await?;
    let user_id = insert(&mut tx, draft, password_hash, by).await?;
    tx.commit().await?;
    Ok(user_id)
}

/// What an edit changed for the user's sessions.
pub enum Edited {
    Missing,
    /// Saved; the sessions to end (when disabled) or to refresh.
    Saved {
        revoked: Vec<Uuid>,
    },
}

/// Saves an edit of a user in scope (the account and password stay as they are), in the
/// caller's transaction. A disabled user's sessions end.
pub async fn update(
    conn: &mut PgConnection,
    scope: &UserScope,
    user_id: i64,
    draft: &UserDraft,
    by: &Grantor,
) -> Result<Edited, Error> {
    let none = UserFilter::none();
    let found = scoped_users!(
        sqlx::query_scalar () "SELECT u.user_id", "AND u.user_id = $11 FOR UPDATE OF u";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        none.user_name,
        none.phonenumber,
        none.status,
        none.dept_ids.as_deref(),
        none.created_from,
        none.created_before,
        user_id,
    )
    .fetch_optional(&mut *conn)
    .await?;
    if found.is_none() {
        return Ok(Edited::Missing);
    }
    let target_is_admin = is_admin(conn, user_id).await?;
    if target_is_admin && !by.superuser {
        return Err(Error::forbidden(Msg::UserIsAdmin));
    }
    if user_id == scope.self_id
        && target_is_admin
        && let Some(admin) = admin_role(conn).await?
        && !draft.role_ids.contains(&admin)
    {
        // A superuser cannot take the admin role from themselves and lock everyone out.
        return Err(Error::refused(Msg::UserIsSelf));
    }
    if user_id == scope.self_id && draft.status != "0" {
        return Err(Error::refused(Msg::UserIsSelf));
    }
    sqlx::query!(
        "UPDATE identity.users SET dept_id = $2, nick_name = $3, email = $4, phonenumber = $5, sex = $6, status = $7, \
         remark = $8, all_projects = $9, updated_at = now() WHERE user_id = $1",
        user_id,
        draft.dept_id,
        draft.nick_name,
        draft.email,
        draft.phonenumber,
        draft.sex,
        draft.status,
        draft.remark,
        draft.all_projects,
    )
    .execute(&mut *conn)
    .await
    .map_err(|err| translate(err, draft))?;
    write_grants(conn, user_id, draft, by).await?;
    let revoked = if draft.status == "0" { Vec::new() } else { revoke_sessions(conn, user_id).await? };
    Ok(Edited::Saved { revoked })
}

/// Marks the user's live sessions revoked; their ids.
async fn revoke_sessions(conn: &mut PgConnection, user_id: i64) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar!(
        "UPDATE identity.sessions SET revoked_at = now() \
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING session_id",
        user_id
    )
    .fetch_all(conn)
    .await
}

/// The user's live sessions.
pub async fn live_sessions(pool: &PgPool, user_id: i64) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar!(
        "SELECT session_id FROM identity.sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()",
        user_id
    )
    .fetch_all(pool)
    .await
}

/// Locks users in scope for a change that only an administrator makes to others: the
/// caller is refused (`UserIsSelf`), a user holding `admin` too unless the caller is a
/// superuser. `Ok(false)` when one of them is not in scope.
async fn lock_others(
    conn: &mut PgConnection,
    scope: &UserScope,
    user_ids: &[i64],
    by: &Grantor,
) -> Result<bool, Error> {
    if user_ids.contains(&scope.self_id) {
        return Err(Error::refused(Msg::UserIsSelf));
    }
    let none = UserFilter::none();
    let found = scoped_users!(
        sqlx::query_scalar () "SELECT u.user_id", "AND u.user_id = ANY ($11) ORDER BY u.user_id FOR UPDATE OF u";
        scope.all,
        scope.self_id,
        &scope.dept_ids,
        scope.project_ids.as_deref(),
        none.user_name,
        none.phonenumber,
        none.status,
        none.dept_ids.as_deref(),
        none.created_from,
        none.created_before,
        user_ids,
    )
    .fetch_all(&mut *conn)
    .await?;
    if found.len() != user_ids.len() {
        return Ok(false);
    }
    if !by.superuser {
        for &user_id in user_ids {
            if is_admin(conn, user_id).await? {
                return Err(Error::forbidden(Msg::UserIsAdmin));
            }
        }
    }
    Ok(true)
}

/// Deletes users in scope (soft: their account name is free again) and ends their
/// sessions; `None` when one of them is not in scope.
pub async fn delete(
    pool: &PgPool,
    scope: &UserScope,
    user_ids: &[i64],
    by: &Grantor,
) -> Result<Option<Vec<Uuid>>, Error> {
    let mut tx = pool.begin().await?;
    if !lock_others(&mut tx, scope, user_ids, by).await? {
        return Ok(None);
    }
    sqlx::query!("UPDATE identity.users SET deleted = TRUE, updated_at = now() WHERE user_id = ANY ($1)", user_ids)
        .execute(&mut *tx)
        .await?;
    let mut revoked = Vec::new();
    for &user_id in user_ids {
        revoked.extend(revoke_sessions(&mut tx, user_id).await?);
    }
    tx.commit().await?;
    Ok(Some(revoked))
}

/// Sets another user's password (and unlocks the account); their sessions end. `None`
/// when the user is not in scope.
pub async fn reset_password(
    pool: &PgPool,
    scope: &UserScope,
    user_id: i64,
    password_hash: &str,
    by: &Grantor,
) -> Result<Option<Vec<Uuid>>, Error> {
    let mut tx = pool.begin().await?;
    if !lock_others(&mut tx, scope, &[user_id], by).await? {
        return Ok(None);
    }
    sqlx::query!(
        "UPDATE identity.users SET password_hash = $2, failed_attempts = 0, locked_until = NULL, updated_at = now() \
         WHERE user_id = $1",
        user_id,
        password_hash
    )
    .execute(&mut *tx)
    .await?;
    let revoked = revoke_sessions(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(Some(revoked))
}

/// Enables or disables another user; disabling ends their sessions. `None` when the user
/// is not in scope.
pub async fn change_status(
    pool: &PgPool,
    scope: &UserScope,
    user_id: i64,
    status: &str,
    by: &Grantor,
) -> Result<Option<Vec<Uuid>>, Error> {
    let mut tx = pool.begin().await?;
    if !lock_others(&mut tx, scope, &[user_id], by).await? {
        return Ok(None);
    }
    sqlx::query!("UPDATE identity.users SET status = $2, updated_at = now() WHERE user_id = $1", user_id, status)
        .execute(&mut *tx)
        .await?;
    let revoked = if status == "0" { Vec::new() } else { revoke_sessions(&mut tx, user_id).await? };
    tx.commit().await?;
    Ok(Some(revoked))
}

/// Updates an existing user from an imported row (the fields of the sheet; roles, projects
/// and qualifications stay), and the password when the row gives one, in the caller's
/// transaction. The user must be in scope and not the caller; disabling ends their
/// sessions, whose ids it returns.
pub async fn import_update(
    conn: &mut PgConnection,
    scope: &UserScope,
    user_id: i64,
    draft: &UserDraft,
    password_hash: Option<&str>,
    by: &Grantor,
) -> Result<Vec<Uuid>, Error> {
    if !lock_others(conn, scope, &[user_id], by).await? {
        return Err(Error::not_found(Msg::UserExists { name: draft.user_name.clone() }));
    }
    sqlx::query!(
        "UPDATE identity.users SET dept_id = $2, nick_name = $3, email = $4, phonenumber = $5, sex = $6, status = $7, \
         remark = $8, password_hash = coalesce($9, password_hash), updated_at = now() WHERE user_id = $1",
        user_id,
        draft.dept_id,
        draft.nick_name,
        draft.email,
        draft.phonenumber,
        draft.sex,
        draft.status,
        draft.remark,
        password_hash,
    )
    .execute(&mut *conn)
    .await
    .map_err(|err| translate(err, draft))?;
    let revoked = if draft.status == "0" && password_hash.is_none() {
        Vec::new()
    } else {
        revoke_sessions(conn, user_id).await?
    };
    Ok(revoked)
}

/// The ids of existing (not deleted) accounts among `names`, by name.
pub async fn existing_accounts(conn: &mut PgConnection, names: &[String]) -> sqlx::Result<Vec<(String, i64)>> {
    let rows =
        sqlx::query!("SELECT user_name, user_id FROM identity.users WHERE NOT deleted AND user_name = ANY ($1)", names)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|r| (r.user_name, r.user_id)).collect())
}

/// The organization nodes among `ids` that exist.
pub async fn existing_depts(conn: &mut PgConnection, ids: &[i64]) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("SELECT dept_id FROM identity.depts WHERE dept_id = ANY ($1)", ids).fetch_all(conn).await
}

fn translate(err: sqlx::Error, draft: &UserDraft) -> Error {
    Error::from_db(err, |constraint| match constraint {
        "users_user_name_key" => Some(Msg::UserNameTaken { name: draft.user_name.clone() }),
        "users_dept_id_fkey" => Some(Msg::DeptNotFound),
        _ => None,
    })
}

/// Grants a project to a user who does not see every project; false when nothing changed
/// (no such user, one with all projects, or the grant exists).
/// An enabled user who may work in the project, as other services name it.
#[derive(Debug, Clone)]
pub struct MemberRow {
    pub user_id: i64,
    pub user_name: String,
    pub nick_name: String,
}

/// The user, when enabled, not deleted, and given the project (or every project).
pub async fn project_member(pool: &PgPool, user_id: i64, project_id: i64) -> sqlx::Result<Option<MemberRow>> {
    sqlx::query_as!(
        MemberRow,
        "SELECT u.user_id, u.user_name, u.nick_name FROM identity.users u \
         WHERE u.user_id = $1 AND NOT u.deleted AND u.status = '0' \
         AND (u.all_projects OR EXISTS (SELECT 1 FROM identity.user_projects p \
              WHERE p.user_id = u.user_id AND p.project_id = $2))",
        user_id,
        project_id,
    )
    .fetch_optional(pool)
    .await
}

pub async fn grant_project(pool: &PgPool, user_id: i64, project_id: i64) -> sqlx::Result<bool> {
    let granted = sqlx::query!(
        "INSERT INTO identity.user_projects (user_id, project_id) \
         SELECT user_id, $2 FROM identity.users WHERE user_id = $1 AND NOT deleted AND NOT all_projects \
         ON CONFLICT DO NOTHING",
        user_id,
        project_id
    )
    .execute(pool)
    .await?;
    Ok(granted.rows_affected() == 1)
}

/// Takes a project from every user who had it; the users it was taken from.
pub async fn revoke_project(pool: &PgPool, project_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("DELETE FROM identity.user_projects WHERE project_id = $1 RETURNING user_id", project_id)
        .fetch_all(pool)
        .await
}
