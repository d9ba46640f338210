import { useMemo } from 'react';
import { Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useAddAssetRecordMutation } from '../api';
import { mayTake, recordRules, statusFilterOf } from '../rules';
import RecordFields from '../shared/RecordFields';
import { newRecord, toRecordBody, type RecordFormValues } from '../shared/recordValues';
import { useAssetChoices } from '../shared/useAsset';
import type { Asset, AssetAction } from '../types';
import '../i18n';

interface RecordDialogValues extends RecordFormValues {
  assetIds: number[];
}

/** An asset as a choice: its code and name. */
const assetLabel = (asset: Pick<Asset, 'assetCode' | 'assetName'>) => `${asset.assetCode} ${asset.assetName}`;

export interface RecordDialogProps {
  action: AssetAction;
  /** The assets selected in the list, chosen at first. */
  assets: readonly Asset[];
  onClose: () => void;
}

/**
 * Receives, repairs or scraps assets: those selected in the list at first, others of the
 * project that may take the record offered (receive: idle ones; repair: idle or in use;
 * scrap: any not scrapped), at least one; the person, the date (today unless chosen) and a
 * remark. The server refuses the whole record, naming the asset, when one cannot take it.
 */
export default function RecordDialog({ action, assets, onClose }: RecordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecordDialogValues>();
  const rules = recordRules(t);
  const choices = useAssetChoices(statusFilterOf(action));
  const [addRecord] = useAddAssetRecordMutation();

  // the selected assets first (the server judges them), then the others that may take the record
  const options = useMemo(() => {
    const chosen = new Set(assets.map((asset) => asset.assetId));
    const others = choices.assets.filter((asset) => !chosen.has(asset.assetId) && mayTake(action, asset.status));
    return [...assets, ...others].map((asset) => ({ value: asset.assetId, label: assetLabel(asset) }));
  }, [action, assets, choices.assets]);

  const save = (values: RecordDialogValues) => addRecord({ action, assetIds: values.assetIds, ...toRecordBody(values) }).unwrap();

  return (
    <FormDialog<RecordDialogValues> form={form} name={`asset-${action}`} title={t(`asset.action.${action}Title`)} onSave={save}
      savedMessage={t(`asset.action.${action}Done`)} onClose={onClose}
      initialValues={{ ...newRecord(), assetIds: assets.map((asset) => asset.assetId) }}>
      <Row gutter={16}>
        <FormField label={t('asset.action.assets')} name="assetIds" rules={rules.assetIds} required>
          <Select<number[]> mode="multiple" showSearch optionFilterProp="label" loading={choices.loading}
            placeholder={t('asset.action.assetsPlaceholder')} options={options} />
        </FormField>
        <RecordFields />
      </Row>
    </FormDialog>
  );
}
