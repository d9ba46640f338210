import type { ServerRoute } from '../../../routes/types';
import { serverRoutes } from '../../../test/backend';

/** A successful envelope with `body`'s fields. */
export const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const meta = (title: string, titleEn: string) => ({ title, titleEn, icon: '#' });

/** The server's route tree with the project directory holding one page (tests only). */
export function projectRoutes(path: string, component: string, title: string, titleEn: string): ServerRoute[] {
  return [
    {
      path: '/project',
      component: 'Layout',
      redirect: 'noRedirect',
      alwaysShow: true,
      menuModule: '1',
      meta: meta('项目管理', 'Projects'),
      children: [{ path, component, meta: meta(title, titleEn) }],
    },
    ...serverRoutes,
  ];
}
