import { Button, Flex } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { clearConfigValues } from '../../../app/configValues';
import { presentFailure } from '../../../api/presenter';
import { HasPermi } from '../../../components/Access';
import { ListPage } from '../../../components/listPage';
import { useDeleteConfigsMutation, useGetConfigsQuery, useRefreshConfigCacheMutation } from '../settingsApi';
import type { Config, ConfigQuery } from '../types';
import { useConfigColumns, useConfigSearchFields } from './columns';
import ConfigFormDialog from './ConfigFormDialog';
import '../i18n';

/**
 * Parameters (`system/config/index`): search by name, key, built in and creation time; add,
 * edit, delete (a built-in entry is refused by the server, whose message is shown), export,
 * and refresh every replica's cache.
 */
export default function ConfigPage() {
  const { t } = useTranslation();
  const [deleteConfigs] = useDeleteConfigsMutation();
  const [refreshCache, { isLoading: refreshing }] = useRefreshConfigCacheMutation();
  const refresh = async () => {
    try {
      await refreshCache().unwrap();
    } catch (error) {
      presentFailure(error);
      return;
    }
    clearConfigValues();
    showMessage('success', t('system.config.cacheRefreshed'));
  };

  return (
    <>
      <HasPermi value={['system:config:remove']}>
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Button danger icon={<SyncOutlined aria-hidden />} loading={refreshing} onClick={() => void refresh()}>
            {t('system.config.refreshCache')}
          </Button>
        </Flex>
      </HasPermi>
      <ListPage<Config, ConfigQuery>
        inProject={false} rowKey="configId" rowName={(config) => config.configName} useList={useGetConfigsQuery}
        columns={useConfigColumns()} searchFields={useConfigSearchFields()}
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
    </>
  );
}
