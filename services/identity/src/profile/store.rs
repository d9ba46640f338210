use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use super::model::ProfileEdit;

pub async fn created_at_and_roles(pool: &PgPool, user_id: i64) -> sqlx::Result<(DateTime<Utc>, String)> {
    sqlx::query_as(
        "SELECT u.created_at, coalesce(string_agg(r.role_name, ',' ORDER BY r.role_sort), '') \
         FROM identity.users u LEFT JOIN identity.user_roles ur ON ur.user_id = u.user_id \
         LEFT JOIN identity.roles r ON r.role_id = ur.role_id AND r.status = '0' \
         WHERE u.user_id = $1 GROUP BY u.user_id",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await
}

pub async fn update_profile(pool: &PgPool, user_id: i64, edit: &ProfileEdit) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE identity.users SET nick_name = $2, phonenumber = $3, email = $4, sex = $5, updated_at = now() \
         WHERE user_id = $1 AND NOT deleted",
    )
    .bind(user_id)
    .bind(&edit.nick_name)
    .bind(&edit.phonenumber)
    .bind(&edit.email)
    .bind(&edit.sex)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn update_password(conn: &mut PgConnection, user_id: i64, hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE identity.users SET password_hash = $2, updated_at = now() WHERE user_id = $1")
        .bind(user_id)
        .bind(hash)
        .execute(conn)
        .await?;
    Ok(())
}

/// Revokes the user's other live sessions; returns their ids.
pub async fn revoke_other_sessions(conn: &mut PgConnection, user_id: i64, keep: Uuid) -> sqlx::Result<Vec<Uuid>> {
    sqlx::query_scalar(
        "UPDATE identity.sessions SET revoked_at = now() \
         WHERE user_id = $1 AND session_id <> $2 AND revoked_at IS NULL AND expires_at > now() RETURNING session_id",
    )
    .bind(user_id)
    .bind(keep)
    .fetch_all(conn)
    .await
}

pub async fn update_avatar(pool: &PgPool, user_id: i64, path: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE identity.users SET avatar = $2, updated_at = now() WHERE user_id = $1")
        .bind(user_id)
        .bind(path)
        .execute(pool)
        .await?;
    Ok(())
}
