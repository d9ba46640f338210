//! Access tokens. A token is an HS256-signed JWT naming a session; the session's live state
//! (expiry, permissions, projects) is in the [`crate::session::SessionRegistry`], so signing
//! out or a refresh takes effect everywhere at once while the token itself stays the same.

use std::sync::Arc;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::i18n::Msg;
use crate::permission;
use crate::session::{SessionRegistry, SessionState};

/// The signed part of an access token.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// Session id.
    pub sid: String,
    /// User id.
    pub uid: i64,
    /// Issued at, unix seconds.
    pub iat: i64,
    /// Hard expiry, unix seconds; the session's own expiry is usually sooner.
    pub exp: i64,
}

/// Signs and verifies access tokens with one HMAC key. Tokens that verified are
/// remembered for a minute (keyed by the whole token, so only a verified token can hit),
/// since every request carries one and both the edge and the service check it.
#[derive(Clone)]
pub struct TokenSigner {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    verified: moka::sync::Cache<Box<str>, Arc<Claims>>,
}

impl TokenSigner {
    pub fn new(key: &str) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp"]);
        Self {
            encoding: EncodingKey::from_secret(key.as_bytes()),
            decoding: DecodingKey::from_secret(key.as_bytes()),
            validation,
            verified: moka::sync::Cache::builder()
                .max_capacity(100_000)
                .time_to_live(std::time::Duration::from_secs(60))
                .build(),
        }
    }

    pub fn sign(&self, claims: &Claims) -> Result<String> {
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding).map_err(Error::internal)
    }

    /// Verifies signature, algorithm (only HS256; `none` and others are refused) and expiry.
    pub fn verify(&self, token: &str) -> Result<Arc<Claims>> {
        if let Some(claims) = self.verified.get(token) {
            if claims.exp > chrono::Utc::now().timestamp() {
                return Ok(claims);
            }
            return Err(Error::unauthenticated(Msg::TokenInvalid));
        }
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map(|data| Arc::new(data.claims))
            .map_err(|_| Error::unauthenticated(Msg::TokenInvalid))?;
        self.verified.insert(token.into(), claims.clone());
        Ok(claims)
    }
}

/// Who is calling: the verified session behind a token.
#[derive(Debug, Clone)]
pub struct Caller {
    pub session_id: String,
    pub session: Arc<SessionState>,
    /// The token's hard expiry (unix seconds); refreshes never pass it.
    pub token_expires_at: i64,
}

impl Caller {
    pub fn user_id(&self) -> i64 {
        self.session.uid
    }

    pub fn user_name(&self) -> &str {
        &self.session.user_name
    }

    pub fn permissions(&self) -> &[String] {
        &self.session.permissions
    }

    /// Whether the caller holds any of `required` (spec section 6).
    pub fn has_any(&self, required: &[&str]) -> bool {
        permission::has_any(&self.session.permissions, required)
    }

    /// Whether the caller may work in the given project.
    pub fn may_access_project(&self, project_id: i64) -> bool {
        self.session.all_projects || self.session.project_ids.contains(&project_id)
    }
}

/// Verifies tokens against the signer and the live sessions. Cheap to clone: handlers
/// clone their state on every request.
#[derive(Clone)]
pub struct Authenticator {
    inner: Arc<(TokenSigner, SessionRegistry)>,
}

impl Authenticator {
    pub fn new(signer: TokenSigner, sessions: SessionRegistry) -> Self {
        Self { inner: Arc::new((signer, sessions)) }
    }

    pub fn signer(&self) -> &TokenSigner {
        &self.inner.0
    }

    pub fn sessions(&self) -> &SessionRegistry {
        &self.inner.1
    }

    /// The caller behind `token`, or `Unauthenticated` when the token is forged, expired,
    /// or its session has ended.
    pub async fn authenticate(&self, token: &str) -> Result<Caller> {
        let claims = self.signer().verify(token)?;
        let session = self
            .sessions()
            .get(&claims.sid)
            .await?
            .filter(|s| s.uid == claims.uid && s.is_live_at(chrono::Utc::now().timestamp_millis()))
            .ok_or_else(|| Error::unauthenticated(Msg::SessionExpired))?;
        Ok(Caller { session_id: claims.sid.clone(), session, token_expires_at: claims.exp })
    }
}

/// The token in an `Authorization: Bearer <token>` value.
pub fn bearer_token(header: &str) -> Option<&str> {
    let (scheme, token) = header.trim().split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let token = token.trim();
    (!token.is_empty()).then_some(token)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64_like::encode_segment;

    fn claims(exp_offset: i64) -> Claims {
        let now = chrono::Utc::now().timestamp();
        Claims { sid: "s1".into(), uid: 7, iat: now, exp: now + exp_offset }
    }

    #[test]
    fn signed_tokens_verify() {
        let signer = TokenSigner::new(&"k".repeat(32));
        let token = signer.sign(&claims(60)).unwrap();
        assert_eq!(signer.verify(&token).unwrap().uid, 7);
    }

    #[test]
    fn a_remembered_token_still_expires() {
        let signer = TokenSigner::new(&"k".repeat(32));
        let token = signer.sign(&claims(1)).unwrap();
        assert!(signer.verify(&token).is_ok());
        std::thread::sleep(std::time::Duration::from_millis(2100));
        assert!(signer.verify(&token).is_err(), "the cache must not outlive the token");
    }

    #[test]
    fn expired_tokens_are_refused() {
        let signer = TokenSigner::new(&"k".repeat(32));
        let token = signer.sign(&claims(-1)).unwrap();
        assert!(signer.verify(&token).is_err());
    }

    #[test]
    fn a_token_signed_with_another_key_is_refused() {
        let token = TokenSigner::new(&"a".repeat(32)).sign(&claims(60)).unwrap();
        assert!(TokenSigner::new(&"b".repeat(32)).verify(&token).is_err());
    }

    #[test]
    fn alg_none_is_refused() {
        let signer = TokenSigner::new(&"k".repeat(32));
        let header = encode_segment(br#"{"alg":"none","typ":"JWT"}"#);
        let body = encode_segment(serde_json::to_string(&claims(60)).unwrap().as_bytes());
        assert!(signer.verify(&format!("{header}.{body}.")).is_err());
        assert!(signer.verify(&format!("{header}.{body}")).is_err());
    }

    #[test]
    fn bearer_parsing() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("bearer  abc "), Some("abc"));
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("Bearer "), None);
        assert_eq!(bearer_token("abc"), None);
    }

    /// Minimal unpadded base64url for building hostile tokens in tests.
    mod base64_like {
        const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

        pub fn encode_segment(input: &[u8]) -> String {
            let mut out = String::new();
            for chunk in input.chunks(3) {
                let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
                let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
                let chars = chunk.len() + 1;
                for i in 0..chars {
                    out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
                }
            }
            out
        }
    }
}
