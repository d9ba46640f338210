import { Suspense, lazy, type CSSProperties } from 'react';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Flex, Form, Select, Skeleton, Spin, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../components/Access';
import { useLazyGetLoopChartQuery } from '../api';
import { useGatewayChoices } from '../shared/choices';
import type { LoopChart } from '../types';
import { chartSummary, COLOURS, differenceText, durationText, loopText, onColour } from './chartModel';
import { useLoopChoices } from './loopChoices';
import '../i18n';

// ECharts comes with the chart, in the shared lazy chunk, not with the page.
const ChartView = lazy(() => import('./ChartView'));

interface FilterValues {
  gatewayId?: number;
  loopIndex?: number;
  date?: Dayjs | null;
}

/**
 * Lighting charts (`device/chart/index`): one loop's night, from 12:00 on the chosen date to
 * 12:00 the next day in the site's time zone (GET /device/chart/loop): the plan against what
 * the loop reported, as two timeline rows, its power below, sunset and sunrise marked; under
 * the chart the planned and the reported on time and their difference. The chart is asked
 * for with the query button (pc:device:chart:query); the server's refusals (no site, a loop
 * beyond the gateway's) are shown by the client as every request's.
 */
export default function ChartPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const gateways = useGatewayChoices();
  const gatewayId = Form.useWatch('gatewayId', form);
  const loopIndex = Form.useWatch('loopIndex', form);
  const loops = useLoopChoices(gatewayId, gateways.choices.find((choice) => choice.value === gatewayId)?.loopCount);
  const [load, { currentData: chart, isFetching, isError, isUninitialized }] = useLazyGetLoopChartQuery();

  const query = (values: FilterValues) => {
    if (values.gatewayId === undefined || values.loopIndex === undefined) return;
    void load({ gatewayId: values.gatewayId, loopIndex: values.loopIndex, ...(values.date ? { date: values.date.format('YYYY-MM-DD') } : {}) });
  };

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Form<FilterValues> form={form} name="loopChart" layout="inline" onFinish={query} initialValues={{ date: dayjs() }} style={{ rowGap: 8 }}>
          <Form.Item label={t('device.chart.gateway')} name="gatewayId">
            <Select showSearch allowClear optionFilterProp="label" loading={gateways.loading} placeholder={t('common.choose')} style={{ width: 260 }}
              options={gateways.choices.map(({ value, label }) => ({ value, label }))}
              onChange={(value: number | undefined) => form.setFieldValue('loopIndex', value === undefined ? undefined : 1)} />
          </Form.Item>
          <Form.Item label={t('device.chart.loop')} name="loopIndex">
            <Select options={loops} disabled={gatewayId === undefined} style={{ width: 200 }}
              placeholder={gatewayId === undefined ? t('device.chart.loopFirst') : t('common.choose')} />
          </Form.Item>
          <Form.Item label={t('device.chart.date')} name="date">
            <DatePicker format="YYYY-MM-DD" placeholder={t('device.chart.siteToday')} />
          </Form.Item>
          <Form.Item>
            <HasPermi value={['device:chart:query']}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />} loading={isFetching}
                disabled={gatewayId === undefined || loopIndex === undefined}>
                {t('device.chart.query')}
              </Button>
            </HasPermi>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        {isUninitialized ? (
          <Empty description={t('device.chart.choose')} />
        ) : (
          <Spin spinning={isFetching}>
            {chart ? <ChartResult chart={chart} /> : isError ? <Empty description={t('device.chart.failed')} /> : <div style={{ minHeight: 200 }} />}
          </Spin>
        )}
      </Card>
    </Flex>
  );
}

function ChartResult({ chart }: { chart: LoopChart }) {
  const { t } = useTranslation();
  const summary = chartSummary(chart);
  const loop = loopText(t, chart.loopIndex, chart.loopName);
  return (
    <Flex vertical gap={12}>
      {chart.actual.length === 0 ? <Alert type="info" showIcon message={t('device.chart.noTelemetry')} /> : null}
      <Suspense fallback={<Skeleton active />}>
        <ChartView chart={chart} label={t('device.chart.chartOf', { gateway: chart.gatewayName, loop, date: chart.date })} />
      </Suspense>
      <section aria-label={t('device.chart.summary')}>
        <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered
          items={[
            { key: 'planned', label: t('device.chart.plannedOn'), children: durationText(summary.planned) },
            { key: 'actual', label: t('device.chart.actualOn'), children: summary.actual === null ? '-' : durationText(summary.actual) },
            { key: 'difference', label: t('device.chart.difference'), children: summary.difference === null ? '-' : differenceText(summary.difference) },
          ]} />
      </section>
      <Legend />
    </Flex>
  );
}

function Swatch({ style, label }: { style: CSSProperties; label: string }) {
  return (
    <Flex gap={6} align="center">
      <span aria-hidden style={{ display: 'inline-block', width: 24, height: 12, borderRadius: 2, ...style }} />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}

/** What the colours mean, and what a blank stretch of the actual row means. */
function Legend() {
  const { t } = useTranslation();
  const swatches = [
    { key: 'dim', style: { background: onColour(30) }, label: t('device.chart.legend.dim') },
    { key: 'full', style: { background: onColour(100) }, label: t('device.chart.legend.full') },
    { key: 'override', style: { background: COLOURS.override }, label: t('device.chart.legend.override') },
    { key: 'burn', style: { background: onColour(100), outline: `1.5px dashed ${COLOURS.burnBorder}`, outlineOffset: -1 }, label: t('device.chart.legend.burn') },
    { key: 'off', style: { background: COLOURS.off }, label: t('device.chart.legend.off') },
    { key: 'idle', style: { background: COLOURS.idle, border: `1px solid ${COLOURS.idleBorder}` }, label: t('device.chart.legend.idle') },
    { key: 'actualOn', style: { background: COLOURS.actualOn }, label: t('device.chart.legend.actualOn') },
    { key: 'actualOff', style: { background: COLOURS.actualOff }, label: t('device.chart.legend.actualOff') },
    { key: 'gap', style: { background: '#fff', border: `1px dashed ${COLOURS.idleBorder}` }, label: t('device.chart.legend.gap') },
    { key: 'power', style: { height: 2, background: COLOURS.power }, label: t('device.chart.legend.power') },
    { key: 'sunset', style: { borderLeft: `2px dashed ${COLOURS.sunset}`, width: 2 }, label: t('device.chart.legend.sunset') },
    { key: 'sunrise', style: { borderLeft: `2px dashed ${COLOURS.sunrise}`, width: 2 }, label: t('device.chart.legend.sunrise') },
  ];
  return (
    <Flex vertical gap={8}>
      <Flex gap={16} wrap role="list" aria-label={t('device.chart.legend.title')}>
        {swatches.map(({ key, style, label }) => (
          <div role="listitem" key={key}>
            <Swatch style={style} label={label} />
          </div>
        ))}
      </Flex>
      <Typography.Text type="secondary">{t('device.chart.gapHint')}</Typography.Text>
    </Flex>
  );
}
