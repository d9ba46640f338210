import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { confirmDialog, getFeedback, loadFeedback, showMessage } from './feedback';

describe('feedback', () => {
  it("mounts antd's message and dialog host on first use, then shows at once", async () => {
    renderWithProviders(<p>page</p>);
    expect(getFeedback()).toBeUndefined();
    act(() => showMessage('error', '后端接口连接异常'));
    expect(await screen.findByText('后端接口连接异常')).toBeInTheDocument();
    expect(getFeedback()).toBeDefined();
    await expect(loadFeedback()).resolves.toBe(getFeedback());

    act(() => confirmDialog({ title: '系统提示', content: '确定注销并退出系统吗？' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('确定注销并退出系统吗？');
  });
});
