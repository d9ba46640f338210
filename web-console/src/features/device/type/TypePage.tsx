import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteDeviceTypesMutation, useGetDeviceTypesQuery } from '../api';
import type { EquipmentType, EquipmentTypeQuery } from '../types';
import { useTypeColumns, useTypeSearchFields } from './columns';
import TypeFormDialog from './TypeFormDialog';
import '../i18n';

/**
 * Equipment types (`device/type/index`): search by name and category, page (the server lists
 * the highest priority first), add, edit, delete after confirmation.
 */
export default function TypePage() {
  const { t } = useTranslation();
  const [deleteTypes] = useDeleteDeviceTypesMutation();
  return (
    <ListPage<EquipmentType, EquipmentTypeQuery>
      rowKey="typeId" rowName={(type) => type.typeName} useList={useGetDeviceTypesQuery}
      columns={useTypeColumns()} searchFields={useTypeSearchFields()}
      editor={{ dialog: TypeFormDialog, add: 'device:type:add', edit: 'device:type:edit' }}
      remove={{
        permission: 'device:type:remove',
        question: (type) => t('device.type.deleteConfirm', { name: type.typeName }),
        run: (types) => deleteTypes(types.map((type) => type.typeId)).unwrap(),
      }}
    />
  );
}
