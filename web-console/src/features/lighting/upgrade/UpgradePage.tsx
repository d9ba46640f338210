import { useCallback, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { CloudUploadOutlined, EyeOutlined, PauseCircleOutlined, PlayCircleOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../app/feedback';
import { ListPage, type RowAction } from '../../../components/listPage';
import { useAccess } from '../../auth/useAccess';
import { anyRunning, mayCancel, mayPause, mayResume } from '../rules';
import type { Campaign, CampaignQuery, UpgradeGateway, UpgradeGatewayQuery } from '../types';
import { UPGRADE_PERMISSIONS, useCommandCampaignMutation, type CampaignCommand } from '../upgradeApi';
import CampaignFormDialog from './CampaignFormDialog';
import {
  useCampaignColumns,
  useCampaignName,
  useCampaignSearchFields,
  useUpgradeGatewayColumns,
  useUpgradeGatewaySearchFields,
} from './columns';
import { POLL_MS, PollingContext, useCampaignList, useUpgradeGatewayList, type Polling } from './polling';
import TargetsDrawer from './TargetsDrawer';
import '../i18n';

type Tab = 'gateways' | 'campaigns';

/**
 * Gateway upgrade (`lighting/gateway/upgrade`), in two tabs. Gateways: each one's type, brand,
 * firmware, upgrade state and progress; the chosen ones (or the whole project, or a device
 * group) are upgraded by a new campaign. Campaigns: their state and progress, paused, resumed
 * and cancelled (after a confirmation) by the holders of lighting:upgrade:edit, their gateways
 * in a drawer. Both lists (and the drawer) are read again every 2 seconds while a campaign
 * they show runs, and no more once none does.
 */
export default function UpgradePage() {
  const { t } = useTranslation();
  const access = useAccess();
  const nameOf = useCampaignName();
  const [tab, setTab] = useState<Tab>('gateways');
  const [campaigns, setCampaigns] = useState<readonly Campaign[]>([]);
  const [chosen, setChosen] = useState<UpgradeGateway[]>([]);
  const [creating, setCreating] = useState<readonly UpgradeGateway[] | undefined>();
  const [detailId, setDetailId] = useState<number | undefined>();
  const [detailRow, setDetailRow] = useState<Campaign | undefined>();
  const [command] = useCommandCampaignMutation();

  const running = anyRunning(campaigns);
  const report = useCallback((rows: readonly Campaign[]) => setCampaigns(rows), []);
  const polling = useMemo<Polling>(() => ({ interval: running ? POLL_MS : 0, report }), [running, report]);
  // the drawer's campaign as last read, for its state
  const detail = detailId === undefined ? undefined : (campaigns.find((campaign) => campaign.campaignId === detailId) ?? detailRow);

  const run = (campaign: Campaign, action: CampaignCommand, done: string) =>
    command({ campaignId: campaign.campaignId, command: action })
      .unwrap()
      .then(() => showMessage('success', done));

  const campaignActions: RowAction<Campaign>[] = [
    {
      key: 'pause',
      label: t('lighting.upgrade.pause'),
      permission: UPGRADE_PERMISSIONS.edit,
      icon: <PauseCircleOutlined aria-hidden />,
      ariaLabel: (campaign) => t('lighting.upgrade.pauseOf', { name: nameOf(campaign) }),
      when: (campaign) => mayPause(campaign.state),
      run: (campaign) => run(campaign, 'pause', t('lighting.upgrade.paused')),
    },
    {
      key: 'resume',
      label: t('lighting.upgrade.resume'),
      permission: UPGRADE_PERMISSIONS.edit,
      icon: <PlayCircleOutlined aria-hidden />,
      ariaLabel: (campaign) => t('lighting.upgrade.resumeOf', { name: nameOf(campaign) }),
      when: (campaign) => mayResume(campaign.state),
      run: (campaign) => run(campaign, 'resume', t('lighting.upgrade.resumed')),
    },
    {
      key: 'cancel',
      label: t('lighting.upgrade.cancel'),
      permission: UPGRADE_PERMISSIONS.edit,
      icon: <StopOutlined aria-hidden />,
      danger: true,
      ariaLabel: (campaign) => t('lighting.upgrade.cancelOf', { name: nameOf(campaign) }),
      when: (campaign) => mayCancel(campaign.state),
      confirm: (campaign) => t('lighting.upgrade.cancelConfirm', { name: nameOf(campaign) }),
      run: (campaign) => run(campaign, 'cancel', t('lighting.upgrade.cancelled')),
    },
    {
      key: 'details',
      label: t('lighting.upgrade.details'),
      permission: UPGRADE_PERMISSIONS.query,
      icon: <EyeOutlined aria-hidden />,
      ariaLabel: (campaign) => t('lighting.upgrade.detailsOf', { name: nameOf(campaign) }),
      run: (campaign) => {
        setDetailRow(campaign);
        setDetailId(campaign.campaignId);
      },
    },
  ];

  const gatewaysTab = (
    <ListPage<UpgradeGateway, UpgradeGatewayQuery>
      rowKey="gatewayId" rowName={(gateway) => gateway.gatewayName} useList={useUpgradeGatewayList}
      columns={useUpgradeGatewayColumns()} searchFields={useUpgradeGatewaySearchFields()}
      // the rows are chosen for an upgrade, by those who may start one
      onSelect={access.hasPermi([UPGRADE_PERMISSIONS.add]) ? setChosen : undefined}
      toolbarExtra={[
        {
          key: 'upgrade',
          label: t('lighting.upgrade.upgrade'),
          permission: UPGRADE_PERMISSIONS.add,
          icon: <CloudUploadOutlined aria-hidden />,
          run: () => setCreating(chosen),
        },
      ]}
    />
  );

  const campaignsTab = (
    <div data-testid="campaign-table">
      <ListPage<Campaign, CampaignQuery>
        rowKey="campaignId" rowName={nameOf} useList={useCampaignList}
        columns={useCampaignColumns()} searchFields={useCampaignSearchFields()} rowActions={campaignActions}
      />
    </div>
  );

  return (
    <PollingContext.Provider value={polling}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          // both kept rendered: the campaigns say whether the gateways are read again
          { key: 'gateways', label: t('lighting.upgrade.tabs.gateways'), children: gatewaysTab, forceRender: true },
          { key: 'campaigns', label: t('lighting.upgrade.tabs.campaigns'), children: campaignsTab, forceRender: true },
        ]}
      />
      {creating ? (
        <CampaignFormDialog gateways={creating} onCreated={() => setTab('campaigns')} onClose={() => setCreating(undefined)} />
      ) : null}
      {detail ? (
        <TargetsDrawer campaign={detail} onClose={() => setDetailId(undefined)} />
      ) : null}
    </PollingContext.Provider>
  );
}
