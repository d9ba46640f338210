import { useContext, useMemo } from 'react';
import { Input, InputNumber, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddDictDataMutation, useUpdateDictDataMutation } from '../settingsApi';
import { DICT_SORT_MAX, DICT_SORT_MIN, DICT_TEXT_MAX, dictDataRules, LIST_CLASSES, REMARK_MAX, SETTINGS_KEY_MAX } from '../rules';
import { useNormalDisable } from '../shared/dicts';
import { useYesNo } from '../shared/yesNo';
import type { DictData } from '../types';
import { dataValues, newDictData, toDataChange, type DictDataFormValues } from './formValues';
import { OpenedTypeContext } from './openedType';
import '../i18n';

/**
 * Adds or edits an item of the type the items view shows (its type is not changed here):
 * Chinese and English labels, value (fixed for a built-in item), style class, order, tag
 * style, default, status, remark. Saving reads that type's lookups again (api.ts).
 */
export default function DictDataFormDialog({ row: item, onClose }: EditorDialogProps<DictData>) {
  const { t } = useTranslation();
  const dictType = useContext(OpenedTypeContext);
  const rules = dictDataRules(t);
  const statuses = useNormalDisable();
  const yesNo = useYesNo();
  const [addItem] = useAddDictDataMutation();
  const [updateItem] = useUpdateDictDataMutation();
  const valueFixed = item?.builtin === '1';
  const listClasses = useMemo(() => LIST_CLASSES.map((value) => ({ value, label: `${t(`system.dict.listClasses.${value}`)} (${value})` })), [t]);

  const save = (values: DictDataFormValues) => {
    const change = toDataChange(values);
    if (!item) return addItem(change).unwrap();
    return updateItem({ ...change, dictType: item.dictType, dictValue: valueFixed ? item.dictValue : change.dictValue, dictCode: item.dictCode }).unwrap();
  };

  return (
    <FormDialog<DictDataFormValues> name="dictData" editing={item !== undefined} onSave={save} onClose={onClose}
      title={item ? t('system.dict.data.editTitle') : t('system.dict.data.addTitle')} initialValues={item ? dataValues(item) : newDictData(dictType)}>
      <Row gutter={16}>
        <FormField label={t('system.dict.type')} name="dictType">
          <Input maxLength={SETTINGS_KEY_MAX} readOnly />
        </FormField>
        <FormField span={12} label={t('system.dict.data.label')} name="dictLabel" rules={rules.dictLabel} required>
          <Input maxLength={DICT_TEXT_MAX} />
        </FormField>
        <FormField span={12} label={t('system.dict.data.labelEn')} name="dictLabelEn" rules={rules.dictLabelEn}>
          <Input maxLength={DICT_TEXT_MAX} />
        </FormField>
        <FormField span={12} label={t('system.dict.data.value')} name="dictValue" rules={valueFixed ? [] : rules.dictValue} required={!valueFixed}
          extra={valueFixed ? t('system.dict.builtinHint') : undefined}>
          <Input maxLength={DICT_TEXT_MAX} readOnly={valueFixed} autoComplete="off" />
        </FormField>
        <FormField span={12} label={t('system.dict.data.cssClass')} name="cssClass" rules={rules.cssClass}>
          <Input maxLength={DICT_TEXT_MAX} />
        </FormField>
        <FormField span={12} label={t('system.dict.data.sort')} name="dictSort" rules={rules.dictSort} required>
          <InputNumber min={DICT_SORT_MIN} max={DICT_SORT_MAX} precision={0} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('system.dict.data.listClass')} name="listClass">
          <Select options={listClasses} allowClear placeholder={t('common.choose')} />
        </FormField>
        <FormField span={12} label={t('system.dict.data.isDefault')} name="isDefault">
          <Radio.Group options={yesNo} />
        </FormField>
        <FormField span={12} label={t('system.dict.data.status')} name="status">
          <Radio.Group options={statuses} />
        </FormField>
        <FormField label={t('system.dict.data.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
