import { Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddDeviceCategoryMutation, useUpdateDeviceCategoryMutation } from '../api';
import { CATEGORY_NAME_MAX, categoryRules, CODE_MAX, REMARK_MAX } from '../rules';
import type { EquipmentCategory } from '../types';
import { toChange, toValues, type CategoryFormValues } from './formValues';
import '../i18n';

/** Adds or edits an equipment category: name, code and remark, checked as the server checks them. */
export default function CategoryFormDialog({ row: category, onClose }: EditorDialogProps<EquipmentCategory>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryFormValues>();
  const rules = categoryRules(t);
  const [addCategory] = useAddDeviceCategoryMutation();
  const [updateCategory] = useUpdateDeviceCategoryMutation();

  const save = (values: CategoryFormValues) =>
    category
      ? updateCategory({ ...toChange(values), categoryId: category.categoryId }).unwrap()
      : addCategory(toChange(values)).unwrap();

  return (
    <FormDialog<CategoryFormValues> form={form} name="deviceCategory" editing={category !== undefined} onSave={save} onClose={onClose}
      title={category ? t('device.category.editTitle') : t('device.category.addTitle')} initialValues={category ? toValues(category) : undefined}>
      <Row gutter={16}>
        <FormField label={t('device.category.name')} name="categoryName" rules={rules.categoryName} required>
          <Input maxLength={CATEGORY_NAME_MAX} placeholder={t('device.category.namePlaceholder')} />
        </FormField>
        <FormField label={t('device.category.code')} name="categoryCode" rules={rules.categoryCode} required>
          <Input maxLength={CODE_MAX} placeholder={t('device.category.codePlaceholder')} />
        </FormField>
        <FormField label={t('device.category.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
