import { useMemo, useState, type Key } from 'react';
import { Card, Input, Tree, type TreeDataNode } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useGetDeptTreeQuery } from '../api';
import { filterTree, treeIds } from '../shared/deptTree';
import type { DeptTreeNode } from '../types';
import '../i18n';

function toTreeData(nodes: readonly DeptTreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.label, children: node.children?.length ? toTreeData(node.children) : undefined }));
}

export interface OrgTreeProps {
  /** The chosen organization; none for all. */
  deptId?: number;
  /** A click on a node chooses it; on the chosen one, none. */
  onSelect: (deptId: number | undefined) => void;
}

/** The organization tree beside the user list (GET /system/user/deptTree), with a filter box. */
export default function OrgTree({ deptId, onSelect }: OrgTreeProps) {
  const { t } = useTranslation();
  const { data } = useGetDeptTreeQuery();
  const [filter, setFilter] = useState('');
  // undefined: every node open (at first, and after each change of the filter)
  const [expanded, setExpanded] = useState<Key[] | undefined>();
  const nodes = useMemo(() => filterTree(data ?? [], filter), [data, filter]);
  const treeData = useMemo(() => toTreeData(nodes), [nodes]);
  return (
    <Card size="small" title={t('system.user.orgTree')} role="region" aria-label={t('system.user.orgTree')}>
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('system.user.orgFilter')}
        aria-label={t('system.user.orgFilter')}
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value);
          setExpanded(undefined);
        }}
        style={{ marginBottom: 8 }}
      />
      <Tree
        blockNode
        treeData={treeData}
        expandedKeys={expanded ?? treeIds(nodes)}
        onExpand={(keys) => setExpanded(keys)}
        selectedKeys={deptId === undefined ? [] : [deptId]}
        onSelect={(keys) => onSelect(keys.length > 0 ? Number(keys[0]) : undefined)}
      />
    </Card>
  );
}
