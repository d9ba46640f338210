import { Layout } from 'antd';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import {
  selectContentVersion,
  selectDevice,
  selectSidebarOpened,
  selectSidebarWithoutAnimation,
  sidebarClosed,
} from '../app/uiSlice';
import LoadingMask from '../components/LoadingMask';
import { selectRouteEntries } from '../features/menu/routesSlice';
import { useSettings } from '../lib/settings';
import { resolveRouteMeta } from '../routes/menu';
import { isRedirectPath, staticRouteMeta } from '../routes/staticRoutes';
import KeepAlive from './KeepAlive';
import Sidebar from './Sidebar';
import SidebarLogo from './SidebarLogo';
import TagsView from './TagsView';
import { selectCachedViews } from './tagsViewSlice';
import TopBar from './TopBar';
import { useResponsiveLayout } from './useResponsiveLayout';
import { useSessionKeeper } from './useSessionKeeper';
import { useTagsTracking } from './useTagsTracking';

/** Sidebar width in pixels (spec section 9). */
export const SIDEBAR_WIDTH = 200;
const COLLAPSED_WIDTH = 54;

/** The main layout ('Layout' in server routes): sidebar, top bar, tags view and the page. */
export default function MainLayout() {
  useSessionKeeper();
  useResponsiveLayout();
  const settings = useSettings();
  useTagsTracking(settings.tagsView);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const opened = useAppSelector(selectSidebarOpened);
  const withoutAnimation = useAppSelector(selectSidebarWithoutAnimation);
  const mobile = useAppSelector(selectDevice) === 'mobile';
  const contentVersion = useAppSelector(selectContentVersion);
  const cached = useAppSelector(selectCachedViews);
  const entries = useAppSelector(selectRouteEntries);
  const cacheable =
    settings.tagsView &&
    !isRedirectPath(pathname) &&
    !resolveRouteMeta(entries, pathname, staticRouteMeta)?.noCache;

  return (
    <Layout hasSider style={{ minHeight: '100vh' }} data-device={mobile ? 'mobile' : 'desktop'}>
      {mobile && opened ? (
        <div
          aria-hidden
          onClick={() => dispatch(sidebarClosed({ withoutAnimation: false }))}
          style={{ position: 'fixed', inset: 0, background: '#000', opacity: 0.3, zIndex: 999 }}
        />
      ) : null}
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsedWidth={mobile ? 0 : COLLAPSED_WIDTH}
        collapsed={!opened}
        trigger={null}
        data-sidebar-opened={opened}
        style={{
          overflow: 'auto',
          height: '100vh',
          position: mobile ? 'fixed' : 'sticky',
          top: 0,
          left: 0,
          zIndex: mobile ? 1001 : 10,
          transition: withoutAnimation ? 'none' : undefined,
        }}
      >
        {settings.sidebarLogo ? <SidebarLogo collapsed={!opened} /> : null}
        <Sidebar collapsed={!opened} />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <div
          data-fixed-header={settings.fixedHeader}
          style={settings.fixedHeader ? { position: 'sticky', top: 0, zIndex: 9 } : undefined}
        >
          <TopBar />
          {settings.tagsView ? <TagsView /> : null}
        </div>
        <Layout.Content style={{ margin: 16 }}>
          <KeepAlive key={contentVersion} include={settings.tagsView ? cached : []} cacheable={cacheable} />
        </Layout.Content>
      </Layout>
      <LoadingMask />
    </Layout>
  );
}
