import { Alert, Flex, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatewayOutcome, GatewayResult, GatewayResults as Answer } from '../features/lighting/types';
import AsEntered from './AsEntered';

const OUTCOME_COLOURS: Record<GatewayOutcome, string> = {
  ok: 'success',
  offline: 'default',
  timeout: 'warning',
  error: 'error',
  queued: 'processing',
};

const isOutcome = (result: string): result is GatewayOutcome => Object.hasOwn(OUTCOME_COLOURS, result);

/** How one gateway took the command: ok, offline, timeout or error, coloured. */
function OutcomeTag({ result }: { result: string }) {
  const { t } = useTranslation();
  if (!isOutcome(result)) return <Tag>{result || '-'}</Tag>;
  return <Tag color={OUTCOME_COLOURS[result]}>{t(`components.gatewayResults.outcome.${result}`)}</Tag>;
}

/** One row per gateway: its name, number, outcome and the message telling why it failed. */
function GatewayResultTable({ results }: { results: readonly GatewayResult[] }) {
  const { t } = useTranslation();
  return (
    <Table<GatewayResult>
      rowKey="gatewayId"
      size="small"
      pagination={false}
      dataSource={results}
      columns={[
        { title: t('components.gatewayResults.gatewayName'), dataIndex: 'gatewayName', key: 'gatewayName', render: (name: string) => <AsEntered text={name} /> },
        { title: t('components.gatewayResults.gatewayNumber'), dataIndex: 'gatewayNumber', key: 'gatewayNumber', render: (number: string) => <AsEntered text={number} /> },
        {
          title: t('components.gatewayResults.result'),
          dataIndex: 'result',
          key: 'result',
          render: (result: string) => <OutcomeTag result={result} />,
        },
        {
          title: t('components.gatewayResults.message'),
          dataIndex: 'message',
          key: 'message',
          render: (text: string, row) => text || (row.result === 'offline' ? t('components.gatewayResults.offline') : '-'),
        },
      ]}
    />
  );
}

/**
 * The outcome of a command sent to many gateways (one-key control, issuing tasks, a device
 * group's control): the summary, green when every gateway took it, red when none did, and the
 * table of gateways.
 */
export default function GatewayResults({ answer, summary }: { answer: Answer; summary: string }) {
  return (
    <Flex vertical gap={12}>
      <Alert role="status" type={answer.failed === 0 ? 'success' : answer.succeeded === 0 ? 'error' : 'warning'} showIcon message={summary} />
      <GatewayResultTable results={answer.results} />
    </Flex>
  );
}
