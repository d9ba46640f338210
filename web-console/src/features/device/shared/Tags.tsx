import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { IN_SERVICE } from '../rules';
import '../i18n';

/** In service ('0') in green, out of service otherwise. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return status === IN_SERVICE ? (
    <Tag color="success">{t('device.device.statuses.0')}</Tag>
  ) : (
    <Tag color="default">{t('device.device.statuses.1')}</Tag>
  );
}

/** Online ('1', its gateway's) in green, offline otherwise. */
export function OnlineTag({ online }: { online: string }) {
  const { t } = useTranslation();
  return online === '1' ? <Tag color="success">{t('device.device.onlineStates.1')}</Tag> : <Tag>{t('device.device.onlineStates.0')}</Tag>;
}

/** The loop's last reported state: on, off, or unknown (none reported). */
export function SwitchTag({ state }: { state: string | null }) {
  const { t } = useTranslation();
  if (state === '1') return <Tag color="gold">{t('device.device.switchStates.on')}</Tag>;
  if (state === '0') return <Tag>{t('device.device.switchStates.off')}</Tag>;
  return <Tag color="default">{t('device.device.switchStates.unknown')}</Tag>;
}
