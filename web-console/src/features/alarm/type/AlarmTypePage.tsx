import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteAlarmTypesMutation, useGetAlarmTypesQuery } from '../api';
import type { AlarmType, AlarmTypeQuery } from '../types';
import AlarmTypeFormDialog from './AlarmTypeFormDialog';
import { useAlarmTypeColumns, useAlarmTypeSearchFields } from './columns';
import '../i18n';

/** Alarm types (`alarm/type/index`): filters, list, add, edit, delete. */
export default function AlarmTypePage() {
  const { t } = useTranslation();
  const [deleteTypes] = useDeleteAlarmTypesMutation();
  const remove = (types: AlarmType[]) => deleteTypes(types.map((type) => type.alarmTypeId)).unwrap();
  return (
    <ListPage<AlarmType, AlarmTypeQuery>
      rowKey="alarmTypeId" rowName={(type) => type.alarmName} useList={useGetAlarmTypesQuery}
      columns={useAlarmTypeColumns()} searchFields={useAlarmTypeSearchFields()}
      editor={{ dialog: AlarmTypeFormDialog, add: 'alarm:type:add', edit: 'alarm:type:edit' }}
      remove={{ permission: 'alarm:type:remove', question: (type) => t('alarm.type.deleteConfirm', { name: type.alarmName }), run: remove }}
    />
  );
}
