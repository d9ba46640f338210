use lumiscape_common::Error;
use lumiscape_common::StatusExt;
use lumiscape_common::grpc::authenticate;
use lumiscape_common::i18n::Msg;
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
        let (caller, ctx) = authenticate(&self.shared.auth, &request).await?;
        let user = self.shared.cached_user(caller.user_id()).await.or_status(ctx.lang)?;
        let (created_at, role_group) =
            store::created_at_and_roles(&self.shared.pool, caller.user_id()).await.or_status(ctx.lang)?;
        Ok(Response::new(pb::Profile {
            user: Some(user.info()),
            create_time_ms: created_at.timestamp_millis(),
            role_group,
        }))
    }

    async fn update_profile(&self, request: Request<pb::UpdateProfileRequest>) -> Reply<pb::UpdateProfileResponse> {
        let (caller, ctx) = authenticate(&self.shared.auth, &request).await?;
        let req = request.get_ref();
        let edit = ProfileEdit::parse(&req.nick_name, &req.phonenumber, &req.email, &req.sex)
            .map_err(|msg| Error::bad_request(msg).into_status(ctx.lang))?;
        store::update_profile(&self.shared.pool, caller.user_id(), &edit).await.or_status(ctx.lang)?;
        self.shared.forget_user(caller.user_id()).await;
        Ok(Response::new(pb::UpdateProfileResponse {}))
    }

    async fn update_password(&self, request: Request<pb::UpdatePasswordRequest>) -> Reply<pb::UpdatePasswordResponse> {
        let (caller, ctx) = authenticate(&self.shared.auth, &request).await?;
        let lang = ctx.lang;
        let req = request.into_inner();
        model::check_new_password(&req.new_password).map_err(|msg| Error::bad_request(msg).into_status(lang))?;
        let s = &self.shared;
        let user = crate::auth::store::find_user_by_id(&s.pool, caller.user_id())
            .await
            .or_status(lang)?
            .ok_or_else(|| Error::unauthenticated(Msg::SessionExpired).into_status(lang))?;
        // Argon2 is slow on purpose: the checks and the new hash run off the async threads.
        let checked = tokio::task::spawn_blocking(move || {
            if !verify_password(&user.password_hash, &req.old_password) {
                return Err(Msg::OldPasswordWrong);
            }
            if verify_password(&user.password_hash, &req.new_password) {
                return Err(Msg::NewPasswordSameAsOld);
            }
            hash_password(&req.new_password).map_err(|_| Msg::Internal)
        })
        .await
        .map_err(|e| Error::internal(e).into_status(lang))?;
        let hash = checked.map_err(|msg| {
            let code = if msg == Msg::Internal {
                lumiscape_common::ErrorCode::Internal
            } else {
                lumiscape_common::ErrorCode::BadRequest
            };
            Error::new(code, msg).into_status(lang)
        })?;
        let keep = Uuid::parse_str(&caller.session_id).map_err(|e| Error::internal(e).into_status(lang))?;
        let revoked: Result<Vec<Uuid>, Error> = async {
            let mut tx = s.pool.begin().await?;
            store::update_password(&mut tx, caller.user_id(), &hash).await?;
            let revoked = store::revoke_other_sessions(&mut tx, caller.user_id(), keep).await?;
            tx.commit().await?;
            Ok(revoked)
        }
        .await;
        // Other sessions of this user end with the old password.
        for session in revoked.or_status(lang)? {
            s.auth.sessions().revoke(&session.to_string()).await.or_status(lang)?;
        }
        Ok(Response::new(pb::UpdatePasswordResponse {}))
    }

    async fn update_avatar(&self, request: Request<pb::UpdateAvatarRequest>) -> Reply<pb::UpdateAvatarResponse> {
        let (caller, ctx) = authenticate(&self.shared.auth, &request).await?;
        let lang = ctx.lang;
        let files =
            self.shared.files_dir.clone().ok_or_else(|| {
                Error::internal(anyhow::anyhow!("http.files_dir is not configured")).into_status(lang)
            })?;
        let bytes = request.into_inner().image;
        let png = tokio::task::spawn_blocking(move || model::prepare_avatar(&bytes))
            .await
            .map_err(|e| Error::internal(e).into_status(lang))?
            .map_err(|msg| Error::bad_request(msg).into_status(lang))?;
        let path = format!("/avatar/{}.png", Uuid::new_v4());
        let target = files.join(path.trim_start_matches('/'));
        let written: std::io::Result<()> = async {
            if let Some(parent) = target.parent() {
                tokio::fs::create_dir_all(parent).await?;
            }
            tokio::fs::write(&target, &png).await
        }
        .await;
        written.map_err(|e| Error::internal(e).into_status(lang))?;
        store::update_avatar(&self.shared.pool, caller.user_id(), &path).await.or_status(lang)?;
        self.shared.forget_user(caller.user_id()).await;
        Ok(Response::new(pb::UpdateAvatarResponse { path }))
    }
}
