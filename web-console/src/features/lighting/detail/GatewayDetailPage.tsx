import { Suspense, lazy, useState } from 'react';
import { Button, Card, Descriptions, Empty, Flex, Result, Select, Skeleton, Space, Spin, Table, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Pagination from '../../../components/Pagination';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../lib/pagination';
import type { RoutePageProps } from '../../../routes/pageProps';
import { optionLabel } from '../../system/useDictOptions';
import { useGetGatewayOnlineHistoryQuery, useGetGatewayPowerQuery, useGetGatewayQuery } from '../api';
import { OnlineTag, SignalBars } from '../shared/GatewayBits';
import { reading, useCommunicationTypes } from '../shared/gatewayText';
import LoopControl from '../shared/LoopControl';
import type { GatewayDetail, OnlineEvent } from '../types';
import { gatewayIdOf } from './gatewayId';
import '../i18n';

const PowerChart = lazy(() => import('./PowerChart'));

function PowerCard({ gateway }: { gateway: GatewayDetail }) {
  const { t } = useTranslation();
  const [loopIndex, setLoopIndex] = useState(gateway.loops[0]?.loopIndex ?? 1);
  const { data, isFetching } = useGetGatewayPowerQuery({ gatewayId: gateway.gatewayId, loopIndex, hours: 24 });
  const loopOptions = (gateway.loops.length > 0 ? gateway.loops : [{ loopIndex: 1, loopName: '' }]).map((loop) => ({
    value: loop.loopIndex,
    label: loop.loopName || t('lighting.loopN', { index: loop.loopIndex }),
  }));
  const points = data?.points ?? [];
  return (
    <Card
      title={t('lighting.detail.power')}
      extra={
        <Select
          aria-label={t('lighting.detail.powerLoop')}
          value={loopIndex}
          options={loopOptions}
          onChange={setLoopIndex}
          style={{ minWidth: 160 }}
        />
      }
    >
      <Spin spinning={isFetching}>
        {points.length === 0 && !isFetching ? (
          <Empty description={t('lighting.detail.noPower')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <PowerChart points={points} label={t('lighting.detail.powerOf', { loop: loopOptions.find((option) => option.value === loopIndex)?.label ?? loopIndex })} />
          </Suspense>
        )}
      </Spin>
    </Card>
  );
}

function OnlineHistoryCard({ gatewayId }: { gatewayId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: DEFAULT_PAGE, pageSize: DEFAULT_LIMIT });
  const { data, isFetching } = useGetGatewayOnlineHistoryQuery({ gatewayId, ...page });
  return (
    <Card title={t('lighting.detail.onlineHistory')}>
      <Table<OnlineEvent>
        rowKey={(row) => `${row.time}-${row.onlineStatus}-${row.reason}`}
        size="small"
        loading={isFetching}
        pagination={false}
        dataSource={data?.rows ?? []}
        columns={[
          { title: t('lighting.detail.time'), dataIndex: 'time', key: 'time' },
          {
            title: t('lighting.gateway.onlineStatus'),
            dataIndex: 'onlineStatus',
            key: 'onlineStatus',
            render: (status: string) => <OnlineTag status={status} />,
          },
          {
            title: t('lighting.detail.reason'),
            dataIndex: 'reason',
            key: 'reason',
            render: (reason: string) => {
              const known = ['heartbeat', 'telemetry', 'event', 'silence'].includes(reason);
              return known ? t(`lighting.detail.reasons.${reason as 'heartbeat'}`) : reason;
            },
          },
        ]}
      />
      <Pagination
        total={data?.total ?? 0}
        page={page.pageNum}
        limit={page.pageSize}
        autoScroll={false}
        onChange={({ page: pageNum, limit }) => setPage({ pageNum, pageSize: limit })}
      />
    </Card>
  );
}

/** A gateway's header, its loops under control, a day of one loop's power, its online history. */
export function GatewayView({ gateway }: { gateway: GatewayDetail }) {
  const { t } = useTranslation();
  const communicationTypes = useCommunicationTypes();
  const seconds = (value: number | null) => (typeof value === 'number' ? t('lighting.gateway.seconds', { value }) : '-');
  return (
    <Flex vertical gap={16}>
      <Card>
        <Descriptions
          title={
            <Space>
              <span>{gateway.gatewayName}</span>
              <OnlineTag status={gateway.onlineStatus} />
            </Space>
          }
          size="small"
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'number', label: t('lighting.gateway.number'), children: gateway.gatewayNumber },
            {
              key: 'type',
              label: t('lighting.gateway.communicationType'),
              children: optionLabel(communicationTypes, gateway.communicationType),
            },
            { key: 'loops', label: t('lighting.gateway.loopCount'), children: gateway.loopCount },
            { key: 'signal', label: t('lighting.gateway.signal'), children: <SignalBars dbm={gateway.signal} /> },
            { key: 'temperature', label: t('lighting.gateway.temperature'), children: reading(gateway.temperature, '°C') },
            { key: 'firmware', label: t('lighting.gateway.firmware'), children: gateway.firmwareVersion || '-' },
            { key: 'lastSeen', label: t('lighting.gateway.lastSeen'), children: gateway.lastSeenTime ?? '-' },
            { key: 'heartbeatInterval', label: t('lighting.gateway.heartbeatInterval'), children: seconds(gateway.heartbeatInterval) },
            { key: 'telemetryInterval', label: t('lighting.gateway.telemetryInterval'), children: seconds(gateway.telemetryInterval) },
            { key: 'paramsTime', label: t('lighting.gateway.paramsTime'), children: gateway.paramsTime ?? '-' },
            { key: 'remark', label: t('lighting.gateway.remark'), children: gateway.remark || '-' },
          ]}
        />
      </Card>
      <Card title={t('lighting.detail.loops')}>
        <LoopControl gateway={gateway} />
      </Card>
      <PowerCard key={gateway.gatewayId} gateway={gateway} />
      <OnlineHistoryCard gatewayId={gateway.gatewayId} />
    </Flex>
  );
}

/** The gateway detail (a sub-page of the gateway list): live status without reload. */
export default function GatewayDetailPage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const gatewayId = gatewayIdOf(route?.path, pathname);
  const { data, isLoading, isError, refetch } = useGetGatewayQuery(gatewayId ?? 0, { skip: gatewayId === undefined });

  if (gatewayId === undefined) return <Result status="404" title={t('lighting.detail.notFound')} />;
  if (isLoading) return <Spin />;
  if (isError || !data) {
    return (
      <Result
        status="warning"
        title={t('lighting.detail.loadFailed')}
        extra={<Button onClick={() => void refetch()}>{t('common.reload')}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={8}>
        <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(-1)}>
          {t('common.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('lighting.detail.title', { name: data.gatewayName })}
        </Typography.Title>
      </Flex>
      <GatewayView gateway={data} />
    </Flex>
  );
}
