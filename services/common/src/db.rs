//! The PostgreSQL pool and per-service migrations. Each service owns one schema, and its
//! migration history lives in that schema, so services migrate independently.

use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::{ConnectOptions, PgPool};

/// Opens a pool, waiting up to `wait` for the database to accept connections.
pub async fn connect(url: &str, max_connections: u32, wait: Duration) -> anyhow::Result<PgPool> {
    let options: PgConnectOptions = url.parse()?;
    let options = options.log_statements(tracing::log::LevelFilter::Trace);
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match PgPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(10))
            // No ping before each use: it was a second round trip for every query (PostgreSQL
            // spent more on it than on the home page's five queries). A connection that broke
            // while idle fails its next query, which the caller answers as unavailable and
            // the pool then closes; connections are renewed every 30 minutes regardless.
            .test_before_acquire(false)
            .max_lifetime(Duration::from_secs(30 * 60))
            .connect_with(options.clone())
            .await
        {
            Ok(pool) => return Ok(pool),
            Err(err) if tokio::time::Instant::now() < deadline => {
                tracing::warn!(error = %err, "database not ready; retrying");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(err) => return Err(err.into()),
        }
    }
}

/// Runs a service's migrations inside its own schema.
pub async fn migrate(url: &str, schema: &str, migrator: &Migrator) -> anyhow::Result<()> {
    anyhow::ensure!(
        schema.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
        "schema name must be lowercase letters"
    );
    let options: PgConnectOptions = url.parse()?;
    let pool = PgPoolOptions::new().max_connections(1).connect_with(options.clone()).await?;
    // The schema name is a constant of the calling service, checked above.
    let ddl = format!("CREATE SCHEMA IF NOT EXISTS {schema}");
    sqlx::raw_sql(&ddl).execute(&pool).await?;
    pool.close().await;
    let scoped = options.options([("search_path", schema)]);
    let pool = PgPoolOptions::new().max_connections(1).connect_with(scoped).await?;
    migrator.run(&pool).await?;
    pool.close().await;
    Ok(())
}
