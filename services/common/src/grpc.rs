//! What crosses gRPC besides the message: the caller's token, project and language, and
//! the client's address. The edge writes these; each service reads and verifies them.

use tonic::metadata::{MetadataMap, MetadataValue};

use crate::auth::{Authenticator, Caller, bearer_token};
use crate::error::{Error, Result};
use crate::i18n::{Lang, Msg};

pub const AUTHORIZATION: &str = "authorization";
pub const PROJECT_ID: &str = "project-id";
pub const LANGUAGE: &str = "content-language";
pub const CLIENT_IP: &str = "x-client-ip";
pub const USER_AGENT: &str = "x-client-user-agent";

/// The request context carried in metadata.
#[derive(Debug, Clone, Default)]
pub struct RequestContext {
    pub token: Option<String>,
    /// The selected project; `None` when none is selected (absent or -1).
    pub project_id: Option<i64>,
    pub lang: Lang,
    pub client_ip: String,
    pub user_agent: String,
}

impl RequestContext {
    /// Reads the context; a malformed project id is an error, not a silent "no project".
    pub fn from_metadata(meta: &MetadataMap) -> Result<Self> {
        let text = |key: &str| meta.get(key).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let lang = Lang::from_header(text(LANGUAGE).as_deref());
        let token = text(AUTHORIZATION).as_deref().and_then(bearer_token).map(str::to_owned);
        let project_id = parse_project_id(text(PROJECT_ID).as_deref())?;
        Ok(Self {
            token,
            project_id,
            lang,
            client_ip: text(CLIENT_IP).unwrap_or_default(),
            user_agent: text(USER_AGENT).unwrap_or_default(),
        })
    }

    /// Writes the context into outgoing metadata.
    pub fn write_to(&self, meta: &mut MetadataMap) {
        let mut put = |key: &'static str, value: &str| {
            if let Ok(v) = MetadataValue::try_from(value) {
                meta.insert(key, v);
            }
        };
        if let Some(token) = &self.token {
            put(AUTHORIZATION, &format!("Bearer {token}"));
        }
        if let Some(project) = self.project_id {
            put(PROJECT_ID, &project.to_string());
        }
        put(LANGUAGE, self.lang.as_header());
        if !self.client_ip.is_empty() {
            put(CLIENT_IP, &self.client_ip);
        }
        if !self.user_agent.is_empty() {
            put(USER_AGENT, &self.user_agent);
        }
    }

    /// Wraps a message in a request carrying this context.
    pub fn request<T>(&self, message: T) -> tonic::Request<T> {
        let mut request = tonic::Request::new(message);
        self.write_to(request.metadata_mut());
        request
    }
}

/// Parses the `ProjectId` header: absent, empty or -1 mean "none selected".
pub fn parse_project_id(value: Option<&str>) -> Result<Option<i64>> {
    match value.map(str::trim) {
        None | Some("") | Some("-1") => Ok(None),
        Some(text) => match text.parse::<i64>() {
            Ok(id) if id > 0 => Ok(Some(id)),
            _ => Err(Error::bad_request(Msg::ProjectIdInvalid)),
        },
    }
}

/// Verifies the caller of a gRPC request: its token, its session, and its right to the
/// project it names. Every service calls this itself; the edge's check is not trusted.
pub async fn authenticate<T>(
    auth: &Authenticator,
    request: &tonic::Request<T>,
) -> std::result::Result<(Caller, RequestContext), tonic::Status> {
    let ctx = RequestContext::from_metadata(request.metadata()).map_err(|e| e.into_status(Lang::Zh))?;
    let lang = ctx.lang;
    let token = ctx.token.as_deref().ok_or_else(|| Error::unauthenticated(Msg::TokenMissing).into_status(lang))?;
    let caller = auth.authenticate(token).await.map_err(|e| e.into_status(lang))?;
    if let Some(project) = ctx.project_id
        && !caller.may_access_project(project)
    {
        return Err(Error::forbidden(Msg::ProjectForbidden).into_status(lang));
    }
    Ok((caller, ctx))
}

/// The language of a request, for answering it.
pub fn lang_of<T>(request: &tonic::Request<T>) -> Lang {
    Lang::from_header(request.metadata().get(LANGUAGE).and_then(|v| v.to_str().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_id_parsing() {
        assert_eq!(parse_project_id(None).unwrap(), None);
        assert_eq!(parse_project_id(Some("-1")).unwrap(), None);
        assert_eq!(parse_project_id(Some(" 12 ")).unwrap(), Some(12));
        assert!(parse_project_id(Some("abc")).is_err());
        assert!(parse_project_id(Some("0")).is_err());
        assert!(parse_project_id(Some("-5")).is_err());
    }

    #[test]
    fn context_round_trips_through_metadata() {
        let ctx = RequestContext {
            token: Some("t".into()),
            project_id: Some(3),
            lang: Lang::En,
            client_ip: "127.0.0.1".into(),
            user_agent: "ua".into(),
        };
        let mut meta = MetadataMap::new();
        ctx.write_to(&mut meta);
        let back = RequestContext::from_metadata(&meta).unwrap();
        assert_eq!(back.token.as_deref(), Some("t"));
        assert_eq!(back.project_id, Some(3));
        assert_eq!(back.lang, Lang::En);
        assert_eq!(back.client_ip, "127.0.0.1");
    }
}
