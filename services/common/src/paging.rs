//! The one paging rule of every list (`pageNum`, `pageSize`, RuoYi's names).
//!
//! Values out of range are brought into range, never refused, as RuoYi's PageHelper does
//! with `reasonable` paging: a page number below 1 reads the first page, a size below 1 (or
//! none) reads [`DEFAULT_PAGE_SIZE`] rows, a size over [`MAX_PAGE_SIZE`] reads that many.
//! Clients written for RuoYi send sizes such as 1000 to fill a drop list; they get the
//! first 500 rather than an error. What is not a number at all is refused by the edge, in
//! the envelope, before any service is called. A page past the last is simply empty.

/// Rows per page when the request names none (RuoYi's default).
pub const DEFAULT_PAGE_SIZE: i32 = 10;
/// The most rows one page may hold.
pub const MAX_PAGE_SIZE: i32 = 500;

/// A page as the queries bind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i64,
    pub offset: i64,
}

impl Page {
    /// The page a request asks for, brought into range.
    pub fn of(page_num: Option<i32>, page_size: Option<i32>) -> Self {
        let size = match page_size {
            Some(size) if size > 0 => size.min(MAX_PAGE_SIZE),
            _ => DEFAULT_PAGE_SIZE,
        };
        let num = page_num.unwrap_or(1).max(1);
        Self { limit: i64::from(size), offset: (i64::from(num) - 1) * i64::from(size) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn absent_parameters_take_the_defaults() {
        assert_eq!(Page::of(None, None), Page { limit: 10, offset: 0 });
        assert_eq!(Page::of(Some(3), Some(20)), Page { limit: 20, offset: 40 });
    }

    #[test]
    fn out_of_range_parameters_are_brought_into_range() {
        assert_eq!(Page::of(Some(0), None), Page { limit: 10, offset: 0 });
        assert_eq!(Page::of(Some(-2), Some(0)), Page { limit: 10, offset: 0 });
        assert_eq!(Page::of(Some(2), Some(-5)), Page { limit: 10, offset: 10 });
        assert_eq!(Page::of(Some(2), Some(1000)), Page { limit: 500, offset: 500 });
        assert_eq!(Page::of(Some(i32::MAX), Some(500)).offset, (i64::from(i32::MAX) - 1) * 500);
    }

    proptest! {
        #[test]
        fn every_request_gets_a_page_in_range(num in any::<Option<i32>>(), size in any::<Option<i32>>()) {
            let page = Page::of(num, size);
            prop_assert!((1..=i64::from(MAX_PAGE_SIZE)).contains(&page.limit));
            prop_assert!(page.offset >= 0);
            prop_assert_eq!(page.offset % page.limit, 0);
        }
    }
}
