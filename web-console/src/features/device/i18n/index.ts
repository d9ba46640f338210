import { addModuleTexts } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The device screens' texts (the map, equipment categories and types, devices and groups, lighting charts, the command log, the communication records), loaded with them. */
addModuleTexts({ 'zh-CN': zhCN, en });

declare module '../../../i18n' {
  interface ModuleTranslations {
    device: (typeof zhCN)['device'];
  }
}
