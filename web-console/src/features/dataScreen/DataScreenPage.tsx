import { Button, Col, Row } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { HOME_PATH } from '../../routes/paths';
import { selectProjectName } from '../auth/authSlice';
import './i18n';

const PANELS = ['devices', 'alarms', 'energy', 'scenes', 'workOrders', 'inspection'] as const;

const panelStyle = {
  height: 180,
  border: '1px solid rgba(64, 158, 255, 0.45)',
  borderRadius: 6,
  background: 'rgba(16, 42, 84, 0.6)',
  padding: 16,
  color: '#9cc7ff',
} as const;

/**
 * The data big screen (/dataScreen, full screen, needs a project). For now a dark frame with
 * the project name and labelled placeholder panels; the charts come with their own issue.
 */
export default function DataScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectName = useAppSelector(selectProjectName);
  return (
    <main
      style={{
        minHeight: '100vh',
        background: 'radial-gradient(circle at top, #0d2a55 0%, #050c1c 70%)',
        color: '#e6f1ff',
        padding: '16px 24px',
        boxSizing: 'border-box',
      }}
    >
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
        <Button ghost icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(HOME_PATH)}>
          {t('dataScreen.back')}
        </Button>
        <h1 style={{ flex: 1, textAlign: 'center', margin: 0, fontSize: 28, letterSpacing: 4 }}>{projectName}</h1>
        <span style={{ color: '#ffd666' }}>{t('dataScreen.placeholderBadge')}</span>
      </header>
      <p style={{ textAlign: 'center', color: '#9cc7ff' }}>{t('dataScreen.placeholder')}</p>
      <Row gutter={[16, 16]}>
        {PANELS.map((panel) => (
          <Col key={panel} xs={24} md={12} xl={8}>
            <section aria-label={t(`dataScreen.panels.${panel}`)} style={panelStyle}>
              <h2 style={{ margin: 0, fontSize: 16, color: '#e6f1ff' }}>{t(`dataScreen.panels.${panel}`)}</h2>
              <p style={{ marginTop: 12 }}>{t('dataScreen.panelPlaceholder')}</p>
            </section>
          </Col>
        ))}
      </Row>
    </main>
  );
}
