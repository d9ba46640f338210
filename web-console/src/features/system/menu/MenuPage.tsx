import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteMenuMutation } from '../menuApi';
import type { Menu, MenuQuery } from '../types';
import { useMenuColumns, useMenuSearchFields } from './columns';
import MenuFormDialog from './MenuFormDialog';
import { useMenuList } from './menuList';
import { menuName, type MenuRow } from './menuTree';
import '../i18n';

/**
 * Menus (`system/menu/index`, RuoYi's menu screen): a tree table of GET /system/menu/list,
 * searched by name and status, the top level shown at first, opened node by node or all at
 * once; add a top-level menu, add under a directory or a menu, edit, delete after a
 * confirmation (a menu with sub-menus or held by a role is refused with the server's
 * message). What is edited here is what the sidebar serves: it follows every saved change.
 */
export default function MenuPage() {
  const { t, i18n } = useTranslation();
  const [addingUnder, setAddingUnder] = useState<Menu | undefined>();
  const [deleteMenu] = useDeleteMenuMutation();
  const nameOf = (menu: Menu) => menuName(menu, i18n.language);
  const actions: RowAction<MenuRow>[] = [
    {
      key: 'addChild',
      label: t('system.menu.addChild'),
      permission: 'system:menu:add',
      icon: <PlusOutlined aria-hidden />,
      ariaLabel: (menu) => t('system.menu.addChildOf', { name: nameOf(menu) }),
      // a button has nothing under it
      when: (menu) => menu.menuType !== 'F',
      run: (menu) => setAddingUnder(menu),
    },
  ];

  return (
    <ListPage<MenuRow, MenuQuery>
      inProject={false} expandable={{ defaultExpandAll: false }} rowKey="menuId" rowName={nameOf} useList={useMenuList}
      columns={useMenuColumns()} searchFields={useMenuSearchFields()} rowActions={actions}
      editor={{ dialog: MenuFormDialog, add: 'system:menu:add', edit: 'system:menu:edit' }}
      remove={{
        permission: 'system:menu:remove',
        batch: false,
        question: (menu) => t('system.menu.deleteConfirm', { name: nameOf(menu) }),
        run: async (menus) => {
          for (const menu of menus) await deleteMenu(menu.menuId).unwrap();
        },
      }}
    >
      {addingUnder ? <MenuFormDialog parent={addingUnder} onClose={() => setAddingUnder(undefined)} /> : null}
    </ListPage>
  );
}
