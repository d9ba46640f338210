//! Role rules. Pure: no I/O.

use std::collections::{BTreeSet, HashSet};

use lumiscape_common::i18n::Msg;

use crate::dept::model::{check_order, parse_status};

pub const MAX_NAME_CHARS: usize = 30;
pub const MAX_KEY_LEN: usize = 100;
pub const MAX_REMARK_CHARS: usize = 200;
/// More than every menu and button the product has.
pub const MAX_MENUS: usize = 5000;
/// The key of the superuser role: it holds `*:*:*` and cannot be changed.
pub const ADMIN_KEY: &str = "admin";

/// What the form sent.
#[derive(Debug, Clone, Default)]
pub struct RawRole<'a> {
    pub role_name: &'a str,
    pub role_key: &'a str,
    pub role_sort: i64,
    pub status: &'a str,
    pub menu_ids: &'a [i64],
    pub menu_check_strictly: &'a str,
    pub dept_check_strictly: &'a str,
    pub remark: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleDraft {
    pub role_name: String,
    pub role_key: String,
    pub role_sort: i32,
    pub status: String,
    /// Sorted, without repeats.
    pub menu_ids: Vec<i64>,
    pub menu_check_strictly: bool,
    pub dept_check_strictly: bool,
    pub remark: String,
}

impl RoleDraft {
    pub fn parse(raw: &RawRole<'_>) -> Result<Self, Msg> {
        let role_name = raw.role_name.trim();
        if role_name.is_empty() || role_name.chars().count() > MAX_NAME_CHARS {
            return Err(Msg::RoleNameInvalid);
        }
        let role_key = raw.role_key.trim();
        let key_chars = role_key.bytes().all(|b| b.is_ascii_alphanumeric() || b"_-:".contains(&b));
        if role_key.is_empty() || role_key.len() > MAX_KEY_LEN || !key_chars {
            return Err(Msg::RoleKeyInvalid);
        }
        let role_sort = check_order(raw.role_sort)?;
        let status = parse_status(raw.status)?;
        if raw.menu_ids.len() > MAX_MENUS || raw.menu_ids.iter().any(|&id| id <= 0) {
            return Err(Msg::MenuNotFound);
        }
        let menu_ids = raw.menu_ids.iter().copied().collect::<BTreeSet<_>>().into_iter().collect();
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Msg::RemarkInvalid);
        }
        Ok(Self {
            role_name: role_name.to_owned(),
            role_key: role_key.to_owned(),
            role_sort,
            status: status.to_owned(),
            menu_ids,
            menu_check_strictly: parse_switch(raw.menu_check_strictly)?,
            dept_check_strictly: parse_switch(raw.dept_check_strictly)?,
            remark: remark.to_owned(),
        })
    }
}

/// A tree-linkage switch: on unless it says otherwise (RuoYi's default).
pub fn parse_switch(text: &str) -> Result<bool, Msg> {
    match text.trim() {
        "" | "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(Msg::SwitchInvalid),
    }
}

/// A data scope of the spec (section 6): '1' all, '2' custom organizations, '3' project.
pub fn parse_data_scope(text: &str) -> Result<&'static str, Msg> {
    match text.trim() {
        "1" => Ok("1"),
        "2" => Ok("2"),
        "3" => Ok("3"),
        _ => Err(Msg::DataScopeInvalid),
    }
}

pub fn check_role_id(role_id: i64) -> Result<i64, Msg> {
    if role_id > 0 { Ok(role_id) } else { Err(Msg::RoleIdInvalid) }
}

/// The ids of a delete: at least one, each positive, at most 500.
pub fn check_role_ids(ids: &[i64]) -> Result<Vec<i64>, Msg> {
    if ids.len() > 500 {
        return Err(Msg::TooManyIds { max: 500 });
    }
    if ids.is_empty() || ids.iter().any(|&id| id <= 0) {
        return Err(Msg::RoleIdInvalid);
    }
    Ok(ids.iter().copied().collect::<BTreeSet<_>>().into_iter().collect())
}

/// The keys a tree shows checked. With linkage on, a parent's check follows its children,
/// so only the nodes that are not the parent of another granted node are given (RuoYi's
/// rule); with linkage off every granted node is.
pub fn checked_keys(granted: &[i64], nodes: &[(i64, i64, String)], linked: bool) -> Vec<i64> {
    if !linked {
        return granted.to_vec();
    }
    let granted_set: HashSet<i64> = granted.iter().copied().collect();
    let parents: HashSet<i64> =
        nodes.iter().filter(|(id, _, _)| granted_set.contains(id)).map(|(_, parent, _)| *parent).collect();
    granted.iter().copied().filter(|id| !parents.contains(id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawRole<'static> {
        RawRole {
            role_name: " 养护员 ",
            role_key: "care:worker",
            role_sort: 3,
            menu_ids: &[5, 1, 5],
            ..RawRole::default()
        }
    }

    #[test]
    fn a_role_is_trimmed_and_its_menus_sorted_once() {
        let draft = RoleDraft::parse(&raw()).unwrap();
        assert_eq!((draft.role_name.as_str(), draft.menu_ids.as_slice()), ("养护员", &[1, 5][..]));
        assert!(draft.menu_check_strictly && draft.dept_check_strictly);
    }

    #[test]
    fn every_rule_names_its_field() {
        let cases: Vec<(RawRole<'_>, Msg)> = vec![
            (RawRole { role_name: "", ..raw() }, Msg::RoleNameInvalid),
            (RawRole { role_key: "care worker", ..raw() }, Msg::RoleKeyInvalid),
            (RawRole { role_key: "", ..raw() }, Msg::RoleKeyInvalid),
            (RawRole { role_sort: -1, ..raw() }, Msg::OrderNumInvalid),
            (RawRole { status: "3", ..raw() }, Msg::StatusInvalid),
            (RawRole { menu_ids: &[0], ..raw() }, Msg::MenuNotFound),
            (RawRole { menu_check_strictly: "maybe", ..raw() }, Msg::SwitchInvalid),
        ];
        for (input, expected) in cases {
            assert_eq!(RoleDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
        assert_eq!(parse_data_scope("4"), Err(Msg::DataScopeInvalid));
        assert_eq!(parse_data_scope(" 2 "), Ok("2"));
        assert_eq!(check_role_ids(&[]), Err(Msg::RoleIdInvalid));
    }

    #[test]
    fn a_linked_tree_checks_only_the_lowest_granted_nodes() {
        let nodes =
            vec![(1, 0, "系统".into()), (101, 1, "用户".into()), (1011, 101, "查询".into()), (102, 1, "角色".into())];
        // The directory and the user screen are granted because a button under them is.
        assert_eq!(checked_keys(&[1, 101, 1011], &nodes, true), [1011]);
        assert_eq!(checked_keys(&[1, 101, 1011], &nodes, false), [1, 101, 1011]);
    }
}
