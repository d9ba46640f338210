//! The AuthService: each method authorizes (where a caller is signed in), calls its inner
//! function and maps the error once; the rules are in `model`, the transactions in `store`.

use std::sync::Arc;

use base64::Engine;
use chrono::Utc;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use lumiscape_common::access::{Access, SIGNED_IN, authorize_global};
use lumiscape_common::auth::Claims;
use lumiscape_common::grpc::lang_of;
use lumiscape_common::i18n::Msg;
use lumiscape_common::session::SessionState;
use lumiscape_common::{Error, StatusExt};
use lumiscape_proto::identity::v1 as pb;
use lumiscape_proto::identity::v1::auth_service_server::AuthService;
use serde::Deserialize;
use tonic::{Request, Response, Status};
use uuid::Uuid;

use super::events::{LoginFact, LoginOutcome};
use super::model::{self, MAX_PASSWORD_LEN, MAX_USER_NAME_LEN};
use super::store::{self, NewSession, UserRow};
use crate::Shared;

pub struct AuthApi {
    shared: Shared,
}

impl AuthApi {
    pub fn new(shared: Shared) -> Self {
        Self { shared }
    }
}

type Reply<T> = Result<Response<T>, Status>;

/// Where a sign-in attempt came from, for the login log.
struct Origin<'a> {
    ip: &'a str,
    user_agent: &'a str,
}

#[tonic::async_trait]
impl AuthService for AuthApi {
    async fn get_captcha(&self, request: Request<pb::GetCaptchaRequest>) -> Reply<pb::GetCaptchaResponse> {
        self.captcha().await.reply(lang_of(&request))
    }

    async fn login(&self, request: Request<pb::LoginRequest>) -> Reply<pb::LoginResponse> {
        let lang = lang_of(&request);
        let req = request.into_inner();
        let origin = Origin { ip: &req.ip, user_agent: &req.user_agent };
        self.login_inner(&req, &origin).await.map(|token| pb::LoginResponse { token }).reply(lang)
    }

    async fn login_by_other_system(
        &self,
        request: Request<pb::LoginByOtherSystemRequest>,
    ) -> Reply<pb::LoginByOtherSystemResponse> {
        let lang = lang_of(&request);
        let req = request.into_inner();
        self.login_by_other_system_inner(&req).await.reply(lang)
    }

    async fn logout(&self, request: Request<pb::LogoutRequest>) -> Reply<pb::LogoutResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.logout_inner(&access).await.reply(access.lang())
    }

    async fn refresh(&self, request: Request<pb::RefreshRequest>) -> Reply<pb::RefreshResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.refresh_inner(&access).await.reply(access.lang())
    }

    async fn get_info(&self, request: Request<pb::GetInfoRequest>) -> Reply<pb::GetInfoResponse> {
        let access = authorize_global(&self.shared.auth, &request, SIGNED_IN).await?;
        self.get_info_inner(&access).await.reply(access.lang())
    }
}

fn error_status() -> pb::LoginByOtherSystemResponse {
    pb::LoginByOtherSystemResponse { status: "error".into(), token: String::new() }
}

impl AuthApi {
    async fn captcha(&self) -> Result<pb::GetCaptchaResponse, Error> {
        let s = &self.shared;
        if !s.captcha_enabled().await? {
            return Ok(pb::GetCaptchaResponse { captcha_enabled: false, ..Default::default() });
        }
        let (answer, png) = s
            .blocking
            .run(|| {
                let mut image = captcha::Captcha::new();
                image
                    .add_chars(4)
                    .apply_filter(captcha::filters::Noise::new(0.2))
                    .apply_filter(captcha::filters::Wave::new(2.0, 8.0))
                    .view(160, 60);
                image.as_tuple()
            })
            .await?
            .ok_or_else(|| Error::internal(anyhow::anyhow!("captcha image could not be drawn")))?;
        let uuid = Uuid::new_v4();
        store::insert_captcha(&s.pool, uuid, &answer, Utc::now() + s.captcha_ttl).await?;
        Ok(pb::GetCaptchaResponse {
            captcha_enabled: true,
            uuid: uuid.to_string(),
            img: base64::engine::general_purpose::STANDARD.encode(png),
        })
    }

    async fn login_by_other_system_inner(
        &self,
        req: &pb::LoginByOtherSystemRequest,
    ) -> Result<pb::LoginByOtherSystemResponse, Error> {
        let origin = Origin { ip: &req.ip, user_agent: &req.user_agent };
        let Some(verified) = self.shared.verify_other_system_token(&req.token) else {
            self.record_failure(None, "", &origin, Msg::OtherSystemAuthFailed).await?;
            return Ok(error_status());
        };
        let user_name = verified.user_name;
        // Single use: remembered (a minute past its expiry, so a replay checked just before
        // the expiry still meets the row) and refused the second time.
        let remember_until = verified.expires_at + chrono::Duration::minutes(1);
        let pool = &self.shared.pool;
        if !store::claim_other_system_token(pool, &verified.system_name, &verified.jti, remember_until).await? {
            tracing::warn!(system = %verified.system_name, "other-system token replayed");
            self.record_failure(None, &user_name, &origin, Msg::OtherSystemAuthFailed).await?;
            return Ok(error_status());
        }
        let user = store::find_user_by_name(&self.shared.pool, &user_name).await?;
        let Some(user) = user.filter(UserRow::is_enabled) else {
            self.record_failure(None, &user_name, &origin, Msg::OtherSystemAuthFailed).await?;
            return Ok(error_status());
        };
        let token = self.open_session(&user, &origin).await?;
        Ok(pb::LoginByOtherSystemResponse { status: "success".into(), token })
    }

    async fn logout_inner(&self, access: &Access) -> Result<pb::LogoutResponse, Error> {
        let s = &self.shared;
        let caller = &access.caller;
        // The bucket is what stops the token everywhere, so it goes first.
        s.auth.sessions().revoke(&caller.session_id).await?;
        let session_id = Uuid::parse_str(&caller.session_id).map_err(Error::internal)?;
        let fact = LoginFact {
            outcome: LoginOutcome::LoggedOut,
            user_name: caller.user_name(),
            user_id: caller.user_id(),
            ip: &access.ctx.client_ip,
            user_agent: &access.ctx.user_agent,
            message_key: Msg::LogoutSuccess.key(),
        };
        store::close_session(&s.pool, &s.streams, session_id, &fact).await?;
        s.outbox.wake();
        Ok(pb::LogoutResponse {})
    }

    async fn refresh_inner(&self, access: &Access) -> Result<pb::RefreshResponse, Error> {
        let s = &self.shared;
        let caller = &access.caller;
        let hard_limit_ms = caller.token_expires_at * 1000;
        let expires_at_ms = (Utc::now() + s.session_ttl).timestamp_millis().min(hard_limit_ms);
        let expires_at = chrono::DateTime::from_timestamp_millis(expires_at_ms).unwrap_or_else(Utc::now);
        let session_id = Uuid::parse_str(&caller.session_id).map_err(Error::internal)?;
        if !store::extend_session(&s.pool, session_id, expires_at).await? {
            return Err(Error::unauthenticated(Msg::SessionExpired));
        }
        let state = SessionState { expires_at_ms, ..(*caller.session).clone() };
        // Revision-checked: a logout landing meanwhile wins, and the session stays ended.
        if !s.auth.sessions().replace(&caller.session_id, &state).await? {
            return Err(Error::unauthenticated(Msg::SessionExpired));
        }
        Ok(pb::RefreshResponse { expires_at_ms })
    }

    async fn get_info_inner(&self, access: &Access) -> Result<pb::GetInfoResponse, Error> {
        let user = self.shared.cached_user(access.caller.user_id()).await?;
        Ok(pb::GetInfoResponse {
            user: Some(user.info()),
            permissions: access.caller.permissions().to_vec(),
            default_menu: user.default_menu.clone(),
            roles: user.role_keys.clone(),
        })
    }

    async fn login_inner(&self, req: &pb::LoginRequest, origin: &Origin<'_>) -> Result<String, Error> {
        let s = &self.shared;
        let user_name = req.username.trim();
        if user_name.is_empty() {
            return Err(Error::bad_request(Msg::UsernameRequired));
        }
        if req.password.is_empty() {
            return Err(Error::bad_request(Msg::PasswordRequired));
        }
        if s.captcha_enabled().await? {
            self.check_captcha(req, user_name, origin).await?;
        }
        if user_name.chars().count() > MAX_USER_NAME_LEN || req.password.len() > MAX_PASSWORD_LEN {
            self.record_failure(None, user_name, origin, Msg::BadCredentials).await?;
            return Err(Error::bad_request(Msg::BadCredentials));
        }
        let user = store::find_user_by_name(&s.pool, user_name).await?;
        let Some(user) = user else {
            // Spend the same time as a wrong password, so unknown names cannot be told apart.
            self.verify(model::decoy_hash().to_owned(), req.password.clone()).await?;
            self.record_failure(None, user_name, origin, Msg::BadCredentials).await?;
            return Err(Error::bad_request(Msg::BadCredentials));
        };
        if user.lock_state().is_locked_at(Utc::now()) {
            self.verify(model::decoy_hash().to_owned(), req.password.clone()).await?;
            self.record_failure(None, user_name, origin, s.lock_message()).await?;
            return Err(Error::bad_request(Msg::BadCredentials));
        }
        if !self.verify(user.password_hash.clone(), req.password.clone()).await? {
            self.record_failure(Some(user.user_id), user_name, origin, Msg::BadCredentials).await?;
            return Err(Error::bad_request(Msg::BadCredentials));
        }
        if !user.is_enabled() {
            self.record_failure(None, user_name, origin, Msg::UserDisabled).await?;
            return Err(Error::bad_request(Msg::UserDisabled));
        }
        self.open_session(&user, origin).await
    }

    async fn check_captcha(&self, req: &pb::LoginRequest, user_name: &str, origin: &Origin<'_>) -> Result<(), Error> {
        if req.code.trim().is_empty() || req.uuid.trim().is_empty() {
            return Err(Error::bad_request(Msg::CaptchaRequired));
        }
        let taken = match Uuid::parse_str(req.uuid.trim()) {
            Ok(uuid) => store::take_captcha(&self.shared.pool, uuid).await?,
            Err(_) => None,
        };
        let failure = match taken {
            None => Some(Msg::CaptchaExpired),
            Some((_, expires_at)) if expires_at <= Utc::now() => Some(Msg::CaptchaExpired),
            Some((answer, _)) if !model::captcha_matches(&answer, &req.code) => Some(Msg::CaptchaWrong),
            Some(_) => None,
        };
        match failure {
            None => Ok(()),
            Some(msg) => {
                self.record_failure(None, user_name, origin, msg.clone()).await?;
                Err(Error::bad_request(msg))
            }
        }
    }

    /// Writes a failed attempt: the account's failure count (when `user_id` is given) and
    /// the event for the login log.
    async fn record_failure(
        &self,
        user_id: Option<i64>,
        user_name: &str,
        origin: &Origin<'_>,
        msg: Msg,
    ) -> Result<(), Error> {
        self.shared.record_login_failure(user_id, user_name, origin.ip, origin.user_agent, msg).await?;
        Ok(())
    }

    /// Starts a session for a verified user and returns its token.
    async fn open_session(&self, user: &UserRow, origin: &Origin<'_>) -> Result<String, Error> {
        let s = &self.shared;
        let permissions = store::user_permissions(&s.pool, user.user_id).await?;
        let project_ids =
            if user.all_projects { Vec::new() } else { store::user_project_ids(&s.pool, user.user_id).await? };
        let now = Utc::now();
        let session_id = Uuid::new_v4();
        let hard_expiry = now + s.session_max;
        let expires_at = (now + s.session_ttl).min(hard_expiry);
        let session =
            NewSession { session_id, user_id: user.user_id, expires_at, ip: origin.ip, user_agent: origin.user_agent };
        let fact = LoginFact {
            outcome: LoginOutcome::Succeeded,
            user_name: &user.user_name,
            user_id: user.user_id,
            ip: origin.ip,
            user_agent: origin.user_agent,
            message_key: Msg::LoginSuccess.key(),
        };
        // A lock set by a parallel attempt while this one verified the password wins.
        if !store::open_session(&s.pool, &s.streams, &session, &fact).await? {
            self.record_failure(None, &user.user_name, origin, s.lock_message()).await?;
            return Err(Error::bad_request(Msg::BadCredentials));
        }
        s.outbox.wake();

        let state = SessionState {
            uid: user.user_id,
            user_name: user.user_name.clone(),
            expires_at_ms: expires_at.timestamp_millis(),
            permissions,
            all_projects: user.all_projects,
            project_ids,
        };
        s.auth.sessions().put(&session_id.to_string(), &state).await?;
        let claims = Claims {
            sid: session_id.to_string(),
            uid: user.user_id,
            iat: now.timestamp(),
            exp: hard_expiry.timestamp(),
        };
        s.auth.signer().sign(&claims)
    }
}

impl AuthApi {
    /// Argon2 is deliberately slow; it runs in the bounded pool, off the async threads.
    async fn verify(&self, hash: String, password: String) -> Result<bool, Error> {
        self.shared.blocking.run(move || model::verify_password(&hash, &password)).await
    }
}

/// The claims a trusted system puts in its token. `exp`, `iss`, `sub` and `aud` are
/// checked by the decoder; `jti` and `iat` here.
#[derive(Debug, Deserialize)]
struct OtherSystemClaims {
    sub: String,
    exp: i64,
    jti: Option<String>,
    iat: Option<i64>,
}

/// An other system's token that verified: who it signs in, and what makes it single-use.
#[derive(Debug, Clone)]
pub struct OtherSystemSignIn {
    pub user_name: String,
    pub system_name: String,
    pub jti: String,
    pub expires_at: chrono::DateTime<Utc>,
}

impl Shared {
    /// The sign-in a token of one of the trusted systems asks for, if one verifies it: its
    /// signature, issuer, audience and expiry, a `jti`, and an `iat` no older than
    /// `auth.other_system_max_age_seconds`. Whether the `jti` was used already is the
    /// caller's check, in the database.
    pub fn verify_other_system_token(&self, token: &str) -> Option<OtherSystemSignIn> {
        if token.is_empty() || token.len() > 4096 {
            return None;
        }
        let now = Utc::now().timestamp();
        self.trusted.iter().find_map(|system| {
            let mut validation = Validation::new(Algorithm::HS256);
            validation.leeway = 0;
            validation.set_issuer(&[system.name.as_str()]);
            validation.set_audience(&[system.audience.as_str()]);
            validation.set_required_spec_claims(&["exp", "iss", "sub", "aud"]);
            let key = DecodingKey::from_secret(system.key.as_bytes());
            let claims = jsonwebtoken::decode::<OtherSystemClaims>(token, &key, &validation).ok()?.claims;
            let user_name = claims.sub.trim().to_owned();
            let jti = claims.jti.map(|jti| jti.trim().to_owned()).unwrap_or_default();
            let iat = claims.iat?;
            let fresh = model::other_system_token_is_fresh(iat, now, self.other_system_max_age_seconds);
            if user_name.is_empty() || jti.is_empty() || jti.chars().count() > model::MAX_JTI_LEN || !fresh {
                return None;
            }
            let expires_at = chrono::DateTime::from_timestamp(claims.exp, 0)?;
            Some(OtherSystemSignIn { user_name, system_name: system.name.clone(), jti, expires_at })
        })
    }

    /// Writes a failed password attempt (a sign-in, or a password change with a wrong old
    /// password): the account's failure count under the lock policy (when `user_id` is
    /// given) and the event for the login log. Answers whether this failure locked the
    /// account.
    pub(crate) async fn record_login_failure(
        &self,
        user_id: Option<i64>,
        user_name: &str,
        ip: &str,
        user_agent: &str,
        msg: Msg,
    ) -> Result<bool, Error> {
        let fact = LoginFact {
            outcome: LoginOutcome::Failed,
            user_name,
            user_id: user_id.unwrap_or(0),
            ip,
            user_agent,
            message_key: msg.key(),
        };
        let account = user_id.map(|id| (id, self.policy));
        let locked =
            store::record_failure(&self.pool, &self.streams, account, &fact, self.lock_message().key()).await?;
        if locked {
            tracing::warn!(user = user_name, "account locked after repeated wrong passwords");
        }
        self.outbox.wake();
        Ok(locked)
    }

    pub(crate) fn lock_message(&self) -> Msg {
        Msg::TooManyFailures { attempts: self.policy.max_attempts, minutes: self.policy.lock_for.num_minutes() as u64 }
    }

    pub async fn cached_user(&self, user_id: i64) -> Result<Arc<UserRow>, Error> {
        let pool = self.pool.clone();
        self.users
            .try_get_with(user_id, async move {
                match store::find_user_by_id(&pool, user_id).await {
                    Ok(Some(user)) => Ok(Arc::new(user)),
                    Ok(None) => Err(Error::unauthenticated(Msg::SessionExpired)),
                    Err(err) => Err(Error::from(err)),
                }
            })
            .await
            .map_err(|err: Arc<Error>| Error::new(err.code, err.msg.clone()))
    }
}
