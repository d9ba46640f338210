import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../components/listPage';
import { useDeleteInspectionRoutesMutation } from '../../api';
import type { InspectionNameQuery, InspectionRoute } from '../../types';
import { INSPECTION_PERMISSIONS as PERMISSIONS } from '../permissions';
import { useNameSearchFields } from '../shared';
import { useProjectRoutes } from '../useInspection';
import { useRouteColumns } from './columns';
import RouteFormDialog from './RouteFormDialog';
import '../../i18n';

/** The routes tab: search by name, add, edit, delete (refused by the server while a plan uses the route). */
export default function RoutesTab() {
  const { t } = useTranslation();
  const [deleteRoutes] = useDeleteInspectionRoutesMutation();
  return (
    <ListPage<InspectionRoute, InspectionNameQuery>
      rowKey="routeId" rowName={(route) => route.routeName} useList={useProjectRoutes}
      columns={useRouteColumns()} searchFields={useNameSearchFields(t('operation.inspection.route.keywordPlaceholder'))}
      editor={{ dialog: RouteFormDialog, add: PERMISSIONS.add, edit: PERMISSIONS.edit }}
      remove={{
        permission: PERMISSIONS.remove,
        question: (route) => t('operation.inspection.route.deleteConfirm', { name: route.routeName }),
        run: (routes) => deleteRoutes(routes.map((route) => route.routeId)).unwrap(),
      }}
    />
  );
}
