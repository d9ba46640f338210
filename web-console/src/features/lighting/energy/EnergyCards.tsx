import type { CSSProperties, ReactNode } from 'react';
import { Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { EnergyFigures, EnergyStats } from '../types';
import { changeText, kwhText, yuanText } from './figures';
import '../i18n';

const GRID: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: 12 };

/** One figure of the period in a card named by its title. */
function FigureCard({ title, value, extra }: { title: string; value: string; extra?: ReactNode }) {
  return (
    <Card size="small" title={title} role="region" aria-label={title}>
      <div style={{ fontSize: 24, fontWeight: 600 }}>{value}</div>
      {extra ? <Typography.Text type="secondary">{extra}</Typography.Text> : null}
    </Card>
  );
}

const CARDS: readonly { key: keyof EnergyFigures & ('kwh' | 'cost' | 'baselineKwh' | 'savingKwh' | 'savingCost'); money: boolean }[] = [
  { key: 'kwh', money: false },
  { key: 'cost', money: true },
  { key: 'baselineKwh', money: false },
  { key: 'savingKwh', money: false },
  { key: 'savingCost', money: true },
];

/**
 * The period's total kWh, cost, baseline kWh and savings (kWh and yuan), the compared period's
 * total under the first when one is chosen; below them what the baseline is (its note and the
 * kind's fixed explanation) and the time zone the buckets are in.
 */
export default function EnergyCards({ stats, compared, loading }: { stats: EnergyStats | undefined; compared: EnergyStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const text = (value: number | undefined, money: boolean) => (value === undefined ? '-' : money ? yuanText(value, language) : kwhText(value, language));
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8}>
        <div style={GRID}>
          {CARDS.map(({ key, money }) => (
            <FigureCard
              key={key}
              title={t(`lighting.energyStats.cards.${key}`)}
              value={text(stats?.total[key], money)}
              extra={
                key === 'kwh' && compared && stats
                  ? t('lighting.energyStats.comparedTotal', { value: kwhText(compared.total.kwh, language), change: changeText(stats.total.kwh, compared.total.kwh, language) })
                  : undefined
              }
            />
          ))}
        </div>
        {stats ? (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('lighting.energyStats.baselineOf')}
            {stats.baselineNote ? <AsEntered text={stats.baselineNote} /> : t(`lighting.energyStats.setting.baselines.${stats.baseline}`)}{' '}
            {t(`lighting.energyStats.baselineKinds.${stats.baseline}`)}
            {stats.timeZone ? (
              <>
                <br />
                {t('lighting.energyStats.timeZone', { zone: stats.timeZone })}
              </>
            ) : null}
          </Typography.Paragraph>
        ) : null}
      </Flex>
    </Spin>
  );
}
