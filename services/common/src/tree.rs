//! Trees drawn from flat lists of `(id, parent id, name)`, in the order given: the
//! organization, the menus and a project's addresses are all drawn this way. The
//! organization and the addresses also store each node's path as RuoYi's ancestors list
//! (`"0,100,101"`), kept by the functions below.

use std::collections::{HashMap, HashSet};

/// A node of a drawn tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    pub id: i64,
    /// The parent as stored; a root whose parent is absent from the list keeps it.
    pub parent_id: i64,
    pub name: String,
    pub children: Vec<TreeNode>,
}

/// The tree of `nodes` (id, parent id, name), children in the order given: a node whose
/// parent is not among them is a root. A node is placed once even if the input repeats it,
/// and a cycle in the input leaves its nodes out rather than looping.
pub fn build_tree(nodes: &[(i64, i64, String)]) -> Vec<TreeNode> {
    let present: HashSet<i64> = nodes.iter().map(|n| n.0).collect();
    let mut children: HashMap<i64, Vec<&(i64, i64, String)>> = HashMap::new();
    let mut roots = Vec::new();
    for node in nodes {
        if node.1 != node.0 && present.contains(&node.1) {
            children.entry(node.1).or_default().push(node);
        } else {
            roots.push(node);
        }
    }
    let mut placed = HashSet::new();
    roots.into_iter().filter_map(|n| grow(n, &children, &mut placed)).collect()
}

/// The ids of an ancestors list (`"0,100,101"`).
pub fn ancestor_ids(ancestors: &str) -> impl Iterator<Item = i64> + '_ {
    ancestors.split(',').filter_map(|id| id.trim().parse().ok())
}

/// The ancestors of a node placed under `parent_id` (whose own ancestors are given); a
/// root (`parent_id` 0) has `"0"`.
pub fn ancestors_under(parent_id: i64, parent_ancestors: &str) -> String {
    if parent_id == 0 { "0".to_owned() } else { format!("{parent_ancestors},{parent_id}") }
}

/// A move that would make a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cycle {
    /// The node would be its own parent.
    OwnParent,
    /// The new parent lies under the node.
    UnderDescendant,
}

/// Whether putting `node_id` under `parent_id` (whose ancestors are given) makes a cycle.
pub fn cycle(node_id: i64, parent_id: i64, parent_ancestors: &str) -> Option<Cycle> {
    if parent_id == node_id {
        Some(Cycle::OwnParent)
    } else if ancestor_ids(parent_ancestors).any(|id| id == node_id) {
        Some(Cycle::UnderDescendant)
    } else {
        None
    }
}

fn grow(
    node: &(i64, i64, String),
    children: &HashMap<i64, Vec<&(i64, i64, String)>>,
    placed: &mut HashSet<i64>,
) -> Option<TreeNode> {
    if !placed.insert(node.0) {
        return None;
    }
    let kids = children.get(&node.0).map(|list| list.iter().filter_map(|c| grow(c, children, placed)).collect());
    Some(TreeNode { id: node.0, parent_id: node.1, name: node.2.clone(), children: kids.unwrap_or_default() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tree_keeps_the_order_and_lifts_orphans_to_roots() {
        let nodes = vec![
            (100, 0, "总部".to_owned()),
            (101, 100, "运维部".to_owned()),
            (103, 101, "一班".to_owned()),
            (102, 100, "工程部".to_owned()),
            (200, 999, "孤儿".to_owned()),
        ];
        let tree = build_tree(&nodes);
        assert_eq!(tree.iter().map(|n| (n.id, n.parent_id)).collect::<Vec<_>>(), [(100, 0), (200, 999)]);
        assert_eq!(tree[0].children.iter().map(|n| n.id).collect::<Vec<_>>(), [101, 102]);
        assert_eq!(tree[0].children[0].children[0].name, "一班");
        assert_eq!(tree[0].children[0].children[0].parent_id, 101);
    }

    #[test]
    fn ancestors_lists_are_read_and_written() {
        assert_eq!(ancestor_ids("0,100, 101,x").collect::<Vec<_>>(), [0, 100, 101]);
        assert_eq!(ancestors_under(0, ""), "0");
        assert_eq!(ancestors_under(101, "0,100"), "0,100,101");
        assert_eq!(cycle(101, 101, "0,100"), Some(Cycle::OwnParent));
        assert_eq!(cycle(101, 105, "0,100,101,103"), Some(Cycle::UnderDescendant));
        assert_eq!(cycle(101, 1020, "0,100,1010"), None);
    }

    #[test]
    fn repeated_nodes_are_placed_once_and_cycles_end() {
        let nodes =
            vec![(1, 0, "a".to_owned()), (1, 0, "a".to_owned()), (2, 3, "b".to_owned()), (3, 2, "c".to_owned())];
        let tree = build_tree(&nodes);
        assert_eq!(tree.iter().map(|n| n.id).collect::<Vec<_>>(), [1]);
    }
}
