//! Which projects a caller sees.

use lumiscape_common::auth::Caller;

/// The projects a caller may see: every one, or those listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProjectScope {
    All,
    Only(Vec<i64>),
}

impl ProjectScope {
    pub fn of(caller: &Caller) -> Self {
        if caller.session.all_projects {
            ProjectScope::All
        } else {
            ProjectScope::Only(caller.session.project_ids.clone())
        }
    }

    /// As query parameters: (all, ids).
    pub fn as_binds(&self) -> (bool, Vec<i64>) {
        match self {
            ProjectScope::All => (true, Vec::new()),
            ProjectScope::Only(ids) => (false, ids.clone()),
        }
    }
}

/// An empty logo status means "show the logo" (spec section 3).
pub fn effective_logo_status(stored: &str) -> &str {
    if stored.is_empty() { "1" } else { stored }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_logo_status_falls_back_to_show() {
        assert_eq!(effective_logo_status(""), "1");
        assert_eq!(effective_logo_status("0"), "0");
    }

    #[test]
    fn scope_binds() {
        assert_eq!(ProjectScope::All.as_binds(), (true, vec![]));
        assert_eq!(ProjectScope::Only(vec![3]).as_binds(), (false, vec![3]));
    }
}
