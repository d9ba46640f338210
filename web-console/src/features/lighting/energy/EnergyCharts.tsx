import { Suspense, lazy, useCallback, useMemo, type ReactNode } from 'react';
import { Card, Col, Row, Skeleton, Spin, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { EnergyRankingRow, EnergyStats } from '../types';
import { comparisonOption, rankingOption, trendOption } from './chartOptions';
import { RANKING_LIMIT } from './codes';
import { comparedPeriod, type Period } from './period';
import type { EnergySearch } from './search';
import '../i18n';

// ECharts comes with the chart (the big screen's, in the shared lazy chunk), not with the page.
const Chart = lazy(() => import('../../dataScreen/Chart'));

/** The chart's canvas pixels per CSS pixel: the device's. */
const pixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/** A chart in a card, its title its accessible name; `note` above it (why it is empty). */
function ChartCard({ title, option, loading, note }: { title: string; option: EChartsCoreOption; loading: boolean; note?: ReactNode }) {
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Spin spinning={loading}>
        {note}
        <div style={{ height: 320 }}>
          <Suspense fallback={<Skeleton active />}>
            <Chart option={option} label={title} pixelRatio={pixelRatio()} />
          </Suspense>
        </div>
      </Spin>
    </Card>
  );
}

export interface EnergyChartsProps {
  search: EnergySearch;
  stats: EnergyStats | undefined;
  compared: EnergyStats | undefined;
  ranking: EnergyRankingRow[] | undefined;
  loading: { stats: boolean; compared: boolean; ranking: boolean };
}

/**
 * The period's charts: the trend (peak, flat and valley stacked, the baseline as a line), the
 * comparison with the other period when one is chosen (bucket by bucket), and the loops that
 * used the most as horizontal bars.
 */
export default function EnergyCharts({ search, stats, compared, ranking, loading }: EnergyChartsProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { granularity, period, compare } = search;
  const comparedWith = compare === 'none' ? undefined : comparedPeriod(granularity, period, compare);

  const trend = useMemo(() => trendOption({ t, language, granularity, rows: stats?.rows ?? [] }), [t, language, granularity, stats]);
  const periodText = useCallback((of: Period) => t('lighting.energyStats.periodText', { begin: of.beginTime, end: of.endTime }), [t]);
  const comparedBegin = comparedWith?.beginTime;
  const comparedEnd = comparedWith?.endTime;
  const comparison = useMemo(() => {
    if (comparedBegin === undefined || comparedEnd === undefined) return undefined;
    const other = { beginTime: comparedBegin, endTime: comparedEnd };
    return comparisonOption({
      language,
      granularity,
      rows: stats?.rows ?? [],
      comparedRows: compared?.rows ?? [],
      names: {
        current: t('lighting.energyStats.current', { period: periodText(period) }),
        compared: t('lighting.energyStats.compared', { period: periodText(other) }),
      },
    });
  }, [t, language, granularity, stats, compared, period, comparedBegin, comparedEnd, periodText]);
  const ranked = useMemo(() => rankingOption({ t, language, rows: ranking ?? [] }), [t, language, ranking]);
  const rankingTitle = t('lighting.energyStats.charts.ranking', { count: RANKING_LIMIT });

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <ChartCard title={t('lighting.energyStats.charts.trend')} option={trend} loading={loading.stats} />
      </Col>
      {comparison ? (
        <Col xs={24} xl={12}>
          <ChartCard title={t('lighting.energyStats.charts.comparison')} option={comparison} loading={loading.stats || loading.compared} />
        </Col>
      ) : null}
      <Col xs={24} xl={comparison ? 12 : 24}>
        <ChartCard title={rankingTitle} option={ranked} loading={loading.ranking}
          note={ranking && ranking.length === 0 ? <Typography.Text type="secondary">{t('lighting.energyStats.noRanking')}</Typography.Text> : null} />
      </Col>
    </Row>
  );
}
