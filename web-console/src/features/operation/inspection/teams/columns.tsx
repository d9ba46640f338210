import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../../components/listPage';
import type { InspectionTeam } from '../../types';
import { entered, orNone } from '../shared';
import { memberNamesOf } from './formValues';
import '../../i18n';

/** The team list's columns: name, members by name, their count, remark, creation. */
export function useTeamColumns(): ListColumn<InspectionTeam>[] {
  const { t } = useTranslation();
  return [
    { key: 'teamName', title: t('operation.inspection.team.name'), render: (name: string) => entered(name) },
    { key: 'memberNames', title: t('operation.inspection.team.members'), render: (_names: string, team) => entered(memberNamesOf(team), true) },
    { key: 'memberCount', title: t('operation.inspection.team.memberCount'), render: (_count: unknown, team) => (team.members ?? []).length },
    { key: 'remark', title: t('operation.inspection.remark'), render: (remark: string) => entered(remark, true) },
    { key: 'createTime', title: t('operation.inspection.createTime'), render: orNone },
  ];
}
