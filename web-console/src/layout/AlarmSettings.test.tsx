import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { getSettings } from '../lib/settings';
import { consoleBackend } from '../test/backend';
import { renderApp } from '../test/renderWithProviders';

function fakeNotification(answer: NotificationPermission) {
  const requestPermission = vi.fn(() => {
    Notification.permission = answer;
    return Promise.resolve(answer);
  });
  const Notification = Object.assign(vi.fn(), { permission: 'default', requestPermission });
  vi.stubGlobal('Notification', Notification);
  return requestPermission;
}

describe('the alarm settings', () => {
  it('switch the alarm sound, and the desktop notification once the browser allows it; both are stored', async () => {
    Cookies.set('Admin-Token', 'jwt-1');
    consoleBackend();
    const requestPermission = fakeNotification('denied');
    const { user } = renderApp({ route: '/index' });
    await user.click(await screen.findByRole('button', { name: '布局设置' }));
    const sound = await screen.findByRole('switch', { name: '告警声音' });
    const desktop = screen.getByRole('switch', { name: '桌面通知' });
    expect(sound).not.toBeChecked();
    await user.click(sound);
    expect(sound).toBeChecked();
    expect(JSON.parse(window.localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({ alarmSound: true });

    // refused by the browser: stays off, and says why
    await user.click(desktop);
    expect(await screen.findByText('浏览器未允许桌面通知')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(desktop).not.toBeChecked();

    fakeNotification('granted');
    await user.click(desktop);
    await waitFor(() => expect(desktop).toBeChecked());
    expect(getSettings().alarmNotification).toBe(true);
    expect(JSON.parse(window.localStorage.getItem('layout-setting') ?? '{}')).toMatchObject({ alarmNotification: true });
  });
});
