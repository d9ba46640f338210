import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../../components/listPage';
import type { InspectionRoute } from '../../types';
import { entered, orNone } from '../shared';
import { pointsSummary } from './formValues';
import '../../i18n';

/** The route list's columns: name, the points' count and names in order, remark, creation. */
export function useRouteColumns(): ListColumn<InspectionRoute>[] {
  const { t } = useTranslation();
  return [
    { key: 'routeName', title: t('operation.inspection.route.name'), render: (name: string) => entered(name) },
    { key: 'pointCount', title: t('operation.inspection.route.pointCount'), render: (count: number | undefined, route) => count ?? (route.points ?? []).length },
    { key: 'points', title: t('operation.inspection.route.points'), render: (points: InspectionRoute['points'] | undefined) => entered(pointsSummary(points ?? []), true) },
    { key: 'remark', title: t('operation.inspection.remark'), render: (remark: string) => entered(remark, true) },
    { key: 'createTime', title: t('operation.inspection.createTime'), render: orNone },
  ];
}
