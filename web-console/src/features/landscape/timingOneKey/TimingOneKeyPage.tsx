import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { useDeleteTimingOneKeysMutation, useGetTimingOneKeysQuery } from '../api';
import type { TimingOneKey, TimingOneKeyQuery } from '../types';
import { useTimingColumns } from './columns';
import TimingFormDialog from './TimingFormDialog';
import '../i18n';

/**
 * Timing one-key control (`landscape/timingOneKey/index`): every loop of every gateway of the
 * project on or off between two times, above every task. The list (the latest start first,
 * with its state: waiting, in force, over), add, delete after confirmation. Adding or deleting
 * one changes the plan: the tasks are to be issued again.
 */
export default function TimingOneKeyPage() {
  const { t } = useTranslation();
  const [deleteTimings] = useDeleteTimingOneKeysMutation();
  const nameOf = (timing: TimingOneKey) => t('landscape.timingOneKey.rowName', { start: timing.startTime, end: timing.endTime });
  return (
    <ListPage<TimingOneKey, TimingOneKeyQuery>
      rowKey="timingId" rowName={nameOf} useList={useGetTimingOneKeysQuery}
      columns={useTimingColumns()}
      editor={{ dialog: TimingFormDialog, add: 'landscape:timingOneKey:add' }}
      remove={{
        permission: 'landscape:timingOneKey:remove',
        question: (timing) => t('landscape.timingOneKey.deleteConfirm', { name: nameOf(timing) }),
        run: (timings) => deleteTimings(timings.map((timing) => timing.timingId)).unwrap(),
      }}
    />
  );
}
