import { useEffect, useMemo } from 'react';
import { Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useGetRoleDeptTreeQuery, useGetRoleQuery, useSetRoleDataScopeMutation } from '../api';
import type { DataScope, Role } from '../types';
import CheckTree from './CheckTree';
import { keysToSave, type TreeChecks } from './checkTree';
import { CUSTOM_SCOPE, DATA_SCOPES } from './formValues';
import '../i18n';

interface DataScopeValues {
  roleName: string;
  roleKey: string;
  dataScope: DataScope;
  /** The organization tree's checks and linkage (a field of the custom scope only). */
  depts?: TreeChecks;
}

const valuesOf = (role: Role, checkedKeys: number[] = []): Required<DataScopeValues> => ({
  roleName: role.roleName,
  roleKey: role.roleKey,
  dataScope: role.dataScope,
  depts: { checked: checkedKeys, linked: role.deptCheckStrictly },
});

/**
 * A role's data scope (PUT /system/role/dataScope): all, custom organizations (chosen in the
 * organization tree, with expand, select all and parent-child linkage) or project. Only the
 * custom scope sends organizations.
 */
export default function DataScopeDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataScopeValues>();
  const fresh = { refetchOnMountOrArgChange: true };
  const detail = useGetRoleQuery(role.roleId, fresh);
  const deptTree = useGetRoleDeptTreeQuery(role.roleId, fresh);
  const [setDataScope] = useSetRoleDataScopeMutation();
  const dataScope = Form.useWatch('dataScope', form) ?? role.dataScope;
  const loaded = detail.data && deptTree.data && !detail.isFetching && !deptTree.isFetching;
  const nodes = deptTree.data?.nodes ?? [];
  const scopes = useMemo(() => DATA_SCOPES.map((value) => ({ value, label: t(`system.role.dataScopes.${value}`) })), [t]);

  useEffect(() => {
    if (detail.data && deptTree.data && !detail.isFetching && !deptTree.isFetching) form.setFieldsValue(valuesOf(detail.data, deptTree.data.checkedKeys));
  }, [form, detail.data, detail.isFetching, deptTree.data, deptTree.isFetching]);

  const save = async (values: DataScopeValues) => {
    const custom = values.dataScope === CUSTOM_SCOPE;
    // the tree is shown for the custom scope only; the form keeps its checks and linkage meanwhile
    const depts = (form.getFieldValue('depts') as TreeChecks | undefined) ?? valuesOf(role).depts;
    // a custom scope saved before the tree arrived would lose its organizations
    if (custom && !loaded) throw new Error(t('system.role.loading'));
    await setDataScope({
      roleId: role.roleId,
      dataScope: values.dataScope,
      deptIds: custom ? keysToSave(nodes, depts) : [],
      deptCheckStrictly: depts.linked,
    }).unwrap();
  };

  return (
    <FormDialog<DataScopeValues> form={form} name="dataScope" editing onSave={save} onClose={onClose}
      title={t('system.role.dataScopeTitle')} initialValues={valuesOf(role)}>
      <Row gutter={16}>
        <FormField label={t('system.role.roleName')} name="roleName">
          <Input disabled />
        </FormField>
        <FormField label={t('system.role.roleKey')} name="roleKey">
          <Input disabled />
        </FormField>
        <FormField label={t('system.role.dataScope')} name="dataScope">
          <Select options={scopes} />
        </FormField>
        {dataScope === CUSTOM_SCOPE ? (
          <FormField label={t('system.role.depts')} name="depts">
            <CheckTree label={t('system.role.depts')} nodes={nodes} defaultExpandAll loading={!loaded} />
          </FormField>
        ) : null}
      </Row>
    </FormDialog>
  );
}
