import { describe, expect, it, vi } from 'vitest';
import { setFeedback, type Feedback } from '../app/feedback';
import { ApiError } from './errors';
import { presentError, presentFailure } from './presenter';

function fakeFeedback() {
  const confirm = vi.fn<(config: { afterClose?: () => void; title?: unknown; content?: unknown }) => void>();
  const messageError = vi.fn();
  const notificationError = vi.fn();
  const feedback = {
    modal: { confirm },
    message: { error: messageError },
    notification: { error: notificationError },
  } as unknown as Feedback;
  setFeedback(feedback);
  return { confirm, messageError, notificationError };
}

describe('presentError', () => {
  it('opens one session-expired dialog at a time', () => {
    const { confirm } = fakeFeedback();
    const expired = new ApiError('unauthenticated', 'x', 'relogin', { code: 401 });
    presentError(expired);
    presentError(expired);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({
      title: '系统提示',
      content: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      okText: '重新登录',
      maskClosable: false,
    });
    confirm.mock.calls[0]?.[0].afterClose?.();
    presentError(expired);
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mock.calls[1]?.[0].afterClose?.();
    setFeedback(undefined);
  });

  it('shows messages and notifications for five seconds', () => {
    const { messageError, notificationError } = fakeFeedback();
    presentError(new ApiError('server', '用户不存在/密码错误', 'message', { code: 500 }));
    presentError(new ApiError('business', '当前操作没有权限', 'notification', { code: 403 }));
    presentError(new ApiError('aborted', 'aborted', 'none'));
    expect(messageError).toHaveBeenCalledWith({ content: '用户不存在/密码错误', duration: 5 });
    expect(notificationError).toHaveBeenCalledWith({ message: '当前操作没有权限', duration: 5 });
    expect(messageError).toHaveBeenCalledTimes(1);
    setFeedback(undefined);
  });
});

describe('presentFailure', () => {
  it("leaves a request's error to the client, which showed it, and shows anything else", () => {
    const { messageError, notificationError } = fakeFeedback();
    presentFailure(new ApiError('business', '网关编号已存在', 'notification', { code: 409 }));
    presentFailure({ kind: 'business', message: '网关编号已存在', code: 409 });
    expect(messageError).not.toHaveBeenCalled();
    expect(notificationError).not.toHaveBeenCalled();
    presentFailure(new Error('no 2d canvas'));
    presentFailure('?');
    expect(messageError).toHaveBeenNthCalledWith(1, { content: 'no 2d canvas', duration: 5 });
    expect(messageError).toHaveBeenNthCalledWith(2, { content: '系统未知错误，请反馈给管理员', duration: 5 });
    setFeedback(undefined);
  });
});
