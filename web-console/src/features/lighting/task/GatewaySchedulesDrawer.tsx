import { Button, Drawer, Flex, Table } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { useGetGatewaySchedulesQuery } from '../api';
import type { GatewaySchedule } from '../types';
import IssueStateTag from './IssueStateTag';
import '../i18n';

/** A value the gateway has only once a schedule was issued: '-' before. */
const issuedOnly = (schedule: GatewaySchedule, value: string | number | null) =>
  schedule.issueState === '0' || value === null || value === '' ? '-' : value;

/**
 * The schedule each gateway of the project was last issued (GET /lighting/task/gatewaySchedules):
 * its issue state, when it is valid, how many loops and steps it holds, who issued it and
 * when, and why it failed.
 */
export default function GatewaySchedulesDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isFetching, refetch } = useGetGatewaySchedulesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Drawer open title={t('lighting.gatewaySchedule.title')} width={1100} onClose={onClose}>
      <Flex vertical gap={16}>
        <Flex>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()}>
            {t('lighting.gatewaySchedule.refresh')}
          </Button>
        </Flex>
        <Table<GatewaySchedule>
          size="small"
          rowKey="gatewayId"
          loading={isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={data ?? []}
          locale={{ emptyText: t('lighting.plan.noGateways') }}
          columns={[
            { key: 'gatewayName', dataIndex: 'gatewayName', title: t('lighting.gateway.name'), render: (name: string) => <AsEntered text={name} /> },
            { key: 'gatewayNumber', dataIndex: 'gatewayNumber', title: t('lighting.gateway.number'), render: (number: string) => <AsEntered text={number} /> },
            { key: 'issueState', dataIndex: 'issueState', title: t('lighting.task.issueState'), render: (state: string) => <IssueStateTag state={state} /> },
            {
              key: 'valid',
              title: t('lighting.gatewaySchedule.valid'),
              render: (_valid: unknown, schedule) =>
                schedule.validFrom && schedule.validUntil ? t('lighting.gatewaySchedule.validRange', { from: schedule.validFrom, until: schedule.validUntil }) : '-',
            },
            { key: 'loopCount', title: t('lighting.gatewaySchedule.loops'), render: (_loops: unknown, schedule) => issuedOnly(schedule, schedule.loopCount) },
            { key: 'stepCount', title: t('lighting.gatewaySchedule.steps'), render: (_steps: unknown, schedule) => issuedOnly(schedule, schedule.stepCount) },
            { key: 'issuedBy', title: t('lighting.gatewaySchedule.issuedBy'), render: (_by: unknown, schedule) => issuedOnly(schedule, schedule.issuedBy) },
            { key: 'requestTime', title: t('lighting.gatewaySchedule.requestTime'), render: (_time: unknown, schedule) => issuedOnly(schedule, schedule.requestTime) },
            { key: 'finishTime', title: t('lighting.gatewaySchedule.finishTime'), render: (_time: unknown, schedule) => issuedOnly(schedule, schedule.finishTime) },
            { key: 'message', dataIndex: 'message', title: t('lighting.gatewaySchedule.message'), render: (message: string) => message || '-' },
          ]}
        />
      </Flex>
    </Drawer>
  );
}
