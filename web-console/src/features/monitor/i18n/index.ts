import { addModuleTexts } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The monitoring screens' texts (scheduled jobs and their log, the login and operation logs), loaded with them. */
addModuleTexts({ 'zh-CN': zhCN, en });

declare module '../../../i18n' {
  interface ModuleTranslations {
    monitor: (typeof zhCN)['monitor'];
  }
}
