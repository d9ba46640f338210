import { useMemo, useState } from 'react';
import { Button, Flex } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteDeptMutation } from '../api';
import type { DeptRow } from '../shared/deptTree';
import type { Dept, DeptQuery } from '../types';
import { useDeptColumns, useDeptSearchFields } from './columns';
import DeptFormDialog from './DeptFormDialog';
import { ALL_COLLAPSED, ALL_EXPANDED, DeptTreeContext, toggled, useDeptList, type Expansion } from './treeState';
import '../i18n';

/**
 * The organization (`system/dept/index`): a tree table of GET /system/dept/list, searched by
 * name and status, opened and closed node by node or all at once; add, add a child, edit,
 * delete after a confirmation.
 */
export default function DeptPage() {
  const { t } = useTranslation();
  const [expansion, setExpansion] = useState<Expansion>(ALL_EXPANDED);
  const [addingUnder, setAddingUnder] = useState<Dept | undefined>();
  const [deleteDept] = useDeleteDeptMutation();
  const tree = useMemo(() => ({ expansion, toggle: (deptId: number) => setExpansion((previous) => toggled(previous, deptId)) }), [expansion]);
  const allExpanded = expansion.mode === 'expanded';
  const actions: RowAction<DeptRow>[] = [
    {
      key: 'addChild',
      label: t('system.dept.addChild'),
      permission: 'system:dept:add',
      icon: <PlusOutlined aria-hidden />,
      ariaLabel: (dept) => t('system.dept.addChildOf', { name: dept.deptName }),
      run: (dept) => setAddingUnder(dept),
    },
  ];

  return (
    <DeptTreeContext.Provider value={tree}>
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Button icon={allExpanded ? <NodeCollapseOutlined aria-hidden /> : <NodeExpandOutlined aria-hidden />}
          onClick={() => setExpansion(allExpanded ? ALL_COLLAPSED : ALL_EXPANDED)}>
          {allExpanded ? t('system.dept.collapseAll') : t('system.dept.expandAll')}
        </Button>
      </Flex>
      <ListPage<DeptRow, DeptQuery>
        inProject={false} rowKey="deptId" rowName={(dept) => dept.deptName} useList={useDeptList}
        columns={useDeptColumns()} searchFields={useDeptSearchFields()} rowActions={actions}
        editor={{ dialog: DeptFormDialog, add: 'system:dept:add', edit: 'system:dept:edit' }}
        remove={{
          permission: 'system:dept:remove',
          batch: false,
          question: (dept) => t('system.dept.deleteConfirm', { name: dept.deptName }),
          run: async (depts) => {
            for (const dept of depts) await deleteDept(dept.deptId).unwrap();
          },
        }}
      >
        {addingUnder ? <DeptFormDialog parent={addingUnder} onClose={() => setAddingUnder(undefined)} /> : null}
      </ListPage>
    </DeptTreeContext.Provider>
  );
}
