import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { MESSAGE_SECONDS, setFeedback } from './feedback';

/** Hands antd's context-aware message/notification/modal to code outside React. */
function FeedbackBridge() {
  const feedback = AntApp.useApp();
  useEffect(() => {
    setFeedback(feedback);
    return () => setFeedback(undefined);
  }, [feedback]);
  return null;
}

/** Mounted on first use (see feedback.ts); inside the ConfigProvider, so themed. */
export default function FeedbackHost() {
  return (
    <AntApp component={false} message={{ duration: MESSAGE_SECONDS, maxCount: 3 }} notification={{ duration: MESSAGE_SECONDS }}>
      <FeedbackBridge />
    </AntApp>
  );
}
