//! Who may call: every method authenticates, checks its permission again (the edge's check
//! is not trusted) and works inside the caller's selected project.

use lumiscape_common::auth::{Authenticator, Caller};
use lumiscape_common::grpc::authenticate;
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang};
use tonic::{Request, Status};

/// An authenticated caller inside a project it may access.
pub struct InProject {
    pub caller: Caller,
    pub lang: Lang,
    pub project_id: i64,
}

/// Authenticates the request, requires one of `permissions` and a selected project (which
/// [`authenticate`] has checked the caller may access).
pub async fn in_project<T>(
    auth: &Authenticator,
    request: &Request<T>,
    permissions: &[&str],
) -> Result<InProject, Status> {
    let (caller, ctx) = authenticate(auth, request).await?;
    if !caller.has_any(permissions) {
        return Err(Error::forbidden(Msg::NoPermission).into_status(ctx.lang));
    }
    let project_id =
        ctx.project_id.ok_or_else(|| Error::bad_request(Msg::AlarmProjectRequired).into_status(ctx.lang))?;
    Ok(InProject { caller, lang: ctx.lang, project_id })
}
