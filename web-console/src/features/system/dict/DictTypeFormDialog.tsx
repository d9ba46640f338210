import { Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddDictTypeMutation, useUpdateDictTypeMutation } from '../settingsApi';
import { DICT_TEXT_MAX, dictTypeRules, REMARK_MAX, SETTINGS_KEY_MAX } from '../rules';
import { useNormalDisable } from '../shared/dicts';
import type { DictType } from '../types';
import { NEW_DICT_TYPE, toTypeChange, typeValues, type DictTypeFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits a dictionary type: Chinese and English names, type (letters, digits,
 * underscores, hyphens and dots; fixed for a built-in type), status, remark.
 */
export default function DictTypeFormDialog({ row: type, onClose }: EditorDialogProps<DictType>) {
  const { t } = useTranslation();
  const rules = dictTypeRules(t);
  const statuses = useNormalDisable();
  const [addType] = useAddDictTypeMutation();
  const [updateType] = useUpdateDictTypeMutation();
  const keyFixed = type?.builtin === '1';

  const save = (values: DictTypeFormValues) => {
    const change = toTypeChange(values);
    if (!type) return addType(change).unwrap();
    return updateType({ ...change, dictType: keyFixed ? type.dictType : change.dictType, dictId: type.dictId, previousType: type.dictType }).unwrap();
  };

  return (
    <FormDialog<DictTypeFormValues> name="dictType" editing={type !== undefined} onSave={save} onClose={onClose}
      title={type ? t('system.dict.editTitle') : t('system.dict.addTitle')} initialValues={type ? typeValues(type) : NEW_DICT_TYPE}>
      <Row gutter={16}>
        <FormField label={t('system.dict.name')} name="dictName" rules={rules.dictName} required>
          <Input maxLength={DICT_TEXT_MAX} />
        </FormField>
        <FormField label={t('system.dict.nameEn')} name="dictNameEn" rules={rules.dictNameEn}>
          <Input maxLength={DICT_TEXT_MAX} />
        </FormField>
        <FormField label={t('system.dict.type')} name="dictType" rules={keyFixed ? [] : rules.dictType} required={!keyFixed}
          extra={keyFixed ? t('system.dict.builtinHint') : undefined}>
          <Input maxLength={SETTINGS_KEY_MAX} readOnly={keyFixed} autoComplete="off" />
        </FormField>
        <FormField label={t('system.dict.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
        <FormField label={t('system.dict.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
