import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../components/listPage';
import { useDeleteInspectionTeamsMutation } from '../../api';
import type { InspectionNameQuery, InspectionTeam } from '../../types';
import { INSPECTION_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useProjectTeams } from '../useInspection';
import { useNameSearchFields } from '../shared';
import { useTeamColumns } from './columns';
import TeamFormDialog from './TeamFormDialog';
import '../../i18n';

/** The teams tab: search by name, add, edit, delete (refused by the server while a plan uses the team). */
export default function TeamsTab() {
  const { t } = useTranslation();
  const [deleteTeams] = useDeleteInspectionTeamsMutation();
  return (
    <ListPage<InspectionTeam, InspectionNameQuery>
      rowKey="teamId" rowName={(team) => team.teamName} useList={useProjectTeams}
      columns={useTeamColumns()} searchFields={useNameSearchFields(t('operation.inspection.team.keywordPlaceholder'))}
      editor={{ dialog: TeamFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (team) => t('operation.inspection.team.deleteConfirm', { name: team.teamName }),
        run: (teams) => deleteTeams(teams.map((team) => team.teamId)).unwrap(),
      }}
    />
  );
}
