import { addModuleTexts } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The sign-in page's texts and the session's own, loaded with them. */
addModuleTexts({ 'zh-CN': zhCN, en });

declare module '../../../i18n' {
  interface ModuleTranslations {
    auth: (typeof zhCN)['auth'];
  }
}
