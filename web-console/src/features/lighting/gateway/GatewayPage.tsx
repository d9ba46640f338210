import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListPage } from '../../../components/listPage';
import type { RoutePageProps } from '../../../routes/pageProps';
import { GATEWAY_DETAIL_COMPONENT, subPagePath } from '../../../routes/subPages';
import { useDeleteGatewaysMutation, useGetGatewaysQuery } from '../api';
import type { Gateway, GatewayQuery } from '../types';
import { useGatewayColumns, useGatewaySearchFields } from './columns';
import GatewayFormDialog from './GatewayFormDialog';
import '../i18n';

/** Gateways (`lighting/gateway/index`): search, page, add, edit, delete; a row opens its detail. */
export default function GatewayPage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [deleteGateways] = useDeleteGatewaysMutation();
  const openDetail = (gateway: Gateway) =>
    void navigate(subPagePath(route?.path ?? pathname, GATEWAY_DETAIL_COMPONENT, { gatewayId: gateway.gatewayId }));

  return (
    <ListPage<Gateway, GatewayQuery>
      rowKey="gatewayId" rowName={(gateway) => gateway.gatewayName} useList={useGetGatewaysQuery} onRowClick={openDetail}
      columns={useGatewayColumns()} searchFields={useGatewaySearchFields()}
      editor={{ dialog: GatewayFormDialog, add: 'lighting:gateway:add', edit: 'lighting:gateway:edit' }}
      remove={{
        permission: 'lighting:gateway:remove',
        question: (gateway) => t('lighting.gateway.deleteConfirm', { name: gateway.gatewayName }),
        run: (gateways) => deleteGateways(gateways.map((gateway) => gateway.gatewayId)).unwrap(),
      }}
    />
  );
}
