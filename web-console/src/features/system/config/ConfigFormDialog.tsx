import { Input, Radio, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearConfigValues } from '../../../app/configValues';
import { FormDialog, FormField } from '../../../components/formDialog';
import type { EditorDialogProps } from '../../../components/listPage';
import { useAddConfigMutation, useUpdateConfigMutation } from '../settingsApi';
import { CONFIG_NAME_MAX, CONFIG_VALUE_MAX, configRules, REMARK_MAX, SETTINGS_KEY_MAX } from '../rules';
import { useYesNo } from '../shared/yesNo';
import type { Config } from '../types';
import { NEW_CONFIG, toChange, toValues, type ConfigFormValues } from './formValues';
import '../i18n';

/**
 * Adds or edits a parameter: name, key (fixed for a built-in entry: the server refuses a
 * change), value (kept as written), built in, public (readable without signing in), remark.
 * Once saved, the console reads its own parameter values again (page title, menu mode).
 */
export default function ConfigFormDialog({ row: config, onClose }: EditorDialogProps<Config>) {
  const { t } = useTranslation();
  const rules = configRules(t);
  const yesNo = useYesNo();
  const [addConfig] = useAddConfigMutation();
  const [updateConfig] = useUpdateConfigMutation();
  const keyFixed = config?.configType === 'Y';

  const save = async (values: ConfigFormValues) => {
    const change = toChange(values);
    if (config) await updateConfig({ ...change, configKey: keyFixed ? config.configKey : change.configKey, configId: config.configId }).unwrap();
    else await addConfig(change).unwrap();
    clearConfigValues();
  };

  return (
    <FormDialog<ConfigFormValues> name="config" editing={config !== undefined} onSave={save} onClose={onClose}
      title={config ? t('system.config.editTitle') : t('system.config.addTitle')} initialValues={config ? toValues(config) : NEW_CONFIG}>
      <Row gutter={16}>
        <FormField label={t('system.config.name')} name="configName" rules={rules.configName} required>
          <Input maxLength={CONFIG_NAME_MAX} />
        </FormField>
        <FormField label={t('system.config.key')} name="configKey" rules={keyFixed ? [] : rules.configKey} required={!keyFixed}
          extra={keyFixed ? t('system.config.builtinHint') : undefined}>
          <Input maxLength={SETTINGS_KEY_MAX} readOnly={keyFixed} autoComplete="off" />
        </FormField>
        <FormField label={t('system.config.value')} name="configValue" rules={rules.configValue}>
          <Input.TextArea maxLength={CONFIG_VALUE_MAX} rows={3} />
        </FormField>
        <FormField span={12} label={t('system.config.type')} name="configType">
          <Radio.Group options={yesNo} />
        </FormField>
        <FormField span={12} label={t('system.config.isPublic')} name="isPublic" valuePropName="checked" tooltip={t('system.config.publicHint')}>
          <Switch />
        </FormField>
        <FormField label={t('system.config.remark')} name="remark" rules={rules.remark}>
          <Input.TextArea maxLength={REMARK_MAX} rows={3} />
        </FormField>
      </Row>
    </FormDialog>
  );
}
