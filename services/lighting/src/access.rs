//! Who may call a lighting method: every call authenticates the forwarded token, checks the
//! method's permission again (the edge's check is not trusted) and works inside the one
//! project named by the `project-id` metadata entry, which the caller must be allowed into.

use lumiscape_common::auth::{Authenticator, Caller};
use lumiscape_common::grpc::{RequestContext, authenticate};
use lumiscape_common::i18n::Msg;
use lumiscape_common::{Error, Lang};
use tonic::{Request, Status};

/// An authorized call.
#[derive(Clone)]
pub struct Access {
    pub caller: Caller,
    pub ctx: RequestContext,
    pub project_id: i64,
}

impl Access {
    pub fn lang(&self) -> Lang {
        self.ctx.lang
    }
}

/// Authenticates the caller, checks that it holds one of `permissions` and that a project
/// it may access is selected.
pub async fn authorize<T>(auth: &Authenticator, request: &Request<T>, permissions: &[&str]) -> Result<Access, Status> {
    let (caller, ctx) = authenticate(auth, request).await?;
    if !caller.has_any(permissions) {
        return Err(Error::forbidden(Msg::NoPermission).into_status(ctx.lang));
    }
    // `authenticate` has already refused a project the caller may not access.
    let project_id = ctx.project_id.ok_or_else(|| Error::bad_request(Msg::ProjectRequired).into_status(ctx.lang))?;
    Ok(Access { caller, ctx, project_id })
}
