import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import { moduleKey, MODULES } from './dicts';
import '../i18n';

/** An operation's module (the server's tag of the route): named in the reader's language when known, else as sent. */
export default function ModuleName({ module }: { module: string }) {
  const { t, i18n } = useTranslation();
  return (MODULES as readonly string[]).includes(module) && i18n.exists(moduleKey(module)) ? <>{t(moduleKey(module))}</> : <AsEntered text={module} />;
}
