import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { MockRequest } from '../../../test/fetchMock';
import { fill } from '../../../test/fill';
import { renderApp } from '../../../test/renderWithProviders';
import { selectOption } from '../../../test/selectOption';
import { signInWithProject } from '../../../test/session';
import { menuAdviceBackend, ok } from '../fixtures';

const lastListQuery = (callsTo: (key: string) => MockRequest[]) => callsTo('GET /system/advice/list').at(-1)?.query;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the advice page', () => {
  it("lists everyone's feedback with its status and reply, and searches it", async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend();
    const { user } = renderApp({ route: '/system/advice' });
    const pending = (await screen.findByText('三号桥灯不亮')).closest('tr') as HTMLElement;
    expect(await within(pending).findByText('operator')).toBeInTheDocument();
    expect(await within(pending).findByText('待处理')).toBeInTheDocument();
    expect(await within(pending).findByText('2026-04-05 09:30:00')).toBeInTheDocument();
    const replied = rowOf('希望增加夜间模式');
    expect(within(replied).getByText('已回复')).toBeInTheDocument();
    expect(within(replied).getByText('已列入下个版本计划')).toBeInTheDocument();
    expect(within(replied).getByText('2026-04-06 10:00:00')).toBeInTheDocument();
    for (const name of ['编号', '标题', '反馈账号', '处理状态', '回复内容', '回复时间', '反馈时间']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    // what users wrote is shown as entered, out of the language walk
    expect(screen.getByText('三号桥灯不亮')).toHaveAttribute('translate', 'no');

    await fill(user, screen.getByLabelText('标题'), '灯');
    await fill(user, screen.getByLabelText('反馈账号'), 'operator');
    await selectOption(user, document.body, '处理状态', '待处理');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(lastListQuery(callsTo)?.get('status')).toBe('0'));
    expect(lastListQuery(callsTo)?.get('title')).toBe('灯');
    expect(lastListQuery(callsTo)?.get('userName')).toBe('operator');
    expect(lastListQuery(callsTo)?.get('pageNum')).toBe('1');
    expect(lastListQuery(callsTo)?.get('pageSize')).toBe('20');
  });

  it('shows a piece of feedback as it is now', async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend();
    const { user } = renderApp({ route: '/system/advice' });
    await user.click(await screen.findByRole('button', { name: '详情 三号桥灯不亮' }));
    const dialog = await screen.findByRole('dialog', { name: '意见反馈详情' });
    await waitFor(() => expect(callsTo('GET /system/advice/1')).toHaveLength(1));
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });
    expect(within(dialog).getByText(/三号桥东侧有两盏灯不亮。/)).toBeInTheDocument();
    expect(within(dialog).getByText('暂无回复')).toBeInTheDocument();
    expect(within(dialog).getByText('待处理')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('replies and sets the status, after checking the reply as the server does', async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend({ 'PUT /system/advice/reply': ok() });
    const { user } = renderApp({ route: '/system/advice' });
    await user.click(await screen.findByRole('button', { name: '回复 三号桥灯不亮' }));
    const dialog = await screen.findByRole('dialog', { name: '回复意见反馈' });
    expect(within(dialog).getByText(/三号桥东侧有两盏灯不亮。/)).toBeInTheDocument();
    // pending feedback is answered as replied unless chosen otherwise
    expect(within(dialog).getByRole('radio', { name: '已回复' })).toBeChecked();

    await fill(user, within(dialog).getByLabelText('回复内容'), '   ');
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText('回复内容为 1 到 2000 个字符')).toBeInTheDocument());
    await user.clear(within(dialog).getByLabelText('回复内容'));
    await user.click(within(dialog).getByLabelText('回复内容'));
    await user.paste('长'.repeat(2001));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(dialog).getByText('回复内容为 1 到 2000 个字符')).toBeInTheDocument());
    expect(callsTo('PUT /system/advice/reply')).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText('回复内容'), ' 已派人维修 ');
    await user.click(within(dialog).getByRole('radio', { name: '已关闭' }));
    await user.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('回复成功')).toBeInTheDocument();
    expect(callsTo('PUT /system/advice/reply')[0]?.body).toEqual({ adviceId: 1, reply: '已派人维修', status: '2' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '回复意见反馈' })).not.toBeInTheDocument());
    // the list is asked again
    await waitFor(() => expect(callsTo('GET /system/advice/list').length).toBeGreaterThan(1));
  });

  it('deletes one after a confirmation, or the selected ones', async () => {
    signInWithProject();
    const { callsTo } = menuAdviceBackend({ 'DELETE /system/advice/1': ok(), 'DELETE /system/advice/1,2': ok() });
    const { user } = renderApp({ route: '/system/advice' });
    await user.click(await screen.findByRole('button', { name: '删除 三号桥灯不亮' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除意见反馈“三号桥灯不亮”吗？');
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /system/advice/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '删除 三号桥灯不亮' }));
    confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
    expect(callsTo('DELETE /system/advice/1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('三号桥灯不亮')).getByRole('checkbox'));
    await user.click(within(rowOf('希望增加夜间模式')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '删除' }));
    confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('确定删除选中的 2 条数据吗？');
    await user.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(callsTo('DELETE /system/advice/1,2')).toHaveLength(1));
  });

  it('offers only the buttons the user may use, and speaks English', async () => {
    signInWithProject();
    await changeLanguage('en');
    menuAdviceBackend({
      'GET /getInfo': ok({
        user: { userId: 3, userName: 'viewer', nickName: '访客', avatar: '' },
        roles: ['ROLE_DEFAULT'],
        permissions: ['pc:system:advice:list', 'pc:system:advice:edit'],
        defultMenu: '',
      }),
    });
    const { user } = renderApp({ route: '/system/advice' });
    await user.click(await screen.findByRole('button', { name: 'Reply to 三号桥灯不亮' }));
    for (const name of ['ID', 'Title', 'Account', 'Status', 'Reply', 'Replied', 'Sent']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(within(rowOf('希望增加夜间模式')).getByText('Replied')).toBeInTheDocument();
    for (const name of ['Delete', 'Delete 三号桥灯不亮', 'Details of 三号桥灯不亮']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    const dialog = await screen.findByRole('dialog', { name: 'Reply to feedback' });
    expect(within(dialog).getByRole('radio', { name: 'Replied' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).getByText('Reply: 1 to 2000 characters')).toBeInTheDocument());
  });
});
