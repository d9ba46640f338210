import { useState } from 'react';
import { Button, Flex } from 'antd';
import { SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { presentFailure } from '../../../api/presenter';
import { showMessage } from '../../../app/feedback';
import { HasPermi } from '../../../components/Access';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteDictTypesMutation, useGetDictTypesQuery, useRefreshDictCacheMutation } from '../settingsApi';
import type { DictType, DictTypeQuery } from '../types';
import { useDictTypeColumns, useDictTypeSearchFields } from './columns';
import DictDataDrawer from './DictDataDrawer';
import DictTypeFormDialog from './DictTypeFormDialog';
import { deleteUnlessBuiltin } from './deleteAction';
import '../i18n';

/**
 * Dictionaries (`system/dict/index`): the types, searched by name, type, status and creation
 * time; add, edit, delete (not a built-in type; the server refuses a type with items too),
 * export, refresh every replica's cache; "Items" opens a type's items in a drawer.
 */
export default function DictPage() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<DictType | undefined>();
  const [deleteTypes] = useDeleteDictTypesMutation();
  const [refreshCache, { isLoading: refreshing }] = useRefreshDictCacheMutation();
  const refresh = async () => {
    try {
      await refreshCache().unwrap();
    } catch (error) {
      presentFailure(error);
      return;
    }
    showMessage('success', t('system.dict.cacheRefreshed'));
  };
  const actions: RowAction<DictType>[] = [
    {
      key: 'items',
      label: t('system.dict.items'),
      permission: 'system:dict:list',
      icon: <UnorderedListOutlined aria-hidden />,
      ariaLabel: (type) => t('system.dict.itemsOf', { name: type.dictName }),
      run: (type) => setOpened(type),
    },
    deleteUnlessBuiltin<DictType>(
      t,
      (type) => type.dictName,
      (type) => t('system.dict.deleteConfirm', { name: type.dictName }),
      (type) => deleteTypes([type]).unwrap(),
    ),
  ];

  return (
    <>
      <HasPermi value={['system:dict:remove']}>
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Button danger icon={<SyncOutlined aria-hidden />} loading={refreshing} onClick={() => void refresh()}>
            {t('system.dict.refreshCache')}
          </Button>
        </Flex>
      </HasPermi>
      <ListPage<DictType, DictTypeQuery>
        inProject={false} rowKey="dictId" rowName={(type) => type.dictName} useList={useGetDictTypesQuery}
        columns={useDictTypeColumns()} searchFields={useDictTypeSearchFields()} rowActions={actions}
        editor={{ dialog: DictTypeFormDialog, add: 'system:dict:add', edit: 'system:dict:edit' }}
        exportList={{ permission: 'system:dict:export', url: '/system/dict/type/export', filename: () => `type_${Date.now()}.xlsx` }}
      >
        {opened ? <DictDataDrawer type={opened} onClose={() => setOpened(undefined)} /> : null}
      </ListPage>
    </>
  );
}
