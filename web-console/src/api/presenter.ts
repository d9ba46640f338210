import i18n from '../i18n';
import { confirmDialog, showMessage, showNotification } from '../app/feedback';
import { clearSessionCookies } from '../lib/session';
import type { ApiError } from './errors';

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
