//! Who may call a service method. Every gRPC method of every service starts with
//! [`authorize`] (or [`authorize_global`] for the few that work outside a project): the
//! forwarded token is verified again, the method's permission is checked again (the edge's
//! check is not trusted) and, for business modules, the caller must have selected a project
//! it may access. The answer carries the caller, the request context and the project, so the
//! method's inner function never reads metadata itself.

use tonic::{Request, Status};

use crate::auth::{Authenticator, Caller};
use crate::error::Error;
use crate::grpc::{RequestContext, authenticate};
use crate::i18n::{Lang, Msg};

/// For [`authorize_global`]: any signed-in caller, no permission needed.
pub const SIGNED_IN: &[&str] = &[];

/// A caller allowed into a method that works outside any project (system administration,
/// the project picker, the personal center).
#[derive(Clone)]
pub struct Access {
    pub caller: Caller,
    pub ctx: RequestContext,
}

/// A caller allowed into a method of a business module, inside the project it selected.
#[derive(Clone)]
pub struct InProject {
    pub caller: Caller,
    pub ctx: RequestContext,
    pub project_id: i64,
}

impl Access {
    pub fn lang(&self) -> Lang {
        self.ctx.lang
    }

    pub fn user_name(&self) -> &str {
        self.caller.user_name()
    }

    /// The selected project, or the one message every service answers when none is.
    pub fn require_project(self) -> Result<InProject, Error> {
        let project_id = self.ctx.project_id.ok_or_else(|| Error::bad_request(Msg::ProjectRequired))?;
        Ok(InProject { caller: self.caller, ctx: self.ctx, project_id })
    }
}

impl InProject {
    pub fn lang(&self) -> Lang {
        self.ctx.lang
    }

    pub fn user_name(&self) -> &str {
        self.caller.user_name()
    }
}

/// Verifies the token, requires one of `permissions` (constants of [`crate::permission`])
/// and a selected project the caller may access (the `project-id` metadata entry;
/// [`authenticate`] has already refused one it may not).
pub async fn authorize<T>(
    auth: &Authenticator,
    request: &Request<T>,
    permissions: &[&str],
) -> Result<InProject, Status> {
    let access = authorize_global(auth, request, permissions).await?;
    let lang = access.lang();
    access.require_project().map_err(|err| err.into_status(lang))
}

/// Verifies the token and requires one of `permissions`; [`SIGNED_IN`] (an empty list)
/// asks only for a signed-in caller. No project is needed.
pub async fn authorize_global<T>(
    auth: &Authenticator,
    request: &Request<T>,
    permissions: &[&str],
) -> Result<Access, Status> {
    let (caller, ctx) = authenticate(auth, request).await?;
    if !permissions.is_empty() && !caller.has_any(permissions) {
        return Err(Error::forbidden(Msg::NoPermission).into_status(ctx.lang));
    }
    Ok(Access { caller, ctx })
}
