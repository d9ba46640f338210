import { useMemo, useState, type Key } from 'react';
import { Checkbox, Flex, Spin, theme, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreeNodeData } from '../types';
import { allKeys, conduct, parentKeys, type TreeChecks } from './checkTree';
import '../i18n';

function toTreeData(nodes: readonly TreeNodeData[]): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.label, children: node.children?.length ? toTreeData(node.children) : undefined }));
}

export interface CheckTreeProps {
  /** Names the group of the controls and the tree. */
  label: string;
  nodes: readonly TreeNodeData[];
  /** Every node open at first (the organization tree), or the top level only (the menu tree). */
  defaultExpandAll?: boolean;
  loading?: boolean;
  /** From Form.Item: the checks and their change. */
  value?: TreeChecks;
  onChange?: (value: TreeChecks) => void;
  id?: string;
}

/**
 * A checkable tree with the spec's controls (section 6): expand or collapse all, select all or
 * none, parent-child linkage. With linkage a parent follows its children; without, each node
 * is checked on its own. A click on a name checks it. A form control: its value is TreeChecks.
 */
export default function CheckTree({ label, nodes, defaultExpandAll = false, loading = false, value, onChange, id }: CheckTreeProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const checks = value ?? { checked: [], linked: true };
  // undefined: as at first (every node open, or none), until the user opens or closes one
  const [expanded, setExpanded] = useState<Key[] | undefined>();
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  const everyKey = useMemo(() => allKeys(nodes), [nodes]);
  const parents = useMemo(() => parentKeys(nodes), [nodes]);
  const openKeys = expanded ?? (defaultExpandAll ? parents : []);
  const allOpen = parents.length > 0 && parents.every((key) => openKeys.includes(key));
  // what the tree shows checked: with linkage, everything under a checked node too
  const held = new Set(checks.linked ? conduct(nodes, checks.checked).checked : checks.checked);
  const allChecked = everyKey.length > 0 && everyKey.every((key) => held.has(key));
  const someChecked = everyKey.some((key) => held.has(key));

  const change = (next: Partial<TreeChecks>) => onChange?.({ ...checks, ...next });

  return (
    <div id={id} role="group" aria-label={label}>
      <Flex gap={16} wrap style={{ marginBottom: 8 }}>
        <Checkbox checked={allOpen} onChange={(event) => setExpanded(event.target.checked ? parents : [])}>
          {t('system.role.tree.expand')}
        </Checkbox>
        <Checkbox
          checked={allChecked}
          indeterminate={someChecked && !allChecked}
          onChange={(event) => change({ checked: event.target.checked ? everyKey : [] })}
        >
          {t('system.role.tree.checkAll')}
        </Checkbox>
        <Checkbox checked={checks.linked} onChange={(event) => change({ linked: event.target.checked })}>
          {t('system.role.tree.linked')}
        </Checkbox>
      </Flex>
      <Spin spinning={loading}>
        <div
          style={{
            border: `1px solid ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            padding: 8,
            maxHeight: 320,
            minHeight: 48,
            overflow: 'auto',
          }}
        >
          <Tree
            aria-label={label}
            checkable
            selectable={false}
            checkStrictly={!checks.linked}
            treeData={treeData}
            expandedKeys={openKeys}
            onExpand={(keys) => setExpanded(keys)}
            checkedKeys={checks.linked ? checks.checked : { checked: checks.checked, halfChecked: [] }}
            onCheck={(keys) => change({ checked: (Array.isArray(keys) ? keys : keys.checked).map(Number) })}
          />
        </div>
      </Spin>
    </div>
  );
}
