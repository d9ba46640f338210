import { useTranslation } from 'react-i18next';
import AsEntered from '../../../components/AsEntered';
import type { SearchField } from '../../../components/listPage';
import type { InspectionNameQuery } from '../types';
import '../i18n';

/** A time or date the server sent, or '-'. */
export const orNone = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? '-' : value);

/** A name or text as entered (left out of the language walk), or '-'. */
export const entered = (value: string | null | undefined, clip = false) => (value ? <AsEntered text={value} clip={clip} /> : '-');

/** The search form of the team and route lists: the name contains a keyword. */
export function useNameSearchFields(placeholder: string): SearchField<InspectionNameQuery>[] {
  const { t } = useTranslation();
  return [{ kind: 'text', name: 'keyword', label: t('operation.inspection.keyword'), placeholder }];
}
