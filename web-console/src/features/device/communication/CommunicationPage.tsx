import { useState } from 'react';
import { FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useGetCommunicationRecordsQuery } from '../api';
import type { CommunicationQuery, CommunicationRecord } from '../types';
import { COMMUNICATION_PERMISSION } from './codes';
import { useCommunicationColumns, useCommunicationSearchFields } from './columns';
import PayloadDialog from './PayloadDialog';
import '../i18n';

/**
 * The communication records (`device/communication/index`): every message between the
 * project's gateways and the platform, newest first, up (telemetry, heartbeats, events,
 * acknowledgements, as heard and taken, heard again, or refused with the protocol's reason)
 * and down (commands sent); searched by gateway, direction, channel, outcome and the days of
 * one month (the month so far at first: the server keeps them month by month and refuses a
 * range across two). Read only: each row's payload in full in a dialog, no other buttons.
 */
export default function CommunicationPage() {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<CommunicationRecord | undefined>();
  const rowName = (record: CommunicationRecord) => t('device.communication.rowName', { id: record.recordId });
  const actions: RowAction<CommunicationRecord>[] = [
    {
      key: 'payload',
      label: t('device.communication.view'),
      permission: COMMUNICATION_PERMISSION,
      icon: <FileSearchOutlined aria-hidden />,
      ariaLabel: (record) => t('device.communication.viewOf', { name: rowName(record) }),
      run: (record) => setViewing(record),
    },
  ];
  return (
    <ListPage<CommunicationRecord, CommunicationQuery>
      rowKey="recordId" rowName={rowName} useList={useGetCommunicationRecordsQuery}
      columns={useCommunicationColumns()} searchFields={useCommunicationSearchFields()} rowActions={actions}
    >
      {viewing ? <PayloadDialog record={viewing} onClose={() => setViewing(undefined)} /> : null}
    </ListPage>
  );
}
