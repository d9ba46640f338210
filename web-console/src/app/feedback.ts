import type { App } from 'antd';

/** antd's context-aware message, notification and modal APIs (from <App>). */
export type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | undefined;

/** Called by the providers once antd's <App> is mounted. */
export function setFeedback(feedback: Feedback | undefined): void {
  current = feedback;
}

export function getFeedback(): Feedback | undefined {
  return current;
}

/** Seconds a message or notification stays on screen (spec section 8). */
export const MESSAGE_SECONDS = 5;
