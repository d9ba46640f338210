import { Avatar, Button, Flex, Layout, Typography, App } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, ProjectOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../api/api';
import { BASE_API } from '../api/client';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { contentReloaded, selectSidebarOpened, sidebarToggled } from '../app/uiSlice';
import LanguageToggle from '../components/LanguageToggle';
import { selectProjectName, selectUser } from '../features/auth/authSlice';
import { logout } from '../features/auth/session';
import { HOME_PATH, isExternal } from '../routes/menu';

function avatarUrl(avatar: string | undefined): string | undefined {
  if (!avatar) return undefined;
  return isExternal(avatar) ? avatar : BASE_API + avatar;
}

/** Top bar: sidebar toggle, current project, language, the user, logout. */
export default function TopBar() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const sidebarOpened = useAppSelector(selectSidebarOpened);
  const projectName = useAppSelector(selectProjectName);
  const user = useAppSelector(selectUser);

  const onLanguageChanged = () => {
    // Server texts (dictionaries, project data) come in the request's language: fetch again.
    dispatch(api.util.invalidateTags(['Dict', 'Project']));
    dispatch(contentReloaded());
  };

  const confirmLogout = () => {
    modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      type: 'warning',
      maskClosable: false,
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
        padding: '0 16px',
        height: 56,
        lineHeight: '56px',
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
      }}
    >
      <Flex align="center" gap={12} style={{ height: '100%' }}>
        <Button
          type="text"
          icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          aria-label={sidebarOpened ? t('layout.collapseSidebar') : t('layout.expandSidebar')}
          aria-expanded={sidebarOpened}
          onClick={() => dispatch(sidebarToggled())}
        />
        <Flex align="center" gap={6} role="group" aria-label={t('layout.currentProject')}>
          <ProjectOutlined aria-hidden />
          <Typography.Text strong>{projectName || t('layout.noProject')}</Typography.Text>
        </Flex>
        <Flex align="center" gap={8} style={{ marginLeft: 'auto' }}>
          <LanguageToggle onChanged={onLanguageChanged} />
          <Link to="/user/profile" title={t('layout.profile')}>
            <Flex align="center" gap={8}>
              <Avatar size="small" src={avatarUrl(user?.avatar)} icon={<UserOutlined aria-hidden />} alt="" />
              <span>{user?.nickName || user?.userName}</span>
            </Flex>
          </Link>
          <Button type="text" icon={<LogoutOutlined aria-hidden />} onClick={confirmLogout}>
            {t('layout.logout')}
          </Button>
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
