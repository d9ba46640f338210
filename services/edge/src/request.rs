//! What the guard learnt about a request, handed to its handler: the context forwarded to
//! the services (token, project, language, client) and the verified caller.

use axum::http::HeaderMap;
use lumiscape_common::Lang;
use lumiscape_common::auth::Caller;
use lumiscape_common::grpc::RequestContext;

/// The header naming the request's language (`zh_CN` or `en_US`).
pub const LANGUAGE_HEADER: &str = "content-language";
/// The header naming the selected project.
pub const PROJECT_HEADER: &str = "projectid";

#[derive(Clone)]
pub struct RequestInfo {
    pub ctx: RequestContext,
    pub caller: Option<Caller>,
}

impl RequestInfo {
    pub fn lang(&self) -> Lang {
        self.ctx.lang
    }
}

/// The language a request asks for; Chinese unless it names English.
pub fn lang_of(headers: &HeaderMap) -> Lang {
    Lang::from_header(headers.get(LANGUAGE_HEADER).and_then(|v| v.to_str().ok()))
}

/// The request body limit in force, for the envelope's message.
#[derive(Debug, Clone, Copy)]
pub struct BodyLimit(pub usize);
