import { useEffect } from 'react';
import { Button, Flex, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useGetProjectDropListQuery } from '../../project/api';
import { useAddUserMutation, useGetDeptTreeQuery, useGetUserFormRolesQuery, useGetUserQuery, useUpdateUserMutation } from '../api';
import { EMAIL_MAX, NICK_NAME_MAX, PHONE_MAX, QUALIFICATION_CODE_MAX, QUALIFICATION_NAME_MAX, REMARK_MAX, USER_NAME_MAX, userRules } from '../rules';
import { treeOptions } from '../shared/deptTree';
import { useNormalDisable, useSexes } from '../shared/dicts';
import type { User } from '../types';
import { ALL_PROJECTS, detailValues, NEW_USER, SELECTED_PROJECTS, toChange, toValues, type UserFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits a user (50% wide): account and password when adding, name, organization,
 * phone, email, gender, status, roles, project permission (all projects, or the chosen ones),
 * qualifications (code and name, rows added and removed), remark.
 */
export default function UserFormDialog({ row: user, onClose }: EditorDialogProps<User>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const rules = userRules(t);
  const sexes = useSexes();
  const statuses = useNormalDisable();
  const { data: tree = [] } = useGetDeptTreeQuery();
  const { data: newUserRoles = [] } = useGetUserFormRolesQuery(undefined, { skip: user !== undefined });
  const { data: detail } = useGetUserQuery(user?.userId ?? 0, { skip: user === undefined });
  const { data: projects = [] } = useGetProjectDropListQuery();
  const [addUser] = useAddUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const allProjects = Form.useWatch('allProjects', form) ?? (user ? toValues(user).allProjects : ALL_PROJECTS);
  const roles = user ? (detail?.roles ?? []) : newUserRoles;

  useEffect(() => {
    if (detail) form.setFieldsValue(detailValues(detail));
  }, [form, detail]);

  const save = async (values: UserFormValues) => {
    if (!user) {
      await addUser(toChange(values)).unwrap();
      return;
    }
    // roles, projects and qualifications come with the detail: saving without them would drop them
    if (!detail) throw new Error(t('system.user.detailLoading'));
    const { password: _password, ...change } = toChange({ ...values, userName: user.userName });
    await updateUser({ ...change, userId: user.userId }).unwrap();
  };

  return (
    <FormDialog<UserFormValues> size="half" form={form} name="user" editing={user !== undefined} onSave={save} onClose={onClose}
      title={user ? t('system.user.editTitle') : t('system.user.addTitle')} initialValues={user ? toValues(user) : NEW_USER}>
      <Row gutter={16}>
        <FormField span={12} label={t('system.user.nickName')} name="nickName" rules={rules.nickName} required>
          <Input maxLength={NICK_NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('system.user.dept')} name="deptId">
          <TreeSelect treeData={treeOptions(tree)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" allowClear placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('system.user.phonenumber')} name="phonenumber" rules={rules.phonenumber}>
          <Input maxLength={PHONE_MAX} inputMode="tel" />
        </FormField>
        <FormField span={12} label={t('system.user.email')} name="email" rules={rules.email}>
          <Input maxLength={EMAIL_MAX} inputMode="email" />
        </FormField>
        {user ? null : (
          <>
            <FormField span={12} label={t('system.user.userName')} name="userName" rules={rules.userName} required>
              <Input maxLength={USER_NAME_MAX} autoComplete="off" />
            </FormField>
            <FormField span={12} label={t('system.user.password')} name="password" rules={rules.password} required>
              <Input.Password autoComplete="new-password" />
            </FormField>
          </>
        )}
        <FormField span={12} label={t('system.user.sex')} name="sex">
          <Select options={sexes} allowClear placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('system.user.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
        <FormField label={t('system.user.roles')} name="roleIds">
          <Select mode="multiple" allowClear placeholder={t('common.choose')}
            options={roles.map((role) => ({ value: role.roleId, label: role.roleName, disabled: role.status === '1' }))} />
        </FormField>
        <FormField label={t('system.user.projectPermission')} name="allProjects">
          <Radio.Group options={[
            { value: ALL_PROJECTS, label: t('system.user.allProjects') },
            { value: SELECTED_PROJECTS, label: t('system.user.selectedProjects') },
          ]} />
        </FormField>
        {allProjects === SELECTED_PROJECTS ? (
          <FormField label={t('system.user.projects')} name="projectIds">
            <Select mode="multiple" allowClear showSearch optionFilterProp="label" placeholder={t('common.choose')}
              options={projects.map((project) => ({ value: Number(project.id), label: project.projectName }))} />
          </FormField>
        ) : null}
      </Row>
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 16px' }}>
        <legend style={{ fontSize: 14, marginBottom: 8 }}>{t('system.user.qualifications')}</legend>
        <Form.List name="qualifications">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, index) => (
                <Flex key={row.key} gap={8} align="start">
                  <Form.Item name={[row.name, 'code']} rules={rules.qualificationCode} style={{ flex: 1 }}>
                    <Input maxLength={QUALIFICATION_CODE_MAX} placeholder={t('system.user.qualificationCode')}
                      aria-label={t('system.user.qualificationCodeN', { index: index + 1 })} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'name']} rules={rules.qualificationName} style={{ flex: 2 }}>
                    <Input maxLength={QUALIFICATION_NAME_MAX} placeholder={t('system.user.qualificationName')}
                      aria-label={t('system.user.qualificationNameN', { index: index + 1 })} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined aria-hidden />} onClick={() => remove(row.name)}
                    aria-label={t('system.user.removeQualification', { index: index + 1 })} />
                </Flex>
              ))}
              <Button type="dashed" block icon={<PlusOutlined aria-hidden />} onClick={() => add({ code: '', name: '' })}>
                {t('system.user.addQualification')}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <Form.Item label={t('system.user.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
