import { lazy } from 'react';
import type { RoutePage } from './pageProps';
import { GATEWAY_DETAIL_COMPONENT, ROLE_AUTH_USER_COMPONENT } from './subPages';
import { LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT } from './types';

/** Shown for every server component the console does not have yet. */
export const NotAvailablePage: RoutePage = lazy(() => import('../features/notAvailable/NotAvailablePage'));

/** A page of the registry, and whether it shows the data of the selected project. */
interface RegisteredPage {
  page: RoutePage;
  /**
   * The page asks for the project's data: without a project the shell shows the prompt to
   * choose one instead (components/ProjectRequired.tsx), and the page fires no request.
   */
  inProject: boolean;
}

/** A page whose data belong to the selected project: every business module's. */
const inProject = (page: RoutePage): RegisteredPage => ({ page, inProject: true });
/** A page that needs no project. */
const outsideProjects = (page: RoutePage): RegisteredPage => ({ page, inProject: false });

/**
 * Server component name -> page. Business modules are added here as they are built; any
 * other name shows the "not available yet" page, never a blank screen. 'Layout' is the
 * main layout and 'ParentView' a nested outlet: both are parents, resolved by the router.
 */
const pages: Readonly<Record<string, RegisteredPage>> = {
  index: outsideProjects(lazy(() => import('../features/home/HomePage'))),
  'lighting/gateway/index': inProject(lazy(() => import('../features/lighting/gateway/GatewayPage'))),
  [GATEWAY_DETAIL_COMPONENT]: inProject(lazy(() => import('../features/lighting/detail/GatewayDetailPage'))),
  'lighting/gateway/control': inProject(lazy(() => import('../features/lighting/control/ControlPage'))),
  'lighting/gateway/version': inProject(lazy(() => import('../features/lighting/version/VersionPage'))),
  'lighting/gateway/upgrade': inProject(lazy(() => import('../features/lighting/upgrade/UpgradePage'))),
  'lighting/oneKey/index': inProject(lazy(() => import('../features/lighting/oneKey/OneKeyPage'))),
  'lighting/scene/index': inProject(lazy(() => import('../features/lighting/scene/ScenePage'))),
  'lighting/combinedScene/index': inProject(lazy(() => import('../features/lighting/combinedScene/CombinedScenePage'))),
  'lighting/task/index': inProject(lazy(() => import('../features/lighting/task/TaskPage'))),
  'lighting/energy/index': inProject(lazy(() => import('../features/lighting/energy/EnergyPage'))),
  'landscape/timingOneKey/index': inProject(lazy(() => import('../features/landscape/timingOneKey/TimingOneKeyPage'))),
  'device/map/index': inProject(lazy(() => import('../features/device/map/MapPage'))),
  'device/category/index': inProject(lazy(() => import('../features/device/category/CategoryPage'))),
  'device/type/index': inProject(lazy(() => import('../features/device/type/TypePage'))),
  'device/device/index': inProject(lazy(() => import('../features/device/device/DevicePage'))),
  'device/group/index': inProject(lazy(() => import('../features/device/group/GroupPage'))),
  'device/chart/index': inProject(lazy(() => import('../features/device/chart/ChartPage'))),
  'device/command/index': inProject(lazy(() => import('../features/device/command/CommandPage'))),
  'device/communication/index': inProject(lazy(() => import('../features/device/communication/CommunicationPage'))),
  'project/address/index': inProject(lazy(() => import('../features/project/address/AddressPage'))),
  'project/info/index': outsideProjects(lazy(() => import('../features/project/info/ProjectInfoPage'))),
  'project/notice/index': inProject(lazy(() => import('../features/project/notice/NoticePage'))),
  'project/file/index': inProject(lazy(() => import('../features/project/file/FilePage'))),
  'project/area/index': inProject(lazy(() => import('../features/project/area/AreaPage'))),
  'alarm/type/index': inProject(lazy(() => import('../features/alarm/type/AlarmTypePage'))),
  'alarm/realtime/index': inProject(lazy(() => import('../features/alarm/realtime/RealtimeAlarmPage'))),
  'alarm/history/index': inProject(lazy(() => import('../features/alarm/history/HistoryAlarmPage'))),
  'operation/workOrder/index': inProject(lazy(() => import('../features/operation/workOrder/WorkOrderPage'))),
  'operation/inspection/index': inProject(lazy(() => import('../features/operation/inspection/InspectionPage'))),
  'operation/maintenance/index': inProject(lazy(() => import('../features/operation/maintenance/MaintenancePage'))),
  'operation/asset/index': inProject(lazy(() => import('../features/asset/AssetPage'))),
  'system/dept/index': outsideProjects(lazy(() => import('../features/system/dept/DeptPage'))),
  'system/user/index': outsideProjects(lazy(() => import('../features/system/user/UserPage'))),
  'system/role/index': outsideProjects(lazy(() => import('../features/system/role/RolePage'))),
  // a role's user assignment (below the role page) and backup
  [ROLE_AUTH_USER_COMPONENT]: outsideProjects(lazy(() => import('../features/system/role/authUser/AuthUserPage'))),
  'system/backup/index': outsideProjects(lazy(() => import('../features/system/backup/BackupPage'))),
  // parameters and dictionaries
  'system/config/index': outsideProjects(lazy(() => import('../features/system/config/ConfigPage'))),
  'system/dict/index': outsideProjects(lazy(() => import('../features/system/dict/DictPage'))),
  // menus and advice
  'system/menu/index': outsideProjects(lazy(() => import('../features/system/menu/MenuPage'))),
  'system/advice/index': outsideProjects(lazy(() => import('../features/system/advice/AdvicePage'))),
  // monitoring: scheduled jobs and their log (a hidden menu entry), the login and operation logs
  'monitor/job/index': outsideProjects(lazy(() => import('../features/monitor/job/JobPage'))),
  'monitor/job/log': outsideProjects(lazy(() => import('../features/monitor/jobLog/JobLogPage'))),
  'monitor/logininfor/index': outsideProjects(lazy(() => import('../features/monitor/logininfor/LoginLogPage'))),
  'monitor/operlog/index': outsideProjects(lazy(() => import('../features/monitor/operlog/OperLogPage'))),
};

export const CONTAINER_COMPONENTS: readonly string[] = [LAYOUT_COMPONENT, PARENT_VIEW_COMPONENT];

function registered(component: string | undefined): RegisteredPage | undefined {
  return component !== undefined && Object.hasOwn(pages, component) ? pages[component] : undefined;
}

export function hasPage(component: string | undefined): boolean {
  return registered(component) !== undefined;
}

export function pageFor(component: string | undefined): RoutePage {
  return registered(component)?.page ?? NotAvailablePage;
}

/** Whether the page of a server component shows the selected project's data. */
export function needsProject(component: string | undefined): boolean {
  return registered(component)?.inProject ?? false;
}
