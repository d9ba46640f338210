//! Paging of the lists: `pageNum` from 1, `pageSize` 1 to 100, 10 when absent.

use lumiscape_common::Error;
use lumiscape_common::i18n::Msg;

pub const DEFAULT_PAGE_SIZE: i32 = 10;
pub const MAX_PAGE_SIZE: i32 = 100;

/// One page of a list, as query bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i64,
    pub offset: i64,
}

impl Page {
    /// Reads the paging parameters; absent ones take their defaults, bad ones are refused.
    pub fn parse(page_num: Option<i32>, page_size: Option<i32>) -> Result<Self, Error> {
        let num = page_num.unwrap_or(1);
        let size = page_size.unwrap_or(DEFAULT_PAGE_SIZE);
        if num < 1 || !(1..=MAX_PAGE_SIZE).contains(&size) {
            return Err(Error::bad_request(Msg::PageInvalid));
        }
        Ok(Self { limit: i64::from(size), offset: (i64::from(num) - 1) * i64::from(size) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_parameters_take_the_defaults() {
        assert_eq!(Page::parse(None, None).unwrap(), Page { limit: 10, offset: 0 });
        assert_eq!(Page::parse(Some(3), Some(20)).unwrap(), Page { limit: 20, offset: 40 });
        assert_eq!(Page::parse(Some(i32::MAX), Some(100)).unwrap().offset, (i64::from(i32::MAX) - 1) * 100);
    }

    #[test]
    fn out_of_range_parameters_are_refused() {
        for (num, size) in [(Some(0), None), (Some(-1), None), (None, Some(0)), (None, Some(101)), (None, Some(-5))] {
            let err = Page::parse(num, size).unwrap_err();
            assert_eq!(err.msg, Msg::PageInvalid, "{num:?} {size:?}");
        }
    }
}
