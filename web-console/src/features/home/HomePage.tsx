import { Card, theme } from 'antd';
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
  const { token } = theme.useToken();
  // Plain headings and paragraphs in antd's tokens: Typography (with its editing, copying and
  // ellipsis code) is not needed to show text, and the home page is under a size budget.
  const heading = {
    marginTop: 0,
    color: token.colorTextHeading,
    fontSize: token.fontSizeHeading2,
    fontWeight: token.fontWeightStrong,
    lineHeight: token.lineHeightHeading2,
  };
  return (
    <>
      <Card>
        <h2 style={heading}>{t('home.welcome', { name: title })}</h2>
        {user ? <p>{t('home.greeting', { name: user.nickName || user.userName })}</p> : null}
        <p style={{ marginBottom: 0 }}>
          {t('home.currentProject')}: {projectName || t('layout.noProject')}
        </p>
      </Card>
      {projectId ? <HomePanels /> : null}
    </>
  );
}
