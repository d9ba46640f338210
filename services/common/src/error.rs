//! The error vocabulary. One `ErrorCode` maps to a `tonic::Code` and to the envelope's
//! `code` in one place; internal details go to the log, never into the user's message.

use crate::i18n::{Lang, Msg};

/// What kind of failure happened, independent of transport.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    BadRequest,
    Unauthenticated,
    Forbidden,
    NotFound,
    Conflict,
    PayloadTooLarge,
    Unavailable,
    Internal,
    /// The operation cannot run in the target's present state (a device offline).
    FailedPrecondition,
    /// A device or service did not answer in time.
    Timeout,
}

impl ErrorCode {
    /// The envelope `code` (and the HTTP status) the console receives.
    pub fn http_code(self) -> u16 {
        match self {
            ErrorCode::BadRequest => 400,
            ErrorCode::Unauthenticated => 401,
            ErrorCode::Forbidden => 403,
            ErrorCode::NotFound => 404,
            ErrorCode::Conflict => 409,
            ErrorCode::PayloadTooLarge => 413,
            ErrorCode::Unavailable => 503,
            ErrorCode::Internal => 500,
            ErrorCode::FailedPrecondition => 500,
            ErrorCode::Timeout => 504,
        }
    }

    pub fn grpc_code(self) -> tonic::Code {
        match self {
            ErrorCode::BadRequest => tonic::Code::InvalidArgument,
            ErrorCode::Unauthenticated => tonic::Code::Unauthenticated,
            ErrorCode::Forbidden => tonic::Code::PermissionDenied,
            ErrorCode::NotFound => tonic::Code::NotFound,
            ErrorCode::Conflict => tonic::Code::AlreadyExists,
            ErrorCode::PayloadTooLarge => tonic::Code::ResourceExhausted,
            ErrorCode::Unavailable => tonic::Code::Unavailable,
            ErrorCode::Internal => tonic::Code::Internal,
            ErrorCode::FailedPrecondition => tonic::Code::FailedPrecondition,
            ErrorCode::Timeout => tonic::Code::DeadlineExceeded,
        }
    }

    pub fn from_grpc(code: tonic::Code) -> Self {
        match code {
            tonic::Code::InvalidArgument | tonic::Code::OutOfRange => ErrorCode::BadRequest,
            tonic::Code::FailedPrecondition => ErrorCode::FailedPrecondition,
            tonic::Code::DeadlineExceeded => ErrorCode::Timeout,
            tonic::Code::Unauthenticated => ErrorCode::Unauthenticated,
            tonic::Code::PermissionDenied => ErrorCode::Forbidden,
            tonic::Code::NotFound => ErrorCode::NotFound,
            tonic::Code::AlreadyExists | tonic::Code::Aborted => ErrorCode::Conflict,
            tonic::Code::ResourceExhausted => ErrorCode::PayloadTooLarge,
            tonic::Code::Unavailable => ErrorCode::Unavailable,
            _ => ErrorCode::Internal,
        }
    }
}

/// Metadata entry naming the message of a status a service made itself: its text is
/// already localized for the user, whatever the code.
pub const MSG_KEY_METADATA: &str = "lumiscape-msg-key";

/// An error a user may see: a code and a localized message. The `source` is for the log.
#[derive(Debug, thiserror::Error)]
#[error("{code:?}: {msg}")]
pub struct Error {
    pub code: ErrorCode,
    pub msg: Msg,
    #[source]
    pub source: Option<anyhow::Error>,
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    pub fn new(code: ErrorCode, msg: Msg) -> Self {
        Self { code, msg, source: None }
    }

    pub fn bad_request(msg: Msg) -> Self {
        Self::new(ErrorCode::BadRequest, msg)
    }

    pub fn unauthenticated(msg: Msg) -> Self {
        Self::new(ErrorCode::Unauthenticated, msg)
    }

    pub fn forbidden(msg: Msg) -> Self {
        Self::new(ErrorCode::Forbidden, msg)
    }

    pub fn not_found(msg: Msg) -> Self {
        Self::new(ErrorCode::NotFound, msg)
    }

    /// An unexpected failure: logged with its cause, shown as a generic message.
    pub fn internal(source: impl Into<anyhow::Error>) -> Self {
        Self { code: ErrorCode::Internal, msg: Msg::Internal, source: Some(source.into()) }
    }

    pub fn unavailable(source: impl Into<anyhow::Error>) -> Self {
        Self { code: ErrorCode::Unavailable, msg: Msg::Unavailable, source: Some(source.into()) }
    }

    /// The gRPC status carrying this error's localized message.
    pub fn into_status(self, lang: Lang) -> tonic::Status {
        if let Some(source) = &self.source {
            tracing::error!(error = ?source, code = ?self.code, "request failed");
        }
        let mut status = tonic::Status::new(self.code.grpc_code(), self.msg.text(lang));
        status.metadata_mut().insert(MSG_KEY_METADATA, tonic::metadata::MetadataValue::from_static(self.msg.key()));
        status
    }
}

/// Answers a failed service call in the caller's language.
pub trait StatusExt<T> {
    fn or_status(self, lang: Lang) -> std::result::Result<T, tonic::Status>;
}

impl<T, E: Into<Error>> StatusExt<T> for std::result::Result<T, E> {
    fn or_status(self, lang: Lang) -> std::result::Result<T, tonic::Status> {
        self.map_err(|err| err.into().into_status(lang))
    }
}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Self {
        match &err {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => Error::unavailable(err),
            _ => Error::internal(err),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_grpc() {
        for code in [
            ErrorCode::BadRequest,
            ErrorCode::Unauthenticated,
            ErrorCode::Forbidden,
            ErrorCode::NotFound,
            ErrorCode::Conflict,
            ErrorCode::PayloadTooLarge,
            ErrorCode::Unavailable,
            ErrorCode::Internal,
            ErrorCode::FailedPrecondition,
            ErrorCode::Timeout,
        ] {
            assert_eq!(ErrorCode::from_grpc(code.grpc_code()), code);
        }
    }

    #[test]
    fn internal_errors_hide_their_cause() {
        let status = Error::internal(anyhow::anyhow!("connection to 10.0.0.1 refused")).into_status(Lang::En);
        assert!(!status.message().contains("10.0.0.1"));
        assert_eq!(status.code(), tonic::Code::Internal);
    }
}
