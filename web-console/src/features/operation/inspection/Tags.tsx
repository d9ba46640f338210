import { Tag } from 'antd';
import { optionLabel } from '../../system/useDictOptions';
import { RESULT_COLOURS, TASK_STATUS_COLOURS, usePlanStatuses, usePointTypes, useResults, useTaskStatuses } from './dicts';
import '../i18n';

/** A task's status as a coloured tag (dictionary inspection_task_status). */
export function TaskStatusTag({ status }: { status: string }) {
  const statuses = useTaskStatuses();
  return <Tag color={TASK_STATUS_COLOURS[status] ?? 'default'}>{optionLabel(statuses, status)}</Tag>;
}

/** A point's result as a coloured tag (dictionary inspection_result); nothing before it is dealt with. */
export function ResultTag({ result }: { result: string }) {
  const results = useResults();
  if (!result) return <>-</>;
  return <Tag color={RESULT_COLOURS[result] ?? 'default'}>{optionLabel(results, result)}</Tag>;
}

/** A point's type as a tag (dictionary inspection_point_type). */
export function PointTypeTag({ pointType }: { pointType: string }) {
  const types = usePointTypes();
  return <Tag color={pointType === '1' ? 'blue' : 'purple'}>{optionLabel(types, pointType)}</Tag>;
}

/** A plan's status as a tag (dictionary sys_normal_disable): green when enabled. */
export function PlanStatusTag({ status }: { status: string }) {
  const statuses = usePlanStatuses();
  return <Tag color={status === '0' ? 'success' : 'default'}>{optionLabel(statuses, status)}</Tag>;
}
