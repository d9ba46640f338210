import { useMemo } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useGatewayChoices } from '../shared/choices';
import type { DeviceCommand, DeviceCommandQuery } from '../types';
import { ACTIONS, RESULT_FILTERS, SOURCES } from './codes';
import { ActionText, ParamsText, RequesterText, ResultTag, SourceText } from './CommandTexts';
import '../i18n';

/**
 * The command log's columns: when, which gateway, which loops (or which schedule, or the
 * intervals a parameter setting gave), what (on at
 * a brightness when below full), held until when, asked by whom and from where, how it went,
 * in how many sends, and why.
 */
export function useCommandColumns(): ListColumn<DeviceCommand>[] {
  const { t } = useTranslation();
  return [
    { key: 'requestedAt', title: t('device.command.requestedAt') },
    {
      key: 'gatewayName',
      title: t('device.command.gateway'),
      render: (name: string, command) => (
        <Space size={4} wrap>
          <AsEntered text={name} />
          <Typography.Text type="secondary">
            <AsEntered text={command.gatewayNumber} />
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'loops',
      title: t('device.command.loops'),
      render: (loops: number[], command) => {
        if (command.action === 'schedule') return command.scheduleId ? <AsEntered text={command.scheduleId} /> : '-';
        if (command.action === 'params') return <ParamsText command={command} />;
        return loops.length > 0 ? loops.join(', ') : '-';
      },
    },
    {
      key: 'action',
      title: t('device.command.action'),
      render: (action: string, command) => <ActionText action={action} brightness={command.brightness} />,
    },
    { key: 'holdUntil', title: t('device.command.holdUntil'), render: (time: string | null) => time ?? '-' },
    { key: 'source', title: t('device.command.source'), render: (source: string) => <SourceText source={source} /> },
    { key: 'requestedBy', title: t('device.command.requestedBy'), render: (name: string) => <RequesterText name={name} /> },
    { key: 'result', title: t('device.command.result'), render: (_result: string | null, command) => <ResultTag command={command} /> },
    { key: 'attempts', title: t('device.command.attempts') },
    // kept with the command as the server wrote it (why it failed, or why it waits): shown as recorded
    { key: 'message', title: t('device.command.message'), render: (message: string) => (message ? <AsEntered text={message} clip /> : '-') },
    { key: 'expiresAt', title: t('device.command.expiresAt'), hidden: true, render: (time: string | null) => time ?? '-' },
    { key: 'finishedAt', title: t('device.command.finishedAt'), hidden: true, render: (time: string | null) => time ?? '-' },
  ];
}

/**
 * The command log's search fields: the gateway (the project's first 500), the loop (up to the
 * most loops a listed gateway has), action, source, result, a part of the user's name, and the
 * days of the request.
 */
export function useCommandSearchFields(): SearchField<DeviceCommandQuery>[] {
  const { t } = useTranslation();
  const gateways = useGatewayChoices();
  const loopCount = gateways.choices.reduce((most, gateway) => Math.max(most, gateway.loopCount ?? 0), 0);
  const loops = useMemo(
    () => Array.from({ length: loopCount }, (_, at) => ({ value: at + 1, label: t('device.device.loopN', { index: at + 1 }) })),
    [loopCount, t],
  );
  return [
    { kind: 'select', name: 'gatewayId', label: t('device.command.gateway'), options: gateways.choices, searchable: true, width: 220 },
    { kind: 'select', name: 'loopIndex', label: t('device.command.loop'), options: loops, searchable: true, width: 120 },
    { kind: 'select', name: 'action', label: t('device.command.action'), options: ACTIONS.map((action) => ({ value: action, label: t(`device.command.actions.${action}`) })) },
    {
      kind: 'select',
      name: 'source',
      label: t('device.command.source'),
      options: SOURCES.map((source) => ({ value: source, label: t(`device.command.sources.${source}`) })),
      width: 160,
    },
    {
      kind: 'select',
      name: 'result',
      label: t('device.command.result'),
      options: RESULT_FILTERS.map((result) => ({ value: result, label: t(`device.command.results.${result}`) })),
    },
    { kind: 'text', name: 'requestedBy', label: t('device.command.requestedBy'), placeholder: t('device.command.requestedByPlaceholder') },
    { kind: 'dateRange', name: 'requestedAt', from: 'params[beginTime]', to: 'params[endTime]', label: t('device.command.requestedAt'), width: 260 },
  ];
}
