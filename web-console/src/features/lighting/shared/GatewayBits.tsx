import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { signalBars } from '../rules';
import '../i18n';

/** Online ("1") in green, offline otherwise. */
export function OnlineTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  return status === '1' ? (
    <Tag color="success">{t('lighting.online')}</Tag>
  ) : (
    <Tag color="default">{t('lighting.offline')}</Tag>
  );
}

const barColour = (bars: number) => (bars >= 3 ? '#52c41a' : bars === 2 ? '#faad14' : '#f5222d');

/** Signal in dBm with four bars. */
export function SignalBars({ dbm }: { dbm: number | null | undefined }) {
  const { t } = useTranslation();
  const bars = signalBars(dbm);
  if (bars === undefined || dbm === null || dbm === undefined) return <span>-</span>;
  return (
    <Flex align="center" gap={6} role="img" aria-label={t('lighting.signalLabel', { dbm, bars })}>
      <Flex align="flex-end" gap={2} aria-hidden style={{ height: 14 }}>
        {[1, 2, 3, 4].map((level) => (
          <span
            key={level}
            style={{
              display: 'inline-block',
              width: 3,
              height: 3 + level * 3,
              borderRadius: 1,
              background: level <= bars ? barColour(bars) : '#d9d9d9',
            }}
          />
        ))}
      </Flex>
      <span aria-hidden>{dbm} dBm</span>
    </Flex>
  );
}
