import { useState } from 'react';
import { AimOutlined } from '@ant-design/icons';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useDeleteAreasMutation, useGetAreasQuery } from '../areaApi';
import type { AreaQuery, PlanArea } from '../types';
import AreaFormDialog from './AreaFormDialog';
import { useAreaColumns, useAreaSearchFields } from './columns';
import PlaceDevicesDialog from './PlaceDevicesDialog';
import PlanCanvas from './PlanCanvas';
import { usePlan } from './usePlan';
import '../i18n';

/**
 * Areas and buildings (`project/area/index`) of the selected project: its plan picture with
 * every area and placed device on it, and the list of areas (search, page, add and edit with
 * the outline drawn on the plan, delete, place devices).
 */
export default function AreaPage() {
  const { t } = useTranslation();
  const [deleteAreas] = useDeleteAreasMutation();
  const [placing, setPlacing] = useState<PlanArea>();
  const { picture, areas, loaded } = usePlan();
  const actions: RowAction<PlanArea>[] = [
    {
      key: 'place',
      label: t('project.area.place'),
      permission: 'project:area:edit',
      icon: <AimOutlined aria-hidden />,
      ariaLabel: (area) => t('project.area.placeOf', { name: area.areaName }),
      run: (area) => setPlacing(area),
    },
  ];
  return (
    <>
      <Card size="small" title={t('project.area.plan')} style={{ marginBottom: 12 }}>
        {picture ? (
          <div style={{ maxWidth: 900 }}>
            <PlanCanvas
              picture={picture}
              label={t('project.area.plan')}
              shapes={areas.map((a) => ({ key: a.areaId, name: a.areaName, points: a.points, colour: a.colour }))}
              markers={areas.flatMap((a) => a.devices.map((d) => ({
                key: `${d.deviceType}-${d.deviceId}`,
                label: t('project.area.deviceIn', { id: d.deviceId, area: a.areaName }),
                at: d,
              })))}
            />
          </div>
        ) : (
          loaded && <Alert type="info" showIcon message={t('project.area.noPlan')} />
        )}
      </Card>
      <ListPage<PlanArea, AreaQuery>
        rowKey="areaId" rowName={(area) => area.areaName} useList={useGetAreasQuery}
        columns={useAreaColumns()} searchFields={useAreaSearchFields()} rowActions={actions}
        editor={{ dialog: AreaFormDialog, add: 'project:area:add', edit: 'project:area:edit' }}
        remove={{
          permission: 'project:area:remove',
          question: (area) => t('project.area.deleteConfirm', { name: area.areaName }),
          run: (rows) => deleteAreas(rows.map((area) => area.areaId)).unwrap(),
        }}
      />
      {placing && <PlaceDevicesDialog area={placing} onClose={() => setPlacing(undefined)} />}
    </>
  );
}
