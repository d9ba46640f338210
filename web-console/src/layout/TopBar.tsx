import { Suspense, lazy, useState } from 'react';
import { Avatar, Button, Dropdown, Flex, Layout } from 'antd';
import { DownOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/api';
import { confirmDialog } from '../app/feedback';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { contentReloaded, selectSidebarOpened, sidebarToggled } from '../app/uiSlice';
import LanguageToggle from '../components/LanguageToggle';
import { selectUser } from '../features/auth/authSlice';
import { logout } from '../features/auth/session';
import { fileUrl, useFilesBase } from '../lib/files';
import { HOME_PATH } from '../routes/menu';
import { PROFILE_PATH } from '../routes/staticRoutes';
import AlarmBell from './AlarmBell';
import AppBreadcrumb from './AppBreadcrumb';
import FullscreenButton from './FullscreenButton';
import HeaderSearch from './HeaderSearch';
import MenuModuleSwitch from './MenuModuleSwitch';
import ProjectSwitch from './ProjectSwitch';
import SizeSelect from './SizeSelect';

const SettingsDrawer = lazy(() => import('./SettingsDrawer'));
/** The session's live connection (alarms, gateway status): a chunk of its own. */
const LiveStream = lazy(() => import('../features/live/LiveStream'));
/** Every signed-in user's feedback (the user menu's "Feedback"): a chunk of its own, loaded at the first opening. */
const FeedbackDialog = lazy(() => import('../features/system/FeedbackDialog'));

/**
 * The top bar (spec section 2): sidebar toggle and breadcrumb; menu-module switcher, header
 * search, fullscreen, size, project switch, avatar with nickname (a link to the personal
 * center) and the user menu beside it (personal center, feedback), language, logout, settings.
 */
export default function TopBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const sidebarOpened = useAppSelector(selectSidebarOpened);
  const user = useAppSelector(selectUser);
  const filesBase = useFilesBase();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  const onLanguageChanged = () => {
    // Server texts (dictionaries, project data, alarm contents) come in the request's
    // language: fetch again.
    dispatch(api.util.invalidateTags(['Dict', 'Project', 'Alarm']));
    dispatch(contentReloaded());
  };

  const confirmLogout = () => {
    confirmDialog({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      type: 'warning',
      onOk: async () => {
        await dispatch(logout());
        await navigate(HOME_PATH);
      },
    });
  };

  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 8px',
        height: 50,
        lineHeight: '50px',
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
      }}
    >
      <Flex align="center" gap={8} style={{ height: '100%' }}>
        <Button
          type="text"
          icon={sidebarOpened ? <MenuFoldOutlined aria-hidden /> : <MenuUnfoldOutlined aria-hidden />}
          aria-label={sidebarOpened ? t('layout.collapseSidebar') : t('layout.expandSidebar')}
          aria-expanded={sidebarOpened}
          onClick={() => dispatch(sidebarToggled())}
        />
        <AppBreadcrumb />
        <Flex align="center" gap={4} style={{ marginLeft: 'auto' }}>
          <MenuModuleSwitch />
          <HeaderSearch />
          <FullscreenButton />
          <SizeSelect />
          <ProjectSwitch />
          <AlarmBell />
          <Link to={PROFILE_PATH} title={t('layout.profile')} style={{ padding: '0 8px' }}>
            <Flex align="center" gap={8}>
              <Avatar size="small" src={filesBase === undefined ? undefined : fileUrl(filesBase, user?.avatar)} icon={<UserOutlined aria-hidden />} alt="" />
              <span>{user?.nickName || user?.userName}</span>
            </Flex>
          </Link>
          <Dropdown
            trigger={['click']}
            placement="bottomRight"
            menu={{
              items: [
                { key: 'profile', label: t('layout.profile') },
                { key: 'feedback', label: t('layout.feedback') },
              ],
              onClick: ({ key }) => {
                if (key === 'profile') void navigate(PROFILE_PATH);
                else setFeedbackOpen(true);
              },
            }}
          >
            <Button type="text" size="small" icon={<DownOutlined aria-hidden />} aria-label={t('layout.userMenu')} title={t('layout.userMenu')} />
          </Dropdown>
          <LanguageToggle onChanged={onLanguageChanged} />
          <Button type="text" icon={<LogoutOutlined aria-hidden />} onClick={confirmLogout}>
            {t('layout.logout')}
          </Button>
          <Button
            type="text"
            aria-label={t('settings.title')}
            title={t('settings.title')}
            icon={<SettingOutlined aria-hidden />}
            onClick={() => {
              setSettingsLoaded(true);
              setSettingsOpen(true);
            }}
          />
        </Flex>
      </Flex>
      <Suspense fallback={null}>
        <LiveStream />
      </Suspense>
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
      {settingsLoaded ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </Layout.Header>
  );
}
