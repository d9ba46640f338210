import { useTranslation } from 'react-i18next';
import type { ListColumn, SearchField } from '../../../components/listPage';
import AsEntered from '../../../components/AsEntered';
import { useYesNo } from '../shared/yesNo';
import { optionLabel } from '../useDictOptions';
import type { Config, ConfigQuery } from '../types';
import '../i18n';

/** The parameter list's columns. */
export function useConfigColumns(): ListColumn<Config>[] {
  const { t } = useTranslation();
  const yesNo = useYesNo();
  return [
    { key: 'configId', title: t('system.config.configId') },
    { key: 'configName', title: t('system.config.name'), render: (name: string) => <AsEntered text={name} /> },
    { key: 'configKey', title: t('system.config.key'), render: (key: string) => <AsEntered text={key} /> },
    { key: 'configValue', title: t('system.config.value'), render: (value: string) => <AsEntered text={value} clip /> },
    { key: 'configType', title: t('system.config.type'), render: (type: string) => optionLabel(yesNo, type) },
    { key: 'isPublic', title: t('system.config.isPublic'), render: (flag: string) => (flag === '1' ? t('common.yes') : t('common.no')) },
    { key: 'remark', title: t('system.config.remark'), render: (remark: string) => <AsEntered text={remark} clip /> },
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
