import { useTranslation } from 'react-i18next';
import type { SearchField } from '../../../components/listPage';
import type { InspectionNameQuery } from '../types';
import '../i18n';

export { entered, orNone } from '../shared/cells';

/** The search form of the team and route lists: the name contains a keyword. */
export function useNameSearchFields(placeholder: string): SearchField<InspectionNameQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'keyword', label: t('operation.inspection.keyword'), placeholder }];
}
