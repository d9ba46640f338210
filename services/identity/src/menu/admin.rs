//! Menu rules as administrators edit them (RuoYi's menu screen). Pure: no I/O. What is
//! edited here is what `getRouters` and the sidebar serve.

use std::collections::HashMap;

use lumiscape_common::i18n::Msg;
use lumiscape_common::permission::with_pc_prefix;

use crate::dept::model::{check_order, parse_status};

/// What the form sent, in RuoYi's codes.
#[derive(Debug, Clone, Default)]
pub struct RawMenu<'a> {
    pub parent_id: i64,
    pub menu_name: &'a str,
    pub menu_name_en: &'a str,
    pub order_num: i64,
    pub path: &'a str,
    pub component: &'a str,
    pub query: &'a str,
    pub route_name: &'a str,
    pub is_frame: &'a str,
    pub is_cache: &'a str,
    pub menu_type: &'a str,
    pub visible: &'a str,
    pub status: &'a str,
    pub perms: &'a str,
    pub icon: &'a str,
    pub menu_module: &'a str,
    pub client: &'a str,
    pub affix: &'a str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MenuDraft {
    pub parent_id: i64,
    pub menu_name: String,
    pub menu_name_en: String,
    pub order_num: i32,
    pub path: String,
    pub component: String,
    pub query: String,
    pub route_name: String,
    pub is_frame: bool,
    pub is_cache: bool,
    /// 'M' directory, 'C' menu, 'F' button.
    pub menu_type: String,
    pub visible: bool,
    pub status: String,
    /// With the `pc:` prefix, as the sessions hold permissions; empty for none.
    pub perms: String,
    pub icon: String,
    pub menu_module: String,
    pub client: String,
    pub affix: bool,
}

fn chars_in(text: &str, max: usize, extra: &[u8]) -> bool {
    text.len() <= max && text.bytes().all(|b| b.is_ascii_alphanumeric() || extra.contains(&b))
}

/// A RuoYi "0"/"1" switch where "0" is `zero_means`; empty is `default`.
fn switch(text: &str, zero_means: bool, default: bool) -> Result<bool, Msg> {
    match text.trim() {
        "" => Ok(default),
        "0" => Ok(zero_means),
        "1" => Ok(!zero_means),
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Msg::SwitchInvalid),
    }
}

impl MenuDraft {
    pub fn parse(raw: &RawMenu<'_>) -> Result<Self, Msg> {
        let menu_type = match raw.menu_type.trim() {
            t @ ("M" | "C" | "F") => t,
            _ => return Err(Msg::MenuTypeInvalid),
        };
        let menu_name = raw.menu_name.trim();
        let menu_name_en = raw.menu_name_en.trim();
        if menu_name.is_empty() || menu_name.chars().count() > 50 || menu_name_en.chars().count() > 100 {
            return Err(Msg::MenuNameInvalid);
        }
        if raw.parent_id < 0 {
            return Err(Msg::MenuParentInvalid);
        }
        let is_frame = switch(raw.is_frame, true, false)?;
        let path = raw.path.trim();
        let path_ok = if menu_type == "F" {
            path.is_empty()
        } else if is_frame {
            (path.starts_with("http://") || path.starts_with("https://"))
                && path.len() <= 200
                && !path.chars().any(char::is_whitespace)
        } else {
            !path.is_empty() && chars_in(path, 200, b"-_/:.")
        };
        if !path_ok {
            return Err(Msg::MenuPathInvalid);
        }
        let component = raw.component.trim();
        if menu_type == "F" && !component.is_empty() || !chars_in(component, 255, b"-_/") {
            return Err(Msg::MenuComponentInvalid);
        }
        let query = raw.query.trim();
        if query.chars().count() > 255 || query.chars().any(char::is_whitespace) {
            return Err(Msg::MenuPathInvalid);
        }
        let route_name = raw.route_name.trim();
        if !chars_in(route_name, 50, b"-_") {
            return Err(Msg::MenuComponentInvalid);
        }
        let perms = raw.perms.trim();
        if !chars_in(perms, 100, b"-_:*") {
            return Err(Msg::MenuPermsInvalid);
        }
        let icon = raw.icon.trim();
        if !chars_in(icon, 100, b"-_") {
            return Err(Msg::MenuIconInvalid);
        }
        let menu_module = match raw.menu_module.trim() {
            "" => "1",
            m if m.len() <= 20 && chars_in(m, 20, b"") => m,
            _ => return Err(Msg::MenuModuleInvalid),
        };
        let client = match raw.client.trim() {
            "" | "0" => "0",
            "1" => "1",
            _ => return Err(Msg::SwitchInvalid),
        };
        Ok(Self {
            parent_id: raw.parent_id,
            menu_name: menu_name.to_owned(),
            menu_name_en: if menu_name_en.is_empty() { menu_name.to_owned() } else { menu_name_en.to_owned() },
            order_num: check_order(raw.order_num)?,
            path: path.to_owned(),
            component: component.to_owned(),
            query: query.to_owned(),
            route_name: route_name.to_owned(),
            is_frame,
            is_cache: switch(raw.is_cache, true, true)?,
            menu_type: menu_type.to_owned(),
            visible: switch(raw.visible, true, true)?,
            status: parse_status(raw.status)?.to_owned(),
            perms: if perms.is_empty() { String::new() } else { with_pc_prefix(perms) },
            icon: icon.to_owned(),
            menu_module: menu_module.to_owned(),
            client: client.to_owned(),
            affix: switch(raw.affix, false, false)?,
        })
    }
}

/// Whether `menu_id` may hang under `parent_id`, given every menu's (parent, type): the
/// parent exists (or is the root), is not a button, and is neither the menu itself nor one
/// of its descendants.
pub fn check_parent(menu_id: Option<i64>, parent_id: i64, menus: &HashMap<i64, (i64, String)>) -> Result<(), Msg> {
    if parent_id == 0 {
        return Ok(());
    }
    let Some((_, kind)) = menus.get(&parent_id) else {
        return Err(Msg::MenuParentInvalid);
    };
    if kind == "F" {
        return Err(Msg::MenuParentInvalid);
    }
    let Some(menu_id) = menu_id else {
        return Ok(());
    };
    // Walk up from the parent; meeting the menu means a cycle. Bounded by the table's size.
    let mut at = parent_id;
    for _ in 0..=menus.len() {
        if at == menu_id {
            return Err(Msg::MenuParentInvalid);
        }
        match menus.get(&at) {
            Some((parent, _)) if *parent != 0 => at = *parent,
            _ => return Ok(()),
        }
    }
    Err(Msg::MenuParentInvalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw() -> RawMenu<'static> {
        RawMenu {
            parent_id: 1,
            menu_name: "巡检报表",
            menu_type: "C",
            path: "report",
            component: "system/report/index",
            perms: "system:report:list",
            ..RawMenu::default()
        }
    }

    #[test]
    fn a_menu_takes_ruoyis_codes_and_the_pc_prefix() {
        let draft = MenuDraft::parse(&raw()).unwrap();
        assert_eq!(draft.perms, "pc:system:report:list");
        assert!(draft.visible && draft.is_cache && !draft.is_frame && !draft.affix);
        assert_eq!(
            (draft.menu_name_en.as_str(), draft.menu_module.as_str(), draft.client.as_str()),
            ("巡检报表", "1", "0")
        );
        let hidden = MenuDraft::parse(&RawMenu { visible: "1", is_cache: "1", affix: "1", ..raw() }).unwrap();
        assert!(!hidden.visible && !hidden.is_cache && hidden.affix);
        let link = MenuDraft::parse(&RawMenu { is_frame: "0", path: "https://example.com/x", component: "", ..raw() });
        assert!(link.unwrap().is_frame);
    }

    #[test]
    fn every_rule_names_its_field() {
        let cases: Vec<(RawMenu<'_>, Msg)> = vec![
            (RawMenu { menu_type: "X", ..raw() }, Msg::MenuTypeInvalid),
            (RawMenu { menu_name: "", ..raw() }, Msg::MenuNameInvalid),
            (RawMenu { path: "", ..raw() }, Msg::MenuPathInvalid),
            (RawMenu { path: "a b", ..raw() }, Msg::MenuPathInvalid),
            (RawMenu { is_frame: "0", path: "javascript:alert(1)", ..raw() }, Msg::MenuPathInvalid),
            (RawMenu { component: "../x y", ..raw() }, Msg::MenuComponentInvalid),
            (RawMenu { perms: "a b", ..raw() }, Msg::MenuPermsInvalid),
            (RawMenu { icon: "<svg>", ..raw() }, Msg::MenuIconInvalid),
            (RawMenu { menu_module: "a b", ..raw() }, Msg::MenuModuleInvalid),
            (RawMenu { order_num: -1, ..raw() }, Msg::OrderNumInvalid),
            (RawMenu { menu_type: "F", path: "x", ..raw() }, Msg::MenuPathInvalid),
        ];
        for (input, expected) in cases {
            assert_eq!(MenuDraft::parse(&input), Err(expected.clone()), "{input:?}");
        }
    }

    #[test]
    fn a_menu_never_hangs_under_itself_a_descendant_or_a_button() {
        let menus: HashMap<i64, (i64, String)> = [
            (1, (0, "M".to_owned())),
            (101, (1, "C".to_owned())),
            (1011, (101, "F".to_owned())),
            (102, (1, "C".to_owned())),
        ]
        .into();
        assert_eq!(check_parent(Some(1), 101, &menus), Err(Msg::MenuParentInvalid), "under its descendant");
        assert_eq!(check_parent(Some(101), 101, &menus), Err(Msg::MenuParentInvalid), "under itself");
        assert_eq!(check_parent(None, 1011, &menus), Err(Msg::MenuParentInvalid), "under a button");
        assert_eq!(check_parent(None, 999, &menus), Err(Msg::MenuParentInvalid), "under nothing");
        assert_eq!(check_parent(Some(102), 101, &menus), Ok(()));
        assert_eq!(check_parent(Some(1), 0, &menus), Ok(()));
    }
}
