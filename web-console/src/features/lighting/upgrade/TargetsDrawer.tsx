import { useMemo } from 'react';
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/listPage';
import { mayPause } from '../rules';
import type { Campaign, CampaignTarget, CampaignTargetQuery } from '../types';
import { useCampaignName, useTargetColumns, useTargetSearchFields } from './columns';
import { POLL_MS, PollingContext, useTargetList, type Polling } from './polling';
import '../i18n';

/**
 * A campaign's gateways (GET /lighting/upgrade/{campaignId}/targets), filtered by upgrade
 * state: each one's state, progress, phase, attempts and error; read again every 2 seconds
 * while the campaign runs (`campaign` is its row as last read).
 */
export default function TargetsDrawer({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t } = useTranslation();
  const nameOf = useCampaignName();
  const running = mayPause(campaign.state);
  const polling = useMemo<Polling>(() => ({ interval: running ? POLL_MS : 0, report: () => undefined }), [running]);
  return (
    <Drawer open title={t('lighting.upgrade.detailsTitle', { name: nameOf(campaign) })} width={1100} onClose={onClose}>
      <PollingContext.Provider value={polling}>
        <ListPage<CampaignTarget, CampaignTargetQuery>
          rowKey="gatewayId" rowName={(target) => target.gatewayName} useList={useTargetList}
          columns={useTargetColumns()} searchFields={useTargetSearchFields()} filters={{ campaignId: campaign.campaignId }}
        />
      </PollingContext.Provider>
    </Drawer>
  );
}
