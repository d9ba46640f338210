import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { InfoCircleOutlined, PoweroffOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import BrightnessInput from '../../../components/BrightnessInput';
import HoldSelect from '../../../components/HoldSelect';
import { brightnessOf, FULL_BRIGHTNESS } from '../../../lib/brightness';
import { holdOf, UNTIL_NEXT_STEP } from '../../../lib/hold';
import { useAccess } from '../../auth/useAccess';
import { useControlLoopMutation, useReadGatewayMutation } from '../api';
import type { GatewayDetail, LoopReading } from '../types';
import { reading } from './gatewayText';
import { errorText, storeReadings } from './loops';
import '../i18n';

type Outcome = { kind: 'success' | 'error'; text: string };

/** A loop's switch state: on, off or not known yet. */
function LoopState({ on }: { on: boolean | null }) {
  const { t } = useTranslation();
  if (on === true) return <Tag color="success">{t('lighting.loopOn')}</Tag>;
  if (on === false) return <Tag>{t('lighting.loopOff')}</Tag>;
  return <Tag color="default">{t('lighting.loopUnknown')}</Tag>;
}

/** A setting of the switches above the loops: its label, its control and a hint. */
function Setting({ id, label, hint, children }: { id: string; label: string; hint: string; children: ReactNode }) {
  return (
    <Space>
      <label htmlFor={id}>{label}</label>
      {children}
      <Tooltip title={hint}>
        <InfoCircleOutlined aria-label={hint} />
      </Tooltip>
    </Space>
  );
}

/**
 * A gateway's loops with their latest readings, On / Off per loop (pc:lighting:control:edit)
 * with how long the switch holds under a schedule (until its next step unless chosen) and, for
 * On, the brightness (full unless chosen, and while the field is empty; sent only below full),
 * and Read state (pc:lighting:control:query). Shows the gateway's acknowledgement with its
 * round trip, or the server's message as it came (offline, no answer, refused).
 */
export default function LoopControl({ gateway }: { gateway: GatewayDetail }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const access = useAccess();
  const [controlLoop] = useControlLoopMutation();
  const [readGateway, readRequest] = useReadGatewayMutation();
  const [busy, setBusy] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [hold, setHold] = useState(UNTIL_NEXT_STEP);
  const [brightness, setBrightness] = useState<number | null>(FULL_BRIGHTNESS);
  const holdId = useId();
  const brightnessId = useId();
  const canControl = access.hasPermi(['lighting:control:edit']);
  const canRead = access.hasPermi(['lighting:control:query']);

  const switchLoop = async (loop: LoopReading, on: boolean) => {
    setBusy(`${loop.loopIndex}:${on ? 'on' : 'off'}`);
    setOutcome(undefined);
    try {
      const ack = await controlLoop({
        gatewayId: gateway.gatewayId,
        loopIndex: loop.loopIndex,
        on,
        ...holdOf(hold),
        ...(on ? brightnessOf(brightness) : {}),
      }).unwrap();
      storeReadings(dispatch, gateway.gatewayId, ack.loops);
      setOutcome({ kind: 'success', text: t('lighting.control.acknowledged', { ms: ack.elapsedMs }) });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t('lighting.control.failed')) });
    } finally {
      setBusy(undefined);
    }
  };

  const readLoops = async () => {
    setOutcome(undefined);
    try {
      const ack = await readGateway({ gatewayId: gateway.gatewayId }).unwrap();
      storeReadings(dispatch, gateway.gatewayId, ack.loops);
      setOutcome({ kind: 'success', text: t('lighting.control.readDone', { ms: ack.elapsedMs }) });
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error, t('lighting.control.failed')) });
    }
  };

  const columns: NonNullable<TableProps<LoopReading>['columns']> = [
    { title: t('lighting.loop'), dataIndex: 'loopIndex', key: 'loopIndex', width: 70 },
    {
      title: t('lighting.loopName'),
      dataIndex: 'loopName',
      key: 'loopName',
      render: (name: string, loop) => name || t('lighting.loopN', { index: loop.loopIndex }),
    },
    { title: t('lighting.loopState'), dataIndex: 'on', key: 'on', render: (on: boolean | null) => <LoopState on={on} /> },
    { title: t('lighting.voltage'), dataIndex: 'voltage', key: 'voltage', render: (value: number | null) => reading(value, 'V') },
    { title: t('lighting.current'), dataIndex: 'current', key: 'current', render: (value: number | null) => reading(value, 'A', 2) },
    {
      title: t('lighting.activePower'),
      dataIndex: 'activePower',
      key: 'activePower',
      render: (value: number | null) => reading(value, 'W'),
    },
    { title: t('lighting.energy'), dataIndex: 'energy', key: 'energy', render: (value: number | null) => reading(value, 'kWh', 2) },
    { title: t('lighting.updateTime'), dataIndex: 'updateTime', key: 'updateTime', render: (value: string | null) => value ?? '-' },
  ];
  if (canControl) {
    columns.push({
      title: t('lighting.control.switch'),
      key: 'switch',
      render: (_value, loop) => {
        const name = loop.loopName || t('lighting.loopN', { index: loop.loopIndex });
        return (
          <Space>
            <Button
              size="small"
              type="primary"
              icon={<PoweroffOutlined aria-hidden />}
              loading={busy === `${loop.loopIndex}:on`}
              disabled={busy !== undefined}
              aria-label={t('lighting.control.onOf', { name })}
              onClick={() => void switchLoop(loop, true)}
            >
              {t('lighting.control.on')}
            </Button>
            <Button
              size="small"
              loading={busy === `${loop.loopIndex}:off`}
              disabled={busy !== undefined}
              aria-label={t('lighting.control.offOf', { name })}
              onClick={() => void switchLoop(loop, false)}
            >
              {t('lighting.control.off')}
            </Button>
          </Space>
        );
      },
    });
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify={canControl ? 'space-between' : 'flex-end'} align="center" wrap gap={8}>
        {canControl ? (
          <Space wrap size="large">
            <Setting id={holdId} label={t('components.hold.label')} hint={t('components.hold.hint')}>
              <HoldSelect id={holdId} value={hold} onChange={setHold} />
            </Setting>
            <Setting id={brightnessId} label={t('components.brightness.label')} hint={t('components.brightness.hint')}>
              <BrightnessInput id={brightnessId} value={brightness} onChange={setBrightness} />
            </Setting>
          </Space>
        ) : null}
        {canRead ? (
          <Button icon={<ReloadOutlined aria-hidden />} loading={readRequest.isLoading} onClick={() => void readLoops()}>
            {t('lighting.control.read')}
          </Button>
        ) : null}
      </Flex>
      {outcome ? (
        <Alert
          role={outcome.kind === 'error' ? 'alert' : 'status'}
          type={outcome.kind}
          showIcon
          message={outcome.text}
          closable
          onClose={() => setOutcome(undefined)}
        />
      ) : null}
      <Table<LoopReading>
        rowKey="loopIndex"
        size="small"
        columns={columns}
        dataSource={gateway.loops}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('lighting.noLoops') }}
      />
    </Flex>
  );
}
