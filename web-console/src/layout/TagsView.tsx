import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { routeTitle } from '../routes/menu';
import { REDIRECT_PREFIX } from '../routes/staticRoutes';
import { CONTEXT_MENU_WIDTH, lastViewPath, scrollIntoStrip } from './tagsStrip';
import {
  allDeleted,
  cachedViewDeleted,
  othersDeleted,
  selectVisitedViews,
  viewDeleted,
  type TagView,
} from './tagsViewSlice';

interface MenuState {
  view: TagView;
  left: number;
  top: number;
}

/**
 * The tab strip (spec section 2): one tab per visited page, pinned tabs without a close icon,
 * middle-click or the close icon closes, right-click offers refresh, close current, close
 * others and close all.
 */
export default function TagsView() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const visited = useAppSelector(selectVisitedViews);
  const [menu, setMenu] = useState<MenuState | undefined>();
  const stripRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const strip = stripRef.current;
    const active = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (strip && active) scrollIntoStrip(strip, active.parentElement ?? active);
  }, [pathname, visited.length]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(undefined);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('click', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  const remainingAfter = (closed: (view: TagView) => boolean) => visited.filter((view) => view.affix || !closed(view));

  const close = (view: TagView) => {
    if (view.affix) return;
    dispatch(viewDeleted(view.path));
    if (view.path === pathname) void navigate(lastViewPath(remainingAfter((other) => other.path === view.path)));
  };

  const refresh = (view: TagView) => {
    dispatch(cachedViewDeleted(view.path));
    void navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
  };

  const closeOthers = (view: TagView) => {
    dispatch(othersDeleted(view.path));
    if (view.path !== pathname) void navigate(view.fullPath);
  };

  const closeAll = () => {
    dispatch(allDeleted());
    const remaining = visited.filter((other) => other.affix);
    if (remaining.some((other) => other.path === pathname)) return;
    void navigate(lastViewPath(remaining));
  };

  const openMenu = (event: MouseEvent, view: TagView) => {
    event.preventDefault();
    // At the pointer, kept inside the window.
    const left = Math.min(event.clientX, window.innerWidth - CONTEXT_MENU_WIDTH - 8);
    setMenu({ view, left, top: event.clientY });
  };

  const menuItems = (view: TagView) => [
    { key: 'refresh', label: t('tagsView.refresh'), run: refresh, show: true },
    { key: 'close', label: t('tagsView.close'), run: close, show: !view.affix },
    { key: 'closeOthers', label: t('tagsView.closeOthers'), run: closeOthers, show: true },
    { key: 'closeAll', label: t('tagsView.closeAll'), run: closeAll, show: true },
  ];

  return (
    <div
      style={{
        height: 34,
        background: '#fff',
        borderBottom: '1px solid #d8dce5',
        boxShadow: '0 1px 3px 0 rgba(0,0,0,.12), 0 0 3px 0 rgba(0,0,0,.04)',
      }}
    >
      <div
        ref={stripRef}
        role="navigation"
        aria-label={t('tagsView.label')}
        style={{ display: 'flex', gap: 5, overflowX: 'auto', whiteSpace: 'nowrap', padding: '4px 15px', height: 34 }}
      >
        {visited.map((view) => {
          const active = view.path === pathname;
          const title = routeTitle({ title: view.title, titleEn: view.titleEn }, i18n.language);
          return (
            <span
              key={view.path}
              data-tag-path={view.path}
              onMouseUp={(event) => {
                if (event.button === 1) close(view);
              }}
              onContextMenu={(event) => openMenu(event, view)}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                height: 26,
                padding: '0 8px',
                fontSize: 12,
                border: `1px solid ${active ? token.colorPrimary : '#d8dce5'}`,
                background: active ? token.colorPrimary : '#fff',
                color: active ? '#fff' : '#495060',
                flex: 'none',
              }}
            >
              <Link
                to={view.fullPath}
                aria-current={active ? 'page' : undefined}
                style={{ color: 'inherit' }}
                onAuxClick={(event) => event.preventDefault()}
              >
                {title}
              </Link>
              {view.affix ? null : (
                <button
                  type="button"
                  aria-label={t('tagsView.closeTab', { name: title })}
                  onClick={() => close(view)}
                  style={{ border: 0, background: 'transparent', color: 'inherit', padding: 0, cursor: 'pointer', lineHeight: 1 }}
                >
                  <CloseOutlined style={{ fontSize: 10 }} aria-hidden />
                </button>
              )}
            </span>
          );
        })}
      </div>
      {menu ? (
        <ul
          role="menu"
          aria-label={t('tagsView.menu')}
          style={{
            position: 'fixed',
            left: menu.left,
            top: menu.top,
            width: CONTEXT_MENU_WIDTH,
            zIndex: 3000,
            margin: 0,
            padding: '5px 0',
            listStyle: 'none',
            background: '#fff',
            borderRadius: 4,
            fontSize: 12,
            color: '#333',
            boxShadow: '2px 2px 3px 0 rgba(0, 0, 0, 0.3)',
          }}
        >
          {menuItems(menu.view)
            .filter((item) => item.show)
            .map((item) => (
              <li
                key={item.key}
                role="menuitem"
                tabIndex={0}
                style={{ padding: '7px 16px', cursor: 'pointer' }}
                onClick={() => {
                  setMenu(undefined);
                  item.run(menu.view);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    setMenu(undefined);
                    item.run(menu.view);
                  }
                }}
              >
                {item.label}
              </li>
            ))}
        </ul>
      ) : null}
    </div>
  );
}
