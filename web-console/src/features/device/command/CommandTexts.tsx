import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { FULL_BRIGHTNESS, isBrightness } from '../../../lib/brightness';
import type { CommandResult, DeviceCommand } from '../types';
import { ACTIONS, known, PLAN, RESULTS, SOURCES, STATES } from './codes';
import '../i18n';

/** How a finished command ended, coloured as a command's outcome per gateway (components/GatewayResults.tsx). */
const RESULT_COLOURS: Record<CommandResult, string> = {
  ok: 'success',
  offline: 'default',
  timeout: 'warning',
  error: 'error',
  expired: 'default',
};

/** On (with its brightness when below full: "On 30%"), off, or a schedule given. */
export function ActionText({ action, brightness = null }: { action: string; brightness?: number | null }) {
  const { t } = useTranslation();
  const code = known(ACTIONS, action);
  if (code === 'on' && isBrightness(brightness) && brightness < FULL_BRIGHTNESS) return t('device.command.onAt', { brightness });
  return code ? t(`device.command.actions.${code}`) : <AsEntered text={action} />;
}

/** The intervals a parameter setting gave ("Heartbeat 20 s, telemetry 60 s"), each only when it was set. */
export function ParamsText({ command }: { command: Pick<DeviceCommand, 'heartbeatInterval' | 'telemetryInterval'> }) {
  const { t } = useTranslation();
  const parts = [
    command.heartbeatInterval != null ? t('device.command.heartbeatSet', { seconds: command.heartbeatInterval }) : null,
    command.telemetryInterval != null ? t('device.command.telemetrySet', { seconds: command.telemetryInterval }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(t('device.command.paramsSeparator')) : '-';
}

/** Where the command came from: an operator's screen, or the plan. */
export function SourceText({ source }: { source: string }) {
  const { t } = useTranslation();
  const code = known(SOURCES, source);
  return code ? t(`device.command.sources.${code}`) : <AsEntered text={source} />;
}

/** The user who asked, or the plan executor for the plan's own commands. */
export function RequesterText({ name }: { name: string }) {
  const { t } = useTranslation();
  return name === PLAN ? t('device.command.plan') : <AsEntered text={name} />;
}

/** How the command ended (its result), or, while it is not finished, where it is (queued, sending). */
export function ResultTag({ command }: { command: DeviceCommand }) {
  const { t } = useTranslation();
  const result = known(RESULTS, command.result);
  if (result) return <Tag color={RESULT_COLOURS[result]}>{t(`device.command.results.${result}`)}</Tag>;
  const state = known(STATES, command.state);
  if (state) return <Tag color={state === 'queued' || state === 'sending' ? 'processing' : 'default'}>{t(`device.command.states.${state}`)}</Tag>;
  return <Tag>{command.result ?? command.state}</Tag>;
}
