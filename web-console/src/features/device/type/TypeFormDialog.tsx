import { useMemo } from 'react';
import { Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddDeviceTypeMutation, useUpdateDeviceTypeMutation } from '../api';
import { CODE_MAX, REMARK_MAX, TYPE_NAME_MAX, typeRules } from '../rules';
import type { EquipmentType } from '../types';
import { useCategoryChoices } from './categoryChoices';
import { NEW_TYPE, toChange, toValues, type TypeFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits an equipment type: its category, name, code, type value (0 to 255, lower is a
 * higher priority), status check (10 to 86,400 s, 300 at first) and minimum burn (0 to 240
 * min, 0 at first), remark. The numbers are not clamped as typed: a value out of range is
 * shown with the rule's message, as the server would refuse it.
 */
export default function TypeFormDialog({ row: type, onClose }: EditorDialogProps<EquipmentType>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeFormValues>();
  const rules = typeRules(t);
  const own = useMemo(() => (type ? { categoryId: type.categoryId, categoryName: type.categoryName } : undefined), [type]);
  const categories = useCategoryChoices(own);
  const [addType] = useAddDeviceTypeMutation();
  const [updateType] = useUpdateDeviceTypeMutation();

  const save = (values: TypeFormValues) =>
    type ? updateType({ ...toChange(values), typeId: type.typeId }).unwrap() : addType(toChange(values)).unwrap();

  return (
    <FormDialog<TypeFormValues> size="half" form={form} name="deviceType" editing={type !== undefined} onSave={save} onClose={onClose}
      title={type ? t('device.type.editTitle') : t('device.type.addTitle')} initialValues={type ? toValues(type) : NEW_TYPE}>
      <Row gutter={16}>
        <FormField span={12} label={t('device.type.category')} name="categoryId" rules={rules.categoryId} required>
          <Select showSearch optionFilterProp="label" loading={categories.loading} options={categories.choices} placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('device.type.name')} name="typeName" rules={rules.typeName} required>
          <Input maxLength={TYPE_NAME_MAX} placeholder={t('device.type.namePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('device.type.code')} name="typeCode" rules={rules.typeCode} required>
          <Input maxLength={CODE_MAX} placeholder={t('device.type.codePlaceholder')} />
        </FormField>
        <FormField span={12} label={t('device.type.typeValue')} name="typeValue" rules={rules.typeValue} required tooltip={t('device.type.typeValueHint')}>
          <InputNumber style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('device.type.statusCheckSeconds')} name="statusCheckSeconds" rules={rules.statusCheckSeconds} required
          tooltip={t('device.type.statusCheckHint')}>
          <InputNumber style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('device.type.minimumBurnMinutes')} name="minimumBurnMinutes" rules={rules.minimumBurnMinutes} required
          tooltip={t('device.type.minimumBurnHint')}>
          <InputNumber style={{ width: '100%' }} />
        </FormField>
      </Row>
      <Form.Item label={t('device.type.remark')} name="remark" rules={rules.remark}>
        <Input.TextArea maxLength={REMARK_MAX} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
