import { Input, InputNumber, Radio, Row, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddDeptMutation, useGetDeptsExcludingQuery, useGetDeptsQuery, useUpdateDeptMutation } from '../api';
import { DEPT_CODE_MAX, DEPT_NAME_MAX, deptRules, EMAIL_MAX, LEADER_MAX, ORDER_MAX, ORDER_MIN, PHONE_MAX } from '../rules';
import { deptOptions } from '../shared/deptTree';
import { useDeptTypes, useNormalDisable } from '../shared/dicts';
import type { Dept } from '../types';
import { newDept, toChange, toValues, type DeptFormValues } from './formValues';
import '../i18n';

export interface DeptFormDialogProps extends EditorDialogProps<Dept> {
  /** Adds a node under this one ("add child"). */
  parent?: Dept;
}

/**
 * Adds or edits an organization node. The parent is chosen from the tree (when editing, from
 * the nodes it may move under); a root keeps no parent. Name required, code of letters,
 * digits, underscores and hyphens, phone and email as spec section 5 says.
 */
export default function DeptFormDialog({ row: dept, parent, onClose }: DeptFormDialogProps) {
  const { t } = useTranslation();
  const rules = deptRules(t);
  const types = useDeptTypes();
  const statuses = useNormalDisable();
  const { data: all = [] } = useGetDeptsQuery({}, { skip: dept !== undefined });
  const { data: movable = [] } = useGetDeptsExcludingQuery(dept?.deptId ?? 0, { skip: dept === undefined });
  const [addDept] = useAddDeptMutation();
  const [updateDept] = useUpdateDeptMutation();
  const isRoot = dept !== undefined && dept.parentId === 0;
  const candidates = dept ? movable : all;

  const save = (values: DeptFormValues) => {
    const change = toChange(isRoot ? { ...values, parentId: 0 } : values);
    return dept ? updateDept({ ...change, deptId: dept.deptId }).unwrap() : addDept(change).unwrap();
  };

  return (
    <FormDialog<DeptFormValues> size="half" name="dept" editing={dept !== undefined} onSave={save} onClose={onClose}
      title={dept ? t('system.dept.editTitle') : t('system.dept.addTitle')} initialValues={dept ? toValues(dept) : newDept(parent?.deptId)}>
      <Row gutter={16}>
        {isRoot ? null : (
          <FormField label={t('system.dept.parent')} name="parentId" rules={candidates.length > 0 ? rules.parentId : []} required={candidates.length > 0}>
            <TreeSelect treeData={deptOptions(candidates)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" allowClear placeholder={t('common.choose')} />
          </FormField>
        )}
        <FormField span={12} label={t('system.dept.name')} name="deptName" rules={rules.deptName} required>
          <Input maxLength={DEPT_NAME_MAX} placeholder={t('system.dept.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('system.dept.code')} name="deptCode" rules={rules.deptCode}>
          <Input maxLength={DEPT_CODE_MAX} />
        </FormField>
        <FormField span={12} label={t('system.dept.type')} name="deptType">
          <Select options={types} placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('system.dept.orderNum')} name="orderNum" rules={rules.orderNum} required>
          <InputNumber min={ORDER_MIN} max={ORDER_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('system.dept.leader')} name="leader" rules={rules.leader}>
          <Input maxLength={LEADER_MAX} />
        </FormField>
        <FormField span={12} label={t('system.dept.phone')} name="phone" rules={rules.phone}>
          <Input maxLength={PHONE_MAX} inputMode="tel" />
        </FormField>
        <FormField span={12} label={t('system.dept.email')} name="email" rules={rules.email}>
          <Input maxLength={EMAIL_MAX} inputMode="email" />
        </FormField>
        <FormField span={12} label={t('system.dept.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
