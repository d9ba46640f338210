import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServerRoute } from '../../../routes/types';
import { consoleBackend, serverRoutes } from '../../../test/backend';
import { renderApp } from '../../../test/renderWithProviders';
import { signInWithProject } from '../../../test/session';
import type { Notice } from '../types';

const ok = (body: Record<string, unknown> = {}) => ({ body: { code: 200, msg: '操作成功', ...body } });

const notice = (noticeId: number, noticeTitle: string, published: string, status = '0'): Notice => ({
  noticeId,
  noticeTitle,
  noticeType: '2',
  noticeContent: '<b>节日</b>场景每晚19:00启动',
  noticeImage: '',
  status,
  published,
  publishTime: published === '1' ? '2026-11-20 09:00:00' : null,
  remark: '',
  createBy: 'admin',
  createTime: '2026-11-19 09:00:00',
});

const routes: ServerRoute[] = [
  {
    path: '/project',
    component: 'Layout',
    redirect: 'noRedirect',
    alwaysShow: true,
    menuModule: '1',
    meta: { title: '项目管理', titleEn: 'Projects', icon: '#' },
    children: [{ path: 'notice', component: 'project/notice/index', meta: { title: '公告管理', titleEn: 'Announcements', icon: '#' } }],
  },
  ...serverRoutes,
];

describe('the announcement page', () => {
  it('lists the project announcements as text, adds one after checking its title, and publishes a draft', async () => {
    signInWithProject();
    const { callsTo } = consoleBackend({
      'GET /system/menu/getRouters': ok({ data: routes }),
      'GET /system/notice/list': ok({ rows: [notice(2, '东区配电柜检修', '0'), notice(1, '春节亮灯安排', '1'), notice(3, '旧通知', '0', '1')], total: 3 }),
      'POST /system/notice': ok({ data: 4 }),
      'PUT /system/notice/publish/2': ok({ data: notice(2, '东区配电柜检修', '1') }),
    });
    const { user } = renderApp({ route: '/project/notice' });
    const draft = (await screen.findByRole('cell', { name: '东区配电柜检修' })).closest('tr') as HTMLElement;
    expect(within(draft).getByText('未发布')).toBeInTheDocument();
    // markup in the content is shown as text, never rendered
    expect(within(draft).getByText('<b>节日</b>场景每晚19:00启动')).toBeInTheDocument();
    const published = screen.getByRole('cell', { name: '春节亮灯安排' }).closest('tr') as HTMLElement;
    expect(within(published).getByText('已发布')).toBeInTheDocument();
    // a closed one offers no publishing
    expect(screen.queryByRole('button', { name: '发布 旧通知' })).not.toBeInTheDocument();
    // in the selected project
    expect(callsTo('GET /system/notice/list').at(-1)?.headers.get('ProjectId')).toBe('1');

    await user.click(screen.getByRole('button', { name: '新增' }));
    const dialog = await screen.findByRole('dialog', { name: '新增公告' });
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('公告标题不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('公告标题'), ' 灯光秀 ');
    await user.type(within(dialog).getByLabelText('公告内容'), '周六彩排');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(callsTo('POST /system/notice')[0]?.body).toEqual({
      noticeTitle: '灯光秀',
      noticeType: '2',
      noticeContent: '周六彩排',
      noticeImage: '',
      status: '0',
      remark: '',
    });

    await user.click(screen.getByRole('button', { name: '发布 东区配电柜检修' }));
    await user.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('PUT /system/notice/publish/2')).toHaveLength(1));
    expect(await screen.findByText('发布成功')).toBeInTheDocument();
  });
});
