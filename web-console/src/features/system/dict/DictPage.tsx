import { useState } from 'react';
import { SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import { useDeleteDictTypesMutation, useGetDictTypesQuery, useRefreshDictCacheMutation } from '../settingsApi';
import type { DictType, DictTypeQuery } from '../types';
import { useDictTypeColumns, useDictTypeSearchFields } from './columns';
import DictDataDrawer from './DictDataDrawer';
import DictTypeFormDialog from './DictTypeFormDialog';
import '../i18n';

/**
 * Dictionaries (`system/dict/index`): the types, searched by name, type, status and creation
 * time; add, edit, delete (not a built-in type; the server refuses a type with items too),
 * export, refresh every replica's cache (a toolbar button, after a confirmation); "Items"
 * opens a type's items in a drawer.
 */
export default function DictPage() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<DictType | undefined>();
  const [deleteTypes] = useDeleteDictTypesMutation();
  const [refreshCache] = useRefreshDictCacheMutation();
  const actions: RowAction<DictType>[] = [
    {
      key: 'items',
      label: t('system.dict.items'),
      permission: 'system:dict:list',
      icon: <UnorderedListOutlined aria-hidden />,
      ariaLabel: (type) => t('system.dict.itemsOf', { name: type.dictName }),
      run: (type) => setOpened(type),
    },
  ];
  const toolbarExtra: ToolbarAction<DictType>[] = [
    {
      key: 'refreshCache',
      label: t('system.dict.refreshCache'),
      permission: 'system:dict:remove',
      icon: <SyncOutlined aria-hidden />,
      danger: true,
      confirm: () => t('system.dict.refreshCacheConfirm'),
      run: async () => {
        await refreshCache().unwrap();
        showMessage('success', t('system.dict.cacheRefreshed'));
      },
    },
  ];

  return (
    <ListPage<DictType, DictTypeQuery>
      inProject={false} rowKey="dictId" rowName={(type) => type.dictName} useList={useGetDictTypesQuery}
      columns={useDictTypeColumns()} searchFields={useDictTypeSearchFields()} rowActions={actions} toolbarExtra={toolbarExtra}
      editor={{ dialog: DictTypeFormDialog, add: 'system:dict:add', edit: 'system:dict:edit' }}
      remove={{
        permission: 'system:dict:remove',
        question: (type) => t('system.dict.deleteConfirm', { name: type.dictName }),
        run: (types) => deleteTypes(types).unwrap(),
        // the product's types: the server refuses to delete them
        removable: (type) => type.builtin !== '1',
      }}
      exportList={{ permission: 'system:dict:export', url: '/system/dict/type/export', filename: () => `type_${Date.now()}.xlsx` }}
    >
      {opened ? <DictDataDrawer type={opened} onClose={() => setOpened(undefined)} /> : null}
    </ListPage>
  );
}
