import type { ReactNode } from 'react';
import type { App } from 'antd';

/**
 * antd's context-aware message, notification and modal APIs (from <App>). They live in a
 * chunk of their own (FeedbackHost) that is loaded the first time something is shown, so the
 * sign-in page does not carry antd's dialog and notification code.
 */
export type Feedback = ReturnType<typeof App.useApp>;

/** Seconds a message or notification stays on screen (spec section 8). */
export const MESSAGE_SECONDS = 5;

let current: Feedback | undefined;
let requestMount: (() => void) | undefined;
let waiters: ((feedback: Feedback) => void)[] = [];

/** Called by FeedbackHost once antd's <App> is mounted (and by tests with a fake). */
export function setFeedback(feedback: Feedback | undefined): void {
  current = feedback;
  if (!feedback) return;
  const pending = waiters;
  waiters = [];
  for (const resolve of pending) resolve(feedback);
}

export function getFeedback(): Feedback | undefined {
  return current;
}

/** FeedbackMount registers how to mount the host; pending requests mount it at once. */
export function registerFeedbackMount(mount: () => void): () => void {
  requestMount = mount;
  if (waiters.length > 0) mount();
  return () => {
    if (requestMount === mount) requestMount = undefined;
  };
}

/** The feedback APIs, loading and mounting them first when needed. */
export function loadFeedback(): Promise<Feedback> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    waiters.push(resolve);
    requestMount?.();
  });
}

/** Runs `use` with the feedback APIs: at once when mounted, else once they are. */
function withFeedback(run: (feedback: Feedback) => void): void {
  if (current) run(current);
  else void loadFeedback().then(run);
}

export type MessageKind = 'success' | 'error' | 'warning' | 'info';

/** A message at the top of the page, five seconds unless told otherwise. */
export function showMessage(kind: MessageKind, content: ReactNode, duration = MESSAGE_SECONDS): void {
  withFeedback((feedback) => void feedback.message[kind]({ content, duration }));
}

/** A notification in the corner, five seconds. */
export function showNotification(kind: MessageKind, message: ReactNode): void {
  withFeedback((feedback) => feedback.notification[kind]({ message, duration: MESSAGE_SECONDS }));
}

export type ConfirmConfig = Parameters<Feedback['modal']['confirm']>[0];

/** A confirmation dialog; never closed by a click on the backdrop (spec section 9). */
export function confirmDialog(config: ConfirmConfig): void {
  withFeedback((feedback) => void feedback.modal.confirm({ maskClosable: false, ...config }));
}
