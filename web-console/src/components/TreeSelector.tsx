import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { buildTree, INITIAL_TREE_ID, type TreeNode } from '../lib/tree';

interface Option {
  value: string;
  title: string;
  children?: Option[];
}

function toOptions(nodes: readonly TreeNode[]): Option[] {
  return nodes.map((node) => ({
    value: String(node.id),
    title: node.name,
    children: node.children?.length ? toOptions(node.children) : undefined,
  }));
}

/** Whether the list is already a tree (some node carries children). */
function isTree(nodes: readonly TreeNode[]): boolean {
  return nodes.some((node) => Array.isArray(node.children) && node.children.length > 0);
}

export interface TreeSelectorProps {
  /** A tree, or a flat list of {id, parentId, name} (parentId 0 is a root). */
  nodes: readonly TreeNode[];
  value?: number | string;
  onChange?: (id: string) => void;
  label?: string;
}

/** The tree selector (spec sections 3 and 9): starts at id 1. */
export default function TreeSelector({ nodes, value = INITIAL_TREE_ID, onChange, label }: TreeSelectorProps) {
  const { t } = useTranslation();
  const treeData = useMemo(() => toOptions(isTree(nodes) ? nodes : buildTree(nodes)), [nodes]);
  return (
    <TreeSelect
      aria-label={label ?? t('components.treeSelect')}
      treeData={treeData}
      value={String(value)}
      onChange={(id: string) => onChange?.(id)}
      treeDefaultExpandAll
      style={{ minWidth: 220 }}
    />
  );
}
