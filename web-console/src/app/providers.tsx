import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigProvider } from 'antd';
import { usePrefersReducedMotion } from '../lib/motion';
import { useSettings } from '../lib/settings';
import { useAntdLocale } from './antdLocale';
import { antdSizing, themeConfig } from './theme';
import { registerFeedbackMount } from './feedback';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** Mounts antd's message/notification/modal host the first time something is shown. */
function FeedbackMount() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => registerFeedbackMount(() => setMounted(true)), []);
  return mounted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/**
 * antd theme, size and locale, and antd's feedback APIs: everything the sign-in page needs
 * too. Redux is not here: the store is loaded with the main layout (see storeAccess.ts).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const settings = useSettings();
  const locale = useAntdLocale(i18n.language);
  const { componentSize, compact } = antdSizing(settings.size);
  // Less motion when the system asks for it: no antd animations, no click waves.
  const still = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={locale}
      theme={themeConfig(settings.theme, compact, still)}
      componentSize={componentSize}
      button={{ autoInsertSpace: false }}
      wave={{ disabled: still }}
    >
      <FeedbackMount />
      {children}
    </ConfigProvider>
  );
}
