import { Tag } from 'antd';
import { useAdviceStatuses } from '../shared/dicts';
import { optionLabel } from '../useDictOptions';

const COLORS: Readonly<Record<string, string>> = { '0': 'warning', '1': 'success', '2': 'default' };

/** A status of sys_advice_status as a tag: pending, replied, closed. */
export default function AdviceStatusTag({ status }: { status: string }) {
  const statuses = useAdviceStatuses();
  return <Tag color={COLORS[status] ?? 'default'}>{optionLabel(statuses, status)}</Tag>;
}
