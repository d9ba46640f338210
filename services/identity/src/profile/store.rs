//! Queries of the personal center.

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use super::model::ProfileEdit;
use crate::auth::store::lock_state_for_update;

pub async fn created_at_and_roles(pool: &PgPool, user_id: i64) -> sqlx::Result<(DateTime<Utc>, String)> {
    let row = sqlx::query!(
        "SELECT u.created_at, coalesce(string_agg(r.role_name, ',' ORDER BY r.role_sort), '') AS \"role_group!\" \
         FROM identity.users u LEFT JOIN identity.user_roles ur ON ur.user_id = u.user_id \
         LEFT JOIN identity.roles r ON r.role_id = ur.role_id AND r.status = '0' \
         WHERE u.user_id = $1 GROUP BY u.user_id",
        user_id,
    )
    .fetch_one(pool)
    .await?;
    Ok((row.created_at, row.role_group))
}

pub async fn update_profile(pool: &PgPool, user_id: i64, edit: &ProfileEdit) -> sqlx::Result<()> {
    sqlx::query!(
        "UPDATE identity.users SET nick_name = $2, phonenumber = $3, email = $4, sex = $5, updated_at = now() \
         WHERE user_id = $1 AND NOT deleted",
        user_id,
        edit.nick_name,
        edit.phonenumber,
        edit.email,
        edit.sex,
    )
    .execute(pool)
    .await?;
    Ok(())
}

/// Sets a new password hash, clears the failure count and revokes the user's other live
/// sessions, in one transaction; returns the revoked sessions' ids. `Ok(None)` (nothing
/// written) when a parallel wrong attempt locked the account while this one verified the
/// old password.
pub async fn change_password(pool: &PgPool, user_id: i64, hash: &str, keep: Uuid) -> sqlx::Result<Option<Vec<Uuid>>> {
    let mut tx = pool.begin().await?;
    if lock_state_for_update(&mut tx, user_id).await?.is_locked_at(Utc::now()) {
        return Ok(None);
    }
    sqlx::query!(
        "UPDATE identity.users SET password_hash = $2, failed_attempts = 0, updated_at = now() WHERE user_id = $1",
        user_id,
        hash
    )
    .execute(&mut *tx)
    .await?;
    let revoked = sqlx::query_scalar!(
        "UPDATE identity.sessions SET revoked_at = now() \
         WHERE user_id = $1 AND session_id <> $2 AND revoked_at IS NULL AND expires_at > now() RETURNING session_id",
        user_id,
        keep,
    )
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(revoked))
}

/// Sets a user's avatar and answers the one it replaced (`None` when the user is gone).
pub async fn update_avatar(pool: &PgPool, user_id: i64, path: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar!(
        "UPDATE identity.users u SET avatar = $2, updated_at = now() \
         FROM (SELECT user_id, avatar FROM identity.users WHERE user_id = $1 FOR UPDATE) old \
         WHERE u.user_id = old.user_id RETURNING old.avatar",
        user_id,
        path
    )
    .fetch_optional(pool)
    .await
}
