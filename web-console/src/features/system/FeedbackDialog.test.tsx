import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { fill } from '../../test/fill';
import { renderApp } from '../../test/renderWithProviders';
import { signInWithProject } from '../../test/session';
import { advices, menuAdviceBackend, ok } from './fixtures';

/** A user who may look at the gateways only: feedback needs no permission. */
const GUEST_INFO = ok({
  user: { userId: 5, userName: 'guest', nickName: '访客', avatar: '' },
  roles: ['ROLE_DEFAULT'],
  permissions: ['pc:lighting:gateway:list'],
  defultMenu: '',
});

/**
 * The open dialog titled `title`. antd names every dialog by the same id in tests (rc-util's
 * useId answers 'test-id' under NODE_ENV test), so a dialog opened over another is found by
 * its title, not by its accessible name.
 */
const dialogTitled = (title: string) => screen.queryAllByRole('dialog').find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title);
const findDialog = (title: string) =>
  waitFor(() => {
    const dialog = dialogTitled(title);
    if (!dialog) throw new Error(`no dialog ${title}`);
    return dialog;
  });

describe("a user's feedback", () => {
  it('is sent from the user menu, checked first, and listed with the replies', async () => {
    signInWithProject();
    let mine = advices.slice(1);
    const { callsTo } = menuAdviceBackend({
      'GET /getInfo': GUEST_INFO,
      'GET /system/advice/my': () => ok({ rows: mine, total: mine.length }),
      'POST /system/advice': (request) => {
        const body = request.body as { title: string; content: string };
        mine = [{ ...body, adviceId: 3, userName: 'guest', status: '0', reply: '', repliedBy: '', repliedTime: null, createTime: '2026-04-07 08:00:00' }, ...mine];
        return ok();
      },
    });
    const { user } = renderApp({ route: '/index' });
    await user.click(await screen.findByRole('button', { name: '用户菜单' }));
    await user.click(await screen.findByRole('menuitem', { name: '意见反馈' }));
    const dialog = await screen.findByRole('dialog', { name: '意见反馈' });
    expect(dialog.closest('.ant-modal')).toHaveStyle({ width: '50%' });

    // their own feedback (GET /system/advice/my), with the reply and status
    const list = within(dialog).getByRole('region', { name: '我的反馈' });
    const replied = (await within(list).findByText('希望增加夜间模式')).closest('tr') as HTMLElement;
    expect(await within(replied).findByText('已回复')).toBeInTheDocument();
    expect(await within(replied).findByText('已列入下个版本计划')).toBeInTheDocument();
    expect(within(list).queryByRole('columnheader', { name: '反馈账号' })).not.toBeInTheDocument();
    expect(callsTo('GET /system/advice/list')).toHaveLength(0);

    // a row opens it whole, from what the list answered
    await user.click(within(replied).getByText('希望增加夜间模式'));
    const detail = await findDialog('意见反馈详情');
    expect(within(detail).getByText('晚上看大屏太亮。')).toBeInTheDocument();
    expect(within(detail).getByText('已列入下个版本计划')).toBeInTheDocument();
    expect(within(detail).getByText('2026-04-06 10:00:00')).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(dialogTitled('意见反馈详情')).toBeUndefined());
    expect(callsTo('GET /system/advice/2')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: '提交反馈' }));
    const form = await findDialog('提交意见反馈');
    expect(form.closest('.ant-modal')).toHaveStyle({ width: '500px' });
    await user.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => {
      expect(within(form).getByText('标题为 1 到 100 个字符')).toBeInTheDocument();
      expect(within(form).getByText('反馈内容为 1 到 2000 个字符')).toBeInTheDocument();
    });
    // lengths as the server counts them: characters
    await user.click(within(form).getByLabelText('标题'));
    await user.paste('灯'.repeat(101));
    await fill(user, within(form).getByLabelText('反馈内容'), '三号桥东侧灯不亮');
    await user.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(within(form).queryByText('反馈内容为 1 到 2000 个字符')).not.toBeInTheDocument());
    expect(within(form).getByText('标题为 1 到 100 个字符')).toBeInTheDocument();
    expect(callsTo('POST /system/advice')).toHaveLength(0);

    await fill(user, within(form).getByLabelText('标题'), ' 三号桥灯不亮 ');
    await user.click(within(form).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('提交成功')).toBeInTheDocument();
    expect(callsTo('POST /system/advice')[0]?.body).toEqual({ title: '三号桥灯不亮', content: '三号桥东侧灯不亮' });
    await waitFor(() => expect(dialogTitled('提交意见反馈')).toBeUndefined());
    // the list shows the new one, pending
    const sent = (await within(list).findByText('三号桥灯不亮')).closest('tr') as HTMLElement;
    expect(await within(sent).findByText('待处理')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(dialogTitled('意见反馈')).toBeUndefined());
  });

  it('speaks English, and the user menu leads to the personal center too', async () => {
    signInWithProject();
    await changeLanguage('en');
    menuAdviceBackend({ 'GET /getInfo': GUEST_INFO });
    const { user, router } = renderApp({ route: '/index' });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    const row = (await within(dialog).findByText('希望增加夜间模式')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('Replied')).toBeInTheDocument();
    for (const name of ['Title', 'Status', 'Reply', 'Replied', 'Sent']) {
      expect(within(dialog).getByRole('columnheader', { name })).toBeInTheDocument();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    const form = await findDialog('Send feedback');
    await user.click(within(form).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(form).getByText('Title: 1 to 100 characters')).toBeInTheDocument());
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog.querySelector('.ant-modal-footer') as HTMLElement).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Personal center' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
  });
});
