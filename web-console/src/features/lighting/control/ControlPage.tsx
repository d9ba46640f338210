import { useEffect, useState } from 'react';
import { Card, Empty, Flex, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGetGatewayQuery, useGetGatewaysQuery } from '../api';
import { OnlineTag } from '../shared/GatewayBits';
import LoopControl from '../shared/LoopControl';
import '../i18n';

/** How many gateways the picker offers for one search. */
const PICKER_SIZE = 100;
const SEARCH_DELAY_MS = 300;

/** Real-time control (`lighting/gateway/control`): pick a gateway, switch its loops. */
export default function ControlPage() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [gatewayId, setGatewayId] = useState<number | undefined>();
  const { data: candidates, isFetching: searching } = useGetGatewaysQuery({
    pageNum: 1,
    pageSize: PICKER_SIZE,
    gatewayName: keyword || undefined,
  });
  const { data: gateway, isFetching } = useGetGatewayQuery(gatewayId ?? 0, { skip: gatewayId === undefined });

  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <Card>
      <Flex vertical gap={16}>
        <Space wrap>
          <label htmlFor="control-gateway">{t('lighting.control.gateway')}</label>
          <Select
            id="control-gateway"
            showSearch
            allowClear
            filterOption={false}
            loading={searching}
            placeholder={t('lighting.control.chooseGateway')}
            value={gatewayId}
            onSearch={setTyped}
            onChange={(value: number | undefined) => setGatewayId(value)}
            notFoundContent={searching ? <Spin size="small" /> : undefined}
            options={(candidates?.rows ?? []).map((row) => ({
              value: row.gatewayId,
              label: `${row.gatewayName} (${row.gatewayNumber})`,
            }))}
            style={{ minWidth: 320 }}
          />
          {gateway && gateway.gatewayId === gatewayId ? <OnlineTag status={gateway.onlineStatus} /> : null}
        </Space>
        {gatewayId === undefined ? (
          <Empty description={t('lighting.control.noGateway')} />
        ) : gateway && gateway.gatewayId === gatewayId ? (
          <>
            <Typography.Text type="secondary">
              {t('lighting.gateway.lastSeen')}: {gateway.lastSeenTime ?? '-'}
            </Typography.Text>
            <LoopControl gateway={gateway} />
          </>
        ) : (
          <Spin spinning={isFetching} />
        )}
      </Flex>
    </Card>
  );
}
