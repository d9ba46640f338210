import { useEffect, useRef } from 'react';
import { Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useGetAssetTypeQuery, useSaveAssetTypeMutation } from '../api';
import { CODE_MAX, NAME_MAX, REMARK_MAX, typeRules } from '../rules';
import type { AssetType } from '../types';
import AttributesEditor from './AttributesEditor';
import { NEW_TYPE, toChange, toValues, type TypeFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits an asset type: its code, names in both languages, a remark and its
 * attributes, each edited in the attribute sub-form. Unsaved changes must be saved first
 * (spec section 5): while the sub-form holds edits not saved, the type is not saved. Editing
 * reads the type afresh.
 */
export default function TypeFormDialog({ row: type, onClose }: EditorDialogProps<AssetType>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TypeFormValues>();
  const rules = typeRules(t);
  const unsaved = useRef(false);
  const { data: detail } = useGetAssetTypeQuery(type?.typeId ?? 0, { skip: !type, refetchOnMountOrArgChange: true });
  const [saveType] = useSaveAssetTypeMutation();

  useEffect(() => {
    if (detail) form.setFieldsValue(toValues(detail));
  }, [form, detail]);

  const save = (values: TypeFormValues) => {
    if (unsaved.current) return Promise.reject(new Error(t('asset.attribute.unsavedFirst')));
    return saveType({ ...toChange(values), typeId: type?.typeId }).unwrap();
  };

  return (
    <FormDialog<TypeFormValues> size="half" form={form} name="assetType" editing={type !== undefined} onSave={save} onClose={onClose}
      title={type ? t('asset.type.editTitle') : t('asset.type.addTitle')} initialValues={type ? toValues(type) : NEW_TYPE}>
      <Row gutter={16}>
        <FormField span={8} label={t('asset.type.code')} name="typeCode" rules={rules.typeCode}>
          <Input maxLength={CODE_MAX} />
        </FormField>
        <FormField span={8} label={t('asset.type.nameZh')} name="nameZh" rules={rules.nameZh}>
          <Input maxLength={NAME_MAX} />
        </FormField>
        <FormField span={8} label={t('asset.type.nameEn')} name="nameEn" rules={rules.nameEn}>
          <Input maxLength={NAME_MAX} />
        </FormField>
        <FormField label={t('asset.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={REMARK_MAX} rows={2} />
        </FormField>
        <FormField label={t('asset.attribute.title')} name="attributes">
          <AttributesEditor onUnsavedChange={(next) => (unsaved.current = next)} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
