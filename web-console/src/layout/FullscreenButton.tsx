import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../app/feedback';

/** Spec section 8, word for word. */
export const FULLSCREEN_UNSUPPORTED = 'you browser can not work';

/** Toggles the page's fullscreen mode; warns when the browser cannot. */
export default function FullscreenButton() {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFullscreen(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggle = () => {
    if (!document.fullscreenEnabled) {
      showMessage('warning', FULLSCREEN_UNSUPPORTED);
      return;
    }
    const change = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => showMessage('warning', FULLSCREEN_UNSUPPORTED));
  };

  return (
    <Button
      type="text"
      aria-label={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
      aria-pressed={fullscreen}
      title={fullscreen ? t('layout.exitFullscreen') : t('layout.fullscreen')}
      icon={fullscreen ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
      onClick={toggle}
    />
  );
}
