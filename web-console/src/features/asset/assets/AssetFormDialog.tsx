import { useEffect, useRef } from 'react';
import { DatePicker, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import FileUpload from '../../../components/FileUpload';
import NumberInput from '../../../components/NumberInput';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useGetAssetQuery, useSaveAssetMutation } from '../api';
import { ADDRESS_MAX, assetRules, BRAND_MAX, CODE_MAX, MODEL_MAX, NAME_MAX, SUPPLIER_MAX } from '../rules';
import { useTypeOptions } from '../shared/useAsset';
import type { Asset } from '../types';
import AttributeFields from './AttributeFields';
import { DATE_FORMAT, defaultsOf, newAsset, toChange, toValues, type AssetFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits an asset: its code, name and type, model, brand, location and supplier, its
 * value (initial value, residual rate, start date and limit in months: the server works out
 * the net value), expiry date, image and attachment, and the values of its type's attributes
 * (each at its default on a new asset or when another type is chosen). The status is the
 * records': a new asset is idle. Editing reads the asset afresh.
 */
export default function AssetFormDialog({ row: asset, onClose }: EditorDialogProps<Asset>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AssetFormValues>();
  const rules = assetRules(t);
  const { types, options, loading } = useTypeOptions();
  const typeId = Form.useWatch('typeId', form);
  const type = types.find((candidate) => candidate.typeId === typeId);
  const { data: detail, isFetching } = useGetAssetQuery(asset?.assetId ?? 0, { skip: !asset, refetchOnMountOrArgChange: true });
  const [saveAsset] = useSaveAssetMutation();
  // the asset as read, its values set once its type is known (later answers do not undo what was typed)
  const filled = useRef(false);

  useEffect(() => {
    if (filled.current || !detail || isFetching || loading) return;
    filled.current = true;
    form.setFieldsValue(toValues(detail, types.find((candidate) => candidate.typeId === detail.typeId)));
  }, [form, detail, isFetching, types, loading]);

  const chooseType = (chosen: number | undefined) => {
    form.setFieldValue('attrs', defaultsOf(types.find((candidate) => candidate.typeId === chosen)));
  };

  const save = (values: AssetFormValues) => saveAsset({ ...toChange(values, type), assetId: asset?.assetId }).unwrap();

  return (
    <FormDialog<AssetFormValues> size="half" form={form} name="asset" editing={asset !== undefined} onSave={save} onClose={onClose}
      title={asset ? t('asset.item.editTitle') : t('asset.item.addTitle')} initialValues={asset ? toValues(asset) : newAsset()}>
      <Row gutter={16}>
        <FormField span={12} label={t('asset.item.code')} name="assetCode" rules={rules.assetCode}>
          <Input maxLength={CODE_MAX} />
        </FormField>
        <FormField span={12} label={t('asset.item.name')} name="assetName" rules={rules.assetName}>
          <Input maxLength={NAME_MAX} />
        </FormField>
        <FormField span={12} label={t('asset.item.type')} name="typeId" rules={rules.typeId}>
          <Select<number> showSearch optionFilterProp="label" loading={loading} placeholder={t('common.choose')} options={options} onChange={chooseType} />
        </FormField>
        <FormField span={12} label={t('asset.item.model')} name="model" rules={rules.model}>
          <Input maxLength={MODEL_MAX} />
        </FormField>
        <FormField span={12} label={t('asset.item.brand')} name="brand" rules={rules.brand}>
          <Input maxLength={BRAND_MAX} />
        </FormField>
        <FormField span={12} label={t('asset.item.supplier')} name="supplier" rules={rules.supplier}>
          <Input maxLength={SUPPLIER_MAX} />
        </FormField>
        <FormField label={t('asset.item.address')} name="address" rules={rules.address}>
          <Input maxLength={ADDRESS_MAX} />
        </FormField>
        <FormField span={12} label={t('asset.item.initialValue')} name="initialValue" rules={rules.initialValue}>
          <NumberInput mode={2} maxLength={12} />
        </FormField>
        <FormField span={12} label={t('asset.item.residualRate')} name="residualRate" rules={rules.residualRate}>
          <NumberInput mode={2} maxLength={6} />
        </FormField>
        <FormField span={12} label={t('asset.item.startDate')} name="startDate" rules={rules.startDate}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('asset.item.limitMonths')} name="limitMonths" rules={rules.limitMonths}>
          <NumberInput mode={0} maxLength={4} />
        </FormField>
        <FormField span={12} label={t('asset.item.expireDate')} name="expireDate">
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
        </FormField>
        <FormField span={12} label={t('asset.item.attachment')} name="attachment">
          <FileUpload type={2} />
        </FormField>
        <FormField label={t('asset.item.image')} name="image">
          <FileUpload type={1} />
        </FormField>
        <AttributeFields type={type} />
      </Row>
    </FormDialog>
  );
}
