//! The one rule of the ids a batch call names (RuoYi's `DELETE /.../{ids}`): at least one,
//! each positive, at most a screen's limit; repeats dropped, in ascending order.

use crate::i18n::Msg;

/// The ids, or `invalid` (the screen's own "invalid id" message) when there are none or one
/// is not positive, or [`Msg::TooManyIds`] past `max`.
pub fn id_list(ids: &[i64], max: usize, invalid: Msg) -> Result<Vec<i64>, Msg> {
    if ids.is_empty() || ids.iter().any(|id| *id <= 0) {
        return Err(invalid);
    }
    if ids.len() > max {
        return Err(Msg::TooManyIds { max: max as u32 });
    }
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_positive_bounded_and_unique() {
        assert_eq!(id_list(&[3, 1, 3], 100, Msg::NoticeIdInvalid), Ok(vec![1, 3]));
        assert_eq!(id_list(&[], 100, Msg::NoticeIdInvalid), Err(Msg::NoticeIdInvalid));
        assert_eq!(id_list(&[2, 0], 100, Msg::AreaIdInvalid), Err(Msg::AreaIdInvalid));
        assert_eq!(id_list(&vec![1; 101], 100, Msg::AreaIdInvalid), Err(Msg::TooManyIds { max: 100 }));
    }
}
