import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useProductName } from '../../app/title';
import { selectProjectId, selectProjectName, selectUser } from '../auth/authSlice';
import HomePanels from './HomePanels';
import './i18n';

/** Home (/index): a welcome, and inside a project its live panels. */
export default function HomePage() {
  const { t } = useTranslation();
  const title = useProductName();
  const user = useAppSelector(selectUser);
  const projectName = useAppSelector(selectProjectName);
  const projectId = useAppSelector(selectProjectId);
  return (
    <>
      <Card>
        <Typography.Title level={2}>{t('home.welcome', { name: title })}</Typography.Title>
        {user ? <Typography.Paragraph>{t('home.greeting', { name: user.nickName || user.userName })}</Typography.Paragraph> : null}
        <Typography.Paragraph>
          {t('home.currentProject')}: {projectName || t('layout.noProject')}
        </Typography.Paragraph>
      </Card>
      {projectId ? <HomePanels /> : null}
    </>
  );
}
