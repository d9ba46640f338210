//! Permission strings (`pc:system:user:list`) and how a held set satisfies a requirement.
//! The console and the server share these rules (spec section 6).

/// The permission that grants everything.
pub const ALL_PERMISSION: &str = "*:*:*";
/// The prefix of every console permission.
pub const PC_PREFIX: &str = "pc:";

/// Adds the `pc:` prefix unless present.
pub fn with_pc_prefix(permission: &str) -> String {
    if permission.starts_with(PC_PREFIX) { permission.to_owned() } else { format!("{PC_PREFIX}{permission}") }
}

/// Whether one held permission grants the required one. `*:*:*` grants everything; a `*`
/// segment in a held permission grants any value of that segment (`pc:system:*:*`).
pub fn grants(held: &str, required: &str) -> bool {
    if held == ALL_PERMISSION {
        return true;
    }
    let mut held_parts = held.split(':');
    let mut required_parts = required.split(':');
    loop {
        match (held_parts.next(), required_parts.next()) {
            (None, None) => return true,
            (Some(h), Some(r)) if h == "*" || h == r => continue,
            _ => return false,
        }
    }
}

/// True when the holder has any of the required permissions (or the wildcard).
/// An empty requirement yields false, as the console's `hasPermi` does.
pub fn has_any<S: AsRef<str>>(held: &[S], required: &[&str]) -> bool {
    if required.is_empty() {
        return false;
    }
    required.iter().any(|req| held.iter().any(|h| grants(h.as_ref(), req)))
}

/// True when the holder has every required permission; the wildcard passes at once.
/// An empty requirement yields false.
pub fn has_all<S: AsRef<str>>(held: &[S], required: &[&str]) -> bool {
    if required.is_empty() {
        return false;
    }
    if held.iter().any(|h| h.as_ref() == ALL_PERMISSION) {
        return true;
    }
    required.iter().all(|req| held.iter().any(|h| grants(h.as_ref(), req)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn wildcard_grants_everything() {
        assert!(grants("*:*:*", "pc:system:user:list"));
        assert!(has_any(&["*:*:*"], &["pc:anything"]));
        assert!(has_all(&["*:*:*"], &["pc:a", "pc:b"]));
    }

    #[test]
    fn exact_and_segment_wildcards() {
        assert!(grants("pc:system:user:list", "pc:system:user:list"));
        assert!(!grants("pc:system:user:list", "pc:system:user:add"));
        assert!(grants("pc:system:*:*", "pc:system:role:edit"));
        assert!(!grants("pc:system:*", "pc:system:role:edit"));
        assert!(!grants("pc:system:user", "pc:system:user:list"));
    }

    #[test]
    fn empty_requirement_is_false() {
        assert!(!has_any(&["*:*:*"], &[]));
        assert!(!has_all(&["*:*:*"], &[]));
    }

    #[test]
    fn any_versus_all() {
        let held = ["pc:a:b:c"];
        assert!(has_any(&held, &["pc:a:b:c", "pc:x:y:z"]));
        assert!(!has_all(&held, &["pc:a:b:c", "pc:x:y:z"]));
    }

    #[test]
    fn prefixing() {
        assert_eq!(with_pc_prefix("system:user:list"), "pc:system:user:list");
        assert_eq!(with_pc_prefix("pc:system:user:list"), "pc:system:user:list");
    }

    /// The cases the console's `access.test.ts` runs too, so both grant exactly the same.
    #[test]
    fn the_shared_cases_hold() {
        let cases: serde_json::Value = serde_json::from_str(include_str!("permission_cases.json")).unwrap();
        let strings = |value: &serde_json::Value| -> Vec<String> {
            value.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect()
        };
        for case in cases["cases"].as_array().unwrap() {
            let name = case["name"].as_str().unwrap();
            let held = strings(&case["held"]);
            let required = strings(&case["required"]);
            let required: Vec<&str> = required.iter().map(String::as_str).collect();
            assert_eq!(has_any(&held, &required), case["any"].as_bool().unwrap(), "any: {name}");
            assert_eq!(has_all(&held, &required), case["all"].as_bool().unwrap(), "all: {name}");
        }
    }

    fn segment() -> impl Strategy<Value = String> {
        "[a-z]{1,6}"
    }

    proptest! {
        #[test]
        fn a_permission_grants_itself(parts in prop::collection::vec(segment(), 1..5)) {
            let perm = parts.join(":");
            prop_assert!(grants(&perm, &perm));
        }

        #[test]
        fn wildcard_grants_any(required in "[a-z:]{0,30}") {
            prop_assert!(grants(ALL_PERMISSION, &required));
        }

        #[test]
        fn different_permissions_do_not_grant(a in prop::collection::vec(segment(), 1..5), b in prop::collection::vec(segment(), 1..5)) {
            let held = a.join(":");
            let required = b.join(":");
            prop_assume!(held != required);
            prop_assert!(!grants(&held, &required));
        }

        #[test]
        fn all_implies_any(held in prop::collection::vec("[a-c]:[a-c]", 0..4), required in prop::collection::vec("[a-c]:[a-c]", 1..4)) {
            let req: Vec<&str> = required.iter().map(String::as_str).collect();
            if has_all(&held, &req) {
                prop_assert!(has_any(&held, &req));
            }
        }
    }
}
