//! A user's live sessions follow an administrator's change at once, on every replica: the
//! session store is a key-value bucket every process watches. Ended sessions are deleted
//! from it; the others get the user's new permissions and projects.

use lumiscape_common::Error;
use lumiscape_common::session::SessionState;
use uuid::Uuid;

use crate::Shared;
use crate::auth::store::{find_user_by_id, user_permissions, user_project_ids};

/// Ends the given sessions everywhere.
pub async fn end(shared: &Shared, sessions: &[Uuid]) -> Result<(), Error> {
    for session in sessions {
        shared.auth.sessions().revoke(&session.to_string()).await?;
    }
    Ok(())
}

/// Rewrites the permissions and projects of every live session of the user from what the
/// database holds now. A session that changed meanwhile (a refresh) is read again.
pub async fn refresh(shared: &Shared, user_id: i64) -> Result<(), Error> {
    shared.forget_user(user_id).await;
    let sessions = super::store::live_sessions(&shared.pool, user_id).await?;
    if sessions.is_empty() {
        return Ok(());
    }
    let Some(user) = find_user_by_id(&shared.pool, user_id).await? else {
        return end(shared, &sessions).await;
    };
    let permissions = user_permissions(&shared.pool, user_id).await?;
    let project_ids = if user.all_projects { Vec::new() } else { user_project_ids(&shared.pool, user_id).await? };
    let store = shared.auth.sessions();
    for session in sessions {
        let sid = session.to_string();
        for _ in 0..3 {
            let Some(current) = store.get(&sid).await? else {
                break;
            };
            let state = SessionState {
                permissions: permissions.clone(),
                all_projects: user.all_projects,
                project_ids: project_ids.clone(),
                ..(*current).clone()
            };
            if state == *current || store.replace(&sid, &state).await? {
                break;
            }
        }
    }
    Ok(())
}
