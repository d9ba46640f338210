import { Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { FormDialog, FormField } from '../../../components/formDialog';
import { useReturnAssetsMutation } from '../api';
import RecordFields from '../shared/RecordFields';
import { newRecord, toRecordBody, type RecordFormValues } from '../shared/recordValues';
import type { AssetRecord } from '../types';
import '../i18n';

/**
 * Returns the assets of one effective receive or repair record (they go back to idle): the
 * person (the record's at first), the date (today unless chosen) and a remark.
 */
export default function ReturnDialog({ record, onClose }: { record: AssetRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RecordFormValues>();
  const [returnAssets] = useReturnAssetsMutation();
  const save = (values: RecordFormValues) => returnAssets({ recordId: record.recordId, ...toRecordBody(values) }).unwrap();

  return (
    <FormDialog<RecordFormValues> form={form} name="asset-return" title={t('asset.action.returnTitle')} onSave={save}
      savedMessage={t('asset.action.returnDone')} onClose={onClose} initialValues={newRecord(record.person)}>
      <Row gutter={16}>
        <FormField label={t('asset.action.returnedAssets')}>
          <ul aria-label={t('asset.action.returnedAssets')} style={{ margin: 0, paddingInlineStart: 20 }}>
            {record.items.map((item) => (
              <li key={item.assetId}>
                <Typography.Text>
                  <AsEntered text={`${item.assetCode} ${item.assetName}`} />
                </Typography.Text>
              </li>
            ))}
          </ul>
        </FormField>
        <RecordFields />
      </Row>
    </FormDialog>
  );
}
