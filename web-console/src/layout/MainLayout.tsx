import { Suspense } from 'react';
import { Layout, Typography } from 'antd';
import { BulbFilled } from '@ant-design/icons';
import { Outlet } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { useAppTitle } from '../app/title';
import { selectContentVersion, selectSidebarOpened } from '../app/uiSlice';
import PageLoading from '../components/PageLoading';
import Sidebar from './Sidebar';
import TopBar from './TopBar';
import { useSessionKeeper } from './useSessionKeeper';

/** Sidebar width in pixels (spec section 9). */
export const SIDEBAR_WIDTH = 200;
const COLLAPSED_WIDTH = 64;

/** The main layout ('Layout' in server routes): sidebar, top bar and the page. */
export default function MainLayout() {
  useSessionKeeper();
  const title = useAppTitle();
  const sidebarOpened = useAppSelector(selectSidebarOpened);
  const contentVersion = useAppSelector(selectContentVersion);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={SIDEBAR_WIDTH}
        collapsedWidth={COLLAPSED_WIDTH}
        collapsed={!sidebarOpened}
        trigger={null}
        style={{ overflow: 'auto' }}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            padding: '0 20px',
            color: '#fff',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          }}
        >
          <BulbFilled style={{ fontSize: 20, color: '#409EFF' }} aria-hidden />
          {sidebarOpened ? (
            <Typography.Text strong ellipsis style={{ color: '#fff' }} title={title}>
              {title}
            </Typography.Text>
          ) : null}
        </div>
        <Sidebar collapsed={!sidebarOpened} />
      </Layout.Sider>
      <Layout>
        <TopBar />
        <Layout.Content style={{ margin: 16 }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet key={contentVersion} />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
