import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { ListColumn } from '../../../components/listPage';
import type { TimingOneKey } from '../types';
import { StateTag, SwitchTag } from './TimingTags';
import '../i18n';

/** The timing one-key list's columns. */
export function useTimingColumns(): ListColumn<TimingOneKey>[] {
  const { t } = useTranslation();
  return [
    { key: 'switchState', title: t('landscape.timingOneKey.switchState'), render: (value: string) => <SwitchTag value={value} /> },
    { key: 'startTime', title: t('landscape.timingOneKey.startTime') },
    { key: 'endTime', title: t('landscape.timingOneKey.endTime') },
    { key: 'state', title: t('landscape.timingOneKey.state'), render: (value: string) => <StateTag value={value} /> },
    { key: 'remark', title: t('landscape.timingOneKey.remark'), render: (remark: string | null) => (remark ? <AsEntered text={remark} clip /> : '-') },
    { key: 'createBy', title: t('landscape.timingOneKey.createBy') },
    { key: 'createTime', title: t('landscape.timingOneKey.createTime') },
  ];
}
