import { addModuleTexts } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The alarm screens' texts (and the live alarm notification's), loaded with them. */
addModuleTexts({ 'zh-CN': zhCN, en });

declare module '../../../i18n' {
  interface ModuleTranslations {
    alarm: (typeof zhCN)['alarm'];
  }
}
