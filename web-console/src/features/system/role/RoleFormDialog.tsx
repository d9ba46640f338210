import { useEffect } from 'react';
import { Form, Input, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddRoleMutation, useGetMenuTreeQuery, useGetRoleMenuTreeQuery, useGetRoleQuery, useUpdateRoleMutation } from '../api';
import { ORDER_MAX, ORDER_MIN, ROLE_KEY_MAX, ROLE_NAME_MAX, ROLE_REMARK_MAX, roleRules } from '../rules';
import { useNormalDisable } from '../shared/dicts';
import type { Role } from '../types';
import CheckTree from './CheckTree';
import { NEW_ROLE, toChange, toValues, type RoleFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits a role: name, key (the permission string), order, status, the menu
 * permissions (a tree with expand, select all and parent-child linkage) and a remark. Editing
 * reads the role and its menu tree afresh (GET /system/role/{id}, roleMenuTreeselect/{id}).
 */
export default function RoleFormDialog({ row: role, onClose }: EditorDialogProps<Role>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const rules = roleRules(t);
  const statuses = useNormalDisable();
  const editing = role !== undefined;
  const fresh = { refetchOnMountOrArgChange: true };
  const allMenus = useGetMenuTreeQuery(undefined, { skip: editing, ...fresh });
  const detail = useGetRoleQuery(role?.roleId ?? 0, { skip: !editing, ...fresh });
  const roleMenus = useGetRoleMenuTreeQuery(role?.roleId ?? 0, { skip: !editing, ...fresh });
  const [addRole] = useAddRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const loaded = editing ? detail.data && roleMenus.data && !detail.isFetching && !roleMenus.isFetching : allMenus.data && !allMenus.isFetching;
  const menuTree = (editing ? roleMenus.data?.nodes : allMenus.data) ?? [];

  useEffect(() => {
    // the role and its menus as the server has them now
    if (detail.data && roleMenus.data && !detail.isFetching && !roleMenus.isFetching) form.setFieldsValue(toValues(detail.data, roleMenus.data));
  }, [form, detail.data, detail.isFetching, roleMenus.data, roleMenus.isFetching]);

  const save = async (values: RoleFormValues) => {
    // saving before the menus arrived would take every menu away
    if (!loaded) throw new Error(t('system.role.loading'));
    if (!role) {
      await addRole(toChange(values, menuTree, true)).unwrap();
      return;
    }
    const current = detail.data ?? role;
    await updateRole({ ...toChange(values, menuTree, current.deptCheckStrictly), roleId: role.roleId }).unwrap();
  };

  return (
    <FormDialog<RoleFormValues> form={form} name="role" editing={editing} onSave={save} onClose={onClose}
      title={role ? t('system.role.editTitle') : t('system.role.addTitle')} initialValues={role ? toValues(role) : NEW_ROLE}>
      <Row gutter={16}>
        <FormField label={t('system.role.roleName')} name="roleName" rules={rules.roleName} required>
          <Input maxLength={ROLE_NAME_MAX} placeholder={t('system.role.roleNamePlaceholder')} />
        </FormField>
        <FormField label={t('system.role.roleKey')} name="roleKey" rules={rules.roleKey} required tooltip={t('system.role.roleKeyHint')}>
          <Input maxLength={ROLE_KEY_MAX} placeholder={t('system.role.roleKeyPlaceholder')} />
        </FormField>
        <FormField span={12} label={t('system.role.roleSort')} name="roleSort" rules={rules.roleSort} required>
          <InputNumber min={ORDER_MIN} max={ORDER_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('system.role.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
        <FormField label={t('system.role.menus')} name="menus">
          <CheckTree label={t('system.role.menus')} nodes={menuTree} loading={!loaded} />
        </FormField>
        <FormField label={t('system.role.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={ROLE_REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
