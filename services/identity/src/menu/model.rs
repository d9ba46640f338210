//! How a user's menus become the console's route tree (spec section 2, "Route").

use std::collections::{BTreeMap, HashSet};

/// A menu row, as the rules need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Menu {
    pub menu_id: i64,
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
    pub menu_type: MenuType,
    pub visible: bool,
    pub enabled: bool,
    pub icon: String,
    pub menu_module: String,
    pub client: String,
    /// Fixed in the tags view.
    pub affix: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuType {
    Directory,
    Menu,
    Button,
}

impl MenuType {
    pub fn from_code(code: &str) -> Option<Self> {
        match code {
            "M" => Some(MenuType::Directory),
            "C" => Some(MenuType::Menu),
            "F" => Some(MenuType::Button),
            _ => None,
        }
    }
}

/// Which menus a user may see.
#[derive(Debug, Clone)]
pub enum MenuAccess {
    All,
    Only(HashSet<i64>),
}

/// Where the routes are used: `0` the PC console (every menu), `1` the app (menus for both).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WhereUse {
    Pc,
    App,
}

impl WhereUse {
    pub fn from_code(code: i32) -> Self {
        if code == 1 { WhereUse::App } else { WhereUse::Pc }
    }

    fn admits(self, menu: &Menu) -> bool {
        self == WhereUse::Pc || menu.client == "1"
    }
}

/// One route of the console's tree.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RouteNode {
    pub name: String,
    pub path: String,
    pub hidden: bool,
    pub always_show: bool,
    pub redirect: String,
    pub component: String,
    pub menu_module: String,
    pub query: String,
    pub title: String,
    pub title_en: String,
    pub icon: String,
    pub no_cache: bool,
    pub link: String,
    pub affix: bool,
    pub children: Vec<RouteNode>,
}

pub const LAYOUT: &str = "Layout";
pub const PARENT_VIEW: &str = "ParentView";
pub const INNER_LINK: &str = "InnerLink";

/// Whether a path is a link out of the console (spec: http, https, mailto or tel).
pub fn is_external(path: &str) -> bool {
    ["http://", "https://", "mailto:", "tel:"].iter().any(|p| path.starts_with(p))
}

/// Builds the route tree: enabled directories and menus (never buttons) that the user may
/// see, each directory kept only when something beneath it is, ordered by `order_num`.
/// A permitted menu brings its ancestors along even when they were not granted themselves.
pub fn build_routes(menus: &[Menu], access: &MenuAccess, where_use: WhereUse) -> Vec<RouteNode> {
    let by_id: BTreeMap<i64, &Menu> = menus.iter().map(|m| (m.menu_id, m)).collect();
    let usable = |m: &Menu| m.enabled && m.menu_type != MenuType::Button && where_use.admits(m);
    let granted = |m: &Menu| match access {
        MenuAccess::All => true,
        MenuAccess::Only(ids) => ids.contains(&m.menu_id),
    };
    let mut included: HashSet<i64> = HashSet::new();
    for menu in menus.iter().filter(|m| m.menu_type == MenuType::Menu && usable(m) && granted(m)) {
        let mut chain = vec![menu.menu_id];
        let mut parent = menu.parent_id;
        let mut complete = true;
        while parent != 0 {
            match by_id.get(&parent) {
                Some(p) if usable(p) && chain.len() < 16 => {
                    chain.push(p.menu_id);
                    parent = p.parent_id;
                }
                _ => {
                    complete = false;
                    break;
                }
            }
        }
        if complete {
            included.extend(chain);
        }
    }
    let mut children_of: BTreeMap<i64, Vec<&Menu>> = BTreeMap::new();
    for menu in menus.iter().filter(|m| included.contains(&m.menu_id)) {
        children_of.entry(menu.parent_id).or_default().push(menu);
    }
    for list in children_of.values_mut() {
        list.sort_by_key(|m| (m.order_num, m.menu_id));
    }
    build_level(0, &children_of)
}

fn build_level(parent_id: i64, children_of: &BTreeMap<i64, Vec<&Menu>>) -> Vec<RouteNode> {
    let Some(menus) = children_of.get(&parent_id) else {
        return Vec::new();
    };
    let top = parent_id == 0;
    menus
        .iter()
        .map(|menu| {
            let children = build_level(menu.menu_id, children_of);
            let node = route_of(menu, top, children);
            if top && menu.menu_type == MenuType::Menu && !is_external(&menu.path) {
                // A menu at the top still renders inside the main layout.
                RouteNode {
                    name: String::new(),
                    path: "/".into(),
                    component: LAYOUT.into(),
                    menu_module: menu.menu_module.clone(),
                    hidden: node.hidden,
                    children: vec![node],
                    ..RouteNode::default()
                }
            } else {
                node
            }
        })
        .collect()
}

fn route_of(menu: &Menu, top: bool, children: Vec<RouteNode>) -> RouteNode {
    let external = is_external(&menu.path);
    let path = if top && menu.menu_type == MenuType::Directory && !external {
        format!("/{}", menu.path.trim_start_matches('/'))
    } else {
        menu.path.clone()
    };
    let component = if external {
        INNER_LINK.to_owned()
    } else if menu.menu_type == MenuType::Directory {
        if top { LAYOUT.to_owned() } else { PARENT_VIEW.to_owned() }
    } else {
        menu.component.clone()
    };
    let is_directory = menu.menu_type == MenuType::Directory;
    RouteNode {
        name: route_name(menu),
        path,
        hidden: !menu.visible,
        always_show: is_directory && !children.is_empty(),
        redirect: if is_directory { "noRedirect".into() } else { String::new() },
        component,
        menu_module: menu.menu_module.clone(),
        query: menu.query.clone(),
        title: menu.menu_name.clone(),
        title_en: menu.menu_name_en.clone(),
        icon: menu.icon.clone(),
        no_cache: !menu.is_cache,
        link: if external { menu.path.clone() } else { String::new() },
        affix: menu.affix,
        children,
    }
}

/// The route name: the configured one, else the path with its first letter capitalised.
fn route_name(menu: &Menu) -> String {
    if !menu.route_name.is_empty() {
        return menu.route_name.clone();
    }
    if is_external(&menu.path) {
        return format!("Link{}", menu.menu_id);
    }
    let mut chars = menu.path.trim_start_matches('/').chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => format!("Menu{}", menu.menu_id),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn menu(id: i64, parent: i64, kind: MenuType, path: &str) -> Menu {
        Menu {
            menu_id: id,
            parent_id: parent,
            menu_name: format!("菜单{id}"),
            menu_name_en: format!("Menu {id}"),
            order_num: id as i32,
            path: path.into(),
            component: if kind == MenuType::Menu { format!("{path}/index") } else { String::new() },
            query: String::new(),
            route_name: String::new(),
            is_frame: false,
            is_cache: true,
            menu_type: kind,
            visible: true,
            enabled: true,
            icon: "system".into(),
            menu_module: "1".into(),
            client: "0".into(),
            affix: false,
        }
    }

    fn sample() -> Vec<Menu> {
        vec![
            menu(1, 0, MenuType::Directory, "system"),
            menu(100, 1, MenuType::Menu, "user"),
            menu(101, 1, MenuType::Menu, "role"),
            menu(1000, 100, MenuType::Button, ""),
            menu(2, 0, MenuType::Directory, "lighting"),
            menu(200, 2, MenuType::Menu, "gateway"),
            menu(3, 0, MenuType::Menu, "dataScreen"),
            menu(4, 0, MenuType::Directory, "empty"),
        ]
    }

    #[test]
    fn everything_for_all_access_but_buttons_and_empty_directories() {
        let routes = build_routes(&sample(), &MenuAccess::All, WhereUse::Pc);
        let paths: Vec<&str> = routes.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(paths, ["/system", "/lighting", "/"]);
        assert_eq!(routes[0].component, LAYOUT);
        assert!(routes[0].always_show);
        assert_eq!(routes[0].redirect, "noRedirect");
        assert_eq!(routes[0].children.len(), 2);
        assert!(routes[0].children.iter().all(|c| c.children.is_empty()));
        assert_eq!(routes[0].children[0].component, "user/index");
        assert_eq!(routes[0].children[0].name, "User");
    }

    #[test]
    fn a_top_level_menu_is_wrapped_in_the_layout() {
        let routes = build_routes(&sample(), &MenuAccess::All, WhereUse::Pc);
        let screen = &routes[2];
        assert_eq!(screen.component, LAYOUT);
        assert_eq!(screen.children[0].path, "dataScreen");
    }

    #[test]
    fn only_granted_menus_and_their_ancestors() {
        let access = MenuAccess::Only(HashSet::from([200]));
        let routes = build_routes(&sample(), &access, WhereUse::Pc);
        assert_eq!(routes.len(), 1);
        assert_eq!(routes[0].path, "/lighting");
        assert_eq!(routes[0].children[0].path, "gateway");
    }

    #[test]
    fn disabled_menus_and_their_subtrees_are_dropped() {
        let mut menus = sample();
        menus[0].enabled = false;
        let routes = build_routes(&menus, &MenuAccess::All, WhereUse::Pc);
        assert!(routes.iter().all(|r| r.path != "/system"));
    }

    #[test]
    fn hidden_menus_are_marked_not_removed() {
        let mut menus = sample();
        menus[2].visible = false;
        let routes = build_routes(&menus, &MenuAccess::All, WhereUse::Pc);
        assert!(routes[0].children[1].hidden);
    }

    #[test]
    fn external_links_carry_their_url() {
        let mut menus = sample();
        menus.push(menu(102, 1, MenuType::Menu, "https://example.org/help"));
        let routes = build_routes(&menus, &MenuAccess::All, WhereUse::Pc);
        let link = routes[0].children.iter().find(|c| !c.link.is_empty()).unwrap();
        assert_eq!(link.link, "https://example.org/help");
        assert_eq!(link.component, INNER_LINK);
        assert!(is_external("mailto:a@b.c") && is_external("tel:123") && !is_external("/index"));
    }

    #[test]
    fn app_routes_hold_only_menus_for_both_clients() {
        let mut menus = sample();
        for m in &mut menus {
            if m.menu_id == 2 || m.menu_id == 200 {
                m.client = "1".into();
            }
        }
        let routes = build_routes(&menus, &MenuAccess::All, WhereUse::App);
        assert_eq!(routes.len(), 1);
        assert_eq!(routes[0].path, "/lighting");
    }

    #[test]
    fn a_cycle_in_the_tree_does_not_hang() {
        let mut menus = sample();
        menus[0].parent_id = 100;
        let routes = build_routes(&menus, &MenuAccess::All, WhereUse::Pc);
        assert!(routes.iter().all(|r| r.path != "/system"));
    }
}
