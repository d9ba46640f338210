import { useState } from 'react';
import { KeyOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListPage, type RowAction, type ToolbarAction } from '../../../components/listPage';
import type { RoutePageProps } from '../../../routes/pageProps';
import { GATEWAY_DETAIL_COMPONENT, subPagePath } from '../../../routes/subPages';
import { useDeleteGatewaysMutation, useGetGatewaysQuery, useIssueGatewayCredentialMutation } from '../api';
import { isOneBrand } from '../rules';
import type { Gateway, GatewayQuery } from '../types';
import { useGatewayColumns, useGatewaySearchFields } from './columns';
import { ShowCredentialContext, type IssuedCredential } from './credential';
import CredentialDialog from './CredentialDialog';
import GatewayFormDialog from './GatewayFormDialog';
import ParamsDialog from './ParamsDialog';
import '../i18n';

/**
 * Gateways (`lighting/gateway/index`): search, page, add, edit, delete, issue a new credential
 * (shown once, as after an add), set the heartbeat and telemetry intervals of the chosen
 * gateways (of one brand); a row opens its detail.
 */
export default function GatewayPage({ route }: RoutePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [deleteGateways] = useDeleteGatewaysMutation();
  const [issueCredential] = useIssueGatewayCredentialMutation();
  const [issued, setIssued] = useState<IssuedCredential | undefined>();
  const [paramsFor, setParamsFor] = useState<readonly Gateway[] | undefined>();
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
  const toolbar: ToolbarAction<Gateway>[] = [
    {
      key: 'params',
      label: t('lighting.gateway.params.action'),
      permission: 'lighting:gateway:params',
      icon: <SettingOutlined aria-hidden />,
      selection: true,
      run: (gateways) => {
        // refused before the dialog, as the server would; thrown, the message shows and the selection stays
        if (!isOneBrand(gateways)) throw new Error(t('lighting.gateway.params.mixedBrands'));
        setParamsFor(gateways);
      },
    },
  ];

  return (
    <ShowCredentialContext.Provider value={setIssued}>
      <ListPage<Gateway, GatewayQuery>
        rowKey="gatewayId" rowName={(gateway) => gateway.gatewayName} useList={useGetGatewaysQuery} onRowClick={openDetail}
        columns={useGatewayColumns()} searchFields={useGatewaySearchFields()} rowActions={actions} toolbarExtra={toolbar}
        editor={{ dialog: GatewayFormDialog, add: 'lighting:gateway:add', edit: 'lighting:gateway:edit' }}
        remove={{
          permission: 'lighting:gateway:remove',
          question: (gateway) => t('lighting.gateway.deleteConfirm', { name: gateway.gatewayName }),
          run: (gateways) => deleteGateways(gateways.map((gateway) => gateway.gatewayId)).unwrap(),
        }}
      >
        {issued ? <CredentialDialog issued={issued} onClose={() => setIssued(undefined)} /> : null}
        {paramsFor ? <ParamsDialog gateways={paramsFor} onClose={() => setParamsFor(undefined)} /> : null}
      </ListPage>
    </ShowCredentialContext.Provider>
  );
}
