import { useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOADING_EVENT, type LoadingDetail } from '../lib/loading';

/** The global loading mask (spec section 2): shown and hidden on the loading event. */
export default function LoadingMask() {
  const { t } = useTranslation();
  const [state, setState] = useState<LoadingDetail>({ show: false });
  useEffect(() => {
    const onLoading = (event: Event) => setState((event as CustomEvent<LoadingDetail>).detail);
    window.addEventListener(LOADING_EVENT, onLoading);
    return () => window.removeEventListener(LOADING_EVENT, onLoading);
  }, []);
  if (!state.show) return null;
  return (
    <div role="status" aria-live="polite" aria-label={state.text ?? t('common.loading')}>
      <Spin fullscreen spinning tip={state.text ?? t('common.loading')} />
    </div>
  );
}
