import i18n from '../i18n';
import { getFeedback, MESSAGE_SECONDS } from '../app/feedback';
import { clearSessionCookies } from '../lib/session';
import type { ApiError } from './errors';

let reloginDialogOpen = false;

/** Re-login from the expired-session dialog: local logout, then a fresh page at /index. */
function relogin(): void {
  clearSessionCookies();
  window.location.href = `${import.meta.env.BASE_URL}index`;
}

function showReloginDialog(): void {
  const feedback = getFeedback();
  if (!feedback || reloginDialogOpen) return;
  reloginDialogOpen = true;
  feedback.modal.confirm({
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

/** The one place request errors reach the user (spec section 8). */
export function presentError(error: ApiError): void {
  const feedback = getFeedback();
  switch (error.presentation) {
    case 'none':
      return;
    case 'relogin':
      showReloginDialog();
      return;
    case 'message':
      if (feedback) void feedback.message.error({ content: error.message, duration: MESSAGE_SECONDS });
      else console.error(error.message);
      return;
    case 'notification':
      if (feedback) feedback.notification.error({ message: error.message, duration: MESSAGE_SECONDS });
      else console.error(error.message);
      return;
  }
}
