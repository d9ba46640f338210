import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { confirmDialog, showMessage } from '../../../app/feedback';
import Pagination from '../../../components/Pagination';
import { ListActions, SearchButtons } from '../../../components/ListControls';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../lib/pagination';
import { useAccess } from '../../auth/useAccess';
import { useDeleteAlarmTypesMutation, useGetAlarmTypesQuery } from '../api';
import { DEVICE_TYPES } from '../rules';
import { LevelTag } from '../shared/AlarmTags';
import { useAlarmLevels } from '../shared/dicts';
import type { AlarmType, AlarmTypeQuery } from '../types';
import AlarmTypeFormDialog from './AlarmTypeFormDialog';
import '../i18n';

interface Filters {
  alarmName?: string;
  deviceType?: string;
  alarmLevel?: string;
}

const FIRST_PAGE: AlarmTypeQuery = { pageNum: DEFAULT_PAGE, pageSize: DEFAULT_LIMIT };

/** Alarm types (`alarm/type/index`): filters, list, add, edit, delete. */
export default function AlarmTypePage() {
  const { t } = useTranslation();
  const access = useAccess();
  const levels = useAlarmLevels();
  const [filterForm] = Form.useForm<Filters>();
  const [query, setQuery] = useState<AlarmTypeQuery>(FIRST_PAGE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<{ alarmType?: AlarmType; opening: number } | undefined>();
  const { data, isFetching, refetch } = useGetAlarmTypesQuery(query);
  const [deleteTypes] = useDeleteAlarmTypesMutation();
  const canEdit = access.hasPermi(['alarm:type:edit']);
  const canRemove = access.hasPermi(['alarm:type:remove']);

  const attributeText = (attribute: string) =>
    attribute ? t(`alarm.attribute.${attribute as 'voltage'}`, { defaultValue: attribute }) : '';
  const condition = (attribute: string, comparison: string, value: string, duration: number) =>
    attribute && comparison && value !== ''
      ? `${attributeText(attribute)} ${comparison} ${value}${duration > 0 ? ` (${t('alarm.type.forSeconds', { seconds: duration })})` : ''}`
      : '-';

  const remove = (alarmType: AlarmType) => {
    confirmDialog({
      title: t('common.prompt'),
      content: t('alarm.type.deleteConfirm', { name: alarmType.alarmName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      type: 'warning',
      onOk: async () => {
        try {
          await deleteTypes([alarmType.alarmTypeId]).unwrap();
          showMessage('success', t('common.deleted'));
        } catch {
          // the client showed the server's message
        }
      },
    });
  };

  const yesNo = (value: string) => (value === '1' ? t('common.yes') : t('common.no'));
  const columns: NonNullable<TableProps<AlarmType>['columns']> = [
    { title: t('alarm.type.name'), dataIndex: 'alarmName', key: 'alarmName' },
    {
      title: t('alarm.type.deviceType'),
      dataIndex: 'deviceType',
      key: 'deviceType',
      render: (value: string) => (value === 'gateway' || value === 'loop' ? t(`alarm.deviceType.${value}`) : value),
    },
    { title: t('alarm.type.level'), dataIndex: 'alarmLevel', key: 'alarmLevel', render: (level: string) => <LevelTag level={level} /> },
    {
      title: t('alarm.type.trigger'),
      key: 'trigger',
      render: (_value, row) => condition(row.triggerAttribute, row.triggerComparison, row.triggerValue, row.triggerDuration),
    },
    {
      title: t('alarm.type.recovery'),
      key: 'recovery',
      render: (_value, row) => condition(row.recoveryAttribute, row.recoveryComparison, row.recoveryValue, row.recoveryDuration),
    },
    { title: t('alarm.type.autoProcessing'), dataIndex: 'autoProcessing', key: 'autoProcessing', render: yesNo },
    { title: t('alarm.type.autoWorkOrder'), dataIndex: 'autoWorkOrder', key: 'autoWorkOrder', render: yesNo },
    {
      title: t('alarm.type.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: string) =>
        status === '0' ? <Tag color="success">{t('alarm.type.enabledTag')}</Tag> : <Tag>{t('alarm.type.disabledTag')}</Tag>,
    },
    { title: t('alarm.type.createTime'), dataIndex: 'createTime', key: 'createTime' },
  ];
  if (canEdit || canRemove) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_value, row) => (
        <Space size={0}>
          {canEdit ? (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('alarm.type.editOf', { name: row.alarmName })}
              onClick={() => setEditing((previous) => ({ alarmType: row, opening: (previous?.opening ?? 0) + 1 }))}
            >
              {t('common.edit')}
            </Button>
          ) : null}
          {canRemove ? (
            <Button
              type="link"
              size="small"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('alarm.type.deleteOf', { name: row.alarmName })}
              onClick={() => remove(row)}
            >
              {t('common.delete')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  return (
    <Card>
      {showSearch ? (
        <Form<Filters>
          form={filterForm}
          layout="inline"
          name="alarmTypeSearch"
          style={{ marginBottom: 16, rowGap: 8 }}
          onFinish={(values) =>
            setQuery({
              ...FIRST_PAGE,
              pageSize: query.pageSize,
              alarmName: values.alarmName?.trim() || undefined,
              deviceType: values.deviceType || undefined,
              alarmLevel: values.alarmLevel || undefined,
            })
          }
        >
          <Form.Item label={t('alarm.type.name')} name="alarmName">
            <Input allowClear />
          </Form.Item>
          <Form.Item label={t('alarm.type.deviceType')} name="deviceType">
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('common.all')}
              options={DEVICE_TYPES.map((value) => ({ value, label: t(`alarm.deviceType.${value}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('alarm.type.level')} name="alarmLevel">
            <Select allowClear style={{ width: 140 }} placeholder={t('common.all')} options={levels} />
          </Form.Item>
          <SearchButtons onReset={() => {
                  filterForm.resetFields();
                  setQuery({ ...FIRST_PAGE, pageSize: query.pageSize });
                }} />
        </Form>
      ) : null}
      <ListActions
        add={{ permission: 'alarm:type:add', onAdd: () => setEditing((previous) => ({ opening: (previous?.opening ?? 0) + 1 })) }}
        showSearch={showSearch}
        onToggleSearch={() => setShowSearch((shown) => !shown)}
        onRefresh={() => void refetch()}
      />
      <Table<AlarmType>
        rowKey="alarmTypeId"
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
      {editing ? (
        <AlarmTypeFormDialog key={editing.opening} alarmType={editing.alarmType} onClose={() => setEditing(undefined)} />
      ) : null}
    </Card>
  );
}
