import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { optionLabel } from '../../system/useDictOptions';
import { useResults } from './dicts';
import '../i18n';

/** A result of sys_common_status as a tag: green for success, red for failure; a run without one is still running. */
export default function ResultTag({ status }: { status: string | number | null | undefined }) {
  const { t } = useTranslation();
  const results = useResults();
  const value = status === null || status === undefined ? '' : String(status);
  if (value === '') return <Tag color="processing">{t('monitor.jobLog.running')}</Tag>;
  return <Tag color={value === '0' ? 'success' : 'error'}>{optionLabel(results, value)}</Tag>;
}
