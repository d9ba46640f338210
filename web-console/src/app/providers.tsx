import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { MESSAGE_SECONDS, setFeedback } from './feedback';
import type { AppStore } from './store';

/** Shell theme colour (spec section 9). */
export const THEME_COLOR = '#409EFF';

/** Hands antd's context-aware message/notification/modal to code outside React (the HTTP client). */
function FeedbackBridge() {
  const feedback = AntApp.useApp();
  useEffect(() => {
    setFeedback(feedback);
    return () => setFeedback(undefined);
  }, [feedback]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{ token: { colorPrimary: THEME_COLOR } }}
      button={{ autoInsertSpace: false }}
    >
      <AntApp
        component={false}
        message={{ duration: MESSAGE_SECONDS, maxCount: 3 }}
        notification={{ duration: MESSAGE_SECONDS }}
      >
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** Redux, antd theme and locale, and antd's feedback APIs. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedApp>{children}</ThemedApp>
    </Provider>
  );
}
