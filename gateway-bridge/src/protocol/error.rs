//! Why the protocol refuses something. One error type for payloads, subjects and single
//! values, because a refusal ends up in one place (a communication record, a log line) and
//! its text must name the field and the reason whatever part of the protocol found it.

use super::codec::PROTOCOL_VERSION;
use super::topics::Channel;

/// Why a payload, subject or value was refused. The text says which field and why, so it can
/// go into a communication record as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    #[error("payload is {size} bytes, over the limit of {limit} bytes")]
    TooLarge { size: usize, limit: usize },
    #[error("payload is not valid json: {0}")]
    Syntax(String),
    #[error("payload is not a json object")]
    NotAnObject,
    #[error("payload has no version field \"v\"")]
    MissingVersion,
    #[error("protocol version {0} is not supported (this platform speaks version {PROTOCOL_VERSION})")]
    UnsupportedVersion(u64),
    #[error("{channel} payload does not match the schema: {reason}")]
    Schema { channel: Channel, reason: String },
    #[error("{field} is out of range: {reason}")]
    OutOfRange { field: String, reason: String },
    #[error("{field} is invalid: {reason}")]
    Invalid { field: String, reason: String },
    #[error("serial {in_payload:?} in the payload does not match serial {in_subject:?} of the subject")]
    SerialMismatch { in_payload: String, in_subject: String },
    #[error("{subject:?} is not a device subject: {reason}")]
    Subject { subject: String, reason: String },
    #[error("{channel} is not an uplink channel")]
    NotUplink { channel: Channel },
}

pub(super) fn invalid(field: impl Into<String>, reason: impl Into<String>) -> ProtocolError {
    ProtocolError::Invalid { field: field.into(), reason: reason.into() }
}

pub(super) fn out_of_range(field: impl Into<String>, reason: impl Into<String>) -> ProtocolError {
    ProtocolError::OutOfRange { field: field.into(), reason: reason.into() }
}
