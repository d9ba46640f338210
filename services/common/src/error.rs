//! The error vocabulary. One `ErrorCode` maps to a `tonic::Code`, to the envelope's `code`
//! and to the HTTP status in one place; internal details go to the log, never into the
//! user's message.
//!
//! Three kinds of failure are kept apart, because operators and fuzzers read them
//! differently:
//! - the caller's mistakes (bad input, no permission, not found, conflicts): 4xx;
//! - refusals by a business rule in the target's present state (a device offline, a node
//!   that still has children): envelope code 500 as RuoYi's `ServiceException` answers them,
//!   so consoles written for RuoYi show the message, but HTTP status 200 and never logged or
//!   counted as a fault, because nothing is broken;
//! - faults (internal, unavailable, timeouts): logged with their cause, 5xx.
//!
//! Database failures are translated by SQLSTATE in one place, [`Error::from_db`].

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
    /// A business rule refuses the operation in the target's present state (a device
    /// offline, a node that still has children): not a fault.
    FailedPrecondition,
    /// A device or service did not answer in time.
    Timeout,
}

impl ErrorCode {
    /// The envelope `code` the console receives.
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

    /// The HTTP status of the answer: the envelope code, except for a business refusal,
    /// which is a normal answer (200) carrying code 500, as RuoYi answers it.
    pub fn http_status(self) -> u16 {
        match self {
            ErrorCode::FailedPrecondition => 200,
            other => other.http_code(),
        }
    }

    /// Whether this is a fault of the system (logged as an error, counted as a 5xx), as
    /// opposed to the caller's mistake or a business rule's refusal.
    pub fn is_fault(self) -> bool {
        matches!(self, ErrorCode::Internal | ErrorCode::Unavailable | ErrorCode::Timeout)
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

    pub fn conflict(msg: Msg) -> Self {
        Self::new(ErrorCode::Conflict, msg)
    }

    /// The answer of a failed call to another service. A status that service made itself
    /// carries a message already in the caller's language, which is kept; a failure of the
    /// transport or an internal one is this service's fault and is shown generically.
    pub fn from_status(status: tonic::Status) -> Self {
        let code = ErrorCode::from_grpc(status.code());
        if status.metadata().contains_key(MSG_KEY_METADATA) {
            return Self::new(code, Msg::Relayed(status.message().to_owned()));
        }
        match code {
            ErrorCode::Unavailable => Error::unavailable(anyhow::anyhow!("service unavailable: {status}")),
            ErrorCode::Timeout => Self {
                source: Some(anyhow::anyhow!("service timed out: {status}")),
                ..Self::new(code, Msg::Unavailable)
            },
            _ => Error::internal(anyhow::anyhow!("service call failed: {status}")),
        }
    }

    /// A business rule refuses the operation now (see [`ErrorCode::FailedPrecondition`]).
    pub fn refused(msg: Msg) -> Self {
        Self::new(ErrorCode::FailedPrecondition, msg)
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

    /// A gRPC method's answer: the value as the response, or the error mapped once.
    fn reply(self, lang: Lang) -> std::result::Result<tonic::Response<T>, tonic::Status>;
}

impl<T, E: Into<Error>> StatusExt<T> for std::result::Result<T, E> {
    fn or_status(self, lang: Lang) -> std::result::Result<T, tonic::Status> {
        self.map_err(|err| err.into().into_status(lang))
    }

    fn reply(self, lang: Lang) -> std::result::Result<tonic::Response<T>, tonic::Status> {
        self.map(tonic::Response::new).or_status(lang)
    }
}

/// A failure shared by the callers of one read ([`crate::coalesce`]): each gets its code and
/// message, and its cause for the log.
impl From<std::sync::Arc<Error>> for Error {
    fn from(shared: std::sync::Arc<Error>) -> Self {
        std::sync::Arc::try_unwrap(shared).unwrap_or_else(|shared| Error {
            code: shared.code,
            msg: shared.msg.clone(),
            source: shared.source.as_ref().map(|source| anyhow::anyhow!("{source:#}")),
        })
    }
}

/// A rule of the model refused the input: the message names the field and the rule.
impl From<Msg> for Error {
    fn from(msg: Msg) -> Self {
        Error::bad_request(msg)
    }
}

impl From<sqlx::Error> for Error {
    fn from(err: sqlx::Error) -> Self {
        Error::from_db(err, |_| None)
    }
}

/// SQLSTATE classes the translation knows.
mod sqlstate {
    pub const UNIQUE_VIOLATION: &str = "23505";
    pub const FOREIGN_KEY_VIOLATION: &str = "23503";
    pub const CHECK_VIOLATION: &str = "23514";
    pub const NOT_NULL_VIOLATION: &str = "23502";
    pub const STRING_TOO_LONG: &str = "22001";
    pub const NUMERIC_OUT_OF_RANGE: &str = "22003";
    pub const INVALID_TEXT: &str = "22P02";
}

impl Error {
    /// Translates a database failure, the one place SQLSTATEs are read. A violated
    /// constraint that `named` knows (by constraint name) becomes its message, a bad
    /// request; other unique and foreign-key violations become generic but clear conflicts;
    /// values the schema refuses become bad requests; a lost connection is unavailable;
    /// anything else is internal.
    pub fn from_db(err: sqlx::Error, named: impl FnOnce(&str) -> Option<Msg>) -> Self {
        if let Some(db) = err.as_database_error() {
            let code = db.code().unwrap_or_default();
            if let Some(msg) = db.constraint().and_then(named) {
                return Error::bad_request(msg);
            }
            let translated = match code.as_ref() {
                sqlstate::UNIQUE_VIOLATION => Some(Error::conflict(Msg::DuplicateRecord)),
                sqlstate::FOREIGN_KEY_VIOLATION => Some(Error::conflict(Msg::RecordReferenced)),
                sqlstate::CHECK_VIOLATION | sqlstate::NOT_NULL_VIOLATION | sqlstate::INVALID_TEXT => {
                    Some(Error::bad_request(Msg::BadRequest))
                }
                sqlstate::STRING_TOO_LONG | sqlstate::NUMERIC_OUT_OF_RANGE => {
                    Some(Error::bad_request(Msg::ValueTooLong))
                }
                _ => None,
            };
            if let Some(error) = translated {
                tracing::debug!(sqlstate = %code, constraint = db.constraint(), "database refused a write");
                return error;
            }
        }
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
    fn refusals_are_answers_not_faults() {
        assert_eq!(ErrorCode::FailedPrecondition.http_code(), 500);
        assert_eq!(ErrorCode::FailedPrecondition.http_status(), 200);
        assert!(!ErrorCode::FailedPrecondition.is_fault());
        assert!(!ErrorCode::BadRequest.is_fault());
        assert!(ErrorCode::Internal.is_fault());
        assert_eq!(ErrorCode::BadRequest.http_status(), 400);
    }

    #[test]
    fn a_model_message_is_a_bad_request() {
        let err: Error = Msg::PageInvalid.into();
        assert_eq!(err.code, ErrorCode::BadRequest);
    }

    #[test]
    fn internal_errors_hide_their_cause() {
        let status = Error::internal(anyhow::anyhow!("connection to 10.0.0.1 refused")).into_status(Lang::En);
        assert!(!status.message().contains("10.0.0.1"));
        assert_eq!(status.code(), tonic::Code::Internal);
    }
}
