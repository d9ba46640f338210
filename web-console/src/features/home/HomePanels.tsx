import { Card, Col, List, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetMainPageQuery, type MainPage } from './api';
import { panelOrder, type Panel } from './panels';
import './i18n';

/**
 * The home page's live panels of the selected project: gateways online and offline, loops on
 * and off, open alarms by level, the latest announcements. Each refreshes from the live
 * stream (alarms and gateway status invalidate the page's figures); a panel the user may not
 * read is not shown.
 */
export default function HomePanels() {
  const { t } = useTranslation();
  const { data } = useGetMainPageQuery();
  if (!data) return null;
  const panels: Record<Panel, ReactNode> = {
    gateway: data.devices ? <DevicesPanel key="gateway" devices={data.devices} /> : null,
    alarm: data.alarms ? <AlarmsPanel key="alarm" alarms={data.alarms} /> : null,
    announcement: (
      <Col key="announcement" xs={24} lg={8}>
        <Card title={t('home.notices')} size="small" role="region" aria-label={t('home.notices')}>
          <List
            size="small"
            dataSource={data.notices}
            locale={{ emptyText: t('home.noNotices') }}
            renderItem={(notice) => (
              <List.Item>
                <List.Item.Meta title={notice.noticeTitle} description={<Typography.Text type="secondary">{notice.publishTime}</Typography.Text>} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
    ),
  };
  return <Row gutter={[16, 16]} style={{ marginTop: 16 }}>{panelOrder(data.project?.modules).map((panel) => panels[panel])}</Row>;
}

function DevicesPanel({ devices }: { devices: NonNullable<MainPage['devices']> }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} lg={8}>
      <Card title={t('home.devices')} size="small" role="region" aria-label={t('home.devices')}>
        <Row gutter={8}>
          <Col span={12}><Statistic title={t('home.gatewaysOnline')} value={devices.gatewayOnline} suffix={`/ ${devices.gatewayTotal}`} /></Col>
          <Col span={12}><Statistic title={t('home.gatewaysOffline')} value={devices.gatewayOffline} /></Col>
          <Col span={12}><Statistic title={t('home.loopsOn')} value={devices.loopOn} suffix={`/ ${devices.loopTotal}`} /></Col>
          <Col span={12}><Statistic title={t('home.loopsOff')} value={devices.loopOff} /></Col>
        </Row>
      </Card>
    </Col>
  );
}

function AlarmsPanel({ alarms }: { alarms: NonNullable<MainPage['alarms']> }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} lg={8}>
      <Card title={t('home.alarms')} size="small" role="region" aria-label={t('home.alarms')}>
        <Row gutter={8}>
          <Col span={24}><Statistic title={t('home.openAlarms')} value={alarms.open} /></Col>
          <Col span={8}><Statistic title={t('home.serious')} value={alarms.serious} valueStyle={{ color: '#f5222d' }} /></Col>
          <Col span={8}><Statistic title={t('home.main')} value={alarms.main} valueStyle={{ color: '#fa8c16' }} /></Col>
          <Col span={8}><Statistic title={t('home.secondary')} value={alarms.secondary} /></Col>
        </Row>
      </Card>
    </Col>
  );
}
