import { Tag } from 'antd';
import { optionLabel } from '../../system/useDictOptions';
import { LEVEL_COLOURS, STATUS_COLOURS, useAlarmLevels, useAlarmStatuses } from './dicts';

/** An alarm level as a coloured tag (dictionary alarm_level). */
export function LevelTag({ level }: { level: string }) {
  const levels = useAlarmLevels();
  return <Tag color={LEVEL_COLOURS[level] ?? 'default'}>{optionLabel(levels, level)}</Tag>;
}

/** An alarm status as a coloured tag (dictionary alarm_status). */
export function StatusTag({ status }: { status: string }) {
  const statuses = useAlarmStatuses();
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{optionLabel(statuses, status)}</Tag>;
}
