//! Queries of users, sessions and captchas; each sign-in step that writes is one
//! transaction here, with its event.

use chrono::{DateTime, Utc};
use lumiscape_common::nats::Streams;
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::events::{self, LoginFact};
use super::model::{LockPolicy, LockState};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub user_id: i64,
    pub user_name: String,
    pub nick_name: String,
    pub email: String,
    pub phonenumber: String,
    pub sex: String,
    pub avatar: String,
    pub password_hash: String,
    pub status: String,
    pub failed_attempts: i32,
    pub locked_until: Option<DateTime<Utc>>,
    pub all_projects: bool,
    pub default_menu: String,
    /// The keys of the user's enabled roles, by role order (RuoYi's `roles` of getInfo).
    pub role_keys: Vec<String>,
}

impl UserRow {
    pub fn lock_state(&self) -> LockState {
        LockState { failed_attempts: self.failed_attempts.max(0) as u32, locked_until: self.locked_until }
    }

    pub fn is_enabled(&self) -> bool {
        self.status == "0"
    }

    /// The user as the console shows them (getInfo, personal center).
    pub fn info(&self) -> lumiscape_proto::identity::v1::UserInfo {
        lumiscape_proto::identity::v1::UserInfo {
            user_id: self.user_id,
            user_name: self.user_name.clone(),
            nick_name: self.nick_name.clone(),
            avatar: self.avatar.clone(),
            email: self.email.clone(),
            phonenumber: self.phonenumber.clone(),
            sex: self.sex.clone(),
        }
    }
}

/// A query of [`UserRow`]s: the column list written once, the SQL still one literal that
/// sqlx checks at compile time.
macro_rules! user_query {
    ($after:literal; $($arg:expr),* $(,)?) => {
        sqlx::query_as!(
            UserRow,
            "SELECT user_id, user_name, nick_name, email, phonenumber, sex, avatar, password_hash, status, \
             failed_attempts, locked_until, all_projects, default_menu, \
             ARRAY(SELECT r.role_key FROM identity.user_roles ur JOIN identity.roles r ON r.role_id = ur.role_id \
             WHERE ur.user_id = users.user_id AND r.status = '0' ORDER BY r.role_sort) AS \"role_keys!\" " + $after,
            $($arg),*
        )
    };
}

pub async fn find_user_by_name(pool: &PgPool, user_name: &str) -> sqlx::Result<Option<UserRow>> {
    user_query!("FROM identity.users WHERE NOT deleted AND user_name = $1"; user_name).fetch_optional(pool).await
}

pub async fn find_user_by_id(pool: &PgPool, user_id: i64) -> sqlx::Result<Option<UserRow>> {
    user_query!("FROM identity.users WHERE NOT deleted AND user_id = $1"; user_id).fetch_optional(pool).await
}

/// Locks the user's row and returns its lock state, inside the caller's transaction, so
/// parallel attempts on one account are counted one after another.
pub(crate) async fn lock_state_for_update(conn: &mut PgConnection, user_id: i64) -> sqlx::Result<LockState> {
    let row =
        sqlx::query!("SELECT failed_attempts, locked_until FROM identity.users WHERE user_id = $1 FOR UPDATE", user_id)
            .fetch_one(conn)
            .await?;
    Ok(LockState { failed_attempts: row.failed_attempts.max(0) as u32, locked_until: row.locked_until })
}

async fn save_lock_state(conn: &mut PgConnection, user_id: i64, state: LockState) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE identity.users SET failed_attempts = $2, locked_until = $3, updated_at = now() WHERE user_id = $1",
        user_id,
        i32::try_from(state.failed_attempts).unwrap_or(i32::MAX),
        state.locked_until,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Records a failed attempt in one transaction: the account's failure count (when the
/// account is known) and the event for the login log. When this failure locks the account,
/// the event carries `locked_key` instead of its own message. Answers whether it locked.
pub async fn record_failure(
    pool: &PgPool,
    streams: &Streams,
    account: Option<(i64, LockPolicy)>,
    fact: &LoginFact<'_>,
    locked_key: &'static str,
) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let mut locked = false;
    if let Some((user_id, policy)) = account {
        let now = Utc::now();
        let before = lock_state_for_update(&mut tx, user_id).await?;
        let after = before.after_failure(now, policy);
        save_lock_state(&mut tx, user_id, after).await?;
        locked = after.is_locked_at(now);
    }
    let fact = if locked { LoginFact { message_key: locked_key, ..fact.clone() } } else { fact.clone() };
    events::record(&mut tx, streams, &fact).await?;
    tx.commit().await?;
    Ok(locked)
}

/// Opens a session for a verified user in one transaction: the session row, the login
/// stamp and the sign-in event. `Ok(false)` (nothing written) when a parallel attempt
/// locked the account while this one verified the password.
pub async fn open_session(
    pool: &PgPool,
    streams: &Streams,
    session: &NewSession<'_>,
    fact: &LoginFact<'_>,
) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    if lock_state_for_update(&mut tx, session.user_id).await?.is_locked_at(Utc::now()) {
        return Ok(false);
    }
    sqlx::query!(
        "INSERT INTO identity.sessions (session_id, user_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)",
        session.session_id,
        session.user_id,
        session.expires_at,
        truncate(session.ip, 128),
        truncate(session.user_agent, 500),
    )
    .execute(&mut *tx)
    .await?;
    // A successful sign-in clears the failure count and stamps the login.
    sqlx::query!(
        "UPDATE identity.users SET failed_attempts = 0, locked_until = NULL, login_ip = $2, login_date = now() \
         WHERE user_id = $1",
        session.user_id,
        truncate(session.ip, 128),
    )
    .execute(&mut *tx)
    .await?;
    events::record(&mut tx, streams, fact).await?;
    tx.commit().await?;
    Ok(true)
}

/// Marks a session revoked and writes the sign-out event, in one transaction.
pub async fn close_session(
    pool: &PgPool,
    streams: &Streams,
    session_id: Uuid,
    fact: &LoginFact<'_>,
) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "UPDATE identity.sessions SET revoked_at = now() WHERE session_id = $1 AND revoked_at IS NULL",
        session_id
    )
    .execute(&mut *tx)
    .await?;
    events::record(&mut tx, streams, fact).await?;
    tx.commit().await?;
    Ok(())
}

/// The permission strings of a user's enabled roles; the `admin` role holds `*:*:*`.
pub async fn user_permissions(pool: &PgPool, user_id: i64) -> sqlx::Result<Vec<String>> {
    let is_admin = sqlx::query_scalar!(
        "SELECT EXISTS (SELECT 1 FROM identity.user_roles ur JOIN identity.roles r ON r.role_id = ur.role_id \
         WHERE ur.user_id = $1 AND r.role_key = 'admin' AND r.status = '0') AS \"is_admin!\"",
        user_id,
    )
    .fetch_one(pool)
    .await?;
    if is_admin {
        return Ok(vec![lumiscape_common::permission::ALL_PERMISSION.to_owned()]);
    }
    sqlx::query_scalar!(
        "SELECT DISTINCT m.perms FROM identity.user_roles ur \
         JOIN identity.roles r ON r.role_id = ur.role_id AND r.status = '0' \
         JOIN identity.role_menus rm ON rm.role_id = r.role_id \
         JOIN identity.menus m ON m.menu_id = rm.menu_id AND m.status = '0' \
         WHERE ur.user_id = $1 AND m.perms <> '' ORDER BY m.perms",
        user_id,
    )
    .fetch_all(pool)
    .await
}

pub async fn user_project_ids(pool: &PgPool, user_id: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar!("SELECT project_id FROM identity.user_projects WHERE user_id = $1 ORDER BY project_id", user_id)
        .fetch_all(pool)
        .await
}

pub struct NewSession<'a> {
    pub session_id: Uuid,
    pub user_id: i64,
    pub expires_at: DateTime<Utc>,
    pub ip: &'a str,
    pub user_agent: &'a str,
}

/// Moves a live session's expiry; false when it is revoked or gone.
pub async fn extend_session(pool: &PgPool, session_id: Uuid, expires_at: DateTime<Utc>) -> sqlx::Result<bool> {
    let done = sqlx::query!(
        "UPDATE identity.sessions SET expires_at = $2 WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > now()",
        session_id,
        expires_at,
    )
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores a captcha's answer, clearing those expired for an hour.
pub async fn insert_captcha(pool: &PgPool, uuid: Uuid, answer: &str, expires_at: DateTime<Utc>) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM identity.captchas WHERE expires_at < now() - interval '1 hour'")
        .execute(&mut *tx)
        .await?;
    sqlx::query!(
        "INSERT INTO identity.captchas (uuid, answer, expires_at) VALUES ($1, $2, $3)",
        uuid,
        answer,
        expires_at
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Takes a captcha's answer, deleting it: each captcha is answered at most once.
pub async fn take_captcha(pool: &PgPool, uuid: Uuid) -> sqlx::Result<Option<(String, DateTime<Utc>)>> {
    let row = sqlx::query!("DELETE FROM identity.captchas WHERE uuid = $1 RETURNING answer, expires_at", uuid)
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|r| (r.answer, r.expires_at)))
}

/// Remembers an other-system token's `jti` until `expires_at`, purging those past their
/// time, in one transaction. `false` (nothing written) when the token was used already.
pub async fn claim_other_system_token(
    pool: &PgPool,
    system_name: &str,
    jti: &str,
    expires_at: DateTime<Utc>,
) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    sqlx::query!("DELETE FROM identity.other_system_tokens WHERE expires_at < now()").execute(&mut *tx).await?;
    let inserted = sqlx::query!(
        "INSERT INTO identity.other_system_tokens (system_name, jti, expires_at) VALUES ($1, $2, $3) \
         ON CONFLICT (system_name, jti) DO NOTHING",
        system_name,
        jti,
        expires_at,
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(inserted.rows_affected() == 1)
}

fn truncate(text: &str, max_chars: usize) -> &str {
    match text.char_indices().nth(max_chars) {
        Some((index, _)) => &text[..index],
        None => text,
    }
}
