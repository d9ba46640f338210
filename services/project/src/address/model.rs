//! Address rules: what a node may hold, where it may move, and the tree the console draws.
//! Pure: no I/O. The tree itself is drawn by `lumiscape_common::tree`. A node never moves under itself or one of its descendants, and a node
//! with children keeps its parent (spec section 5), so a move never rewrites a subtree.

use lumiscape_common::i18n::Msg;
use lumiscape_common::tree::{Cycle, cycle};
pub use lumiscape_common::tree::{ancestor_ids, ancestors_under};

/// Longest address name, in characters.
pub const MAX_NAME_CHARS: usize = 50;
/// Longest remark, in characters.
pub const MAX_REMARK_CHARS: usize = 200;
/// Largest display order.
pub const MAX_ORDER: i64 = 9999;
/// Longest name filter of the list.
pub const MAX_FILTER_CHARS: usize = 100;

/// What the form sent.
#[derive(Debug, Clone, Default)]
pub struct RawAddress<'a> {
    pub parent_id: i64,
    pub address_name: &'a str,
    pub order_num: i64,
    pub remark: &'a str,
}

/// An address as checked: trimmed and in range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressDraft {
    pub parent_id: i64,
    pub address_name: String,
    pub order_num: i32,
    pub remark: String,
}

impl AddressDraft {
    /// The address, or the first rule it breaks.
    pub fn parse(raw: &RawAddress<'_>) -> Result<Self, Msg> {
        if raw.parent_id < 0 {
            return Err(Msg::AddressParentNotFound);
        }
        let address_name = raw.address_name.trim();
        if address_name.is_empty() {
            return Err(Msg::AddressNameRequired);
        }
        if address_name.chars().count() > MAX_NAME_CHARS {
            return Err(Msg::AddressNameTooLong);
        }
        if !(0..=MAX_ORDER).contains(&raw.order_num) {
            return Err(Msg::OrderNumInvalid);
        }
        let order_num = i32::try_from(raw.order_num).map_err(|_| Msg::OrderNumInvalid)?;
        let remark = raw.remark.trim();
        if remark.chars().count() > MAX_REMARK_CHARS {
            return Err(Msg::RemarkInvalid);
        }
        Ok(Self {
            parent_id: raw.parent_id,
            address_name: address_name.to_owned(),
            order_num,
            remark: remark.to_owned(),
        })
    }
}

/// An address id from a path or a body: positive.
pub fn check_address_id(address_id: i64) -> Result<i64, Msg> {
    if address_id > 0 { Ok(address_id) } else { Err(Msg::AddressIdInvalid) }
}

/// The list's name filter, trimmed; a bad request when too long.
pub fn check_filter(name: &str) -> Result<&str, Msg> {
    lumiscape_common::text::filter(name, MAX_FILTER_CHARS)
}

/// Whether node `address_id`, now under `current_parent`, may go under `parent_id` (whose
/// ancestors are given): never under itself or a descendant, and a node with children
/// keeps its parent.
pub fn check_move(
    address_id: i64,
    current_parent: i64,
    has_children: bool,
    parent_id: i64,
    parent_ancestors: &str,
) -> Result<(), Msg> {
    if parent_id == current_parent {
        return Ok(());
    }
    match cycle(address_id, parent_id, parent_ancestors) {
        Some(Cycle::OwnParent) => return Err(Msg::AddressParentIsSelf),
        Some(Cycle::UnderDescendant) => return Err(Msg::AddressParentIsDescendant),
        None => {}
    }
    if has_children {
        return Err(Msg::AddressHasChildrenCannotMove);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawAddress<'static> {
        RawAddress { parent_id: 3, address_name: " 东区步道 ", order_num: 1, remark: " 沿江 " }
    }

    #[test]
    fn an_address_is_trimmed() {
        let draft = AddressDraft::parse(&raw()).unwrap();
        assert_eq!((draft.address_name.as_str(), draft.remark.as_str()), ("东区步道", "沿江"));
    }

    #[test]
    fn every_rule_names_its_field() {
        let long_name = "名".repeat(MAX_NAME_CHARS + 1);
        let long_remark = "r".repeat(MAX_REMARK_CHARS + 1);
        let cases: Vec<(RawAddress<'_>, Msg)> = vec![
            (RawAddress { address_name: "  ", ..raw() }, Msg::AddressNameRequired),
            (RawAddress { address_name: &long_name, ..raw() }, Msg::AddressNameTooLong),
            (RawAddress { parent_id: -1, ..raw() }, Msg::AddressParentNotFound),
            (RawAddress { order_num: -1, ..raw() }, Msg::OrderNumInvalid),
            (RawAddress { order_num: 10_000, ..raw() }, Msg::OrderNumInvalid),
            (RawAddress { remark: &long_remark, ..raw() }, Msg::RemarkInvalid),
        ];
        for (input, expected) in cases {
            assert_eq!(AddressDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
        let longest = "名".repeat(MAX_NAME_CHARS);
        assert!(AddressDraft::parse(&RawAddress { address_name: &longest, ..raw() }).is_ok());
    }

    #[test]
    fn a_node_never_moves_under_itself_or_its_descendants_nor_with_children() {
        assert_eq!(check_move(5, 3, false, 5, "0,3"), Err(Msg::AddressParentIsSelf));
        assert_eq!(check_move(5, 3, true, 9, "0,3,5"), Err(Msg::AddressParentIsDescendant));
        assert_eq!(check_move(5, 3, true, 4, "0,3"), Err(Msg::AddressHasChildrenCannotMove));
        assert_eq!(check_move(5, 3, true, 0, ""), Err(Msg::AddressHasChildrenCannotMove));
        // Keeping the parent is no move, with children or without.
        assert_eq!(check_move(5, 3, true, 3, "0"), Ok(()));
        assert_eq!(check_move(5, 3, false, 4, "0,3"), Ok(()));
        // 50 is not 5: ids are compared whole.
        assert_eq!(check_move(5, 3, false, 51, "0,50"), Ok(()));
        assert_eq!(ancestors_under(0, ""), "0");
        assert_eq!(ancestors_under(5, "0,3"), "0,3,5");
    }

    proptest::proptest! {
        #[test]
        fn names_within_the_limit_pass_and_longer_ones_do_not(name in "[a-z东区]{1,50}", extra in "[a-z东区]{51,80}") {
            let ok = AddressDraft::parse(&RawAddress { address_name: &name, ..RawAddress::default() });
            proptest::prop_assert!(ok.is_ok());
            let long = AddressDraft::parse(&RawAddress { address_name: &extra, ..RawAddress::default() });
            proptest::prop_assert_eq!(long, Err(Msg::AddressNameTooLong));
        }
    }
}
