import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmDialog, showMessage } from '../../../app/feedback';
import Pagination from '../../../components/Pagination';
import { ListActions, SearchButtons } from '../../../components/ListControls';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../lib/pagination';
import { useAccess } from '../../auth/useAccess';
import {
  useGetAlarmTypesQuery,
  useGetHistoryAlarmsQuery,
  useGetRealtimeAlarmsQuery,
  useProcessAlarmMutation,
} from '../api';
import { LevelTag, StatusTag } from '../shared/AlarmTags';
import { OPEN_STATUSES, useAlarmLevels, useAlarmStatuses } from '../shared/dicts';
import type { Alarm, AlarmQuery } from '../types';
import AlarmDetailDrawer from './AlarmDetailDrawer';
import CloseAlarmDialog from './CloseAlarmDialog';
import '../i18n';

export type AlarmListMode = 'realtime' | 'history';

interface Filters {
  alarmTypeId?: number;
  alarmLevel?: string;
  status?: string;
  deviceName?: string;
}

const FIRST_PAGE: AlarmQuery = { pageNum: DEFAULT_PAGE, pageSize: DEFAULT_LIMIT };
const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Alarm types offered by the type filter. */
const TYPE_OPTIONS_SIZE = 100;

const isOpen = (alarm: Alarm) => (OPEN_STATUSES as readonly string[]).includes(alarm.status);

/**
 * Real-time alarms (open ones; refreshed by live alarm events) or history alarms (all):
 * filters, coloured level and status, detail, Process and Close on open alarms.
 */
export default function AlarmListPage({ mode }: { mode: AlarmListMode }) {
  const { t } = useTranslation();
  const access = useAccess();
  const levels = useAlarmLevels();
  const statuses = useAlarmStatuses();
  const [filterForm] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AlarmQuery>(FIRST_PAGE);
  const [range, setRange] = useState<[string, string] | undefined>();
  const [rangeKey, setRangeKey] = useState(0);
  const [showSearch, setShowSearch] = useState(true);
  const [detailOf, setDetailOf] = useState<number | undefined>();
  const [closing, setClosing] = useState<Alarm | undefined>();
  const realtime = useGetRealtimeAlarmsQuery(query, { skip: mode !== 'realtime' });
  const history = useGetHistoryAlarmsQuery(query, { skip: mode !== 'history' });
  const { data, isFetching, refetch } = mode === 'realtime' ? realtime : history;
  const { data: types } = useGetAlarmTypesQuery({ pageNum: 1, pageSize: TYPE_OPTIONS_SIZE });
  const [processAlarm] = useProcessAlarmMutation();
  const canEdit = access.hasPermi(['alarm:realtime:edit']);
  const statusOptions = mode === 'realtime' ? statuses.filter((option) => (OPEN_STATUSES as readonly string[]).includes(option.value)) : statuses;

  const search = (values: Filters) => {
    setQuery({
      ...FIRST_PAGE,
      pageSize: query.pageSize,
      alarmTypeId: values.alarmTypeId,
      alarmLevel: values.alarmLevel || undefined,
      status: values.status || undefined,
      deviceName: values.deviceName?.trim() || undefined,
      beginTime: range?.[0] || undefined,
      endTime: range?.[1] || undefined,
    });
  };

  const process = (alarm: Alarm) => {
    confirmDialog({
      title: t('common.prompt'),
      content: t('alarm.processConfirm', { name: alarm.alarmName, device: alarm.deviceName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await processAlarm(alarm.alarmId).unwrap();
          showMessage('success', t('alarm.processed'));
        } catch {
          // the client showed the server's message
        }
      },
    });
  };

  const columns: NonNullable<TableProps<Alarm>['columns']> = [
    { title: t('alarm.alarmName'), dataIndex: 'alarmName', key: 'alarmName' },
    { title: t('alarm.level.title'), dataIndex: 'alarmLevel', key: 'alarmLevel', render: (level: string) => <LevelTag level={level} /> },
    { title: t('alarm.status.title'), dataIndex: 'status', key: 'status', render: (status: string) => <StatusTag status={status} /> },
    {
      title: t('alarm.deviceName'),
      dataIndex: 'deviceName',
      key: 'deviceName',
      render: (name: string, alarm) => (alarm.loopIndex > 0 ? `${name} · ${t('alarm.loopN', { index: alarm.loopIndex })}` : name),
    },
    { title: t('alarm.content'), dataIndex: 'content', key: 'content' },
    { title: t('alarm.value'), dataIndex: 'value', key: 'value', render: (value: Alarm['value']) => (value === null || value === undefined ? '-' : String(value)) },
    { title: t('alarm.alarmTime'), dataIndex: 'alarmTime', key: 'alarmTime' },
    ...(mode === 'history'
      ? [{ title: t('alarm.endTime'), dataIndex: 'endTime', key: 'endTime', render: (value: string | null) => value ?? '-' }]
      : []),
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_value, alarm) => (
        <Space size={0}>
          <Button type="link" size="small" aria-label={t('alarm.detailOf', { name: alarm.alarmName })} onClick={() => setDetailOf(alarm.alarmId)}>
            {t('alarm.detailButton')}
          </Button>
          {canEdit && alarm.status === '0' ? (
            <Button type="link" size="small" aria-label={t('alarm.processOf', { name: alarm.alarmName })} onClick={() => process(alarm)}>
              {t('alarm.process')}
            </Button>
          ) : null}
          {canEdit && isOpen(alarm) ? (
            <Button type="link" size="small" danger aria-label={t('alarm.closeOf', { name: alarm.alarmName })} onClick={() => setClosing(alarm)}>
              {t('alarm.close')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      {showSearch ? (
        <Form<Filters> form={filterForm} layout="inline" name={`${mode}AlarmSearch`} onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label={t('alarm.alarmType')} name="alarmTypeId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 180 }}
              placeholder={t('common.all')}
              options={(types?.rows ?? []).map((type) => ({ value: type.alarmTypeId, label: type.alarmName }))}
            />
          </Form.Item>
          <Form.Item label={t('alarm.level.title')} name="alarmLevel">
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={levels} />
          </Form.Item>
          <Form.Item label={t('alarm.status.title')} name="status">
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={statusOptions} />
          </Form.Item>
          <Form.Item label={t('alarm.deviceName')} name="deviceName">
            <Input allowClear />
          </Form.Item>
          <Form.Item label={t('alarm.timeRange')}>
            <DatePicker.RangePicker
              key={rangeKey}
              showTime
              format={TIME_FORMAT}
              aria-label={t('alarm.timeRange')}
              onChange={(_dates, texts) => setRange(texts[0] && texts[1] ? [texts[0], texts[1]] : undefined)}
            />
          </Form.Item>
          <SearchButtons onReset={() => {
                  filterForm.resetFields();
                  setRange(undefined);
                  setRangeKey((key) => key + 1);
                  setQuery({ ...FIRST_PAGE, pageSize: query.pageSize });
                }} />
        </Form>
      ) : null}
      <ListActions
        showSearch={showSearch}
        onToggleSearch={() => setShowSearch((shown) => !shown)}
        onRefresh={() => void refetch()}
      />
      <Table<Alarm>
        rowKey="alarmId"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Pagination
        total={data?.total ?? 0}
        page={query.pageNum}
        limit={query.pageSize}
        onChange={({ page, limit }) => setQuery((previous) => ({ ...previous, pageNum: page, pageSize: limit }))}
      />
      {detailOf !== undefined ? <AlarmDetailDrawer alarmId={detailOf} onClose={() => setDetailOf(undefined)} /> : null}
      {closing ? <CloseAlarmDialog alarm={closing} onClose={() => setClosing(undefined)} /> : null}
    </Card>
  );
}
