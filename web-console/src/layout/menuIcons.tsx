import type { ReactNode } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BookOutlined,
  BulbOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DesktopOutlined,
  FileTextOutlined,
  HomeOutlined,
  LinkOutlined,
  PictureOutlined,
  ProjectOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

/** Server icon names (antd-ish, and every one the seed gives a directory) to @ant-design/icons; anything else gets the fallback. */
const ICONS: Readonly<Record<string, ReactNode>> = {
  system: <SettingOutlined aria-hidden />,
  setting: <SettingOutlined aria-hidden />,
  user: <UserOutlined aria-hidden />,
  peoples: <TeamOutlined aria-hidden />,
  team: <TeamOutlined aria-hidden />,
  bulb: <BulbOutlined aria-hidden />,
  alert: <AlertOutlined aria-hidden />,
  tool: <ToolOutlined aria-hidden />,
  home: <HomeOutlined aria-hidden />,
  project: <ProjectOutlined aria-hidden />,
  dashboard: <DashboardOutlined aria-hidden />,
  monitor: <DesktopOutlined aria-hidden />,
  tree: <ApartmentOutlined aria-hidden />,
  apartment: <ApartmentOutlined aria-hidden />,
  cluster: <ClusterOutlined aria-hidden />,
  picture: <PictureOutlined aria-hidden />,
  dict: <BookOutlined aria-hidden />,
  log: <FileTextOutlined aria-hidden />,
  safety: <SafetyOutlined aria-hidden />,
  link: <LinkOutlined aria-hidden />,
};

export const FALLBACK_ICON: ReactNode = <AppstoreOutlined aria-hidden />;

/** Every icon name the sidebar draws as its own icon (the menu screen's icon picker offers exactly these). */
export const MENU_ICON_NAMES: readonly string[] = Object.keys(ICONS);

export function menuIcon(name: string | null | undefined): ReactNode {
  if (!name || name === '#') return FALLBACK_ICON;
  return Object.hasOwn(ICONS, name) ? ICONS[name] : FALLBACK_ICON;
}
