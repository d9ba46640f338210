import { useState } from 'react';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListPage, type RowAction } from '../../../components/listPage';
import type { RoutePageProps } from '../../../routes/pageProps';
import { GATEWAY_DETAIL_COMPONENT, subPagePath } from '../../../routes/subPages';
import { useDeleteGatewaysMutation, useGetGatewaysQuery, useIssueGatewayCredentialMutation } from '../api';
import type { Gateway, GatewayQuery } from '../types';
import { useGatewayColumns, useGatewaySearchFields } from './columns';
import { ShowCredentialContext, type IssuedCredential } from './credential';
import CredentialDialog from './CredentialDialog';
import GatewayFormDialog from './GatewayFormDialog';
import '../i18n';

/**
 * Gateways (`lighting/gateway/index`): search, page, add, edit, delete, issue a new credential
 * (shown once, as after an add); a row opens its detail.
 */
export default function GatewayPage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [deleteGateways] = useDeleteGatewaysMutation();
  const [issueCredential] = useIssueGatewayCredentialMutation();
  const [issued, setIssued] = useState<IssuedCredential | undefined>();
  const openDetail = (gateway: Gateway) =>
    void navigate(subPagePath(route?.path ?? pathname, GATEWAY_DETAIL_COMPONENT, { gatewayId: gateway.gatewayId }));
  const actions: RowAction<Gateway>[] = [
    {
      key: 'credential',
      label: t('lighting.gateway.credential.issue'),
      permission: 'lighting:gateway:edit',
      icon: <KeyOutlined aria-hidden />,
      ariaLabel: (gateway) => t('lighting.gateway.credential.issueOf', { name: gateway.gatewayName }),
      confirm: (gateway) => t('lighting.gateway.credential.issueConfirm', { name: gateway.gatewayName }),
      run: async (gateway) => {
        const credential = await issueCredential(gateway.gatewayId).unwrap();
        setIssued({ gatewayNumber: gateway.gatewayNumber, credential });
      },
    },
  ];

  return (
    <ShowCredentialContext.Provider value={setIssued}>
      <ListPage<Gateway, GatewayQuery>
        rowKey="gatewayId" rowName={(gateway) => gateway.gatewayName} useList={useGetGatewaysQuery} onRowClick={openDetail}
        columns={useGatewayColumns()} searchFields={useGatewaySearchFields()} rowActions={actions}
        editor={{ dialog: GatewayFormDialog, add: 'lighting:gateway:add', edit: 'lighting:gateway:edit' }}
        remove={{
          permission: 'lighting:gateway:remove',
          question: (gateway) => t('lighting.gateway.deleteConfirm', { name: gateway.gatewayName }),
          run: (gateways) => deleteGateways(gateways.map((gateway) => gateway.gatewayId)).unwrap(),
        }}
      >
        {issued ? <CredentialDialog issued={issued} onClose={() => setIssued(undefined)} /> : null}
      </ListPage>
    </ShowCredentialContext.Provider>
  );
}
