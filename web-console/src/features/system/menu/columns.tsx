import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { menuIcon } from '../../../layout/menuIcons';
import AsEntered from '../../../components/AsEntered';
import { useMenuModules, useNormalDisable, useShowHide } from '../shared/dicts';
import StatusTag from '../shared/StatusTag';
import { optionLabel } from '../useDictOptions';
import type { MenuQuery, MenuType } from '../types';
import { menuName, type MenuRow } from './menuTree';
import '../i18n';

const TYPE_COLORS: Record<MenuType, string> = { M: 'blue', C: 'green', F: 'default' };

/** The menu tree table's columns; names in the interface's language, codes and paths as entered. */
export function useMenuColumns(): ListColumn<MenuRow>[] {
  const { t, i18n } = useTranslation();
  const visibles = useShowHide();
  const modules = useMenuModules();
  return [
    { key: 'menuName', title: t('system.menu.name'), render: (_name: string, menu) => <AsEntered text={menuName(menu, i18n.language)} /> },
    {
      key: 'icon',
      title: t('system.menu.icon'),
      render: (icon: string) =>
        icon && icon !== '#' ? (
          <Space size={4}>
            {menuIcon(icon)}
            <AsEntered text={icon} />
          </Space>
        ) : null,
    },
    { key: 'menuType', title: t('system.menu.type'), render: (type: MenuType) => <Tag color={TYPE_COLORS[type]}>{t(`system.menu.types.${type}`)}</Tag> },
    { key: 'orderNum', title: t('system.menu.orderNum') },
    { key: 'perms', title: t('system.menu.perms'), render: (perms: string) => <AsEntered text={perms} /> },
    { key: 'component', title: t('system.menu.component'), render: (component: string) => <AsEntered text={component} /> },
    { key: 'path', title: t('system.menu.path'), hidden: true, render: (path: string) => <AsEntered text={path} clip /> },
    { key: 'visible', title: t('system.menu.visible'), render: (visible: string, menu) => (menu.menuType === 'F' ? null : optionLabel(visibles, visible)) },
    { key: 'status', title: t('system.menu.status'), render: (status: string) => <StatusTag status={status} /> },
    { key: 'menuModule', title: t('system.menu.menuModule'), hidden: true, render: (module: string) => optionLabel(modules, module) },
    { key: 'createTime', title: t('system.menu.createTime') },
  ];
}

/** The menu list's search fields: the name (either language) and the status. */
export function useMenuSearchFields(): SearchField<MenuQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'menuName', label: t('system.menu.name'), placeholder: t('system.menu.namePlaceholder') },
    { kind: 'select', name: 'status', label: t('system.menu.status'), options: useNormalDisable() },
  ];
}
