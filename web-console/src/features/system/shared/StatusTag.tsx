import { Tag } from 'antd';
import { optionLabel } from '../useDictOptions';
import { useNormalDisable } from './dicts';

/** A status of sys_normal_disable as a tag: green when normal. */
export default function StatusTag({ status }: { status: string }) {
  const statuses = useNormalDisable();
  return <Tag color={status === '0' ? 'success' : 'default'}>{optionLabel(statuses, status)}</Tag>;
}
