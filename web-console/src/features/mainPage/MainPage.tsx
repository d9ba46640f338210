import { Button, Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { DATA_SCREEN_PATH } from '../../routes/staticRoutes';
import { selectProjectName } from '../auth/authSlice';
import './i18n';

/** /mainPage (spec section 2: "shown"): the current project at a glance; details come later. */
export default function MainPage() {
  const { t } = useTranslation();
  const projectName = useAppSelector(selectProjectName);
  return (
    <Card>
      <Typography.Title level={3}>{t('mainPage.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('mainPage.placeholder')}</Typography.Paragraph>
      <Descriptions
        column={1}
        items={[{ key: 'project', label: t('mainPage.currentProject'), children: projectName || t('layout.noProject') }]}
      />
      <Link to={DATA_SCREEN_PATH}>
        <Button type="primary">{t('mainPage.openDataScreen')}</Button>
      </Link>
    </Card>
  );
}
