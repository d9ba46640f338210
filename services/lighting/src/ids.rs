//! Ids sent by the console, checked once for every lighting screen.

use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

/// Most records one delete may name.
pub const MAX_DELETE_IDS: usize = 100;

/// A record's id from the wire: one that cannot exist is as absent as one that does not
/// (`missing`, a 404).
pub fn existing_id(id: i64, missing: Msg) -> Result<i64, Error> {
    if id > 0 { Ok(id) } else { Err(Error::not_found(missing)) }
}

/// The ids of one delete: 1 to [`MAX_DELETE_IDS`] positive ids (else `invalid`), each once.
pub fn check_delete_ids(ids: &[i64], invalid: Msg) -> Result<Vec<i64>, Error> {
    if ids.is_empty() || ids.iter().any(|id| *id <= 0) {
        return Err(Error::bad_request(invalid));
    }
    if ids.len() > MAX_DELETE_IDS {
        return Err(Error::bad_request(Msg::TooManyIds { max: MAX_DELETE_IDS as u32 }));
    }
    let mut checked = ids.to_vec();
    checked.sort_unstable();
    checked.dedup();
    Ok(checked)
}
