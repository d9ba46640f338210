import type { Config, ConfigChange } from '../types';

/** The parameter form's fields; public is a switch. */
export interface ConfigFormValues {
  configName: string;
  configKey: string;
  configValue?: string;
  configType: string;
  isPublic: boolean;
  remark?: string;
}

/** A new parameter: not built in, not public. */
export const NEW_CONFIG: Partial<ConfigFormValues> = { configType: 'N', isPublic: false };

export function toValues({ configName, configKey, configValue, configType, isPublic, remark }: Config): ConfigFormValues {
  return { configName, configKey, configValue, configType: configType === 'Y' ? 'Y' : 'N', isPublic: isPublic === '1', remark };
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The form's values as the server takes them: name, key and remark trimmed, the value as written (spaces may matter). */
export function toChange(values: ConfigFormValues): ConfigChange {
  return {
    configName: text(values.configName),
    configKey: text(values.configKey),
    configValue: values.configValue ?? '',
    configType: values.configType,
    isPublic: values.isPublic ? '1' : '0',
    remark: text(values.remark),
  };
}
