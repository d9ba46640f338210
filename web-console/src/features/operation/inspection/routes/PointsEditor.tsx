import { useId } from 'react';
import { Button, Empty, Flex, Select, Space, TreeSelect, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import AsEntered from '../../../../components/AsEntered';
import { useAppSelector } from '../../../../app/hooks';
import { selectProjectId } from '../../../auth/authSlice';
import { useAccess } from '../../../auth/useAccess';
import { useGetGatewaysQuery } from '../../../lighting/api';
import { useGetAddressTreeQuery } from '../../../project/addressApi';
import { moved, POINT_ADDRESS, POINT_DEVICE, ROUTE_POINTS_MAX } from '../../rules';
import type { InspectionRoutePoint } from '../../types';
import { ADDRESS_LIST_PERMISSION, GATEWAY_LIST_PERMISSION } from '../permissions';
import { PointTypeTag } from '../Tags';
import { addressName, addressOptions, gatewayLabel, isOnRoute } from './formValues';
import '../../i18n';

/** Gateways offered as devices: the first page the server gives at most. */
const GATEWAY_OPTIONS_SIZE = 500;

export interface PointsEditorProps {
  /** Set by Form.Item: the points in the order walked. */
  value?: InspectionRoutePoint[];
  onChange?: (points: InspectionRoutePoint[]) => void;
  /** Set by Form.Item: the list's id, which its label names. */
  id?: string;
}

/**
 * A route's points in the order walked: a device (a gateway of the project) or an address
 * (from the project's address tree) added at the end, each moved up or down or removed. A
 * point is on a route once: the pickers offer only the others.
 */
export default function PointsEditor({ value = [], onChange, id }: PointsEditorProps) {
  const { t } = useTranslation();
  const access = useAccess();
  const projectId = useAppSelector(selectProjectId) ?? '';
  const mayListGateways = access.hasPermi([GATEWAY_LIST_PERMISSION]);
  const mayListAddresses = access.hasPermi([ADDRESS_LIST_PERMISSION]);
  const gateways = useGetGatewaysQuery({ pageNum: 1, pageSize: GATEWAY_OPTIONS_SIZE }, { skip: !mayListGateways, refetchOnMountOrArgChange: true });
  const addresses = useGetAddressTreeQuery(projectId, { skip: !mayListAddresses || !projectId, refetchOnMountOrArgChange: true });
  const full = value.length >= ROUTE_POINTS_MAX;
  const ids = `routePoints${useId().replace(/:/g, '')}`;

  const deviceOptions = (gateways.data?.rows ?? [])
    .filter((gateway) => !isOnRoute(value, POINT_DEVICE, gateway.gatewayId))
    .map((gateway) => ({ value: gateway.gatewayId, label: gatewayLabel(gateway) }));
  const takenAddresses = new Set(value.filter((point) => point.pointType === POINT_ADDRESS).map((point) => point.refId));
  const tree = addresses.data ?? [];

  const change = (points: InspectionRoutePoint[]) => onChange?.(points);
  const addDevice = (gatewayId: number) => {
    const gateway = gateways.data?.rows.find((row) => row.gatewayId === gatewayId);
    if (!gateway || isOnRoute(value, POINT_DEVICE, gatewayId)) return;
    change([...value, { pointType: POINT_DEVICE, refId: gatewayId, pointName: gatewayLabel(gateway) }]);
  };
  const addAddress = (addressId: number) => {
    if (isOnRoute(value, POINT_ADDRESS, addressId)) return;
    change([...value, { pointType: POINT_ADDRESS, refId: addressId, pointName: addressName(tree, addressId) ?? String(addressId) }]);
  };

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        {mayListGateways ? (
          <Flex align="center" gap={8} style={{ flex: 1, minWidth: 240 }}>
            <label htmlFor={`${ids}-device`} style={{ whiteSpace: 'nowrap' }}>{t('operation.inspection.route.addDevice')}</label>
            <Select<number | null> id={`${ids}-device`} value={null} onChange={(gatewayId) => gatewayId !== null && addDevice(gatewayId)}
              showSearch optionFilterProp="label" options={deviceOptions} loading={gateways.isFetching} disabled={full}
              placeholder={t('operation.inspection.route.devicePlaceholder')} style={{ flex: 1, minWidth: 0 }} />
          </Flex>
        ) : null}
        {mayListAddresses ? (
          <Flex align="center" gap={8} style={{ flex: 1, minWidth: 240 }}>
            <label htmlFor={`${ids}-address`} style={{ whiteSpace: 'nowrap' }}>{t('operation.inspection.route.addAddress')}</label>
            <TreeSelect<number | null> id={`${ids}-address`} value={null} onChange={(addressId) => addressId !== null && addAddress(addressId)}
              treeData={addressOptions(tree, takenAddresses)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" loading={addresses.isFetching} disabled={full}
              placeholder={t('operation.inspection.route.addressPlaceholder')} style={{ flex: 1, minWidth: 0 }} />
          </Flex>
        ) : null}
      </Flex>
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('operation.inspection.route.noPoints')} style={{ margin: 0 }} />
      ) : (
        <ol id={id} aria-label={t('operation.inspection.route.points')} style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 320, overflowY: 'auto' }}>
          {value.map((point, index) => (
            <li key={`${point.pointType}-${point.refId}`} style={{ padding: '4px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Flex align="center" justify="space-between" gap={8}>
                <Space size={4}>
                  <Typography.Text type="secondary">{index + 1}.</Typography.Text>
                  <PointTypeTag pointType={point.pointType} />
                  <AsEntered text={point.pointName} />
                </Space>
                <Space size={0}>
                  <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden />} disabled={index === 0}
                    aria-label={t('operation.inspection.route.moveUpOf', { name: point.pointName })} onClick={() => change(moved(value, index, -1))} />
                  <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden />} disabled={index === value.length - 1}
                    aria-label={t('operation.inspection.route.moveDownOf', { name: point.pointName })} onClick={() => change(moved(value, index, 1))} />
                  <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('operation.inspection.route.removeOf', { name: point.pointName })} onClick={() => change(value.filter((_point, at) => at !== index))} />
                </Space>
              </Flex>
            </li>
          ))}
        </ol>
      )}
    </Flex>
  );
}
