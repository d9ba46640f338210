import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteDictDataMutation, useGetDictDataQuery } from '../settingsApi';
import type { DictData, DictDataQuery, DictType } from '../types';
import { useDictDataColumns, useDictDataSearchFields } from './columns';
import DictDataFormDialog from './DictDataFormDialog';
import { OpenedTypeContext } from './openedType';
import '../i18n';

export interface DictDataDrawerProps {
  type: DictType;
  onClose: () => void;
}

/**
 * A dictionary type's items (RuoYi's `/system/dict-data/index/{dictId}`), in a drawer over the
 * type list: GET /system/dict/data/list?dictType=..., searched by label and status; add, edit,
 * delete (not a built-in item; one by one or the selected ones), export of the type's items.
 */
export default function DictDataDrawer({ type, onClose }: DictDataDrawerProps) {
  const { t, i18n } = useTranslation();
  const [deleteItems] = useDeleteDictDataMutation();
  const name = i18n.language === 'en' ? type.dictNameEn || type.dictName : type.dictName;

  return (
    <Drawer open title={t('system.dict.itemsTitle', { name, type: type.dictType })} width="min(1100px, 100%)" onClose={onClose}>
      <OpenedTypeContext.Provider value={type.dictType}>
        <ListPage<DictData, DictDataQuery>
          inProject={false} rowKey="dictCode" rowName={(item) => item.dictLabel} useList={useGetDictDataQuery}
          filters={{ dictType: type.dictType }}
          columns={useDictDataColumns()} searchFields={useDictDataSearchFields()}
          editor={{ dialog: DictDataFormDialog, add: 'system:dict:add', edit: 'system:dict:edit' }}
          remove={{
            permission: 'system:dict:remove',
            question: (item) => t('system.dict.data.deleteConfirm', { name: item.dictLabel }),
            run: (items) => deleteItems(items).unwrap(),
            // the product's items: the server refuses to delete them
            removable: (item) => item.builtin !== '1',
          }}
          exportList={{ permission: 'system:dict:export', url: '/system/dict/data/export', filename: () => `data_${Date.now()}.xlsx` }}
        />
      </OpenedTypeContext.Provider>
    </Drawer>
  );
}
