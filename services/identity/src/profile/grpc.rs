//! The personal center over gRPC: each method authorizes the signed-in caller, calls its
//! inner function and maps the error once; the rules are in `model`.

use chrono::Utc;
use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, ErrorCode, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::profile_service_server::ProfileService;
use tonic::{Request, Response, Status};
use uuid::Uuid;

use super::model::{self, ProfileEdit};
use super::store;
use crate::Shared;
use crate::auth::model::{hash_password, verify_password};

pub struct ProfileApi {
    shared: Shared,
}

impl ProfileApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

#[tonic::async_trait]
impl ProfileService for ProfileApi {
    async fn get_profile(&self, request: Request<pb::GetProfileRequest>) -> Reply<pb::Profile> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.profile(&access).await.reply(access.lang())
    }

    async fn update_profile(&self, request: Request<pb::UpdateProfileRequest>) -> Reply<pb::UpdateProfileResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.edit_profile(&access, request.get_ref()).await.reply(access.lang())
    }

    async fn update_password(&self, request: Request<pb::UpdatePasswordRequest>) -> Reply<pb::UpdatePasswordResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.change_password(&access, request.into_inner()).await.reply(access.lang())
    }

    async fn update_avatar(&self, request: Request<pb::UpdateAvatarRequest>) -> Reply<pb::UpdateAvatarResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.change_avatar(&access, request.into_inner().image).await.reply(access.lang())
    }
}

impl ProfileApi {
    async fn profile(&self, access: &Access) -> Result<pb::Profile, Error> {
        let user_id = access.caller.user_id();
        let user = self.shared.cached_user(user_id).await?;
        let (created_at, role_group) = store::created_at_and_roles(&self.shared.pool, user_id).await?;
        Ok(pb::Profile { user: Some(user.info()), create_time_ms: created_at.timestamp_millis(), role_group })
    }

    async fn edit_profile(
        &self,
        access: &Access,
        req: &pb::UpdateProfileRequest,
    ) -> Result<pb::UpdateProfileResponse, Error> {
        let edit = ProfileEdit::parse(&req.nick_name, &req.phonenumber, &req.email, &req.sex)?;
        store::update_profile(&self.shared.pool, access.caller.user_id(), &edit).await?;
        self.shared.forget_user(access.caller.user_id()).await;
        Ok(pb::UpdateProfileResponse {})
    }

    /// A new password: the personal center's rule, the old password, then the server's
    /// policy (`auth.password_policy`). A wrong old password counts as a failed sign-in
    /// (same lock policy, same message once locked, same login log); a locked account
    /// changes nothing.
    async fn change_password(
        &self,
        access: &Access,
        req: pb::UpdatePasswordRequest,
    ) -> Result<pb::UpdatePasswordResponse, Error> {
        model::check_new_password(&req.new_password)?;
        let s = &self.shared;
        let user_id = access.caller.user_id();
        let user = crate::auth::store::find_user_by_id(&s.pool, user_id)
            .await?
            .ok_or_else(|| Error::unauthenticated(Msg::SessionExpired))?;
        let (ip, user_agent) = (access.ctx.client_ip.as_str(), access.ctx.user_agent.as_str());
        if user.lock_state().is_locked_at(Utc::now()) {
            s.record_login_failure(None, &user.user_name, ip, user_agent, s.lock_message()).await?;
            return Err(Error::bad_request(s.lock_message()));
        }
        // Argon2 is slow on purpose: the checks and the new hash run off the async threads.
        let hash = user.password_hash.clone();
        let policy = s.password_policy;
        let checked = self
            .shared
            .blocking
            .run(move || {
                if !verify_password(&hash, &req.old_password) {
                    return Err(Msg::OldPasswordWrong);
                }
                if verify_password(&hash, &req.new_password) {
                    return Err(Msg::NewPasswordSameAsOld);
                }
                policy.check(&req.new_password)?;
                hash_password(&req.new_password).map_err(|_| Msg::Internal)
            })
            .await?;
        let new_hash = match checked {
            Ok(new_hash) => new_hash,
            Err(Msg::OldPasswordWrong) => {
                let msg = Msg::OldPasswordWrong;
                let locked =
                    s.record_login_failure(Some(user_id), &user.user_name, ip, user_agent, msg.clone()).await?;
                return Err(Error::bad_request(if locked { s.lock_message() } else { msg }));
            }
            Err(Msg::Internal) => return Err(Error::new(ErrorCode::Internal, Msg::Internal)),
            Err(msg) => return Err(Error::bad_request(msg)),
        };
        let keep = Uuid::parse_str(&access.caller.session_id).map_err(Error::internal)?;
        let Some(revoked) = store::change_password(&s.pool, user_id, &new_hash, keep).await? else {
            return Err(Error::bad_request(s.lock_message()));
        };
        // Other sessions of this user end with the old password.
        for session in revoked {
            s.auth.sessions().revoke(&session.to_string()).await?;
        }
        Ok(pb::UpdatePasswordResponse {})
    }

    async fn change_avatar(&self, access: &Access, bytes: Vec<u8>) -> Result<pb::UpdateAvatarResponse, Error> {
        let files = self
            .shared
            .files_dir
            .clone()
            .ok_or_else(|| Error::internal(anyhow::anyhow!("http.files_dir is not configured")))?;
        let png = self.shared.blocking.run(move || model::prepare_avatar(&bytes)).await??;
        let path = format!("/avatar/{}.png", Uuid::new_v4());
        let target = files.join(path.trim_start_matches('/'));
        if let Some(parent) = target.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(Error::internal)?;
        }
        tokio::fs::write(&target, &png).await.map_err(Error::internal)?;
        let previous = match store::update_avatar(&self.shared.pool, access.caller.user_id(), &path).await {
            Ok(previous) => previous,
            Err(e) => {
                remove_avatar_file(&files, &path).await;
                return Err(e.into());
            }
        };
        if let Some(previous) = previous.filter(|p| model::is_uploaded_avatar(p)) {
            remove_avatar_file(&files, &previous).await;
        }
        self.shared.forget_user(access.caller.user_id()).await;
        Ok(pb::UpdateAvatarResponse { path })
    }
}

/// Deletes an uploaded avatar's file; a file already gone is no failure, and any other error
/// is logged, since the user's avatar has already changed.
async fn remove_avatar_file(files: &std::path::Path, path: &str) {
    match tokio::fs::remove_file(files.join(path.trim_start_matches('/'))).await {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => tracing::warn!(error = %e, path, "could not delete a replaced avatar"),
    }
}
