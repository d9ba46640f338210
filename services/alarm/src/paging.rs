//! Paging of the lists (contract: `pageNum` from 1, `pageSize` 1..=100, default 10).

/// Rows per page when the request names none.
pub const DEFAULT_PAGE_SIZE: i32 = 10;
/// The most rows one page may hold.
pub const MAX_PAGE_SIZE: i32 = 100;

/// A page as the queries bind it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub limit: i64,
    pub offset: i64,
}

impl Page {
    /// Out-of-range values are brought into range rather than refused: a page number below
    /// 1 reads the first page, a size over the maximum reads the maximum.
    pub fn of(page_num: Option<i32>, page_size: Option<i32>) -> Self {
        let size = match page_size {
            Some(size) if size > 0 => size.min(MAX_PAGE_SIZE),
            _ => DEFAULT_PAGE_SIZE,
        };
        let num = page_num.unwrap_or(1).max(1);
        Self { limit: i64::from(size), offset: i64::from(num - 1) * i64::from(size) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bounds() {
        assert_eq!(Page::of(None, None), Page { limit: 10, offset: 0 });
        assert_eq!(Page::of(Some(3), Some(20)), Page { limit: 20, offset: 40 });
        assert_eq!(Page::of(Some(-2), Some(0)), Page { limit: 10, offset: 0 });
        assert_eq!(Page::of(Some(2), Some(1000)), Page { limit: 100, offset: 100 });
        assert_eq!(Page::of(Some(i32::MAX), Some(100)).offset, i64::from(i32::MAX - 1) * 100);
    }
}
