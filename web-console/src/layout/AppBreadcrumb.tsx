import { useMemo, useState } from 'react';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { selectRouteEntries } from '../features/menu/routesSlice';
import { useSettings } from '../lib/settings';
import { breadcrumbTrail, routeTitle } from '../routes/menu';
import { isRedirectPath, staticRouteMeta } from '../routes/staticRoutes';

/**
 * The breadcrumb (spec section 2): routes with a title, not on the home page, not when the
 * setting is off. /redirect/{path} is ignored: the trail of the page being refreshed stays.
 */
export default function AppBreadcrumb() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { breadcrumb } = useSettings();
  const entries = useAppSelector(selectRouteEntries);
  const [shownPath, setShownPath] = useState(pathname);
  if (!isRedirectPath(pathname) && pathname !== shownPath) setShownPath(pathname);
  const steps = useMemo(() => breadcrumbTrail(entries, shownPath, staticRouteMeta), [entries, shownPath]);
  if (!breadcrumb || steps.length === 0) return null;
  return (
    <Breadcrumb
      aria-label={t('layout.breadcrumb')}
      items={steps.map((step) => {
          const title = routeTitle(step.meta, i18n.language);
          return { key: step.to ?? title, title: step.to ? <Link to={step.to}>{title}</Link> : <span>{title}</span> };
      })}
    />
  );
}
