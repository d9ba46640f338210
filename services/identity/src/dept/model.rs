//! Organization rules: what a node may hold, where it may move, and the tree the console
//! draws (drawn by `lumiscape_common::tree`, shared with menus and addresses). Pure: no I/O.

use std::collections::HashMap;

use lumiscape_common::i18n::Msg;
use lumiscape_common::tree::{Cycle, ancestor_ids, cycle};

use crate::profile::model::{is_valid_email, is_valid_phone};

pub const MAX_NAME_CHARS: usize = 50;
pub const MAX_CODE_LEN: usize = 50;
pub const MAX_LEADER_CHARS: usize = 30;
pub const MAX_ORDER: i64 = 9999;

/// What the form sent.
#[derive(Debug, Clone, Default)]
pub struct RawDept<'a> {
    pub parent_id: i64,
    pub dept_name: &'a str,
    pub dept_code: &'a str,
    pub dept_type: &'a str,
    pub order_num: i64,
    pub leader: &'a str,
    pub phone: &'a str,
    pub email: &'a str,
    pub status: &'a str,
}

/// A node as checked: trimmed, in range, codes known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeptDraft {
    pub parent_id: i64,
    pub dept_name: String,
    pub dept_code: String,
    pub dept_type: String,
    pub order_num: i32,
    pub leader: String,
    pub phone: String,
    pub email: String,
    pub status: String,
}

impl DeptDraft {
    /// The node, or the first rule it breaks.
    pub fn parse(raw: &RawDept<'_>) -> Result<Self, Msg> {
        if raw.parent_id < 0 {
            return Err(Msg::DeptParentNotFound);
        }
        let dept_name = raw.dept_name.trim();
        if dept_name.is_empty() || dept_name.chars().count() > MAX_NAME_CHARS {
            return Err(Msg::DeptNameInvalid);
        }
        let dept_code = raw.dept_code.trim();
        if !is_valid_code(dept_code) {
            return Err(Msg::DeptCodeInvalid);
        }
        let dept_type = match raw.dept_type.trim() {
            "" => "2",
            t @ ("1" | "2" | "3") => t,
            _ => return Err(Msg::DeptTypeInvalid),
        };
        let order_num = check_order(raw.order_num)?;
        let leader = raw.leader.trim();
        if leader.chars().count() > MAX_LEADER_CHARS {
            return Err(Msg::LeaderInvalid);
        }
        let phone = raw.phone.trim();
        if !phone.is_empty() && !is_valid_phone(phone) {
            return Err(Msg::PhoneInvalid);
        }
        let email = raw.email.trim();
        if !email.is_empty() && !is_valid_email(email) {
            return Err(Msg::EmailInvalid);
        }
        let status = parse_status(raw.status)?;
        Ok(Self {
            parent_id: raw.parent_id,
            dept_name: dept_name.to_owned(),
            dept_code: dept_code.to_owned(),
            dept_type: dept_type.to_owned(),
            order_num,
            leader: leader.to_owned(),
            phone: phone.to_owned(),
            email: email.to_owned(),
            status: status.to_owned(),
        })
    }
}

/// The spec's code rule (section 5): letters, digits, underscore and hyphen only; empty
/// means none.
pub fn is_valid_code(code: &str) -> bool {
    code.len() <= MAX_CODE_LEN && (code.is_empty() || lumiscape_common::text::is_code(code))
}

/// A display order: a whole number from 0 to 9999.
pub fn check_order(order: i64) -> Result<i32, Msg> {
    if (0..=MAX_ORDER).contains(&order) {
        i32::try_from(order).map_err(|_| Msg::OrderNumInvalid)
    } else {
        Err(Msg::OrderNumInvalid)
    }
}

/// A status switch: '0' normal (the default when empty), '1' disabled.
pub fn parse_status(status: &str) -> Result<&'static str, Msg> {
    match status.trim() {
        "" | "0" => Ok("0"),
        "1" => Ok("1"),
        _ => Err(Msg::StatusInvalid),
    }
}

/// A node id from a path or a body: positive.
pub fn check_dept_id(dept_id: i64) -> Result<i64, Msg> {
    if dept_id > 0 { Ok(dept_id) } else { Err(Msg::DeptIdInvalid) }
}

/// Every organization node in memory, for the user list (`Shared::dept_index`): each
/// node's name and leader, and which nodes lie under which. The list then reads one table
/// and names the organizations itself: PostgreSQL plans a query of one table in less than
/// half the time of the join with the subtree subqueries, and planning was most of its cost.
#[derive(Debug, Default)]
pub struct DeptIndex {
    nodes: HashMap<i64, DeptNode>,
}

/// A node of [`DeptIndex`].
#[derive(Debug)]
pub struct DeptNode {
    pub name: String,
    pub leader: String,
    ancestors: Vec<i64>,
}

impl DeptIndex {
    /// From `(dept_id, ancestors, name, leader)` of every node.
    pub fn new(rows: impl IntoIterator<Item = (i64, String, String, String)>) -> Self {
        let nodes = rows
            .into_iter()
            .map(|(id, ancestors, name, leader)| {
                (id, DeptNode { name, leader, ancestors: ancestor_ids(&ancestors).collect() })
            })
            .collect();
        Self { nodes }
    }

    pub fn node(&self, dept_id: i64) -> Option<&DeptNode> {
        self.nodes.get(&dept_id)
    }

    /// The nodes of `roots` that exist and every node under one of them, sorted: what
    /// `dept_id = ANY (roots) OR ancestors && roots` selects from the table.
    pub fn subtrees(&self, roots: &[i64]) -> Vec<i64> {
        if roots.is_empty() {
            return Vec::new();
        }
        let mut ids: Vec<i64> = self
            .nodes
            .iter()
            .filter(|(id, node)| roots.contains(id) || node.ancestors.iter().any(|a| roots.contains(a)))
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        ids
    }
}

/// Whether node `dept_id` may move under `parent_id`, whose ancestors are given: never
/// under itself, never under one of its own descendants.
pub fn check_move(dept_id: i64, parent_id: i64, parent_ancestors: &str) -> Result<(), Msg> {
    match cycle(dept_id, parent_id, parent_ancestors) {
        Some(Cycle::OwnParent) => Err(Msg::DeptParentIsSelf),
        Some(Cycle::UnderDescendant) => Err(Msg::DeptParentIsDescendant),
        None => Ok(()),
    }
}

pub use lumiscape_common::tree::{TreeNode, ancestors_under, build_tree};

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawDept<'static> {
        RawDept { parent_id: 100, dept_name: " 运维部 ", dept_code: "OPS-1", order_num: 1, ..RawDept::default() }
    }

    #[test]
    fn a_node_is_trimmed_and_takes_its_defaults() {
        let draft = DeptDraft::parse(&raw()).unwrap();
        assert_eq!(draft.dept_name, "运维部");
        assert_eq!((draft.dept_type.as_str(), draft.status.as_str()), ("2", "0"));
    }

    #[test]
    fn every_rule_names_its_field() {
        let long_name = "名".repeat(51);
        let cases: Vec<(RawDept<'_>, Msg)> = vec![
            (RawDept { dept_name: "  ", ..raw() }, Msg::DeptNameInvalid),
            (RawDept { dept_name: &long_name, ..raw() }, Msg::DeptNameInvalid),
            (RawDept { dept_code: "OPS 1", ..raw() }, Msg::DeptCodeInvalid),
            (RawDept { dept_code: "运维", ..raw() }, Msg::DeptCodeInvalid),
            (RawDept { dept_type: "4", ..raw() }, Msg::DeptTypeInvalid),
            (RawDept { order_num: -1, ..raw() }, Msg::OrderNumInvalid),
            (RawDept { order_num: 10_000, ..raw() }, Msg::OrderNumInvalid),
            (
                RawDept {
                    leader: "负责人负责人负责人负责人负责人负责人负责人负责人负责人负责人负", ..raw()
                },
                Msg::LeaderInvalid,
            ),
            (RawDept { phone: "12345678901", ..raw() }, Msg::PhoneInvalid),
            (RawDept { email: "ops@", ..raw() }, Msg::EmailInvalid),
            (RawDept { status: "2", ..raw() }, Msg::StatusInvalid),
            (RawDept { parent_id: -1, ..raw() }, Msg::DeptParentNotFound),
        ];
        for (input, expected) in cases {
            assert_eq!(DeptDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
    }

    #[test]
    fn a_node_never_moves_under_itself_or_its_descendants() {
        assert_eq!(check_move(101, 101, "0,100"), Err(Msg::DeptParentIsSelf));
        assert_eq!(check_move(101, 105, "0,100,101,103"), Err(Msg::DeptParentIsDescendant));
        assert_eq!(check_move(101, 102, "0,100"), Ok(()));
        // 1010 is not 101: ids are compared whole.
        assert_eq!(check_move(101, 1020, "0,100,1010"), Ok(()));
        assert_eq!(ancestors_under(0, ""), "0");
        assert_eq!(ancestors_under(101, "0,100"), "0,100,101");
    }

    proptest::proptest! {
        #[test]
        fn codes_of_the_allowed_alphabet_pass_and_others_do_not(code in "[A-Za-z0-9_-]{0,50}", bad in "[A-Za-z0-9_-]{0,10}[ .@#中]") {
            proptest::prop_assert!(is_valid_code(&code));
            proptest::prop_assert!(!is_valid_code(&bad));
        }
    }

    #[test]
    fn subtrees_hold_the_roots_and_every_node_under_them() {
        let index = DeptIndex::new([
            (100, "0".to_owned(), "总部".to_owned(), "张三".to_owned()),
            (101, "0,100".to_owned(), "华东".to_owned(), String::new()),
            (102, "0,100,101".to_owned(), "杭州".to_owned(), String::new()),
            (103, "0,100".to_owned(), "华南".to_owned(), String::new()),
            (104, "0,100,103".to_owned(), "深圳".to_owned(), String::new()),
        ]);
        assert_eq!(index.subtrees(&[100]), vec![100, 101, 102, 103, 104]);
        assert_eq!(index.subtrees(&[101]), vec![101, 102]);
        assert_eq!(index.subtrees(&[102, 103]), vec![102, 103, 104]);
        assert_eq!(index.subtrees(&[999]), Vec::<i64>::new(), "a node that does not exist holds nothing");
        assert_eq!(index.subtrees(&[]), Vec::<i64>::new());
        assert_eq!(index.node(100).map(|n| (n.name.as_str(), n.leader.as_str())), Some(("总部", "张三")));
        assert!(index.node(5).is_none());
    }
}
