import i18n from '../i18n';
import { confirmDialog, showMessage, showNotification } from '../app/feedback';
import { clearSessionCookies } from '../lib/session';
import { ApiError } from './errors';

let reloginDialogOpen = false;

/** Re-login from the expired-session dialog: local logout, then a fresh page at /index. */
function relogin(): void {
  clearSessionCookies();
  window.location.href = `${import.meta.env.BASE_URL}index`;
}

function showReloginDialog(): void {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  confirmDialog({
    title: i18n.t('errors.sessionExpiredTitle'),
    content: i18n.t('errors.sessionExpired'),
    okText: i18n.t('errors.relogin'),
    cancelText: i18n.t('errors.stay'),
    type: 'warning',
    maskClosable: false,
    onOk: relogin,
    afterClose: () => {
      reloginDialogOpen = false;
    },
  });
}

/**
 * The one place request errors reach the user (spec section 8). antd's message, notification
 * and dialog code is loaded on first use (app/feedback.ts).
 */
export function presentError(error: ApiError): void {
  switch (error.presentation) {
    case 'none':
      return;
    case 'relogin':
      showReloginDialog();
      return;
    case 'message':
      showMessage('error', error.message);
      return;
    case 'notification':
      showNotification('error', error.message);
      return;
  }
}

/** Whether a caught failure is a request's error (thrown, or as RTK Query's unwrap rejects). */
function isRequestError(error: unknown): boolean {
  if (error instanceof ApiError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { kind, message } = error as { kind?: unknown; message?: unknown };
  return typeof kind === 'string' && typeof message === 'string';
}

/**
 * For a failure caught by a form or an action: a request's error reached the user through
 * presentError when it happened (unless the request was silent); anything else is shown here,
 * as an error message.
 */
export function presentFailure(error: unknown): void {
  if (isRequestError(error)) return;
  const message = error instanceof Error && error.message ? error.message : i18n.t('errors.unknown');
  presentError(new ApiError('server', message, 'message'));
}
