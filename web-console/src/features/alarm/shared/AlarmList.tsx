import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction, type UseList } from '../../../components/listPage';
import { useProcessAlarmMutation } from '../api';
import type { Alarm, AlarmQuery } from '../types';
import AlarmDetailDrawer from './AlarmDetailDrawer';
import CloseAlarmDialog from './CloseAlarmDialog';
import { useAlarmColumns, useAlarmSearchFields } from './columns';
import { OPEN_STATUSES } from './dicts';
import '../i18n';

/** The work-order form, prefilled from an alarm: the work-order screen's code, loaded when used. */
const AlarmWorkOrderDialog = lazy(() => import('../../operation/AlarmWorkOrderDialog'));

/** Opening an alarm's detail asks GET /alarm/alarm/{id}; processing and closing, edit. */
const QUERY_PERMISSION = 'alarm:realtime:query';
const EDIT_PERMISSION = 'alarm:realtime:edit';
/** Opening a work order for an alarm is adding a work order (POST /operation/workOrder). */
const WORK_ORDER_PERMISSION = 'operation:workOrder:add';

const isOpen = (alarm: Alarm) => (OPEN_STATUSES as readonly string[]).includes(alarm.status);

export interface AlarmListProps {
  /** The real-time list (open alarms, no end time) or the history list (every alarm). */
  mode: 'realtime' | 'history';
  useList: UseList<Alarm, AlarmQuery>;
}

/**
 * An alarm list: filters, coloured level and status, detail; Process and Close on open alarms,
 * and on the real-time list a work order for an open alarm, opened by hand.
 */
export default function AlarmList({ mode, useList }: AlarmListProps) {
  const { t } = useTranslation();
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [closing, setClosing] = useState<Alarm | undefined>();
  const [ordering, setOrdering] = useState<Alarm | undefined>();
  const [processAlarm] = useProcessAlarmMutation();
  const process = async (alarm: Alarm) => {
    await processAlarm(alarm.alarmId).unwrap();
    showMessage('success', t('alarm.processed'));
  };
  const actions: RowAction<Alarm>[] = [
    { key: 'detail', label: t('alarm.detailButton'), permission: QUERY_PERMISSION, ariaLabel: (alarm) => t('alarm.detailOf', { name: alarm.alarmName }), run: (alarm) => setDetailOf(alarm.alarmId) },
    {
      key: 'process',
      label: t('alarm.process'),
      permission: EDIT_PERMISSION,
      ariaLabel: (alarm) => t('alarm.processOf', { name: alarm.alarmName }),
      when: (alarm) => alarm.status === '0',
      confirm: (alarm) => t('alarm.processConfirm', { name: alarm.alarmName, device: alarm.deviceName }),
      run: process,
    },
    ...(mode === 'realtime'
      ? [
          {
            key: 'workOrder',
            label: t('alarm.toWorkOrder'),
            permission: WORK_ORDER_PERMISSION,
            ariaLabel: (alarm: Alarm) => t('alarm.toWorkOrderOf', { name: alarm.alarmName }),
            when: isOpen,
            run: setOrdering,
          },
        ]
      : []),
    { key: 'close', label: t('alarm.close'), permission: EDIT_PERMISSION, danger: true, ariaLabel: (alarm) => t('alarm.closeOf', { name: alarm.alarmName }), when: isOpen, run: setClosing },
  ];

  return (
    <ListPage<Alarm, AlarmQuery>
      rowKey="alarmId" rowName={(alarm) => alarm.alarmName} useList={useList} rowActions={actions}
      columns={useAlarmColumns(mode === 'history')} searchFields={useAlarmSearchFields(mode === 'history' ? undefined : OPEN_STATUSES)}
    >
      {detailOf !== undefined ? <AlarmDetailDrawer alarmId={detailOf} onClose={() => setDetailOf(undefined)} /> : null}
      {closing ? <CloseAlarmDialog alarm={closing} onClose={() => setClosing(undefined)} /> : null}
      {ordering ? (
        <Suspense fallback={null}>
          <AlarmWorkOrderDialog alarm={ordering} onClose={() => setOrdering(undefined)} />
        </Suspense>
      ) : null}
    </ListPage>
  );
}
