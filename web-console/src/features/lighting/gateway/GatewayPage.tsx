import { useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { confirmDialog, showMessage } from '../../../app/feedback';
import Pagination from '../../../components/Pagination';
import { ListActions, SearchButtons } from '../../../components/ListControls';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../lib/pagination';
import type { RoutePageProps } from '../../../routes/pageProps';
import { GATEWAY_DETAIL_COMPONENT, subPagePath } from '../../../routes/subPages';
import { useAccess } from '../../auth/useAccess';
import { optionLabel } from '../../system/useDictOptions';
import { useDeleteGatewaysMutation, useGetGatewaysQuery } from '../api';
import { OnlineTag, SignalBars } from '../shared/GatewayBits';
import { reading, useCommunicationTypes } from '../shared/gatewayText';
import type { Gateway, GatewayQuery } from '../types';
import GatewayFormDialog from './GatewayFormDialog';
import '../i18n';

interface Filters {
  gatewayName?: string;
  gatewayNumber?: string;
  onlineStatus?: string;
}

const FIRST_PAGE: GatewayQuery = { pageNum: DEFAULT_PAGE, pageSize: DEFAULT_LIMIT };

/** Gateways (`lighting/gateway/index`): search, page, add, edit, delete; a row opens its detail. */
export default function GatewayPage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const access = useAccess();
  const [filterForm] = Form.useForm<Filters>();
  const [query, setQuery] = useState<GatewayQuery>(FIRST_PAGE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<{ gateway?: Gateway; opening: number } | undefined>();
  const { data, isFetching, refetch } = useGetGatewaysQuery(query);
  const [deleteGateways] = useDeleteGatewaysMutation();
  const communicationTypes = useCommunicationTypes();
  const canEdit = access.hasPermi(['lighting:gateway:edit']);
  const canRemove = access.hasPermi(['lighting:gateway:remove']);
  const basePath = route?.path ?? pathname;

  const search = (values: Filters) => {
    setQuery({
      ...FIRST_PAGE,
      pageSize: query.pageSize,
      gatewayName: values.gatewayName?.trim() || undefined,
      gatewayNumber: values.gatewayNumber?.trim() || undefined,
      onlineStatus: values.onlineStatus || undefined,
    });
  };

  const reset = () => {
    filterForm.resetFields();
    setQuery({ ...FIRST_PAGE, pageSize: query.pageSize });
  };

  const remove = (gateway: Gateway) => {
    confirmDialog({
      title: t('common.prompt'),
      content: t('lighting.gateway.deleteConfirm', { name: gateway.gatewayName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      type: 'warning',
      onOk: async () => {
        try {
          await deleteGateways([gateway.gatewayId]).unwrap();
          showMessage('success', t('common.deleted'));
        } catch {
          // the client showed the server's message
        }
      },
    });
  };

  const columns = (() => {
    const list: NonNullable<TableProps<Gateway>['columns']> = [
      { title: t('lighting.gateway.name'), dataIndex: 'gatewayName', key: 'gatewayName' },
      { title: t('lighting.gateway.number'), dataIndex: 'gatewayNumber', key: 'gatewayNumber' },
      {
        title: t('lighting.gateway.communicationType'),
        dataIndex: 'communicationType',
        key: 'communicationType',
        render: (value: string) => optionLabel(communicationTypes, value),
      },
      {
        title: t('lighting.gateway.onlineStatus'),
        dataIndex: 'onlineStatus',
        key: 'onlineStatus',
        render: (value: string) => <OnlineTag status={value} />,
      },
      {
        title: t('lighting.gateway.signal'),
        dataIndex: 'signal',
        key: 'signal',
        render: (value: number | null) => <SignalBars dbm={value} />,
      },
      {
        title: t('lighting.gateway.temperature'),
        dataIndex: 'temperature',
        key: 'temperature',
        render: (value: number | null) => reading(value, '°C'),
      },
      { title: t('lighting.gateway.firmware'), dataIndex: 'firmwareVersion', key: 'firmwareVersion', render: (value: string) => value || '-' },
      { title: t('lighting.gateway.lastSeen'), dataIndex: 'lastSeenTime', key: 'lastSeenTime', render: (value: string | null) => value ?? '-' },
    ];
    if (canEdit || canRemove) {
      list.push({
        title: t('common.actions'),
        key: 'actions',
        render: (_value, gateway) => (
          <Space size={0} onClick={(event) => event.stopPropagation()}>
            {canEdit ? (
              <Button
                type="link"
                size="small"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('lighting.gateway.editOf', { name: gateway.gatewayName })}
                onClick={() => setEditing((previous) => ({ gateway, opening: (previous?.opening ?? 0) + 1 }))}
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
                aria-label={t('lighting.gateway.deleteOf', { name: gateway.gatewayName })}
                onClick={() => remove(gateway)}
              >
                {t('common.delete')}
              </Button>
            ) : null}
          </Space>
        ),
      });
    }
    return list;
  })();

  return (
    <Card>
      {showSearch ? (
        <Form<Filters> form={filterForm} layout="inline" name="gatewaySearch" onFinish={search} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label={t('lighting.gateway.name')} name="gatewayName">
            <Input allowClear placeholder={t('lighting.gateway.namePlaceholder')} />
          </Form.Item>
          <Form.Item label={t('lighting.gateway.number')} name="gatewayNumber">
            <Input allowClear placeholder={t('lighting.gateway.numberPlaceholder')} />
          </Form.Item>
          <Form.Item label={t('lighting.gateway.onlineStatus')} name="onlineStatus">
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('common.all')}
              options={[
                { value: '1', label: t('lighting.online') },
                { value: '0', label: t('lighting.offline') },
              ]}
            />
          </Form.Item>
          <SearchButtons onReset={reset} />
        </Form>
      ) : null}
      <ListActions
        add={{ permission: 'lighting:gateway:add', onAdd: () => setEditing((previous) => ({ opening: (previous?.opening ?? 0) + 1 })) }}
        showSearch={showSearch}
        onToggleSearch={() => setShowSearch((shown) => !shown)}
        onRefresh={() => void refetch()}
      />
      <Table<Gateway>
        rowKey="gatewayId"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(gateway) => ({
          onClick: () => void navigate(subPagePath(basePath, GATEWAY_DETAIL_COMPONENT, { gatewayId: gateway.gatewayId })),
          style: { cursor: 'pointer' },
        })}
      />
      <Pagination
        total={data?.total ?? 0}
        page={query.pageNum}
        limit={query.pageSize}
        onChange={({ page, limit }) => setQuery((previous) => ({ ...previous, pageNum: page, pageSize: limit }))}
      />
      {editing ? (
        <GatewayFormDialog key={editing.opening} gateway={editing.gateway} onClose={() => setEditing(undefined)} />
      ) : null}
    </Card>
  );
}
