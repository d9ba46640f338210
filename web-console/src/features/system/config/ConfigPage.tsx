import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { clearConfigValues } from '../../../app/configValues';
import { ListPage, type ToolbarAction } from '../../../components/listPage';
import { useDeleteConfigsMutation, useGetConfigsQuery, useRefreshConfigCacheMutation } from '../settingsApi';
import type { Config, ConfigQuery } from '../types';
import { useConfigColumns, useConfigSearchFields } from './columns';
import ConfigFormDialog from './ConfigFormDialog';
import '../i18n';

/**
 * Parameters (`system/config/index`): search by name, key, built in and creation time; add,
 * edit, delete (a built-in entry is refused by the server, whose message is shown), export,
 * and refresh every replica's cache (a toolbar button, after a confirmation).
 */
export default function ConfigPage() {
  const { t } = useTranslation();
  const [deleteConfigs] = useDeleteConfigsMutation();
  const [refreshCache] = useRefreshConfigCacheMutation();
  const toolbarExtra: ToolbarAction<Config>[] = [
    {
      key: 'refreshCache',
      label: t('system.config.refreshCache'),
      permission: 'system:config:remove',
      icon: <SyncOutlined aria-hidden />,
      danger: true,
      confirm: () => t('system.config.refreshCacheConfirm'),
      run: async () => {
        await refreshCache().unwrap();
        clearConfigValues();
        showMessage('success', t('system.config.cacheRefreshed'));
      },
    },
  ];

  return (
    <ListPage<Config, ConfigQuery>
      inProject={false} rowKey="configId" rowName={(config) => config.configName} useList={useGetConfigsQuery}
      columns={useConfigColumns()} searchFields={useConfigSearchFields()} toolbarExtra={toolbarExtra}
      editor={{ dialog: ConfigFormDialog, add: 'system:config:add', edit: 'system:config:edit' }}
      remove={{
        permission: 'system:config:remove',
        question: (config) => t('system.config.deleteConfirm', { name: config.configName }),
        run: async (configs) => {
          await deleteConfigs(configs.map((config) => config.configId)).unwrap();
          clearConfigValues();
        },
      }}
      exportList={{ permission: 'system:config:export', url: '/system/config/export', filename: () => `config_${Date.now()}.xlsx` }}
    />
  );
}
