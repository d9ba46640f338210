import { addModuleTexts } from '../../../i18n';
import en from './en.json';
import zhCN from './zh-CN.json';

/** The asset screen's texts, loaded with it. */
addModuleTexts({ 'zh-CN': zhCN, en });

declare module '../../../i18n' {
  interface ModuleTranslations {
    asset: (typeof zhCN)['asset'];
  }
}
