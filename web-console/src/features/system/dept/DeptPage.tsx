import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteDeptMutation } from '../api';
import type { DeptRow } from '../shared/deptTree';
import type { Dept, DeptQuery } from '../types';
import { useDeptColumns, useDeptSearchFields } from './columns';
import DeptFormDialog from './DeptFormDialog';
import { useDeptList } from './deptList';
import '../i18n';

/**
 * The organization (`system/dept/index`): a tree table of GET /system/dept/list, searched by
 * name and status, opened and closed node by node or all at once; add, add a child, edit,
 * delete after a confirmation.
 */
export default function DeptPage() {
  const { t } = useTranslation();
  const [addingUnder, setAddingUnder] = useState<Dept | undefined>();
  const [deleteDept] = useDeleteDeptMutation();
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
    <ListPage<DeptRow, DeptQuery>
      inProject={false} expandable rowKey="deptId" rowName={(dept) => dept.deptName} useList={useDeptList}
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
  );
}
