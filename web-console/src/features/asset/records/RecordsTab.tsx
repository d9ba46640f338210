import { useState } from 'react';
import { RollbackOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useCancelAssetScrapMutation } from '../api';
import { mayCancelScrap, mayReturn } from '../rules';
import { ASSET_PERMISSIONS as PERMISSIONS } from '../shared/permissions';
import { useProjectRecords } from '../shared/useAsset';
import type { AssetRecord, AssetRecordQuery } from '../types';
import { recordName, useRecordColumns, useRecordSearchFields } from './columns';
import ReturnDialog from './ReturnDialog';
import '../i18n';

/**
 * The records tab: receive, return, repair and scrap records, newest first, searched by type
 * and keyword (person or remark); an effective receive or repair record is returned (its
 * assets back to idle), an effective scrap cancelled after a confirmation (each asset back to
 * the status it had). Records are made on the assets tab, and never edited or deleted.
 */
export default function RecordsTab() {
  const { t } = useTranslation();
  const [returning, setReturning] = useState<AssetRecord | undefined>();
  const [cancelScrap] = useCancelAssetScrapMutation();

  const rowActions: RowAction<AssetRecord>[] = [
    {
      key: 'return',
      label: t('asset.action.return'),
      permission: PERMISSIONS.receive,
      icon: <RollbackOutlined aria-hidden />,
      ariaLabel: (record) => t('asset.action.returnOf', { name: recordName(record) }),
      when: mayReturn,
      run: (record) => setReturning(record),
    },
    {
      key: 'cancelScrap',
      label: t('asset.action.cancelScrap'),
      permission: PERMISSIONS.scrap,
      icon: <UndoOutlined aria-hidden />,
      danger: true,
      ariaLabel: (record) => t('asset.action.cancelScrapOf', { name: recordName(record) }),
      when: mayCancelScrap,
      confirm: (record) => t('asset.action.cancelScrapConfirm', { assets: recordName(record) }),
      run: async (record) => {
        await cancelScrap(record.recordId).unwrap();
        showMessage('success', t('asset.action.cancelScrapDone'));
      },
    },
  ];

  return (
    <ListPage<AssetRecord, AssetRecordQuery>
      rowKey="recordId" rowName={recordName} useList={useProjectRecords}
      columns={useRecordColumns()} searchFields={useRecordSearchFields()} rowActions={rowActions}
    >
      {returning ? <ReturnDialog record={returning} onClose={() => setReturning(undefined)} /> : null}
    </ListPage>
  );
}
