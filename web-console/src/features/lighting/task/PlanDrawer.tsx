import { useState, type CSSProperties } from 'react';
import { Alert, Button, DatePicker, Drawer, Empty, Flex, Select, Space, Spin, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { HasPermi } from '../../../components/Access';
import { useGetNightPlanQuery } from '../api';
import { useGatewayChoices } from '../shared/choices';
import { OnlineTag } from '../shared/GatewayBits';
import type { LoopActual, NightPlan, PlanGateway, PlanLoop, PlanSegment } from '../types';
import { clockOf, planAxis, type PlanAxis } from './planTime';
import { lightText, segmentText } from './taskText';
import '../i18n';

const LABEL_WIDTH = 140;
const ACTUAL_WIDTH = 170;
const TRACK_HEIGHT = 22;
const SUNSET_COLOUR = '#d4380d';
const SUNRISE_COLOUR = '#1677ff';
const OFF_COLOUR = '#d9d9d9';
const IDLE_COLOUR = '#f0f0f0';
const STRIPES = 'repeating-linear-gradient(45deg, rgba(0, 0, 0, 0.22) 0 3px, transparent 3px 8px)';

/** An on segment's colour: amber, deeper the brighter. */
const onColour = (brightness: number | null) => `rgba(250, 173, 20, ${(0.3 + 0.7 * Math.min(100, Math.max(1, brightness ?? 100)) / 100).toFixed(2)})`;

function segmentStyle(segment: PlanSegment): CSSProperties {
  const on = segment.switchState === '1';
  const style: CSSProperties = { background: on ? onColour(segment.brightness) : segment.cause === 'idle' ? IDLE_COLOUR : OFF_COLOUR };
  if (segment.cause === 'override') style.backgroundImage = STRIPES;
  if (segment.cause === 'minimumBurn') Object.assign(style, { outline: `2px dashed ${SUNSET_COLOUR}`, outlineOffset: -2 });
  return style;
}

export interface PlanDrawerProps {
  onClose: () => void;
  /** Opens the site dialog (the plan needs the site). */
  onOpenSite: () => void;
}

/**
 * Tonight's plan (GET /lighting/plan/tonight): per gateway and loop, the night from 12:00 to
 * 12:00 the next day in the site's time zone, each segment coloured by its light and telling
 * its cause, the loop's latest reading beside it, sunset and sunrise marked. Without a site,
 * the server's message and the way to set it.
 */
export default function PlanDrawer({ onClose, onOpenSite }: PlanDrawerProps) {
  const { t } = useTranslation();
  const [date, setDate] = useState<Dayjs | null>(null);
  const [gatewayId, setGatewayId] = useState<number | undefined>();
  const gateways = useGatewayChoices();
  const { data: plan, error, isFetching, refetch } = useGetNightPlanQuery(
    { date: date ? date.format('YYYY-MM-DD') : undefined, gatewayId },
    { refetchOnMountOrArgChange: true },
  );
  const refusal = error ? (typeof error.message === 'string' && error.message ? error.message : t('lighting.plan.failed')) : undefined;

  return (
    <Drawer open title={t('lighting.plan.title')} width={1040} onClose={onClose}>
      <Flex vertical gap={16}>
        <Space wrap>
          <DatePicker value={date} onChange={(value: Dayjs | null) => setDate(value)} format="YYYY-MM-DD" aria-label={t('lighting.plan.date')}
            placeholder={t('lighting.plan.tonight')} />
          <Select allowClear showSearch optionFilterProp="label" value={gatewayId} onChange={(value: number | undefined) => setGatewayId(value)}
            options={gateways.choices.map(({ value, label }) => ({ value, label }))} loading={gateways.loading} placeholder={t('lighting.plan.allGateways')}
            aria-label={t('lighting.plan.gateway')} style={{ minWidth: 260 }} />
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void refetch()}>
            {t('lighting.plan.refresh')}
          </Button>
        </Space>
        {refusal ? (
          <Alert type="warning" showIcon message={refusal}
            action={
              <HasPermi value={['lighting:task:edit']}>
                <Button size="small" type="primary" onClick={onOpenSite}>
                  {t('lighting.plan.setSite')}
                </Button>
              </HasPermi>
            } />
        ) : null}
        <Spin spinning={isFetching}>{plan && !refusal ? <PlanView plan={plan} /> : <div style={{ minHeight: 80 }} />}</Spin>
      </Flex>
    </Drawer>
  );
}

function PlanView({ plan }: { plan: NightPlan }) {
  const { t } = useTranslation();
  const axis = planAxis(plan.fromMs, plan.toMs, plan.timeZone);
  if (!axis) return <Empty description={t('lighting.plan.failed')} />;
  // given as wall texts only: placed at the instant of the window the site's clock shows so
  const sunset = axis.atWall(plan.sunset);
  const sunrise = axis.atWall(plan.sunrise);
  const sun = { sunset, sunrise };
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} wrap>
        <Typography.Text strong>{t('lighting.plan.window', { from: plan.from.slice(0, 16), to: plan.to.slice(0, 16), timeZone: plan.timeZone })}</Typography.Text>
        {plan.sunset || plan.sunrise ? (
          <>
            {plan.sunset ? <Typography.Text style={{ color: SUNSET_COLOUR }}>{t('lighting.plan.sunset', { time: clockOf(plan.sunset) })}</Typography.Text> : null}
            {plan.sunrise ? <Typography.Text style={{ color: SUNRISE_COLOUR }}>{t('lighting.plan.sunrise', { time: clockOf(plan.sunrise) })}</Typography.Text> : null}
          </>
        ) : (
          <Typography.Text type="secondary">{t('lighting.plan.noSun')}</Typography.Text>
        )}
      </Flex>
      <AxisRow axis={axis} sun={sun} />
      {plan.gateways.length === 0 ? <Empty description={t('lighting.plan.noGateways')} /> : null}
      {plan.gateways.map((gateway) => (
        <GatewayPlan key={gateway.gatewayId} gateway={gateway} axis={axis} sun={sun} />
      ))}
      <Legend />
    </Flex>
  );
}

interface SunMarks {
  sunset: number | undefined;
  sunrise: number | undefined;
}

/** The hours along the top, sunset and sunrise among them. */
function AxisRow({ axis, sun }: { axis: PlanAxis; sun: SunMarks }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} aria-hidden>
      <div style={{ width: LABEL_WIDTH, flex: 'none' }} />
      <div style={{ position: 'relative', flex: 1, height: 36 }}>
        {axis.ticks.map((tick, index) => (
          <span key={index} style={{ position: 'absolute', left: `${tick.position}%`, bottom: 0, transform: 'translateX(-50%)', fontSize: 12, color: 'rgba(0, 0, 0, 0.45)' }}>
            {tick.label}
          </span>
        ))}
        {sun.sunset !== undefined ? (
          <span style={{ position: 'absolute', left: `${sun.sunset}%`, top: 0, transform: 'translateX(-50%)', fontSize: 12, color: SUNSET_COLOUR, whiteSpace: 'nowrap' }}>
            {t('lighting.plan.sunsetMark')}
          </span>
        ) : null}
        {sun.sunrise !== undefined ? (
          <span style={{ position: 'absolute', left: `${sun.sunrise}%`, top: 0, transform: 'translateX(-50%)', fontSize: 12, color: SUNRISE_COLOUR, whiteSpace: 'nowrap' }}>
            {t('lighting.plan.sunriseMark')}
          </span>
        ) : null}
      </div>
      <div style={{ width: ACTUAL_WIDTH, flex: 'none' }} />
    </Flex>
  );
}

function GatewayPlan({ gateway, axis, sun }: { gateway: PlanGateway; axis: PlanAxis; sun: SunMarks }) {
  const { t } = useTranslation();
  const online = gateway.online === true || gateway.online === '1';
  return (
    <section aria-label={gateway.gatewayName} style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 8 }}>
      <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
        <Typography.Text strong>
          <AsEntered text={gateway.gatewayName} />
        </Typography.Text>
        <Typography.Text type="secondary">
          <AsEntered text={gateway.gatewayNumber} />
        </Typography.Text>
        <OnlineTag status={online ? '1' : '0'} />
      </Flex>
      {gateway.loops.length === 0 ? <Typography.Text type="secondary">{t('lighting.noLoops')}</Typography.Text> : null}
      <Flex vertical gap={6}>
        {gateway.loops.map((loop) => (
          <LoopPlan key={loop.loopIndex} gateway={gateway} loop={loop} axis={axis} sun={sun} />
        ))}
      </Flex>
    </section>
  );
}

function LoopPlan({ gateway, loop, axis, sun }: { gateway: PlanGateway; loop: PlanLoop; axis: PlanAxis; sun: SunMarks }) {
  const { t } = useTranslation();
  const loopName = loop.loopName || t('lighting.loopN', { index: loop.loopIndex });
  return (
    <Flex gap={12} align="center">
      <div style={{ width: LABEL_WIDTH, flex: 'none', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={loopName}>
        {loop.loopName ? <AsEntered text={loop.loopName} /> : loopName}
      </div>
      <div role="group" aria-label={t('lighting.plan.timelineOf', { gateway: gateway.gatewayName, loop: loopName })}
        style={{ position: 'relative', flex: 1, height: TRACK_HEIGHT, background: IDLE_COLOUR, borderRadius: 2 }}>
        {loop.segments.map((segment, index) => (
          <Segment key={index} segment={segment} axis={axis} />
        ))}
        {sun.sunset !== undefined ? <SunLine at={sun.sunset} colour={SUNSET_COLOUR} /> : null}
        {sun.sunrise !== undefined ? <SunLine at={sun.sunrise} colour={SUNRISE_COLOUR} /> : null}
      </div>
      <Actual actual={loop.actual} />
    </Flex>
  );
}

function Segment({ segment, axis }: { segment: PlanSegment; axis: PlanAxis }) {
  const { t } = useTranslation();
  // placed by its instants: its wall texts (the label) can happen twice on the autumn change
  const left = axis.at(segment.fromMs);
  const right = axis.at(segment.toMs);
  if (!Number.isFinite(left) || !Number.isFinite(right) || right <= left) return null;
  const text = segmentText(t, segment);
  return (
    <Tooltip title={text}>
      <div role="img" aria-label={text} tabIndex={0} data-cause={segment.cause}
        style={{ position: 'absolute', top: 0, bottom: 0, left: `${left}%`, width: `${right - left}%`, boxShadow: 'inset -1px 0 0 #fff', ...segmentStyle(segment) }} />
    </Tooltip>
  );
}

function SunLine({ at, colour }: { at: number; colour: string }) {
  return <span aria-hidden style={{ position: 'absolute', top: -3, bottom: -3, left: `${at}%`, borderLeft: `2px dashed ${colour}`, pointerEvents: 'none' }} />;
}

/** The loop's latest reading, and when it was taken. */
function Actual({ actual }: { actual: LoopActual | null }) {
  const { t } = useTranslation();
  const known = actual !== null && (actual.switchState === '0' || actual.switchState === '1');
  return (
    <Flex vertical style={{ width: ACTUAL_WIDTH, flex: 'none', lineHeight: 1.3 }}>
      <Typography.Text>
        {t('lighting.plan.actual')}: {known ? lightText(t, actual.switchState, actual.brightness) : t('lighting.plan.noReading')}
      </Typography.Text>
      {known && actual.sampleTime ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {actual.sampleTime}
        </Typography.Text>
      ) : null}
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

function Legend() {
  const { t } = useTranslation();
  return (
    <Flex gap={16} wrap role="list" aria-label={t('lighting.plan.legend')}>
      {[
        { key: 'off', style: { background: OFF_COLOUR }, label: t('lighting.plan.legendOff') },
        { key: 'idle', style: { background: IDLE_COLOUR, border: `1px solid ${OFF_COLOUR}` }, label: t('lighting.plan.legendIdle') },
        { key: 'dim', style: { background: onColour(30) }, label: t('lighting.plan.legendDim') },
        { key: 'full', style: { background: onColour(100) }, label: t('lighting.plan.legendFull') },
        { key: 'override', style: { background: onColour(100), backgroundImage: STRIPES }, label: t('lighting.plan.legendOverride') },
        { key: 'burn', style: { background: onColour(100), outline: `2px dashed ${SUNSET_COLOUR}`, outlineOffset: -2 }, label: t('lighting.plan.legendBurn') },
        { key: 'sunset', style: { borderLeft: `2px dashed ${SUNSET_COLOUR}`, width: 2 }, label: t('lighting.plan.sunsetMark') },
        { key: 'sunrise', style: { borderLeft: `2px dashed ${SUNRISE_COLOUR}`, width: 2 }, label: t('lighting.plan.sunriseMark') },
      ].map(({ key, style, label }) => (
        <div role="listitem" key={key}>
          <Swatch style={style} label={label} />
        </div>
      ))}
    </Flex>
  );
}
