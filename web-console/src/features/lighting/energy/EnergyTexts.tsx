import { Alert, Space, Tag } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ENERGY_FLAGS, flagsOf } from './codes';
import '../i18n';

/** A bucket's flags as tags (their meaning on hover); nothing without one. */
export function FlagTags({ mask }: { mask: number }) {
  const { t } = useTranslation();
  const flags = flagsOf(mask);
  if (flags.length === 0) return null;
  return (
    <Space size={4} wrap>
      {flags.map((flag) => (
        <Tag key={flag} icon={<WarningOutlined aria-hidden />} color={ENERGY_FLAGS.find((known) => known.key === flag)?.colour} title={t(`lighting.energyStats.flagHints.${flag}`)}>
          {t(`lighting.energyStats.flags.${flag}`)}
        </Tag>
      ))}
    </Space>
  );
}

/** What the flags found in the rows mean, one sentence each; nothing when no row is flagged. */
export function FlagLegend({ masks }: { masks: readonly number[] }) {
  const { t } = useTranslation();
  const seen = masks.reduce((all, mask) => all | mask, 0);
  const flags = flagsOf(seen);
  if (flags.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('lighting.energyStats.flagLegend')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {flags.map((flag) => (
            <li key={flag}>
              {t('lighting.energyStats.flagLegendItem', { flag: t(`lighting.energyStats.flags.${flag}`), hint: t(`lighting.energyStats.flagHints.${flag}`) })}
            </li>
          ))}
        </ul>
      }
    />
  );
}
