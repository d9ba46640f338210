import { useCallback, useMemo, useRef } from 'react';
import { Button, Drawer, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/download';
import { HasPermi } from '../../../components/Access';
import { ListPage } from '../../../components/listPage';
import { useDeleteDictDataMutation } from '../settingsApi';
import type { DictData, DictDataQuery, DictType } from '../types';
import { useDictDataColumns, useDictDataSearchFields } from './columns';
import { DictDataListContext, exportFilters, useDictDataList } from './dataList';
import DictDataFormDialog from './DictDataFormDialog';
import { deleteUnlessBuiltin } from './deleteAction';
import '../i18n';

export interface DictDataDrawerProps {
  type: DictType;
  onClose: () => void;
}

/**
 * A dictionary type's items (RuoYi's `/system/dict-data/index/{dictId}`), in a drawer over the
 * type list: GET /system/dict/data/list?dictType=..., searched by label and status; add, edit,
 * delete (not a built-in item), export of the type's items.
 */
export default function DictDataDrawer({ type, onClose }: DictDataDrawerProps) {
  const { t, i18n } = useTranslation();
  const [deleteItems] = useDeleteDictDataMutation();
  const lastQuery = useRef<DictDataQuery>({ pageNum: 1, pageSize: 20, dictType: type.dictType });
  const onQuery = useCallback((query: DictDataQuery) => {
    lastQuery.current = query;
  }, []);
  const listState = useMemo(() => ({ dictType: type.dictType, onQuery }), [type.dictType, onQuery]);
  const name = i18n.language === 'en' ? type.dictNameEn || type.dictName : type.dictName;
  const itemName = (item: DictData) => item.dictLabel;
  const exportItems = () => void download('/system/dict/data/export', exportFilters(lastQuery.current), `data_${Date.now()}.xlsx`);
  const remove = deleteUnlessBuiltin<DictData>(
    t,
    itemName,
    (item) => t('system.dict.data.deleteConfirm', { name: item.dictLabel }),
    (item) => deleteItems([item]).unwrap(),
  );

  return (
    <Drawer open title={t('system.dict.itemsTitle', { name, type: type.dictType })} width="min(1100px, 100%)" onClose={onClose}>
      <HasPermi value={['system:dict:export']}>
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Button icon={<DownloadOutlined aria-hidden />} onClick={exportItems}>
            {t('common.export')}
          </Button>
        </Flex>
      </HasPermi>
      <DictDataListContext.Provider value={listState}>
        <ListPage<DictData, DictDataQuery>
          inProject={false} rowKey="dictCode" rowName={itemName} useList={useDictDataList}
          columns={useDictDataColumns()} searchFields={useDictDataSearchFields()} rowActions={[remove]}
          editor={{ dialog: DictDataFormDialog, add: 'system:dict:add', edit: 'system:dict:edit' }}
        />
      </DictDataListContext.Provider>
    </Drawer>
  );
}
