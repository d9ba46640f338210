import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import { useYesNo } from '../shared/yesNo';
import { optionLabel } from '../useDictOptions';
import type { Config, ConfigQuery } from '../types';
import '../i18n';

/** A long text in one line, whole on hover. */
const clipped = (text: string) => (
  <span title={text} style={{ display: 'inline-block', maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
    {text}
  </span>
);

/** The parameter list's columns. */
export function useConfigColumns(): ListColumn<Config>[] {
  const { t } = useTranslation();
  const yesNo = useYesNo();
  return [
    { key: 'configId', title: t('system.config.configId') },
    { key: 'configName', title: t('system.config.name') },
    { key: 'configKey', title: t('system.config.key') },
    { key: 'configValue', title: t('system.config.value'), render: clipped },
    { key: 'configType', title: t('system.config.type'), render: (type: string) => optionLabel(yesNo, type) },
    { key: 'isPublic', title: t('system.config.isPublic'), render: (flag: string) => (flag === '1' ? t('common.yes') : t('common.no')) },
    { key: 'remark', title: t('system.config.remark'), render: clipped },
    { key: 'createTime', title: t('system.config.createTime') },
  ];
}

/** The parameter list's search fields: name, key, built in, creation time (RuoYi's params[beginTime] and params[endTime]). */
export function useConfigSearchFields(): SearchField<ConfigQuery>[] {
  const { t } = useTranslation();
  return [
    { kind: 'text', name: 'configName', label: t('system.config.name') },
    { kind: 'text', name: 'configKey', label: t('system.config.key') },
    { kind: 'select', name: 'configType', label: t('system.config.type'), options: useYesNo() },
    { kind: 'dateTimeRange', name: 'createTime', from: 'params[beginTime]', to: 'params[endTime]', label: t('system.config.createTime'), width: 360 },
  ];
}
